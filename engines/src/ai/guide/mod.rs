//! What a game tells its computer players beyond the rules: how a playout moves (a cheap
//! rule-of-thumb policy rather than uniformly random moves), which moves are worth searching
//! (a shortlist where the legal list is huge or holds moves nobody sensible makes), and when a
//! playout may stop to be scored by the game's estimate.
//!
//! Every method has a neutral default (the legal list, random moves, the fixed cut-off), so a
//! game opts in one lever at a time, each kept only where a tournament shows it better
//! (`ai/README.md`). Like everything the search reads, these see only determinized worlds
//! (`Game::determinize`), never the real state: they cannot peek.

mod conquest_of_mars;
mod gunslinger_gang;
mod martian_12s;
mod martian_gunslinger;
mod raja;
mod raja_policy;

use super::ismcts::Search;
use super::level::Level;
use crate::game::{Game, Seat};
use crate::rng::GameRng;

/// A game's advice to its computer players.
pub trait Guide: Game {
    /// The search a computer player runs at `level` in this game: the level's budget with the
    /// default settings ([`Search::for_game`]) unless the game measured better ones for it.
    #[must_use]
    fn search_at(level: Level) -> Search
    where
        Self: Sized,
    {
        Search::for_game::<Self>(level.budget())
    }

    /// The move a playout makes for `seat`, or `None` when it has none. The default is a
    /// uniformly random legal move ([`Game::random_legal_action`]). `scratch` is a buffer the
    /// caller reuses.
    fn playout_action(&self, seat: Seat, rng: &mut GameRng, scratch: &mut Vec<Self::Action>) -> Option<Self::Action> {
        self.random_legal_action(seat, rng, scratch)
    }

    /// The moves search considers for `seat`: a non-empty part of its legal list whenever the
    /// list is not empty. The default is the whole list.
    fn candidates_into(&self, seat: Seat, out: &mut Vec<Self::Action>) {
        self.legal_actions_into(seat, out);
    }

    /// A mark of where the game stands (a round, a turn), taken where a playout starts, so that
    /// [`Guide::stop_playout`] can stop it at the next boundary. The default is 0.
    fn playout_mark(&self) -> u32 {
        0
    }

    /// Whether a playout that started at `mark` and has made `moves` moves stops here to be
    /// scored by [`Guide::evaluate`] (when it gives a score). The default stops after the
    /// search's fixed `cutoff`.
    fn stop_playout(&self, _mark: u32, moves: u32, cutoff: Option<u32>) -> bool {
        cutoff.is_some_and(|limit| moves >= limit)
    }

    /// Each seat's expected reward in an unfinished state, as [`Game::estimate`] (the
    /// default); `None` lets the playout run on.
    fn evaluate(&self) -> Option<Vec<f64>> {
        self.estimate()
    }

    /// What `observer` learned by chance from `events`, the events of one move (a pyramid
    /// pulled, dice rolled), as a key: the search's tree keeps one node per key after that
    /// move, so its later decisions can depend on the outcome. Only what `observer` sees may
    /// go into it. The default, 0 for every outcome, keeps one node for all of them.
    fn chance_key(&self, _observer: Seat, _events: &[Self::Event]) -> u64 {
        0
    }
}

/// What the guides' unit tests share: seeded games walked decision by decision.
#[cfg(test)]
pub(crate) mod walk {
    use super::Guide;
    use crate::game::{Pending, Seat};
    use crate::rng::GameRng;

    /// Plays two-player games from seeds `0..games`, each move chosen by `mover` (the game,
    /// the seat, the game's own random stream), and at every decision checks what every
    /// shortlist must keep: never empty while a legal move exists, nothing that is not legal.
    /// Then `inspect` sees the seed, the game, the deciding seat, the legal moves and the
    /// shortlist, to check the game's own cuts.
    pub(crate) fn shortlists<G: Guide>(
        games: u64,
        mut mover: impl FnMut(&G, Seat, &mut GameRng) -> G::Action,
        mut inspect: impl FnMut(u64, &G, Seat, &[G::Action], &[G::Action]),
    ) {
        for seed in 0..games {
            let mut rng = GameRng::from_seed(seed);
            let mut game = G::setup(&G::Options::default(), 2, GameRng::from_seed(seed)).expect("setup");
            while let Pending::Deciding { must, .. } = game.pending() {
                let seat = must.iter().next().expect("a seat");
                let legal = game.legal_actions(seat);
                let mut shortlist = Vec::new();
                game.candidates_into(seat, &mut shortlist);
                assert!(!shortlist.is_empty(), "seed {seed}: an empty shortlist for {legal:?}");
                assert!(shortlist.iter().all(|a| legal.contains(a)), "seed {seed}: an illegal candidate");
                inspect(seed, &game, seat, &legal, &shortlist);
                let action = mover(&game, seat, &mut rng);
                game.apply(seat, &action).expect("a legal move");
            }
        }
    }

    /// A mover for [`shortlists`]: a uniformly random legal move.
    pub(crate) fn random<G: Guide>(game: &G, seat: Seat, rng: &mut GameRng) -> G::Action {
        game.random_legal_action(seat, rng, &mut Vec::new()).expect("a move")
    }
}
