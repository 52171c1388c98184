//go:build !amd64 || purego

package othello

import "unsafe"

// prefetch does nothing without the instruction.
func prefetch(unsafe.Pointer) {}
