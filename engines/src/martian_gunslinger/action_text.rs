//! The text forms of actions (§8.4): a sequence of atoms — words, squares (`e4`), cards
//! (`10H`) and numbers — separated by single spaces, e.g. `play KS 4S 9S discard`,
//! `event shootout P1 KS JH`, `swap e4 c6`. [`Action::atoms`] gives that sequence; the step
//! tree (`menus.rs`) enters a square as file then rank, and a card as rank then suit when a
//! step would otherwise offer more than 25 cards.

use std::fmt;
use std::str::FromStr;

use super::action::{Action, EventParams, HandPlay, PlayOption, Target};
use super::hand::cost_of;
use crate::game::{MAX_SEATS, ParseActionError, Seat};
use crate::parts::cards::{Card, CardSet};
use crate::parts::dice::Treehouse;
use crate::parts::grid::Square;

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

/// A word atom: a fixed word, or the text form of a seat (`P1`), a direction, a die…
fn w(word: impl fmt::Display) -> Atom {
    Atom::Word(word.to_string())
}

impl HandPlay {
    fn atoms(&self) -> Vec<Atom> {
        let mut out = vec![w("play"), Atom::Card(self.card)];
        out.extend(self.costs.iter().map(Atom::Card));
        match self.option {
            PlayOption::Plain => {}
            PlayOption::King(bonus) => out.push(w(bonus)),
            PlayOption::Teleport(square) => out.push(Atom::Square(square)),
            PlayOption::Refill { swap } => out.push(w(if swap { "swap" } else { "keep" })),
            PlayOption::Destroy { victim, target: Target::Card(card) } => out.extend([w(victim), Atom::Card(card)]),
            PlayOption::Destroy { victim, target: Target::Locked } => out.extend([w(victim), w("locked")]),
        }
        out
    }
}

impl EventParams {
    fn atoms(&self) -> Vec<Atom> {
        let mut out = vec![w("event"), w(self.word())];
        let c = Atom::Card;
        match *self {
            Self::CattleBaron => {}
            Self::Shootout { opponent, mine, theirs } => out.extend([w(opponent), c(mine), c(theirs)]),
            Self::PonyExpress { horse, stagecoach, cargo, recipient } => {
                out.extend([c(horse), c(stagecoach), c(cargo), w(recipient)]);
            }
            Self::Brawl { opponent, gun, casino } => out.extend([w(opponent), c(gun), c(casino)]),
            Self::Tycoon { casino, bank, other } => out.extend([c(casino), c(bank), c(other)]),
            Self::Judge { ace, four } => out.extend([c(ace), c(four)]),
            Self::CrackShot { gun, horse } => out.extend([c(gun), c(horse)]),
            Self::HolyVision { suit, rank } => out.extend([w(suit), w(rank)]),
            Self::Jailbreak { opponent, jail } => out.extend([w(opponent), c(jail)]),
            Self::Robbery { opponent, loot, gun } => out.extend([w(opponent), c(loot), c(gun)]),
            Self::Revival { church, grazing } => out.extend([c(church), c(grazing)]),
            Self::PunchACow { opponent, cattle } => out.extend([w(opponent), c(cattle)]),
            Self::Mayor { jail, courthouse } => out.extend([c(jail), c(courthouse)]),
        }
        out
    }
}

impl Action {
    /// The action's text as atoms.
    pub(crate) fn atoms(&self) -> Vec<Atom> {
        match *self {
            Self::PlaceHome { corner, dir } => vec![w("home"), Atom::Square(corner), w(dir)],
            Self::PlacePlotpoint(square) => vec![w("plotpoint"), Atom::Square(square)],
            Self::MovePlotpoint(plot, square) => vec![w("move"), w(plot), Atom::Square(square)],
            Self::SkipMovePlotpoint => vec![w("skip-move")],
            Self::ReEnter(square, dir) => vec![w("reenter"), Atom::Square(square), w(dir)],
            Self::UseReroll(die) => vec![w("reroll"), w(die)],
            Self::KeepRolls => vec![w("keep-rolls")],
            Self::WildChoose(face) => vec![w("wild"), w(face)],
            Self::WildReroll => vec![w("wild"), w("reroll")],
            Self::Tip(seat, dir) => vec![w("tip"), w(seat), w(dir)],
            Self::Swap(a, b) => vec![w("swap"), Atom::Square(a), Atom::Square(b)],
            Self::DigFrom(pile) => vec![w("dig"), w(pile)],
            Self::DigTo(place) => vec![w("dig-to"), w(place)],
            Self::PassPower => vec![w("pass-power")],
            Self::Step => vec![w("step")],
            Self::Reorient(dir) => vec![w("reorient"), w(dir)],
            Self::Aim(dir) => vec![w("aim"), w(dir)],
            Self::Hop => vec![w("hop")],
            Self::EndMove => vec![w("end-move")],
            Self::AttemptPlotpoint => vec![w("attempt")],
            Self::Attack => vec![w("attack")],
            Self::SkipAction => vec![w("skip-action")],
            Self::ContestDiscard(card) => vec![w("exchange"), Atom::Card(card)],
            Self::ContestDone => vec![w("exchange"), w("done")],
            Self::PlayHandCard(play) => play.atoms(),
            Self::RefillDiscard(card) => vec![w("refill"), Atom::Card(card)],
            Self::RefillDone => vec![w("refill"), w("done")],
            Self::SkipHandCard => vec![w("skip-card")],
            Self::LayResource(card) => vec![w("lay"), Atom::Card(card)],
            Self::SkipResource => vec![w("skip-resource")],
            Self::PlayEvent(params) => params.atoms(),
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

/// Reads an action's words one at a time; every reader gives `None` on a word it cannot read.
struct Words<'a>(std::slice::Iter<'a, &'a str>);

impl<'a> Words<'a> {
    fn next(&mut self) -> Option<&'a str> {
        self.0.next().copied()
    }

    /// The next word as a `T` (a card, a direction, a die, a number…).
    fn parse<T: FromStr>(&mut self) -> Option<T> {
        self.next()?.parse().ok()
    }

    fn card(&mut self) -> Option<Card> {
        self.parse()
    }

    fn square(&mut self) -> Option<Square> {
        self.parse().filter(|s: &Square| s.x < 8 && s.y < 8)
    }

    fn seat(&mut self) -> Option<Seat> {
        let word = self.next()?;
        let digits = word.strip_prefix('P').or_else(|| word.strip_prefix('p'))?;
        digits.parse::<u8>().ok().filter(|n| usize::from(*n) < MAX_SEATS).map(Seat)
    }

    /// The next word: `None` inside when it is `word` (any case), else read as a `T`.
    fn word_or<T: FromStr>(&mut self, word: &str) -> Option<Option<T>> {
        let next = self.next()?;
        if next.eq_ignore_ascii_case(word) { Some(None) } else { next.parse().ok().map(Some) }
    }

    /// The next word, lower-cased, for a choice among fixed words.
    fn lower(&mut self) -> Option<String> {
        self.next().map(str::to_ascii_lowercase)
    }
}

fn parse_play(words: &mut Words<'_>) -> Option<HandPlay> {
    let card = words.card()?;
    let mut costs = CardSet::EMPTY;
    for _ in 0..cost_of(card.rank) {
        if !costs.insert(words.card()?) {
            return None;
        }
    }
    let option = match card.rank.value() {
        13 => PlayOption::King(words.parse()?),
        10 => PlayOption::Teleport(words.square()?),
        8 | 9 => match words.lower()?.as_str() {
            "swap" => PlayOption::Refill { swap: true },
            "keep" => PlayOption::Refill { swap: false },
            _ => return None,
        },
        2..=4 => PlayOption::Destroy {
            victim: words.seat()?,
            target: words.word_or("locked")?.map_or(Target::Locked, Target::Card),
        },
        _ => PlayOption::Plain,
    };
    Some(HandPlay { card, costs, option })
}

fn parse_event(words: &mut Words<'_>) -> Option<EventParams> {
    Some(match words.lower()?.as_str() {
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
        "holy-vision" => EventParams::HolyVision { suit: words.parse()?, rank: words.parse()? },
        "jailbreak" => EventParams::Jailbreak { opponent: words.seat()?, jail: words.card()? },
        "robbery" => EventParams::Robbery { opponent: words.seat()?, loot: words.card()?, gun: words.card()? },
        "revival" => EventParams::Revival { church: words.card()?, grazing: words.card()? },
        "punch-a-cow" => EventParams::PunchACow { opponent: words.seat()?, cattle: words.card()? },
        "mayor" => EventParams::Mayor { jail: words.card()?, courthouse: words.card()? },
        _ => return None,
    })
}

/// Setup, dice, powers and movement.
fn parse_board(head: &str, words: &mut Words<'_>) -> Option<Action> {
    Some(match head {
        "home" => Action::PlaceHome { corner: words.square()?, dir: words.parse()? },
        "plotpoint" => Action::PlacePlotpoint(words.square()?),
        "move" => Action::MovePlotpoint(words.parse()?, words.square()?),
        "skip-move" => Action::SkipMovePlotpoint,
        "reenter" => Action::ReEnter(words.square()?, words.parse()?),
        "reroll" => Action::UseReroll(words.parse()?),
        "keep-rolls" => Action::KeepRolls,
        "wild" => match words.word_or("reroll")? {
            None => Action::WildReroll,
            Some(face) => Action::WildChoose(Some(face).filter(|f| *f != Treehouse::Wild)?),
        },
        "tip" => Action::Tip(words.seat()?, words.parse()?),
        "swap" => {
            let (a, b) = (words.square()?, words.square()?);
            // The reverse spelling is the same action (§4.3).
            if a.index(8) <= b.index(8) { Action::Swap(a, b) } else { Action::Swap(b, a) }
        }
        "dig" => Action::DigFrom(words.parse()?),
        "dig-to" => Action::DigTo(words.parse()?),
        "pass-power" => Action::PassPower,
        "step" => Action::Step,
        "reorient" => Action::Reorient(words.parse()?),
        "aim" => Action::Aim(words.parse()?),
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
        "exchange" => words.word_or("done")?.map_or(Action::ContestDone, Action::ContestDiscard),
        "play" => Action::PlayHandCard(parse_play(words)?),
        "refill" => words.word_or("done")?.map_or(Action::RefillDone, Action::RefillDiscard),
        "skip-card" => Action::SkipHandCard,
        "lay" => Action::LayResource(words.card()?),
        "skip-resource" => Action::SkipResource,
        "event" => Action::PlayEvent(parse_event(words)?),
        "skip-event" => Action::SkipEvent,
        "bid" => Action::SubmitBid(words.parse()?),
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
        let mut words = Words(list.iter());
        let head = words.lower();
        let action =
            head.and_then(|head| parse_board(&head, &mut words).or_else(|| parse_play_words(&head, &mut words)));
        action.filter(|_| words.0.len() == 0).ok_or_else(|| ParseActionError {
            text: s.to_string(),
            expected: "a Martian Gunslinger action such as `step`, `home a1 NE`, `play KS 4S 9S draw`, \
                       `event shootout P1 KS JH` or `bid 2`"
                .to_string(),
        })
    }
}
