//! Unit tests of the flow: text forms, the menus (R35), options, resignation on one's own
//! turn (R37), timeouts (§4.8), secrets and narration.

use super::fixtures::{P0, P1, P2, act, given, new_game};
use crate::conquest_of_mars::action::Action;
use crate::conquest_of_mars::dice::DiceMix;
use crate::conquest_of_mars::state::{ConquestOfMars, Options, Phase};
use crate::game::{Game, MAX_CHOICES, SetupError, previous_prefix};
use crate::parts::pyramids::Colour;
use crate::rng::GameRng;

/// Every action's text reads back as the same action; malformed texts are typed refusals.
#[test]
fn text_forms_read_back() {
    let texts = [
        "start d8",
        "take",
        "trade d10",
        "spawn C3",
        "grow RS1",
        "reorient",
        "move RM1",
        "attack D3",
        "add d4",
        "confirm",
        "cancel",
        "orient RS1 E",
        "orient KL3 Up",
        "done",
        "join",
        "decline",
        "commit d20",
        "destroy YS1",
        "evade BM2",
        "pass",
        "resign",
    ];
    for text in texts {
        assert_eq!(act(text).to_string(), text);
    }
    for bad in ["", "spawn Z9", "spawn H1", "grow XS1", "grow RS4", "orient RS1 NE", "commit d7", "take 2", "fly C3"] {
        assert!(bad.parse::<Action>().is_err(), "{bad:?}");
    }
    let error = "spawn C9".parse::<Action>().expect_err("no row 9");
    assert!(error.expected.contains("a cell like C3"), "{error}");
}

/// R35: spawning anywhere is entered column, then row; no step shows more than 25 options.
#[test]
fn spawning_anywhere_is_entered_in_two_steps() {
    let g = given(2).build();
    let first = g.choices(P0, "");
    let tokens: Vec<&str> = first.options.iter().map(|c| c.token.as_str()).collect();
    assert_eq!(tokens, ["take", "spawn"]);
    let columns = g.choices(P0, "spawn");
    let tokens: Vec<&str> = columns.options.iter().map(|c| c.token.as_str()).collect();
    assert_eq!(tokens, [" B", " C", " D", " E", " F", " A", " G"], "in reading order of the cells");
    assert_eq!(columns.options[0].label, "Column B");
    let rows = g.choices(P0, "spawn D");
    let tokens: Vec<&str> = rows.options.iter().map(|c| c.token.as_str()).collect();
    assert_eq!(tokens, ["1", "2", "3", "5", "6", "7"], "D4 is a hole");
    assert_eq!(rows.options[2].label, "Spawn a small pyramid on D3");
    assert!(g.choices(P0, "spawn D3").complete);
    assert_eq!(previous_prefix(&g, P0, "spawn D3"), "spawn D");
    assert!(g.choices(P1, "").options.is_empty(), "not P1's decision");
    // With a card occupied, the cells fit one step.
    let g = given(2).with("RS1@C3:E").build();
    let cells = g.choices(P0, "spawn");
    assert_eq!(cells.options.iter().map(|c| c.token.as_str()).collect::<Vec<_>>(), [" C3"]);
}

/// R35: reorienting is pyramid, then orientation; every step of a long game fits a menu.
#[test]
fn every_step_fits_a_menu() {
    let mut g = given(2).with("RS1@B1:Up RM1@B2:Up").build();
    g.run(P0, "reorient");
    let pyramids = g.choices(P0, "orient");
    assert_eq!(
        pyramids.options.iter().map(|c| c.label.as_str()).collect::<Vec<_>>(),
        ["Your small pyramid on B1 (upright)", "Your medium pyramid on B2 (upright)"]
    );
    let orients = g.choices(P0, "orient RS1");
    assert_eq!(
        orients.options.iter().map(|c| c.label.as_str()).collect::<Vec<_>>(),
        ["Point your small pyramid on B1 east at C1", "Point your small pyramid on B1 south at B2"]
    );
    let mut game = new_game(4, 8);
    let mut chooser = GameRng::from_seed(8);
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    while let Some(seat) = game.must().first() {
        for prefix in ["", "spawn", "orient", "trade", "commit", "destroy"] {
            assert!(game.choices(seat, prefix).options.len() <= MAX_CHOICES);
        }
        crate::ai::random_move(&mut game, &mut chooser, &mut legal, &mut events);
    }
}

/// §2.5: options are checked at setup.
#[test]
fn options_are_checked() {
    let bad = |options: Options, players: usize| ConquestOfMars::setup(&options, players, GameRng::from_seed(1)).err();
    assert!(matches!(bad(Options::default(), 5), Some(SetupError::PlayerCount { .. })));
    assert!(matches!(bad(Options::default(), 1), Some(SetupError::PlayerCount { .. })));
    let cap = |round_cap| Options { round_cap, ..Options::default() };
    assert!(bad(cap(19), 2).is_some() && bad(cap(101), 2).is_some() && bad(cap(20), 2).is_none());
    let colours = |colours: Vec<Colour>| Options { colours, ..Options::default() };
    assert!(bad(colours(vec![Colour::Red, Colour::Red]), 2).is_some());
    assert!(bad(colours(vec![Colour::Orange, Colour::Red]), 2).is_some());
    assert!(bad(colours(vec![Colour::Black]), 2).is_some());
    let g = ConquestOfMars::setup(&colours(vec![Colour::Black, Colour::Blue]), 2, GameRng::from_seed(1)).expect("ok");
    assert_eq!(g.player(P0).colour, Colour::Black);
    let json: Options = serde_json::from_str(r#"{"dice_mix": "d6_only"}"#).expect("options");
    assert_eq!((json.dice_mix, json.round_cap), (DiceMix::D6Only, 60));
}

/// R37: resigning on one's own turn drops the sub-phase and passes the turn; after the last
/// seat of the order, the round advances; resigned seats are skipped.
#[test]
fn resigning_on_ones_own_turn() {
    let mut g = given(3).with("RS1@B1:Up").with_dice(P0, &[(4, 2)]).build();
    g.run(P0, "reorient");
    g.run(P0, "orient RS1 E");
    g.run(P0, "resign");
    assert_eq!((g.at("RS1"), g.phase.clone(), g.current, g.round), ("reserve".into(), Phase::Main, P1, 5));
    g.run(P1, "take");
    g.run(P2, "resign");
    assert_eq!(g.phase, Phase::GameOver, "one player left");
    let mut g = given(3).build();
    g.run(P0, "take");
    g.run(P1, "resign");
    assert_eq!(g.current, P2);
    g.run(P2, "take");
    assert_eq!((g.current, g.round), (P0, 6));
    g.run(P0, "take");
    assert_eq!(g.current, P2, "P1 is skipped");
}

/// §4.8: the safe default of every decision outside combat.
#[test]
fn timeouts_take_the_safe_default() {
    let g = new_game(3, 2);
    assert_eq!(g.timeout_action(P0), Some(act("start d4")));
    let mut g = given(2).with("RS1@B1:Up").with_common(&[]).build();
    assert_eq!(g.timeout_action(P0), Some(Action::Pass));
    g.run(P0, "pass");
    assert_eq!(g.current, P1);
    let mut g = given(2).with("RS1@B1:Up").build();
    assert_eq!(g.timeout_action(P0), Some(Action::TakeDie));
    g.run(P0, "reorient");
    g.run(P0, "orient RS1 S");
    assert_eq!(g.timeout_action(P0), Some(Action::Pass));
    g.run(P0, "pass");
    assert_eq!((g.at("RS1"), g.pool_of(P0), g.current), ("B1:Up".into(), "{d4:1}".into(), P1));
    assert_eq!(g.refuse(P1, "pass").ruling, None, "a die can be taken");
}

/// §5: hands are their owners', face-down and aside cards nobody's; narration for every
/// event of a game is a sentence.
#[test]
fn secrets_and_narration() {
    let mut g = new_game(3, 9);
    let secrets = g.secrets();
    assert_eq!(secrets.iter().filter(|s| s.owner == Some(P1)).count(), 2);
    assert_eq!(secrets.iter().filter(|s| s.owner.is_none()).count(), 44 + 2);
    let names: Vec<String> = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut chooser = GameRng::from_seed(9);
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    while crate::ai::random_move(&mut g, &mut chooser, &mut legal, &mut events).is_some() {
        for event in &events {
            let text = g.sentence(event, &names);
            assert!(text.ends_with('.') || text.ends_with('!'), "{event:?}: {text:?}");
        }
    }
}

/// §9: the invariants notice a broken state.
#[test]
fn invariants_notice_broken_states() {
    let g = given(2).with("RS1@B2:E YS1@C2:Up").with_dice(P0, &[(4, 1)]).build();
    let broken = |change: &dyn Fn(&mut ConquestOfMars), invariant: &str| {
        let mut copy = g.clone();
        change(&mut copy);
        let error = copy.check_invariants().expect_err(invariant);
        assert!(error.0.starts_with(invariant), "{error}");
    };
    broken(&|c| c.player_mut(P0).dice = crate::conquest_of_mars::dice::DicePool::EMPTY, "I5");
    broken(&|c| c.grid[super::fixtures::cell("B2").index().expect("cell")].face_up = false, "I2");
    broken(&|c| c.aside[0] = c.player(P1).hand[0], "I1");
    broken(&|c| c.round = 61, "I10");
    broken(
        &|c| {
            c.with("RS2@A2:N");
        },
        "I4",
    );
    broken(
        &|c| {
            let stage = crate::conquest_of_mars::combat::Stage::Commit;
            let combat = crate::conquest_of_mars::combat::Combat {
                declarer: P0,
                target: super::fixtures::cell("C2"),
                stage,
                sides: Vec::new(),
                exchanges: 0,
            };
            c.phase = Phase::Attack(combat);
        },
        "I11",
    );
    let mut ok = g.clone();
    ok.with("RS2@A2:E");
    ok.check_invariants().expect("A2 east is B2");
}

/// A refusal names a pyramid as players do, by its size and place (R11, R13), never by the id
/// the engine and its tests use ("RS1").
#[test]
fn refusals_name_pyramids_by_size_and_place() {
    let mut g = given(2).with("RS1@C3:Up RM1@B2:E RL1@C5:Up YS1@E3:Up").build();
    for (text, words) in [
        ("move RS1", "your small pyramid on C3 stands upright: only a flat pyramid moves"),
        ("move RS2", "your small pyramid is in your reserve, not on the board"),
        ("grow RM1", "your medium pyramid on B2 must stand upright to grow"),
        ("grow RL1", "your large pyramid on C5 is as large as a pyramid grows"),
        ("move YS1", "the small pyramid on E3 is not one of yours"),
    ] {
        let error = g.refuse(P0, text);
        assert_eq!(error.message, words, "{text}");
        let id = text.split(' ').nth(1).unwrap_or_default();
        assert!(!error.message.contains(id), "{text}: {}", error.message);
    }
}
