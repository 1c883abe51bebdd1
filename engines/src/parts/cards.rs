//! The standard 52-card deck: ranks, suits, cards written `10H`, `QS`, `AC`, and a compact
//! card set.
//!
//! A card serialises as its text form, so in any JSON a card is a string leaf (`"10H"`): the
//! conformance harness finds a leaked card by exact string match.

use super::words::UnknownWord;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A card rank, 2..=14 with the Ace high (14). "Higher" compares ranks only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    /// The deuce.
    pub const TWO: Self = Self(2);
    /// The three.
    pub const THREE: Self = Self(3);
    /// The four.
    pub const FOUR: Self = Self(4);
    /// The five.
    pub const FIVE: Self = Self(5);
    /// The six.
    pub const SIX: Self = Self(6);
    /// The seven.
    pub const SEVEN: Self = Self(7);
    /// The eight.
    pub const EIGHT: Self = Self(8);
    /// The nine.
    pub const NINE: Self = Self(9);
    /// The ten.
    pub const TEN: Self = Self(10);
    /// The Jack.
    pub const JACK: Self = Self(11);
    /// The Queen.
    pub const QUEEN: Self = Self(12);
    /// The King.
    pub const KING: Self = Self(13);
    /// The Ace (high).
    pub const ACE: Self = Self(14);

    /// The thirteen ranks, lowest first.
    pub const ALL: [Self; 13] = [
        Self::TWO,
        Self::THREE,
        Self::FOUR,
        Self::FIVE,
        Self::SIX,
        Self::SEVEN,
        Self::EIGHT,
        Self::NINE,
        Self::TEN,
        Self::JACK,
        Self::QUEEN,
        Self::KING,
        Self::ACE,
    ];

    /// The rank with this value (2..=14), if any.
    #[must_use]
    pub const fn new(value: u8) -> Option<Self> {
        if value >= 2 && value <= 14 { Some(Self(value)) } else { None }
    }

    /// 2..=14.
    #[must_use]
    pub const fn value(self) -> u8 {
        self.0
    }

    /// 0..=12 (the deuce is 0), for arrays and bit masks indexed by rank.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize - 2
    }

    /// The rank at index 0..=12.
    ///
    /// # Panics
    /// When `index > 12` (a bug in the caller, never player input).
    #[must_use]
    pub const fn from_index(index: usize) -> Self {
        assert!(index < 13, "rank index out of range");
        Self(index as u8 + 2)
    }

    /// How the rank is written in a card: `2`…`10`, `J`, `Q`, `K`, `A`.
    #[must_use]
    pub const fn symbol(self) -> &'static str {
        const SYMBOLS: [&str; 13] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
        SYMBOLS[self.index()]
    }

    /// The rank's name in words: "two" … "ten", "Jack", "Queen", "King", "Ace".
    #[must_use]
    pub const fn word(self) -> &'static str {
        const WORDS: [&str; 13] =
            ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "Jack", "Queen", "King", "Ace"];
        WORDS[self.index()]
    }

    /// Reads `2`…`10`, `T`, `J`, `Q`, `K`, `A` (either case).
    #[must_use]
    pub fn from_symbol(symbol: &str) -> Option<Self> {
        let upper = symbol.to_ascii_uppercase();
        match upper.as_str() {
            "T" => Some(Self::TEN),
            "J" => Some(Self::JACK),
            "Q" => Some(Self::QUEEN),
            "K" => Some(Self::KING),
            "A" => Some(Self::ACE),
            digits => digits.parse::<u8>().ok().filter(|v| (2..=10).contains(v)).map(Self),
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

impl FromStr for Rank {
    type Err = UnknownWord;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::from_symbol(s.trim()).ok_or_else(|| UnknownWord::not(s, "a rank (2-10, J, Q, K, A)"))
    }
}

impl Serialize for Rank {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.symbol())
    }
}

impl<'de> Deserialize<'de> for Rank {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A suit; for canonical order only, clubs < diamonds < hearts < spades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Suit {
    /// ♣
    #[serde(rename = "C")]
    Clubs,
    /// ♦
    #[serde(rename = "D")]
    Diamonds,
    /// ♥
    #[serde(rename = "H")]
    Hearts,
    /// ♠
    #[serde(rename = "S")]
    Spades,
}

impl Suit {
    /// C, D, H, S.
    pub const ALL: [Self; 4] = [Self::Clubs, Self::Diamonds, Self::Hearts, Self::Spades];

    /// 0..=3 in canonical order.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `C`, `D`, `H` or `S`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Self::Clubs => 'C',
            Self::Diamonds => 'D',
            Self::Hearts => 'H',
            Self::Spades => 'S',
        }
    }

    /// "clubs", "diamonds", "hearts" or "spades".
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Self::Clubs => "clubs",
            Self::Diamonds => "diamonds",
            Self::Hearts => "hearts",
            Self::Spades => "spades",
        }
    }

    /// Reads `C`, `D`, `H`, `S` (either case).
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Self> {
        match letter.to_ascii_uppercase() {
            'C' => Some(Self::Clubs),
            'D' => Some(Self::Diamonds),
            'H' => Some(Self::Hearts),
            'S' => Some(Self::Spades),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Suit {
    type Err = UnknownWord;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.trim().chars();
        match (chars.next().and_then(Self::from_letter), chars.next()) {
            (Some(suit), None) => Ok(suit),
            _ => Err(UnknownWord::not(s, "a suit (C, D, H, S)")),
        }
    }
}

/// A playing card. The derived order is the canonical one: rank-major, then suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card {
    /// Its rank.
    pub rank: Rank,
    /// Its suit.
    pub suit: Suit,
}

impl Card {
    /// The card of `rank` and `suit`.
    #[must_use]
    pub const fn new(rank: Rank, suit: Suit) -> Self {
        Self { rank, suit }
    }

    /// Position 0..52 in canonical order (`2C` = 0, `2D` = 1, …, `AS` = 51).
    #[must_use]
    pub const fn index(self) -> usize {
        self.rank.index() * 4 + self.suit.index()
    }

    /// The card at canonical position `index`.
    ///
    /// # Panics
    /// When `index >= 52` (a bug in the caller, never player input).
    #[must_use]
    pub const fn from_index(index: usize) -> Self {
        assert!(index < 52, "card index out of range");
        Self { rank: Rank::from_index(index / 4), suit: Suit::ALL[index % 4] }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank, self.suit)
    }
}

impl FromStr for Card {
    type Err = UnknownWord;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        let bad = || UnknownWord::not(s, "a card like 10H, QS or AC");
        let last = text.chars().last().ok_or_else(bad)?;
        let suit = Suit::from_letter(last).ok_or_else(bad)?;
        let rank = Rank::from_symbol(&text[..text.len() - last.len_utf8()]).ok_or_else(bad)?;
        Ok(Self { rank, suit })
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The 52 cards in canonical order.
#[must_use]
pub fn deck() -> Vec<Card> {
    (0..52).map(Card::from_index).collect()
}

/// A set of cards as a 52-bit mask (bit = [`Card::index`]); iterates in canonical order.
/// Serialises as the list of its cards, so every card stays a JSON string leaf.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u64);

impl CardSet {
    /// No card.
    pub const EMPTY: Self = Self(0);
    /// All 52 cards.
    pub const FULL: Self = Self((1 << 52) - 1);

    /// The raw mask.
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set with this mask (bits above 51 are dropped).
    #[must_use]
    pub const fn from_bits(bits: u64) -> Self {
        Self(bits & Self::FULL.0)
    }

    /// Adds a card; returns whether it was new.
    pub fn insert(&mut self, card: Card) -> bool {
        let bit = 1u64 << card.index();
        let new = self.0 & bit == 0;
        self.0 |= bit;
        new
    }

    /// Removes a card; returns whether it was there.
    pub fn remove(&mut self, card: Card) -> bool {
        let bit = 1u64 << card.index();
        let had = self.0 & bit != 0;
        self.0 &= !bit;
        had
    }

    /// Whether the card is in the set.
    #[must_use]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1u64 << card.index()) != 0
    }

    /// Number of cards.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Cards in either set.
    #[must_use]
    pub const fn union(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }

    /// Cards in both sets.
    #[must_use]
    pub const fn intersection(self, other: Self) -> Self {
        Self(self.0 & other.0)
    }

    /// Cards in `self` but not in `other`.
    #[must_use]
    pub const fn difference(self, other: Self) -> Self {
        Self(self.0 & !other.0)
    }

    /// Whether every card of `self` is in `other`.
    #[must_use]
    pub const fn is_subset(self, other: Self) -> bool {
        self.0 & !other.0 == 0
    }

    /// The cards of one suit.
    #[must_use]
    pub fn of_suit(self, suit: Suit) -> Self {
        Self(self.0 & SUIT_MASKS[suit.index()])
    }

    /// The cards of one rank.
    #[must_use]
    pub const fn of_rank(self, rank: Rank) -> Self {
        Self(self.0 & (0xF << (rank.index() * 4)))
    }

    /// The lowest card in canonical order.
    #[must_use]
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 { None } else { Some(Card::from_index(self.0.trailing_zeros() as usize)) }
    }

    /// The cards in canonical order.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let index = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(Card::from_index(index))
        })
    }

    /// The 13-bit rank mask of one suit (bit `r` = rank index `r`).
    #[must_use]
    pub fn suit_ranks(self, suit: Suit) -> u16 {
        let mut bits = (self.0 >> suit.index()) & 0x0001_1111_1111_1111;
        let mut mask = 0u16;
        while bits != 0 {
            let index = bits.trailing_zeros();
            mask |= 1 << (index / 4);
            bits &= bits - 1;
        }
        mask
    }
}

/// Bits of each suit in the card mask.
const SUIT_MASKS: [u64; 4] = {
    let mut masks = [0u64; 4];
    let mut i = 0;
    while i < 52 {
        masks[i % 4] |= 1 << i;
        i += 1;
    }
    masks
};

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut set = Self::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|c| c.to_string())).finish()
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cards: Vec<String> = self.iter().map(|c| c.to_string()).collect();
        f.write_str(&cards.join(" "))
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(deserializer)?;
        let mut set = Self::EMPTY;
        for card in cards {
            if !set.insert(card) {
                return Err(serde::de::Error::custom(format!("card {card} listed twice")));
            }
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().expect("card")
    }

    #[test]
    fn cards_read_and_write_in_short_form() {
        assert_eq!(card("10H"), Card::new(Rank::TEN, Suit::Hearts));
        assert_eq!(card("qs"), Card::new(Rank::QUEEN, Suit::Spades));
        assert_eq!(card(" Ac "), Card::new(Rank::ACE, Suit::Clubs));
        assert_eq!(card("TD"), Card::new(Rank::TEN, Suit::Diamonds));
        for c in deck() {
            assert_eq!(card(&c.to_string()), c);
        }
        assert_eq!(card("10H").to_string(), "10H");
        for bad in ["", "H", "1H", "11H", "10", "10X", "QQ", "0S", "10HH", "ÄS"] {
            assert!(bad.parse::<Card>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn canonical_order_is_rank_major_then_suit() {
        let all = deck();
        assert_eq!(all.len(), 52);
        assert_eq!(all[0].to_string(), "2C");
        assert_eq!(all[1].to_string(), "2D");
        assert_eq!(all[51].to_string(), "AS");
        let mut sorted = all.clone();
        sorted.sort();
        assert_eq!(sorted, all);
        for (i, c) in all.iter().enumerate() {
            assert_eq!(c.index(), i);
        }
        assert!(card("2S") < card("3C"), "rank before suit");
        assert!(Rank::ACE > Rank::KING && Rank::TWO < Rank::THREE);
    }

    #[test]
    fn cards_serialise_as_string_leaves() {
        let json = serde_json::to_value(card("10H")).expect("json");
        assert_eq!(json, serde_json::json!("10H"));
        let set: CardSet = [card("AS"), card("2C"), card("10H")].into_iter().collect();
        let json = serde_json::to_value(set).expect("json");
        assert_eq!(json, serde_json::json!(["2C", "10H", "AS"]));
        let back: CardSet = serde_json::from_value(json).expect("back");
        assert_eq!(back, set);
        assert!(serde_json::from_value::<CardSet>(serde_json::json!(["2C", "2C"])).is_err());
        assert_eq!(serde_json::to_value(Rank::QUEEN).expect("json"), serde_json::json!("Q"));
        assert_eq!(serde_json::to_value(Suit::Hearts).expect("json"), serde_json::json!("H"));
    }

    #[test]
    fn card_sets_hold_cards_in_canonical_order() {
        let mut set = CardSet::EMPTY;
        assert!(set.insert(card("KD")));
        assert!(!set.insert(card("KD")));
        set.insert(card("3S"));
        set.insert(card("KS"));
        assert_eq!(set.len(), 3);
        assert_eq!(set.first(), Some(card("3S")));
        assert_eq!(set.to_string(), "3S KD KS");
        assert_eq!(set.of_suit(Suit::Spades).len(), 2);
        assert_eq!(set.of_rank(Rank::KING).len(), 2);
        assert_eq!(set.suit_ranks(Suit::Spades), (1 << Rank::THREE.index()) | (1 << Rank::KING.index()));
        assert!(set.remove(card("KD")));
        assert!(!set.contains(card("KD")));
        assert_eq!(CardSet::FULL.len(), 52);
        assert_eq!(CardSet::FULL.iter().collect::<Vec<_>>(), deck());
        for suit in Suit::ALL {
            assert_eq!(CardSet::FULL.of_suit(suit).len(), 13);
            assert_eq!(CardSet::FULL.suit_ranks(suit), 0x1FFF);
        }
    }
}
