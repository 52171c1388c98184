package e2e_test

import (
	"context"
	"log/slog"
	"net"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"turncoat/app"
	"turncoat/games"
	"turncoat/internal/testenv"
	"turncoat/platform/accounts"
	"turncoat/platform/mail"
	"turncoat/platform/notify"
	"turncoat/store"
	"turncoat/web"
)

// mailedSite is a server of its own whose mail goes to an SMTP server the test starts, and whose
// public URL (the links' start) is its own address.
func mailedSite(t *testing.T) (string, *testenv.SMTPServer) {
	t.Helper()
	smtpd := testenv.SMTP(t)
	cfg, err := mail.Parse(smtpd.URL)
	if err != nil {
		t.Fatal(err)
	}
	cfg.TLS = smtpd.TLS
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "mailed.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := app.New(ctx, app.Config{PasswordHashing: &accounts.CheapHashing, Store: st, Registry: games.Registry(), Web: web.Files(), Log: slog.New(slog.DiscardHandler),
		PublicURL: base, Mailer: notify.SMTPMailer(mail.New(cfg)), LoginRate: -1, GuestRate: -1, MoveRate: -1, CreateRate: -1})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(srv.Handler())
	ts.Listener.Close()
	ts.Listener = ln
	ts.Start()
	t.Cleanup(func() {
		ts.CloseClientConnections()
		ts.Close()
		srv.Close()
		st.Close()
	})
	return base, smtpd
}

// mailedLink returns the link of a kind (confirm-email, reset-password) in the last mail of the
// n received so far.
func mailedLink(t *testing.T, smtpd *testenv.SMTPServer, n int, kind string) string {
	t.Helper()
	msgs := smtpd.Wait(t, n, 20*time.Second)
	m, err := msgs[n-1].Read()
	if err != nil {
		t.Fatal(err)
	}
	link := regexp.MustCompile(`https?://[^\s]+/` + kind + `\?t=[A-Za-z0-9%]+`).FindString(string(m.Parts["text/plain"]))
	if link == "" {
		t.Fatalf("no %s link in %s", kind, m.Parts["text/plain"])
	}
	if _, err := url.Parse(link); err != nil {
		t.Fatal(err)
	}
	return link
}

// TestAccountMailFlows, on a phone's screen: a player gives an address on the account page (it
// waits for its confirmation), follows the link mailed to it and confirms with the button; signs
// out everywhere; forgets the password, asks for a link from the log-in form, sets a new password
// through the mailed link and signs in with it.
func TestAccountMailFlows(t *testing.T) {
	base, smtpd := mailedSite(t)
	p := newPage(t)
	p.phone()
	dir := shots(t)
	at := func(u string) {
		t.Helper()
		p.do(chromedp.Navigate(u))
		p.wait(`document.documentElement.dataset.ready === "1"`)
	}
	at(base + "/account")
	p.type_("#signup-name", "Phoebe")
	p.type_("#signup-pw", "amber-lantern-27")
	p.click(`#signup-pw ~ button, form:has(#signup-pw) button[type=submit]`)
	p.wait(`document.getElementById("mail-address")`)

	p.type_("#mail-address", "phoebe@example.org")
	p.click(`.mail-settings button[type=submit]`)
	p.wait(`document.querySelector(".mail-state .pending")?.textContent.includes("phoebe@example.org")`)
	p.scrollTo = ".mail-settings"
	p.screenshot(dir, "account-address-pending-en-phone", 390, 844)

	at(mailedLink(t, smtpd, 1, "confirm-email"))
	p.wait(`document.getElementById("confirm-btn")`)
	p.screenshot(dir, "confirm-address-en-phone", 390, 844)
	p.click("#confirm-btn")
	p.wait(`document.querySelector(".done")?.textContent.includes("phoebe@example.org")`)

	at(base + "/account")
	p.wait(`document.querySelector(".mail-state .confirmed")?.textContent.includes("phoebe@example.org")`)
	p.scrollTo = ".password"
	p.screenshot(dir, "account-password-en-phone", 390, 844)
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector(".your-data details").open = true`))
	p.scrollTo = ".your-data"
	p.screenshot(dir, "account-data-close-en-phone", 390, 844)

	p.click("#logout-all")
	p.wait(`document.getElementById("forgot-link")`)
	p.click("#forgot-link")
	p.wait(`document.getElementById("forgot-who")`)
	p.type_("#forgot-who", "Phoebe")
	p.click(`form:has(#forgot-who) button[type=submit]`)
	p.wait(`document.querySelector(".done")?.textContent.includes("link")`)
	p.screenshot(dir, "forgot-password-en-phone", 390, 844)

	at(mailedLink(t, smtpd, 2, "reset-password"))
	p.wait(`document.getElementById("reset-pw")`)
	p.type_("#reset-pw", "password")
	p.click(`form:has(#reset-pw) button[type=submit]`)
	p.wait(`document.querySelector(".error")?.textContent.length > 0`)
	p.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("reset-pw").value = ""`))
	p.type_("#reset-pw", "cobalt-meadow-58")
	p.click(`form:has(#reset-pw) button[type=submit]`)
	p.wait(`document.querySelector(".done a[href='/account']")`)
	p.screenshot(dir, "reset-password-done-en-phone", 390, 844)

	at(base + "/account")
	p.type_("#login-name", "Phoebe")
	p.type_("#login-pw", "cobalt-meadow-58")
	p.click(`form:has(#login-pw) button[type=submit]`)
	p.wait(`localStorage.getItem("turncoat.user") === "Phoebe" && document.getElementById("mail-address")`)
	p.forgetErrors("401")
	p.forgetErrors("400")
	if errs := p.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
