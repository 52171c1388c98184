package tournament

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestAmount(t *testing.T) {
	for _, c := range []struct {
		text string
		a    Amount
		out  string
	}{
		{"150", 15000, "150"}, {"75.5", 7550, "75.50"}, {"75.50", 7550, "75.50"}, {"0.01", 1, "0.01"},
		{"-12.25", -1225, "-12.25"}, {"0", 0, "0"},
	} {
		a, err := ParseAmount(c.text)
		if err != nil || a != c.a || a.String() != c.out {
			t.Errorf("%q: %d (%s), %v; want %d (%s)", c.text, a, a, err, c.a, c.out)
		}
		var back Amount
		data, _ := json.Marshal(a)
		if err := json.Unmarshal(data, &back); err != nil || back != a {
			t.Errorf("%q: JSON %s reads back as %d, %v", c.text, data, back, err)
		}
	}
	for _, bad := range []string{"", "-", "1.", ".5", "1.234", "1,5", "1e3", "abc", "--1", "1.-5"} {
		if _, err := ParseAmount(bad); !errors.Is(err, ErrAmount) {
			t.Errorf("%q: error %v, want ErrAmount", bad, err)
		}
	}
	if s := split(Units(150)); s != [2]Amount{7500, 7500} {
		t.Errorf("150 shared: %v", s)
	}
	if s := split(15001); s != [2]Amount{7501, 7500} || s[0]+s[1] != 15001 {
		t.Errorf("150.01 shared: %v", s)
	}
}
