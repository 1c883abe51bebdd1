//! Sparring partners: rule-of-thumb players, the policies a casual but thoughtful person uses
//! after reading the rules once. They are the yardstick the computer players are measured
//! against (issue #26), beside uniformly random players.
//!
//! Each reads only what its seat may see, through the game's own [`Game::view`] for that seat
//! and its legal list, exactly as a person at the table does: it can never peek, by
//! construction. None of them searches; each looks at the legal moves and picks one by a few
//! rules written from the rules specification (`rules/<game>.md`). Every game has at least two,
//! in different styles (a cautious one, a greedy one, and where a game has one the obvious
//! exploit, such as Raja's elephant raid on unshielded cities).

mod conquest_of_mars;
mod gunslinger_gang;
mod martian_12s;
mod martian_gunslinger;
mod raja;

use crate::game::{Game, Seat, Viewer};
use crate::rng::GameRng;

/// A game whose sparring partners are written.
pub trait Sparring: Game {
    /// The partners' names, as typed in the tournament tool (`--b cautious`).
    const PARTNERS: &'static [&'static str];

    /// What partner `partner` (an index into [`Sparring::PARTNERS`]) plays as `seat`, seeing
    /// `view` (the view for that seat) and choosing among `legal` (never empty). `rng` is the
    /// player's own source, for the few choices a person makes at random.
    fn spar(partner: usize, seat: Seat, view: &Self::View, legal: &[Self::Action], rng: &mut GameRng) -> Self::Action;
}

/// The index of the partner named `name` in `G`, if it has one by that name.
#[must_use]
pub fn partner_index<G: Sparring>(name: &str) -> Option<usize> {
    G::PARTNERS.iter().position(|p| p.eq_ignore_ascii_case(name))
}

/// Partner `partner`'s move for `seat`, or `None` when it has nothing to decide. It sees only
/// `seat`'s view and legal list.
pub fn sparring_action<G: Sparring>(game: &G, seat: Seat, partner: usize, rng: &mut GameRng) -> Option<G::Action> {
    let legal = game.legal_actions(seat);
    match legal.len() {
        0 => None,
        1 => legal.into_iter().next(),
        _ => Some(G::spar(partner, seat, &game.view(Viewer::Seat(seat)), &legal, rng)),
    }
}

/// The action of `legal` with the highest `score` (the first on a tie); `legal` is not empty.
pub(crate) fn best_by<A: Clone>(legal: &[A], mut score: impl FnMut(&A) -> f64) -> A {
    let mut best = (f64::NEG_INFINITY, 0);
    for (i, action) in legal.iter().enumerate() {
        let s = score(action);
        if s > best.0 {
            best = (s, i);
        }
    }
    legal[best.1].clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::random_action;
    use crate::game::Pending;

    /// Every partner of `G` plays whole games against uniformly random seats, with only legal
    /// moves, to the end.
    fn partners_finish_games<G: Sparring>(players: usize) {
        for partner in 0..G::PARTNERS.len() {
            for seed in 0..3u64 {
                let mut game = G::setup(&G::Options::default(), players, GameRng::from_seed(seed)).expect("setup");
                let mut rng = GameRng::from_seed(seed + 100);
                let mut moves = 0;
                while let Pending::Deciding { must, .. } = game.pending() {
                    let seat = must.iter().nth(rng.index(must.len())).expect("a seat");
                    let action = if seat.index() == seed as usize % players {
                        random_action(&game, seat, &mut rng)
                    } else {
                        sparring_action(&game, seat, partner, &mut rng)
                    }
                    .expect("a move");
                    let legal = game.legal_actions(seat);
                    assert!(legal.contains(&action), "{}: {action} is legal", G::PARTNERS[partner]);
                    game.apply(seat, &action).expect("a legal move is applied");
                    moves += 1;
                    assert!(moves < G::MAX_ACTIONS, "{} ends its games", G::PARTNERS[partner]);
                }
            }
        }
    }

    #[test]
    fn every_partner_plays_legal_moves_to_the_end() {
        partners_finish_games::<crate::martian_12s::Martian12s>(3);
        partners_finish_games::<crate::martian_gunslinger::MartianGunslinger>(2);
        partners_finish_games::<crate::gunslinger_gang::GunslingerGang>(3);
        partners_finish_games::<crate::conquest_of_mars::ConquestOfMars>(2);
        partners_finish_games::<crate::raja::Raja>(3);
    }
}
