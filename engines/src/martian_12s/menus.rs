//! Entering a Martian 12s action: the turn list has at most five actions (§4.2, R26), so
//! the step tree is the word-by-word tree over the legal list, each last word labelled here.

use super::action::{Action, Grab};
use super::state::Martian12s;
use crate::game::{Choices, Seat, choices_from_list};

/// What may follow `prefix` for `seat`: `pull` (then `S`, `M`, `L`, `any`) or `pass` at the
/// start, never more than five options. This is the contract's word-by-word tree over the
/// legal list ([`choices_from_list`]), which labels each complete action with [`label`].
pub(super) fn choices(game: &Martian12s, seat: Seat, prefix: &str) -> Choices {
    choices_from_list(game, seat, prefix)
}

/// The label of the first word of a pull, before its size.
pub(super) fn word_label(word: &str) -> String {
    match word {
        "pull" => "Pull a pyramid…".to_string(),
        other => other.to_string(),
    }
}

/// A player-facing label for a turn action, with the counts that decide it (§4.2: each Pull
/// button shows how many of that size remain, R25).
pub(super) fn label(game: &Martian12s, action: Action) -> String {
    match action {
        Action::Pull(Grab::Size(size)) => format!("Pull {} ({} left)", size.word(), game.left(size)),
        Action::Pull(Grab::Any) => format!("Pull any ({} in bag)", game.bag.count_ones()),
        Action::Pass => format!("Pass at {}", game.player(game.current).score),
        Action::Resign => "Resign".to_string(),
    }
}

/// What a turn action does, in one line (§4.2–§4.4, R6: a pull feels for a size but never
/// sees the colour; §4.5: over 12 pops).
pub(super) fn explain(game: &Martian12s, action: Action) -> String {
    let stake = crate::wording::count(game.options.stake, "credit");
    match action {
        Action::Pull(Grab::Size(size)) => format!(
            "Pay {stake} into the pot and feel in the bag for a {} pyramid; its colour adds 0 to 4 to your score, and over 12 you are out of the round",
            size.word()
        ),
        Action::Pull(Grab::Any) => format!(
            "Pay {stake} into the pot and grab any pyramid blind; its colour adds 0 to 4 to your score, and over 12 you are out of the round"
        ),
        Action::Pass => {
            "Stop pulling for this round: your score stands, and the highest score not over 12 takes the pot"
                .to_string()
        }
        Action::Resign => "Leave the match for good".to_string(),
    }
}
