//! One player's lands, tile by tile (§2.3): blue or red (with the letter B or R) and the
//! tile's coordinates; on a city tile the noble, the wall as a staircase of stones (row 1 at
//! the bottom, one square per stone), the grain column and the elephants besieging it; on the
//! other tiles the deployed shields with their face and any other player's siege marker.

use engines::raja::{BoardView, Cell, Marker, Noble, PlayerView, TileColour, View};

use super::{BLUE, BROWN, RED, paint};
use crate::canvas::{Align, Canvas, Face, Rgba, Style, rect};
use crate::theme;

/// A tile's side.
const TILE: f32 = 84.0;
/// Space between tiles.
const SPACING: f32 = 4.0;
/// One stone: its width and height, and the pitch between stones.
const STONE: (f32, f32) = (7.0, 5.0);
const STONE_PITCH: (f32, f32) = (8.0, 6.0);
/// Grain tokens drawn at most (a taller column shows its number).
const GRAIN_SHOWN: u8 = 15;

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
fn ink_on(colour: Rgba) -> Rgba {
    let light = u16::from(colour.r) + u16::from(colour.g) + u16::from(colour.b) > 3 * 150;
    if light { Rgba::hex(0x1b1d22) } else { theme::TEXT }
}

/// Draws `player`'s lands with the top-left corner at `(left, top)`.
pub(crate) fn draw(canvas: &mut Canvas, view: &View, player: &PlayerView, board: &BoardView, left: f32, top: f32) {
    let small = Style::new(Face::Bold, 18, theme::TEXT);
    for tile in &board.tiles {
        let (x, y) = place(board, tile.cell, left, top);
        let (fill, letter) = match tile.colour {
            TileColour::Blue => (BLUE, "B"),
            TileColour::Red => (RED, "R"),
        };
        if let Some(r) = rect(x, y, TILE, TILE) {
            canvas.round_rect(r, 6.0, Some(fill), Some((theme::PANEL_EDGE, 1.5)));
        }
        canvas.text(x + 5.0, y + 19.0, letter, small, Align::Left);
        let coords = Style::new(Face::Regular, 18, Rgba::hex(0xdde3ec));
        canvas.text(x + TILE - 5.0, y + 19.0, &tile.cell.to_string(), coords, Align::Right);
    }
    for city in &board.cities {
        let Some(cell) = city.cell else { continue };
        let (x, y) = place(board, cell, left, top);
        let label = format!("C{}", city.number);
        match city.noble {
            Noble::Home => {
                canvas.circle(x + 72.0, y + 32.0, 8.0, Some(paint(player.colour)), Some((theme::TEXT, 2.0)));
                canvas.text(x + 72.0, y + 58.0, &label, small, Align::Center);
                wall(canvas, player, city.wall.rows(), x + 5.0, y + TILE - 4.0);
                grain(canvas, city.column, x + 54.0, y + TILE - 4.0);
                let besieging: u8 = view
                    .herds
                    .iter()
                    .filter(|h| h.target == player.seat && h.city + 1 == city.number)
                    .map(|h| h.count)
                    .sum();
                if besieging > 0 {
                    if let Some(r) = rect(x + 64.0, y + 63.0, 18.0, 19.0) {
                        canvas.round_rect(r, 4.0, Some(BROWN), Some((theme::TEXT, 1.0)));
                    }
                    canvas.text(x + 73.0, y + 79.0, &besieging.to_string(), small, Align::Center);
                }
            }
            Noble::Captured(_) => {
                let muted = Style::new(Face::Regular, 18, theme::MUTED);
                canvas.text(x + TILE - 5.0, y + TILE - 6.0, &format!("{label} ×"), muted, Align::Right);
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
        let (cx, cy) = (x + TILE - 18.0, y + 48.0);
        let diamond = [(cx, cy - 16.0), (cx + 14.0, cy), (cx, cy + 16.0), (cx - 14.0, cy)];
        canvas.polygon(&diamond, Some(paint(visitor.colour)), Some((theme::ACCENT, 2.0)));
        let ink = Style::new(Face::Bold, 18, ink_on(paint(visitor.colour)));
        canvas.text(cx, cy + 7.0, marker_letter(visitor.marker), ink, Align::Center);
    }
}

/// The wall: row 1 on the ground at `base`, each stone a small square of the owner's paint.
fn wall(canvas: &mut Canvas, player: &PlayerView, rows: &[u8], left: f32, base: f32) {
    let fill = paint(player.colour);
    let edge = if player.colour == engines::raja::Colour::Black { theme::MUTED } else { Rgba::hex(0x1b1d22) };
    for (k, &stones) in rows.iter().enumerate() {
        let y = base - (k as f32 + 1.0) * STONE_PITCH.1;
        for i in 0..stones {
            let x = left + f32::from(i) * STONE_PITCH.0;
            if let Some(r) = rect(x, y, STONE.0, STONE.1) {
                canvas.round_rect(r, 1.0, Some(fill), Some((edge, 0.8)));
            }
        }
    }
}

/// The grain column: one brown token per grain, its number above a tall column.
fn grain(canvas: &mut Canvas, column: u8, left: f32, base: f32) {
    for i in 0..column.min(GRAIN_SHOWN) {
        let y = base - (f32::from(i) + 1.0) * 4.0;
        if let Some(r) = rect(left, y, 8.0, 3.2) {
            canvas.round_rect(r, 1.5, Some(BROWN), Some((Rgba::hex(0xd9b37a), 0.8)));
        }
    }
    if column > GRAIN_SHOWN {
        let style = Style::new(Face::Bold, 18, Rgba::hex(0xd9b37a));
        canvas.text(left + 4.0, base - 62.0, &column.to_string(), style, Align::Center);
    }
}

/// Deployed shields, two to a row on the left of their tile, each with its face.
fn shields(canvas: &mut Canvas, board: &BoardView, left: f32, top: f32) {
    let mut cells: Vec<Cell> = board.deployed.iter().map(|s| s.cell).collect();
    cells.dedup();
    let face_style = Style::new(Face::Bold, 18, Rgba::hex(0x1b1d22));
    for cell in cells {
        let (x, y) = place(board, cell, left, top);
        let here: Vec<u8> = board.deployed.iter().filter(|s| s.cell == cell).map(|s| s.face).collect();
        for (i, face) in here.iter().take(4).enumerate() {
            let sx = x + 6.0 + (i % 2) as f32 * 26.0;
            let sy = y + 26.0 + (i / 2) as f32 * 28.0;
            let outline = [(sx, sy), (sx + 22.0, sy), (sx + 22.0, sy + 14.0), (sx + 11.0, sy + 26.0), (sx, sy + 14.0)];
            canvas.polygon(&outline, Some(Rgba::hex(0x9fc3ee)), Some((theme::TEXT, 1.5)));
            canvas.text(sx + 11.0, sy + 18.0, &face.to_string(), face_style, Align::Center);
        }
        if here.len() > 4 {
            let more = Style::new(Face::Bold, 18, theme::TEXT);
            canvas.text(x + 5.0, y + TILE - 4.0, &format!("+{}", here.len() - 4), more, Align::Left);
        }
    }
}
