package turnoverab

import "turncoat/games/turnover"

// Bounds of a stored score.
const (
	boundExact uint8 = iota
	boundLower       // the score is at least this (a cut-off)
	boundUpper       // the score is at most this (no move reached alpha)
)

// entry is what the table returns for a position.
type entry struct {
	move  turnover.Move
	score int16
	depth int8
	flag  uint8
}

// slot is one entry of the table, 16 bytes: the whole hash, and the entry packed as
//
//	bits 0-20   move (its 21 bits)
//	bits 21-36  score (int16)
//	bits 37-44  depth (int8)
//	bits 45-46  bound
//	bits 47-54  age: the search that stored it
type slot struct {
	key  uint64
	data uint64
}

func pack(m turnover.Move, score, depth int, flag, age uint8) uint64 {
	return uint64(m)&(1<<21-1) | uint64(uint16(int16(score)))<<21 | uint64(uint8(int8(depth)))<<37 |
		uint64(flag&3)<<45 | uint64(age)<<47
}

func unpack(d uint64) entry {
	return entry{move: turnover.Move(d & (1<<21 - 1)), score: int16(uint16(d >> 21)), depth: int8(uint8(d >> 37)), flag: uint8(d>>45) & 3}
}

func ageOf(d uint64) uint8 { return uint8(d >> 47) }

// table is the transposition table: one entry per slot, indexed by the hash's low bits and
// checked by the whole hash; a new entry replaces one of an older search, a shallower one, or
// (if not much deeper) another position's.
type table struct {
	slots []slot
	mask  uint64
	age   uint8
}

func newTable(bits int) table {
	bits = min(max(bits, 10), 26)
	return table{slots: make([]slot, 1<<bits), mask: 1<<bits - 1}
}

func (t *table) clear() { clear(t.slots) }

// probe returns the entry of the position with this hash, if the table has one.
func (t *table) probe(key uint64) (entry, bool) {
	s := t.slots[key&t.mask]
	if s.key != key || s.data == 0 {
		return entry{}, false
	}
	return unpack(s.data), true
}

func (t *table) store(key uint64, m turnover.Move, score, depth int, flag uint8) {
	s := &t.slots[key&t.mask]
	if s.data != 0 && ageOf(s.data) == t.age {
		old := unpack(s.data)
		if s.key == key && int(old.depth) > depth || s.key != key && int(old.depth) > depth+2 {
			return // keep the deeper result of this search
		}
		if m == turnover.NoMove && s.key == key {
			m = old.move
		}
	}
	s.key, s.data = key, pack(m, score, min(depth, 127), flag, t.age)
}
