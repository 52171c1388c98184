package reversi

import (
	"fmt"
	"strings"
	"testing"
)

// Real games from the GGS server, as it writes them: a komi game (KB/KW are the komi bids,
// KM[-0.500] the komi, RE[+8.500] the result with it: Black won 36-28 on the board), a
// random-start synchro game with White to move, and a game with an explicit B[pass].
const (
	ggsKomiGame    = "(;GM[Othello]PC[GGS/os]DT[2010.10.11_09:16:41.MDT]PB[ming1014]PW[ant]RB[1440.64]RW[1176.38]TI[15:00//02:00]TY[8k]KB[e6//0.90]KW[f5/-1.00]KM[-0.500]RE[+8.500]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[e6//0.90]W[f4/-16.47/0.24]B[e3//5.70]W[d6/-37.53/0.02]B[c5//0.70]W[f3/-52.53/0.01]B[c4//0.39]W[f6/-38.53/0.01]B[f5//1.42]W[g4/-39.53/0.01]B[c7//3.00]W[d3/-22.53/0.01]B[e7//0.84]W[c3/-12.53]B[g6//0.72]W[b4/-46.53]B[g5//0.62]W[b6/-42.53]B[a5//1.19]W[c6/-34.66]B[b5//1.42]W[d7/-34.86]B[e8//1.25]W[f7/0.86]B[h3//1.17]W[f8/10.16]B[d8//1.14]W[h4/5.52]B[h5//1.26]W[c8/0.87]B[a3//7.75]W[a4/-0.83]B[g3//1.06]W[a6/-2.32]B[a7//2.78]W[b7/-5.29]B[f2//26.33]W[f1/-2.06]B[c2//2.60]W[e2/-2.01]B[d2//1.72]W[b3/-1.65]B[e1//6.10]W[c1/-4.23]B[g1//1.92]W[h7/-2.06]B[a2//3.62]W[g7/-6.28]B[h6//1.87]W[d1/-16.14]B[b1//2.15]W[h2/-19.03]B[h8//13.15]W[g8/-17.40]B[h1//0.80]W[g2/-14.51]B[b2//16.10]W[a1]B[b8//5.46]W[a8];)"
	ggsSynchroGame = "(;GM[Othello]PC[GGS/os]DT[2011.03.01_07:05:47.MST]PB[Saio7000]PW[SaioQuad]RB[2799.01]RW[2779.77]TI[10:00//02:00]TY[s8r19]RE[+8.000]BO[8 -------- -------- --OOO*-- -O*OO*-- --O*OO-- --O***-- --O*---- -------- O]W[b5/-8.00/91.89]B[e2/8.00/70.29]W[d8/-10.00/58.34]B[g4/8.00/122.71]W[f2/-8.00/51.58]B[d2/8.00/76.60]W[d1/-8.00/104.34]B[c1/8.00/211.08]W[f1/-8.00/66.31]B[e1/8.00/24.96]W[b1/-8.00/49.25]B[c2/8.00/16.50]W[b3/-8.00/36.30]B[a6/8.00/33.59]W[a5/-8.00/0.01]B[b6/8.00/0.01]W[a7/-8.00/0.01]B[e8/8.00/0.01]W[f8/-8.00/0.01]B[a3/8.00/0.01]W[e7/-8.00/0.01]B[b8/8.00/0.01]W[g7/-8.00/0.01]B[h8/8.00/0.01]W[g3/-8.00/0.01]B[f7/8.00/0.01]W[h5/-8.00/0.01]B[b2/8.00/0.01]W[c8/-8.00/0.01]B[g8/8.00/0.01]W[a1/-8.00/0.01]B[a2/8.00/0.01]W[a4/-8.00/0.01]B[g6/8.00/0.01]W[g5/-8.00/0.01]B[h3/8.00/0.01]W[h4/-8.00/0.01]B[b7/8.00/0.01]W[h6/-8.00/0.01]B[h7/8.00/0.01]W[a8/-8.00/0.01]B[h2/8.00/0.01]W[g2/-8.00/0.01]B[g1/8.00/0.01]W[h1/-8.00/0.01];)"
	ggsPassGame    = "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[Saio1200]PW[Saio3000]RB[2197.01]RW[2199.72]TI[05:00//02:00]TY[8]RE[+0.000]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[d3//0.01]W[c5//0.01]B[e6//0.01]W[d2//0.01]B[c6//0.01]W[d6//0.01]B[b5//0.01]W[f5//0.01]B[e7//0.01]W[f6//0.01]B[f4//0.01]W[f3//0.01]B[g4//0.01]W[d7//0.01]B[g3//0.01]W[g5//0.01]B[h6//0.01]W[h5//0.01]B[h4//0.01]W[e8//0.01]B[c7//0.01]W[h3//0.01]B[c3//0.01]W[h7//0.01]B[e3//0.01]W[b6//0.01]B[g6//5.42]W[f7//0.01]B[d8//0.01]W[c2//0.01]B[d1//0.01]W[c4//0.01]B[b4//0.01]W[a5//0.01]B[f8//0.01]W[f2//0.01]B[e2//0.01]W[a4//17.38]B[a3//19.10]W[b3//0.01]B[f1//4.90]W[g7//0.01]B[b7//0.01]W[c8//0.01]B[a6//0.01]W[a7//0.01]B[c1//0.01]W[b2//0.01]B[a8//0.01]W[b8//0.01]B[a2//0.01]W[e1//0.01]B[h8//0.01]W[g8//0.01]B[h2//0.01]W[g1//0.01]B[h1//3.80]W[g2//0.01]B[pass]W[a1//0.01]B[b1//0.01];)"
)

// A random 8x8 game that ends 21-43 (-22 for Black), and a 6x6 game that ends 20-16.
const (
	moves8Minus22 = "d3c5b6c3d6e3d2b5f3g3b4c7f6c4d7a6a5b3f2d8a7a4f4e2h3g2f1c2b2a8f5e6b8d1b1g4f7c6e7g6h5g8h4a3b7h1h2a2c1e1g5c8e8f8g7h7h8g1h6a1"
	moves6Plus4   = "e4e3c2c5c6d2f2f4e1b3b2d1b1a2b4f5e2b6c1a3d5e5b5a1f3d6f6a4a6f1e6a5"
)

// ggsTags writes a game's moves as GGS does: B[d3//1.20] W[c5/-2.00/0.50], B[pass] for a pass.
func ggsTags(t *testing.T, moves string, start Board) string {
	t.Helper()
	r, err := ParseMoveList(moves, start)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	turn := start.Turn
	for i, sq := range r.Moves {
		name := SquareName(sq)
		fmt.Fprintf(&b, "%s[%s/%.2f/%.2f]", "BW"[turn:turn+1], name, float64(i%7)-3, 0.01*float64(i))
		turn ^= 1
	}
	return b.String()
}

func TestGGFFractionalResults(t *testing.T) {
	games8 := ggsTags(t, moves8Minus22, Start(8))
	for _, c := range []struct {
		name, text string
		result     int     // Result: the disc difference
		stated     float64 // StatedResult
		komi       float64
		hasKomi    bool
		matches    bool
		writes     string // the RE[] (and KM[]) the writer gives back
	}{
		{"komi game", ggsKomiGame, 8, 8.5, -0.5, true, true, "KM[-0.5]RE[+8.5]"},
		{"komi game, result -22.87", "(;GM[Othello]PC[GGS/os]DT[2009.06.02_13:40:00.MDT]PB[a]PW[b]TI[05:00//02:00]TY[8k]KM[+0.870]RE[-22.870]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]" + games8 + ";)",
			-22, -22.87, 0.87, true, true, "KM[+0.87]RE[-22.87]"},
		{"-22.87 without a komi", "(;GM[Othello]PC[GGS/os]PB[a]PW[b]TY[8]RE[-22.87]" + games8 + ";)",
			-23, -22.87, 0, false, false, "RE[-22.87]"},
		{"whole result", "(;GM[Othello]PB[a]PW[b]TY[8]RE[-22.000]" + games8 + ";)", -22, -22, 0, false, true, "RE[-22]"},
		{"whole result, wrong", "(;GM[Othello]PB[a]PW[b]TY[8]RE[-20.000]" + games8 + ";)", -20, -20, 0, false, false, "RE[-20]"},
		{"integer komi", "(;GM[Othello]PB[a]PW[b]TY[8k]KM[-1]RE[-21]" + games8 + ";)", -22, -21, -1, true, true, "KM[-1]RE[-21]"},
		{"synchro game, random start", ggsSynchroGame, 8, 8, 0, false, true, "RE[+8]"},
		{"explicit pass", ggsPassGame, 0, 0, 0, false, true, "RE[+0]"},
	} {
		r, err := ParseGGF(c.text)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !r.HasResult || r.Result != c.result || r.StatedResult() != c.stated || r.HasKomi != c.hasKomi || r.Komi != c.komi {
			t.Errorf("%s: result %d stated %v komi %v (%v); want %d, %v, %v (%v)", c.name, r.Result, r.StatedResult(), r.Komi, r.HasKomi, c.result, c.stated, c.komi, c.hasKomi)
		}
		if ok, err := r.ScoreMatches(); ok != c.matches || err != nil {
			t.Errorf("%s: score matches %v (%v), want %v", c.name, ok, err, c.matches)
		}
		text := r.GGF()
		if !strings.Contains(text, c.writes) {
			t.Errorf("%s: written as %s, want %s in it", c.name, text, c.writes)
		}
		back, err := ParseGGF(text)
		if err != nil || back.GGF() != text || back.StatedResult() != r.StatedResult() || back.Result != r.Result {
			t.Errorf("%s: %s reads back as %+v (%v)", c.name, text, back, err)
		}
	}
}

func TestGGFTypeGivesTheBoard(t *testing.T) {
	tags6 := ggsTags(t, moves6Plus4, Start(6))
	for _, c := range []struct {
		name, text string
		start      Board
	}{
		{"TY[6] without BO[]", "(;GM[Othello]PC[GGS/os]PB[a]PW[b]TY[6]RE[+4.000]" + tags6 + ";)", Start(6)},
		{"TY[6k] without BO[]", "(;GM[Othello]PC[GGS/os]PB[a]PW[b]TY[6k]KM[0]RE[+4.000]" + tags6 + ";)", Start(6)},
		{"TY[s6] without BO[]", "(;GM[Othello]TY[s6]RE[+4]" + tags6 + ";)", Start(6)},
		{"TY[6] with BO[]", "(;GM[Othello]TY[6]BO[6 ------ ------ --O*-- --*O-- ------ ------ *]RE[+4]" + tags6 + ";)", Start(6)},
		{"TY[4]", "(;GM[Othello]TY[4];)", Start(4)},
		{"TY[8]", "(;GM[Othello]TY[8]B[f5];)", Start(8)},
		{"no TY[]", "(;GM[Othello]B[f5];)", Start(8)},
	} {
		r, err := ParseGGF(c.text)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if r.Start != c.start {
			t.Errorf("%s: starts from %s (%dx%d), want %s", c.name, r.Start.Text(), r.Start.Size, r.Start.Size, c.start.Text())
		}
		if c.start.Size == 6 {
			if ok, err := r.ScoreMatches(); !ok || err != nil || r.MoveList(true) != moves6Plus4 {
				t.Errorf("%s: moves %s, score matches %v (%v)", c.name, r.MoveList(true), ok, err)
			}
		}
		if back, err := ParseGGF(r.GGF()); err != nil || back.Start != r.Start {
			t.Errorf("%s: %s reads back from %v (%v)", c.name, r.GGF(), back.Start, err)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"(;GM[Othello]TY[10];)", "TY[10]: board size 10: want 4, 6 or 8"},
		{"(;GM[Othello]TY[6]BO[8 " + strings.Repeat("-", 27) + "O*------*O" + strings.Repeat("-", 27) + " *];)", "TY[6] is a 6x6 game but BO[] sets up 8x8"},
		{"(;GM[Othello]TY[8a]B[f5];)", "TY[8a]: an anti game (the fewest discs win), which Turncoat does not play"},
		{"(;GM[Othello]TY[6]RE[+40];)", "RE[+40]: on 6x6 the disc difference is at most 36"},
		{"(;GM[Othello]RE[+64.5];)", "RE[+64.5]: on 8x8 the disc difference is at most 64"},
		{"(;GM[Othello]RE[NaN];)", "RE[NaN]: want a result like +2, -10.00 or -22.87"},
		{"(;GM[Othello]KM[half]RE[+2];)", "KM[half]: want a komi like -0.5 or +2"},
		{"(;GM[Othello]TY[6]B[g5];)", "ply 1 (g5): illegal move: not on the 6x6 board"},
	} {
		if _, err := ParseGGF(c.text); err == nil || err.Error() != c.want {
			t.Errorf("ParseGGF(%q): %v, want %q", c.text, err, c.want)
		}
	}
}
