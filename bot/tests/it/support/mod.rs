//! Helpers shared by the bot's integration tests (the modules of `tests/it`).
//! A test uses only part of them, hence `dead_code` is allowed here.
#![allow(dead_code)]

pub mod db;
pub mod fake_discord;
pub mod lobby;
