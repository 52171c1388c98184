-- +goose Up
-- A notification's key, unique per user: a job that notifies again after a crash or a retry
-- stores nothing the second time (NULL keys never collide).
ALTER TABLE notifications ADD COLUMN dedup_key TEXT;
CREATE UNIQUE INDEX notifications_dedup ON notifications(user_id, dedup_key);

-- +goose Down
DROP INDEX notifications_dedup;
ALTER TABLE notifications DROP COLUMN dedup_key;
