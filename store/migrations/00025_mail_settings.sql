-- +goose Up
-- What a user's mail says and which of it they want: the language of the mail, the kinds of
-- notice they unsubscribed from (comma-separated), and the secret their unsubscribe links carry.
ALTER TABLE user_settings ADD COLUMN mail_lang TEXT;
ALTER TABLE user_settings ADD COLUMN mail_off TEXT;
ALTER TABLE user_settings ADD COLUMN mail_token TEXT;

-- +goose Down
ALTER TABLE user_settings DROP COLUMN mail_token;
ALTER TABLE user_settings DROP COLUMN mail_off;
ALTER TABLE user_settings DROP COLUMN mail_lang;
