//! Conquest of Mars (Ryan Hackel): an abstract wargame of pyramids on a grid of face-down
//! playing cards, dice battles and a poker hand at the end, 2–4 players.
//! Specification: `rules/conquest-of-mars.md`; rulings are cited as R1…R37, invariants as
//! I1…I12.
//!
//! Readings and Designed choices beyond the specification:
//! - Sub-phases are engine steps, as §4.3–4.5 define them: a trade, a reorientation and an
//!   attack are each one turn action entered over several decisions. `TradeCancel` and
//!   `ReorientCancel` share the text `cancel` (only one sub-phase is ever open).
//! - R35: every step fits a Discord menu through the word-by-word tree (`menus.rs`); the
//!   44-cell spawn list is entered as column, then row (≤ 7 each), the same bound as the
//!   spec's row-then-cell grouping, since action texts name cells column first (`C3`).
//! - R16: the join window closes only when every invitee has answered (timeout = decline),
//!   so invitees are among the seats the game waits for (`must`), all at once; so are the
//!   participants with a real dice choice (R18) and every seat choosing a starting die (R4).
//! - §4.7: `pass` is not in any legal list; `act` accepts it only where the timeout uses it
//!   (`Trade`, `Reorient`, and `Main` with an empty common pool), like Martian Gunslinger's
//!   `timeout`. It cancels an open sub-phase regardless of R36, takes a die if any is left
//!   and ends the turn, so one timeout settles a whole turn.
//! - §4.8: a seat resigning during a combat leaves it at once; the combat ends then if no
//!   attacker or no defender is left, and otherwise goes on (other losers still choose their
//!   casualties, then steps 9–10 as usual). A resigned player's dice stay in its pool.
//! - Sealed choices appear in their owner's view as words naming the colour ("Red commits d6
//!   d8 (sealed)"), which `secrets()` lists, so the harness proves no one else sees them.

mod action;
mod board;
mod combat;
mod determinize;
mod dice;
mod events;
mod invariants;
mod menus;
mod reorient;
mod rules;
mod scoring;
mod state;
mod take_back;
mod trade;
mod turn;
mod view;

#[cfg(test)]
mod tests;

pub use action::Action;
pub use board::{CARD_CELLS, COLOURS, Cell, Orient, PYRAMIDS, Place, PyramidId};
pub use combat::Side;
pub use dice::{DiceMix, DicePool, Die, Rolled};
pub use events::{Event, Removal, SubPhase};
pub use scoring::{EndReason, FinalLine, FinalResult, HandKey, compare};
pub use state::{ConquestOfMars, Options, ROUND_CAP};
pub use view::{AttackView, CellView, FighterView, OwnView, PlayerView, PyramidView, View};

use crate::game::{Audience, Choices, Game, InvariantError, Pending, RuleError, Seat, Secret, SetupError, Viewer};
use crate::rng::GameRng;

impl Game for ConquestOfMars {
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;

    const ID: &'static str = "conquest-of-mars";
    const NAME: &'static str = "Conquest of Mars";
    const PLAYERS: (usize, usize) = (2, 4);
    // A turn has at most 2 cancelled sub-phases and one completed action. A trade offers at
    // most every die in the game (64), a reorientation at most 8 pyramids; an attack adds 3
    // answers, at most 64 committed dice and 32 casualties: at most 2 × 66 + 100 = 232
    // decisions. 100 rounds (the highest cap, R30) × 4 turns × 232, plus setup and
    // resignations, stays under 100,000.
    const MAX_ACTIONS: usize = 100_000;
    const SUMMARY: &'static str = include_str!("summary.md");
    const RESIGN: Action = Action::Resign;

    fn setup(options: &Options, players: usize, rng: GameRng) -> Result<Self, SetupError> {
        state::setup(options, players, rng)
    }

    fn players(&self) -> usize {
        self.players.len()
    }

    fn pending(&self) -> Pending {
        rules::pending(self)
    }

    fn resigned(&self, seat: Seat) -> bool {
        self.players.get(seat.index()).is_some_and(|p| p.resigned)
    }

    fn legal_actions_into(&self, seat: Seat, out: &mut Vec<Action>) {
        rules::legal_actions_into(self, seat, out);
    }

    fn act(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        rules::act(self, seat, action, events)
    }

    fn view(&self, viewer: Viewer) -> View {
        view::view(self, viewer)
    }

    fn audience(event: &Event) -> Audience {
        events::audience(event)
    }

    fn sentence(&self, event: &Event, names: &[String]) -> String {
        events::sentence(self, event, names)
    }

    fn label(&self, action: &Action) -> String {
        menus::label(self, action)
    }

    fn explain(&self, action: &Action) -> String {
        menus::explain(action)
    }

    fn timeout_action(&self, seat: Seat) -> Option<Action> {
        turn::timeout_action(self, seat)
    }

    fn take_back(&self, before: &Self, seat: Seat, action: &Self::Action) -> Result<(), RuleError> {
        take_back::take_back(self, before, seat, action)
    }

    fn check_invariants(&self) -> Result<(), InvariantError> {
        invariants::check_invariants(self)
    }

    fn tally(&self) -> Option<crate::game::Tally> {
        Some(crate::game::Tally {
            one: "card held alone",
            many: "cards held alone",
            scores: self.seats().map(|seat| self.solely_occupied(seat).len() as i64).collect(),
        })
    }

    fn secrets(&self) -> Vec<Secret> {
        view::secrets(self)
    }

    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Self {
        determinize::determinize(self, observer, rng)
    }

    fn estimate(&self) -> Option<Vec<f64>> {
        Some(determinize::estimate(self))
    }

    fn choices(&self, seat: Seat, prefix: &str) -> Choices {
        menus::choices(self, seat, prefix)
    }
}
