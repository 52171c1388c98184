package e2e_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestAPITokensOnAccountPage makes an API token on the account page, uses it as a bot would,
// revokes it with its button, and checks the section in the three languages.
func TestAPITokensOnAccountPage(t *testing.T) {
	p := newPage(t)
	p.open("/")
	p.signUp("Tokenowner")
	p.wait(`document.querySelector(".tokens") && document.querySelector("#token-name")`)
	if got := eval[string](p, `document.querySelector(".tokens").textContent`); !strings.Contains(got, "No tokens yet") {
		t.Errorf("the empty list reads %q", got)
	}
	p.type_("#token-name", "42")
	p.do(chromedpSelect("#token-days", "30"))
	p.click(`.tokens + form button[type=submit]`)
	p.wait(`document.querySelector("#token-value")?.value.length > 10 && document.querySelector(".tokens .token-name")`)
	token := eval[string](p, `document.querySelector("#token-value").value`)
	// The token as a bot uses it (outside the browser).
	me := func() int {
		req, _ := http.NewRequest("GET", suite.url+"/api/me", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if st := me(); st != 200 {
		t.Fatalf("the new token: %d", st)
	}
	if got := eval[string](p, `document.querySelector(".tokens li").textContent`); !strings.Contains(got, "42") || !strings.Contains(got, "expires") {
		t.Errorf("the listed token reads %q", got)
	}
	p.screenshot(shots(t), "account-tokens", 1280, 900)
	for _, lang := range []string{"pt", "es", "en"} {
		setLanguage(p, lang)
		p.open("/account")
		p.wait(`document.querySelector(".tokens .token-name")`)
		if bad := eval[[]string](p, untranslatedJS+fmt.Sprintf("(%q)", lang)); len(bad) > 0 {
			t.Errorf("%s: untranslated:\n  %s", lang, strings.Join(bad, "\n  "))
		}
	}
	p.click(`.tokens li button`)
	p.wait(`!document.querySelector(".tokens .token-name")`)
	if st := me(); st != 401 {
		t.Errorf("the revoked token: %d", st)
	}

}
