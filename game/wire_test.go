package game_test

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"turncoat/game"
)

var update = flag.Bool("update", false, "rewrite the golden files of the wire forms")

// golden compares v's indented JSON with testdata/wire/name.json (rewritten with -update).
func golden(t *testing.T, name string, v any) {
	t.Helper()
	got, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", "wire", name+".json")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./game -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("the wire form of %s changed (an API change: if meant, run go test ./game -update):\n%s\nwant:\n%s", name, got, want)
	}
}

// TestWireForms pins the JSON of views, events, options, outcomes and snapshots.
func TestWireForms(t *testing.T) {
	tb := newTable(t, "rounds=2", game.TimeControl{Kind: game.Fischer, Base: 5 * time.Minute, Increment: 3 * time.Second})
	evs, err := tb.Submit(game.First, 1, at(2))
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "event-selection-owner", evs[0].For(game.First))
	golden(t, "event-selection-opponent", evs[0].For(game.Second))
	golden(t, "view-opponent-mid-round", tb.View(game.Second, at(3)))
	evs, _ = tb.Submit(game.Second, 0, at(4))
	golden(t, "event-move-reveal", evs[0].For(game.NoPlayer))
	tb.OfferDraw(game.Second, at(5))
	golden(t, "view-spectator", tb.View(game.NoPlayer, at(6)))
	evs, _ = tb.Resign(game.First, at(7))
	golden(t, "event-end-resignation", evs[0].For(game.NoPlayer))
	golden(t, "snapshot", tb.Snapshot())
	golden(t, "options", penniesSpecs)
	golden(t, "outcome-scored", game.Outcome{Over: true, Winner: game.First, Scored: true, Score: [2]int{40, 24}, Ending: game.EndRules, Reason: "board full"})
	golden(t, "outcome-in-play", game.InPlay)
}

// TestWireRoundTrips checks that the wire forms read back to what they were written from.
func TestWireRoundTrips(t *testing.T) {
	for _, o := range []game.Outcome{game.InPlay, game.Win(game.Second, "checkmate"), game.Claimed("threefold repetition"),
		{Over: true, Winner: game.NoPlayer, Scored: true, Score: [2]int{32, 32}, Ending: game.EndRules}} {
		b, _ := json.Marshal(o)
		var back game.Outcome
		if err := json.Unmarshal(b, &back); err != nil || back != o {
			t.Errorf("%s: read back %+v, %v", b, back, err)
		}
	}
	for _, a := range []game.Actors{game.Nobody, game.FirstActs, game.SecondActs, game.BothAct} {
		b, _ := json.Marshal(a)
		var back game.Actors
		if err := json.Unmarshal(b, &back); err != nil || back != a {
			t.Errorf("%s: read back %v, %v", b, back, err)
		}
	}
	for _, bad := range []string{`"third"`, `3`, `[null]`} {
		var p game.Player
		var a game.Actors
		if json.Unmarshal([]byte(bad), &p) == nil && json.Unmarshal([]byte(bad), &a) == nil {
			t.Errorf("%s read as a player or actors", bad)
		}
	}
	var specs []game.OptionSpec
	b, _ := json.Marshal(penniesSpecs)
	if err := json.Unmarshal(b, &specs); err != nil || specs[0].Kind != game.OptionInt || specs[1].Kind != game.OptionEnum {
		t.Errorf("option specs read back as %+v, %v", specs, err)
	}
}
