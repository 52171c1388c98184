-- +goose Up
CREATE TABLE users (
    id         {{key}},
    name       TEXT NOT NULL,
    name_key   TEXT NOT NULL UNIQUE,
    pass_hash  TEXT,
    guest      INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id    {{ref}} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE api_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id    {{ref}} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE games (
    id           TEXT PRIMARY KEY,
    kind         TEXT NOT NULL,
    start        TEXT NOT NULL,
    time_control TEXT NOT NULL,
    mode         TEXT NOT NULL,
    rated        INTEGER NOT NULL DEFAULT 0,
    created_by   {{ref}} REFERENCES users(id),
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL,
    status       TEXT NOT NULL,
    version      BIGINT NOT NULL DEFAULT 0,
    ply          INTEGER NOT NULL DEFAULT 0,
    meta         TEXT NOT NULL,
    outcome      TEXT NOT NULL,
    deadline     BIGINT,
    ai_turn      INTEGER NOT NULL DEFAULT 0,
    rematch_of   TEXT,
    rematch      TEXT
);
CREATE INDEX games_status ON games(status);
CREATE INDEX games_deadline ON games(deadline) WHERE deadline IS NOT NULL;
CREATE INDEX games_ai_turn ON games(ai_turn) WHERE ai_turn <> 0;

CREATE TABLE seats (
    game_id     TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    side        INTEGER NOT NULL,
    user_id     {{ref}} REFERENCES users(id),
    ai          TEXT,
    invite_hash TEXT,
    PRIMARY KEY (game_id, side)
);
CREATE INDEX seats_user ON seats(user_id);

CREATE TABLE moves (
    game_id      TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply          INTEGER NOT NULL,
    side         TEXT NOT NULL,
    move         TEXT NOT NULL,
    played_at    BIGINT NOT NULL,
    clock_first  BIGINT NOT NULL,
    clock_second BIGINT NOT NULL,
    nonces       TEXT,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE pending (
    game_id   TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    side      INTEGER NOT NULL,
    selection TEXT NOT NULL,
    nonce     TEXT NOT NULL,
    chosen_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, side)
);

CREATE TABLE events (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    version BIGINT NOT NULL,
    body    TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
);

-- +goose Down
DROP TABLE events;
DROP TABLE pending;
DROP TABLE moves;
DROP TABLE seats;
DROP TABLE games;
DROP TABLE api_tokens;
DROP TABLE sessions;
DROP TABLE users;
