-- Away (`/away`): a player away from a time to a time. While they are away, the clock of a
-- turn the game waits on them for stops (up to the table's away allowance, game_tables.away_allowance)
-- and starts again with the time it had left when they come back.

CREATE TABLE user_away (
    user_id INTEGER PRIMARY KEY,
    since   INTEGER NOT NULL,   -- unix seconds
    until   INTEGER NOT NULL,   -- unix seconds; past it they are back
    note    TEXT                -- what they told the others, if anything
);

-- Per table and player: away time used, and the stopped clock of the turn under way, if any.
CREATE TABLE away_clocks (
    table_id  INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL,
    used      INTEGER NOT NULL DEFAULT 0,  -- seconds of the allowance used
    stop_end  INTEGER,                     -- the clock starts again at this time (NULL: not stopped)
    time_left INTEGER,                     -- seconds the turn had left when its clock stopped
    PRIMARY KEY (table_id, user_id)
);
