//! Martian 12s's advice to the search.
//!
//! - Playouts push their luck as people do (rules §4): pass when passing already wins the
//!   round, pull while no pull can pop, keep pulling while someone who passed is ahead (R14),
//!   and otherwise pull while the safest size pops at most a threshold drawn afresh for every
//!   decision between one time in seven and two in three (a table of players of every
//!   temper). Uniformly random playouts pass one time in five whatever the score, so the
//!   search took passing at 7 for safe.
//! - At 7 or more, the search never considers passing while some size cannot pop the player (R6, R9, R25:
//!   every size's values are public) and passing does not already win the round: a pull that
//!   cannot pop leaves the score no lower and the pyramid count higher (R14), for one stake
//!   that comes back with the pot. Searched, passing at 7 looked as good as a pull, because
//!   after a pass the other seat's replies are explored at random for a while; a person
//!   laughs at it. Below 7 passing stays a candidate: dropping it there too (never pass at
//!   0–8) lost 30 points against the sparring partners (40 games each, notes/issue-26.md).
//! - A playout stops when its round is scored, and is scored by the wallets: the chance of
//!   finishing the match with the most cash, as a logistic of the cash lead, flatter the more
//!   rounds are left (§4.7, R21). Before, a playout ran every remaining round of the match at
//!   random, burying the round at stake under the noise of the others.

use super::Guide;
use crate::ai::ismcts::estimate_from_scores;
use crate::game::{Game, Seat};
use crate::martian_12s::{Action, Event, Grab, Martian12s, Pyramid, Status};
use crate::parts::pyramids::Size;
use crate::rng::GameRng;

impl Guide for Martian12s {
    fn playout_action(&self, seat: Seat, rng: &mut GameRng, scratch: &mut Vec<Action>) -> Option<Action> {
        if self.current != seat || self.players[seat.index()].status != Status::Active {
            return self.random_legal_action(seat, rng, scratch);
        }
        // Between 1/7 and 2/3, in steps of 1/100.
        let nerve = 0.14 + f64::from(rng.below(53)) / 100.0;
        Some(push_your_luck(self, seat, nerve))
    }

    fn candidates_into(&self, seat: Seat, out: &mut Vec<Action>) {
        self.legal_actions_into(seat, out);
        if passing_is_dominated(self, seat, out) {
            out.retain(|action| *action != Action::Pass);
        }
    }

    fn playout_mark(&self) -> u32 {
        u32::from(self.round)
    }

    fn stop_playout(&self, mark: u32, _moves: u32, _cutoff: Option<u32>) -> bool {
        u32::from(self.round) != mark
    }

    fn evaluate(&self) -> Option<Vec<f64>> {
        let stake = f64::from(self.options.stake.max(1));
        let left = f64::from(last_round(self).saturating_sub(self.round) + 1);
        let scores: Vec<Option<f64>> = self
            .players
            .iter()
            .map(|p| (!p.resigned).then(|| f64::from(p.wallet.0) / stake + f64::from(p.rounds_won) / 100.0))
            .collect();
        // A round moves a few stakes either way; its spread grows as the square root of the
        // rounds left.
        Some(estimate_from_scores(&scores, 0.35 / left.sqrt()))
    }

    /// The value of each pyramid pulled (public, §4.4): a seat at 9 and a seat at 5 after the
    /// same pull want different next moves (R9: over 12 pops).
    fn chance_key(&self, _observer: Seat, events: &[Event]) -> u64 {
        events.iter().fold(0, |key, event| match event {
            Event::Pulled { pyramid, .. } => key * 8 + u64::from(pyramid.value) + 1,
            _ => key,
        })
    }
}

fn last_round(game: &Martian12s) -> u8 {
    match game.options.match_mode {
        crate::martian_12s::MatchMode::Rounds => game.options.rounds,
        crate::martian_12s::MatchMode::UntilBroke => crate::martian_12s::ROUND_CAP,
    }
}

/// The pull or pass of a player on turn who pulls while the safest pull pops at most `nerve`.
pub(crate) fn push_your_luck(game: &Martian12s, seat: Seat, nerve: f64) -> Action {
    let me = &game.players[seat.index()];
    let counts = bag_counts(game);
    let grabs = [Grab::Size(Size::Small), Grab::Size(Size::Medium), Grab::Size(Size::Large), Grab::Any];
    let best = grabs
        .iter()
        .filter_map(|g| pop_chance(&counts, *g, me.score).map(|p| (*g, p)))
        .min_by(|a, b| a.1.total_cmp(&b.1));
    let Some((grab, pop)) = best else { return Action::Pass };
    let mine = (me.score, me.stack.len());
    let mut open = false;
    for (i, p) in game.players.iter().enumerate() {
        match p.status {
            _ if i == seat.index() => {}
            Status::Passed if (p.score, p.stack.len()) >= mine => {
                return if pop < 1.0 { Action::Pull(grab) } else { Action::Pass };
            }
            Status::Active => open = true,
            _ => {}
        }
    }
    if !open {
        return Action::Pass; // everybody else passed below us or popped: the round is won
    }
    if pop <= nerve { Action::Pull(grab) } else { Action::Pass }
}

/// Whether `seat`, on turn at 7 or more with `legal` open, should not pass: some pull in `legal` cannot pop
/// it (R9), passing would not already win the round (someone else is still pulling, or passed
/// at least as high with at least as many pyramids, R14), and the pull cannot spend its last
/// stake (R3: a player who cannot pay sits out for good). Never true without such a pull, so
/// the list it shortens keeps that pull.
fn passing_is_dominated(game: &Martian12s, seat: Seat, legal: &[Action]) -> bool {
    let me = &game.players[seat.index()];
    if game.current != seat || me.status != Status::Active || me.score < 7 || me.wallet.0 < 2 * game.options.stake {
        return false;
    }
    let counts = bag_counts(game);
    let safe = legal.iter().any(|a| matches!(a, Action::Pull(g) if pop_chance(&counts, *g, me.score) == Some(0.0)));
    let mine = (me.score, me.stack.len());
    let beatable = game.players.iter().enumerate().any(|(i, p)| {
        i != seat.index()
            && match p.status {
                Status::Active => true,
                Status::Passed => (p.score, p.stack.len()) >= mine,
                _ => false,
            }
    });
    safe && beatable
}

/// Pyramids left in the bag by value and size (R25).
fn bag_counts(game: &Martian12s) -> [[u8; 3]; 5] {
    let mut counts = [[0u8; 3]; 5];
    let mut bits = game.bag;
    while bits != 0 {
        let pyramid = Pyramid::from_index(bits.trailing_zeros(), game.sets);
        counts[usize::from(pyramid.value)][pyramid.size.index()] += 1;
        bits &= bits - 1;
    }
    counts
}

/// The chance that a pull of `grab` pops a player at `score` (R9), or `None` when the bag has
/// none of that size.
fn pop_chance(counts: &[[u8; 3]; 5], grab: Grab, score: u8) -> Option<f64> {
    let sizes = match grab {
        Grab::Size(size) => size.index()..size.index() + 1,
        Grab::Any => 0..3,
    };
    let (mut total, mut popping) = (0u32, 0u32);
    for (value, row) in counts.iter().enumerate() {
        let n: u32 = row[sizes.clone()].iter().map(|c| u32::from(*c)).sum();
        total += n;
        if usize::from(score) + value > 12 {
            popping += n;
        }
    }
    (total > 0).then(|| f64::from(popping) / f64::from(total))
}
