//! Helpers shared by the bot's integration tests; each test file includes them with `mod support;`.
//! A test uses only part of them, hence `dead_code` is allowed here.
#![allow(dead_code)]

pub mod db;
pub mod fake_discord;
