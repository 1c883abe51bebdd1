//! Conquest of Mars decisions (§4) and their text forms.
//!
//! | spec | text |
//! |---|---|
//! | `ChooseStartDie{sides}` | `start d8` |
//! | `TakeDie` / `TradeStart{want}` | `take`, `trade d10` |
//! | `Spawn{cell}` / `Grow{pyr}` / `Move{pyr}` / `Attack{target}` | `spawn C3`, `grow RS1`, `move RM1`, `attack D3` |
//! | `ReorientStart` / `Orient{pyr, orient}` / `ReorientDone` | `reorient`, `orient RS1 E`, `done` |
//! | `TradeAdd{sides}` / `TradeConfirm` | `add d4`, `confirm` |
//! | `TradeCancel` / `ReorientCancel` | `cancel` (whichever sub-phase is open) |
//! | `JoinAttack` / `DeclineAttack` | `join`, `decline` |
//! | `CommitDie{sides}` | `commit d6` |
//! | `Destroy{pyr}` / `Evade{pyr}` | `destroy YS1`, `evade YM1` |
//! | `Pass` (timeouts only, §4.7) / `Resign` | `pass`, `resign` |

use std::fmt;
use std::str::FromStr;

use super::board::{Cell, Orient, PyramidId};
use super::dice::Die;
use crate::game::ParseActionError;

/// A Conquest of Mars decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// §3 step 4: the sealed starting die.
    ChooseStartDie(Die),
    /// §4.2: the smallest die of the common pool (R2).
    TakeDie,
    /// §4.2: open a trade for a die of this type (R3).
    TradeStart(Die),
    /// §4.2: a small pyramid onto this card (R10).
    Spawn(Cell),
    /// §4.2: this upright pyramid one size larger (R11).
    Grow(PyramidId),
    /// §4.2: open the reorientation (R12).
    ReorientStart,
    /// §4.2: this flat pyramid onto the card it points at (R13).
    Move(PyramidId),
    /// §4.2: attack this card (R14–R17).
    Attack(Cell),
    /// §4.3: offer one die of this type.
    TradeAdd(Die),
    /// §4.3: complete the trade.
    TradeConfirm,
    /// §4.3 `TradeCancel` or §4.4 `ReorientCancel`: back to `Main` (R36).
    Cancel,
    /// §4.4: set one pyramid's orientation.
    Orient {
        /// The pyramid.
        pyramid: PyramidId,
        /// Its new orientation.
        orient: Orient,
    },
    /// §4.4: commit the reorientation.
    ReorientDone,
    /// §4.5 step 3: join the attack (sealed).
    JoinAttack,
    /// §4.5 step 3: stay out of the attack (sealed).
    DeclineAttack,
    /// §4.5 step 5: one die into the combat (sealed).
    CommitDie(Die),
    /// §4.5 step 8: lose this pyramid.
    Destroy(PyramidId),
    /// §4.5 step 8, R22: this defending pyramid escapes onto the card it points at.
    Evade(PyramidId),
    /// §4.7–4.8: the timeout's turn end; never offered (see `rules.rs`).
    Pass,
    /// §4.8: leave the game.
    Resign,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ChooseStartDie(die) => write!(f, "start {die}"),
            Self::TakeDie => f.write_str("take"),
            Self::TradeStart(die) => write!(f, "trade {die}"),
            Self::Spawn(cell) => write!(f, "spawn {cell}"),
            Self::Grow(pyramid) => write!(f, "grow {pyramid}"),
            Self::ReorientStart => f.write_str("reorient"),
            Self::Move(pyramid) => write!(f, "move {pyramid}"),
            Self::Attack(cell) => write!(f, "attack {cell}"),
            Self::TradeAdd(die) => write!(f, "add {die}"),
            Self::TradeConfirm => f.write_str("confirm"),
            Self::Cancel => f.write_str("cancel"),
            Self::Orient { pyramid, orient } => write!(f, "orient {pyramid} {orient}"),
            Self::ReorientDone => f.write_str("done"),
            Self::JoinAttack => f.write_str("join"),
            Self::DeclineAttack => f.write_str("decline"),
            Self::CommitDie(die) => write!(f, "commit {die}"),
            Self::Destroy(pyramid) => write!(f, "destroy {pyramid}"),
            Self::Evade(pyramid) => write!(f, "evade {pyramid}"),
            Self::Pass => f.write_str("pass"),
            Self::Resign => f.write_str("resign"),
        }
    }
}

/// The words that stand alone.
const WORDS: [(&str, Action); 9] = [
    ("take", Action::TakeDie),
    ("reorient", Action::ReorientStart),
    ("confirm", Action::TradeConfirm),
    ("cancel", Action::Cancel),
    ("done", Action::ReorientDone),
    ("join", Action::JoinAttack),
    ("decline", Action::DeclineAttack),
    ("pass", Action::Pass),
    ("resign", Action::Resign),
];

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let expected = |what: &str| ParseActionError { text: s.trim().to_string(), expected: what.to_string() };
        match words.as_slice() {
            [word] => WORDS
                .iter()
                .find(|(w, _)| w.eq_ignore_ascii_case(word))
                .map(|(_, action)| *action)
                .ok_or_else(|| expected("an action such as take, reorient, confirm, cancel, done, join or decline")),
            [verb, arg] => parse_pair(verb, arg).unwrap_or_else(|| Err(expected("an action such as spawn C3"))),
            [verb, pyramid, orient] if verb.eq_ignore_ascii_case("orient") => {
                Ok(Self::Orient { pyramid: pyramid.parse()?, orient: orient.parse()? })
            }
            _ => Err(expected("an action such as take, spawn C3, grow RS1 or orient RS1 E")),
        }
    }
}

/// A verb and its one argument; `None` when the verb takes no argument.
fn parse_pair(verb: &str, arg: &str) -> Option<Result<Action, ParseActionError>> {
    let die = || arg.parse::<Die>().map_err(ParseActionError::from);
    let cell = || arg.parse::<Cell>().map_err(ParseActionError::from);
    let pyramid = || arg.parse::<PyramidId>().map_err(ParseActionError::from);
    let action = match verb.to_ascii_lowercase().as_str() {
        "start" => die().map(Action::ChooseStartDie),
        "trade" => die().map(Action::TradeStart),
        "add" => die().map(Action::TradeAdd),
        "commit" => die().map(Action::CommitDie),
        "spawn" => cell().map(Action::Spawn),
        "attack" => cell().map(Action::Attack),
        "grow" => pyramid().map(Action::Grow),
        "move" => pyramid().map(Action::Move),
        "destroy" => pyramid().map(Action::Destroy),
        "evade" => pyramid().map(Action::Evade),
        _ => return None,
    };
    Some(action)
}
