//! The attack procedure (§4.5, R14–R24): the declaration, the sealed join window, the roles,
//! the sealed dice, the rolls, and the exchange loop with its casualties, the evade exception
//! and the drop-outs. Everything that needs no decision runs at once in [`ConquestOfMars::advance_combat`].

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::board::{Cell, PyramidId};
use super::dice::{Die, Rolled};
use super::events::{Event, Removal};
use super::state::{ConquestOfMars, Phase};
use crate::game::{RuleError, Seat, SeatSet};

/// Which side a participant fights on (§4.5 step 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    /// The declarer and those who joined.
    Attacker,
    /// Every other player with a pyramid on the target.
    Defender,
}

/// One player in a combat (§4.5 steps 4–9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Participant {
    pub(crate) seat: Seat,
    pub(crate) side: Side,
    /// Involved pyramids still in the fight, in canonical order (R14, R17).
    pub(crate) involved: Vec<PyramidId>,
    /// Pips of the involved pyramids at step 4.
    pub(crate) x: u8,
    /// Dice it commits: `x`, or all it has (R18).
    pub(crate) due: u8,
    /// Whether it chooses its dice (sealed), rather than committing automatically.
    pub(crate) choosing: bool,
    /// Dice committed so far; still in the personal pool until the rolls (I5).
    pub(crate) chosen: Vec<Die>,
    /// Rolled dice not yet compared, highest first (R19).
    pub(crate) line: Vec<Rolled>,
}

impl Participant {
    /// Whether its commitment is complete.
    pub(crate) fn committed(&self) -> bool {
        self.chosen.len() == usize::from(self.due)
    }
}

/// Where a combat stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// §4.5 step 3: invitees answer, sealed (R16).
    Join {
        /// The invitees.
        invited: SeatSet,
        /// Answers in, `true` = join; sealed until all are in.
        answers: Vec<(Seat, bool)>,
    },
    /// §4.5 step 5: participants with a real choice commit dice, sealed (R18).
    Commit,
    /// §4.5 step 8: losers still to remove a pyramid, in combat order; the first decides.
    Casualty {
        /// The losers not yet resolved.
        losers: Vec<Seat>,
    },
}

/// An attack in progress (§4.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    pub(crate) declarer: Seat,
    pub(crate) target: Cell,
    pub(crate) stage: Stage,
    /// Participants in combat order, from step 4 on.
    pub(crate) sides: Vec<Participant>,
    /// Exchanges so far.
    pub(crate) exchanges: u8,
}

impl Combat {
    /// The seats the combat waits for.
    pub(crate) fn waiting_for(&self) -> SeatSet {
        match &self.stage {
            Stage::Join { invited, answers } => invited.without(answers.iter().map(|(s, _)| *s).collect()),
            Stage::Commit => self.sides.iter().filter(|p| p.choosing && !p.committed()).map(|p| p.seat).collect(),
            Stage::Casualty { losers } => losers.first().map_or(SeatSet::EMPTY, |s| SeatSet::one(*s)),
        }
    }

    /// The participant `seat`, if in the fight.
    pub(crate) fn side(&self, seat: Seat) -> Option<&Participant> {
        self.sides.iter().find(|p| p.seat == seat)
    }

    fn side_mut(&mut self, seat: Seat) -> Option<&mut Participant> {
        self.sides.iter_mut().find(|p| p.seat == seat)
    }

    /// Whether anyone on `side` is still fighting.
    fn remains(&self, side: Side) -> bool {
        self.sides.iter().any(|p| p.side == side)
    }
}

/// The next automatic step of a combat.
enum Next {
    CloseJoin,
    Roll,
    Casualty(Seat, Option<Action>),
    AfterCasualties,
}

impl ConquestOfMars {
    fn combat(&self) -> Option<&Combat> {
        match &self.phase {
            Phase::Attack(combat) => Some(combat),
            _ => None,
        }
    }

    fn combat_mut(&mut self) -> Option<&mut Combat> {
        match &mut self.phase {
            Phase::Attack(combat) => Some(combat),
            _ => None,
        }
    }

    /// The decisions of `seat`, who the combat waits for.
    pub(crate) fn combat_actions(&self, combat: &Combat, seat: Seat, out: &mut Vec<Action>) {
        match &combat.stage {
            Stage::Join { .. } => out.extend([Action::JoinAttack, Action::DeclineAttack]),
            Stage::Commit => {
                let Some(side) = combat.side(seat) else { return };
                let dice = self.player(seat).dice;
                let free = |d: &Die| usize::from(dice.get(*d)) > side.chosen.iter().filter(|c| *c == d).count();
                out.extend(Die::ALL.iter().filter(|d| free(d)).map(|d| Action::CommitDie(*d)));
            }
            Stage::Casualty { .. } => out.extend(self.casualty_options(combat, seat)),
        }
    }

    /// §4.5 steps 1–3: own pieces on the target are destroyed (R15), the invitees asked (R16).
    pub(crate) fn declare(&mut self, seat: Seat, target: Cell, events: &mut Vec<Event>) {
        events.push(Event::AttackDeclared { seat, target });
        let own: Vec<PyramidId> = self.pyramids_on(target).filter(|(s, ..)| *s == seat).map(|(_, p, _)| p).collect();
        for pyramid in own {
            self.set_place(pyramid, super::board::Place::Reserve);
            events.push(Event::Removed { seat, pyramid, cell: target, why: Removal::OwnOnTarget });
        }
        let points = |s: Seat| self.player(s).pyramids.iter().any(|p| p.points_at() == Some(target));
        let invited: SeatSet =
            self.active().iter().filter(|s| *s != seat && points(*s) && !self.occupies(*s, target)).collect();
        if !invited.is_empty() {
            events.push(Event::Invited { target, seats: invited.iter().collect() });
        }
        let stage = Stage::Join { invited, answers: Vec::new() };
        self.phase = Phase::Attack(Combat { declarer: seat, target, stage, sides: Vec::new(), exchanges: 0 });
        self.advance_combat(events);
    }

    /// `JoinAttack` / `DeclineAttack`: a sealed answer (R16).
    pub(crate) fn answer(&mut self, seat: Seat, join: bool, events: &mut Vec<Event>) {
        if let Some(Combat { stage: Stage::Join { answers, .. }, .. }) = self.combat_mut() {
            answers.push((seat, join));
            events.push(Event::AnswerSealed { seat });
            events.push(Event::AnswerChosen { seat, join });
        }
        self.advance_combat(events);
    }

    /// `CommitDie{sides}`: one die of a sealed commitment (R18).
    pub(crate) fn commit(&mut self, seat: Seat, die: Die, events: &mut Vec<Event>) {
        let Some(side) = self.combat_mut().and_then(|c| c.side_mut(seat)) else { return };
        side.chosen.push(die);
        let complete = side.committed();
        events.push(Event::DieCommitted { seat, die });
        if complete {
            events.push(Event::CommitComplete { seat });
        }
        self.advance_combat(events);
    }

    /// `Destroy{pyr}` / `Evade{pyr}` chosen by the loser (R21, R22).
    pub(crate) fn casualty(&mut self, seat: Seat, pyramid: PyramidId, evade: bool, events: &mut Vec<Event>) {
        self.apply_casualty(seat, pyramid, evade, events);
        self.advance_combat(events);
    }

    /// Runs every step that needs no decision, until one does or the combat is over.
    pub(crate) fn advance_combat(&mut self, events: &mut Vec<Event>) {
        while let Some(next) = self.next_step() {
            match next {
                Next::CloseJoin => self.close_join(events),
                Next::Roll => {
                    self.roll(events);
                    self.exchange(events);
                }
                Next::Casualty(seat, Some(Action::Evade(pyramid))) => self.apply_casualty(seat, pyramid, true, events),
                Next::Casualty(seat, Some(Action::Destroy(pyramid))) => {
                    self.apply_casualty(seat, pyramid, false, events);
                }
                Next::Casualty(seat, _) => self.apply_casualty_none(seat),
                Next::AfterCasualties => {
                    self.drop_outs(events);
                    if self.combat().is_some_and(|c| {
                        !c.remains(Side::Attacker)
                            || !c.remains(Side::Defender)
                            || c.sides.iter().any(|p| p.line.is_empty())
                    }) {
                        self.end_combat(events);
                        return;
                    }
                    self.exchange(events);
                }
            }
        }
    }

    /// What runs next without a decision, or `None` when the combat waits (or is over).
    fn next_step(&self) -> Option<Next> {
        let combat = self.combat()?;
        match &combat.stage {
            Stage::Join { invited, answers } => (answers.len() >= invited.len()).then_some(Next::CloseJoin),
            Stage::Commit => combat.sides.iter().all(Participant::committed).then_some(Next::Roll),
            Stage::Casualty { losers } => match losers.first() {
                None => Some(Next::AfterCasualties),
                Some(loser) => {
                    let options = self.casualty_options(combat, *loser);
                    (options.len() <= 1).then(|| Next::Casualty(*loser, options.first().copied()))
                }
            },
        }
    }

    /// §4.5 step 4 and the automatic part of step 5: roles, involved pyramids, X, and the
    /// commitments that need no choice (R14, R17, R18). Ends the combat when a side is empty.
    fn close_join(&mut self, events: &mut Vec<Event>) {
        let Some(combat) = self.combat() else { return };
        let (declarer, target) = (combat.declarer, combat.target);
        let Stage::Join { answers, .. } = &combat.stage else { return };
        let answers = answers.clone();
        if !answers.is_empty() {
            events.push(Event::AnswersShown { answers: answers.clone() });
        }
        let order: Vec<Seat> = self.clockwise(declarer).filter(|s| !self.player(*s).resigned).collect();
        let attacking = |s: &Seat| *s == declarer || answers.contains(&(*s, true));
        let attackers = order.iter().filter(|s| attacking(s)).map(|s| self.participant(*s, Side::Attacker, target));
        let defenders = order.iter().filter(|s| !attacking(s) && self.occupies(**s, target));
        let mut sides: Vec<Participant> = attackers.collect();
        sides.extend(defenders.map(|s| self.participant(*s, Side::Defender, target)));
        sides.retain(|p| !p.involved.is_empty());
        let roles = sides.iter().map(|p| (p.seat, p.side, p.involved.clone(), p.x)).collect();
        events.push(Event::Roles { sides: roles });
        if let Some(combat) = self.combat_mut() {
            combat.sides = sides;
            combat.stage = Stage::Commit;
            if !combat.remains(Side::Attacker) || !combat.remains(Side::Defender) {
                self.end_combat(events);
            }
        }
    }

    /// One participant at step 4, with its commitment settled when there is no choice (R18).
    fn participant(&self, seat: Seat, side: Side, target: Cell) -> Participant {
        let involved: Vec<PyramidId> = self
            .player(seat)
            .all()
            .filter(|(_, place)| match side {
                Side::Attacker => place.points_at() == Some(target),
                Side::Defender => place.cell() == Some(target),
            })
            .map(|(id, _)| id)
            .collect();
        let x: u8 = involved.iter().map(|p| p.pips()).sum();
        let dice = self.player(seat).dice;
        let (due, choosing, chosen) = if dice.len() <= usize::from(x) {
            (dice.len() as u8, false, dice.dice())
        } else if let (Some(only), 1) = (dice.smallest(), dice.types().count()) {
            (x, false, vec![only; usize::from(x)])
        } else {
            (x, true, Vec::new())
        };
        Participant { seat, side, involved, x, due, choosing, chosen, line: Vec::new() }
    }

    /// §4.5 step 6: commitments shown; in combat order, each participant's dice leave its
    /// pool and are rolled in ascending faces; lines sorted (R19).
    fn roll(&mut self, events: &mut Vec<Event>) {
        let Some(combat) = self.combat() else { return };
        let commits: Vec<(Seat, Vec<Die>)> = combat
            .sides
            .iter()
            .map(|p| {
                let mut dice = p.chosen.clone();
                dice.sort_unstable();
                (p.seat, dice)
            })
            .collect();
        events.push(Event::CommitsShown { commits: commits.clone() });
        let mut lines = Vec::new();
        for (seat, dice) in commits {
            let mut line: Vec<Rolled> = Vec::new();
            for die in dice {
                self.player_mut(seat).dice.remove(die);
                line.push(Rolled { die, result: self.rng.roll(u32::from(die.sides())) as u8 });
            }
            Rolled::sort_line(&mut line);
            events.push(Event::Rolled { seat, line: line.clone() });
            lines.push(line);
        }
        if let Some(combat) = self.combat_mut() {
            for (side, line) in combat.sides.iter_mut().zip(lines) {
                side.line = line;
                side.chosen.clear();
            }
        }
    }

    /// §4.5 step 7 (R19): the lowest top die loses, every tied lowest too; every compared die
    /// goes to the common pool. The losers then choose their casualties in combat order.
    fn exchange(&mut self, events: &mut Vec<Event>) {
        let Some(combat) = self.combat_mut() else { return };
        combat.exchanges += 1;
        let number = combat.exchanges;
        let tops: Vec<(Seat, u8)> =
            combat.sides.iter().map(|p| (p.seat, p.line.first().map_or(0, |r| r.result))).collect();
        let low = tops.iter().map(|(_, top)| *top).min().unwrap_or(0);
        let losers: Vec<Seat> = tops.iter().filter(|(_, top)| *top == low).map(|(s, _)| *s).collect();
        let compared: Vec<Die> =
            combat.sides.iter_mut().filter(|p| !p.line.is_empty()).map(|p| p.line.remove(0).die).collect();
        combat.stage = Stage::Casualty { losers: losers.clone() };
        for die in compared {
            self.common.add(die);
        }
        events.push(Event::Exchange { number, tops, losers });
    }

    /// §4.5 step 8: a loser's options, destroys first, then evades (R21, R22).
    pub(crate) fn casualty_options(&self, combat: &Combat, seat: Seat) -> Vec<Action> {
        let Some(side) = combat.side(seat) else { return Vec::new() };
        let mut out: Vec<Action> = side.involved.iter().map(|p| Action::Destroy(*p)).collect();
        if side.side == Side::Defender {
            let attacking: Vec<Cell> = combat
                .sides
                .iter()
                .filter(|p| p.side == Side::Attacker)
                .flat_map(|p| p.involved.iter().filter_map(|id| self.place(*id).and_then(|pl| pl.cell())))
                .collect();
            let evades = side
                .involved
                .iter()
                .filter(|id| self.place(**id).and_then(|pl| pl.points_at()).is_some_and(|to| !attacking.contains(&to)));
            out.extend(evades.map(|p| Action::Evade(*p)));
        }
        out
    }

    /// Removes one involved pyramid of `seat`: destroyed to the reserve (R23) or evading
    /// onto the card it points at, upright (R22); the loser is then resolved.
    fn apply_casualty(&mut self, seat: Seat, pyramid: PyramidId, evade: bool, events: &mut Vec<Event>) {
        let Some(place) = self.place(pyramid) else { return };
        let Some(from) = place.cell() else { return };
        match place.points_at().filter(|_| evade) {
            Some(to) => {
                self.set_place(pyramid, super::board::Place::Board { cell: to, orient: super::board::Orient::Up });
                events.push(Event::Evaded { seat, pyramid, from, to });
                self.reveal(to, events);
            }
            None => {
                self.set_place(pyramid, super::board::Place::Reserve);
                events.push(Event::Removed { seat, pyramid, cell: from, why: Removal::Casualty });
            }
        }
        if let Some(side) = self.combat_mut().and_then(|c| c.side_mut(seat)) {
            side.involved.retain(|p| *p != pyramid);
        }
        self.apply_casualty_none(seat);
    }

    /// The loser `seat` is resolved (also when it had nothing left to lose).
    fn apply_casualty_none(&mut self, seat: Seat) {
        if let Some(Combat { stage: Stage::Casualty { losers }, .. }) = self.combat_mut()
            && losers.first() == Some(&seat)
        {
            losers.remove(0);
        }
    }

    /// §4.5 step 9: participants without involved pyramids leave; their lines go home.
    fn drop_outs(&mut self, events: &mut Vec<Event>) {
        let Some(combat) = self.combat_mut() else { return };
        let (gone, staying): (Vec<Participant>, Vec<Participant>) =
            std::mem::take(&mut combat.sides).into_iter().partition(|p| p.involved.is_empty());
        combat.sides = staying;
        for side in gone {
            let returned: Vec<Die> = side.line.iter().map(|r| r.die).collect();
            for die in &returned {
                self.player_mut(side.seat).dice.add(*die);
            }
            events.push(Event::DroppedOut { seat: side.seat, returned });
        }
    }

    /// §4.5 step 11 (R20, R24): remaining line dice return to their owners; nothing moves in;
    /// the declarer's turn ends.
    fn end_combat(&mut self, events: &mut Vec<Event>) {
        if let Some(ended) = self.close_combat() {
            events.push(ended);
            self.end_turn(events);
        }
    }

    /// Closes the combat, every line's dice back in its owner's pool, and goes back to
    /// `Main`; the `CombatEnded` event, or `None` without a combat.
    pub(crate) fn close_combat(&mut self) -> Option<Event> {
        let Phase::Attack(combat) = std::mem::replace(&mut self.phase, Phase::Main) else { return None };
        let mut returned = Vec::new();
        for side in combat.sides {
            let dice: Vec<Die> = side.line.iter().map(|r| r.die).collect();
            for die in &dice {
                self.player_mut(side.seat).dice.add(*die);
            }
            returned.push((side.seat, dice));
        }
        Some(Event::CombatEnded { target: combat.target, exchanges: combat.exchanges, returned })
    }

    /// §4.8: a participant or invitee resigns mid-combat: it leaves at once (its line goes
    /// home, its pending choices are dropped) and the combat ends if a side is now empty;
    /// otherwise it goes on, without it.
    pub(crate) fn withdraw(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let Some(combat) = self.combat_mut() else { return };
        match &mut combat.stage {
            Stage::Join { invited, answers } => {
                invited.remove(seat);
                answers.retain(|(s, _)| *s != seat);
            }
            Stage::Casualty { losers } => losers.retain(|s| *s != seat),
            Stage::Commit => {}
        }
        let joined = matches!(combat.stage, Stage::Join { .. });
        if let Some(i) = combat.sides.iter().position(|p| p.seat == seat) {
            let side = combat.sides.remove(i);
            let returned: Vec<Die> = side.line.iter().map(|r| r.die).collect();
            for die in &returned {
                self.player_mut(seat).dice.add(*die);
            }
            events.push(Event::DroppedOut { seat, returned });
        }
        let emptied = self.combat().is_some_and(|c| !c.remains(Side::Attacker) || !c.remains(Side::Defender));
        if !joined && emptied {
            self.end_combat(events);
        } else {
            self.advance_combat(events);
        }
    }

    /// The timeout defaults of a combat (§4.8): decline; the die with the fewest faces; the
    /// involved pyramid with the fewest pips, then the lowest id (canonical order).
    pub(crate) fn combat_default(&self, combat: &Combat, seat: Seat) -> Option<Action> {
        match &combat.stage {
            Stage::Join { .. } => Some(Action::DeclineAttack),
            Stage::Commit | Stage::Casualty { .. } => {
                let mut options = Vec::new();
                self.combat_actions(combat, seat, &mut options);
                options.into_iter().next()
            }
        }
    }

    /// Why an action is refused during a combat (R16, R18, R21, R22).
    pub(crate) fn explain_combat(&self, combat: &Combat, seat: Seat, action: Action) -> RuleError {
        match (&combat.stage, action) {
            (Stage::Join { .. }, _) => {
                RuleError::ruled("R16", format!("answer the invitation to attack {}: join or decline", combat.target))
            }
            (Stage::Commit, Action::CommitDie(die)) => {
                RuleError::ruled("R18", format!("you have no uncommitted {die} left"))
            }
            (Stage::Commit, _) => RuleError::ruled("R18", "choose the dice you commit (commit d4 … commit d20)"),
            (Stage::Casualty { .. }, Action::Evade(pyramid)) => self.explain_evade(combat, seat, pyramid),
            (Stage::Casualty { .. }, Action::Destroy(pyramid)) => RuleError::ruled(
                "R21",
                format!("the {} is not one of your pyramids in this combat", self.pyramid_words(pyramid)),
            ),
            (Stage::Casualty { .. }, _) => {
                RuleError::ruled("R21", "you lost this exchange: destroy one of your pyramids (or evade)")
            }
        }
    }

    fn explain_evade(&self, combat: &Combat, seat: Seat, pyramid: PyramidId) -> RuleError {
        let defending = combat.side(seat).is_some_and(|p| p.side == Side::Defender && p.involved.contains(&pyramid));
        let words = self.pyramid_words(pyramid);
        let text = match self.place(pyramid).and_then(|p| p.points_at()) {
            _ if !defending => format!("only a defending pyramid on {} may evade", combat.target),
            None => format!("your {words} stands upright, so it points nowhere"),
            Some(to) => format!("your {words} points at {to}, where an attacking pyramid is"),
        };
        RuleError::ruled("R22", text)
    }
}
