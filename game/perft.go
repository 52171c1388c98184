package game

// Perft counts the leaves of the game tree of s to the given depth through the contract, with the
// convention of published perft tables: every action (a pass too) consumes one ply, a joint move
// of a simultaneous node is one ply, and a finished game reached before the last ply is one leaf.
// s is not changed. Games ship faster specialised versions; this one is their reference.
func Perft(s State, depth int) uint64 {
	if depth == 0 || s.ToAct() == Nobody {
		return 1
	}
	bufs := make([][2][]Action, depth)
	return perft(s, depth, bufs)
}

func perft(s State, depth int, bufs [][2][]Action) uint64 {
	if depth == 0 || s.ToAct() == Nobody {
		return 1
	}
	acts := s.ToAct()
	b := &bufs[depth-1]
	var n uint64
	if acts.Simultaneous() {
		b[0] = s.Legal(First, b[0][:0])
		b[1] = s.Legal(Second, b[1][:0])
		if depth == 1 {
			return uint64(len(b[0]) * len(b[1]))
		}
		for _, a := range b[0] {
			for _, c := range b[1] {
				t := s.Clone()
				if err := t.ApplyJoint(Joint{a, c}); err != nil {
					panic("game: perft: legal joint move rejected: " + err.Error())
				}
				n += perft(t, depth-1, bufs)
			}
		}
		return n
	}
	p := acts.Single()
	b[0] = s.Legal(p, b[0][:0])
	if depth == 1 {
		return uint64(len(b[0]))
	}
	for _, a := range b[0] {
		t := s.Clone()
		if err := t.Apply(a); err != nil {
			panic("game: perft: legal move rejected: " + err.Error())
		}
		n += perft(t, depth-1, bufs)
	}
	return n
}

// Perfter is a state with a specialised perft of its own, with Perft's convention.
type Perfter interface {
	Perft(depth int) uint64
}

// FastPerft uses the state's own perft when it has one, else Perft.
func FastPerft(s State, depth int) uint64 {
	if p, ok := s.(Perfter); ok {
		return p.Perft(depth)
	}
	return Perft(s, depth)
}
