package game

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// OptionKind is the type of an option's value.
type OptionKind uint8

// Option kinds.
const (
	// OptionEnum takes one of OptionSpec.Values.
	OptionEnum OptionKind = iota
	// OptionInt takes an integer in [Min, Max], or one of Values when Values is set.
	OptionInt
	// OptionBool takes true or false.
	OptionBool
	// OptionText takes free text without spaces, commas, '=' or ';'.
	OptionText
)

// String returns the kind's name as the API shows it.
func (k OptionKind) String() string {
	switch k {
	case OptionEnum:
		return "enum"
	case OptionInt:
		return "int"
	case OptionBool:
		return "bool"
	case OptionText:
		return "text"
	}
	return "unknown"
}

// OptionSpec describes one option of a game.
type OptionSpec struct {
	Name    string     `json:"name"`
	Kind    OptionKind `json:"kind"`
	Doc     string     `json:"doc"`
	Default string     `json:"default"`
	// Values are the allowed values of an enum, or of an int when only some are allowed.
	Values []string `json:"values,omitempty"`
	// Min and Max bound an int option without Values.
	Min int64 `json:"min,omitempty"`
	Max int64 `json:"max,omitempty"`
	// Fresh marks an option a rematch does not keep (a random setup's seed): the rematch takes
	// the default again, so that it is a new game and not a replay.
	Fresh bool `json:"fresh,omitempty"`
}

// RematchOptions returns the options of a rematch of a game under o: o without its Fresh
// options.
func RematchOptions(specs []OptionSpec, o Options) map[string]string {
	m := o.Map()
	for _, s := range specs {
		if s.Fresh {
			delete(m, s.Name)
		}
	}
	return m
}

// check validates one value against the spec and returns it in canonical form.
func (o OptionSpec) check(v string) (string, error) {
	bad := func(why string) (string, error) {
		return "", fmt.Errorf("%w: %s=%q: %s", ErrOption, o.Name, v, why)
	}
	switch o.Kind {
	case OptionEnum:
		for _, w := range o.Values {
			if strings.EqualFold(v, w) {
				return w, nil
			}
		}
		return bad("want one of " + strings.Join(o.Values, ", "))
	case OptionInt:
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return bad("not an integer")
		}
		c := strconv.FormatInt(n, 10)
		if len(o.Values) > 0 {
			if !slices.Contains(o.Values, c) {
				return bad("want one of " + strings.Join(o.Values, ", "))
			}
			return c, nil
		}
		if n < o.Min || n > o.Max {
			return bad(fmt.Sprintf("want %d to %d", o.Min, o.Max))
		}
		return c, nil
	case OptionBool:
		b, err := strconv.ParseBool(v)
		if err != nil {
			return bad("want true or false")
		}
		return strconv.FormatBool(b), nil
	case OptionText:
		if strings.ContainsAny(v, " \t\n,=;") {
			return bad("must not contain spaces, commas, '=' or ';'")
		}
		return v, nil
	}
	return bad("unknown option kind")
}

// Options are a game's validated option values, one per spec, in the spec's order. The zero
// value has no options; get one from ParseOptions.
type Options struct {
	specs  []OptionSpec
	values []string
}

// ParseOptions validates raw values against specs, fills in defaults, and returns the options.
// Unknown names, bad values and duplicates are errors.
func ParseOptions(specs []OptionSpec, raw map[string]string) (Options, error) {
	o := Options{specs: specs, values: make([]string, len(specs))}
	for name := range raw {
		if !slices.ContainsFunc(specs, func(s OptionSpec) bool { return s.Name == name }) {
			return Options{}, fmt.Errorf("%w: unknown option %q (known: %s)", ErrOption, name, specNames(specs))
		}
	}
	for i, s := range specs {
		v, ok := raw[s.Name]
		if !ok {
			v = s.Default
		}
		c, err := s.check(v)
		if err != nil {
			return Options{}, err
		}
		o.values[i] = c
	}
	return o, nil
}

// ParseOptionString reads options written as "name=value,name=value" (spaces also separate
// pairs; an empty string gives the defaults).
func ParseOptionString(specs []OptionSpec, text string) (Options, error) {
	raw := map[string]string{}
	for _, pair := range strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' }) {
		name, value, ok := strings.Cut(pair, "=")
		if !ok {
			return Options{}, fmt.Errorf("%w: %q is not name=value", ErrOption, pair)
		}
		if _, dup := raw[name]; dup {
			return Options{}, fmt.Errorf("%w: %q given twice", ErrOption, name)
		}
		raw[name] = value
	}
	return ParseOptions(specs, raw)
}

// DefaultOptions returns the defaults of specs; it panics if a default is invalid, which is a
// programming error in the game.
func DefaultOptions(specs []OptionSpec) Options {
	o, err := ParseOptions(specs, nil)
	if err != nil {
		panic(err)
	}
	return o
}

func specNames(specs []OptionSpec) string {
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}

// Get returns the canonical value of the named option, or "" if there is none.
func (o Options) Get(name string) string {
	for i, s := range o.specs {
		if s.Name == name {
			return o.values[i]
		}
	}
	return ""
}

// Int returns the named int option (0 if absent).
func (o Options) Int(name string) int {
	n, _ := strconv.Atoi(o.Get(name))
	return n
}

// Int64 returns the named int option as an int64 (0 if absent).
func (o Options) Int64(name string) int64 {
	n, _ := strconv.ParseInt(o.Get(name), 10, 64)
	return n
}

// Bool returns the named bool option (false if absent).
func (o Options) Bool(name string) bool { return o.Get(name) == "true" }

// With returns a copy with one option changed, validated.
func (o Options) With(name, value string) (Options, error) {
	raw := o.Map()
	raw[name] = value
	return ParseOptions(o.specs, raw)
}

// Map returns the options as a map of name to canonical value.
func (o Options) Map() map[string]string {
	m := make(map[string]string, len(o.specs))
	for i, s := range o.specs {
		m[s.Name] = o.values[i]
	}
	return m
}

// String writes the options as "name=value,name=value" in spec order, the canonical form that
// ParseOptionString reads.
func (o Options) String() string {
	var b strings.Builder
	for i, s := range o.specs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s.Name)
		b.WriteByte('=')
		b.WriteString(o.values[i])
	}
	return b.String()
}

// Equal reports whether two option sets hold the same values.
func (o Options) Equal(p Options) bool { return o.String() == p.String() }
