-- Server defaults, players' notification settings, pausing, the away allowance and private
-- notes: see migrations/sqlite/0007_long_game.sql for what each column means.

CREATE TABLE server_settings (
    guild_id        BIGINT PRIMARY KEY,
    turn_timeout    BIGINT,
    level           TEXT,
    on_timeout      TEXT,
    away_allowance  BIGINT,
    host_role       BIGINT,
    results_channel BIGINT,
    updated_at      BIGINT NOT NULL
);

CREATE TABLE user_settings (
    user_id     BIGINT PRIMARY KEY,
    dm_on_turn  BIGINT NOT NULL DEFAULT 1,
    mention     BIGINT NOT NULL DEFAULT 1,
    half_time   BIGINT NOT NULL DEFAULT 1,
    time_zone   TEXT,
    quiet_from  BIGINT,
    quiet_until BIGINT,
    digest_hour BIGINT,
    updated_at  BIGINT NOT NULL
);

ALTER TABLE game_tables ADD COLUMN paused_at BIGINT;
ALTER TABLE game_tables ADD COLUMN away_allowance BIGINT NOT NULL DEFAULT 604800;

CREATE TABLE table_notes (
    table_id   BIGINT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL,
    body       TEXT   NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
