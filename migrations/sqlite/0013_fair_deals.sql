-- Provably fair deals and the end-of-game reveal (issue #28). One row per table opened from
-- this release on; tables of earlier releases have none: they keep their seed, have no
-- commitment, and reveal everything at the end.

CREATE TABLE fair_deals (
    table_id INTEGER PRIMARY KEY REFERENCES game_tables (id) ON DELETE CASCADE,
    secret   TEXT,                       -- 64 hex digits drawn at the lobby; its SHA-256 is the commitment shown then.
                                         -- NULL when whoever opened the table chose the seed (a replay)
    cut      TEXT,                       -- what the bot could not choose, mixed in at Start (Discord: the Start click's id)
    reveal   INTEGER NOT NULL DEFAULT 1  -- 1: every private fact is told at the end; 0: opened with reveal=no
);
