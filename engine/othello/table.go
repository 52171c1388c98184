package othello

import (
	"math/bits"
	"sync/atomic"
	"unsafe"
)

// The transposition table: bounds on the value of positions searched before, shared by the
// midgame search and the exact solver and by all the threads of a search.
//
// An entry holds a lower and an upper bound of a position's value searched to some depth: a
// depth at least the number of empty squares means the bounds are exact (a solved value), and
// only those are trusted by the solver; shallower ones still give it their best move to try
// first. An entry is two words written and read atomically: a 64-bit check of the position (a
// hash independent of the one that picks the bucket) xor-ed with the data word, and the data.
// A reader checks the key against the data it read, so a half-written entry (two threads
// storing at once) never passes for another position's. Four entries share a cache line: the
// solver of a big endgame stores far more positions than any table holds, and a four-way choice
// of what to replace keeps the costly ones (12% fewer nodes and time than two entries of 24 bytes
// on FFO #53 at 256 MB). What is replaced is the entry whose search took the fewest nodes, not
// the shallowest: a deep entry found by a quick cut-off is cheap to find again (FFO #55, one
// thread, 256 MB, with the shared table from 13 empties: 8.54 G nodes against 9.41 G when depth
// counted twice as much as the log of the nodes; from 16 empties, where the solver now starts
// using it, the two are within 1%).

// ttData is an entry's data word:
//
//	bits  0- 7  lower bound + 64
//	bits  8-15  upper bound + 64
//	bits 16-23  best move (noMove if none)
//	bits 24-31  depth searched
//	bits 32-39  search generation, for replacement
//	bits 40-47  log2 of the nodes the search took, for replacement
//	bits 48-50  the search's exactness: selExact, or the selectivity of a probcut search
type ttData uint64

const noMove = 255

func packData(lower, upper, move, depth int, gen uint8, cost, sel int) ttData {
	return ttData(uint64(lower+64) | uint64(upper+64)<<8 | uint64(move&255)<<16 | uint64(depth&255)<<24 |
		uint64(gen)<<32 | uint64(cost&255)<<40 | uint64(sel&7)<<48)
}

func (d ttData) lower() int { return int(d&255) - 64 }
func (d ttData) upper() int { return int(d>>8&255) - 64 }
func (d ttData) move() int  { return int(d >> 16 & 255) }
func (d ttData) depth() int { return int(d >> 24 & 255) }
func (d ttData) gen() uint8 { return uint8(d >> 32) }
func (d ttData) cost() int  { return int(d >> 40 & 255) }
func (d ttData) sel() int   { return int(d >> 48 & 7) }

// covers reports whether the entry's bounds hold for a search to depth with exactness sel: it
// was searched at least as deep and at least as exactly.
func (d ttData) covers(depth, sel int) bool { return d.depth() >= depth && d.sel() >= sel }
func (d ttData) valid() bool                { return d != 0 }

// rank orders the results for one position: deeper first, then more exact.
func (d ttData) rank() int { return d.depth()<<3 | d.sel() }

type ttEntry struct {
	key, data ttWord
}

// ttBucket holds the entries a position may use: one cache line.
type ttBucket struct {
	e [4]ttEntry
}

// Table is a transposition table. It is safe for concurrent use by the threads of one search.
type Table struct {
	buckets []ttBucket
	mask    uint64
	gen     atomic.Uint32
}

// NewTable returns a table of about the given size in bytes (at least 64 KiB; a power of two
// number of 64-byte buckets).
func NewTable(bytes int) *Table {
	n := max(bytes/64, 1024)
	n = 1 << (bits.Len(uint(n)) - 1)
	t := &Table{buckets: make([]ttBucket, n), mask: uint64(n - 1)}
	adviseHugePages(t.buckets)
	return t
}

// Clear empties the table.
func (t *Table) Clear() {
	clear(t.buckets)
	t.gen.Store(0)
}

// NewSearch starts a new generation: entries of older searches are replaced first.
func (t *Table) NewSearch() { t.gen.Add(1) }

// hashPosition picks a position's bucket.
func hashPosition(p, o uint64) uint64 {
	h := p*0x9E3779B97F4A7C15 ^ bits.RotateLeft64(o*0xC2B2AE3D27D4EB4F, 31)
	h ^= h >> 29
	h *= 0xBF58476D1CE4E5B9
	return h ^ h>>32
}

// checkPosition is the key an entry keeps of its position: 64 bits independent of the bucket,
// so that another position found in the bucket passes for it with a chance of 2^-64 a probe.
func checkPosition(p, o uint64) uint64 {
	h := bits.RotateLeft64(p*0xD6E8FEB86659FD93, 23) ^ o*0x94D049BB133111EB
	h ^= h >> 31
	h *= 0xFF51AFD7ED558CCD
	return h ^ h>>29
}

// prefetch starts loading the position's bucket: a search that will probe it soon, with other
// work to do first, does not then wait for the memory.
func (t *Table) prefetch(p, o uint64) {
	prefetch(unsafe.Pointer(&t.buckets[hashPosition(p, o)&t.mask]))
}

// probe returns the data stored for the position, or 0.
func (t *Table) probe(p, o uint64) ttData {
	b := &t.buckets[hashPosition(p, o)&t.mask]
	key := checkPosition(p, o)
	for i := range b.e {
		e := &b.e[i]
		if d := e.data.Load(); d != 0 && e.key.Load()^d == key {
			return ttData(d)
		}
	}
	return 0
}

// store records the result of a search of the position to depth with exactness sel: value,
// searched in the window (alpha, beta), is a lower bound when it is at least beta, an upper
// bound when at most alpha, and exact in between. Results for the same position, depth and
// exactness narrow the stored bounds; deeper or more exact ones replace them. It reports
// whether it evicted another position's entry of the same search (the table is full).
func (t *Table) store(p, o uint64, depth, sel, alpha, beta, value, move int, nodes uint64) (evicted bool) {
	lower, upper := -64, 64
	switch {
	case value >= beta:
		lower = value
	case value <= alpha:
		upper = value
	default:
		lower, upper = value, value
	}
	gen := uint8(t.gen.Load())
	cost := bits.Len64(nodes)
	b := &t.buckets[hashPosition(p, o)&t.mask]
	key := checkPosition(p, o)
	var victim *ttEntry
	victimScore := 1 << 30
	for i := range b.e {
		e := &b.e[i]
		d := ttData(e.data.Load())
		if d != 0 && e.key.Load()^uint64(d) == key {
			rank := depth<<3 | sel
			switch {
			case d.rank() == rank:
				lower, upper = max(lower, d.lower()), min(upper, d.upper())
				if lower > upper { // an inconsistent pair (possible after a stop): keep the new one
					lower, upper = value, value
				}
				if move == noMove {
					move = d.move()
				}
			case d.rank() > rank:
				return false
			}
			victim, victimScore = e, -1
			break
		}
		// replace the entry of an older search first, then the one whose search took the
		// fewest nodes (the cheapest to do again), the shallower of equals
		score := d.cost()<<8 | d.depth()
		if d.gen() == gen {
			score += 1 << 16
		}
		if d == 0 {
			score = -1
		}
		if score < victimScore {
			victim, victimScore = e, score
		}
	}
	d := uint64(packData(lower, upper, move, depth, gen, cost, sel))
	victim.data.Store(d)
	victim.key.Store(key ^ d)
	return victimScore >= 1<<16
}
