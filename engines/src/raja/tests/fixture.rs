//! Fixture F of `rules/raja.scenarios.md`, built directly: 3 players (A = Black, chair;
//! B = White, minaret; C = Green, head), s1 = A, every land the default setup (§3 step 6),
//! walls `[3]`, shields 2 at (0,1) and 1 at (2,1), cash 75, prices 3 / 8 / 14. Overrides
//! replace values; [`Fx::normalise`] derives reserves, pile, bank and stocks from them.

use crate::game::{Game, RuleError, Seat, SeatSet, Viewer};
use crate::raja::Action;
use crate::raja::events::Event;
use crate::raja::grain::GRAIN_TOTAL;
use crate::raja::lands::{Cell, Lands, TileColour};
use crate::raja::state::{
    Auction, City, ELEPHANTS, MONEY_TOTAL, Noble, Options, Phase, Raja, SHIELDS_PER_FACE, STONES_PER_COLOR, Segment,
    Shield, Step,
};
use crate::raja::wall::Wall;
use crate::rng::GameRng;

pub(crate) const A: Seat = Seat(0);
pub(crate) const B: Seat = Seat(1);
pub(crate) const C: Seat = Seat(2);

/// A cell from `x,y`.
pub(crate) fn cell(text: &str) -> Cell {
    text.parse().expect("a cell")
}

/// An action from its text.
pub(crate) fn act(text: &str) -> Action {
    text.parse().unwrap_or_else(|e| panic!("{text:?} does not parse: {e}"))
}

/// A game under test.
pub(crate) struct Fx {
    pub game: Raja,
}

impl Fx {
    /// Fixture F with `players` seats (3 in the scenarios), at Turn 1's auction, opened by A.
    pub(crate) fn new(players: usize) -> Self {
        let markers = std::iter::repeat_n(0, players);
        let rng = GameRng::scripted(std::iter::once(0).chain(markers));
        let mut game = crate::raja::state::setup(&Options::default(), players, rng).expect("set up");
        for p in &mut game.players {
            p.lands = default_lands();
            for (k, at) in ["0,0", "2,0", "1,1"].iter().enumerate() {
                p.cities[k] = City { noble: Noble::Home, cell: Some(cell(at)), wall: Wall::of(&[3]), column: 0 };
            }
            p.shields = [0; 3];
            p.deployed = vec![Shield { cell: cell("0,1"), face: 2 }, Shield { cell: cell("2,1"), face: 1 }];
            p.deployed.sort_unstable();
            p.setup = None;
        }
        game.phase = Phase::Auction(Auction {
            to_act: A,
            high: None,
            passed: SeatSet::EMPTY,
            bids: [None; crate::raja::state::MAX_PLAYERS],
        });
        let mut fx = Self { game };
        fx.normalise();
        fx
    }

    /// Derived values follow the overrides: stone reserves, grain pile, bank and stocks.
    pub(crate) fn normalise(&mut self) -> &mut Self {
        let g = &mut self.game;
        let pending = match g.step() {
            Some(Step::Placing(p)) => Some((g.active(), p.pending)),
            _ => None,
        };
        for (i, p) in g.players.iter_mut().enumerate() {
            let waiting = pending.filter(|(a, _)| *a == Some(Seat(i as u8))).map_or(0, |(_, n)| n);
            p.stones = STONES_PER_COLOR - p.wall_stones() - waiting;
        }
        g.grain_pile = GRAIN_TOTAL - g.players.iter().map(|p| p.grain()).sum::<u8>();
        g.bank = MONEY_TOTAL - g.players.iter().map(|p| p.cash).sum::<u32>();
        for f in 0..3 {
            let held: u8 = g.players.iter().map(|p| p.shields[f]).sum();
            let deployed = g.players.iter().flat_map(|p| &p.deployed).filter(|s| usize::from(s.face) == f + 1).count();
            g.shield_stock[f] = SHIELDS_PER_FACE - held - deployed as u8;
        }
        let herds: u8 = g.herds.iter().map(|h| h.count).sum();
        g.elephant_stock = ELEPHANTS - herds - g.players.iter().map(|p| p.elephants).sum::<u8>();
        self
    }

    /// Puts the game in `seat`'s segment (first of the turn) at `step`.
    pub(crate) fn segment(&mut self, seat: Seat, step: Step) -> &mut Self {
        let segment = Segment { first: seat, index: 0, proposals: 0, credit: 0, step };
        self.game.phase = Phase::Segment(segment);
        self
    }

    /// Sets a wall (city 1..=3) from its rows.
    pub(crate) fn wall(&mut self, seat: Seat, city: usize, rows: &[u8]) -> &mut Self {
        self.game.players[seat.index()].cities[city - 1].wall = Wall::of(rows);
        self.normalise()
    }

    /// Sets a grain column (city 1..=3).
    pub(crate) fn column(&mut self, seat: Seat, city: usize, height: u8) -> &mut Self {
        self.game.players[seat.index()].cities[city - 1].column = height;
        self.normalise()
    }

    /// Sets a player's cash.
    pub(crate) fn cash(&mut self, seat: Seat, cash: u32) -> &mut Self {
        self.game.players[seat.index()].cash = cash;
        self.normalise()
    }

    /// Sets a player's reserve elephants.
    pub(crate) fn elephants(&mut self, seat: Seat, count: u8) -> &mut Self {
        self.game.players[seat.index()].elephants = count;
        self.normalise()
    }

    /// Sets a player's reserve shields by face.
    pub(crate) fn shields(&mut self, seat: Seat, faces: [u8; 3]) -> &mut Self {
        self.game.players[seat.index()].shields = faces;
        self.normalise()
    }

    /// Queues draws as the specification writes them, `d(k)` results 1..k.
    pub(crate) fn draws(&mut self, results: &[u32]) -> &mut Self {
        for &r in results {
            self.game.rng.push_script(r - 1);
        }
        self
    }

    /// Draws still queued.
    pub(crate) fn draws_left(&self) -> usize {
        self.game.rng.scripted_left()
    }

    /// `seat` plays `text`, which must be accepted; the invariants must hold afterwards.
    pub(crate) fn ok(&mut self, seat: Seat, text: &str) -> Vec<Event> {
        let events = self.game.apply(seat, &act(text)).unwrap_or_else(|e| panic!("{seat} {text}: refused: {e}"));
        self.game.check_invariants().unwrap_or_else(|e| panic!("after {seat} {text}: {e}"));
        events
    }

    /// `seat` plays `text`, which must be refused with the state unchanged; returns the error.
    pub(crate) fn refused(&mut self, seat: Seat, text: &str) -> RuleError {
        let before = serde_json::to_string(&self.game).expect("serialises");
        let error = self.game.apply(seat, &act(text)).expect_err(&format!("{seat} {text} was accepted"));
        assert_eq!(serde_json::to_string(&self.game).expect("serialises"), before, "{text} changed the state");
        error
    }

    /// The rows of a wall (city 1..=3).
    pub(crate) fn rows(&self, seat: Seat, city: usize) -> Vec<u8> {
        self.game.players[seat.index()].cities[city - 1].wall.rows().to_vec()
    }

    /// A column's height (city 1..=3).
    pub(crate) fn height(&self, seat: Seat, city: usize) -> u8 {
        self.game.players[seat.index()].cities[city - 1].column
    }

    /// A player's cash.
    pub(crate) fn cash_of(&self, seat: Seat) -> u32 {
        self.game.players[seat.index()].cash
    }

    /// The first options' tokens of `seat` after `prefix`, trimmed.
    pub(crate) fn options(&self, seat: Seat, prefix: &str) -> Vec<String> {
        self.game.choices(seat, prefix).options.iter().map(|c| c.token.trim().to_string()).collect()
    }

    /// What `seat` sees.
    pub(crate) fn view_of(&self, seat: Seat) -> crate::raja::View {
        self.game.view(Viewer::Seat(seat))
    }
}

/// The default setup's lands (§3 step 6).
pub(crate) fn default_lands() -> Lands {
    let mut lands = Lands::block();
    for at in ["2,0", "2,1", "0,2"] {
        lands.add(cell(at));
    }
    for at in ["1,0", "2,0", "0,1", "0,2"] {
        if let Some(tile) = lands.tile_mut(cell(at)) {
            tile.colour = TileColour::Red;
        }
    }
    lands
}
