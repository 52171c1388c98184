// Command turncoat plays, studies and organises games played with Othello pieces: Reversi,
// Turncoat, Turnover, Blocs and Troll. Run "turncoat help" for the commands.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"sort"
	"strings"
	"syscall"

	"turncoat/platform/clock"
)

func main() {
	ctx, stop := notifyContext(context.Background(), os.Stderr, os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// signalError is the cause of a context cancelled by a signal.
type signalError struct{ sig os.Signal }

func (s signalError) Error() string { return s.sig.String() + " signal received" }

// status is the exit status of a program stopped by the signal: 128 + its number, as shells
// report it.
func (s signalError) status() int {
	if n, ok := s.sig.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 130
}

// notifyContext is signal.NotifyContext whose cause names the signal (for the exit status),
// and where a second signal stops the program at once: a command that is slow to wind down
// (or a terminal game waiting for a line) must never hold a user who insists.
func notifyContext(parent context.Context, stderr io.Writer, sigs ...os.Signal) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	stopped := make(chan struct{})
	signal.Notify(ch, sigs...)
	go func() {
		select {
		case sig := <-ch:
			cancel(signalError{sig})
		case <-stopped:
			return
		}
		select {
		case sig := <-ch:
			fmt.Fprintf(stderr, "turncoat: %v again: stopping now\n", sig)
			os.Exit(signalError{sig}.status())
		case <-stopped:
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		close(stopped)
		cancel(nil)
	}
}

// env is what a command may touch: its arguments' streams, and the time (the real clock; a
// test's manual one, so that a tournament's window passes without waiting for it).
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	clock          clock.Clock
}

// command is one subcommand. Each lives in a file of its own and registers itself in init.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, e *env, args []string) error
}

var commands = map[string]command{}

func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("duplicate command " + c.name)
	}
	commands[c.name] = c
}

// usageError is a bad command line: the command prints its usage and exits with status 2.
type usageError struct{ msg string }

func (u usageError) Error() string { return u.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// inCommand is an error of a subcommand ("solve blocs"), which names it in the messages and the
// usage hint.
type inCommand struct {
	name string
	err  error
}

func (c inCommand) Error() string { return c.err.Error() }
func (c inCommand) Unwrap() error { return c.err }

// failedError is a command that ran but whose result is a failure (an illegal game in a
// checked file): exit status 1 without an error message of its own.
var errFailed = errors.New("failed")

// run dispatches to a subcommand and returns the exit status: 0 success, 1 failure, 2 bad usage.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runIn(ctx, &env{stdin: stdin, stdout: stdout, stderr: stderr, clock: clock.Real{}}, args)
}

// runIn is run in e.
func runIn(ctx context.Context, e *env, args []string) int {
	stdout, stderr := e.stdout, e.stderr
	if len(args) == 0 {
		printHelp(stderr) // a bad command line: the help goes with the error stream
		return 2
	}
	if args[0] == "help" || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		if len(args) > 1 {
			c, ok := commands[args[1]]
			if !ok {
				return unknownCommand(stderr, args[1])
			}
			// "help play troll" is "play troll --help"
			return exitCode(ctx, e, c.name, c.run(ctx, e, append(slices.Clone(args[2:]), "--help")))
		}
		printHelp(stdout)
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		return unknownCommand(stderr, args[0])
	}
	return exitCode(ctx, e, c.name, c.run(ctx, e, args[1:]))
}

// exitCode reports err and returns the exit status: 0 success, 1 failure, 2 bad usage, and for
// a command stopped by a signal 128 + the signal's number (130 for an interrupt).
func exitCode(ctx context.Context, e *env, name string, err error) int {
	var u usageError
	var sub inCommand
	if errors.As(err, &sub) {
		name = sub.name
	}
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &u):
		fmt.Fprintf(e.stderr, "turncoat %s: %s\nRun \"turncoat %s --help\" for usage.\n", name, u.msg, name)
		return 2
	case errors.Is(err, errFailed):
		return 1
	case errors.Is(err, context.Canceled):
		var sig signalError
		if errors.As(context.Cause(ctx), &sig) {
			fmt.Fprintf(e.stderr, "turncoat %s: interrupted (%v)\n", name, sig)
			return sig.status()
		}
		fmt.Fprintf(e.stderr, "turncoat %s: interrupted\n", name)
		return 130
	}
	fmt.Fprintf(e.stderr, "turncoat %s: %v\n", name, err)
	return 1
}

// unknownCommand reports a command that does not exist, with the list of those that do, and
// returns the exit status of bad usage.
func unknownCommand(stderr io.Writer, name string) int {
	fmt.Fprintf(stderr, "turncoat: unknown command %q\n\n", name)
	printHelp(stderr)
	return 2
}

func printHelp(w io.Writer) {
	fmt.Fprintln(w, "Turncoat plays, studies and organises games played with Othello pieces.")
	fmt.Fprintln(w, "\nUsage: turncoat <command> [arguments]\n\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun \"turncoat <command> --help\" for a command's arguments.")
}

// newFlags returns a flag set whose usage prints the synopsis, the description and the flags.
func newFlags(e *env, name, synopsis, description string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		out := fs.Output()
		fmt.Fprintf(out, "Usage: turncoat %s %s\n\n%s\n", name, synopsis, strings.TrimSpace(description))
		var hasFlags bool
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintln(out, "\nFlags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseFlags parses flags that may come before, between or after the positional arguments,
// and returns the positional ones. "--" ends the flags. --help prints usage to stdout.
func parseFlags(e *env, fs *flag.FlagSet, args []string) ([]string, error) {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "-help" || a == "--help" {
			fs.SetOutput(e.stdout)
			fs.Usage()
			return nil, flag.ErrHelp
		}
	}
	fs.SetOutput(io.Discard)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, usageError{err.Error()}
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		if args[0] == "--" {
			pos = append(pos, args[1:]...)
			break
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
	return pos, nil
}

// statusWriter returns the stream for transient progress lines: standard error when it is a
// terminal, else nil (logs and pipes get only the results).
func (e *env) statusWriter() io.Writer {
	f, ok := e.stderr.(*os.File)
	if !ok {
		return nil
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return f
}

// counters returns, for the terminal's status line (statusWriter), a maker of progress
// functions that show "what: done of total", and the function that clears the line; with no
// terminal, progress functions are nil and clearing does nothing.
func (e *env) counters() (progress func(what string) func(done, total int), clear func()) {
	status := e.statusWriter()
	progress = func(what string) func(done, total int) {
		if status == nil {
			return nil
		}
		return func(done, total int) { fmt.Fprintf(status, "\r\x1b[K%s: %d of %d", what, done, total) }
	}
	clear = func() {
		if status != nil {
			fmt.Fprint(status, "\r\x1b[K")
		}
	}
	return progress, clear
}
