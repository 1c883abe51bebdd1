-- Rematch: see migrations/sqlite/0009_rematch.sql.

ALTER TABLE game_tables ADD COLUMN rematch_of BIGINT REFERENCES game_tables (id);

CREATE TABLE rematch_confirms (
    table_id BIGINT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id  BIGINT NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
