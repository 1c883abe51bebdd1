//! The flow: who must decide, what they may do, checking then applying an action (validate,
//! then mutate), the automatic steps between decisions (§4.0 auto-pass R56, §4.14 checks,
//! resignation), and why a refused action is refused, in words (R59).

use super::action::{Action, Die, HandPlay, Pile, Place, PlayOption};
use super::events::Event;
use super::hand::cost_of;
use super::state::{CORNERS, MartianGunslinger, PlotId, Stage, front, in_corner_zone};
use crate::game::{Pending, RuleError, Seat, SeatSet};
use crate::parts::cards::{Card, CardSet};
use crate::parts::dice::Treehouse;
use crate::parts::grid::{Direction, Square};
use crate::parts::pyramids::Size;

/// Who must decide now, or how the game ended (§6).
pub(super) fn pending(game: &MartianGunslinger) -> Pending {
    match game.outcome() {
        Some(outcome) => Pending::Finished(outcome),
        None => Pending::must(game.must_seats()),
    }
}

/// Every action `seat` may take now, passes first (§8.6 order); nothing unless it must decide.
pub(super) fn legal_actions_into(game: &MartianGunslinger, seat: Seat, out: &mut Vec<Action>) {
    if seat.index() >= game.players.len() || !game.must_seats().contains(seat) {
        return;
    }
    match game.stage {
        Stage::Placement => {
            out.extend(game.home_options(seat).into_iter().map(|(corner, dir)| Action::PlaceHome { corner, dir }));
            if game.player(seat).quota > 0 && game.next_plotpoint().is_some() {
                out.extend(game.plotpoint_squares().into_iter().map(Action::PlacePlotpoint));
            }
        }
        Stage::Compensation => {
            out.push(Action::SkipMovePlotpoint);
            let squares = game.plotpoint_squares();
            for plot in PlotId::ALL {
                out.extend(squares.iter().map(|s| Action::MovePlotpoint(plot, *s)));
            }
        }
        Stage::ReEnter => out.extend(game.reentry_options(seat).into_iter().map(|(s, d)| Action::ReEnter(s, d))),
        Stage::Reroll => {
            out.extend([Action::KeepRolls, Action::UseReroll(Die::Table), Action::UseReroll(Die::Treehouse)])
        }
        Stage::Wild => {
            let faces = [Treehouse::Tip, Treehouse::Hop, Treehouse::Aim, Treehouse::Swap, Treehouse::Dig];
            out.extend(faces.map(Action::WildChoose));
            out.push(Action::WildReroll);
        }
        Stage::Power => game.power_actions(out),
        Stage::DigTo => out.extend([Action::DigTo(Place::Hand), Action::DigTo(Place::Resources)]),
        Stage::Move => game.move_actions(out),
        Stage::Action => game.action_actions(out),
        Stage::Exchange => game.exchange_actions(seat, out),
        Stage::HandCard => game.hand_card_actions(out),
        Stage::Refill => game.refill_actions(out),
        Stage::Resource => game.resource_actions(out),
        Stage::Event => game.event_actions(out),
        Stage::Bid => game.bid_actions(seat, out),
        Stage::Pay => game.pay_actions(out),
        Stage::Loss => game.loss_actions(out),
        Stage::HandLimit => out.extend(game.player(seat).hand.iter().map(Action::DiscardCard)),
        _ => {}
    }
}

/// Checks `action` for `seat` (the trait's opening checks have passed) and, only if it is
/// legal, applies it and everything automatic that follows: validate, then mutate.
///
/// # Errors
/// [`RuleError`] when the action is not allowed now; the state is then unchanged.
pub(super) fn act(
    game: &mut MartianGunslinger,
    seat: Seat,
    action: Action,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    check(game, seat, action)?;
    // Validated: nothing below refuses.
    game.revealed = CardSet::EMPTY;
    game.perform(seat, action, ev);
    game.advance(ev);
    Ok(())
}

/// Whether `seat` may take `action` now, reading nothing but the state: a resignation always
/// (the opening checks let only a seat still playing resign), `timeout` only on a forced
/// choice among hand cards (R59), anything else when it is listed.
fn check(game: &MartianGunslinger, seat: Seat, action: Action) -> Result<(), RuleError> {
    match action {
        Action::Resign => Ok(()),
        Action::Timeout if game.timeout_is_random(seat) => Ok(()),
        Action::Timeout => Err(RuleError::illegal("a timeout is applied as the default action of this decision")),
        _ => {
            let mut legal = Vec::new();
            legal_actions_into(game, seat, &mut legal);
            if legal.contains(&action) { Ok(()) } else { Err(refusal(game, seat, action)) }
        }
    }
}

/// The safe default for `seat`'s decision (§8.6): the first listed action (passes and skips
/// are listed first), the lowest face-up card for forced choices, or `Timeout` for a forced
/// hand-card choice (R59).
pub(super) fn timeout_action(game: &MartianGunslinger, seat: Seat) -> Option<Action> {
    if seat.index() >= game.players.len() || !game.must_seats().contains(seat) {
        return None;
    }
    if game.timeout_is_random(seat) {
        return Some(Action::Timeout);
    }
    let mut actions = Vec::new();
    legal_actions_into(game, seat, &mut actions);
    actions.into_iter().next()
}

impl MartianGunslinger {
    /// Who must decide now (§8.1): the active player, or several seats in a sealed window.
    pub(crate) fn must_seats(&self) -> SeatSet {
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
        let pending = self.must_seats();
        if let Some(seat) = pending.iter().find(|s| self.player(*s).resigned) {
            return Some((seat, timeout_action(self, seat)?));
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
        random && self.must_seats().contains(seat)
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

    /// What the current decision is about, for refusals and views.
    pub(crate) fn asked(&self) -> &'static str {
        match self.stage {
            Stage::Placement => "placing a home or a plotpoint",
            Stage::Compensation => "whether to move a plotpoint in compensation",
            Stage::ReEnter => "where to re-enter the board",
            Stage::Reroll => "whether to spend an Ace to re-roll",
            Stage::Wild => "what the Wild face does: choose a face or re-roll",
            Stage::Power => "the Treehouse power: tip, swap, dig or pass",
            Stage::DigTo => "where the dug card goes",
            Stage::Move => "moving: step, turn, aim, hop or stop",
            Stage::Action => "the action: claim a plotpoint, attack or skip",
            Stage::Exchange => "the sealed contest exchange: a card to discard",
            Stage::HandCard => "whether to play a hand card",
            Stage::Refill => "the cards to discard before refilling",
            Stage::Resource => "whether to lay a resource",
            Stage::Event => "whether to play the event card",
            Stage::Bid => "a sealed bid for Mayor",
            Stage::Pay => "paying for the Mayor's office",
            Stage::Loss => "which loss to take",
            Stage::HandLimit => "discarding down to ten cards",
            Stage::SlotStart | Stage::Roll | Stage::Face | Stage::Draw | Stage::SlotEnd => {
                "nothing (an automatic step)"
            }
            Stage::Over => "nothing: the game is over",
        }
    }
}

/// Why `seat` may not take `action` now, in words (R59): computed only from what the sender may
/// see — the board, public piles and the sender's own cards — never a hidden card or the deck
/// order. A refusal that a ruling decides carries it ([`RuleError::ruled`]).
fn refusal(game: &MartianGunslinger, seat: Seat, action: Action) -> RuleError {
    let stage = game.stage;
    let specific = match action {
        Action::PlaceHome { corner, dir } if stage == Stage::Placement => game.why_home(seat, corner, dir),
        Action::PlacePlotpoint(square) | Action::MovePlotpoint(_, square)
            if matches!(stage, Stage::Placement | Stage::Compensation) =>
        {
            game.why_plotpoint(seat, square)
        }
        Action::ReEnter(..) if stage == Stage::ReEnter => Some(RuleError::ruled(
            "R23",
            "re-enter on your home square, or next to it when it is occupied, facing onto the board",
        )),
        Action::Step | Action::Reorient(_) | Action::Aim(_) | Action::Hop if stage == Stage::Move => {
            game.why_move(action)
        }
        Action::AttemptPlotpoint | Action::Attack if stage == Stage::Action => game.why_action(action),
        Action::PlayHandCard(play) if stage == Stage::HandCard => game.why_play(seat, play),
        Action::ContestDiscard(card) if stage == Stage::Exchange => game.why_exchange(seat, card),
        Action::SubmitBid(bid) if stage == Stage::Bid => Some(RuleError::ruled(
            "R44",
            format!("you may bid 0 to {} (your face-up resources), not {bid}", game.player(seat).resources.len()),
        )),
        Action::PlayEvent(_) if stage == Stage::Event => Some(RuleError::ruled(
            "R33",
            "your event card cannot be played with these cards: it needs the face-up resources its card names",
        )),
        Action::LayResource(card) | Action::DiscardCard(card) | Action::RefillDiscard(card) => {
            Some(RuleError::illegal(format!("{card} is not a card you may choose now")))
        }
        _ => None,
    };
    specific
        .unwrap_or_else(|| RuleError::illegal(format!("that is not possible now; the game asks for {}", game.asked())))
}

/// The reasons behind [`refusal`], one decision at a time.
impl MartianGunslinger {
    fn why_home(&self, seat: Seat, corner: Square, dir: Direction) -> Option<RuleError> {
        if self.player(seat).home.is_some() {
            return Some(RuleError::illegal("you have already placed your home"));
        }
        if !CORNERS.contains(&corner) {
            return Some(RuleError::illegal(format!("{corner} is not a corner; homes are a1, h1, a8 or h8")));
        }
        if self.seats().any(|s| self.player(s).home == Some(corner)) {
            return Some(RuleError::illegal(format!("{corner} is already claimed")));
        }
        front(corner, dir)
            .is_none()
            .then(|| RuleError::ruled("R7", format!("facing {dir} from {corner} points off the board")))
    }

    fn why_plotpoint(&self, seat: Seat, square: Square) -> Option<RuleError> {
        if self.stage == Stage::Placement && self.player(seat).quota == 0 {
            return Some(RuleError::ruled("R4", "you have no plotpoint left to place"));
        }
        if in_corner_zone(square) {
            return Some(RuleError::ruled("R6", format!("{square} is a corner or next to one")));
        }
        self.occupied(square).then(|| RuleError::illegal(format!("{square} is occupied")))
    }

    fn why_move(&self, action: Action) -> Option<RuleError> {
        let piece = self.player(self.active()).piece;
        let square = piece.square?;
        Some(match action {
            Action::Step if self.turn.mp == 0 => RuleError::illegal("you have no movement points left"),
            Action::Step => match front(square, piece.facing) {
                None => RuleError::illegal("your piece faces the edge of the board"),
                Some(f) => RuleError::illegal(format!("{f} is occupied")),
            },
            Action::Reorient(_) if self.turn.mp == 0 => {
                RuleError::illegal("reorienting costs 1 movement point; you have none")
            }
            Action::Aim(_) if !self.can_aim() => RuleError::illegal("you have no unused Aim this turn"),
            Action::Reorient(dir) | Action::Aim(dir) if dir == piece.facing => {
                RuleError::illegal(format!("you already face {dir}"))
            }
            Action::Reorient(dir) | Action::Aim(dir) => {
                RuleError::ruled("R7", format!("facing {dir} points off the board"))
            }
            _ if self.turn.power != Some(Treehouse::Hop) => RuleError::illegal("you have no Hop this turn"),
            _ if self.turn.hop_used => RuleError::illegal("you have already used your Hop"),
            _ => RuleError::ruled("R10", "nothing to hop over or up to in front of you"),
        })
    }

    fn why_action(&self, action: Action) -> Option<RuleError> {
        let a = self.active();
        let piece = self.player(a).piece;
        let faced = piece.square.and_then(|sq| front(sq, piece.facing));
        Some(match (action, faced) {
            (Action::AttemptPlotpoint, Some(f)) => match self.plot_at(f) {
                Some(plot) => RuleError::ruled("R15", format!("Plotpoint {plot} was your last attempt")),
                None => RuleError::ruled("R16", "you do not face a plotpoint"),
            },
            (Action::Attack, Some(f)) => match self.piece_at(f) {
                Some(other) if other != a => {
                    RuleError::ruled("R17", format!("{} has not scored 2 VP in this game yet", other.mention()))
                }
                _ => RuleError::ruled("R16", "you do not face an opponent's piece"),
            },
            _ => RuleError::illegal("your piece faces the edge of the board"),
        })
    }

    fn why_exchange(&self, seat: Seat, card: Card) -> Option<RuleError> {
        let side = self.side(seat)?;
        Some(if !side.hand.contains(card) {
            RuleError::illegal(format!("{card} is not in your contest hand"))
        } else if side.chosen.contains(card) {
            RuleError::illegal(format!("{card} is already chosen"))
        } else {
            RuleError::ruled("R18", format!("you may exchange at most {} cards", side.cap))
        })
    }

    fn why_play(&self, seat: Seat, play: HandPlay) -> Option<RuleError> {
        let player = self.player(seat);
        let (card, cost) = (play.card, cost_of(play.card.rank));
        if !player.hand.contains(card) {
            return Some(RuleError::illegal(format!("{card} is not in your hand")));
        }
        if let Some(bad) = play.costs.iter().find(|c| c.suit != card.suit) {
            return Some(RuleError::ruled(
                "R24",
                format!("{bad} is not in {}, the suit of the card played", card.suit.word()),
            ));
        }
        if let Some(bad) = play.costs.iter().find(|c| !player.resources.contains(*c)) {
            return Some(RuleError::ruled("R24", format!("{bad} is not among your face-up resources")));
        }
        if play.costs.len() != cost {
            return Some(RuleError::ruled("R24", format!("{card} costs {cost} face-up {}", card.suit.word())));
        }
        let on_board = player.piece.square.is_some();
        Some(match (card.rank.value(), play.option) {
            (5..=7, _) if on_board && player.piece.size.grown().is_none() => {
                RuleError::ruled("R29", "your piece is already Large")
            }
            (5..=7 | 10, _) if !on_board => RuleError::ruled("R29", "your piece is not on the board"),
            (10, PlayOption::Teleport(to)) => RuleError::illegal(format!("{to} is not empty")),
            (8 | 9, PlayOption::Refill { swap: true }) => {
                RuleError::ruled("R27", "you have no Hidden event card to swap")
            }
            (2..=4, PlayOption::Destroy { victim, .. }) if victim == seat => {
                RuleError::illegal("choose an opponent's resource")
            }
            (2..=4, _) => RuleError::ruled("R52", "that opponent has no such resource"),
            _ => RuleError::illegal("that option does not fit this card"),
        })
    }
}
