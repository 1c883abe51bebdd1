//! Taking a move back by consent (issue #27): an underling laid face down can be taken back
//! (R18: only its owner knows which it is); revealing a card (R20), turning up a town's item
//! (R7), drawing a News Story (R9) or a tie settled by chance (R29) cannot.

use super::GunslingerGang;
use super::action::Action;
use crate::game::{RuleError, Seat};
use crate::take_back;

/// See [`crate::Game::take_back`].
pub(super) fn take_back(
    after: &GunslingerGang,
    before: &GunslingerGang,
    seat: Seat,
    action: &Action,
) -> Result<(), RuleError> {
    take_back::opening(after, seat, action)?;
    // R29: a tie at high noon is settled by a seeded draw.
    if after.rng != before.rng {
        return Err(RuleError::ruled(
            "R29",
            "A tie was settled by chance since that move, so it cannot be taken back.",
        ));
    }
    // R7, R9, R20: items turned up, News Stories drawn, underlings revealed.
    if take_back::shows_hidden(before, after, seat) {
        return Err(RuleError::ruled(
            "R20",
            "A card was revealed or drawn since that move, so it cannot be taken back.",
        ));
    }
    Ok(())
}
