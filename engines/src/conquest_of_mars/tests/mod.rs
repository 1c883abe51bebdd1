//! Tests of Conquest of Mars: fixtures, one test per scenario of
//! `rules/conquest-of-mars.scenarios.md`, and unit tests of trading, combat, the hand
//! ranking and the flow.

mod fixtures;
mod scenarios;
