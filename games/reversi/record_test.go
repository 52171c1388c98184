package reversi

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"turncoat/games/discs"
	"turncoat/internal/sharedtest"
)

// A 2021 tournament game with four passes (White passes at plies 53, 55, 57 and 59).
const gameWithPasses = "f5d6c6f4f3e3d3e2e6c4e1g4c3d2d1c1b1c2h4f6c5g6h7d7d8g5e7c8b8c7e8f8g8f7g3b6a6b3a3f1g1f2b5h6h5h3h2b7a7a8g7g2pah8pah1paa1paa5b4a4a2b2"

func TestParseMoveList(t *testing.T) {
	explicit, err := ParseMoveList(gameWithPasses, Start(8))
	if err != nil {
		t.Fatal(err)
	}
	implicit, err := ParseMoveList(strings.ReplaceAll(gameWithPasses, "pa", ""), Start(8))
	if err != nil {
		t.Fatal(err)
	}
	if explicit.MoveList(true) != gameWithPasses || implicit.MoveList(true) != gameWithPasses {
		t.Errorf("passes not inferred the same way:\n%s\n%s", explicit.MoveList(true), implicit.MoveList(true))
	}
	b, err := implicit.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if black, white := b.FinalScore(); black-white != -34 {
		t.Errorf("final score %d-%d, the record says -34", black, white)
	}
	// A last pass is written even when passes are left out: no move after it tells of it.
	upToPass := gameWithPasses[:strings.Index(gameWithPasses, "pa")+2]
	r, err := ParseMoveList(upToPass, Start(8))
	if err != nil || r.MoveList(false) != upToPass {
		t.Errorf("a game ending with a pass writes as %q (%v), want %q", r.MoveList(false), err, upToPass)
	}
	// Separators, move numbers and case do not matter.
	r, err = ParseMoveList("1. F5 d6 2. C3-d3, c4 PS", Start(8))
	if err == nil {
		t.Errorf("a pass with a move available parsed: %v", r.MoveList(true))
	}
	r, err = ParseMoveList("1. F5 d6 2. C3-d3, c4", Start(8))
	if err != nil || r.MoveList(false) != "f5d6c3d3c4" {
		t.Errorf("numbered list: %q, %v", r.MoveList(false), err)
	}
}

func TestMoveListErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"f5d6c3x9", "offset 6: unexpected \"x9\": want a square like f5 or a pass"},
		{"f5f5", "ply 2 (f5): illegal move: f5 is not empty"},
		{"f5a1", "ply 2 (a1): illegal move: a1 flips nothing"},
		{"f5 3 d6", "offset 3: unexpected \"3\" (a move number ends with '.')"},
		{gameWithPasses + "c1", "ply 65 (c1): move after the end of the game"},
	} {
		_, err := ParseMoveList(c.text, Start(8))
		if err == nil || err.Error() != c.want {
			t.Errorf("ParseMoveList(%q): %v, want %q", clip(c.text), err, c.want)
		}
		var re *RecordError
		if strings.HasPrefix(c.want, "ply") && !errors.As(err, &re) {
			t.Errorf("%q: error is not a *RecordError", c.text)
		}
	}
}

func TestParseGGF(t *testing.T) {
	// As Edax exports: a BO[] with spaces between rows, lowercase moves, explicit PA.
	text := "(;GM[othello]PC[Edax]PB[Edax]PW[Human]RE[+2.000]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]W[d6/-1.50/2.01]B[c3];)"
	r, err := ParseGGF(text)
	if err != nil {
		t.Fatal(err)
	}
	if r.Black != "Edax" || r.White != "Human" || r.Place != "Edax" || !r.HasResult || r.Result != 2 || r.MoveList(false) != "f5d6c3" {
		t.Errorf("parsed %+v", r)
	}
	back, err := ParseGGF(r.GGF())
	if err != nil {
		t.Fatalf("%s: %v", r.GGF(), err)
	}
	if back.GGF() != r.GGF() {
		t.Errorf("round trip:\n%s\n%s", r.GGF(), back.GGF())
	}
	// A start position other than the standard one, White to move, resigned result.
	r, err = ParseGGF("(;GM[Othello]RE[-10:r]BO[6 ------ ------ --O*-- --*O-- ------ ------ O]W[D2];)")
	if err != nil {
		t.Fatal(err)
	}
	if r.Start.Size != 6 || r.Start.Turn != 1 || r.ResultNote != "resigned" || r.Result != -10 || r.MoveList(false) != "d2" {
		t.Errorf("parsed %+v", r)
	}
	for _, c := range []struct{ text, want string }{
		{"(;GM[Chess]B[f5];)", "GM[Chess]: not an Othello game"},
		{"(;GM[Othello]W[f5];)", "ply 1 (f5): illegal move: W[f5] but Black is to move"},
		{"(;GM[Othello]B[f5]W[f5];)", "ply 2 (f5): illegal move: f5 is not empty"},
		{"(;GM[Othello]B[z9];)", "ply 1: B[z9]: \"z9\" is not a square name like f5"},
		{"(;GM[Othello]BO[9 - *];)", "BO[9 - *]: board size \"9\": want 4, 6 or 8"},
		{"(;GM[Othello]RE[big];)", "RE[big]: want a result like +2, -10.00 or -22.87"},
		{"(;GM[Othello]PB[x;)", "offset 13: PB[ is not closed"},
		{"GM[Othello]", "GGF game must start with \"(;\""},
	} {
		if _, err := ParseGGF(c.text); err == nil || err.Error() != c.want {
			t.Errorf("ParseGGF(%q): %v, want %q", c.text, err, c.want)
		}
	}
}

// randomRecord plays a random game of the given size, from a random position a few moves in
// for some records, so that GGF's BO[] and passes get exercised.
func randomRecord(rng *rand.Rand, size int, randomStart bool) Record {
	start := Start(size)
	for range rng.IntN(6) {
		if !randomStart {
			break
		}
		m := start.Moves()
		if m == 0 {
			break
		}
		start.Play(nthBit(m, rng.IntN(discs.Count(m))))
	}
	r := Record{Start: start, Black: "Black Player", White: "W]hite \\ 2", Event: "Test", Date: "2026.11.21"}
	b := start
	for {
		m := b.Moves()
		if m == 0 {
			if b.OpponentMoves() == 0 {
				break
			}
			b.Pass()
			r.Moves = append(r.Moves, Pass)
			continue
		}
		sq := nthBit(m, rng.IntN(discs.Count(m)))
		b.Play(sq)
		r.Moves = append(r.Moves, sq)
	}
	black, white := b.FinalScore()
	r.HasResult, r.Result = true, black-white
	return r
}

func nthBit(m uint64, n int) int {
	for ; n > 0; n-- {
		m &= m - 1
	}
	for sq := 0; sq < 64; sq++ {
		if m&(1<<sq) != 0 {
			return sq
		}
	}
	return -1
}

func TestGGFRoundTripRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 500 {
		r := randomRecord(rng, Sizes[i%3], true)
		text := r.GGF()
		back, err := ParseGGF(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if back.GGF() != text || back.MoveList(true) != r.MoveList(true) || back.Start != r.Start || back.White != r.White {
			t.Fatalf("round trip changed the game:\n%s\n%s", text, back.GGF())
		}
		if ok, err := back.ScoreMatches(); !ok || err != nil {
			t.Fatalf("%s: score does not match (%v)", text, err)
		}
	}
}

func TestReadOBF(t *testing.T) {
	dir := sharedtest.Path(t, "data/ffo")
	paths, _ := filepath.Glob(filepath.Join(dir, "*.obf"))
	total := 0
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		probs, err := ReadOBF(bytes.NewReader(data), p)
		if err != nil {
			t.Fatal(err)
		}
		for _, pr := range probs {
			total++
			if !pr.HasScore || len(pr.Moves) == 0 {
				t.Errorf("%s #%s: no scores", p, pr.ID)
			}
			for _, m := range pr.Moves {
				if m.Square != Pass && pr.Board.Moves()&(1<<m.Square) == 0 {
					t.Errorf("%s #%s: listed move %s is not legal", p, pr.ID, SquareName(m.Square))
				}
			}
			again, err := ParseOBFLine(pr.OBF())
			if err != nil || again.Board != pr.Board || again.Score != pr.Score || len(again.Moves) != len(pr.Moves) {
				t.Errorf("#%s: OBF round trip: %v", pr.ID, err)
			}
		}
		if strings.HasSuffix(p, "fforum-40-59.obf") && (probs[0].ID != "40" || probs[0].Score != 38) {
			t.Errorf("first of #40-#59 is #%s with score %d, want #40 with +38", probs[0].ID, probs[0].Score)
		}
	}
	if total != 79 {
		t.Errorf("%d FFO positions, want 79", total)
	}
}

func TestOBFErrors(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{"--XX X;", "4 squares: want 64 (or 36, 16)"},
		{strings.Repeat("-", 64) + " Z;", "side to move \"Z\": want X or O"},
		{strings.Repeat("-", 64) + " X; Q9:+2;", "field \"Q9:+2\": \"Q9\" is not a square name like f5"},
		{strings.Repeat("-", 64) + " X; A1:two;", "field \"A1:two\": want MOVE:score or a score"},
	} {
		if _, err := ParseOBFLine(c.line); err == nil || err.Error() != c.want {
			t.Errorf("ParseOBFLine(%q): %v, want %q", c.line, err, c.want)
		}
	}
}

func TestWTHORWriteRead(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	f := WTHORFile{Header: WTHORHeader{Created: time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC), Year: 2026, BoardSize: 8, Depth: 24}}
	var recs []Record
	for range 50 {
		r := randomRecord(rng, 8, false)
		recs = append(recs, r)
		g, err := WTHORGameOf(r, 1, 2, 3)
		if err != nil {
			t.Fatal(err)
		}
		f.Games = append(f.Games, g)
	}
	var buf bytes.Buffer
	if err := WriteWTB(&buf, f); err != nil {
		t.Fatal(err)
	}
	if buf.Len() != 16+50*68 {
		t.Fatalf("file is %d bytes, want %d", buf.Len(), 16+50*68)
	}
	back, err := ReadWTB(bytes.NewReader(buf.Bytes()), "test.wtb")
	if err != nil {
		t.Fatal(err)
	}
	if back.Header != f.Header {
		t.Errorf("header %+v, read back %+v", f.Header, back.Header)
	}
	names := &WTHORNames{Players: []string{"", "", "Noël", "Zoë"}, Tournaments: []string{"", "Championnat"}}
	for i := range recs {
		r, err := back.Record(i, names)
		if err != nil {
			t.Fatal(err)
		}
		if r.MoveList(true) != recs[i].MoveList(true) || r.Result != recs[i].Result || r.Black != "Noël" || r.Event != "Championnat" {
			t.Fatalf("game %d: %+v", i, r)
		}
	}
	var nb bytes.Buffer
	if err := WriteWTHORNames(&nb, names.Players, 20, f.Header.Created); err != nil {
		t.Fatal(err)
	}
	players, err := ReadWTHORNames(&nb, "test.JOU", 20)
	if err != nil || strings.Join(players, ",") != ",,Noël,Zoë" {
		t.Errorf("names %q, %v", players, err)
	}
	// A truncated file says how many games it really holds.
	_, err = ReadWTB(bytes.NewReader(buf.Bytes()[:16+10*68+5]), "cut.wtb")
	if err == nil || !strings.Contains(err.Error(), "cut.wtb: game 11: the header promises 50 games, the file holds 10 whole records") {
		t.Errorf("truncated file: %v", err)
	}
	// A bad square byte names the game and the ply.
	bad := bytes.Clone(buf.Bytes())
	bad[16+68*2+8+3] = 99
	corrupt, err := ReadWTB(bytes.NewReader(bad), "bad.wtb")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := corrupt.Record(2, nil); err == nil || err.Error() != "game 3: ply 4: byte 99 is not a square (want 11..88)" {
		t.Errorf("bad square: %v", err)
	}
}

func FuzzParseMoveList(f *testing.F) {
	f.Add(gameWithPasses)
	f.Add("1. f5 d6 2. c3")
	f.Add("F5-D6-C3-pa")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := ParseMoveList(text, Start(8))
		if err != nil {
			return
		}
		again, err := ParseMoveList(r.MoveList(true), Start(8))
		if err != nil || again.MoveList(true) != r.MoveList(true) {
			t.Fatalf("%q: parsed as %q, which reads back as %q (%v)", text, r.MoveList(true), again.MoveList(true), err)
		}
	})
}

func FuzzParseGGF(f *testing.F) {
	f.Add("(;GM[othello]PB[a]PW[b]RE[+2.000]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]W[d6/-1.50/2.01]B[c3];)")
	f.Add("(;GM[Othello]RE[-10:r]BO[6 ------ ------ --O*-- --*O-- ------ ------ O]W[D2];)")
	f.Add("(;GM[Othello]TY[6k]KM[-0.500]RE[+4.500]B[e4//0.90]W[e3/-1.00/0.24];)")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := ParseGGF(text)
		if err != nil {
			return
		}
		again, err := ParseGGF(r.GGF())
		if err != nil || again.GGF() != r.GGF() {
			t.Fatalf("%q: written as %q, which does not read back (%v)", text, r.GGF(), err)
		}
		// every game read converts for the registry and back
		g, err := r.GameRecord()
		if err != nil {
			t.Fatalf("%q: no registry record: %v", text, err)
		}
		back, err := RecordOf(g)
		if err != nil || back.MoveList(true) != r.MoveList(true) || back.Start != r.Start {
			t.Fatalf("%q: registry record %+v converts back as %q (%v)", text, g, back.MoveList(true), err)
		}
	})
}

func FuzzParseOBFLine(f *testing.F) {
	f.Add("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;")
	f.Add(strings.Repeat(".", 36) + " O; -4;")
	f.Fuzz(func(t *testing.T, line string) {
		p, err := ParseOBFLine(line)
		if err != nil {
			return
		}
		again, err := ParseOBFLine(p.OBF())
		if err != nil || again.Board != p.Board || again.Score != p.Score || again.HasScore != p.HasScore {
			t.Fatalf("%q: written as %q, which reads back differently (%v)", line, p.OBF(), err)
		}
	})
}

func FuzzReadWTB(f *testing.F) {
	var buf bytes.Buffer
	g, _ := WTHORGameOf(Record{Start: Start(8), Moves: []int{37, 43, 18}}, 0, 0, 0)
	_ = WriteWTB(&buf, WTHORFile{Header: WTHORHeader{Created: time.Now(), Year: 2000, BoardSize: 8}, Games: []WTHORGame{g}})
	f.Add(buf.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		wf, err := ReadWTB(bytes.NewReader(data), "fuzz.wtb")
		if err != nil {
			return
		}
		for i := range wf.Games {
			wf.Record(i, nil) // must not panic; errors are fine
		}
	})
}
