-- Who the game waits for, beside the state, so lists and autocomplete need not decode it; and
-- when each seat's current decision began, so a click is refused as stale only when something
-- that seat could see has changed (another seat's sealed answer does not count).

ALTER TABLE game_tables ADD COLUMN waiting INTEGER;  -- bit i set: seat i must decide; NULL: written by an older release
ALTER TABLE game_tables ADD COLUMN asked   TEXT;     -- JSON array, per seat: the version its current decision began at

-- The version of the table the latest board post shows: a board for an older version that
-- arrives late is posted without live buttons and does not replace it.
ALTER TABLE discord_tables ADD COLUMN board_version INTEGER;

-- One private panel per player per table: a DM edited in place while the player decides.
CREATE TABLE discord_panels (
    table_id   INTEGER NOT NULL REFERENCES game_tables (id),
    user_id    INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,            -- the DM channel
    message_id INTEGER NOT NULL,            -- the panel message
    open       INTEGER NOT NULL DEFAULT 1,  -- 1 while its buttons are live
    version    INTEGER NOT NULL,            -- the table version it was drawn at
    lines      TEXT    NOT NULL DEFAULT '[]', -- private lines since the player's last turn (JSON array)
    PRIMARY KEY (table_id, user_id)
);
