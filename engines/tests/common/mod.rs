//! Shared by the engine's integration tests.

use engines::{Game, GameRng, Pending, SeatSet};

/// Plays `games` seeded random games of `players` (game `seed` set up from `seed`, its moves
/// drawn from `seed ^ salt`) and calls `check(game, seed, step, must)` at every `every`th
/// decision, before the move is played.
pub fn at_every_nth_decision<G: Game>(
    players: usize,
    games: u64,
    every: usize,
    salt: u64,
    mut check: impl FnMut(&G, u64, usize, SeatSet),
) {
    for seed in 0..games {
        let mut game = G::setup(&G::Options::default(), players, GameRng::from_seed(seed)).expect("setup");
        let mut chooser = GameRng::from_seed(seed ^ salt);
        let (mut actions, mut events) = (Vec::new(), Vec::new());
        let mut step = 0usize;
        while let Pending::Deciding { must, .. } = game.pending() {
            step += 1;
            if step.is_multiple_of(every) {
                check(&game, seed, step, must);
            }
            if engines::ai::random_move(&mut game, &mut chooser, &mut actions, &mut events).is_none() {
                break;
            }
        }
    }
}
