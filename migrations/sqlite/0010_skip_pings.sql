-- "Skip pings for this turn" (the button of a player's private panel): no reminder pings them
-- for the decision under way; their next turn pings them again.

CREATE TABLE skip_pings (
    table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id  INTEGER NOT NULL,
    asked    INTEGER NOT NULL,   -- the table version their decision began at (game_tables.asked)
    PRIMARY KEY (table_id, user_id)
);
