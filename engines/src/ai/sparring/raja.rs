//! Raja partners (rules §3–§4), all written from the rules and reading one seat's view:
//!
//! - `passive` bids nothing, never besieges, turns its grain into walls and keeps its two
//!   starting shields beside its cities (the passive player of issue #26);
//! - `raider` spends its money on elephants (five on turn 1, as many as it can afford) and
//!   besieges, every segment, the cities it can breach: walls thin and no shield beside them
//!   (§4.6: the attack must beat the shield dice and twice the stones to destroy a wall);
//! - `guard` buys the strongest shields it can afford and sets them beside its least defended
//!   city, builds walls, and raids only with odds of two to one or better.
//!
//! Every one lays out its lands the same careful way (§3 step 5): the three cities side by
//! side on one row, so that no marker tile touches two of them (R33), two in blue lands and
//! one in red so that both seasons produce (§4.1). None proposes trades; each declines the
//! proposals and fills it is asked about, takes a noble rather than a ransom, and pays a small
//! ransom rather than lose a noble.

use super::{Sparring, best_by};
use crate::game::Seat;
use crate::raja::{Action, BoardView, Cell, CityView, Lot, Noble, PhaseView, Raja, SiegeStage, Step, TileColour, View};
use crate::rng::GameRng;

/// How a partner plays.
#[derive(Clone, Copy, Debug)]
struct Style {
    /// Walls grow to this width in row 1, then upwards (§2.4).
    width: u8,
    /// Elephants it keeps in reserve.
    elephants: u8,
    /// Shield points (faces) it wants beside each city.
    shields: u8,
    /// Whether it besieges at all, and the margin its attack must expect over what a breach
    /// needs.
    raid: Option<f64>,
}

const STYLES: [Style; 3] = [
    Style { width: 3, elephants: 0, shields: 0, raid: None },
    Style { width: 2, elephants: 5, shields: 0, raid: Some(0.0) },
    Style { width: 4, elephants: 3, shields: 4, raid: Some(7.0) },
];

impl Sparring for Raja {
    const PARTNERS: &'static [&'static str] = &["passive", "raider", "guard"];

    fn spar(partner: usize, seat: Seat, view: &View, legal: &[Action], _rng: &mut GameRng) -> Action {
        let style = STYLES[partner.min(STYLES.len() - 1)];
        let me = Me { seat, view, style };
        best_by(legal, |action| me.score(action))
    }
}

/// One seat's reading of the table.
struct Me<'v> {
    seat: Seat,
    view: &'v View,
    style: Style,
}

/// The layout every partner builds in setup (§3 step 5): three added tiles, then the city
/// tiles; each non-city tile then touches one city at most.
const ADDED: [Cell; 3] = [Cell::new(2, 0), Cell::new(2, 1), Cell::new(3, 0)];
const CITIES: [Cell; 3] = [Cell::new(0, 0), Cell::new(1, 0), Cell::new(2, 0)];
/// Stones of the setup allowance declared for each city (R26: 9 in all).
const SETUP_CHUNK: u8 = 3;
/// The one red city tile: the other two stay blue.
const RED: Cell = Cell::new(1, 0);

impl Me<'_> {
    /// How much the partner likes `action`; the legal action it likes most is played.
    fn score(&self, action: &Action) -> f64 {
        match action {
            Action::LandAdd(cell) => order_score(&ADDED, *cell),
            Action::LandColor(cell, colour) => {
                if *cell == RED && *colour == TileColour::Red {
                    10.0
                } else {
                    -10.0
                }
            }
            Action::LandConfirm | Action::SetupDone => 0.0,
            Action::NoblePlace(cell) => order_score(&CITIES, *cell),
            Action::BuildDeclare { city, stones } => self.declare(*city, *stones),
            Action::BuildPlace(row) => self.place(*row),
            Action::ShieldDeploy { face, cell } => self.deploy(*face, *cell),
            Action::BuildingEnd | Action::CommerceEnd | Action::SiegeSkip => 0.0,
            Action::Bid(m) => -f64::from(*m) - 0.5,
            Action::Pass => 0.0,
            Action::MarketOrder { side, lot } => self.order(*side, *lot),
            Action::SiegeMarker { target, cell } => {
                let target = self.view.players.iter().find(|p| p.colour == *target);
                target.and_then(|p| p.board.as_ref()).map_or(-1.0, |board| self.marker(board, *cell))
            }
            Action::SiegeAssign { city, elephants } => self.assign(*city, *elephants),
            Action::SiegeLaunch => 1.0,
            // A committed shield is discarded (R32): never on a city no elephant attacks.
            Action::DefendAssign { city, face, .. } => match self.threat(*city) {
                threat if threat > 0.0 => 10.0 + f64::from(*face) + threat,
                _ => -1.0,
            },
            Action::DefendConfirm => 1.0,
            Action::RemoveAuto | Action::NobleTake | Action::RansomAccept => 5.0,
            Action::RansomPay => self.ransom(),
            Action::TradeDecline | Action::FillDecline | Action::TradeCancel | Action::RansomRefuse => 1.0,
            _ => -100.0,
        }
    }

    /// The own lands: revealed after setup, in the private view during it.
    fn board(&self) -> Option<&BoardView> {
        self.view
            .players
            .get(self.seat.index())
            .and_then(|p| p.board.as_ref())
            .or_else(|| self.view.me.as_ref().and_then(|me| me.setup.as_ref()).map(|(board, _)| board))
    }

    fn cash(&self) -> u32 {
        self.view.me.as_ref().map_or(0, |me| me.cash)
    }

    fn city(&self, city: u8) -> Option<&CityView> {
        self.board().and_then(|b| b.cities.get(usize::from(city)))
    }

    /// Build on the city with the fewest stones: three stones each in setup (R26), then as
    /// many as fit in the two rows that never fall (§2.4), at least two.
    fn declare(&self, city: u8, stones: u8) -> f64 {
        let Some(wall) = self.city(city).map(|c| c.wall) else { return -1.0 };
        let wanted = if self.view.phase == PhaseView::Setup {
            SETUP_CHUNK
        } else {
            (2 * self.style.width).saturating_sub(wall.stones()).max(2)
        };
        10.0 - f64::from(wall.stones()) - f64::from(stones.abs_diff(wanted)) / 100.0
    }

    /// Row 1 up to the style's width, then the lowest row that takes a stone (§2.4: rows 1
    /// and 2 never fall).
    fn place(&self, row: u8) -> f64 {
        let placing = match &self.view.phase {
            PhaseView::Segment { segment, .. } => match &segment.step {
                Step::Placing(placing) => Some(placing.city),
                _ => None,
            },
            _ => None,
        };
        let width = placing.or_else(|| self.setup_city()).and_then(|c| self.city(c)).map_or(0, |c| c.wall.width());
        if row == 1 && width >= self.style.width {
            return -5.0;
        }
        -f64::from(row)
    }

    /// During setup, the city whose declaration is being placed: the partner declares
    /// [`SETUP_CHUNK`] stones for each city in turn, so the first city short of them.
    fn setup_city(&self) -> Option<u8> {
        let board = self.board()?;
        (0..3u8).find(|c| board.cities[usize::from(*c)].stones < SETUP_CHUNK)
    }

    /// Shields go beside the city with the least shield defence (§4.5 `DEFENSE`).
    fn deploy(&self, face: u8, cell: Cell) -> f64 {
        let Some(board) = self.board() else { return -1.0 };
        let beside: Vec<&CityView> = board
            .cities
            .iter()
            .filter(|c| c.noble == Noble::Home && c.cell.is_some_and(|h| h.adjacent(cell)))
            .collect();
        let Some(weakest) = beside.iter().map(|c| defence(board, c)).min() else { return -1.0 };
        5.0 + f64::from(face) - f64::from(weakest)
    }

    /// Market orders: grain when cheap, the style's elephants and shields, nothing sold.
    fn order(&self, side: crate::raja::Side, lot: Lot) -> f64 {
        if side == crate::raja::Side::Sell {
            return -1.0;
        }
        let mine = &self.view.players[self.seat.index()];
        match lot {
            Lot::Elephants(q) => {
                let want = self.style.elephants.saturating_sub(mine.elephants);
                if q <= want { 20.0 + f64::from(q) } else { -1.0 }
            }
            Lot::Shields(faces) => {
                let cost = u32::from(self.view.prices[1]) * lot.items();
                let points = faces[0] + 2 * faces[1] + 3 * faces[2];
                if self.style.shields == 0 || points > self.shield_need() + 2 || 2 * cost > self.cash() {
                    return -1.0;
                }
                15.0 + f64::from(faces[2]) * 2.0 + f64::from(faces[1]) - f64::from(faces[0])
            }
            Lot::Grain(q) => {
                let price = self.view.prices[0];
                let spare = self.cash().saturating_sub(20);
                if price <= 2 && u32::from(q) * u32::from(price) <= spare / 2 {
                    5.0 + f64::from(q) / 10.0
                } else {
                    -1.0
                }
            }
        }
    }

    /// Shield points still wanted beside the own cities.
    fn shield_need(&self) -> u8 {
        let Some(board) = self.board() else { return 0 };
        board
            .cities
            .iter()
            .filter(|c| c.noble == Noble::Home)
            .map(|c| self.style.shields.saturating_sub(defence(board, c)))
            .sum()
    }

    /// How many of `board`'s cities beside `cell` the partner's elephants can breach.
    fn marker(&self, board: &BoardView, cell: Cell) -> f64 {
        let Some(margin) = self.style.raid else { return -1.0 };
        let cities: Vec<&CityView> = board
            .cities
            .iter()
            .filter(|c| c.noble == Noble::Home && c.cell.is_some_and(|h| h.adjacent(cell)))
            .collect();
        let plan = plan(&cities.iter().map(|c| need(board, c, margin)).collect::<Vec<_>>(), self.elephants());
        let breached = plan.iter().filter(|e| **e > 0).count();
        if breached == 0 { -1.0 } else { breached as f64 - f64::from(plan.iter().sum::<u8>()) / 100.0 }
    }

    fn elephants(&self) -> u8 {
        self.view.players[self.seat.index()].elephants
    }

    /// In `SIEGE_ASSIGN`: the planned elephants for each attackable city, none elsewhere.
    fn assign(&self, city: u8, elephants: u8) -> f64 {
        let Some(margin) = self.style.raid else { return -1.0 };
        let PhaseView::Segment { segment, .. } = &self.view.phase else { return -1.0 };
        let Step::Siege(siege) = &segment.step else { return -1.0 };
        let Some(board) = self.view.players[siege.target.index()].board.as_ref() else { return -1.0 };
        let open: Vec<u8> = (0..3u8)
            .filter(|c| siege.attackable[usize::from(*c)] && siege.assigned[usize::from(*c)].is_none())
            .collect();
        let needs: Vec<Option<u8>> = open.iter().map(|c| need(board, &board.cities[usize::from(*c)], margin)).collect();
        let plan = plan(&needs, self.elephants().saturating_sub(siege.total()));
        let wanted = open.iter().position(|c| *c == city).map_or(0, |i| plan[i]);
        if elephants == wanted { 5.0 + f64::from(elephants) } else { -1.0 }
    }

    /// How hard the city is pressed in the siege under way: elephants on it.
    fn threat(&self, city: u8) -> f64 {
        match &self.view.phase {
            PhaseView::Segment { segment, .. } => match &segment.step {
                Step::Siege(siege) => f64::from(siege.elephants(usize::from(city))),
                _ => 0.0,
            },
            _ => 0.0,
        }
    }

    /// Pays a ransom of at most a third of its cash; a noble is worth more than that.
    fn ransom(&self) -> f64 {
        let PhaseView::Segment { segment, .. } = &self.view.phase else { return -1.0 };
        let Step::Siege(siege) = &segment.step else { return -1.0 };
        match siege.stage {
            SiegeStage::Reply { demand, .. } if 3 * demand <= self.cash() => 5.0,
            _ => -1.0,
        }
    }
}

/// Early entries of `order` score higher; cells not in it score below every one of them.
fn order_score(order: &[Cell], cell: Cell) -> f64 {
    order.iter().position(|c| *c == cell).map_or(-10.0, |i| 10.0 - i as f64)
}

/// Shield points beside `city` (§4.5: a shield defends a city it is adjacent to).
fn defence(board: &BoardView, city: &CityView) -> u8 {
    let Some(home) = city.cell else { return 0 };
    board.deployed.iter().filter(|s| s.cell.adjacent(home)).map(|s| s.face).sum()
}

/// The fewest elephants (within the city's cap) whose dice are expected to destroy the wall
/// with `margin` to spare: 7 a elephant against 3.5 a shield point and twice the stones
/// (§4.6: `x = A − D − S`, destroyed when `x ≥ S`); `None` when the cap is not enough.
fn need(board: &BoardView, city: &CityView, margin: f64) -> Option<u8> {
    let shields = f64::from(defence(board, city)) * 3.5;
    let wall = 2.0 * f64::from(city.stones);
    (1..=city.wall.elephant_cap()).find(|e| 7.0 * f64::from(*e) >= shields + wall + margin + 3.0)
}

/// Elephants for each city, cheapest breaches first, within `have`.
fn plan(needs: &[Option<u8>], have: u8) -> Vec<u8> {
    let mut order: Vec<usize> = (0..needs.len()).filter(|i| needs[*i].is_some()).collect();
    order.sort_by_key(|i| needs[*i]);
    let mut out = vec![0; needs.len()];
    let mut left = have;
    for i in order {
        let n = needs[i].unwrap_or(u8::MAX);
        if n <= left {
            out[i] = n;
            left -= n;
        }
    }
    out
}
