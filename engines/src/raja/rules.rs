//! Who must and who may act (§4, §8), the dispatch of every decision to its check and its
//! effect (validate, then mutate), what happens automatically between decisions, and the
//! defaults of §4.8 for timeouts and resigned seats (R48).

use super::action::Action;
use super::events::Event;
use super::siege::SiegeStage;
use super::state::{EndReason, Phase, Raja, Segment, Step};
use super::trade::Reply;
use crate::game::{Audience, Pending, RuleError, Seat, SeatSet};
use crate::parts::ForPictures;

/// What a seat is deciding now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Decision {
    /// Nothing.
    None,
    /// §3 step 5.
    Setup,
    /// `bid` / `pass`.
    Auction,
    /// `COMMERCE_MAIN`.
    Commerce,
    /// A recipient in `TRADE_WINDOW`.
    Reply,
    /// The proposer during `TRADE_WINDOW`: may withdraw (a *may* decision).
    Withdraw,
    /// `TRADE_CHOICE`.
    Choose,
    /// An asked player in `FILL_WINDOW`.
    Fill,
    /// `BUILD_MAIN`.
    Build,
    /// `BUILD_PLACING`.
    Placing,
    /// `SIEGE_MARKER`.
    Marker,
    /// `SIEGE_ASSIGN`.
    Assign,
    /// `DEFENSE`.
    Defense,
    /// `REMOVAL`.
    Removal,
    /// `RANSOM_DEMAND`.
    Demand,
    /// `RANSOM_REPLY`.
    RansomReply,
    /// `RANSOM_COUNTER`.
    RansomCounter,
}

impl Decision {
    /// What the game asks for at this decision, in words (for a refusal).
    pub(crate) const fn asked(self) -> &'static str {
        match self {
            Self::None => "nothing now",
            Self::Setup => "your setup",
            Self::Auction => "a bid for the first move, or a pass",
            Self::Commerce => "commerce: a trade proposal, a market order, or the end of commerce",
            Self::Reply => "an answer to the trade proposal: accept, counter or decline",
            Self::Withdraw => "nothing, unless you cancel your proposal",
            Self::Choose => "the reply to take, or cancelling the proposal",
            Self::Fill => "whether you fill the market order",
            Self::Build => "building: stones for a city, shields to deploy, or the end of building",
            Self::Placing => "the row that takes the next stone",
            Self::Marker => "where your siege marker goes, or no siege",
            Self::Assign => "elephants for the siege, then launching it",
            Self::Defense => "shields for your defence, then confirming it",
            Self::Removal => "the row that loses a stone",
            Self::Demand => "a ransom to demand, or taking the noble",
            Self::RansomReply => "paying the ransom, refusing it, or a counter-offer",
            Self::RansomCounter => "accepting the offer, or taking the noble",
        }
    }
}

/// A bound on automatic steps after one action; each makes progress, so it is never reached.
const SETTLE_GUARD: usize = 10_000;

impl Raja {
    /// The decision inside the current segment.
    pub(crate) fn step(&self) -> Option<&Step> {
        self.segment().map(|s| &s.step)
    }

    /// The decision inside the current segment, to change.
    pub(crate) fn step_mut(&mut self) -> Option<&mut Step> {
        self.segment_mut().map(|s| &mut s.step)
    }

    /// The current segment, to change.
    pub(crate) fn segment_mut(&mut self) -> Option<&mut Segment> {
        match &mut self.phase {
            Phase::Segment(segment) => Some(segment),
            _ => None,
        }
    }

    /// Moves the segment to `step`.
    pub(crate) fn set_step(&mut self, step: Step) {
        if let Some(segment) = self.segment_mut() {
            segment.step = step;
        }
    }

    /// What `seat` is deciding now.
    pub(crate) fn decision(&self, seat: Seat) -> Decision {
        let active = self.active() == Some(seat);
        let pick = |yes: bool, decision: Decision| if yes { decision } else { Decision::None };
        match &self.phase {
            Phase::Over => Decision::None,
            Phase::Setup => pick(!self.player(seat).set_up(), Decision::Setup),
            Phase::Auction(auction) => pick(auction.to_act == seat, Decision::Auction),
            Phase::Segment(segment) => match &segment.step {
                Step::Commerce => pick(active, Decision::Commerce),
                Step::Trade(p) if p.choosing => pick(active, Decision::Choose),
                Step::Trade(p) if p.replies[seat.index()] == Reply::Waiting => Decision::Reply,
                Step::Trade(_) => pick(active, Decision::Withdraw),
                Step::Fill(o) => pick(o.answers[seat.index()] == super::market::Answer::Waiting, Decision::Fill),
                Step::Build => pick(active, Decision::Build),
                Step::Placing(_) => pick(active, Decision::Placing),
                Step::Marker => pick(active, Decision::Marker),
                Step::Siege(siege) => {
                    let defender = siege.target == seat;
                    match siege.stage {
                        SiegeStage::Assign => pick(active, Decision::Assign),
                        SiegeStage::Defense => pick(defender, Decision::Defense),
                        SiegeStage::Removal { .. } => pick(defender, Decision::Removal),
                        SiegeStage::Demand { .. } => pick(active, Decision::Demand),
                        SiegeStage::Reply { .. } => pick(defender, Decision::RansomReply),
                        SiegeStage::Counter { .. } => pick(active, Decision::RansomCounter),
                    }
                }
            },
        }
    }

    /// Seats the game waits for, and seats that may act without being waited for.
    pub(crate) fn must_may(&self) -> (SeatSet, SeatSet) {
        let (mut must, mut may) = (SeatSet::EMPTY, SeatSet::EMPTY);
        for seat in self.standing() {
            match self.decision(seat) {
                Decision::None => {}
                Decision::Withdraw => may.insert(seat),
                _ => must.insert(seat),
            }
        }
        (must, may)
    }

    /// R48: the seat leaves; its pieces stay and its decisions take their defaults. The last
    /// player standing wins at once.
    fn resign(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.player_mut(seat).resigned = true;
        events.push(Event::Resigned { seat });
        if self.standing().count() <= 1 {
            self.end_game(EndReason::LastStanding, events);
        }
    }

    /// Whether `action` is legal for `seat` now; the error says why not.
    pub(crate) fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        let decision = self.decision(seat);
        let segment = self.segment();
        let siege = self.siege();
        let wrong = || {
            RuleError::illegal(format!("that is not one of your choices now; you are asked for {}", decision.asked()))
        };
        match (decision, action) {
            (Decision::Setup, action) => self.check_setup(seat, action),
            (Decision::Auction, Action::Bid(m)) => self.check_bid(seat, *m),
            (Decision::Auction, Action::Pass) => self.check_pass(),
            (Decision::Commerce, Action::TradePropose { to, give, get, send }) => {
                self.check_propose(seat, *to, give, get, *send)
            }
            (Decision::Commerce, Action::MarketOrder { side, lot }) => self.check_order(seat, *side, *lot),
            (Decision::Commerce, Action::CommerceEnd) => Ok(()),
            (Decision::Withdraw | Decision::Choose, Action::TradeCancel) => Ok(()),
            (Decision::Reply, _) => self.check_reply(seat, action),
            (Decision::Choose, Action::TradeSelect(colour)) => match (self.seat_of(*colour), self.step()) {
                (Some(partner), Some(Step::Trade(p))) => self.check_select(seat, p, partner),
                _ => Err(RuleError::illegal(format!("nobody plays {colour}"))),
            },
            (Decision::Fill, Action::FillOffer) => match self.step() {
                Some(Step::Fill(order)) => self.check_fill(seat, order),
                _ => Err(wrong()),
            },
            (Decision::Fill, Action::FillDecline) => Ok(()),
            (Decision::Build, Action::BuildDeclare { city, stones }) => {
                self.check_declare(seat, *city, *stones, segment.map_or(0, |s| s.credit))
            }
            (Decision::Build, Action::ShieldDeploy { face, cell }) => self.check_deploy(seat, *face, *cell),
            (Decision::Build, Action::BuildingEnd) => Ok(()),
            (Decision::Placing, Action::BuildPlace(row)) => match self.step() {
                Some(Step::Placing(placing)) => self.check_place(seat, *placing, *row),
                _ => Err(wrong()),
            },
            (Decision::Marker, Action::SiegeMarker { target, cell }) => self.check_marker(seat, *target, *cell),
            (Decision::Marker | Decision::Assign, Action::SiegeSkip) => Ok(()),
            (Decision::Assign, Action::SiegeAssign { city, elephants }) if *city < 3 => match siege {
                Some(s) => self.check_assign(seat, s, *city, *elephants),
                None => Err(wrong()),
            },
            (Decision::Assign, Action::SiegeLaunch) if siege.is_some_and(|s| s.total() >= 1) => Ok(()),
            (Decision::Assign, Action::SiegeLaunch) => Err(RuleError::illegal("assign at least one elephant first")),
            (Decision::Defense, _) => self.check_defence_step(action),
            (Decision::Removal, Action::RemoveStone(row)) => match siege.map(|s| s.stage) {
                Some(SiegeStage::Removal { city, .. }) => self.check_remove(seat, city, *row),
                _ => Err(wrong()),
            },
            (Decision::Removal, Action::RemoveAuto) => Ok(()),
            (Decision::Demand, Action::RansomDemand(m)) => Self::check_demand(*m),
            (Decision::Demand | Decision::RansomCounter, Action::NobleTake) => Ok(()),
            (Decision::RansomCounter, Action::RansomAccept) => Ok(()),
            (Decision::RansomReply, _) => self.check_ransom_reply(seat, action),
            (Decision::None, _) => Err(RuleError::not_your_decision(self.must_may().0)),
            _ => Err(wrong()),
        }
    }

    /// A recipient's reply in `TRADE_WINDOW`.
    fn check_reply(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        let Some(Step::Trade(proposal)) = self.step() else { return Err(RuleError::illegal("no proposal is open")) };
        match action {
            Action::TradeAccept => self.check_accept(seat, proposal),
            Action::TradeCounter { give, get, send } => self.check_counter(seat, proposal, give, get, *send),
            Action::TradeDecline => Ok(()),
            _ => Err(RuleError::illegal("answer the proposal: accept it, make a counter-offer or decline")),
        }
    }

    /// A step of `DEFENSE` (§4.5, R45).
    fn check_defence_step(&self, action: &Action) -> Result<(), RuleError> {
        let Some(siege) = self.siege() else { return Err(RuleError::illegal("no siege is under way")) };
        match action {
            Action::DefendAssign { cell, face, city } => self.check_defend(siege, *cell, *face, *city),
            Action::DefendClear if siege.cleared => {
                Err(RuleError::ruled("R45", "you may clear your defence only once per siege"))
            }
            Action::DefendClear | Action::DefendConfirm => Ok(()),
            _ => Err(RuleError::illegal("defend: commit shields to your cities, then confirm the defence")),
        }
    }

    /// `RANSOM_REPLY` (R34).
    fn check_ransom_reply(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        let Some(SiegeStage::Reply { demand, .. }) = self.siege().map(|s| s.stage) else {
            return Err(RuleError::illegal("no ransom is demanded"));
        };
        match action {
            Action::RansomPay if self.player(seat).cash >= demand => Ok(()),
            Action::RansomPay => Err(RuleError::illegal(format!("you cannot pay ${demand}"))),
            Action::RansomRefuse => Ok(()),
            Action::RansomCounter(offer) => self.check_counter_ransom(seat, demand, *offer),
            _ => Err(RuleError::illegal("answer with ransom_pay, ransom_refuse or ransom_counter")),
        }
    }

    /// Applies a checked action (and nothing automatic: see [`Self::settle`]).
    fn perform(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        if self.phase == Phase::Setup {
            self.perform_setup(seat, action, events);
            return;
        }
        match *action {
            Action::Bid(m) => self.bid_or_pass(seat, Some(m), events),
            Action::Pass => self.bid_or_pass(seat, None, events),
            Action::TradePropose { to, give, get, send } => self.propose(seat, to, give, get, send, events),
            Action::MarketOrder { side, lot } => self.place_order(seat, side, lot, events),
            Action::CommerceEnd => {
                events.push(Event::CommerceEnded { seat });
                self.set_step(Step::Build);
            }
            Action::TradeAccept => self.reply(seat, Some(Reply::Accepted), events),
            Action::TradeCounter { give, get, send: true } => {
                self.reply(seat, Some(Reply::Countered { give, get }), events)
            }
            Action::TradeCounter { send: false, .. } => self.reply(seat, None, events),
            Action::TradeDecline => self.reply(seat, Some(Reply::Declined), events),
            Action::TradeCancel => {
                events.push(Event::ProposalCancelled { seat });
                self.set_step(Step::Commerce);
            }
            Action::TradeSelect(colour) => {
                if let Some(partner) = self.seat_of(colour) {
                    self.select(seat, partner, events);
                }
            }
            Action::FillOffer => self.answer_fill(seat, true, events),
            Action::FillDecline => self.answer_fill(seat, false, events),
            _ => self.perform_build_or_siege(seat, action, events),
        }
    }

    /// Applies a checked building or siege action.
    fn perform_build_or_siege(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        let stage = self.siege().map(|s| (s.target, s.stage));
        match *action {
            Action::BuildDeclare { city, stones } => self.declare(seat, city, stones, events),
            Action::BuildPlace(row) => {
                if let Some(Step::Placing(placing)) = self.step().cloned() {
                    let left = self.place(seat, placing, row, false, events);
                    self.set_step(left.map_or(Step::Build, Step::Placing));
                }
            }
            Action::ShieldDeploy { face, cell } => self.deploy(seat, face, cell, false, events),
            Action::BuildingEnd => {
                if let Some(segment) = self.segment_mut() {
                    segment.credit = 0;
                }
                events.push(Event::BuildingEnded { seat });
                self.set_step(Step::Marker);
            }
            Action::SiegeMarker { target, cell } => self.place_marker(seat, target, cell, events),
            Action::SiegeSkip => {
                events.push(Event::SiegeSkipped { seat });
                self.end_segment(events);
            }
            Action::SiegeAssign { city, elephants } => self.assign(seat, city, elephants, events),
            Action::SiegeLaunch => self.launch(seat, events),
            Action::DefendAssign { cell, face, city } => self.defend(seat, cell, face, city, events),
            Action::DefendClear => self.clear_defence(seat, events),
            Action::DefendConfirm => {
                events.push(Event::DefenceConfirmed { seat });
                self.resolve_siege(events);
            }
            Action::RemoveStone(row) => self.remove_stone(seat, row, events),
            Action::RemoveAuto => self.remove_auto(seat, events),
            _ => self.perform_ransom(seat, action, stage, events),
        }
    }

    /// Applies a checked ransom action (§4.6 step 6).
    fn perform_ransom(
        &mut self,
        seat: Seat,
        action: &Action,
        stage: Option<(Seat, SiegeStage)>,
        events: &mut Vec<Event>,
    ) {
        let (Some(attacker), Some((defender, stage))) = (self.active(), stage) else { return };
        match (action, stage) {
            (Action::RansomDemand(demand), SiegeStage::Demand { city }) => {
                self.set_ransom(SiegeStage::Reply { city, demand: *demand }, events);
            }
            (Action::RansomCounter(offer), SiegeStage::Reply { city, demand }) => {
                self.set_ransom(SiegeStage::Counter { city, demand, offer: *offer }, events);
            }
            (Action::RansomPay, SiegeStage::Reply { city, demand }) => {
                self.pay_ransom(attacker, defender, city, demand, events);
            }
            (Action::RansomAccept, SiegeStage::Counter { city, offer, .. }) => {
                self.pay_ransom(attacker, defender, city, offer, events);
            }
            (Action::RansomRefuse, SiegeStage::Reply { city, .. }) => {
                events.push(Event::RansomRefused { seat });
                self.capture(attacker, defender, city, events);
            }
            (Action::NobleTake, SiegeStage::Demand { city } | SiegeStage::Counter { city, .. }) => {
                self.capture(attacker, defender, city, events);
            }
            _ => {}
        }
    }

    /// Runs what needs no decision: the end of setup, closed windows, a siege without a marker
    /// tile, and every decision of a resigned seat (R48).
    pub(crate) fn settle(&mut self, events: &mut Vec<Event>) {
        for _ in 0..SETTLE_GUARD {
            if self.phase == Phase::Over {
                return;
            }
            if self.phase == Phase::Setup && self.players.iter().all(|p| p.set_up()) {
                self.reveal_setup(events);
                continue;
            }
            match self.step() {
                Some(Step::Fill(order)) if !order.answers.contains(&super::market::Answer::Waiting) => {
                    self.resolve_order(events);
                    continue;
                }
                Some(Step::Trade(p)) if !p.choosing && !p.replies.contains(&Reply::Waiting) => {
                    self.close_window(events);
                    continue;
                }
                Some(Step::Marker) => {
                    if let Some(active) = self.active().filter(|a| !self.has_marker_tile(*a)) {
                        events.push(Event::SiegeSkipped { seat: active });
                        self.end_segment(events);
                        continue;
                    }
                }
                _ => {}
            }
            let resigned = self.seats().find(|s| self.player(*s).resigned && self.decision(*s) != Decision::None);
            match resigned {
                Some(seat) if self.decision(seat) != Decision::Withdraw => self.take_default(seat, true, events),
                _ => return,
            }
        }
    }

    /// Applies `seat`'s default decision (§4.8); setup, placing and the defence take several
    /// steps, which run until that decision is done.
    pub(crate) fn take_default(&mut self, seat: Seat, announce: bool, events: &mut Vec<Event>) {
        let kind = self.decision(seat);
        let several = matches!(kind, Decision::Setup | Decision::Placing | Decision::Defense);
        for _ in 0..SETTLE_GUARD {
            let Some(action) = self.default_step(seat) else { return };
            if self.check(seat, &action).is_err() {
                return;
            }
            if announce && kind != Decision::Setup {
                events.push(Event::Automatic { seat, action: action.to_string() });
            }
            self.perform(seat, &action, events);
            if !several || self.decision(seat) != kind {
                return;
            }
        }
    }

    /// The next step of `seat`'s default decision (§4.8).
    pub(crate) fn default_step(&self, seat: Seat) -> Option<Action> {
        let stage = self.siege().map(|s| s.stage);
        Some(match self.decision(seat) {
            Decision::None | Decision::Withdraw => return None,
            Decision::Setup => return self.default_setup_step(seat),
            Decision::Auction if self.auction().is_some_and(|a| a.high.is_none()) => Action::Bid(0),
            Decision::Auction => Action::Pass,
            Decision::Commerce => Action::CommerceEnd,
            Decision::Reply => Action::TradeDecline,
            Decision::Choose => Action::TradeCancel,
            Decision::Fill => Action::FillDecline,
            Decision::Build => Action::BuildingEnd,
            Decision::Placing => {
                let Some(Step::Placing(placing)) = self.step() else { return None };
                let wall = &self.player(seat).cities[usize::from(placing.city)].wall;
                Action::BuildPlace(*wall.placement_rows().first()?)
            }
            Decision::Marker | Decision::Assign => Action::SiegeSkip,
            Decision::Defense => match self.siege().and_then(|s| self.default_defence(s)) {
                Some((cell, face, city)) => Action::DefendAssign { cell, face, city },
                None => Action::DefendConfirm,
            },
            Decision::Removal => Action::RemoveAuto,
            Decision::Demand => Action::NobleTake,
            Decision::RansomReply => match stage {
                Some(SiegeStage::Reply { demand, .. }) if self.player(seat).cash >= demand => Action::RansomPay,
                _ => Action::RansomRefuse,
            },
            Decision::RansomCounter => Action::RansomAccept,
        })
    }
}

/// Checks, then applies, a whole action and everything automatic after it.
pub(crate) fn act(game: &mut Raja, seat: Seat, action: &Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
    // The opening checks (game over, seat, resigned, pending) are the trait's.
    let start = events.len();
    match action {
        Action::Resign => game.resign(seat, events),
        Action::Timeout => {
            if matches!(game.decision(seat), Decision::None | Decision::Withdraw) {
                return Err(RuleError::illegal("nothing of yours is waiting to time out"));
            }
            if game.phase != Phase::Setup {
                events.push(Event::TimedOut { seat });
            }
            game.take_default(seat, false, events);
        }
        action => {
            game.check(seat, action)?;
            game.perform(seat, action, events);
        }
    }
    game.settle(events);
    if let Some(event) = last_move(&events[start..]) {
        game.last_move = ForPictures(Some(event.clone()));
    }
    Ok(())
}

/// The event that says what an action did, for the pictures: its first public event,
/// passing over a timeout's or a default's notice when the move itself follows. An action
/// with no public event (a step of a player's hidden setup, R47) leaves the last one as it
/// was, so the public picture tells nothing of it.
fn last_move(events: &[Event]) -> Option<&Event> {
    let mut public = events.iter().filter(|e| super::events::audience(e) == Audience::Public);
    let first = public.clone().next()?;
    Some(public.find(|e| !matches!(e, Event::TimedOut { .. } | Event::Automatic { .. })).unwrap_or(first))
}

/// Who must decide now and who else may act, or how the game ended (R38, R39).
pub(crate) fn pending(game: &Raja) -> Pending {
    if game.phase == Phase::Over {
        return Pending::Finished(game.outcome_now());
    }
    let (must, may) = game.must_may();
    Pending::Deciding { must, may }
}

/// The host's timeout is the unlisted action `timeout`, for a seat the game waits for: it
/// applies the §4.8 default of that seat's whole pending decision.
pub(crate) fn timeout_action(game: &Raja, seat: Seat) -> Option<Action> {
    game.must_may().0.contains(seat).then_some(Action::Timeout)
}
