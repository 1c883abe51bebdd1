//! The printed components: underling cards (§2.4), special items (§2.5) and News Stories
//! (§2.6), with their stable text forms.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::parts::words::{UnknownWord, word_enum};

/// A player colour (§2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Colour {
    Red,
    Blue,
    Green,
    Yellow,
}

impl Colour {
    /// In default seat order.
    pub const ALL: [Self; 4] = [Self::Red, Self::Blue, Self::Green, Self::Yellow];

    /// The colour's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Red => "Red",
            Self::Blue => "Blue",
            Self::Green => "Green",
            Self::Yellow => "Yellow",
        }
    }
}

word_enum!(Colour, "a colour");

/// An underling card (§2.4, R1, R2); every colour has the same six.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[allow(missing_docs)]
pub enum Underling {
    Kid,
    Gambler,
    Preacher,
    Operator,
    HiredGun,
    Rancher,
}

impl Underling {
    /// All six, by value.
    pub const ALL: [Self; 6] =
        [Self::Kid, Self::Gambler, Self::Preacher, Self::Operator, Self::HiredGun, Self::Rancher];

    /// The card value, which is its A budget (R1).
    #[must_use]
    pub const fn value(self) -> u8 {
        match self {
            Self::Kid => 1,
            Self::Gambler => 2,
            Self::Preacher | Self::Operator => 3,
            Self::HiredGun => 4,
            Self::Rancher => 5,
        }
    }

    /// Outlaws its B ability hires (R2).
    #[must_use]
    pub const fn hire(self) -> u8 {
        match self {
            Self::Kid | Self::Gambler => 2,
            _ => 1,
        }
    }

    /// The spec's ID (`KID`, `HIREDGUN`…), its text form in actions.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Self::Kid => "KID",
            Self::Gambler => "GAMBLER",
            Self::Preacher => "PREACHER",
            Self::Operator => "OPERATOR",
            Self::HiredGun => "HIREDGUN",
            Self::Rancher => "RANCHER",
        }
    }

    /// The card's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Kid => "The Kid",
            Self::Gambler => "The Gambler",
            Self::Preacher => "The Preacher",
            Self::Operator => "The Telegraph Operator",
            Self::HiredGun => "The Hired Gun",
            Self::Rancher => "The Rancher",
        }
    }

    /// The C talent's name.
    #[must_use]
    pub const fn talent(self) -> &'static str {
        match self {
            Self::Kid => "Ambush",
            Self::Gambler => "Wager",
            Self::Preacher => "Election",
            Self::Operator => "Wire",
            Self::HiredGun => "Run Out of Town",
            Self::Rancher => "Cattle Drive",
        }
    }

    /// Bit in an [`UnderlingSet`].
    #[must_use]
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for Underling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// By its ID, in any case; `word_enum!` does not fit, since `name()` is the printed name.
impl FromStr for Underling {
    type Err = UnknownWord;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let word = s.trim();
        Self::ALL
            .into_iter()
            .find(|u| u.id().eq_ignore_ascii_case(word))
            .ok_or_else(|| UnknownWord::new(word, "an underling", Self::ALL.iter().map(|u| u.id())))
    }
}

/// A set of one player's underlings (bit per [`Underling`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnderlingSet(pub u8);

impl UnderlingSet {
    /// All six.
    pub const FULL: Self = Self(0b11_1111);

    /// Whether `card` is in the set.
    #[must_use]
    pub const fn contains(self, card: Underling) -> bool {
        self.0 & card.bit() != 0
    }

    /// Adds `card`.
    pub fn insert(&mut self, card: Underling) {
        self.0 |= card.bit();
    }

    /// Removes `card`.
    pub fn remove(&mut self, card: Underling) {
        self.0 &= !card.bit();
    }

    /// How many cards.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards, by value.
    pub fn iter(self) -> impl Iterator<Item = Underling> {
        Underling::ALL.into_iter().filter(move |u| self.contains(*u))
    }
}

/// One physical underling card: its colour and which of the six it is. Its string form
/// (`"Red-RANCHER"`) is how a view names a card, distinct per colour, so a hidden card never
/// shares a string with anything public.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Card {
    /// The owner's colour (the card back).
    pub colour: Colour,
    /// The card.
    pub underling: Underling,
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.colour, self.underling)
    }
}

impl FromStr for Card {
    type Err = UnknownWord;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (colour, card) = s.split_once('-').ok_or_else(|| UnknownWord::not(s, "a card like Red-KID"))?;
        Ok(Self { colour: colour.parse()?, underling: card.parse()? })
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer)?.parse().map_err(serde::de::Error::custom)
    }
}

/// A special item (§2.5, R5); its text form is the spec's ID (`I11`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(missing_docs)]
pub enum Item {
    FastHorse,
    WhiskeyBarrel,
    Strongbox,
    TinStar,
    Saddlebags,
    Spurs,
    LuckyHorseshoe,
    BountyLedger,
    Pickaxe,
    Lasso,
    Dynamite,
    JailKeys,
    SecretPassage,
    ForgedOrders,
}

/// An item's complexity dot (§2.5, R5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum Dot {
    Green,
    Orange,
    Red,
}

impl Item {
    /// All fourteen, I01…I14.
    pub const ALL: [Self; 14] = [
        Self::FastHorse,
        Self::WhiskeyBarrel,
        Self::Strongbox,
        Self::TinStar,
        Self::Saddlebags,
        Self::Spurs,
        Self::LuckyHorseshoe,
        Self::BountyLedger,
        Self::Pickaxe,
        Self::Lasso,
        Self::Dynamite,
        Self::JailKeys,
        Self::SecretPassage,
        Self::ForgedOrders,
    ];

    /// 1 for I01 … 14 for I14.
    #[must_use]
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The complexity dot.
    #[must_use]
    pub const fn dot(self) -> Dot {
        match self.number() {
            1..=6 => Dot::Green,
            7..=10 => Dot::Orange,
            _ => Dot::Red,
        }
    }

    /// VP at game end (§2.5): Strongbox 3, every other item 1.
    #[must_use]
    pub const fn end_vp(self) -> u32 {
        if matches!(self, Self::Strongbox) { 3 } else { 1 }
    }

    /// The item's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::FastHorse => "Fast Horse",
            Self::WhiskeyBarrel => "Whiskey Barrel",
            Self::Strongbox => "Strongbox",
            Self::TinStar => "Tin Star",
            Self::Saddlebags => "Saddlebags",
            Self::Spurs => "Spurs",
            Self::LuckyHorseshoe => "Lucky Horseshoe",
            Self::BountyLedger => "Bounty Ledger",
            Self::Pickaxe => "Pickaxe",
            Self::Lasso => "Lasso",
            Self::Dynamite => "Dynamite",
            Self::JailKeys => "Jail Keys",
            Self::SecretPassage => "Secret Passage",
            Self::ForgedOrders => "Forged Orders",
        }
    }
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "I{:02}", self.number())
    }
}

impl FromStr for Item {
    type Err = UnknownWord;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let number: usize = s
            .strip_prefix(['I', 'i'])
            .filter(|n| n.len() == 2 && n.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| UnknownWord::not(s, "an item like I01"))?;
        Self::ALL.get(number.wrapping_sub(1)).copied().ok_or_else(|| UnknownWord::not(s, "an item (I01–I14)"))
    }
}

impl Serialize for Item {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Item {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer)?.parse().map_err(serde::de::Error::custom)
    }
}

/// The twelve News Story titles (§2.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[allow(missing_docs)]
pub enum Title {
    Boomtown,
    GoldStrike,
    MineCollapse,
    Reinforcements,
    Railroad,
    Shootout,
    SaloonBrawl,
    Jailbreak,
    SwearingIn,
    Turncoat,
    WantedPoster,
    StagecoachRobbery,
}

impl Title {
    /// The title as printed.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Boomtown => "Boomtown",
            Self::GoldStrike => "Gold Strike",
            Self::MineCollapse => "Mine Collapse",
            Self::Reinforcements => "Reinforcements",
            Self::Railroad => "Railroad",
            Self::Shootout => "Shootout",
            Self::SaloonBrawl => "Saloon Brawl",
            Self::Jailbreak => "Jailbreak",
            Self::SwearingIn => "Swearing In",
            Self::Turncoat => "Turncoat",
            Self::WantedPoster => "Wanted Poster",
            Self::StagecoachRobbery => "Stagecoach Robbery",
        }
    }

    /// What the story does when it is revealed with an underling in a town, in one sentence
    /// for players (§7.4 table).
    #[must_use]
    pub const fn effect(self) -> &'static str {
        match self {
            Self::Boomtown => "a 2 VP building goes up in this town, if one is left",
            Self::GoldStrike => "this town's output counts double at this round's scoring",
            Self::MineCollapse => "this town's output counts nothing at this round's scoring",
            Self::Reinforcements => "you hire up to 2 outlaws here from your supply",
            Self::Railroad => "you may move up to 2 of your gunslingers here from other towns",
            Self::Shootout => "every rival with an outlaw here loses one",
            Self::SaloonBrawl => "everyone with 2 or more outlaws here loses one, you included",
            Self::Jailbreak => "the sheriff and deputy here become outlaws",
            Self::SwearingIn => "you may promote one of your outlaws here to sheriff or deputy",
            Self::Turncoat => "one rival outlaw here is replaced by one of yours",
            Self::WantedPoster => "every Most Wanted rival with an outlaw here loses one",
            Self::StagecoachRobbery => "you claim the item lying in this town",
        }
    }
}

impl fmt::Display for Title {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One News Story card, N01…N24 (§2.6); its text form is the ID.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct News(u8);

impl News {
    /// Cards in the deck.
    pub const COUNT: u8 = 24;

    /// Card `N<number>`, if it exists.
    #[must_use]
    pub const fn new(number: u8) -> Option<Self> {
        if number >= 1 && number <= Self::COUNT { Some(Self(number)) } else { None }
    }

    /// Every card, N01…N24.
    pub fn all() -> impl Iterator<Item = Self> {
        (1..=Self::COUNT).map(Self)
    }

    /// 1…24.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The card's title.
    #[must_use]
    pub const fn title(self) -> Title {
        match self.0 {
            1..=2 => Title::Boomtown,
            3..=4 => Title::GoldStrike,
            5..=6 => Title::MineCollapse,
            7..=9 => Title::Reinforcements,
            10..=11 => Title::Railroad,
            12..=13 => Title::Shootout,
            14..=15 => Title::SaloonBrawl,
            16..=17 => Title::Jailbreak,
            18..=19 => Title::SwearingIn,
            20..=21 => Title::Turncoat,
            22..=23 => Title::WantedPoster,
            _ => Title::StagecoachRobbery,
        }
    }
}

impl fmt::Display for News {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "N{:02}", self.0)
    }
}

impl FromStr for News {
    type Err = UnknownWord;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.strip_prefix(['N', 'n'])
            .filter(|n| n.len() == 2 && n.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|n| n.parse().ok())
            .and_then(Self::new)
            .ok_or_else(|| UnknownWord::not(s, "a News Story (N01–N24)"))
    }
}

impl Serialize for News {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for News {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer)?.parse().map_err(serde::de::Error::custom)
    }
}
