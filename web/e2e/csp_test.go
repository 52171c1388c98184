package e2e_test

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// TestCSPViolationsFail checks that the browser enforces the server's content security policy
// and that the harness counts a violation as a page error (so every other test fails on one):
// an inline style attribute and an inline script are blocked and reported.
func TestCSPViolationsFail(t *testing.T) {
	p := newPage(t)
	p.open("/")
	applied := eval[bool](p, `(() => {
		document.body.insertAdjacentHTML("beforeend", '<div id="csp-probe" style="color: rgb(1, 2, 3)">probe</div>');
		const s = document.createElement("script");
		s.textContent = "window.cspInline = true";
		document.head.append(s);
		return getComputedStyle(document.getElementById("csp-probe")).color === "rgb(1, 2, 3)" || window.cspInline === true;
	})()`)
	if applied {
		t.Errorf("an inline style or script ran under the policy")
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		// Each violation comes twice: the page's event, and the browser's log line.
		errs := strings.Join(p.consoleErrors(), "\n")
		if strings.Contains(errs, "CSP violation: style-src") && strings.Contains(errs, "CSP violation: script-src") &&
			strings.Contains(errs, "inline style violates") && strings.Contains(errs, "inline script violates") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the violations were not reported as page errors: %q", errs)
		}
		time.Sleep(50 * time.Millisecond)
	}
	// Expected here: the event's report and the browser's own log line of each.
	p.dropErrors("CSP violation")
	p.dropErrors("Content Security Policy")
}

// dropErrors forgets the page errors that contain match (errors a test caused on purpose).
func (p *page) dropErrors(match string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.errors = slices.DeleteFunc(p.errors, func(e string) bool { return strings.Contains(e, match) })
}
