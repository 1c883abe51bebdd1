//! Underling abilities (§2.4, §4.5, §4.6): A (Hustle) steps, B (Hire), the six C talents,
//! and Dynamite, which replaces them.

use super::action::{Ability, Action, Piece, Role};
use super::board::{Pos, Tile};
use super::cards::{Colour, Item, Underling};
use super::events::{Bonus, Displacement, Event, Removal};
use super::state::{GunslingerGang, Resolving, Step};
use crate::game::{RuleError, Seat};

/// Pushes per Run Out of Town (HIREDGUN C).
const PUSHES: u8 = 2;
/// Blasts per Dynamite (I11).
const BLASTS: u8 = 3;

impl GunslingerGang {
    /// Starts the chosen ability; `true` when it waits for a decision.
    pub(crate) fn begin_ability(&mut self, seat: Seat, ability: Ability, events: &mut Vec<Event>) -> bool {
        let r = *self.resolving.as_ref().expect("a reveal is in progress");
        let step = match ability {
            Ability::A => {
                // §2.4: budget = value, +1 with Fast Horse (R39: also one claimed this reveal).
                let left = r.card.value() + u8::from(self.holds(seat, Item::FastHorse));
                Step::Hustle { left }
            }
            Ability::B => {
                let extra =
                    u8::from(self.holds(seat, Item::WhiskeyBarrel)) + u8::from(self.town(r.town).tile == Tile::Market);
                self.hire(seat, r.town, r.card.hire() + extra, events);
                return false;
            }
            Ability::C => match self.begin_talent(seat, r.town, r.card, events) {
                Some(step) => step,
                None => return false,
            },
            Ability::Dynamite => {
                self.player_mut(seat).dynamite_spent = true;
                Step::Blast { left: BLASTS }
            }
        };
        self.resolving_mut().step = step;
        true
    }

    /// The C talent: its decision step, or `None` when it resolved at once (§4.5).
    fn begin_talent(&mut self, seat: Seat, town: Pos, card: Underling, events: &mut Vec<Event>) -> Option<Step> {
        match card {
            Underling::Kid => {
                // Ambush is mandatory if any target exists, otherwise it has no effect (G5).
                let any = self.seats().any(|s| s != seat && self.town(town).outlaws[s.index()] > 0);
                if !any {
                    events.push(Event::NoEffect { seat, what: "Ambush: nobody else has an outlaw here".into() });
                }
                any.then_some(Step::Ambush)
            }
            Underling::Gambler => {
                self.town_mut(town).wagers.insert(seat);
                events.push(Event::Wagered { seat, town });
                None
            }
            Underling::Preacher => {
                for role in Role::ALL {
                    if let Some(holder) = self.town_mut(town).demote(role) {
                        events.push(Event::Demoted { seat: holder, town, role });
                    }
                }
                Some(Step::Elect { sheriff: false, deputy: false })
            }
            Underling::Operator => {
                self.draw(seat, events);
                self.draw(seat, events);
                None
            }
            Underling::HiredGun => Some(Step::Push { left: PUSHES }),
            Underling::Rancher => Some(Step::Drive),
        }
    }

    /// Places up to `wanted` outlaws from `seat`'s supply at `town` (R17).
    pub(crate) fn hire(&mut self, seat: Seat, town: Pos, wanted: u8, events: &mut Vec<Event>) {
        let count = wanted.min(self.player(seat).supply);
        self.player_mut(seat).supply -= count;
        self.town_mut(town).outlaws[seat.index()] += count;
        events.push(Event::Hired { seat, town, count, wanted });
    }

    /// Returns `count` of `victim`'s outlaws at `town` to its supply.
    pub(crate) fn remove_outlaws(&mut self, victim: Seat, town: Pos, count: u8, by: Removal, events: &mut Vec<Event>) {
        self.town_mut(town).outlaws[victim.index()] -= count;
        self.player_mut(victim).supply += count;
        events.push(Event::Returned { seat: victim, town, count, by });
    }

    /// Promotes one of `seat`'s outlaws at `town` (Tin Star: +1 VP for a sheriff, I04).
    pub(crate) fn promote(&mut self, seat: Seat, town: Pos, role: Role, events: &mut Vec<Event>) {
        self.town_mut(town).promote(seat, role);
        events.push(Event::Promoted { seat, town, role });
        if role == Role::Sheriff && self.holds(seat, Item::TinStar) {
            self.player_mut(seat).vp += 1;
            events.push(Event::Bonus { seat, vp: 1, why: Bonus::TinStar });
        }
    }

    /// Moves `seat`'s piece from `from` to `to`, arriving as an outlaw (R14).
    pub(crate) fn move_piece(&mut self, seat: Seat, from: Pos, to: Pos, kind: Piece, events: &mut Vec<Event>) {
        let source = self.town_mut(from);
        match kind {
            Piece::Outlaw => source.outlaws[seat.index()] -= 1,
            Piece::Lawman(role) => *source.lawman_mut(role) = None,
        }
        self.town_mut(to).outlaws[seat.index()] += 1;
        events.push(Event::Moved { seat, from, to, kind });
    }

    /// Whether `seat` has `kind` at `pos`.
    pub(crate) fn has_piece(&self, seat: Seat, pos: Pos, kind: Piece) -> bool {
        let town = self.town(pos);
        match kind {
            Piece::Outlaw => town.outlaws[seat.index()] > 0,
            Piece::Lawman(role) => town.lawman(role) == Some(seat),
        }
    }

    /// Promote / ElectPromote / SwearIn: the slot exists, is vacant, and `seat` has an outlaw.
    pub(crate) fn check_promote(&self, seat: Seat, town: Pos, role: Role) -> Result<(), RuleError> {
        let t = self.town(town);
        if !t.has_slot(role) {
            return Err(RuleError::illegal(format!("the {} at {town} has no deputy slot", t.tile.name())));
        }
        if !t.vacant(role) {
            return Err(RuleError::illegal(format!("the {} at {town} is not vacant", role.name())));
        }
        if t.outlaws[seat.index()] == 0 {
            return Err(RuleError::ruled("R15", format!("you have no outlaw at {town} to promote")));
        }
        Ok(())
    }

    /// Another player (by colour) with an outlaw at `town`, as a target.
    pub(crate) fn check_target(&self, seat: Seat, town: Pos, player: Colour, others: bool) -> Result<Seat, RuleError> {
        let target = self.seat_of(player).ok_or_else(|| RuleError::illegal(format!("{player} is not playing")))?;
        if others && target == seat {
            return Err(RuleError::illegal("choose another player, not yourself"));
        }
        if self.town(town).outlaws[target.index()] == 0 {
            return Err(RuleError::illegal(format!("{} has no outlaw at {town}", target.mention())));
        }
        Ok(target)
    }

    /// A town orthogonally adjacent to `town`, as a destination.
    pub(crate) fn check_adjacent(&self, town: Pos, to: Pos) -> Result<(), RuleError> {
        if !self.is_town(to) || !to.orthogonal_to(town) {
            return Err(RuleError::illegal(format!("{to} is not a town orthogonally adjacent to {town}")));
        }
        Ok(())
    }

    /// §4.6: whether an A step is legal.
    pub(crate) fn check_hustle(&self, seat: Seat, town: Pos, action: &Action) -> Result<(), RuleError> {
        let player = self.player(seat);
        match *action {
            Action::Move { from, kind } => {
                let spurs = player.holds(Item::Spurs);
                let near = from.orthogonal_to(town) || (spurs && from.diagonal_to(town));
                if !self.is_town(from) || !near {
                    let how = if spurs { "adjacent (Spurs: diagonally too)" } else { "orthogonally adjacent" };
                    return Err(RuleError::illegal(format!("{from} is not a town {how} to {town}")));
                }
                if !self.has_piece(seat, from, kind) {
                    return Err(RuleError::illegal(format!("you have no {} at {from}", kind.name())));
                }
                Ok(())
            }
            Action::Promote(role) => self.check_promote(seat, town, role),
            Action::Demote(role) => {
                if !player.holds(Item::JailKeys) || player.used.jail_keys {
                    return Err(RuleError::illegal("demoting needs the Jail Keys, unused this round"));
                }
                if self.town(town).lawman(role).is_none() {
                    return Err(RuleError::illegal(format!("there is no {} at {town}", role.name())));
                }
                Ok(())
            }
            Action::Lasso { player: colour, to } => {
                if !player.holds(Item::Lasso) || player.used.lasso {
                    return Err(RuleError::illegal("lassoing needs the Lasso, unused this round"));
                }
                self.check_target(seat, town, colour, true)?;
                self.check_adjacent(town, to)
            }
            Action::Done => Ok(()),
            _ => Err(RuleError::illegal(
                "while hustling you may move a gunslinger in, promote, demote, lasso, or end the ability",
            )),
        }
    }

    /// Applies an A step; the budget drops by one and A ends at 0 (§4.5).
    pub(crate) fn hustle(&mut self, seat: Seat, town: Pos, left: u8, action: Action, events: &mut Vec<Event>) {
        match action {
            Action::Move { from, kind } => self.move_piece(seat, from, town, kind, events),
            Action::Promote(role) => self.promote(seat, town, role, events),
            Action::Demote(role) => {
                self.player_mut(seat).used.jail_keys = true;
                if let Some(holder) = self.town_mut(town).demote(role) {
                    events.push(Event::Demoted { seat: holder, town, role });
                }
            }
            Action::Lasso { player, to } => {
                let target = self.seat_of(player).expect("checked");
                self.player_mut(seat).used.lasso = true;
                self.town_mut(town).outlaws[target.index()] -= 1;
                self.town_mut(to).outlaws[target.index()] += 1;
                events.push(Event::Displaced { seat: target, from: town, to, by: Displacement::Lasso });
            }
            _ => {
                events.push(Event::Ended { seat, news: false, unused: left });
                return self.end_ability(events);
            }
        }
        if left <= 1 {
            self.end_ability(events);
        } else {
            self.resolving_mut().step = Step::Hustle { left: left - 1 };
        }
    }

    /// Checks a C-talent or Dynamite step (§4.5).
    pub(crate) fn check_talent(&self, seat: Seat, r: &Resolving, action: &Action) -> Result<(), RuleError> {
        let town = r.town;
        match (r.step, *action) {
            (Step::Ambush, Action::Ambush(colour)) => self.check_target(seat, town, colour, true).map(drop),
            (Step::Ambush, _) => {
                Err(RuleError::illegal("Ambush is mandatory: choose another player with an outlaw here"))
            }
            (_, Action::Done) => Ok(()),
            (Step::Elect { sheriff, deputy }, Action::Elect(role)) => {
                let done = if role == Role::Sheriff { sheriff } else { deputy };
                if done {
                    return Err(RuleError::illegal(format!("the {} was already elected", role.name())));
                }
                self.check_promote(seat, town, role)
            }
            (Step::Push { .. }, Action::Push { player, to }) => {
                self.check_target(seat, town, player, true)?;
                self.check_adjacent(town, to)
            }
            (Step::Drive, Action::Drive { to, count }) => {
                self.check_adjacent(town, to)?;
                let have = self.town(town).outlaws[seat.index()];
                if count == 0 || count > have {
                    return Err(RuleError::illegal(format!("you can drive 1 to {have} outlaws from {town}")));
                }
                Ok(())
            }
            (Step::Blast { .. }, Action::Blast(colour)) => self.check_target(seat, town, colour, false).map(drop),
            (step, _) => Err(RuleError::illegal(match step {
                Step::Elect { .. } => "Election: elect your outlaw sheriff or deputy, or end the ability",
                Step::Push { .. } => "Run Out of Town: run an opponent's outlaw out to a neighbouring town, or end",
                Step::Drive => "Cattle Drive: drive outlaws to a neighbouring town, or end the ability",
                _ => "Dynamite: blast an opponent's outlaw, or end",
            })),
        }
    }

    /// Applies a C-talent or Dynamite step.
    pub(crate) fn talent_step(&mut self, seat: Seat, r: Resolving, action: Action, events: &mut Vec<Event>) {
        let town = r.town;
        let step = match (r.step, action) {
            (Step::Ambush, Action::Ambush(colour)) => {
                let victim = self.seat_of(colour).expect("checked");
                self.remove_outlaws(victim, town, 1, Removal::Ambush, events);
                None
            }
            (Step::Elect { sheriff, deputy }, Action::Elect(role)) => {
                self.promote(seat, town, role, events);
                let (sheriff, deputy) = (sheriff || role == Role::Sheriff, deputy || role == Role::Deputy);
                (!(sheriff && deputy)).then_some(Step::Elect { sheriff, deputy })
            }
            (Step::Push { left }, Action::Push { player, to }) => {
                let victim = self.seat_of(player).expect("checked");
                self.town_mut(town).outlaws[victim.index()] -= 1;
                self.town_mut(to).outlaws[victim.index()] += 1;
                events.push(Event::Displaced { seat: victim, from: town, to, by: Displacement::Push });
                (left > 1).then_some(Step::Push { left: left - 1 })
            }
            (Step::Drive, Action::Drive { to, count }) => {
                self.town_mut(town).outlaws[seat.index()] -= count;
                self.town_mut(to).outlaws[seat.index()] += count;
                events.push(Event::Driven { seat, from: town, to, count });
                None
            }
            (Step::Blast { left }, Action::Blast(colour)) => {
                let victim = self.seat_of(colour).expect("checked");
                self.remove_outlaws(victim, town, 1, Removal::Blast, events);
                (left > 1).then_some(Step::Blast { left: left - 1 })
            }
            (step, _) => {
                let unused = if let Step::Push { left } | Step::Blast { left } = step { left } else { 0 };
                events.push(Event::Ended { seat, news: false, unused });
                None
            }
        };
        match step {
            Some(step) => self.resolving_mut().step = step,
            None => self.end_ability(events),
        }
    }
}
