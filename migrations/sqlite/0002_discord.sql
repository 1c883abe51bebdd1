-- Where each table lives on Discord, and who cannot receive DMs.

CREATE TABLE discord_tables (
    table_id         INTEGER PRIMARY KEY REFERENCES game_tables (id),
    guild_id         INTEGER,             -- NULL when opened in a DM
    channel_id       INTEGER NOT NULL,    -- where /play was used (the lobby message is here)
    thread_id        INTEGER,             -- the game's thread, once started (NULL: played in the channel)
    lobby_message_id INTEGER,
    board_message_id INTEGER              -- the latest board post, whose buttons are live
);

CREATE INDEX discord_tables_channel ON discord_tables (channel_id);
CREATE INDEX discord_tables_thread ON discord_tables (thread_id);

CREATE TABLE discord_dm_closed (
    user_id INTEGER PRIMARY KEY,
    noticed INTEGER NOT NULL DEFAULT 0,   -- 1 once the user was told to use /hand
    at      INTEGER NOT NULL              -- unix seconds of the failed DM
);

-- A public "use /hand" note is posted once per table and user, not at every failed DM.
CREATE TABLE discord_dm_notes (
    table_id INTEGER NOT NULL REFERENCES game_tables (id),
    user_id  INTEGER NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
