package othello

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// adviseHugePages asks the kernel to back the table with huge pages. Its probes go to random
// places: with 4 KiB pages nearly every one misses the TLB as well as the cache.
func adviseHugePages(b []ttBucket) {
	if len(b) == 0 {
		return
	}
	mem := unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), len(b)*int(unsafe.Sizeof(b[0])))
	_ = unix.Madvise(mem, unix.MADV_HUGEPAGE) // only advice: without it the table still works
}
