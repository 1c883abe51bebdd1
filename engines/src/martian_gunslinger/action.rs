//! Martian Gunslinger actions (§3, §4): the decisions, named as in the specification. Their
//! text forms (§8.4) are in `action_text.rs`.

use serde::{Deserialize, Serialize};

use super::state::PlotId;
use crate::game::Seat;
use crate::parts::cards::{Card, CardSet, Rank, Suit};
use crate::parts::dice::Treehouse;
use crate::parts::grid::{Direction, Square};
use crate::parts::words::word_enum;

/// A pile a Dig takes from (§4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pile {
    /// The top of the draw pile (seen by the digger only).
    Draw,
    /// The top of the discard pile (public).
    Discard,
}

impl Pile {
    /// Both piles.
    pub const ALL: [Self; 2] = [Self::Draw, Self::Discard];

    /// Its word in the text form (`dig draw`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Draw => "draw",
            Self::Discard => "discard",
        }
    }
}

word_enum!(Pile, "a pile");

/// Where a dug card goes (§4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Place {
    /// Into the hand.
    Hand,
    /// Face up among the resources.
    Resources,
}

impl Place {
    /// Both places.
    pub const ALL: [Self; 2] = [Self::Hand, Self::Resources];

    /// Its word in the text form (`dig-to hand`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Hand => "hand",
            Self::Resources => "resources",
        }
    }
}

word_enum!(Place, "a place for the dug card");

/// Which die a re-roll targets (T2a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Die {
    /// The movement d6.
    Table,
    /// The Treehouse die.
    Treehouse,
}

impl Die {
    /// Both dice.
    pub const ALL: [Self; 2] = [Self::Table, Self::Treehouse];

    /// Its word in the text form (`reroll table`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Table => "table",
            Self::Treehouse => "treehouse",
        }
    }
}

word_enum!(Die, "a die");

/// The King's permanent bonus (R26).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Bonus {
    /// +1 card drawn in poker contests.
    Draw,
    /// +1 card exchanged in poker contests.
    Discard,
}

impl Bonus {
    /// Both bonuses.
    pub const ALL: [Self; 2] = [Self::Draw, Self::Discard];

    /// Its word in the text form (`play KS 4S 9S draw`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Draw => "draw",
            Self::Discard => "discard",
        }
    }
}

word_enum!(Bonus, "a King's bonus");

/// What a 2, 3 or 4 destroys (§4.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Target {
    /// A face-up resource.
    Card(Card),
    /// One of the victim's Locked (Tycoon) cards, picked at random (R52).
    Locked,
}

/// The option part of `PlayHandCard` (§4.7), by rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayOption {
    /// Queen, Jack, 7/6/5, Ace: no option.
    Plain,
    /// King: which bonus.
    King(Bonus),
    /// 10: the empty square the piece moves to.
    Teleport(Square),
    /// 8/9: whether to swap the Hidden event card; the discards are chosen next, one card
    /// at a time (`refill …`), because every subset of up to ten hand cards would not fit
    /// in a finite menu of sensible size (§8.7).
    Refill {
        /// Discard the event card and draw a new one.
        swap: bool,
    },
    /// 2/3/4: whose resource is destroyed, and which.
    Destroy {
        /// The opponent.
        victim: Seat,
        /// The card, or a random Locked one.
        target: Target,
    },
}

/// `PlayHandCard(card, costs, option)` (§4.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandPlay {
    /// The hand card played.
    pub card: Card,
    /// Face-up resources of the card's suit paid (R24).
    pub costs: CardSet,
    /// The rank's option.
    pub option: PlayOption,
}

/// `PlayEvent(event, params)` (§4.9): the event is the rank of the actor's Hidden card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EventParams {
    /// K: discard all face-up resources, +2 VP.
    CattleBaron,
    /// Q: a poker contest with the holder of the other of J/K.
    Shootout {
        /// The other player.
        opponent: Seat,
        /// The actor's J or K.
        mine: Card,
        /// The opponent's card of the other rank.
        theirs: Card,
    },
    /// J: carry a resource to another player.
    PonyExpress {
        /// The actor's 8.
        horse: Card,
        /// The actor's 6.
        stagecoach: Card,
        /// A third face-up card of the actor's.
        cargo: Card,
        /// Who receives the cargo (R51).
        recipient: Seat,
    },
    /// 10: a poker contest with any opponent (R35).
    Brawl {
        /// The other player.
        opponent: Seat,
        /// The actor's 9.
        gun: Card,
        /// The actor's Queen.
        casino: Card,
    },
    /// 9: lock three resources until the next slot (R36).
    Tycoon {
        /// The actor's Queen.
        casino: Card,
        /// The actor's 2.
        bank: Card,
        /// A third face-up card of the actor's.
        other: Card,
    },
    /// 8: a won attack pays 2 VP (R37).
    Judge {
        /// The actor's Ace.
        ace: Card,
        /// The actor's 4.
        four: Card,
    },
    /// 7: everybody draws; the highest scores (R38).
    CrackShot {
        /// The actor's 9.
        gun: Card,
        /// The actor's 8.
        horse: Card,
    },
    /// 6: call a suit and a rank (R39).
    HolyVision {
        /// The suit called.
        suit: Suit,
        /// The rank called.
        rank: Rank,
    },
    /// 5: a one-card duel over the opponent's Jail (R40).
    Jailbreak {
        /// The holder of the 3 and the King.
        opponent: Seat,
        /// One of the opponent's 3s.
        jail: Card,
    },
    /// 4: a poker contest over the opponent's 2 or 6.
    Robbery {
        /// The holder of the loot.
        opponent: Seat,
        /// The opponent's 2 or 6.
        loot: Card,
        /// The actor's 9.
        gun: Card,
    },
    /// 3: draw around the table until a 7 (R42).
    Revival {
        /// The actor's 7.
        church: Card,
        /// The actor's 5.
        grazing: Card,
    },
    /// 2: draw duels until two wins in a row (R41).
    PunchACow {
        /// The holder of the cattle.
        opponent: Seat,
        /// The opponent's 10.
        cattle: Card,
    },
    /// A: the Mayor election (§4.9.1).
    Mayor {
        /// The actor's 3.
        jail: Card,
        /// The actor's 4.
        courthouse: Card,
    },
}

/// Each event by its card's rank, deuce first: its word in the text form and its title.
const EVENTS: [(&str, &str); 13] = [
    ("punch-a-cow", "Punch a Cow"),
    ("revival", "Revival"),
    ("robbery", "Robbery"),
    ("jailbreak", "Jailbreak"),
    ("holy-vision", "Holy Vision"),
    ("crack-shot", "Crack-Shot"),
    ("judge", "Hanging Judge"),
    ("tycoon", "Casino Tycoon"),
    ("brawl", "Barroom Brawl"),
    ("pony-express", "Pony Express"),
    ("shootout", "Shootout at High Noon"),
    ("cattle-baron", "Cattle Baron"),
    ("mayor", "Mayor"),
];

impl EventParams {
    /// The event's word in the text form.
    #[must_use]
    pub const fn word(&self) -> &'static str {
        EVENTS[self.rank().index()].0
    }

    /// The event card rank that plays this event (§4.9).
    #[must_use]
    pub const fn rank(&self) -> Rank {
        match self {
            Self::CattleBaron => Rank::KING,
            Self::Shootout { .. } => Rank::QUEEN,
            Self::PonyExpress { .. } => Rank::JACK,
            Self::Brawl { .. } => Rank::TEN,
            Self::Tycoon { .. } => Rank::NINE,
            Self::Judge { .. } => Rank::EIGHT,
            Self::CrackShot { .. } => Rank::SEVEN,
            Self::HolyVision { .. } => Rank::SIX,
            Self::Jailbreak { .. } => Rank::FIVE,
            Self::Robbery { .. } => Rank::FOUR,
            Self::Revival { .. } => Rank::THREE,
            Self::PunchACow { .. } => Rank::TWO,
            Self::Mayor { .. } => Rank::ACE,
        }
    }
}

/// The event's title for an event card rank.
#[must_use]
pub const fn event_title(rank: Rank) -> &'static str {
    EVENTS[rank.index()].1
}

/// A Martian Gunslinger decision. Names follow the specification.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// `PlaceHome(corner, dir)` (§3 step 5).
    PlaceHome {
        /// An unclaimed corner.
        corner: Square,
        /// An on-board facing (R7).
        dir: Direction,
    },
    /// `PlacePlotpoint(square)` (§3 step 5): the next of PL, PM, PS.
    PlacePlotpoint(Square),
    /// `MovePlotpoint(plotpoint, square)` (§3 step 6, R5).
    MovePlotpoint(PlotId, Square),
    /// `SkipMovePlotpoint`.
    SkipMovePlotpoint,
    /// `ReEnter(square, dir)` (T0r, R23).
    ReEnter(Square, Direction),
    /// `UseReroll(Table|Treehouse)` (T2a, R28).
    UseReroll(Die),
    /// `KeepRolls`.
    KeepRolls,
    /// `WildChoose(face)` (T2b, R11).
    WildChoose(Treehouse),
    /// `WildReroll`: re-roll the table d6, no power.
    WildReroll,
    /// `Tip(player, dir)` (§4.3).
    Tip(Seat, Direction),
    /// `Swap(sqA, sqB)`, an unordered pair with `sqA` first in a1…h8 order (§4.3).
    Swap(Square, Square),
    /// `DigFrom(Draw|Discard)` (§4.3, R13).
    DigFrom(Pile),
    /// `DigTo(Hand|Resources)`.
    DigTo(Place),
    /// `PassPower`.
    PassPower,
    /// `Step` (§4.2).
    Step,
    /// `Reorient(dir)`: 1 MP.
    Reorient(Direction),
    /// `Aim(dir)`: free, once.
    Aim(Direction),
    /// `Hop`: free, once (R10).
    Hop,
    /// `EndMove`.
    EndMove,
    /// `AttemptPlotpoint` (§4.5).
    AttemptPlotpoint,
    /// `Attack` (§4.6).
    Attack,
    /// `SkipAction`.
    SkipAction,
    /// One card of a sealed `ContestDiscard` (§4.6 step 2), chosen one at a time because the
    /// subsets of a large contest hand would not fit a finite menu.
    ContestDiscard(Card),
    /// Closes one's `ContestDiscard` (the empty exchange when nothing was chosen).
    ContestDone,
    /// `PlayHandCard(card, costs, option)` (§4.7).
    PlayHandCard(HandPlay),
    /// One card of an 8/9's discards, chosen one at a time.
    RefillDiscard(Card),
    /// Ends the 8/9 discards: draw up to six.
    RefillDone,
    /// `SkipHandCard`.
    SkipHandCard,
    /// `LayResource(card)` (§4.8).
    LayResource(Card),
    /// `SkipResource`.
    SkipResource,
    /// `PlayEvent(event, params)` (§4.9).
    PlayEvent(EventParams),
    /// `SkipEvent`.
    SkipEvent,
    /// `SubmitBid(n)` (§4.9.1, sealed).
    SubmitBid(u8),
    /// `PayResource(card)` (§4.9.1 step 4).
    PayResource(Card),
    /// `ChooseLoss(card)` (§4.9).
    ChooseLoss(Card),
    /// `DiscardCard(card)` (T9, R31).
    DiscardCard(Card),
    /// `Timeout(p)` (§8.6, R59): the table's timeout on a forced hand-card choice; the card is
    /// picked at random by the game's RNG. Never listed as a legal action.
    Timeout,
    /// Leave the game (§8, Designed). Never listed as a legal action.
    Resign,
}
