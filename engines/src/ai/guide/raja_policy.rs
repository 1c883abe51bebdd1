//! Raja's rules of thumb, on the state of a drawn world, for the search's playouts and its
//! shortlists (see `raja.rs`): the careful setup, the breach arithmetic of a siege, what to
//! build and where shields go.

use crate::game::Seat;
use crate::raja::{Action, Cell, City, Noble, Player, Raja, TileColour, Wall};

/// The careful layout (rules §3 step 5): the three cities side by side on one row, so that no
/// marker tile touches two of them (R33), two in blue lands and one in red so that both
/// seasons produce (§4.1).
const ADDED: [Cell; 3] = [Cell::new(2, 0), Cell::new(2, 1), Cell::new(3, 0)];
const CITIES: [Cell; 3] = [Cell::new(0, 0), Cell::new(1, 0), Cell::new(2, 0)];
const RED: Cell = Cell::new(1, 0);
/// Stones of the setup allowance for each city (R26: 9 in all): walls `[3]`.
const SETUP_CHUNK: u8 = 3;
/// Walls grow in row 1 to this width, then upwards (§2.4: production `1 + W`, elephant cap
/// `W`, rows 1 and 2 never fall).
pub(super) const WIDTH: u8 = 3;

impl Raja {
    /// The next step of the careful setup for `seat`, if it is legal.
    pub(super) fn careful_setup_step(&self, seat: Seat) -> Option<Action> {
        let p = self.player(seat);
        let progress = p.setup.as_ref()?;
        let mut options: Vec<Action> = Vec::new();
        options.extend(ADDED.map(Action::LandAdd));
        if p.lands.tile(RED).is_some_and(|t| t.colour == TileColour::Blue && t.changes == 0) {
            options.push(Action::LandColor(RED, TileColour::Red));
        }
        // Lands with no red tile produce nothing in red seasons (§4.1; issue #26: the hard
        // computer made all seven blue). When the careful tile cannot turn (a seat taken over
        // mid-setup, R45), another tile does, a city's first.
        if p.lands.tiles().iter().all(|t| t.colour == TileColour::Blue) {
            let turnable = |c: &Cell| p.lands.tile(*c).is_some_and(|t| t.changes < 2);
            let mut cells = [RED].into_iter().chain(CITIES).chain(p.lands.cells());
            if let Some(cell) = cells.find(turnable) {
                options.push(Action::LandColor(cell, TileColour::Red));
            }
        }
        options.push(Action::LandConfirm);
        options.extend(CITIES.map(Action::NoblePlace));
        if progress.placing.is_some() {
            options.extend(placement_rows(p, progress.placing.map(|pl| pl.city)).map(Action::BuildPlace));
        }
        if let Some(city) = (0..3u8).find(|c| p.cities[usize::from(*c)].wall.stones() < SETUP_CHUNK) {
            options.push(Action::BuildDeclare { city, stones: SETUP_CHUNK.min(progress.allowance) });
        }
        options.extend(self.shield_spots(seat));
        options.push(Action::SetupDone);
        options.into_iter().find(|a| self.check_setup(seat, a).is_ok())
    }

    /// Reserve shields onto the tiles beside the own city with the least defence, highest
    /// face first (§4.5: a shield defends a city it is adjacent to).
    pub(super) fn shield_spots(&self, seat: Seat) -> Vec<Action> {
        let p = self.player(seat);
        let mut cities: Vec<&City> = p.cities.iter().filter(|c| c.exists()).collect();
        cities.sort_by_key(|c| defence(p, c));
        let mut out = Vec::new();
        for face in (1..=3u8).rev().filter(|f| p.shields[usize::from(*f) - 1] > 0) {
            for city in &cities {
                let Some(home) = city.home() else { continue };
                for cell in home.neighbours().filter(|n| p.lands.has(*n) && !p.noble_on(*n)) {
                    out.push(Action::ShieldDeploy { face, cell });
                }
            }
        }
        out
    }

    /// The row the next stone of the wall of `city` goes to: row 1 up to [`WIDTH`], then the
    /// lowest row that takes one.
    pub(super) fn careful_row(&self, seat: Seat, city: u8) -> Option<u8> {
        placement_rows(self.player(seat), Some(city)).next()
    }

    /// The declaration a builder makes: the city with the fewest stones, as many stones as
    /// fill its two safe rows at [`WIDTH`] (at least two), within what may be declared.
    pub(super) fn careful_declare(&self, seat: Seat, credit: u8) -> Option<Action> {
        let p = self.player(seat);
        let paid = 2 * u32::from(p.grain()) + u32::from(credit);
        let city = (0..3u8)
            .filter(|c| p.cities[usize::from(*c)].exists())
            .min_by_key(|c| p.cities[usize::from(*c)].wall.stones())?;
        let wall = p.cities[usize::from(city)].wall;
        let wanted = (2 * WIDTH).saturating_sub(wall.stones()).max(2);
        let stones = u32::from(wanted).min(paid).min(u32::from(p.stones)).min(24) as u8;
        (stones > 0).then_some(Action::BuildDeclare { city, stones })
    }

    /// The elephants `seat` needs against each city of `target` that the marker on `cell`
    /// touches (R33), or `None` where its cap is not enough; see [`need`].
    pub(super) fn breach_needs(&self, target: Seat, cell: Cell, margin: f64) -> [Option<u8>; 3] {
        let owner = self.player(target);
        [0, 1, 2].map(|i| {
            let city = &owner.cities[i];
            city.home().filter(|h| h.adjacent(cell)).and_then(|_| need(owner, city, margin))
        })
    }
}

/// The rows a stone of the wall of `city` may go to, in the careful order.
fn placement_rows(p: &Player, city: Option<u8>) -> impl Iterator<Item = u8> {
    let wall: Wall = city.map(|c| p.cities[usize::from(c)].wall).unwrap_or_default();
    let wide = wall.width() >= WIDTH;
    (1..=12u8)
        .filter(move |row| wall.can_place(*row) && !(*row == 1 && wide))
        .chain((1..=1).filter(move |_| wide && wall.can_place(1)))
}

/// Shield points beside `city` (§4.5).
pub(super) fn defence(p: &Player, city: &City) -> u8 {
    let Some(home) = city.home() else { return 0 };
    p.deployed.iter().filter(|s| s.cell.adjacent(home)).map(|s| s.face).sum()
}

/// The fewest elephants (within the city's cap, R29) whose dice are expected to destroy its
/// wall with `margin` to spare: 7 an elephant (two d6) against 3.5 a shield point and twice the
/// stones (§4.6: `x = A − D − S`, destroyed when `x ≥ S`); `None` when the cap is not enough.
pub(super) fn need(owner: &Player, city: &City, margin: f64) -> Option<u8> {
    if city.noble != Noble::Home {
        return None;
    }
    let shields = f64::from(defence(owner, city)) * 3.5;
    let wall = 2.0 * f64::from(city.wall.stones());
    (1..=city.wall.elephant_cap()).find(|e| 7.0 * f64::from(*e) >= shields + wall + margin + 3.0)
}

/// Elephants for each city, cheapest breaches first, within `have`.
pub(super) fn plan(needs: &[Option<u8>; 3], have: u8) -> [u8; 3] {
    let mut order: Vec<usize> = (0..3).filter(|i| needs[*i].is_some()).collect();
    order.sort_by_key(|i| needs[*i]);
    let mut out = [0; 3];
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
