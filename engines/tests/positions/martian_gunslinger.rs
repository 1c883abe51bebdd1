//! Martian Gunslinger (rules §4.2–§4.6): the computers turned to face N, NW, W in one turn,
//! stayed on their home corner for nine rounds, and spent their movement turning in place to
//! attack drawing 5 cards against 6.

use engines::ai::Search;
use engines::martian_gunslinger::{Action, MartianGunslinger, Stage, View};
use engines::parts::grid::{Direction, Square};
use engines::{Game, GameRng, Seat, Viewer};

use super::{Position, blunders, find, mixed, old_search, partner, replay};

const SIDE: u8 = 8;

fn view(game: &MartianGunslinger, seat: Seat) -> View {
    game.view(Viewer::Seat(seat))
}

/// In an attack on the piece `seat` faces, the cards drawn and the cards exchanged, each own
/// minus the victim's (§4.6: 5 + extra pips + bonuses drawn, 2 + a point lead + bonuses
/// exchanged).
fn edges(view: &View, seat: Seat) -> Option<(i32, i32)> {
    let me = &view.players[seat.index()];
    let front = me.piece.square?.step(me.piece.facing, SIDE, SIDE)?;
    let them = view.players.iter().find(|p| p.seat != seat && p.piece.square == Some(front))?;
    let pips = |p: &engines::martian_gunslinger::PlayerView| i32::from(p.piece.size.pips());
    let drawn = |a: &engines::martian_gunslinger::PlayerView, b: &engines::martian_gunslinger::PlayerView| {
        5 + (pips(a) - pips(b)).max(0) + i32::from(a.draw_bonus)
    };
    let exchanged = |a: &engines::martian_gunslinger::PlayerView, b: &engines::martian_gunslinger::PlayerView| {
        2 + i32::from(a.vp > b.vp) + i32::from(a.discard_bonus)
    };
    Some((drawn(me, them) - drawn(them, me), exchanged(me, them) - exchanged(them, me)))
}

/// The blunder: an attack drawing fewer cards than the victim (5 against 6) with no
/// more exchanges to make up for it. Drawing one short while exchanging one more (a point
/// lead), or drawing as many while exchanging one fewer (trailing), is a fair gamble: the
/// finder's computer games had guided `normal` take both (10 and 2 times in 10).
fn weak_attack(game: &MartianGunslinger, seat: Seat) -> bool {
    let v = view(game, seat);
    v.stage == Stage::Action
        && game.legal_actions(seat).contains(&Action::Attack)
        && edges(&v, seat).is_some_and(|(drawn, exchanged)| drawn < 0 && drawn + exchanged < 0)
}

/// Plotpoints `seat` may attempt (R15).
fn targets(v: &View, seat: Seat) -> Vec<Square> {
    let last = v.players[seat.index()].last_attempt;
    v.plotpoints.iter().filter(|(id, _)| Some(*id) != last).filter_map(|(_, s)| *s).collect::<Vec<_>>()
}

/// Whether, with steps and turns alone, `seat` can end this turn facing a plotpoint it may
/// attempt (§4.2).
fn can_face_plotpoint(v: &View, seat: Seat) -> bool {
    let me = &v.players[seat.index()];
    let Some(start) = me.piece.square else { return false };
    let taken: Vec<Square> = v
        .players
        .iter()
        .filter(|p| p.seat != seat)
        .filter_map(|p| p.piece.square)
        .chain(v.plotpoints.iter().filter_map(|(_, s)| *s))
        .collect();
    let goals = targets(v, seat);
    let mut frontier = vec![(start, me.piece.facing, v.dice.mp)];
    let mut seen = Vec::new();
    while let Some((square, facing, mp)) = frontier.pop() {
        if square.step(facing, SIDE, SIDE).is_some_and(|f| goals.contains(&f)) {
            return true;
        }
        if seen.contains(&(square, facing, mp)) || mp == 0 {
            continue;
        }
        seen.push((square, facing, mp));
        for dir in Direction::ALL {
            if dir != facing && square.step(dir, SIDE, SIDE).is_some() {
                frontier.push((square, dir, mp - 1));
            }
        }
        if let Some(f) = square.step(facing, SIDE, SIDE).filter(|f| !taken.contains(f)) {
            frontier.push((f, facing, mp - 1));
        }
    }
    false
}

/// The start of a turn's movement (no point spent yet).
fn moving_fresh(v: &View, seat: Seat) -> bool {
    v.stage == Stage::Move && v.active == Some(seat) && v.dice.mp == v.dice.d6 && v.dice.mp >= 2
}

fn may_face_plotpoint(game: &MartianGunslinger, seat: Seat) -> bool {
    let v = view(game, seat);
    moving_fresh(&v, seat) && can_face_plotpoint(&v, seat)
}

fn at_home(game: &MartianGunslinger, seat: Seat) -> bool {
    let v = view(game, seat);
    let me = &v.players[seat.index()];
    moving_fresh(&v, seat) && me.piece.square.is_some() && me.piece.square == me.home
}

/// Plays `seat`'s whole movement with `search`; the game after it.
fn whole_movement(game: &MartianGunslinger, seat: Seat, search: &Search, seed: u64) -> MartianGunslinger {
    let mut game = game.clone();
    let mut rng = GameRng::from_seed(seed);
    while view(&game, seat).stage == Stage::Move && game.pending().must_seats().contains(seat) {
        let action = engines::ai::search(&game, seat, search, &mut rng).expect("a decision").action;
        game.apply(seat, &action).expect("legal");
    }
    game
}

/// After its movement, `seat` faces no plotpoint it may attempt.
fn faces_nothing(game: &MartianGunslinger, seat: Seat, search: &Search, seed: u64) -> bool {
    let after = whole_movement(game, seat, search, seed);
    let v = view(&after, seat);
    let me = &v.players[seat.index()];
    let front = me.piece.square.and_then(|s| s.step(me.piece.facing, SIDE, SIDE));
    !front.is_some_and(|f| targets(&view(game, seat), seat).contains(&f))
}

/// After its movement, `seat` is still on its home corner.
fn stays_home(game: &MartianGunslinger, seat: Seat, search: &Search, seed: u64) -> bool {
    let after = whole_movement(game, seat, search, seed);
    let me = &view(&after, seat).players[seat.index()];
    me.piece.square == me.home
}

/// The movement checks: as `super::check`, over a whole movement.
fn check_movement(name: &str, position: &Position, blunder: fn(&MartianGunslinger, Seat, &Search, u64) -> bool) {
    let game: MartianGunslinger = replay(position);
    let seat = Seat(position.seat);
    let before = blunders(&game, seat, false, blunder);
    assert!(before >= 2, "{name}: the old search blundered {before} times in 10; the position tests nothing");
    let now = blunders(&game, seat, true, blunder);
    assert!(now <= 1, "{name}: normal blundered {now} times in 10");
}

/// For `find`: the first search action of a movement that ends facing nothing.
fn find_movement(
    name: &str,
    partner_index: usize,
    tempting: fn(&MartianGunslinger, Seat) -> bool,
    blunder: fn(&MartianGunslinger, Seat, &Search, u64) -> bool,
) {
    for seed in 0..40u64 {
        let mut game = MartianGunslinger::setup(&Default::default(), 2, GameRng::from_seed(seed)).expect("setup");
        let mut rng = GameRng::from_seed(seed ^ 0x5eed);
        let mut mover = partner::<MartianGunslinger>(partner_index);
        let mut moves = String::new();
        while let Some(seat) = game.pending().must_seats().first() {
            if tempting(&game, seat) {
                let before = blunders(&game, seat, false, blunder);
                if before >= 3 {
                    let now = blunders(&game, seat, true, blunder);
                    println!("{name}: seed {seed}, 2 players, seat {}: old {before}/10, now {now}/10\n{moves}", seat.0);
                    return;
                }
            }
            let action = mover(&game, seat, &mut rng);
            moves.push_str(&format!("P{} {action}\n", seat.0));
            game.apply(seat, &action).expect("legal");
        }
    }
    println!("{name}: no position found");
}

fn attack(_: &MartianGunslinger, action: &Action) -> bool {
    *action == Action::Attack
}

pub fn find_all() {
    find::<MartianGunslinger>("martian_gunslinger weak attack", 2, 60, partner(1), weak_attack, attack);
    find::<MartianGunslinger>("martian_gunslinger weak attack (hunter)", 2, 100, partner(0), weak_attack, attack);
    find::<MartianGunslinger>("martian_gunslinger weak attack (mixed)", 2, 100, mixed(&[0, 1]), weak_attack, attack);
    find::<MartianGunslinger>("martian_gunslinger weak attack (4p)", 4, 60, mixed(&[0, 1]), weak_attack, attack);
    find::<MartianGunslinger>("martian_gunslinger weak attack (old)", 2, 20, old_search, weak_attack, attack);
    find_movement("martian_gunslinger faces nothing", 0, may_face_plotpoint, faces_nothing);
    find_movement("martian_gunslinger stays home", 1, at_home, stays_home);
}

#[test]
fn does_not_attack_drawing_fewer_cards() {
    assert!(weak_attack(&replay(&WEAK_ATTACK), Seat(WEAK_ATTACK.seat)), "the attack would draw fewer cards");
    super::check::<MartianGunslinger>("weak attack", &WEAK_ATTACK, attack);
}

#[test]
fn does_not_turn_in_place_when_it_can_face_a_plotpoint() {
    check_movement("faces nothing", &FACES_NOTHING, faces_nothing);
}

#[test]
fn does_not_stay_on_its_home_corner() {
    check_movement("stays home", &STAYS_HOME, stays_home);
}

const WEAK_ATTACK: Position = Position {
    seed: 20,
    players: 4,
    seat: 3,
    moves: "
    P1 plotpoint d4
    P0 plotpoint e4
    P2 plotpoint d5
    P3 home a1 NE
    P1 home h1 NW
    P0 home a8 SE
    P2 home h8 SW
    P3 skip-move
    P1 pass-power
    P1 step
    P1 step
    P1 end-move
    P1 attempt
    P1 skip-card
    P1 lay 3C
    P1 skip-event
    P0 pass-power
    P0 step
    P0 step
    P0 end-move
    P0 attempt
    P0 skip-card
    P0 lay 8D
    P0 skip-event
    P2 step
    P2 end-move
    P2 skip-card
    P2 lay 3S
    P2 skip-event
    P3 wild Aim
    P3 step
    P3 step
    P3 end-move
    P3 attempt
    P3 skip-card
    P3 lay 9H
    P3 skip-event
    P1 pass-power
    P1 reorient W
    P1 step
    P1 skip-card
    P1 lay 10C
    P1 skip-event
    P0 reorient S
    P0 step
    P0 aim SE
    P0 attempt
    P0 skip-card
    P0 lay 2C
    P0 skip-event
    P2 dig draw
    P2 dig-to hand
    P2 step
    P2 step
    P2 end-move
    P2 attempt
    P2 skip-card
    P2 lay 4C
    P2 skip-event
    P3 reorient N
    P3 step
    P3 reorient NE
    P3 end-move
    P3 attempt
    P3 play 7H 9H
    P3 skip-resource
    P3 skip-event
    P1 dig draw
    P1 dig-to hand
    P1 reorient NW
    P1 end-move
    P1 attempt
    P1 skip-card
    P1 lay 8H
    P1 skip-event
    P0 wild Aim
    P0 reorient E
    P0 end-move
    P0 attempt
    P0 skip-card
    P0 lay QS
    P0 event tycoon QS 2C 8D
    P2 wild Aim
    P2 reorient S
    P2 end-move
    P2 attempt
    P2 skip-card
    P2 lay 10D
    P2 skip-event
    P3 dig draw
    P3 dig-to hand
    P3 reorient E
    P3 end-move
    P3 attempt
    P3 skip-card
    P3 lay 2H
    P3 skip-event
    P1 dig draw
    P1 dig-to hand
    P1 reorient N
    P1 end-move
    P1 attempt
    P1 play 5H 8H
    P1 lay 8S
    P1 skip-event
    P0 wild Aim
    P0 reorient SE
    P0 end-move
    P0 attempt
    P0 skip-card
    P0 lay 10S
    P2 reorient SW
    P2 end-move
    P2 attempt
    P2 play 5D 10D
    P2 skip-resource
    P2 skip-event
    P3 reorient N
    P3 end-move
    P3 attack
    P0 exchange 4D
    P0 exchange 5D
    P3 exchange 2D
    P3 exchange 3D
    P3 exchange done
    P0 exchange 7H
    P0 exchange done
    P3 skip-card
    P3 lay 9H
    P3 skip-event
    P1 wild Aim
    P1 reorient SW
    P1 step
    P1 reorient NW
    P1 step
    P1 step
    P1 aim NE
    P1 attack
    P1 exchange 2S
    P0 exchange 6C
    P1 exchange 7H
    P0 exchange 9D
    P0 exchange done
    P1 exchange done
    P1 play AC 3C
    P1 lay 3H
    P1 skip-event
    P2 pass-power
    P2 reorient S
    P2 attempt
    P2 play 7C 4C
    P2 skip-resource
    P2 skip-event
    P1 keep-rolls
    P1 step
    P1 reorient E
    P1 end-move
    P1 attempt
    P1 play 6H 3H
    P1 lay 4D
    P1 skip-event
    P0 reenter a8 SE
    P0 play 7D 8D
    P0 lay 9C
    P0 skip-event
    P2 wild Aim
    P2 reorient SW
    P2 end-move
    P2 attempt
    P2 skip-card
    P2 skip-resource
    P2 skip-event
    P1 keep-rolls
    P1 wild Aim
    P1 reorient SE
    P1 end-move
    P1 attempt
    P1 skip-card
    P1 lay 2C
    P1 skip-event
    P0 step
    P0 step
    P0 end-move
    P0 attempt
    P0 skip-card
    P0 lay 2D
    P0 skip-event
    P2 dig draw
    P2 dig-to hand
    P2 reorient S
    P2 end-move
    P2 attempt
    P2 skip-card
    P2 skip-resource
    P2 skip-event
    P3 pass-power
    P3 reorient NE
    P3 end-move
    P3 attempt
    P3 skip-card
    P3 skip-resource
    P3 skip-event
    P1 keep-rolls
    P1 reorient N
    P1 end-move
    P1 attack
    P0 exchange 2S
    P0 exchange 3H
    P1 exchange 6H
    P1 exchange 7H
    P0 exchange done
    P1 exchange 10H
    P1 exchange done
    P1 skip-card
    P1 lay 8C
    P1 skip-event
    P2 wild Aim
    P2 reorient SW
    P2 end-move
    P2 attempt
    P2 skip-card
    P2 lay QD
    P2 skip-event
    P3 dig draw
    P3 dig-to hand
    P3 reorient NW
    P3 step
    P3 reorient NE
    P3 end-move
    P3 attack
    P0 exchange 2S
    P0 exchange 4C
    P0 exchange done
    P3 exchange 5D
    P3 exchange 7D
    P3 exchange done
    P3 play 5H 2H
    P3 skip-resource
    P3 skip-event
    P1 keep-rolls
    P1 reorient E
    P1 end-move
    P1 attempt
    P1 skip-card
    P1 lay 8H
    P1 skip-event
    P2 wild Aim
    P2 reorient S
    P2 end-move
    P2 attempt
    P2 play AD QD
    P2 lay 4H
    P2 skip-event
    P3 dig draw
    P3 dig-to hand
    P3 reorient E
    ",
};
const FACES_NOTHING: Position = Position {
    seed: 0,
    players: 2,
    seat: 1,
    moves: "
    P1 plotpoint d4
    P0 plotpoint e4
    P1 plotpoint d5
    P0 home a1 NE
    P1 home h1 NW
    P0 skip-move
    P1 dig draw
    P1 dig-to hand
",
};
const STAYS_HOME: Position = Position {
    seed: 0,
    players: 2,
    seat: 1,
    moves: "
    P1 plotpoint d4
    P0 plotpoint e4
    P1 plotpoint d5
    P0 home a1 NE
    P1 home h1 NW
    P0 skip-move
    P1 dig draw
    P1 dig-to hand
",
};
