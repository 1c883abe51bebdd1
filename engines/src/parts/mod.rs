//! Components several games share.

pub mod cards;
pub mod dice;
pub mod grid;
pub mod poker;
pub mod pyramids;
#[macro_use]
pub mod words;
