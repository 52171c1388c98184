package othello

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/bits"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"time"

	"turncoat/games/reversi"
)

// Labelled positions.
//
// The bootstrap labels its positions inside one training, with exact values up to 14 empties
// and shallow searches above. Labels with real values (exact solves up to 24 empties and more,
// deep searches above) take hours to days of computing, so they are made apart, once, and kept
// in a label file that trainings read ("turncoat train --labels"). The label files are data,
// not source: they stay out of the repository, and the command that made one makes it again,
// byte for byte, from the same flags (its header records them):
//
//	turncoat label --out FILE [--selfplay N] [--seed S] [--solve E] [--empties LO-HI] [DIR|FILE.wtb...]
//
// The positions come from real games and from games the engine plays against itself (SelfPlay),
// each kept once whatever its symmetric image, in an order shuffled from the seed (so that any
// prefix of the file is a fair sample of the whole). Each is labelled on its own, with a fresh
// table: its label depends on the position, the evaluation and the labelling flags only, never
// on the threads or on what was labelled before it. That is what lets a labelling stop and
// continue where it stopped: the file is written in chunks of ChunkPositions labels, each framed
// by its length and a checksum, so a run that is killed leaves a readable prefix, and the run
// that continues it appends the same chunks an uninterrupted run would have.

// Label is a labelled position: the mover's and the opponent's discs, its empties, its value
// for the mover in discs, and how that value was found.
type Label struct {
	P, O    uint64
	Empties uint8
	Value   int8
	// Depth is 0 for an exact value (the solver's), else the depth of the search that gave it.
	Depth uint8
	// Source is where the position comes from: LabelFromGame or LabelFromSelfPlay.
	Source uint8
}

// The sources of labelled positions.
const (
	LabelFromGame     = 0
	LabelFromSelfPlay = 1
)

// Exact tells whether the label is the position's exact value.
func (l Label) Exact() bool { return l.Depth == 0 }

// Sample returns the label as a training sample.
func (l Label) Sample() Sample { return Sample{P: l.P, O: l.O, Empties: l.Empties, Target: l.Value} }

// LabelChunk is the number of labels of a label file's chunks (the last may hold fewer).
const LabelChunk = 64

// DepthSchedule gives the depth of the labelling search of a position by its empties: a
// position with n empties is searched to the depth of the first step with MaxEmpties >= n.
type DepthSchedule []DepthStep

// DepthStep is one step of a DepthSchedule.
type DepthStep struct{ MaxEmpties, Depth int }

// DefaultDepthSchedule is the labelling searches' depths above the exact solves: deepest at
// the end of the midgame, where the evaluation is trained on the values nearest exact, and
// shallower earlier, where a search costs more per ply and its value matters less.
const DefaultDepthSchedule = "30:14,36:12,44:10,60:8"

// ParseDepthSchedule reads a schedule written as MAXEMPTIES:DEPTH steps, separated by commas,
// with growing empties ("30:14,36:12,60:8": depth 14 up to 30 empties, 12 up to 36, 8 above).
func ParseDepthSchedule(s string) (DepthSchedule, error) {
	var out DepthSchedule
	for _, part := range strings.Split(s, ",") {
		e, d, ok := strings.Cut(strings.TrimSpace(part), ":")
		n, err1 := strconv.Atoi(e)
		depth, err2 := strconv.Atoi(d)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("depth schedule %q: step %q is not MAXEMPTIES:DEPTH", s, part)
		}
		if n < 0 || n > 60 || depth < 1 || depth > 40 {
			return nil, fmt.Errorf("depth schedule %q: step %q wants empties 0 to 60 and a depth 1 to 40", s, part)
		}
		if len(out) > 0 && n <= out[len(out)-1].MaxEmpties {
			return nil, fmt.Errorf("depth schedule %q: the steps' empties must grow", s)
		}
		out = append(out, DepthStep{MaxEmpties: n, Depth: depth})
	}
	return out, nil
}

// String writes the schedule as ParseDepthSchedule reads it.
func (s DepthSchedule) String() string {
	parts := make([]string, len(s))
	for i, st := range s {
		parts[i] = fmt.Sprintf("%d:%d", st.MaxEmpties, st.Depth)
	}
	return strings.Join(parts, ",")
}

// Depth returns the depth for a position with n empties, or 0 when the schedule has none.
func (s DepthSchedule) Depth(n int) int {
	for _, st := range s {
		if n <= st.MaxEmpties {
			return st.Depth
		}
	}
	return 0
}

// LabelSet describes the positions of a labelling.
type LabelSet struct {
	// Records are the real games whose positions are labelled (8x8; the others are skipped).
	Records []reversi.Record
	// SelfPlay adds the positions of the engine's games against itself (its Games may be 0).
	SelfPlay SelfPlayConfig
	// MinEmpties and MaxEmpties bound the empties of the positions kept.
	MinEmpties, MaxEmpties int
	// Seed shuffles the positions' order.
	Seed uint64
}

// Positions returns the positions of s to label (with zero values): those of the games, then
// those of the self-play games, each once whatever its symmetric image (the first met keeps
// it), within the empties, in an order shuffled from s.Seed.
func (s LabelSet) Positions(ctx context.Context) ([]Label, error) {
	var games [][]Sample
	var sources []uint8
	for i, r := range s.Records {
		if r.Start.Size != 8 {
			continue
		}
		g, err := GamePositions(r)
		if err != nil {
			return nil, fmt.Errorf("game %d (%s %s-%s): %w", i+1, r.Date, r.Black, r.White, err)
		}
		games = append(games, g)
		sources = append(sources, LabelFromGame)
	}
	if s.SelfPlay.Games > 0 {
		played, err := SelfPlay(ctx, s.SelfPlay)
		if err != nil {
			return nil, err
		}
		for _, g := range played {
			games = append(games, g)
			sources = append(sources, LabelFromSelfPlay)
		}
	}
	for gi, g := range games {
		kept := g[:0]
		for _, x := range g {
			if int(x.Empties) >= s.MinEmpties && int(x.Empties) <= s.MaxEmpties {
				kept = append(kept, x)
			}
		}
		games[gi] = kept
	}
	Unique(games)
	var out []Label
	for gi, g := range games {
		for _, x := range g {
			out = append(out, Label{P: x.P, O: x.O, Empties: x.Empties, Source: sources[gi]})
		}
	}
	rand.New(rand.NewPCG(s.Seed, 0x6c6162656c73)).Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out, nil
}

// Labeller labels positions: exactly with Solve empties or fewer, else by a search to the
// schedule's depth.
type Labeller struct {
	Solve    int
	Schedule DepthSchedule
	// Weights is the evaluation of the searches (default: the engine's).
	Weights *Weights
	// Threads labels that many positions at once (the labels do not depend on it).
	Threads int
	// TableBytes is each thread's table (default 16 MiB).
	TableBytes int
	// Progress, if set, is told now and then how many positions are labelled, from the
	// calling goroutine.
	Progress func(done, total int)
	// Measured, if set, is told of every position labelled: its label, the nodes searched and
	// the time taken (from the labelling goroutines, at once).
	Measured func(l Label, nodes uint64, elapsed time.Duration)
}

// Label labels positions[from:] (from a multiple of LabelChunk), and hands emit the chunks of
// LabelChunk labels in order, as soon as each is whole (the last chunk may be shorter). When
// ctx ends or a label fails, it still hands emit every whole chunk before the first missing
// label, then returns the error.
func (lb Labeller) Label(ctx context.Context, positions []Label, from int, emit func(chunk []Label) error) error {
	if from%LabelChunk != 0 || from < 0 || from > len(positions) {
		return fmt.Errorf("labelling from position %d: want a multiple of %d up to %d", from, LabelChunk, len(positions))
	}
	for _, p := range positions[from:] {
		if int(p.Empties) > lb.Solve && lb.Schedule.Depth(int(p.Empties)) == 0 {
			return fmt.Errorf("the depth schedule %s has no depth for positions with %d empties", lb.Schedule, p.Empties)
		}
	}
	n := len(positions)
	chunks := (n + LabelChunk - 1) / LabelChunk
	finished := make(chan int, 4*max(lb.Threads, 1))
	tableBytes := lb.TableBytes
	if tableBytes <= 0 {
		tableBytes = 16 << 20
	}
	js := startJobs(ctx, from, n, lb.Threads, func() func(i int) error {
		eng := New(Options{TableBytes: tableBytes, Weights: lb.Weights})
		return func(i int) error { return lb.labelOne(ctx, eng, &positions[i]) }
	}, func(i int) { finished <- i })
	go func() { js.wg.Wait(); close(finished) }()
	count := make([]int, chunks)
	nextChunk := from / LabelChunk
	done := from
	var tick <-chan time.Time
	if lb.Progress != nil {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		tick = t.C
	}
	for open := true; open; {
		select {
		case i, ok := <-finished:
			if !ok {
				open = false
				break
			}
			done++
			count[i/LabelChunk]++
			for nextChunk < chunks && count[nextChunk] == min(LabelChunk, n-nextChunk*LabelChunk) {
				lo := nextChunk * LabelChunk
				if err := emit(positions[lo:min(lo+LabelChunk, n)]); err != nil {
					js.fail(err)
					nextChunk = chunks // nothing more is written
					break
				}
				nextChunk++
			}
		case <-tick:
			lb.Progress(done, n)
		}
	}
	if lb.Progress != nil {
		lb.Progress(done, n)
	}
	return js.wait()
}

// labelOne sets l's value and how it was found.
func (lb Labeller) labelOne(ctx context.Context, eng *Engine, l *Label) error {
	eng.Clear() // a label depends on its position only
	lim := Limits{ExactEmpties: 64}
	depth := 0
	if int(l.Empties) > lb.Solve {
		depth = lb.Schedule.Depth(int(l.Empties))
		lim = Limits{Depth: depth}
	}
	t0 := time.Now()
	res, err := eng.Search(ctx, Position{P: l.P, O: l.O}, lim)
	switch {
	case errors.Is(err, ErrGameOver):
		res = Result{Score: geometries[8].finalScore(l.P, l.O), Exact: true}
		depth = 0
	case err != nil:
		return err
	case ctx.Err() != nil:
		// a stopped search returns what its last whole iteration found: no label
		return ctx.Err()
	case res.Exact:
		depth = 0 // a search that saw the end of every line
	case depth == 0 || res.Depth != depth:
		return fmt.Errorf("the search of position %x %x stopped at depth %d (exact: %v): no label", l.P, l.O, res.Depth, res.Exact)
	}
	l.Value, l.Depth = int8(res.Score), uint8(depth)
	if lb.Measured != nil {
		lb.Measured(*l, res.Nodes, time.Since(t0))
	}
	return nil
}

// The label file: "TCLABEL1" then the header, its length (uint32), its text ("key=value"
// lines: what made the file) and the CRC-32 (IEEE) of the text; then chunks, each the number
// of its labels (uint32), the CRC-32 of its labels and the labels, 20 bytes each: P and O
// (uint64), empties, value (int8), depth (0: exact) and source, little-endian. A run that is
// killed leaves whole chunks and perhaps a part of one: the reader reports that part
// (ErrLabelsTruncated) and returns what comes before it.

var labelsMagic = []byte("TCLABEL1")

const (
	labelBytes       = 20
	maxLabelHeader   = 1 << 20
	maxLabelsInChunk = 1 << 16
)

// ErrLabelsTruncated is the error of a label file cut short in its last chunk (a run killed
// while writing): what comes before it is whole.
var ErrLabelsTruncated = errors.New("the last chunk is cut short")

// LabelHeader is what made a label file: its parameters, by name.
type LabelHeader map[string]string

// String writes the header as the file keeps it: "key=value" lines in the keys' order.
func (h LabelHeader) String() string {
	keys := make([]string, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%s=%s\n", k, h[k])
	}
	return b.String()
}

// Diff lists the parameters in which h and other differ, as `key: "h's value" against "other's"`.
func (h LabelHeader) Diff(other LabelHeader) []string {
	keys := map[string]bool{}
	for k := range h {
		keys[k] = true
	}
	for k := range other {
		keys[k] = true
	}
	var out []string
	for k := range keys {
		if h[k] != other[k] {
			out = append(out, fmt.Sprintf("%s: %q against %q", k, h[k], other[k]))
		}
	}
	sort.Strings(out)
	return out
}

// WriteLabelHeader writes the start of a label file: its magic and its header.
func WriteLabelHeader(w io.Writer, h LabelHeader) error {
	text := []byte(h.String())
	if len(text) > maxLabelHeader {
		return fmt.Errorf("label file: a header of %d bytes (at most %d)", len(text), maxLabelHeader)
	}
	buf := append([]byte(nil), labelsMagic...)
	buf = binary.LittleEndian.AppendUint32(buf, uint32(len(text)))
	buf = append(buf, text...)
	buf = binary.LittleEndian.AppendUint32(buf, crc32.ChecksumIEEE(text))
	_, err := w.Write(buf)
	return err
}

// AppendLabelChunk appends a chunk of labels to buf in the file format.
func AppendLabelChunk(buf []byte, labels []Label) []byte {
	start := len(buf)
	buf = binary.LittleEndian.AppendUint32(buf, uint32(len(labels)))
	buf = binary.LittleEndian.AppendUint32(buf, 0)
	body := len(buf)
	for _, l := range labels {
		buf = binary.LittleEndian.AppendUint64(buf, l.P)
		buf = binary.LittleEndian.AppendUint64(buf, l.O)
		buf = append(buf, l.Empties, byte(l.Value), l.Depth, l.Source)
	}
	binary.LittleEndian.PutUint32(buf[start+4:], crc32.ChecksumIEEE(buf[body:]))
	return buf
}

// LabelFile is what a label file holds.
type LabelFile struct {
	Header LabelHeader
	Labels []Label
	// Chunks is the number of whole chunks, and Size the bytes of the file up to their end.
	Chunks int
	Size   int64
}

// ReadLabels reads a label file. A file that is not one, or whose header or a chunk is damaged,
// is refused; one cut short in its last chunk gives what comes before, with an error that
// wraps ErrLabelsTruncated.
func ReadLabels(r io.Reader) (*LabelFile, error) {
	br := bufio.NewReader(r)
	head := make([]byte, len(labelsMagic)+4)
	if n, err := io.ReadFull(br, head); err != nil {
		if n >= len(labelsMagic) && bytes.Equal(head[:len(labelsMagic)], labelsMagic) || n < len(labelsMagic) && n > 0 && bytes.HasPrefix(labelsMagic, head[:n]) {
			return nil, errors.New("label file: the header is cut short")
		}
		return nil, errors.New("not a Turncoat label file (too short)")
	}
	if !bytes.Equal(head[:len(labelsMagic)], labelsMagic) {
		return nil, errors.New("not a Turncoat label file")
	}
	size := binary.LittleEndian.Uint32(head[len(labelsMagic):])
	if size > maxLabelHeader {
		return nil, fmt.Errorf("label file: a header of %d bytes (at most %d): damaged", size, maxLabelHeader)
	}
	text := make([]byte, size+4)
	if _, err := io.ReadFull(br, text); err != nil {
		return nil, errors.New("label file: the header is cut short")
	}
	if crc32.ChecksumIEEE(text[:size]) != binary.LittleEndian.Uint32(text[size:]) {
		return nil, errors.New("label file: the header is damaged (checksum)")
	}
	h := LabelHeader{}
	for _, line := range strings.Split(strings.TrimSuffix(string(text[:size]), "\n"), "\n") {
		if line == "" && size == 0 {
			break
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("label file: header line %q is not key=value", line)
		}
		if _, dup := h[k]; dup {
			return nil, fmt.Errorf("label file: header key %q twice", k)
		}
		h[k] = v
	}
	f := &LabelFile{Header: h, Size: int64(len(head)) + int64(len(text))}
	var frame [8]byte
	body := make([]byte, 0, LabelChunk*labelBytes)
	for {
		n, err := io.ReadFull(br, frame[:])
		if err == io.EOF {
			return f, nil
		}
		if err != nil {
			return f, fmt.Errorf("label file: chunk %d: %d bytes of its 8-byte frame: %w", f.Chunks+1, n, ErrLabelsTruncated)
		}
		count := binary.LittleEndian.Uint32(frame[:4])
		if count == 0 || count > maxLabelsInChunk {
			return f, fmt.Errorf("label file: chunk %d claims %d labels: damaged", f.Chunks+1, count)
		}
		need := int(count) * labelBytes
		if cap(body) < need {
			body = make([]byte, need)
		}
		body = body[:need]
		if n, err := io.ReadFull(br, body); err != nil {
			return f, fmt.Errorf("label file: chunk %d: %d bytes of its %d: %w", f.Chunks+1, n, need, ErrLabelsTruncated)
		}
		if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(frame[4:]) {
			return f, fmt.Errorf("label file: chunk %d is damaged (checksum)", f.Chunks+1)
		}
		start := len(f.Labels)
		for k := 0; k < need; k += labelBytes {
			l := Label{P: binary.LittleEndian.Uint64(body[k:]), O: binary.LittleEndian.Uint64(body[k+8:]),
				Empties: body[k+16], Value: int8(body[k+17]), Depth: body[k+18], Source: body[k+19]}
			if l.P&l.O != 0 || int(l.Empties) != 64-bits.OnesCount64(l.P|l.O) || l.Value < -64 || l.Value > 64 ||
				l.Depth > 60 || l.Source > LabelFromSelfPlay {
				f.Labels = f.Labels[:start]
				return f, fmt.Errorf("label file: chunk %d, label %d is not a labelled 8x8 position: damaged", f.Chunks+1, k/labelBytes+1)
			}
			f.Labels = append(f.Labels, l)
		}
		f.Chunks++
		f.Size += int64(8 + need)
	}
}

// WeightsFingerprint names an evaluation by a hash of its weights, for the label files'
// headers (a search's labels depend on the evaluation).
func WeightsFingerprint(w *Weights) string {
	h := sha256.New()
	var buf []byte
	for _, t := range w.phases {
		buf = buf[:0]
		for _, x := range t {
			buf = binary.LittleEndian.AppendUint16(buf, uint16(x))
		}
		h.Write(buf)
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// LabelSamples returns the labels as training samples, split into those that train and one
// position in validEvery that validates, chosen by a hash of the position's canonical image:
// the same part whatever the image or the order the labels come in.
func LabelSamples(labels []Label, validEvery int) (train, valid []Sample) {
	for _, l := range labels {
		p, o := canonical(l.P, l.O)
		h := (p*0x9e3779b97f4a7c15 ^ o) * 0xbf58476d1ce4e5b9
		if validEvery > 1 && (h>>32)%uint64(validEvery) == uint64(validEvery-1) {
			valid = append(valid, l.Sample())
		} else {
			train = append(train, l.Sample())
		}
	}
	return train, valid
}

// DropPositions returns the samples of s whose positions are none of those of others, whatever
// their symmetric image.
func DropPositions(s, others []Sample) []Sample {
	type key struct{ p, o uint64 }
	seen := make(map[key]bool, len(others))
	for _, x := range others {
		p, o := canonical(x.P, x.O)
		seen[key{p, o}] = true
	}
	var out []Sample
	for _, x := range s {
		if p, o := canonical(x.P, x.O); !seen[key{p, o}] {
			out = append(out, x)
		}
	}
	return out
}
