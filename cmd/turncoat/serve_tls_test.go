package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"turncoat/internal/testenv"
	"turncoat/platform/clock"
)

// selfSigned writes a certificate for localhost and 127.0.0.1 and its key, and returns their
// files and a pool trusting it.
func selfSigned(t *testing.T, dir string) (certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "localhost"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		DNSNames: []string{"localhost"}, IPAddresses: []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true, IsCA: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600)
	os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600)
	cert, _ := x509.ParseCertificate(der)
	pool = x509.NewCertPool()
	pool.AddCert(cert)
	return certFile, keyFile, pool
}

var servingTLS = regexp.MustCompile(`msg=serving url=(https://\S+)`)

// serveInProcess runs "turncoat serve" with args in this process until the test ends, and
// returns the URL it logs.
func serveInProcess(t *testing.T, re *regexp.Regexp, args ...string) (string, *testenv.Buffer) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	logs := &testenv.Buffer{}
	done := make(chan int)
	go func() {
		done <- runIn(ctx, &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: logs, clock: clock.Real{}}, append([]string{"serve"}, args...))
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	var url string
	if !testenv.PollUntil(context.Background(), 30*time.Second, func() bool {
		if m := re.FindStringSubmatch(logs.String()); m != nil {
			url = m[1]
			return true
		}
		select {
		case code := <-done:
			t.Fatalf("serve ended (%d):\n%s", code, logs.String())
		default:
		}
		return false
	}) {
		t.Fatalf("serve did not start:\n%s", logs.String())
	}
	return url, logs
}

// TestServeTLSWithOwnCertificate serves HTTPS with a certificate made here: the page, the API
// (a guest's cookie marked Secure) over TLS with the certificate trusted, refused without.
func TestServeTLSWithOwnCertificate(t *testing.T) {
	dir := t.TempDir()
	certFile, keyFile, pool := selfSigned(t, dir)
	url, _ := serveInProcess(t, servingTLS, "--addr", "127.0.0.1:0", "--db", filepath.Join(dir, "t.db"), "--tls-cert", certFile, "--tls-key", keyFile)
	url = strings.Replace(url, "localhost", "127.0.0.1", 1)
	hc := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}, Timeout: 30 * time.Second}
	resp, err := hc.Get(url + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(page), "<html") || resp.TLS == nil {
		t.Fatalf("the page over HTTPS: %d %.200s", resp.StatusCode, page)
	}
	resp, err = hc.Post(url+"/api/games", "application/json", strings.NewReader(`{"kind":"reversi","mode":"hotseat"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode/100 != 2 || !strings.Contains(resp.Header.Get("Set-Cookie"), "Secure") {
		t.Errorf("a guest over HTTPS: %d, cookie %q", resp.StatusCode, resp.Header.Get("Set-Cookie"))
	}
	// A client that does not trust the certificate is refused.
	if _, err := http.Get(url + "/healthz"); err == nil || !strings.Contains(err.Error(), "certificate") {
		t.Errorf("an untrusting client: %v", err)
	}
}

// TestServeTLSRefusals: TLS flags that cannot work are refused before anything starts.
func TestServeTLSRefusals(t *testing.T) {
	dir := t.TempDir()
	certFile, keyFile, _ := selfSigned(t, dir)
	db := filepath.Join(dir, "t.db")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--tls-cert", certFile}, 2, "go together"},
		{[]string{"--tls-cert", certFile, "--tls-key", certFile}, 1, "--tls-cert"},
		{[]string{"--tls-cert", certFile, "--tls-key", keyFile, "--acme-domain", "example.org"}, 2, "exclude each other"},
		{[]string{"--acme-domain", "https://example.org"}, 2, "a host name"},
	} {
		code, _, stderr := runCLI(t, "", append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db}, c.args...)...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: %d %q, want %d and %q", c.args, code, stderr, c.code, c.want)
		}
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("a refused serve made the store")
	}
}

// TestRedirectHTTPS sends plain HTTP to the HTTPS address's port.
func TestRedirectHTTPS(t *testing.T) {
	for _, c := range []struct{ addr, host, want string }{
		{":443", "example.org", "https://example.org/a?b=1"},
		{":443", "example.org:80", "https://example.org/a?b=1"},
		{":8443", "example.org:8080", "https://example.org:8443/a?b=1"},
	} {
		r, _ := http.NewRequest("GET", "http://"+c.host+"/a?b=1", nil)
		w := &recorder{h: http.Header{}}
		redirectHTTPS(c.addr).ServeHTTP(w, r)
		if got := w.h.Get("Location"); got != c.want || w.code != http.StatusMovedPermanently {
			t.Errorf("%s %s: %d %q, want %q", c.addr, c.host, w.code, got, c.want)
		}
	}
}

type recorder struct {
	h    http.Header
	code int
}

func (r *recorder) Header() http.Header         { return r.h }
func (r *recorder) Write(b []byte) (int, error) { return len(b), nil }
func (r *recorder) WriteHeader(c int)           { r.code = c }
