-- +goose Up
-- An unsubscribe link now carries a token of its own kind (an HMAC of the user and the kind
-- under the user's secret) rather than the secret itself. The links already mailed showed the
-- secrets, which are now keys: every secret is dropped, so that a new one is drawn at the next
-- mail and the old links (which stopped every kind) stop nothing.
UPDATE user_settings SET mail_token = NULL;

-- +goose Down
-- The secrets are not brought back: new ones are drawn at the next mail either way.
SELECT 1;
