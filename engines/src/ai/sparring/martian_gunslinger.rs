//! Martian Gunslinger partners (rules §3–§4), reading one seat's view:
//!
//! - `hunter` plans each move with its movement points (§4.2) to end facing a plotpoint it may
//!   attempt (R15, R16), attempts every one it faces, attacks only with more cards to draw than
//!   its victim (§4.6), plays its King, Queen, Jack and growth cards, lays resources towards
//!   its secret event and plays the event when its condition holds;
//! - `brawler` grows its gunslinger first (§4.7: 5, 6, 7), hunts plotpoints the same way but
//!   turns to face an opponent it may attack whenever its hand would be at least as big, and
//!   attacks.
//!
//! Both keep their pairs in a poker contest and exchange the lowest other cards (§4.6), and
//! lay as resources the cards their event asks for.

use std::collections::HashMap;

use super::{Sparring, best_by};
use crate::game::Seat;
use crate::martian_gunslinger::{Action, HandPlay, MartianGunslinger, PlayOption, Stage, View};
use crate::parts::cards::Card;
use crate::parts::dice::Treehouse;
use crate::parts::grid::{Direction, Square};
use crate::rng::GameRng;

const SIDE: u8 = 8;

impl Sparring for MartianGunslinger {
    const PARTNERS: &'static [&'static str] = &["hunter", "brawler"];

    fn spar(partner: usize, seat: Seat, view: &View, legal: &[Action], _rng: &mut GameRng) -> Action {
        let me = Me { seat, view, brawler: partner == 1 };
        if view.stage == Stage::Move {
            return me.movement(legal);
        }
        best_by(legal, |action| me.score(action))
    }
}

struct Me<'v> {
    seat: Seat,
    view: &'v View,
    brawler: bool,
}

/// Where a piece stands during movement planning (§4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Pose {
    square: Square,
    facing: Direction,
    mp: u8,
    aim: bool,
    hop: bool,
}

impl Me<'_> {
    fn player(&self, seat: Seat) -> &crate::martian_gunslinger::PlayerView {
        &self.view.players[seat.index()]
    }

    fn score(&self, action: &Action) -> f64 {
        match *action {
            Action::PlaceHome { corner, dir } => self.home(corner, dir),
            Action::PlacePlotpoint(square) | Action::MovePlotpoint(_, square) => self.plotpoint(square),
            Action::ReEnter(square, dir) => self.pose_value(square, dir),
            Action::WildChoose(face) => match face {
                Treehouse::Aim => 2.0,
                Treehouse::Hop => 1.0,
                _ => 0.0,
            },
            Action::DigFrom(_) => 1.0,
            Action::DigTo(place) => f64::from(u8::from(place == crate::martian_gunslinger::Place::Hand)),
            Action::AttemptPlotpoint => 10.0,
            Action::Attack => self.attack_odds(),
            Action::ContestDiscard(card) => self.exchange(card),
            Action::PlayHandCard(play) => self.hand_card(&play),
            Action::RefillDiscard(card) => 1.0 - f64::from(card.rank.value()) / 10.0,
            Action::LayResource(card) => self.lay(card),
            Action::PlayEvent(_) => 5.0,
            Action::SubmitBid(n) => -f64::from(n),
            Action::PayResource(card) | Action::ChooseLoss(card) | Action::DiscardCard(card) => {
                -f64::from(card.rank.value()) - self.event_need(card)
            }
            Action::KeepRolls
            | Action::PassPower
            | Action::SkipMovePlotpoint
            | Action::SkipAction
            | Action::ContestDone
            | Action::RefillDone
            | Action::SkipHandCard
            | Action::SkipResource
            | Action::SkipEvent
            | Action::EndMove => 0.0,
            _ => -1.0,
        }
    }

    /// A home corner facing the middle of the board.
    fn home(&self, corner: Square, dir: Direction) -> f64 {
        let centre = centre_distance(corner.step(dir, SIDE, SIDE).unwrap_or(corner));
        -centre
    }

    /// Plotpoints near the own home (or the middle before it is placed).
    fn plotpoint(&self, square: Square) -> f64 {
        match self.player(self.seat).home {
            Some(home) => -f64::from(distance(home, square)),
            None => -centre_distance(square),
        }
    }

    /// Squares with a pyramid on them, besides the own piece.
    fn occupied(&self) -> Vec<Square> {
        let pieces = self.view.players.iter().filter(|p| p.seat != self.seat).filter_map(|p| p.piece.square);
        pieces.chain(self.view.plotpoints.iter().filter_map(|(_, s)| *s)).collect()
    }

    /// Plotpoints it may attempt (R15: not the last one attempted).
    fn targets(&self) -> Vec<Square> {
        let last = self.player(self.seat).last_attempt;
        self.view.plotpoints.iter().filter(|(id, _)| Some(*id) != last).filter_map(|(_, s)| *s).collect()
    }

    /// Opponents it may attack (R17) and would fight with at least as many cards.
    fn victims(&self) -> Vec<Square> {
        self.view
            .players
            .iter()
            .filter(|p| p.seat != self.seat && p.lifetime >= 2 && !p.resigned)
            .filter(|p| self.edge(p.seat) >= if self.brawler { 0 } else { 1 })
            .filter_map(|p| p.piece.square)
            .collect()
    }

    /// Cards drawn plus cards exchanged, own minus the opponent's, in an attack on `other`.
    fn edge(&self, other: Seat) -> i32 {
        let (a, d) = (self.player(self.seat), self.player(other));
        let pips = |x: &crate::martian_gunslinger::PlayerView| i32::from(x.piece.size.pips());
        let draw = |s: &crate::martian_gunslinger::PlayerView, o: &crate::martian_gunslinger::PlayerView| {
            5 + (pips(s) - pips(o)).max(0) + i32::from(s.draw_bonus)
        };
        let cap = |s: &crate::martian_gunslinger::PlayerView, o: &crate::martian_gunslinger::PlayerView| {
            2 + i32::from(s.vp > o.vp) + i32::from(s.discard_bonus)
        };
        draw(a, d) + cap(a, d) - draw(d, a) - cap(d, a)
    }

    fn attack_odds(&self) -> f64 {
        let Some(mine) = self.player(self.seat).piece.square else { return -1.0 };
        let facing = self.player(self.seat).piece.facing;
        let front = mine.step(facing, SIDE, SIDE);
        let victim = self.view.players.iter().find(|p| p.seat != self.seat && p.piece.square == front);
        match victim {
            Some(v) if self.edge(v.seat) > 0 || (self.brawler && self.edge(v.seat) == 0) => 8.0,
            _ => -1.0,
        }
    }

    /// How good it is to end a move at `square` facing `dir`.
    fn pose_value(&self, square: Square, dir: Direction) -> f64 {
        let front = square.step(dir, SIDE, SIDE);
        if front.is_some_and(|f| self.targets().contains(&f)) {
            return 100.0;
        }
        if front.is_some_and(|f| self.victims().contains(&f)) {
            return if self.brawler { 101.0 } else { 60.0 };
        }
        let near = self.targets().iter().map(|t| distance(square, *t)).min().unwrap_or(8);
        // Facing on towards the target saves a turn next time.
        let ahead = front.map_or(8, |f| self.targets().iter().map(|t| distance(f, *t)).min().unwrap_or(8));
        50.0 - 4.0 * f64::from(near) - f64::from(u8::from(ahead >= near))
    }

    /// T3: the legal move that starts the best plan for this turn's movement points (§4.2).
    fn movement(&self, legal: &[Action]) -> Action {
        let p = self.player(self.seat);
        let Some(square) = p.piece.square else { return Action::EndMove };
        let dice = &self.view.dice;
        let pose = Pose {
            square,
            facing: p.piece.facing,
            mp: dice.mp,
            aim: dice.power == Some(Treehouse::Aim) && !dice.aim_used,
            hop: dice.power == Some(Treehouse::Hop) && !dice.hop_used,
        };
        let occupied = self.occupied();
        let mut memo = HashMap::new();
        best_by(legal, |action| match next(pose, *action, &occupied) {
            Some(after) => self.plan(after, &occupied, &mut memo) - 0.01,
            None if *action == Action::EndMove => self.pose_value(pose.square, pose.facing),
            None => -1000.0,
        })
    }

    /// The best end of movement reachable from `pose`.
    fn plan(&self, pose: Pose, occupied: &[Square], memo: &mut HashMap<Pose, f64>) -> f64 {
        if let Some(v) = memo.get(&pose) {
            return *v;
        }
        let mut best = self.pose_value(pose.square, pose.facing);
        for action in moves(pose) {
            if let Some(after) = next(pose, action, occupied) {
                best = best.max(self.plan(after, occupied, memo) - 0.01);
            }
        }
        memo.insert(pose, best);
        best
    }

    fn exchange(&self, card: Card) -> f64 {
        let contest = self.view.me.as_ref().map(|m| m.contest_hand.clone()).unwrap_or_default();
        let same = contest.iter().filter(|c| c.rank == card.rank).count();
        if same >= 2 || card.rank.value() >= 13 { -1.0 } else { 1.0 - f64::from(card.rank.value()) / 20.0 }
    }

    fn hand_card(&self, play: &HandPlay) -> f64 {
        let rank = play.card.rank.value();
        match play.option {
            PlayOption::King(_) => 6.0,
            PlayOption::Plain if (11..=12).contains(&rank) => 6.0,
            PlayOption::Plain if (5..=7).contains(&rank) => {
                if self.brawler {
                    7.0
                } else {
                    4.0
                }
            }
            PlayOption::Plain if rank == 14 => 2.0,
            _ => -0.5,
        }
    }

    /// Resources: what the hidden event asks for first, then the cards least useful in hand.
    fn lay(&self, card: Card) -> f64 {
        let keep = matches!(card.rank.value(), 5..=7 | 11..=14);
        2.0 * self.event_need(card) + if keep { -1.0 } else { 0.5 }
    }

    /// 1 when the own hidden event's condition (§4.9) asks for this rank among own resources.
    fn event_need(&self, card: Card) -> f64 {
        let Some(event) = self.view.me.as_ref().and_then(|m| m.event) else { return 0.0 };
        let needs: &[u8] = match event.rank.value() {
            13 => &[11, 10, 5],
            12 => &[11, 13],
            11 => &[8, 6],
            10 => &[9, 12],
            9 => &[12, 2],
            8 => &[14, 4],
            7 => &[9, 8],
            6 => &[7, 14],
            4 => &[9],
            3 => &[7, 5],
            14 => &[3, 4],
            _ => &[],
        };
        let laid = &self.player(self.seat).resources;
        let missing = needs.contains(&card.rank.value()) && !laid.iter().any(|c| c.rank == card.rank);
        f64::from(u8::from(missing))
    }
}

/// The moves of §4.2 that might be open at `pose` (checked by [`next`]).
fn moves(pose: Pose) -> Vec<Action> {
    let mut out = vec![Action::Step, Action::Hop];
    for dir in Direction::ALL.into_iter().filter(|d| *d != pose.facing) {
        out.push(Action::Reorient(dir));
        out.push(Action::Aim(dir));
    }
    out
}

/// The pose after `action`, when it is legal (§4.2); `EndMove` and others give `None`.
fn next(pose: Pose, action: Action, occupied: &[Square]) -> Option<Pose> {
    let free = |s: Square| !occupied.contains(&s);
    let front = pose.square.step(pose.facing, SIDE, SIDE);
    match action {
        Action::Step if pose.mp >= 1 => {
            let f = front.filter(|f| free(*f))?;
            Some(Pose { square: f, mp: pose.mp - 1, ..pose })
        }
        Action::Reorient(dir) if pose.mp >= 1 && dir != pose.facing => {
            pose.square.step(dir, SIDE, SIDE)?;
            Some(Pose { facing: dir, mp: pose.mp - 1, ..pose })
        }
        Action::Aim(dir) if pose.aim && dir != pose.facing => {
            pose.square.step(dir, SIDE, SIDE)?;
            Some(Pose { facing: dir, aim: false, ..pose })
        }
        Action::Hop if pose.hop => {
            let f = front?;
            let beyond = f.step(pose.facing, SIDE, SIDE)?;
            let to = match (free(f), free(beyond)) {
                (false, true) => beyond,
                (true, false) => f,
                _ => return None,
            };
            Some(Pose { square: to, hop: false, ..pose })
        }
        _ => None,
    }
}

/// King moves between two squares.
fn distance(a: Square, b: Square) -> u8 {
    a.x.abs_diff(b.x).max(a.y.abs_diff(b.y))
}

fn centre_distance(s: Square) -> f64 {
    (f64::from(s.x) - 3.5).abs().max((f64::from(s.y) - 3.5).abs())
}
