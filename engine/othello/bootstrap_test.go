package othello

import (
	"bytes"
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// TestSelfPlayGames: the games are legal, reproducible and the same whatever the threads, and
// differ from seed to seed.
func TestSelfPlayGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	openings := []reversi.Record{randomRecord(rng, 0), randomRecord(rng, 0)}
	cfg := SelfPlayConfig{Games: 12, Seed: 3, Openings: openings, OpeningPlies: 20, RandomPlies: 10, Depth: 2, RandomMove: 0.1, Threads: 1}
	one, err := SelfPlay(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Threads = 3
	three, err := SelfPlay(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i := range one {
		if !slices.Equal(one[i], three[i]) {
			t.Fatalf("game %d differs with three threads", i)
		}
		g := one[i]
		if len(g) < 20 {
			t.Fatalf("game %d has %d positions", i, len(g))
		}
		for j, s := range g {
			if s.P&s.O != 0 || int(s.Empties) != 64-bits.OnesCount64(s.P|s.O) || discs.Moves(s.P, s.O) == 0 {
				t.Fatalf("game %d position %d: not a position with a move: %+v", i, j, s)
			}
			if j > 0 && s.Empties >= g[j-1].Empties {
				t.Fatalf("game %d position %d: %d empties after %d", i, j, s.Empties, g[j-1].Empties)
			}
			if j > 0 && !followsByOneMove(g[j-1], s) {
				t.Fatalf("game %d position %d does not follow from the one before by a move", i, j)
			}
		}
	}
	cfg.Seed = 4
	other, err := SelfPlay(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	same := 0
	for i := range one {
		if slices.Equal(one[i], other[i]) {
			same++
		}
	}
	if same > 1 {
		t.Errorf("%d of %d games the same with another seed", same, len(one))
	}
}

// followsByOneMove reports whether b is a's position after one of a's moves (and perhaps a
// pass).
func followsByOneMove(a, b Sample) bool {
	for m := discs.Moves(a.P, a.O); m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		np, no := play(a.P, a.O, sq, flip(sq, a.P, a.O))
		if (np == b.P && no == b.O) || (no == b.P && np == b.O) {
			return true
		}
	}
	return false
}

// TestUniqueKeepsOneImage: a position met again, as itself or as a symmetric image, is kept in
// the first game only.
func TestUniqueKeepsOneImage(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	var first []Sample
	for range 10 {
		pos, ok := randomGamePosition(rng, 8, 30+rng.IntN(20))
		if ok {
			first = append(first, Sample{P: pos.P, O: pos.O, Empties: uint8(pos.Empties())})
		}
	}
	var second []Sample
	for i, s := range first {
		t := i % 8
		second = append(second, Sample{P: symBoard(8, t, s.P), O: symBoard(8, t, s.O), Empties: s.Empties})
	}
	fresh := Sample{P: 0x0000000810000000, O: 0x0000001008000000, Empties: 60}
	second = append(second, fresh)
	games := [][]Sample{slices.Clone(first), second}
	if dropped := Unique(games); dropped != len(first) {
		t.Errorf("dropped %d, want %d", dropped, len(first))
	}
	if !slices.Equal(games[0], first) || len(games[1]) != 1 || games[1][0] != fresh {
		t.Errorf("kept %d and %d positions, want %d and the one new", len(games[0]), len(games[1]), len(first))
	}
}

// TestLabelExact: the targets of the positions with few empties are their exact values, the
// others stay untouched.
func TestLabelExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var games [][]Sample
	for range 3 {
		g, err := GamePositions(randomRecord(rng, 0))
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	if err := LabelExact(context.Background(), games, 9, 2, nil); err != nil {
		t.Fatal(err)
	}
	g := geometries[8]
	for _, game := range games {
		for _, s := range game {
			switch {
			case s.Empties > 9 && s.Target != 0:
				t.Fatalf("a position with %d empties labelled %d", s.Empties, s.Target)
			case s.Empties <= 9:
				want := newTestSearcher(g).pvs(s.P, s.O, -64, 64, int(s.Empties), g.parity(^(s.P | s.O)))
				if int(s.Target) != want {
					t.Fatalf("%d empties: target %d, exact %d", s.Empties, s.Target, want)
				}
			}
		}
	}
}

// TestBootstrapStages: phases are trained from the end of the game backwards, each only once
// every phase its labelling searches reach is trained, with as many phases at once as that
// allows; the targets are search values, and the training is the same whatever the threads.
func TestBootstrapStages(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	var games [][]Sample
	for range 40 {
		g, err := GamePositions(randomRecord(rng, 0))
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	if err := LabelExact(context.Background(), games, 8, 2, nil); err != nil {
		t.Fatal(err)
	}
	var train, valid []Sample
	for i, g := range games {
		if i%5 == 4 {
			valid = append(valid, g...)
		} else {
			train = append(train, g...)
		}
	}
	const depth = 3
	run := func(threads int) (*Weights, []Sample, [][]int) {
		tr, va := slices.Clone(train), slices.Clone(valid)
		var stages [][]int
		cfg := BootstrapConfig{TrainConfig: TrainConfig{Epochs: 2, Threads: threads, Spread: 1}, ExactEmpties: 8, LabelDepth: depth,
			Stage: func(phases []int, labelled int) { stages = append(stages, slices.Clone(phases)) }}
		w, err := Bootstrap(context.Background(), tr, va, cfg)
		if err != nil {
			t.Fatal(err)
		}
		return w, tr, stages
	}
	w, labelled, stages := run(1)
	trained := map[int]bool{}
	for _, batch := range stages {
		for _, ph := range batch {
			for n := 0; n <= 60; n++ {
				if phaseOf(n) == ph && n > 8 && n > depth && !trained[phaseOf(n-depth)] {
					t.Fatalf("stage %v: phase %d searches %d empties into untrained phase %d", batch, ph, n, phaseOf(n-depth))
				}
			}
		}
		for _, ph := range batch {
			trained[ph] = true
		}
	}
	if len(trained) != numPhases || len(stages) >= numPhases {
		t.Fatalf("%d phases trained in %d stages: %v", len(trained), len(stages), stages)
	}
	// a target is the value of the labelling search, whose leaves lie in the phases trained
	// before (their weights are final)
	eng := New(Options{TableBytes: 1 << 20, Weights: w})
	checked := 0
	for _, s := range labelled {
		if s.Empties <= 8 || checked == 30 {
			continue
		}
		eng.Clear()
		v, err := valueOf(context.Background(), eng, s.P, s.O, Limits{Depth: depth})
		if err != nil {
			t.Fatal(err)
		}
		if v != int(s.Target) {
			t.Fatalf("%d empties: target %d, the labelling search says %d", s.Empties, s.Target, v)
		}
		checked++
	}
	w2, _, _ := run(2)
	for ph := range w.phases {
		if !slices.Equal(w.phases[ph], w2.phases[ph]) {
			t.Fatalf("phase %d differs with two threads", ph)
		}
	}
	if _, err := Bootstrap(context.Background(), nil, nil, BootstrapConfig{LabelDepth: 2}); !errors.Is(err, ErrNoTrainingData) {
		t.Errorf("no samples: %v", err)
	}
}

// TestSamplesFile: samples survive the file, and a broken file is refused with a reason.
func TestSamplesFile(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	g, err := GamePositions(randomRecord(rng, 0))
	if err != nil {
		t.Fatal(err)
	}
	for i := range g {
		g[i].Target = int8(rng.IntN(129) - 64)
	}
	var buf bytes.Buffer
	if err := WriteSamples(&buf, 8, g); err != nil {
		t.Fatal(err)
	}
	size, back, err := ReadSamples(bytes.NewReader(buf.Bytes()))
	if err != nil || size != 8 || !slices.Equal(back, g) {
		t.Fatalf("round trip: %v, %d of %d samples", err, len(back), len(g))
	}
	data := buf.Bytes()
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"another file", []byte("TCEVAL1\n\x08\x00\x00\x00\x00\x00\x00\x00\x00")},
		{"a board of no size", func() []byte {
			d := slices.Clone(data)
			d[len(samplesMagic)] = 7
			return d
		}()},
		{"cut short", data[:len(data)-5]},
		{"a square of both colours", func() []byte {
			d := slices.Clone(data)
			d[len(samplesMagic)+9] |= 1
			d[len(samplesMagic)+17] |= 1
			return d
		}()},
	} {
		if _, _, err := ReadSamples(bytes.NewReader(c.data)); err == nil {
			t.Errorf("%s: read without an error", c.name)
		}
	}
}

// FuzzReadSamples: any input is read or refused, never a panic, and what is read writes back
// the same.
func FuzzReadSamples(f *testing.F) {
	var buf bytes.Buffer
	WriteSamples(&buf, 8, []Sample{{P: 0x0000000810000000, O: 0x0000001008000000, Empties: 60, Target: 3}})
	f.Add(buf.Bytes())
	f.Add([]byte("TCSAMP2\n\x06\xff\xff\xff\xff\xff\xff\xff\xff"))
	f.Fuzz(func(t *testing.T, data []byte) {
		size, s, err := ReadSamples(bytes.NewReader(data))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := WriteSamples(&out, size, s); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), data[:out.Len()]) {
			t.Fatal("what was read writes back otherwise")
		}
	})
}

// TestExactTestSet: positions of the games, up to perBucket per group of empties and none with
// more than the limit, with their exact values.
func TestExactTestSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	var records []reversi.Record
	for range 6 {
		records = append(records, randomRecord(rng, 0))
	}
	set, err := ExactTestSet(context.Background(), records, 10, 5, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	per := map[int]int{}
	g := geometries[8]
	for _, s := range set {
		if s.Empties > 10 {
			t.Fatalf("a position with %d empties", s.Empties)
		}
		per[ErrorBucket(int(s.Empties))]++
		if want := newTestSearcher(g).pvs(s.P, s.O, -64, 64, int(s.Empties), g.parity(^(s.P | s.O))); int(s.Target) != want && discs.Moves(s.P, s.O) != 0 {
			t.Fatalf("target %d, exact %d", s.Target, want)
		}
	}
	for b, n := range per {
		if n > 5 {
			t.Errorf("group %d: %d positions", b, n)
		}
	}
	if per[ErrorBucket(10)] != 5 || per[ErrorBucket(3)] != 5 {
		t.Errorf("groups: %v", per)
	}
}

// TestByPhaseSpread: a phase trains on its own positions and, with a spread, on those of the
// empties either side; without one, every position belongs to exactly one phase.
func TestByPhaseSpread(t *testing.T) {
	var samples []Sample
	for n := range 61 {
		samples = append(samples, Sample{Empties: uint8(n)})
	}
	for _, c := range []struct {
		phases, spread int
		n              int
		want           []int
	}{
		{30, 0, 16, []int{22}},
		{30, 1, 16, []int{21, 22}},
		{30, 1, 15, []int{22, 23}},
		{30, 2, 16, []int{21, 22, 23}},
		{15, 1, 16, []int{10, 11}},
		{15, 0, 0, []int{14}},
		{30, 1, 60, []int{0}},
	} {
		idx := set8.byPhase(samples, TrainConfig{Phases: c.phases, Spread: c.spread})
		var got []int
		for ph, list := range idx {
			if slices.Contains(list, c.n) {
				got = append(got, ph)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%d phases, spread %d: %d empties in phases %v, want %v", c.phases, c.spread, c.n, got, c.want)
		}
	}
	// 6x6 counts its phases from the end: 5 empties and one either side are phases 2 and 3
	var got6 []int
	for ph, list := range set6.byPhase(samples, TrainConfig{Phases: phases6, Spread: 1}) {
		if slices.Contains(list, 5) {
			got6 = append(got6, ph)
		}
	}
	if !slices.Equal(got6, []int{2, 3}) {
		t.Errorf("6x6, spread 1: 5 empties in phases %v, want [2 3]", got6)
	}
	total := 0
	for _, list := range set8.byPhase(samples, TrainConfig{Phases: 30}) {
		total += len(list)
	}
	if total != len(samples) {
		t.Errorf("without a spread %d memberships for %d positions", total, len(samples))
	}
}

// TestWithTargets: a batch's phases train on the exact positions and on those of labelled
// phases only, never on the positions of the earlier phase their spread reaches before it is
// labelled.
func TestWithTargets(t *testing.T) {
	var samples []Sample
	for n := range 61 {
		samples = append(samples, Sample{Empties: uint8(n)})
	}
	idx := set8.byPhase(samples, TrainConfig{Phases: 30, Spread: 1})
	labelled := make([]bool, 30)
	for ph := 21; ph < 30; ph++ { // positions of 18 empties or fewer
		labelled[ph] = true
	}
	got := withTargets(samples, idx, []int{21, 22}, labelled, 14)
	for _, c := range []struct {
		phase int
		want  []int
	}{{21, []int{16, 17, 18}}, {22, []int{14, 15, 16, 17}}} {
		var empties []int
		for _, i := range got[c.phase] {
			empties = append(empties, int(samples[i].Empties))
		}
		slices.Sort(empties)
		if !slices.Equal(empties, c.want) {
			t.Errorf("phase %d trains on %v empties, want %v (19 is not labelled yet)", c.phase, empties, c.want)
		}
	}
	if len(got[20]) != 0 {
		t.Errorf("a phase outside the batch got samples")
	}
}
