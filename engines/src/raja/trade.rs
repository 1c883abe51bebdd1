//! Trading between players (§4.3, R14, R15, R40, R46): bundles, proposals answered by several
//! players, counters, and the proposer's choice among the replies.

use serde::{Deserialize, Serialize};

use super::events::Event;
use super::events::amount;
use super::grain::GRAIN_TOTAL;
use super::state::{Colour, ELEPHANTS, MAX_PROPOSALS, MONEY_TOTAL, Player, Raja, SHIELDS_PER_FACE, Step};
use crate::game::{RuleError, Seat, SeatSet};
use crate::parts::words::word_enum;

/// A tradable item (R15): money, grain, reserve elephants and reserve shields by face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum Item {
    Money,
    Grain,
    Elephants,
    S1,
    S2,
    S3,
}

impl Item {
    /// In bundle order (§4.3).
    pub const ALL: [Self; 6] = [Self::Money, Self::Grain, Self::Elephants, Self::S1, Self::S2, Self::S3];

    /// The field's word.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Money => "money",
            Self::Grain => "grain",
            Self::Elephants => "elephants",
            Self::S1 => "s1",
            Self::S2 => "s2",
            Self::S3 => "s3",
        }
    }

    /// How many exist in the game: the upper end of a `get` field (§4.10).
    #[must_use]
    pub const fn total(self) -> u32 {
        match self {
            Self::Money => MONEY_TOTAL,
            Self::Grain => GRAIN_TOTAL as u32,
            Self::Elephants => ELEPHANTS as u32,
            Self::S1 | Self::S2 | Self::S3 => SHIELDS_PER_FACE as u32,
        }
    }

    /// How many of this item `player` holds (reserve only, R15).
    #[must_use]
    pub fn held(self, player: &Player) -> u32 {
        match self {
            Self::Money => player.cash,
            Self::Grain => u32::from(player.grain()),
            Self::Elephants => u32::from(player.elephants),
            Self::S1 => u32::from(player.shields[0]),
            Self::S2 => u32::from(player.shields[1]),
            Self::S3 => u32::from(player.shields[2]),
        }
    }
}

word_enum!(Item, "a bundle item");

/// Which side of a bundle a field belongs to (§4.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum Part {
    Give,
    Get,
}

impl Part {
    /// Give, get.
    pub const ALL: [Self; 2] = [Self::Give, Self::Get];

    /// `give` or `get`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Give => "give",
            Self::Get => "get",
        }
    }
}

word_enum!(Part, "give or get");

/// What one side hands over (§4.3 bundles).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bundle {
    /// Money.
    pub money: u32,
    /// Grain tokens.
    pub grain: u8,
    /// Reserve elephants.
    pub elephants: u8,
    /// Reserve shields of faces 1, 2, 3.
    pub shields: [u8; 3],
}

impl Bundle {
    /// The count of `item`.
    #[must_use]
    pub fn get(&self, item: Item) -> u32 {
        match item {
            Item::Money => self.money,
            Item::Grain => u32::from(self.grain),
            Item::Elephants => u32::from(self.elephants),
            Item::S1 => u32::from(self.shields[0]),
            Item::S2 => u32::from(self.shields[1]),
            Item::S3 => u32::from(self.shields[2]),
        }
    }

    /// Sets the count of `item` (within the item's total, which the caller checked).
    pub fn set(&mut self, item: Item, value: u32) {
        let small = u8::try_from(value).unwrap_or(u8::MAX);
        match item {
            Item::Money => self.money = value,
            Item::Grain => self.grain = small,
            Item::Elephants => self.elephants = small,
            Item::S1 => self.shields[0] = small,
            Item::S2 => self.shields[1] = small,
            Item::S3 => self.shields[2] = small,
        }
    }

    /// Whether nothing is in it.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        Item::ALL.iter().all(|&i| self.get(i) == 0)
    }

    /// Whether `player` holds all of it.
    #[must_use]
    pub fn held_by(&self, player: &Player) -> bool {
        Item::ALL.iter().all(|&i| self.get(i) <= i.held(player))
    }

    /// Whether `player` visibly holds all of it, cash aside (cash is hidden, R5).
    #[must_use]
    pub fn held_by_publicly(&self, player: &Player) -> bool {
        Item::ALL.iter().filter(|&&i| i != Item::Money).all(|&i| self.get(i) <= i.held(player))
    }

    /// The non-zero fields, in bundle order.
    pub fn fields(&self) -> impl Iterator<Item = (Item, u32)> + '_ {
        Item::ALL.into_iter().map(|i| (i, self.get(i))).filter(|(_, v)| *v > 0)
    }
}

/// Whom a proposal goes to (§4.3 `trade_propose(to, …)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Recipient {
    /// Every other player.
    All,
    /// One other player, by colour.
    One(Colour),
}

/// A recipient's reply (§4.3 `TRADE_WINDOW`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reply {
    /// Not a recipient.
    NotAsked,
    /// Not answered yet.
    Waiting,
    /// `trade_accept`: the original terms.
    Accepted,
    /// `trade_counter`: what the recipient gives and wants instead.
    Countered {
        /// What the recipient gives the proposer.
        give: Bundle,
        /// What the recipient wants from the proposer.
        get: Bundle,
    },
    /// `trade_decline`.
    Declined,
}

/// A proposal in its window, then awaiting the proposer's choice (§4.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proposal {
    /// To whom.
    pub to: Recipient,
    /// What the proposer gives.
    pub give: Bundle,
    /// What the proposer wants.
    pub get: Bundle,
    /// Each seat's reply.
    pub replies: Vec<Reply>,
    /// Recipients who discarded a counter draft: only accept or decline are left (§4.10).
    pub counter_discarded: SeatSet,
    /// Every reply is in: `TRADE_CHOICE`.
    pub choosing: bool,
}

impl Raja {
    /// The ranges of a bundle field entered by `seat` (§4.10): a `give` field up to the
    /// seat's own holding, a `get` field up to the item's total less the seat's holding; grain
    /// only with a city (R41). `None` when the field cannot be entered.
    pub(crate) fn field_range(&self, seat: Seat, part: Part, item: Item) -> Option<(u32, u32)> {
        let me = self.player(seat);
        let held = item.held(me);
        let hi = match part {
            Part::Give => held,
            Part::Get if item == Item::Grain && !me.has_city() => 0,
            Part::Get => item.total().saturating_sub(held),
        };
        (hi >= 1).then_some((1, hi))
    }

    /// Whether every field of a `give` and `get` pair lies in `seat`'s ranges.
    pub(crate) fn check_bundles(&self, seat: Seat, give: &Bundle, get: &Bundle) -> Result<(), RuleError> {
        for (part, bundle) in [(Part::Give, give), (Part::Get, get)] {
            for (item, value) in bundle.fields() {
                match self.field_range(seat, part, item) {
                    Some((_, hi)) if value <= hi => {}
                    _ if part == Part::Get && item == Item::Grain => {
                        return Err(RuleError::ruled("R41", "a player with no city cannot receive grain"));
                    }
                    _ if part == Part::Give => {
                        return Err(RuleError::ruled("R15", format!("you do not hold {}", amount(item, value))));
                    }
                    _ => return Err(RuleError::illegal(format!("there is not {} to get", amount(item, value)))),
                }
            }
        }
        Ok(())
    }

    /// The recipients of a proposal by the active player.
    pub(crate) fn recipients(&self, proposer: Seat, to: Recipient) -> SeatSet {
        match to {
            Recipient::All => self.standing().filter(|s| *s != proposer).collect(),
            Recipient::One(colour) => self.seat_of(colour).filter(|s| *s != proposer).into_iter().collect(),
        }
    }

    /// `trade_propose` (§4.3, R14, R15, R45): `send` posts it; a discarded draft still counts.
    pub(crate) fn check_propose(
        &self,
        seat: Seat,
        to: Recipient,
        give: &Bundle,
        get: &Bundle,
        send: bool,
    ) -> Result<(), RuleError> {
        let used = self.segment().map_or(0, |s| s.proposals);
        if used >= MAX_PROPOSALS {
            return Err(RuleError::ruled("R14", "you have used your three proposals this segment"));
        }
        let recipients = self.recipients(seat, to);
        if recipients.is_empty() || recipients.iter().any(|r| self.player(r).resigned) {
            return Err(RuleError::illegal("propose to all or to another player still in the game"));
        }
        self.check_bundles(seat, give, get)?;
        if send && give.is_empty() && get.is_empty() {
            return Err(RuleError::ruled("R14", "a proposal cannot be empty on both sides"));
        }
        Ok(())
    }

    /// Posts (or, with `send` false, discards) a checked proposal.
    pub(crate) fn propose(
        &mut self,
        seat: Seat,
        to: Recipient,
        give: Bundle,
        get: Bundle,
        send: bool,
        events: &mut Vec<Event>,
    ) {
        let recipients = self.recipients(seat, to);
        let Some(segment) = self.segment_mut() else { return };
        segment.proposals += 1;
        let used = segment.proposals;
        if !send {
            events.push(Event::ProposalDiscarded { seat, used });
            return;
        }
        let replies =
            self.seats().map(|s| if recipients.contains(s) { Reply::Waiting } else { Reply::NotAsked }).collect();
        events.push(Event::Proposed { seat, to, give, get, used });
        let proposal = Proposal { to, give, get, replies, counter_discarded: SeatSet::EMPTY, choosing: false };
        self.set_step(Step::Trade(proposal));
    }

    /// `trade_accept`: the recipient holds what the proposer wants and can receive what he gives.
    pub(crate) fn check_accept(&self, seat: Seat, proposal: &Proposal) -> Result<(), RuleError> {
        let me = self.player(seat);
        if !proposal.get.held_by(me) {
            return Err(RuleError::illegal("you do not hold what the proposal asks for"));
        }
        if proposal.give.grain > 0 && !me.has_city() {
            return Err(RuleError::ruled("R41", "a player with no city cannot receive grain"));
        }
        Ok(())
    }

    /// `trade_counter` (R46): a counter must not be empty when sent, only once per proposal.
    pub(crate) fn check_counter(
        &self,
        seat: Seat,
        proposal: &Proposal,
        give: &Bundle,
        get: &Bundle,
        send: bool,
    ) -> Result<(), RuleError> {
        if proposal.counter_discarded.contains(seat) {
            return Err(RuleError::ruled("R45", "you discarded your counter: accept or decline"));
        }
        self.check_bundles(seat, give, get)?;
        if send && give.is_empty() && get.is_empty() {
            return Err(RuleError::ruled("R46", "a counter cannot be empty"));
        }
        Ok(())
    }

    /// Records a reply (`None` for a discarded counter draft).
    pub(crate) fn reply(&mut self, seat: Seat, reply: Option<Reply>, events: &mut Vec<Event>) {
        let Some(Step::Trade(proposal)) = self.step_mut() else { return };
        match reply {
            None => {
                proposal.counter_discarded.insert(seat);
                events.push(Event::CounterDiscarded { seat });
            }
            Some(reply) => {
                events.push(Event::Replied { seat, reply: reply.clone() });
                proposal.replies[seat.index()] = reply;
            }
        }
    }

    /// `trade_select(r)` (§4.3 `TRADE_CHOICE`, R46): terms still executable now.
    pub(crate) fn check_select(&self, seat: Seat, proposal: &Proposal, partner: Seat) -> Result<(), RuleError> {
        let me = self.player(seat);
        match &proposal.replies[partner.index()] {
            Reply::Accepted => Ok(()),
            Reply::Countered { give, get } => {
                if !get.held_by(me) {
                    Err(RuleError::illegal("you do not hold what that counter asks for"))
                } else if give.grain > 0 && !me.has_city() {
                    Err(RuleError::ruled("R46", "a player with no city cannot receive grain"))
                } else {
                    Ok(())
                }
            }
            _ => Err(RuleError::illegal("that player neither accepted nor countered")),
        }
    }

    /// Executes the selected reply atomically and returns to `COMMERCE_MAIN`.
    pub(crate) fn select(&mut self, seat: Seat, partner: Seat, events: &mut Vec<Event>) {
        let Some(Step::Trade(proposal)) = self.step().cloned() else { return };
        let (give, get) = match &proposal.replies[partner.index()] {
            Reply::Countered { give, get } => (*get, *give),
            _ => (proposal.give, proposal.get),
        };
        self.exchange(seat, partner, &give, &get, events);
        events.push(Event::Traded { seat, partner, gave: give, got: get });
        self.set_step(Step::Commerce);
    }

    /// Closes the window once every recipient answered: to the choice, or straight back to
    /// `COMMERCE_MAIN` when nobody accepted or countered.
    pub(crate) fn close_window(&mut self, events: &mut Vec<Event>) {
        let Some(Step::Trade(proposal)) = self.step_mut() else { return };
        if proposal.choosing || proposal.replies.contains(&Reply::Waiting) {
            return;
        }
        let takers = proposal.replies.iter().any(|r| matches!(r, Reply::Accepted | Reply::Countered { .. }));
        if takers {
            proposal.choosing = true;
        } else {
            events.push(Event::ProposalLapsed);
            self.set_step(Step::Commerce);
        }
    }

    /// `x` gives `from_x` to `y` and `y` gives `from_y` to `x`, atomically (the caller
    /// checked both hold them). Each party then reads its new cash behind its blinder.
    pub(crate) fn exchange(&mut self, x: Seat, y: Seat, from_x: &Bundle, from_y: &Bundle, events: &mut Vec<Event>) {
        self.take_from(x, from_x);
        self.take_from(y, from_y);
        self.hand_over(y, from_x, events);
        self.hand_over(x, from_y, events);
        for seat in [x, y] {
            if from_x.money > 0 || from_y.money > 0 {
                events.push(self.purse(seat));
            }
        }
    }

    /// Removes a bundle from a player's holdings (grain from the tallest column).
    pub(crate) fn take_from(&mut self, seat: Seat, goods: &Bundle) {
        let p = self.player_mut(seat);
        p.cash -= goods.money;
        p.pay_grain(goods.grain);
        p.elephants -= goods.elephants;
        for f in 0..3 {
            p.shields[f] -= goods.shields[f];
        }
    }

    /// Adds a bundle to a player's holdings (grain token by token onto the shortest column).
    pub(crate) fn hand_over(&mut self, seat: Seat, goods: &Bundle, events: &mut Vec<Event>) {
        let Self { players, grain_pile, rng, .. } = self;
        let p = &mut players[seat.index()];
        p.cash += goods.money;
        p.elephants += goods.elephants;
        for f in 0..3 {
            p.shields[f] += goods.shields[f];
        }
        p.receive_grain(seat, goods.grain, grain_pile, rng, events);
    }
}
