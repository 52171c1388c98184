// Command book6gen builds the exact 6x6 book of package othello (book6.go) with the engine's
// solver: for each leaf depth asked, from the shallowest, it writes the book that stops there,
// solving only the positions the shallower books did not hold.
//
//	go run ./internal/book6gen -out book6.bin [-leaf 30] [-from 30] [-full 32] [-threads 1] [-hash 1024] [-seed]
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"
	"time"

	"turncoat/engine/othello"
)

func main() {
	out := flag.String("out", "book6.bin", "the book file; each shallower book is written first to FILE.LEAF")
	leaf := flag.Int("leaf", 30, "empties at and below which the book leaves the position to the solver")
	from := flag.Int("from", 30, "the shallowest leaf to write a book for on the way (each even depth from it to -leaf)")
	full := flag.Int("full", 32, "empties from which a position holds the value of every move")
	threads := flag.Int("threads", 1, "search threads")
	hash := flag.Int("hash", 1024, "transposition table size in MB")
	seed := flag.Bool("seed", false, "take the embedded book's positions as solved (a deeper book then solves only those below its leaf)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	bb := othello.NewBook6Builder(othello.New(othello.Options{Threads: *threads, TableBytes: *hash << 20}), *full)
	bb.Logf = log.Printf
	if *seed {
		n, err := bb.Seed()
		if err != nil {
			log.Fatal(err)
		}
		log.Printf("%d positions from the embedded book", n)
	}
	t0 := time.Now()
	for l := max(*from, *leaf); l >= *leaf; l -= 2 {
		var buf bytes.Buffer
		n, err := bb.Build(ctx, l, &buf)
		if err != nil {
			log.Fatal(err)
		}
		path := *out
		if l != *leaf {
			path = fmt.Sprintf("%s.%d", *out, l)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			log.Fatal(err)
		}
		log.Printf("leaf %d: %d positions, %d bytes (%s), %d nodes, %v", l, n, buf.Len(), path, bb.Nodes(), time.Since(t0).Round(time.Second))
	}
}
