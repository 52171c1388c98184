package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"turncoat/store"
)

// TestAdminCommands: the operator names a moderator and takes the role back by name (an unknown
// name is an error that says so, changing nothing), and edits the chat's word filter.
func TestAdminCommands(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "t.db")
	st, err := store.Open(ctx, db, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	u, err := st.CreateUser(ctx, "Mona", "hash", false, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	isMod := func() bool {
		st, err := store.Open(ctx, db, store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		ok, err := st.IsModerator(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}

	if code, _, stderr := runCLI(t, "", "admin", "moderator", "--db", db, "Nobody"); code != 1 || !strings.Contains(stderr, `no user named "Nobody"`) {
		t.Errorf("an unknown name: exit %d, %q", code, stderr)
	}
	if code, out, stderr := runCLI(t, "", "admin", "moderator", "--db", db, "mona"); code != 0 || out != "Mona is a moderator\n" || !isMod() {
		t.Errorf("moderator mona: exit %d, %q %q", code, out, stderr)
	}
	if code, out, _ := runCLI(t, "", "admin", "moderator", "--remove", "--db", db, "Mona"); code != 0 || !strings.Contains(out, "no longer") || isMod() {
		t.Errorf("moderator --remove: exit %d, %q", code, out)
	}
	if code, _, stderr := runCLI(t, "", "admin", "moderator", "--db", db); code != 2 || !strings.Contains(stderr, "one user's name") {
		t.Errorf("no name: exit %d, %q", code, stderr)
	}

	if code, out, _ := runCLI(t, "", "admin", "words", "--db", db, "add", "Darn", "heck"); code != 0 || out != "add: darn\nadd: heck\n" {
		t.Errorf("words add: exit %d, %q", code, out)
	}
	if code, _, stderr := runCLI(t, "", "admin", "words", "--db", db, "add", "two words"); code != 1 || !strings.Contains(stderr, "not one word") {
		t.Errorf("words add of two words: exit %d, %q", code, stderr)
	}
	if code, _, stderr := runCLI(t, "", "admin", "words", "--db", db, "remove", "gosh"); code != 1 || !strings.Contains(stderr, "not in the chat's filter") {
		t.Errorf("words remove of a word not there: exit %d, %q", code, stderr)
	}
	if code, out, _ := runCLI(t, "", "admin", "words", "--db", db, "remove", "HECK"); code != 0 || out != "remove: heck\n" {
		t.Errorf("words remove: exit %d, %q", code, out)
	}
	if code, out, _ := runCLI(t, "", "admin", "words", "--db", db, "list"); code != 0 || out != "darn\n" {
		t.Errorf("words list: exit %d, %q", code, out)
	}
	if code, _, stderr := runCLI(t, "", "admin", "words", "--db", db, "shout"); code != 2 || !strings.Contains(stderr, "shout") {
		t.Errorf("words shout: exit %d, %q", code, stderr)
	}
}
