package e2e_test

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"
	"time"
)

// aiSearches reads how many moves the server's AI has searched (its think histogram's count).
func aiSearches(p *page) int {
	p.t.Helper()
	text := eval[string](p, `fetch("/metrics").then(r => r.text())`)
	m := regexp.MustCompile(`(?m)^turncoat_ai_think_seconds_count (\d+)`).FindStringSubmatch(text)
	if m == nil {
		p.t.Fatalf("no AI think count in the metrics")
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// TestAIMovesFromTheBrowser, on a phone: a game against the AI started by a page whose engine is
// ready asks for browserAI, and the game's page finds the AI's moves with the engine in the
// browser and sends them for the AI's seat: the AI moves at once (well before the server's
// 10-second wait), and the server's AI searches nothing.
func TestAIMovesFromTheBrowser(t *testing.T) {
	dir := shots(t)
	p := newPage(t)
	p.phone()
	p.open("/")
	// The engine is ready, as on the new game's page, which starts it while the player chooses.
	if ok := eval[bool](p, `import(new URL("engine/client.js", document.querySelector("script[type=module]").src))
		.then(m => { m.readyEngine(); return m.openEngine(); }).then(e => !!e)`); !ok {
		t.Fatal("the browser's engine did not start")
	}
	before := aiSearches(p)
	type created struct {
		ID    string `json:"id"`
		Seats []struct {
			Browser bool `json:"browser"`
		} `json:"seats"`
	}
	g := eval[created](p, `import(new URL("pages/common.js", document.querySelector("script[type=module]").src))
		.then(m => m.startGame({kind: "reversi", mode: "ai", level: 2, side: "second", options: {size: "6"}}))`)
	if len(g.Seats) != 2 || !g.Seats[0].Browser {
		t.Fatalf("the game was not created for the browser's AI: %+v", g)
	}
	start := time.Now()
	p.openGame(g.ID)
	p.waitFor(`document.querySelector(".board-host").dataset.browserAi === "sent-0"`, 8*time.Second)
	took := time.Since(start)
	v := p.view(g.ID, "")
	if v.Ply != 1 || len(v.Legal) == 0 {
		t.Fatalf("after the AI's first move: %+v", v)
	}
	// The player answers; the AI's next move comes from the browser too.
	p.settled(v.Version)
	p.clickCell(v.Legal[0])
	p.waitFor(`document.querySelector(".board-host").dataset.browserAi === "sent-2"`, 8*time.Second)
	t.Logf("the browser's first AI move came %v after the page opened", took.Round(time.Millisecond))
	if after := aiSearches(p); after != before {
		t.Errorf("the server's AI searched %d moves of a game whose AI is the browser's", after-before)
	}
	p.settled(p.view(g.ID, "").Version)
	p.screenshot(dir, fmt.Sprintf("browser-ai-%s-phone", "reversi"), 390, 844)
}
