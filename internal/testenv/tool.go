package testenv

import (
	"bytes"
	"os/exec"
	"strings"
	"sync"
	"testing"
)

var tools struct {
	mu    sync.Mutex
	paths map[string]string
	errs  map[string]string
}

// Tool returns the path of a program named by a tool directive of go.mod (a service a test
// runs, such as an ACME authority), built by the go command into its build cache: from the
// module cache, or from the module proxy the first time. Built once per test run; when it
// cannot be built (no go command, the module out of reach) the test is skipped, or fails in CI.
func Tool(t testing.TB, name string) string {
	t.Helper()
	tools.mu.Lock()
	defer tools.mu.Unlock()
	if tools.paths == nil {
		tools.paths, tools.errs = map[string]string{}, map[string]string{}
	}
	if p, ok := tools.paths[name]; ok {
		return p
	}
	if msg, ok := tools.errs[name]; ok {
		missing(t, "%s", msg)
		return ""
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		tools.errs[name] = "no go command to build the tool " + name + " with"
		missing(t, "%s", tools.errs[name])
		return ""
	}
	// "go tool -n" builds the tool (or finds it built) and prints the path of its executable.
	var stderr bytes.Buffer
	cmd := exec.Command(goTool, "tool", "-n", name)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	path := strings.TrimSpace(string(out))
	if err != nil || path == "" || strings.Contains(path, "\n") {
		tools.errs[name] = "cannot build the tool " + name + " (go tool -n " + name + "; its module must be reachable in the module cache or from the module proxy): " +
			strings.TrimSpace(stderr.String()+" "+errString(err))
		missing(t, "%s", tools.errs[name])
		return ""
	}
	tools.paths[name] = path
	return path
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
