// Command build makes the browser's engine: it builds the WebAssembly program (js/wasm, the
// portable code without assembly; -trimpath, no symbols, no VCS stamp, so the same sources give
// the same file), gzips it at the best level into web/static/engine/engine.wasm.gz, copies the
// Go version's wasm_exec.js beside it, and writes the hash of the sources it was built from
// (engine.sources), which a test compares with the sources now. "go generate ./web/worker"
// runs it from the package's directory.
package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"turncoat/web/worker/internal/sources"
)

func main() {
	log.SetFlags(0)
	root, err := moduleRoot()
	if err != nil {
		log.Fatal(err)
	}
	out := filepath.Join(root, "web", "static", "engine")
	tmp, err := os.MkdirTemp("", "engine-wasm")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	wasm := filepath.Join(tmp, "engine.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w", "-o", wasm, sources.Program)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), sources.Env...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		log.Fatalf("building the engine: %v", err)
	}
	data, err := os.ReadFile(wasm)
	if err != nil {
		log.Fatal(err)
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(data)
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		log.Fatal(err)
	}
	glue, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		log.Fatal(err)
	}
	hash, err := sources.Hash(root)
	if err != nil {
		log.Fatal(err)
	}
	for name, b := range map[string][]byte{
		"engine.wasm.gz": gz.Bytes(),
		"wasm_exec.js":   glue,
		"engine.sources": []byte(hash + "\n"),
	} {
		if err := os.WriteFile(filepath.Join(out, name), b, 0o644); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Printf("engine.wasm: %d bytes, %d gzipped\n", len(data), gz.Len())
}

// moduleRoot is the directory of the main module's go.mod.
func moduleRoot() (string, error) {
	b, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", err
	}
	return filepath.Dir(strings.TrimSpace(string(b))), nil
}
