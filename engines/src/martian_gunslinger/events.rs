//! What happened, for the log and the post after a move, and its narration ([`sentence`]).
//! Most events are public; those that name a hidden card are for one seat only
//! ([`Event::audience`]).

use serde::{Deserialize, Serialize};

use super::action::{Die, EventParams, HandPlay, Pile, Place, event_title};
use super::state::{PlotId, WinReason};
use crate::game::{Audience, Seat};
use crate::parts::cards::{Card, Rank};
use crate::parts::dice::Treehouse;
use crate::parts::grid::{Direction, Square};
use crate::parts::poker::HandValue;
use crate::parts::pyramids::Size;
use crate::wording::{a, count};

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

/// An event in a sentence, players called by `names` (indexed by seat).
pub(super) fn sentence(event: &Event, names: &[String]) -> String {
    board_sentence(event, names)
        .or_else(|| contest_sentence(event, names))
        .or_else(|| card_sentence(event, names))
        .or_else(|| event_sentence(event, names))
        .unwrap_or_default()
}

/// Sentences about setup, the slot, dice, powers and movement.
fn board_sentence(event: &Event, names: &[String]) -> Option<String> {
    let n = |seat: &Seat| who(names, *seat);
    Some(match event {
        Event::HomePlaced { seat, corner, dir } => format!("{} makes {corner} home, facing {dir}.", n(seat)),
        Event::PlotpointPlaced { seat, plot, square } => {
            format!("{} places plotpoint {plot} on {square}.", n(seat))
        }
        Event::PlotpointMoved { seat, plot, from, to } => format!("{} moves {plot} from {from} to {to}.", n(seat)),
        Event::CompensationSkipped { seat } => format!("{} leaves the plotpoints where they are.", n(seat)),
        Event::Dealt { hand } => format!("Everyone is dealt {hand} cards and an event card."),
        Event::SlotBegan { seat, round } => format!("Round {round}: {}'s turn.", n(seat)),
        Event::SlotLost { seat, left } => format!("{} loses this turn ({left} more to lose).", n(seat)),
        Event::ReEntered { seat, square, dir } => format!("{} re-enters on {square}, facing {dir}.", n(seat)),
        Event::ReEntryBlocked { seat } => format!("{} cannot re-enter: home and its neighbours are full.", n(seat)),
        Event::Rolled { seat, d6, face } => format!("{} rolls {d6} and {face}.", n(seat)),
        Event::Rerolled { seat, die, d6, face } => match die {
            Die::Table => format!("{} spends an Ace: the d6 now shows {d6}.", n(seat)),
            Die::Treehouse => format!("{} spends an Ace: the Treehouse die now shows {face}.", n(seat)),
        },
        Event::KeptRolls { seat } => format!("{} keeps the rolls.", n(seat)),
        Event::WildChosen { seat, face } => format!("{} makes the Wild {}.", n(seat), a(face.name())),
        Event::WildRerolled { seat, d6 } => format!("{} re-rolls the d6 with the Wild: {d6}.", n(seat)),
        Event::Tipped { seat, target, dir } => format!("{} tips {}'s piece to face {dir}.", n(seat), n(target)),
        Event::Swapped { seat, a, b } => format!("{} swaps the pyramids on {a} and {b}.", n(seat)),
        Event::Dug { seat, pile: Pile::Draw, .. } => format!("{} digs the top card of the draw pile.", n(seat)),
        Event::Dug { seat, card, .. } => {
            format!("{} digs {} from the discard pile.", n(seat), card.map_or("-".into(), |c| c.to_string()))
        }
        Event::DugCard { card, .. } => format!("You dug {card}."),
        Event::DugTo { seat, place: Place::Resources, card } => {
            format!("{} lays the dug card {} face up.", n(seat), card.map_or("-".into(), |c| c.to_string()))
        }
        Event::DugTo { seat, card: Some(card), .. } => format!("{} takes {card} into the hand.", n(seat)),
        Event::DugTo { seat, .. } => format!("{} takes the dug card into the hand.", n(seat)),
        Event::PowerPassed { seat } => format!("{} passes the power.", n(seat)),
        Event::Stepped { seat, to } => format!("{} steps to {to}.", n(seat)),
        Event::Reoriented { seat, dir } => format!("{} turns to face {dir}.", n(seat)),
        Event::Aimed { seat, dir } => format!("{} aims {dir}.", n(seat)),
        Event::Hopped { seat, to } => format!("{} hops to {to}.", n(seat)),
        Event::MoveEnded { seat } => format!("{} ends the movement.", n(seat)),
        _ => return None,
    })
}

/// Sentences about attempts, contests and attacks.
fn contest_sentence(event: &Event, names: &[String]) -> Option<String> {
    let n = |seat: &Seat| who(names, *seat);
    Some(match event {
        Event::Attempted { seat, plot, mine, house, scored } => {
            let show = |c: &Option<Card>| c.map_or("no card".into(), |c| c.to_string());
            let result = if *scored { "a hit" } else { "no score" };
            format!("{} tries {plot}: {} against the house's {}: {result}.", n(seat), show(mine), show(house))
        }
        Event::ActionSkipped { seat } => format!("{} neither attempts nor attacks.", n(seat)),
        Event::ContestBegan { why, sides } => {
            let why = match why {
                ContestWhy::Attack => "attacks".to_string(),
                ContestWhy::Event(rank) => format!("starts a {} against", event_title(*rank)),
            };
            let [(x, dx, cx), (y, dy, cy)] = sides;
            format!(
                "{} {why} {}: {} draws {dx} (may exchange {cx}), {} draws {dy} (may exchange {cy}).",
                n(x),
                n(y),
                n(x),
                n(y)
            )
        }
        Event::ContestHand { cards: c, .. } => format!("Your contest hand: {}.", cards(c)),
        Event::ContestChose { card, .. } => format!("You set {card} aside for the exchange."),
        Event::ContestSubmitted { seat } => format!("{} has made the exchange.", n(seat)),
        Event::Showdown { hands, winner } => {
            let shown: Vec<String> = hands
                .iter()
                .map(|h| {
                    format!(
                        "{} exchanged {} and shows {} ({})",
                        n(&h.seat),
                        h.exchanged.len(),
                        cards(&h.cards),
                        h.value
                    )
                })
                .collect();
            let result = winner.map_or("a tie".to_string(), |w| format!("{} wins", n(&w)));
            format!("Showdown: {}; {result}.", shown.join("; "))
        }
        Event::AttackTied => "The attack is a tie: nothing happens.".into(),
        Event::AttackLost { loser, size, vp, lost_turns } => match size {
            Some(size) => {
                let turns = count(*lost_turns, "turn");
                format!("{}'s piece shrinks to {}; {vp} VP left; {turns} to lose.", n(loser), size.word())
            }
            None => format!("{}'s piece is removed; {vp} VP left; {} to lose.", n(loser), count(*lost_turns, "turn")),
        },
        Event::JudgePaid { seat } => format!("The Hanging Judge pays {}.", n(seat)),
        Event::JudgeFizzled { seat } => format!("{}'s Hanging Judge fizzles.", n(seat)),
        _ => return None,
    })
}

/// Sentences about hand cards, resources, draws and points.
fn card_sentence(event: &Event, names: &[String]) -> Option<String> {
    let n = |seat: &Seat| who(names, *seat);
    Some(match event {
        Event::HandCardPlayed { seat, play } => {
            format!("{} plays {} paying {}.", n(seat), play.card, play.costs)
        }
        Event::Teleported { seat, to } => format!("{} rides to {to}.", n(seat)),
        Event::Grew { seat, size } => format!("{}'s piece grows to {}.", n(seat), size.word()),
        Event::Destroyed { victim, card, locked } => {
            let from = if *locked { "Locked cards" } else { "resources" };
            format!("{card} is destroyed from {}'s {from}.", n(victim))
        }
        Event::RefillChose { card, .. } => format!("You will discard {card}."),
        Event::Refilled { seat, discarded } => format!("{} discards {} and refills.", n(seat), cards(discarded)),
        Event::EventSwapped { seat, card } => format!("{} discards the event card {card}.", n(seat)),
        Event::HandCardSkipped { seat } => format!("{} plays no hand card.", n(seat)),
        Event::ResourceLaid { seat, card } => format!("{} lays {card} as a resource.", n(seat)),
        Event::ResourceSkipped { seat } => format!("{} lays no resource.", n(seat)),
        Event::EventSkipped { seat } => format!("{} keeps the event card.", n(seat)),
        Event::Drew { seat, count } => {
            format!("{} draws {count} card{}.", n(seat), if *count == 1 { "" } else { "s" })
        }
        Event::DrewCards { cards: c, .. } => format!("You drew {}.", cards(c)),
        Event::EventCardDrawn { seat } => format!("{} draws a new event card.", n(seat)),
        Event::EventCardIs { card, .. } => format!("Your event card is {card}."),
        Event::DrawFailed { seat } => format!("No cards are left for {} to draw.", n(seat)),
        Event::Reshuffled { cards } => {
            format!("The discard pile ({}) is shuffled into a new draw pile.", count(*cards, "card"))
        }
        Event::HandLimitDiscard { seat, card } => format!("{} discards {card} down to ten cards.", n(seat)),
        Event::GainedVp { seat, amount, vp } => format!("{} gains {amount} VP ({vp} now).", n(seat)),
        _ => return None,
    })
}

/// Sentences about event cards, the Mayor and the end.
fn event_sentence(event: &Event, names: &[String]) -> Option<String> {
    let n = |seat: &Seat| who(names, *seat);
    Some(match event {
        Event::EventRevealed { seat, card, params } => revealed(&n(seat), *card, params, names),
        Event::CattleBaron { seat, discarded } => {
            format!("{} becomes a Cattle Baron, discarding {}.", n(seat), cards(discarded))
        }
        Event::PonyExpress { seat, cargo, recipient } => {
            format!("{} carries {cargo} to {}.", n(seat), n(recipient))
        }
        Event::TycoonLocked { seat } => format!("{} locks three resources face down as a Casino Tycoon.", n(seat)),
        Event::TycoonResolved { seat, casino, bank, other } => {
            let s = |b: &bool| if *b { "survived" } else { "lost" };
            format!("{}'s Tycoon: Casino {}, Bank {}, third card {}.", n(seat), s(casino), s(bank), s(other))
        }
        Event::JudgeSeated { seat } => format!("{} sits as Hanging Judge.", n(seat)),
        Event::DuelDraw { seat, card: Some(card) } => format!("{} draws {card}.", n(seat)),
        Event::DuelDraw { seat, card: None } => format!("{} cannot draw.", n(seat)),
        Event::DuelResult { winner } => winner.map_or("Nobody wins.".into(), |w| format!("{} wins.", n(&w))),
        Event::Loss { seat, card, from_hand } => {
            let from = if *from_hand { "hand" } else { "resources" };
            format!("{} loses {card} from the {from}.", n(seat))
        }
        Event::BidSubmitted { seat, automatic: true } => format!("{} has no resources and bids 0.", n(seat)),
        Event::BidSubmitted { seat, .. } => format!("{} has bid.", n(seat)),
        Event::BidIs { bid, .. } => format!("You bid {bid}."),
        Event::BidsRevealed { bids, winner } => {
            let list: Vec<String> = bids.iter().map(|(s, b)| format!("{} {b}", n(s))).collect();
            format!("Bids: {}. {} is elected.", list.join(", "), n(winner))
        }
        Event::Paid { seat, card } => format!("{} pays {card}.", n(seat)),
        Event::MayorElected { seat, counter } => {
            format!("{} is Mayor; {counter} turns without others scoring wins the game.", n(seat))
        }
        Event::MayorVacated { seat } => format!("{} is no longer Mayor.", n(seat)),
        Event::Resigned { seat } => format!("{} resigns.", n(seat)),
        Event::GameOver { winner, reason } => {
            let why = match reason {
                WinReason::Points => "with seven victory points",
                WinReason::StraightFlush => "with a straight flush among the resources",
                WinReason::Forced => "by forcing every other gunslinger off the board or home",
                WinReason::Mayor => "as Mayor for three rounds",
                WinReason::Cap => "on points at the round cap",
                WinReason::LastStanding => "as the last player left",
                WinReason::AllResigned => "",
            };
            winner.map_or("The game is over: everyone resigned.".into(), |w| format!("{} wins {why}!", n(&w)))
        }
        _ => return None,
    })
}

/// The reveal of an event card, with what it was played on.
fn revealed(actor: &str, card: Card, params: &EventParams, names: &[String]) -> String {
    let n = |seat: &Seat| who(names, *seat);
    let title = event_title(card.rank);
    let detail = match params {
        EventParams::Shootout { opponent, mine, theirs } => format!(" against {} ({mine} v {theirs})", n(opponent)),
        EventParams::Brawl { opponent, .. } | EventParams::Robbery { opponent, .. } => {
            format!(" against {}", n(opponent))
        }
        EventParams::Jailbreak { opponent, jail } => format!(" at {}'s {jail}", n(opponent)),
        EventParams::PunchACow { opponent, cattle } => format!(" at {}'s {cattle}", n(opponent)),
        EventParams::HolyVision { suit, rank } => format!(", calling {} and {}", suit.word(), rank.word()),
        _ => String::new(),
    };
    format!("{actor} reveals {card}: {title}{detail}.")
}

/// A player's name, or the seat when the table gave none.
fn who(names: &[String], seat: Seat) -> String {
    names.get(seat.index()).cloned().unwrap_or_else(|| seat.mention())
}

/// Cards in a sentence: their text forms, or "nothing".
fn cards(list: &[Card]) -> String {
    if list.is_empty() {
        "nothing".to_string()
    } else {
        list.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
    }
}
