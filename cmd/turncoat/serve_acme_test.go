package main

import (
	"context"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/miekg/dns"

	"turncoat/internal/testenv"
)

// These tests get the server's certificate from a real ACME authority: Let's Encrypt's test
// server Pebble (go.mod's tool directive; built by the go command), started here with its own
// random root, validating the challenges for real on the server's ports, with the test's DNS
// server telling it that the name is 127.0.0.1.

// acmeName is the name the certificates are for (.test is reserved: never a real host).
const acmeName = "play.turncoat.test"

// acmeAuthority is a running Pebble.
type acmeAuthority struct {
	home           string // its folder (configuration, HTTPS certificate)
	port, mgmtPort int
	dir            string // the ACME directory's URL
	mgmt           string // its management interface (the roots)
	ca, key        string // the certificate its HTTPS is served with (for --acme-ca), and its key
	pool           *x509.CertPool
	logs           *testenv.Buffer
	cmd            *exec.Cmd
	done           chan struct{}
	// held keep Pebble's two ports taken until it starts: the server, started before it on
	// a port of the system's choice, once got the management port that way.
	held []net.Listener
}

// freePort returns a port nothing listens on at the moment (for the programs whose address
// must be written before they start).
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// fakeDNS serves 127.0.0.1 as the one address of name (NXDOMAIN for the rest), over TCP (the
// transport Pebble asks its -dnsserver over), and returns its address.
func fakeDNS(t *testing.T, name string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &dns.Server{Listener: ln, Handler: dns.HandlerFunc(func(w dns.ResponseWriter, r *dns.Msg) {
		m := new(dns.Msg)
		m.SetReply(r)
		for _, q := range r.Question {
			switch {
			case !strings.EqualFold(q.Name, dns.Fqdn(name)):
				m.Rcode = dns.RcodeNameError
			case q.Qtype == dns.TypeA:
				m.Answer = append(m.Answer, &dns.A{Hdr: dns.RR_Header{Name: q.Name, Rrtype: dns.TypeA, Class: dns.ClassINET, Ttl: 60}, A: net.IPv4(127, 0, 0, 1)})
			}
		}
		w.WriteMsg(m)
	})}
	go srv.ActivateAndServe()
	t.Cleanup(func() { srv.Shutdown() })
	return ln.Addr().String()
}

// newAuthority prepares a Pebble in dir: its ports, and the certificate its HTTPS is served
// with (the file for --acme-ca, which the server reads when it starts, before Pebble does).
func newAuthority(t *testing.T, dir string) *acmeAuthority {
	t.Helper()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	a := &acmeAuthority{home: dir, logs: &testenv.Buffer{}, done: make(chan struct{})}
	for _, port := range []*int{&a.port, &a.mgmtPort} {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		a.held = append(a.held, ln)
		*port = ln.Addr().(*net.TCPAddr).Port
	}
	t.Cleanup(a.release)
	a.ca, a.key, a.pool = selfSigned(t, dir)
	a.dir = fmt.Sprintf("https://127.0.0.1:%d/dir", a.port)
	a.mgmt = fmt.Sprintf("https://127.0.0.1:%d", a.mgmtPort)
	return a
}

// release frees Pebble's ports for it.
func (a *acmeAuthority) release() {
	for _, ln := range a.held {
		ln.Close()
	}
	a.held = nil
}

// start runs Pebble, validating HTTP-01 on httpPort and TLS-ALPN-01 on tlsPort of the addresses
// dnsAddr gives, and waits for its directory to answer.
func (a *acmeAuthority) start(t *testing.T, bin string, httpPort, tlsPort int, dnsAddr string) {
	t.Helper()
	var cfg struct {
		Pebble map[string]any `json:"pebble"`
	}
	cfg.Pebble = map[string]any{
		"listenAddress":           fmt.Sprintf("127.0.0.1:%d", a.port),
		"managementListenAddress": fmt.Sprintf("127.0.0.1:%d", a.mgmtPort),
		"certificate":             a.ca,
		"privateKey":              a.key,
		"httpPort":                httpPort,
		"tlsPort":                 tlsPort,
		"keyAlgorithm":            "ecdsa",
	}
	data, _ := json.Marshal(cfg)
	config := filepath.Join(a.home, "pebble.json")
	if err := os.WriteFile(config, data, 0o600); err != nil {
		t.Fatal(err)
	}
	a.release()
	a.cmd = exec.Command(bin, "-config", config, "-dnsserver", dnsAddr)
	// No random pause before a validation, and no nonce refused on purpose (autocert does not
	// retry them): real validations, as fast as they go.
	a.cmd.Env = append(os.Environ(), "PEBBLE_VA_NOSLEEP=1", "PEBBLE_WFE_NONCEREJECT=0")
	a.cmd.Stdout, a.cmd.Stderr = a.logs, a.logs
	if err := a.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		a.cmd.Wait()
		close(a.done)
	}()
	t.Cleanup(a.stop)
	hc := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: a.pool}}, Timeout: 5 * time.Second}
	testenv.Eventually(t, 30*time.Second, "Pebble's directory answers", func() bool {
		select {
		case <-a.done:
			t.Fatalf("Pebble exited:\n%s", a.logs.String())
		default:
		}
		resp, err := hc.Get(a.dir)
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	})
}

// logOnFailure logs the server's and the authority's output if the test fails.
func logOnFailure(t *testing.T, srv *serverProcess, a *acmeAuthority) {
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the server's log:\n%s\nPebble's log:\n%s", srv.logs.String(), a.logs.String())
		}
	})
}

func (a *acmeAuthority) stop() {
	select {
	case <-a.done:
	default:
		a.cmd.Process.Kill()
		<-a.done
	}
}

// root returns the authority's root certificate (random per run), from its management interface.
func (a *acmeAuthority) root(t *testing.T) *x509.Certificate {
	t.Helper()
	hc := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: a.pool}}, Timeout: 10 * time.Second}
	resp, err := hc.Get(a.mgmt + "/roots/0")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	block, _ := pem.Decode(body)
	if resp.StatusCode != http.StatusOK || block == nil {
		t.Fatalf("Pebble's root: %d %.200s", resp.StatusCode, body)
	}
	cert, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	return cert
}

// nameClient is an HTTPS client that trusts roots and reaches name at 127.0.0.1, as a browser
// whose DNS gives that address would; it does not follow redirects.
func nameClient(name string, roots *x509.CertPool) *http.Client {
	dial := &net.Dialer{Timeout: 10 * time.Second}
	return &http.Client{
		Transport: &http.Transport{
			TLSClientConfig: &tls.Config{RootCAs: roots},
			DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
				host, port, err := net.SplitHostPort(addr)
				if err == nil && strings.EqualFold(host, name) {
					addr = net.JoinHostPort("127.0.0.1", port)
				}
				return dial.DialContext(ctx, network, addr)
			},
		},
		// The first request waits for the whole order: account, challenge, validation, issuance.
		Timeout:       90 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

var acmeHTTPURL = regexp.MustCompile(`msg="serving ACME challenges and a redirect to HTTPS" url=http://(\S+)`)

// port returns the port of a URL or host:port.
func port(t *testing.T, s string) int {
	t.Helper()
	if u, err := url.Parse(s); err == nil && u.Host != "" {
		s = u.Host
	}
	_, p, err := net.SplitHostPort(s)
	if err != nil {
		t.Fatal(err)
	}
	n, err := strconv.Atoi(p)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// getOverHTTPS gets path from the server by name, checks that it answers 200 over TLS with a
// certificate for the name issued by the authority whose root is root, and returns the
// verified chain (leaf first) and the body.
func getOverHTTPS(t *testing.T, hc *http.Client, base, path string, root *x509.Certificate) ([]*x509.Certificate, string) {
	t.Helper()
	resp, err := hc.Get(base + path)
	if err != nil {
		t.Fatalf("GET %s%s: %v", base, path, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || resp.TLS == nil || len(resp.TLS.VerifiedChains) == 0 {
		t.Fatalf("GET %s%s: %d, TLS %v: %.200s", base, path, resp.StatusCode, resp.TLS != nil, body)
	}
	chain := resp.TLS.VerifiedChains[0]
	leaf := chain[0]
	if err := leaf.VerifyHostname(acmeName); err != nil {
		t.Errorf("the served certificate: %v", err)
	}
	if !chain[len(chain)-1].Equal(root) {
		t.Errorf("the served certificate chains to %q, not to the authority's root %q", chain[len(chain)-1].Subject, root.Subject)
	}
	if len(resp.TLS.PeerCertificates) < 2 || !strings.HasPrefix(leaf.Issuer.CommonName, "Pebble Intermediate CA") {
		t.Errorf("the served chain: %d certificates, the leaf's issuer %q", len(resp.TLS.PeerCertificates), leaf.Issuer)
	}
	return chain, string(body)
}

// TestServeACME: the server gets its certificate from the ACME authority over each challenge it
// answers (TLS-ALPN-01, HTTP-01) and serves /healthz, the page and the live WebSocket with it to
// a client and a browser that trust that authority (a client that does not is refused); a
// restart serves the cached certificate with the authority gone.
func TestServeACME(t *testing.T) {
	if testing.Short() {
		t.Skip("runs an ACME authority and the program: not in -short")
	}
	pebble := testenv.Tool(t, "pebble")
	dnsAddr := fakeDNS(t, acmeName)

	// TLS-ALPN-01 on the HTTPS address (no plain HTTP listener at all).
	t.Run("tls-alpn-01", func(t *testing.T) {
		dir := t.TempDir()
		db := filepath.Join(dir, "data", "turncoat.db")
		if err := os.MkdirAll(filepath.Dir(db), 0o700); err != nil {
			t.Fatal(err)
		}
		a := newAuthority(t, filepath.Join(dir, "authority"))
		// The server starts first (it asks the authority nothing before the first handshake
		// for the name): Pebble is told the ports it listens on.
		srv := startServer(t, db, "--acme-domain", acmeName, "--acme-email", "ops@turncoat.test",
			"--acme-directory", a.dir, "--acme-ca", a.ca, "--acme-http", "")
		if !strings.HasPrefix(srv.url, "https://") {
			t.Fatalf("serving %s", srv.url)
		}
		httpsPort := port(t, srv.url)
		logOnFailure(t, srv, a)
		a.start(t, pebble, freePort(t), httpsPort, dnsAddr) // HTTP-01 on a closed port: only TLS-ALPN-01 can succeed
		root := a.root(t)
		roots := x509.NewCertPool()
		roots.AddCert(root)
		hc := nameClient(acmeName, roots)
		base := fmt.Sprintf("https://%s:%d", acmeName, httpsPort)

		start := time.Now()
		chain, _ := getOverHTTPS(t, hc, base, "/healthz", root)
		t.Logf("certificate issued and served in %v: issuer %q, root %q", time.Since(start).Round(time.Millisecond), chain[0].Issuer.CommonName, root.Subject.CommonName)
		if _, page := getOverHTTPS(t, hc, base, "/", root); !strings.Contains(page, "<html") {
			t.Errorf("the page over HTTPS: %.200s", page)
		}
		if strings.Contains(a.logs.String(), "validate w/ HTTP") {
			t.Errorf("an HTTP-01 validation without an HTTP listener:\n%s", a.logs.String())
		}
		// A client that trusts only the system's roots is refused.
		if _, err := nameClient(acmeName, nil).Get(base + "/healthz"); err == nil || !strings.Contains(err.Error(), "certificate") {
			t.Errorf("a client not trusting the authority: %v", err)
		}
		// The account key and the certificate are kept beside the store.
		for _, f := range []string{acmeName, "acme_account+key"} {
			if _, err := os.Stat(filepath.Join(dir, "data", "acme-certs", f)); err != nil {
				t.Errorf("the ACME cache: %v", err)
			}
		}

		t.Run("browser", func(t *testing.T) {
			browseOverHTTPS(t, base, chain)
		})

		// Restarted with the authority gone: the cached certificate is served, no new order.
		if err := srv.cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		select {
		case <-srv.done:
		case <-time.After(30 * time.Second):
			t.Fatal("the server did not stop on SIGTERM")
		}
		a.stop()
		again := startServer(t, db, "--acme-domain", acmeName, "--acme-directory", a.dir, "--acme-ca", a.ca, "--acme-http", "")
		base = fmt.Sprintf("https://%s:%d", acmeName, port(t, again.url))
		chain2, _ := getOverHTTPS(t, nameClient(acmeName, roots), base, "/healthz", root)
		if !chain2[0].Equal(chain[0]) {
			t.Errorf("the restarted server serves another certificate (serial %v, was %v)", chain2[0].SerialNumber, chain[0].SerialNumber)
		}
	})

	// HTTP-01 on --acme-http, which redirects every other request to HTTPS; Pebble's TLS-ALPN-01
	// port is closed, so autocert's first choice fails and it falls back to HTTP-01.
	t.Run("http-01", func(t *testing.T) {
		dir := t.TempDir()
		a := newAuthority(t, filepath.Join(dir, "authority"))
		srv := startServer(t, filepath.Join(dir, "turncoat.db"), "--acme-domain", acmeName,
			"--acme-directory", a.dir, "--acme-ca", a.ca, "--acme-http", "127.0.0.1:0")
		m := acmeHTTPURL.FindStringSubmatch(srv.logs.String())
		if m == nil {
			t.Fatalf("no plain HTTP listener logged:\n%s", srv.logs.String())
		}
		httpPort, httpsPort := port(t, m[1]), port(t, srv.url)
		logOnFailure(t, srv, a)
		a.start(t, pebble, httpPort, freePort(t), dnsAddr)
		root := a.root(t)
		roots := x509.NewCertPool()
		roots.AddCert(root)
		hc := nameClient(acmeName, roots)
		start := time.Now()
		getOverHTTPS(t, hc, fmt.Sprintf("https://%s:%d", acmeName, httpsPort), "/healthz", root)
		t.Logf("certificate issued and served in %v", time.Since(start).Round(time.Millisecond))
		if !strings.Contains(a.logs.String(), "validate w/ HTTP: http://"+acmeName+":") {
			t.Errorf("no HTTP-01 validation:\n%s", a.logs.String())
		}
		// Plain HTTP other than the challenges goes to HTTPS: the same host and path, the port
		// the HTTPS listener got.
		resp, err := hc.Get(fmt.Sprintf("http://%s:%d/lobby?x=1", acmeName, httpPort))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if loc, want := resp.Header.Get("Location"), fmt.Sprintf("https://%s:%d/lobby?x=1", acmeName, httpsPort); resp.StatusCode != http.StatusMovedPermanently || loc != want {
			t.Errorf("plain HTTP: %d to %q, want a redirect to %q", resp.StatusCode, loc, want)
		}
	})
}

// browseOverHTTPS opens the lobby at base in Chromium, which reaches the name at 127.0.0.1 and
// accepts the chain because it holds the authority's intermediate (the browser's trust store
// cannot be given Pebble's root), checks the certificate the browser saw, that the page is
// drawn in a secure context, and that its live WebSocket (wss://) connects; it saves a screenshot.
func browseOverHTTPS(t *testing.T, base string, chain []*x509.Certificate) {
	chromium := testenv.Chromium(t)
	u, _ := url.Parse(base)
	spki := sha256.Sum256(chain[1].RawSubjectPublicKeyInfo) // the issuer's key
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.NoSandbox,
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("lang", "en-US"),
		chromedp.Flag("host-resolver-rules", "MAP "+u.Hostname()+" 127.0.0.1"),
		chromedp.Flag("ignore-certificate-errors-spki-list", base64.StdEncoding.EncodeToString(spki[:])),
		chromedp.WindowSize(1280, 900),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	browser, cancelBrowser := chromedp.NewContext(alloc)
	defer cancelBrowser()
	ctx, cancel := context.WithTimeout(browser, 60*time.Second)
	defer cancel()
	resp, err := chromedp.Run(ctx, chromedp.NavigateResponse(base+"/lobby"))
	if err != nil {
		t.Fatalf("opening %s/lobby: %v", base, err)
	}
	if d := resp.SecurityDetails; resp.Status != http.StatusOK || d == nil || resp.SecurityState != "secure" ||
		d.Issuer != chain[0].Issuer.CommonName || len(d.SanList) != 1 || d.SanList[0] != acmeName {
		t.Errorf("the browser's view of the page: %d, security %q, details %+v", resp.Status, resp.SecurityState, d)
	}
	eval := func(js string) string {
		out, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
		if err != nil {
			return "error: " + err.Error()
		}
		return out
	}
	var last string
	if !testenv.PollUntil(ctx, 30*time.Second, func() bool {
		last = eval(`Promise.resolve(document.documentElement.dataset.ready !== "1" ? "not drawn" :
			import(new URL("live.js", document.querySelector("script[type=module]").src)).then(m => m.status()))`)
		return last == "online"
	}) {
		t.Fatalf("the lobby over HTTPS: the live connection is %q", last)
	}
	if got := eval(`location.protocol + " " + isSecureContext + " " + !!document.querySelector("#h-ch") + " " + document.querySelector("main h1").textContent`); !strings.HasPrefix(got, "https: true true ") || len(got) == len("https: true true ") {
		t.Errorf("the lobby page: %s", got)
	}
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if d := os.Getenv("TURNCOAT_SCREENSHOTS"); d != "" {
		dir = d
		os.MkdirAll(dir, 0o755)
	}
	path := filepath.Join(dir, "lobby-acme-https.png")
	if err := os.WriteFile(path, shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s", path)
}
