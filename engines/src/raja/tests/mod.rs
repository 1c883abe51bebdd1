//! Raja's tests: fixture F, one test per scenario of `rules/raja.scenarios.md`, and unit tests
//! of the wall, grain, market and siege models, the entry steps and whole games.

mod entry;
mod fixture;
mod rulings;
mod scenarios_commerce;
mod scenarios_segment;
mod scenarios_turn;
mod secrets;
mod units;
