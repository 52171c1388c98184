package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"turncoat/game"
	"turncoat/games"
	"turncoat/games/reversi/files"
	"turncoat/render"
)

func init() {
	register(command{name: "render", summary: "draw a position as PNG or SVG, or a whole game as an animated GIF", run: runRender})
}

func runRender(_ context.Context, e *env, args []string) error {
	fs := newFlags(e, "render", "[--game G] [--options k=v,...] [--position P] [--moves M | RECORD] [--ply N] [--theme T] [--size S] --out FILE.png|.svg|.gif", `
Draws a board as the web UI shows it: a position as PNG or SVG, or a whole game as an animated
GIF (one frame a move, a longer pause on the last), the format told by --out's extension.

The game is a RECORD file (any record the game reads: for Othello GGF, WTHOR or move lists;
"-" reads standard input in the game's first format), or the start (or --position) followed by
--moves, the moves in the game's notation separated by spaces (a Turncoat round is both
selections, Red's first). The last move is marked, and the discs it flipped. --ply draws the
position after that many moves (0 is the start; a GIF then stops there).`)
	gameName := fs.String("game", "reversi", "the game")
	options := fs.String("options", "", "game options as name=value,... (a move list's board size: size=6)")
	position := fs.String("position", "", "start from this position (the game's position notation or encoding)")
	moves := fs.String("moves", "", "moves from the start or --position, in the game's notation, separated by spaces")
	recordFormat := fs.String("record-format", "", "the RECORD's format (default: told by its extension, or the game's first)")
	number := fs.Int("number", 1, "which game of a RECORD holding several, from 1")
	ply := fs.String("ply", "last", "draw the position after this many moves, or last")
	theme := fs.String("theme", "auto", "board theme: auto (by-post for 6x6 Othello), classic, bypost or contrast")
	size := fs.Int("size", 0, fmt.Sprintf("picture width in pixels, %d to %d (default %d a board)", render.MinSize, render.MaxSize, render.DefaultSize))
	coords := fs.Bool("coords", true, "write the coordinates round the board")
	letters := fs.Bool("letters", true, "write the letters of Turnover's stacks")
	caption := fs.String("caption", "", "a line above the board (default: the RECORD's players)")
	out := fs.String("out", "", "the picture's file: .png, .svg or .gif")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("want at most one RECORD, got %d arguments", len(pos))
	}
	if *out == "" {
		return usagef("want --out FILE.png, .svg or .gif")
	}
	format, err := render.FormatOf(*out)
	if err != nil {
		return usagef("--out %s", strings.TrimPrefix(err.Error(), render.ErrOption.Error()+": "))
	}
	o := render.Options{Size: *size, NoCoords: !*coords, NoLetters: !*letters}
	if o.Theme, err = render.ParseTheme(*theme); err != nil {
		return usagef("--%v", err)
	}
	if err := o.Validate(); err != nil {
		return usagef("--%s", strings.TrimPrefix(err.Error(), render.ErrOption.Error()+": "))
	}
	n, err := render.ParsePly(*ply)
	if err != nil {
		return usagef("--%s", strings.TrimPrefix(err.Error(), render.ErrOption.Error()+": "))
	}
	var replay render.Replay
	if len(pos) == 1 {
		if *position != "" || *moves != "" {
			return usagef("give a RECORD, or --position and --moves, not both")
		}
		replay, err = recordReplay(e, *gameName, *options, *recordFormat, pos[0], *number)
	} else {
		replay, err = movesReplay(*gameName, *options, *position, *moves)
	}
	if err != nil {
		return err
	}
	if *caption != "" {
		replay.Caption = *caption
	}
	if n != render.Latest && n > replay.Len() {
		return usagef("--ply %d: the game has %d moves", n, replay.Len())
	}
	var buf bytes.Buffer
	if format == render.GIF {
		if n != render.Latest {
			replay.Moves = replay.Moves[:n]
		}
		err = render.EncodeGIF(&buf, replay, o)
	} else {
		var p render.Position
		if p, err = replay.At(n); err == nil {
			err = render.EncodePosition(&buf, format, p, o)
		}
	}
	if err != nil {
		return err
	}
	if err := writeFileAtomic(*out, func(w io.Writer) error {
		_, err := w.Write(buf.Bytes())
		return err
	}); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "wrote %s (%s, %d bytes)\n", *out, format, buf.Len())
	return nil
}

// movesReplay is the game from the start of gameName under options (or position), then moves
// written in the game's notation separated by spaces: at a simultaneous node the next two are
// both sides' actions.
func movesReplay(gameName, options, position, moves string) (render.Replay, error) {
	s, err := startState(gameName, options, nil, position)
	if err != nil {
		return render.Replay{}, err
	}
	rec := game.Record{Start: s}
	cur := s.Clone()
	fields := strings.Fields(moves)
	for i := 0; i < len(fields); i++ {
		text := fields[i]
		if cur.ToAct().Simultaneous() {
			if i+1 == len(fields) {
				return render.Replay{}, usagef("--moves: move %d (%s) wants both sides' selections", len(rec.Moves)+1, text)
			}
			i++
			text += " " + fields[i]
		}
		m, err := game.ParseMove(cur, text)
		if err == nil {
			err = game.PlayMove(cur, m)
		}
		if err != nil {
			return render.Replay{}, usagef("--moves: move %d (%s): %v", len(rec.Moves)+1, text, err)
		}
		rec.Moves = append(rec.Moves, text)
	}
	return render.RecordReplay(rec)
}

// recordReplay reads game number of the record file path (standard input for "-").
func recordReplay(e *env, gameName, options, format, path string, number int) (render.Replay, error) {
	g, err := games.Registry().Lookup(gameName)
	if err != nil {
		return render.Replay{}, usageError{err.Error()}
	}
	o, err := game.ParseOptionString(g.OptionSpecs(), options)
	if err != nil {
		return render.Replay{}, usageError{err.Error()}
	}
	var recs []game.Record
	switch {
	case g.Name() == "reversi" && path != "-" && format == "":
		// every Othello record file there is: WTHOR, GGF, move lists, told by name and content
		l, err := files.Load(path)
		if err != nil {
			return render.Replay{}, err
		}
		for _, bad := range l.Bad {
			fmt.Fprintf(e.stderr, "skipped: %v\n", bad)
		}
		for i := range l.Records {
			rec, err := l.Records[i].GameRecord()
			if err != nil {
				return render.Replay{}, fmt.Errorf("%s: game %d: %w", path, l.Numbers[i], err)
			}
			recs = append(recs, rec)
		}
	default:
		if format == "" && path != "-" {
			format = formatByExt(g, path)
		}
		var r io.Reader = e.stdin
		if path != "-" {
			f, err := os.Open(path)
			if err != nil {
				return render.Replay{}, err
			}
			defer f.Close()
			r = f
		}
		if recs, err = game.ReadRecords(g, format, r, o); err != nil {
			return render.Replay{}, fmt.Errorf("%s: %w", path, err)
		}
	}
	if number < 1 || number > len(recs) {
		return render.Replay{}, usagef("--number %d: %s holds %d games", number, path, len(recs))
	}
	rec := recs[number-1]
	rp, err := render.RecordReplay(rec)
	if err != nil {
		return render.Replay{}, fmt.Errorf("%s: game %d: %w", path, number, err)
	}
	if names := rec.Players; names != [2]string{} {
		sides := g.SideNames(rec.Start.Options())
		for i, n := range names {
			if n == "" {
				names[i] = sides[i]
			}
		}
		rp.Caption = names[0] + " – " + names[1]
	}
	return rp, nil
}

// formatByExt returns the name of g's record format whose extension path has ("" for none:
// the game's first).
func formatByExt(g game.Game, path string) string {
	ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	for _, f := range game.RecordFormats(g) {
		if f.Ext == ext {
			return f.Name
		}
	}
	return ""
}
