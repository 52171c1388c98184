package server

import (
	"fmt"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"
	"turncoat/platform"

	"turncoat/store"
)

// Limits on what one caller may hold or try: sockets per address and per user, games per
// socket, and log-in attempts per account.

// Default caps on sockets (WebSockets and event streams together).
const (
	defaultSocketsPerAddress = 128
	defaultSocketsPerUser    = 32
	defaultGamesPerSocket    = 64
)

// authState is the server's state of callers: open sockets counted by address and user, and
// log-in failures by account.
type authState struct {
	mu     sync.Mutex
	byAddr map[string]int
	byUser map[int64]int

	logins loginGuard
}

// capOf returns a configured cap: the default for 0, none (-1) for a negative value.
func capOf(v, def int) int {
	switch {
	case v == 0:
		return def
	case v < 0:
		return -1
	}
	return v
}

// newSocket returns the conn of a WebSocket or event stream the request opens.
func (s *Server) newSocket(r *http.Request) *conn {
	c := newConn(userOf(r))
	c.cred = credOf(r)
	c.addr = s.clientAddr(r)
	return c
}

// admitSocket counts a new socket against its address's and user's caps; it refuses one past
// either with too_many_sockets.
func (s *Server) admitSocket(c *conn) error {
	perAddr := capOf(s.cfg.SocketsPerAddress, defaultSocketsPerAddress)
	perUser := capOf(s.cfg.SocketsPerUser, defaultSocketsPerUser)
	a := &s.auth
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.byAddr == nil {
		a.byAddr, a.byUser = map[string]int{}, map[int64]int{}
	}
	if perAddr >= 0 && a.byAddr[c.addr] >= perAddr {
		return platform.Errorf(platform.TooManySockets, "this address has %d live connections open, the most it may: close one first", perAddr)
	}
	if c.user != nil && perUser >= 0 && a.byUser[c.user.ID] >= perUser {
		return platform.Errorf(platform.TooManySockets, "you have %d live connections open, the most one player may: close one first", perUser)
	}
	a.byAddr[c.addr]++
	if c.user != nil {
		a.byUser[c.user.ID]++
	}
	if cr := c.cred; cr != nil && !cr.until.IsZero() {
		c.expiry = time.AfterFunc(cr.until.Sub(s.now()), func() { c.end(cr.expiredError()) })
	}
	return nil
}

// releaseSocket uncounts a closed socket.
func (s *Server) releaseSocket(c *conn) {
	if c.expiry != nil {
		c.expiry.Stop()
	}
	a := &s.auth
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.byAddr[c.addr]--; a.byAddr[c.addr] <= 0 {
		delete(a.byAddr, c.addr)
	}
	if c.user != nil {
		if a.byUser[c.user.ID]--; a.byUser[c.user.ID] <= 0 {
			delete(a.byUser, c.user.ID)
		}
	}
}

// expired ends c when its credential has expired by the server's clock (checked at each
// message, besides the timer) and reports whether it did.
func (s *Server) expired(c *conn) bool {
	if cr := c.cred; cr != nil && !cr.until.IsZero() && !s.now().Before(cr.until) {
		c.end(cr.expiredError())
		return true
	}
	return false
}

// mayFollow refuses a subscription past the games one socket may follow.
func (s *Server) mayFollow(c *conn, id string) error {
	max := capOf(s.cfg.GamesPerSocket, defaultGamesPerSocket)
	c.mu.Lock()
	defer c.mu.Unlock()
	if max >= 0 && !c.games[id] && len(c.games) >= max {
		return platform.Errorf(platform.TooManySubscriptions, "one connection follows at most %d games: unsubscribe from one first", max)
	}
	return nil
}

// clientAddr is the caller's address: the connection's, or, when the connection comes from a
// trusted proxy, the last address in X-Forwarded-For that is not a trusted proxy's (the hops
// before it are the client's to write, so they are not believed).
func (s *Server) clientAddr(r *http.Request) string {
	host := clientIP(r)
	if len(s.cfg.TrustedProxies) == 0 {
		return host
	}
	addr, err := netip.ParseAddr(host)
	if err != nil || !s.trustedProxy(addr) {
		return host
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		hop := strings.TrimSpace(hops[i])
		if hop == "" {
			continue
		}
		a, err := netip.ParseAddr(hop)
		if err != nil {
			ap, perr := netip.ParseAddrPort(hop)
			if perr != nil {
				break // a hop that is no address: the last good one is the client as far as we know
			}
			a = ap.Addr()
		}
		addr = a.Unmap()
		if !s.trustedProxy(addr) {
			break
		}
	}
	return addr.String()
}

func (s *Server) trustedProxy(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range s.cfg.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// ParseProxies reads a comma-separated list of addresses and CIDR prefixes (the trusted
// proxies of a command line).
func ParseProxies(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("%q is neither an address nor a CIDR prefix", f)
		}
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// Log-in back-off per account: after loginFreeFailures wrong passwords in a row, an account
// (known or not: an unknown name backs off the same way, so the answers do not tell names
// apart) waits before its next attempt, twice as long after each further failure, up to
// loginMaxWait; a success, or a day without failures, starts the count again. One attempt per
// account is checked at a time, so parallel guesses gain nothing. The state is each instance's
// own.
const (
	loginFreeFailures = 5
	loginFirstWait    = time.Second
	loginMaxWait      = 15 * time.Minute
	loginForget       = 24 * time.Hour
)

type loginGuard struct {
	mu sync.Mutex
	m  map[string]*loginRecord
}

type loginRecord struct {
	failures int
	last     time.Time
	until    time.Time
	busy     bool
}

// begin starts an attempt on an account; a refusal says how long to wait.
func (g *loginGuard) begin(key string, now time.Time) (time.Duration, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.m == nil {
		g.m = map[string]*loginRecord{}
	}
	r := g.m[key]
	if r == nil {
		if len(g.m) >= 100000 {
			for k, v := range g.m {
				if !v.busy && now.After(v.until) && now.Sub(v.last) > time.Hour {
					delete(g.m, k)
				}
			}
		}
		r = &loginRecord{}
		g.m[key] = r
	}
	if r.busy {
		return time.Second, false
	}
	if now.Before(r.until) {
		return r.until.Sub(now), false
	}
	if now.Sub(r.last) > loginForget {
		r.failures = 0
	}
	r.busy = true
	return 0, true
}

// end finishes an attempt begun on an account.
func (g *loginGuard) end(key string, ok bool, now time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	r := g.m[key]
	if r == nil {
		return
	}
	r.busy = false
	if ok {
		delete(g.m, key)
		return
	}
	r.failures++
	r.last = now
	if n := r.failures - loginFreeFailures; n >= 0 {
		r.until = now.Add(min(loginFirstWait<<min(n, 20), loginMaxWait))
	}
}

// loginBackoff is the refusal of an attempt during an account's back-off.
func loginBackoff(w http.ResponseWriter, wait time.Duration) error {
	secs := int((wait + time.Second - 1) / time.Second)
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	return platform.Errorf(platform.LoginBackoff, "too many wrong passwords for this account: try again in %d s", secs)
}

// loginKey is the key of an account's back-off: its name as names are told apart.
func loginKey(name string) string { return store.NameKey(name) }
