package notify_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"turncoat/domain"
	"turncoat/platform/clock"
	"turncoat/platform/jobs"
	"turncoat/platform/notify"
)

// fakeStore keeps notifications and mail settings in memory, with the store's semantics for
// what Notify relies on: a key a user has already is stored again as nothing, and the jobs
// that follow a notice are kept only with the notices stored.
type fakeStore struct {
	notify.Store // the methods these tests do not reach panic
	notes        []domain.Notification
	jobs         []domain.Job
	emails       map[int64]string
	settings     map[int64]domain.MailSettings
	fail         error
}

func (f *fakeStore) AddNotifications(_ context.Context, notes []domain.Notification, now time.Time,
	then func(domain.Notification) []domain.Job) ([]domain.Notification, error) {
	if f.fail != nil {
		return nil, f.fail
	}
	var out []domain.Notification
	for _, n := range notes {
		if n.Key != "" && slices.ContainsFunc(f.notes, func(o domain.Notification) bool { return o.UserID == n.UserID && o.Key == n.Key }) {
			continue
		}
		n.ID, n.Created = int64(len(f.notes)+1), now
		f.notes = append(f.notes, n)
		if then != nil {
			f.jobs = append(f.jobs, then(n)...)
		}
		out = append(out, n)
	}
	return out, nil
}

func (f *fakeStore) Email(_ context.Context, id int64) (string, error) { return f.emails[id], nil }

func (f *fakeStore) MailSettings(_ context.Context, id int64) (domain.MailSettings, error) {
	s := f.settings[id]
	s.Email = f.emails[id]
	return s, nil
}

func (f *fakeStore) UserByID(_ context.Context, id int64) (domain.User, error) {
	return domain.User{ID: id, Name: "user" + string(rune('0'+id))}, nil
}

func (f *fakeStore) NotificationByID(_ context.Context, id int64) (domain.Notification, error) {
	if id < 1 || int(id) > len(f.notes) {
		return domain.Notification{}, domain.ErrNotFound
	}
	return f.notes[id-1], nil
}

// pusher records what reaches this instance's connections.
type pusher struct {
	follows map[int64]bool
	pushed  []int64
}

func (p *pusher) PushNotification(n domain.Notification) { p.pushed = append(p.pushed, n.ID) }
func (p *pusher) Follows(u int64) bool                   { return p.follows[u] }

// outbox records the mails sent; fail refuses the next ones.
type outbox struct {
	sent []notify.Mail
	fail error
}

func (o *outbox) Send(_ context.Context, m notify.Mail) error {
	if o.fail != nil {
		return o.fail
	}
	o.sent = append(o.sent, m)
	return nil
}

func newService(st *fakeStore, shared bool) (*notify.Service, *pusher, *outbox) {
	p, o := &pusher{follows: map[int64]bool{}}, &outbox{}
	s := notify.New(notify.Config{Store: st, Clock: clock.NewManual(time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)),
		Mailer: o, PublicURL: "https://turncoat.example.org", Shared: shared})
	s.Attach(p, nil)
	return s, p, o
}

// TestNotifyOnce: a notice is stored and pushed once however often its job notifies, with one
// mail job for a user with an address and none for one without; a store's failure is returned
// (the job is tried again) and stores nothing.
func TestNotifyOnce(t *testing.T) {
	st := &fakeStore{emails: map[int64]string{1: "ann@example.org"}}
	s, p, _ := newService(st, false)
	ctx := context.Background()
	notes := []domain.Notification{
		{UserID: 1, Kind: "your_move", GameID: "g1", Key: "your_move:g1:4", Message: "your move"},
		{UserID: 2, Kind: "your_move", GameID: "g1", Key: "your_move:g1:4", Message: "your move"},
	}
	for range 3 {
		if err := s.Notify(ctx, notes); err != nil {
			t.Fatal(err)
		}
	}
	if len(st.notes) != 2 || !slices.Equal(p.pushed, []int64{1, 2}) {
		t.Fatalf("stored %+v, pushed %v: want each once", st.notes, p.pushed)
	}
	if len(st.jobs) != 1 {
		t.Fatalf("mail jobs %+v: want one, for the user with an address", st.jobs)
	}
	if m, ok := st.jobs[0].Args.(jobs.Mail); !ok || m.User != 1 || m.Note != 1 || m.Notice != "your_move" || m.Game != "g1" {
		t.Errorf("the mail job: %+v", st.jobs[0].Args)
	}
	st.fail = errors.New("the database is gone")
	if err := s.Notify(ctx, []domain.Notification{{UserID: 1, Kind: "game_over", Key: "game_over:g2"}}); !errors.Is(err, st.fail) {
		t.Errorf("a failing store: %v", err)
	}
	if len(st.notes) != 2 || len(p.pushed) != 2 {
		t.Errorf("a failed notice was kept or pushed: %+v %v", st.notes, p.pushed)
	}
}

// TestNotifyShared: with several instances on one store, a notice reaches the connections
// through every instance's listener (Remote), never straight from Notify, and only where its
// user is connected.
func TestNotifyShared(t *testing.T) {
	st := &fakeStore{}
	s, p, _ := newService(st, true)
	if err := s.Notify(context.Background(), []domain.Notification{{UserID: 7, Kind: "event_game", Key: "event_game:g"}}); err != nil {
		t.Fatal(err)
	}
	if len(p.pushed) != 0 {
		t.Fatalf("pushed from Notify on a shared store: %v", p.pushed)
	}
	s.Remote(7, 1)
	if len(p.pushed) != 0 {
		t.Fatalf("pushed to a user with no connection here: %v", p.pushed)
	}
	p.follows[7] = true
	s.Remote(7, 1)
	s.Remote(7, 99) // gone: nothing
	if !slices.Equal(p.pushed, []int64{1}) {
		t.Errorf("pushed %v, want the notice once", p.pushed)
	}
}

// TestMailsFor is the decision to mail: the mailed kinds, to a user with an address; a reminder
// always (a log-only mailer shows it).
func TestMailsFor(t *testing.T) {
	for _, c := range []struct {
		kind    string
		address bool
		want    bool
	}{
		{"your_move", true, true}, {"your_move", false, false},
		{"game_over", true, true}, {"tournament_round", true, true},
		{"reminder", false, true}, {"reminder", true, true},
		{"event_game", true, false}, {"nonsense", true, false},
	} {
		if got := notify.MailsFor(domain.Notification{Kind: c.kind}, c.address); got != c.want {
			t.Errorf("%s, address %v: %v, want %v", c.kind, c.address, got, c.want)
		}
	}
}

// TestWorkMail: a mail job sends its notice in the user's words with its Message-ID, the same
// when the job runs again; nothing to a user without an address or who unsubscribed from the
// kind; a refused send fails the job (it is tried again).
func TestWorkMail(t *testing.T) {
	st := &fakeStore{emails: map[int64]string{1: "ann@example.org", 3: "cid@example.org"},
		settings: map[int64]domain.MailSettings{1: {Lang: "pt", Token: "secret"}, 3: {Off: []string{"your_move"}}}}
	s, _, out := newService(st, false)
	ctx := context.Background()
	job := jobs.Mail{Note: 42, User: 1, Notice: "your_move", Game: "g1", Message: "Your move in game g1."}
	for range 2 {
		if err := s.WorkMail(ctx, job); err != nil {
			t.Fatal(err)
		}
	}
	if len(out.sent) != 2 || out.sent[0].MessageID != out.sent[1].MessageID || out.sent[0].MessageID != "notice-42@turncoat.example.org" {
		t.Fatalf("sent %+v: want the same message twice", out.sent)
	}
	m := out.sent[0]
	if m.To != "ann@example.org" || !strings.Contains(m.Subject, "g1") || m.Unsubscribe == "" || !strings.Contains(m.Body, "g1") {
		t.Errorf("the mail: %+v", m)
	}
	for _, j := range []jobs.Mail{
		{Note: 43, User: 2, Notice: "your_move", Game: "g1"}, // no address
		{Note: 44, User: 3, Notice: "your_move", Game: "g1"}, // unsubscribed from the kind
	} {
		if err := s.WorkMail(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	if len(out.sent) != 2 {
		t.Errorf("mailed a user without an address or unsubscribed: %+v", out.sent[2:])
	}
	out.fail = errors.New("451 try later")
	if err := s.WorkMail(ctx, job); !errors.Is(err, out.fail) {
		t.Errorf("a refused send: %v", err)
	}
}

// TestSettingsRefuse: the notices' settings refuse what is not whole, with the error's code.
func TestSettingsRefuse(t *testing.T) {
	s, _, _ := newService(&fakeStore{}, false)
	ctx := context.Background()
	guest := &domain.User{ID: 1, Guest: true}
	member := &domain.User{ID: 2}
	for _, c := range []struct {
		name string
		err  error
		code domain.Code
	}{
		{"a guest's address", s.SetEmail(ctx, guest, "a@example.org", ""), domain.Unauthorized},
		{"no address", s.SetEmail(ctx, member, "not an address", ""), domain.BadRequest},
		{"an unknown language", s.SetEmail(ctx, member, "a@example.org", "xx"), domain.BadRequest},
		{"a list unsigned", func() error { _, _, err := s.List(ctx, nil, 0, false, 10); return err }(), domain.Unauthorized},
		{"a list too long", func() error { _, _, err := s.List(ctx, member, 0, false, 501); return err }(), domain.BadRequest},
		{"too many marks", func() error { _, err := s.MarkRead(ctx, member, make([]int64, 501)); return err }(), domain.BadRequest},
		{"a link not whole", func() error { _, err := s.Unsubscribe(ctx, 2, "your_move", "", true); return err }(), domain.BadRequest},
		{"a link of no kind", func() error { _, err := s.Unsubscribe(ctx, 2, "nonsense", "t", true); return err }(), domain.BadRequest},
	} {
		if got := domain.ErrorCode(c.err); got != c.code {
			t.Errorf("%s: %v (%s), want %s", c.name, c.err, got, c.code)
		}
	}
	for _, c := range []struct {
		addr string
		ok   bool
	}{{"ann@example.org", true}, {"a@b", false}, {"@example.org", false}, {"a b@example.org", false}, {"a@@example.org", false}} {
		if notify.ValidEmail(c.addr) != c.ok {
			t.Errorf("ValidEmail(%q) = %v", c.addr, !c.ok)
		}
	}
}
