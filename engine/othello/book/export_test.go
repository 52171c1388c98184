package book

import (
	"bufio"
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"turncoat/games/discs"
	"turncoat/games/reversi"
)

// TestExport: every line's moves replay from the start to a book position whose games, value
// and leaf the line gives; every position is written once.
func TestExport(t *testing.T) {
	var games [][]int
	for _, g := range randomGames(300, 79) {
		games = append(games, g)
	}
	b := build(t, games, 60, 3)
	var buf bytes.Buffer
	if err := b.Export(&buf); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(&buf)
	lines, seen := 0, map[Key]bool{}
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		lines++
		var name, value, leaf string
		var games int
		if _, err := fmt.Sscanf(strings.NewReplacer("games=", "", "value=", "", "leaf=", "").Replace(line), "%s %d %s %s", &name, &games, &value, &leaf); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		bd := reversi.Start(8)
		if name != "start" {
			if lines == 2 && !strings.HasPrefix(name, "f5") {
				t.Fatalf("the first move is %q, want f5", name)
			}
			r, err := reversi.ParseMoveList(name, reversi.Start(8))
			if err != nil {
				t.Fatalf("line %q: %v", line, err)
			}
			if bd, err = r.Replay(); err != nil {
				t.Fatalf("line %q: %v", line, err)
			}
		}
		e, ok := b.Lookup(bd)
		if !ok {
			t.Fatalf("line %q: not a book position", line)
		}
		if bd.Moves() == 0 {
			bd.Pass()
		}
		p, o := bd.Mover()
		if k := KeyOf(p, o); seen[k] {
			t.Fatalf("line %q: a position written twice", line)
		} else {
			seen[k] = true
		}
		wantLeaf := "-"
		if i := slices.IndexFunc(e.Moves, func(m Move) bool { return m.Leaf }); i >= 0 {
			wantLeaf = fmt.Sprintf("%s:%+d", discs.SquareName(e.Moves[i].Square), e.Moves[i].Value)
			// in a symmetric position the leaf may be named by either of two equivalent moves
			if sq, v, ok := strings.Cut(leaf, ":"); ok && v == fmt.Sprintf("%+d", e.Moves[i].Value) {
				if s, err := discs.ParseSquare(sq); err == nil && s != e.Moves[i].Square && discs.Moves(p, o)&(1<<s) != 0 &&
					follow(p, o, s).key == follow(p, o, e.Moves[i].Square).key {
					wantLeaf = leaf
				}
			}
		}
		if games != e.Games || value != fmt.Sprintf("%+d", e.Value) || leaf != wantLeaf {
			t.Fatalf("line %q: the book has %d games, value %+d, leaf %s", line, e.Games, e.Value, wantLeaf)
		}
	}
	if lines != b.Len() {
		t.Fatalf("%d lines for %d positions", lines, b.Len())
	}
}
