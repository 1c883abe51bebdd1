//! The acceptance scenarios of `rules/martian-12s.scenarios.md`, one test each, named after
//! the scenario. The file numbers its scenarios M1–M3, M5–M7, M9 and M11: there is no M4, M8
//! or M10 to test.

use super::{P0, P1, P2, pass, pull, refused_without_change, setup, size, tally, wallets};
use crate::game::{Game, RuleErrorKind, SeatSet, Viewer};
use crate::martian_12s::state::{Credits, Martian12s, Player, Status};
use crate::martian_12s::{Action, Event, Grab, Options, Pyramid};
use crate::parts::pyramids::Size::{Large as L, Medium as M, Small as S};
use crate::rng::GameRng;

#[test]
fn m1_setup_three_players() {
    let game = setup(3, Options::default(), 1);
    assert_eq!(game.bag.count_ones(), 30);
    assert_eq!([game.left(S), game.left(M), game.left(L)], [10, 10, 10]);
    let ids: Vec<String> = (0..30).map(|i| Pyramid::from_index(i, game.sets).to_string()).collect();
    for v in 0..5 {
        for size in ["S", "M", "L"] {
            for c in 1..=2 {
                assert!(ids.contains(&format!("{v}{size}{c}")));
            }
        }
    }
    assert_eq!(wallets(&game), [20, 20, 20]);
    assert_eq!((game.pot, game.house, game.round), (Credits(0), Credits(0), 1));
    assert!(game.players.iter().all(|p| p.status == Status::Active));
    assert_eq!((game.first_drawer, game.current), (P1, P1));
    assert_eq!(game.legal_actions(P1), Action::TURN.to_vec());
    for action in Action::TURN {
        let err = refused_without_change(&game, P0, action);
        assert!(err.kind == RuleErrorKind::NotYourDecision, "{err}");
    }
    // Resign is the one action accepted out of turn (§4.8).
    let mut copy = game.clone();
    copy.apply(P0, &Action::Resign).expect("resign out of turn");
    assert_eq!(copy.current, P1);
}

#[test]
fn m2_continue_at_twelve_pop_and_sole_survivor_wins_at_once() {
    let mut game = setup(2, Options::default(), 0);
    pull(&mut game, P0, size(L), "4L1");
    assert_eq!((tally(&game, P0), game.player(P0).wallet, game.pot), ((4, 1), Credits(19), Credits(1)));
    pull(&mut game, P1, size(M), "3M1");
    assert_eq!((tally(&game, P1), game.player(P1).wallet, game.pot), ((3, 1), Credits(19), Credits(2)));
    pull(&mut game, P0, size(L), "4L2");
    pull(&mut game, P1, size(S), "2S1");
    assert_eq!((tally(&game, P0), tally(&game, P1), game.pot), ((8, 2), (5, 2), Credits(4)));
    pull(&mut game, P0, size(M), "4M1");
    assert_eq!(tally(&game, P0), (12, 3));
    assert_eq!(game.player(P0).status, Status::Active, "R10: 12 does not pop");
    pull(&mut game, P1, size(S), "4S1");
    assert_eq!((tally(&game, P1), game.player(P1).wallet, game.pot), ((9, 3), Credits(17), Credits(6)));
    let events = pull(&mut game, P0, Grab::Any, "1S1");
    // P0 pops at 13/4; the round ends at once and P1 is never asked (R12).
    assert!(matches!(events[0], Event::Pulled { popped: true, score: 13, pulls: 4, .. }));
    assert!(matches!(events[1], Event::RoundScored { share: Credits(7), .. }));
    assert_eq!(wallets(&game), [16, 24]);
    assert_eq!(game.pot, Credits(0));
    assert_eq!(game.player(P1).rounds_won, 1);
    assert_eq!((game.round, game.first_drawer, game.current), (2, P1, P1));
    // The board after the round still shows how it ended (§8 round summaries).
    let previous = game.view(Viewer::Public).previous_round.expect("round 1 kept");
    assert_eq!((previous.round, previous.share, previous.winners), (1, Credits(7), SeatSet::one(P1)));
    assert_eq!((previous.players[0].score, previous.players[0].status), (13, Some(Status::Popped)));
    assert_eq!(previous.players[1].stack.len(), 3);
    assert!(game.players.iter().all(|p| p.stack.is_empty()), "round 2 starts with empty stacks");
}

#[test]
fn m3_passing_with_no_pyramids_and_winning() {
    let mut game = setup(3, Options::default(), 0);
    pass(&mut game, P0);
    assert_eq!((game.player(P0).status, tally(&game, P0)), (Status::Passed, (0, 0)));
    pull(&mut game, P1, size(L), "4L1");
    pull(&mut game, P2, size(L), "4L2");
    pull(&mut game, P1, size(M), "4M1");
    pull(&mut game, P2, size(M), "4M2");
    pull(&mut game, P1, size(S), "4S1");
    pull(&mut game, P2, size(S), "4S2");
    assert_eq!((tally(&game, P1), tally(&game, P2)), ((12, 3), (12, 3)));
    assert_ne!(game.current, P0, "P0 is never offered a turn after passing");
    pull(&mut game, P1, size(L), "3L1");
    assert_eq!(game.player(P1).status, Status::Popped);
    assert_eq!((game.round, game.current), (1, P2), "round goes on: P0 and P2 stand");
    pull(&mut game, P2, size(L), "3L2");
    assert_eq!(wallets(&game), [28, 16, 16], "P0 wins the pot of 8 with 0 from 0");
    assert_eq!(game.pot, Credits(0));
    assert_eq!(game.round, 2);
}

#[test]
fn m5_equal_scores_more_pyramids_wins() {
    let mut game = setup(2, Options::default(), 0);
    pull(&mut game, P0, size(L), "4L1");
    pull(&mut game, P1, size(L), "4L2");
    pull(&mut game, P0, size(M), "4M1");
    pull(&mut game, P1, size(M), "4M2");
    pull(&mut game, P0, size(S), "4S1");
    pull(&mut game, P1, size(S), "2S1");
    pass(&mut game, P0);
    assert_eq!(game.current, P1, "sole Active player goes again");
    pull(&mut game, P1, size(S), "2S2");
    pull(&mut game, P1, size(L), "0L1");
    assert_eq!(tally(&game, P1), (12, 5));
    pass(&mut game, P1);
    assert_eq!(wallets(&game), [17, 23], "12 with 5 beats 12 with 3 (R14)");
}

#[test]
fn m6_a_sole_active_player_may_pull_beyond_six() {
    let mut game = setup(2, Options::default(), 0);
    let p0 = [(S, "0S1"), (S, "1S1"), (S, "2S1"), (S, "2S2"), (M, "2M1"), (M, "2M2")];
    let p1 = [(L, "4L1"), (L, "4L2"), (L, "0L1"), (L, "1L1"), (L, "1L2")];
    for i in 0..6 {
        pull(&mut game, P0, size(p0[i].0), p0[i].1);
        if i < 5 {
            pull(&mut game, P1, size(p1[i].0), p1[i].1);
        }
    }
    assert_eq!((tally(&game, P0), tally(&game, P1)), ((9, 6), (10, 5)));
    assert_eq!((game.round, game.current), (1, P1), "round continues after P0's sixth pull");
    pass(&mut game, P1);
    assert_eq!(game.current, P0);
    assert_eq!(game.legal_actions(P0), Action::TURN.to_vec(), "all four pulls and pass");
    pull(&mut game, P0, size(M), "1M1");
    assert_eq!((game.round, tally(&game, P0)), (1, (10, 7)));
    pass(&mut game, P0);
    assert_eq!(wallets(&game), [25, 15], "10 with 7 beats 10 with 5; pot 12");
}

#[test]
fn m7_single_set_and_an_exhausted_size() {
    let options = Options { single_set: true, ..Options::default() };
    let mut game = setup(2, options.clone(), 0);
    assert_eq!(game.bag.count_ones(), 15);
    assert_eq!([game.left(S), game.left(M), game.left(L)], [5, 5, 5]);
    assert!((0..15).all(|i| Pyramid::from_index(i, 1).copy == 1));
    pull(&mut game, P0, size(L), "0L1");
    pull(&mut game, P1, size(L), "4L1");
    pull(&mut game, P0, size(L), "1L1");
    pull(&mut game, P1, size(L), "3L1");
    pull(&mut game, P0, size(L), "2L1");
    assert_eq!([game.left(S), game.left(M), game.left(L)], [5, 5, 0]);
    let expected = vec![Action::Pull(size(S)), Action::Pull(size(M)), Action::Pull(Grab::Any), Action::Pass];
    assert_eq!(game.legal_actions(P1), expected);
    let err = refused_without_change(&game, P1, Action::Pull(size(L)));
    assert_eq!(err.ruling, Some("R6"), "{err}");
    assert!(err.to_string().contains("no large pyramids"), "{err}");
    assert_eq!((game.player(P1).wallet, game.pot), (Credits(18), Credits(5)));
    pull(&mut game, P1, Grab::Any, "4S1");
    assert_eq!((tally(&game, P1), game.player(P1).wallet, game.pot), ((11, 3), Credits(17), Credits(6)));
    assert_eq!([game.left(S), game.left(M), game.left(L)], [4, 5, 0]);
    assert!(Martian12s::setup(&options, 3, GameRng::scripted([0])).is_err(), "3 players with one set");
}

#[test]
fn m9_first_draw_rotation_skips_a_player_who_sits_out() {
    // Given: round 2 has just been scored; round-2 first drawer P0; wallets 35, 0, 25.
    let mut game = setup(3, Options::default(), 0);
    let wallet = |w| Player {
        wallet: Credits(w),
        rounds_won: 0,
        resigned: false,
        status: Status::Passed,
        stack: vec![],
        score: 0,
    };
    game.players = vec![wallet(35), wallet(0), wallet(25)];
    game.round = 3;
    game.first_drawer = P0;
    game.pot = Credits(0);
    game.start_round(&mut Vec::new());
    game.check_invariants().expect("invariants");
    let statuses: Vec<Status> = game.players.iter().map(|p| p.status).collect();
    assert_eq!(statuses, [Status::Active, Status::SittingOut, Status::Active]);
    assert_eq!((game.first_drawer, game.current), (P2, P2));
    assert!(refused_without_change(&game, P1, Action::Pass).kind == RuleErrorKind::NotYourDecision);
    pull(&mut game, P2, size(S), "3S1");
    pass(&mut game, P0);
    pass(&mut game, P2);
    assert_eq!(game.player(P2).wallet, Credits(25), "P2 wins the pot of 1 back");
    assert_eq!((game.round, game.first_drawer), (4, P0), "clockwise after P2, P1 skipped");
}

#[test]
fn m11_player_counts_and_bag_sizes() {
    let cases =
        [(2, false, 30), (2, true, 15), (5, false, 30), (6, false, 45), (7, false, 45), (8, false, 60), (9, false, 60)];
    for (players, single_set, pyramids) in cases {
        let game = setup(players, Options { single_set, ..Options::default() }, 0);
        assert_eq!(game.bag.count_ones(), pyramids, "{players} players, single_set {single_set}");
        let copies = (0..pyramids).map(|i| Pyramid::from_index(i, game.sets).copy).max();
        assert_eq!(copies, Some(game.sets));
        for size in [S, M, L] {
            assert_eq!(game.left(size), pyramids / 3);
        }
    }
    for (players, single_set) in [(1, false), (10, false), (1, true), (10, true), (4, true)] {
        let options = Options { single_set, ..Options::default() };
        assert!(Martian12s::setup(&options, players, GameRng::scripted([0])).is_err(), "{players} {single_set}");
    }
}
