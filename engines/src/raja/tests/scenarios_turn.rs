//! Scenarios S01–S04 of `rules/raja.scenarios.md`: setup, production, the grain column and
//! the auction.

use super::fixture::{A, B, C, Fx};
use crate::game::{Audience, Game, Seat, Viewer};
use crate::raja::events::Event;
use crate::raja::lands::TileColour;
use crate::raja::state::{Marker, Options, Phase, Raja};
use crate::rng::GameRng;

/// S01 — Setup legality, setup collapse, starting seat (R1, R4, R23, R26, R47).
#[test]
fn s01_setup_legality_collapse_and_starting_seat() {
    // d(2)=2, d(5)=3, d(4)=1, then the touch checks d12=9, d12=1.
    let rng = GameRng::scripted([1, 2, 0, 8, 0]);
    let game = Raja::setup(&Options::default(), 2, rng).expect("two players");
    let mut fx = Fx { game };
    // Step 1 (R1): starting seat B; A's marker the head, B's the chair.
    assert_eq!(fx.game.first_seat, B);
    assert_eq!(fx.game.players[0].marker, Marker::Head);
    assert_eq!(fx.game.players[1].marker, Marker::Chair);
    // Step 2 (R4): lands grow by adjacent cells up to 7 tiles.
    fx.refused(A, "land_add 3,0");
    let events = fx.ok(A, "land_add 2,0");
    assert!(
        events.iter().all(|e| crate::raja::events::audience(e) == Audience::seat(A)),
        "R47: setup steps are private"
    );
    fx.ok(A, "land_add 3,0");
    fx.ok(A, "land_add -1,1");
    fx.refused(A, "land_add 0,2");
    fx.ok(A, "land_confirm");
    // Step 3: nobles on distinct tiles found C1, C2, C3.
    fx.ok(A, "noble_place 0,0");
    fx.refused(A, "noble_place 0,0");
    fx.ok(A, "noble_place 3,0");
    fx.ok(A, "noble_place 1,1");
    // Step 4 (R26): six stones on C1, the sixth in row 3 holds on a 9.
    fx.ok(A, "build_declare C1 6");
    for row in [1, 1, 1, 2, 2] {
        fx.ok(A, &format!("build_place {row}"));
    }
    assert_eq!(fx.draws_left(), 2, "rows 1 and 2 draw nothing");
    let events = fx.ok(A, "build_place 3");
    assert!(
        matches!(events[0], Event::Placed { touch, .. } if touch.risk == 1 && touch.roll == Some(9) && touch.fallen == 0)
    );
    assert_eq!(fx.rows(A, 1), [3, 2, 1]);
    // Step 5 (R23): the allowance is 3; row 3 of C2 collapses on a 1.
    let error = fx.refused(A, "build_declare C2 4");
    assert_eq!(error.ruling, Some("R26"));
    fx.ok(A, "build_declare C2 3");
    fx.ok(A, "build_place 1");
    fx.ok(A, "build_place 2");
    assert_eq!(fx.rows(A, 2), [1, 1]);
    fx.ok(A, "build_place 3");
    assert_eq!(fx.rows(A, 2), [1]);
    assert_eq!(fx.game.players[0].setup.as_ref().map(|s| s.allowance), Some(0));
    // Step 6: shields, never on a noble, then done.
    fx.refused(A, "setup_done");
    fx.refused(A, "shield_deploy 2 0,0");
    fx.ok(A, "shield_deploy 2 1,0");
    fx.ok(A, "shield_deploy 1 0,1");
    // R47: until every setup is done, B sees nothing of A's lands.
    let seen_by_b = fx.game.view(Viewer::Seat(B));
    assert!(seen_by_b.players[0].board.is_none());
    assert!(!serde_json::to_string(&seen_by_b).expect("view").contains(&fx.game.setup_sketch(A)));
    fx.ok(A, "setup_done");
    assert!(fx.game.view(Viewer::Seat(B)).players[0].board.is_none());
    // Step 7: B times out and takes the default setup, with no draw.
    let events = fx.ok(B, "timeout");
    assert!(events.iter().any(|e| matches!(e, Event::SetupRevealed { .. })));
    assert_eq!(fx.draws_left(), 0);
    // Expected: Turn 1, blue, B opens the auction; A's walls and reserve; 3 vp each.
    assert_eq!(fx.game.turn, 1);
    assert_eq!(TileColour::season(fx.game.turn), TileColour::Blue);
    assert!(matches!(fx.game.phase, Phase::Auction(a) if a.to_act == B));
    assert_eq!((fx.rows(A, 1), fx.rows(A, 2), fx.rows(A, 3)), (vec![3, 2, 1], vec![1], vec![]));
    assert_eq!(fx.game.players[0].stones, 24);
    assert_eq!((fx.game.vp(A), fx.game.vp(B)), (3, 3));
    assert!(fx.game.view(Viewer::Seat(B)).players[0].board.is_some(), "revealed at step 6");
}

/// S02 — Production rotation and empty pile (R9, R10).
#[test]
fn s02_production_rotation_and_empty_pile() {
    let mut fx = Fx::new(3);
    fx.wall(A, 1, &[3, 3, 3]).wall(A, 3, &[]).wall(B, 1, &[2]).wall(B, 3, &[1]).wall(C, 1, &[4]).wall(C, 3, &[]);
    fx.column(A, 2, 14).column(B, 2, 14).column(C, 2, 13);
    assert_eq!(fx.game.grain_pile, 9);
    let mut events = Vec::new();
    fx.game.start_turn(&mut events);
    // A: C1(4), C3(1); B: C1(3), C3(2); C: C1(5), C3(1): A.C1 +4, B.C1 +3, C.C1 +2, empty.
    let harvests: Vec<(Seat, u8, u8, u8)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Harvested { seat, city, grain, pile } => Some((*seat, *city, *grain, *pile)),
            _ => None,
        })
        .collect();
    assert_eq!(harvests, [(A, 1, 4, 5), (B, 1, 3, 2), (C, 1, 2, 0)]);
    assert!(events.contains(&Event::PileEmpty), "R10: production stops with the pile");
    assert_eq!((fx.height(A, 3), fx.height(B, 3), fx.height(C, 3)), (0, 0, 0));
    assert_eq!(fx.draws_left(), 0);
    assert!(matches!(fx.game.phase, Phase::Auction(a) if a.to_act == A));
    fx.game.check_invariants().expect("invariants");
}

/// S03 — Grain column topple (R8), the main line and variant b.
#[test]
fn s03_grain_column_topple() {
    let run = |draws: &[u32]| {
        let mut fx = Fx::new(3);
        fx.game.turn = 2;
        fx.wall(A, 2, &[2, 1]).wall(B, 2, &[]).wall(C, 2, &[]);
        fx.column(A, 2, 7).column(A, 1, 8).column(B, 1, 8).column(C, 1, 7);
        assert_eq!(fx.game.grain_pile, 20);
        fx.draws(draws);
        let mut events = Vec::new();
        fx.game.start_turn(&mut events);
        assert_eq!(fx.game.starting_seat(), B);
        assert_eq!(fx.draws_left(), 0);
        fx.game.check_invariants().expect("invariants");
        (fx.height(A, 2), fx.game.grain_pile, fx.height(B, 2), fx.height(C, 2))
    };
    // Main: B.C2 +1, C.C2 +1, A.C2 8 → 9 topples on a 1 (5 back) → 4 → 5.
    assert_eq!(run(&[1]), (5, 20, 1, 1));
    // Variant b: 9 holds on a 2 (risk 1), 10 holds on a 3 (risk 2).
    assert_eq!(run(&[2, 3]), (10, 15, 1, 1));
}

/// S04 — Auction (R11, R12, R13).
#[test]
fn s04_auction() {
    let mut fx = Fx::new(3);
    fx.cash(A, 40).cash(B, 30).cash(C, 10);
    assert_eq!(fx.game.bank, 695);
    assert_eq!(fx.refused(A, "pass").ruling, Some("R11"));
    fx.ok(A, "bid 0");
    fx.ok(B, "bid 5");
    fx.refused(C, "bid 5");
    let private = fx.refused(C, "bid 11");
    assert!(private.message.contains("cash"), "the refusal goes to C alone");
    fx.ok(C, "pass");
    fx.ok(A, "bid 12");
    fx.refused(B, "bid 12");
    let events = fx.ok(B, "pass");
    assert!(events.contains(&Event::AuctionWon { seat: A, amount: 12 }));
    // R12: only the winner pays.
    assert_eq!((fx.cash_of(A), fx.cash_of(B), fx.cash_of(C), fx.game.bank), (28, 30, 10, 707));
    // R13: A, then B, then C, each Commerce → Building → Siege.
    for seat in [A, B, C] {
        assert_eq!(fx.game.active(), Some(seat));
        fx.ok(seat, "commerce_end");
        fx.ok(seat, "building_end");
        fx.ok(seat, "siege_skip");
    }
    assert_eq!(fx.game.turn, 2, "Cleanup ran after C's segment");
    assert!(matches!(fx.game.phase, Phase::Auction(a) if a.to_act == B), "turn 2 starts with B");
}
