// Package book is the Othello engine's opening book: the positions of the first plies of real
// games, each valued by negamax over the book tree down to leaves the engine evaluated.
//
// A position of the book is keyed canonically under the eight symmetries of the board (the
// side to move's discs and the opponent's, see Key), so that transposed and mirrored openings
// share one node. Each node holds the number of games that reached it, and its leaf: the best
// move that is not in the book with its value from an engine search (see Evaluator). A
// position's book moves are its legal moves whose resulting position is in the book; its value
// is the negamax of the tree below it, max(leaf value, max over its book moves of the value
// of the position it leads to, negated), in discs for the side to move. A move after which the
// opponent must pass leads to the position after the pass (same mover, value not negated).
//
// Build makes a book from games (WTHOR's, see the book command); Learn adds a game to it
// (creating the missing nodes of its first plies, evaluating their leaves and those that the new
// nodes made stale, and valuing the tree again); Merge lays one book over another (a user's
// learned games over the shipped book). Write and Read store a book in a compact, versioned file
// (see format.go); Shipped is the book embedded in the program.
//
// A Book is safe for concurrent use: lookups run together, a Learn or a Merge alone.
package book

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// Leaf states besides a square (0-63) of the node's canonical position.
const (
	// leafNone: every legal move of the position is a book move.
	leafNone = 64
	// leafPending: the leaf is not known yet (a new position), or is stale (its move has
	// become a book move since it was evaluated); Learn and Refresh evaluate it.
	leafPending = 65
)

// node is one position of the book.
type node struct {
	games uint32
	// leaf is the best move outside the book in the node's canonical position (a square), or
	// leafNone or leafPending; leafValue is its value for the mover.
	leaf      uint8
	leafValue int8
	// value is the negamax value for the mover, when valued.
	value  int8
	valued bool
}

// tree is the book's positions.
type tree map[Key]node

// Book is an opening book of 8x8 Othello from the standard start.
type Book struct {
	// wmu serialises the changes (Learn, Merge, Refresh): each works on a copy of the tree and
	// swaps it in under mu, so that lookups never wait for an evaluation.
	wmu   sync.Mutex
	mu    sync.RWMutex
	nodes tree
	// plies is how deep the book goes: the positions of games' first plies plies (the start is
	// ply 0) are book positions.
	plies int
	// depth is the depth of the engine's searches that valued the leaves (0: not known), for
	// what is learned later to be valued alike.
	depth int
}

// DefaultPlies is the depth of a book made without a depth of its own.
const DefaultPlies = 30

// MaxPlies is the deepest a book may go: the game's end.
const MaxPlies = 60

// New returns an empty book holding positions up to the given ply (DefaultPlies when 0) whose
// leaves are valued by searches of depth plies (0: not said).
func New(plies, depth int) *Book {
	if plies <= 0 {
		plies = DefaultPlies
	}
	return &Book{nodes: tree{}, plies: min(plies, MaxPlies), depth: min(max(depth, 0), MaxPlies)}
}

// Plies returns how deep the book goes: positions up to this ply are book positions.
func (b *Book) Plies() int { return b.plies }

// Depth returns the depth of the engine's searches that valued the book's leaves (0 when not
// known): what is learned later should be valued at that depth too (EngineEvaluator).
func (b *Book) Depth() int { return b.depth }

// Len returns the number of positions in the book.
func (b *Book) Len() int {
	b.mu.RLock()
	defer b.mu.RUnlock()
	return len(b.nodes)
}

// Clone returns an independent copy of the book.
func (b *Book) Clone() *Book {
	b.mu.RLock()
	defer b.mu.RUnlock()
	return &Book{nodes: maps.Clone(b.nodes), plies: b.plies, depth: b.depth}
}

// snapshot returns a copy of the tree to change (wmu held).
func (b *Book) snapshot() tree {
	b.mu.RLock()
	defer b.mu.RUnlock()
	return maps.Clone(b.nodes)
}

// swap makes t the book's tree (wmu held).
func (b *Book) swap(t tree) {
	b.mu.Lock()
	b.nodes = t
	b.mu.Unlock()
}

// startKey is the standard start's key.
var startKey = func() Key {
	s := reversi.Start(8)
	return KeyOf(s.Black, s.White)
}()

// child is where a move of a book position leads: the key of the next position with a mover
// who has a move (after the opponent's pass when it must pass), and the sign that turns that
// position's value into the move's; terminal when the move ends the game (final is then the
// move's value).
type child struct {
	key      Key
	sign     int
	terminal bool
	final    int
}

// follow plays sq for p against o.
func follow(p, o uint64, sq int) child {
	np, no := play(p, o, sq)
	if discs.Moves(np, no) != 0 {
		return child{key: KeyOf(np, no), sign: -1}
	}
	if discs.Moves(no, np) != 0 {
		return child{key: KeyOf(no, np), sign: 1}
	}
	return child{terminal: true, final: -finalMargin(np, no)}
}

// has reports whether k is a book position.
func (t tree) has(k Key) bool {
	_, ok := t[k]
	return ok
}

// bookMoves returns the legal moves of p against o that lead to book positions.
func (t tree) bookMoves(p, o uint64) uint64 {
	var in uint64
	for m := discs.Moves(p, o); m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		if c := follow(p, o, sq); !c.terminal && t.has(c.key) {
			in |= 1 << sq
		}
	}
	return in
}

// stale reports whether n, the node of k, has a leaf that is no longer outside the book.
func (t tree) stale(k Key, n node) bool {
	if n.leaf >= leafNone {
		return false
	}
	c := follow(k.P, k.O, int(n.leaf))
	return !c.terminal && t.has(c.key)
}

// ply returns the number of moves a position is from the start.
func (k Key) ply() int { return bits.OnesCount64(k.P|k.O) - 4 }

// negamax values every node from the deepest up. A node is valued when its leaf or one of its
// book moves is; a pending leaf counts for nothing.
func (t tree) negamax() {
	keys := make([]Key, 0, len(t))
	for k := range t {
		keys = append(keys, k)
	}
	// a move adds a disc: value the positions with the most discs first
	slices.SortFunc(keys, func(x, y Key) int { return y.ply() - x.ply() })
	for _, k := range keys {
		n := t[k]
		best, valued := 0, false
		if n.leaf < leafNone {
			best, valued = int(n.leafValue), true
		}
		for m := discs.Moves(k.P, k.O); m != 0; m &= m - 1 {
			c := follow(k.P, k.O, bits.TrailingZeros64(m))
			if c.terminal {
				continue
			}
			cn, ok := t[c.key]
			if !ok || !cn.valued {
				continue
			}
			if v := c.sign * int(cn.value); !valued || v > best {
				best, valued = v, true
			}
		}
		n.value, n.valued = int8(best), valued
		t[k] = n
	}
}

// pending marks the stale leaves pending and returns the keys of the nodes whose leaf is
// pending, in a fixed order (by ply, then key) so that work on them is reproducible.
func (t tree) pending() []Key {
	var keys []Key
	for k, n := range t {
		if t.stale(k, n) {
			n.leaf = leafPending
			t[k] = n
		}
		if n.leaf == leafPending {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, compareKeys)
	return keys
}

// compareKeys orders keys by ply, then by their discs.
func compareKeys(x, y Key) int {
	if d := x.ply() - y.ply(); d != 0 {
		return d
	}
	if x.P != y.P {
		return cmpUint(x.P, y.P)
	}
	return cmpUint(x.O, y.O)
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// evaluate evaluates the pending leaves of the nodes in keys, reporting each to progress (may
// be nil). An error leaves the rest pending.
func (t tree) evaluate(ctx context.Context, ev Evaluator, keys []Key, progress func(done, total int)) error {
	for i, k := range keys {
		n, ok := t[k]
		if !ok || n.leaf != leafPending {
			continue
		}
		move, value, found, err := ev.Leaf(ctx, k.P, k.O, t.bookMoves(k.P, k.O))
		if err != nil {
			return err
		}
		if !found {
			n.leaf = leafNone
		} else {
			if move < 0 || move > 63 || discs.Moves(k.P, k.O)&(1<<move) == 0 || value < -64 || value > 64 {
				return fmt.Errorf("book: the evaluator gave move %d value %d", move, value)
			}
			n.leaf, n.leafValue = uint8(move), int8(value)
		}
		t[k] = n
		if progress != nil {
			progress(i+1, len(keys))
		}
	}
	return nil
}

// Move is a move of a book position, as Lookup reports it.
type Move struct {
	// Square is the move (0-63, a1 = 0), in the orientation of the board looked up.
	Square int
	// Value is the move's value for the side to move, in discs: the negamax value of the
	// position it leads to (negated unless the opponent must pass then), or for the leaf the
	// engine's value.
	Value int
	// Valued tells whether Value is known (a position whose leaf waits for its evaluation,
	// with no valued book move, has none).
	Valued bool
	// Games is the number of games that reached the position the move leads to (by any move
	// order); 0 for the leaf.
	Games int
	// Leaf marks the best move outside the book, valued by the engine.
	Leaf bool
}

// Entry is what the book knows of a position.
type Entry struct {
	// Games is the number of games that reached the position.
	Games int
	// Value is the position's negamax value for the side to move, in discs (when Valued).
	Value  int
	Valued bool
	// Moves are the position's book moves, and then its leaf if it has one, best first (ties
	// by games, then by square), the moves without a value last.
	Moves []Move
}

// Lookup returns what the book knows of the board's position, and whether it is in the book.
// A side to move that must pass is not in the book (the position after the pass may be).
func (b *Book) Lookup(bd reversi.Board) (Entry, bool) {
	if bd.Size != 8 {
		return Entry{}, false
	}
	p, o := bd.Mover()
	if discs.Moves(p, o) == 0 {
		return Entry{}, false
	}
	b.mu.RLock()
	defer b.mu.RUnlock()
	return b.nodes.lookup(p, o)
}

func (t tree) lookup(p, o uint64) (Entry, bool) {
	k, sym := canonical(p, o)
	n, ok := t[k]
	if !ok {
		return Entry{}, false
	}
	e := Entry{Games: int(n.games), Value: int(n.value), Valued: n.valued}
	for m := discs.Moves(p, o); m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		c := follow(p, o, sq)
		if c.terminal {
			continue
		}
		if cn, ok := t[c.key]; ok {
			e.Moves = append(e.Moves, Move{Square: sq, Value: c.sign * int(cn.value), Valued: cn.valued, Games: int(cn.games)})
		}
	}
	if n.leaf < leafNone && !t.stale(k, n) {
		e.Moves = append(e.Moves, Move{Square: transformSquare(int(n.leaf), inverse(sym)), Value: int(n.leafValue), Valued: true, Leaf: true})
	}
	slices.SortStableFunc(e.Moves, func(x, y Move) int {
		switch {
		case x.Valued != y.Valued:
			if x.Valued {
				return -1
			}
			return 1
		case x.Value != y.Value:
			return y.Value - x.Value
		case x.Games != y.Games:
			return y.Games - x.Games
		}
		return x.Square - y.Square
	})
	return e, true
}

// Choose returns the book's move for the board: the best valued of its book moves and its
// leaf, at random (with rng; the first in Lookup's order when rng is nil) among those of equal
// value. ok is false when the position is not in the book or has no valued move.
func (b *Book) Choose(bd reversi.Board, rng *rand.Rand) (sq int, ok bool) {
	e, in := b.Lookup(bd)
	if !in || len(e.Moves) == 0 || !e.Moves[0].Valued {
		return 0, false
	}
	n := 1
	for n < len(e.Moves) && e.Moves[n].Valued && e.Moves[n].Value == e.Moves[0].Value {
		n++
	}
	if rng == nil || n == 1 {
		return e.Moves[0].Square, true
	}
	return e.Moves[rng.IntN(n)].Square, true
}

// Stats describe a book.
type Stats struct {
	// Positions is the number of positions; Leaves of them have a leaf (a valued move outside
	// the book), Pending a leaf still to evaluate (see Refresh).
	Positions, Leaves, Pending int
	// Games is the number of games that reached the start; FewestGames the fewest of any
	// position.
	Games, FewestGames int
	// Plies is the book's depth; Deepest the ply of its deepest position.
	Plies, Deepest int
}

// Stats returns the book's figures.
func (b *Book) Stats() Stats {
	b.mu.RLock()
	defer b.mu.RUnlock()
	st := Stats{Positions: len(b.nodes), Plies: b.plies}
	for k, n := range b.nodes {
		switch {
		case n.leaf == leafPending || b.nodes.stale(k, n):
			st.Pending++
		case n.leaf < leafNone:
			st.Leaves++
		}
		st.Deepest = max(st.Deepest, k.ply())
		if st.FewestGames == 0 || int(n.games) < st.FewestGames {
			st.FewestGames = int(n.games)
		}
	}
	st.Games = int(b.nodes[startKey].games)
	return st
}

// Value returns the value of the start for Black, when the book has one.
func (b *Book) Value() (int, bool) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	n, ok := b.nodes[startKey]
	return int(n.value), ok && n.valued
}

// ErrNotStandard is the error of a game that does not start from the standard 8x8 start.
var ErrNotStandard = errors.New("not an 8x8 game from the standard start")

// path returns the keys of the book positions a game goes through, from the start to ply
// plies at most: the positions before each move whose mover has a move (the position after a
// pass is the one after the move before it). An illegal move is an error naming its ply.
func path(moves []int, plies int) ([]Key, error) {
	bd := reversi.Start(8)
	keys := []Key{startKey}
	for i, m := range moves {
		if m == reversi.Pass {
			if bd.Moves() != 0 {
				return nil, fmt.Errorf("ply %d: a pass while a move is available", i+1)
			}
			if bd.OpponentMoves() == 0 {
				return nil, fmt.Errorf("ply %d: a pass after the end of the game", i+1)
			}
			bd.Pass()
			continue
		}
		if bd.Moves() == 0 && bd.OpponentMoves() != 0 {
			bd.Pass() // a pass the record left out
		}
		if _, err := bd.Play(m); err != nil {
			return nil, fmt.Errorf("ply %d: %w", i+1, err)
		}
		if bits.OnesCount64(bd.Black|bd.White)-4 > plies {
			break
		}
		p, o := bd.Mover()
		switch {
		case discs.Moves(p, o) != 0:
			keys = append(keys, KeyOf(p, o))
		case discs.Moves(o, p) != 0:
			keys = append(keys, KeyOf(o, p))
		default:
			if i+1 < len(moves) {
				return nil, fmt.Errorf("ply %d: a move after the end of the game", i+2)
			}
			return keys, nil
		}
	}
	return keys, nil
}

// Refresh evaluates the leaves that are pending (new positions, or leaves whose move has become
// a book move, as after a Merge) and values the book again. It returns how many it evaluated.
// Stopped by ctx or failing, it changes nothing and returns the error.
func (b *Book) Refresh(ctx context.Context, ev Evaluator) (int, error) {
	b.wmu.Lock()
	defer b.wmu.Unlock()
	t := b.snapshot()
	keys := t.pending()
	if len(keys) == 0 {
		return 0, nil
	}
	if err := t.evaluate(ctx, ev, keys, nil); err != nil {
		return 0, err
	}
	t.negamax()
	b.swap(t)
	return len(keys), nil
}

// Pending returns the number of positions whose leaf waits for an evaluation (see Refresh).
func (b *Book) Pending() int { return b.Stats().Pending }
