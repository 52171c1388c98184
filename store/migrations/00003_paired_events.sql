-- +goose Up
-- Paired events (round robin, Swiss, knockout): the row holds the event's whole state as JSON
-- at version (an optimistic lock: a save from a stale version stores nothing);
-- paired_event_games maps each game an event created back to it, for the game-end hook.
CREATE TABLE paired_events (
    id         TEXT PRIMARY KEY,
    host_id    {{ref}} NOT NULL REFERENCES users(id),
    format     TEXT NOT NULL,
    status     TEXT NOT NULL,
    version    BIGINT NOT NULL,
    state      TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE INDEX paired_events_status ON paired_events(status);

CREATE TABLE paired_event_games (
    game_id  TEXT PRIMARY KEY,
    event_id TEXT NOT NULL REFERENCES paired_events(id) ON DELETE CASCADE
);
CREATE INDEX paired_event_games_event ON paired_event_games(event_id);

-- +goose Down
DROP TABLE paired_event_games;
DROP TABLE paired_events;
