-- Away: see migrations/sqlite/0008_away.sql for what each column means.

CREATE TABLE user_away (
    user_id BIGINT PRIMARY KEY,
    since   BIGINT NOT NULL,
    until   BIGINT NOT NULL,
    note    TEXT
);

CREATE TABLE away_clocks (
    table_id  BIGINT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id   BIGINT NOT NULL,
    used      BIGINT NOT NULL DEFAULT 0,
    stop_end  BIGINT,
    time_left BIGINT,
    PRIMARY KEY (table_id, user_id)
);
