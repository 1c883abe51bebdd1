//! Raja (Kreitler, Game Design Showdown July 2005, entry #1): noble families besiege each
//! other's walled cities for a vacant throne, 2–5 players. Specification: `rules/raja.md`;
//! rulings are cited as R1…R48, invariants as §9.1…§9.16.
//!
//! Files: `state.rs` (the model and §3 steps 1–4), `action.rs` (text forms), `rules.rs` (who
//! decides, dispatch, automatic steps, §4.8 defaults), `legal.rs` (the legal lists),
//! `setup.rs` (§3 step 5–6), `lands.rs` (§2.3), `wall.rs` (§2.4), `grain.rs` (§2.5, §4.1),
//! `turn.rs` (§4.2, §4.7), `market.rs` (§2.6, §4.3 orders), `trade.rs` (§4.3 proposals),
//! `build.rs` (§4.4), `siege.rs` (§4.5), `resolution.rs` (§4.6), `scoring.rs` (§6),
//! `events.rs`, `view.rs` (§5), `menus.rs` (§4.10), `invariants.rs` (§9).
//!
//! Readings and **Designed** choices beyond the specification:
//! - Entry steps (§4.10, R44) live in [`Game::choices`]: a number is one select or digits,
//!   most significant first; money is written with three digits and grain with two
//!   (`bid 007`, `give grain 05`) so that each digit step appends to the text, and any
//!   number of digits is read back. The auction's first amount step adds quick raises
//!   (+1, +2, +5, +10) where digits are needed. A draft never reaches the engine: the front
//!   end holds the prefix and `apply` takes the finished batch.
//! - The legal lists are exact except for trade bundles (see `legal.rs`): there they hold a
//!   fixed family of bundles (one field per side at most), which computer players and random
//!   playouts use; `choices` and `apply` cover every legal bundle.
//! - Pending seats: the proposer may withdraw a proposal while its window is open
//!   (`trade_cancel`, a *may* decision; the proposal still counts, so R14 bounds it). The
//!   recipients of a proposal and the players asked to fill an order *must* answer (§4.3
//!   waits for them; their timeout is a decline).
//! - The host's `timeout(seat)` is the action `timeout`, not listed: it applies the §4.8
//!   default of the seat's pending decision (all its steps: a whole default setup, every
//!   pending stone, the whole default defence). A resigned seat's decisions take the same
//!   defaults at once (R48); its vp do not end the game (it cannot win).
//! - A player's cash after each change is told to him alone (`Event::Purse`); every trade,
//!   order, bid and ransom is public (§5), so no trade line needs a narrower audience.
//! - Cap: at most 20 turns (R39). `MAX_ACTIONS` bounds a whole game: setup ≤ 5 × 45 steps;
//!   per turn an auction of at most 776 raises and 5 passes, and per segment at most
//!   3 × (1 + 4 + 1) trade steps, 3 × 5 order steps, 1 + 101 + 101 + 30 + 1 building steps
//!   (declarations and placements are paid by at most 50 grain plus one credit) and at most
//!   1 + 3 + 1 + 62 + 3 + 31 + 9 siege steps: under 2,900 per turn, 58,000 in 20 turns.

mod action;
mod build;
mod determinize;
mod events;
mod grain;
mod invariants;
mod lands;
mod legal;
mod market;
mod menus;
mod resolution;
mod rules;
mod scoring;
mod setup;
mod siege;
mod state;
mod take_back;
mod trade;
mod turn;
mod view;
mod wall;

#[cfg(test)]
mod tests;

pub use action::Action;
pub use build::grain_for;
pub use events::{Event, describe};
pub use grain::{GRAIN_SAFE, GRAIN_TOTAL, GrainCheck, stack_token};
pub use lands::{Cell, Lands, Tile, TileColour};
pub use market::{Answer, Lot, Market, Order, Side};
pub use resolution::{Battle, elephants_lost, siege_x};
pub(crate) use scoring::estimate_counting;
pub use siege::{Commit, Siege, SiegeStage};
pub use state::{
    Auction, Captive, City, Colour, EndReason, Herd, MAX_TURNS, Marker, Noble, Options, Phase, Placing, Player, Raja,
    Segment, Shield, Step,
};
pub use trade::{Bundle, Item, Part, Proposal, Recipient, Reply};
pub use view::{BoardView, CityView, PhaseView, PlayerView, PrivateView, ResultView, View};
pub use wall::{Touch, WALL_CAPACITY, WALL_MAX_ROWS, WALL_MAX_WIDTH, Wall};

use crate::game::{
    Audience, Choice, Choices, Game, InvariantError, Pending, RuleError, Seat, Secret, SetupError, Viewer,
};
use crate::rng::GameRng;

impl Game for Raja {
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;

    const ID: &'static str = "raja";
    const NAME: &'static str = "Raja";
    const PLAYERS: (usize, usize) = (2, 5);
    // See the module documentation: a whole game takes fewer than 58,500 actions.
    const MAX_ACTIONS: usize = 60_000;
    const SUMMARY: &'static str = include_str!("summary.md");
    const RESIGN: Action = Action::Resign;

    fn setup(options: &Options, players: usize, rng: GameRng) -> Result<Self, SetupError> {
        state::setup(options, players, rng)
    }

    fn players(&self) -> usize {
        self.n()
    }

    fn pending(&self) -> Pending {
        rules::pending(self)
    }

    fn resigned(&self, seat: Seat) -> bool {
        self.players.get(seat.index()).is_some_and(|p| p.resigned)
    }

    fn legal_actions_into(&self, seat: Seat, out: &mut Vec<Action>) {
        legal::legal_actions_into(self, seat, out);
    }

    /// Trade bundles are listed as a family (see `legal.rs`); the step tree offers them all.
    fn listed_in_part(action: &Action) -> bool {
        matches!(action, Action::TradePropose { .. } | Action::TradeCounter { .. })
    }

    fn random_legal_action(&self, seat: Seat, rng: &mut GameRng, scratch: &mut Vec<Action>) -> Option<Action> {
        legal::random_legal_action(self, seat, rng, scratch)
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
        events::sentence(event, names)
    }

    fn label(&self, action: &Action) -> String {
        menus::label(self, action)
    }

    fn explain(&self, action: &Action) -> String {
        menus::explain(action)
    }

    fn explain_choice(&self, seat: Seat, prefix: &str, choice: &Choice) -> String {
        menus::explain_choice(self, seat, prefix, choice)
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
            scores: self.seats().map(|seat| i64::from(self.vp(seat))).collect(),
        })
    }

    fn secrets(&self) -> Vec<Secret> {
        view::secrets(self)
    }

    fn choices(&self, seat: Seat, prefix: &str) -> Choices {
        menus::choices(self, seat, prefix)
    }

    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Self {
        determinize::determinize(self, observer, rng)
    }

    fn estimate(&self) -> Option<Vec<f64>> {
        Some(scoring::estimate(self))
    }
}
