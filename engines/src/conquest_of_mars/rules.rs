//! Who must decide (§4.1), the legal lists, and the `Main` actions (§4.2). `act` accepts
//! exactly the listed actions (plus `resign`, and `pass` where a timeout uses it), so the
//! list and the rules cannot drift apart; a refusal is explained by `ConquestOfMars::refusal`
//! and changes nothing.

use super::action::Action;
use super::board::{Cell, Orient, PYRAMIDS, Place, PyramidId};
use super::dice::Die;
use super::events::Event;
use super::state::{ConquestOfMars, Phase};
use crate::game::{Pending, RuleError, Seat, SeatSet};
use crate::parts::ForPictures;
use crate::parts::pyramids::Size;

impl ConquestOfMars {
    /// The seats the game waits for (§4.1); empty once it is over.
    pub(crate) fn must(&self) -> SeatSet {
        let active = self.active();
        match &self.phase {
            Phase::SetupDieChoice => active.iter().filter(|s| self.player(*s).start_die.is_none()).collect(),
            Phase::Main | Phase::Trade { .. } | Phase::Reorient { .. } => SeatSet::one(self.current),
            Phase::Attack(combat) => combat.waiting_for(),
            Phase::GameOver => SeatSet::EMPTY,
        }
    }

    /// Every action `seat` may take now, in the canonical order of §4.2–4.5.
    pub(crate) fn legal(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        if seat.index() >= self.players.len() || !self.must().contains(seat) {
            return out;
        }
        match &self.phase {
            Phase::SetupDieChoice => out.extend(self.common.types().map(Action::ChooseStartDie)),
            Phase::Main => self.main_actions(seat, &mut out),
            Phase::Trade { want, offered } => self.trade_actions(seat, *want, offered, &mut out),
            Phase::Reorient { original } => self.reorient_actions(seat, original, &mut out),
            Phase::Attack(combat) => self.combat_actions(combat, seat, &mut out),
            Phase::GameOver => {}
        }
        out
    }

    /// Applies a listed action.
    fn perform(&mut self, seat: Seat, action: Action, events: &mut Vec<Event>) {
        self.last_cells = ForPictures(self.touched(action));
        match action {
            Action::ChooseStartDie(die) => self.choose_start_die(seat, die, events),
            Action::TakeDie => {
                self.take_die(seat, events);
                self.end_turn(events);
            }
            Action::TradeStart(want) => self.open_trade(seat, want, events),
            Action::TradeAdd(die) => self.offer(seat, die, events),
            Action::TradeConfirm => self.confirm_trade(seat, events),
            Action::Cancel => self.cancel(seat, events),
            Action::Spawn(cell) => self.spawn(seat, cell, events),
            Action::Grow(pyramid) => self.grow(seat, pyramid, events),
            Action::ReorientStart => self.open_reorient(seat, events),
            Action::Orient { pyramid, orient } => self.orient(seat, pyramid, orient, events),
            Action::ReorientDone => self.finish_reorient(seat, events),
            Action::Move(pyramid) => self.move_pyramid(seat, pyramid, events),
            Action::Attack(target) => self.declare(seat, target, events),
            Action::JoinAttack => self.answer(seat, true, events),
            Action::DeclineAttack => self.answer(seat, false, events),
            Action::CommitDie(die) => self.commit(seat, die, events),
            Action::Destroy(pyramid) => self.casualty(seat, pyramid, false, events),
            Action::Evade(pyramid) => self.casualty(seat, pyramid, true, events),
            Action::Pass | Action::Resign => {}
        }
    }

    /// The cards `action` touches, before it is applied, for the board to mark: where a
    /// pyramid spawns, grows, is turned (all of one reorientation together) or is destroyed,
    /// the card a pyramid leaves and the one it moves onto (R13, R22), an attack's target.
    /// None for dice, trades and sealed answers, which touch no card.
    fn touched(&self, action: Action) -> Vec<Cell> {
        let cell_of = |pyramid| match self.place(pyramid) {
            Some(Place::Board { cell, .. }) => vec![cell],
            _ => Vec::new(),
        };
        match action {
            Action::Spawn(cell) | Action::Attack(cell) => vec![cell],
            Action::Grow(pyramid) | Action::Destroy(pyramid) => cell_of(pyramid),
            Action::Move(pyramid) | Action::Evade(pyramid) => {
                let to = self.place(pyramid).and_then(Place::points_at);
                cell_of(pyramid).into_iter().chain(to).collect()
            }
            Action::Orient { pyramid, .. } => {
                let mut cells = self.last_cells.0.clone();
                cells.extend(cell_of(pyramid).into_iter().filter(|c| !self.last_cells.contains(c)));
                cells
            }
            Action::ReorientDone => self.last_cells.0.clone(),
            _ => Vec::new(),
        }
    }

    /// §4.2 in canonical order: take, trades, spawns, grows, reorient, moves, attacks.
    fn main_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if !self.common.is_empty() {
            out.push(Action::TakeDie);
        }
        out.extend(Die::ALL.into_iter().filter(|d| self.can_trade_for(seat, *d)).map(Action::TradeStart));
        out.extend(self.spawn_cells(seat).into_iter().map(Action::Spawn));
        let player = self.player(seat);
        let grows = player.all().filter(|(id, place)| self.can_grow(seat, *id, *place));
        out.extend(grows.map(|(id, _)| Action::Grow(id)).collect::<Vec<_>>());
        if player.on_board() > 0 {
            out.push(Action::ReorientStart);
        }
        out.extend(player.all().filter(|(_, place)| place.points_at().is_some()).map(|(id, _)| Action::Move(id)));
        out.extend(self.attack_targets(seat).into_iter().map(Action::Attack));
    }

    /// R10: the cells `seat` may spawn on: those it occupies, or any card cell when it
    /// occupies none; nothing without a small pyramid in reserve.
    pub(crate) fn spawn_cells(&self, seat: Seat) -> Vec<Cell> {
        let player = self.player(seat);
        if player.reserve_of(Size::Small).is_none() {
            return Vec::new();
        }
        let mut cells: Vec<Cell> = player.pyramids.iter().filter_map(|p| p.cell()).collect();
        if cells.is_empty() {
            return Cell::all().collect();
        }
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// R11: an upright small or medium on the board, with the next size in reserve.
    fn can_grow(&self, seat: Seat, pyramid: PyramidId, place: Place) -> bool {
        let upright = matches!(place, Place::Board { orient: Orient::Up, .. });
        upright && pyramid.size.grown().is_some_and(|next| self.player(seat).reserve_of(next).is_some())
    }

    /// R14, R15: cards that `seat`'s flat pyramids point at and another player occupies, in
    /// reading order.
    pub(crate) fn attack_targets(&self, seat: Seat) -> Vec<Cell> {
        let mut targets: Vec<Cell> = self.player(seat).pyramids.iter().filter_map(|p| p.points_at()).collect();
        targets.sort_unstable();
        targets.dedup();
        targets.retain(|t| !self.occupants(*t).without(SeatSet::one(seat)).is_empty());
        targets
    }

    /// §4.2 `TakeDie` (R2): the smallest type present moves to the personal pool.
    pub(crate) fn take_die(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if let Some(die) = self.common.smallest() {
            self.common.remove(die);
            self.player_mut(seat).dice.add(die);
            events.push(Event::DieTaken { seat, die });
        }
    }

    /// §4.2 `Spawn` (R10, R25): the lowest-numbered reserve small, upright; the game ends at
    /// once when it is the spawner's ninth pyramid on the board.
    fn spawn(&mut self, seat: Seat, cell: Cell, events: &mut Vec<Event>) {
        let Some(pyramid) = self.player(seat).reserve_of(Size::Small) else { return };
        self.set_place(pyramid, Place::Board { cell, orient: Orient::Up });
        events.push(Event::Spawned { seat, pyramid, cell });
        self.reveal(cell, events);
        if self.player(seat).on_board() == PYRAMIDS {
            self.finish(super::scoring::EndReason::NineOnBoard(seat), events);
        } else {
            self.end_turn(events);
        }
    }

    /// §4.2 `Grow` (R11): the next size from the reserve takes the cell; the grown pyramid
    /// returns to the reserve.
    fn grow(&mut self, seat: Seat, from: PyramidId, events: &mut Vec<Event>) {
        let Some(cell) = self.place(from).and_then(Place::cell) else { return };
        let Some(to) = from.size.grown().and_then(|next| self.player(seat).reserve_of(next)) else { return };
        self.set_place(to, Place::Board { cell, orient: Orient::Up });
        self.set_place(from, Place::Reserve);
        events.push(Event::Grew { seat, from, to, cell });
        self.end_turn(events);
    }

    /// §4.2 `Move` (R13): onto the card it points at, upright; sharing causes no fight (R9).
    fn move_pyramid(&mut self, seat: Seat, pyramid: PyramidId, events: &mut Vec<Event>) {
        let Some(place) = self.place(pyramid) else { return };
        let (Some(from), Some(to)) = (place.cell(), place.points_at()) else { return };
        self.set_place(pyramid, Place::Board { cell: to, orient: Orient::Up });
        events.push(Event::Moved { seat, pyramid, from, to });
        self.reveal(to, events);
        self.end_turn(events);
    }

    /// R8: a card turns face up when first occupied, and stays so.
    pub(crate) fn reveal(&mut self, cell: Cell, events: &mut Vec<Event>) {
        let Some(index) = cell.index() else { return };
        let card = &mut self.grid[index];
        if !card.face_up {
            card.face_up = true;
            events.push(Event::Revealed { cell, card: card.card });
        }
    }

    /// Why `action` is not legal for `seat` now, in words, with the ruling that decides it.
    pub(crate) fn refusal(&self, seat: Seat, action: Action) -> RuleError {
        match (&self.phase, action) {
            (Phase::GameOver, _) => RuleError::game_over(),
            (Phase::SetupDieChoice, Action::ChooseStartDie(die)) => {
                RuleError::ruled("R4", format!("the common pool has no {die} to start with"))
            }
            (Phase::SetupDieChoice, _) => {
                RuleError::ruled("R4", "first choose your starting die (start d4 … start d20)")
            }
            (Phase::Main, action) => self.explain_main(seat, action),
            (Phase::Trade { want, .. }, action) => self.explain_trade(seat, *want, action),
            (Phase::Reorient { .. }, action) => self.explain_reorient(seat, action),
            (Phase::Attack(combat), action) => self.explain_combat(combat, seat, action),
        }
    }

    /// Why a `Main` action is refused (§4.2).
    fn explain_main(&self, seat: Seat, action: Action) -> RuleError {
        match action {
            Action::TakeDie => RuleError::ruled("R2", "the common pool is empty"),
            Action::TradeStart(want) => self.explain_trade_start(seat, want),
            Action::Spawn(cell) => self.explain_spawn(seat, cell),
            Action::Grow(pyramid) => self.explain_grow(seat, pyramid),
            Action::ReorientStart => RuleError::ruled("R12", "you have no pyramid on the board to reorient"),
            Action::Move(pyramid) => match self.own_place(seat, pyramid) {
                Err(error) => error,
                Ok(Place::Reserve) => RuleError::illegal(Self::not_on_board(pyramid)),
                Ok(_) => RuleError::ruled(
                    "R13",
                    format!("your {} stands upright: only a flat pyramid moves", self.pyramid_words(pyramid)),
                ),
            },
            Action::Attack(target) => self.explain_attack(seat, target),
            _ => RuleError::illegal("it is your turn: take, trade, spawn, grow, reorient, move or attack"),
        }
    }

    /// The place of one of `seat`'s pyramids, or why it is not theirs.
    pub(crate) fn own_place(&self, seat: Seat, pyramid: PyramidId) -> Result<Place, RuleError> {
        if self.owner(pyramid) != Some(seat) {
            return Err(RuleError::illegal(format!("the {} is not one of yours", self.pyramid_words(pyramid))));
        }
        Ok(self.player(seat).pyramids[pyramid.slot()])
    }

    fn explain_spawn(&self, seat: Seat, cell: Cell) -> RuleError {
        if cell.is_hole() {
            return RuleError::ruled("R6", format!("{cell} is a hole: there is no card there"));
        }
        if self.player(seat).reserve_of(Size::Small).is_none() {
            return RuleError::illegal("all three of your small pyramids are on the board");
        }
        RuleError::ruled("R10", format!("you may spawn only on a card you occupy, and you do not occupy {cell}"))
    }

    fn explain_grow(&self, seat: Seat, pyramid: PyramidId) -> RuleError {
        let place = match self.own_place(seat, pyramid) {
            Ok(place) => place,
            Err(error) => return error,
        };
        let words = self.pyramid_words(pyramid);
        let text = match (place, pyramid.size.grown()) {
            (Place::Reserve, _) => Self::not_on_board(pyramid),
            (Place::Board { orient, .. }, _) if orient.is_flat() => format!("your {words} must stand upright to grow"),
            (_, None) => format!("your {words} is as large as a pyramid grows"),
            (_, Some(next)) => format!("you have no {} pyramid in reserve", next.word()),
        };
        RuleError::ruled("R11", text)
    }

    fn explain_attack(&self, seat: Seat, target: Cell) -> RuleError {
        if target.is_hole() {
            return RuleError::ruled("R6", format!("{target} is a hole: nothing can be there"));
        }
        if !self.player(seat).pyramids.iter().any(|p| p.points_at() == Some(target)) {
            return RuleError::ruled("R14", format!("none of your flat pyramids points at {target}"));
        }
        RuleError::ruled("R15", format!("no other player's pyramid is on {target}"))
    }
}

/// Checks `action` for `seat` (who may act: the trait's opening checks passed) and, only
/// if it is legal, applies it and everything automatic after it.
pub(crate) fn act(
    game: &mut ConquestOfMars,
    seat: Seat,
    action: &Action,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let action = *action;
    match action {
        Action::Resign => game.resign(seat, events),
        Action::Pass => {
            game.check_pass(seat)?;
            game.pass(seat, events);
        }
        _ if game.legal(seat).contains(&action) => game.perform(seat, action, events),
        _ => return Err(game.refusal(seat, action)),
    }
    Ok(())
}

/// Who must decide now, or how the game ended (§4.1, §6).
pub(crate) fn pending(game: &ConquestOfMars) -> Pending {
    match game.outcome() {
        Some(outcome) => Pending::Finished(outcome),
        None => Pending::must(game.must()),
    }
}

/// Every action `seat` may take now, appended to `out`.
pub(crate) fn legal_actions_into(game: &ConquestOfMars, seat: Seat, out: &mut Vec<Action>) {
    out.extend(game.legal(seat));
}
