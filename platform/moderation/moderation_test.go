package moderation

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/platform/clock"
)

// fakeStore keeps what these tests use in memory; the other methods of the port are not called
// (the embedded nil interface would panic).
type fakeStore struct {
	Store
	users     map[string]domain.User
	mods      map[int64]bool
	bans      map[int64]domain.ChatBan
	words     []string
	log       []domain.ModAction
	failWrite error
}

func newFake() *fakeStore {
	return &fakeStore{users: map[string]domain.User{"mo": {ID: 1, Name: "Mo"}, "bob": {ID: 2, Name: "Bob"}},
		mods: map[int64]bool{1: true}, bans: map[int64]domain.ChatBan{}}
}

func (f *fakeStore) UserByName(_ context.Context, name string) (domain.User, string, error) {
	u, ok := f.users[domain.NameKey(name)]
	if !ok {
		return u, "", domain.ErrNotFound
	}
	return u, "", nil
}
func (f *fakeStore) IsModerator(_ context.Context, id int64) (bool, error) { return f.mods[id], nil }
func (f *fakeStore) ChatBanOf(_ context.Context, id int64) (domain.ChatBan, error) {
	return f.bans[id], nil
}
func (f *fakeStore) ChatWords(context.Context) ([]string, error) { return f.words, nil }
func (f *fakeStore) AddModAction(_ context.Context, a domain.ModAction) error {
	if f.failWrite != nil {
		return f.failWrite
	}
	f.log = append(f.log, a)
	return nil
}
func (f *fakeStore) SetChatBan(_ context.Context, b domain.ChatBan, a domain.ModAction) error {
	if f.failWrite != nil {
		return f.failWrite
	}
	f.bans[b.UserID] = b
	f.log = append(f.log, a)
	return nil
}

// fakeAccounts records the suspensions.
type fakeAccounts struct {
	suspended map[int64]string
	fail      error
}

func (a *fakeAccounts) Suspend(_ context.Context, id int64, reason string) error {
	if a.fail != nil {
		return a.fail
	}
	a.suspended[id] = reason
	return nil
}

func (a *fakeAccounts) Reinstate(_ context.Context, id int64) error {
	delete(a.suspended, id)
	return nil
}

func TestFiltered(t *testing.T) {
	words := []string{"darn", "heck"}
	for text, want := range map[string]string{
		"oh DARN it":        "DARN",
		"darn.":             "darn",
		"what the Heck?!":   "Heck",
		"darned good":       "",
		"undarn":            "",
		"d-a-r-n":           "",
		"(darn)":            "darn",
		"nothing to see":    "",
		"héck is not heck?": "heck",
	} {
		if got := Filtered(text, words); got != want {
			t.Errorf("Filtered(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestCleanWord(t *testing.T) {
	if w, err := cleanWord("  DaRn "); err != nil || w != "darn" {
		t.Errorf("cleanWord: %q %v", w, err)
	}
	for _, bad := range []string{"", "two words", "a-b", strings.Repeat("x", maxWord+1)} {
		if _, err := cleanWord(bad); domain.ErrorCode(err) != domain.BadRequest {
			t.Errorf("cleanWord(%q): %v", bad, err)
		}
	}
}

// TestCheckChat: a user muted by a moderator is refused with the mute's end until it ends; the
// filter's words are refused.
func TestCheckChat(t *testing.T) {
	st := newFake()
	clk := clock.NewManual(time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC))
	s := New(Config{Store: st, Clock: clk})
	bob := &domain.User{ID: 2, Name: "Bob"}
	st.bans[2] = domain.ChatBan{UserID: 2, Until: clk.Now().Add(time.Hour)}
	err := s.CheckChat(context.Background(), bob, "hi")
	if domain.ErrorCode(err) != domain.Forbidden || !strings.Contains(err.Error(), "2030-01-01T13:00:00Z") {
		t.Errorf("muted: %v", err)
	}
	clk.Advance(time.Hour)
	if err := s.CheckChat(context.Background(), bob, "hi"); err != nil {
		t.Errorf("after the mute's end: %v", err)
	}
	st.words = []string{"darn"}
	if err := s.CheckChat(context.Background(), bob, "Darn!"); domain.ErrorCode(err) != domain.BadRequest {
		t.Errorf("a filtered word: %v", err)
	}
}

// TestActClose: closing an account suspends it through the accounts port, with the reason, and
// logs it; a refusal of the accounts service logs nothing; a non-moderator is refused.
func TestActClose(t *testing.T) {
	st := newFake()
	acc := &fakeAccounts{suspended: map[int64]string{}}
	s := New(Config{Store: st, Accounts: acc, Clock: clock.NewManual(time.Now())})
	ctx := context.Background()
	mo, bob := &domain.User{ID: 1, Name: "Mo"}, &domain.User{ID: 2, Name: "Bob"}
	if _, err := s.Act(ctx, bob, api.ModAction{Action: "close", User: "Mo", Reason: "x"}); domain.ErrorCode(err) != domain.Forbidden {
		t.Errorf("a player closes an account: %v", err)
	}
	acc.fail = domain.Errorf(domain.Unavailable, "down")
	if _, err := s.Act(ctx, mo, api.ModAction{Action: "close", User: "Bob", Reason: "spam"}); err == nil || len(st.log) != 0 {
		t.Errorf("a refused suspension: %v, log %v", err, st.log)
	}
	acc.fail = nil
	e, err := s.Act(ctx, mo, api.ModAction{Action: "close", User: "bob", Reason: "spam"})
	if err != nil || acc.suspended[2] != "spam" || len(st.log) != 1 || e.User != "Bob" || e.Moderator != "Mo" {
		t.Fatalf("close: %v %+v %v %v", err, e, acc.suspended, st.log)
	}
	if _, err := s.Act(ctx, mo, api.ModAction{Action: "reinstate", User: "Bob"}); err != nil || len(acc.suspended) != 0 {
		t.Errorf("reinstate: %v %v", err, acc.suspended)
	}
}

// TestActMute: a mute lasts its minutes, within bounds; a failing store is the error.
func TestActMute(t *testing.T) {
	st := newFake()
	clk := clock.NewManual(time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC))
	s := New(Config{Store: st, Clock: clk})
	ctx := context.Background()
	mo := &domain.User{ID: 1, Name: "Mo"}
	for _, m := range []int{0, -5, MaxMuteMinutes + 1} {
		if _, err := s.Act(ctx, mo, api.ModAction{Action: "mute", User: "Bob", Reason: "x", Minutes: m}); domain.ErrorCode(err) != domain.BadRequest {
			t.Errorf("a mute of %d minutes: %v", m, err)
		}
	}
	if len(st.bans) != 0 {
		t.Fatalf("refused mutes stored: %v", st.bans)
	}
	e, err := s.Act(ctx, mo, api.ModAction{Action: "mute", User: "Bob", Reason: "insults", Minutes: 90})
	if err != nil || e.Until == nil || !e.Until.Equal(clk.Now().Add(90*time.Minute)) || !st.bans[2].Until.Equal(*e.Until) {
		t.Errorf("mute: %v %+v %v", err, e, st.bans)
	}
	st.failWrite = errors.New("disk full")
	if _, err := s.Act(ctx, mo, api.ModAction{Action: "unmute", User: "Bob"}); err == nil {
		t.Error("a failing store: no error")
	}
}
