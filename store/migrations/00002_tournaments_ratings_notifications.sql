-- +goose Up
-- Play-by-post tournaments: the row holds a checkpoint (the tournament's snapshot JSON at
-- checkpoint_version); ops is the append-only log of the operations since creation, which
-- replayed on the checkpoint give the current state; events are what clients read.
CREATE TABLE tournaments (
    id                 TEXT PRIMARY KEY,
    title              TEXT NOT NULL,
    host_id            {{ref}} NOT NULL REFERENCES users(id),
    game               TEXT NOT NULL,
    phase              TEXT NOT NULL,
    version            BIGINT NOT NULL,
    checkpoint         TEXT NOT NULL,
    checkpoint_version BIGINT NOT NULL,
    next_deadline      BIGINT,
    created_at         BIGINT NOT NULL,
    updated_at         BIGINT NOT NULL
);
CREATE INDEX tournaments_deadline ON tournaments(next_deadline) WHERE next_deadline IS NOT NULL;

CREATE TABLE tournament_ops (
    tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    version       BIGINT NOT NULL,
    from_version  BIGINT NOT NULL,
    body          TEXT NOT NULL,
    PRIMARY KEY (tournament_id, version)
);

CREATE TABLE tournament_events (
    tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    version       BIGINT NOT NULL,
    body          TEXT NOT NULL,
    PRIMARY KEY (tournament_id, version)
);

-- Glicko-2 ratings per user and variant (rating.VariantKey); rated_games makes each game's
-- update happen once.
CREATE TABLE ratings (
    user_id    {{ref}} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    variant    TEXT NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, variant)
);
CREATE INDEX ratings_variant ON ratings(variant, rating);

CREATE TABLE rated_games (
    game_id  TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    variant  TEXT NOT NULL,
    rated_at BIGINT NOT NULL,
    changes  TEXT NOT NULL
);

-- In-app notifications, and what a user said about being reminded.
CREATE TABLE notifications (
    id            {{key}},
    user_id       {{ref}} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind          TEXT NOT NULL,
    game_id       TEXT,
    tournament_id TEXT,
    message       TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    read_at       BIGINT
);
CREATE INDEX notifications_user ON notifications(user_id, id);

CREATE TABLE user_settings (
    user_id {{ref}} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    email   TEXT
);

-- Vacation days taken per user and calendar year.
CREATE TABLE vacations (
    user_id   {{ref}} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    year      INTEGER NOT NULL,
    days_used INTEGER NOT NULL,
    PRIMARY KEY (user_id, year)
);

-- +goose Down
DROP TABLE vacations;
DROP TABLE user_settings;
DROP TABLE notifications;
DROP TABLE rated_games;
DROP TABLE ratings;
DROP TABLE tournament_events;
DROP TABLE tournament_ops;
DROP TABLE tournaments;
