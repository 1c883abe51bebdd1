//! Taking a move back by consent (issue #27): a step, a turn or a choice that rolls nothing
//! and shows no card can be taken back; a roll of the dice (R8, R11), a card drawn or seen
//! (R13, R18) or a card laid face up (R24) cannot.

use super::MartianGunslinger;
use super::action::Action;
use crate::game::{RuleError, Seat};
use crate::take_back;

/// See [`crate::Game::take_back`].
pub(super) fn take_back(
    after: &MartianGunslinger,
    before: &MartianGunslinger,
    seat: Seat,
    action: &Action,
) -> Result<(), RuleError> {
    take_back::opening(after, seat, action)?;
    // R8, R11: the table die and the Treehouse die, rerolls and shuffles draw on chance.
    if after.rng != before.rng {
        return Err(RuleError::ruled("R8", "The dice were rolled since that move, so it cannot be taken back."));
    }
    // R13, R18, R24: drawing, exchanging and laying cards show them to someone.
    if take_back::shows_hidden(before, after, seat) {
        return Err(RuleError::ruled("R13", "A card was drawn or shown since that move, so it cannot be taken back."));
    }
    Ok(())
}
