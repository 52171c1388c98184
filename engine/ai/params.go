package ai

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// ParamType is the type of an agent parameter's value.
type ParamType uint8

// The parameter types. A Duration is written with its unit, as Go writes durations ("500ms",
// "2s", "1m30s"); a bare number is refused (except 0), so that "time=2" never means two
// milliseconds to one engine and two seconds to another.
const (
	ParamInt ParamType = iota + 1
	ParamFloat
	ParamDuration
	ParamBool
	ParamString
)

// String returns "int", "float", "duration", "bool" or "string".
func (t ParamType) String() string {
	switch t {
	case ParamInt:
		return "int"
	case ParamFloat:
		return "float"
	case ParamDuration:
		return "duration"
	case ParamBool:
		return "bool"
	case ParamString:
		return "string"
	}
	return fmt.Sprintf("ParamType(%d)", uint8(t))
}

// Param declares one parameter of an agent kind: the parser checks a spec against it, and
// "turncoat match --list" shows it.
type Param struct {
	// Name is the name in a spec ("iterations").
	Name string
	Type ParamType
	// Unit names what an Int or Float counts ("plies", "MB", "discs"), for the listing.
	Unit string
	// Min and Max bound an Int or Float value, inclusive; for a Duration they are seconds.
	Min, Max float64
	// Choices are a String parameter's allowed values; empty allows any text.
	Choices []string
	// Default is the value when a spec does not give one, as a spec would write it; empty
	// means the kind decides (from its level preset: Doc says so), and Values returns the
	// type's zero value.
	Default string
	// Doc says what the parameter does.
	Doc string
}

// Range describes the values p accepts: "0 to 64 plies", "0s to 1h0m0s", "true or false",
// "one of rm, duct", "any text".
func (p Param) Range() string {
	switch p.Type {
	case ParamInt, ParamFloat:
		r := formatNumber(p.Min) + " to " + formatNumber(p.Max)
		if p.Unit != "" {
			r += " " + p.Unit
		}
		return r
	case ParamDuration:
		return seconds(p.Min).String() + " to " + seconds(p.Max).String()
	case ParamBool:
		return "true or false"
	}
	if len(p.Choices) > 0 {
		return "one of " + strings.Join(p.Choices, ", ")
	}
	return "any text"
}

// String describes p on one line: "iterations (int, 0 to 1000000000 iterations, default
// 32000): simulations per move".
func (p Param) String() string {
	def := ""
	if p.Default != "" {
		def = ", default " + p.Default
	}
	return fmt.Sprintf("%s (%s, %s%s): %s", p.Name, p.Type, p.Range(), def, p.Doc)
}

// formatNumber writes a bound without exponent or trailing zeros.
func formatNumber(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// seconds converts a bound in seconds to a duration.
func seconds(x float64) time.Duration { return time.Duration(x * float64(time.Second)) }

// parse reads text as a value of p: an int64, float64, time.Duration, bool or string. The
// error names the parameter, the value and what it accepts.
func (p Param) parse(text string) (any, error) {
	bad := func(want string) error {
		return fmt.Errorf("parameter %s=%q: want %s", p.Name, text, want)
	}
	outside := func() error {
		return fmt.Errorf("parameter %s=%s: out of range: want %s", p.Name, text, p.Range())
	}
	switch p.Type {
	case ParamInt:
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return nil, bad("an integer from " + p.Range())
		}
		if float64(n) < p.Min || float64(n) > p.Max {
			return nil, outside()
		}
		return n, nil
	case ParamFloat:
		x, err := strconv.ParseFloat(text, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, bad("a number from " + p.Range())
		}
		if x < p.Min || x > p.Max {
			return nil, outside()
		}
		return x, nil
	case ParamDuration:
		d, err := time.ParseDuration(text)
		if err != nil {
			if _, numErr := strconv.ParseFloat(text, 64); numErr == nil {
				return nil, bad("a duration with its unit, like 500ms or 2s (" + p.Range() + ")")
			}
			return nil, bad("a duration like 500ms or 2s, from " + p.Range())
		}
		if d < seconds(p.Min) || d > seconds(p.Max) {
			return nil, outside()
		}
		return d, nil
	case ParamBool:
		b, err := strconv.ParseBool(text)
		if err != nil {
			return nil, bad("true or false")
		}
		return b, nil
	case ParamString:
		if len(p.Choices) > 0 && !slices.Contains(p.Choices, text) {
			return nil, bad(p.Range())
		}
		return text, nil
	}
	return nil, fmt.Errorf("parameter %s: unknown type %v", p.Name, p.Type)
}

// check validates a declaration: its type, its range, and that its default parses.
func (p Param) check() error {
	if p.Name == "" || strings.ContainsAny(p.Name, "=,: ") {
		return fmt.Errorf("parameter name %q", p.Name)
	}
	switch p.Type {
	case ParamInt, ParamFloat, ParamDuration:
		if !(p.Min <= p.Max) {
			return fmt.Errorf("parameter %s: range %v to %v", p.Name, p.Min, p.Max)
		}
	case ParamBool, ParamString:
	default:
		return fmt.Errorf("parameter %s: unknown type %v", p.Name, p.Type)
	}
	if p.Default != "" {
		if _, err := p.parse(p.Default); err != nil {
			return fmt.Errorf("default: %w", err)
		}
	}
	return nil
}

// Values are a spec's parameters, checked against its kind's declarations: what the kind's
// Make reads. A getter returns the spec's value, else the declared default, else the type's
// zero value; it panics when asked for a parameter the kind does not declare with that type
// (a mistake in the kind, which its tests catch).
type Values struct {
	kind   string
	params []Param
	raw    string
	given  map[string]any
}

// Raw returns the spec's text after "kind:", as given.
func (v Values) Raw() string { return v.raw }

// Given reports whether the spec set the parameter.
func (v Values) Given(name string) bool {
	_, ok := v.given[name]
	return ok
}

// Int returns an integer parameter.
func (v Values) Int(name string) int64 { return get[int64](v, name, ParamInt) }

// Float returns a number parameter.
func (v Values) Float(name string) float64 { return get[float64](v, name, ParamFloat) }

// Duration returns a duration parameter.
func (v Values) Duration(name string) time.Duration {
	return get[time.Duration](v, name, ParamDuration)
}

// Bool returns a true/false parameter.
func (v Values) Bool(name string) bool { return get[bool](v, name, ParamBool) }

// String returns a text parameter.
func (v Values) String(name string) string { return get[string](v, name, ParamString) }

// get returns the value of the parameter name of type t.
func get[T any](v Values, name string, t ParamType) T {
	i := slices.IndexFunc(v.params, func(p Param) bool { return p.Name == name })
	if i < 0 || v.params[i].Type != t {
		panic(fmt.Sprintf("ai: kind %s reads parameter %s as %v, which it does not declare", v.kind, name, t))
	}
	if x, ok := v.given[name]; ok {
		return x.(T)
	}
	var zero T
	if d := v.params[i].Default; d != "" {
		x, err := v.params[i].parse(d)
		if err != nil {
			panic(fmt.Sprintf("ai: kind %s: %v", v.kind, err)) // Register checked it
		}
		return x.(T)
	}
	return zero
}

// parseValues reads a kind's parameters from the text after "kind:": "name=value,..." (spaces
// around names and values are ignored, empty items skipped), or for a kind with a positional
// parameter, any text that does not start with one of its parameters' "name=" as that
// parameter's value.
func parseValues(k *Kind, text string) (Values, error) {
	v := Values{kind: k.Name, params: k.Params, raw: text, given: map[string]any{}}
	if k.Positional != "" && strings.TrimSpace(text) != "" && !startsWithParam(k, text) {
		p, _ := k.param(k.Positional)
		x, err := p.parse(strings.TrimSpace(text))
		if err != nil {
			return Values{}, err
		}
		v.given[p.Name] = x
		return v, nil
	}
	for item := range strings.SplitSeq(text, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		name, value, ok := strings.Cut(item, "=")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if !ok {
			return Values{}, fmt.Errorf("parameter %q is not name=value%s", item, k.paramNames())
		}
		p, ok := k.param(name)
		if !ok {
			return Values{}, fmt.Errorf("unknown parameter %q%s", name, k.paramNames())
		}
		if _, dup := v.given[name]; dup {
			return Values{}, fmt.Errorf("parameter %s given twice", name)
		}
		x, err := p.parse(value)
		if err != nil {
			return Values{}, err
		}
		v.given[name] = x
	}
	return v, nil
}

// startsWithParam reports whether text begins with "name=" for one of k's parameters.
func startsWithParam(k *Kind, text string) bool {
	name, _, ok := strings.Cut(strings.TrimSpace(text), "=")
	if !ok {
		return false
	}
	_, declared := k.param(strings.TrimSpace(name))
	return declared
}

// param returns k's parameter name.
func (k *Kind) param(name string) (Param, bool) {
	for _, p := range k.Params {
		if p.Name == name {
			return p, true
		}
	}
	return Param{}, false
}

// paramNames returns ": want one of a, b, c" for k's parameters, or ": it takes none".
func (k *Kind) paramNames() string {
	if len(k.Params) == 0 {
		return ": " + k.Name + " takes none"
	}
	names := make([]string, len(k.Params))
	for i, p := range k.Params {
		names[i] = p.Name
	}
	slices.Sort(names)
	return ": " + k.Name + " takes " + strings.Join(names, ", ")
}
