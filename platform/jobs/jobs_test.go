package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"testing"
	"time"

	"github.com/riverqueue/river"
)

// catalogue is every job's arguments, each with the JSON the queue stores for it. A kind's name
// and its arguments' JSON are what jobs already stored are worked by after an upgrade: changing
// either strands them, so a change here must be deliberate.
var catalogue = []struct {
	args river.JobArgs
	kind string
	json string
}{
	{Deadline{Game: "g", Version: 7}, "game_deadline", `{"game":"g","version":7}`},
	{Flag{Game: "g"}, "game_flag", `{"game":"g"}`},
	{Reminder{Game: "g", Version: 7}, "game_reminder", `{"game":"g","version":7}`},
	{Turn{Game: "g", Ply: 12}, "game_turn", `{"game":"g","ply":12}`},
	{Rate{Game: "g"}, "game_rate", `{"game":"g"}`},
	{EventGame{Game: "g"}, "event_game_ended", `{"game":"g"}`},
	{EventRound{Event: "e", Round: 3}, "event_round_games", `{"event":"e","round":3}`},
	{Learn{Game: "g"}, "book_learn", `{"game":"g"}`},
	{Review{Game: "g", Plies: 60, Attempt: 1}, "game_review", `{"game":"g","plies":60,"attempt":1}`},
	{Advance{Tournament: "t", At: 1234567890123}, "tournament_advance", `{"tournament":"t","at":1234567890123}`},
	{Round{Tournament: "t", Round: 2}, "tournament_round", `{"tournament":"t","round":2}`},
	{Mail{Note: 5, User: 6, Notice: "turn", Game: "g", Message: "m"}, "notification_mail",
		`{"note":5,"user":6,"notice":"turn","game":"g","message":"m"}`},
	{Mail{Note: 5, User: 6, Notice: "round", Tournament: "t", Message: "m"}, "notification_mail",
		`{"note":5,"user":6,"notice":"round","tournament":"t","message":"m"}`},
}

// TestCatalogueKinds: every kind is named once (River finds a job's worker by its kind: two
// arguments of one kind would have one worker for both), as the table says.
func TestCatalogueKinds(t *testing.T) {
	byKind := map[string]reflect.Type{}
	for _, c := range catalogue {
		if got := c.args.Kind(); got != c.kind {
			t.Errorf("%T: kind %q, want %q", c.args, got, c.kind)
		}
		typ := reflect.TypeOf(c.args)
		if prev, ok := byKind[c.kind]; ok && prev != typ {
			t.Errorf("kind %q is both %v's and %v's", c.kind, prev, typ)
		}
		byKind[c.kind] = typ
	}
}

// TestCatalogueComplete: the table above holds every type of the package with a Kind method,
// so a new job cannot escape the checks of its kind and JSON.
func TestCatalogueComplete(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "jobs.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv == nil || fn.Name.Name != "Kind" {
			continue
		}
		if id, ok := fn.Recv.List[0].Type.(*ast.Ident); ok {
			declared[id.Name] = true
		}
	}
	listed := map[string]bool{}
	for _, c := range catalogue {
		listed[reflect.TypeOf(c.args).Name()] = true
	}
	if len(declared) < 10 {
		t.Fatalf("found %d job kinds in jobs.go: the parse missed them", len(declared))
	}
	for name := range declared {
		if !listed[name] {
			t.Errorf("job %s is not in the test's catalogue", name)
		}
	}
}

// TestArgsRoundTrip: the queue stores arguments as JSON and hands the worker what it decodes,
// so every field must survive the trip (an unexported or untagged field would reach the worker
// empty) and the JSON must stay what stored jobs hold.
func TestArgsRoundTrip(t *testing.T) {
	for _, c := range catalogue {
		b, err := json.Marshal(c.args)
		if err != nil {
			t.Fatalf("%T: %v", c.args, err)
		}
		if string(b) != c.json {
			t.Errorf("%T encodes as %s, want %s", c.args, b, c.json)
		}
		back := reflect.New(reflect.TypeOf(c.args))
		if err := json.Unmarshal(b, back.Interface()); err != nil {
			t.Fatalf("%T: %v", c.args, err)
		}
		if got := back.Elem().Interface(); got != c.args {
			t.Errorf("%T: %+v came back as %+v", c.args, c.args, got)
		}
	}
}

// TestAt: a job is its arguments and its time, unchanged (zero: at once).
func TestAt(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	j := At(Advance{Tournament: "t", At: at.UnixNano()}, at)
	if j.Args != (Advance{Tournament: "t", At: at.UnixNano()}) || !j.At.Equal(at) {
		t.Errorf("At: %+v", j)
	}
	if j := At(Rate{Game: "g"}, time.Time{}); !j.At.IsZero() || j.Args.Kind() != "game_rate" {
		t.Errorf("a job at once: %+v", j)
	}
}

// TestAddWorker: AddWorker registers the function as the worker of the arguments' kind (a
// second worker of the kind is refused), and the worker hands the function the job's arguments
// and its error.
func TestAddWorker(t *testing.T) {
	var got []Rate
	boom := errors.New("boom")
	work := func(ctx context.Context, a Rate) error {
		got = append(got, a)
		if a.Game == "bad" {
			return boom
		}
		return nil
	}
	ws := river.NewWorkers()
	AddWorker(ws, work)
	if err := river.AddWorkerSafely(ws, &worker[Rate]{}); err == nil {
		t.Error("a second worker of game_rate was accepted: AddWorker registered none")
	}
	if err := river.AddWorkerSafely(ws, &worker[Learn]{}); err != nil {
		t.Errorf("another kind refused: %v", err)
	}
	w := &worker[Rate]{work: work}
	if err := w.Work(t.Context(), &river.Job[Rate]{Args: Rate{Game: "g1"}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Work(t.Context(), &river.Job[Rate]{Args: Rate{Game: "bad"}}); !errors.Is(err, boom) {
		t.Errorf("the work's error: %v", err)
	}
	if len(got) != 2 || got[0].Game != "g1" || got[1].Game != "bad" {
		t.Errorf("worked %+v", got)
	}
}
