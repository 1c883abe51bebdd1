//! Gunslinger Gang (Alex Churchill): area control in Old West mining towns, 2–4 players,
//! four rounds of secret Planning and top-of-stack Resolution.
//! Specification: `rules/gunslinger-gang.md`; rulings are cited as R1…R44, invariants as §9.1…
//!
//! Readings and Designed choices beyond the specification:
//! - §3 step 1, R21: the table, not the engine, fixes the seats, so the seat shuffle becomes one
//!   draw of the first start player (`below(P)`), still the first RNG call; colours follow seats.
//! - §8.8 lets a bot take an idle player's decision ("any legal action is valid"); the timeout
//!   default is the passive one (see `rules::timeout_action`), and it uses only that seat's own view
//!   (R44). Resigning (Designed): later decisions take those defaults at once; the seat ranks last.
//! - Every decision is one engine step (a `play`, a reveal, a timing, an ability, each A / C /
//!   News step), entered word by word; no step offers more than 13 options (R42, R43).
//! - Events name a revealed or kept News Story by title only (the view shows its id while it is
//!   resolving), so a kept card's id is never in a public event once it is back in a hand.
//! - §9.8 "VP never decreases" and §9.5 "held items never leave" are properties of the history;
//!   the playout tests check them, `check_invariants` checks everything a state alone can show.

mod action;
mod board;
mod cards;
mod determinize;
mod events;
mod invariants;
mod menus;
mod news;
mod reveal;
mod rules;
mod scoring;
mod state;
mod take_back;
mod underlings;
mod view;

#[cfg(test)]
mod tests;

pub use action::{Ability, Action, Piece, Role, Timing};
pub use board::{Pos, Tile};
pub use cards::{Card, Colour, Dot, Item, News, Title, Underling};
pub use events::{Bonus, BuildingReason, Displacement, Event, Removal};
pub use scoring::{Control, FinalLine, FinalResult, How, ScoringReport, TieBreak, TownScore};
pub use state::{GunslingerGang, ItemSet, Options, Phase, ROUNDS, Step, Used};
pub use view::{EntryView, PlayerView, PrivateView, ResolvingView, TownView, View};

use crate::game::{
    Audience, Choice, Choices, Game, InvariantError, Pending, RuleError, Seat, Secret, SetupError, Viewer,
};
use crate::rng::GameRng;

impl Game for GunslingerGang {
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;

    const ID: &'static str = "gunslinger-gang";
    const NAME: &'static str = "Gunslinger Gang";
    const PLAYERS: (usize, usize) = (2, 4);
    // §6.4: per round at most 5P plays and 5P reveals of at most 13 decisions each, plus the
    // resignations: 4 × (20 + 20 × 13) + 4 = 1,124; the spec's guard is 2,000.
    const MAX_ACTIONS: usize = 2_000;
    const SUMMARY: &'static str = include_str!("summary.md");
    /// Designed (the spec is silent): a seat may resign at any time before the end; from then
    /// on its decisions take [`Game::timeout_action`]'s defaults at once, and it ranks below
    /// every player who did not resign (then by the usual order among resigned players).
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

    fn word_label(&self, word: &str) -> String {
        menus::word_label(self, word)
    }

    fn explain(&self, action: &Action) -> String {
        menus::explain(self, action)
    }

    fn explain_choice(&self, seat: Seat, prefix: &str, choice: &Choice) -> String {
        menus::explain_choice(self, seat, prefix, choice)
    }

    /// The safe default of every decision: see `timeout_action` in `rules.rs`.
    fn timeout_action(&self, seat: Seat) -> Option<Action> {
        rules::timeout_action(self, seat)
    }

    fn take_back(&self, before: &Self, seat: Seat, action: &Self::Action) -> Result<(), RuleError> {
        take_back::take_back(self, before, seat, action)
    }

    fn check_invariants(&self) -> Result<(), InvariantError> {
        invariants::check_invariants(self)
    }

    fn tally(&self) -> Option<crate::game::Tally> {
        Some(crate::game::Tally {
            one: "victory point",
            many: "victory points",
            scores: self.seats().map(|seat| i64::from(self.player(seat).vp)).collect(),
        })
    }

    fn secrets(&self) -> Vec<Secret> {
        view::secrets(self)
    }

    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Self {
        determinize::determinize(self, observer, rng)
    }

    fn choices(&self, seat: Seat, prefix: &str) -> Choices {
        menus::choices(self, seat, prefix)
    }
}
