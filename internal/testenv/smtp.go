package testenv

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"io"
	"math/big"
	"mime"
	"mime/multipart"
	"net"
	netmail "net/mail"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// SMTPServer is a real SMTP server in the test's process: STARTTLS with a certificate of its
// own, AUTH PLAIN for one user, and the messages it accepted kept for the test to read.
type SMTPServer struct {
	// URL reaches it: smtp://user:pass@127.0.0.1:port.
	URL string
	// TLS is a client configuration that trusts its certificate.
	TLS *tls.Config
	// CertPEM is its certificate, for a program run by the test to trust (SSL_CERT_FILE).
	CertPEM []byte

	srv     *smtp.Server
	mu      sync.Mutex
	msgs    []Received
	refuse  int
	arrived chan struct{}
}

// Received is a message the server accepted.
type Received struct {
	From string
	To   []string
	Data []byte
}

const smtpUser, smtpPassword = "turncoat", "s3cret pass"

// SMTP starts an SMTP server for the test, closed at its end.
func SMTP(t testing.TB) *SMTPServer {
	t.Helper()
	cert, pool, err := selfSigned()
	if err != nil {
		t.Fatal(err)
	}
	s := &SMTPServer{arrived: make(chan struct{}, 1024)}
	s.srv = smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &smtpSession{s: s}, nil }))
	s.srv.Domain = "localhost"
	s.srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}}
	s.srv.ReadTimeout, s.srv.WriteTimeout = 10*time.Second, 10*time.Second
	s.srv.MaxMessageBytes = 4 << 20
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go s.srv.Serve(ln)
	t.Cleanup(func() { s.srv.Close() })
	s.URL = "smtp://" + url.UserPassword(smtpUser, smtpPassword).String() + "@" + ln.Addr().String()
	s.TLS = &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"}
	s.CertPEM = pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: cert.Certificate[0]})
	return s
}

// Refuse makes the server refuse the next n messages with a temporary failure (451).
func (s *SMTPServer) Refuse(n int) {
	s.mu.Lock()
	s.refuse = n
	s.mu.Unlock()
}

// Messages returns the messages accepted so far.
func (s *SMTPServer) Messages() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.msgs...)
}

// Wait waits until the server has accepted n messages, and returns them.
func (s *SMTPServer) Wait(t testing.TB, n int, d time.Duration) []Received {
	t.Helper()
	deadline := time.After(d)
	for {
		if m := s.Messages(); len(m) >= n {
			return m
		}
		select {
		case <-s.arrived:
		case <-deadline:
			t.Fatalf("the SMTP server received %d message(s) in %v, want %d", len(s.Messages()), d, n)
		}
	}
}

type smtpSession struct {
	s      *SMTPServer
	authed bool
	from   string
	to     []string
}

func (ss *smtpSession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (ss *smtpSession) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, user, pass string) error {
		if user != smtpUser || pass != smtpPassword {
			return errors.New("invalid credentials")
		}
		ss.authed = true
		return nil
	}), nil
}

func (ss *smtpSession) Mail(from string, _ *smtp.MailOptions) error {
	if !ss.authed {
		return smtp.ErrAuthRequired
	}
	ss.from = from
	return nil
}

func (ss *smtpSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	ss.to = append(ss.to, to)
	return nil
}

func (ss *smtpSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s := ss.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refuse > 0 {
		s.refuse--
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later"}
	}
	s.msgs = append(s.msgs, Received{From: ss.from, To: ss.to, Data: b})
	select {
	case s.arrived <- struct{}{}:
	default:
	}
	return nil
}

func (ss *smtpSession) Reset()        { ss.from, ss.to = "", nil }
func (ss *smtpSession) Logout() error { return nil }

// selfSigned makes a certificate for 127.0.0.1 and a pool that trusts it.
func selfSigned() (tls.Certificate, *x509.CertPool, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "turncoat test SMTP"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, DNSNames: []string{"localhost"},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA: true, BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	c, err := x509.ParseCertificate(der)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	pool := x509.NewCertPool()
	pool.AddCert(c)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, pool, nil
}

// Mail is a received message read: its headers, its decoded subject, and its leaf parts by
// media type (or by Content-ID, for inline pictures), their transfer encodings undone.
type Mail struct {
	Header  netmail.Header
	Subject string
	Parts   map[string][]byte
}

// Read reads the message.
func (r Received) Read() (Mail, error) {
	msg, err := netmail.ReadMessage(bytes.NewReader(r.Data))
	if err != nil {
		return Mail{}, err
	}
	var dec mime.WordDecoder
	subject, _ := dec.DecodeHeader(msg.Header.Get("Subject"))
	m := Mail{Header: msg.Header, Subject: subject, Parts: map[string][]byte{}}
	var walk func(r io.Reader, ctype string) error
	walk = func(r io.Reader, ctype string) error {
		mt, params, err := mime.ParseMediaType(ctype)
		if err != nil || !strings.HasPrefix(mt, "multipart/") {
			return err
		}
		mr := multipart.NewReader(r, params["boundary"])
		for {
			p, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			pt := p.Header.Get("Content-Type")
			if strings.HasPrefix(pt, "multipart/") {
				if err := walk(p, pt); err != nil {
					return err
				}
				continue
			}
			var body io.Reader = p // quoted-printable is decoded by the reader
			if p.Header.Get("Content-Transfer-Encoding") == "base64" {
				raw, _ := io.ReadAll(p)
				raw = bytes.ReplaceAll(bytes.ReplaceAll(raw, []byte("\r"), nil), []byte("\n"), nil)
				body = base64.NewDecoder(base64.StdEncoding, bytes.NewReader(raw))
			}
			b, err := io.ReadAll(body)
			if err != nil {
				return err
			}
			key, _, _ := mime.ParseMediaType(pt)
			if id := p.Header.Get("Content-Id"); id != "" {
				key = strings.Trim(id, "<>")
			}
			m.Parts[key] = b
		}
	}
	return m, walk(msg.Body, msg.Header.Get("Content-Type"))
}
