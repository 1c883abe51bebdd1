-- Community: every finished game's results, each player's rating per server and game, and
-- whether a player is listed on leaderboards (issue #28).
--
-- `finished_games` and `results` are written in the transaction that ends a game; `ratings` is
-- what the results give, in the order the games ended (`seq`), and `saloon ratings rebuild`
-- recomputes all three from the finished tables.

CREATE TABLE finished_games (
    table_id  INTEGER PRIMARY KEY REFERENCES game_tables (id),
    seq       INTEGER NOT NULL UNIQUE,   -- 1, 2, … in the order the games ended: ratings follow it
    server_id INTEGER NOT NULL,          -- the Discord server (guild) it was played in; 0: none (terminal, DM)
    game      TEXT    NOT NULL,          -- GameKind id, e.g. 'martian-12s'
    rated     INTEGER NOT NULL,          -- 1: two or more people and no computer seat, so ratings moved
    ended_at  INTEGER NOT NULL           -- unix seconds
);

CREATE INDEX finished_games_server ON finished_games (server_id, game, seq);

CREATE TABLE results (
    table_id     INTEGER NOT NULL REFERENCES finished_games (table_id),
    seat         INTEGER NOT NULL,       -- 0-based seat
    user_id      INTEGER,                -- NULL for a computer seat
    name         TEXT    NOT NULL,       -- the name shown at the table
    place        INTEGER NOT NULL,       -- 1 = first; players who tie share a place
    score        INTEGER NOT NULL,       -- the game's headline number (cash, points…)
    mu_before    REAL,                   -- Weng-Lin rating and uncertainty before and after the
    sigma_before REAL,                   -- game; NULL when the game was not rated
    mu_after     REAL,
    sigma_after  REAL,
    PRIMARY KEY (table_id, seat)
);

CREATE INDEX results_user ON results (user_id, table_id);

CREATE TABLE ratings (
    server_id  INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,         -- Weng-Lin rating (25 at the start)
    sigma      REAL    NOT NULL,         -- its uncertainty (25/3 at the start)
    games      INTEGER NOT NULL,         -- rated games counted
    updated_at INTEGER NOT NULL,         -- unix seconds
    PRIMARY KEY (server_id, game, user_id)
);

-- 1: listed on leaderboards and shown to others by /stats and /history (the default);
-- 0: the player opted out in /settings.
ALTER TABLE user_settings ADD COLUMN listed INTEGER NOT NULL DEFAULT 1;
