//! Rulings no numbered scenario covers, and every kind of refusal: each names its ruling, and
//! none changes a byte of the saved state (validate, then mutate).

use super::{P0, P1, P2, pass, pull, refused_without_change, resign, script_draw, setup, size, wallets};
use crate::game::{Game, Pending, RuleErrorKind, Seat};
use crate::martian_12s::state::{Credits, Martian12s, Phase, Status};
use crate::martian_12s::{Action, EndReason, Event, Forced, Grab, Options};
use crate::parts::pyramids::Size::{Large as L, Small as S};
use crate::rng::GameRng;

#[test]
fn r3_a_broke_player_on_turn_is_forced_to_pass() {
    let options = Options { stake: 5, start_wallet: Some(10), ..Options::default() };
    let mut game = setup(2, options, 0);
    pull(&mut game, P0, size(S), "0S1");
    pull(&mut game, P1, size(S), "0S2");
    pull(&mut game, P0, size(S), "1S1");
    // P1 pays its last 5; both are then broke and are forced to pass without being asked.
    let events = pull(&mut game, P1, size(S), "1S2");
    assert!(events.iter().any(|e| matches!(e, Event::Passed { seat: P0, forced: Forced::Broke, .. })), "{events:?}");
    assert!(events.iter().any(|e| matches!(e, Event::Passed { seat: P1, forced: Forced::Broke, .. })));
    // Tied at 1 from 2: the pot of 20 is split and both can pay again in round 2.
    assert_eq!((game.round, wallets(&game)), (2, vec![10, 10]));
}

#[test]
fn r24_resigning_on_turn_forfeits_the_round_and_later_rounds() {
    let mut game = setup(3, Options::default(), 0);
    pull(&mut game, P0, size(S), "1S1");
    resign(&mut game, P1);
    assert_eq!(game.player(P1).status, Status::Popped);
    assert_eq!(game.current, P2, "turn passes on");
    assert_eq!(refused_without_change(&game, P1, Action::Resign).kind, RuleErrorKind::Resigned);
    pass(&mut game, P2);
    pass(&mut game, P0);
    assert_eq!(game.round, 2);
    assert_eq!(game.player(P1).status, Status::SittingOut);
    assert!(game.players[1].stack.is_empty());
}

#[test]
fn r24_a_timeout_passes_for_the_player_on_turn_only() {
    let game = setup(3, Options::default(), 1);
    assert_eq!(game.timeout_action(P1), Some(Action::Pass));
    assert_eq!(game.timeout_action(P0), None);
}

#[test]
fn r21_match_end_ranks_by_cash_then_rounds_and_resigned_last() {
    let options = Options { rounds: 1, ..Options::default() };
    let mut game = setup(3, options, 0);
    pull(&mut game, P0, size(S), "2S1");
    resign(&mut game, P2);
    pass(&mut game, P1);
    pass(&mut game, P0);
    assert_eq!(game.phase, Phase::MatchEnd(EndReason::RoundsPlayed));
    let Pending::Finished(outcome) = game.pending() else { panic!("finished") };
    let order: Vec<(Seat, u8)> = outcome.standings.iter().map(|s| (s.seat, s.place)).collect();
    assert_eq!(order, vec![(P0, 1), (P1, 2), (P2, 3)]);
    assert_eq!(outcome.winners.iter().collect::<Vec<_>>(), vec![P0]);
    assert_eq!(outcome.standings[2].detail, "$20, 0 rounds won, resigned");
    assert_eq!(refused_without_change(&game, P0, Action::Pass).kind, RuleErrorKind::GameOver);
}

#[test]
fn r21_equal_players_share_the_place_and_the_win() {
    let options = Options { rounds: 1, ..Options::default() };
    let mut game = setup(2, options, 0);
    pass(&mut game, P0);
    pass(&mut game, P1);
    // Nobody pulled: both stand at 0 from 0 and split an empty pot.
    let Pending::Finished(outcome) = game.pending() else { panic!("finished") };
    assert_eq!(outcome.standings.iter().map(|s| s.place).collect::<Vec<_>>(), [1, 1]);
    assert_eq!(outcome.winners.len(), 2);
}

/// R6: a size with none left cannot be felt for; the refusal says what may be pulled instead.
#[test]
fn r6_pulling_a_size_that_is_gone_is_refused_with_its_ruling() {
    let mut game = setup(2, Options { single_set: true, ..Options::default() }, 0);
    for (seat, id) in [(P0, "0L1"), (P1, "4L1"), (P0, "1L1"), (P1, "3L1"), (P0, "2L1")] {
        pull(&mut game, seat, size(L), id);
    }
    let error = refused_without_change(&game, P1, Action::Pull(size(L)));
    assert_eq!((error.kind, error.ruling), (RuleErrorKind::Illegal, Some("R6")));
    assert_eq!(
        error.message,
        "no large pyramids are left in the bag; you may pull a small or medium one, grab blind or pass"
    );
}

/// R16 and R3 cannot be met through a turn (§4.2 step 1 forces the pass first), so these
/// start from a state that skipped the forced pass; `act` must still refuse the pull.
#[test]
fn r16_and_r3_a_pull_that_a_forced_pass_should_have_stopped_is_refused() {
    let mut empty = setup(2, Options::default(), 0);
    empty.bag = 0;
    let error = refused_without_change(&empty, P0, Action::Pull(Grab::Any));
    assert_eq!(error.ruling, Some("R16"), "{error}");
    assert_eq!(error.message, "the bag is empty; you may only pass");

    let mut broke = setup(2, Options::default(), 0);
    broke.players[0].wallet = Credits(0);
    broke.house = Credits(20);
    let error = refused_without_change(&broke, P0, Action::Pull(size(S)));
    assert_eq!(error.ruling, Some("R3"), "{error}");
    assert_eq!(error.message, "you cannot pay the stake of $1");
}

/// R26 through `apply`: the contract's opening checks refuse a turn action out of turn and a
/// second resignation before the game's own rules are asked.
#[test]
fn r26_only_the_player_on_turn_pulls_or_passes_and_resigning_is_once() {
    let mut game = setup(3, Options::default(), 1);
    for seat in [P0, P2] {
        for action in Action::TURN {
            let error = refused_without_change(&game, seat, action);
            assert_eq!(error.kind, RuleErrorKind::NotYourDecision, "{error}");
        }
    }
    resign(&mut game, P0);
    assert_eq!(refused_without_change(&game, P0, Action::Resign).kind, RuleErrorKind::Resigned);
}

/// R26 in the game's own `act`, called directly past the opening checks: it refuses by the
/// ruling and changes nothing.
#[test]
fn r26_act_itself_refuses_out_of_turn_and_after_leaving() {
    let game = setup(3, Options::default(), 1);
    let direct = |game: &Martian12s, seat: Seat, action: Action| {
        let before = serde_json::to_string(game).expect("state saves");
        let mut copy = game.clone();
        let mut events = Vec::new();
        let error = copy.act(seat, &action, &mut events).expect_err("refused");
        assert_eq!(serde_json::to_string(&copy).expect("state saves"), before, "{action} changed the state");
        assert!(events.is_empty(), "{events:?}");
        error
    };
    for action in Action::TURN {
        assert_eq!(direct(&game, P2, action).ruling, Some("R26"), "{action} out of turn");
    }
    let mut left = game.clone();
    resign(&mut left, P2);
    assert_eq!(direct(&left, P2, Action::Resign).ruling, Some("R26"), "a second resignation");
    assert_eq!(direct(&left, Seat(7), Action::Resign).ruling, Some("R26"), "a seat that is not at the table");
}

/// Validate, then mutate: refusals applied to a seeded match leave its saved state
/// byte-identical, the random stream included, so it goes on drawing exactly as a match that
/// was never sent them.
#[test]
fn refusals_leave_the_saved_state_byte_identical() {
    let fresh = || Martian12s::setup(&Options::default(), 3, GameRng::from_seed(12)).expect("setup");
    let saved = |game: &Martian12s| serde_json::to_string(game).expect("state saves");
    let mut game = fresh();
    let on_turn = game.current;
    let (other, quitter) = (Seat((on_turn.0 + 1) % 3), Seat((on_turn.0 + 2) % 3));
    let before = saved(&game);
    for action in Action::TURN {
        game.apply(other, &action).expect_err("out of turn");
    }
    assert_eq!(saved(&game), before, "out of turn");
    game.apply(quitter, &Action::Resign).expect("resign out of turn");
    let before = saved(&game);
    game.apply(quitter, &Action::Resign).expect_err("resign twice");
    assert_eq!(saved(&game), before, "resign twice");

    let mut twin = fresh();
    twin.apply(quitter, &Action::Resign).expect("resign out of turn");
    assert_eq!(saved(&twin), saved(&game));
    let blind = Action::Pull(Grab::Any);
    assert_eq!(game.apply(on_turn, &blind).expect("pull"), twin.apply(on_turn, &blind).expect("pull"));

    // Pulling a size that is gone, in a scripted single-set match.
    let mut single = setup(2, Options { single_set: true, ..Options::default() }, 0);
    for (seat, id) in [(P0, "0L1"), (P1, "1L1"), (P0, "2L1"), (P1, "3L1"), (P0, "4L1")] {
        pull(&mut single, seat, size(L), id);
    }
    let before = saved(&single);
    single.apply(P1, &Action::Pull(size(L))).expect_err("no large left");
    assert_eq!(saved(&single), before, "a size that is gone");
    script_draw(&mut single, size(S), "4S1");
    single.apply(P1, &Action::Pull(size(S))).expect("a small one is still there");
}
