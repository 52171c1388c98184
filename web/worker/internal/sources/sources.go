// Package sources hashes the module's Go sources the browser's engine is built from, so that a
// test tells when the committed WebAssembly file is older than its sources without building it.
package sources

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// Program is the package of the WebAssembly program.
const Program = "turncoat/web/worker/wasm"

// Env is the build's target, added to the environment of the go command. GOWASM lets the
// compiler use WebAssembly's saturating float-to-int conversions and sign-extension
// instructions (every browser with the DecompressionStream the worker needs has them): the
// search runs a little faster with them.
var Env = []string{"GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOWASM=satconv,signext"}

// pkg is what go list says of a package.
type pkg struct {
	ImportPath string
	Dir        string
	Standard   bool
	GoFiles    []string
	EmbedFiles []string
	Module     *struct {
		Path    string
		Version string
		Main    bool
	}
}

// Hash returns the hash of the Go files and embedded files of every package of the main module
// the program depends on (for the js/wasm target), the versions of the other modules and the
// build's environment (Env); the standard library is the Go version's. root is the module's
// directory.
func Hash(root string) (string, error) {
	cmd := exec.Command("go", "list", "-deps", "-json=ImportPath,Dir,Standard,GoFiles,EmbedFiles,Module", Program)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), Env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go list: %v: %s", err, errb.String())
	}
	lines := []string{"env " + strings.Join(Env, " ")}
	dec := json.NewDecoder(&out)
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return "", fmt.Errorf("go list's output: %v", err)
		}
		switch {
		case p.Standard:
			continue
		case p.Module != nil && !p.Module.Main:
			lines = append(lines, p.ImportPath+" "+p.Module.Path+"@"+p.Module.Version)
			continue
		}
		files := append(append([]string{}, p.GoFiles...), p.EmbedFiles...)
		sort.Strings(files)
		for _, f := range files {
			data, err := os.ReadFile(filepath.Join(p.Dir, f))
			if err != nil {
				return "", err
			}
			sum := sha256.Sum256(data)
			lines = append(lines, p.ImportPath+"/"+f+" "+hex.EncodeToString(sum[:]))
		}
	}
	sort.Strings(lines)
	h := sha256.New()
	for _, l := range lines {
		h.Write([]byte(l + "\n"))
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
