//! Martian 12s (rules §4): the computers passed at 7 when no pull could pop, and passed at 0
//! with no pull while trailing by $28 in the last round.

use engines::martian_12s::{Action, Martian12s, Status};
use engines::{Game, Seat, Viewer};

use super::{Position, check, find, partner};

/// Whether some size left in the bag cannot pop `seat` (R6, R9, R25).
fn safe_pull(game: &Martian12s, seat: Seat) -> bool {
    let view = game.view(Viewer::Seat(seat));
    let score = view.player(seat).score;
    (0..3).any(|size| {
        let left: u32 = view.bag_by_value.iter().map(|row| u32::from(row[size])).sum();
        let popping: u32 = view
            .bag_by_value
            .iter()
            .enumerate()
            .filter(|(v, _)| usize::from(score) + v > 12)
            .map(|(_, row)| u32::from(row[size]))
            .sum();
        left > 0 && popping == 0
    })
}

fn on_turn(game: &Martian12s, seat: Seat) -> bool {
    let view = game.view(Viewer::Seat(seat));
    view.current == Some(seat) && view.player(seat).status == Status::Active
}

/// Passing at 7 or more while a pull of some size cannot pop.
fn passes_safely(game: &Martian12s, seat: Seat) -> bool {
    on_turn(game, seat) && game.view(Viewer::Seat(seat)).player(seat).score >= 7 && safe_pull(game, seat)
}

/// In the last round, with nothing pulled, behind in cash.
fn trails_at_nothing(game: &Martian12s, seat: Seat) -> bool {
    let view = game.view(Viewer::Seat(seat));
    let me = view.player(seat);
    let leader = view.players.iter().filter(|p| p.seat != seat).map(|p| p.wallet.0).max().unwrap_or(0);
    on_turn(game, seat) && view.round == view.last_round && me.stack.is_empty() && me.wallet.0 + 5 < leader
}

fn pass(_: &Martian12s, action: &Action) -> bool {
    *action == Action::Pass
}

pub fn find_all() {
    find::<Martian12s>("martian_12s passes safely", 2, 60, partner(0), passes_safely, pass);
    find::<Martian12s>("martian_12s trails at nothing", 2, 60, partner(2), trails_at_nothing, pass);
}

#[test]
fn does_not_pass_at_seven_when_no_pull_can_pop() {
    check::<Martian12s>("pass safely", &PASS_SAFELY, pass);
}

#[test]
fn does_not_pass_at_nothing_when_trailing_in_the_last_round() {
    check::<Martian12s>("trail at nothing", &TRAIL_AT_NOTHING, pass);
}

const PASS_SAFELY: Position = Position {
    seed: 0,
    players: 2,
    seat: 1,
    moves: "
    P1 pull S
    P0 pull M
    P1 pull L
    P0 pull L
    P1 pull L
    P0 pull S
",
};
const TRAIL_AT_NOTHING: Position = Position {
    seed: 1,
    players: 2,
    seat: 1,
    moves: "
    P1 pull S
    P0 pull S
    P1 pull M
    P0 pull M
    P1 pull M
    P0 pull M
    P1 pull M
    P0 pull M
    P1 pull M
    P0 pass
    P1 pull M
    P1 pass
    P0 pull S
    P1 pull M
    P0 pull M
    P1 pull M
    P0 pull L
    P1 pull L
    P0 pull L
    P1 pull L
    P0 pass
    P1 pull L
    P1 pass
    P1 pull S
    P0 pull S
    P1 pull S
    P0 pull S
    P1 pull M
    P0 pull L
    P1 pull L
    P0 pull L
    P1 pass
    P0 pull L
    P0 pull L
    P0 pull S
    P0 pull M
    P0 pass
    P0 pull S
    P1 pull S
    P0 pull S
    P1 pull M
    P0 pull L
    P1 pull L
    P0 pull S
    P1 pass
    P0 pull S
    P0 pull S
    P0 pull S
    P0 pull L
    P0 pull L
    P0 pass
    P1 pull S
    P0 pull S
    P1 pull S
    P0 pull S
    P1 pull S
    P0 pull S
    P1 pull S
    P0 pull S
    P1 pass
    P0 pull S
    P0 pull S
    P0 pass
    P0 pull S
    P1 pull M
    P0 pull M
    P1 pull M
    P0 pull M
    P1 pull M
    P0 pull M
    P1 pull M
    P0 pull M
    P1 pull M
    P0 pass
    P1 pass
    P1 pull S
    P0 pull S
    P1 pull S
    P0 pull S
    P1 pull S
    P0 pull S
    P1 pull S
    P0 pull S
    P1 pull S
    P0 pass
    P1 pull S
    P1 pull M
    P1 pass
    P0 pull S
    P1 pull M
    P0 pull L
    P1 pull L
    P0 pull L
    P1 pull L
    P0 pull L
    P1 pull L
    P0 pass
    P1 pull L
    P1 pull S
    P0 pull S
    P1 pull S
    P0 pull S
    P1 pull S
    P0 pull S
    P1 pull S
    P0 pull M
    P1 pull S
    P0 pass
    P1 pull S
    P1 pull M
    P0 pull S
",
};
