-- +goose Up
-- Moderation: what players do about one another (blocks, mutes, reports), the moderators the
-- operator names, what the moderators do (a log of every action, the chat mutes they set, the
-- chat lines they hide) and the words the chat refuses.

-- A player's blocks: the blocked user may not join the blocker's games, write to them in a
-- game's chat nor offer them a rematch (nor the blocker them).
CREATE TABLE user_blocks (
    user_id    {{ref}} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    blocked_id {{ref}} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, blocked_id)
);

-- A player's mutes: the muted user's chat lines are not shown to the one who muted them.
CREATE TABLE user_mutes (
    user_id    {{ref}} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    muted_id   {{ref}} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, muted_id)
);
CREATE INDEX user_mutes_muted ON user_mutes(muted_id);

-- The moderators, named by the operator (turncoat admin moderator).
CREATE TABLE moderators (
    user_id    {{ref}} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL
);

-- Reports of a player, a game or a chat line: open until a moderator resolves or dismisses them.
CREATE TABLE reports (
    id          {{seq}},
    reporter_id {{ref}} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    target_id   {{ref}} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    game_id     TEXT REFERENCES games(id) ON DELETE SET NULL,
    message_id  {{ref}} REFERENCES chat_messages(id) ON DELETE SET NULL,
    category    TEXT NOT NULL,
    reason      TEXT NOT NULL,
    status      TEXT NOT NULL DEFAULT 'open',
    created_at  BIGINT NOT NULL,
    closed_by   {{ref}} REFERENCES users(id) ON DELETE SET NULL,
    closed_at   BIGINT
);
CREATE INDEX reports_status ON reports(status, id);

-- A moderator's mute of a user in every chat, until a time.
CREATE TABLE chat_bans (
    user_id    {{ref}} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    until_at   BIGINT NOT NULL,
    by_id      {{ref}} REFERENCES users(id) ON DELETE SET NULL,
    reason     TEXT NOT NULL
);

-- The chat lines a moderator hid (hidden for everyone).
ALTER TABLE chat_messages ADD COLUMN hidden_by {{ref}};

-- Every moderator's action: who, what, whom, why, when (and the report, chat line or game it
-- was about, and until when a mute lasts).
CREATE TABLE moderation_log (
    id           {{seq}},
    moderator_id {{ref}} REFERENCES users(id) ON DELETE SET NULL,
    action       TEXT NOT NULL,
    target_id    {{ref}} REFERENCES users(id) ON DELETE SET NULL,
    report_id    {{ref}},
    message_id   {{ref}},
    game_id      TEXT,
    reason       TEXT NOT NULL,
    until_at     BIGINT,
    created_at   BIGINT NOT NULL
);

-- The words the chat refuses (lower case), edited by the operator (turncoat admin words).
CREATE TABLE chat_words (
    word TEXT PRIMARY KEY
);

-- +goose Down
DROP TABLE chat_words;
DROP TABLE moderation_log;
ALTER TABLE chat_messages DROP COLUMN hidden_by;
DROP TABLE chat_bans;
DROP TABLE reports;
DROP TABLE moderators;
DROP TABLE user_mutes;
DROP TABLE user_blocks;
