-- +goose Up
-- What a game between people was created with: hints (the engine's help) for both players
-- while it runs. A game without a row has none.
CREATE TABLE game_settings (
    game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    hints   INTEGER NOT NULL DEFAULT 0
);

-- The chat of games between people: each message as its writer sent it (the clients show it
-- as text, never as markup).
CREATE TABLE chat_messages (
    id         {{key}},
    game_id    TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    user_id    {{ref}} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    body       TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX chat_messages_game ON chat_messages(game_id, id);

-- A player's chat settings in one game: muted hides the opponent's messages from them;
-- spectators lets the game's spectators read the chat (shown to them only when both players
-- let them).
CREATE TABLE chat_seats (
    game_id    TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    user_id    {{ref}} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    muted      INTEGER NOT NULL DEFAULT 0,
    spectators INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, user_id)
);

-- The users who switched the chat off in every game.
CREATE TABLE chat_off (
    user_id {{ref}} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE
);

-- +goose Down
DROP TABLE chat_off;
DROP TABLE chat_seats;
DROP TABLE chat_messages;
DROP TABLE game_settings;
