-- +goose Up
-- Accounts people can keep. A user closed (by its owner) or suspended (by a moderator) keeps its
-- row and games; a closed user's name is replaced by an anonymous one, and the old name is held
-- for a while (held_names) before anyone may take it again.
ALTER TABLE users ADD COLUMN closed_at BIGINT;
ALTER TABLE users ADD COLUMN suspended_at BIGINT;
ALTER TABLE users ADD COLUMN suspend_reason TEXT;

CREATE TABLE held_names (
    name_key   TEXT PRIMARY KEY,
    held_until BIGINT NOT NULL
);

-- The links mailed to an account: an address's confirmation (purpose 'email', the address it
-- confirms) and a password reset (purpose 'reset', the address it was sent to). Kept by the hash
-- of their secret; used once (used_at), and only before they expire. A user has at most one
-- unused confirmation link: the address waiting for it is the pending address.
-- user_settings.email holds only confirmed addresses: those given before confirmations existed
-- were kept as they were (their owners chose them, and mails went to them already).
CREATE TABLE account_links (
    token_hash TEXT PRIMARY KEY,
    user_id    {{ref}} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL,
    email      TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT
);
CREATE INDEX account_links_user ON account_links(user_id, purpose);

-- +goose Down
DROP INDEX account_links_user;
DROP TABLE account_links;
DROP TABLE held_names;
ALTER TABLE users DROP COLUMN suspend_reason;
ALTER TABLE users DROP COLUMN suspended_at;
ALTER TABLE users DROP COLUMN closed_at;
