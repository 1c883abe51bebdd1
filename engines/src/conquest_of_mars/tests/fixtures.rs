//! Fixtures: tables built directly, as a scenario's "Given" describes them (scenarios
//! preamble: round 5, every card face down unless stated, pyramids not listed in reserve,
//! scripted randomness). Pools set here redefine the dice totals I5 conserves (C2).

use crate::conquest_of_mars::action::Action;
use crate::conquest_of_mars::board::{Cell, Orient, Place, PyramidId};
use crate::conquest_of_mars::dice::{DicePool, Die};
use crate::conquest_of_mars::events::Event;
use crate::conquest_of_mars::state::{ConquestOfMars, Options, Phase};
use crate::game::{Game, RuleError, Seat, Viewer};
use crate::rng::GameRng;

pub(crate) const P0: Seat = Seat(0);
pub(crate) const P1: Seat = Seat(1);
pub(crate) const P2: Seat = Seat(2);
pub(crate) const P3: Seat = Seat(3);

/// An action from its text.
pub(crate) fn act(text: &str) -> Action {
    text.parse().unwrap_or_else(|e| panic!("{text:?} is not an action: {e}"))
}

/// A cell from its name.
pub(crate) fn cell(text: &str) -> Cell {
    text.parse().expect("a cell")
}

/// A pyramid from its id.
pub(crate) fn pyr(text: &str) -> PyramidId {
    text.parse().expect("a pyramid id")
}

/// A pool from `(sides, count)` pairs, as the scenarios write `{d4:2, d6:1}`.
pub(crate) fn pool(counts: &[(u8, u8)]) -> DicePool {
    let die = |sides: u8| Die::ALL.into_iter().find(|d| d.sides() == sides).expect("a die type");
    DicePool::of(&counts.iter().map(|(s, n)| (die(*s), *n)).collect::<Vec<_>>())
}

/// A real game set up from `seed` with default options.
pub(crate) fn new_game(players: usize, seed: u64) -> ConquestOfMars {
    ConquestOfMars::setup(&Options::default(), players, GameRng::from_seed(seed)).expect("setup")
}

/// A table in `Main`, round 5, P0 on turn, turn order by seat; every card face down, every
/// pyramid in reserve, no personal dice; nothing scripted yet.
pub(crate) fn given(players: usize) -> ConquestOfMars {
    let mut g = new_game(players, 3);
    g.phase = Phase::Main;
    g.turn_order = g.seats().collect();
    g.current = P0;
    g.round = 5;
    g.rng = GameRng::scripted([]);
    g
}

impl ConquestOfMars {
    /// Places pyramids written as the scenarios do (`RM1@C3:E YS1@D3:Up`); their cells turn
    /// face up (an occupied card is face up, I2).
    pub(crate) fn with(&mut self, placements: &str) -> &mut Self {
        for item in placements.split_whitespace() {
            let (id, rest) = item.split_once('@').expect("pyramid@cell:orient");
            let (at, orient) = rest.split_once(':').expect("cell:orient");
            let (at, orient): (Cell, Orient) = (cell(at), orient.parse().expect("an orientation"));
            self.set_place(pyr(id), Place::Board { cell: at, orient });
            self.grid[at.index().expect("a card cell")].face_up = true;
        }
        self
    }

    /// Turns the named cards face up.
    pub(crate) fn with_face_up(&mut self, cells: &str) -> &mut Self {
        for name in cells.split_whitespace() {
            self.grid[cell(name).index().expect("a card cell")].face_up = true;
        }
        self
    }

    /// Sets a personal pool; the dice totals follow.
    pub(crate) fn with_dice(&mut self, seat: Seat, counts: &[(u8, u8)]) -> &mut Self {
        self.player_mut(seat).dice = pool(counts);
        self.recount()
    }

    /// Sets the common pool; the dice totals follow.
    pub(crate) fn with_common(&mut self, counts: &[(u8, u8)]) -> &mut Self {
        self.common = pool(counts);
        self.recount()
    }

    /// Queues die results (1-based, as read on the die) or roll-off picks for the script.
    pub(crate) fn script(&mut self, results: &[u32]) -> &mut Self {
        for r in results {
            self.rng.push_script(r - 1);
        }
        self
    }

    fn recount(&mut self) -> &mut Self {
        self.dice_total = self.players.iter().fold(self.common, |sum, p| sum.plus(&p.dice));
        self
    }

    /// A finished fixture, checked against §9.
    pub(crate) fn build(&mut self) -> Self {
        self.check_invariants().unwrap_or_else(|e| panic!("fixture breaks {e}"));
        self.clone()
    }

    /// Applies `text` for `seat`; it must be accepted and keep §9.
    pub(crate) fn run(&mut self, seat: Seat, text: &str) -> Vec<Event> {
        let events = self.apply(seat, &act(text)).unwrap_or_else(|e| panic!("{seat} {text}: {e}"));
        self.check_invariants().unwrap_or_else(|e| panic!("after {seat} {text}: {e}"));
        events
    }

    /// Applies `text` for `seat`; it must be refused with the state unchanged.
    pub(crate) fn refuse(&mut self, seat: Seat, text: &str) -> RuleError {
        let before = serde_json::to_string(self).expect("state serialises");
        let error = self.apply(seat, &act(text)).expect_err(&format!("{seat} {text} must be refused"));
        assert_eq!(serde_json::to_string(self).expect("state serialises"), before, "{text} changed the state");
        error
    }

    /// The legal list as texts.
    pub(crate) fn texts(&self, seat: Seat) -> Vec<String> {
        self.legal_actions(seat).iter().map(ToString::to_string).collect()
    }

    /// The legal texts that start with `verb`.
    pub(crate) fn texts_of(&self, seat: Seat, verb: &str) -> Vec<String> {
        self.texts(seat).into_iter().filter(|t| t.split(' ').next() == Some(verb)).collect()
    }

    /// Where a pyramid is, as the scenarios write it: `C3:E`, `reserve`.
    pub(crate) fn at(&self, id: &str) -> String {
        match self.place(pyr(id)).expect("a pyramid of this game") {
            Place::Reserve => "reserve".into(),
            Place::Board { cell, orient } => format!("{cell}:{orient}"),
        }
    }

    /// A personal pool, written `{d4:1, d8:1}`.
    pub(crate) fn pool_of(&self, seat: Seat) -> String {
        self.player(seat).dice.to_string()
    }

    /// Whether the card at `name` is face up.
    pub(crate) fn is_face_up(&self, name: &str) -> bool {
        self.grid_card(cell(name)).is_some_and(|g| g.face_up)
    }

    /// The public view as JSON text.
    pub(crate) fn public_json(&self) -> String {
        serde_json::to_string(&self.view(Viewer::Public)).expect("view serialises")
    }
}
