//! Tests of Conquest of Mars: fixtures, one test per scenario of
//! `rules/conquest-of-mars.scenarios.md`, and unit tests of trading, combat, the hand
//! ranking and the flow.

mod combat;
mod fixtures;
mod flow;
mod hands;
mod scenarios;
mod trade;
