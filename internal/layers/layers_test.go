package layers_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os/exec"
	"strings"
	"testing"
)

// floors places every package of the module, by the longest prefix of its path that is listed:
// the rules' contract at the bottom, then the games and the pure logic on them, the engines and
// the domain, the adapters to the outside (wire types, storage), the services, the transports,
// and the program on top. A package may import its own floor and those below, never above.
var floors = []struct {
	prefix string
	floor  int
}{
	{"turncoat/game", 0},
	{"turncoat/internal", 0},
	{"turncoat/web", 0}, // the browser's files, embedded; web/e2e is a test of the whole program
	{"turncoat/games", 1},
	{"turncoat/rating", 1},
	{"turncoat/tournament", 1},
	{"turncoat/render", 1},
	{"turncoat/engine", 2},
	{"turncoat/domain", 2},
	{"turncoat/api", 3},
	{"turncoat/store", 3},
	{"turncoat/platform", 4},
	{"turncoat/server", 5},
	{"turncoat/client", 5},
	{"turncoat/app", 6},
	{"turncoat/cmd", 7},
	// the browser's program: the games and engines built to WebAssembly, a program beside cmd
	{"turncoat/web/worker", 7},
}

// forbidden are imports the floors allow but the design does not: the domain imports nothing of
// ours but the rules' contract and the rating value; the services reach the database through
// their ports (the store implements them; only the composition root hands it over).
var forbidden = []struct{ from, to, why string }{
	{"turncoat/platform", "turncoat/store", "a service declares the port it needs; the composition root hands it the store"},
	{"turncoat/server", "turncoat/store", "the adapter serves the services; the composition root (app) wires the store"},
}

var domainMayImport = map[string]bool{"turncoat/game": true, "turncoat/rating": true}

// exempt are packages outside the floors: tests of the whole program.
var exempt = map[string]bool{"turncoat/web/e2e": true}

func floorOf(pkg string) (int, bool) {
	best, floor := "", -1
	for _, f := range floors {
		if (pkg == f.prefix || strings.HasPrefix(pkg, f.prefix+"/")) && len(f.prefix) > len(best) {
			best, floor = f.prefix, f.floor
		}
	}
	return floor, floor >= 0
}

func TestLayers(t *testing.T) {
	// The non-test imports of every package of the module (tests may reach up: a test of the
	// store may use a service to make its data).
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "turncoat/...").Output()
	if err != nil {
		var stderr string
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = string(ee.Stderr)
		}
		t.Fatalf("go list: %v\n%s", err, stderr)
	}
	var problems []string
	packages := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || exempt[fields[0]] {
			continue
		}
		pkg := fields[0]
		packages++
		floor, ok := floorOf(pkg)
		if !ok {
			problems = append(problems, fmt.Sprintf("%s has no floor: place it in floors", pkg))
			continue
		}
		for _, imp := range fields[1:] {
			if !strings.HasPrefix(imp, "turncoat/") {
				continue
			}
			f, ok := floorOf(imp)
			if !ok {
				continue // reported as a package of its own
			}
			if f > floor {
				problems = append(problems, fmt.Sprintf("%s (floor %d) imports %s (floor %d), a floor above it", pkg, floor, imp, f))
			}
			for _, fb := range forbidden {
				if strings.HasPrefix(pkg, fb.from) && (imp == fb.to || strings.HasPrefix(imp, fb.to+"/")) {
					problems = append(problems, fmt.Sprintf("%s imports %s: %s", pkg, imp, fb.why))
				}
			}
			if pkg == "turncoat/domain" && !domainMayImport[imp] {
				problems = append(problems, fmt.Sprintf("the domain imports %s: it imports nothing of ours but game and rating", imp))
			}
		}
	}
	if packages < 30 {
		t.Fatalf("go list named %d packages: the module is larger than that", packages)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// TestFloorOf checks the placing itself, so that a typo in floors cannot pass everything.
func TestFloorOf(t *testing.T) {
	for _, c := range []struct {
		pkg   string
		floor int
	}{
		{"turncoat/game", 0}, {"turncoat/game/gametest", 0}, {"turncoat/games/reversi", 1},
		{"turncoat/engine/othello/book", 2}, {"turncoat/store", 3}, {"turncoat/platform/play", 4},
		{"turncoat/server/loadtest", 5}, {"turncoat/cmd/turncoat", 7}, {"turncoat/gamesx", -1},
	} {
		if f, _ := floorOf(c.pkg); f != c.floor {
			t.Errorf("floorOf(%s) = %d, want %d", c.pkg, f, c.floor)
		}
	}
}
