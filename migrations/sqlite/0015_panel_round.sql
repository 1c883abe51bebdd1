-- The round of the game (a Raja game turn, a Martian Gunslinger round ...) in which a player's
-- panel was last sent as a new direct message (issue #24 item 6): a later decision in the same
-- round edits that panel instead of sending another. NULL for panels sent before this release,
-- which are treated as of another round.
ALTER TABLE discord_panels ADD COLUMN notified_round INTEGER;
