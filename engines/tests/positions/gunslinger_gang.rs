//! Gunslinger Gang (rules §4.5–§4.6): the computers ended abilities "with 4 steps unused",
//! hired 0 of 1 outlaws, and 7 of 22 hustles took no step.

use engines::gunslinger_gang::{Ability, Action, GunslingerGang, Role, Step};
use engines::{Game, Seat, Viewer};

use super::{Position, check, find, partner};

/// A hustle not yet begun (its whole budget left) in which the seat may promote an outlaw to
/// a vacant sheriff's star (§4.6: a bonus, and the tie-break of §6.1).
fn hustle_with_a_star(game: &GunslingerGang, seat: Seat) -> bool {
    let view = game.view(Viewer::Seat(seat));
    let Some(r) = view.resolving.as_ref() else { return false };
    let fresh = matches!(r.step, Step::Hustle { left } if left >= 2 && left >= r.card.underling.value());
    r.seat == seat && fresh && game.legal_actions(seat).contains(&Action::Promote(Role::Sheriff))
}

/// Choosing the ability with no gunslinger left in supply to hire (§4.5 B: min(B, supply)).
fn nothing_to_hire(game: &GunslingerGang, seat: Seat) -> bool {
    let view = game.view(Viewer::Seat(seat));
    let Some(r) = view.resolving.as_ref() else { return false };
    r.seat == seat && r.step == Step::Ability && view.players[seat.index()].supply == 0
}

fn done(_: &GunslingerGang, action: &Action) -> bool {
    *action == Action::Done
}

fn hire(_: &GunslingerGang, action: &Action) -> bool {
    *action == Action::Use(Ability::B)
}

pub fn find_all() {
    find::<GunslingerGang>("gunslinger_gang hustle with a star", 2, 60, partner(1), hustle_with_a_star, done);
    find::<GunslingerGang>("gunslinger_gang nothing to hire", 2, 60, partner(0), nothing_to_hire, hire);
}

#[test]
fn takes_the_sheriff_star_rather_than_end_a_hustle_unused() {
    check::<GunslingerGang>("hustle with a star", &HUSTLE_WITH_A_STAR, done);
}

#[test]
fn does_not_hire_with_an_empty_supply() {
    check::<GunslingerGang>("nothing to hire", &NOTHING_TO_HIRE, hire);
}

const HUSTLE_WITH_A_STAR: Position = Position {
    seed: 0,
    players: 2,
    seat: 1,
    moves: "
    P1 play RANCHER A1 none
    P0 play RANCHER A1 N08
    P1 play HIREDGUN A1 none
    P0 play HIREDGUN A1 none
    P1 play PREACHER A1 none
    P0 play PREACHER A1 none
    P1 play OPERATOR A1 none
    P0 play OPERATOR A1 none
    P1 play GAMBLER A1 none
    P0 play GAMBLER A1 none
    P0 use B
    P1 use B
    P0 use B
    P1 use A
    P1 promote sheriff
    P1 move B1 outlaw
    P1 done
    P0 use B
    P1 use B
    P0 use B
    P1 use B
    P0 before
    P0 use B
    P1 use B
    P0 play RANCHER C2 none
    P1 play RANCHER C2 none
    P0 play HIREDGUN C2 none
    P1 play HIREDGUN C2 none
    P0 play PREACHER C2 none
    P1 play PREACHER C2 none
    P0 play OPERATOR C2 none
    P1 play OPERATOR C2 none
    P0 play GAMBLER C2 none
    P1 play GAMBLER C2 none
    P1 use B
    P0 use B
    P1 use A
",
};
const NOTHING_TO_HIRE: Position = Position {
    seed: 1,
    players: 2,
    seat: 0,
    moves: "
    P1 play GAMBLER C2 N23
    P0 play GAMBLER C2 N21
    P1 play KID C2 none
    P0 play KID C2 none
    P1 play RANCHER C2 none
    P0 play RANCHER C2 none
    P1 play HIREDGUN C2 none
    P0 play HIREDGUN C2 none
    P1 play PREACHER C2 none
    P0 play PREACHER C2 none
    P0 use B
    P1 use B
    P0 use B
    P1 use B
    P0 use B
    P1 use B
    P0 use B
    P1 use B
    P0 keep
    P0 use B
    P1 keep
    P1 use B
    P0 play GAMBLER B1 N21
    P1 play GAMBLER B1 N23
    P0 play KID B1 none
    P1 play KID B1 none
    P0 play RANCHER B1 none
    P1 play RANCHER B1 none
    P0 play HIREDGUN B1 none
    P1 play HIREDGUN B1 none
    P0 play PREACHER B1 none
    P1 play PREACHER B1 none
    P1 use B
    P0 use B
    P1 use B
    P0 use B
    P1 use B
    P0 use B
    P1 use B
    P0 use B
    P1 keep
    P1 use B
    P0 keep
    P0 use B
    P1 play GAMBLER B1 N23
    P0 play GAMBLER B1 N21
    P1 play KID B1 none
    P0 play KID B1 none
    P1 play RANCHER B1 none
    P0 play RANCHER B1 none
    P1 play HIREDGUN B1 none
    P0 play HIREDGUN B1 none
    P1 play PREACHER B1 none
    P0 play PREACHER B1 none
    P0 use B
    P1 use B
",
};
