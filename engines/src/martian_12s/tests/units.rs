//! Unit tests: text forms, pyramid ids and the bag, labels and the step tree, narration, the
//! view, set-up checks and the invariant checks themselves.

use super::{P0, P1, P2, pull, setup, size};
use crate::game::{Audience, Game, Seat, SetupError, Viewer};
use crate::martian_12s::state::{Credits, SIZE_MASKS, Status, full_bag};
use crate::martian_12s::{Action, Event, Forced, Grab, Martian12s, Options, Palette, Pyramid, RoundEnd};
use crate::parts::pyramids::Size::{Large as L, Medium as M, Small as S};
use crate::rng::GameRng;

#[test]
fn text_forms_round_trip() {
    let texts: Vec<String> = Action::TURN.into_iter().chain([Action::Resign]).map(|a| a.to_string()).collect();
    assert_eq!(texts, ["pull S", "pull M", "pull L", "pull any", "pass", "resign"]);
    for action in Action::TURN.into_iter().chain([Action::Resign]) {
        assert_eq!(action.to_string().parse::<Action>(), Ok(action));
    }
    assert_eq!("  PULL   l ".parse::<Action>(), Ok(Action::Pull(size(L))));
    assert_eq!("Pull ANY".parse::<Action>(), Ok(Action::Pull(Grab::Any)));
    assert_eq!(" Resign ".parse::<Action>(), Ok(Action::Resign));
}

#[test]
fn bad_text_says_what_is_understood() {
    let err = "pull X".parse::<Action>().expect_err("not an action");
    assert!(err.to_string().contains("pull S, pull M"), "{err}");
    for text in ["", "pass now", "pull", "pull S M", "draw S"] {
        assert!(text.parse::<Action>().is_err(), "{text:?}");
    }
    let err = "huge".parse::<Grab>().expect_err("not a grab");
    assert_eq!(err.to_string(), "\"huge\" is not a size to pull (S, M, L, any)");
}

#[test]
fn pyramid_ids_and_canonical_order() {
    let p: Pyramid = "4L2".parse().expect("id");
    assert_eq!(p, Pyramid { value: 4, size: L, copy: 2 });
    assert_eq!(p.to_string(), "4L2");
    for sets in 1..=4 {
        let all: Vec<Pyramid> = (0..15 * u32::from(sets)).map(|i| Pyramid::from_index(i, sets)).collect();
        let mut sorted = all.clone();
        sorted.sort();
        assert_eq!(all, sorted, "canonical order is value, size, copy");
        for (i, p) in all.iter().enumerate() {
            assert_eq!(p.index(sets) as usize, i);
        }
    }
    for bad in ["5L1", "4X1", "4L9", "4L", "4é1", "é41"] {
        let err = bad.parse::<Pyramid>().expect_err("not an id");
        assert_eq!(err.to_string(), format!("{bad:?} is not a pyramid id like 4L2"));
    }
    assert_eq!(serde_json::to_string(&p).expect("saves"), "\"4L2\"");
}

#[test]
fn size_masks_split_a_full_bag_evenly() {
    for sets in 1..=4u8 {
        let masks = SIZE_MASKS[sets as usize];
        assert_eq!(masks[0] | masks[1] | masks[2], full_bag(sets));
        for mask in masks {
            assert_eq!(mask.count_ones(), 5 * u32::from(sets));
        }
    }
}

#[test]
fn setup_refuses_options_out_of_range() {
    let refused = |options: Options, players: usize| {
        Martian12s::setup(&options, players, GameRng::scripted([0])).expect_err("refused")
    };
    assert!(matches!(refused(Options::default(), 10), SetupError::PlayerCount { got: 10, .. }));
    for (options, name) in [
        (Options { stake: 0, ..Options::default() }, "stake"),
        (Options { start_wallet: Some(0), ..Options::default() }, "start_wallet"),
        (Options { rounds: 51, ..Options::default() }, "rounds"),
        (Options { single_set: true, ..Options::default() }, "single_set"),
    ] {
        assert!(matches!(refused(options, 3), SetupError::BadOption { ref option, .. } if option == name), "{name}");
    }
}

#[test]
fn labels_show_the_counts_that_decide_a_pull() {
    let mut game = setup(2, Options::default(), 0);
    pull(&mut game, P0, size(L), "4L1");
    let labels: Vec<String> = Action::TURN.iter().map(|a| game.label(a)).collect();
    assert_eq!(
        labels,
        ["Pull small (10 left)", "Pull medium (10 left)", "Pull large (9 left)", "Pull any (29 in bag)", "Pass at 0"]
    );
    assert_eq!(game.label(&Action::Resign), "Resign");
}

#[test]
fn the_step_tree_is_pull_then_a_size_or_pass() {
    let game = setup(3, Options::default(), 1);
    let first = game.choices(P1, "");
    let tokens: Vec<(&str, &str)> = first.options.iter().map(|c| (c.token.as_str(), c.label.as_str())).collect();
    assert_eq!(tokens, [("pull", "Pull a pyramid…"), ("pass", "Pass at 0")]);
    assert!(!first.complete);
    let sizes = game.choices(P1, "pull");
    let tokens: Vec<&str> = sizes.options.iter().map(|c| c.token.as_str()).collect();
    assert_eq!(tokens, [" S", " M", " L", " any"]);
    assert_eq!(sizes.options[3].label, "Pull any (30 in bag)");
    assert!(game.choices(P1, "pull any").complete);
    assert!(game.choices(P0, "").options.is_empty(), "nothing for a player not on turn");
}

#[test]
fn an_exhausted_size_leaves_the_step_tree() {
    let mut game = setup(2, Options { single_set: true, ..Options::default() }, 0);
    for (seat, id) in [(P0, "0L1"), (P1, "4L1"), (P0, "1L1"), (P1, "3L1"), (P0, "2L1")] {
        pull(&mut game, seat, size(L), id);
    }
    let tokens: Vec<String> = game.choices(P1, "pull").options.into_iter().map(|c| c.token).collect();
    assert_eq!(tokens, [" S", " M", " any"]);
}

#[test]
fn events_are_public_and_read_as_sentences() {
    let game = setup(3, Options { palette: Palette::Xeno, ..Options::default() }, 0);
    let names: Vec<String> = ["Ann", "Bo"].map(String::from).to_vec();
    let pyramid = Pyramid { value: 4, size: M, copy: 1 };
    let pulled = Event::Pulled { seat: P0, grab: size(S), pyramid, score: 13, pulls: 4, popped: true };
    assert_eq!(Martian12s::audience(&pulled), Audience::Public);
    assert_eq!(
        game.sentence(&pulled, &names),
        "Ann felt for a small one and pulled a purple medium (4): 13 from 4. Popped!"
    );
    let passed = Event::Passed { seat: P2, forced: Forced::Broke, score: 7 };
    assert_eq!(game.sentence(&passed, &names), "P2 cannot pay the stake and stops at 7.", "a missing name is the seat");
    let winners = [P0, P1].into_iter().collect();
    let scored = Event::RoundScored {
        round: 3,
        end: RoundEnd::SixPulls,
        winners,
        score: 11,
        pulls: 6,
        share: Credits(6),
        carry: Credits(1),
    };
    assert_eq!(
        game.sentence(&scored, &names),
        "Round 3 ends (six pulls each): Ann and Bo win $6 each with 11 from 6. $1 carries over."
    );
    let ended = Event::MatchEnded { to_house: Credits(1) };
    assert_eq!(game.sentence(&ended, &names), "The match is over. The house keeps the $1 left in the pot.");
}

#[test]
fn every_viewer_sees_the_same_public_table() {
    let mut game = setup(3, Options::default(), 0);
    pull(&mut game, P0, size(M), "3M2");
    let public = game.view(Viewer::Public);
    for seat in [P0, P1, P2] {
        assert_eq!(game.view(Viewer::Seat(seat)), public);
    }
    assert_eq!(public.bag, [10, 9, 10]);
    assert_eq!(public.bag_by_value[3], [2, 1, 2], "R25: counts per value and size");
    assert_eq!((public.pot, public.current, public.last_round), (Credits(1), Some(P1), 10));
    assert_eq!(public.player(P0).stack, vec![Pyramid { value: 3, size: M, copy: 2 }]);
    assert!(public.outcome.is_none());
    assert!(game.secrets().is_empty(), "§5: nothing is private");
}

/// Moves the pyramids `ids` from the bag to `seat`'s stack as pulls would, stakes paid.
fn give(game: &mut Martian12s, seat: Seat, ids: &[&str]) {
    for id in ids {
        let pyramid: Pyramid = id.parse().expect("id");
        game.bag &= !(1u64 << pyramid.index(game.sets));
        let player = &mut game.players[seat.index()];
        player.stack.push(pyramid);
        player.score += pyramid.value;
        player.wallet.0 -= 1;
        game.pot.0 += 1;
    }
}

#[test]
fn the_invariant_checks_catch_a_broken_state() {
    let game = setup(3, Options::default(), 0);
    let broken = |change: &dyn Fn(&mut Martian12s)| {
        let mut copy = game.clone();
        change(&mut copy);
        copy.check_invariants().expect_err("broken").0
    };
    let starts = |text: String, id: &str| assert!(text.starts_with(id), "{id}: {text}");
    starts(broken(&|g| g.bag &= !1), "I1");
    starts(broken(&|g| g.house = Credits(5)), "I2");
    starts(
        broken(&|g| {
            g.pot = Credits(1);
            g.players[2].wallet = Credits(19);
        }),
        "I3",
    );
    starts(broken(&|g| g.players[1].score = 3), "I4");
    starts(broken(&|g| give(g, P0, &["4L1", "4L2", "4M1", "1S1"])), "I5");
    starts(
        broken(&|g| {
            give(g, P1, &["0S1"]);
            g.players[1].status = Status::SittingOut;
        }),
        "I8",
    );
    starts(broken(&|g| give(g, P1, &["0S1", "0S2"])), "I6");
    starts(broken(&|g| g.players[0].status = Status::Passed), "I7");
    starts(broken(&|g| g.round = 11), "I9");
    let mut fine = game.clone();
    give(&mut fine, P0, &["4L1", "4L2", "4M1"]);
    give(&mut fine, P1, &["0S1", "0S2", "1L1"]);
    give(&mut fine, P2, &["2M1", "2M2"]);
    fine.check_invariants().expect("twelve from three does not pop (R10)");
}
