//! What happened, for the log and the post after a move. Every event is public except:
//! setup events until every player is done (R47), and [`Event::Purse`], a player's cash behind
//! his blinder (R5), which only that player reads.

use serde::{Deserialize, Serialize};

use super::action::city_name;
use super::grain::GrainCheck;
use super::lands::{Cell, TileColour};
use super::market::{Lot, Side};
use super::resolution::Battle;
use super::state::EndReason;
use super::trade::{Bundle, Item, Recipient, Reply};
use super::wall::{Touch, Wall};
use crate::game::{Audience, Seat};
use crate::wording::count;

/// A Raja event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Event {
    // §3 setup: private to `seat` until every player is done (R47).
    LandAdded {
        seat: Seat,
        cell: Cell,
    },
    LandColoured {
        seat: Seat,
        cell: Cell,
        colour: TileColour,
    },
    LandConfirmed {
        seat: Seat,
    },
    NoblePlaced {
        seat: Seat,
        city: u8,
        cell: Cell,
    },
    /// A player finished setup (public: it shows nothing of the lands).
    SetupDone {
        seat: Seat,
    },
    /// §3 step 6: every land revealed, one sketch per seat.
    SetupRevealed {
        sketches: Vec<String>,
    },
    // Building (§4.4), private during setup.
    Declared {
        seat: Seat,
        city: u8,
        stones: u8,
        grain: u8,
        credit: u8,
        setup: bool,
    },
    Placed {
        seat: Seat,
        city: u8,
        touch: Touch,
        wall: Wall,
        lost: u8,
        setup: bool,
    },
    ShieldDeployed {
        seat: Seat,
        face: u8,
        cell: Cell,
        setup: bool,
    },
    // §4.1–4.2.
    TurnStarted {
        turn: u8,
        season: TileColour,
        starting: Seat,
    },
    Harvested {
        seat: Seat,
        city: u8,
        grain: u8,
        pile: u8,
    },
    GrainCheck(GrainCheck),
    PileEmpty,
    Bid {
        seat: Seat,
        amount: u32,
    },
    Passed {
        seat: Seat,
    },
    AuctionWon {
        seat: Seat,
        amount: u32,
    },
    SegmentStarted {
        seat: Seat,
    },
    // §4.3.
    Proposed {
        seat: Seat,
        to: Recipient,
        give: Bundle,
        get: Bundle,
        used: u8,
    },
    ProposalDiscarded {
        seat: Seat,
        used: u8,
    },
    Replied {
        seat: Seat,
        reply: Reply,
    },
    CounterDiscarded {
        seat: Seat,
    },
    ProposalLapsed,
    ProposalCancelled {
        seat: Seat,
    },
    Traded {
        seat: Seat,
        partner: Seat,
        gave: Bundle,
        got: Bundle,
    },
    Ordered {
        seat: Seat,
        side: Side,
        lot: Lot,
        cost: u32,
    },
    FillAnswered {
        seat: Seat,
        offer: bool,
    },
    Filled {
        seat: Seat,
        filler: Seat,
        side: Side,
        lot: Lot,
        cost: u32,
    },
    MarketTraded {
        seat: Seat,
        side: Side,
        lot: Lot,
        cost: u32,
        price: u8,
    },
    /// The cash behind `seat`'s blinder after a change: only `seat` reads it (R5). `blinder`
    /// is the same in words, the secret the conformance harness looks for in every reader's
    /// events.
    Purse {
        seat: Seat,
        cash: u32,
        blinder: String,
    },
    CommerceEnded {
        seat: Seat,
    },
    BuildingEnded {
        seat: Seat,
    },
    // §4.5–4.6.
    MarkerPlaced {
        seat: Seat,
        target: Seat,
        cell: Cell,
        attackable: [bool; 3],
    },
    SiegeSkipped {
        seat: Seat,
    },
    Assigned {
        seat: Seat,
        city: u8,
        elephants: u8,
    },
    Launched {
        seat: Seat,
        target: Seat,
        elephants: [u8; 3],
    },
    Defended {
        seat: Seat,
        cell: Cell,
        face: u8,
        city: u8,
    },
    DefenceCleared {
        seat: Seat,
    },
    DefenceConfirmed {
        seat: Seat,
    },
    Battle(Battle),
    StoneRemoved {
        seat: Seat,
        city: u8,
        touch: Touch,
        wall: Wall,
    },
    WallDestroyed {
        seat: Seat,
        city: u8,
    },
    RansomDemanded {
        city: u8,
        demand: u32,
    },
    RansomCountered {
        city: u8,
        offer: u32,
    },
    RansomRefused {
        seat: Seat,
    },
    RansomPaid {
        seat: Seat,
        to: Seat,
        city: u8,
        amount: u32,
    },
    NobleCaptured {
        seat: Seat,
        owner: Seat,
        city: u8,
        grain: u8,
    },
    SiegeEnded {
        seat: Seat,
        attacked: bool,
    },
    // §4.7, §6, R48.
    Cleanup {
        turn: u8,
        vp: Vec<u8>,
    },
    GameEnded {
        reason: EndReason,
        winners: Vec<Seat>,
        cash: Vec<u32>,
        bank: u32,
    },
    TimedOut {
        seat: Seat,
    },
    Resigned {
        seat: Seat,
    },
    /// A resigned seat's decision taken by its default (R48).
    Automatic {
        seat: Seat,
        action: String,
    },
}

impl Event {
    /// The narration of this event, players called by `names` (indexed by seat), as the log
    /// writes it; for the pictures' "Last: …" line.
    #[must_use]
    pub fn sentence(&self, names: &[String]) -> String {
        sentence(self, names)
    }
}

/// Who may read the event.
#[must_use]
pub(crate) fn audience(event: &Event) -> Audience {
    match event {
        Event::LandAdded { seat, .. }
        | Event::LandColoured { seat, .. }
        | Event::LandConfirmed { seat }
        | Event::NoblePlaced { seat, .. }
        | Event::Purse { seat, .. } => Audience::seat(*seat),
        Event::Declared { seat, setup: true, .. }
        | Event::Placed { seat, setup: true, .. }
        | Event::ShieldDeployed { seat, setup: true, .. } => Audience::seat(*seat),
        _ => Audience::Public,
    }
}

/// A bundle in words: `$10, 2 grain, 1 elephant, a 3-shield`; "nothing" when empty.
#[must_use]
pub fn describe(bundle: &Bundle) -> String {
    let parts: Vec<String> = bundle.fields().map(|(item, n)| amount(item, n)).collect();
    if parts.is_empty() { "nothing".into() } else { parts.join(", ") }
}

/// `n` of `item` in words: "$5", "3 grain", "1 elephant", "a 3-shield", "two 3-shields".
/// A count of shields is spelt out: "2 3-shields" reads as one number.
#[must_use]
pub fn amount(item: Item, n: u32) -> String {
    match item {
        Item::Money => format!("${n}"),
        Item::Grain => format!("{n} grain"),
        Item::Elephants => count(n, "elephant"),
        shield => {
            let face = &shield.name()[1..];
            match n {
                1 => format!("a {face}-shield"),
                2..=12 => format!("{} {face}-shields", NUMBERS[n as usize - 2]),
                _ => format!("{n} {face}-shields"),
            }
        }
    }
}

/// Counts from two to twelve in words.
const NUMBERS: [&str; 11] =
    ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

/// What `item` is called in a menu: "money", "grain", "elephants", "3-shields".
#[must_use]
pub fn item_word(item: Item) -> String {
    match item {
        Item::Money | Item::Grain | Item::Elephants => item.name().to_string(),
        shield => format!("{}-shields", &shield.name()[1..]),
    }
}

/// A market lot in words.
#[must_use]
pub fn describe_lot(lot: Lot) -> String {
    describe(&lot.bundle())
}

fn touch_text(touch: &Touch) -> String {
    match touch.roll {
        None => format!("row {} (no risk)", touch.row),
        Some(roll) if touch.fallen > 0 => {
            format!(
                "row {}: risk {}, rolled {roll}, collapse: {} fell",
                touch.row,
                touch.risk,
                count(touch.fallen, "stone")
            )
        }
        Some(roll) => format!("row {}: risk {}, rolled {roll}, holds", touch.row, touch.risk),
    }
}

/// The narration of `event`, players called by `names` (indexed by seat).
#[must_use]
pub fn sentence(event: &Event, names: &[String]) -> String {
    let name = |seat: &Seat| names.get(seat.index()).cloned().unwrap_or_else(|| seat.to_string());
    match event {
        Event::LandAdded { seat, cell } => format!("{} adds a tile at {cell}.", name(seat)),
        Event::LandColoured { seat, cell, colour } => format!("{} turns {cell} {colour}.", name(seat)),
        Event::LandConfirmed { seat } => format!("{} confirms the lands.", name(seat)),
        Event::NoblePlaced { seat, city, cell } => {
            format!("{} places a noble on {cell}, founding {}.", name(seat), city_name(*city))
        }
        Event::SetupDone { seat } => format!("{} has finished setting up.", name(seat)),
        Event::SetupRevealed { sketches } => {
            format!("Every land is revealed. {}.", sketches.join(". "))
        }
        Event::Declared { seat, city, stones, grain, .. } => {
            format!(
                "{} declares {} for {} (paying {grain} grain).",
                name(seat),
                count(*stones, "stone"),
                city_name(*city)
            )
        }
        Event::Placed { seat, city, touch, wall, lost, .. } => {
            let lost = if *lost > 0 { format!("; {} waiting lost", count(*lost, "stone")) } else { String::new() };
            format!("{} builds on {}, {}{lost}: {}.", name(seat), city_name(*city), touch_text(touch), wall_now(wall))
        }
        Event::ShieldDeployed { seat, face, cell, .. } => format!("{} deploys a {face}-shield on {cell}.", name(seat)),
        other => game_sentence(other, &name),
    }
}

fn game_sentence(event: &Event, name: &dyn Fn(&Seat) -> String) -> String {
    match event {
        Event::TurnStarted { turn, season, starting } => {
            format!("Turn {turn} begins: the {season} season; {} holds the indicator.", name(starting))
        }
        Event::Harvested { seat, city, grain, pile } => {
            format!("{}'s C{city} harvests {grain} grain ({pile} left in the pile).", name(seat))
        }
        Event::GrainCheck(c) if c.toppled > 0 => format!(
            "{}'s C{} column reaches {}: rolled {}, it topples and {} grain return to the pile.",
            name(&c.seat),
            c.city,
            c.height,
            c.roll,
            c.toppled
        ),
        Event::GrainCheck(c) => {
            format!("{}'s C{} column reaches {}: rolled {}, it holds.", name(&c.seat), c.city, c.height, c.roll)
        }
        Event::PileEmpty => "The grain pile is empty: production stops.".into(),
        Event::Bid { seat, amount } => format!("{} bids ${amount}.", name(seat)),
        Event::Passed { seat } => format!("{} passes.", name(seat)),
        Event::AuctionWon { seat, amount } => format!("{} wins first move for ${amount}.", name(seat)),
        Event::SegmentStarted { seat } => format!("{} is the active player.", name(seat)),
        other => trade_sentence(other, name),
    }
}

fn trade_sentence(event: &Event, name: &dyn Fn(&Seat) -> String) -> String {
    match event {
        Event::Proposed { seat, to, give, get, used } => {
            let to = match to {
                Recipient::All => "everyone".to_string(),
                Recipient::One(colour) => colour.to_string(),
            };
            format!(
                "{} proposes to {to} (proposal {used}): gives {}, wants {}.",
                name(seat),
                describe(give),
                describe(get)
            )
        }
        Event::ProposalDiscarded { seat, used } => {
            format!("{} discards a proposal draft (proposal {used}).", name(seat))
        }
        Event::Replied { seat, reply } => match reply {
            Reply::Accepted => format!("{} accepts.", name(seat)),
            Reply::Countered { give, get } => {
                format!("{} counters: gives {}, wants {}.", name(seat), describe(give), describe(get))
            }
            _ => format!("{} declines.", name(seat)),
        },
        Event::CounterDiscarded { seat } => format!("{} discards a counter draft.", name(seat)),
        Event::ProposalLapsed => "Nobody took the proposal.".into(),
        Event::ProposalCancelled { seat } => format!("{} withdraws the proposal.", name(seat)),
        Event::Traded { seat, partner, gave, got } => {
            format!("{} trades with {}: gives {}, gets {}.", name(seat), name(partner), describe(gave), describe(got))
        }
        // "orders three 1-shields, a 2-shield, a 3-shield for $64.": short enough for the
        // picture's one "Last:" line.
        Event::Ordered { seat, side: Side::Buy, lot, cost } => {
            format!("{} orders {} for ${cost}.", name(seat), describe_lot(*lot))
        }
        Event::Ordered { seat, side: Side::Sell, lot, cost } => {
            format!("{} orders to sell {} for ${cost}.", name(seat), describe_lot(*lot))
        }
        Event::FillAnswered { seat, offer: true } => format!("{} offers to fill the order.", name(seat)),
        Event::FillAnswered { seat, offer: false } => format!("{} does not fill the order.", name(seat)),
        Event::Filled { seat, filler, side, lot, cost } => {
            let verb = if *side == Side::Buy { "sells" } else { "buys" };
            format!("{} fills it: {verb} {} for ${cost} with {}.", name(filler), describe_lot(*lot), name(seat))
        }
        Event::MarketTraded { seat, side, lot, cost, price } => {
            let verb = if *side == Side::Buy { "buys" } else { "sells" };
            format!(
                "{} {verb} {} at the market for ${cost}; the price is now ${price}.",
                name(seat),
                describe_lot(*lot)
            )
        }
        Event::Purse { cash, .. } => format!("Behind your blinder: ${cash}."),
        Event::CommerceEnded { seat } => format!("{} ends commerce.", name(seat)),
        Event::BuildingEnded { seat } => format!("{} ends building.", name(seat)),
        other => siege_sentence(other, name),
    }
}

fn siege_sentence(event: &Event, name: &dyn Fn(&Seat) -> String) -> String {
    let cities = |flags: &[bool; 3]| -> String {
        let list: Vec<String> = (0..3u8).filter(|&c| flags[usize::from(c)]).map(city_name).collect();
        if list.is_empty() { "no city".into() } else { list.join(", ") }
    };
    match event {
        Event::MarkerPlaced { seat, target, cell, attackable } => {
            format!("{} places a marker on {}'s {cell}, next to {}.", name(seat), name(target), cities(attackable))
        }
        Event::SiegeSkipped { seat } => format!("{} lays no siege.", name(seat)),
        Event::Assigned { seat, city, elephants } => {
            format!("{} sends {} at C{city}.", name(seat), count(*elephants, "elephant"))
        }
        Event::Launched { seat, target, elephants } => {
            let sent = count(elephants.iter().sum::<u8>(), "elephant");
            format!("{} launches {sent} against {}.", name(seat), name(target))
        }
        Event::Defended { seat, cell, face, city } => {
            format!("{} commits the {face}-shield on {cell} to C{city}.", name(seat))
        }
        Event::DefenceCleared { seat } => format!("{} takes back every committed shield.", name(seat)),
        Event::DefenceConfirmed { seat } => format!("{} confirms the defence.", name(seat)),
        Event::Battle(b) => battle_sentence(b, name),
        Event::StoneRemoved { seat, city, touch, wall } => {
            format!("{} removes a stone from C{city}, {}: {}.", name(seat), touch_text(touch), wall_now(wall))
        }
        Event::WallDestroyed { seat, city } => format!("{}'s C{city} wall is destroyed.", name(seat)),
        Event::RansomDemanded { city, demand } => format!("A ransom of ${demand} is demanded for C{city}'s noble."),
        Event::RansomCountered { city, offer } => format!("The defender offers ${offer} for C{city}'s noble."),
        Event::RansomRefused { seat } => format!("{} refuses the ransom.", name(seat)),
        Event::RansomPaid { seat, to, city, amount } => {
            format!("{} pays {} ${amount}; C{city}'s noble stays home.", name(seat), name(to))
        }
        Event::NobleCaptured { seat, owner, city, grain } => format!(
            "{} captures {}'s C{city} noble; the city ceases and {grain} grain return to the pile.",
            name(seat),
            name(owner)
        ),
        Event::SiegeEnded { seat, .. } => format!("{}'s siege is over.", name(seat)),
        other => end_sentence(other, name),
    }
}

fn battle_sentence(b: &Battle, name: &dyn Fn(&Seat) -> String) -> String {
    let dice = |d: &[u8]| d.iter().map(u8::to_string).collect::<Vec<_>>().join("+");
    let sum = |d: &[u8]| d.iter().map(|&x| u32::from(x)).sum::<u32>();
    let outcome = if b.destroyed {
        "the wall is destroyed".to_string()
    } else if b.x > 0 {
        format!(
            "the attack beats defence and wall by {}: {} must remove {}",
            b.x,
            name(&b.defender),
            count(b.x, "stone")
        )
    } else {
        "the attack fails".to_string()
    };
    format!(
        "Siege of {}'s C{}: attack {} = {}, defence {} = {}, wall of {}; {outcome}; {} lost.",
        name(&b.defender),
        b.city,
        dice(&b.attack),
        sum(&b.attack),
        dice(&b.defence),
        sum(&b.defence),
        count(b.stones, "stone"),
        count(b.lost, "elephant"),
    )
}

fn end_sentence(event: &Event, name: &dyn Fn(&Seat) -> String) -> String {
    match event {
        Event::Cleanup { turn, vp } => {
            let list: Vec<String> =
                vp.iter().enumerate().map(|(i, v)| format!("{} {v}", name(&Seat(i as u8)))).collect();
            format!("Turn {turn} ends: elephants and markers go home. Victory points: {}.", list.join(", "))
        }
        Event::GameEnded { reason, winners, .. } => {
            let why = match reason {
                EndReason::Threshold => "the threshold was reached",
                EndReason::TurnCap => "turn 20 ended",
                EndReason::LastStanding => "every other player resigned",
            };
            let names: Vec<String> = winners.iter().map(name).collect();
            format!(
                "The game is over ({why}). Winner: {}.",
                if names.is_empty() { "nobody".into() } else { names.join(" and ") }
            )
        }
        // The table says once who ran out of time and what it played for them (the bot's
        // deadlines); each default step narrates itself.
        Event::TimedOut { .. } => String::new(),
        Event::Resigned { seat } => format!("{} resigns and plays on by defaults.", name(seat)),
        // Each default step of a resigned seat narrates itself ("Bob ends commerce."), after
        // "Bob resigns and plays on by defaults." (R48).
        Event::Automatic { .. } => String::new(),
        _ => String::new(),
    }
}

/// What a wall is after a stone went on or came off: "the wall is now 3 stones in rows of 2 and 1".
fn wall_now(wall: &Wall) -> String {
    if wall.rows().is_empty() { "no wall is left".to_string() } else { format!("the wall is now {}", wall.words()) }
}
