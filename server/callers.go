package server

import (
	"fmt"
	"net/http"
	"net/netip"
	"strings"
	"sync"

	"turncoat/domain"
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
	c.lang = requestLang(r)
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
		return domain.Errorf(domain.TooManySockets, "this address has %d live connections open, the most it may: close one first", perAddr)
	}
	if c.user != nil && perUser >= 0 && a.byUser[c.user.ID] >= perUser {
		return domain.Errorf(domain.TooManySockets, "you have %d live connections open, the most one player may: close one first", perUser)
	}
	a.byAddr[c.addr]++
	if c.user != nil {
		a.byUser[c.user.ID]++
	}
	if cr := c.cred; cr != nil && !cr.Until.IsZero() {
		c.expiry = s.cfg.Clock.AfterFunc(cr.Until.Sub(s.now()), func() { c.end(cr.ExpiredError()) })
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
	if cr := c.cred; cr != nil && !cr.Until.IsZero() && !s.now().Before(cr.Until) {
		c.end(cr.ExpiredError())
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
		return domain.Errorf(domain.TooManySubscriptions, "one connection follows at most %d games: unsubscribe from one first", max)
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
