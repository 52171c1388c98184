package store

import (
	"context"
	"errors"

	"turncoat/domain"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// On PostgreSQL a move is half a dozen statements (the game's row, the move, the events, the
// notice), and sent one by one with BEGIN and COMMIT around them each costs a round trip: two
// system calls and a wake-up of the server's process, which at thousands of moves a second on
// two cores cost more than the statements themselves. A plain change (no seat taken, no
// rematch, no job: every move, selection and takeback) is therefore sent as one pipeline that
// PostgreSQL runs as one implicit transaction, in one round trip: any statement's error rolls
// back the whole, so the check that the game is still at the change's version is made to fail
// as an error (a division by the count of rows the update changed) rather than read back.

// qUpdateGameOrFail is qUpdateGame failing with division_by_zero when the game is no longer at
// the change's version.
const qUpdateGameOrFail = `WITH changed AS (` + qUpdateGame + ` RETURNING 1) SELECT 1 / count(*) FROM changed`

// pipelined reports whether c can be committed by commitPipelined.
func (s *Store) pipelined(c domain.Change) bool {
	return s.postgres && c.Seat == nil && c.Rematch == nil && len(c.Jobs) == 0
}

// commitPipelined commits a plain change on PostgreSQL in one round trip (see above).
func (s *Store) commitPipelined(ctx context.Context, c domain.Change) error {
	var b pgx.Batch
	if err := s.queueChange(&b, c); err != nil {
		return err
	}
	err := s.sendBatch(ctx, &b)
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "22012" {
		return staleChange(c)
	}
	return err
}

// commitPipelinedBatch commits the plain changes of a batch of the group committer (group.go)
// in one round trip and one implicit transaction. If that fails (most often one stale change,
// which undoes all of them) nothing was stored, and each change is sent again alone for its
// own answer.
func (s *Store) commitPipelinedBatch(batch []groupReq) {
	ctx := context.Background()
	if len(batch) > 1 {
		var b pgx.Batch
		err := error(nil)
		for _, r := range batch {
			if err = s.queueChange(&b, r.c); err != nil {
				break
			}
		}
		if err == nil && s.sendBatch(ctx, &b) == nil {
			for _, r := range batch {
				r.errc <- nil
			}
			return
		}
	}
	for _, r := range batch {
		r.errc <- s.commitPipelined(ctx, r.c)
	}
}

// queueChange adds to b the statements of a plain change and its notice.
func (s *Store) queueChange(b *pgx.Batch, c domain.Change) error {
	sts, err := s.changeStatements(c)
	if err != nil {
		return err
	}
	for i, st := range sts {
		q := st.query
		if i == 0 {
			q = qUpdateGameOrFail
		}
		b.Queue(q, st.args...)
	}
	b.Queue(qNotify, s.channel, Notice{Game: c.GameID, Version: c.Snapshot.Version, Lobby: c.Lobby}.payload())
	return nil
}

// sendBatch sends b as one pipeline: one implicit transaction, whose first failed statement
// undoes the whole and is the error returned.
func (s *Store) sendBatch(ctx context.Context, b *pgx.Batch) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	// A connection whose pipeline broke is closed by pgx, and database/sql drops it.
	return conn.Raw(func(dc any) error {
		br := dc.(*stdlib.Conn).Conn().SendBatch(ctx, b)
		var first error
		for range b.Len() {
			if _, err := br.Exec(); err != nil && first == nil {
				first = err
			}
		}
		if err := br.Close(); err != nil && first == nil {
			first = err
		}
		return first
	})
}
