-- Saloon's storage: one row per game table, its seats, and an append-only action log.
-- The state column holds the engine's serialised state; seed + action log rebuild it.
-- Migrations are never edited after they land: add a new numbered file instead.

CREATE TABLE game_tables (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    game         TEXT    NOT NULL,             -- GameKind id, e.g. 'martian-12s'
    options      TEXT    NOT NULL,             -- table options as JSON
    seed         INTEGER NOT NULL,             -- the game's random seed (the u64's bits as i64)
    status       TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
    host         INTEGER,                      -- user id of whoever opened the table
    max_players  INTEGER NOT NULL,
    state        TEXT,                         -- engine state as JSON; NULL while in the lobby
    version      INTEGER NOT NULL DEFAULT 0,   -- bumped on every change; a stale write is rejected
    turn_timeout INTEGER NOT NULL DEFAULT 86400, -- seconds a pending player has to act
    deadline_at  INTEGER,                      -- unix seconds when the pending decision times out
    reminded     INTEGER NOT NULL DEFAULT 0,   -- 1 once the half-time reminder went out
    created_at   INTEGER NOT NULL,             -- unix seconds
    updated_at   INTEGER NOT NULL
);

CREATE INDEX game_tables_status ON game_tables (status, deadline_at);

CREATE TABLE seats (
    table_id INTEGER NOT NULL REFERENCES game_tables (id),
    seat     INTEGER NOT NULL,                 -- 0-based seat index
    user_id  INTEGER,                          -- NULL for a computer player
    name     TEXT    NOT NULL,                 -- the name shown at the table
    PRIMARY KEY (table_id, seat)
);

CREATE UNIQUE INDEX seats_one_per_user ON seats (table_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE actions (
    table_id INTEGER NOT NULL REFERENCES game_tables (id),
    seq      INTEGER NOT NULL,                 -- 1, 2, … in the order applied
    seat     INTEGER NOT NULL,
    action   TEXT    NOT NULL,                 -- the action's stable text form
    origin   TEXT    NOT NULL CHECK (origin IN ('player', 'computer', 'timeout')),
    at       INTEGER NOT NULL,                 -- unix seconds
    PRIMARY KEY (table_id, seq)
);

-- The log is append-only.
CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;
