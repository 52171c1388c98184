-- +goose Up
-- API tokens get a public id (what their owner lists and revokes them by; the token itself is
-- never stored) and an optional expiry (0: never). Tokens made before have an id taken from
-- their hash, and names longer than the new bound are cut.
ALTER TABLE api_tokens ADD COLUMN id TEXT;
ALTER TABLE api_tokens ADD COLUMN expires_at BIGINT NOT NULL DEFAULT 0;
UPDATE api_tokens SET id = substr(token_hash, 1, 16), name = substr(name, 1, 64);
CREATE UNIQUE INDEX api_tokens_id ON api_tokens(id);
CREATE INDEX api_tokens_user ON api_tokens(user_id);

-- +goose Down
DROP INDEX api_tokens_user;
DROP INDEX api_tokens_id;
ALTER TABLE api_tokens DROP COLUMN expires_at;
ALTER TABLE api_tokens DROP COLUMN id;
