-- Undo by consent (issue #27). The action log stays append-only: taking a move back is a new
-- entry whose `undoes` says how many of the actions still in effect before it it takes back
-- (the asker's action and the computer moves that followed it); a replay drops them. Every
-- other entry has 0, so tables saved before this release replay as they did.
ALTER TABLE actions ADD COLUMN undoes INTEGER NOT NULL DEFAULT 0;

-- An open request to take a move back: one per table, open while the table's version is the
-- one it was asked at (any move since cancels it). `allowed` holds the seats that agreed
-- (bit i = seat i); `asked` the seats whose answer is needed.
CREATE TABLE undo_requests (
    table_id   INTEGER PRIMARY KEY REFERENCES game_tables (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    version    INTEGER NOT NULL,
    undoes     INTEGER NOT NULL,
    asked      INTEGER NOT NULL,
    allowed    INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
);
