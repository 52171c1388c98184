package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"turncoat/domain"
	"turncoat/game"
)

// CreateGame stores a new game with its seats (and, for a rematch, links the game it follows).
func (s *Store) CreateGame(ctx context.Context, g domain.Game, jobs ...domain.Job) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if err := createGameTx(ctx, tx, g); err != nil {
			return err
		}
		if err := s.insertJobs(ctx, tx, jobs); err != nil {
			return err
		}
		if g.Status == domain.StatusOpen {
			return s.notify(ctx, tx, Notice{Game: g.ID, Lobby: true}) // a new challenge
		}
		return nil
	})
	if isConflict(err) {
		return fmt.Errorf("%w: game %s exists", domain.ErrConflict, g.ID)
	}
	return err
}

// CreateGameWithMoves stores a new game and its first change (an imported game's moves, its
// events, the jobs it calls for) in one transaction: a change that fails stores no game, where
// a game stored first and its moves then would be left empty by a crash between the two.
func (s *Store) CreateGameWithMoves(ctx context.Context, g domain.Game, c domain.Change) error {
	if c.GameID != g.ID {
		return fmt.Errorf("store: the moves of game %s name game %q", g.ID, c.GameID)
	}
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if err := createGameTx(ctx, tx, g); err != nil {
			return err
		}
		return s.commitTx(ctx, tx, c)
	})
	if isConflict(err) {
		return fmt.Errorf("%w: game %s: %v", domain.ErrConflict, g.ID, err)
	}
	return err
}

func createGameTx(ctx context.Context, tx *sql.Tx, g domain.Game) error {
	tc, _ := json.Marshal(g.Time)
	meta, _ := json.Marshal(g.Meta)
	outcome, _ := json.Marshal(g.Outcome)
	var createdBy any
	if g.CreatedBy != 0 {
		createdBy = g.CreatedBy
	}
	var rematchOf any
	if g.RematchOf != "" {
		rematchOf = g.RematchOf
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO games (id, kind, start, time_control, mode, rated, created_by, created_at, updated_at,
		status, version, ply, meta, outcome, deadline, ai_turn, rematch_of) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
		g.ID, g.Kind, g.Start, string(tc), g.Mode, boolInt(g.Rated), createdBy, nanos(g.Created), nanos(g.Created),
		g.Status, g.Version, g.Ply, string(meta), string(outcome), nullTime(g.Deadline), boolInt(g.AITurn), rematchOf); err != nil {
		return err
	}
	for side, seat := range g.Seats {
		if err := insertSeat(ctx, tx, g.ID, side, seat); err != nil {
			return err
		}
	}
	if g.RematchOf != "" {
		r, err := tx.ExecContext(ctx, `UPDATE games SET rematch = $1 WHERE id = $2 AND rematch IS NULL`, g.ID, g.RematchOf)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: game %s already has a rematch", domain.ErrConflict, g.RematchOf)
		}
	}
	return nil
}

func insertSeat(ctx context.Context, tx *sql.Tx, id string, side int, seat domain.Seat) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO seats (game_id, side, user_id, ai, invite_hash, browser) VALUES ($1, $2, $3, $4, $5, $6)`,
		id, side, nullInt(seat.UserID), nullString(seat.AI), nullString(seat.InviteHash), boolInt(seat.Browser))
	return err
}

func nullTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return nanos(t)
}

func nullInt(n int64) any {
	if n == 0 {
		return nil
	}
	return n
}

func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

const gameColumns = `g.id, g.kind, g.start, g.time_control, g.mode, g.rated, g.created_by, g.created_at, g.updated_at, g.status,
	g.version, g.ply, g.meta, g.outcome, g.deadline, g.ai_turn, g.rematch_of, g.rematch`

func scanGame(row interface{ Scan(...any) error }) (domain.Game, error) {
	var g domain.Game
	var tc, meta, outcome string
	var rated, aiTurn int
	var createdBy, deadline sql.NullInt64
	var created, updated int64
	var rematchOf, rematch sql.NullString
	err := row.Scan(&g.ID, &g.Kind, &g.Start, &tc, &g.Mode, &rated, &createdBy, &created, &updated, &g.Status,
		&g.Version, &g.Ply, &meta, &outcome, &deadline, &aiTurn, &rematchOf, &rematch)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Game{}, domain.ErrNotFound
	}
	if err != nil {
		return domain.Game{}, err
	}
	g.Rated, g.AITurn = rated != 0, aiTurn != 0
	g.CreatedBy, g.Created, g.Updated = createdBy.Int64, fromNanos(created), fromNanos(updated)
	g.Deadline = fromNanos(deadline.Int64)
	g.RematchOf, g.Rematch = rematchOf.String, rematch.String
	if err := json.Unmarshal([]byte(tc), &g.Time); err != nil {
		return domain.Game{}, fmt.Errorf("game %s: time control: %w", g.ID, err)
	}
	if err := json.Unmarshal([]byte(meta), &g.Meta); err != nil {
		return domain.Game{}, fmt.Errorf("game %s: meta: %w", g.ID, err)
	}
	if err := json.Unmarshal([]byte(outcome), &g.Outcome); err != nil {
		return domain.Game{}, fmt.Errorf("game %s: outcome: %w", g.ID, err)
	}
	return g, nil
}

// Game returns a game's row with its seats.
func (s *Store) Game(ctx context.Context, id string) (domain.Game, error) {
	g, err := scanGame(s.db.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games g WHERE g.id = $1`, id))
	if err != nil {
		return g, err
	}
	gs := []domain.Game{g}
	if err := s.fillSeats(ctx, gs); err != nil {
		return g, err
	}
	return gs[0], nil
}

// fillSeats reads the seats of the given games.
func (s *Store) fillSeats(ctx context.Context, gs []domain.Game) error {
	if len(gs) == 0 {
		return nil
	}
	idx := map[string]int{}
	args := make([]any, len(gs))
	marks := make([]string, len(gs))
	for i, g := range gs {
		idx[g.ID] = i
		args[i] = g.ID
		marks[i] = fmt.Sprintf("$%d", i+1)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT s.game_id, s.side, s.user_id, COALESCE(u.name, ''), s.ai, s.invite_hash, s.browser
		FROM seats s LEFT JOIN users u ON u.id = s.user_id WHERE s.game_id IN (`+strings.Join(marks, ",")+`)`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, name string
		var side int
		var user sql.NullInt64
		var ai, invite sql.NullString
		var browser int
		if err := rows.Scan(&id, &side, &user, &name, &ai, &invite, &browser); err != nil {
			return err
		}
		if side < 0 || side > 1 {
			continue
		}
		gs[idx[id]].Seats[side] = domain.Seat{UserID: user.Int64, UserName: name, AI: ai.String, InviteHash: invite.String, Browser: browser != 0}
	}
	return rows.Err()
}

// LoadSnapshot returns a game's row and its table's snapshot (to restore with game.Restore).
func (s *Store) LoadSnapshot(ctx context.Context, id string) (domain.Game, game.Snapshot, error) {
	g, err := s.Game(ctx, id)
	if err != nil {
		return g, game.Snapshot{}, err
	}
	snap := game.Snapshot{
		Game: g.Kind, Start: g.Start, Created: g.Created, Time: g.Time, Moves: []game.SnapshotMove{},
		Clock: g.Meta.Clock, DrawOffer: g.Meta.DrawOffer, End: g.Meta.End, Version: g.Version,
	}
	rows, err := s.db.QueryContext(ctx, `SELECT ply, move, played_at, clock_first, clock_second, nonces FROM moves WHERE game_id = $1 ORDER BY ply`, id)
	if err != nil {
		return g, snap, err
	}
	defer rows.Close()
	for rows.Next() {
		var ply int
		var m game.SnapshotMove
		var at, c0, c1 int64
		var nonces sql.NullString
		if err := rows.Scan(&ply, &m.Move, &at, &c0, &c1, &nonces); err != nil {
			return g, snap, err
		}
		if ply != len(snap.Moves)+1 {
			return g, snap, fmt.Errorf("game %s: the move log jumps to ply %d after %d", id, ply, len(snap.Moves))
		}
		m.At, m.Clock = fromNanos(at), [2]time.Duration{time.Duration(c0), time.Duration(c1)}
		if nonces.Valid {
			f, s, _ := strings.Cut(nonces.String, " ")
			m.Nonces = [2]string{f, s}
		}
		snap.Moves = append(snap.Moves, m)
	}
	if err := rows.Err(); err != nil {
		return g, snap, err
	}
	prow, err := s.db.QueryContext(ctx, `SELECT side, selection, nonce, chosen_at FROM pending WHERE game_id = $1`, id)
	if err != nil {
		return g, snap, err
	}
	defer prow.Close()
	for prow.Next() {
		var side int
		var c game.SnapshotChoice
		var at int64
		if err := prow.Scan(&side, &c.Selection, &c.Nonce, &at); err != nil {
			return g, snap, err
		}
		if side < 0 || side > 1 {
			return g, snap, fmt.Errorf("game %s: pending selection of side %d", id, side)
		}
		c.At = fromNanos(at)
		snap.Pending[side] = &c
	}
	return g, snap, prow.Err()
}

// notify tells the other instances of a change, with tx (PostgreSQL sends it at the commit).
func (s *Store) notify(ctx context.Context, tx *sql.Tx, n Notice) error {
	if !s.postgres {
		return nil
	}
	_, err := s.execTx(ctx, tx, qNotify, s.channel, n.payload())
	return err
}

// The statements of Commit, the hot path (prepared once on SQLite).
const (
	qUpdateGame    = `UPDATE games SET version = $1, ply = $2, status = $3, meta = $4, outcome = $5, deadline = $6, ai_turn = $7, updated_at = $8 WHERE id = $9 AND version = $10`
	qDeleteMoves   = `DELETE FROM moves WHERE game_id = $1 AND ply > $2`
	qInsertMove    = `INSERT INTO moves (game_id, ply, side, move, played_at, clock_first, clock_second, nonces) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`
	qDeletePending = `DELETE FROM pending WHERE game_id = $1 AND side = $2`
	qInsertPending = `INSERT INTO pending (game_id, side, selection, nonce, chosen_at) VALUES ($1, $2, $3, $4, $5)`
	qInsertEvent   = `INSERT INTO events (game_id, version, body) VALUES ($1, $2, $3)`
	qNotify        = `SELECT pg_notify($1, $2)`
)

var commitQueries = []string{qUpdateGame, qDeleteMoves, qInsertMove, qDeletePending, qInsertPending, qInsertEvent}

// Commit stores a change: the game's row, the moves played (or taken back), the pending
// selections and the events, in one transaction, and on PostgreSQL notifies the other
// instances. A change from a stale version, or for a ply already played, is ErrConflict and
// stores nothing. A change that seats a player (Seat) or makes the game's rematch (Rematch)
// does so in the same transaction, so that every instance learns of it as of a move.
func (s *Store) Commit(ctx context.Context, c domain.Change) error {
	var err error
	switch {
	case s.group != nil && (!s.postgres || s.pipelined(c)):
		err = s.group.commit(c)
	default:
		err = s.tx(ctx, func(tx *sql.Tx) error { return s.commitTx(ctx, tx, c) })
	}
	if isConflict(err) {
		return fmt.Errorf("%w: game %s: a move for that ply is already stored", domain.ErrConflict, c.GameID)
	}
	return err
}

// commitTx stores a change in tx (see Commit).
func (s *Store) commitTx(ctx context.Context, tx *sql.Tx, c domain.Change) error {
	if c.Seat != nil {
		r, err := tx.ExecContext(ctx, `UPDATE seats SET user_id = $1, invite_hash = NULL WHERE game_id = $2 AND side = $3 AND user_id IS NULL AND ai IS NULL`,
			c.Seat.UserID, c.GameID, c.Seat.Side)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: the seat is taken", domain.ErrConflict)
		}
	}
	sts, err := s.changeStatements(c)
	if err != nil {
		return err
	}
	for i, st := range sts {
		r, err := s.execTx(ctx, tx, st.query, st.args...)
		if err != nil {
			return err
		}
		if i == 0 {
			if n, _ := r.RowsAffected(); n == 0 {
				return staleChange(c)
			}
		}
	}
	if c.Rematch != nil {
		if c.Rematch.RematchOf != c.GameID {
			return fmt.Errorf("store: the rematch of game %s names game %q", c.GameID, c.Rematch.RematchOf)
		}
		if err := createGameTx(ctx, tx, *c.Rematch); err != nil {
			return err
		}
	}
	if err := s.insertJobs(ctx, tx, c.Jobs); err != nil {
		return err
	}
	if c.Rematch != nil && c.Rematch.Status == domain.StatusOpen {
		if err := s.notify(ctx, tx, Notice{Game: c.Rematch.ID, Lobby: true}); err != nil {
			return err
		}
	}
	return s.notify(ctx, tx, Notice{Game: c.GameID, Version: c.Snapshot.Version, Lobby: c.Lobby})
}

// staleChange is the error of a change made from a version the game is no longer at.
func staleChange(c domain.Change) error {
	return fmt.Errorf("%w: game %s is no longer at version %d", domain.ErrConflict, c.GameID, c.FromVersion)
}

// statement is one SQL statement and its arguments.
type statement struct {
	query string
	args  []any
}

// changeStatements returns the statements that store a change's game row (first: it must
// change one row, else the change is stale), its moves played or taken back, its pending
// selections and its events, in order.
func (s *Store) changeStatements(c domain.Change) ([]statement, error) {
	meta := domain.MetaOf(c.Snapshot)
	meta.Takeback = c.Takeback
	mb, _ := json.Marshal(meta)
	ob, _ := json.Marshal(c.Outcome)
	ply := len(c.Snapshot.Moves)
	out := make([]statement, 0, 4+ply-c.FromPly+len(c.Events))
	out = append(out, statement{qUpdateGame, []any{
		c.Snapshot.Version, ply, c.Status, string(mb), string(ob), nullTime(c.Deadline), boolInt(c.AITurn), nanos(c.Now), c.GameID, c.FromVersion}})
	if ply < c.FromPly {
		out = append(out, statement{qDeleteMoves, []any{c.GameID, ply}})
	}
	out = s.moveStatements(out, c, ply)
	for side, p := range c.Snapshot.Pending {
		if c.FromPending[side] {
			out = append(out, statement{qDeletePending, []any{c.GameID, side}})
		}
		if p != nil {
			out = append(out, statement{qInsertPending, []any{c.GameID, side, p.Selection, p.Nonce, nanos(p.At)}})
		}
	}
	return s.eventStatements(out, c)
}

// batchRows is how many rows one INSERT of a long change carries on PostgreSQL: a few
// statements for an imported game instead of one a move (it allows 65,535 parameters a
// statement). SQLite, in the process, has no round trips to save: its prepared statement a
// row is faster than binding thousands of parameters.
const batchRows = 500

// moveStatements appends the statements storing the change's new moves: one prepared
// statement a move for the few of a played move, multi-row statements for the many of an
// import.
func (s *Store) moveStatements(out []statement, c domain.Change, ply int) []statement {
	sides := sidesOf(c.Events, c.FromPly, ply)
	row := func(i int) []any {
		m := c.Snapshot.Moves[i]
		var nonces any
		if m.Nonces != [2]string{} {
			nonces = m.Nonces[0] + " " + m.Nonces[1]
		}
		return []any{c.GameID, i + 1, sides[i-c.FromPly], m.Move, nanos(m.At), int64(m.Clock[0]), int64(m.Clock[1]), nonces}
	}
	if !s.postgres || ply-c.FromPly <= 4 {
		for i := c.FromPly; i < ply; i++ {
			out = append(out, statement{qInsertMove, row(i)})
		}
		return out
	}
	return appendBatches(out, `INSERT INTO moves (game_id, ply, side, move, played_at, clock_first, clock_second, nonces) VALUES `,
		8, ply-c.FromPly, func(k int) []any { return row(c.FromPly + k) })
}

// eventStatements appends the statements storing the change's events in their public form.
func (s *Store) eventStatements(out []statement, c domain.Change) ([]statement, error) {
	bodies := make([]string, len(c.Events))
	for i, e := range c.Events {
		b, err := json.Marshal(e.For(game.NoPlayer))
		if err != nil {
			return nil, err
		}
		bodies[i] = string(b)
	}
	if !s.postgres || len(c.Events) <= 4 {
		for i, e := range c.Events {
			out = append(out, statement{qInsertEvent, []any{c.GameID, e.Version, bodies[i]}})
		}
		return out, nil
	}
	return appendBatches(out, `INSERT INTO events (game_id, version, body) VALUES `, 3, len(c.Events),
		func(k int) []any { return []any{c.GameID, c.Events[k].Version, bodies[k]} }), nil
}

// appendBatches appends the statements inserting n rows of width columns, row(k) giving the
// k-th, batchRows rows a statement.
func appendBatches(out []statement, prefix string, width, n int, row func(k int) []any) []statement {
	var q strings.Builder
	for from := 0; from < n; from += batchRows {
		to := min(from+batchRows, n)
		q.Reset()
		q.WriteString(prefix)
		args := make([]any, 0, (to-from)*width)
		for k := from; k < to; k++ {
			if k > from {
				q.WriteByte(',')
			}
			q.WriteByte('(')
			for j := range width {
				if j > 0 {
					q.WriteByte(',')
				}
				fmt.Fprintf(&q, "$%d", len(args)+j+1)
			}
			q.WriteByte(')')
			args = append(args, row(k)...)
		}
		out = append(out, statement{q.String(), args})
	}
	return out
}

// sidesOf names the side that played each new move of plies from+1 to to, from the change's
// events in one pass ("both" for a simultaneous round, or a move without its event): a change
// of thousands of moves costs as many steps, not their square.
func sidesOf(evs []game.Event, from, to int) []string {
	if to <= from {
		return nil // moves taken back: none new
	}
	sides := make([]string, to-from)
	for i := range sides {
		sides[i] = "both"
	}
	for _, e := range evs {
		if e.Kind == game.EventMove && e.Ply > from && e.Ply <= to && e.Player.Valid() {
			sides[e.Ply-from-1] = e.Player.String()
		}
	}
	return sides
}

// Events returns a game's events after a version, oldest first (at most limit).
func (s *Store) Events(ctx context.Context, id string, after int64, limit int) ([]domain.Event, error) {
	return s.events(ctx, `SELECT version, body FROM events WHERE game_id = $1 AND version > $2 ORDER BY version LIMIT $3`, id, after, limit)
}

// events reads stored events (version, body) by a query taking an id, a version and a limit.
func (s *Store) events(ctx context.Context, query, id string, after int64, limit int) ([]domain.Event, error) {
	rows, err := s.db.QueryContext(ctx, query, id, after, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Event
	for rows.Next() {
		var e domain.Event
		var body string
		if err := rows.Scan(&e.Version, &body); err != nil {
			return nil, err
		}
		e.Body = json.RawMessage(body)
		out = append(out, e)
	}
	return out, rows.Err()
}

// ListGames returns games by filter, the most recently updated first.
func (s *Store) ListGames(ctx context.Context, f domain.ListFilter) ([]domain.Game, error) {
	var where []string
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	if f.Status != "" {
		where = append(where, "g.status = "+arg(f.Status))
	}
	if f.Mode != "" {
		where = append(where, "g.mode = "+arg(f.Mode))
	}
	if f.UserID != 0 {
		where = append(where, "EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = "+arg(f.UserID)+")")
	}
	if f.OpenSeat {
		where = append(where, "EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id IS NULL AND s.ai IS NULL AND s.invite_hash IS NULL)")
	}
	if f.NeedsAttention {
		where = append(where, "g.status = "+arg(domain.StatusActive)+" AND (g.ai_turn <> 0 OR g.deadline IS NOT NULL)")
	}
	q := `SELECT ` + gameColumns + ` FROM games g`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	limit := f.Limit
	if limit <= 0 || limit > 1000 {
		limit = 100
	}
	q += " ORDER BY g.updated_at DESC LIMIT " + arg(limit)
	return s.queryGames(ctx, q, args...)
}

// queryGames reads the games a query selects (gameColumns from games g) with their seats.
func (s *Store) queryGames(ctx context.Context, q string, args ...any) ([]domain.Game, error) {
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	var out []domain.Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, s.fillSeats(ctx, out)
}

// CountGames returns the number of games of a status.
func (s *Store) CountGames(ctx context.Context, status domain.Status) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM games WHERE status = $1`, status).Scan(&n)
	return n, err
}

// CountPlaying returns the number of games of a mode in play (active) in which a user holds a
// seat.
func (s *Store) CountPlaying(ctx context.Context, userID int64, mode domain.Mode) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM games g WHERE g.status = $1 AND g.mode = $2
		AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = $3)`, domain.StatusActive, mode, userID).Scan(&n)
	return n, err
}

// AITurnGames returns, a page at a time, the games in play where an AI seat must act: those of
// ids after afterID, in id order, at most limit.
func (s *Store) AITurnGames(ctx context.Context, afterID string, limit int) ([]domain.Game, error) {
	return s.queryGames(ctx, `SELECT `+gameColumns+` FROM games g WHERE g.status = $1 AND g.ai_turn <> 0 AND g.id > $2
		ORDER BY g.id LIMIT $3`, domain.StatusActive, afterID, limit)
}
