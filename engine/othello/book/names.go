package book

import (
	"fmt"
	"strings"
	"sync"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// The named Othello openings, as players call them: each is the position its line reaches from
// the standard start (written from the first move f5, as the community's list is), matched in
// any of the board's eight symmetries and by any move order that transposes into it. A game's
// opening is the last named position its moves pass through.
var namedLines = []struct{ line, name string }{
	{"f5d6", "Perpendicular"},
	{"f5f4", "Parallel"},
	{"f5f6", "Diagonal"},
	{"f5d6c3d3c4", "Tiger"},
	{"f5d6c3d3c4b3", "Aubrey"},
	{"f5d6c3d3c4f4c5b3c2", "Rose-Bill"},
	{"f5d6c3d3c4f4c5b3c2e3", "Nicolet"},
	{"f5d6c3d3c4f4c5b3c2b4", "Central Rose-Bill"},
	{"f5d6c3d3c4f4c5b3c2e6", "Tamenori"},
	{"f5d6c3d3c4f4c5b4b5c6f3e6e3", "Ishii"},
	{"f5d6c3d3c4f4c5b4b5c6f3e6e3g6f6g5d7g3", "Mainline Tiger"},
	{"f5d6c3d3c4f4e3", "Brightwell"},
	{"f5d6c3d3c4f4e6", "Leader's Tiger"},
	{"f5d6c3d3c4f4f6", "Stephenson"},
	{"f5d6c3d3c4f4f6b4", "Kung"},
	{"f5d6c3d3c4f4f6f3", "Comp'Oth"},
	{"f5d6c3d3c4f4f6g5", "No-Kung"},
	{"f5d6c3g5", "Ganglion"},
	{"f5d6c4d3c5", "Cat"},
	{"f5d6c4d3c5f4e3f3c2b4b3", "Berner"},
	{"f5d6c4d3c5f4e3f3c2c6", "Sakaguchi"},
	{"f5d6c4d3e6", "Italian"},
	{"f5d6c4g5", "No-Cat"},
	{"f5d6c4g5c6", "Swallow"},
	{"f5d6c5f4d3", "Horse"},
	{"f5d6c5f4e3c6d3f3", "Ralle"},
	{"f5d6c5f4e3c6d3f6e6d7", "Rose"},
	{"f5d6c5f4e3c6d3f6e6d7e7", "Greenberg"},
	{"f5d6c5f4e3c6d3f6e6d7g3c4", "Rose-Birth"},
	{"f5d6c5f4e3c6d3f6e6d7g3c4b4", "Rose-Birdie"},
	{"f5d6c5f4e3c6d3f6e6d7g3c4b4c3", "Rose-Tamenori-Kling"},
	{"f5d6c5f4e3c6d3f6e6d7g3c4g5c3b4e2", "Brightstein"},
	{"f5d6c5f4e3c6d3f6e6d7g4", "Flat"},
	{"f5d6c5f4e3c6d3f6e6d7g4c4", "Rotating Flat"},
	{"f5d6c5f4e3c6d3f6e6d7g4c4g6", "Murakami Variation"},
	{"f5d6c5f4e3c6d7", "Bhagat"},
	{"f5d6c5f4e3c6e6", "Inoue"},
	{"f5d6c5f4e3c6e6f6", "Iago"},
	{"f5d6c5f4e3c6f3", "Shaman"},
	{"f5d6c5f4e3d3", "Mimura"},
	{"f5f6c4f4", "Semi-Wing Variation"},
	{"f5f6d3f4", "Wing Variation"},
	{"f5f6e6d6c3", "Buffalo"},
	{"f5f6e6d6c3d3", "Hokuriku Buffalo"},
	{"f5f6e6d6c3f4c6d3e3d2", "Tanida Buffalo"},
	{"f5f6e6d6c3g4c6", "Maruoka Buffalo"},
	{"f5f6e6d6c5", "Cow"},
	{"f5f6e6d6c5e3d3", "Rose-v-Toth"},
	{"f5f6e6d6c5e3d3c4c3", "Landau"},
	{"f5f6e6d6c5e3d3c4c6b5", "Maruoka"},
	{"f5f6e6d6c5e3d3g5", "Tanida"},
	{"f5f6e6d6c5e3d3g5d7", "Aircraft"},
	{"f5f6e6d6c5e3d3g5e2b5", "Sailboat"},
	{"f5f6e6d6c5e3e7", "Bat"},
	{"f5f6e6d6c5e3e7c7d7c6d3", "Melnikov"},
	{"f5f6e6d6c5f4", "Chimney"},
	{"f5f6e6d6c7c6d7", "Hamilton"},
	{"f5f6e6d6c7f4", "Lollipop"},
	{"f5f6e6d6d7", "Raccoon Dog"},
	{"f5f6e6d6e7", "Heath"},
	{"f5f6e6d6e7f4", "Heath-Chimney"},
	{"f5f6e6d6e7g5c5", "Heath-Bat"},
	{"f5f6e6d6e7g5g4", "Iwasaki Variation"},
	{"f5f6e6d6f7", "Snake"},
	{"f5f6e6d6f7e3d7e7c6c5d3", "Pyramid"},
	{"f5f6e6d6g7", "X-square Opening"},
}

var (
	namesOnce sync.Once
	names     map[Key]string
	namesErr  error
)

// openingNames returns the named positions by key, built once from the lines.
func openingNames() (map[Key]string, error) {
	namesOnce.Do(func() {
		names = make(map[Key]string, len(namedLines))
		for _, nl := range namedLines {
			b := reversi.Start(8)
			for i := 0; i < len(nl.line); i += 2 {
				sq, err := discs.ParseSquare(nl.line[i : i+2])
				if err == nil {
					_, err = b.Play(sq)
				}
				if err != nil {
					namesErr = fmt.Errorf("book: the opening %q: %s: %w", nl.name, nl.line[:i+2], err)
					return
				}
			}
			names[KeyOf(b.Mover())] = nl.name
		}
	})
	return names, namesErr
}

// OpeningName returns the name of an 8x8 position, when it is one of the named openings' ("" when
// it is not).
func OpeningName(b reversi.Board) string {
	if b.Size != 8 {
		return ""
	}
	m, err := openingNames()
	if err != nil {
		return ""
	}
	return m[KeyOf(b.Mover())]
}

// LineName returns the opening of a game: the name of the last named position among those its
// moves (squares, or reversi.Pass) reach from start, and the number of moves that reached it
// (0 and "" when none is named).
func LineName(start reversi.Board, moves []int) (string, int) {
	name, at := OpeningName(start), 0
	b := start
	for i, sq := range moves {
		if sq == reversi.Pass {
			b.Pass()
			continue
		}
		if _, err := b.Play(sq); err != nil {
			break
		}
		if n := OpeningName(b); n != "" {
			name, at = n, i+1
		}
	}
	return name, at
}

// OpeningNames lists the named openings and their lines, for documentation and tests.
func OpeningNames() [][2]string {
	out := make([][2]string, len(namedLines))
	for i, nl := range namedLines {
		out[i] = [2]string{nl.name, strings.ToLower(nl.line)}
	}
	return out
}
