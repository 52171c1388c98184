package tournament

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Amount is a sum of a tournament's currency in hundredths (150 WRZ$ is 15000), so that a
// shared reward is exact. Its text and JSON forms are decimal: 150, 75.5, -12.25.
type Amount int64

// Units returns the amount of n whole units of currency.
func Units(n int64) Amount { return Amount(n * 100) }

// String writes the amount as a decimal: "150", "75.50", "-0.01".
func (a Amount) String() string {
	sign := ""
	u := uint64(a)
	if a < 0 {
		sign, u = "-", uint64(-a)
	}
	whole, cents := u/100, u%100
	if cents == 0 {
		return sign + strconv.FormatUint(whole, 10)
	}
	return fmt.Sprintf("%s%d.%02d", sign, whole, cents)
}

// ErrAmount marks text that is not an amount.
var ErrAmount = errors.New("not an amount")

// ParseAmount reads a decimal amount with at most two decimals: "150", "75.5", "-12.25".
func ParseAmount(s string) (Amount, error) {
	bad := func() (Amount, error) {
		return 0, fmt.Errorf("%w: %q (want a number with at most two decimals, like 150 or 75.50)", ErrAmount, s)
	}
	t := s
	neg := strings.HasPrefix(t, "-")
	if neg {
		t = t[1:]
	}
	whole, frac, dot := strings.Cut(t, ".")
	if whole == "" || len(whole) > 15 || dot && (len(frac) == 0 || len(frac) > 2) {
		return bad()
	}
	for _, part := range []string{whole, frac} {
		for i := 0; i < len(part); i++ {
			if part[i] < '0' || part[i] > '9' {
				return bad()
			}
		}
	}
	w, _ := strconv.ParseInt(whole, 10, 64)
	var c int64
	if dot {
		c, _ = strconv.ParseInt(frac, 10, 64)
		if len(frac) == 1 {
			c *= 10
		}
	}
	a := Amount(w*100 + c)
	if neg {
		a = -a
	}
	return a, nil
}

// MarshalJSON writes the amount as a JSON number in decimal ("75.5" as 75.50).
func (a Amount) MarshalJSON() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalJSON reads a JSON number with at most two decimals (or the same in a string).
func (a *Amount) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	x, err := ParseAmount(s)
	if err != nil {
		return err
	}
	*a = x
	return nil
}

// split divides a reward between the two sides of a drawn board: each gets half, and an odd
// hundredth goes to first (Red), so the parts always add up to the reward.
func split(reward Amount) [2]Amount {
	half := reward / 2
	return [2]Amount{reward - half, half}
}

// LedgerEntry is one line of the rewards ledger: an award or a correction, with the player's
// running balance after it. Entries are never changed once written: a correction is a new entry
// that names the one it corrects.
type LedgerEntry struct {
	// Seq is the entry's number, from 1, in the order entries were written.
	Seq    int       `json:"seq"`
	At     time.Time `json:"at"`
	Player string    `json:"player"`
	Amount Amount    `json:"amount"`
	// Balance is the player's balance after this entry: the sum of the player's amounts so far.
	Balance Amount `json:"balance"`
	// Board and Round say which board's result the award is for, and in which round it was
	// decided (0 when not about a board).
	Board int `json:"board,omitempty"`
	Round int `json:"round,omitempty"`
	// Reason says why, in words ("won Board #3 20-16", "shared Board #5 (draw)").
	Reason string `json:"reason"`
	// Corrects is the Seq of the entry a correction corrects, 0 for an award.
	Corrects int `json:"corrects,omitempty"`
}

// Ledger is the tournament's rewards ledger: entries in order and each player's balance. It only
// grows.
type Ledger struct {
	entries  []LedgerEntry
	balances map[string]Amount
	total    Amount
}

// Entries returns a copy of the entries in order.
func (l Ledger) Entries() []LedgerEntry { return append([]LedgerEntry(nil), l.entries...) }

// Len returns the number of entries.
func (l Ledger) Len() int { return len(l.entries) }

// Balance returns player's balance (0 for a player without entries).
func (l Ledger) Balance(player string) Amount { return l.balances[player] }

// Balances returns every player's balance.
func (l Ledger) Balances() map[string]Amount {
	m := make(map[string]Amount, len(l.balances))
	for k, v := range l.balances {
		m[k] = v
	}
	return m
}

// Total returns the sum of every entry: what the tournament has paid out.
func (l Ledger) Total() Amount { return l.total }

// append writes a new entry, filling its number and the running balance, and returns it.
func (l *Ledger) append(e LedgerEntry) LedgerEntry {
	if l.balances == nil {
		l.balances = map[string]Amount{}
	}
	e.Seq = len(l.entries) + 1
	l.balances[e.Player] += e.Amount
	e.Balance = l.balances[e.Player]
	l.total += e.Amount
	l.entries = append(l.entries, e)
	return e
}

// restoreLedger rebuilds a ledger from stored entries, checking that they are numbered in order,
// that every balance is the running sum, and that corrections name an earlier entry of the same
// player.
func restoreLedger(entries []LedgerEntry) (Ledger, error) {
	var l Ledger
	for i, e := range entries {
		if e.Seq != i+1 {
			return Ledger{}, fmt.Errorf("ledger entry %d is numbered %d", i+1, e.Seq)
		}
		if e.Player == "" || e.Reason == "" {
			return Ledger{}, fmt.Errorf("ledger entry %d has no player or no reason", e.Seq)
		}
		if e.Corrects != 0 {
			if e.Corrects < 0 || e.Corrects >= e.Seq || entries[e.Corrects-1].Player != e.Player {
				return Ledger{}, fmt.Errorf("ledger entry %d corrects entry %d, which is not an earlier entry of %s", e.Seq, e.Corrects, e.Player)
			}
		}
		want := e
		if got := l.append(e); got.Balance != want.Balance {
			return Ledger{}, fmt.Errorf("ledger entry %d: balance %s, but %s's entries add up to %s", e.Seq, want.Balance, e.Player, got.Balance)
		}
	}
	return l, nil
}
