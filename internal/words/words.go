// Package words holds the sentences the server writes to a person, in each language the UI
// speaks (en, pt, es): catalogues embedded as JSON, keyed by a message id, with named
// placeholders ({move}, {name}...). A sentence missing from a language is said in English.
package words

import (
	"embed"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

//go:embed *.json
var files embed.FS

// Langs are the languages with a catalogue, English first (the fallback).
var Langs = []string{"en", "pt", "es"}

var catalogues = func() map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, l := range Langs {
		b, err := files.ReadFile(l + ".json")
		if err != nil {
			panic(err)
		}
		m := map[string]string{}
		if err := json.Unmarshal(b, &m); err != nil {
			panic("words: " + l + ".json: " + err.Error())
		}
		out[l] = m
	}
	return out
}()

// Known reports whether lang has a catalogue.
func Known(lang string) bool { _, ok := catalogues[lang]; return ok }

// Keys returns the message ids of lang's catalogue, sorted.
func Keys(lang string) []string {
	var out []string
	for k := range catalogues[lang] {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

var placeholder = regexp.MustCompile(`\{[a-z][a-zA-Z0-9]*\}`)

// Placeholders returns the placeholders of the sentence of key in lang, sorted.
func Placeholders(lang, key string) []string {
	ps := placeholder.FindAllString(catalogues[lang][key], -1)
	sort.Strings(ps)
	return ps
}

// Say returns the sentence of key in lang (English when lang has none) with its placeholders
// filled from args, and whether the catalogue has key at all.
func Say(lang, key string, args map[string]string) (string, bool) {
	s, ok := catalogues[lang][key]
	if !ok {
		if s, ok = catalogues["en"][key]; !ok {
			return "", false
		}
	}
	return placeholder.ReplaceAllStringFunc(s, func(p string) string {
		if v, ok := args[p[1:len(p)-1]]; ok {
			return v
		}
		return p
	}), true
}

// Pick returns the language to write in: lang when it has a catalogue, else the first of an
// Accept-Language header's languages that has one (by weight, as a browser lists them), else
// English.
func Pick(lang, acceptLanguage string) string {
	if Known(lang) {
		return lang
	}
	best, bestQ := "en", -1.0
	for i, part := range strings.Split(acceptLanguage, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		base, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if _, err := fmt.Sscan(v, &q); err != nil {
				continue
			}
		}
		q -= float64(i) * 1e-6 // earlier first among equals
		if Known(base) && q > bestQ {
			best, bestQ = base, q
		}
	}
	return best
}

// Plural returns the plural form of a count in lang, as the web UI's catalogues name it
// (Intl.PluralRules): "one" or "other". Portuguese says "one" of 0 and 1, English and Spanish
// of 1 only.
func Plural(lang string, n int) string {
	if n == 1 || lang == "pt" && n == 0 {
		return "one"
	}
	return "other"
}

// SayN says the plural form of key for the count n (key.one or key.other, as the web UI's
// catalogues have them) with {n} filled in besides args.
func SayN(lang, key string, n int, args map[string]string) (string, bool) {
	all := make(map[string]string, len(args)+1)
	for k, v := range args {
		all[k] = v
	}
	all["n"] = strconv.Itoa(n)
	if s, ok := Say(lang, key+"."+Plural(lang, n), all); ok {
		return s, true
	}
	return Say(lang, key+".other", all)
}
