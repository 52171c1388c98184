package loadtest_test

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"turncoat/app"
	"turncoat/games"
	"turncoat/server/loadtest"
	"turncoat/store"
)

// TestRunWithPictures runs a small load with board pictures asked for alongside: moves and
// pictures are counted, none fails.
func TestRunWithPictures(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "l.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := app.New(ctx, app.Config{Store: st, Registry: games.Registry(), Log: slog.New(slog.DiscardHandler),
		LoginRate: -1, GuestRate: -1, MoveRate: -1, CreateRate: -1, SocketsPerAddress: -1, SocketsPerUser: -1, GamesPerSocket: -1, PicturesWaiting: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	res, err := loadtest.Run(ctx, loadtest.Config{URL: ts.URL, Games: 6, Rate: 40, Duration: 2 * time.Second, Seed: 3, ImageRate: 20})
	if err != nil {
		t.Fatal(err)
	}
	if res.Moves == 0 || res.Errors != 0 || res.Images < 10 || res.ImageErrors != 0 || !strings.Contains(res.Line(), " images=") {
		t.Fatalf("%s (first error %q)", res.Line(), res.FirstError)
	}
}
