//! Martian Gunslinger (Shane Tilton): pyramid gunslingers on a chessboard, poker duels and a
//! deck of events. Specification: `rules/martian-gunslinger.md`; rulings are cited as
//! R1…R59, invariants as §9.1…§9.13.
//!
//! Files, in the shape every game folder has (`engines/src/README.md`): `state.rs` (the model,
//! options, set-up §3 steps 1–4), `action.rs` + `action_text.rs` (decisions and their text
//! forms), `rules.rs` (flow, who must decide, validate then mutate, auto-pass, resignation,
//! refusals in words), `events.rs` (the narration and its sentences), `view.rs`, `menus.rs`
//! (steps of at most 25 options, labels), `invariants.rs` (§9), `tests/`. The rules too long
//! for `rules.rs` sit in parts named after the specification: `placement.rs` (§3 steps 5–8),
//! `turn.rs` (T0–T2, T9, T10), `movement.rs` (T3), `contest.rs` (T4/T5, poker contests),
//! `hand.rs` (T6/T7), `event_cards.rs` + `mayor.rs` (T8, the event deck), `checks.rs`
//! (§4.14, §6) and `zones.rs` (card moves).
//!
//! Digital decisions beyond the specification's words (each cited where it is made):
//! - `ContestDiscard(S)` (§4.6 step 2, R18) and the 8/9 discards (§4.7) are entered one card
//!   at a time (`exchange 2C` … `exchange done`, `refill 2C` … `refill done`) as engine-level
//!   steps: the full lists of subsets (up to 2^15) would not be finite menus of sensible size.
//!   The sealed exchange stays sealed: the steps are private events, and the window closes
//!   when both sides are done.
//! - Options (Designed): only the seats' colours; seats without a choice take the first free
//!   colour, so a table needs no lobby input. The order roll and placements are in-game.
//! - Resignation (Designed, §8 is silent): the piece leaves the board for good, the seat's
//!   cards are discarded, its slots are skipped, its remaining decisions take their timeout
//!   defaults, it cannot win and it ranks last; the last player left wins.
//! - Timeouts follow §8.6; a forced choice among hand cards is the action `timeout`, a
//!   uniformly random card from the game's RNG (R59).

mod action;
mod action_text;
mod checks;
mod contest;
mod determinize;
mod event_cards;
mod events;
mod hand;
mod invariants;
mod mayor;
mod menus;
mod movement;
mod placement;
mod rules;
mod state;
mod take_back;
mod turn;
mod view;
mod zones;

#[cfg(test)]
mod tests;

pub use action::{Action, Bonus, Die, EventParams, HandPlay, Pile, Place, PlayOption, Target, event_title};
pub use events::{ContestWhy, Event, ShownHand};
pub use state::{
    EventSlot, EventStatus, HAND_LIMIT, LastMove, MartianGunslinger, Options, PlotId, ROUND_CAP, Stage, Token,
    TokenKind, WinReason,
};
pub use view::{ContestSideView, DiceView, EventView, OwnView, PieceView, PlayerView, View};

use crate::game::{Audience, Choices, Game, InvariantError, Pending, RuleError, Seat, Secret, SetupError, Viewer};
use crate::rng::GameRng;

impl Game for MartianGunslinger {
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;

    const ID: &'static str = "martian-gunslinger";
    const NAME: &'static str = "Martian Gunslinger";
    const PLAYERS: (usize, usize) = (2, 4);
    // 50 rounds × 4 slots × a generous 100 decisions per slot (moves, exchanges card by
    // card, refills, bids and payments), plus setup.
    const MAX_ACTIONS: usize = 20_000;
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
        rules::act(self, seat, *action, events)
    }

    fn view(&self, viewer: Viewer) -> View {
        view::view(self, viewer)
    }

    fn audience(event: &Event) -> Audience {
        event.audience()
    }

    fn sentence(&self, event: &Event, names: &[String]) -> String {
        events::sentence(event, names)
    }

    fn label(&self, action: &Action) -> String {
        menus::label(self, action)
    }

    fn explain(&self, action: &Action) -> String {
        menus::explain(action)
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

    fn estimate(&self) -> Option<Vec<f64>> {
        Some(determinize::estimate(self))
    }

    fn choices(&self, seat: Seat, prefix: &str) -> Choices {
        menus::choices(self, seat, prefix)
    }
}
