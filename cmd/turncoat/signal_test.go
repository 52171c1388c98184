package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"turncoat/internal/testenv"
)

var (
	buildOnce sync.Once
	binary    string
	buildErr  error
)

// builtBinary builds the program once per test run into a temporary directory (go run would
// rebuild it for every case, and would stand between the test's signals and the program).
func builtBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the program: not in -short")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool to build the program with")
	}
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "turncoat-bin")
		if err != nil {
			buildErr = err
			return
		}
		binary = filepath.Join(dir, "turncoat")
		out, err := exec.Command(goTool, "build", "-o", binary, ".").CombinedOutput()
		if err != nil {
			buildErr = errors.New(err.Error() + ": " + string(out))
		}
	})
	if buildErr != nil {
		t.Fatalf("building the program: %v", buildErr)
	}
	return binary
}

func TestMain(m *testing.M) {
	// the commands' user files (the user's opening book) go to a folder of the tests' own,
	// for the programs they run too
	config, err := os.MkdirTemp("", "turncoat-config")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CONFIG_HOME", config)
	code := m.Run()
	os.RemoveAll(config)
	if binary != "" {
		os.RemoveAll(filepath.Dir(binary))
	}
	os.Exit(code)
}

// TestSignalStopsLongCommands runs the real program on commands that would run for hours,
// signals it in the middle of a count, and checks that it stops well within a
// generous bound (a real hang fails; a loaded machine does not), with the signal's exit status
// (128 + its number) and a message naming it.
func TestSignalStopsLongCommands(t *testing.T) {
	bin := builtBinary(t)
	for _, c := range []struct {
		args  []string
		after string // the line after which to signal (the next takes seconds or more); "": a moment after the start
		sig   syscall.Signal
	}{
		{[]string{"perft", "--game", "turncoat", "5"}, "depth=3 ", syscall.SIGINT},
		{[]string{"perft", "30"}, "depth=10 ", syscall.SIGTERM},
		{[]string{"perft", "--game", "turnover", "30"}, "depth=5 ", syscall.SIGINT},
		// commands that print nothing before they finish: signalled once at work
		{[]string{"solve", "--hash", "16", "--size", "6", "start"}, "", syscall.SIGTERM},
		{[]string{"solve", "turncoat", "--mode", "white-only", "--red", "BWWW/WWWW/WWWW/WWWB"}, "", syscall.SIGINT},
		{[]string{"analyze", "--hash", "16", "--depth", "40", "f5d6c3"}, "", syscall.SIGINT},
		{[]string{"match", "--a", "mcts:iterations=2000", "--b", "random", "--games", "1000"}, "A=", syscall.SIGTERM},
	} {
		t.Run(strings.Join(c.args, " ")+" "+c.sig.String(), func(t *testing.T) {
			cmd := exec.Command(bin, c.args...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			lines := bufio.NewScanner(stdout)
			if c.after == "" {
				// Silent until done: signalled once it has worked a tenth of a second of
				// processor time, well into its command (its signal handling is set up
				// first thing).
				if _, ok := cpuTime(cmd.Process.Pid); !ok {
					t.Skip("no /proc to see the command at work")
				}
				testenv.Eventually(t, 30*time.Second, "the command at work", func() bool {
					d, _ := cpuTime(cmd.Process.Pid)
					return d >= 100*time.Millisecond
				})
			} else {
				for lines.Scan() && !strings.HasPrefix(lines.Text(), c.after) {
				}
				if !strings.HasPrefix(lines.Text(), c.after) {
					t.Fatalf("no line %q… (stderr %q)", c.after, stderr.String())
				}
			}
			go io.Copy(io.Discard, stdout) // a full pipe must not hold the program
			if err := cmd.Process.Signal(c.sig); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err = <-done:
			case <-time.After(5 * time.Second):
				t.Fatalf("still running 5 s after %v", c.sig)
			}
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 128+int(c.sig) {
				t.Errorf("exit %v, want status %d", err, 128+int(c.sig))
			}
			if want := "interrupted (" + c.sig.String() + " signal received)"; !strings.Contains(stderr.String(), want) {
				t.Errorf("stderr %q lacks %q", stderr.String(), want)
			}
		})
	}
}
