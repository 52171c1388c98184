package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"turncoat/app"
	"turncoat/domain"
	"turncoat/store"
)

func init() {
	register(command{name: "admin", summary: "the operator's moderation: name moderators, edit the chat's word filter", run: runAdmin})
}

const adminUsage = `Usage: turncoat admin moderator [--db FILE|postgres://...] [--remove] NAME
       turncoat admin words [--db FILE|postgres://...] add|remove WORD...
       turncoat admin words [--db FILE|postgres://...] list

The operator's part of the moderation, on the server's database (--db as for "turncoat serve";
the server may be running).

moderator gives the moderator's role to the registered user NAME (the web UI's moderation page,
the /api/moderation/ endpoints), or takes it back with --remove.

words edits the chat's word filter: a message containing one of the words, as a whole word and
whatever its case, is refused with a message naming it ("darn" refuses "Darn it!", not
"darned"). A word is letters and digits only; it is stored in lower case. list prints them, one a
line.
`

func runAdmin(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, adminUsage)
		return usagef("want moderator or words")
	}
	if args[0] == "--help" || args[0] == "-h" || args[0] == "-help" {
		fmt.Fprint(e.stdout, adminUsage)
		return nil
	}
	var err error
	switch args[0] {
	case "moderator":
		err = adminModerator(ctx, e, args[1:])
	case "words":
		err = adminWords(ctx, e, args[1:])
	default:
		return usagef("unknown admin command %q (want moderator or words)", args[0])
	}
	if err != nil {
		return inCommand{"admin " + args[0], err}
	}
	return nil
}

// openAdmin opens the database of --db and returns the operator's commands on it.
func openAdmin(ctx context.Context, db string) (*app.Admin, func(), error) {
	st, err := store.Open(ctx, db, store.Options{})
	if err != nil {
		return nil, nil, err
	}
	return app.NewAdmin(st), func() { st.Close() }, nil
}

// plain returns a service's error as its sentence.
func plain(err error) error {
	var de *domain.Error
	if errors.As(err, &de) {
		return errors.New(de.Message)
	}
	return err
}

func adminModerator(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "admin moderator", "[--db FILE|postgres://...] [--remove] NAME", "Gives the moderator's role to a registered user, or takes it back.")
	db := fs.String("db", "turncoat.db", "SQLite file, or a PostgreSQL URL (postgres://...)")
	remove := fs.Bool("remove", false, "take the role back")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one user's name")
	}
	adm, done, err := openAdmin(ctx, *db)
	if err != nil {
		return err
	}
	defer done()
	u, err := adm.SetModerator(ctx, pos[0], !*remove)
	if err != nil {
		return plain(err)
	}
	if *remove {
		fmt.Fprintf(e.stdout, "%s is no longer a moderator\n", u.Name)
	} else {
		fmt.Fprintf(e.stdout, "%s is a moderator\n", u.Name)
	}
	return nil
}

func adminWords(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "admin words", "[--db FILE|postgres://...] add|remove WORD... | list", "Edits the chat's word filter.")
	db := fs.String("db", "turncoat.db", "SQLite file, or a PostgreSQL URL (postgres://...)")
	pos, err := parseFlags(e, fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("want add, remove or list")
	}
	op, words := pos[0], pos[1:]
	switch {
	case op != "add" && op != "remove" && op != "list":
		return usagef("unknown words command %q (want add, remove or list)", op)
	case op == "list" && len(words) > 0:
		return usagef("list takes no word")
	case op != "list" && len(words) == 0:
		return usagef("%s what? want one word or more", op)
	}
	adm, done, err := openAdmin(ctx, *db)
	if err != nil {
		return err
	}
	defer done()
	if op == "list" {
		ws, err := adm.Words(ctx)
		if err != nil {
			return err
		}
		if len(ws) > 0 {
			fmt.Fprintln(e.stdout, strings.Join(ws, "\n"))
		}
		return nil
	}
	for _, w := range words {
		var stored string
		if op == "add" {
			stored, err = adm.AddWord(ctx, w)
		} else {
			stored, err = adm.RemoveWord(ctx, w)
		}
		if err != nil {
			return plain(err)
		}
		fmt.Fprintf(e.stdout, "%s: %s\n", op, stored)
	}
	return nil
}
