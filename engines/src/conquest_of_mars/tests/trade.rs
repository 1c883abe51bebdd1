//! Unit tests of trading (§4.3, R2, R3, R36) and the dice pools (R1).

use super::fixtures::{P0, P1, given, pool};
use crate::conquest_of_mars::action::Action;
use crate::conquest_of_mars::dice::{DiceMix, DicePool, Die};
use crate::conquest_of_mars::state::{ConquestOfMars, Options, Phase};
use crate::game::Game;
use crate::rng::GameRng;

fn trader(dice: &[(u8, u8)]) -> ConquestOfMars {
    given(2).with_dice(P0, dice).with_common(&[(4, 4), (6, 4), (8, 4), (10, 4), (12, 4), (20, 4)]).build()
}

/// R3, the seed's own examples: two d4 buy a d6 or a d8 but not a d10; four d6 buy a d20.
#[test]
fn the_seed_examples_of_trading() {
    let g = trader(&[(4, 2)]);
    assert_eq!(g.texts_of(P0, "trade"), ["trade d6", "trade d8"]);
    let g = trader(&[(6, 4)]);
    assert!(g.can_trade_for(P0, Die::D20));
    assert!(!trader(&[(6, 3)]).can_trade_for(P0, Die::D20), "18 faces < 20");
    assert!(!trader(&[(20, 1), (4, 1)]).can_trade_for(P0, Die::D6), "only one smaller die");
}

/// R1: the default pool per player count, and the d6-only option where trading never happens.
#[test]
fn default_pools_and_d6_only() {
    assert_eq!(DicePool::standard(DiceMix::Mixed, 4).len(), 64);
    assert_eq!(DicePool::standard(DiceMix::Mixed, 3), pool(&[(4, 12), (6, 12), (8, 9), (10, 6), (12, 6), (20, 3)]));
    let options = Options { dice_mix: DiceMix::D6Only, ..Options::default() };
    let mut g = ConquestOfMars::setup(&options, 3, GameRng::from_seed(5)).expect("setup");
    assert_eq!(g.common, pool(&[(6, 48)]));
    assert_eq!(g.texts(P0), ["start d6"]);
    g.player_mut(P0).dice = pool(&[(6, 10)]);
    g.common = pool(&[(6, 38)]);
    g.phase = Phase::Main;
    g.turn_order = g.seats().collect();
    assert!(Die::ALL.iter().all(|d| !g.can_trade_for(P0, *d)), "no smaller die than a d6");
}

/// R3: over-paying is allowed, no change is given; the offered dice stay in the personal
/// pool until the trade is confirmed (I5).
#[test]
fn over_paying_loses_the_extra_value() {
    let mut g = trader(&[(4, 3), (6, 2), (20, 1)]);
    g.run(P0, "trade d8");
    assert_eq!(g.texts(P0), ["add d4", "add d6", "cancel"]);
    for _ in 0..3 {
        g.run(P0, "add d4");
    }
    g.run(P0, "add d6");
    assert_eq!(g.pool_of(P0), "{d4:3, d6:2, d20:1}", "nothing has left yet");
    assert_eq!(g.texts(P0), ["add d6", "confirm", "cancel"]);
    assert_eq!(g.refuse(P0, "add d4").ruling, None, "no d4 left to offer");
    assert_eq!(g.refuse(P0, "add d20").ruling, Some("R3"));
    let common = g.common;
    g.run(P0, "confirm");
    assert_eq!(g.pool_of(P0), "{d6:1, d8:1, d20:1}");
    let mut expected = common.plus(&pool(&[(4, 3), (6, 1)]));
    expected.remove(Die::D8);
    assert_eq!(g.common, expected, "18 faces paid for 8, no change");
    assert_eq!(g.current, P1);
}

/// R2: a type that runs out cannot be traded for; an empty pool allows neither trade nor take.
#[test]
fn an_empty_type_or_pool_blocks_trades() {
    let mut g = given(2).with_dice(P0, &[(4, 4)]).with_common(&[(8, 1)]).build();
    assert_eq!(g.texts_of(P0, "trade"), ["trade d8"]);
    assert_eq!(g.refuse(P0, "trade d6").ruling, Some("R2"));
    let mut g = given(2).with_dice(P0, &[(4, 4)]).with_dice(P1, &[(8, 1)]).with_common(&[]).build();
    assert!(g.texts_of(P0, "trade").is_empty() && g.texts_of(P0, "take").is_empty());
    assert_eq!(g.refuse(P0, "take").ruling, Some("R2"));
}

/// R36: a cancelled trade spends nothing; after two cancels a trade must be completed, and
/// `TradeStart` is offered only when it can be.
#[test]
fn cancelling_a_trade_and_its_limit() {
    let mut g = trader(&[(4, 2)]);
    let before = g.clone();
    g.run(P0, "trade d6");
    g.run(P0, "add d4");
    g.run(P0, "cancel");
    assert_eq!((g.pool_of(P0), g.common), (before.pool_of(P0), before.common), "nothing spent");
    assert_eq!((g.phase.clone(), g.cancels), (Phase::Main, 1));
    g.run(P0, "trade d8");
    g.run(P0, "cancel");
    g.run(P0, "trade d8");
    assert_eq!(g.texts(P0), ["add d4"], "only the way forward");
    assert_eq!(g.refuse(P0, "cancel").ruling, Some("R36"));
    g.run(P0, "add d4");
    g.run(P0, "add d4");
    g.run(P0, "confirm");
    assert_eq!((g.pool_of(P0), g.current, g.cancels), ("{d8:1}".into(), P1, 0));
}

/// §4.8: the timeout of a trade cancels it regardless of R36, then takes a die; `pass` is
/// refused where it is not the timeout's action.
#[test]
fn a_trade_timeout_passes() {
    let mut g = trader(&[(4, 2)]);
    assert_eq!(g.timeout_action(P0), Some(Action::TakeDie));
    assert!(g.refuse(P0, "pass").message.contains("no voluntary pass"));
    for step in ["trade d6", "cancel", "trade d6", "cancel", "trade d6"] {
        g.run(P0, step);
    }
    assert_eq!(g.timeout_action(P0), Some(Action::Pass));
    assert_eq!(g.timeout_action(P1), None, "not P1's decision");
    g.run(P0, "pass");
    assert_eq!((g.pool_of(P0), g.current), ("{d4:3}".into(), P1), "cancelled, then the smallest die");
}
