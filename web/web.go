// Package web holds the browser UI: plain ES modules, SVG and CSS, embedded in the binary (no
// build step, nothing to install).
package web

import (
	"embed"
	"io/fs"
)

//go:embed static
var static embed.FS

// Files returns the UI's files, index.html at the root.
func Files() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err)
	}
	return sub
}
