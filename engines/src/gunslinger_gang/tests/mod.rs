//! Gunslinger Gang's tests: the fixtures that build a scenario's "Given", one test per scenario
//! of `rules/gunslinger-gang.scenarios.md`, and unit tests per card, item, News Story, text
//! form and whole game.

mod cards;
mod components;
mod fixtures;
mod game;
mod refusals;
mod scenarios_scoring;
mod scenarios_turns;
mod text;
