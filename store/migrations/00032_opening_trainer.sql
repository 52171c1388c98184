-- +goose Up
-- The opening trainer's schedule: each line an account drilled (a move list from the start, with
-- the colour it played) has its Leitner box and when it comes due again. last_moves are the
-- moves of the drill last recorded, so that a drill sent twice counts once.
CREATE TABLE trainer_lines (
    user_id    {{ref}} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    color      TEXT NOT NULL,
    line       TEXT NOT NULL,
    name       TEXT NOT NULL DEFAULT '',
    box        INTEGER NOT NULL,
    due_at     BIGINT NOT NULL,
    rights     INTEGER NOT NULL DEFAULT 0,
    misses     INTEGER NOT NULL DEFAULT 0,
    last_moves TEXT NOT NULL DEFAULT '',
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, color, line)
);
CREATE INDEX trainer_lines_due ON trainer_lines(user_id, due_at);

-- +goose Down
DROP TABLE trainer_lines;
