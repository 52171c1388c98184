package web

import (
	"bytes"
	"encoding"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"turncoat/api"
	"turncoat/game"
	"turncoat/tournament"
)

// The browser's types of the JSON API (types/api.d.ts) are generated from the api package's
// wire types by reflection, so that the UI's type check (web/jsconfig.json) reads what the
// server writes: JSON names, omitempty and omitzero as optional fields, pointers as null,
// slices, arrays as tuples, maps as records, embedded structs flattened, named string types as
// the unions of their constants, and the Go comments as JSDoc. TestAPITypes fails when the
// checked-in file is stale.

var update = flag.Bool("update", false, "rewrite types/api.d.ts from the api package's types")

const apiTypesFile = "types/api.d.ts"

// TestAPITypes checks types/api.d.ts against the api package's types. After changing them:
//
//	go test ./web -run TestAPITypes -update
func TestAPITypes(t *testing.T) {
	got, err := generateAPITypes()
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(apiTypesFile, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(apiTypesFile)
	if err != nil {
		t.Fatalf("%v: run go test ./web -run TestAPITypes -update", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is not what the api package's types give: run go test ./web -run TestAPITypes -update (and then the type check: cd web && npx tsc -p jsconfig.json)", apiTypesFile)
	}
}

// apiRoots are the api package's types, every one of them (TestAPITypes checks the list
// against the package's source).
var apiRoots = []any{
	api.User{}, api.Me{}, api.Credentials{}, api.Logout{}, api.CreateToken{}, api.Token{}, api.OK{}, api.Email{},
	api.Kind{}, api.CreateGame{}, api.Correspondence{}, api.Join{}, api.Seat{}, api.Game{}, api.Action{},
	api.Summary{}, api.Lobby{}, api.Command{}, api.Import{}, api.Analyze{}, api.Analysis{}, api.Hint{},
	api.Hints{}, api.GameAnalysis{}, api.GameRating{}, api.GameInfo{}, api.Record{}, api.BookPosition{},
	api.GameReview{}, api.ReviewBody{}, api.ReviewMove{}, api.ReviewSide{},
	api.BookStats{}, api.BookMove{}, api.Message{}, api.ClientMessage{}, api.Error{}, api.ErrorBody{},
	api.ChatMessage{}, api.ChatText{}, api.Users{}, api.ReportRequest{}, api.Report{}, api.ReportGame{},
	api.ReportLine{}, api.ModAction{}, api.ModLogEntry{}, api.ChatSeat{}, api.ChatOff{}, api.ChatInfo{}, api.Notification{},
	api.NotificationAbout{}, api.Notifications{}, api.MarkRead{}, api.Marked{}, api.Vacation{},
	api.TakeVacation{}, api.Rating{}, api.Profile{}, api.Leaderboard{}, api.CreateTournament{},
	api.TournamentRow{}, api.Tournament{}, api.Round{}, api.TournamentYou{}, api.OpResult{}, api.Post{},
	api.HostAction{}, api.Board{}, api.Ledger{}, api.CreateEvent{}, api.PairedEvent{}, api.EventRound{},
	api.EventPairing{}, api.TrainerOpenings{}, api.TrainerLine{}, api.Drill{}, api.DrillStep{}, api.MoveCheck{},
	api.TrainerDue{}, api.TrainerDueLine{}, api.TrainerAdopt{}, api.TrainerAdopted{},
	api.Puzzle{}, api.PuzzleSource{}, api.PuzzleAttempt{}, api.PuzzleResult{}, api.PuzzleMe{}, api.PuzzleKinds{}, api.PuzzleKind{},
}

// otherRoots are what the server writes from types outside package api.
var otherRoots = []any{
	tournament.Placing{}, // GET /api/tournaments/{id}/standings
}

// renames name types otherwise than finalNames would.
var renames = map[reflect.Type]string{
	reflect.TypeFor[game.Board](): "BoardView",
	// TypeScript's own Record<K, V> must stay visible in the file.
	reflect.TypeFor[api.Record](): "GameRecord",
	// A board renderer is the UI's Board (types/turncoat.d.ts).
	reflect.TypeFor[api.Board](): "TournamentBoard",
}

// wireForm describes a type that writes itself (json.Marshaler) in another shape: mirror has
// that shape, and sample, written, must give exactly the mirror's fields (TestAPITypes checks).
type wireForm struct {
	mirror any
	sample any
}

type outcomeWire struct {
	Over   bool        `json:"over"`
	Winner game.Player `json:"winner"`
	Scored bool        `json:"scored,omitempty"`
	Score  *[2]int     `json:"score,omitempty"`
	Ending game.Ending `json:"ending"`
	Reason string      `json:"reason,omitempty"`
	// Text says the whole end in the reader's language (who won, the score, why).
	Text string `json:"text,omitempty"`
}

type timeControlWire struct {
	Kind        game.TimeKind `json:"kind"`
	BaseMs      int64         `json:"baseMs,omitempty"`
	IncrementMs int64         `json:"incrementMs,omitempty"`
}

var wireForms = map[reflect.Type]wireForm{
	reflect.TypeFor[game.Outcome]():     {outcomeWire{}, game.Outcome{Over: true, Winner: game.First, Scored: true, Score: [2]int{40, 24}, Ending: game.EndRules, Reason: "board full", Text: "Black wins 40–24. The board is full."}},
	reflect.TypeFor[game.TimeControl](): {timeControlWire{}, game.TimeControl{Kind: game.Fischer, Base: time.Minute, Increment: time.Second}},
}

// scalars are the types that write themselves as a JSON value of their own.
var scalars = map[reflect.Type]string{
	reflect.TypeFor[game.Player]():       "Side | null",
	reflect.TypeFor[game.Actors]():       "Side[]",
	reflect.TypeFor[tournament.Amount](): "number",
	reflect.TypeFor[time.Time]():         "string",
	reflect.TypeFor[json.RawMessage]():   "unknown",
	reflect.TypeFor[time.Duration]():     "number",
	reflect.TypeFor[map[string]any]():    "Record<string, unknown>",
	reflect.TypeFor[[]byte]():            "string",
}

// generator walks the types reachable from the roots and writes them.
type generator struct {
	docs    map[string]string // "pkgpath.Type" and "pkgpath.Type.Field" -> its Go comment
	consts  map[string][]string
	parsed  map[string]bool
	names   map[reflect.Type]string
	decls   map[string]string // TS name -> its declaration
	pending []reflect.Type
	err     error
}

func generateAPITypes() ([]byte, error) {
	g := &generator{docs: map[string]string{}, consts: map[string][]string{}, parsed: map[string]bool{}, names: map[reflect.Type]string{}, decls: map[string]string{}}
	if err := g.checkRoots(); err != nil {
		return nil, err
	}
	for t, f := range wireForms {
		if err := checkWireForm(t, f); err != nil {
			return nil, err
		}
	}
	for _, r := range append(apiRoots, otherRoots...) {
		g.ref(reflect.TypeOf(r))
	}
	for len(g.pending) > 0 && g.err == nil {
		t := g.pending[0]
		g.pending = g.pending[1:]
		g.declare(t)
	}
	names := g.finalNames()
	if g.err != nil {
		return nil, g.err
	}
	var pairs []string
	for t, placeholder := range g.names {
		pairs = append(pairs, placeholder, names[t])
	}
	final := map[string]string{}
	for placeholder, decl := range g.decls {
		final[strings.NewReplacer(pairs...).Replace(placeholder)] = strings.NewReplacer(pairs...).Replace(decl)
	}
	var b bytes.Buffer
	b.WriteString(`// The JSON API's types, generated from the Go package api (and the types its fields use) by
// web/apitypes_test.go: do not edit. After a change to those types:
//
//	go test ./web -run TestAPITypes -update
//
// Optional fields are those the server leaves out when empty (omitempty, omitzero); a pointer it
// always writes is "| null". A list is typed as a list: the server writes its lists as lists.

/** A side of a game: the first to move ("Black", "Red", "White" in Turnover) or the second. */
export type Side = "first" | "second";
`)
	for _, name := range slices.Sorted(maps.Keys(final)) {
		b.WriteString("\n")
		b.WriteString(final[name])
	}
	return b.Bytes(), nil
}

// checkRoots makes sure apiRoots lists every type the api package's source declares.
func (g *generator) checkRoots() error {
	have := map[string]bool{}
	for _, r := range apiRoots {
		have[reflect.TypeOf(r).Name()] = true
	}
	files, err := filepath.Glob("../api/*.go")
	if err != nil {
		return err
	}
	var missing []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), f, nil, 0)
		if err != nil {
			return err
		}
		for _, d := range file.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, s := range gd.Specs {
				ts := s.(*ast.TypeSpec)
				if ts.Name.IsExported() && !ts.Assign.IsValid() && !have[ts.Name.Name] {
					missing = append(missing, "api."+ts.Name.Name)
				}
			}
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("apiRoots in web/apitypes_test.go lacks %s: add them", strings.Join(missing, ", "))
	}
	return nil
}

// checkWireForm checks that a type's written form has exactly its mirror's fields.
func checkWireForm(t reflect.Type, f wireForm) error {
	b, err := json.Marshal(f.sample)
	if err != nil {
		return err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return fmt.Errorf("%v writes %s, not an object: %v", t, b, err)
	}
	got := slices.Sorted(maps.Keys(m))
	var want []string
	mt := reflect.TypeOf(f.mirror)
	for i := range mt.NumField() {
		name, _, _ := strings.Cut(mt.Field(i).Tag.Get("json"), ",")
		want = append(want, name)
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		return fmt.Errorf("%v writes the fields %v, its mirror in web/apitypes_test.go has %v: update the mirror", t, got, want)
	}
	return nil
}

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

// ref returns the TypeScript for a field of type t, queueing the named types it needs.
func (g *generator) ref(t reflect.Type) string {
	if ts, ok := scalars[t]; ok {
		return ts
	}
	if _, ok := wireForms[t]; ok {
		return g.named(t)
	}
	if t.Kind() != reflect.Pointer && (t.Implements(jsonMarshaler) || reflect.PointerTo(t).Implements(jsonMarshaler)) {
		g.fail(fmt.Errorf("%v writes itself (MarshalJSON): give it a wire form or a scalar in web/apitypes_test.go", t))
		return "unknown"
	}
	if t.Kind() != reflect.Pointer && (t.Implements(textMarshaler) || reflect.PointerTo(t).Implements(textMarshaler)) {
		return g.named(t)
	}
	switch t.Kind() {
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16,
		reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "number"
	case reflect.String:
		if t.PkgPath() != "" && len(g.constants(t)) > 0 {
			return g.named(t)
		}
		return "string"
	case reflect.Pointer:
		return g.ref(t.Elem())
	case reflect.Slice:
		return wrap(g.ref(t.Elem())) + "[]"
	case reflect.Array:
		el := g.ref(t.Elem())
		return "[" + strings.TrimSuffix(strings.Repeat(el+", ", t.Len()), ", ") + "]"
	case reflect.Map:
		return "Record<string, " + g.ref(t.Elem()) + ">"
	case reflect.Interface:
		return "unknown"
	case reflect.Struct:
		if t.Name() == "" {
			return g.object(t)
		}
		return g.named(t)
	}
	g.fail(fmt.Errorf("%v: no TypeScript for a %v", t, t.Kind()))
	return "unknown"
}

// wrap parenthesises a union before "[]".
func wrap(ts string) string {
	if strings.Contains(ts, "|") {
		return "(" + ts + ")"
	}
	return ts
}

// named returns a placeholder for the TypeScript name of t, queueing its declaration: names
// are given once every type is known (see finalNames).
func (g *generator) named(t reflect.Type) string {
	if n, ok := g.names[t]; ok {
		return n
	}
	n := fmt.Sprintf("\x00%d\x00", len(g.names))
	g.names[t] = n
	g.pending = append(g.pending, t)
	return n
}

// finalNames names the types: by their Go names, a clash settled by renames, else by the
// package's name before the name of a type outside package api ("TournamentSeat").
func (g *generator) finalNames() map[reflect.Type]string {
	count := map[string]int{}
	for t := range g.names {
		count[t.Name()]++
	}
	out := map[reflect.Type]string{}
	taken := map[string]reflect.Type{}
	for t := range g.names {
		n := t.Name()
		if r, ok := renames[t]; ok {
			n = r
		} else if count[n] > 1 && t.PkgPath() != "turncoat/api" {
			pkg := t.PkgPath()[strings.LastIndex(t.PkgPath(), "/")+1:]
			n = strings.ToUpper(pkg[:1]) + pkg[1:] + n
		}
		if other, ok := taken[n]; ok {
			g.fail(fmt.Errorf("%v and %v are both %s in TypeScript: add one to renames in web/apitypes_test.go", t, other, n))
		}
		taken[n] = t
		out[t] = n
	}
	return out
}

func (g *generator) fail(err error) {
	if g.err == nil {
		g.err = err
	}
}

// declare writes the declaration of the named type t.
func (g *generator) declare(t reflect.Type) {
	name := g.names[t]
	doc := jsdoc(g.doc(t, ""), "")
	switch {
	case wireForms[t].mirror != nil:
		g.decls[name] = doc + "export interface " + name + " " + g.object(reflect.TypeOf(wireForms[t].mirror)) + "\n"
	case t.Kind() == reflect.String:
		g.decls[name] = doc + "export type " + name + " = " + union(g.constants(t)) + ";\n"
	case t.Implements(textMarshaler) || reflect.PointerTo(t).Implements(textMarshaler):
		g.decls[name] = doc + "export type " + name + " = " + union(textValues(t)) + ";\n"
	default:
		g.decls[name] = doc + "export interface " + name + " " + g.object(t) + "\n"
	}
}

func union(values []string) string {
	if len(values) == 0 {
		return "string"
	}
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = strconv.Quote(v)
	}
	return strings.Join(q, " | ")
}

// textValues enumerates the values of an integer type that writes itself as text: those whose
// text reads back to the same value.
func textValues(t reflect.Type) []string {
	var out []string
	for i := range 256 {
		v := reflect.New(t).Elem()
		switch {
		case v.CanInt():
			v.SetInt(int64(i))
		case v.CanUint():
			v.SetUint(uint64(i))
		default:
			return nil
		}
		b, err := v.Interface().(encoding.TextMarshaler).MarshalText()
		if err != nil {
			continue
		}
		back := reflect.New(t)
		if u, ok := back.Interface().(encoding.TextUnmarshaler); !ok || u.UnmarshalText(b) != nil || !back.Elem().Equal(v) {
			continue
		}
		out = append(out, string(b))
	}
	return out
}

type field struct {
	name, ts, doc string
	optional      bool
}

// object writes a struct's fields as a TypeScript object type.
func (g *generator) object(t reflect.Type) string {
	fields := g.fields(t)
	var b strings.Builder
	b.WriteString("{\n")
	for _, f := range fields {
		b.WriteString(jsdoc(f.doc, "  "))
		opt := ""
		if f.optional {
			opt = "?"
		}
		fmt.Fprintf(&b, "  %s%s: %s;\n", f.name, opt, f.ts)
	}
	b.WriteString("}")
	return b.String()
}

// fields lists a struct's JSON fields as encoding/json writes them: embedded structs without a
// name of their own are flattened, the outer field winning a clash.
func (g *generator) fields(t reflect.Type) []field {
	var out []field
	seen := map[string]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		var embedded []reflect.StructField
		for i := range t.NumField() {
			sf := t.Field(i)
			tag := sf.Tag.Get("json")
			if tag == "-" || (!sf.IsExported() && !sf.Anonymous) {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			ft := sf.Type
			if sf.Anonymous && name == "" {
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if ft.Kind() == reflect.Struct {
					embedded = append(embedded, sf)
					continue
				}
			}
			if !sf.IsExported() {
				continue
			}
			if name == "" {
				name = sf.Name
			}
			if seen[name] {
				continue
			}
			seen[name] = true
			optional := strings.Contains(","+opts+",", ",omitempty,") || strings.Contains(","+opts+",", ",omitzero,")
			ts := g.ref(ft)
			if strings.Contains(","+opts+",", ",string,") {
				ts = "string"
			}
			if ft.Kind() == reflect.Pointer && !optional {
				ts += " | null"
			}
			out = append(out, field{name: name, ts: ts, optional: optional, doc: g.doc(t, sf.Name)})
		}
		for _, sf := range embedded {
			ft := sf.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			walk(ft)
		}
	}
	walk(t)
	return out
}

// doc returns the Go comment of type t, or of its field.
func (g *generator) doc(t reflect.Type, field string) string {
	g.parse(t.PkgPath())
	key := t.PkgPath() + "." + t.Name()
	if field != "" {
		key += "." + field
	}
	return g.docs[key]
}

// constants returns the values of the typed string constants of t in its package's source.
func (g *generator) constants(t reflect.Type) []string {
	g.parse(t.PkgPath())
	return g.consts[t.PkgPath()+"."+t.Name()]
}

// parse reads the comments and the constants of a package of this module.
func (g *generator) parse(pkg string) {
	if g.parsed[pkg] || !strings.HasPrefix(pkg, "turncoat/") {
		return
	}
	g.parsed[pkg] = true
	dir := filepath.Join("..", strings.TrimPrefix(pkg, "turncoat/"))
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		g.fail(err)
		return
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, parser.ParseComments)
		if err != nil {
			g.fail(err)
			return
		}
		for _, d := range file.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, s := range gd.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					doc := s.Doc
					if doc == nil && len(gd.Specs) == 1 {
						doc = gd.Doc
					}
					g.docs[pkg+"."+s.Name.Name] = doc.Text()
					if st, ok := s.Type.(*ast.StructType); ok {
						for _, f := range st.Fields.List {
							text := f.Doc.Text()
							if text == "" {
								text = f.Comment.Text()
							}
							for _, n := range f.Names {
								g.docs[pkg+"."+s.Name.Name+"."+n.Name] = text
							}
						}
					}
				case *ast.ValueSpec:
					id, ok := s.Type.(*ast.Ident)
					if gd.Tok != token.CONST || !ok {
						continue
					}
					for _, v := range s.Values {
						if lit, ok := v.(*ast.BasicLit); ok && lit.Kind == token.STRING {
							if text, err := strconv.Unquote(lit.Value); err == nil {
								g.consts[pkg+"."+id.Name] = append(g.consts[pkg+"."+id.Name], text)
							}
						}
					}
				}
			}
		}
	}
}

var spaces = regexp.MustCompile(`\s+`)

// jsdoc writes a Go comment as a JSDoc comment, its lines kept, indented by indent.
func jsdoc(text, indent string) string {
	text = strings.TrimSpace(text)
	if text == "" {
		return ""
	}
	lines := strings.Split(text, "\n")
	if len(lines) == 1 {
		return indent + "/** " + strings.ReplaceAll(spaces.ReplaceAllString(lines[0], " "), "*/", "* /") + " */\n"
	}
	var b strings.Builder
	b.WriteString(indent + "/**\n")
	for _, l := range lines {
		b.WriteString(strings.TrimRight(indent+" * "+strings.ReplaceAll(l, "*/", "* /"), " ") + "\n")
	}
	b.WriteString(indent + " */\n")
	return b.String()
}
