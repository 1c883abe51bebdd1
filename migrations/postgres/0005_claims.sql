-- Claims on due deadlines, reminders and computer moves: see migrations/sqlite/0005_claims.sql.

ALTER TABLE game_tables ADD COLUMN claimed_by    TEXT;
ALTER TABLE game_tables ADD COLUMN claimed_until BIGINT;
