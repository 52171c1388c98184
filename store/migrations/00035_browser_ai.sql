-- +goose Up
-- An AI seat whose moves its game's player may send from the engine in the browser (a casual
-- game against the AI that asked for it at its creation); the server's AI moves when none
-- comes in time.
ALTER TABLE seats ADD COLUMN browser INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE seats DROP COLUMN browser;
