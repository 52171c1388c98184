package mcts

import "turncoat/game"

// Tree reuse: between moves a tree keeps the subtree of the position it is asked about next,
// found among the nodes a few plies below its root by comparing canonical encodings.

const (
	// reuseDepth is how deep below the old root advance looks: our move, the opponent's
	// reply, and a pass.
	reuseDepth = 3
	// reuseScan bounds the nodes advance replays.
	reuseScan = 4096
)

// advance makes the node whose state encodes to key (the encoding of s) the tree's root,
// dropping the rest of the tree, and reports whether it found one.
func (t *tree) advance(s game.State, key string) bool {
	if t.state == nil || len(t.nodes) == 0 {
		return false
	}
	if t.state.Encode() == key {
		return true
	}
	type item struct {
		n     int32
		state game.State
		depth int
	}
	queue := []item{{t.root, t.state, 0}}
	scanned := 0
	for len(queue) > 0 && scanned < reuseScan {
		it := queue[0]
		queue = queue[1:]
		if it.depth == reuseDepth {
			continue
		}
		found := int32(none)
		var foundState game.State
		t.children(it.n, func(c int32, a game.Action, j game.Joint, simultaneous bool) bool {
			if t.nodes[c].visits == 0 {
				return true
			}
			cs := it.state.Clone()
			var err error
			if simultaneous {
				err = cs.ApplyJoint(j)
			} else {
				err = cs.Apply(a)
			}
			if err != nil {
				return true
			}
			scanned++
			if cs.Encode() == key {
				found, foundState = c, cs
				return false
			}
			queue = append(queue, item{c, cs, it.depth + 1})
			return scanned < reuseScan
		})
		if found != none {
			t.compact(found)
			t.state = foundState
			return true
		}
	}
	return false
}

// children calls f for each child of n with its action (sequential) or joint selection
// (simultaneous) until f returns false.
func (t *tree) children(n int32, f func(c int32, a game.Action, j game.Joint, simultaneous bool) bool) {
	nd := &t.nodes[n]
	if nd.sim != none {
		st := &t.sims[nd.sim]
		for c := st.children; c != none; c = t.nodes[c].next {
			a, b := unpackJoint(t.nodes[c].action)
			if !f(c, game.NoAction, game.Joint{st.acts[0][a], st.acts[1][b]}, true) {
				return
			}
		}
		return
	}
	for i := range max(nd.count, 0) {
		c := nd.first + i
		if !f(c, t.nodes[c].action, game.Joint{}, false) {
			return
		}
	}
}

// unpackJoint splits a simultaneous child's packed joint selection into the two sides' indices.
func unpackJoint(a game.Action) (int32, int32) { return int32(a) >> 16, int32(a) & 0xffff }

// compact copies the subtree of r into the spare arena, which becomes the tree with r as its
// root (index 0).
func (t *tree) compact(r int32) {
	dst := t.spare[:0]
	sims := make([]simStats, 0, len(t.sims)/4+1)
	var simBytes int64
	joint := make(map[uint64]int32, len(t.joint)/4+1)
	dst = append(dst, t.nodes[r])
	dst[0].next = none
	type pair struct{ old, new int32 }
	queue := []pair{{r, 0}}
	for i := 0; i < len(queue); i++ {
		o, nw := queue[i].old, queue[i].new
		od := t.nodes[o]
		switch {
		case od.sim != none:
			st := t.sims[od.sim]
			ns := simStats{acts: st.acts, arms: st.arms, children: none}
			for c := st.children; c != none; c = t.nodes[c].next {
				ci := int32(len(dst))
				ch := t.nodes[c]
				ch.next = ns.children
				ns.children = ci
				dst = append(dst, ch)
				a, b := unpackJoint(ch.action)
				joint[jointKey(nw, a, b)] = ci
				queue = append(queue, pair{c, ci})
			}
			dst[nw].sim = int32(len(sims))
			sims = append(sims, ns)
			simBytes += simBytesOf(&ns)
		case od.count > 0:
			first := int32(len(dst))
			dst = append(dst, t.nodes[od.first:od.first+od.count]...)
			dst[nw].first = first
			for k := range od.count {
				queue = append(queue, pair{od.first + k, first + k})
			}
		}
	}
	t.spare = t.nodes
	t.nodes = dst
	t.sims = sims
	t.simBytes = simBytes
	t.joint = joint
	t.root = 0
}
