//go:build !linux

package reversi

// adviseHugePages does nothing where the kernel takes no such advice.
func adviseHugePages([]ttBucket) {}
