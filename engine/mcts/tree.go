package mcts

import (
	"math"
	"math/rand/v2"
	"slices"
	"unsafe"

	"turncoat/game"
	"turncoat/internal/wyrand"
)

// proof is a node's game-theoretic value once the search has proven it (MCTS-solver), in
// absolute terms: who wins with best play, or a draw.
type proof int8

const (
	unproven proof = iota
	firstWins
	secondWins
	drawn
)

// proofOf returns the proof of a finished game.
func proofOf(o game.Outcome) proof {
	switch o.Winner {
	case game.First:
		return firstWins
	case game.Second:
		return secondWins
	}
	return drawn
}

// winFor returns the proof that p wins.
func winFor(p game.Player) proof {
	if p == game.First {
		return firstWins
	}
	return secondWins
}

// reward returns First's reward of a proven node.
func (p proof) reward() float64 {
	switch p {
	case firstWins:
		return 1
	case secondWins:
		return 0
	}
	return 0.5
}

// rank orders proofs for player p: 2 a win, 1 a draw, 0 a loss (and -1 unproven).
func (p proof) rank(pl game.Player) int {
	switch p {
	case unproven:
		return -1
	case drawn:
		return 1
	case winFor(pl):
		return 2
	}
	return 0
}

// none marks a missing node index.
const none = -1

// node is one state of the tree, reached from its parent by action (sequential parent) or by
// the joint selection packed in action (simultaneous parent: First's index << 16 | Second's).
// The arena holds nodes by value and without pointers, so the garbage collector never scans it.
type node struct {
	// sum is First's total reward over the visits; visits counts the simulations through
	// the node.
	sum    float64
	visits int64
	action game.Action
	// first and count locate the children of a sequential node, a contiguous block of the
	// arena; count is -1 until the node is expanded.
	first, count int32
	// next links the children of a simultaneous node (which are created one by one as joint
	// selections are tried); sim indexes the node's statistics in tree.sims, or none.
	next, sim int32
	actors    game.Actors
	proof     proof
}

// arm is one action's statistics at a simultaneous node, for the player who owns it.
type arm struct {
	visits float64
	sum    float64 // the owner's rewards
	regret float64 // regret matching: cumulative regret
	strat  float64 // regret matching: cumulative strategy (the average strategy's weights)
}

// simStats are the per-player statistics of a simultaneous node.
type simStats struct {
	acts [2][]game.Action
	arms [2][]arm
	// base is subtracted from every arm's regret field: adding the obtained value to it
	// takes that value from all regrets at once.
	base [2]float64
	// children is the head of the list of created joint children.
	children int32
}

// step is one node of an iteration's path, with the joint selection and the probabilities it
// was sampled with at a simultaneous node (regret matching's update needs them).
type step struct {
	node   int32
	a, b   int32
	pa, pb float64
}

// SimSelect is how a simultaneous node chooses each side's selection during the search.
type SimSelect uint8

// Selection rules at simultaneous nodes.
const (
	// RegretMatching samples each side's selection from regret matching's strategy mixed with
	// uniform exploration, and the search plays the average strategy (SM-MCTS with RM).
	RegretMatching SimSelect = iota
	// DecoupledUCT lets each side pick by UCB1 over its own selections' statistics, as if the
	// other side's were part of the environment (DUCT); the search plays in proportion to
	// visits.
	DecoupledUCT
)

// String returns "rm" or "duct".
func (s SimSelect) String() string {
	if s == DecoupledUCT {
		return "duct"
	}
	return "rm"
}

// tree is one search tree: an arena of nodes, the simultaneous nodes' statistics, and what an
// iteration needs (random source, playout, buffers). A tree belongs to one goroutine.
type tree struct {
	cfg     *Config
	nodes   []node
	sims    []simStats
	joint   map[uint64]int32 // (simultaneous node, joint selection) -> child
	root    int32
	state   game.State // the root's state
	src     *wyrand.Source
	rng     *rand.Rand
	playout Playout
	path    []step
	buf     []game.Action
	// sel holds each side's selections while a simultaneous node is expanded.
	sel [2][]game.Action
	// mask, when set, limits the root's choices for each side (the tactical layer's safe
	// selections); mask[p][i] tells whether p's i-th root action may be chosen.
	mask [2][]bool
	// order is the game's move-ordering heuristic, or nil.
	order  Ordering
	scores []float64
	// fresh tells backup that the iteration proved its leaf (a finished game), so proofs
	// may propagate upwards.
	fresh bool
	// spare is the other arena of the double buffer compaction copies into.
	spare []node
	// simBytes is the memory of the simultaneous nodes' statistics; maxBytes is the tree's
	// share of Config.MaxBytes.
	simBytes, maxBytes int64
}

// Sizes the memory bound counts.
const (
	nodeBytes = int64(unsafe.Sizeof(node{}))
	// simBytes0 is a simultaneous node's statistics without its selections; armBytes is one
	// selection's (its arm and its action).
	simBytes0 = int64(unsafe.Sizeof(simStats{}))
	armBytes  = int64(unsafe.Sizeof(arm{}) + unsafe.Sizeof(game.Action(0)))
	// jointBytes is an entry of the joint-selection index, with the map's overhead.
	jointBytes = 32
)

// size returns the memory the tree holds, as Config.MaxBytes counts it.
func (t *tree) size() int64 {
	arena := int64(len(t.nodes)) * nodeBytes
	if t.cfg.Reuse {
		arena *= 2 // the spare arena compaction copies into
	}
	return arena + t.simBytes + int64(len(t.joint))*jointBytes
}

// room reports whether the tree may grow by n nodes and extra bytes of statistics. The root
// may always be expanded: a search needs its choices.
func (t *tree) room(n int, extra int64) bool {
	if len(t.nodes) <= 1 {
		return true
	}
	if len(t.nodes)+n > t.cfg.MaxNodes {
		return false
	}
	grow := int64(n)*nodeBytes + extra
	if t.cfg.Reuse {
		grow += int64(n) * nodeBytes
	}
	return t.size()+grow <= t.maxBytes
}

func newTree(cfg *Config, g game.Game, seed, stream uint64) *tree {
	src := wyrand.New(seed, stream)
	t := &tree{cfg: cfg, src: src, rng: rand.New(src), joint: map[uint64]int32{},
		maxBytes: cfg.MaxBytes / int64(max(cfg.Workers, 1))}
	if cfg.Playout != nil {
		t.playout = cfg.Playout(g)
	} else {
		t.playout = GamePlayout(g)
	}
	t.order = orderingOf(g)
	return t
}

// reset makes s (a private copy) the root of an empty tree.
func (t *tree) reset(s game.State) {
	t.nodes = t.nodes[:0]
	t.sims = t.sims[:0]
	t.simBytes = 0
	clear(t.joint)
	t.nodes = append(t.nodes, node{first: none, count: -1, next: none, sim: none, action: game.NoAction})
	t.root = 0
	t.state = s
	t.mask = [2][]bool{}
}

// jointKey packs a simultaneous node and a joint selection.
func jointKey(n, a, b int32) uint64 { return uint64(n)<<32 | uint64(a)<<16 | uint64(b) }

// expand fills in n's actors and children from its state s. It marks a finished game proven.
// It reports false when the arena is full (the node stays a leaf).
func (t *tree) expand(n int32, s game.State) bool {
	return t.expandWith(n, s, [2][]game.Action{})
}

// expandWith is expand with each side's selections at a simultaneous node limited to
// restrict[p] when that leaves some (the root's safe selections).
func (t *tree) expandWith(n int32, s game.State, restrict [2][]game.Action) bool {
	acts := s.ToAct()
	if acts == game.Nobody {
		t.nodes[n].proof = proofOf(s.Outcome())
		t.nodes[n].actors = acts
		t.fresh = true
		return true
	}
	if acts.Simultaneous() {
		if !t.room(0, simBytes0) {
			return false
		}
		var st simStats
		for p := game.First; p <= game.Second; p++ {
			t.buf = s.Legal(p, t.buf[:0])
			if r := restrict[p]; r != nil {
				kept := t.buf[:0]
				for _, a := range t.buf {
					if slices.Contains(r, a) {
						kept = append(kept, a)
					}
				}
				if len(kept) > 0 {
					t.buf = kept
				} else {
					t.buf = s.Legal(p, t.buf[:0])
				}
			}
			if k := t.cfg.Widen; k > 0 && len(t.buf) > 2*k && t.order != nil {
				t.buf = t.best(s, p, t.buf, k)
			}
			if len(t.buf) == 0 {
				// A side to act without an action breaks the contract: score it a draw
				// rather than fail the search.
				t.nodes[n].proof, t.nodes[n].actors, t.fresh = drawn, acts, true
				return true
			}
			t.sel[p] = append(t.sel[p][:0], t.buf...)
		}
		if !t.room(0, simBytes0+int64(len(t.sel[0])+len(t.sel[1]))*armBytes) {
			return false
		}
		for p := range 2 {
			st.acts[p] = slices.Clone(t.sel[p])
			st.arms[p] = make([]arm, len(t.sel[p]))
		}
		st.children = none
		t.sims = append(t.sims, st)
		t.simBytes += simBytesOf(&st)
		nd := &t.nodes[n]
		nd.sim = int32(len(t.sims) - 1)
		nd.actors = acts
		nd.count = 0
		return true
	}
	t.buf = s.Legal(acts.Single(), t.buf[:0])
	if len(t.buf) == 0 {
		t.nodes[n].proof, t.nodes[n].actors, t.fresh = drawn, acts, true // as above
		return true
	}
	if !t.room(len(t.buf), 0) {
		return false
	}
	// Shuffle, so that unvisited children are tried in random order without a draw per
	// selection.
	for i := len(t.buf) - 1; i > 0; i-- {
		j := t.src.Below(i + 1)
		t.buf[i], t.buf[j] = t.buf[j], t.buf[i]
	}
	first := int32(len(t.nodes))
	for _, a := range t.buf {
		t.nodes = append(t.nodes, node{action: a, first: none, count: -1, next: none, sim: none})
	}
	nd := &t.nodes[n]
	nd.first, nd.count, nd.actors = first, int32(len(t.buf)), acts
	return true
}

// best keeps the k actions of p that the game's ordering scores highest (ties at random), in
// their original order.
func (t *tree) best(s game.State, p game.Player, acts []game.Action, k int) []game.Action {
	t.scores = t.order(s, p, acts, t.scores[:0])
	for i := range t.scores {
		t.scores[i] += t.src.Float() * 1e-6 // break ties at random
	}
	sorted := slices.Clone(t.scores)
	slices.Sort(sorted)
	cut := sorted[len(sorted)-k]
	kept := acts[:0]
	for i, a := range acts {
		if t.scores[i] >= cut && len(kept) < k {
			kept = append(kept, a)
		}
	}
	return kept
}

// simBytesOf returns the memory of a simultaneous node's statistics.
func simBytesOf(st *simStats) int64 {
	return simBytes0 + int64(len(st.arms[0])+len(st.arms[1]))*armBytes
}

// expanded reports whether n has been expanded.
func (nd *node) expanded() bool { return nd.count >= 0 || nd.sim != none }

// iterate runs one simulation: select down the tree, expand, play out, back up.
func (t *tree) iterate() {
	s := t.state.Clone()
	n := t.root
	t.path = t.path[:0]
	t.fresh = false
	var r float64
	for {
		nd := &t.nodes[n]
		if nd.proof != unproven {
			r = nd.proof.reward()
			t.path = append(t.path, step{node: n, a: none})
			break
		}
		if !nd.expanded() {
			if nd.visits == 0 && n != t.root {
				// A new leaf: finished games are proven at once, others are played out.
				t.path = append(t.path, step{node: n, a: none})
				if s.ToAct() == game.Nobody {
					p := proofOf(s.Outcome())
					t.nodes[n].proof = p
					t.fresh = true
					r = p.reward()
				} else {
					r = t.playout(s, t.rng)
				}
				break
			}
			if !t.expand(n, s) {
				t.path = append(t.path, step{node: n, a: none})
				r = t.playout(s, t.rng)
				break
			}
			nd = &t.nodes[n]
			if nd.proof != unproven {
				continue
			}
		}
		if nd.sim == none {
			c := t.selectUCT(n)
			t.path = append(t.path, step{node: n, a: none})
			if s.Apply(t.nodes[c].action) != nil {
				r = 0.5 // a game bug: the tree's legal action was refused
				break
			}
			n = c
			continue
		}
		a, b, pa, pb := t.selectSim(n)
		st := &t.sims[nd.sim]
		j := game.Joint{st.acts[0][a], st.acts[1][b]}
		c := t.simChild(n, a, b)
		t.path = append(t.path, step{node: n, a: a, b: b, pa: pa, pb: pb})
		if s.ApplyJoint(j) != nil {
			r = 0.5
			break
		}
		if c == none {
			// The tree is full: play out from the round's result without a node for it.
			if o := s.Outcome(); o.Over {
				r = proofOf(o).reward()
			} else {
				r = t.playout(s, t.rng)
			}
			break
		}
		n = c
	}
	t.backup(r)
}

// selectUCT picks a child of the sequential node n by UCB1, for the side to act there. Proven
// losses for that side are skipped; unvisited children come first (in the shuffled order).
func (t *tree) selectUCT(n int32) int32 {
	nd := &t.nodes[n]
	q := nd.actors.Single()
	logN := math.Log(float64(nd.visits) + 1)
	c := t.cfg.C
	best, bestV := int32(none), math.Inf(-1)
	var mask []bool
	if n == t.root {
		mask = t.mask[q]
	}
	for i := range nd.count {
		ci := nd.first + i
		ch := &t.nodes[ci]
		if mask != nil && !mask[i] {
			continue
		}
		if ch.proof != unproven && t.cfg.Solver {
			switch ch.proof.rank(q) {
			case 2:
				return ci
			case 0:
				continue
			}
		}
		if ch.visits == 0 {
			return ci
		}
		mean := ch.sum / float64(ch.visits)
		if q == game.Second {
			mean = 1 - mean
		}
		v := mean + c*math.Sqrt(logN/float64(ch.visits))
		if v > bestV {
			best, bestV = ci, v
		}
	}
	if best == none {
		// Every allowed child is a proven loss: any will do.
		for i := range nd.count {
			if mask == nil || mask[i] {
				return nd.first + i
			}
		}
		return nd.first
	}
	return best
}

// simChild returns the child of simultaneous node n for joint selection (a, b), creating it,
// or none when the tree is full.
func (t *tree) simChild(n, a, b int32) int32 {
	key := jointKey(n, a, b)
	if c, ok := t.joint[key]; ok {
		return c
	}
	if !t.room(1, jointBytes) {
		return none
	}
	c := int32(len(t.nodes))
	st := &t.sims[t.nodes[n].sim]
	t.nodes = append(t.nodes, node{action: game.Action(a<<16 | b), first: none, count: -1, next: st.children, sim: none})
	st.children = c
	t.joint[key] = c
	return c
}

// selectSim picks both sides' selections at simultaneous node n, with the probabilities they
// had (for regret matching's update).
func (t *tree) selectSim(n int32) (a, b int32, pa, pb float64) {
	nd := &t.nodes[n]
	st := &t.sims[nd.sim]
	var mask [2][]bool
	if n == t.root {
		mask = t.mask
	}
	if t.cfg.Sim == DecoupledUCT {
		a = t.ucbArm(st.arms[0], mask[0], nd.visits)
		b = t.ucbArm(st.arms[1], mask[1], nd.visits)
		return a, b, 1, 1
	}
	g := t.cfg.Gamma
	a, pa = t.rmArm(st.arms[0], mask[0], st.base[0], g)
	b, pb = t.rmArm(st.arms[1], mask[1], st.base[1], g)
	return a, b, pa, pb
}

// ucbArm picks an arm by UCB1 on its owner's statistics; unvisited arms first, in random
// order.
func (t *tree) ucbArm(arms []arm, mask []bool, visits int64) int32 {
	logN := math.Log(float64(visits) + 1)
	best, bestV := int32(none), math.Inf(-1)
	unvisited := 0
	for i := range arms {
		if mask != nil && !mask[i] {
			continue
		}
		if arms[i].visits == 0 {
			// Reservoir sampling over the unvisited arms.
			unvisited++
			if t.src.Below(unvisited) == 0 {
				best = int32(i)
			}
			continue
		}
		if unvisited > 0 {
			continue
		}
		v := arms[i].sum/arms[i].visits + t.cfg.C*math.Sqrt(logN/arms[i].visits)
		if v > bestV {
			best, bestV = int32(i), v
		}
	}
	if best == none {
		best = 0
	}
	return best
}

// rmArm samples an arm from regret matching's strategy (actions in proportion to positive
// regret, uniform when none is positive) mixed with uniform exploration g, and returns it
// with its probability. It adds regret matching's strategy to the arms' cumulative strategy,
// whose normalised value is the average strategy the search plays.
func (t *tree) rmArm(arms []arm, mask []bool, base, g float64) (int32, float64) {
	allowed := 0
	var pos float64
	for i := range arms {
		if mask != nil && !mask[i] {
			continue
		}
		allowed++
		if r := arms[i].regret - base; r > 0 {
			pos += r
		}
	}
	explore := g / float64(allowed)
	u := t.src.Float()
	chosen, chosenP := int32(none), 0.0
	var acc float64
	for i := range arms {
		if mask != nil && !mask[i] {
			continue
		}
		rm := 1 / float64(allowed)
		if pos > 0 {
			rm = max(arms[i].regret-base, 0) / pos
		}
		arms[i].strat += rm
		p := (1-g)*rm + explore
		acc += p
		if chosen == none && u < acc {
			chosen, chosenP = int32(i), p
		}
	}
	if chosen == none {
		for i := len(arms) - 1; i >= 0; i-- {
			if mask != nil && !mask[i] {
				continue
			}
			rm := 1 / float64(allowed)
			if pos > 0 {
				rm = max(arms[i].regret-base, 0) / pos
			}
			if p := (1-g)*rm + explore; p > 0 {
				return int32(i), p
			}
		}
		return 0, 1
	}
	return chosen, chosenP
}

// backup adds the reward r (First's) to every node of the path, updates the simultaneous
// nodes' arms, and propagates proofs upwards.
func (t *tree) backup(r float64) {
	changed := false
	for i := len(t.path) - 1; i >= 0; i-- {
		e := t.path[i]
		nd := &t.nodes[e.node]
		nd.visits++
		nd.sum += r
		if nd.sim != none && e.a != none {
			// (the last step has a selection only when the tree was full below it)
			st := &t.sims[nd.sim]
			t.updateArm(st, 0, e.a, e.pa, r)
			t.updateArm(st, 1, e.b, e.pb, 1-r)
		}
		if i == len(t.path)-1 {
			changed = t.fresh
			continue
		}
		if changed && t.cfg.Solver && nd.proof == unproven {
			t.prove(e.node)
			changed = t.nodes[e.node].proof != unproven
		} else {
			changed = false
		}
	}
}

// updateArm records reward u of side p for its arm k, sampled with probability pr.
func (t *tree) updateArm(st *simStats, p int, k int32, pr, u float64) {
	arms := st.arms[p]
	arms[k].visits++
	arms[k].sum += u
	if t.cfg.Sim != RegretMatching {
		return
	}
	// The sampled counterfactual value of arm k is u/pr, of every other arm 0; the regret of
	// each arm grows by its counterfactual value less the value obtained (taken from all arms
	// at once through the base).
	st.base[p] += u
	arms[k].regret += u / pr
}

// prove tries to give n a proof from its children's.
func (t *tree) prove(n int32) {
	nd := &t.nodes[n]
	if nd.sim == none {
		if nd.count <= 0 {
			return
		}
		q := nd.actors.Single()
		all, bestRank, bestProof := true, -1, unproven
		for i := range nd.count {
			p := t.nodes[nd.first+i].proof
			switch rk := p.rank(q); {
			case rk == 2:
				nd.proof = p
				return
			case rk < 0:
				all = false
			case rk > bestRank:
				bestRank, bestProof = rk, p
			}
		}
		if all {
			nd.proof = bestProof
		}
		return
	}
	// A simultaneous node is won by a side with a selection that wins against every
	// selection of the other side (a forced win this round or later).
	st := &t.sims[nd.sim]
	for p := game.First; p <= game.Second; p++ {
		mine, theirs := len(st.acts[p]), len(st.acts[p.Other()])
	row:
		for i := range mine {
			for j := range theirs {
				a, b := int32(i), int32(j)
				if p == game.Second {
					a, b = b, a
				}
				c, ok := t.joint[jointKey(n, a, b)]
				if !ok || t.nodes[c].proof != winFor(p) {
					continue row
				}
			}
			nd.proof = winFor(p)
			return
		}
	}
}
