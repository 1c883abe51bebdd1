//! The bot's integration tests, as one test binary (one link of the bot and its dependencies
//! instead of one per file): the table layer and storage on real databases, the terminal
//! front end, the Discord front end against a fake Discord on 127.0.0.1, and the `saloon`
//! process killed and restarted.

mod support;

mod console;
mod discord;
mod discord_away;
mod discord_delivery;
mod discord_explain;
mod discord_input;
mod discord_kill;
mod discord_raja;
mod discord_results;
mod discord_undo;
mod fair;
mod fake_discord_poise_smoke;
mod fake_discord_selftest;
mod kill;
mod long_game;
mod previous_release;
mod processes;
mod ratings;
mod robust;
mod store;
mod tables;
mod tables_long;
mod tables_postgres;
mod timeouts;
mod undo;
mod unreachable;
