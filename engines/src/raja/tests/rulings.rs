//! Rulings without a scenario of their own: stone removal with a collapse (R30), a wall
//! emptied by removal and a refused ransom (R28, R34), the defaults of §4.8 for timeouts, and
//! resignation (R48).

use super::fixture::{A, B, C, Fx};
use crate::game::{Game, Pending};
use crate::raja::SiegeStage;
use crate::raja::events::Event;
use crate::raja::state::{Noble, Step};

/// A attacks B from (1,0) with `plan` (city text, elephants); B commits no shield.
fn attack(fx: &mut Fx, plan: &[(&str, u8)]) {
    fx.ok(A, "siege_marker White 1,0");
    for (city, n) in plan {
        fx.ok(A, &format!("siege_assign {city} {n}"));
    }
    fx.ok(A, "siege_launch");
}

#[test]
fn fallen_stones_do_not_count_toward_x_and_an_emptied_wall_is_destroyed() {
    // B.C1 [2,1,1] (S = 4); two elephants roll 2,2,2,1 = 7: x = 3 < 4, so B removes 3.
    let mut fx = Fx::new(3);
    fx.segment(A, Step::Marker).elephants(A, 2).wall(B, 1, &[2, 1, 1]).draws(&[2, 2, 2, 1, 1]);
    attack(&mut fx, &[("C1", 2)]);
    fx.ok(B, "defend_confirm");
    assert!(matches!(fx.game.siege().map(|s| s.stage), Some(SiegeStage::Removal { left: 3, .. })));
    let stones = fx.game.players[1].stones;
    // Row 3 (risk 1) collapses on a 1: rows 2 and up fall, 1 removed + 1 fallen (R30).
    let events = fx.ok(B, "remove_stone 3");
    assert!(matches!(events[0], Event::StoneRemoved { touch, .. } if touch.fallen == 1));
    assert_eq!(fx.rows(B, 1), [2]);
    assert_eq!(fx.game.players[1].stones, stones + 2, "removed and fallen stones go to the reserve");
    assert!(matches!(fx.game.siege().map(|s| s.stage), Some(SiegeStage::Removal { left: 2, .. })));
    fx.ok(B, "remove_stone 1");
    let events = fx.ok(B, "remove_stone 1");
    assert!(events.contains(&Event::WallDestroyed { seat: B, city: 1 }), "R28: emptied by removal");
    // R34: a refusal is the noble taken.
    fx.ok(A, "ransom_demand 030");
    fx.ok(B, "ransom_refuse");
    assert_eq!(fx.game.players[1].cities[0].noble, Noble::Captured(A));
    assert_eq!(fx.game.vp(A), 5);
    assert_eq!(fx.draws_left(), 0);
}

#[test]
fn timeouts_take_the_defaults_of_section_4_8() {
    // Auction: the opener bids 0, a later seat passes.
    let mut fx = Fx::new(3);
    let events = fx.ok(A, "timeout");
    assert!(events.contains(&Event::Bid { seat: A, amount: 0 }));
    let events = fx.ok(B, "timeout");
    assert!(events.contains(&Event::Passed { seat: B }));
    fx.ok(C, "pass");
    // Commerce ends, building ends; placing puts each stone on the lowest legal row.
    fx.ok(A, "timeout");
    assert!(matches!(fx.game.step(), Some(Step::Build)));
    fx.column(A, 1, 1);
    fx.ok(A, "build_declare C1 2");
    fx.ok(A, "timeout");
    assert_eq!(fx.rows(A, 1), [5], "both stones on row 1");
    fx.ok(A, "timeout");
    assert!(matches!(fx.game.step(), Some(Step::Marker)));
    // The marker step is skipped: B is active.
    fx.ok(A, "timeout");
    assert_eq!(fx.game.active(), Some(B));
}

#[test]
fn the_default_defence_commits_every_shield_to_the_most_attacked_city() {
    let mut fx = Fx::new(3);
    fx.segment(A, Step::Marker).elephants(A, 3).draws(&[1; 9]);
    attack(&mut fx, &[("C1", 1), ("C3", 2)]);
    // B's 2-shield on (0,1) touches C1 and C3, its 1-shield on (2,1) touches C3: both go to
    // C3, which has more elephants; then the battles (all dice 1: one elephant lost each).
    let events = fx.ok(B, "timeout");
    let committed: Vec<(u8, u8)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Defended { face, city, .. } => Some((*face, *city)),
            _ => None,
        })
        .collect();
    assert_eq!(committed, [(2, 3), (1, 3)]);
    let lost: Vec<u8> = events
        .iter()
        .filter_map(|e| match e {
            Event::Battle(b) => Some(b.lost),
            _ => None,
        })
        .collect();
    assert_eq!(lost, [1, 1]);
    assert_eq!(fx.draws_left(), 0);
    // R36: at Cleanup the surviving elephant goes home to A, not to the market.
    for seat in [B, C] {
        fx.ok(seat, "commerce_end");
        fx.ok(seat, "building_end");
        fx.ok(seat, "siege_skip");
    }
    assert_eq!(fx.game.players[0].elephants, 1);
    assert!(fx.game.herds.is_empty() && fx.game.players.iter().all(|p| p.marker_at.is_none()));
}

#[test]
fn a_ransom_reply_times_out_to_paying_when_affordable() {
    let run = |cash: u32| {
        let mut fx = Fx::new(3);
        fx.segment(A, Step::Marker).elephants(A, 1).wall(B, 3, &[]).cash(B, cash).draws(&[6, 6]);
        attack(&mut fx, &[("C3", 1)]);
        fx.ok(B, "defend_confirm");
        fx.ok(A, "ransom_demand 020");
        fx.ok(B, "timeout");
        fx
    };
    let paid = run(25);
    assert_eq!((paid.cash_of(A), paid.cash_of(B)), (95, 5));
    assert!(paid.game.players[1].cities[2].exists());
    let refused = run(19);
    assert_eq!(refused.game.players[1].cities[2].noble, Noble::Captured(A));
    assert_eq!(refused.cash_of(B), 19);
}

#[test]
fn a_resigned_seat_plays_its_defaults_and_the_last_one_standing_wins() {
    let mut fx = Fx::new(3);
    fx.ok(A, "bid 003");
    // R48: B resigns on its turn to bid; its pass is played at once.
    let events = fx.ok(B, "resign");
    assert!(events.contains(&Event::Resigned { seat: B }));
    assert!(events.iter().any(|e| matches!(e, Event::Automatic { seat, .. } if *seat == B)));
    assert!(matches!(fx.game.pending(), Pending::Deciding { must, .. } if must.contains(C)));
    let events = fx.ok(C, "resign");
    assert!(events.iter().any(|e| matches!(e, Event::GameEnded { winners, .. } if winners == &[A])));
    let Pending::Finished(outcome) = fx.game.pending() else { panic!("over") };
    assert_eq!(outcome.standings[0].seat, A);
    assert_eq!(outcome.winners.iter().collect::<Vec<_>>(), [A]);
}
