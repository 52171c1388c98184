package othello

import (
	"bytes"
	"context"
	"errors"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// testLabelPositions returns the positions of a few self-play games with 8 to 16 empties.
func testLabelPositions(t testing.TB, games int) []Label {
	t.Helper()
	pos, err := LabelSet{SelfPlay: SelfPlayConfig{Games: games, Seed: 3, RandomPlies: 20, Depth: 1, RandomMove: 0.2},
		MinEmpties: 8, MaxEmpties: 16, Seed: 5}.Positions(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(pos) < 2*LabelChunk {
		t.Fatalf("%d positions: too few for the test", len(pos))
	}
	return pos
}

// labelAll labels positions from from on and returns the chunks handed out, in order.
func labelAll(t *testing.T, lb Labeller, positions []Label, from int) [][]Label {
	t.Helper()
	var chunks [][]Label
	err := lb.Label(context.Background(), slices.Clone(positions), from, func(c []Label) error {
		chunks = append(chunks, slices.Clone(c))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return chunks
}

// TestLabelValues: labels with Solve empties or fewer are the exact values (a direct solve),
// the others a search to the schedule's depth; chunks come whole, in order, whatever the
// threads, and a labelling continued from a chunk gives the same chunks after it.
func TestLabelValues(t *testing.T) {
	positions := testLabelPositions(t, 16)
	sched, err := ParseDepthSchedule("12:4,16:3")
	if err != nil {
		t.Fatal(err)
	}
	lb := Labeller{Solve: 10, Schedule: sched, Threads: 1, TableBytes: 1 << 20}
	one := labelAll(t, lb, positions, 0)
	var got []Label
	for i, c := range one {
		if len(c) != LabelChunk && i != len(one)-1 {
			t.Fatalf("chunk %d of %d holds %d labels", i+1, len(one), len(c))
		}
		got = append(got, c...)
	}
	if len(got) != len(positions) {
		t.Fatalf("%d labels of %d positions", len(got), len(positions))
	}
	eng := New(Options{TableBytes: 1 << 20})
	exact := 0
	for i, l := range got {
		if l.P != positions[i].P || l.O != positions[i].O {
			t.Fatalf("label %d is of another position", i)
		}
		eng.Clear()
		n := int(l.Empties)
		lim := Limits{ExactEmpties: 64}
		if n > 10 {
			lim = Limits{Depth: sched.Depth(n)}
		}
		res, err := eng.Search(context.Background(), Position{P: l.P, O: l.O}, lim)
		if err != nil {
			t.Fatal(err)
		}
		if n <= 10 {
			exact++
			if !l.Exact() || int(l.Value) != res.Score {
				t.Errorf("%d empties: label %+d depth %d, want the exact %+d", n, l.Value, l.Depth, res.Score)
			}
		} else if int(l.Depth) != sched.Depth(n) || int(l.Value) != res.Score {
			t.Errorf("%d empties: label %+d depth %d, want %+d at depth %d", n, l.Value, l.Depth, res.Score, sched.Depth(n))
		}
	}
	if exact == 0 || exact == len(got) {
		t.Fatalf("%d exact labels of %d: the test wants both kinds", exact, len(got))
	}
	lb.Threads = 3
	if three := labelAll(t, lb, positions, 0); !slices.EqualFunc(one, three, slices.Equal) {
		t.Error("3 threads label otherwise than 1")
	}
	if rest := labelAll(t, lb, positions, LabelChunk); !slices.EqualFunc(one[1:], rest, slices.Equal) {
		t.Error("continued from the second chunk: other chunks")
	}
	if err := lb.Label(context.Background(), positions, 1, func([]Label) error { return nil }); err == nil {
		t.Error("labelling from the middle of a chunk: no error")
	}
	// stopped on the way (once the first chunk is out, with searches under way): the chunks
	// handed out are those of a whole run, none with a label of a stopped search
	ctx, stop := context.WithCancel(context.Background())
	var part [][]Label
	err = lb.Label(ctx, slices.Clone(positions), 0, func(c []Label) error {
		part = append(part, slices.Clone(c))
		stop()
		return nil
	})
	if !errors.Is(err, context.Canceled) || len(part) == 0 || len(part) >= len(one) || !slices.EqualFunc(part, one[:len(part)], slices.Equal) {
		t.Errorf("stopped: error %v, %d chunks of %d, or other chunks", err, len(part), len(one))
	}
	// a cancelled labelling hands out nothing after the first missing label
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := lb.Label(ctx, positions, 0, func([]Label) error { t.Error("a chunk of a cancelled labelling"); return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: error %v", err)
	}
}

// TestLabelPositionsUnique: every position once, whatever its symmetric image, within the
// empties, and the same positions in the same order from the same seed.
func TestLabelPositionsUnique(t *testing.T) {
	a := testLabelPositions(t, 16)
	seen := map[[2]uint64]bool{}
	for _, l := range a {
		p, o := canonical(l.P, l.O)
		if seen[[2]uint64{p, o}] {
			t.Fatalf("position %x %x twice", l.P, l.O)
		}
		seen[[2]uint64{p, o}] = true
		if l.Empties < 8 || l.Empties > 16 || l.Source != LabelFromSelfPlay {
			t.Fatalf("a position of %d empties from source %d", l.Empties, l.Source)
		}
	}
	if b := testLabelPositions(t, 16); !slices.Equal(a, b) {
		t.Error("the same seed gave other positions")
	}
}

func TestParseDepthSchedule(t *testing.T) {
	for _, c := range []struct {
		in    string
		depth map[int]int // empties: depth (0: none)
		bad   string
	}{
		{in: "30:14,36:12,60:8", depth: map[int]int{25: 14, 30: 14, 31: 12, 36: 12, 37: 8, 60: 8}},
		{in: "20:6", depth: map[int]int{20: 6, 21: 0}},
		{in: DefaultDepthSchedule, depth: map[int]int{29: 14, 60: 8}},
		{in: "", bad: "not MAXEMPTIES:DEPTH"},
		{in: "30", bad: "not MAXEMPTIES:DEPTH"},
		{in: "30:x", bad: "not MAXEMPTIES:DEPTH"},
		{in: "61:4", bad: "empties 0 to 60"},
		{in: "30:0", bad: "depth 1 to 40"},
		{in: "30:4,30:6", bad: "must grow"},
	} {
		s, err := ParseDepthSchedule(c.in)
		if c.bad != "" {
			if err == nil || !strings.Contains(err.Error(), c.bad) {
				t.Errorf("%q: error %v, want one saying %q", c.in, err, c.bad)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if s.String() != c.in {
			t.Errorf("%q reads back as %q", c.in, s)
		}
		for n, d := range c.depth {
			if got := s.Depth(n); got != d {
				t.Errorf("%q: depth at %d empties %d, want %d", c.in, n, got, d)
			}
		}
	}
}

// testLabelFile returns a label file of labels in chunks of LabelChunk.
func testLabelFile(t testing.TB, h LabelHeader, labels []Label) []byte {
	var buf bytes.Buffer
	if err := WriteLabelHeader(&buf, h); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	for i := 0; i < len(labels); i += LabelChunk {
		b = AppendLabelChunk(b, labels[i:min(i+LabelChunk, len(labels))])
	}
	return b
}

// TestReadLabels: a label file reads back; cut anywhere in a chunk, it reads as its whole
// chunks with ErrLabelsTruncated; cut in the header, or damaged, or foreign, it is refused.
func TestReadLabels(t *testing.T) {
	labels := testLabelPositions(t, 16)[:LabelChunk+10]
	for i := range labels {
		labels[i].Value = int8(i%129 - 64)
		labels[i].Depth = uint8(i % 3 * 7)
	}
	h := LabelHeader{"solve": "12", "seed": "1"}
	file := testLabelFile(t, h, labels)
	f, err := ReadLabels(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(f.Labels, labels) || f.Chunks != 2 || f.Size != int64(len(file)) || f.Header.String() != h.String() {
		t.Fatalf("read back: %d labels, %d chunks, size %d of %d, header %q", len(f.Labels), f.Chunks, f.Size, len(file), f.Header)
	}
	headerEnd := len(labelsMagic) + 4 + len(h.String()) + 4
	firstEnd := headerEnd + 8 + LabelChunk*labelBytes
	for cut := 0; cut < len(file); cut++ {
		f, err := ReadLabels(bytes.NewReader(file[:cut]))
		switch {
		case cut < headerEnd:
			if err == nil || errors.Is(err, ErrLabelsTruncated) {
				t.Fatalf("cut at %d, in the header: error %v", cut, err)
			}
		case cut == headerEnd || cut == firstEnd:
			if err != nil {
				t.Fatalf("cut at %d, between chunks: %v", cut, err)
			}
		default:
			whole := 0
			if cut > firstEnd {
				whole = 1
			}
			if !errors.Is(err, ErrLabelsTruncated) || f.Chunks != whole || len(f.Labels) != whole*LabelChunk ||
				f.Size != int64(headerEnd+whole*(firstEnd-headerEnd)) {
				t.Fatalf("cut at %d: error %v, %+v chunks", cut, err, f)
			}
		}
	}
	for _, c := range []struct {
		name string
		edit func(b []byte) []byte
		want string
	}{
		{"foreign", func(b []byte) []byte { return append([]byte("TCSAMP2\n"), b[8:]...) }, "not a Turncoat label file"},
		{"empty", func(b []byte) []byte { return nil }, "not a Turncoat label file"},
		{"header checksum", func(b []byte) []byte { b[len(labelsMagic)+5] ^= 1; return b }, "header is damaged"},
		{"chunk checksum", func(b []byte) []byte { b[firstEnd+20] ^= 1; return b }, "chunk 2 is damaged"},
		{"chunk count", func(b []byte) []byte { b[headerEnd], b[headerEnd+1] = 0, 0; return b }, "chunk 1 claims 0 labels"},
		{"huge header", func(b []byte) []byte { b[len(labelsMagic)+3] = 0xff; return b }, "header of"},
	} {
		_, err := ReadLabels(bytes.NewReader(c.edit(slices.Clone(file))))
		if err == nil || errors.Is(err, ErrLabelsTruncated) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
	// a chunk with a position that is none, with a right checksum
	bad := slices.Clone(labels[:3])
	bad[1].O |= bad[1].P
	if _, err := ReadLabels(bytes.NewReader(testLabelFile(t, h, bad))); err == nil || !strings.Contains(err.Error(), "label 2 is not") {
		t.Errorf("an impossible position: error %v", err)
	}
}

// TestLabelSamples: the split puts a position's symmetric images in the same part, one in
// validEvery or so validates, and DropPositions drops positions whatever their image.
func TestLabelSamples(t *testing.T) {
	labels := testLabelPositions(t, 20)
	train, valid := LabelSamples(labels, 5)
	if len(train)+len(valid) != len(labels) || len(valid) < len(labels)/10 || len(valid) > len(labels)/3 {
		t.Fatalf("%d positions: %d train, %d validate", len(labels), len(train), len(valid))
	}
	mirrored := slices.Clone(labels)
	for i := range mirrored {
		mirrored[i].P, mirrored[i].O = symBoard(8, 3, mirrored[i].P), symBoard(8, 3, mirrored[i].O)
	}
	_, valid2 := LabelSamples(mirrored, 5)
	if len(valid2) != len(valid) {
		t.Errorf("mirrored: %d validate, not %d", len(valid2), len(valid))
	}
	if left := DropPositions(train, LabelSamplesOf(mirrored)); len(left) != 0 {
		t.Errorf("%d positions left after dropping their images", len(left))
	}
	if left := DropPositions(train, valid); len(left) != len(train) {
		t.Errorf("dropping the validation positions dropped training ones: %d of %d left", len(left), len(train))
	}
}

// LabelSamplesOf returns the labels as samples, all of them.
func LabelSamplesOf(labels []Label) []Sample {
	train, _ := LabelSamples(labels, 0)
	return train
}

// FuzzReadLabels: whatever the bytes, the reader returns an error or labels that are positions,
// never panics, and a file it reads whole writes back the same.
func FuzzReadLabels(f *testing.F) {
	h := LabelHeader{"solve": "12", "seed": "1"}
	labels := []Label{{P: 0x0000000810000000, O: 0x0000001008000000, Empties: 60, Value: 0, Depth: 0}, {P: 0x0000000818000000, O: 0x0000001000000000, Empties: 59, Value: -3, Depth: 14, Source: 1}}
	file := testLabelFile(f, h, labels)
	f.Add(file)
	f.Add(file[:len(file)-7])
	f.Add([]byte("TCLABEL1"))
	f.Fuzz(func(t *testing.T, b []byte) {
		lf, err := ReadLabels(bytes.NewReader(b))
		if lf == nil {
			if err == nil {
				t.Fatal("no file and no error")
			}
			return
		}
		if lf.Size > int64(len(b)) {
			t.Fatalf("size %d of a %d-byte file", lf.Size, len(b))
		}
		for _, l := range lf.Labels {
			if l.P&l.O != 0 || int(l.Empties)+bits.OnesCount64(l.P|l.O) != 64 {
				t.Fatalf("a label that is no position: %+v", l)
			}
		}
		if err == nil {
			var keys []string
			for k := range lf.Header {
				keys = append(keys, k)
			}
			var again bytes.Buffer
			if err := WriteLabelHeader(&again, lf.Header); err != nil {
				t.Fatal(err)
			}
			// the same labels read back from a rewritten file
			re := again.Bytes()
			for i := 0; i < len(lf.Labels); i += LabelChunk {
				re = AppendLabelChunk(re, lf.Labels[i:min(i+LabelChunk, len(lf.Labels))])
			}
			lf2, err := ReadLabels(bytes.NewReader(re))
			if err != nil || !slices.Equal(lf2.Labels, lf.Labels) || lf2.Header.String() != lf.Header.String() {
				t.Fatalf("rewritten (%d keys): error %v", len(keys), err)
			}
		}
	})
}

// TestLabelFuzzCorpus keeps the fuzz test's seed corpus in testdata a valid label file (made
// again with TURNCOAT_WRITE_LABEL_CORPUS=1).
func TestLabelFuzzCorpus(t *testing.T) {
	path := filepath.Join("testdata", "fuzz", "FuzzReadLabels", "valid")
	if os.Getenv("TURNCOAT_WRITE_LABEL_CORPUS") != "" {
		labels := testLabelPositions(t, 16)[:LabelChunk+3]
		for i := range labels {
			labels[i].Value, labels[i].Depth = int8(i%21-10), uint8(i%2*12)
		}
		file := testLabelFile(t, LabelHeader{"solve": "10", "empties": "8-16", "seed": "5"}, labels)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("go test fuzz v1\n[]byte("+strconv.Quote(string(file))+")\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.TrimSpace(strings.TrimPrefix(string(data), "go test fuzz v1\n"))
	s = strings.TrimSuffix(strings.TrimPrefix(s, "[]byte("), ")")
	file, err := strconv.Unquote(s)
	if err != nil {
		t.Fatal(err)
	}
	if f, err := ReadLabels(strings.NewReader(file)); err != nil || len(f.Labels) != LabelChunk+3 {
		t.Fatalf("the corpus file: error %v", err)
	}
}
