-- Rematch: a finished game's players ask for another with the same game, options, time per
-- move and seats (rotated, with a new seed). It starts when every person seated has confirmed.

ALTER TABLE game_tables ADD COLUMN rematch_of INTEGER REFERENCES game_tables (id); -- the finished table (NULL: not a rematch)

CREATE TABLE rematch_confirms (
    table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE, -- the rematch lobby
    user_id  INTEGER NOT NULL,                                                -- a player who confirmed
    PRIMARY KEY (table_id, user_id)
);
