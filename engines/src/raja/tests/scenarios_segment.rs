//! Scenarios S08, S09, S12 and S13 of `rules/raja.scenarios.md`: building with grain and
//! credit, a collapse while building, a siege with a failed attack and a breach, and the
//! threshold lost before Cleanup.

use super::fixture::{A, B, C, Fx};
use crate::game::{Game, Pending};
use crate::raja::events::Event;
use crate::raja::resolution::Battle;
use crate::raja::state::{Captive, EndReason, Noble, Phase, Step};

/// The battles narrated in `events`.
fn battles(events: &[Event]) -> Vec<Battle> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Battle(b) => Some(b.clone()),
            _ => None,
        })
        .collect()
}

/// A player's elephants wherever they are: reserve and on the board.
fn elephants_anywhere(fx: &Fx, seat: crate::game::Seat) -> u8 {
    let on_board: u8 = fx.game.herds.iter().filter(|h| h.attacker == seat).map(|h| h.count).sum();
    fx.game.players[seat.index()].elephants + on_board
}

/// S08 — Building: grain credit, legal rows (R24, R20, R21).
#[test]
fn s08_building_grain_credit_and_legal_rows() {
    let mut fx = Fx::new(3);
    fx.segment(A, Step::Build).wall(A, 1, &[2, 1]).wall(A, 2, &[]).wall(A, 3, &[]);
    fx.column(A, 1, 2).column(A, 2, 1).column(A, 3, 0).shields(A, [1, 0, 0]).draws(&[9]);
    assert_eq!(fx.game.players[0].stones, 28);
    let pile = fx.game.grain_pile;
    // 1. R24: 3 stones cost 2 grain (tallest column first, ties to the lowest city) and leave
    //    a credit of 1.
    let events = fx.ok(A, "build_declare C1 3");
    assert!(events.contains(&Event::Declared { seat: A, city: 0, stones: 3, grain: 2, credit: 1, setup: false }));
    assert_eq!((fx.height(A, 1), fx.height(A, 2), fx.height(A, 3)), (0, 1, 0));
    assert_eq!(fx.game.players[0].stones, 25);
    // 2. R20: only rows that keep the staircase take a stone; row 3 draws (risk 1), 9 holds.
    assert_eq!(fx.refused(A, "build_place 4").ruling, Some("R20"));
    let events = fx.ok(A, "build_place 3");
    assert!(matches!(events[0], Event::Placed { touch, .. } if touch.risk == 1 && touch.roll == Some(9)));
    assert_eq!(fx.rows(A, 1), [2, 1, 1]);
    fx.refused(A, "build_place 3");
    fx.ok(A, "build_place 2");
    assert_eq!(fx.rows(A, 1), [2, 2, 1]);
    fx.ok(A, "build_place 1");
    assert_eq!(fx.rows(A, 1), [3, 2, 1]);
    assert!(matches!(fx.game.step(), Some(Step::Build)), "all three placed: back to BUILD_MAIN");
    // 3. The credit pays for one stone: no grain.
    let events = fx.ok(A, "build_declare C2 1");
    assert!(events.contains(&Event::Declared { seat: A, city: 1, stones: 1, grain: 0, credit: 0, setup: false }));
    fx.ok(A, "build_place 1");
    assert_eq!(fx.rows(A, 2), [1]);
    // 4. One grain and no credit pay for two stones, not three.
    assert_eq!(fx.refused(A, "build_declare C3 3").ruling, Some("R24"));
    fx.ok(A, "build_declare C3 2");
    assert_eq!(fx.height(A, 2), 0);
    fx.ok(A, "build_place 1");
    fx.ok(A, "build_place 1");
    // 5. No shield on a noble's tile; building ends.
    fx.refused(A, "shield_deploy 1 0,0");
    fx.ok(A, "building_end");
    assert!(matches!(fx.game.step(), Some(Step::Marker)));
    // Expected: walls, reserve, grain, pile; production 1 + W (R21).
    assert_eq!((fx.rows(A, 1), fx.rows(A, 2), fx.rows(A, 3)), (vec![3, 2, 1], vec![1], vec![2]));
    let a = &fx.game.players[0];
    assert_eq!((a.stones, a.grain(), fx.game.grain_pile), (22, 0, pile + 3));
    let production: Vec<u8> = a.cities.iter().map(|c| c.wall.production()).collect();
    assert_eq!(production, [4, 2, 3]);
    assert_eq!(a.shields, [1, 0, 0], "the face-1 shield is still in reserve");
    assert_eq!(fx.draws_left(), 0, "rows 1 and 2 cause no draw");
}

/// S09 — Construction collapse (R23, R25, R43), the main line and variant b.
#[test]
fn s09_construction_collapse() {
    let start = |draws: &[u32]| {
        let mut fx = Fx::new(3);
        fx.segment(A, Step::Build).wall(A, 1, &[1, 1]).wall(A, 2, &[]).wall(A, 3, &[]).column(A, 3, 2).draws(draws);
        assert_eq!(fx.game.players[0].stones, 29);
        let events = fx.ok(A, "build_declare C1 4");
        assert!(events.contains(&Event::Declared { seat: A, city: 0, stones: 4, grain: 2, credit: 0, setup: false }));
        assert_eq!(fx.game.players[0].stones, 25);
        // r2 = r1: row 2 cannot grow.
        fx.refused(A, "build_place 2");
        fx.ok(A, "build_place 3");
        fx
    };
    // Main: row 3 (risk 1) draws 1: rows 2 and up fall; the 3 waiting stones are lost too.
    let fx = start(&[1]);
    assert_eq!(fx.rows(A, 1), [1]);
    assert_eq!(fx.game.players[0].stones, 30, "2 fallen + 3 pending back to the reserve (R25)");
    assert!(matches!(fx.game.step(), Some(Step::Build)));
    assert_eq!(fx.game.players[0].grain(), 0, "the grain paid is not refunded");
    assert_eq!(fx.draws_left(), 0);
    // Variant b: 2 holds at row 3; row 1 needs no draw; row 4 (risk 2) holds on a 9.
    let mut fx = start(&[2, 9]);
    assert_eq!(fx.rows(A, 1), [1, 1, 1]);
    fx.ok(A, "build_place 1");
    assert_eq!(fx.rows(A, 1), [2, 1, 1]);
    assert_eq!(fx.draws_left(), 1);
    let events = fx.ok(A, "build_place 4");
    assert!(matches!(events[0], Event::Placed { touch, .. } if touch.risk == 2 && touch.roll == Some(9)));
    assert_eq!(fx.rows(A, 1), [2, 1, 1, 1]);
    fx.ok(A, "build_place 2");
    assert_eq!(fx.rows(A, 1), [2, 2, 1, 1]);
    assert_eq!((fx.game.players[0].stones, fx.game.players[0].grain()), (25, 0));
    assert!(matches!(fx.game.step(), Some(Step::Build)));
    assert_eq!(fx.draws_left(), 0);
}

/// S12 — Failed attack, breach of a wall-less city, noble taken (R29, R31, R32, R35).
#[test]
fn s12_failed_attack_breach_and_noble_taken() {
    let mut fx = Fx::new(3);
    fx.segment(A, Step::Marker).elephants(A, 2).wall(B, 1, &[3]).wall(B, 2, &[2, 1]).wall(B, 3, &[]);
    // B gets a reserve 1-shield to show, after the capture, that (1,1) is a plain tile.
    fx.column(B, 3, 3).shields(B, [1, 0, 0]);
    fx.draws(&[1, 2, 4, 3, 6]);
    let (stock, pile, face1_stock) = (fx.game.elephant_stock, fx.game.grain_pile, fx.game.shield_stock[0]);
    fx.ok(A, "siege_marker White 1,0");
    // R29: a wall-less city takes at most one elephant.
    assert_eq!(fx.refused(A, "siege_assign C3 2").ruling, Some("R29"));
    fx.ok(A, "siege_assign C2 1");
    fx.ok(A, "siege_assign C3 1");
    fx.ok(A, "siege_launch");
    assert_eq!(fx.game.pending().must_seats().iter().collect::<Vec<_>>(), [B], "B defends");
    fx.ok(B, "defend_assign 2,1 1 C3");
    let events = fx.ok(B, "defend_confirm");
    let fought = battles(&events);
    assert_eq!(fought.len(), 2);
    // C2: A = 3, D = 0, S = 3, x = 0: one elephant lost, the wall stands.
    let c2 = &fought[0];
    assert_eq!((c2.city, c2.attack.as_slice(), c2.defence.len(), c2.stones, c2.x), (2, &[1, 2][..], 0, 3, 0));
    assert_eq!((c2.lost, c2.destroyed), (1, false));
    assert_eq!(fx.rows(B, 2), [2, 1]);
    // C3: A = 7, D = 6, S = 0, x = 1: breached; the one 6 costs C3's elephant (R31).
    let c3 = &fought[1];
    assert_eq!((c3.city, c3.attack.as_slice(), c3.defence.as_slice(), c3.x), (3, &[4, 3][..], &[6][..], 1));
    assert_eq!((c3.lost, c3.destroyed), (1, true));
    // R32: the committed shield went back to the market.
    assert_eq!(fx.game.shield_stock[0], face1_stock + 1);
    assert!(!fx.game.players[1].deployed.iter().any(|s| s.face == 1));
    // R35: A takes the noble.
    let events = fx.ok(A, "noble_take");
    assert!(events.contains(&Event::NobleCaptured { seat: A, owner: B, city: 3, grain: 3 }));
    assert_eq!(fx.game.players[1].cities[2].noble, Noble::Captured(A));
    assert_eq!(fx.game.players[0].captured, [Captive { owner: B, city: 3 }]);
    assert_eq!((fx.height(B, 3), fx.game.grain_pile), (0, pile + 3));
    assert_eq!((fx.game.vp(A), fx.game.vp(B), fx.game.vp(C)), (5, 2, 3));
    assert_eq!(elephants_anywhere(&fx, A), 0);
    assert_eq!(fx.game.elephant_stock, stock + 2);
    assert_eq!(fx.draws_left(), 0);
    // Later: (1,1) is a plain B tile, open to shields and markers.
    assert_eq!(fx.game.active(), Some(B));
    fx.ok(B, "commerce_end");
    fx.ok(B, "shield_deploy 1 1,1");
    fx.ok(B, "building_end");
    fx.ok(B, "siege_skip");
    assert_eq!(fx.game.active(), Some(C));
    fx.ok(C, "commerce_end");
    fx.ok(C, "building_end");
    let events = fx.ok(C, "siege_marker White 1,1");
    assert!(events.iter().any(|e| matches!(e, Event::MarkerPlaced { seat, .. } if *seat == C)));
}

/// S13 — Threshold reached mid-turn, lost before Cleanup (R37, R38, R41), the main line and
/// variant b.
#[test]
fn s13_threshold_reached_mid_turn_and_lost() {
    let play = |draws: &[u32]| {
        let mut fx = Fx::new(3);
        fx.segment(A, Step::Commerce).wall(A, 1, &[6, 5, 3]).column(A, 1, 1).elephants(B, 2);
        for city in 0..3 {
            let c = &mut fx.game.players[2].cities[city];
            c.noble = Noble::Captured(A);
            c.wall = crate::raja::wall::Wall::default();
            fx.game.players[0].captured.push(Captive { owner: C, city: city as u8 + 1 });
        }
        fx.normalise().draws(draws);
        assert_eq!((fx.game.vp(A), fx.game.vp(B), fx.game.vp(C)), (9, 3, 0));
        // 1. A reaches 15 stones on C1: 10 vp, mid-turn (R37).
        fx.ok(A, "commerce_end");
        let events = fx.ok(A, "build_declare C1 1");
        assert!(events.contains(&Event::Declared { seat: A, city: 0, stones: 1, grain: 1, credit: 1, setup: false }));
        fx.ok(A, "build_place 2");
        assert_eq!(fx.rows(A, 1), [6, 6, 3]);
        assert_eq!(fx.game.vp(A), 10);
        fx.ok(A, "building_end");
        fx.ok(A, "siege_skip");
        // 2. B sends both elephants at C1; A commits nothing.
        fx.ok(B, "commerce_end");
        fx.ok(B, "building_end");
        fx.ok(B, "siege_marker Black 1,0");
        fx.ok(B, "siege_assign C1 2");
        fx.ok(B, "siege_launch");
        fx
    };
    // Main: A = 18, x = 18 − 0 − 15 = 3; remove_auto takes row 2 three times (risk 0).
    let mut fx = play(&[6, 6, 5, 1]);
    let events = fx.ok(A, "defend_confirm");
    assert_eq!(battles(&events)[0].x, 3);
    assert!(matches!(fx.game.siege().map(|s| s.stage), Some(crate::raja::SiegeStage::Removal { left: 3, .. })));
    let events = fx.ok(A, "remove_auto");
    let walls: Vec<Vec<u8>> = events
        .iter()
        .filter_map(|e| match e {
            Event::StoneRemoved { wall, touch, .. } => {
                assert_eq!((touch.row, touch.roll), (2, None));
                Some(wall.rows().to_vec())
            }
            _ => None,
        })
        .collect();
    assert_eq!(walls, [vec![6, 5, 3], vec![6, 4, 3], vec![6, 3, 3]]);
    assert_eq!(fx.game.vp(A), 9, "R37: the wall point is lost below 15 stones");
    assert_eq!(fx.draws_left(), 0);
    // 3. C has no city: no grain (R41); C ends its segment.
    assert_eq!(fx.game.active(), Some(C));
    fx.refused(C, "market_order grain buy 01");
    fx.ok(C, "commerce_end");
    fx.ok(C, "building_end");
    let events = fx.ok(C, "siege_skip");
    // R38: Cleanup sees 9 < 10; the game goes on with Turn 2's production and auction.
    assert!(events.iter().any(|e| matches!(e, Event::Cleanup { turn: 1, vp } if vp == &[9, 3, 0])));
    assert!(events.iter().any(|e| matches!(e, Event::TurnStarted { turn: 2, .. })));
    assert!(matches!(fx.game.phase, Phase::Auction(_)));
    assert_eq!(fx.game.players[1].elephants, 2, "R36: B's elephants came home");

    // Variant b: A = 4, x = −11: B loses one elephant; the wall keeps 15; A wins at Cleanup.
    let mut fx = play(&[1, 1, 1, 1]);
    let stock = fx.game.elephant_stock;
    let events = fx.ok(A, "defend_confirm");
    let battle = &battles(&events)[0];
    assert_eq!((battle.x, battle.lost), (-11, 1));
    assert_eq!(fx.rows(A, 1), [6, 6, 3]);
    assert_eq!(fx.game.elephant_stock, stock + 1);
    fx.ok(C, "commerce_end");
    fx.ok(C, "building_end");
    let events = fx.ok(C, "siege_skip");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::GameEnded { reason: EndReason::Threshold, winners, .. } if winners == &[A]))
    );
    let Pending::Finished(outcome) = fx.game.pending() else { panic!("the game is over") };
    assert_eq!(outcome.winners.iter().collect::<Vec<_>>(), [A]);
    assert_eq!(fx.game.players[1].elephants, 1);
    assert_eq!(fx.draws_left(), 0);
}
