package client

import (
	"context"
	"encoding/json"
	"net/url"

	"turncoat/api"
	"turncoat/tournament"
)

func tournamentPath(id string) string { return "/api/tournaments/" + url.PathEscape(id) }

// CreateTournament creates a tournament hosted by the caller.
func (c *Client) CreateTournament(ctx context.Context, q api.CreateTournament) (api.Tournament, error) {
	var t api.Tournament
	err := c.JSON(ctx, "POST", "/api/tournaments", q, &t)
	return t, err
}

// Tournaments lists the tournaments, the most recently updated first.
func (c *Client) Tournaments(ctx context.Context) ([]api.TournamentRow, error) {
	var out []api.TournamentRow
	err := c.JSON(ctx, "GET", "/api/tournaments", nil, &out)
	return out, err
}

// Tournament returns a tournament as the caller sees it.
func (c *Client) Tournament(ctx context.Context, id string) (api.Tournament, error) {
	var t api.Tournament
	err := c.JSON(ctx, "GET", tournamentPath(id), nil, &t)
	return t, err
}

// TournamentOp runs a player's operation (subscribe, unsubscribe, reserve: q nil) or one of the
// host's tools.
func (c *Client) TournamentOp(ctx context.Context, id, op string, q *api.HostAction) (api.OpResult, error) {
	var res api.OpResult
	var body any = struct{}{}
	if q != nil {
		body = q
	}
	err := c.JSON(ctx, "POST", tournamentPath(id)+"/"+op, body, &res)
	return res, err
}

// TournamentPost posts the caller's move (the forum's text), or with edit changes the caller's
// post of a round (0: the open one).
func (c *Client) TournamentPost(ctx context.Context, id, text string, edit bool, round int) (api.OpResult, error) {
	var res api.OpResult
	method, ctype, body := "POST", "text/plain; charset=utf-8", []byte(text)
	if edit {
		method = "PUT"
		if round != 0 {
			ctype = "application/json"
			body, _ = json.Marshal(api.Post{Text: text, Round: round})
		}
	}
	b, err := c.Do(ctx, method, tournamentPath(id)+"/posts", ctype, body)
	if err != nil {
		return res, err
	}
	err = json.Unmarshal(b, &res)
	return res, err
}

// TournamentBoards returns a tournament's boards.
func (c *Client) TournamentBoards(ctx context.Context, id string) ([]tournament.BoardInfo, error) {
	var out []tournament.BoardInfo
	err := c.JSON(ctx, "GET", tournamentPath(id)+"/boards", nil, &out)
	return out, err
}

// TournamentSummary returns a tournament's summary for the forum thread in format f (text,
// bbcode or markdown).
func (c *Client) TournamentSummary(ctx context.Context, id string, f tournament.SummaryFormat) (string, error) {
	b, err := c.Do(ctx, "GET", tournamentPath(id)+"/summary?format="+url.QueryEscape(string(f)), "", nil)
	return string(b), err
}

// TournamentStandings returns a tournament's placings.
func (c *Client) TournamentStandings(ctx context.Context, id string) ([]tournament.Placing, error) {
	var out []tournament.Placing
	err := c.JSON(ctx, "GET", tournamentPath(id)+"/standings", nil, &out)
	return out, err
}

// TournamentLedger returns a tournament's ledger of rewards.
func (c *Client) TournamentLedger(ctx context.Context, id string) (api.Ledger, error) {
	var out api.Ledger
	err := c.JSON(ctx, "GET", tournamentPath(id)+"/ledger", nil, &out)
	return out, err
}
