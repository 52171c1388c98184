package book

import (
	"bytes"
	_ "embed"
	"sync"
)

// shippedBook is the book the program ships. Rebuild it from the WTHOR database with the
// engine's current evaluation (from the repository's root; the defaults of "turncoat book
// build" are the shipped book's settings):
//
//	go run ./cmd/turncoat book build --force --out engine/othello/book/shipped.book ../shared/data/wthor
//
//go:embed shipped.book
var shippedBook []byte

var shipped = sync.OnceValues(func() (*Book, error) { return Read(bytes.NewReader(shippedBook)) })

// Shipped returns a copy of the book the program ships (built from the WTHOR database), to use
// or to add to.
func Shipped() (*Book, error) {
	b, err := shipped()
	if err != nil {
		return nil, err
	}
	return b.Clone(), nil
}

// SharedShipped returns the shipped book itself, shared by every caller: to read only (the
// engine's levels play from it). Learn, Merge or Refresh on it would change it for all.
func SharedShipped() (*Book, error) { return shipped() }
