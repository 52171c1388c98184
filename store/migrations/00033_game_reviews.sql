-- +goose Up
-- A game's review, computed by a durable job and shared by everyone who opens the game: one row
-- a game (asking again finds it). plies is the number of moves reviewed (a hot-seat game played
-- on is reviewed anew), attempt counts the askings after a failure; result is the review's JSON.
CREATE TABLE game_reviews (
    game_id    TEXT PRIMARY KEY,
    plies      INTEGER NOT NULL,
    attempt    INTEGER NOT NULL DEFAULT 0,
    state      TEXT NOT NULL,
    done       INTEGER NOT NULL DEFAULT 0,
    total      INTEGER NOT NULL DEFAULT 0,
    result     TEXT NOT NULL DEFAULT '',
    error      TEXT NOT NULL DEFAULT '',
    asked_at   BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE game_reviews;
