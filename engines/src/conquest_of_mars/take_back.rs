//! Taking a move back by consent (issue #27): a move, spawn, growth, turn or take that
//! uncovers nothing can be taken back; a card turned face up (R8), sealed dice or answers
//! opened (R4, R18) or dice rolled (R19) cannot.

use super::ConquestOfMars;
use super::action::Action;
use crate::game::{RuleError, Seat};
use crate::take_back;

/// See [`crate::Game::take_back`].
pub(super) fn take_back(
    after: &ConquestOfMars,
    before: &ConquestOfMars,
    seat: Seat,
    action: &Action,
) -> Result<(), RuleError> {
    take_back::opening(after, seat, action)?;
    // R19 (and R4's roll for the first player): the fight's dice are rolled.
    if after.rng != before.rng {
        return Err(RuleError::ruled("R19", "The dice were rolled since that move, so it cannot be taken back."));
    }
    // R8: a card occupied for the first time turns face up; R4, R18: sealed choices opened.
    if take_back::shows_hidden(before, after, seat) {
        return Err(RuleError::ruled(
            "R8",
            "A card was turned face up or sealed choices were opened since that move, so it cannot be taken back.",
        ));
    }
    Ok(())
}
