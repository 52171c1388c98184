package main

import (
	"context"
	"fmt"
	"os"

	"turncoat/games/reversi/files"
)

func init() {
	register(command{name: "records", summary: "check and convert Othello game records (WTHOR, GGF, move lists)", run: runRecords})
}

func runRecords(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 || args[0] == "--help" || args[0] == "-h" || args[0] == "-help" {
		fmt.Fprint(e.stdout, `Usage: turncoat records check FILE...
       turncoat records convert --to ggf|wthor|moves IN OUT

check replays every game of each file (WTHOR .wtb, GGF, or move lists, one game a line) and
prints, last, games=N legal=N illegal=N score_match=N score_mismatch=N; each illegal game is
reported on stderr with the file, game, ply and square, and so is each file that holds no
games (an empty file, garbage, a WTHOR .JOU/.TRN name file, OBF positions) or cannot be read.
Exit status 1 if any game is illegal or any file holds no games.

convert reads IN (any of those formats) and writes OUT in the format --to names. WTHOR output
writes OUT's player (.JOU) and tournament (.TRN) name files beside it. Games IN holds that
cannot be read, and games OUT's format cannot hold (WTHOR and move lists: 8x8 games from the
standard start only), are left out, each reported on stderr with the file, the game number
and why; the others are written. Exit status 0 when some game was written (with those
warnings), 1 when none could be: OUT is then left as it was.
`)
		if len(args) == 0 {
			return usagef("want check or convert")
		}
		return nil
	}
	switch args[0] {
	case "check":
		return recordsCheck(ctx, e, args[1:])
	case "convert":
		return recordsConvert(e, args[1:])
	}
	return usagef("unknown records command %q (want check or convert)", args[0])
}

func recordsCheck(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "records check", "FILE...", "Replays every game of each file and counts legal games and matching scores.")
	quiet := fs.Bool("quiet", false, "only the summary line")
	paths, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return usagef("want at least one FILE")
	}
	var games, legal, illegal, match, mismatch, empty int
	for i, p := range paths {
		if err := ctx.Err(); err != nil {
			return err
		}
		l, err := files.Load(p)
		if err == nil && l.Format == files.OBF {
			err = fmt.Errorf("%s holds positions (OBF), not games", p)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "no games: %v\n", err)
			empty++
			continue
		}
		if l.Games() == 0 {
			fmt.Fprintf(e.stderr, "no games: %s\n", noGames(p, l))
			empty++
			continue
		}
		for _, bad := range l.Bad {
			fmt.Fprintf(e.stderr, "illegal: %v\n", bad)
		}
		fileMatch := 0
		for j := range l.Records {
			ok, err := l.Records[j].ScoreMatches()
			if err != nil {
				return err
			}
			if ok {
				fileMatch++
			} else if l.Records[j].HasResult {
				mismatch++
			}
		}
		games += len(l.Records) + len(l.Bad)
		legal += len(l.Records)
		illegal += len(l.Bad)
		match += fileMatch
		if !*quiet && len(paths) > 1 {
			fmt.Fprintf(e.stderr, "[%d/%d] %s: %s, %d games, %d illegal\n", i+1, len(paths), p, l.Format, len(l.Records)+len(l.Bad), len(l.Bad))
		}
	}
	fmt.Fprintf(e.stdout, "games=%d legal=%d illegal=%d score_match=%d score_mismatch=%d\n", games, legal, illegal, match, mismatch)
	if illegal > 0 || empty > 0 {
		return errFailed
	}
	return nil
}

// noGames says what a file that holds no games holds instead.
func noGames(path string, l files.Loaded) string {
	switch {
	case l.NotGames > 0:
		return fmt.Sprintf("%s: none of its %d lines is a move list, and it is in no other record format", path, l.NotGames)
	case l.Format == files.WTHOR:
		return fmt.Sprintf("%s: a WTHOR file without games", path)
	case l.Format == files.GGF:
		return fmt.Sprintf("%s: no GGF game (\"(;...;)\") in it", path)
	}
	if st, err := os.Stat(path); err == nil && st.Size() == 0 {
		return fmt.Sprintf("%s: the file is empty", path)
	}
	return fmt.Sprintf("%s: nothing but blank lines and comments", path)
}

func recordsConvert(e *env, args []string) error {
	fs := newFlags(e, "records convert", "--to ggf|wthor|moves IN OUT", "Converts a record file to another format.")
	to := fs.String("to", "", "output format: ggf, wthor or moves")
	paths, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(paths) != 2 {
		return usagef("want IN and OUT")
	}
	format, err := files.ParseFormat(*to)
	if err != nil || format == files.OBF {
		return usagef("--to %q: want ggf, wthor or moves", *to)
	}
	in, out := paths[0], paths[1]
	l, err := files.Load(in)
	if err != nil {
		return err
	}
	if l.Format == files.OBF {
		return fmt.Errorf("%s holds positions (OBF), not games", in)
	}
	for _, bad := range l.Bad {
		fmt.Fprintf(e.stderr, "skipped: %v\n", bad)
	}
	if len(l.Records) == 0 {
		if l.Games() == 0 {
			return fmt.Errorf("no games: %s; nothing was written", noGames(in, l))
		}
		return fmt.Errorf("none of the %d games of %s can be read; nothing was written", len(l.Bad), in)
	}
	skipped, err := files.Save(out, format, l.Records)
	for _, s := range skipped {
		fmt.Fprintf(e.stderr, "skipped: %s: game %d: %v\n", in, l.Numbers[s.Index], s.Err)
	}
	if err != nil {
		return err
	}
	written := len(l.Records) - len(skipped)
	fmt.Fprintf(e.stdout, "converted %d games from %s to %s (%s)", written, l.Format, format, out)
	if n := len(l.Bad) + len(skipped); n > 0 {
		fmt.Fprintf(e.stdout, "; %d skipped (%d unreadable, %d that %s cannot hold)", n, len(l.Bad), len(skipped), format)
	}
	fmt.Fprintln(e.stdout)
	return nil
}
