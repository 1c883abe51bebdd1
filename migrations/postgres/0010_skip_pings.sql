-- "Skip pings for this turn": see migrations/sqlite/0010_skip_pings.sql.

CREATE TABLE skip_pings (
    table_id BIGINT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id  BIGINT NOT NULL,
    asked    BIGINT NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
