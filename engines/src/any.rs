//! One type for whichever game a table plays: the bot drives every game through text forms,
//! views and narration, without knowing its rules.

use serde::Serialize;

use crate::game::{Audience, Choices, Game, ParseActionError, Pending, RuleError, Seat, Secret, SetupError, Viewer};
use crate::gunslinger_gang::{self, GunslingerGang};
use crate::martian_12s::{self, Martian12s};
use crate::martian_gunslinger::{self, MartianGunslinger};
use crate::rng::GameRng;
use crate::{GameKind, ai};

/// A game of any kind.
// One per table; boxing the larger games would cost an allocation on every clone (search
// clones often), so the size difference between variants is accepted.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum AnyGame {
    /// Martian Gunslinger.
    MartianGunslinger(MartianGunslinger),
    /// Martian 12s.
    Martian12s(Martian12s),
    /// Gunslinger Gang.
    GunslingerGang(GunslingerGang),
}

/// A view of any kind of game.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum AnyView {
    /// Martian Gunslinger.
    MartianGunslinger(Box<martian_gunslinger::View>),
    /// Martian 12s.
    Martian12s(martian_12s::View),
    /// Gunslinger Gang.
    GunslingerGang(gunslinger_gang::View),
}

/// One legal action: its text form (what is submitted) and what a player reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalAction {
    /// The stable text form.
    pub text: String,
    /// The label for a button or menu.
    pub label: String,
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
    /// The game has no implementation.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// Runs `$body` with `$g` bound to the concrete game inside `$any`.
macro_rules! dispatch {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            AnyGame::MartianGunslinger($g) => $body,
            AnyGame::Martian12s($g) => $body,
            AnyGame::GunslingerGang($g) => $body,
        }
    };
}

fn apply_generic<G: Game>(game: &mut G, seat: Seat, text: &str, names: &[String]) -> Result<Applied, ActionError> {
    let action: G::Action = text.parse()?;
    let events = game.apply(seat, &action)?;
    let narration = events
        .iter()
        .map(|event| Narration { audience: G::audience(event), text: game.narrate(event, names) })
        .collect();
    Ok(Applied { action: action.to_string(), narration })
}

fn legal_generic<G: Game>(game: &G, seat: Seat) -> Vec<LegalAction> {
    game.legal_actions(seat).iter().map(|a| LegalAction { text: a.to_string(), label: game.describe(a) }).collect()
}

fn parse_options<O: serde::de::DeserializeOwned>(options: &serde_json::Value) -> Result<O, SetupError> {
    let value = if options.is_null() { serde_json::Value::Object(serde_json::Map::new()) } else { options.clone() };
    serde_json::from_value(value).map_err(|e| SetupError::BadOption { option: "options".into(), reason: e.to_string() })
}

impl AnyGame {
    /// Sets up a game of `kind` from JSON options (missing fields take their defaults).
    ///
    /// # Errors
    /// [`SetupError`] for a bad player count or option, or a game not playable yet.
    pub fn setup(kind: GameKind, options: &serde_json::Value, players: usize, seed: u64) -> Result<Self, SetupError> {
        let rng = GameRng::from_seed(seed);
        match kind {
            GameKind::MartianGunslinger => {
                Ok(Self::MartianGunslinger(MartianGunslinger::setup(&parse_options(options)?, players, rng)?))
            }
            GameKind::Martian12s => Ok(Self::Martian12s(Martian12s::setup(&parse_options(options)?, players, rng)?)),
            GameKind::GunslingerGang => {
                Ok(Self::GunslingerGang(GunslingerGang::setup(&parse_options(options)?, players, rng)?))
            }
            other => Err(SetupError::NotAvailable(other.name())),
        }
    }

    /// The default options of `kind`, as JSON.
    #[must_use]
    pub fn default_options(kind: GameKind) -> Option<serde_json::Value> {
        match kind {
            GameKind::MartianGunslinger => serde_json::to_value(martian_gunslinger::Options::default()).ok(),
            GameKind::Martian12s => serde_json::to_value(martian_12s::Options::default()).ok(),
            GameKind::GunslingerGang => serde_json::to_value(gunslinger_gang::Options::default()).ok(),
            _ => None,
        }
    }

    /// The fewest and most players of `kind`.
    #[must_use]
    pub const fn player_range(kind: GameKind) -> (usize, usize) {
        match kind {
            GameKind::Martian12s => Martian12s::PLAYERS,
            GameKind::GunslingerGang => GunslingerGang::PLAYERS,
            GameKind::MartianGunslinger => MartianGunslinger::PLAYERS,
            GameKind::ConquestOfMars => (2, 4),
            GameKind::Raja => (2, 5),
        }
    }

    /// Reads a saved state.
    ///
    /// # Errors
    /// [`LoadError`] when the JSON does not fit, or the game is not playable.
    pub fn load(kind: GameKind, json: &str) -> Result<Self, LoadError> {
        match kind {
            GameKind::MartianGunslinger => serde_json::from_str(json)
                .map(Self::MartianGunslinger)
                .map_err(|source| LoadError::Json { game: kind.name(), source }),
            GameKind::Martian12s => serde_json::from_str(json)
                .map(Self::Martian12s)
                .map_err(|source| LoadError::Json { game: kind.name(), source }),
            GameKind::GunslingerGang => serde_json::from_str(json)
                .map(Self::GunslingerGang)
                .map_err(|source| LoadError::Json { game: kind.name(), source }),
            other => Err(SetupError::NotAvailable(other.name()).into()),
        }
    }

    /// The state as JSON, for storage.
    ///
    /// # Errors
    /// Only if serialisation itself fails, which the state types never do.
    pub fn save(&self) -> Result<String, serde_json::Error> {
        dispatch!(self, g => serde_json::to_string(g))
    }

    /// Which game this is.
    #[must_use]
    pub const fn kind(&self) -> GameKind {
        match self {
            Self::MartianGunslinger(_) => GameKind::MartianGunslinger,
            Self::Martian12s(_) => GameKind::Martian12s,
            Self::GunslingerGang(_) => GameKind::GunslingerGang,
        }
    }

    /// Number of seats.
    #[must_use]
    pub fn players(&self) -> usize {
        dispatch!(self, g => g.players())
    }

    /// Who must decide, or how it ended.
    #[must_use]
    pub fn pending(&self) -> Pending {
        dispatch!(self, g => g.pending())
    }

    /// What `seat` may do now.
    #[must_use]
    pub fn legal_actions(&self, seat: Seat) -> Vec<LegalAction> {
        dispatch!(self, g => legal_generic(g, seat))
    }

    /// The next step of entering an action piece by piece, after the text `prefix`.
    #[must_use]
    pub fn choices(&self, seat: Seat, prefix: &str) -> Choices {
        dispatch!(self, g => g.choices(seat, prefix))
    }

    /// The step before `prefix` when entering an action piece by piece (for a Back button).
    #[must_use]
    pub fn previous_prefix(&self, seat: Seat, prefix: &str) -> String {
        dispatch!(self, g => crate::game::previous_prefix(g, seat, prefix))
    }

    /// Whether `seat` holds anything private now (a hand, a sealed bid…): its choices are then
    /// offered only in private panels, never on a public post.
    #[must_use]
    pub fn holds_secrets(&self, seat: Seat) -> bool {
        self.secrets().iter().any(|s| s.owner == Some(seat))
    }

    /// Parses and applies an action; on error nothing changes.
    ///
    /// # Errors
    /// [`ActionError`] when the text is not an action or the rules refuse it.
    pub fn apply(&mut self, seat: Seat, text: &str, names: &[String]) -> Result<Applied, ActionError> {
        dispatch!(self, g => apply_generic(g, seat, text, names))
    }

    /// What `viewer` may see.
    #[must_use]
    pub fn view(&self, viewer: Viewer) -> AnyView {
        match self {
            Self::MartianGunslinger(g) => AnyView::MartianGunslinger(Box::new(g.view(viewer))),
            Self::Martian12s(g) => AnyView::Martian12s(g.view(viewer)),
            Self::GunslingerGang(g) => AnyView::GunslingerGang(g.view(viewer)),
        }
    }

    /// The resignation action of `seat`, if it may resign now.
    #[must_use]
    pub fn resign_action(&self, seat: Seat) -> Option<String> {
        dispatch!(self, g => g.resign_action(seat).map(|a| a.to_string()))
    }

    /// The safe default when `seat` times out.
    #[must_use]
    pub fn timeout_action(&self, seat: Seat) -> Option<String> {
        dispatch!(self, g => g.timeout_action(seat).map(|a| a.to_string()))
    }

    /// A computer player's choice for `seat` (uniformly random for now).
    #[must_use]
    pub fn computer_action(&self, seat: Seat, rng: &mut GameRng) -> Option<String> {
        dispatch!(self, g => ai::random_action(g, seat, rng).map(|a| a.to_string()))
    }

    /// The game's invariants.
    ///
    /// # Errors
    /// The first broken one.
    pub fn check_invariants(&self) -> Result<(), String> {
        dispatch!(self, g => g.check_invariants())
    }

    /// Every secret in the state, for leak checks.
    #[must_use]
    pub fn secrets(&self) -> Vec<Secret> {
        dispatch!(self, g => g.secrets())
    }
}

impl AnyView {
    /// Which game this is a view of.
    #[must_use]
    pub const fn kind(&self) -> GameKind {
        match self {
            Self::MartianGunslinger(_) => GameKind::MartianGunslinger,
            Self::Martian12s(_) => GameKind::Martian12s,
            Self::GunslingerGang(_) => GameKind::GunslingerGang,
        }
    }
}
