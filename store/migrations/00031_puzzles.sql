-- +goose Up
-- Puzzles: each player's puzzle rating (Glicko-2, one rating for all puzzles), each puzzle's
-- rating as players move it (a puzzle without a row still has the rating of the shipped set),
-- and the puzzles each player has finished: only the first try of a puzzle is rated.
CREATE TABLE puzzle_players (
    user_id    {{ref}} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    attempts   BIGINT NOT NULL,
    solved     BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE puzzle_ratings (
    puzzle_id  TEXT PRIMARY KEY,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    attempts   BIGINT NOT NULL,
    solved     BIGINT NOT NULL
);

CREATE TABLE puzzle_attempts (
    user_id      {{ref}} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    puzzle_id    TEXT NOT NULL,
    solved       BIGINT NOT NULL,
    attempted_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, puzzle_id)
);

-- +goose Down
DROP TABLE puzzle_attempts;
DROP TABLE puzzle_ratings;
DROP TABLE puzzle_players;
