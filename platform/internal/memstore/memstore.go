// Package memstore is an in-memory store for the platform services' unit tests: it implements
// the ports the services declare (ratings, events, tourney, accounts, booksvc) with package
// store's semantics, so that a service's rules run in milliseconds, without SQLite, PostgreSQL
// or the job queue. What the tests lean on is kept exactly: versions and ErrConflict on a stale
// commit, ErrNotFound, names unique by their key, a game rated once, a book's row stored once,
// the foreign keys a write would break, a write that fails storing nothing, and jobs unique by
// kind and arguments, recorded so that a test can assert which jobs a change stored and then
// work them as plain calls. TestConformance runs the same calls on SQLite and on this store.
//
// It lives under platform/internal because it is made of the domain's rows: only the services'
// tests use it, and the program never does.
package memstore

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"turncoat/domain"
	"turncoat/game"
	"turncoat/rating"
)

// Store is the in-memory store. Its zero value is not ready: use New.
type Store struct {
	mu sync.Mutex

	users     map[int64]*user
	userKeys  map[string]int64
	nextUser  int64
	sessions  map[string]session
	tokens    map[string]token
	tokenIDs  map[string]string // token id -> hash (ids are unique, as the index says)
	games     map[string]*gameRow
	ratings   map[ratingKey]domain.Rating
	rated     map[string][]domain.RatingChange
	events    map[string]domain.PairedEvent
	eventOf   map[string]string // game -> event
	tours     map[string]*tourRow
	book      []domain.BookGame
	reviews   map[string]domain.GameReview
	jobs      []domain.Job
	jobKeys   map[string]bool
	taken     int // jobs handed to TakeJobs so far
	duplicate int

	mails map[int64]*mailSet
	links map[string]domain.AccountLink
	held  map[string]time.Time

	failures map[string]error
	calls    map[string]int
}

type user struct {
	u    domain.User
	hash string
}

type session struct {
	user             int64
	expires, created time.Time
}

type token struct {
	user int64
	t    domain.APIToken
}

type gameRow struct {
	g     domain.Game
	moves []game.SnapshotMove
}

type ratingKey struct {
	user    int64
	variant string
}

type tourRow struct {
	t          domain.Tournament
	checkpoint json.RawMessage
	ops        []domain.TournamentOp
	events     []domain.Event
}

// New returns an empty store.
func New() *Store {
	return &Store{
		users: map[int64]*user{}, userKeys: map[string]int64{}, sessions: map[string]session{}, tokens: map[string]token{},
		tokenIDs: map[string]string{}, games: map[string]*gameRow{}, ratings: map[ratingKey]domain.Rating{},
		rated: map[string][]domain.RatingChange{}, events: map[string]domain.PairedEvent{}, eventOf: map[string]string{},
		tours: map[string]*tourRow{}, reviews: map[string]domain.GameReview{}, jobKeys: map[string]bool{}, failures: map[string]error{}, calls: map[string]int{},
	}
}

// FailNext makes the next call of the named method (its Go name: "RateGame") return err and
// store nothing, as a database that is down or a transaction that failed would.
func (s *Store) FailNext(method string, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failures[method] = err
}

// Calls returns how many times the named method was called (failures included).
func (s *Store) Calls(method string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls[method]
}

// enter counts a call of method and returns the failure FailNext set for it, if any. The caller
// holds s.mu.
func (s *Store) enter(method string) error {
	s.calls[method]++
	if err, ok := s.failures[method]; ok {
		delete(s.failures, method)
		return err
	}
	return nil
}

// norm is a time as the store gives it back: UTC nanoseconds, zero kept zero.
func norm(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return time.Unix(0, t.UnixNano()).UTC()
}

func clone(b []byte) []byte {
	if b == nil {
		return nil
	}
	return bytes.Clone(b)
}

// errForeignKey is what a write referring to a row that does not exist gets: the database's
// constraint error, neither ErrConflict nor ErrNotFound.
func errForeignKey(format string, args ...any) error {
	return fmt.Errorf("memstore: foreign key: "+format, args...)
}

// Jobs.

// jobKey is what makes a job unique in the queue: its kind and its arguments as JSON (River's
// unique insert by arguments).
func jobKey(j domain.Job) (string, error) {
	b, err := json.Marshal(j.Args)
	if err != nil {
		return "", err
	}
	return j.Args.Kind() + " " + string(b), nil
}

// checkJobs checks that jobs can be stored (their arguments encode). The caller holds s.mu.
func checkJobs(jobs []domain.Job) error {
	for _, j := range jobs {
		if j.Args == nil {
			return errors.New("memstore: a job without arguments")
		}
		if _, err := jobKey(j); err != nil {
			return fmt.Errorf("memstore: job %s: %w", j.Args.Kind(), err)
		}
	}
	return nil
}

// addJobs stores jobs checked by checkJobs, dropping those of a kind and arguments already
// stored (waiting or worked: River keeps completed unique jobs, and drops their duplicates). The
// caller holds s.mu.
func (s *Store) addJobs(jobs []domain.Job) {
	for _, j := range jobs {
		k, _ := jobKey(j)
		if s.jobKeys[k] {
			s.duplicate++
			continue
		}
		s.jobKeys[k] = true
		j.At = norm(j.At)
		s.jobs = append(s.jobs, j)
	}
}

// InsertJobs stores jobs outside any change (a job a program inserts on its own), with the same
// uniqueness.
func (s *Store) InsertJobs(jobs ...domain.Job) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := checkJobs(jobs); err != nil {
		return err
	}
	s.addJobs(jobs)
	return nil
}

// Jobs returns every job stored, in the order stored (duplicates dropped).
func (s *Store) Jobs() []domain.Job {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.jobs)
}

// TakeJobs returns the jobs stored since the last TakeJobs, in order: what the queue's workers
// would pick up next. Taken jobs stay unique: storing one again is still dropped.
func (s *Store) TakeJobs() []domain.Job {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := slices.Clone(s.jobs[s.taken:])
	s.taken = len(s.jobs)
	return out
}

// Duplicates returns how many jobs were dropped as duplicates of a stored one.
func (s *Store) Duplicates() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.duplicate
}

// ArgsOf returns the arguments of the jobs of T's kind among jobs, each decoded from its JSON as
// the queue's worker receives it (River stores arguments as JSON): a field that does not survive
// the round trip is lost here as it would be in production.
func ArgsOf[T domain.JobArgs](jobs []domain.Job) []T {
	var zero T
	var out []T
	for _, j := range jobs {
		if j.Args.Kind() != zero.Kind() {
			continue
		}
		b, err := json.Marshal(j.Args)
		if err != nil {
			panic(err)
		}
		var a T
		if err := json.Unmarshal(b, &a); err != nil {
			panic(err)
		}
		out = append(out, a)
	}
	return out
}

// Users, sessions, tokens.

// AddUser adds a registered user (or a guest when passHash is empty) for a test's setting: the
// same as CreateUser, failing the test's way (a panic) on a name taken.
func (s *Store) AddUser(name, passHash string, now time.Time) domain.User {
	u, err := s.CreateUser(context.Background(), name, passHash, passHash == "", now)
	if err != nil {
		panic(err)
	}
	return u
}

// CreateUser adds a user; passHash is empty for a guest. A name already taken is ErrConflict.
func (s *Store) CreateUser(ctx context.Context, name, passHash string, guest bool, now time.Time) (domain.User, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("CreateUser"); err != nil {
		return domain.User{}, err
	}
	key := domain.NameKey(name)
	if _, ok := s.userKeys[key]; ok {
		return domain.User{}, fmt.Errorf("%w: the name %q is taken", domain.ErrConflict, name)
	}
	s.nextUser++
	u := domain.User{ID: s.nextUser, Name: name, Guest: guest, Created: norm(now)}
	s.users[u.ID] = &user{u: u, hash: passHash}
	s.userKeys[key] = u.ID
	return u, nil
}

// UserByName returns the user of a name and its password hash ("" for a guest).
func (s *Store) UserByName(ctx context.Context, name string) (domain.User, string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("UserByName"); err != nil {
		return domain.User{}, "", err
	}
	id, ok := s.userKeys[domain.NameKey(name)]
	if !ok {
		return domain.User{}, "", domain.ErrNotFound
	}
	u := s.users[id]
	return u.u, u.hash, nil
}

// UserByID returns a user.
func (s *Store) UserByID(ctx context.Context, id int64) (domain.User, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("UserByID"); err != nil {
		return domain.User{}, err
	}
	u, ok := s.users[id]
	if !ok {
		return domain.User{}, domain.ErrNotFound
	}
	return u.u, nil
}

// UserIDs returns the ids of the users of the given names (names without a user are left out).
func (s *Store) UserIDs(ctx context.Context, names []string) (map[string]int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("UserIDs"); err != nil {
		return nil, err
	}
	out := map[string]int64{}
	for _, n := range names {
		if id, ok := s.userKeys[domain.NameKey(n)]; ok {
			out[n] = id
		}
	}
	return out, nil
}

// SetPassword turns a guest into a registered user with a name and password (or changes them).
func (s *Store) SetPassword(ctx context.Context, id int64, name, passHash string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("SetPassword"); err != nil {
		return err
	}
	u, ok := s.users[id]
	if !ok {
		return domain.ErrNotFound
	}
	key := domain.NameKey(name)
	if other, ok := s.userKeys[key]; ok && other != id {
		return fmt.Errorf("%w: the name %q is taken", domain.ErrConflict, name)
	}
	delete(s.userKeys, domain.NameKey(u.u.Name))
	s.userKeys[key] = id
	u.u.Name, u.u.Guest, u.hash = name, false, passHash
	return nil
}

// PasswordHash returns the stored password hash of a user ("" for none), for a test to check
// what is kept.
func (s *Store) PasswordHash(id int64) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if u, ok := s.users[id]; ok {
		return u.hash
	}
	return ""
}

// CreateSession stores a session by the hash of its token (never the token itself).
func (s *Store) CreateSession(ctx context.Context, tokenHash string, userID int64, expires, now time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("CreateSession"); err != nil {
		return err
	}
	if _, ok := s.users[userID]; !ok {
		return errForeignKey("session of user %d", userID)
	}
	if _, ok := s.sessions[tokenHash]; ok {
		return errors.New("memstore: unique: a session of that hash exists")
	}
	s.sessions[tokenHash] = session{user: userID, expires: norm(expires), created: norm(now)}
	return nil
}

// SessionByHash returns the user of a session and when it expires, expired or not (the caller
// tells an expired session from an unknown one).
func (s *Store) SessionByHash(ctx context.Context, tokenHash string) (domain.User, time.Time, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("SessionByHash"); err != nil {
		return domain.User{}, time.Time{}, err
	}
	se, ok := s.sessions[tokenHash]
	if !ok {
		return domain.User{}, time.Time{}, domain.ErrNotFound
	}
	return s.users[se.user].u, se.expires, nil
}

// SessionHashes returns the hashes of the stored sessions, for a test to check what is kept.
func (s *Store) SessionHashes() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]string, 0, len(s.sessions))
	for h := range s.sessions {
		out = append(out, h)
	}
	slices.Sort(out)
	return out
}

// EndSession deletes a session.
func (s *Store) EndSession(ctx context.Context, tokenHash string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("EndSession"); err != nil {
		return err
	}
	delete(s.sessions, tokenHash)
	return nil
}

// EndUserSessions deletes every session of a user and returns their hashes.
func (s *Store) EndUserSessions(ctx context.Context, userID int64) ([]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("EndUserSessions"); err != nil {
		return nil, err
	}
	var out []string
	for h, se := range s.sessions {
		if se.user == userID {
			out = append(out, h)
			delete(s.sessions, h)
		}
	}
	slices.Sort(out)
	return out, nil
}

// CreateAPIToken stores a bearer token of a user by its hash, unless the user already holds
// limit tokens that have not expired (ErrLimit).
func (s *Store) CreateAPIToken(ctx context.Context, userID int64, tokenHash string, t domain.APIToken, limit int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("CreateAPIToken"); err != nil {
		return err
	}
	if _, ok := s.users[userID]; !ok {
		return errForeignKey("API token of user %d", userID)
	}
	n := 0
	for _, x := range s.tokens {
		if x.user == userID && (x.t.Expires.IsZero() || x.t.Expires.After(t.Created)) {
			n++
		}
	}
	if n >= limit {
		return fmt.Errorf("%w: %d API tokens", domain.ErrLimit, n)
	}
	if _, ok := s.tokens[tokenHash]; ok {
		return errors.New("memstore: unique: an API token of that hash exists")
	}
	if _, ok := s.tokenIDs[t.ID]; ok {
		return errors.New("memstore: unique: an API token of that id exists")
	}
	t.Created, t.Expires = norm(t.Created), norm(t.Expires)
	s.tokens[tokenHash] = token{user: userID, t: t}
	s.tokenIDs[t.ID] = tokenHash
	return nil
}

// APITokenUser returns the user of a bearer token and the token (expired or not: the caller
// tells an expired token from an unknown one).
func (s *Store) APITokenUser(ctx context.Context, tokenHash string) (domain.User, domain.APIToken, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("APITokenUser"); err != nil {
		return domain.User{}, domain.APIToken{}, err
	}
	x, ok := s.tokens[tokenHash]
	if !ok {
		return domain.User{}, domain.APIToken{}, domain.ErrNotFound
	}
	return s.users[x.user].u, x.t, nil
}

// APITokens lists a user's tokens, the oldest first.
func (s *Store) APITokens(ctx context.Context, userID int64) ([]domain.APIToken, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("APITokens"); err != nil {
		return nil, err
	}
	out := []domain.APIToken{}
	for _, x := range s.tokens {
		if x.user == userID {
			out = append(out, x.t)
		}
	}
	slices.SortFunc(out, func(a, b domain.APIToken) int {
		if c := a.Created.Compare(b.Created); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out, nil
}

// DeleteAPIToken revokes a user's token by its id and returns its hash; ErrNotFound when the
// user has no such token.
func (s *Store) DeleteAPIToken(ctx context.Context, userID int64, id string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("DeleteAPIToken"); err != nil {
		return "", err
	}
	h, ok := s.tokenIDs[id]
	if !ok || s.tokens[h].user != userID {
		return "", fmt.Errorf("%w: no API token %q", domain.ErrNotFound, id)
	}
	delete(s.tokens, h)
	delete(s.tokenIDs, id)
	return h, nil
}

// DeleteAPITokenByHash revokes the token of a hash (its bearer logs out).
func (s *Store) DeleteAPITokenByHash(ctx context.Context, tokenHash string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("DeleteAPITokenByHash"); err != nil {
		return err
	}
	if x, ok := s.tokens[tokenHash]; ok {
		delete(s.tokenIDs, x.t.ID)
		delete(s.tokens, tokenHash)
	}
	return nil
}

// DeleteExpiredCredentials removes the sessions that expired before now, and the API tokens that
// expired more than keep before now.
func (s *Store) DeleteExpiredCredentials(ctx context.Context, now time.Time, keep time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("DeleteExpiredCredentials"); err != nil {
		return err
	}
	now = norm(now)
	for h, se := range s.sessions {
		if !se.expires.After(now) {
			delete(s.sessions, h)
		}
	}
	for h, x := range s.tokens {
		if !x.t.Expires.IsZero() && !x.t.Expires.After(now.Add(-keep)) {
			delete(s.tokenIDs, x.t.ID)
			delete(s.tokens, h)
		}
	}
	return nil
}

// Games.

// CreateGame stores a new game with its seats; an id taken is ErrConflict. jobs are stored with
// it.
func (s *Store) CreateGame(ctx context.Context, g domain.Game, jobs ...domain.Job) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("CreateGame"); err != nil {
		return err
	}
	if _, ok := s.games[g.ID]; ok {
		return fmt.Errorf("%w: game %s exists", domain.ErrConflict, g.ID)
	}
	if g.CreatedBy != 0 && s.users[g.CreatedBy] == nil {
		return errForeignKey("game %s created by user %d", g.ID, g.CreatedBy)
	}
	for _, seat := range g.Seats {
		if seat.UserID != 0 && s.users[seat.UserID] == nil {
			return errForeignKey("game %s seats user %d", g.ID, seat.UserID)
		}
	}
	if err := checkJobs(jobs); err != nil {
		return err
	}
	g.Created = norm(g.Created)
	g.Updated, g.Deadline = g.Created, norm(g.Deadline)
	for i := range g.Seats {
		g.Seats[i].UserName = ""
	}
	s.games[g.ID] = &gameRow{g: g}
	s.addJobs(jobs)
	return nil
}

// seatNames fills in a game's seats' names from the users, as the store's join does. The
// caller holds s.mu.
func (s *Store) seatNames(g domain.Game) domain.Game {
	for i, seat := range g.Seats {
		g.Seats[i].UserName = ""
		if u, ok := s.users[seat.UserID]; ok {
			g.Seats[i].UserName = u.u.Name
		}
	}
	return g
}

// Game returns a game's row with its seats.
func (s *Store) Game(ctx context.Context, id string) (domain.Game, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("Game"); err != nil {
		return domain.Game{}, err
	}
	r, ok := s.games[id]
	if !ok {
		return domain.Game{}, domain.ErrNotFound
	}
	return s.seatNames(r.g), nil
}

// LoadSnapshot returns a game's row and its table's snapshot (to restore with game.Restore).
func (s *Store) LoadSnapshot(ctx context.Context, id string) (domain.Game, game.Snapshot, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("LoadSnapshot"); err != nil {
		return domain.Game{}, game.Snapshot{}, err
	}
	r, ok := s.games[id]
	if !ok {
		return domain.Game{}, game.Snapshot{}, domain.ErrNotFound
	}
	g := s.seatNames(r.g)
	snap := game.Snapshot{Game: g.Kind, Start: g.Start, Created: g.Created, Time: g.Time, Moves: slices.Clone(r.moves),
		Clock: g.Meta.Clock, DrawOffer: g.Meta.DrawOffer, End: g.Meta.End, Version: g.Version}
	if snap.Moves == nil {
		snap.Moves = []game.SnapshotMove{}
	}
	return g, snap, nil
}

// UpdateGame changes a stored game's row with f, and sets its move log when moves are given
// (in notation, one a ply): a test's stand-in for the game service's commits (a game played to
// its end). The version goes up by one.
func (s *Store) UpdateGame(id string, f func(g *domain.Game), moves ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.games[id]
	if !ok {
		panic("memstore: no game " + id)
	}
	if f != nil {
		f(&r.g)
	}
	r.g.Version++
	if moves != nil {
		r.moves = r.moves[:0]
		for _, m := range moves {
			r.moves = append(r.moves, game.SnapshotMove{Move: m, At: r.g.Updated})
		}
		r.g.Ply = len(r.moves)
	}
}

// Ratings.

// RateGame updates, once per game, the ratings in variant of the two users who played gameID:
// update gets their ratings before the game (rating.New() for a first game in the variant) and
// returns them after, or nil to record the game as seen without rating it. A game already rated
// changes nothing: applied is false. A failure (update's error, an invalid rating) stores
// nothing, the game's record included.
func (s *Store) RateGame(ctx context.Context, gameID, variant string, users [2]int64, now time.Time,
	update func(before [2]rating.Rating) (*[2]rating.Rating, error)) ([]domain.RatingChange, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("RateGame"); err != nil {
		return nil, false, err
	}
	if users[0] == 0 || users[1] == 0 || users[0] == users[1] {
		return nil, false, fmt.Errorf("memstore: rating game %s: two different users are needed", gameID)
	}
	if _, ok := s.rated[gameID]; ok {
		return nil, false, nil
	}
	if s.games[gameID] == nil {
		return nil, false, errForeignKey("rating unknown game %s", gameID)
	}
	now = norm(now)
	var before [2]rating.Rating
	rows := [2]domain.Rating{}
	for i, u := range users {
		if s.users[u] == nil {
			return nil, false, errForeignKey("rating of user %d", u)
		}
		r, ok := s.ratings[ratingKey{u, variant}]
		if !ok {
			r = domain.Rating{UserID: u, Variant: variant, Rating: rating.New(), Updated: now}
		}
		rows[i], before[i] = r, r.Rating
	}
	after, err := update(before)
	if err != nil {
		return nil, false, err
	}
	var changes []domain.RatingChange
	if after != nil {
		for i, u := range users {
			if err := after[i].Validate(); err != nil {
				return nil, false, fmt.Errorf("memstore: rating game %s: %w", gameID, err)
			}
			changes = append(changes, domain.RatingChange{UserID: u, Before: before[i], After: after[i]})
		}
	}
	// The transaction commits: the players' rows exist from now on (a game recorded unrated
	// leaves them at no games), and the game is rated.
	for i, u := range users {
		r := rows[i]
		if after != nil {
			r.Rating, r.Games, r.Updated = after[i], r.Games+1, now
		}
		s.ratings[ratingKey{u, variant}] = r
	}
	s.rated[gameID] = slices.Clone(changes)
	return changes, true, nil
}

// GameRated reports whether a game's ratings update is stored, and its changes (none for a game
// recorded unrated).
func (s *Store) GameRated(gameID string) ([]domain.RatingChange, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.rated[gameID]
	return slices.Clone(c), ok
}

// ratingsWhere returns the ratings of players with a rated game that keep says to. The caller
// holds s.mu.
func (s *Store) ratingsWhere(keep func(domain.Rating) bool) []domain.Rating {
	var out []domain.Rating
	for _, r := range s.ratings {
		if r.Games > 0 && keep(r) {
			r.UserName = s.users[r.UserID].u.Name
			out = append(out, r)
		}
	}
	return out
}

// Ratings returns a user's ratings, one per variant played, the most played first.
func (s *Store) Ratings(ctx context.Context, userID int64) ([]domain.Rating, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("Ratings"); err != nil {
		return nil, err
	}
	out := s.ratingsWhere(func(r domain.Rating) bool { return r.UserID == userID })
	slices.SortFunc(out, func(a, b domain.Rating) int {
		if a.Games != b.Games {
			return b.Games - a.Games
		}
		return strings.Compare(a.Variant, b.Variant)
	})
	return out, nil
}

// Leaderboard returns the best ratings of a variant, highest first (ties: the smaller deviation,
// then the name), of players with at least one rated game.
func (s *Store) Leaderboard(ctx context.Context, variant string, limit int) ([]domain.Rating, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("Leaderboard"); err != nil {
		return nil, err
	}
	if limit <= 0 || limit > 1000 {
		limit = 100
	}
	out := s.ratingsWhere(func(r domain.Rating) bool { return r.Variant == variant })
	slices.SortFunc(out, func(a, b domain.Rating) int {
		switch {
		case a.Rating.Rating != b.Rating.Rating:
			if a.Rating.Rating > b.Rating.Rating {
				return -1
			}
			return 1
		case a.Deviation != b.Deviation:
			if a.Deviation < b.Deviation {
				return -1
			}
			return 1
		}
		return strings.Compare(domain.NameKey(a.UserName), domain.NameKey(b.UserName))
	})
	return out[:min(limit, len(out))], nil
}

// Paired events.

// CreatePairedEvent stores a new paired event. An id already taken is ErrConflict.
func (s *Store) CreatePairedEvent(ctx context.Context, e domain.PairedEvent) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("CreatePairedEvent"); err != nil {
		return err
	}
	if _, ok := s.events[e.ID]; ok {
		return fmt.Errorf("%w: event %s exists", domain.ErrConflict, e.ID)
	}
	if s.users[e.HostID] == nil {
		return errForeignKey("event %s hosted by user %d", e.ID, e.HostID)
	}
	e.State, e.Created = clone(e.State), norm(e.Created)
	e.Updated = e.Created
	s.events[e.ID] = e
	return nil
}

// PairedEventByID returns a paired event, or ErrNotFound.
func (s *Store) PairedEventByID(ctx context.Context, id string) (domain.PairedEvent, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("PairedEventByID"); err != nil {
		return domain.PairedEvent{}, err
	}
	e, ok := s.events[id]
	if !ok {
		return domain.PairedEvent{}, fmt.Errorf("%w: event %s", domain.ErrNotFound, id)
	}
	e.State = clone(e.State)
	return e, nil
}

// SavePairedEvent stores e's new state (at e.Version) over the one at fromVersion, and maps
// games (new games of the event) to it. A save from a stale version is ErrConflict and stores
// nothing; so does a game mapped already (the store's key refuses it), with another error.
func (s *Store) SavePairedEvent(ctx context.Context, e domain.PairedEvent, fromVersion int64, games []string, now time.Time, jobs ...domain.Job) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("SavePairedEvent"); err != nil {
		return err
	}
	if e.Version <= fromVersion {
		return fmt.Errorf("event %s: version %d after %d", e.ID, e.Version, fromVersion)
	}
	cur, ok := s.events[e.ID]
	if !ok || cur.Version != fromVersion {
		return fmt.Errorf("%w: event %s is no longer at version %d", domain.ErrConflict, e.ID, fromVersion)
	}
	for i, g := range games {
		if _, taken := s.eventOf[g]; taken || slices.Contains(games[:i], g) {
			return fmt.Errorf("memstore: unique: game %s belongs to an event already", g)
		}
	}
	if err := checkJobs(jobs); err != nil {
		return err
	}
	cur.Version, cur.State, cur.Updated, cur.Status = e.Version, clone(e.State), norm(now), e.Status
	s.events[e.ID] = cur
	for _, g := range games {
		s.eventOf[g] = e.ID
	}
	s.addJobs(jobs)
	return nil
}

// PairedEventOfGame returns the id of the event that created game, or ErrNotFound.
func (s *Store) PairedEventOfGame(ctx context.Context, game string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("PairedEventOfGame"); err != nil {
		return "", err
	}
	id, ok := s.eventOf[game]
	if !ok {
		return "", fmt.Errorf("%w: game %s belongs to no event", domain.ErrNotFound, game)
	}
	return id, nil
}

// Tournaments.

// CreateTournament stores a new tournament: its row, its first checkpoint (at t.Version) and
// the events of its creation. An id already taken is ErrConflict.
func (s *Store) CreateTournament(ctx context.Context, t domain.Tournament, checkpoint json.RawMessage, events []domain.Event, jobs ...domain.Job) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("CreateTournament"); err != nil {
		return err
	}
	if _, ok := s.tours[t.ID]; ok {
		return fmt.Errorf("%w: tournament %s exists", domain.ErrConflict, t.ID)
	}
	if s.users[t.HostID] == nil {
		return errForeignKey("tournament %s hosted by user %d", t.ID, t.HostID)
	}
	if err := uniqueEvents(nil, events); err != nil {
		return err
	}
	if err := checkJobs(jobs); err != nil {
		return err
	}
	t.HostName, t.CheckpointVersion = "", t.Version
	t.Created, t.NextDeadline = norm(t.Created), norm(t.NextDeadline)
	t.Updated = t.Created
	s.tours[t.ID] = &tourRow{t: t, checkpoint: clone(checkpoint), events: cloneEvents(events)}
	s.addJobs(jobs)
	return nil
}

func cloneEvents(evs []domain.Event) []domain.Event {
	out := make([]domain.Event, len(evs))
	for i, e := range evs {
		out[i] = domain.Event{Version: e.Version, Body: clone(e.Body)}
	}
	return out
}

// uniqueEvents refuses events whose versions are stored already, or given twice (the store's
// key is the tournament and the version).
func uniqueEvents(stored, fresh []domain.Event) error {
	seen := map[int64]bool{}
	for _, e := range stored {
		seen[e.Version] = true
	}
	for _, e := range fresh {
		if seen[e.Version] {
			return fmt.Errorf("memstore: unique: a tournament event at version %d exists", e.Version)
		}
		seen[e.Version] = true
	}
	return nil
}

// CommitTournament stores one operation's change: the row, the operation, its events and, if
// given, a new checkpoint. A change from a stale version is ErrConflict and stores nothing.
func (s *Store) CommitTournament(ctx context.Context, c domain.TournamentChange) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("CommitTournament"); err != nil {
		return err
	}
	if c.Version <= c.FromVersion {
		return fmt.Errorf("memstore: tournament %s: version %d after %d", c.ID, c.Version, c.FromVersion)
	}
	r, ok := s.tours[c.ID]
	if !ok || r.t.Version != c.FromVersion {
		return fmt.Errorf("%w: tournament %s is no longer at version %d", domain.ErrConflict, c.ID, c.FromVersion)
	}
	for _, op := range r.ops {
		if op.Version == c.Version {
			return fmt.Errorf("%w: tournament %s: version %d is already stored", domain.ErrConflict, c.ID, c.Version)
		}
	}
	if err := uniqueEvents(r.events, c.Events); err != nil {
		return err
	}
	if err := checkJobs(c.Jobs); err != nil {
		return err
	}
	r.t.Version, r.t.Phase, r.t.NextDeadline, r.t.Updated = c.Version, c.Phase, norm(c.NextDeadline), norm(c.Now)
	if c.Checkpoint != nil {
		r.checkpoint, r.t.CheckpointVersion = clone(c.Checkpoint), c.Version
	}
	r.ops = append(r.ops, domain.TournamentOp{FromVersion: c.FromVersion, Version: c.Version, Body: clone(c.Op)})
	r.events = append(r.events, cloneEvents(c.Events)...)
	s.addJobs(c.Jobs)
	return nil
}

// tourWithHost is a tournament's row with its host's name, as the store's join gives it. The
// caller holds s.mu.
func (s *Store) tourWithHost(t domain.Tournament) domain.Tournament {
	t.HostName = ""
	if u, ok := s.users[t.HostID]; ok {
		t.HostName = u.u.Name
	}
	return t
}

// LoadTournament returns a tournament's row, its checkpoint, and the operations stored after the
// checkpoint, oldest first.
func (s *Store) LoadTournament(ctx context.Context, id string) (domain.Tournament, json.RawMessage, []domain.TournamentOp, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("LoadTournament"); err != nil {
		return domain.Tournament{}, nil, nil, err
	}
	r, ok := s.tours[id]
	if !ok {
		return domain.Tournament{}, nil, nil, domain.ErrNotFound
	}
	var ops []domain.TournamentOp
	for _, op := range r.ops {
		if op.Version > r.t.CheckpointVersion {
			ops = append(ops, domain.TournamentOp{FromVersion: op.FromVersion, Version: op.Version, Body: clone(op.Body)})
		}
	}
	return s.tourWithHost(r.t), clone(r.checkpoint), ops, nil
}

// TournamentOps returns every operation stored for a tournament, checkpointed or not, oldest
// first, for a test to check what was logged.
func (s *Store) TournamentOps(id string) []domain.TournamentOp {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r, ok := s.tours[id]; ok {
		return slices.Clone(r.ops)
	}
	return nil
}

// TournamentVersion returns a tournament's stored version.
func (s *Store) TournamentVersion(ctx context.Context, id string) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("TournamentVersion"); err != nil {
		return 0, err
	}
	r, ok := s.tours[id]
	if !ok {
		return 0, domain.ErrNotFound
	}
	return r.t.Version, nil
}

// TournamentEvents returns a tournament's events after a version, oldest first (at most limit).
func (s *Store) TournamentEvents(ctx context.Context, id string, after int64, limit int) ([]domain.Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("TournamentEvents"); err != nil {
		return nil, err
	}
	r, ok := s.tours[id]
	if !ok {
		return nil, nil
	}
	var out []domain.Event
	for _, e := range r.events {
		if e.Version > after {
			out = append(out, domain.Event{Version: e.Version, Body: clone(e.Body)})
		}
	}
	slices.SortFunc(out, func(a, b domain.Event) int { return int(a.Version - b.Version) })
	return out[:min(max(limit, 0), len(out))], nil
}

// ListTournaments returns tournaments by filter, the most recently updated first.
func (s *Store) ListTournaments(ctx context.Context, f domain.TournamentFilter) ([]domain.Tournament, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("ListTournaments"); err != nil {
		return nil, err
	}
	var out []domain.Tournament
	for _, r := range s.tours {
		if f.Phase != "" && r.t.Phase != f.Phase || f.Due && r.t.NextDeadline.IsZero() {
			continue
		}
		out = append(out, s.tourWithHost(r.t))
	}
	slices.SortFunc(out, func(a, b domain.Tournament) int {
		if c := b.Updated.Compare(a.Updated); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	limit := f.Limit
	if limit <= 0 || limit > 10000 {
		limit = 100
	}
	return out[:min(limit, len(out))], nil
}

// The games' reviews.

// AskReview stores the asking of a game's review with its job, unless the game has a review
// of the same moves that has not failed: then it returns that one and stores nothing.
func (s *Store) AskReview(ctx context.Context, r domain.GameReview, job func(domain.GameReview) domain.Job) (domain.GameReview, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("AskReview"); err != nil {
		return domain.GameReview{}, err
	}
	old, ok := s.reviews[r.GameID]
	if ok && old.Plies == r.Plies && old.State != domain.ReviewFailed {
		return cloneReview(old), nil
	}
	if ok {
		r.Attempt = old.Attempt + 1
	}
	r.Done, r.Result, r.Error = 0, nil, ""
	r.Asked = norm(r.Asked)
	r.Updated = r.Asked
	j := []domain.Job{job(r)}
	if err := checkJobs(j); err != nil {
		return domain.GameReview{}, err
	}
	s.reviews[r.GameID] = r
	s.addJobs(j)
	return cloneReview(r), nil
}

// GameReview returns a game's review: ErrNotFound when none was asked.
func (s *Store) GameReview(ctx context.Context, gameID string) (domain.GameReview, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("GameReview"); err != nil {
		return domain.GameReview{}, err
	}
	r, ok := s.reviews[gameID]
	if !ok {
		return domain.GameReview{GameID: gameID}, domain.ErrNotFound
	}
	return cloneReview(r), nil
}

// UpdateReview stores a review's state, progress, result or error while the stored review is
// of the same moves and attempt: ErrConflict when it is not.
func (s *Store) UpdateReview(ctx context.Context, r domain.GameReview) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("UpdateReview"); err != nil {
		return err
	}
	old, ok := s.reviews[r.GameID]
	if !ok || old.Plies != r.Plies || old.Attempt != r.Attempt {
		return domain.ErrConflict
	}
	old.State, old.Done, old.Total, old.Result, old.Error, old.Updated = r.State, r.Done, r.Total, clone(r.Result), r.Error, norm(r.Updated)
	s.reviews[r.GameID] = old
	return nil
}

func cloneReview(r domain.GameReview) domain.GameReview {
	r.Result = clone(r.Result)
	return r
}

// The opening book.

// AddBookGame stores what the book made of a finished game, once: ErrConflict when the game
// has its row already.
func (s *Store) AddBookGame(ctx context.Context, g domain.BookGame) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("AddBookGame"); err != nil {
		return err
	}
	for _, b := range s.book {
		if b.GameID == g.GameID {
			return domain.ErrConflict
		}
	}
	g.Seq = int64(len(s.book)) + 1
	g.Part, g.Learned = clone(g.Part), norm(g.Learned)
	s.book = append(s.book, g)
	return nil
}

// BookGame returns the book's row of a game: ErrNotFound when the book has not seen it.
func (s *Store) BookGame(ctx context.Context, gameID string) (domain.BookGame, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("BookGame"); err != nil {
		return domain.BookGame{GameID: gameID}, err
	}
	for _, b := range s.book {
		if b.GameID == gameID {
			b.Part = clone(b.Part)
			return b, nil
		}
	}
	return domain.BookGame{GameID: gameID}, domain.ErrNotFound
}

// BookGames returns the learned games (those with a part) whose seq is above after, in seq
// order, at most limit (1 to 10000).
func (s *Store) BookGames(ctx context.Context, after int64, limit int) ([]domain.BookGame, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("BookGames"); err != nil {
		return nil, err
	}
	if limit <= 0 || limit > 10000 {
		limit = 1000
	}
	var out []domain.BookGame
	for _, b := range s.book {
		if b.Seq > after && b.Part != nil && len(out) < limit {
			b.Part = clone(b.Part)
			out = append(out, b)
		}
	}
	return out, nil
}

// Accounts people keep: mail settings, mailed links, closed and suspended users, held names.

type mailSet struct {
	email, lang string
}

// mailOf returns a user's mail settings (the caller holds s.mu).
func (s *Store) mailOf(userID int64) *mailSet {
	if s.mails == nil {
		s.mails = map[int64]*mailSet{}
	}
	m := s.mails[userID]
	if m == nil {
		m = &mailSet{}
		s.mails[userID] = m
	}
	return m
}

// MailSettings returns a user's address and language (the fake keeps no unsubscriptions).
func (s *Store) MailSettings(ctx context.Context, userID int64) (domain.MailSettings, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("MailSettings"); err != nil {
		return domain.MailSettings{}, err
	}
	m := s.mailOf(userID)
	return domain.MailSettings{Email: m.email, Lang: m.lang, Token: "memstore"}, nil
}

// SetMailLang sets the language of a user's mail.
func (s *Store) SetMailLang(ctx context.Context, userID int64, lang string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("SetMailLang"); err != nil {
		return err
	}
	s.mailOf(userID).lang = lang
	return nil
}

// SetEmail sets (or clears, with "", with the address waiting for confirmation) a user's
// address.
func (s *Store) SetEmail(ctx context.Context, userID int64, email string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("SetEmail"); err != nil {
		return err
	}
	if email == "" {
		for h, l := range s.links {
			if l.UserID == userID && l.Purpose == domain.LinkEmail && l.Used.IsZero() {
				l.Expires = l.Created
				s.links[h] = l
			}
		}
	}
	s.mailOf(userID).email = email
	return nil
}

// AddAccountLink stores a mailed link; a new address's link makes the user's unused ones expire.
func (s *Store) AddAccountLink(ctx context.Context, l domain.AccountLink) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("AddAccountLink"); err != nil {
		return err
	}
	if _, ok := s.users[l.UserID]; !ok {
		return errForeignKey("link of user %d", l.UserID)
	}
	if s.links == nil {
		s.links = map[string]domain.AccountLink{}
	}
	if _, ok := s.links[l.Hash]; ok {
		return errors.New("memstore: unique: a link of that hash exists")
	}
	l.Created, l.Expires = norm(l.Created), norm(l.Expires)
	if l.Purpose == domain.LinkEmail {
		for h, o := range s.links {
			if o.UserID == l.UserID && o.Purpose == l.Purpose && o.Used.IsZero() && o.Expires.After(l.Created) {
				o.Expires = l.Created
				s.links[h] = o
			}
		}
	}
	s.links[l.Hash] = l
	return nil
}

// AccountLink returns the link of a hash.
func (s *Store) AccountLink(ctx context.Context, hash string) (domain.AccountLink, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("AccountLink"); err != nil {
		return domain.AccountLink{}, err
	}
	l, ok := s.links[hash]
	if !ok {
		return l, domain.ErrNotFound
	}
	return l, nil
}

// PendingEmail returns the user's address waiting for confirmation.
func (s *Store) PendingEmail(ctx context.Context, userID int64, now time.Time) (domain.AccountLink, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("PendingEmail"); err != nil {
		return domain.AccountLink{}, err
	}
	var best domain.AccountLink
	found := false
	for _, l := range s.links {
		if l.UserID == userID && l.Purpose == domain.LinkEmail && l.Used.IsZero() && l.Expires.After(now) && (!found || l.Created.After(best.Created)) {
			best, found = l, true
		}
	}
	if !found {
		return best, domain.ErrNotFound
	}
	return best, nil
}

// RecentLinks counts the links of a purpose made after since for a user or to an address.
func (s *Store) RecentLinks(ctx context.Context, userID int64, email, purpose string, since time.Time) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("RecentLinks"); err != nil {
		return 0, err
	}
	n := 0
	for _, l := range s.links {
		if l.Purpose == purpose && l.Created.After(since) && (l.UserID == userID || l.Email == email) {
			n++
		}
	}
	return n, nil
}

// useLink marks a usable link used (the caller holds s.mu).
func (s *Store) useLink(hash, purpose string, now time.Time) (domain.AccountLink, error) {
	l, ok := s.links[hash]
	if !ok || l.Purpose != purpose || !l.Used.IsZero() || !l.Expires.After(now) {
		return domain.AccountLink{}, fmt.Errorf("%w: no usable link", domain.ErrNotFound)
	}
	l.Used = norm(now)
	return l, nil
}

// ConfirmEmail uses an address's link: its address becomes the user's.
func (s *Store) ConfirmEmail(ctx context.Context, hash string, now time.Time) (domain.AccountLink, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("ConfirmEmail"); err != nil {
		return domain.AccountLink{}, err
	}
	l, err := s.useLink(hash, domain.LinkEmail, now)
	if err != nil {
		return l, err
	}
	s.links[hash] = l
	s.mailOf(l.UserID).email = l.Email
	return l, nil
}

// ResetPassword uses a reset link: the password is set and every credential of the user ends.
func (s *Store) ResetPassword(ctx context.Context, hash, passHash string, now time.Time) (domain.AccountLink, []string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("ResetPassword"); err != nil {
		return domain.AccountLink{}, nil, err
	}
	l, err := s.useLink(hash, domain.LinkReset, now)
	if err != nil {
		return l, nil, err
	}
	u, ok := s.users[l.UserID]
	if !ok || u.u.Closed {
		return domain.AccountLink{}, nil, fmt.Errorf("%w: user %d", domain.ErrNotFound, l.UserID)
	}
	s.links[hash] = l
	for h, o := range s.links {
		if o.UserID == l.UserID && o.Purpose == domain.LinkReset && o.Used.IsZero() && o.Expires.After(now) {
			o.Expires = norm(now)
			s.links[h] = o
		}
	}
	u.hash = passHash
	return l, s.endCredentials(l.UserID, "", true), nil
}

// UsersByEmail returns the users whose confirmed address is email, the oldest first.
func (s *Store) UsersByEmail(ctx context.Context, email string) ([]domain.User, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("UsersByEmail"); err != nil {
		return nil, err
	}
	var out []domain.User
	for id, m := range s.mails {
		if m.email == email {
			if u, ok := s.users[id]; ok {
				out = append(out, u.u)
			}
		}
	}
	slices.SortFunc(out, func(a, b domain.User) int { return int(a.ID - b.ID) })
	return out, nil
}

// EndCredentials ends a user's sessions but keep's and, with tokens, its API tokens.
func (s *Store) EndCredentials(ctx context.Context, userID int64, keep string, tokens bool) ([]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("EndCredentials"); err != nil {
		return nil, err
	}
	return s.endCredentials(userID, keep, tokens), nil
}

func (s *Store) endCredentials(userID int64, keep string, tokens bool) []string {
	var out []string
	for h, se := range s.sessions {
		if se.user == userID && h != keep {
			out = append(out, h)
			delete(s.sessions, h)
		}
	}
	if tokens {
		for h, x := range s.tokens {
			if x.user == userID {
				out = append(out, h)
				delete(s.tokens, h)
				delete(s.tokenIDs, x.t.ID)
			}
		}
	}
	slices.Sort(out)
	return out
}

// NameHeld reports whether a closed account's name is held at now.
func (s *Store) NameHeld(ctx context.Context, name string, now time.Time) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("NameHeld"); err != nil {
		return false, err
	}
	until, ok := s.held[domain.NameKey(name)]
	return ok && until.After(now), nil
}

// CloseUser closes an account: renamed anon, the old name held, credentials ended.
func (s *Store) CloseUser(ctx context.Context, userID int64, anon string, holdUntil, now time.Time) ([]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("CloseUser"); err != nil {
		return nil, err
	}
	u, ok := s.users[userID]
	if !ok || u.u.Closed {
		return nil, fmt.Errorf("%w: no open account %d", domain.ErrNotFound, userID)
	}
	key := domain.NameKey(anon)
	if _, ok := s.userKeys[key]; ok {
		return nil, fmt.Errorf("%w: the name %q is taken", domain.ErrConflict, anon)
	}
	if s.held == nil {
		s.held = map[string]time.Time{}
	}
	old := domain.NameKey(u.u.Name)
	s.held[old] = norm(holdUntil)
	delete(s.userKeys, old)
	s.userKeys[key] = userID
	u.u.Name, u.u.Closed, u.hash = anon, true, ""
	for h, l := range s.links {
		if l.UserID == userID {
			delete(s.links, h)
		}
	}
	if m := s.mails[userID]; m != nil {
		m.email = ""
	}
	return s.endCredentials(userID, "", true), nil
}

// SuspendUser suspends an account and ends its credentials.
func (s *Store) SuspendUser(ctx context.Context, userID int64, reason string, now time.Time) ([]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("SuspendUser"); err != nil {
		return nil, err
	}
	u, ok := s.users[userID]
	if !ok {
		return nil, fmt.Errorf("%w: no user %d", domain.ErrNotFound, userID)
	}
	u.u.Suspended, u.u.SuspendReason = true, reason
	return s.endCredentials(userID, "", true), nil
}

// ReinstateUser lifts a suspension.
func (s *Store) ReinstateUser(ctx context.Context, userID int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.enter("ReinstateUser"); err != nil {
		return err
	}
	u, ok := s.users[userID]
	if !ok {
		return fmt.Errorf("%w: no user %d", domain.ErrNotFound, userID)
	}
	u.u.Suspended, u.u.SuspendReason = false, ""
	return nil
}
