package othello

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
)

// TestMPCFit fits the multi-prob-cut model (mpc.go): on positions of real games (WTHOR
// 2019-2021, 20 to 54 empties), each searched with the full window to every depth up to N
// without any selectivity, the least-squares line of the value at depth d against the value
// at mpcShallow(d), and the standard deviation of what it leaves, for each phase (mpcPhase). It prints mpcFitted's table,
// which is pasted into mpc_table.go. Minutes; run only when asked:
//
//	TURNCOAT_MPC_FIT=12 go test ./engine/othello -run MPCFit -v -timeout 1h
//
// (N is the deepest depth fitted; TURNCOAT_MPC_POSITIONS sets the positions, 300 by default).
func TestMPCFit(t *testing.T) {
	maxDepth := 0
	fmt.Sscan(os.Getenv("TURNCOAT_MPC_FIT"), &maxDepth)
	if maxDepth == 0 {
		t.Skip("set TURNCOAT_MPC_FIT=N to fit the multi-prob-cut model up to depth N (minutes)")
	}
	count := 300
	fmt.Sscan(os.Getenv("TURNCOAT_MPC_POSITIONS"), &count)
	all := wthorPositions(t, []int{2019, 2020, 2021})
	g := geometries[8]
	w := DefaultWeights()
	var values [][]int
	var empties []int
	for k := 0; k < len(all) && len(values) < count; k++ {
		pos := all[(k*104729)%len(all)]
		n := pos.Empties()
		if n < 20 || n > 54 {
			continue
		}
		s := newTestSearcher(g)
		s.tt = NewTable(16 << 20)
		s.w = w
		v := make([]int, maxDepth+1)
		for d := 0; d <= maxDepth; d++ {
			v[d] = s.midPVS(pos.P, pos.O, -64, 64, d, n)
		}
		values = append(values, v)
		empties = append(empties, n)
		if len(values)%20 == 0 {
			t.Logf("%d positions", len(values))
		}
	}
	var table strings.Builder
	table.WriteString("var mpcFitted = [mpcPhases][]mpcParams{\n")
	for phase := range mpcPhases {
		fmt.Fprintf(&table, "\t{ // %s\n", mpcPhaseNames[phase])
		for d := 0; d <= maxDepth; d++ {
			if d < mpcMinDepth {
				table.WriteString("\t\t{},\n")
				continue
			}
			sh := mpcShallow(d)
			var sx, sy, sxx, sxy float64
			m := 0
			for i, v := range values {
				if mpcPhase(empties[i]) != phase {
					continue
				}
				x, y := float64(v[sh]), float64(v[d])
				sx, sy, sxx, sxy = sx+x, sy+y, sxx+x*x, sxy+x*y
				m++
			}
			fm := float64(m)
			a := (fm*sxy - sx*sy) / (fm*sxx - sx*sx)
			b := (sy - a*sx) / fm
			var r2 float64
			for i, v := range values {
				if mpcPhase(empties[i]) == phase {
					r := float64(v[d]) - a*float64(v[sh]) - b
					r2 += r * r
				}
			}
			sigma := math.Sqrt(r2 / fm)
			t.Logf("%s depth=%d shallow=%d positions=%d a=%.3f b=%.2f sigma=%.2f", mpcPhaseNames[phase], d, sh, m, a, b, sigma)
			fmt.Fprintf(&table, "\t\t{shallow: %d, a: %.3f, b: %.2f, sigma: %.2f}, // depth %d\n", sh, a, b, sigma, d)
		}
		table.WriteString("\t},\n")
	}
	table.WriteString("}\n")
	t.Log("\n" + table.String())
}
