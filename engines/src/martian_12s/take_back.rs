//! Taking a move back by consent (issue #27): a pass can be taken back; a pull cannot, since
//! it draws a pyramid from the bag unseen (R6), and what came out is known to everyone.

use super::Martian12s;
use super::action::Action;
use crate::game::{RuleError, Seat};
use crate::take_back;

/// See [`crate::Game::take_back`].
pub(super) fn take_back(after: &Martian12s, before: &Martian12s, seat: Seat, action: &Action) -> Result<(), RuleError> {
    take_back::opening(after, seat, action)?;
    // R6: a pull draws from the bag by chance; the bag is the game's only hidden thing.
    if after.rng != before.rng {
        return Err(RuleError::ruled(
            "R6",
            "A pyramid was drawn from the bag since that move, so it cannot be taken back.",
        ));
    }
    Ok(())
}
