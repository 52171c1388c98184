-- +goose Up
-- A notification names its sentence in the catalogues of the people's languages and the
-- sentence's arguments (JSON), so that it is said in its reader's language when it is listed,
-- pushed or mailed. The rows stored before keep their English sentence (message) alone.
ALTER TABLE notifications ADD COLUMN words_key TEXT;
ALTER TABLE notifications ADD COLUMN words_args TEXT;

-- +goose Down
ALTER TABLE notifications DROP COLUMN words_args;
ALTER TABLE notifications DROP COLUMN words_key;
