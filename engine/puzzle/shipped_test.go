package puzzle

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestShippedSets: each set of the other kinds the server ships holds its 500 puzzles of its
// kind, ids in order, and a sample spread over the set proves. (A whole set proves with
// "turncoat puzzles prove": Turnover's takes minutes, so its sample is of puzzles quick to
// prove.)
func TestShippedSets(t *testing.T) {
	samples := map[string][]string{
		Turnover: {"v5", "v250", "v499"},
		Blocs:    {"b1", "b250", "b500"},
		Troll:    {"l1", "l250", "l500"},
		Turncoat: {"c1", "c250", "c500"},
	}
	for _, kind := range Kinds {
		path := filepath.Join("..", "..", "platform", "puzzles", "data", kind+".jsonl.gz")
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		ps, err := Read(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) != 500 {
			t.Errorf("%s: %d puzzles, want 500", path, len(ps))
		}
		byID := map[string]*Puzzle{}
		for i := range ps {
			p := &ps[i]
			if p.Kind != kind || p.ID != IDLetter(kind)+strconv.Itoa(i+1) {
				t.Fatalf("%s: puzzle %d is %s of kind %s", path, i+1, p.ID, p.Kind)
			}
			byID[p.ID] = p
		}
		for _, id := range samples[kind] {
			p, ok := byID[id]
			if !ok {
				t.Fatalf("%s: no puzzle %s", path, id)
			}
			if err := Prove(context.Background(), p); err != nil {
				t.Errorf("%s: %v", path, err)
			}
		}
	}
}
