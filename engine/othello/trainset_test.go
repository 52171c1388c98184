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

// TestSplitByYear checks the three parts on games whose samples say which game they come from:
// the held-out years, every third other game validating (counted over the games not held out,
// those without samples included), games without a year or a result.
func TestSplitByYear(t *testing.T) {
	type game struct {
		date    string
		samples int // 0: no result
	}
	games := []game{
		{"2017", 2}, // kept 0: train
		{"2018", 1}, // held out
		{"2016", 3}, // kept 1: train
		{"", 1},     // kept 2: valid (no year: not held out)
		{"2020", 0}, // held out, no result
		{"2015", 0}, // kept 3: train, no result
		{"2001", 2}, // kept 4: train
		{"2010", 1}, // kept 5: valid
		{"2019.01.02", 4},
	}
	var records []reversi.Record
	var samples [][]Sample
	for i, g := range games {
		records = append(records, reversi.Record{Date: g.date, HasResult: g.samples > 0})
		var s []Sample
		for range g.samples {
			s = append(s, Sample{Target: int8(i)})
		}
		samples = append(samples, s)
	}
	set, err := SplitByYear(records, samples, 2018, 3)
	if err != nil {
		t.Fatal(err)
	}
	from := func(s []Sample) []int {
		var out []int
		for _, x := range s {
			out = append(out, int(x.Target))
		}
		return out
	}
	if got, want := from(set.Train), []int{0, 0, 2, 2, 2, 6, 6}; !slices.Equal(got, want) {
		t.Errorf("train samples from games %v, want %v", got, want)
	}
	if got, want := from(set.Valid), []int{3, 7}; !slices.Equal(got, want) {
		t.Errorf("validation samples from games %v, want %v", got, want)
	}
	if got, want := from(set.HeldOut), []int{1, 8, 8, 8, 8}; !slices.Equal(got, want) {
		t.Errorf("held-out samples from games %v, want %v", got, want)
	}
	if set.TrainGames != 3 || set.ValidGames != 2 || set.HeldOutGames != 2 || set.NoResult != 2 {
		t.Errorf("games: train %d valid %d held out %d no result %d; want 3 2 2 2", set.TrainGames, set.ValidGames, set.HeldOutGames, set.NoResult)
	}
	if _, err := SplitByYear(records, samples[1:], 2018, 3); err == nil {
		t.Error("samples for fewer games than records: no error")
	}
	if _, err := SplitByYear(records, samples, 2018, 1); err == nil {
		t.Error("validEvery 1: no error")
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
