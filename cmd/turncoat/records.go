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
reported on stderr with the file, game, ply and square. Exit status 1 if any game is illegal.

convert reads IN (any of those formats) and writes OUT in the format --to names. WTHOR output
writes OUT's player (.JOU) and tournament (.TRN) name files beside it.
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
	var games, legal, illegal, match, mismatch int
	for i, p := range paths {
		if err := ctx.Err(); err != nil {
			return err
		}
		l, err := files.Load(p)
		if err != nil {
			return err
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
	if illegal > 0 {
		return errFailed
	}
	return nil
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
	l, err := files.Load(paths[0])
	if err != nil {
		return err
	}
	for _, bad := range l.Bad {
		fmt.Fprintf(e.stderr, "skipped: %v\n", bad)
	}
	if l.Format == files.OBF {
		return fmt.Errorf("%s holds positions (OBF), not games", paths[0])
	}
	if err := files.Save(paths[1], format, l.Records); err != nil {
		os.Remove(paths[1])
		return err
	}
	fmt.Fprintf(e.stdout, "converted %d games from %s to %s (%s)\n", len(l.Records), l.Format, format, paths[1])
	if len(l.Bad) > 0 {
		return fmt.Errorf("%d games could not be read and were skipped", len(l.Bad))
	}
	return nil
}
