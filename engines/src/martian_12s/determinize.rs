//! Determinization for computer players: nothing in Martian 12s is private (§5), and the bag's
//! contents are public, so only the future of the random source (which pyramid a pull
//! yields) is hidden: it is replaced.

use super::state::Martian12s;
use crate::game::Seat;
use crate::rng::GameRng;

pub(super) fn determinize(game: &Martian12s, _observer: Seat, rng: &mut GameRng) -> Martian12s {
    let mut world = game.clone();
    world.rng = rng.fork();
    world
}
