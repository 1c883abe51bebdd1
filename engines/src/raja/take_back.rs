//! Taking a move back by consent (issue #27). Only cash is hidden in Raja (R5): bids, trades
//! and holdings are public, so a bid, an order or a placement can be taken back; a roll of
//! the dice, a wall's or a grain column's collapse check (R8, R23, R30) cannot, nor the end of
//! the secret set-up, which reveals every land at once (§3 step 6).

use super::Raja;
use super::action::Action;
use super::state::Phase;
use crate::game::{RuleError, Seat};
use crate::take_back;

/// See [`crate::Game::take_back`].
pub(super) fn take_back(after: &Raja, before: &Raja, seat: Seat, action: &Action) -> Result<(), RuleError> {
    take_back::opening(after, seat, action)?;
    // R8, R23, R30 and the siege dice: everything random is drawn from the game's source.
    if after.rng != before.rng {
        return Err(RuleError::ruled("R23", "Dice were rolled since that move, so it cannot be taken back."));
    }
    // §3 step 6: when the last player finishes setting up, all lands are revealed.
    if before.phase == Phase::Setup && after.phase != Phase::Setup {
        return Err(RuleError::illegal("Everyone's lands were revealed since that move, so it cannot be taken back."));
    }
    Ok(())
}
