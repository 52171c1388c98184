package store_test

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"turncoat/internal/testenv"
	"turncoat/store"
)

// TestMailSettings keeps a user's language, unsubscribed kinds and unsubscribe token, beside
// the address, on both databases.
func TestMailSettings(t *testing.T) {
	kinds := map[string]func(t *testing.T) (string, store.Options){
		"sqlite": func(t *testing.T) (string, store.Options) { return filepath.Join(t.TempDir(), "m.db"), store.Options{} },
		"postgres": func(t *testing.T) (string, store.Options) {
			dsn, name := testenv.Postgres(t)
			return dsn, store.Options{Channel: name}
		},
	}
	for name, open := range kinds {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			dsn, opts := open(t)
			st, err := store.Open(ctx, dsn, opts)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			u, err := st.CreateUser(ctx, "ann", "", false, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			m, err := st.MailSettings(ctx, u.ID)
			if err != nil || m.Email != "" || m.Lang != "" || len(m.Off) != 0 || len(m.Token) < 16 {
				t.Fatalf("a new user's settings: %+v %v", m, err)
			}
			token := m.Token
			if err := st.SetEmail(ctx, u.ID, "ann@example.org"); err != nil {
				t.Fatal(err)
			}
			if err := st.SetMailLang(ctx, u.ID, "pt"); err != nil {
				t.Fatal(err)
			}
			for _, k := range []string{"your_move", "game_over", "your_move"} {
				if err := st.SetMailOff(ctx, u.ID, k, true); err != nil {
					t.Fatal(err)
				}
			}
			if err := st.SetMailOff(ctx, u.ID, "game_over", false); err != nil {
				t.Fatal(err)
			}
			m, err = st.MailSettings(ctx, u.ID)
			if err != nil || m.Email != "ann@example.org" || m.Lang != "pt" || !slices.Equal(m.Off, []string{"your_move"}) || m.Token != token {
				t.Fatalf("settings: %+v %v (token %s)", m, err, token)
			}
		})
	}
}
