-- Several processes share one database (on Postgres; the same columns here keep one store): a
-- process claims a due deadline, reminder or computer move for a while before it handles it, so
-- no other process fires it too, and one that dies holding a claim loses it when the lease ends.

ALTER TABLE game_tables ADD COLUMN claimed_by    TEXT;     -- the process holding the claim
ALTER TABLE game_tables ADD COLUMN claimed_until INTEGER;  -- unix seconds when the claim lapses
