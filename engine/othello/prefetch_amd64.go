//go:build amd64 && !purego

package othello

import "unsafe"

// prefetch starts loading the cache line at addr, without waiting for it.
//
//go:noescape
func prefetch(addr unsafe.Pointer)
