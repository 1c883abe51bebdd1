//! One type for whichever game a table plays: the bot drives every game through text forms,
//! views and narration, without knowing its rules. Everything here follows from the list in
//! [`crate::for_each_game!`]: adding a game adds no line to this file.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::ai::{self, Level};
use crate::game::{
    Audience, Choices, Game, InvariantError, ParseActionError, Pending, RuleError, Seat, Secret, SetupError, Tally,
    Viewer,
};
use crate::rng::GameRng;
use crate::wording::name_seats;

/// One legal action: its text form (what is submitted) and what a player reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalAction {
    /// The stable text form.
    pub text: String,
    /// The label for a button or menu.
    pub label: String,
}

/// One option of a step with the line that explains it, for a "What do these mean?" answer
/// or the terminal's `help`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explained {
    /// The option's label, as its button or menu entry shows it.
    pub label: String,
    /// What choosing it does, in one plain line.
    pub explanation: String,
}

/// One narrated event and who may read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Narration {
    /// Who may read it.
    pub audience: Audience,
    /// The sentence.
    pub text: String,
}

/// An applied action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    /// The action in its canonical text form, for the log.
    pub action: String,
    /// What happened.
    pub narration: Vec<Narration>,
}

/// Why a submitted action text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The text is not an action of this game.
    #[error(transparent)]
    Parse(#[from] ParseActionError),
    /// The rules refuse it.
    #[error(transparent)]
    Rule(#[from] RuleError),
}

/// Why a saved state could not be read back.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The JSON does not match the game's state.
    #[error("saved {game} state is unreadable: {source}")]
    Json {
        /// The game.
        game: &'static str,
        /// The parser's complaint.
        source: serde_json::Error,
    },
}

/// The id was not one of the games Saloon plays.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {0:?}; the games are {list}", list = GameKind::id_list())]
pub struct UnknownGame(pub String);

/// What [`AnyGame`] asks of a game, object-safe, so the dispatch is one `match` per
/// direction (in [`AnyGame::inner`] and [`AnyGame::inner_mut`]) however many games there are.
trait DynGame: Send + Sync {
    fn save(&self) -> Result<String, serde_json::Error>;
    fn players(&self) -> usize;
    fn pending(&self) -> Pending;
    fn legal_actions(&self, seat: Seat, names: &[String]) -> Vec<LegalAction>;
    fn choices(&self, seat: Seat, prefix: &str, names: &[String]) -> Choices;
    fn previous_prefix(&self, seat: Seat, prefix: &str) -> String;
    fn explanations(&self, seat: Seat, prefix: &str, names: &[String]) -> Vec<Explained>;
    fn explain_action(&self, text: &str, names: &[String]) -> Option<String>;
    fn label_action(&self, text: &str, names: &[String]) -> Option<String>;
    fn apply(&mut self, seat: Seat, text: &str, names: &[String]) -> Result<Applied, ActionError>;
    fn view(&self, viewer: Viewer) -> AnyView;
    fn resign_action(&self, seat: Seat) -> Option<String>;
    fn resigned(&self, seat: Seat) -> bool;
    fn timeout_action(&self, seat: Seat) -> Option<String>;
    fn computer_action(&self, seat: Seat, level: Level, rng: &mut GameRng) -> Option<String>;
    fn random_action(&self, seat: Seat, rng: &mut GameRng) -> Option<String>;
    fn check_invariants(&self) -> Result<(), InvariantError>;
    fn secrets(&self) -> Vec<Secret>;
    fn tally(&self) -> Option<Tally>;
}

impl<G: ai::Guide> DynGame for G
where
    G::View: Into<AnyView>,
{
    fn save(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string(self)
    }

    fn players(&self) -> usize {
        Game::players(self)
    }

    fn pending(&self) -> Pending {
        Game::pending(self)
    }

    fn legal_actions(&self, seat: Seat, names: &[String]) -> Vec<LegalAction> {
        Game::legal_actions(self, seat)
            .iter()
            .map(|a| LegalAction { text: a.to_string(), label: name_seats(&self.label(a), names) })
            .collect()
    }

    fn choices(&self, seat: Seat, prefix: &str, names: &[String]) -> Choices {
        let mut choices = Game::choices(self, seat, prefix);
        for choice in &mut choices.options {
            choice.label = name_seats(&choice.label, names);
        }
        choices
    }

    fn previous_prefix(&self, seat: Seat, prefix: &str) -> String {
        crate::game::previous_prefix(self, seat, prefix)
    }

    fn explanations(&self, seat: Seat, prefix: &str, names: &[String]) -> Vec<Explained> {
        Game::choices(self, seat, prefix)
            .options
            .iter()
            .map(|choice| Explained {
                label: name_seats(&choice.label, names),
                explanation: name_seats(&self.explain_choice(seat, prefix, choice), names),
            })
            .collect()
    }

    fn explain_action(&self, text: &str, names: &[String]) -> Option<String> {
        let action: G::Action = text.parse().ok()?;
        Some(name_seats(&self.explain(&action), names))
    }

    fn label_action(&self, text: &str, names: &[String]) -> Option<String> {
        let action: G::Action = text.parse().ok()?;
        Some(name_seats(&self.label(&action), names))
    }

    fn apply(&mut self, seat: Seat, text: &str, names: &[String]) -> Result<Applied, ActionError> {
        let action: G::Action = text.parse()?;
        let events = Game::apply(self, seat, &action).map_err(|mut error| {
            error.message = name_seats(&error.message, names);
            error
        })?;
        let narration = events
            .iter()
            .filter_map(|event| {
                let text = self.sentence(event, names);
                (!text.is_empty()).then(|| Narration { audience: G::audience(event), text: name_seats(&text, names) })
            })
            .collect();
        Ok(Applied { action: action.to_string(), narration })
    }

    fn view(&self, viewer: Viewer) -> AnyView {
        Game::view(self, viewer).into()
    }

    fn resign_action(&self, seat: Seat) -> Option<String> {
        Game::resign_action(self, seat).map(|a| a.to_string())
    }

    fn resigned(&self, seat: Seat) -> bool {
        Game::resigned(self, seat)
    }

    fn timeout_action(&self, seat: Seat) -> Option<String> {
        Game::timeout_action(self, seat).map(|a| a.to_string())
    }

    fn computer_action(&self, seat: Seat, level: Level, rng: &mut GameRng) -> Option<String> {
        ai::computer_action(self, seat, level, rng).map(|a| a.to_string())
    }

    fn random_action(&self, seat: Seat, rng: &mut GameRng) -> Option<String> {
        ai::random_action(self, seat, rng).map(|a| a.to_string())
    }

    fn check_invariants(&self) -> Result<(), InvariantError> {
        Game::check_invariants(self)
    }

    fn secrets(&self) -> Vec<Secret> {
        Game::secrets(self)
    }

    fn tally(&self) -> Option<Tally> {
        Game::tally(self)
    }
}

/// Defines [`GameKind`], [`AnyGame`] and [`AnyView`] and their one-`match` dispatch from the
/// list of games.
macro_rules! define_games {
    ($($variant:ident: $module:ident::$game:ident),+ $(,)?) => {
        /// The games Saloon plays, one per registration in [`crate::for_each_game!`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum GameKind {
            $(
                #[doc = concat!("`", stringify!($module), "`")]
                $variant,
            )+
        }

        impl GameKind {
            /// Every game, in registration order.
            pub const ALL: &[Self] = &[$(Self::$variant),+];

            /// The stable id used in commands, storage and button ids.
            #[must_use]
            pub const fn id(self) -> &'static str {
                match self {
                    $(Self::$variant => <crate::$module::$game as Game>::ID,)+
                }
            }

            /// The game's name.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $(Self::$variant => <crate::$module::$game as Game>::NAME,)+
                }
            }

            /// The fewest and most players.
            #[must_use]
            pub const fn players(self) -> (usize, usize) {
                match self {
                    $(Self::$variant => <crate::$module::$game as Game>::PLAYERS,)+
                }
            }

            /// The rules in brief.
            #[must_use]
            pub const fn summary(self) -> &'static str {
                match self {
                    $(Self::$variant => <crate::$module::$game as Game>::SUMMARY,)+
                }
            }
        }

        /// A game of any kind.
        // One per table; boxing the larger games would cost an allocation on every clone,
        // so the size difference between variants is accepted.
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug, PartialEq)]
        pub enum AnyGame {
            $(
                #[doc = concat!("`", stringify!($module), "`")]
                $variant(crate::$module::$game),
            )+
        }

        /// A view of any kind of game.
        #[derive(Clone, Debug, Serialize)]
        #[serde(untagged)]
        pub enum AnyView {
            $(
                #[doc = concat!("`", stringify!($module), "`")]
                $variant(Box<<crate::$module::$game as Game>::View>),
            )+
        }

        $(
            impl From<<crate::$module::$game as Game>::View> for AnyView {
                fn from(view: <crate::$module::$game as Game>::View) -> Self {
                    Self::$variant(Box::new(view))
                }
            }
        )+

        impl AnyGame {
            /// Sets up a game of `kind` from JSON options (missing fields take their defaults).
            ///
            /// # Errors
            /// [`SetupError`] for a bad player count or option.
            pub fn setup(kind: GameKind, options: &serde_json::Value, players: usize, seed: u64) -> Result<Self, SetupError> {
                let rng = GameRng::from_seed(seed);
                match kind {
                    $(GameKind::$variant => Ok(Self::$variant(crate::$module::$game::setup(&crate::options::parse(options)?, players, rng)?)),)+
                }
            }

            /// The default options of `kind`, as JSON.
            #[must_use]
            pub fn default_options(kind: GameKind) -> serde_json::Value {
                match kind {
                    $(GameKind::$variant => serde_json::to_value(<crate::$module::$game as Game>::Options::default()),)+
                }
                .unwrap_or_default()
            }

            /// Reads a saved state.
            ///
            /// # Errors
            /// [`LoadError`] when the JSON does not fit.
            pub fn load(kind: GameKind, json: &str) -> Result<Self, LoadError> {
                match kind {
                    $(GameKind::$variant => serde_json::from_str(json).map(Self::$variant),)+
                }
                .map_err(|source| LoadError::Json { game: kind.name(), source })
            }

            /// Whether `seat` may take back the action written `text`, which turned `before`
            /// into this state ([`Game::take_back`]); a refusal calls players by `names`.
            ///
            /// # Errors
            /// [`ActionError`] when the text is not an action of this game, or the game
            /// refuses (its sentence says why).
            pub fn take_back(&self, before: &Self, seat: Seat, text: &str, names: &[String]) -> Result<(), ActionError> {
                match (self, before) {
                    $((Self::$variant(after), Self::$variant(before)) => {
                        let action: <crate::$module::$game as Game>::Action = text.parse()?;
                        Game::take_back(after, before, seat, &action).map_err(|mut error| {
                            error.message = name_seats(&error.message, names);
                            ActionError::Rule(error)
                        })
                    })+
                    _ => Err(ActionError::Rule(RuleError::illegal("That move belongs to another game."))),
                }
            }

            /// Which game this is.
            #[must_use]
            pub const fn kind(&self) -> GameKind {
                match self {
                    $(Self::$variant(_) => GameKind::$variant,)+
                }
            }

            fn inner(&self) -> &dyn DynGame {
                match self {
                    $(Self::$variant(game) => game,)+
                }
            }

            fn inner_mut(&mut self) -> &mut dyn DynGame {
                match self {
                    $(Self::$variant(game) => game,)+
                }
            }
        }

        impl AnyView {
            /// Which game this is a view of.
            #[must_use]
            pub const fn kind(&self) -> GameKind {
                match self {
                    $(Self::$variant(_) => GameKind::$variant,)+
                }
            }
        }
    };
}

crate::for_each_game!(define_games);

impl GameKind {
    /// The ids of every game, for messages.
    #[must_use]
    pub fn id_list() -> String {
        Self::ALL.iter().map(|k| k.id()).collect::<Vec<_>>().join(", ")
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .iter()
            .copied()
            .find(|kind| kind.id().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownGame(s.to_string()))
    }
}

impl Serialize for GameKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for GameKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let id = String::deserialize(deserializer)?;
        id.parse().map_err(serde::de::Error::custom)
    }
}

impl AnyGame {
    /// The fewest and most players of `kind`.
    #[must_use]
    pub const fn player_range(kind: GameKind) -> (usize, usize) {
        kind.players()
    }

    /// The state as JSON, for storage.
    ///
    /// # Errors
    /// Only if serialisation itself fails, which the state types never do.
    pub fn save(&self) -> Result<String, serde_json::Error> {
        self.inner().save()
    }

    /// Number of seats.
    #[must_use]
    pub fn players(&self) -> usize {
        self.inner().players()
    }

    /// Who must decide, who else may act, or how it ended.
    #[must_use]
    pub fn pending(&self) -> Pending {
        self.inner().pending()
    }

    /// What `seat` may do now, labelled for people: a seat the labels name is called by its
    /// name in `names` (indexed by seat).
    #[must_use]
    pub fn legal_actions(&self, seat: Seat, names: &[String]) -> Vec<LegalAction> {
        self.inner().legal_actions(seat, names)
    }

    /// The next step of entering an action piece by piece, after the text `prefix`, labelled
    /// for people as [`AnyGame::legal_actions`] is.
    #[must_use]
    pub fn choices(&self, seat: Seat, prefix: &str, names: &[String]) -> Choices {
        self.inner().choices(seat, prefix, names)
    }

    /// The step before `prefix` when entering an action piece by piece (for a Back button).
    #[must_use]
    pub fn previous_prefix(&self, seat: Seat, prefix: &str) -> String {
        self.inner().previous_prefix(seat, prefix)
    }

    /// Each option of the step after `prefix` (as [`AnyGame::choices`] offers them, in the same
    /// order) with one plain line saying what it does, players called by `names`.
    #[must_use]
    pub fn explanations(&self, seat: Seat, prefix: &str, names: &[String]) -> Vec<Explained> {
        self.inner().explanations(seat, prefix, names)
    }

    /// What the action written `text` does, in one plain line (players called by `names`), or
    /// `None` when the text is not an action of this game: the explanation of an option of a
    /// whole legal list ([`AnyGame::legal_actions`]).
    #[must_use]
    pub fn explain_action(&self, text: &str, names: &[String]) -> Option<String> {
        self.inner().explain_action(text, names)
    }

    /// The action written `text` in words, as its button or menu entry says it (players
    /// called by `names`), or `None` when the text is not an action of this game.
    #[must_use]
    pub fn label_action(&self, text: &str, names: &[String]) -> Option<String> {
        self.inner().label_action(text, names)
    }

    /// Whether `seat` holds anything private now (a hand, a sealed bid…): its choices are then
    /// offered only in private panels, never on a public post.
    #[must_use]
    pub fn holds_secrets(&self, seat: Seat) -> bool {
        self.secrets().iter().any(|s| s.owner == Some(seat))
    }

    /// Parses and applies an action; on error nothing changes. The narration and a refusal
    /// call players by `names` (indexed by seat), in the second person for a player called
    /// "You".
    ///
    /// # Errors
    /// [`ActionError`] when the text is not an action or the rules refuse it.
    pub fn apply(&mut self, seat: Seat, text: &str, names: &[String]) -> Result<Applied, ActionError> {
        self.inner_mut().apply(seat, text, names)
    }

    /// What `viewer` may see.
    #[must_use]
    pub fn view(&self, viewer: Viewer) -> AnyView {
        self.inner().view(viewer)
    }

    /// The resignation action of `seat`, if it may resign now.
    #[must_use]
    pub fn resign_action(&self, seat: Seat) -> Option<String> {
        self.inner().resign_action(seat)
    }

    /// Whether `seat` has resigned (or been removed): it no longer acts.
    #[must_use]
    pub fn resigned(&self, seat: Seat) -> bool {
        self.inner().resigned(seat)
    }

    /// The safe default when `seat` times out.
    #[must_use]
    pub fn timeout_action(&self, seat: Seat) -> Option<String> {
        self.inner().timeout_action(seat)
    }

    /// A computer player's choice for `seat` at `level`, by information-set search (a plain
    /// synchronous call: up to about 2 s at [`Level::Hard`], so a server runs it off its event
    /// loop). `rng` is the computer's own source, never the game's.
    #[must_use]
    pub fn computer_action(&self, seat: Seat, level: Level, rng: &mut GameRng) -> Option<String> {
        self.inner().computer_action(seat, level, rng)
    }

    /// A uniformly random legal action of `seat` (the computer players before search, and a
    /// baseline to measure them against).
    #[must_use]
    pub fn random_action(&self, seat: Seat, rng: &mut GameRng) -> Option<String> {
        self.inner().random_action(seat, rng)
    }

    /// The game's invariants.
    ///
    /// # Errors
    /// The first broken one.
    pub fn check_invariants(&self) -> Result<(), InvariantError> {
        self.inner().check_invariants()
    }

    /// Every secret in the state, for leak checks.
    #[must_use]
    pub fn secrets(&self) -> Vec<Secret> {
        self.inner().secrets()
    }

    /// Each seat's public running score now, where the game keeps one ([`Game::tally`]).
    #[must_use]
    pub fn tally(&self) -> Option<Tally> {
        self.inner().tally()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_game_has_an_id_a_name_a_summary_and_sets_up() {
        for &kind in GameKind::ALL {
            assert_eq!(kind.id().parse::<GameKind>(), Ok(kind));
            assert_eq!(serde_json::to_string(&kind).expect("id"), format!("\"{}\"", kind.id()));
            let summary = kind.summary();
            assert!(summary.chars().count() <= 2000, "{kind}: the summary must fit one Discord message");
            assert!(summary.contains(kind.name()), "{kind}: the summary names the game");
            let (min, max) = kind.players();
            assert!(2 <= min && min <= max && max <= crate::MAX_SEATS, "{kind}: {min}..={max}");
            let game = AnyGame::setup(kind, &serde_json::Value::Null, min, 1).expect("default options set up");
            assert_eq!(game.kind(), kind);
            assert_eq!(game.view(Viewer::Public).kind(), kind);
            let saved = game.save().expect("saves");
            assert_eq!(AnyGame::load(kind, &saved).expect("loads"), game);
        }
    }

    #[test]
    fn an_unknown_game_id_names_the_games_there_are() {
        let error = "chess".parse::<GameKind>().expect_err("not a game of ours");
        for &kind in GameKind::ALL {
            assert!(error.to_string().contains(kind.id()), "{error}");
        }
    }
}
