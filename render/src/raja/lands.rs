//! One player's lands, tile by tile (§2.3), sized to fit a player's card: blue or red (with
//! the letter B or R), the coordinates along the grid's top and left edges; on a city tile
//! the noble with the city's number, the wall as a staircase of stones (row 1 at the
//! bottom) and the grain column; on the other tiles the deployed shields' faces on a shield
//! and any other player's siege marker; a besieged city framed in the elephants' brown.
//! During a seat's own setup, the empty cells where a tile may still be added are dashed.

use engines::raja::{BoardView, Cell, Marker, Noble, PlayerView, TileColour, View};

use super::{BLUE, BROWN, RED, paint};
use crate::canvas::{Align, Canvas, Face, Rgba, Style, rect};
use crate::theme;

/// Largest tile side.
const MAX_TILE: f32 = 96.0;
/// Space between tiles.
const SPACING: f32 = 3.0;
/// A tile is at most this much wider than tall (a tall, narrow land keeps usable tiles).
const MAX_ASPECT: f32 = 2.0;
/// Room for the coordinates: a row above the grid and a column to its left.
const AXIS_TOP: f32 = 22.0;
const AXIS_LEFT: f32 = 24.0;
/// Grain tokens drawn at most (the city table gives the number).
const GRAIN_SHOWN: u8 = 12;
/// Tiles in a finished land (§2.1).
const TILES: usize = 7;
/// Dark ink for light pieces.
const INK: Rgba = Rgba::hex(0x14171d);
/// Deployed shields.
const SHIELD: Rgba = Rgba::hex(0xc9ddf5);

/// Where one player's tiles go: the grid's corner cell, its size in cells, a tile's width
/// and height, and the empty cells where a tile may be added (own setup only).
#[derive(Clone, Debug)]
pub(crate) struct Grid {
    x0: i8,
    y0: i8,
    columns: i8,
    rows: i8,
    tile_w: f32,
    tile_h: f32,
    open: Vec<Cell>,
}

impl Grid {
    /// The grid of `board` (with `open` cells) within `width` × `height`, coordinates included.
    pub(crate) fn fit(board: &BoardView, open: Vec<Cell>, width: f32, height: f32) -> Self {
        let cells = || board.tiles.iter().map(|t| t.cell).chain(open.iter().copied());
        let x0 = cells().map(|c| c.x).min().unwrap_or(0);
        let y0 = cells().map(|c| c.y).min().unwrap_or(0);
        let columns = cells().map(|c| c.x).max().unwrap_or(0) - x0 + 1;
        let rows = cells().map(|c| c.y).max().unwrap_or(0) - y0 + 1;
        let side = |room: f32, n: i8| (room - AXIS_LEFT.max(AXIS_TOP) + SPACING) / f32::from(n) - SPACING;
        let tile_h = side(height, rows).min(MAX_TILE);
        let tile_w = side(width, columns).min(MAX_TILE).min(tile_h * MAX_ASPECT);
        let tile_h = tile_h.min(tile_w);
        Self { x0, y0, columns, rows, tile_w, tile_h, open }
    }

    /// Width and height, coordinates included.
    pub(crate) fn size(&self) -> (f32, f32) {
        let span = |n: i8, side: f32| f32::from(n) * (side + SPACING) - SPACING;
        (AXIS_LEFT + span(self.columns, self.tile_w), AXIS_TOP + span(self.rows, self.tile_h))
    }

    /// The top-left corner of `cell`'s tile when the grid's corner is at `(left, top)`.
    fn place(&self, cell: Cell, left: f32, top: f32) -> (f32, f32) {
        let dx = f32::from(cell.x - self.x0) * (self.tile_w + SPACING);
        let dy = f32::from(cell.y - self.y0) * (self.tile_h + SPACING);
        (left + AXIS_LEFT + dx, top + AXIS_TOP + dy)
    }
}

/// The empty cells where `board` may still grow (§3 step 5a: adjacent to a tile, within
/// −3..4, until the land has 7 tiles).
pub(crate) fn open_cells(board: &BoardView) -> Vec<Cell> {
    if board.tiles.len() >= TILES {
        return Vec::new();
    }
    let has = |c: Cell| board.tiles.iter().any(|t| t.cell == c);
    let mut out: Vec<Cell> = board.tiles.iter().flat_map(|t| t.cell.neighbours()).filter(|c| !has(*c)).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The first letter of a marker's shape, drawn on it.
pub(crate) const fn marker_letter(marker: Marker) -> &'static str {
    match marker {
        Marker::Chair => "C",
        Marker::Minaret => "M",
        Marker::Head => "H",
        Marker::Square => "S",
        Marker::Dragon => "D",
    }
}

/// Text that reads on a player's paint.
pub(crate) fn ink_on(colour: Rgba) -> Rgba {
    if is_light(colour) { INK } else { theme::TEXT }
}

/// Whether dark ink reads better on `colour` than light ink (its luminance, roughly).
fn is_light(colour: Rgba) -> bool {
    2126 * u32::from(colour.r) + 7152 * u32::from(colour.g) + 722 * u32::from(colour.b) > 140 * 10_000
}

/// The rim of a piece in `colour`: light around dark pieces, dark around light ones, so
/// black stones and nobles read on a blue or red tile and on the dark panel alike.
pub(crate) fn rim_of(colour: Rgba) -> Rgba {
    if is_light(colour) { INK } else { Rgba::hex(0xe6e9ee) }
}

/// Draws `player`'s lands laid out by `grid` with its top-left corner at `(left, top)`.
pub(crate) fn draw(
    canvas: &mut Canvas,
    view: &View,
    player: &PlayerView,
    board: &BoardView,
    grid: &Grid,
    at: (f32, f32),
) {
    let (left, top) = at;
    axes(canvas, grid, left, top);
    for cell in &grid.open {
        let (x, y) = grid.place(*cell, left, top);
        if let Some(r) = rect(x + 2.0, y + 2.0, grid.tile_w - 4.0, grid.tile_h - 4.0) {
            canvas.round_rect(r, 6.0, None, Some((theme::ACCENT, 2.0)));
        }
    }
    let letter = Style::new(Face::Bold, 18, theme::TEXT).aid();
    for tile in &board.tiles {
        let (x, y) = grid.place(tile.cell, left, top);
        let (fill, mark) = match tile.colour {
            TileColour::Blue => (BLUE, "B"),
            TileColour::Red => (RED, "R"),
        };
        if let Some(r) = rect(x, y, grid.tile_w, grid.tile_h) {
            canvas.panel_area(r);
            canvas.round_rect(r, 5.0, Some(fill), Some((theme::PANEL_EDGE, 1.5)));
        }
        canvas.text(x + 4.0, y + 18.0, mark, letter, Align::Left);
    }
    let paint = paint(player.colour);
    for city in &board.cities {
        let Some(cell) = city.cell else { continue };
        let (x, y) = grid.place(cell, left, top);
        let (w, h) = (grid.tile_w, grid.tile_h);
        match city.noble {
            Noble::Home => {
                let besieged = view.herds.iter().any(|h| h.target == player.seat && h.city + 1 == city.number);
                if besieged && let Some(r) = rect(x + 2.0, y + 2.0, w - 4.0, h - 4.0) {
                    canvas.round_rect(r, 4.0, None, Some((BROWN, 4.0)));
                }
                wall(canvas, paint, city.wall.rows(), (x + 17.0, y + 5.0), (w - 52.0, h - 9.0));
                grain(canvas, city.column, x + 4.0, y + h - 4.0, h - 26.0);
                noble(canvas, paint, city.number, x + w - 17.0, y + 17.0);
            }
            Noble::Captured(_) => {
                // The empty seat of a taken noble: a ring crossed out.
                let (cx, cy) = (x + w - 17.0, y + 17.0);
                canvas.circle(cx, cy, 13.0, None, Some((theme::TEXT, 2.0)));
                canvas.line(&[(cx - 9.0, cy - 9.0), (cx + 9.0, cy + 9.0)], theme::TEXT, 2.0, None);
            }
            Noble::Unplaced => {}
        }
    }
    let visitors: Vec<Cell> = view
        .players
        .iter()
        .filter_map(|p| p.marker_at.filter(|(target, _)| *target == player.seat).map(|(_, cell)| cell))
        .collect();
    shields(canvas, board, grid, &visitors, at);
    markers(canvas, view, player, grid, left, top);
}

/// The coordinates: x above each column, y left of each row.
fn axes(canvas: &mut Canvas, grid: &Grid, left: f32, top: f32) {
    let style = Style::new(Face::Regular, 18, theme::MUTED).aid();
    for i in 0..grid.columns {
        let (x, _) = grid.place(Cell::new(grid.x0 + i, grid.y0), left, top);
        canvas.text(x + grid.tile_w / 2.0, top + 16.0, &(grid.x0 + i).to_string(), style, Align::Center);
    }
    for j in 0..grid.rows {
        let (_, y) = grid.place(Cell::new(grid.x0, grid.y0 + j), left, top);
        canvas.text(
            left + AXIS_LEFT - 6.0,
            y + grid.tile_h / 2.0 + 6.0,
            &(grid.y0 + j).to_string(),
            style,
            Align::Right,
        );
    }
}

/// Other players' siege markers on `player`'s lands: a diamond of the visitor's paint with
/// its shape's letter, in the tile's top-right corner (never a noble's tile, §4.8).
fn markers(canvas: &mut Canvas, view: &View, player: &PlayerView, grid: &Grid, left: f32, top: f32) {
    for visitor in view.players.iter().filter(|p| p.seat != player.seat) {
        let Some((target, cell)) = visitor.marker_at else { continue };
        if target != player.seat {
            continue;
        }
        let (x, y) = grid.place(cell, left, top);
        let (cx, cy) = (x + grid.tile_w - 17.0, y + 16.0);
        let diamond = [(cx, cy - 15.0), (cx + 15.0, cy), (cx, cy + 15.0), (cx - 15.0, cy)];
        let fill = paint(visitor.colour);
        canvas.polygon(&diamond, Some(fill), Some((theme::ACCENT, 2.5)));
        let ink = Style::new(Face::Bold, 20, ink_on(fill)).aid();
        canvas.text(cx, cy + 7.0, marker_letter(visitor.marker), ink, Align::Center);
    }
}

/// A noble: a disc of the owner's paint with a contrasting rim and the city's number.
fn noble(canvas: &mut Canvas, paint: Rgba, number: u8, cx: f32, cy: f32) {
    canvas.circle(cx, cy, 14.0, Some(paint), Some((rim_of(paint), 2.5)));
    let style = Style::new(Face::Bold, 26, ink_on(paint));
    canvas.text(cx, cy + 9.5, &number.to_string(), style, Align::Center);
}

/// The wall: row 1 on the ground, each stone a small block of the owner's paint with a
/// contrasting rim, in the box at `corner` of `size` (six stones wide, twelve rows high).
fn wall(canvas: &mut Canvas, paint: Rgba, rows: &[u8], corner: (f32, f32), size: (f32, f32)) {
    let edge = rim_of(paint);
    let pitch_x = (size.0 / 6.0).min(13.0);
    let pitch_y = (size.1 / rows.len().max(1) as f32).min(10.0);
    let base = corner.1 + size.1;
    for (k, &stones) in rows.iter().enumerate() {
        let y = base - (k as f32 + 1.0) * pitch_y;
        for i in 0..stones {
            let x = corner.0 + f32::from(i) * pitch_x;
            if let Some(r) = rect(x, y, pitch_x - 1.0, (pitch_y - 1.5).max(1.5)) {
                canvas.round_rect(r, 1.0, Some(paint), Some((edge, 1.0)));
            }
        }
    }
}

/// The grain column: one token per grain from `base` up, within `room`.
fn grain(canvas: &mut Canvas, column: u8, left: f32, base: f32, room: f32) {
    let shown = column.min(GRAIN_SHOWN);
    let pitch = (room / f32::from(shown.max(1))).min(5.0);
    for i in 0..shown {
        let y = base - (f32::from(i) + 1.0) * pitch;
        if let Some(r) = rect(left, y, 9.0, (pitch - 1.0).max(1.5)) {
            canvas.round_rect(r, 1.0, Some(Rgba::hex(0xe0b85c)), Some((INK, 0.8)));
        }
    }
}

/// Deployed shields: one shield per tile along its bottom, with every face on it
/// (highest first), as many as fit, then "+".
fn shields(canvas: &mut Canvas, board: &BoardView, grid: &Grid, visitors: &[Cell], at: (f32, f32)) {
    let (left, top) = at;
    let mut cells: Vec<Cell> = board.deployed.iter().map(|s| s.cell).collect();
    cells.sort_unstable();
    cells.dedup();
    let style = Style::new(Face::Bold, 26, INK);
    for cell in cells {
        let (x, y) = grid.place(cell, left, top);
        let mut faces: Vec<u8> = board.deployed.iter().filter(|s| s.cell == cell).map(|s| s.face).collect();
        faces.sort_unstable_by(|a, b| b.cmp(a));
        // A visitor's marker takes the tile's top-right corner.
        let marked = visitors.contains(&cell);
        let room = grid.tile_w - if marked { 60.0 } else { 30.0 };
        let label = (1..=faces.len())
            .rev()
            .map(|k| {
                let shown: String = faces[..k].iter().map(u8::to_string).collect();
                if k < faces.len() { shown + "+" } else { shown }
            })
            .find(|label| canvas.measure(style, label) <= room)
            .unwrap_or_else(|| faces[0].to_string());
        // Right of the tile's letter, on its bottom edge.
        shield_badge(canvas, (x + 18.0, y + grid.tile_h - 31.0), &label);
    }
}

/// A shield 28 units tall with its top left corner on `(sx, sy)`, `label` (its faces) on
/// it; returns its width.
pub(crate) fn shield_badge(canvas: &mut Canvas, (sx, sy): (f32, f32), label: &str) -> f32 {
    let style = Style::new(Face::Bold, 26, INK);
    let width = canvas.measure(style, label) + 10.0;
    let outline = [(sx, sy), (sx + width, sy), (sx + width, sy + 20.0), (sx + width / 2.0, sy + 28.0), (sx, sy + 20.0)];
    canvas.polygon(&outline, Some(SHIELD), Some((INK, 1.5)));
    canvas.text(sx + width / 2.0, sy + 21.0, label, style, Align::Center);
    width
}
