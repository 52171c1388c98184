//go:build !amd64 || purego

package reversi

import "unsafe"

// prefetch does nothing without the instruction.
func prefetch(unsafe.Pointer) {}
