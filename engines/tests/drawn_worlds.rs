//! A world drawn for a computer player is a game that plays on, in every game.
//!
//! The search plays thousands of moves in worlds drawn by `determinize`, and a drawn world
//! that breaks a promise made in public (a trade partner who accepted but can no longer pay,
//! a high bid its bidder cannot cover) makes a legal move fail or panic in the middle of a
//! computer's turn. Along seeded random games, at every decision, for each seat the game waits
//! for, this draws worlds and checks in each that:
//! - the drawn state is consistent (`check_invariants`);
//! - every action legal for every seat waited for is accepted, and leaves a consistent state;
//! - random play from the drawn world goes on to the end of the game without a refusal.
//!
//! Tests build with overflow checks, so a purse driven below zero fails here as a panic.

use engines::conquest_of_mars::ConquestOfMars;
use engines::gunslinger_gang::GunslingerGang;
use engines::martian_12s::Martian12s;
use engines::martian_gunslinger::MartianGunslinger;
use engines::raja::Raja;
use engines::{Game, GameRng, Pending};

mod common;

/// Plays `games` seeded random games and checks worlds drawn at every `every`th decision.
/// Returns how many worlds were checked.
fn drawn_worlds_play_on<G: Game>(players: usize, games: u64, every: usize) -> usize {
    let mut checked = 0;
    let (mut actions, mut events) = (Vec::new(), Vec::new());
    common::at_every_nth_decision::<G>(players, games, every, 0xd4a3, |game, seed, step, must| {
        for observer in must.iter() {
            let draw = seed * 1_000_003 + step as u64 * 31 + observer.index() as u64;
            let world = game.determinize(observer, &mut GameRng::from_seed(draw));
            let ctx = format!("{} seed {seed} step {step}, drawn for seat {observer}", G::NAME);
            world.check_invariants().unwrap_or_else(|e| panic!("{ctx}: an inconsistent world: {e:?}"));
            let Pending::Deciding { must: waiting, .. } = world.pending() else {
                panic!("{ctx}: the drawn world is over but the game is not");
            };
            for seat in waiting.iter() {
                for action in world.legal_actions(seat) {
                    let mut next = world.clone();
                    if let Err(error) = next.apply(seat, &action) {
                        panic!("{ctx}: seat {seat}'s legal {action} was refused: {error}");
                    }
                    next.check_invariants().unwrap_or_else(|e| panic!("{ctx}: after seat {seat}'s {action}: {e:?}"));
                }
            }
            let mut rest = world;
            let mut walker = GameRng::from_seed(draw ^ 0x5eed);
            while engines::ai::random_move(&mut rest, &mut walker, &mut actions, &mut events).is_some() {}
            checked += 1;
        }
    });
    checked
}

#[test]
fn martian_gunslinger() {
    assert!(drawn_worlds_play_on::<MartianGunslinger>(3, 6, 7) > 300);
}

#[test]
fn gunslinger_gang() {
    assert!(drawn_worlds_play_on::<GunslingerGang>(3, 10, 3) > 300);
}

#[test]
fn martian_12s() {
    assert!(drawn_worlds_play_on::<Martian12s>(3, 20, 1) > 300);
}

#[test]
fn conquest_of_mars() {
    assert!(drawn_worlds_play_on::<ConquestOfMars>(3, 10, 2) > 300);
}

/// Raja hides every purse and the bank (R5), while trades, market orders, auctions and ransoms
/// commit players to pay in public; every decision of a few whole games is checked.
#[test]
fn raja() {
    assert!(drawn_worlds_play_on::<Raja>(3, 6, 1) > 3_000);
}
