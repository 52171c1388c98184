package accounts

import (
	"testing"
	"time"

	"turncoat/domain"
)

func TestValidName(t *testing.T) {
	for _, c := range []struct {
		name string
		ok   bool
	}{
		{"Ann", true}, {"jo", true}, {"a.b-c_d", true}, {"Zoë", true},
		{"a", false}, {"abcdefghijklmnopqrstuvwxy", false}, {"ann smith", false}, {"guest-abc", false}, {"GUEST-x1", false}, {"a<b", false},
	} {
		if err := ValidName(c.name); (err == nil) != c.ok {
			t.Errorf("ValidName(%q) = %v, want ok %v", c.name, err, c.ok)
		}
	}
}

func TestWeakPasswords(t *testing.T) {
	for _, c := range []struct {
		name, pw string
		code     domain.Code
	}{
		{"ann", "short", domain.BadRequest},
		{"ann", "password", domain.WeakPassword},
		{"ann", "PassWord", domain.WeakPassword},
		{"annabelle", "Annabelle", domain.WeakPassword},
		{"ann", "correct horse battery", ""},
	} {
		err := validPassword(c.name, c.pw)
		if got := domain.Code(""); err != nil {
			got = domain.ErrorCode(err)
			if got != c.code {
				t.Errorf("%s/%q: %v, want %s", c.name, c.pw, err, c.code)
			}
		} else if c.code != "" {
			t.Errorf("%s/%q accepted, want %s", c.name, c.pw, c.code)
		}
	}
}

// TestLoginGuard: five failures are free; then each attempt waits, twice as long after each
// further failure; a success starts the count again; one attempt at a time per account.
func TestLoginGuard(t *testing.T) {
	var g loginGuard
	now := time.Unix(1e9, 0)
	for i := range loginFreeFailures {
		if _, ok := g.begin("ann", now); !ok {
			t.Fatalf("attempt %d refused", i+1)
		}
		if _, ok := g.begin("ann", now); ok {
			t.Fatal("a second attempt in parallel was allowed")
		}
		g.end("ann", false, now)
	}
	wait, ok := g.begin("ann", now)
	if ok || wait != loginFirstWait {
		t.Fatalf("after %d failures: wait %v ok %v, want %v", loginFreeFailures, wait, ok, loginFirstWait)
	}
	now = now.Add(wait)
	if _, ok := g.begin("ann", now); !ok {
		t.Fatal("refused after the wait")
	}
	g.end("ann", false, now)
	if wait, _ := g.begin("ann", now); wait != 2*loginFirstWait {
		t.Fatalf("wait %v after a further failure, want %v", wait, 2*loginFirstWait)
	}
	if _, ok := g.begin("bob", now); !ok {
		t.Fatal("another account waits too")
	}
	g.end("bob", true, now)
	now = now.Add(time.Minute)
	g.begin("ann", now)
	g.end("ann", true, now)
	if _, ok := g.begin("ann", now); !ok {
		t.Fatal("a success did not start the count again")
	}
}
