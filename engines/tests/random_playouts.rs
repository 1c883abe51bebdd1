//! The move of a random playout (`Game::random_legal_action`) is a uniform draw from the legal
//! list, in every game.
//!
//! Computer players judge a move by playing on at random from it, thousands of times a
//! decision. A game may draw that move without listing every legal action (Raja draws among
//! its unchecked candidates and checks only what it draws); the playouts, and so the
//! computers' strength, must not change by it. Along seeded random games this draws the move
//! many times at decisions of every seat waited for and checks that only legal actions come
//! out, each about as often as any other (a chi-square test; the seeds are fixed, so the test
//! gives the same answer every run).

use std::collections::HashMap;

use engines::conquest_of_mars::ConquestOfMars;
use engines::gunslinger_gang::GunslingerGang;
use engines::martian_12s::Martian12s;
use engines::martian_gunslinger::MartianGunslinger;
use engines::raja::Raja;
use engines::{Game, GameRng};

mod common;

/// Checks the draws at every `every`th decision of `games` seeded random games; returns how
/// many decisions with a choice were checked.
fn playout_moves_are_uniform<G: Game>(players: usize, games: u64, every: usize) -> usize {
    let mut checked = 0;
    let mut scratch = Vec::new();
    common::at_every_nth_decision::<G>(players, games, every, 0x7a11, |game, seed, step, must| {
        for seat in must.iter() {
            let legal = game.legal_actions(seat);
            if legal.len() < 2 {
                continue;
            }
            let ctx = format!("{} seed {seed} step {step}, seat {seat}", G::NAME);
            // Each distinct legal action and how many entries of the list it has.
            let mut entries: HashMap<G::Action, f64> = HashMap::new();
            for action in &legal {
                *entries.entry(action.clone()).or_default() += 1.0;
            }
            let draws = 40 * legal.len();
            let mut seen: HashMap<G::Action, f64> = HashMap::new();
            let mut rng = GameRng::from_seed(seed * 7_919 + step as u64);
            for _ in 0..draws {
                let action = game
                    .random_legal_action(seat, &mut rng, &mut scratch)
                    .unwrap_or_else(|| panic!("{ctx}: no move drawn though {} are legal", legal.len()));
                assert!(entries.contains_key(&action), "{ctx}: drew {action}, which is not legal");
                *seen.entry(action).or_default() += 1.0;
            }
            // Pearson's chi-square against equal chances per listed entry.
            let per_entry = draws as f64 / legal.len() as f64;
            let statistic: f64 = entries
                .iter()
                .map(|(action, count)| {
                    let e = per_entry * count;
                    let o = seen.get(action).copied().unwrap_or(0.0);
                    (o - e) * (o - e) / e
                })
                .sum();
            let freedom = (entries.len() - 1) as f64;
            // About six standard deviations above the mean: a skewed draw fails, chance
            // alone essentially never does.
            let bound = freedom + 6.0 * (2.0 * freedom).sqrt();
            assert!(statistic < bound, "{ctx}: chi-square {statistic:.1} over {freedom} degrees of freedom");
            checked += 1;
        }
    });
    checked
}

#[test]
fn raja_playout_moves_are_uniform() {
    assert!(playout_moves_are_uniform::<Raja>(3, 2, 5) > 50);
}

#[test]
fn martian_gunslinger_playout_moves_are_uniform() {
    assert!(playout_moves_are_uniform::<MartianGunslinger>(3, 2, 7) > 20);
}

#[test]
fn gunslinger_gang_playout_moves_are_uniform() {
    assert!(playout_moves_are_uniform::<GunslingerGang>(3, 2, 5) > 20);
}

#[test]
fn martian_12s_playout_moves_are_uniform() {
    assert!(playout_moves_are_uniform::<Martian12s>(4, 2, 5) > 20);
}

#[test]
fn conquest_of_mars_playout_moves_are_uniform() {
    assert!(playout_moves_are_uniform::<ConquestOfMars>(3, 2, 5) > 20);
}
