-- +goose Up
-- The opening book's learned games: every finished game of 8x8 Othello has one row, made once
-- (game_id is unique), whether it was learned (part: the positions it added to the book, in
-- the book file format) or passed over (part NULL, reason says why: another size or start, an
-- aborted game). The instances read the learned parts in seq order and lay them over the
-- shipped book.
CREATE TABLE book_games (
    seq        {{seq}},
    game_id    TEXT NOT NULL UNIQUE,
    moves      TEXT NOT NULL,
    part       {{bytes}},
    reason     TEXT NOT NULL DEFAULT '',
    learned_at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE book_games;
