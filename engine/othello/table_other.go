//go:build !linux

package othello

// adviseHugePages does nothing where the kernel takes no such advice.
func adviseHugePages([]ttBucket) {}
