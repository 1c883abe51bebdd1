-- The outbox: everything a commit means for the outside world (the board post and the old
-- board's buttons, pings, private panels, a computer taking a seat, reminders, the lobby, the
-- game's thread), written in the same transaction as the move, start, timeout or reminder that
-- causes it, and delivered afterwards in order per table. A crash or a deploy between the
-- commit and the posts loses nothing: the next start (or another process) carries on here.

-- Whether a table's front end delivers through the outbox (a Discord table does; a terminal
-- table prints its moves itself). Tables that already have a place on Discord deliver.
ALTER TABLE game_tables ADD COLUMN delivers INTEGER NOT NULL DEFAULT 0;
UPDATE game_tables SET delivers = 1 WHERE id IN (SELECT table_id FROM discord_tables);

CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY AUTOINCREMENT, -- delivery order
    table_id   INTEGER NOT NULL REFERENCES game_tables (id),
    version    INTEGER NOT NULL,                  -- the table version the commit wrote
    log_len    INTEGER NOT NULL,                  -- actions in the log after that commit
    body       TEXT    NOT NULL,                  -- what to deliver, as JSON (see bot/src/table/outbox.rs)
    created_at INTEGER NOT NULL,                  -- unix seconds
    parts_done INTEGER NOT NULL DEFAULT 0,        -- parts Discord confirmed, in order
    attempts   INTEGER NOT NULL DEFAULT 0,        -- failed attempts so far
    retry_at   INTEGER,                           -- not tried again before (unix seconds)
    done_at    INTEGER,                           -- delivered, or given up
    failure    TEXT                               -- why it was given up, if it was
);

CREATE INDEX outbox_undelivered ON outbox (table_id, id) WHERE done_at IS NULL;

-- Players whose DMs Discord refused at a table (closed DMs). No DM is attempted to them there
-- until they next interact at the table (a click, /hand); then one is tried again, and the row
-- goes when a DM gets through. The table is told once, and the player privately once, per row.
CREATE TABLE discord_dm_blocked (
    table_id INTEGER NOT NULL REFERENCES game_tables (id),
    user_id  INTEGER NOT NULL,
    at       INTEGER NOT NULL,                    -- unix seconds of the last refused DM
    retry    INTEGER NOT NULL DEFAULT 0,          -- 1: they interacted since, so try once more
    told     INTEGER NOT NULL DEFAULT 0,          -- 1: they were told privately
    PRIMARY KEY (table_id, user_id)
);
