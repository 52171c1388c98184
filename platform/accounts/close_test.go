package accounts

import (
	"context"
	"slices"
	"testing"

	"turncoat/api"
	"turncoat/domain"
)

// fakeGames records the game service's part in closing and suspending.
type fakeGames struct {
	abandoned []int64
	renamed   map[int64]string
}

func (f *fakeGames) AbandonGamesOf(ctx context.Context, userID int64) (int, error) {
	f.abandoned = append(f.abandoned, userID)
	return 1, nil
}

func (f *fakeGames) PlayerRenamed(ctx context.Context, userID int64, name string) {
	if f.renamed == nil {
		f.renamed = map[int64]string{}
	}
	f.renamed[userID] = name
}

// TestSuspendAndReinstate: a suspended account's session and token end and are told, nothing
// identifies nor logs in as it ("this account is suspended"), its games are abandoned and its
// name stays; reinstated, it logs in again. An unknown user is NotFound.
func TestSuspendAndReinstate(t *testing.T) {
	s, _, _ := newService()
	ctx := t.Context()
	games := &fakeGames{}
	var ended []string
	s.Attach(Attachments{Games: games, Ended: func(h []string) { ended = append(ended, h...) }})
	creds := api.Credentials{Name: "Mallory", Password: "correct horse battery"}
	u, session, err := s.SignUp(ctx, nil, creds)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.NewToken(ctx, &u, "bot", 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Suspend(ctx, u.ID, "  spam  "); err != nil {
		t.Fatal(err)
	}
	want := []string{domain.HashToken(session), domain.HashToken(tok.Token)}
	slices.Sort(want)
	slices.Sort(ended)
	if !slices.Equal(ended, want) {
		t.Errorf("ended %v, want %v", ended, want)
	}
	if !slices.Equal(games.abandoned, []int64{u.ID}) {
		t.Errorf("games abandoned for %v", games.abandoned)
	}
	if _, _, err := s.Identify(ctx, session, ""); domain.ErrorCode(err) != domain.Unauthorized {
		t.Errorf("the ended session: %v", err)
	}
	if _, _, err := s.LogIn(ctx, creds); domain.ErrorCode(err) != domain.AccountSuspended {
		t.Errorf("log-in while suspended: %v", err)
	}
	if err := s.Suspend(ctx, 999, "x"); domain.ErrorCode(err) != domain.NotFound {
		t.Errorf("an unknown user: %v", err)
	}
	if err := s.Reinstate(ctx, u.ID); err != nil {
		t.Fatal(err)
	}
	u2, _, err := s.LogIn(ctx, creds)
	if err != nil || u2.Name != "Mallory" || u2.Suspended {
		t.Errorf("log-in reinstated: %+v %v", u2, err)
	}
	if len(games.renamed) != 0 {
		t.Errorf("a suspension renamed %v", games.renamed)
	}
}

// TestClose: closing asks the password (a wrong one changes nothing), abandons the games, renames
// the user closed-xxxxxx in the store and in the games in memory, and holds the old name.
func TestClose(t *testing.T) {
	s, st, _ := newService()
	ctx := t.Context()
	games := &fakeGames{}
	s.Attach(Attachments{Games: games})
	creds := api.Credentials{Name: "Zoe", Password: "correct horse battery"}
	u, _, err := s.SignUp(ctx, nil, creds)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(ctx, &u, "wrong password!"); domain.ErrorCode(err) != domain.BadLogin || len(games.abandoned) != 0 {
		t.Fatalf("a wrong password: %v %v", err, games.abandoned)
	}
	if err := s.Close(ctx, &u, creds.Password); err != nil {
		t.Fatal(err)
	}
	got, err := st.UserByID(ctx, u.ID)
	if err != nil || !got.Closed || got.Name != games.renamed[u.ID] || len(got.Name) != len("closed-123456") {
		t.Errorf("closed: %+v %v (renamed %v)", got, err, games.renamed)
	}
	if _, _, err := s.SignUp(ctx, nil, creds); domain.ErrorCode(err) != domain.NameTaken {
		t.Errorf("the held name: %v", err)
	}
	if _, _, err := s.LogIn(ctx, creds); domain.ErrorCode(err) != domain.BadLogin {
		t.Errorf("log-in after closing: %v", err)
	}
}
