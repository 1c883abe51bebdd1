//! One player's lands, tile by tile (§2.3): blue or red (with the letter B or R) and the
//! tile's coordinates; on a city tile the noble, the wall as a staircase of stones (row 1 at
//! the bottom, one square per stone), the grain column and the elephants besieging it; on the
//! other tiles the deployed shields with their face and any other player's siege marker.

use engines::raja::{BoardView, Cell, Marker, Noble, PlayerView, TileColour, View};

use super::{BLUE, BROWN, RED, paint};
use crate::canvas::{Align, Canvas, Face, Rgba, Style, rect};
use crate::theme;

/// A tile's side.
pub(crate) const TILE: f32 = 104.0;
/// Space between tiles.
const SPACING: f32 = 4.0;
/// One stone: its width and height, and the horizontal pitch between stones; the vertical
/// pitch shrinks for a tall wall so that twelve rows still fit the tile.
const STONE: (f32, f32) = (12.0, 8.0);
const STONE_PITCH_X: f32 = 13.0;
/// Where a city tile's wall stands: its left edge and the ground, from the tile's corner.
const WALL_LEFT: f32 = 19.0;
const GROUND: f32 = TILE - 5.0;
/// Room for the wall above the ground (below the tile's caption).
const WALL_ROOM: f32 = TILE - 32.0;
/// Grain tokens drawn at most (a taller column shows its number).
const GRAIN_SHOWN: u8 = 13;
/// Dark ink for light pieces.
const INK: Rgba = Rgba::hex(0x14171d);

/// The corner of the grid: the smallest x and y of the tiles.
fn origin(board: &BoardView) -> (i8, i8) {
    let x = board.tiles.iter().map(|t| t.cell.x).min().unwrap_or(0);
    let y = board.tiles.iter().map(|t| t.cell.y).min().unwrap_or(0);
    (x, y)
}

/// Width and height of the grid of `board`.
pub(crate) fn size(board: &BoardView) -> (f32, f32) {
    let (x0, y0) = origin(board);
    let x1 = board.tiles.iter().map(|t| t.cell.x).max().unwrap_or(0);
    let y1 = board.tiles.iter().map(|t| t.cell.y).max().unwrap_or(0);
    let span = |a: i8, b: i8| f32::from(b - a + 1);
    (span(x0, x1) * (TILE + SPACING) - SPACING, span(y0, y1) * (TILE + SPACING) - SPACING)
}

fn place(board: &BoardView, cell: Cell, left: f32, top: f32) -> (f32, f32) {
    let (x0, y0) = origin(board);
    (left + f32::from(cell.x - x0) * (TILE + SPACING), top + f32::from(cell.y - y0) * (TILE + SPACING))
}

/// The first letter of a marker's shape, drawn on it.
const fn marker_letter(marker: Marker) -> &'static str {
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
/// black stones and nobles read on a blue or red tile as well as white ones do.
pub(crate) fn rim_of(colour: Rgba) -> Rgba {
    if is_light(colour) { INK } else { Rgba::hex(0xe6e9ee) }
}

/// Draws `player`'s lands with the top-left corner at `(left, top)`.
pub(crate) fn draw(canvas: &mut Canvas, view: &View, player: &PlayerView, board: &BoardView, left: f32, top: f32) {
    let small = Style::new(Face::Bold, 18, theme::TEXT);
    let coords = Style::new(Face::Regular, 18, Rgba::hex(0xdde3ec));
    for tile in &board.tiles {
        let (x, y) = place(board, tile.cell, left, top);
        let (fill, letter) = match tile.colour {
            TileColour::Blue => (BLUE, "B"),
            TileColour::Red => (RED, "R"),
        };
        if let Some(r) = rect(x, y, TILE, TILE) {
            canvas.panel_area(r);
            canvas.round_rect(r, 6.0, Some(fill), Some((theme::PANEL_EDGE, 1.5)));
        }
        canvas.text(x + 6.0, y + 20.0, letter, small, Align::Left);
        canvas.text(x + TILE - 6.0, y + 20.0, &tile.cell.to_string(), coords, Align::Right);
    }
    let paint = paint(player.colour);
    for city in &board.cities {
        let Some(cell) = city.cell else { continue };
        let (x, y) = place(board, cell, left, top);
        match city.noble {
            Noble::Home => {
                wall(canvas, paint, city.wall.rows(), x + WALL_LEFT, y + GROUND);
                grain(canvas, city.column, x + 5.0, y + GROUND);
                noble(canvas, paint, city.number, x + TILE - 22.0, y + 40.0);
                let besieging: u8 = view
                    .herds
                    .iter()
                    .filter(|h| h.target == player.seat && h.city + 1 == city.number)
                    .map(|h| h.count)
                    .sum();
                if besieging > 0 {
                    elephants(canvas, besieging, x + 22.0, y + 3.0);
                }
            }
            Noble::Captured(_) => {
                // The empty seat of a taken noble: a dashed ring with the city's number.
                let (cx, cy) = (x + TILE - 22.0, y + 40.0);
                canvas.circle(cx, cy, 13.0, None, Some((theme::TEXT, 2.0)));
                canvas.line(&[(cx - 9.0, cy - 9.0), (cx + 9.0, cy + 9.0)], theme::TEXT, 2.0, None);
                let muted = Style::new(Face::Bold, 18, theme::TEXT);
                canvas.text(x + 6.0, y + TILE - 8.0, &format!("C{} taken", city.number), muted, Align::Left);
            }
            Noble::Unplaced => {}
        }
    }
    shields(canvas, board, left, top);
    for visitor in view.players.iter().filter(|p| p.seat != player.seat) {
        let Some((target, cell)) = visitor.marker_at else { continue };
        if target != player.seat {
            continue;
        }
        let (x, y) = place(board, cell, left, top);
        let (cx, cy) = (x + TILE - 22.0, y + 66.0);
        let diamond = [(cx, cy - 19.0), (cx + 17.0, cy), (cx, cy + 19.0), (cx - 17.0, cy)];
        let fill = super::paint(visitor.colour);
        canvas.polygon(&diamond, Some(fill), Some((theme::ACCENT, 2.5)));
        let ink = Style::new(Face::Bold, 18, ink_on(fill));
        canvas.text(cx, cy + 7.0, marker_letter(visitor.marker), ink, Align::Center);
    }
}

/// A noble: a disc of the owner's paint with a contrasting rim and the city's number.
fn noble(canvas: &mut Canvas, paint: Rgba, number: u8, cx: f32, cy: f32) {
    canvas.circle(cx, cy, 13.0, Some(paint), Some((rim_of(paint), 2.5)));
    let style = Style::new(Face::Bold, 18, ink_on(paint));
    canvas.text(cx, cy + 7.0, &number.to_string(), style, Align::Center);
}

/// Elephants besieging a city: a brown badge `E3` in the tile's caption row.
fn elephants(canvas: &mut Canvas, count: u8, left: f32, top: f32) {
    if let Some(r) = rect(left, top, 32.0, 22.0) {
        canvas.round_rect(r, 5.0, Some(BROWN), Some((theme::ACCENT, 1.5)));
    }
    let style = Style::new(Face::Bold, 18, theme::TEXT);
    canvas.text(left + 16.0, top + 18.0, &format!("E{count}"), style, Align::Center);
}

/// The wall: row 1 on the ground at `base`, each stone a small block of the owner's paint
/// with a contrasting rim.
fn wall(canvas: &mut Canvas, paint: Rgba, rows: &[u8], left: f32, base: f32) {
    let edge = rim_of(paint);
    let pitch_y = (WALL_ROOM / rows.len().max(1) as f32).min(STONE.1 + 2.0);
    let height = STONE.1.min(pitch_y - 1.0);
    for (k, &stones) in rows.iter().enumerate() {
        let y = base - (k as f32 + 1.0) * pitch_y;
        for i in 0..stones {
            let x = left + f32::from(i) * STONE_PITCH_X;
            if let Some(r) = rect(x, y, STONE.0, height) {
                canvas.round_rect(r, 1.5, Some(paint), Some((edge, 1.0)));
            }
        }
    }
}

/// The grain column: one token per grain, its number above a tall column.
fn grain(canvas: &mut Canvas, column: u8, left: f32, base: f32) {
    for i in 0..column.min(GRAIN_SHOWN) {
        let y = base - (f32::from(i) + 1.0) * 5.0;
        if let Some(r) = rect(left, y, 11.0, 4.0) {
            canvas.round_rect(r, 1.5, Some(Rgba::hex(0xe0b85c)), Some((INK, 0.8)));
        }
    }
    if column > GRAIN_SHOWN {
        let style = Style::new(Face::Bold, 18, Rgba::hex(0xf5dc9a));
        canvas.text(left + 5.0, base - f32::from(GRAIN_SHOWN) * 5.0 - 4.0, &column.to_string(), style, Align::Left);
    }
}

/// Deployed shields, two to a row on the left of their tile, each with its face.
fn shields(canvas: &mut Canvas, board: &BoardView, left: f32, top: f32) {
    let mut cells: Vec<Cell> = Vec::new();
    for shield in &board.deployed {
        if !cells.contains(&shield.cell) {
            cells.push(shield.cell);
        }
    }
    let face_style = Style::new(Face::Bold, 18, INK);
    for cell in cells {
        let (x, y) = place(board, cell, left, top);
        let here: Vec<u8> = board.deployed.iter().filter(|s| s.cell == cell).map(|s| s.face).collect();
        for (i, face) in here.iter().take(4).enumerate() {
            let sx = x + 6.0 + (i % 2) as f32 * 30.0;
            let sy = y + 28.0 + (i / 2) as f32 * 34.0;
            let outline = [(sx, sy), (sx + 26.0, sy), (sx + 26.0, sy + 17.0), (sx + 13.0, sy + 31.0), (sx, sy + 17.0)];
            canvas.polygon(&outline, Some(Rgba::hex(0xc9ddf5)), Some((INK, 2.0)));
            canvas.text(sx + 13.0, sy + 20.0, &face.to_string(), face_style, Align::Center);
        }
        if here.len() > 4 {
            let more = Style::new(Face::Bold, 18, theme::TEXT);
            canvas.text(x + TILE - 6.0, y + TILE - 8.0, &format!("+{}", here.len() - 4), more, Align::Right);
        }
    }
}
