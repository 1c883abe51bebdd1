//! What happened, for the log and the post after a move. Most events are public; those that
//! name a hidden card are for one seat only ([`Event::audience`]).

use serde::{Deserialize, Serialize};

use super::action::{EventParams, HandPlay};
use super::state::{Die, Pile, Place, PlotId, WinReason};
use crate::game::{Audience, Seat};
use crate::parts::cards::{Card, Rank};
use crate::parts::dice::Treehouse;
use crate::parts::grid::{Direction, Square};
use crate::parts::poker::HandValue;
use crate::parts::pyramids::Size;

/// Why a poker contest runs, for the narration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ContestWhy {
    /// A piece attack.
    Attack,
    /// An event, by its card's rank.
    Event(Rank),
}

/// One side's cards at a showdown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShownHand {
    /// Whose.
    pub seat: Seat,
    /// The whole contest hand.
    pub cards: Vec<Card>,
    /// Its best five's value.
    pub value: HandValue,
    /// Cards exchanged before the showdown.
    pub exchanged: Vec<Card>,
}

/// A Martian Gunslinger event (narration).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Event {
    // ---- setup ----
    HomePlaced {
        seat: Seat,
        corner: Square,
        dir: Direction,
    },
    PlotpointPlaced {
        seat: Seat,
        plot: PlotId,
        square: Square,
    },
    PlotpointMoved {
        seat: Seat,
        plot: PlotId,
        from: Square,
        to: Square,
    },
    CompensationSkipped {
        seat: Seat,
    },
    Dealt {
        hand: u8,
    },
    // ---- slot ----
    SlotBegan {
        seat: Seat,
        round: u16,
    },
    SlotLost {
        seat: Seat,
        left: u8,
    },
    ReEntered {
        seat: Seat,
        square: Square,
        dir: Direction,
    },
    ReEntryBlocked {
        seat: Seat,
    },
    Rolled {
        seat: Seat,
        d6: u8,
        face: Treehouse,
    },
    Rerolled {
        seat: Seat,
        die: Die,
        d6: u8,
        face: Treehouse,
    },
    KeptRolls {
        seat: Seat,
    },
    WildChosen {
        seat: Seat,
        face: Treehouse,
    },
    WildRerolled {
        seat: Seat,
        d6: u8,
    },
    Tipped {
        seat: Seat,
        target: Seat,
        dir: Direction,
    },
    Swapped {
        seat: Seat,
        a: Square,
        b: Square,
    },
    /// Dig from the discard pile (public card) or the draw pile (card for the digger only).
    Dug {
        seat: Seat,
        pile: Pile,
        card: Option<Card>,
    },
    /// The digger sees the card from the draw pile.
    DugCard {
        seat: Seat,
        card: Card,
    },
    /// The dug card goes to the hand (named when it was public) or face up.
    DugTo {
        seat: Seat,
        place: Place,
        card: Option<Card>,
    },
    PowerPassed {
        seat: Seat,
    },
    Stepped {
        seat: Seat,
        to: Square,
    },
    Reoriented {
        seat: Seat,
        dir: Direction,
    },
    Aimed {
        seat: Seat,
        dir: Direction,
    },
    Hopped {
        seat: Seat,
        to: Square,
    },
    MoveEnded {
        seat: Seat,
    },
    // ---- attempt and contests ----
    Attempted {
        seat: Seat,
        plot: PlotId,
        mine: Option<Card>,
        house: Option<Card>,
        scored: bool,
    },
    ActionSkipped {
        seat: Seat,
    },
    ContestBegan {
        why: ContestWhy,
        sides: [(Seat, u8, u8); 2],
    },
    /// One side's contest hand, for its owner.
    ContestHand {
        seat: Seat,
        cards: Vec<Card>,
    },
    /// A card chosen for the sealed exchange, for its owner.
    ContestChose {
        seat: Seat,
        card: Card,
    },
    ContestSubmitted {
        seat: Seat,
    },
    Showdown {
        hands: Vec<ShownHand>,
        winner: Option<Seat>,
    },
    AttackTied,
    AttackLost {
        loser: Seat,
        size: Option<Size>,
        vp: u8,
        lost_turns: u8,
    },
    JudgePaid {
        seat: Seat,
    },
    JudgeFizzled {
        seat: Seat,
    },
    // ---- cards ----
    HandCardPlayed {
        seat: Seat,
        play: HandPlay,
    },
    Teleported {
        seat: Seat,
        to: Square,
    },
    Grew {
        seat: Seat,
        size: Size,
    },
    Destroyed {
        victim: Seat,
        card: Card,
        locked: bool,
    },
    RefillChose {
        seat: Seat,
        card: Card,
    },
    Refilled {
        seat: Seat,
        discarded: Vec<Card>,
    },
    EventSwapped {
        seat: Seat,
        card: Card,
    },
    HandCardSkipped {
        seat: Seat,
    },
    ResourceLaid {
        seat: Seat,
        card: Card,
    },
    ResourceSkipped {
        seat: Seat,
    },
    EventSkipped {
        seat: Seat,
    },
    Drew {
        seat: Seat,
        count: u8,
    },
    DrewCards {
        seat: Seat,
        cards: Vec<Card>,
    },
    EventCardDrawn {
        seat: Seat,
    },
    EventCardIs {
        seat: Seat,
        card: Card,
    },
    DrawFailed {
        seat: Seat,
    },
    Reshuffled {
        cards: u8,
    },
    HandLimitDiscard {
        seat: Seat,
        card: Card,
    },
    GainedVp {
        seat: Seat,
        amount: u8,
        vp: u8,
    },
    // ---- events ----
    EventRevealed {
        seat: Seat,
        card: Card,
        params: EventParams,
    },
    CattleBaron {
        seat: Seat,
        discarded: Vec<Card>,
    },
    PonyExpress {
        seat: Seat,
        cargo: Card,
        recipient: Seat,
    },
    TycoonLocked {
        seat: Seat,
    },
    TycoonResolved {
        seat: Seat,
        casino: bool,
        bank: bool,
        other: bool,
    },
    JudgeSeated {
        seat: Seat,
    },
    /// A public single-card draw in a duel (Crack-Shot, Revival, Jailbreak, Punch a Cow,
    /// Holy Vision); `None` = the draw failed.
    DuelDraw {
        seat: Seat,
        card: Option<Card>,
    },
    DuelResult {
        winner: Option<Seat>,
    },
    Loss {
        seat: Seat,
        card: Card,
        from_hand: bool,
    },
    BidSubmitted {
        seat: Seat,
        automatic: bool,
    },
    /// The bidder's own bid, for the bidder.
    BidIs {
        seat: Seat,
        bid: u8,
    },
    BidsRevealed {
        bids: Vec<(Seat, u8)>,
        winner: Seat,
    },
    Paid {
        seat: Seat,
        card: Card,
    },
    MayorElected {
        seat: Seat,
        counter: u8,
    },
    MayorVacated {
        seat: Seat,
    },
    // ---- end ----
    Resigned {
        seat: Seat,
    },
    GameOver {
        winner: Option<Seat>,
        reason: WinReason,
    },
}

impl Event {
    /// Who may read this event: events naming a card still hidden from others go to the one
    /// seat that may see it (§5).
    #[must_use]
    pub fn audience(&self) -> Audience {
        match self {
            Self::DugCard { seat, .. }
            | Self::ContestHand { seat, .. }
            | Self::ContestChose { seat, .. }
            | Self::RefillChose { seat, .. }
            | Self::DrewCards { seat, .. }
            | Self::EventCardIs { seat, .. }
            | Self::BidIs { seat, .. } => Audience::seat(*seat),
            _ => Audience::Public,
        }
    }
}
