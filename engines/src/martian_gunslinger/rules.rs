//! The flow: who is asked, what they may do, checking then applying an action, and the
//! automatic steps between decisions (§4.0 auto-pass R56, §4.14 checks, resignation).

use super::action::Action;
use super::log::Event;
use super::state::{Die, MartianGunslinger, Pile, Place, Stage};
use crate::game::{RuleError, Seat, SeatSet};
use crate::parts::cards::CardSet;
use crate::parts::dice::Treehouse;
use crate::parts::pyramids::Size;

impl MartianGunslinger {
    /// Who must decide now (§8.1): the active player, or several seats in a sealed window.
    pub(crate) fn pending_seats(&self) -> SeatSet {
        match self.stage {
            Stage::Exchange => {
                self.contest.iter().flat_map(|c| c.sides.iter()).filter(|s| !s.done).map(|s| s.seat).collect()
            }
            Stage::Bid => self.bidders_waiting().into_iter().collect(),
            Stage::Pay => self.payer.map_or(SeatSet::EMPTY, |(s, _)| SeatSet::one(s)),
            Stage::Placement
            | Stage::Compensation
            | Stage::ReEnter
            | Stage::Reroll
            | Stage::Wild
            | Stage::Power
            | Stage::DigTo
            | Stage::Move
            | Stage::Action
            | Stage::HandCard
            | Stage::Refill
            | Stage::Resource
            | Stage::Event
            | Stage::Loss
            | Stage::HandLimit => SeatSet::one(self.active()),
            Stage::SlotStart | Stage::Roll | Stage::Face | Stage::Draw | Stage::SlotEnd | Stage::Over => SeatSet::EMPTY,
        }
    }

    /// Every action `seat` may take now, passes first (§8.6 order).
    pub(crate) fn actions_for(&self, seat: Seat, out: &mut Vec<Action>) {
        if !self.pending_seats().contains(seat) {
            return;
        }
        match self.stage {
            Stage::Placement => {
                out.extend(self.home_options(seat).into_iter().map(|(corner, dir)| Action::PlaceHome { corner, dir }));
                if self.player(seat).quota > 0 && self.next_plotpoint().is_some() {
                    out.extend(self.plotpoint_squares().into_iter().map(Action::PlacePlotpoint));
                }
            }
            Stage::Compensation => {
                out.push(Action::SkipMovePlotpoint);
                let squares = self.plotpoint_squares();
                for plot in super::state::PlotId::ALL {
                    out.extend(squares.iter().map(|s| Action::MovePlotpoint(plot, *s)));
                }
            }
            Stage::ReEnter => out.extend(self.reentry_options(seat).into_iter().map(|(s, d)| Action::ReEnter(s, d))),
            Stage::Reroll => {
                out.extend([Action::KeepRolls, Action::UseReroll(Die::Table), Action::UseReroll(Die::Treehouse)]);
            }
            Stage::Wild => {
                let faces = [Treehouse::Tip, Treehouse::Hop, Treehouse::Aim, Treehouse::Swap, Treehouse::Dig];
                out.extend(faces.map(Action::WildChoose));
                out.push(Action::WildReroll);
            }
            Stage::Power => self.power_actions(out),
            Stage::DigTo => out.extend([Action::DigTo(Place::Hand), Action::DigTo(Place::Resources)]),
            Stage::Move => self.move_actions(out),
            Stage::Action => self.action_actions(out),
            Stage::Exchange => self.exchange_actions(seat, out),
            Stage::HandCard => self.hand_card_actions(out),
            Stage::Refill => self.refill_actions(out),
            Stage::Resource => self.resource_actions(out),
            Stage::Event => self.event_actions(out),
            Stage::Bid => self.bid_actions(seat, out),
            Stage::Pay => self.pay_actions(out),
            Stage::Loss => self.loss_actions(out),
            Stage::HandLimit => out.extend(self.player(seat).hand.iter().map(Action::DiscardCard)),
            _ => {}
        }
    }

    /// T2c choices: `PassPower` first.
    fn power_actions(&self, out: &mut Vec<Action>) {
        out.push(Action::PassPower);
        match self.turn.power {
            Some(Treehouse::Tip) => out.extend(self.tip_options().into_iter().map(|(s, d)| Action::Tip(s, d))),
            Some(Treehouse::Swap) => out.extend(self.swap_options().into_iter().map(|(a, b)| Action::Swap(a, b))),
            Some(Treehouse::Dig) => {
                if self.can_draw() {
                    out.push(Action::DigFrom(Pile::Draw));
                }
                if !self.discard.is_empty() {
                    out.push(Action::DigFrom(Pile::Discard));
                }
            }
            _ => {}
        }
    }

    /// Checks `action` for `seat` and, only if it is legal, applies it and everything
    /// automatic that follows.
    pub(crate) fn act(&mut self, seat: Seat, action: Action, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        // The opening checks (game over, seat, resigned, pending) are the trait's; a
        // resignation passed them, so it is whole from here: validate, then mutate.
        if action == Action::Resign {
            self.revealed = CardSet::EMPTY;
            self.resign(seat, ev);
            self.advance(ev);
            return Ok(());
        }
        if action == Action::Timeout {
            if !self.timeout_is_random(seat) {
                return Err(RuleError::illegal("a timeout is applied as the default action of this decision"));
            }
        } else {
            let mut legal = Vec::new();
            self.actions_for(seat, &mut legal);
            if !legal.contains(&action) {
                return Err(RuleError::illegal(self.explain(seat, action)));
            }
        }
        self.revealed = CardSet::EMPTY;
        self.perform(seat, action, ev);
        self.advance(ev);
        Ok(())
    }

    /// Applies a legal action (no checks), leaving the stage at the next step.
    fn perform(&mut self, seat: Seat, action: Action, ev: &mut Vec<Event>) {
        match action {
            Action::PlaceHome { corner, dir } => self.place_home(seat, corner, dir, ev),
            Action::PlacePlotpoint(square) => self.place_plotpoint(seat, square, ev),
            Action::MovePlotpoint(plot, square) => self.move_plotpoint(seat, plot, square, ev),
            Action::SkipMovePlotpoint => self.skip_move_plotpoint(seat, ev),
            Action::ReEnter(square, dir) => self.reenter(seat, square, dir, ev),
            Action::UseReroll(die) => self.use_reroll(die, ev),
            Action::KeepRolls => {
                ev.push(Event::KeptRolls { seat });
                self.stage = Stage::Face;
            }
            Action::WildChoose(face) => {
                ev.push(Event::WildChosen { seat, face });
                self.set_power(Some(face));
            }
            Action::WildReroll => self.wild_reroll(ev),
            Action::Tip(target, dir) => {
                self.players[target.index()].piece.facing = dir;
                ev.push(Event::Tipped { seat, target, dir });
                self.stage = Stage::Move;
            }
            Action::Swap(x, y) => self.swap(x, y, ev),
            Action::DigFrom(pile) => self.dig_from(pile, ev),
            Action::DigTo(place) => self.dig_to(place, ev),
            Action::PassPower => {
                ev.push(Event::PowerPassed { seat });
                self.stage = Stage::Move;
            }
            Action::Step | Action::Reorient(_) | Action::Aim(_) | Action::Hop | Action::EndMove => {
                self.apply_move(action, ev);
            }
            _ => self.perform_late(seat, action, ev),
        }
    }

    /// `perform` for T4 onwards.
    fn perform_late(&mut self, seat: Seat, action: Action, ev: &mut Vec<Event>) {
        let a = self.active();
        match action {
            Action::AttemptPlotpoint => self.attempt(ev),
            Action::Attack => self.attack(ev),
            Action::SkipAction => {
                ev.push(Event::ActionSkipped { seat });
                self.stage = Stage::HandCard;
            }
            Action::ContestDiscard(_) | Action::ContestDone => self.exchange(seat, action, ev),
            Action::PlayHandCard(play) => self.play_hand_card(play, ev),
            Action::RefillDiscard(_) | Action::RefillDone => self.refill(action, ev),
            Action::SkipHandCard => {
                ev.push(Event::HandCardSkipped { seat });
                self.stage = Stage::Resource;
            }
            Action::LayResource(card) => self.lay_resource(card, ev),
            Action::SkipResource => {
                ev.push(Event::ResourceSkipped { seat });
                self.stage = Stage::Event;
            }
            Action::PlayEvent(params) => self.play_event(params, ev),
            Action::SkipEvent => {
                ev.push(Event::EventSkipped { seat: a });
                self.stage = Stage::Draw;
            }
            Action::SubmitBid(bid) => self.submit_bid(seat, bid, ev),
            Action::PayResource(card) => self.pay(card, ev),
            Action::ChooseLoss(card) => self.choose_loss(Some(card), ev),
            Action::DiscardCard(card) => self.hand_limit_discard(card, ev),
            Action::Timeout => self.random_default(ev),
            Action::Resign => self.resign(seat, ev),
            _ => {}
        }
    }

    /// Runs automatic steps and automatic decisions until a real decision or the end (§4.0).
    pub(crate) fn advance(&mut self, ev: &mut Vec<Event>) {
        loop {
            if self.stage == Stage::Over {
                return;
            }
            let setup = matches!(self.stage, Stage::Placement | Stage::Compensation);
            if !setup && self.state_checks(ev) {
                return;
            }
            match self.stage {
                Stage::SlotStart => self.slot_start(ev),
                Stage::Roll => self.roll_dice(ev),
                Stage::Face => self.resolve_face(),
                Stage::Draw => self.draw_step(ev),
                Stage::SlotEnd => self.slot_end(ev),
                _ => match self.automatic() {
                    Some((seat, action)) => self.perform(seat, action, ev),
                    None => return,
                },
            }
        }
    }

    /// A decision applied without asking: a resigned seat's default, or the only option when
    /// public information shows there is no choice (R56).
    fn automatic(&self) -> Option<(Seat, Action)> {
        let pending = self.pending_seats();
        if let Some(seat) = pending.iter().find(|s| self.player(*s).resigned) {
            return Some((seat, self.default_action(seat)?));
        }
        let a = self.active();
        let hand = self.player(a).hand;
        let action = match self.stage {
            Stage::Power => match self.turn.power {
                Some(Treehouse::Tip) if self.tip_options().is_empty() => Action::PassPower,
                Some(Treehouse::Dig) if !self.can_draw() => Action::PassPower,
                _ => return None,
            },
            Stage::Move if self.move_is_forced_end() => Action::EndMove,
            Stage::Action if self.attempt_target().is_none() && self.attack_target().is_none() => Action::SkipAction,
            Stage::HandCard if hand.is_empty() => Action::SkipHandCard,
            Stage::Resource if hand.is_empty() => Action::SkipResource,
            Stage::Refill if hand.is_empty() => Action::RefillDone,
            Stage::Event if self.player(a).hidden_event().is_none() => Action::SkipEvent,
            Stage::Exchange => {
                let side = self.contest.as_ref()?.sides.iter().find(|s| !s.done && s.hand.is_empty())?;
                return Some((side.seat, Action::ContestDone));
            }
            Stage::Pay => return Some((self.payer?.0, Action::PayResource(self.forced_payment()?))),
            Stage::Loss => {
                let options = self.loss_options().0;
                match options.len() {
                    0 => Action::Timeout,
                    1 => Action::ChooseLoss(options.first()?),
                    _ => return None,
                }
            }
            _ => return None,
        };
        Some((a, action))
    }

    /// Whether `seat`'s timeout picks a random hand card (R59): `DiscardCard` and a Loss
    /// choice among hand cards.
    fn timeout_is_random(&self, seat: Seat) -> bool {
        let random = match self.stage {
            Stage::HandLimit => true,
            Stage::Loss => self.loss_options().1 || self.loss_options().0.is_empty(),
            _ => false,
        };
        random && self.pending_seats().contains(seat)
    }

    /// The safe default for `seat`'s decision (§8.6): the first listed action (passes and
    /// skips are listed first), the lowest face-up card for forced choices, or `Timeout` for
    /// a forced hand-card choice.
    pub(crate) fn default_action(&self, seat: Seat) -> Option<Action> {
        if !self.pending_seats().contains(seat) {
            return None;
        }
        if self.timeout_is_random(seat) {
            return Some(Action::Timeout);
        }
        let mut actions = Vec::new();
        self.actions_for(seat, &mut actions);
        actions.into_iter().next()
    }

    /// `Timeout` on a forced hand-card choice: a uniformly random legal card (R59); a Loss
    /// with nothing to lose resolves as nothing (§4.12).
    fn random_default(&mut self, ev: &mut Vec<Event>) {
        let a = self.active();
        let (cards, _) = match self.stage {
            Stage::HandLimit => (self.player(a).hand, true),
            _ => self.loss_options(),
        };
        let list: Vec<_> = cards.iter().collect();
        let pick = if list.is_empty() { None } else { Some(list[self.rng.index(list.len())]) };
        match (self.stage, pick) {
            (Stage::HandLimit, Some(card)) => self.hand_limit_discard(card, ev),
            (_, card) => self.choose_loss(card, ev),
        }
    }

    /// Resignation (Designed, §8): the piece leaves the board for good, the seat's cards are
    /// discarded, it takes no more slots, its decisions take their defaults, it cannot win and
    /// ranks last.
    fn resign(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        ev.push(Event::Resigned { seat });
        let player = &mut self.players[seat.index()];
        player.resigned = true;
        player.piece.square = None;
        player.piece.size = Size::Small;
        let (hand, resources, locked) = (player.hand, player.resources, player.locked);
        let event = player.event.take();
        player.hand = CardSet::EMPTY;
        player.resources = CardSet::EMPTY;
        player.locked = CardSet::EMPTY;
        self.discard_batch(hand.iter());
        self.discard_batch(resources.iter().chain(locked.iter()));
        if let Some(slot) = event {
            self.discard_batch([slot.card]);
        }
        if self.mayor == Some(seat) {
            self.mayor = None;
            self.mayor_counter = 0;
            ev.push(Event::MayorVacated { seat });
        }
        self.turn.refill = CardSet::EMPTY;
        if self.active() == seat {
            if let Some((card, _)) = self.turn.dug.take() {
                self.discard_batch([card]);
            }
            if matches!(self.stage, Stage::DigTo | Stage::Refill) {
                self.stage = if self.stage == Stage::DigTo { Stage::Move } else { Stage::Resource };
            }
        }
        if self.payer.is_some_and(|(s, _)| s == seat) {
            self.payer = None;
            self.finish_event(ev);
        }
        if self.stage == Stage::Bid {
            self.close_bids_if_all_in(ev);
        }
        self.state_checks(ev);
    }
}
