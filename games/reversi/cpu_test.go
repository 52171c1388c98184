//go:build amd64 && !purego

package reversi

import (
	"testing"

	"golang.org/x/sys/cpu"
)

// TestCPUID checks the processor detection against the runtime's own.
func TestCPUID(t *testing.T) {
	_, b, _, _ := cpuid(7, 0)
	if got := b&(1<<8) != 0; got != cpu.X86.HasBMI2 {
		t.Errorf("cpuid says BMI2 %v, x/sys/cpu %v", got, cpu.X86.HasBMI2)
	}
	t.Logf("AVX2 kernels: %v; fast PDEP: %v", useAVX2, fastPDEP)
}
