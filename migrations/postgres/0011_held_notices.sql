-- Quiet hours' held notices: see migrations/sqlite/0011_held_notices.sql.

CREATE TABLE held_notices (
    table_id   BIGINT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL,
    kind       TEXT   NOT NULL,
    not_before BIGINT NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
CREATE INDEX held_notices_due ON held_notices (not_before);

-- The daily digest: when the next one is due (NULL: not yet scheduled).
ALTER TABLE user_settings ADD COLUMN digest_next BIGINT;
