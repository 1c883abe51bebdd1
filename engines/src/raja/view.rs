//! What a viewer may see (§5, R5, R47): everything on the table, but cash only behind its
//! owner's blinder, the bank total to nobody, and each land only to its owner until every
//! setup is done. Cash and the bank are revealed at the end.

use serde::{Deserialize, Serialize};

use super::lands::{Cell, Tile, TileColour};
use super::state::{Auction, Captive, Colour, EndReason, Herd, Marker, Noble, Phase, Raja, Segment, Shield};
use super::wall::Wall;
use crate::game::{Outcome, Seat, Secret, Viewer};

/// One city as everybody sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CityView {
    /// 1..=3.
    pub number: u8,
    /// Home, captured or (setup) unplaced.
    pub noble: Noble,
    /// The noble's tile.
    pub cell: Option<Cell>,
    /// The wall's rows, row 1 first.
    pub wall: Wall,
    /// Stones in the wall.
    pub stones: u8,
    /// Production `1 + W` when its season comes.
    pub production: u8,
    /// Grain in its column.
    pub column: u8,
}

/// A player's lands and what stands on them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardView {
    /// Tiles in canonical order.
    pub tiles: Vec<Tile>,
    /// C1, C2, C3.
    pub cities: Vec<CityView>,
    /// Deployed shields.
    pub deployed: Vec<Shield>,
    /// Wall stones in reserve.
    pub stones: u8,
    /// Reserve shields by face.
    pub shields: [u8; 3],
}

/// One player as everybody sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The seat.
    pub seat: Seat,
    /// Colour.
    pub colour: Colour,
    /// Marker shape.
    pub marker: Marker,
    /// Victory points, live (§6).
    pub vp: u8,
    /// Grain held.
    pub grain: u8,
    /// Elephants in reserve.
    pub elephants: u8,
    /// Nobles captured.
    pub captured: Vec<Captive>,
    /// Where the marker stands.
    pub marker_at: Option<(Seat, Cell)>,
    /// Markets used this turn.
    pub markets_used: [bool; 3],
    /// Setup finished.
    pub setup_done: bool,
    /// Resigned (R48).
    pub resigned: bool,
    /// The lands, once revealed (R47).
    pub board: Option<BoardView>,
}

/// Where the game is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum PhaseView {
    Setup,
    Auction(Auction),
    Segment { active: Seat, segment: Segment },
    Over,
}

/// What only the viewing seat sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrivateView {
    /// Whose.
    pub seat: Seat,
    /// Cash behind the blinder.
    pub cash: u32,
    /// The blinder in words.
    pub blinder: String,
    /// During setup: the own lands as built so far, and their sketch.
    pub setup: Option<(BoardView, String)>,
    /// During setup: stones of the free allowance not yet declared.
    pub allowance: Option<u8>,
}

/// The end of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultView {
    /// Why it ended.
    pub reason: EndReason,
    /// The standings.
    pub outcome: Outcome,
    /// Every player's cash, revealed.
    pub cash: Vec<u32>,
    /// The bank, revealed.
    pub bank: u32,
}

/// What one viewer sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Turn 1..=20.
    pub turn: u8,
    /// The season indicator's side.
    pub season: TileColour,
    /// Its holder, the starting seat.
    pub starting: Seat,
    /// vp to win.
    pub threshold: u8,
    /// Where the game is.
    pub phase: PhaseView,
    /// Prices: grain, shields, elephants.
    pub prices: [u8; 3],
    /// The grain pile.
    pub grain_pile: u8,
    /// Shield stock by face.
    pub shield_stock: [u8; 3],
    /// Elephant stock.
    pub elephant_stock: u8,
    /// Players in seat order.
    pub players: Vec<PlayerView>,
    /// Elephants on the board.
    pub herds: Vec<Herd>,
    /// The viewer's own secrets.
    pub me: Option<PrivateView>,
    /// The result, once over.
    pub result: Option<ResultView>,
    /// What the latest action did, as its public event (never a private one: R5, R47);
    /// none before the first.
    #[serde(default)]
    pub last_move: Option<super::events::Event>,
}

impl Raja {
    fn board(&self, seat: Seat) -> BoardView {
        let p = self.player(seat);
        let cities = (0..3u8)
            .map(|i| {
                let c = &p.cities[usize::from(i)];
                CityView {
                    number: i + 1,
                    noble: c.noble,
                    cell: c.cell,
                    wall: c.wall,
                    stones: c.wall.stones(),
                    production: c.wall.production(),
                    column: c.column,
                }
            })
            .collect();
        BoardView {
            tiles: p.lands.tiles().to_vec(),
            cities,
            deployed: p.deployed.clone(),
            stones: p.stones,
            shields: p.shields,
        }
    }

    /// The text behind `seat`'s blinder: only its owner may see it (R5).
    pub(crate) fn blinder(&self, seat: Seat) -> String {
        let p = self.player(seat);
        format!("{} blinder: ${}", p.colour, p.cash)
    }

    /// The event telling `seat` alone its cash after a change (R5).
    pub(crate) fn purse(&self, seat: Seat) -> super::events::Event {
        super::events::Event::Purse { seat, cash: self.player(seat).cash, blinder: self.blinder(seat) }
    }
}

/// Every secret now (§5): each blinder, the bank, each land during setup, and the random
/// source. Cash and the bank stop being secret at the end.
pub(crate) fn secrets(game: &Raja) -> Vec<Secret> {
    let mut out = vec![Secret { owner: None, token: serde_json::to_string(&game.rng).unwrap_or_default() }];
    if game.phase == Phase::Over {
        return out;
    }
    out.push(Secret { owner: None, token: format!("bank: ${}", game.bank) });
    for seat in game.seats() {
        out.push(Secret { owner: Some(seat), token: game.blinder(seat) });
        if game.phase == Phase::Setup {
            out.push(Secret { owner: Some(seat), token: game.setup_sketch(seat) });
        }
    }
    out
}

/// What `viewer` may see.
pub(crate) fn view(game: &Raja, viewer: Viewer) -> View {
    let setup = game.phase == Phase::Setup;
    let players = game
        .seats()
        .map(|seat| {
            let p = game.player(seat);
            PlayerView {
                seat,
                colour: p.colour,
                marker: p.marker,
                vp: if setup { 0 } else { game.vp(seat) },
                grain: p.grain(),
                elephants: p.elephants,
                captured: p.captured.clone(),
                marker_at: p.marker_at,
                markets_used: p.markets_used,
                setup_done: p.set_up(),
                resigned: p.resigned,
                board: (!setup).then(|| game.board(seat)),
            }
        })
        .collect();
    let me = match viewer {
        Viewer::Seat(seat) if seat.index() < game.n() => Some(PrivateView {
            seat,
            cash: game.player(seat).cash,
            blinder: game.blinder(seat),
            setup: setup.then(|| (game.board(seat), game.setup_sketch(seat))),
            allowance: game.progress(seat).map(|p| p.allowance),
        }),
        _ => None,
    };
    let phase = match &game.phase {
        Phase::Setup => PhaseView::Setup,
        Phase::Auction(auction) => PhaseView::Auction(*auction),
        Phase::Segment(segment) => {
            PhaseView::Segment { active: game.active().unwrap_or(segment.first), segment: segment.clone() }
        }
        Phase::Over => PhaseView::Over,
    };
    let result = game.end.map(|reason| ResultView {
        reason,
        outcome: game.outcome_now(),
        cash: game.players.iter().map(|p| p.cash).collect(),
        bank: game.bank,
    });
    View {
        turn: game.turn,
        season: TileColour::season(game.turn),
        starting: game.starting_seat(),
        threshold: game.threshold(),
        phase,
        prices: game.prices,
        grain_pile: game.grain_pile,
        shield_stock: game.shield_stock,
        elephant_stock: game.elephant_stock,
        players,
        herds: game.herds.clone(),
        me,
        result,
        last_move: game.last_move.0.clone(),
    }
}
