//! Martian Gunslinger tests: the fixture (a position built from a scenario's "State:" lines),
//! one test per scenario of `rules/martian-gunslinger.scenarios.md`, and unit tests.

mod action;
mod event_cards;
mod fixture;
mod menus;
mod play;
mod refusals;
mod scenarios;
mod scenarios_events;
mod state;
