-- Community: results, ratings and the leaderboard opt-out; see migrations/sqlite/0012_ratings.sql.

CREATE TABLE finished_games (
    table_id  BIGINT PRIMARY KEY REFERENCES game_tables (id),
    seq       BIGINT NOT NULL UNIQUE,
    server_id BIGINT NOT NULL,
    game      TEXT   NOT NULL,
    rated     BIGINT NOT NULL,
    ended_at  BIGINT NOT NULL
);

CREATE INDEX finished_games_server ON finished_games (server_id, game, seq);

CREATE TABLE results (
    table_id     BIGINT NOT NULL REFERENCES finished_games (table_id),
    seat         BIGINT NOT NULL,
    user_id      BIGINT,
    name         TEXT   NOT NULL,
    place        BIGINT NOT NULL,
    score        BIGINT NOT NULL,
    mu_before    DOUBLE PRECISION,
    sigma_before DOUBLE PRECISION,
    mu_after     DOUBLE PRECISION,
    sigma_after  DOUBLE PRECISION,
    PRIMARY KEY (table_id, seat)
);

CREATE INDEX results_user ON results (user_id, table_id);

CREATE TABLE ratings (
    server_id  BIGINT NOT NULL,
    game       TEXT   NOT NULL,
    user_id    BIGINT NOT NULL,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL,
    games      BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (server_id, game, user_id)
);

ALTER TABLE user_settings ADD COLUMN listed BIGINT NOT NULL DEFAULT 1;
