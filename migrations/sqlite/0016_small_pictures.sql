-- A player's choice of smaller board pictures in their own panel and direct messages, for a
-- slow connection (issue #25): 1 paints them 480 px wide instead of 640. 0 (the default) for
-- every player who set nothing, as before this release.
ALTER TABLE user_settings ADD COLUMN small_pictures INTEGER NOT NULL DEFAULT 0;
