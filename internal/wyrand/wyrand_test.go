package wyrand

import "testing"

// TestSelectBit checks the branch-free bit select against clearing low bits one by one.
func TestSelectBit(t *testing.T) {
	w := New(1, 2)
	for i := range 20000 {
		x := w.Uint64()
		switch i % 4 {
		case 1:
			x &= w.Uint64()
		case 2:
			x &= w.Uint64() & w.Uint64()
		case 3:
			x = 1 << (w.Uint64() & 63)
		}
		if x == 0 {
			continue
		}
		m := x
		for k := range bitsCount(x) {
			want := trailing(m)
			if got := SelectBit(x, k); got != want {
				t.Fatalf("SelectBit(%#x, %d) = %d, want %d", x, k, got, want)
			}
			m &= m - 1
		}
	}
}

func bitsCount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

func trailing(x uint64) int {
	n := 0
	for x&1 == 0 {
		x >>= 1
		n++
	}
	return n
}
