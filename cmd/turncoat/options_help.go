package main

import (
	"fmt"
	"strings"

	"turncoat/game"
)

// optionsHelp describes a game's options for play's --help: each option's name, the values it
// takes, its default (and the flag that sets it directly, if any) and its doc, wrapped to the
// terminal's usual width.
func optionsHelp(specs []game.OptionSpec) string {
	if len(specs) == 0 {
		return "The game has no options."
	}
	var b strings.Builder
	b.WriteString("Game options (--options name=value,...):")
	for _, o := range specs {
		def := o.Default
		if def == "" {
			def = `""`
		}
		also := ""
		for _, s := range playShorthands {
			if s.option == o.Name {
				also = "; also --" + s.flag
			}
		}
		fmt.Fprintf(&b, "\n  %s=%s (default %s%s)", o.Name, optionValues(o), def, also)
		for _, line := range wrapText(o.Doc, 84) {
			b.WriteString("\n      " + line)
		}
	}
	return b.String()
}

// optionValues writes what an option takes: its values, a range, or its kind.
func optionValues(o game.OptionSpec) string {
	switch {
	case len(o.Values) > 0:
		return strings.Join(o.Values, "|")
	case o.Kind == game.OptionInt:
		return fmt.Sprintf("%d..%d", o.Min, o.Max)
	case o.Kind == game.OptionBool:
		return "true|false"
	}
	return "TEXT"
}

// wrapText splits text into lines of at most width characters at spaces (a longer word keeps a
// line of its own).
func wrapText(text string, width int) []string {
	var lines []string
	var line strings.Builder
	for _, w := range strings.Fields(text) {
		if line.Len() > 0 && line.Len()+1+len(w) > width {
			lines = append(lines, line.String())
			line.Reset()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(w)
	}
	if line.Len() > 0 {
		lines = append(lines, line.String())
	}
	return lines
}
