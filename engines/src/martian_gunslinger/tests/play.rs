//! Unit tests: movement, powers, hand cards, win conditions, flow (timeouts, resignation,
//! the cap), choices and privacy.

use super::fixture::{ANN, BOB, CARA, Fx, act, c, cards, finish_slot, legal, play, push, reject, roll, set, sq, start};
use crate::game::{Game, MAX_CHOICES, Seat, Viewer};
use crate::martian_gunslinger::events::Event;
use crate::martian_gunslinger::state::{
    EventSlot, EventStatus, MartianGunslinger, Options, PlotId, ROUND_CAP, Stage, TokenKind, WinReason,
};
use crate::parts::dice::Treehouse::{Aim, Dig, Swap, Tip};
use crate::parts::grid::Direction::{E, N, NE, SW};
use crate::parts::pyramids::Size;
use crate::rng::GameRng;

// ---- movement and powers ----------------------------------------------------------

#[test]
fn aim_is_free_once_and_reorient_costs_a_point() {
    let mut g = Fx::new(2).piece(ANN, Some("d4"), N, Size::Small).at(ANN, Stage::Move, &[]);
    g.turn.power = Some(Aim);
    g.turn.mp = 2;
    play(&mut g, ANN, "aim E");
    assert_eq!((g.piece_of(ANN).1, g.turn.mp, g.turn.aim_used), (E, 2, true));
    assert!(reject(&g, ANN, "aim N").message.contains("no unused Aim"));
    play(&mut g, ANN, "reorient S");
    play(&mut g, ANN, "reorient SW");
    assert_eq!(g.turn.mp, 0);
    assert_eq!(g.stage, Stage::HandCard, "no MP and no Aim left: EndMove, then SkipAction, are automatic");
}

#[test]
fn hop_over_a_plotpoint_needs_an_empty_landing() {
    let mut g = Fx::new(2).piece(ANN, Some("c5"), N, Size::Small).plots("c6", "e5", "f3").at(ANN, Stage::Move, &[]);
    g.turn.power = Some(crate::parts::dice::Treehouse::Hop);
    play(&mut g, ANN, "hop");
    assert_eq!(g.piece_of(ANN).0, Some(sq("c7")));
    // At the edge: nothing beyond c8.
    let mut g = Fx::new(2).piece(ANN, Some("c7"), N, Size::Small).plots("c8", "e5", "f3").at(ANN, Stage::Move, &[]);
    g.turn.power = Some(crate::parts::dice::Treehouse::Hop);
    reject(&g, ANN, "hop");
}

#[test]
fn tip_targets_only_opponents_on_the_board() {
    let mut g = Fx::new(3).piece(CARA, None, N, Size::Small).at(ANN, Stage::SlotStart, &roll(1, Tip));
    start(&mut g);
    let tips: Vec<String> = legal(&g, ANN).into_iter().filter(|a| a.starts_with("tip")).collect();
    assert!(tips.iter().all(|t| t.starts_with("tip P1")), "{tips:?}");
    assert_eq!(tips.len(), 3, "Bob on h8 may face S, SW or W");
    // With no opponent on the board the Tip is passed automatically (R56).
    let mut g = Fx::new(2).piece(BOB, None, N, Size::Small).at(ANN, Stage::SlotStart, &roll(2, Tip));
    let events = start(&mut g);
    assert!(events.contains(&Event::PowerPassed { seat: ANN }));
    assert_eq!(g.stage, Stage::Move);
}

#[test]
fn swap_exchanges_pieces_keeping_facings() {
    let mut g = Fx::new(2).at(ANN, Stage::SlotStart, &roll(1, Swap));
    start(&mut g);
    assert_eq!(legal(&g, ANN).iter().filter(|a| a.starts_with("swap")).count(), 10, "5 pyramids: 10 pairs");
    play(&mut g, ANN, "swap h8 a1");
    assert_eq!(g.piece_of(ANN), (Some(sq("h8")), NE, Size::Small));
    assert_eq!(g.piece_of(BOB), (Some(sq("a1")), SW, Size::Small));
}

#[test]
fn the_view_keeps_the_last_move_until_another_slot_moves() {
    let mut g = Fx::new(2).piece(ANN, Some("d4"), N, Size::Small).at(ANN, Stage::Move, &[]);
    assert_eq!(g.view(Viewer::Public).last_move, None);
    g.turn.mp = 2;
    g.turn.power = Some(crate::parts::dice::Treehouse::Hop);
    play(&mut g, ANN, "step");
    play(&mut g, ANN, "reorient E");
    play(&mut g, ANN, "hop");
    let moved = g.view(Viewer::Public).last_move.expect("Ann moved");
    assert_eq!((moved.seat, moved.path, moved.swap), (ANN, vec![sq("d4"), sq("d5"), sq("f5")], None));
    push(&mut g, &roll(1, Aim));
    finish_slot(&mut g);
    assert_eq!(g.active(), BOB);
    assert_eq!(g.view(Viewer::Public).last_move.map(|m| m.seat), Some(ANN), "kept until Bob moves");
    // A Swap is recorded too, and a new slot's movement replaces the old record.
    let mut g = Fx::new(2).at(ANN, Stage::SlotStart, &roll(1, Swap));
    start(&mut g);
    play(&mut g, ANN, "swap a1 e5");
    let moved = g.view(Viewer::Seat(BOB)).last_move.expect("a swap");
    assert_eq!((moved.seat, moved.path, moved.swap), (ANN, vec![], Some((sq("a1"), sq("e5")))));
    g.last_move.as_mut().expect("recorded").0 = 0;
    g.stage = Stage::Move;
    g.turn.mp = 1;
    g.players[ANN.index()].piece.facing = N;
    play(&mut g, ANN, "step");
    let moved = g.view(Viewer::Public).last_move.expect("a step");
    assert_eq!((moved.path, moved.swap), (vec![sq("e5"), sq("e6")], None), "an older slot's record is replaced");
}

#[test]
fn dig_from_the_discard_pile_is_public() {
    let mut g = Fx::new(2).discard("2C 9H").at(ANN, Stage::SlotStart, &roll(1, Dig));
    start(&mut g);
    let events = play(&mut g, ANN, "dig discard");
    assert!(events.contains(&Event::Dug {
        seat: ANN,
        pile: crate::martian_gunslinger::Pile::Discard,
        card: Some(c("9H"))
    }));
    assert_eq!(g.view(Viewer::Public).dug, Some(c("9H")));
    play(&mut g, ANN, "dig-to hand");
    assert!(g.player(ANN).hand.contains(c("9H")));
    assert_eq!(g.discard, cards("2C"));
}

// ---- hand cards -------------------------------------------------------------------

fn at_t6(hand: &str, resources: &str) -> MartianGunslinger {
    Fx::new(2)
        .piece(ANN, Some("d4"), N, Size::Small)
        .hand(ANN, hand)
        .resources(ANN, resources)
        .resources(BOB, "KD 5C")
        .at(ANN, Stage::HandCard, &[])
}

#[test]
fn queen_jack_and_king_give_permanent_bonuses() {
    let mut g = at_t6("QH JS KC", "2H 3H 2S 3S 2C 3C");
    play(&mut g, ANN, "play QH 2H 3H");
    assert_eq!((g.player(ANN).draw_bonus(), g.player(ANN).tokens[0].kind), (1, TokenKind::Draw));
    let mut g = at_t6("QH JS KC", "2H 3H 2S 3S 2C 3C");
    play(&mut g, ANN, "play JS 2S 3S");
    assert_eq!(g.player(ANN).discard_bonus(), 1);
    let mut g = at_t6("QH JS KC", "2H 3H 2S 3S 2C 3C");
    play(&mut g, ANN, "play KC 2C 3C draw");
    assert_eq!((g.player(ANN).draw_bonus(), g.player(ANN).discard_bonus()), (1, 0));
    assert!(reject(&g, ANN, "play QH 2H 3H").message.contains("not possible now"), "one hand card per turn");
}

#[test]
fn costs_are_exact_face_up_cards_of_the_suit() {
    let g = at_t6("QH 7S", "2H 3S");
    assert!(reject(&g, ANN, "play QH 2H 3S").message.contains("3S is not in hearts"));
    assert!(!legal(&g, ANN).iter().any(|a| a.starts_with("play QH")), "a Queen costs two hearts");
    // R52: Locked cards cannot pay.
    let g = Fx::new(2).hand(ANN, "7S").locked(ANN, "3S").at(ANN, Stage::HandCard, &[]);
    assert_eq!(legal(&g, ANN), vec!["skip-card"]);
}

#[test]
fn ten_teleports_keeping_facing_and_needs_a_piece_on_board() {
    let mut g = at_t6("10S", "2S 3S");
    assert_eq!(legal(&g, ANN).iter().filter(|a| a.starts_with("play 10S")).count(), 64 - 5);
    play(&mut g, ANN, "play 10S 2S 3S e4");
    assert_eq!(g.piece_of(ANN), (Some(sq("e4")), N, Size::Small));
    let ride = g.view(Viewer::Public).last_move.expect("the ride is the last move");
    assert_eq!(ride.path, vec![sq("d4"), sq("e4")]);
    let g = Fx::new(2).piece(ANN, None, N, Size::Small).hand(ANN, "10S").resources(ANN, "2S 3S").at(
        ANN,
        Stage::HandCard,
        &[],
    );
    assert_eq!(reject(&g, ANN, "play 10S 2S 3S e4").ruling, Some("R29"));
}

#[test]
fn growth_cards_grow_one_size() {
    let mut g = at_t6("5H 6H", "2H 3H");
    play(&mut g, ANN, "play 5H 2H");
    assert_eq!(g.piece_of(ANN).2, Size::Medium);
    let mut g = Fx::new(2).piece(ANN, Some("d4"), N, Size::Medium).hand(ANN, "7C").resources(ANN, "2C").at(
        ANN,
        Stage::HandCard,
        &[],
    );
    play(&mut g, ANN, "play 7C 2C");
    assert_eq!(g.piece_of(ANN).2, Size::Large);
}

#[test]
fn low_cards_destroy_an_opponent_resource_or_a_random_locked_one() {
    let mut g = at_t6("3D", "9D");
    let targets: Vec<String> = legal(&g, ANN).into_iter().filter(|a| a.starts_with("play 3D")).collect();
    assert_eq!(targets, vec!["play 3D 9D P1 5C", "play 3D 9D P1 KD"]);
    play(&mut g, ANN, "play 3D 9D P1 KD");
    assert_eq!(g.player(BOB).resources, set("5C"));
    assert_eq!(g.discard_top(3), cards("KD 3D 9D"));
    // Three Card Monty: the RNG picks among the Locked cards in canonical order.
    let tycoon = EventSlot {
        card: c("9C"),
        status: EventStatus::Tycoon { casino: c("QH"), bank: c("2H"), other: c("7S"), reveal_slot: 1 },
    };
    let mut g = Fx::new(2)
        .hand(ANN, "4D")
        .resources(ANN, "9D")
        .locked(BOB, "2H 7S QH")
        .event_slot(BOB, Some(tycoon))
        .at(ANN, Stage::HandCard, &[1]);
    play(&mut g, ANN, "play 4D 9D P1 locked");
    assert_eq!(g.player(BOB).locked, set("2H QH"), "index 1 of 2H 7S QH");
}

#[test]
fn ace_becomes_a_reroll_token_spent_on_the_treehouse_die() {
    let mut g = at_t6("AS", "4S");
    play(&mut g, ANN, "play AS 4S");
    assert_eq!(g.player(ANN).rerolls(), 1);
    let mut g = Fx::new(2).token(ANN, "AS", TokenKind::Reroll).at(ANN, Stage::SlotStart, &[0, 1, 2]);
    start(&mut g);
    assert_eq!(g.stage, Stage::Reroll);
    play(&mut g, ANN, "reroll treehouse");
    assert_eq!((g.turn.face, g.turn.power, g.stage), (Some(Aim), Some(Aim), Stage::Move));
}

// ---- win conditions --------------------------------------------------------------

#[test]
fn a_straight_flush_laid_as_a_resource_wins() {
    let mut g = Fx::new(2).hand(ANN, "6H").resources(ANN, "2H 3H 4H 5H").at(ANN, Stage::Resource, &[]);
    play(&mut g, ANN, "lay 6H");
    assert_eq!(g.finish.as_ref().map(|f| (f.winner, f.reason)), Some((Some(ANN), WinReason::StraightFlush)));
    // A-2-3-4-5 counts; no wrap-around (R47).
    let mut g = Fx::new(2).hand(ANN, "AH").resources(ANN, "2H 3H 4H 5H").at(ANN, Stage::Resource, &[]);
    play(&mut g, ANN, "lay AH");
    assert_eq!(g.stage, Stage::Over);
    let mut g = Fx::new(2).hand(ANN, "AH").resources(ANN, "2H 3H 4H KH").at(ANN, Stage::Resource, &[]);
    play(&mut g, ANN, "lay AH");
    assert_ne!(g.stage, Stage::Over);
}

#[test]
fn simultaneous_winners_favour_the_active_player_then_turn_order() {
    // Pony Express: Ann reaches 7 and the cargo completes Bob's straight flush: Ann wins (R48).
    let setup = |ann_vp: u8| {
        Fx::new(3)
            .vp(ANN, ann_vp, ann_vp)
            .resources(ANN, "8C 6D 9S")
            .event(ANN, "JD")
            .resources(BOB, "5S 6S 7S 8S")
            .resources(CARA, "9H 10H JH QH")
            .at(ANN, Stage::Event, &[])
    };
    let mut g = setup(5);
    play(&mut g, ANN, "event pony-express 8C 6D 9S P1");
    assert_eq!(g.finish.as_ref().map(|f| (f.winner, f.reason)), Some((Some(ANN), WinReason::Points)));
    let mut g = setup(3);
    play(&mut g, ANN, "event pony-express 8C 6D 9S P1");
    assert_eq!(g.finish.as_ref().map(|f| (f.winner, f.reason)), Some((Some(BOB), WinReason::StraightFlush)));
}

#[test]
fn forcing_counts_only_right_after_a_piece_attack() {
    // Bob is at home and Ann wins nothing by standing still (R46).
    let mut g = Fx::new(2).hand(ANN, "2C").at(ANN, Stage::HandCard, &roll(1, Aim));
    play(&mut g, ANN, "skip-card");
    assert_ne!(g.stage, Stage::Over);
}

#[test]
fn the_round_cap_ends_the_game_on_points() {
    let mut g = Fx::new(2).vp(ANN, 1, 1).vp(BOB, 1, 3).hand(BOB, "2C").at(BOB, Stage::HandCard, &[]);
    g.round = ROUND_CAP;
    play(&mut g, BOB, "skip-card");
    play(&mut g, BOB, "skip-resource");
    play(&mut g, BOB, "skip-event");
    let finish = g.finish.clone().expect("over");
    assert_eq!((finish.winner, finish.reason), (Some(BOB), WinReason::Cap), "equal VP: more lifetime VP");
    assert_eq!(finish.ranking, vec![BOB, ANN]);
    let outcome = g.outcome().expect("outcome");
    assert_eq!(outcome.standings[0].seat, BOB);
}

#[test]
fn order_roll_ties_reroll_then_shuffle_after_twenty() {
    // Three players: Ann 6, Bob 6, Cara 1; Ann and Bob tie 21 times, then the shuffle.
    let mut values = vec![5, 5, 0];
    for _ in 0..20 {
        values.extend([3, 3]);
    }
    values.push(0); // the shuffle of two: swap index 1 with 0
    let g = MartianGunslinger::setup(&Options::default(), 3, GameRng::scripted(values)).expect("setup");
    assert_eq!(g.order, vec![BOB, ANN, CARA]);
    assert_eq!(g.rng.scripted_left(), 0);
}

// ---- flow: R58, timeouts, resignation -------------------------------------------

#[test]
fn a_win_during_a_pending_loss_ends_the_game_at_once() {
    // Jailbreak: Bob (6 VP) wins the duel, reaches 8; Ann's Loss choice is dropped (R58).
    let mut g =
        Fx::new(2).resources(ANN, "2S 9C").event(ANN, "5H").vp(BOB, 6, 6).resources(BOB, "3C KH").draw("2D AD").at(
            ANN,
            Stage::Event,
            &[],
        );
    play(&mut g, ANN, "event jailbreak P1 3C");
    assert_eq!(g.finish.as_ref().map(|f| (f.winner, f.reason)), Some((Some(BOB), WinReason::Points)));
    assert_eq!(g.player(ANN).resources, set("2S 9C"), "no Loss choice");
    assert!(g.set_aside.is_empty() && g.discard.ends_with(&cards("2D AD 5H")));
    assert!(g.must_seats().is_empty());
}

#[test]
fn timeouts_take_the_safe_default() {
    let g = Fx::new(2).at(ANN, Stage::Move, &[]);
    assert_eq!(g.timeout_action(ANN), Some(act("end-move")));
    assert_eq!(g.timeout_action(BOB), None);
    let g = Fx::new(2).hand(ANN, "2C 3C").at(ANN, Stage::HandCard, &[]);
    assert_eq!(g.timeout_action(ANN), Some(act("skip-card")));
    // A forced choice among hand cards is random (R59), applied as `timeout`.
    let mut g = Fx::new(2).hand(ANN, "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC").at(ANN, Stage::HandLimit, &[3, 0, 2]);
    assert_eq!(g.timeout_action(ANN), Some(crate::martian_gunslinger::Action::Timeout));
    play(&mut g, ANN, "timeout");
    assert!(!g.player(ANN).hand.contains(c("5C")), "index 3 of the hand in canonical order");
    reject(&g, BOB, "timeout");
}

#[test]
fn resigning_in_two_player_hands_the_win_to_the_other() {
    let mut g = Fx::new(2).at(ANN, Stage::Move, &[]);
    assert_eq!(g.resign_action(BOB), Some(act("resign")));
    play(&mut g, BOB, "resign");
    assert_eq!(g.finish.as_ref().map(|f| (f.winner, f.reason)), Some((Some(ANN), WinReason::LastStanding)));
    assert_eq!(g.finish.as_ref().map(|f| f.ranking.clone()), Some(vec![ANN, BOB]));
}

#[test]
fn a_resigned_player_is_skipped_and_decides_by_default() {
    let mut g = Fx::new(3).hand(ANN, "2C").at(ANN, Stage::HandCard, &[0, 2, 0, 2]);
    play(&mut g, BOB, "resign");
    assert!(g.player(BOB).hand.is_empty() && g.player(BOB).piece.square.is_none());
    finish_slot(&mut g);
    assert_eq!(g.active(), CARA, "Bob's slot is skipped");
    reject(&g, BOB, "resign");
}

#[test]
fn refusals_change_nothing_and_hide_other_hands() {
    let g = Fx::new(2).hand(ANN, "2C").hand(BOB, "KS").at(ANN, Stage::Resource, &[]);
    let reason = reject(&g, ANN, "lay KS").message;
    assert!(!reason.contains("Bob") && !reason.contains("P1"), "{reason}");
    assert!(reject(&g, BOB, "skip-resource").message.contains("waiting for Player 1"));
}

// ---- views and choices ----------------------------------------------------------

#[test]
fn a_seat_view_adds_only_its_own_secrets() {
    let g = Fx::new(2).hand(ANN, "2C 3C").hand(BOB, "KS").event(BOB, "QS").at(ANN, Stage::Resource, &[]);
    let ann = serde_json::to_string(&g.view(Viewer::Seat(ANN))).expect("json");
    assert!(ann.contains("\"2C\"") && !ann.contains("\"KS\"") && !ann.contains("\"QS\""));
    let public = serde_json::to_string(&g.view(Viewer::Public)).expect("json");
    assert!(!public.contains("\"2C\"") && !public.contains("\"KS\""));
}

/// Walks every legal action of `seat` through the choice tree.
fn walk_all(g: &MartianGunslinger, seat: Seat) {
    for action in g.legal_actions(seat) {
        let target = action.to_string();
        let mut prefix = String::new();
        while prefix != target {
            let choices = g.choices(seat, &prefix);
            assert!(choices.options.len() <= MAX_CHOICES, "{} options after {prefix:?}", choices.options.len());
            let next = choices
                .options
                .iter()
                .find(|o| target[prefix.len()..].starts_with(o.token.as_str()))
                .unwrap_or_else(|| panic!("no way from {prefix:?} to {target:?}"));
            prefix.push_str(&next.token);
        }
        assert!(g.choices(seat, &prefix).complete, "{target}");
    }
}

#[test]
fn crowded_decisions_fit_in_discord_menus() {
    // 30 face-up opponent resources for a 2/3/4, and a bid of up to 30.
    let bob = "2C 3C 4C 6C 7C 8C 9C JC QC KC 2D 3D 4D 6D 7D 8D 9D JD QD KD 2H 3H 4H 6H 7H 8H 9H JH QH KH";
    let g = Fx::new(2).hand(ANN, "2S 10S").resources(ANN, "3S 4S").resources(BOB, bob).at(ANN, Stage::HandCard, &[]);
    assert!(g.legal_actions(ANN).len() > 60);
    walk_all(&g, ANN);
    let bob = format!("{bob} 10S");
    let mut g = Fx::new(2).resources(ANN, "3S 4S 5S").event(ANN, "AS").resources(BOB, &bob).at(ANN, Stage::Event, &[]);
    play(&mut g, ANN, "event mayor 3S 4S");
    assert_eq!(g.legal_actions(BOB).len(), 32, "bids 0 to 31");
    walk_all(&g, BOB);
    let choices = g.choices(BOB, "bid 3");
    assert!(choices.complete && choices.options.iter().any(|o| o.token == "0"), "bid 30 as 3 then 0");
}

#[test]
fn setup_choices_enter_squares_as_file_then_rank() {
    let g = MartianGunslinger::setup(&Options::default(), 3, GameRng::from_seed(5)).expect("setup");
    let seat = g.must_seats().first().expect("placer");
    let first = g.choices(seat, "");
    assert_eq!(first.options.len(), 2, "home or plotpoint");
    let files = g.choices(seat, "plotpoint");
    assert_eq!(files.options.len(), 8);
    let ranks = g.choices(seat, "plotpoint a");
    assert_eq!(ranks.options.len(), 4, "a3 to a6 (R6)");
    walk_all(&g, seat);
}

#[test]
fn any_game_plays_a_default_table_without_lobby_input() {
    let mut game =
        crate::AnyGame::setup(crate::GameKind::MartianGunslinger, &serde_json::json!({}), 3, 7).expect("setup");
    let names: Vec<String> = ["Ann", "Bob", "Cara"].map(String::from).to_vec();
    let mut chooser = GameRng::from_seed(1);
    for _ in 0..20_000 {
        let crate::Pending::Deciding { must: seats, .. } = game.pending() else { break };
        let seat = seats.first().expect("pending");
        let actions = game.legal_actions(seat, &names);
        let action = actions[chooser.index(actions.len())].text.clone();
        game.apply(seat, &action, &names).expect("applies");
    }
    assert!(matches!(game.pending(), crate::Pending::Finished(_)));
    let saved = game.save().expect("save");
    let loaded = crate::AnyGame::load(crate::GameKind::MartianGunslinger, &saved).expect("load");
    assert_eq!(loaded, game);
}

#[test]
fn plotpoint_ids_follow_placement_order() {
    let mut g = MartianGunslinger::setup(&Options::default(), 3, GameRng::scripted([5, 3, 1])).expect("setup");
    assert_eq!(g.order, vec![ANN, BOB, CARA]);
    play(&mut g, ANN, "plotpoint d4");
    play(&mut g, BOB, "plotpoint e5");
    assert_eq!((g.plot(PlotId::PL), g.plot(PlotId::PM)), (Some(sq("d4")), Some(sq("e5"))));
    assert_eq!(g.must_seats().first(), Some(CARA));
    assert!(legal(&g, CARA).iter().any(|a| a == "home h1 W"));
    assert!(!legal(&g, CARA).iter().any(|a| a == "home h1 S"), "R7");
}

#[test]
fn a_seat_resigning_during_setup_is_placed_by_default_and_dealt_nothing() {
    let mut g = MartianGunslinger::setup(&Options::default(), 3, GameRng::from_seed(11)).expect("setup");
    let quitter = g.order[2];
    play(&mut g, quitter, "resign");
    let mut chooser = GameRng::from_seed(3);
    while matches!(g.stage, Stage::Placement | Stage::Compensation) {
        let seat = g.must_seats().first().expect("a placer");
        assert_ne!(seat, quitter, "the resigned seat is never asked");
        let actions = g.legal_actions(seat);
        let action = actions[chooser.index(actions.len())];
        g.apply(seat, &action).expect("applies");
    }
    assert_eq!(g.plotpoints.iter().flatten().count(), 3, "its plotpoint was placed by default");
    let p = g.player(quitter);
    assert!(p.home.is_some() && p.piece.square.is_none());
    assert!(p.hand.is_empty() && p.event.is_none());
    g.check_invariants().expect("invariants");
}

#[test]
fn a_two_player_game_ends_before_the_deal_when_a_placer_resigns() {
    let mut g = MartianGunslinger::setup(&Options::default(), 2, GameRng::from_seed(11)).expect("setup");
    let (first, second) = (g.order[0], g.order[1]);
    play(&mut g, first, "home a1 NE");
    play(&mut g, second, "resign");
    assert_eq!(g.finish.as_ref().map(|f| (f.winner, f.reason)), Some((Some(first), WinReason::LastStanding)));
    assert!(g.draw.is_empty() && g.players.iter().all(|p| p.hand.is_empty()), "nothing was dealt");
    g.check_invariants().expect("a game over before the deal holds no cards (§9.1)");
}

#[test]
fn a_tycoon_keeps_naming_a_destroyed_designation_without_counting_it_a_secret() {
    let status = EventStatus::Tycoon { casino: c("QD"), bank: c("2H"), other: c("10S"), reveal_slot: 1 };
    // 10S was destroyed from the Locked cards and has since been reshuffled into the draw pile.
    let g = Fx::new(2).event_slot(BOB, Some(EventSlot { card: c("9C"), status })).locked(BOB, "2H QD").draw("10S").at(
        ANN,
        Stage::Move,
        &[],
    );
    g.check_invariants().expect("invariants");
    assert_eq!(g.draw.last(), Some(&c("10S")));
    let public = serde_json::to_string(&g.view(Viewer::Public)).expect("view");
    assert!(public.contains("\"10S\""), "the designation stays public (R36)");
    let secrets: Vec<String> = g.secrets().into_iter().map(|s| s.token).collect();
    assert!(!secrets.contains(&"10S".to_string()) && secrets.contains(&g.draw[0].to_string()), "{secrets:?}");
}
