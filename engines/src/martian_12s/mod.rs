//! Martian 12s (Avri Klemer): a push-your-luck casino game with pyramids pulled from a bag.
//! Specification: `rules/martian-12s.md`; rulings are cited as R1…R26, invariants as I1…I12.
//!
//! Readings and Designed choices beyond the specification:
//! - Nothing is private (§5): every viewer gets the same view and every event is public.
//! - R26 (only the player on turn pulls or passes) is refused by the contract's opening check
//!   as "not your decision"; `act` checks it again with the ruling, for direct callers.
//! - R3 and R16 refusals cannot be reached through a turn: §4.2 step 1 forces the pass
//!   before the player is asked. `act` still refuses such a pull with the ruling.
//! - The last scored round is kept in the state (`previous_round`) so the board after it can
//!   show how it ended (§8 "Round summaries"); it plays no part in the rules.

mod action;
mod determinize;
mod events;
mod invariants;
mod menus;
mod rules;
mod state;
mod take_back;
mod view;

#[cfg(test)]
mod tests;

pub use action::{Action, Grab};
pub use events::{Event, Forced, RoundEnd};
pub use state::{
    Credits, EndReason, LastMove, Martian12s, MatchMode, Options, Palette, Pyramid, ROUND_CAP, RoundLine, RoundResult,
    Status,
};
pub use view::{PlayerView, View};

use crate::game::{Audience, Choices, Game, InvariantError, Pending, RuleError, Seat, SetupError, Viewer};
use crate::rng::GameRng;

impl Game for Martian12s {
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;

    const ID: &'static str = "martian-12s";
    const NAME: &'static str = "Martian 12s";
    const PLAYERS: (usize, usize) = (2, 9);
    // 50 rounds × (60 pyramids + 9 passes) + 9 resignations, rounded up.
    const MAX_ACTIONS: usize = 4_000;
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
        menus::label(self, *action)
    }

    fn word_label(&self, word: &str) -> String {
        menus::word_label(word)
    }

    fn explain(&self, action: &Action) -> String {
        menus::explain(self, *action)
    }

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
            one: "credit",
            many: "credits",
            scores: self.seats().map(|seat| i64::from(self.player(seat).wallet.0)).collect(),
        })
    }

    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Self {
        determinize::determinize(self, observer, rng)
    }

    fn choices(&self, seat: Seat, prefix: &str) -> Choices {
        menus::choices(self, seat, prefix)
    }
}
