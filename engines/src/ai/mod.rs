//! Computer players, generic over [`Game`].

use crate::game::{Game, Seat};
use crate::rng::GameRng;

/// A uniformly random legal action for `seat`, or `None` when it has nothing to decide.
///
/// The computer player's own random source is separate from the game's, so its choices
/// never disturb the draws a replay depends on; the table logs what it chose.
pub fn random_action<G: Game>(game: &G, seat: Seat, rng: &mut GameRng) -> Option<G::Action> {
    let mut actions = game.legal_actions(seat);
    if actions.is_empty() {
        return None;
    }
    let pick = rng.index(actions.len());
    Some(actions.swap_remove(pick))
}
