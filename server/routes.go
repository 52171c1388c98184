package server

import (
	"net/http"
	"net/http/pprof"
	"runtime"
	"runtime/debug"

	"turncoat/domain"
	"turncoat/platform/play"
	"turncoat/platform/tourney"
	"turncoat/render"
)

// route is one endpoint of the API: a method and path pattern, and its handler, which returns
// its error for wrap to write.
type route struct {
	pattern string
	handle  func(w http.ResponseWriter, r *http.Request) error
}

// apiRoutes is the API, in one table: every endpoint under /api/.
func (s *Server) apiRoutes() []route {
	rs := []route{
		// Kinds, accounts and credentials.
		{"GET /api/kinds", s.handleKinds},
		{"POST /api/signup", s.handleSignup},
		{"POST /api/login", s.handleLogin},
		{"POST /api/logout", s.handleLogout},
		{"GET /api/me", s.handleMe},
		{"POST /api/guest", s.handleGuest},
		{"POST /api/tokens", s.handleToken},
		{"GET /api/tokens", s.handleTokens},
		{"DELETE /api/tokens/{id}", s.handleRevokeToken},
		{"POST /api/me/password", s.handleChangePassword},
		{"POST /api/me/logout-all", s.handleLogoutAll},
		{"POST /api/me/close", s.handleClose},
		{"GET /api/me/export", s.handleMyData},
		// Links mailed to an account: their pages ask first (a mail scanner opening a link
		// does nothing), then post here.
		{"POST /api/email/confirm", s.handleConfirmEmail},
		{"POST /api/password/forgot", s.handleForgot},
		{"POST /api/password/reset", s.handleReset},

		// Games: creation, lists, one game, its records and the AI's help.
		{"POST /api/games", s.handleCreate},
		{"GET /api/games", s.handleMyGames},
		{"GET /api/lobby", s.handleLobby},
		{"GET /api/games/{id}", s.handleGame},
		{"POST /api/games/{id}/join", s.handleJoin},
		{"POST /api/games/{id}/rematch", s.handleRematch},
		{"GET /api/games/{id}/events", s.handleEvents},
		{"GET /api/games/{id}/stream", s.handleStream},
		{"GET /api/games/{id}/export", s.handleExport},
		{"GET /api/games/{id}/hint", s.handleHint},
		{"GET /api/games/{id}/info", s.handleGameInfo},
		{"POST /api/games/{id}/analysis", s.handleGameAnalysis},
		{"POST /api/games/{id}/review", s.handleAskReview},
		{"GET /api/games/{id}/review", s.handleReview},
		{"POST /api/import", s.handleImport},
		{"POST /api/analyze", s.handleAnalyze},
		{"GET /api/book", s.handleBook},
		{"GET /api/trainer/openings", s.handleTrainerOpenings},
		{"POST /api/trainer/drill", s.handleTrainerDrill},
		{"GET /api/trainer/due", s.handleTrainerDue},
		{"POST /api/trainer/adopt", s.handleTrainerAdopt},
		{"GET /api/ws", s.handleWS},

		// Chat.
		{"GET /api/games/{id}/chat", s.handleChatList},
		{"POST /api/games/{id}/chat", s.handleChatPost},
		{"PUT /api/games/{id}/chat/settings", s.handleChatSeat},
		{"PUT /api/me/chat", s.handleChatOff},

		// Moderation: a player's blocks, mutes and reports; the moderators' reports, actions
		// and log.
		{"GET /api/me/blocks", s.handleBlocks},
		{"PUT /api/me/blocks/{name}", s.handleBlock(true)},
		{"DELETE /api/me/blocks/{name}", s.handleBlock(false)},
		{"GET /api/me/mutes", s.handleMutes},
		{"PUT /api/me/mutes/{name}", s.handleMute(true)},
		{"DELETE /api/me/mutes/{name}", s.handleMute(false)},
		{"POST /api/reports", s.handleReport},
		{"GET /api/moderation/reports", s.handleModReports},
		{"POST /api/moderation/actions", s.handleModAction},
		{"GET /api/moderation/log", s.handleModLog},

		// The boards' pictures. Each tournament board alone (/boards/{n}.png) shares its path
		// with the board's JSON: see handleBoard.
		{"GET /api/games/{id}/board.png", s.gameImage(render.PNG)},
		{"GET /api/games/{id}/board.svg", s.gameImage(render.SVG)},
		{"GET /api/games/{id}/game.gif", s.gameImage(render.GIF)},
		{"GET /api/tournaments/{id}/boards.png", s.sheetImage(render.PNG)},
		{"GET /api/tournaments/{id}/boards.svg", s.sheetImage(render.SVG)},

		// Notifications, mail, vacations, profiles and ratings.
		{"GET /api/notifications", s.handleNotifications},
		{"POST /api/notifications/read", s.handleMarkRead},
		{"PUT /api/me/email", s.handleEmail},
		{"GET /api/me/email", s.handleMailSettings},
		// The unsubscribe links: GET asks (a link opened by a mail scanner stops nothing), POST
		// stops the kind (the page's button, and the mail clients' one-click unsubscription of
		// RFC 8058).
		{"GET /api/mail/unsubscribe", s.handleUnsubscribe},
		{"POST /api/mail/unsubscribe", s.handleUnsubscribe},
		{"GET /api/vacation", s.handleVacationInfo},
		{"POST /api/vacation", s.handleVacation},
		{"GET /api/users/{name}", s.handleProfile},
		{"GET /api/leaderboard", s.handleLeaderboard},

		// Play-by-post tournaments.
		{"POST /api/tournaments", s.handleCreateTournament},
		{"GET /api/tournaments", s.handleListTournaments},
		{"GET /api/tournaments/{id}", s.handleTournament},
		{"POST /api/tournaments/{id}/subscribe", s.playerHandler(tourney.OpSubscribe)},
		{"POST /api/tournaments/{id}/unsubscribe", s.playerHandler(tourney.OpUnsubscribe)},
		{"POST /api/tournaments/{id}/reserve", s.playerHandler(tourney.OpReserve)},
		{"POST /api/tournaments/{id}/posts", s.handlePost},
		{"PUT /api/tournaments/{id}/posts", s.handlePost},
		{"GET /api/tournaments/{id}/boards", s.handleBoards},
		{"GET /api/tournaments/{id}/boards/{n}", s.handleBoard},
		{"GET /api/tournaments/{id}/summary", s.handleSummary},
		{"GET /api/tournaments/{id}/standings", s.handleStandings},
		{"GET /api/tournaments/{id}/ledger", s.handleLedger},
		{"GET /api/tournaments/{id}/events", s.handleTournamentEvents},

		// Puzzles.
		{"GET /api/puzzles/next", s.handlePuzzleNext},
		{"GET /api/puzzles/daily", s.handlePuzzleDaily},
		{"GET /api/puzzles/kinds", s.handlePuzzleKinds},
		{"GET /api/puzzles/me", s.handlePuzzleMe},
		{"GET /api/puzzles/{id}", s.handlePuzzle},
		{"POST /api/puzzles/{id}/attempt", s.handlePuzzleAttempt},
		{"GET /api/puzzles/{id}/board.png", s.puzzleImage(render.PNG)},
		{"GET /api/puzzles/{id}/board.svg", s.puzzleImage(render.SVG)},

		// Paired events.
		{"POST /api/events", s.handleCreateEvent},
		{"GET /api/events/{id}", s.handleEvent},
		{"POST /api/events/{id}/join", s.handleJoinEvent},
		{"POST /api/events/{id}/start", s.handleStartEvent},
	}
	// A game's commands, one endpoint each.
	for _, c := range play.Commands {
		pattern := "POST /api/games/{id}/" + c
		if c == "answer" {
			pattern = "POST /api/games/{id}/takeback/answer"
		}
		rs = append(rs, route{pattern, s.commandHandler(c)})
	}
	// A tournament host's operations.
	for _, op := range tourney.HostOps {
		rs = append(rs, route{"POST /api/tournaments/{id}/" + op, s.hostHandler(op)})
	}
	return rs
}

// routes registers everything the server serves: the API's table, the health and metrics
// endpoints, the debugging ones when asked, and the web UI's files.
func (s *Server) routes(mux *http.ServeMux) {
	for _, rt := range s.apiRoutes() {
		mux.Handle(rt.pattern, s.wrap(rt.pattern, rt.handle))
	}
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		s.writeError(w, r, domain.Errorf(domain.NotFound, "no such endpoint: %s %s", r.Method, r.URL.Path))
	})
	mux.HandleFunc("GET /healthz", s.handleHealth)
	mux.Handle("GET /metrics", s.metrics.handler())
	if s.cfg.Debug {
		mux.HandleFunc("GET /debug/pprof/", pprof.Index)
		mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
		mux.HandleFunc("POST /debug/gc", func(w http.ResponseWriter, r *http.Request) {
			runtime.GC()
			debug.FreeOSMemory()
			writeJSON(w, http.StatusOK, map[string]any{"ok": true})
		})
	}
	s.appRoutes(mux)
	s.webRoutes(mux)
}
