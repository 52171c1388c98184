package othello

import (
	"context"
	"slices"

	"turncoat/games/reversi"
)

// Refining the evaluation on exact values.
//
// The bootstrap's targets above its exact empties are searches on the evaluation of later
// phases, and their errors add up phase after phase: at 24 empties a 4-ply label is 6.4 discs
// (root mean square) from the exact value. WTHOR gives an exact value for free in every game:
// the theoretical score, perfect play from the position with (nowadays) 24 empties. Fitted
// again on those, from its bootstrap weights and pulled back towards them (the 120,000 exact
// positions alone are too few for a phase's weights: from zero they fit worse than the
// bootstrap's start), the phase that holds them comes closer to the exact values.

// TheoreticalSamples returns the position of each game at which its theoretical score holds
// (the one with TheoreticalDepth empties and a move to play), with that score for the mover,
// each position once whatever its symmetric image. Games without a theoretical score, or that
// end or pass there, give none.
func TheoreticalSamples(records []reversi.Record) []Sample {
	var games [][]Sample
	for _, r := range records {
		if r.Start.Size != 8 || !r.HasTheoretical || r.TheoreticalDepth <= 0 {
			continue
		}
		b := r.Start
		for _, m := range r.Moves {
			if _, _, n := b.Counts(); n == r.TheoreticalDepth {
				if m != reversi.Pass && b.Moves() != 0 {
					p, o := b.Mover()
					v := r.Theoretical
					if b.Turn == 1 {
						v = -v
					}
					games = append(games, []Sample{{P: p, O: o, Empties: uint8(n), Target: int8(v)}})
				}
				break
			}
			if m == reversi.Pass {
				b.Pass()
			} else if _, err := b.Play(m); err != nil {
				break
			}
		}
	}
	Unique(games)
	var out []Sample
	for _, g := range games {
		out = append(out, g...)
	}
	return out
}

// Refine fits again, from w's weights and with the shrinkage pulling towards them, the phases
// of w that hold training positions, to those positions' targets; valid chooses the epoch kept
// (none if no epoch beats w on it). The other phases keep w's weights.
func Refine(ctx context.Context, w *Weights, train, valid []Sample, cfg TrainConfig) (*Weights, error) {
	if len(train) == 0 {
		return nil, ErrNoTrainingData
	}
	cfg = cfg.withDefaults(set8)
	cfg.Phases = len(w.phases)
	trainIdx, validIdx := set8.byPhase(train, cfg), set8.byPhase(valid, cfg)
	var phases []int
	for ph, idx := range trainIdx {
		if len(idx) > 0 {
			phases = append(phases, ph)
		}
	}
	tables := slices.Clone(w.phases)
	if err := trainPhases(ctx, set8, train, trainIdx, valid, validIdx, phases, cfg, w.phases, tables); err != nil {
		return nil, err
	}
	return newWeights(tables), nil
}
