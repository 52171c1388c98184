package othello

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"turncoat/games/reversi"
)

// The evaluation's golden file: what the shipped weights say of positions of seeded random games,
// so that a change to how the evaluation is computed (the features, the weights' decoding, the
// accumulation) shows at once if it changes a single value.

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/eval.golden from the current evaluation")

const goldenPath = "testdata/eval.golden"

// goldenPositions plays games random move by random move on an n x n board from a fixed seed
// (6x6 from both starts in turn) and returns every position met, from its mover's view,
// until there are at least count.
func goldenPositions(n, count int) []Position {
	rng := rand.New(rand.NewPCG(uint64(n), 0x676f6c64656e))
	var out []Position
	for game := 0; len(out) < count; game++ {
		b := reversi.Start(n)
		if n == 6 && game%2 == 1 {
			b = reversi.NewState(reversi.Rules{Size: 6, Start: reversi.StartParallel, NoMove: reversi.NoMovePass}).Board()
		}
		for {
			out = append(out, PositionOf(b))
			if !playRandom(rng, &b) {
				break
			}
		}
	}
	return out
}

// goldenRecord is one board size's entry: digests of the positions and of the decoded weights'
// tables, and the evaluation of each position.
type goldenRecord struct {
	size            int
	boards, tables  string
	reencoded, file string
	values          []int
}

func (g goldenRecord) header() string {
	return fmt.Sprintf("size %d positions %d boards %s tables %s file %s reencoded %s",
		g.size, len(g.values), g.boards, g.tables, g.file, g.reencoded)
}

func digest(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:12])
}

// currentGolden computes the entries from the evaluation as it is.
func currentGolden(t *testing.T) []goldenRecord {
	var out []goldenRecord
	for _, c := range []struct {
		size     int
		w        *weights
		evaluate func(p, o uint64, n int) int
		file     []byte
	}{
		{8, &DefaultWeights().weights, DefaultWeights().evaluate, evalWeights},
		{6, &DefaultWeights6().weights, DefaultWeights6().evaluate, evalWeights6},
	} {
		ps := goldenPositions(c.size, 4000)
		var boards []byte
		for _, p := range ps {
			boards = binary.LittleEndian.AppendUint64(boards, p.P)
			boards = binary.LittleEndian.AppendUint64(boards, p.O)
		}
		r := goldenRecord{size: c.size, boards: digest(boards), file: digest(c.file)}
		for _, p := range ps {
			r.values = append(r.values, c.evaluate(p.P, p.O, p.Empties()))
		}
		var reencoded bytes.Buffer
		if err := c.w.Write(&reencoded); err != nil {
			t.Fatal(err)
		}
		var all []byte
		for _, t := range c.w.phases {
			for _, x := range t {
				all = binary.LittleEndian.AppendUint16(all, uint16(x))
			}
		}
		r.tables = digest(all)
		r.reencoded = digest(reencoded.Bytes())
		out = append(out, r)
	}
	return out
}

func writeGolden(recs []goldenRecord) []byte {
	var b bytes.Buffer
	b.WriteString("# The shipped evaluations of positions of seeded random games (TestEvaluationGolden;\n")
	b.WriteString("# go test ./engine/othello -run TestEvaluationGolden -update-golden rewrites it).\n")
	for _, r := range recs {
		b.WriteString(r.header() + "\n")
		for i, v := range r.values {
			if i%30 > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(v))
			if i%30 == 29 || i == len(r.values)-1 {
				b.WriteByte('\n')
			}
		}
	}
	return b.Bytes()
}

// readGolden reads the file writeGolden wrote: the headers and the values under each.
func readGolden(data []byte) (heads []string, values [][]int, err error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "size "):
			heads = append(heads, line)
			values = append(values, nil)
		case len(heads) == 0:
			return nil, nil, fmt.Errorf("values before any header: %q", line)
		default:
			for _, f := range strings.Fields(line) {
				v, err := strconv.Atoi(f)
				if err != nil {
					return nil, nil, err
				}
				values[len(values)-1] = append(values[len(values)-1], v)
			}
		}
	}
	return heads, values, sc.Err()
}

// TestEvaluationGolden: the shipped weights decode to the same tables, encode back to the same
// file, and evaluate every position of the golden games as they did when the file was written.
func TestEvaluationGolden(t *testing.T) {
	now := currentGolden(t)
	if *updateGolden {
		if err := os.WriteFile(goldenPath, writeGolden(now), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	heads, values, err := readGolden(data)
	if err != nil {
		t.Fatalf("%s: %v", goldenPath, err)
	}
	if len(heads) != len(now) {
		t.Fatalf("%s: %d sizes, want %d", goldenPath, len(heads), len(now))
	}
	for i, r := range now {
		if heads[i] != r.header() {
			t.Errorf("%dx%d: golden %q\n                   now %q", r.size, r.size, heads[i], r.header())
		}
		if len(values[i]) != len(r.values) {
			t.Fatalf("%dx%d: %d golden values, %d positions", r.size, r.size, len(values[i]), len(r.values))
		}
		bad := 0
		for j, v := range r.values {
			if v != values[i][j] && bad < 10 {
				t.Errorf("%dx%d position %d: evaluates %d, golden %d", r.size, r.size, j, v, values[i][j])
				bad++
			}
		}
	}
}
