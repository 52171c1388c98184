package troll

import (
	"io"

	"turncoat/game"
	"turncoat/game/textrecord"
)

// RecordFormats returns Troll's record format: "text", a game in its notation (see
// WriteRecord).
func (Game) RecordFormats() []game.RecordFormat {
	return []game.RecordFormat{textrecord.Format(Game{}, "Troll game record: options, players, moves in the game's notation, result")}
}

var _ game.RecordKeeper = Game{}

// WriteRecord writes rec as a text record (package textrecord's format), which ReadRecords
// reads back:
//
//	game troll
//	options rules=1987,first=black
//	black Ann
//	white Bob
//	event Club night
//	date 2026-01-31
//	1. d3 c5
//	2. f4 pass
//	3. e6
//	result black
//
// The players are headed by their sides' names; the result line gives the winner (black or
// white) or draw, and an ending other than the rules follows it with its reason ("result
// white resignation Black resigned").
func WriteRecord(w io.Writer, rec game.Record) error { return textrecord.Write(w, Game{}, rec) }

// ReadRecords reads every game of a file of text records (see WriteRecord, and textrecord.Read
// for the details): each game is replayed, so a record that reads is a legal game, and a record
// with neither options nor start takes o (the defaults when o is empty).
func ReadRecords(r io.Reader, o game.Options) ([]game.Record, error) {
	return textrecord.Read(r, Game{}, o)
}
