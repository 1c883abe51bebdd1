-- The long game: a server's defaults, each player's notification settings, pausing a table,
-- the away allowance a table grants each player, and players' private notes per table.

-- A Discord server's defaults for the tables opened there, set by members who can manage the
-- server (`/server`). A NULL column means Saloon's own default.
CREATE TABLE server_settings (
    guild_id        INTEGER PRIMARY KEY,
    turn_timeout    INTEGER,            -- seconds per move for new tables (Saloon: 86400)
    level           TEXT,               -- computer strength: 'easy', 'normal', 'hard', 'random' (Saloon: 'normal')
    on_timeout      TEXT,               -- 'default' or 'computer' (Saloon: 'default')
    away_allowance  INTEGER,            -- seconds of away time per player per table (Saloon: 604800, 7 days)
    host_role       INTEGER,            -- only members with this role may open tables (NULL: everyone)
    results_channel INTEGER,            -- every finished game's standings are posted here (NULL: nowhere)
    updated_at      INTEGER NOT NULL    -- unix seconds
);

-- A player's notification settings, the same at every table and server (`/settings`).
-- No row: every default.
CREATE TABLE user_settings (
    user_id     INTEGER PRIMARY KEY,
    dm_on_turn  INTEGER NOT NULL DEFAULT 1,  -- 1: a DM when the game starts waiting for them
    mention     INTEGER NOT NULL DEFAULT 1,  -- 1: mentioned in the game's thread
    half_time   INTEGER NOT NULL DEFAULT 1,  -- 1: the half-time reminder
    time_zone   TEXT,                        -- IANA name, e.g. 'Europe/Berlin' (NULL: UTC)
    quiet_from  INTEGER,                     -- quiet hours start, minutes after local midnight (NULL: none)
    quiet_until INTEGER,                     -- quiet hours end, minutes after local midnight
    digest_hour INTEGER,                     -- local hour of the daily digest instead of per-turn DMs (NULL: none)
    updated_at  INTEGER NOT NULL             -- unix seconds
);

-- A paused table: every clock stops and nobody can move until it is unpaused; the deadline is
-- then moved on by the time it was paused. NULL: not paused.
ALTER TABLE game_tables ADD COLUMN paused_at INTEGER;

-- Seconds each player may be away at this table (copied from the server's default when the
-- table opens); tables saved before this release get the 7 days Saloon grants by default.
ALTER TABLE game_tables ADD COLUMN away_allowance INTEGER NOT NULL DEFAULT 604800;

-- A player's private notes at a table (`/notes`), shown only to them.
CREATE TABLE table_notes (
    table_id   INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    body       TEXT    NOT NULL,              -- at most 1,000 characters
    updated_at INTEGER NOT NULL,              -- unix seconds
    PRIMARY KEY (table_id, user_id)
);
