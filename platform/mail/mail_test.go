package mail_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
	"time"

	"turncoat/internal/testenv"
	turnmail "turncoat/platform/mail"
)

func TestParse(t *testing.T) {
	cases := []struct {
		in   string
		want turnmail.Config
		err  string
	}{
		{in: "smtp://ann%40example.org:pa%3Ass@mail.example.org", want: turnmail.Config{Host: "mail.example.org", Port: 587, Username: "ann@example.org", Password: "pa:ss", From: "ann@example.org"}},
		{in: "smtps://bot:pw@mail.example.org:2465?from=games@example.org", want: turnmail.Config{Host: "mail.example.org", Port: 2465, ImplicitTLS: true, Username: "bot", Password: "pw", From: "games@example.org"}},
		{in: "smtp://relay.local:25", want: turnmail.Config{Host: "relay.local", Port: 25, From: "turncoat@relay.local"}},
		{in: "http://mail.example.org", err: "want smtp://"},
		{in: "smtp://user:topsecret@", err: "no host"},
		{in: "smtp://mail.example.org:99999", err: "port"},
		{in: "smtp://mail.example.org?tls=off", err: "unknown parameter"},
		{in: "smtp://u:topsecret@mail.example.org?from=nobody", err: "not an address"},
	}
	for _, c := range cases {
		got, err := turnmail.Parse(c.in)
		switch {
		case c.err != "":
			if err == nil || !strings.Contains(err.Error(), c.err) || strings.Contains(err.Error(), "topsecret") {
				t.Errorf("%s: %v, want an error about %q without the password", c.in, err, c.err)
			}
		case err != nil || got != c.want:
			t.Errorf("%s: %+v %v, want %+v", c.in, got, err, c.want)
		}
	}
}

// TestSend sends a message with an inline picture to a real SMTP server (STARTTLS, AUTH) and
// reads what it received: the addresses, the subject, both bodies, the picture by its content
// ID, the one-click unsubscribe headers; a refusal is an error, a wrong password too.
func TestSend(t *testing.T) {
	srv := testenv.SMTP(t)
	cfg, err := turnmail.Parse(srv.URL + "?from=games@turncoat.test")
	if err != nil {
		t.Fatal(err)
	}
	cfg.TLS = srv.TLS
	s := turnmail.New(cfg)
	var pic bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	img.Set(1, 1, color.RGBA{200, 0, 0, 255})
	png.Encode(&pic, img)
	m := turnmail.Message{To: "ann@example.org", UserName: "Ann", Subject: "Sua vez — partida abc",
		Text: "É a sua vez.\nhttps://turncoat.test/play/abc", HTML: `<p>É a sua vez.</p><img src="cid:board" alt="">`,
		Inline:      []turnmail.Inline{{ID: "board", Name: "board.png", Type: "image/png", Data: pic.Bytes()}},
		Unsubscribe: "https://turncoat.test/api/mail/unsubscribe?u=1&k=your_move&t=x"}
	ctx := context.Background()
	if err := s.Send(ctx, m); err != nil {
		t.Fatal(err)
	}
	got := srv.Wait(t, 1, 10*time.Second)[0]
	if got.From != "games@turncoat.test" || len(got.To) != 1 || got.To[0] != "ann@example.org" {
		t.Fatalf("envelope from %q to %q", got.From, got.To)
	}
	msg, err := got.Read()
	if err != nil {
		t.Fatal(err)
	}
	subject, parts := msg.Subject, msg.Parts
	if subject != m.Subject || !strings.Contains(msg.Header.Get("To"), "ann@example.org") ||
		msg.Header.Get("List-Unsubscribe") != "<"+m.Unsubscribe+">" || msg.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
		t.Errorf("headers: %v (subject %q)", msg.Header, subject)
	}
	if !strings.Contains(string(parts["text/plain"]), "É a sua vez.") || !strings.Contains(string(parts["text/html"]), `src="cid:board"`) {
		t.Errorf("bodies: %q", parts)
	}
	if img, err := png.Decode(bytes.NewReader(parts["board"])); err != nil || img.Bounds().Dx() != 4 {
		t.Errorf("the inline picture: %v (parts %v)", err, keys(parts))
	}

	srv.Refuse(1)
	if err := s.Send(ctx, m); err == nil || !strings.Contains(err.Error(), "451") {
		t.Errorf("a refused message: %v", err)
	}
	if err := s.Send(ctx, m); err != nil {
		t.Errorf("the message again: %v", err)
	}
	cfg.Password = "wrong"
	if err := turnmail.New(cfg).Send(ctx, m); err == nil {
		t.Error("a wrong password sent the message")
	}
	if err := s.Send(ctx, turnmail.Message{Subject: "x"}); !errors.Is(err, turnmail.ErrNoAddress) {
		t.Errorf("no address: %v", err)
	}
}

func keys(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
