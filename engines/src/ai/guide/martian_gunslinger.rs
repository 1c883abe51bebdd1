//! Martian Gunslinger's advice to the search: playouts play as a thoughtful beginner does.
//!
//! Each playout move is the legal move a few rules of thumb like best, with a little noise so
//! that playouts differ: move to face a plotpoint it may attempt (§4.2, R15, R16: each step,
//! turn and free power is worth what it brings the gunslinger nearer), or to face an opponent
//! it may attack (R17) with at least as many cards (§4.6), attempt every plotpoint faced,
//! attack with at least as many cards as the victim, play the Kings, Queens and Jacks
//! (permanent bonuses) and the growth cards, lay resources, play events. Uniformly random
//! playouts turned in place and stayed home for rounds, so the search could not tell a plan
//! from a wander. Playouts that attacked only with more cards than the victim hardly ever
//! fought, so the search did not see that a small gunslinger beside a fighter is one lost
//! fight from losing the game (R46; issue #26: `normal` lost 20 of 40 games that way to the
//! `brawler` partner).

use super::Guide;
use crate::game::{Game, Seat};
use std::cell::RefCell;
use std::collections::HashMap;

use crate::martian_gunslinger::{Action, MartianGunslinger, PlayOption, Stage};
use crate::parts::dice::Treehouse;
use crate::parts::grid::{Direction, Square};
use crate::parts::pyramids::Size;
use crate::rng::GameRng;

const SIDE: u8 = 8;

impl Guide for MartianGunslinger {
    /// In movement (T3), only the first steps of the cheapest ways to the poses worth reaching
    /// this turn (facing each plotpoint it may attempt, facing each opponent it may attack, or
    /// the nearest it can get to each plotpoint), and stopping here only when here is already
    /// the best pose for one of those goals (or there is no goal): no turning in place to no
    /// end (issue #26: "turn to face N, NW, W in one turn"), and no ending the movement on the
    /// home corner with six points unspent when a plotpoint can be faced this turn (issue #26:
    /// "stay on their home corner for nine rounds"). Unused points are lost (R8), and only the
    /// pose after the movement serves the action (R16), so stopping short of every goal
    /// wastes the turn.
    ///
    /// In the action (T4), no attack that draws fewer cards than the victim with no more
    /// exchanges to make up for it (§4.6; issue #26: "attack drawing 5 against 6"), unless the
    /// victim is small, when winning forces it off the board (R46) and the gamble is fair.
    /// With the attack and the skip close in value, `normal`'s 400 iterations chose it in 2 of
    /// 10 seeds (the position test `does_not_attack_drawing_fewer_cards`).
    fn candidates_into(&self, seat: Seat, out: &mut Vec<Action>) {
        self.legal_actions_into(seat, out);
        if self.stage == Stage::Move && out.len() > 1 {
            let firsts = self.plan_firsts(seat);
            out.retain(|a| firsts.contains(a) || (*a == Action::EndMove && firsts.is_empty()));
        }
        if self.stage == Stage::Action && out.len() > 1 && self.weak_attack(seat) {
            out.retain(|a| *a != Action::Attack);
        }
    }

    fn playout_action(&self, seat: Seat, rng: &mut GameRng, scratch: &mut Vec<Action>) -> Option<Action> {
        scratch.clear();
        self.legal_actions_into(seat, scratch);
        if scratch.len() <= 1 {
            return scratch.pop();
        }
        let mut best = (f64::NEG_INFINITY, 0);
        for (i, action) in scratch.iter().enumerate() {
            let score = self.policy_score(seat, action) + f64::from(rng.below(100)) / 250.0;
            if score > best.0 {
                best = (score, i);
            }
        }
        Some(scratch.swap_remove(best.1))
    }
}

impl MartianGunslinger {
    /// How much the playout policy likes `action` for `seat`; about 0 is indifferent.
    fn policy_score(&self, seat: Seat, action: &Action) -> f64 {
        match *action {
            Action::Step | Action::Reorient(_) | Action::Aim(_) | Action::Hop => self.movement_gain(seat, *action),
            Action::AttemptPlotpoint => 10.0,
            Action::Attack => {
                // At equal cards too: a fight is then a coin toss, and a playout that never
                // fights cannot show the danger of standing small beside a gunslinger that
                // does (R46: the winner of a fight wins when the loser leaves the board).
                if self.attack_edge(seat) >= 0 { 5.0 } else { -1.0 }
            }
            Action::PlayHandCard(play) => match (play.card.rank.value(), play.option) {
                (11..=13, _) => 2.0,
                // A small gunslinger that loses a fight leaves the board (§4.6).
                (5..=7, PlayOption::Plain) => 1.5 + f64::from(u8::from(self.player(seat).piece.size == Size::Small)),
                (14, _) => 1.0,
                _ => -0.2,
            },
            Action::LayResource(_) => 0.5,
            Action::PlayEvent(_) => 2.0,
            Action::WildChoose(Treehouse::Aim) | Action::DigFrom(_) => 0.5,
            Action::Tip(..) | Action::Swap(..) => -0.3,
            Action::ContestDiscard(card) => {
                let hand = self.contest.as_ref().and_then(|c| c.sides.iter().find(|s| s.seat == seat)).map(|s| s.hand);
                let paired = hand.is_some_and(|h| h.of_rank(card.rank).len() >= 2);
                if paired || card.rank.value() >= 11 { -1.0 } else { 0.3 }
            }
            _ => 0.0,
        }
    }

    /// What a movement action brings: how much nearer it puts the gunslinger to facing a
    /// plotpoint it may attempt, less a little for the point spent.
    fn movement_gain(&self, seat: Seat, action: Action) -> f64 {
        let piece = self.player(seat).piece;
        let Some(square) = piece.square else { return -1.0 };
        let front = square.step(piece.facing, SIDE, SIDE);
        let (to, facing) = match action {
            Action::Step => (front.unwrap_or(square), piece.facing),
            Action::Reorient(dir) | Action::Aim(dir) => (square, dir),
            Action::Hop => {
                let beyond = front.and_then(|f| f.step(piece.facing, SIDE, SIDE));
                match (front, beyond) {
                    (Some(f), Some(b)) if self.occupied(f) => (b, piece.facing),
                    (Some(f), _) => (f, piece.facing),
                    _ => (square, piece.facing),
                }
            }
            _ => (square, piece.facing),
        };
        let cost = if matches!(action, Action::Step | Action::Reorient(_)) { 0.05 } else { 0.0 };
        self.pose_value(seat, to, facing) - self.pose_value(seat, square, piece.facing) - cost
    }

    /// How good it is for `seat` to stand on `square` facing `dir`: best facing a plotpoint it
    /// may attempt or an opponent it may attack (R17) with at least as many cards (§4.6), else
    /// nearer a plotpoint and facing on towards it.
    fn pose_value(&self, seat: Seat, square: Square, dir: Direction) -> f64 {
        let last = self.player(seat).last_attempt;
        let targets = crate::martian_gunslinger::PlotId::ALL
            .into_iter()
            .filter(|id| Some(*id) != last)
            .filter_map(|id| self.plotpoints[id as usize]);
        let front = square.step(dir, SIDE, SIDE);
        if let Some(f) = front
            && let Some(other) = self.piece_at(f)
            && other != seat
            && self.player(other).lifetime >= 2
            && self.edge_against(seat, other) >= 0
        {
            return 10.0;
        }
        let mut near = u8::MAX;
        let mut ahead = u8::MAX;
        for target in targets {
            if front == Some(target) {
                return 10.0;
            }
            near = near.min(distance(square, target));
            ahead = ahead.min(front.map_or(u8::MAX, |f| distance(f, target)));
        }
        if near == u8::MAX {
            return 0.0;
        }
        -f64::from(near) + if ahead < near { 0.5 } else { 0.0 }
    }

    /// Cards drawn plus cards exchanged, own minus the victim's, if `seat` attacks the piece it
    /// faces (§4.6); 0 when it faces none.
    fn attack_edge(&self, seat: Seat) -> i32 {
        let me = self.player(seat);
        let Some(front) = me.piece.square.and_then(|s| s.step(me.piece.facing, SIDE, SIDE)) else { return 0 };
        let Some(other) = self.piece_at(front) else { return 0 };
        self.edge_against(seat, other)
    }

    /// Cards drawn plus cards exchanged, `seat`'s minus `other`'s, if `seat` attacks `other` (§4.6).
    fn edge_against(&self, seat: Seat, other: Seat) -> i32 {
        let (drawn, exchanged) = self.edges_against(seat, other);
        drawn + exchanged
    }

    /// Cards drawn and cards exchanged, each `seat`'s minus `other`'s, if `seat` attacks
    /// `other` (§4.6: 5 + the size difference + bonuses drawn, 2 + a point lead + bonuses
    /// exchanged).
    fn edges_against(&self, seat: Seat, other: Seat) -> (i32, i32) {
        let me = self.player(seat);
        let them = self.player(other);
        let (a, d) = (i32::from(me.piece.size.pips()), i32::from(them.piece.size.pips()));
        let drawn = (a - d).max(0) + i32::from(me.draw_bonus()) - (d - a).max(0) - i32::from(them.draw_bonus());
        let exchanged = i32::from(me.vp > them.vp) + i32::from(me.discard_bonus())
            - i32::from(them.vp > me.vp)
            - i32::from(them.discard_bonus());
        (drawn, exchanged)
    }

    /// Whether attacking the piece `seat` faces would draw fewer cards than the victim with no
    /// more exchanges to make up for it, the victim not being small (see `candidates_into`).
    fn weak_attack(&self, seat: Seat) -> bool {
        let me = self.player(seat);
        let Some(front) = me.piece.square.and_then(|s| s.step(me.piece.facing, SIDE, SIDE)) else { return false };
        let Some(other) = self.piece_at(front) else { return false };
        let (drawn, exchanged) = self.edges_against(seat, other);
        drawn < 0 && drawn + exchanged < 0 && self.player(other).piece.size != Size::Small
    }
}

/// Where the gunslinger stands while a turn's movement is planned (§4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Pose {
    square: Square,
    facing: Direction,
    mp: u8,
    aim: bool,
    hop: bool,
}

/// What a movement plan depends on (see `plan_key`).
type PlanKey = (Pose, u64, u64, [Option<u8>; 3]);

/// Plans kept per thread before the store starts afresh.
const PLANS_KEPT: usize = 4_096;

thread_local! {
    static PLANS: RefCell<HashMap<PlanKey, Vec<Action>>> = RefCell::new(HashMap::new());
}

/// What a plan reaches, for comparing plans to the same end: its cost in movement points, then
/// in free powers used, and its first action.
type Reached = (u8, u8, Option<Action>);

impl MartianGunslinger {
    /// The first actions of the cheapest plans to every goal of this turn's movement
    /// (`EndMove` for a goal best served where the gunslinger stands). A
    /// search asks at every visit of a node, so the answers are kept (by everything they
    /// depend on) for the rest of the thread's searches.
    fn plan_firsts(&self, seat: Seat) -> Vec<Action> {
        let piece = self.player(seat).piece;
        let Some(square) = piece.square else { return Vec::new() };
        let turn = &self.turn;
        let start = Pose {
            square,
            facing: piece.facing,
            mp: turn.mp,
            aim: turn.power == Some(Treehouse::Aim) && !turn.aim_used,
            hop: turn.power == Some(Treehouse::Hop) && !turn.hop_used,
        };
        let key = self.plan_key(seat, start);
        if let Some(firsts) = PLANS.with(|plans| plans.borrow().get(&key).cloned()) {
            return firsts;
        }
        let firsts = self.plan(seat, start);
        PLANS.with(|plans| {
            let mut plans = plans.borrow_mut();
            if plans.len() >= PLANS_KEPT {
                plans.clear();
            }
            plans.insert(key, firsts.clone());
        });
        firsts
    }

    /// Everything [`MartianGunslinger::plan`] reads: the pose, the squares taken, the
    /// plotpoints `seat` may attempt and the opponents it may attack.
    fn plan_key(&self, seat: Seat, start: Pose) -> PlanKey {
        let mut taken = 0u64;
        let mut victims = 0u64;
        for square in Square::all(SIDE, SIDE).filter(|s| self.occupied(*s)) {
            taken |= 1 << square.index(SIDE);
            if self.piece_at(square).is_some_and(|o| o != seat && self.player(o).lifetime >= 2) {
                victims |= 1 << square.index(SIDE);
            }
        }
        let last = self.player(seat).last_attempt;
        let targets = crate::martian_gunslinger::PlotId::ALL
            .map(|id| if Some(id) == last { None } else { self.plotpoints[id as usize].map(|s| s.index(SIDE) as u8) });
        (start, taken, victims, targets)
    }

    /// [`MartianGunslinger::plan_firsts`], worked out.
    fn plan(&self, seat: Seat, start: Pose) -> Vec<Action> {
        let reached = self.reachable(start);
        // Goals: each plotpoint faced, each opponent faced, else the nearest to each plotpoint.
        let mut best: HashMap<(u8, Square), (f64, Reached)> = HashMap::new();
        // In a fixed order, so that equal plans are settled the same way on every run.
        let mut reached: Vec<(Pose, Reached)> = reached.into_iter().collect();
        reached.sort_by_key(|(p, _)| {
            let facing = Direction::ALL.iter().position(|d| *d == p.facing);
            (p.square.index(SIDE), facing, p.mp, p.aim, p.hop)
        });
        for (pose, how) in &reached {
            for (goal, value) in self.goals(seat, pose) {
                let cost = f64::from(how.0) + f64::from(how.1) / 10.0;
                let entry = best.entry(goal).or_insert((f64::NEG_INFINITY, *how));
                if value - cost / 100.0 > entry.0 {
                    *entry = (value - cost / 100.0, *how);
                }
            }
        }
        // A goal best served by the pose it stands in makes stopping here a candidate.
        let mut firsts: Vec<Action> = best.values().map(|(_, how)| how.2.unwrap_or(Action::EndMove)).collect();
        firsts.sort_by_key(|a| a.to_string());
        firsts.dedup();
        firsts
    }

    /// Every pose reachable from `start` this turn, each with its cheapest plan.
    fn reachable(&self, start: Pose) -> HashMap<Pose, Reached> {
        let mut seen: HashMap<Pose, Reached> = HashMap::new();
        seen.insert(start, (0, 0, None));
        let mut frontier = vec![start];
        while let Some(pose) = frontier.pop() {
            let here = seen[&pose];
            for action in moves(pose) {
                let Some(next) = self.next_pose(pose, action) else { continue };
                let paid = u8::from(next.mp < pose.mp);
                let cost = (here.0 + paid, here.1 + (1 - paid), here.2.or(Some(action)));
                if seen.get(&next).is_none_or(|old| (old.0, old.1) > (cost.0, cost.1)) {
                    seen.insert(next, cost);
                    frontier.push(next);
                }
            }
        }
        seen
    }

    /// The goals a pose serves for `seat`, with how well: facing a plotpoint it may attempt
    /// or an opponent it may attack (R17) serves that target fully; otherwise the pose serves
    /// the one goal of getting nearer, by its distance to the nearest plotpoint it may attempt
    /// (and facing on towards it). One approach goal, not one per plotpoint: the search then
    /// does not wander between two ways of getting nearer.
    fn goals(&self, seat: Seat, pose: &Pose) -> Vec<((u8, Square), f64)> {
        let last = self.player(seat).last_attempt;
        let front = pose.square.step(pose.facing, SIDE, SIDE);
        let mut out = Vec::new();
        let mut approach = f64::NEG_INFINITY;
        for id in crate::martian_gunslinger::PlotId::ALL.into_iter().filter(|id| Some(*id) != last) {
            let Some(target) = self.plotpoints[id as usize] else { continue };
            if front == Some(target) {
                out.push(((0, target), 100.0));
            } else {
                let ahead = front.is_some_and(|f| distance(f, target) < distance(pose.square, target));
                approach =
                    approach.max(50.0 - f64::from(distance(pose.square, target)) + f64::from(u8::from(ahead)) / 2.0);
            }
        }
        if approach > f64::NEG_INFINITY {
            out.push(((2, Square::new(0, 0)), approach));
        }
        if let Some(f) = front
            && let Some(other) = self.piece_at(f)
            && other != seat
            && self.player(other).lifetime >= 2
        {
            out.push(((1, f), 100.0));
        }
        out
    }

    /// The pose after a movement action, when it is legal (§4.2).
    fn next_pose(&self, pose: Pose, action: Action) -> Option<Pose> {
        let front = pose.square.step(pose.facing, SIDE, SIDE);
        match action {
            Action::Step if pose.mp >= 1 => {
                let f = front.filter(|f| !self.occupied(*f))?;
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
                let to = match (self.occupied(f), self.occupied(beyond)) {
                    (true, false) => beyond,
                    (false, true) => f,
                    _ => return None,
                };
                Some(Pose { square: to, hop: false, ..pose })
            }
            _ => None,
        }
    }
}

/// The movement actions that might be open at `pose` (checked by `next_pose`).
fn moves(pose: Pose) -> impl Iterator<Item = Action> {
    let turns = Direction::ALL.into_iter().filter(move |d| *d != pose.facing);
    [Action::Step, Action::Hop].into_iter().chain(turns.flat_map(|d| [Action::Reorient(d), Action::Aim(d)]))
}

/// King moves between two squares.
fn distance(a: Square, b: Square) -> u8 {
    a.x.abs_diff(b.x).max(a.y.abs_diff(b.y))
}
