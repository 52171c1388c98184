package othello

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"turncoat/games/reversi"
	"turncoat/internal/canceltest"
)

func TestRecordYear(t *testing.T) {
	for _, c := range []struct {
		date string
		want int
	}{
		{"2019", 2019}, {"2003.05.17", 2003}, {"1977-01-01", 1977}, {"", 0}, {"77", 0}, {"May 2003", 0}, {"20x3", 0},
	} {
		if got := RecordYear(reversi.Record{Date: c.date}); got != c.want {
			t.Errorf("RecordYear(%q) = %d, want %d", c.date, got, c.want)
		}
	}
}

// TestLabelGames checks that labelling in parallel gives each game SamplesOf's samples, and
// that a broken game is named in the error.
func TestLabelGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	var records []reversi.Record
	for range 6 {
		records = append(records, randomRecord(rng, 4))
	}
	got, err := LabelGames(context.Background(), records, 8, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	e := New(Options{TableBytes: 1 << 20})
	for i, r := range records {
		want, err := SamplesOf(context.Background(), r, e, 8)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got[i], want) {
			t.Errorf("game %d: LabelGames and SamplesOf differ", i+1)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := LabelGames(ctx, records, 8, 2, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: error %v", err)
	}
	records[3].Moves = slices.Clone(records[3].Moves)
	records[3].Moves[2] = records[3].Moves[1] // an occupied square
	if _, err := LabelGames(context.Background(), records, 0, 2, nil); err == nil || !strings.Contains(err.Error(), "game 4 ") {
		t.Errorf("a broken game 4: error %v", err)
	}
}

func TestTrainRefusesNoData(t *testing.T) {
	if _, err := Train(context.Background(), nil, []Sample{{Target: 1}}, TrainConfig{}); !errors.Is(err, ErrNoTrainingData) {
		t.Errorf("Train on no samples: %v, want ErrNoTrainingData", err)
	}
}

// TestTrainStops cancels a training that would run for hours (a million epochs).
func TestTrainStops(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var train []Sample
	for range 40 {
		s, err := SamplesOf(context.Background(), randomRecord(rng, 0), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		train = append(train, s...)
	}
	canceltest.Stops(t, func(ctx context.Context) error {
		_, err := Train(ctx, train, nil, TrainConfig{Epochs: 1_000_000, Threads: 2})
		return err
	})
}
