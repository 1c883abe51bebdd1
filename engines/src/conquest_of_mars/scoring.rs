//! The end of the game and the winner (§6, R25–R30): each player's two cards plus the cards
//! they solely occupy, ranked by the short poker ranking with Aces low.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use super::board::Cell;
use super::events::Event;
use super::state::{ConquestOfMars, Phase};
use crate::game::{Outcome, Seat, Standing};
use crate::parts::cards::Card;
use crate::parts::poker::{LowHandValue, evaluate_aces_low, low_value};

/// Why the game ended (§6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndReason {
    /// R25: this player spawned its ninth pyramid onto the board.
    NineOnBoard(Seat),
    /// R30: the last round was played.
    RoundCap,
    /// §4.8: everyone else resigned; this player wins without scoring.
    LastStanding(Seat),
}

/// How one player's cards rank (§6.4): compare keys directly, higher is better.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct HandKey {
    /// Five cards or more (R28).
    pub five: bool,
    /// The best five-card hand, for players with five cards or more.
    pub hand: Option<LowHandValue>,
    /// Every card's value (Ace 1 … King 13), high to low; a longer list wins a prefix tie (R29).
    pub values: Vec<u8>,
}

impl HandKey {
    /// The key of a set of cards (R27–R29).
    #[must_use]
    pub fn of(cards: &[Card]) -> Self {
        let five = cards.len() >= 5;
        let mut values: Vec<u8> = cards.iter().map(|c| low_value(c.rank)).collect();
        values.sort_unstable_by(|a, b| b.cmp(a));
        Self { five, hand: five.then(|| evaluate_aces_low(cards)), values }
    }
}

/// One player's final line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalLine {
    /// The seat.
    pub seat: Seat,
    /// 1 = winner; equal players share a place.
    pub place: u8,
    /// The two dealt cards.
    pub hand: Vec<Card>,
    /// The cards it solely occupies (R26), in reading order.
    pub occupied: Vec<Cell>,
    /// Dealt and collected cards together.
    pub cards: Vec<Card>,
    /// Its ranking key (none for a resigned player, who cannot win).
    pub key: Option<HandKey>,
    /// The five cards of its best hand (empty below five cards).
    pub best: Vec<Card>,
    /// Resigned.
    pub resigned: bool,
}

/// The end of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalResult {
    /// Why it ended.
    pub reason: EndReason,
    /// Best first.
    pub lines: Vec<FinalLine>,
}

impl FinalResult {
    /// The players in first place.
    #[must_use]
    pub fn winners(&self) -> Vec<Seat> {
        self.lines.iter().filter(|l| l.place == 1).map(|l| l.seat).collect()
    }
}

/// The five cards of `cards` that make its best hand (for the narration; first in the
/// order given among equal choices).
fn best_five(cards: &[Card], value: LowHandValue) -> Vec<Card> {
    let n = cards.len();
    let mut pick = [0, 1, 2, 3, 4];
    loop {
        let five: Vec<Card> = pick.iter().map(|&i| cards[i]).collect();
        if evaluate_aces_low(&five) == value {
            return five;
        }
        let Some(i) = (0..5).rev().find(|&i| pick[i] < n - 5 + i) else { return five };
        pick[i] += 1;
        for j in i + 1..5 {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

impl ConquestOfMars {
    /// §6.1: the game is over; cards are collected and the players ranked.
    pub(crate) fn finish(&mut self, reason: EndReason, events: &mut Vec<Event>) {
        let result = self.score(reason);
        events.push(Event::GameEnded { reason, winners: result.winners() });
        self.phase = Phase::GameOver;
        self.result = Some(result);
    }

    /// The cards `seat` solely occupies (R26), in reading order.
    pub(crate) fn solely_occupied(&self, seat: Seat) -> Vec<Cell> {
        Cell::all().filter(|c| self.occupants(*c) == crate::game::SeatSet::one(seat)).collect()
    }

    /// §6.2–6.4: collecting, ranking, places.
    fn score(&self, reason: EndReason) -> FinalResult {
        let mut lines: Vec<FinalLine> = self.seats().map(|seat| self.final_line(seat, reason)).collect();
        lines.sort_by(|a, b| b.key.cmp(&a.key).then(a.seat.cmp(&b.seat)));
        for i in 0..lines.len() {
            lines[i].place = if i > 0 && lines[i].key == lines[i - 1].key { lines[i - 1].place } else { i as u8 + 1 };
        }
        FinalResult { reason, lines }
    }

    fn final_line(&self, seat: Seat, reason: EndReason) -> FinalLine {
        let player = self.player(seat);
        let occupied = if player.resigned { Vec::new() } else { self.solely_occupied(seat) };
        let mut cards = player.hand.to_vec();
        cards.extend(occupied.iter().filter_map(|c| self.grid_card(*c)).map(|g| g.card));
        let key = match reason {
            _ if player.resigned => None,
            EndReason::LastStanding(winner) => (winner == seat).then(|| HandKey::of(&[])),
            _ => Some(HandKey::of(&cards)),
        };
        let best = key.as_ref().and_then(|k| k.hand).map(|v| best_five(&cards, v)).unwrap_or_default();
        FinalLine { seat, place: 0, hand: player.hand.to_vec(), occupied, cards, key, best, resigned: player.resigned }
    }

    /// The standings for [`crate::game::Pending::Finished`].
    pub(crate) fn outcome(&self) -> Option<Outcome> {
        let result = self.result.as_ref()?;
        let standings = result.lines.iter().map(|line| self.standing(line, result.reason)).collect();
        let reason = match result.reason {
            EndReason::NineOnBoard(seat) => {
                format!("{} put all nine pyramids on the board; the best poker hand wins", self.colour(seat))
            }
            EndReason::RoundCap => format!("round {} was the last; the best poker hand wins", self.options.round_cap),
            EndReason::LastStanding(seat) => format!("every other player resigned; {} wins", self.colour(seat)),
        };
        Some(Outcome { standings, winners: result.winners().into_iter().collect(), reason })
    }

    fn standing(&self, line: &FinalLine, reason: EndReason) -> Standing {
        let cards: Vec<String> = line.cards.iter().map(ToString::to_string).collect();
        let detail = match (&line.key, reason) {
            (None, _) => "resigned".to_string(),
            (Some(_), EndReason::LastStanding(_)) => "the last player left".to_string(),
            (Some(HandKey { hand: Some(hand), .. }), _) => {
                format!("{hand} ({} cards: {})", cards.len(), cards.join(" "))
            }
            (Some(_), _) => format!("fewer than five cards: {}", cards.join(" ")),
        };
        let score = line.key.as_ref().and_then(|k| k.hand).map_or(0, |h| h.category() as i64 + 1);
        Standing { seat: line.seat, place: line.place, score, detail }
    }
}

/// Compares two sets of cards as §6.4 does (tests and narration).
#[must_use]
pub fn compare(a: &[Card], b: &[Card]) -> Ordering {
    HandKey::of(a).cmp(&HandKey::of(b))
}
