package render

import (
	"io"
	"math/rand/v2"
	"testing"

	"turncoat/game"
	"turncoat/games"
)

// BenchmarkPNG8x8 draws an 8x8 Othello position in the middle game, its last move and flips
// marked, as a 480-pixel PNG (target: under 5 ms on one core).
func BenchmarkPNG8x8(b *testing.B) { benchPosition(b, PNG) }

// BenchmarkSVG8x8 is BenchmarkPNG8x8 as SVG.
func BenchmarkSVG8x8(b *testing.B) { benchPosition(b, SVG) }

func benchPosition(b *testing.B, f Format) {
	p, err := benchReplay(b, "reversi", "", 30, 11).At(Latest)
	if err != nil {
		b.Fatal(err)
	}
	var r Renderer
	o := Options{Size: 480}
	b.ReportAllocs()
	for b.Loop() {
		if err := r.Encode(io.Discard, f, p, o); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGIF60 draws a 60-move Othello game as a 480-pixel animated GIF (target: under
// 200 ms on one core).
func BenchmarkGIF60(b *testing.B) {
	rp := benchReplay(b, "reversi", "", 60, 5)
	if rp.Len() != 60 {
		b.Fatalf("the game has %d moves, want 60", rp.Len())
	}
	var r Renderer
	o := Options{Size: 480}
	b.ReportAllocs()
	for b.Loop() {
		if err := r.GIF(io.Discard, rp, o); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSheet16 draws a tournament round of sixteen 6x6 boards, numbered and named, on one
// 1600-pixel PNG (target: under 50 ms on one core).
func BenchmarkSheet16(b *testing.B) {
	tiles := benchTiles(b)
	var r Renderer
	o := Options{Size: 1600}
	b.ReportAllocs()
	for b.Loop() {
		if err := r.Sheet(io.Discard, PNG, tiles, o); err != nil {
			b.Fatal(err)
		}
	}
}

func benchTiles(b *testing.B) []Tile {
	tiles := make([]Tile, 16)
	for i := range tiles {
		p, err := benchReplay(b, "reversi", "size=6", 6+i, uint64(i)).At(Latest)
		if err != nil {
			b.Fatal(err)
		}
		tiles[i] = Tile{Number: i + 1, Players: [2]string{"Player " + string(rune('A'+i)), "Player " + string(rune('a'+i))}, Position: p}
	}
	return tiles
}

// benchReplay plays plies random legal moves (fewer if the game ends first) from the start
// of the named game, the same for the same seed.
func benchReplay(t testing.TB, name, opts string, plies int, seed uint64) Replay {
	s, err := games.Registry().New(name, opts)
	if err != nil {
		t.Fatal(err)
	}
	r := Replay{Start: s.Clone()}
	rng := rand.New(rand.NewPCG(seed, 1))
	var buf [256]game.Action
	for range plies {
		acts := s.ToAct()
		if acts == game.Nobody {
			break
		}
		var m game.Move
		if acts.Simultaneous() {
			var j game.Joint
			for p := game.First; p <= game.Second; p++ {
				l := s.Legal(p, buf[:0])
				j[p] = l[rng.IntN(len(l))]
			}
			m = game.Simultaneous(j)
		} else {
			p := acts.Single()
			l := s.Legal(p, buf[:0])
			m = game.Single(p, l[rng.IntN(len(l))])
		}
		if err := game.PlayMove(s, m); err != nil {
			t.Fatal(err)
		}
		r.Moves = append(r.Moves, m)
	}
	return r
}
