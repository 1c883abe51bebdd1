-- Quiet hours: a turn DM, mention or reminder that falls in a player's quiet hours is held here
-- and sent as one DM when they end (`not_before`); one row per player and table, the latest
-- kind of notice wins. Sent rows are deleted.

CREATE TABLE held_notices (
    table_id   INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    kind       TEXT    NOT NULL,   -- 'turn' or 'reminder'
    not_before INTEGER NOT NULL,   -- Unix seconds: the end of their quiet hours
    PRIMARY KEY (table_id, user_id)
);
CREATE INDEX held_notices_due ON held_notices (not_before);

-- The daily digest: when the next one is due (Unix seconds; NULL: not yet scheduled).
ALTER TABLE user_settings ADD COLUMN digest_next INTEGER;
