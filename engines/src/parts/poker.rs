//! Poker hand ranking: the best five of any number of cards, as one comparable number.
//!
//! Straight flush > four of a kind > full house > flush > straight > three of a kind > two
//! pair > pair > high card. The Ace is high, or low only in A-2-3-4-5 (a five-high straight);
//! no wrap-around; suits never break ties. A hand of fewer than five cards can only make pair,
//! two pair, trips, quads or high card, and a missing kicker ranks below any card.
//!
//! A second, short ranking ([`evaluate_aces_low`], Conquest of Mars) knows only high card,
//! pair, two pair, three of a kind, flush and full house, with the Ace always low.
//!
//! The evaluator works on four 13-bit rank masks (one per suit) with bit arithmetic: no
//! tables, no allocation, the same cost for 5, 7 or 15 cards. It runs inside computer-player
//! search, so it is written for speed (see `benches/poker.rs`).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::parts::cards::{Card, CardSet, Rank, Suit};

/// A hand's category, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// No pair.
    HighCard,
    /// Two of a rank.
    Pair,
    /// Two pairs.
    TwoPair,
    /// Three of a rank.
    ThreeOfAKind,
    /// Five ranks in sequence.
    Straight,
    /// Five of a suit.
    Flush,
    /// Three of a rank and two of another.
    FullHouse,
    /// Four of a rank.
    FourOfAKind,
    /// Five of a suit in sequence.
    StraightFlush,
}

impl Category {
    /// Weakest first.
    pub const ALL: [Self; 9] = [
        Self::HighCard,
        Self::Pair,
        Self::TwoPair,
        Self::ThreeOfAKind,
        Self::Straight,
        Self::Flush,
        Self::FullHouse,
        Self::FourOfAKind,
        Self::StraightFlush,
    ];

    /// The category in words.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::HighCard => "high card",
            Self::Pair => "pair",
            Self::TwoPair => "two pair",
            Self::ThreeOfAKind => "three of a kind",
            Self::Straight => "straight",
            Self::Flush => "flush",
            Self::FullHouse => "full house",
            Self::FourOfAKind => "four of a kind",
            Self::StraightFlush => "straight flush",
        }
    }
}

/// The value of a hand's best five cards. Compare two hands directly: higher is better,
/// equal is a tie.
///
/// Packed as `category << 20` then up to five rank values (2..=14, 0 = missing kicker) of
/// four bits each, most significant first: the groups by size, then kickers high to low. A
/// straight keeps only its top card (5 for A-2-3-4-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct HandValue(u32);

impl HandValue {
    /// The packed number (for tables and tests).
    #[must_use]
    pub const fn raw(self) -> u32 {
        self.0
    }

    /// The hand's category.
    #[must_use]
    pub const fn category(self) -> Category {
        Category::ALL[(self.0 >> 20) as usize]
    }

    /// The ranks that decide ties, most significant first (missing kickers left out).
    #[must_use]
    pub fn ranks(self) -> Vec<Rank> {
        (0..5).filter_map(|i| Rank::new(((self.0 >> (16 - 4 * i)) & 0xF) as u8)).collect()
    }

    const fn pack(category: Category, ranks: u32) -> Self {
        Self(((category as u32) << 20) | ranks)
    }
}

/// Evaluates the best five of `cards` (any number; a card listed twice counts once).
#[must_use]
#[inline]
pub fn evaluate(cards: &[Card]) -> HandValue {
    let mut masks = [0u16; 4];
    for card in cards {
        masks[card.suit.index()] |= 1 << card.rank.index();
    }
    evaluate_masks(masks)
}

/// Evaluates the best five of a card set.
#[must_use]
#[inline]
pub fn evaluate_set(cards: CardSet) -> HandValue {
    let mut masks = [0u16; 4];
    let mut bits = cards.bits();
    while bits != 0 {
        let index = bits.trailing_zeros();
        masks[(index & 3) as usize] |= 1 << (index >> 2);
        bits &= bits - 1;
    }
    evaluate_masks(masks)
}

/// Evaluates four suit masks (bit `r` of `masks[s]` = rank index `r` of suit `s`).
#[must_use]
#[inline]
pub fn evaluate_masks(masks: [u16; 4]) -> HandValue {
    let [c, d, h, s] = masks;
    let any = c | d | h | s;
    let two = (c & d) | (c & h) | (c & s) | (d & h) | (d & s) | (h & s);
    let three = (c & d & h) | (c & d & s) | (c & h & s) | (d & h & s);
    let four = c & d & h & s;

    let mut flush = 0u32;
    let mut straight_flush = 0u32;
    for suit in masks {
        if suit.count_ones() >= 5 {
            straight_flush = straight_flush.max(straight_top(suit));
            // Packed top fives compare like the sorted ranks they hold.
            flush = flush.max(TOP5[suit as usize]);
        }
    }
    if straight_flush != 0 {
        return HandValue::pack(Category::StraightFlush, straight_flush << 16);
    }
    if four != 0 {
        let quad = highest(four);
        let kicker = any & !(1 << quad);
        return HandValue::pack(Category::FourOfAKind, (value(quad) << 16) | (ranks_of(kicker, 1) << 12));
    }
    if three != 0 {
        let trips = highest(three);
        let rest = two & !(1 << trips);
        if rest != 0 {
            return HandValue::pack(Category::FullHouse, (value(trips) << 16) | (value(highest(rest)) << 12));
        }
    }
    if flush != 0 {
        return HandValue::pack(Category::Flush, flush);
    }
    let straight = straight_top(any);
    if straight != 0 {
        return HandValue::pack(Category::Straight, straight << 16);
    }
    if three != 0 {
        let trips = highest(three);
        let kickers = any & !(1 << trips);
        return HandValue::pack(Category::ThreeOfAKind, (value(trips) << 16) | (ranks_of(kickers, 2) << 8));
    }
    if two != 0 {
        let high = highest(two);
        let rest = two & !(1 << high);
        if rest != 0 {
            let low = highest(rest);
            let kicker = any & !(1 << high) & !(1 << low);
            return HandValue::pack(
                Category::TwoPair,
                (value(high) << 16) | (value(low) << 12) | (ranks_of(kicker, 1) << 8),
            );
        }
        let kickers = any & !(1 << high);
        return HandValue::pack(Category::Pair, (value(high) << 16) | (ranks_of(kickers, 3) << 4));
    }
    HandValue::pack(Category::HighCard, ranks_of(any, 5))
}

/// Index of the highest set bit (the mask is non-zero).
#[inline]
const fn highest(mask: u16) -> u32 {
    15 - mask.leading_zeros()
}

/// Rank value (2..=14) of a rank index.
#[inline]
const fn value(index: u32) -> u32 {
    index + 2
}

/// The `k` (1..=5) highest ranks of `mask` packed four bits each, most significant first;
/// missing ranks are 0.
#[inline]
fn ranks_of(mask: u16, k: u32) -> u32 {
    TOP5[(mask & 0x1FFF) as usize] >> (4 * (5 - k))
}

/// `TOP5[m]`: the five highest ranks of the 13-bit mask `m`, packed as in [`HandValue`].
static TOP5: [u32; 8192] = {
    let mut table = [0u32; 8192];
    let mut m = 0;
    while m < 8192 {
        let mut mask = m as u16;
        let mut packed = 0u32;
        let mut i = 0;
        while i < 5 {
            packed <<= 4;
            if mask != 0 {
                let top = highest(mask);
                packed |= value(top);
                mask &= !(1 << top);
            }
            i += 1;
        }
        table[m] = packed;
        m += 1;
    }
    table
};

/// The top rank value of the highest straight in `mask` (5 for A-2-3-4-5), or 0.
#[inline]
const fn straight_top(mask: u16) -> u32 {
    // Bit 0 = the Ace played low, bits 1..=13 = ranks 2..A.
    let e = ((mask as u32) << 1) | ((mask as u32 >> 12) & 1);
    let runs = e & (e >> 1) & (e >> 2) & (e >> 3) & (e >> 4);
    if runs == 0 { 0 } else { (31 - runs.leading_zeros()) + 5 }
}

/// The five cards (fewer for a short hand) that make `cards`' value, in canonical order;
/// among equal choices the first in canonical order. For narration, not for search.
#[must_use]
pub fn best_five(cards: &[Card]) -> Vec<Card> {
    let mut sorted: Vec<Card> = cards.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() <= 5 {
        return sorted;
    }
    let target = evaluate(&sorted);
    let n = sorted.len();
    let mut pick = [0, 1, 2, 3, 4];
    loop {
        let five: Vec<Card> = pick.iter().map(|&i| sorted[i]).collect();
        if evaluate(&five) == target {
            return five;
        }
        // Next 5-combination in lexicographic order.
        let Some(i) = (0..5).rev().find(|&i| pick[i] < n - 5 + i) else { return five };
        pick[i] += 1;
        for j in i + 1..5 {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

fn plural(rank: Rank) -> &'static str {
    const PLURALS: [&str; 13] = [
        "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "Jacks", "Queens", "Kings",
        "Aces",
    ];
    PLURALS[rank.index()]
}

impl fmt::Display for HandValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ranks = self.ranks();
        let Some(&first) = ranks.first() else { return f.write_str("no cards") };
        let second = ranks.get(1).copied().unwrap_or(first);
        match self.category() {
            Category::StraightFlush if first == Rank::ACE => f.write_str("royal flush"),
            Category::StraightFlush => write!(f, "straight flush, {} high", first.word()),
            Category::FourOfAKind => write!(f, "four {}", plural(first)),
            Category::FullHouse => write!(f, "full house, {} over {}", plural(first), plural(second)),
            Category::Flush => write!(f, "flush, {} high", first.word()),
            Category::Straight => write!(f, "straight, {} high", first.word()),
            Category::ThreeOfAKind => write!(f, "three {}", plural(first)),
            Category::TwoPair => write!(f, "two pair, {} and {}", plural(first), plural(second)),
            Category::Pair => write!(f, "pair of {}", plural(first)),
            Category::HighCard => write!(f, "{} high", first.word()),
        }
    }
}

// ---- The short ranking: Aces low, no straights, no four of a kind -------------------------

/// A category of the short ranking some games use (Conquest of Mars): Aces are always low,
/// straights do not exist, four of a rank count as three of a kind with the fourth card as a
/// kicker, and a straight flush is a flush. Weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LowCategory {
    /// No pair.
    HighCard,
    /// Two of a rank.
    Pair,
    /// Two pairs.
    TwoPair,
    /// Three (or four) of a rank.
    ThreeOfAKind,
    /// Five of a suit.
    Flush,
    /// Three of a rank and two of another.
    FullHouse,
}

impl LowCategory {
    /// Weakest first.
    pub const ALL: [Self; 6] =
        [Self::HighCard, Self::Pair, Self::TwoPair, Self::ThreeOfAKind, Self::Flush, Self::FullHouse];
}

/// The value of the best five cards under the short ranking; compare directly, higher is
/// better. Packed as `category << 20` then five card values (Ace 1 … King 13, 0 = missing)
/// of four bits each, most significant first: the groups by size, then kickers high to low.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct LowHandValue(u32);

impl LowHandValue {
    /// The packed number.
    #[must_use]
    pub const fn raw(self) -> u32 {
        self.0
    }

    /// The hand's category.
    #[must_use]
    pub const fn category(self) -> LowCategory {
        LowCategory::ALL[(self.0 >> 20) as usize]
    }

    /// The card values that decide ties (Ace 1 … King 13), most significant first, missing
    /// kickers left out.
    #[must_use]
    pub fn values(self) -> Vec<u8> {
        (0..5).map(|i| ((self.0 >> (16 - 4 * i)) & 0xF) as u8).filter(|v| *v != 0).collect()
    }
}

/// A rank's value with the Ace low: A = 1, 2–10 as printed, J = 11, Q = 12, K = 13.
#[must_use]
pub const fn low_value(rank: Rank) -> u8 {
    if rank.value() == Rank::ACE.value() { 1 } else { rank.value() }
}

/// Evaluates the best five of `cards` under the short ranking (a card listed twice counts
/// once). Fewer than five cards rank with missing kickers lowest and can make no flush.
#[must_use]
pub fn evaluate_aces_low(cards: &[Card]) -> LowHandValue {
    let set: CardSet = cards.iter().copied().collect();
    // Every card's value, high to low.
    let mut all: Vec<u8> = set.iter().map(|c| low_value(c.rank)).collect();
    all.sort_unstable_by(|a, b| b.cmp(a));
    let mut counts = [0u8; 14];
    for v in &all {
        counts[usize::from(*v)] += 1;
    }
    let with = |n: u8| (1..=13u8).rev().filter(move |v| counts[usize::from(*v)] >= n);
    let trips = with(3).next();
    let pairs: Vec<u8> = with(2).filter(|v| Some(*v) != trips).collect();
    let flush = Suit::ALL
        .iter()
        .map(|suit| {
            let mut values: Vec<u8> = set.of_suit(*suit).iter().map(|c| low_value(c.rank)).collect();
            values.sort_unstable_by(|a, b| b.cmp(a));
            values
        })
        .filter(|values| values.len() >= 5)
        .map(|values| values[..5].to_vec())
        .max();
    let (category, keys) = match (trips, pairs.first(), flush) {
        (Some(t), Some(p), _) => (LowCategory::FullHouse, vec![t, *p]),
        (_, _, Some(five)) => (LowCategory::Flush, five),
        (Some(t), None, _) => (LowCategory::ThreeOfAKind, with_kickers(&[t], &[t, t, t], &all, 2)),
        (None, Some(&high), _) if pairs.len() >= 2 => {
            let low = pairs[1];
            (LowCategory::TwoPair, with_kickers(&[high, low], &[high, high, low, low], &all, 1))
        }
        (None, Some(&p), _) => (LowCategory::Pair, with_kickers(&[p], &[p, p], &all, 3)),
        (None, None, _) => (LowCategory::HighCard, with_kickers(&[], &[], &all, 5)),
    };
    let packed = (0..5).fold(0u32, |acc, i| (acc << 4) | u32::from(keys.get(i).copied().unwrap_or(0)));
    LowHandValue(((category as u32) << 20) | packed)
}

/// `heads`, then the `k` highest values of `all` (high to low) once the cards `used` are
/// taken out.
fn with_kickers(heads: &[u8], used: &[u8], all: &[u8], k: usize) -> Vec<u8> {
    let mut rest = all.to_vec();
    for v in used {
        if let Some(i) = rest.iter().position(|r| r == v) {
            rest.remove(i);
        }
    }
    heads.iter().chain(rest.iter().take(k)).copied().collect()
}

fn low_plural(value: u8) -> &'static str {
    Rank::new(if value == 1 { 14 } else { value }).map_or("cards", plural)
}

fn low_word(value: u8) -> &'static str {
    Rank::new(if value == 1 { 14 } else { value }).map_or("nothing", Rank::word)
}

impl fmt::Display for LowHandValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let values = self.values();
        let Some(&first) = values.first() else { return f.write_str("no cards") };
        let second = values.get(1).copied().unwrap_or(first);
        match self.category() {
            LowCategory::FullHouse => write!(f, "full house, {} over {}", low_plural(first), low_plural(second)),
            LowCategory::Flush => write!(f, "flush, {} high", low_word(first)),
            LowCategory::ThreeOfAKind => write!(f, "three {}", low_plural(first)),
            LowCategory::TwoPair => write!(f, "two pair, {} and {}", low_plural(first), low_plural(second)),
            LowCategory::Pair => write!(f, "pair of {}", low_plural(first)),
            LowCategory::HighCard => write!(f, "{} high", low_word(first)),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::parts::cards::deck;

    fn hand(text: &str) -> Vec<Card> {
        text.split_whitespace().map(|c| c.parse().expect("card")).collect()
    }

    fn value(text: &str) -> HandValue {
        evaluate(&hand(text))
    }

    #[test]
    fn all_five_card_hands_fall_into_the_known_categories() {
        let cards = deck();
        let mut counts = [0u32; 9];
        let mut values = HashSet::new();
        for a in 0..52 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        for e in d + 1..52 {
                            let v = evaluate(&[cards[a], cards[b], cards[c], cards[d], cards[e]]);
                            counts[v.category() as usize] += 1;
                            values.insert(v);
                        }
                    }
                }
            }
        }
        // High card first, straight flush last.
        assert_eq!(counts, [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]);
        assert_eq!(values.len(), 7462);
    }

    #[test]
    fn categories_order_and_ties() {
        let ladder = [
            "2C 3D 5H 7S 9C",
            "2C 2D 5H 7S 9C",
            "2C 2D 5H 5S 9C",
            "2C 2D 2H 7S 9C",
            "AC 2D 3H 4S 5C",
            "6C 2D 3H 4S 5C",
            "2C 3C 5C 7C 9C",
            "2C 2D 2H 9S 9C",
            "2C 2D 2H 2S 9C",
            "AC 2C 3C 4C 5C",
            "10S JS QS KS AS",
        ];
        for pair in ladder.windows(2) {
            assert!(value(pair[0]) < value(pair[1]), "{} should lose to {}", pair[0], pair[1]);
        }
        assert_eq!(value("AC 2D 3H 4S 5C").category(), Category::Straight);
        assert_eq!(value("AC 2D 3H 4S 5C").ranks(), vec![Rank::FIVE], "the wheel is five-high");
        assert_eq!(value("QC KD AH 2S 3C").category(), Category::HighCard, "no wrap-around");
        // Suits never break ties.
        assert_eq!(value("5S 6S 7D 8C 9C"), value("5H 6D 7C 8D 9H"));
        assert_eq!(value("2C 3C 5C 7C 9C"), value("2H 3H 5H 7H 9H"));
        // Kickers decide, high to low.
        assert!(value("KC KD 9H 5S 3C") > value("KH KS 9C 5D 2C"));
        assert!(value("KC KD 9H 9S 3C") < value("KH KS 9C 9D 4C"));
    }

    #[test]
    fn more_than_five_cards_use_the_best_five() {
        // S13: seven cards, the best five is a nine-high straight.
        let seven = hand("5S 6S 7D 8C 9C 2D 2H");
        assert_eq!(evaluate(&seven), value("5H 6D 7C 8D 9H"));
        assert_eq!(best_five(&seven), hand("5S 6S 7D 8C 9C"));
        // Flush beats the straight that is also there.
        assert_eq!(value("4H 5H 6C 7H 8D 9H 2H").category(), Category::Flush);
        // Two trips make a full house, higher trips on top.
        let fh = value("9C 9D 9H 4C 4D 4H 2S");
        assert_eq!(fh.category(), Category::FullHouse);
        assert_eq!(fh.ranks(), vec![Rank::NINE, Rank::FOUR]);
        // Three pairs: the best two plus the best kicker, which may come from the third pair.
        assert_eq!(value("KC KD 7H 7S QC QD 2S").ranks(), vec![Rank::KING, Rank::QUEEN, Rank::SEVEN]);
        // Quads take the best kicker, even out of a pair.
        assert_eq!(value("8C 8D 8H 8S AC AD 2C").ranks(), vec![Rank::EIGHT, Rank::ACE]);
        // A straight flush beats quads among many cards.
        assert_eq!(value("8C 8D 8H 8S 4S 5S 6S 7S 9C 9D").category(), Category::StraightFlush);
        // Two flush suits: the better flush counts.
        let two_flushes = value("2C 3C 4C 6C 8C 2D 3D 4D 6D KD");
        assert_eq!(two_flushes, value("2D 3D 4D 6D KD"));
        // The longest straight counts from its top.
        assert_eq!(value("AC 2D 3H 4S 5C 6D 7H").ranks(), vec![Rank::SEVEN]);
        assert_eq!(evaluate_set(seven.iter().copied().collect()), evaluate(&seven));
    }

    #[test]
    fn short_hands_rank_with_missing_kickers_lowest() {
        assert_eq!(value("").category(), Category::HighCard);
        assert!(value("") < value("2C"));
        assert!(value("AC") > value("KC QD"));
        assert!(value("KC QD") > value("KC"), "a missing kicker ranks below any card");
        assert_eq!(value("7C 7D 7H 7S").category(), Category::FourOfAKind);
        assert!(value("7C 7D 7H 7S") < value("7C 7D 7H 7S 2C"));
        assert_eq!(value("3C 3D 3H 9S").category(), Category::ThreeOfAKind);
        assert_eq!(value("3C 3D 9H 9S").category(), Category::TwoPair);
        assert!(value("3C 3D 9H 9S") < value("3C 3D 9H 9S 2C"));
        assert_eq!(value("2C 3C 4C 5C").category(), Category::HighCard, "four cards make no straight or flush");
        assert_eq!(value("KD KS").category(), Category::Pair);
        assert!(value("KD KS") < value("KC KH 2D"));
    }

    #[test]
    fn values_read_as_words() {
        assert_eq!(value("KS KH KD 7C 7D").to_string(), "full house, Kings over sevens");
        assert_eq!(value("6S 9C JH QC 5D").to_string(), "Queen high");
        assert_eq!(value("5S 6S 7D 8C 9C").to_string(), "straight, nine high");
        assert_eq!(value("10S JS QS KS AS").to_string(), "royal flush");
        assert_eq!(value("AS AD AC 2S 3S 4S").to_string(), "three Aces");
        assert_eq!(value("").to_string(), "no cards");
    }
}
