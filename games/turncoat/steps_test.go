package turncoat

import (
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"turncoat/game"
)

// TestSteps plays random rounds and checks that a round's steps, applied in order to the
// boards before it, give the boards after it; that each step starts with its selected square
// on the board it concerns; and that a round ends after two steps exactly when the game ends
// there.
func TestSteps(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	var buf [64]game.Action
	rounds, short, twice := 0, 0, 0
	for g := 0; g < 60; g++ {
		n := 4 + g%5
		o, err := game.ParseOptions(Game{}.OptionSpecs(), map[string]string{"size": string(rune('0' + n))})
		if err != nil {
			t.Fatal(err)
		}
		st, err := Game{}.New(o)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for s.Result() == InPlay {
			var j game.Joint
			for p := game.First; p <= game.Second; p++ {
				legal := s.Legal(p, buf[:0])
				j[p] = legal[rng.IntN(len(legal))]
			}
			before := s.BoardView()
			steps := s.Steps(game.Simultaneous(j))
			if err := s.ApplyJoint(j); err != nil {
				t.Fatal(err)
			}
			rounds++
			after := s.BoardView()
			if len(steps) != 4 && len(steps) != 2 {
				t.Fatalf("%d steps", len(steps))
			}
			if len(steps) == 2 {
				short++
				if s.Result() == InPlay {
					t.Fatal("a round stopped after two steps with the game going on")
				}
			}
			seen := map[string]int{}
			for k, step := range steps {
				wantGrid, wantBy := []int{0, 1, 0, 1}[k], []game.Player{game.First, game.Second, game.Second, game.First}[k]
				if step.Grid != wantGrid || step.By != wantBy || step.Coord != s.FormatAction(wantBy, j[wantBy]) {
					t.Fatalf("step %d: grid %d by %v at %s", k, step.Grid, step.By, step.Coord)
				}
				if len(step.Cells) == 0 || step.Cells[0].Coord != step.Coord {
					t.Fatalf("step %d does not start at its square %s: %v", k, step.Coord, step.Cells)
				}
				cells := before.Grids[step.Grid].Cells
				for _, c := range step.Cells {
					for i := range cells {
						if cells[i].Coord == c.Coord {
							cells[i] = c
							seen[string(rune('0'+step.Grid))+c.Coord]++
						}
					}
				}
			}
			for _, v := range seen {
				if v > 1 {
					twice++
					break
				}
			}
			if !reflect.DeepEqual(before.Grids, after.Grids) {
				t.Fatalf("the steps applied to the boards before the round do not give the boards after it")
			}
		}
		if steps := s.Steps(game.Simultaneous(game.Joint{0, 0})); steps != nil {
			t.Fatalf("steps after the end: %v", steps)
		}
	}
	// The rounds whose board diff alone would hide a piece turned twice: why the steps exist.
	t.Logf("%d rounds, %d ending after two steps, %d turning a piece twice", rounds, short, twice)
	if short == 0 || twice == 0 {
		t.Error("the random games met no short round or no piece turned twice: the test proves less than it says")
	}
}

// TestViewSteps checks that a table's view carries the steps of its last round, and of no other.
func TestViewSteps(t *testing.T) {
	s, err := NewState(Rules{Size: 4, Cap: 100, Setup: "BWWW/WWWW/WWWW/WWWB:WWWW/WBWW/WWWW/WWWW"})
	if err != nil {
		t.Fatal(err)
	}
	tb, err := game.NewTable(s, game.TableConfig{})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(0, 0)
	for _, round := range [][2]string{{"b1", "c3"}, {"d4", "a1"}} {
		for p := game.First; p <= game.Second; p++ {
			if _, err := tb.SubmitText(p, round[p], now); err != nil {
				t.Fatal(err)
			}
		}
		v := tb.View(game.NoPlayer, now)
		if v.LastMove == nil || len(v.LastMove.Steps) != 4 || v.LastMove.Steps[0].Coord != round[0] || v.LastMove.Steps[1].Coord != round[1] {
			t.Fatalf("after %v the last move's steps are %+v", round, v.LastMove)
		}
		for _, m := range v.Moves {
			if m.Steps != nil {
				t.Fatalf("move %d of the history carries steps", m.Ply)
			}
		}
	}
}
