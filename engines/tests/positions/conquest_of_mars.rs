//! Conquest of Mars (rules §4.3, §6): the computers opened a trade and cancelled it, twice in
//! one turn, and ended the game with their ninth pyramid on a hand that loses.

use std::cmp::Ordering;

use engines::conquest_of_mars::{Action, ConquestOfMars, View, compare};
use engines::parts::cards::Card;
use engines::{Game, Seat, Viewer};

use super::{Position, check, find, partner};

fn in_trade(game: &ConquestOfMars, seat: Seat) -> bool {
    let view = game.view(Viewer::Seat(seat));
    view.phase == "Trade" && view.current == Some(seat)
}

fn cancel(_: &ConquestOfMars, action: &Action) -> bool {
    *action == Action::Cancel
}

/// Cards `seat` holds alone, face up (§6.2).
fn alone(view: &View, seat: Seat) -> Vec<Card> {
    view.cells
        .iter()
        .filter(|c| !c.pyramids.is_empty() && c.pyramids.iter().all(|p| p.seat == seat))
        .filter_map(|c| c.card)
        .collect()
}

/// With eight pyramids on the board and a small in reserve, where an opponent's cards held
/// alone, face up, already beat the seat's own hand and cards (§6.3–§6.4): the ninth would end
/// the game lost.
fn ninth_would_lose(game: &ConquestOfMars, seat: Seat) -> bool {
    let view = game.view(Viewer::Seat(seat));
    let me = &view.players[seat.index()];
    if view.phase != "Main" || view.current != Some(seat) || me.on_board != 8 {
        return false;
    }
    let mut mine = view.you.as_ref().map(|y| y.hand.clone()).unwrap_or_default();
    mine.extend(alone(&view, seat));
    let beaten = view
        .players
        .iter()
        .filter(|p| p.seat != seat)
        .any(|p| compare(&alone(&view, p.seat), &mine) == Ordering::Greater);
    beaten && game.legal_actions(seat).iter().any(|a| matches!(a, Action::Spawn(_)))
}

fn spawn(_: &ConquestOfMars, action: &Action) -> bool {
    matches!(action, Action::Spawn(_))
}

/// For the finder: the old search at every seat, so that trades are opened.
fn old_search(game: &ConquestOfMars, seat: Seat, rng: &mut engines::GameRng) -> Action {
    engines::ai::search(game, seat, &super::normal::<ConquestOfMars>(false), rng).expect("a decision").action
}

pub fn find_all() {
    find::<ConquestOfMars>("conquest_of_mars cancels a trade", 2, 20, old_search, in_trade, cancel);
    find::<ConquestOfMars>("conquest_of_mars ninth would lose", 2, 100, partner(0), ninth_would_lose, spawn);
}

#[test]
fn does_not_cancel_a_trade_it_opened() {
    check::<ConquestOfMars>("cancels a trade", &CANCELS_A_TRADE, cancel);
}

#[test]
fn does_not_end_the_game_on_a_losing_hand() {
    check::<ConquestOfMars>("ninth would lose", &NINTH_WOULD_LOSE, spawn);
}

const CANCELS_A_TRADE: Position = Position {
    seed: 0,
    players: 2,
    seat: 1,
    moves: "
    P0 start d4
    P1 start d10
    P0 spawn C1
    P1 spawn D5
    P0 reorient
    P0 orient RS1 S
    P0 done
    P1 reorient
    P1 orient YS1 S
    P1 done
    P0 move RS1
    P1 spawn D5
    P0 grow RS1
    P1 spawn D5
    P0 spawn C2
    P1 take
    P0 reorient
    P0 orient RS1 W
    P0 orient RM1 S
    P0 done
    P1 reorient
    P1 orient YS3 E
    P1 orient YS2 W
    P1 done
    P0 spawn C2
    P1 move YS1
    P0 move RM1
    P1 move YS3
    P0 move RS1
    P1 grow YS1
    P0 grow RS1
    P1 grow YM1
    P0 spawn C2
    P1 trade d12
    P1 add d10
",
};
const NINTH_WOULD_LOSE: Position = Position {
    seed: 0,
    players: 2,
    seat: 0,
    moves: "
    P0 start d4
    P1 start d4
    P1 spawn B2
    P0 spawn B2
    P1 spawn B2
    P0 spawn B2
    P1 spawn B2
    P0 spawn B2
    P1 reorient
    P1 orient YS1 N
    P1 orient YS2 N
    P1 orient YS3 N
    P1 done
    P0 reorient
    P0 orient RS1 N
    P0 orient RS2 N
    P0 orient RS3 N
    P0 done
    P1 move YS1
    P0 take
    P1 take
    P0 attack B1
    P1 move YS2
    P0 take
    P1 spawn B2
    P0 attack B1
    P0 destroy RS1
    P1 move YS3
    P0 attack B1
    P1 spawn B2
    P0 move RS2
    P1 spawn B2
    P0 spawn B2
    P1 reorient
    P1 orient YS1 E
    P1 orient YS2 E
    P1 orient YS3 E
    P1 done
    P0 reorient
    P0 orient RS1 E
    P0 orient RS3 E
    P0 done
    P1 move YS1
    P0 take
    P1 take
    P0 take
    P1 take
    P0 attack C2
    P1 move YS2
    P0 take
    P1 spawn B2
    P0 attack C2
    P0 destroy RS1
    P1 reorient
    P1 orient YS1 S
    P1 orient YS3 S
    P1 done
    P0 attack C2
    P1 move YS1
    P0 spawn B2
    P1 spawn B2
    P0 move RS3
    P1 reorient
    P1 orient YS2 W
    P1 orient YS3 W
    P1 done
    P0 take
    P1 move YS2
    P0 take
    P1 take
    P0 grow RS1
    P1 take
    P0 spawn B2
    P1 grow YS1
    P0 grow RS1
    P1 spawn B2
    P0 spawn C2
    P1 grow YS1
    P0 reorient
    P0 orient RS1 N
    P0 orient RS3 N
    P0 done
    P1 spawn B3
    P0 move RS1
    P1 reorient
    P1 orient YS1 E
    P1 orient YM1 E
    P1 done
    P0 grow RS1
    P1 move YS1
    P0 spawn B2
    P1 grow YS1
    P0 grow RM1
    P1 spawn B2
    P0 grow RS1
    P1 grow YM2
    P0 spawn C1
    P1 grow YS1
    P0 reorient
    P0 orient RS1 E
    P0 orient RM3 E
    P0 done
    P1 spawn B3
    P0 move RS1
    P1 reorient
    P1 orient YS1 S
    P1 orient YM1 S
    P1 done
    P0 grow RM1
    P1 move YS1
    P0 grow RS1
    P1 grow YM2
    P0 spawn D1
    P1 grow YS1
    P0 reorient
    P0 orient RS1 E
    P0 orient RM1 E
    P0 done
    P1 spawn B4
    P0 move RS1
    P1 reorient
    P1 orient YS1 E
    P1 orient YM2 E
    P1 done
    P0 grow RM2
    P1 move YS1
    P0 grow RS1
    P1 grow YM3
    P0 take
    P1 grow YS1
    P0 take
    P1 take
    P0 take
    P1 take
    P0 take
    P1 take
    P0 take
    P1 take
    P0 take
    P1 take
    P0 take
    P1 take
    P0 take
    P1 take
    P0 take
    P1 take
    P0 take
    P1 take
    P0 take
    P1 take
    P0 take
    P1 take
    P0 take
    P1 take
    P0 take
    P1 take
    P0 take
    P1 move YS3
    P0 reorient
    P0 orient RS2 E
    P0 done
    P1 reorient
    P1 orient YS2 S
    P1 orient YS3 S
    P1 done
    P0 reorient
    P0 orient RS2 Up
    P0 done
    P1 move YS2
",
};
