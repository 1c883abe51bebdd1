-- Computer players by strength, seats that change hands, and what a table does at a timeout.

-- A computer seat's strength ('random', 'easy', 'normal', 'hard'); also the strength of the
-- computer standing in for an away player. NULL: written by an older release (the running
-- release's default strength applies).
ALTER TABLE seats ADD COLUMN level TEXT;

-- 1 while the human in this seat is away and a computer plays it for them; they take it back
-- with /rejoin or the button on the notice.
ALTER TABLE seats ADD COLUMN away INTEGER NOT NULL DEFAULT 0;

-- At a timeout: 'default' plays the game's safe default for the late player's turn;
-- 'computer' hands the seat to a computer until the player returns.
ALTER TABLE game_tables ADD COLUMN on_timeout TEXT NOT NULL DEFAULT 'default';
