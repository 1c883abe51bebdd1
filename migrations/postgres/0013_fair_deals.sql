-- Provably fair deals and the end-of-game reveal: see migrations/sqlite/0013_fair_deals.sql.

CREATE TABLE fair_deals (
    table_id BIGINT PRIMARY KEY REFERENCES game_tables (id) ON DELETE CASCADE,
    secret   TEXT,
    cut      TEXT,
    reveal   BIGINT NOT NULL DEFAULT 1
);
