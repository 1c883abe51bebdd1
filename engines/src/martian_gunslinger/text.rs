//! The text forms of actions (§8.4): a sequence of atoms — words, squares (`e4`), cards
//! (`10H`) and numbers — separated by single spaces, e.g. `play KS 4S 9S discard`,
//! `event shootout P1 KS JH`, `swap e4 c6`. [`Action::atoms`] gives that sequence; the
//! choice tree (`choices.rs`) enters a square as file then rank, and a card as rank then
//! suit when a step would otherwise offer more than 25 cards.

use std::fmt;
use std::str::FromStr;

use super::action::{Action, Bonus, EventParams, HandPlay, PlayOption, Target};
use super::state::{Die, Pile, Place};
use crate::game::{ParseActionError, Seat};
use crate::parts::cards::{Card, CardSet, Rank};
use crate::parts::dice::Treehouse;
use crate::parts::grid::{Direction, Square};

/// One piece of an action's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Atom {
    /// A fixed word or name.
    Word(String),
    /// A square, entered as file then rank.
    Square(Square),
    /// A card, entered whole or as rank then suit.
    Card(Card),
    /// A number, entered whole or as tens then units.
    Number(u8),
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Word(word) => f.write_str(word),
            Self::Square(square) => write!(f, "{square}"),
            Self::Card(card) => write!(f, "{card}"),
            Self::Number(n) => write!(f, "{n}"),
        }
    }
}

fn w(word: &str) -> Atom {
    Atom::Word(word.to_string())
}

fn seat_word(seat: Seat) -> Atom {
    Atom::Word(seat.to_string())
}

fn die_word(die: Die) -> &'static str {
    match die {
        Die::Table => "table",
        Die::Treehouse => "treehouse",
    }
}

impl HandPlay {
    fn atoms(&self, out: &mut Vec<Atom>) {
        out.push(w("play"));
        out.push(Atom::Card(self.card));
        out.extend(self.costs.iter().map(Atom::Card));
        match self.option {
            PlayOption::Plain => {}
            PlayOption::King(Bonus::Draw) => out.push(w("draw")),
            PlayOption::King(Bonus::Discard) => out.push(w("discard")),
            PlayOption::Teleport(square) => out.push(Atom::Square(square)),
            PlayOption::Refill { swap } => out.push(w(if swap { "swap" } else { "keep" })),
            PlayOption::Destroy { victim, target } => {
                out.push(seat_word(victim));
                out.push(match target {
                    Target::Card(card) => Atom::Card(card),
                    Target::Locked => w("locked"),
                });
            }
        }
    }
}

impl EventParams {
    fn atoms(&self, out: &mut Vec<Atom>) {
        out.push(w("event"));
        out.push(w(self.word()));
        let c = Atom::Card;
        match *self {
            Self::CattleBaron => {}
            Self::Shootout { opponent, mine, theirs } => out.extend([seat_word(opponent), c(mine), c(theirs)]),
            Self::PonyExpress { horse, stagecoach, cargo, recipient } => {
                out.extend([c(horse), c(stagecoach), c(cargo), seat_word(recipient)]);
            }
            Self::Brawl { opponent, gun, casino } => out.extend([seat_word(opponent), c(gun), c(casino)]),
            Self::Tycoon { casino, bank, other } => out.extend([c(casino), c(bank), c(other)]),
            Self::Judge { ace, four } => out.extend([c(ace), c(four)]),
            Self::CrackShot { gun, horse } => out.extend([c(gun), c(horse)]),
            Self::HolyVision { suit, rank } => out.extend([w(&suit.to_string()), w(rank.symbol())]),
            Self::Jailbreak { opponent, jail } => out.extend([seat_word(opponent), c(jail)]),
            Self::Robbery { opponent, loot, gun } => out.extend([seat_word(opponent), c(loot), c(gun)]),
            Self::Revival { church, grazing } => out.extend([c(church), c(grazing)]),
            Self::PunchACow { opponent, cattle } => out.extend([seat_word(opponent), c(cattle)]),
            Self::Mayor { jail, courthouse } => out.extend([c(jail), c(courthouse)]),
        }
    }
}

impl Action {
    /// The action's text as atoms.
    pub(crate) fn atoms(&self) -> Vec<Atom> {
        let dir = |d: Direction| w(d.name());
        match *self {
            Self::PlaceHome { corner, dir: d } => vec![w("home"), Atom::Square(corner), dir(d)],
            Self::PlacePlotpoint(square) => vec![w("plotpoint"), Atom::Square(square)],
            Self::MovePlotpoint(plot, square) => vec![w("move"), w(plot.name()), Atom::Square(square)],
            Self::SkipMovePlotpoint => vec![w("skip-move")],
            Self::ReEnter(square, d) => vec![w("reenter"), Atom::Square(square), dir(d)],
            Self::UseReroll(die) => vec![w("reroll"), w(die_word(die))],
            Self::KeepRolls => vec![w("keep-rolls")],
            Self::WildChoose(face) => vec![w("wild"), w(face.name())],
            Self::WildReroll => vec![w("wild"), w("reroll")],
            Self::Tip(seat, d) => vec![w("tip"), seat_word(seat), dir(d)],
            Self::Swap(a, b) => vec![w("swap"), Atom::Square(a), Atom::Square(b)],
            Self::DigFrom(Pile::Draw) => vec![w("dig"), w("draw")],
            Self::DigFrom(Pile::Discard) => vec![w("dig"), w("discard")],
            Self::DigTo(Place::Hand) => vec![w("dig-to"), w("hand")],
            Self::DigTo(Place::Resources) => vec![w("dig-to"), w("resources")],
            Self::PassPower => vec![w("pass-power")],
            Self::Step => vec![w("step")],
            Self::Reorient(d) => vec![w("reorient"), dir(d)],
            Self::Aim(d) => vec![w("aim"), dir(d)],
            Self::Hop => vec![w("hop")],
            Self::EndMove => vec![w("end-move")],
            Self::AttemptPlotpoint => vec![w("attempt")],
            Self::Attack => vec![w("attack")],
            Self::SkipAction => vec![w("skip-action")],
            Self::ContestDiscard(card) => vec![w("exchange"), Atom::Card(card)],
            Self::ContestDone => vec![w("exchange"), w("done")],
            Self::PlayHandCard(play) => {
                let mut out = Vec::with_capacity(6);
                play.atoms(&mut out);
                out
            }
            Self::RefillDiscard(card) => vec![w("refill"), Atom::Card(card)],
            Self::RefillDone => vec![w("refill"), w("done")],
            Self::SkipHandCard => vec![w("skip-card")],
            Self::LayResource(card) => vec![w("lay"), Atom::Card(card)],
            Self::SkipResource => vec![w("skip-resource")],
            Self::PlayEvent(params) => {
                let mut out = Vec::with_capacity(6);
                params.atoms(&mut out);
                out
            }
            Self::SkipEvent => vec![w("skip-event")],
            Self::SubmitBid(n) => vec![w("bid"), Atom::Number(n)],
            Self::PayResource(card) => vec![w("pay"), Atom::Card(card)],
            Self::ChooseLoss(card) => vec![w("lose"), Atom::Card(card)],
            Self::DiscardCard(card) => vec![w("discard"), Atom::Card(card)],
            Self::Timeout => vec![w("timeout")],
            Self::Resign => vec![w("resign")],
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, atom) in self.atoms().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{atom}")?;
        }
        Ok(())
    }
}

/// Reads words one at a time.
struct Words<'a> {
    words: std::slice::Iter<'a, &'a str>,
}

impl Words<'_> {
    fn next(&mut self) -> Option<&str> {
        self.words.next().copied()
    }

    fn card(&mut self) -> Option<Card> {
        self.next()?.parse().ok()
    }

    fn square(&mut self) -> Option<Square> {
        self.next()?.parse().ok().filter(|s: &Square| s.x < 8 && s.y < 8)
    }

    fn dir(&mut self) -> Option<Direction> {
        self.next()?.parse().ok()
    }

    fn seat(&mut self) -> Option<Seat> {
        let word = self.next()?;
        let digits = word.strip_prefix('P').or_else(|| word.strip_prefix('p'))?;
        digits.parse::<u8>().ok().filter(|n| usize::from(*n) < crate::game::MAX_SEATS).map(Seat)
    }

    fn done(&mut self) -> Option<()> {
        self.words.len().eq(&0).then_some(())
    }
}

fn parse_play(words: &mut Words<'_>) -> Option<HandPlay> {
    let card = words.card()?;
    let cost_count = if card.rank >= Rank::TEN && card.rank != Rank::ACE { 2 } else { 1 };
    let mut costs = CardSet::EMPTY;
    for _ in 0..cost_count {
        if !costs.insert(words.card()?) {
            return None;
        }
    }
    let option = match card.rank.value() {
        13 => match words.next()?.to_ascii_lowercase().as_str() {
            "draw" => PlayOption::King(Bonus::Draw),
            "discard" => PlayOption::King(Bonus::Discard),
            _ => return None,
        },
        10 => PlayOption::Teleport(words.square()?),
        8 | 9 => match words.next()?.to_ascii_lowercase().as_str() {
            "swap" => PlayOption::Refill { swap: true },
            "keep" => PlayOption::Refill { swap: false },
            _ => return None,
        },
        2..=4 => {
            let victim = words.seat()?;
            let word = words.next()?;
            let target =
                if word.eq_ignore_ascii_case("locked") { Target::Locked } else { Target::Card(word.parse().ok()?) };
            PlayOption::Destroy { victim, target }
        }
        _ => PlayOption::Plain,
    };
    words.done()?;
    Some(HandPlay { card, costs, option })
}

fn parse_event(words: &mut Words<'_>) -> Option<EventParams> {
    let kind = words.next()?.to_ascii_lowercase();
    let params = match kind.as_str() {
        "cattle-baron" => EventParams::CattleBaron,
        "shootout" => EventParams::Shootout { opponent: words.seat()?, mine: words.card()?, theirs: words.card()? },
        "pony-express" => EventParams::PonyExpress {
            horse: words.card()?,
            stagecoach: words.card()?,
            cargo: words.card()?,
            recipient: words.seat()?,
        },
        "brawl" => EventParams::Brawl { opponent: words.seat()?, gun: words.card()?, casino: words.card()? },
        "tycoon" => EventParams::Tycoon { casino: words.card()?, bank: words.card()?, other: words.card()? },
        "judge" => EventParams::Judge { ace: words.card()?, four: words.card()? },
        "crack-shot" => EventParams::CrackShot { gun: words.card()?, horse: words.card()? },
        "holy-vision" => {
            EventParams::HolyVision { suit: words.next()?.parse().ok()?, rank: words.next()?.parse().ok()? }
        }
        "jailbreak" => EventParams::Jailbreak { opponent: words.seat()?, jail: words.card()? },
        "robbery" => EventParams::Robbery { opponent: words.seat()?, loot: words.card()?, gun: words.card()? },
        "revival" => EventParams::Revival { church: words.card()?, grazing: words.card()? },
        "punch-a-cow" => EventParams::PunchACow { opponent: words.seat()?, cattle: words.card()? },
        "mayor" => EventParams::Mayor { jail: words.card()?, courthouse: words.card()? },
        _ => return None,
    };
    words.done()?;
    Some(params)
}

fn parse_words(words: &mut Words<'_>) -> Option<Action> {
    let head = words.next()?.to_ascii_lowercase();
    let action = parse_board(&head, words).or_else(|| parse_play_words(&head, words))?;
    words.done()?;
    Some(action)
}

/// Setup, dice, powers and movement.
fn parse_board(head: &str, words: &mut Words<'_>) -> Option<Action> {
    Some(match head {
        "home" => Action::PlaceHome { corner: words.square()?, dir: words.dir()? },
        "plotpoint" => Action::PlacePlotpoint(words.square()?),
        "move" => Action::MovePlotpoint(words.next()?.parse().ok()?, words.square()?),
        "skip-move" => Action::SkipMovePlotpoint,
        "reenter" => Action::ReEnter(words.square()?, words.dir()?),
        "reroll" => match words.next()?.to_ascii_lowercase().as_str() {
            "table" => Action::UseReroll(Die::Table),
            "treehouse" => Action::UseReroll(Die::Treehouse),
            _ => return None,
        },
        "keep-rolls" => Action::KeepRolls,
        "wild" => {
            let word = words.next()?;
            if word.eq_ignore_ascii_case("reroll") {
                Action::WildReroll
            } else {
                Action::WildChoose(word.parse().ok().filter(|f| *f != Treehouse::Wild)?)
            }
        }
        "tip" => Action::Tip(words.seat()?, words.dir()?),
        "swap" => {
            let (a, b) = (words.square()?, words.square()?);
            // The reverse spelling is the same action (§4.3).
            let (a, b) = if a.index(8) <= b.index(8) { (a, b) } else { (b, a) };
            Action::Swap(a, b)
        }
        "dig" => match words.next()?.to_ascii_lowercase().as_str() {
            "draw" => Action::DigFrom(Pile::Draw),
            "discard" => Action::DigFrom(Pile::Discard),
            _ => return None,
        },
        "dig-to" => match words.next()?.to_ascii_lowercase().as_str() {
            "hand" => Action::DigTo(Place::Hand),
            "resources" => Action::DigTo(Place::Resources),
            _ => return None,
        },
        "pass-power" => Action::PassPower,
        "step" => Action::Step,
        "reorient" => Action::Reorient(words.dir()?),
        "aim" => Action::Aim(words.dir()?),
        "hop" => Action::Hop,
        "end-move" => Action::EndMove,
        _ => return None,
    })
}

/// Actions, cards, events and the rest.
fn parse_play_words(head: &str, words: &mut Words<'_>) -> Option<Action> {
    Some(match head {
        "attempt" => Action::AttemptPlotpoint,
        "attack" => Action::Attack,
        "skip-action" => Action::SkipAction,
        "exchange" => {
            let word = words.next()?;
            if word.eq_ignore_ascii_case("done") {
                Action::ContestDone
            } else {
                Action::ContestDiscard(word.parse().ok()?)
            }
        }
        "play" => Action::PlayHandCard(parse_play(words)?),
        "refill" => {
            let word = words.next()?;
            if word.eq_ignore_ascii_case("done") {
                Action::RefillDone
            } else {
                Action::RefillDiscard(word.parse().ok()?)
            }
        }
        "skip-card" => Action::SkipHandCard,
        "lay" => Action::LayResource(words.card()?),
        "skip-resource" => Action::SkipResource,
        "event" => Action::PlayEvent(parse_event(words)?),
        "skip-event" => Action::SkipEvent,
        "bid" => Action::SubmitBid(words.next()?.parse().ok()?),
        "pay" => Action::PayResource(words.card()?),
        "lose" => Action::ChooseLoss(words.card()?),
        "discard" => Action::DiscardCard(words.card()?),
        "timeout" => Action::Timeout,
        "resign" => Action::Resign,
        _ => return None,
    })
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let list: Vec<&str> = s.split_whitespace().collect();
        parse_words(&mut Words { words: list.iter() }).ok_or_else(|| ParseActionError {
            text: s.to_string(),
            expected: "a Martian Gunslinger action such as `step`, `home a1 NE`, `play KS 4S 9S draw`, \
                       `event shootout P1 KS JH` or `bid 2`"
                .to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::state::PlotId;
    use super::*;
    use crate::parts::cards::Suit;

    fn card(text: &str) -> Card {
        text.parse().expect("card")
    }

    #[test]
    fn text_forms_round_trip() {
        let sq = |s: &str| s.parse::<Square>().expect("square");
        let actions = [
            Action::PlaceHome { corner: sq("a1"), dir: Direction::NE },
            Action::PlacePlotpoint(sq("d4")),
            Action::MovePlotpoint(PlotId::PL, sq("f3")),
            Action::SkipMovePlotpoint,
            Action::ReEnter(sq("b2"), Direction::NE),
            Action::UseReroll(Die::Treehouse),
            Action::WildChoose(Treehouse::Hop),
            Action::WildReroll,
            Action::Tip(Seat(1), Direction::W),
            Action::Swap(sq("e4"), sq("c6")),
            Action::DigFrom(Pile::Discard),
            Action::DigTo(Place::Resources),
            Action::Reorient(Direction::SW),
            Action::ContestDiscard(card("10H")),
            Action::ContestDone,
            Action::PlayHandCard(HandPlay {
                card: card("KS"),
                costs: [card("9S"), card("4S")].into_iter().collect(),
                option: PlayOption::King(Bonus::Discard),
            }),
            Action::PlayHandCard(HandPlay {
                card: card("10H"),
                costs: [card("2H"), card("5H")].into_iter().collect(),
                option: PlayOption::Teleport(sq("e4")),
            }),
            Action::PlayHandCard(HandPlay {
                card: card("2C"),
                costs: [card("QC")].into_iter().collect(),
                option: PlayOption::Destroy { victim: Seat(0), target: Target::Locked },
            }),
            Action::PlayHandCard(HandPlay {
                card: card("9D"),
                costs: [card("5D")].into_iter().collect(),
                option: PlayOption::Refill { swap: true },
            }),
            Action::RefillDiscard(card("2C")),
            Action::PlayEvent(EventParams::Shootout { opponent: Seat(1), mine: card("KS"), theirs: card("JH") }),
            Action::PlayEvent(EventParams::HolyVision { suit: Suit::Hearts, rank: Rank::TEN }),
            Action::PlayEvent(EventParams::PonyExpress {
                horse: card("8H"),
                stagecoach: card("6C"),
                cargo: card("2D"),
                recipient: Seat(2),
            }),
            Action::PlayEvent(EventParams::CattleBaron),
            Action::SubmitBid(17),
            Action::Timeout,
            Action::Resign,
        ];
        for action in actions {
            let text = action.to_string();
            assert_eq!(text.parse::<Action>(), Ok(action), "{text}");
        }
        assert_eq!(
            Action::PlayHandCard(HandPlay {
                card: card("KS"),
                costs: [card("9S"), card("4S")].into_iter().collect(),
                option: PlayOption::King(Bonus::Draw),
            })
            .to_string(),
            "play KS 4S 9S draw"
        );
    }

    #[test]
    fn swap_pairs_are_unordered() {
        let a: Action = "swap e4 c6".parse().expect("swap");
        let b: Action = "swap c6 e4".parse().expect("swap");
        assert_eq!(a, b);
        assert_eq!(a.to_string(), "swap e4 c6", "e4 comes before c6 in a1..h8 order");
    }

    #[test]
    fn bad_text_is_refused() {
        for bad in ["", "home", "home i9 N", "play KS 4S", "play KS 4S 4S draw", "wild Wild", "step now", "bid -1"] {
            assert!(bad.parse::<Action>().is_err(), "{bad:?}");
        }
    }
}
