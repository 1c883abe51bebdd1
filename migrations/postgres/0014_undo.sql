-- Undo by consent (issue #27), as migrations/sqlite/0014_undo.sql. The action log stays append-only: taking a move back is a new
-- entry whose `undoes` says how many of the actions still in effect before it it takes back
-- (the asker's action and the computer moves that followed it); a replay drops them. Every
-- other entry has 0, so tables saved before this release replay as they did.
ALTER TABLE actions ADD COLUMN undoes BIGINT NOT NULL DEFAULT 0;

-- An open request to take a move back: one per table, open while the table's version is the
-- one it was asked at (any move since cancels it). `allowed` holds the seats that agreed
-- (bit i = seat i); `asked` the seats whose answer is needed.
CREATE TABLE undo_requests (
    table_id   BIGINT PRIMARY KEY REFERENCES game_tables (id) ON DELETE CASCADE,
    seat       BIGINT NOT NULL,
    version    BIGINT NOT NULL,
    undoes     BIGINT NOT NULL,
    asked      BIGINT NOT NULL,
    allowed    BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
