//! The 7×7 grid (§2.1): columns A–G and rows 1–7 labelled, the five holes left empty, card
//! backs for face-down cards (nothing about them is drawn), faces for face-up ones, each
//! card's pyramids (upright seen from above, flat lying towards the card they point at, by
//! size), a card solely occupied outlined in its owner's colour (R26: it will count for
//! them), the target of an attack ringed, the cards the latest action touched ringed in
//! white, and in a seat's own view the cards it may move a pyramid onto (R13, R22) marked
//! with a dashed ring.

use engines::conquest_of_mars::{CellView, Orient, View};
use engines::parts::cards::Card;
use engines::parts::pyramids::{Colour, Size};

use super::{Ink, ink};
use crate::canvas::{Align, Canvas, Face, Rgba, Style, rect};
use crate::martian_gunslinger::cards::{suit_colour, symbol};
use crate::theme;

/// Distance between cell origins.
pub(super) const PITCH: f32 = 92.0;
/// A card's side.
const CARD: f32 = 88.0;
/// Room for the row labels (left) and the column labels (above).
const LABEL: f32 = 22.0;
/// The grid with its labels.
const WIDTH: f32 = LABEL + 7.0 * PITCH;
// The grid with its labels fits between the page margins.
const _: () = assert!(WIDTH <= super::W - 2.0 * theme::MARGIN);
/// Height of the strip at the top of a card that holds its code.
const CODE_STRIP: f32 = 30.0;
/// A face-down card's back is drawn this much smaller on every side: nothing is known of it.
const BACK_INSET: f32 = 10.0;

const FACE: Rgba = Rgba::hex(0xf4efe4);
const FACE_EDGE: Rgba = Rgba::hex(0x9a8f7a);
const BACK: Rgba = Rgba::hex(0x6b2a35);
const BACK_LINE: Rgba = Rgba::hex(0xe9c9a0);
const HOLE_EDGE: Rgba = Rgba::hex(0x3a4150);
/// The ring round a card the viewer may move a pyramid onto.
const MOVE_RING: Rgba = Rgba::hex(0x7fe0ff);
/// The ring round a card the latest action touched.
const LAST_RING: Rgba = Rgba::hex(0xffffff);

/// Where the cells start.
#[derive(Clone, Copy, Debug)]
struct Grid {
    x0: f32,
    y0: f32,
}

impl Grid {
    /// The top-left corner of the card in column `col`, row `row` (0-based, row 0 on top).
    fn corner(self, col: u8, row: u8) -> (f32, f32) {
        let x = self.x0 + f32::from(col) * PITCH + (PITCH - CARD) / 2.0;
        let y = self.y0 + f32::from(row) * PITCH + (PITCH - CARD) / 2.0;
        (x, y)
    }
}

/// Draws the grid under `top`, centred; returns its bottom.
pub(super) fn draw(canvas: &mut Canvas, view: &View, top: f32) -> f32 {
    let left = (super::W - WIDTH) / 2.0;
    let grid = Grid { x0: left + LABEL, y0: top + LABEL };
    labels(canvas, grid);
    for (col, row) in holes() {
        let (x, y) = grid.corner(col, row);
        let edge: Vec<(f32, f32)> = vec![
            (x + 2.0, y + 2.0),
            (x + CARD - 2.0, y + 2.0),
            (x + CARD - 2.0, y + CARD - 2.0),
            (x + 2.0, y + CARD - 2.0),
            (x + 2.0, y + 2.0),
        ];
        canvas.line(&edge, HOLE_EDGE, 2.0, Some((6.0, 6.0)));
    }
    let target = view.attack.as_ref().map(|a| a.target);
    for cell in &view.cells {
        let (x, y) = grid.corner(cell.cell.col(), cell.cell.row());
        card(canvas, x, y, cell.card);
        if let Some(colour) = sole_occupant(view, cell)
            && let Some(area) = rect(x + 2.5, y + 2.5, CARD - 5.0, CARD - 5.0)
        {
            canvas.round_rect(area, 8.0, None, Some((ink(colour).fill, 5.0)));
        }
        if view.last_cells.contains(&cell.cell)
            && let Some(area) = rect(x - 2.0, y - 2.0, CARD + 4.0, CARD + 4.0)
        {
            // The latest action's cards: a white ring, under the attack and move rings.
            canvas.round_rect(area, 11.0, None, Some((LAST_RING, 4.0)));
        }
        if target == Some(cell.cell)
            && let Some(area) = rect(x - 2.0, y - 2.0, CARD + 4.0, CARD + 4.0)
        {
            canvas.round_rect(area, 11.0, None, Some((theme::ACCENT, 5.0)));
        }
        if view.moves_to.contains(&cell.cell) {
            move_ring(canvas, x, y);
        }
        pyramids(canvas, cell, x, y);
    }
    grid.y0 + 7.0 * PITCH
}

/// A card a pyramid of the viewer may move onto: a dashed ring just outside the card, in
/// the accent colour, so that it reads apart from the solid ownership outline.
fn move_ring(canvas: &mut Canvas, x: f32, y: f32) {
    let (l, t, r, b) = (x - 1.0, y - 1.0, x + CARD + 1.0, y + CARD + 1.0);
    let edge = [(l, t), (r, t), (r, b), (l, b), (l, t)];
    canvas.line(&edge, MOVE_RING, 4.0, Some((10.0, 6.0)));
}

/// The five holes (R6), as (column, row).
fn holes() -> [(u8, u8); 5] {
    [(0, 0), (6, 0), (3, 3), (0, 6), (6, 6)]
}

/// The colour of the only player on `cell`, if exactly one player is there.
fn sole_occupant(view: &View, cell: &CellView) -> Option<Colour> {
    let first = cell.pyramids.first()?;
    cell.pyramids
        .iter()
        .all(|p| p.seat == first.seat)
        .then(|| view.players.iter().find(|p| p.seat == first.seat).map(|p| p.colour))?
}

fn labels(canvas: &mut Canvas, grid: Grid) {
    let style = Style::new(Face::Bold, 18, theme::MUTED).aid();
    for i in 0..7u8 {
        let letter = (b'A' + i) as char;
        let x = grid.x0 + (f32::from(i) + 0.5) * PITCH;
        canvas.text(x, grid.y0 - 5.0, &letter.to_string(), style, Align::Center);
        let y = grid.y0 + (f32::from(i) + 0.5) * PITCH + 6.0;
        canvas.text(grid.x0 - LABEL / 2.0 - 2.0, y, &(i + 1).to_string(), style, Align::Center);
    }
}

/// A card cell: its face when face up, a back (no hint of the card) when face down.
fn card(canvas: &mut Canvas, x: f32, y: f32, face: Option<Card>) {
    let Some(area) = rect(x, y, CARD, CARD) else { return };
    canvas.panel_area(area);
    match face {
        Some(card) => {
            canvas.round_rect(area, 9.0, Some(FACE), Some((FACE_EDGE, 1.0)));
            let colour = suit_colour(card.suit);
            let style = Style::new(Face::Bold, 26, colour);
            canvas.text(x + 6.0, y + 26.0, &card.to_string(), style, Align::Left);
            canvas.text(x + CARD - 6.0, y + 26.0, &symbol(card.suit).to_string(), style, Align::Right);
        }
        None => {
            let Some(back) = rect(x + BACK_INSET, y + BACK_INSET, CARD - 2.0 * BACK_INSET, CARD - 2.0 * BACK_INSET)
            else {
                return;
            };
            canvas.round_rect(back, 8.0, Some(BACK), Some((BACK_LINE.with_alpha(120), 1.0)));
            let (cx, cy, r) = (x + CARD / 2.0, y + CARD / 2.0, 12.0);
            let diamond = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)];
            canvas.polygon(&diamond, Some(BACK_LINE.with_alpha(60)), Some((BACK_LINE.with_alpha(150), 1.5)));
        }
    }
}

/// Columns and rows of the slots for `n` pyramids on one card: at most six slots, so that
/// every colour's letter stays readable.
const fn slots(n: usize) -> (usize, usize) {
    match n {
        0 | 1 => (1, 1),
        2 => (2, 1),
        3 => (3, 1),
        4 => (2, 2),
        _ => (3, 2),
    }
}

/// The pyramids of one card in slots under its code strip; past six, the last slot says
/// how many more there are.
fn pyramids(canvas: &mut Canvas, cell: &CellView, x: f32, y: f32) {
    let n = cell.pyramids.len();
    if n == 0 {
        return;
    }
    let (cols, rows) = slots(n);
    let (area_x, area_y) = (x + 4.0, y + CODE_STRIP);
    let (w, h) = ((CARD - 8.0) / cols as f32, (CARD - CODE_STRIP - 4.0) / rows as f32);
    let scale = (w.min(h) / 44.0).min(1.2);
    let capacity = cols * rows;
    for (i, p) in cell.pyramids.iter().enumerate() {
        let (c, r) = (i % cols, i / cols);
        let (cx, cy) = (area_x + (c as f32 + 0.5) * w, area_y + (r as f32 + 0.5) * h);
        if n > capacity && i + 1 == capacity {
            let more = format!("+{}", n - i);
            canvas.text(cx, cy + 9.0, &more, Style::new(Face::Bold, 26, Rgba::hex(0x1b1f27)), Align::Center);
            break;
        }
        pyramid(canvas, (cx, cy), p.id.size, p.orient, p.id.colour, scale);
    }
}

/// Length along the direction and base width of a flat pyramid, and the side of an upright
/// one seen from above, at scale 1.
const fn dims(size: Size) -> (f32, f32, f32) {
    match size {
        Size::Small => (30.0, 24.0, 24.0),
        Size::Medium => (38.0, 30.0, 31.0),
        Size::Large => (46.0, 36.0, 38.0),
    }
}

/// The side of an upright pyramid seen from above, at scale 1.
pub(super) const fn upright_side(size: Size) -> f32 {
    dims(size).2
}

/// The unit vector of a direction on screen (row 1 on top, so north is up).
fn unit(orient: Orient) -> Option<(f32, f32)> {
    orient.delta().map(|(dc, dr)| (f32::from(dc), f32::from(dr)))
}

/// A pyramid centred on `(cx, cy)`: upright as a square of four lit faces meeting at the
/// apex, flat as a triangle pointing along its direction; its colour's letter on it, and one,
/// two or three pips for its size.
pub(super) fn pyramid(
    canvas: &mut Canvas,
    (cx, cy): (f32, f32),
    size: Size,
    orient: Orient,
    colour: Colour,
    scale: f32,
) {
    let Ink { fill, letter, edge } = ink(colour);
    let (length, base, side) = dims(size);
    let letter_size = 18;
    let style = Style::new(Face::Bold, letter_size, letter).aid();
    let text = colour.letter().to_string();
    match unit(orient) {
        None => {
            let h = side * scale / 2.0;
            let (tl, tr, br, bl) = ((cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h));
            let apex = (cx, cy);
            canvas.polygon(&[tl, tr, br, bl], Some(fill), None);
            canvas.polygon(&[tl, tr, apex], Some(Rgba::hex(0xffffff).with_alpha(60)), None);
            canvas.polygon(&[tr, br, apex], Some(Rgba::hex(0).with_alpha(35)), None);
            canvas.polygon(&[bl, br, apex], Some(Rgba::hex(0).with_alpha(70)), None);
            canvas.polygon(&[tl, tr, br, bl], None, Some((edge, 2.0)));
            canvas.text(cx, cy + f32::from(letter_size) * 0.36, &text, style, Align::Center);
            pips(canvas, &pip_spots(size, orient, (cx, cy), scale), h, letter);
        }
        Some((ux, uy)) => {
            let (length, base) = (length * scale, base * scale);
            let (vx, vy) = (-uy, ux);
            let apex = (cx + ux * length / 2.0, cy + uy * length / 2.0);
            let mid = (cx - ux * length / 2.0, cy - uy * length / 2.0);
            let left = (mid.0 + vx * base / 2.0, mid.1 + vy * base / 2.0);
            let right = (mid.0 - vx * base / 2.0, mid.1 - vy * base / 2.0);
            canvas.polygon(&[apex, left, right], Some(fill), None);
            canvas.polygon(&[apex, mid, right], Some(Rgba::hex(0).with_alpha(50)), None);
            canvas.polygon(&[apex, left, right], None, Some((edge, 2.0)));
            // The letter sits a third of the way from the base, where the triangle is widest
            // enough to hold it.
            let (lx, ly) = (mid.0 + ux * length / 3.0, mid.1 + uy * length / 3.0);
            canvas.text(lx, ly + f32::from(letter_size) * 0.36, &text, style, Align::Center);
            pips(canvas, &pip_spots(size, orient, (cx, cy), scale), base / 2.0, letter);
        }
    }
}

/// Where a pyramid's pips go: on an upright one in its corners, clockwise from the top
/// left, clear of the letter; on a flat one in a row along its base.
fn pip_spots(size: Size, orient: Orient, (cx, cy): (f32, f32), scale: f32) -> Vec<(f32, f32)> {
    let (length, base, side) = dims(size);
    let n = pip_count(size);
    let Some((ux, uy)) = unit(orient) else {
        let inset = side * scale / 2.0 * 0.62;
        let corners = [(cx - inset, cy - inset), (cx + inset, cy - inset), (cx + inset, cy + inset)];
        return corners[..n].to_vec();
    };
    let (length, base) = (length * scale, base * scale);
    let (vx, vy) = (-uy, ux);
    let along = -length / 2.0 + length * 0.1;
    (0..n)
        .map(|i| {
            let across = (i as f32 - (n as f32 - 1.0) / 2.0) * base * 0.3;
            (cx + ux * along + vx * across, cy + uy * along + vy * across)
        })
        .collect()
}

/// Pips per size, as on the real pieces: one on a small pyramid, two on a medium, three on
/// a large (§2.3; an attack counts them, R18), so that sizes are told apart by a count and
/// not only by how big they look.
const fn pip_count(size: Size) -> usize {
    match size {
        Size::Small => 1,
        Size::Medium => 2,
        Size::Large => 3,
    }
}

/// Round pips at `spots`, sized to the piece (half its side `half`), in the letter's colour.
fn pips(canvas: &mut Canvas, spots: &[(f32, f32)], half: f32, colour: Rgba) {
    let radius = (half * 0.14).max(2.0);
    for (x, y) in spots {
        canvas.circle(*x, *y, radius, Some(colour), None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_size_shows_its_own_count_of_pips_inside_the_piece() {
        for size in [Size::Small, Size::Medium, Size::Large] {
            let (length, base, side) = dims(size);
            for orient in [Orient::Up, Orient::N, Orient::E, Orient::S, Orient::W] {
                let spots = pip_spots(size, orient, (100.0, 100.0), 1.0);
                assert_eq!(spots.len(), pip_count(size), "{size:?} {orient:?}");
                for (x, y) in spots {
                    let (dx, dy) = (x - 100.0, y - 100.0);
                    match unit(orient) {
                        None => assert!(dx.abs().max(dy.abs()) < side / 2.0 - 3.0, "{size:?}: {dx}, {dy}"),
                        Some((ux, uy)) => {
                            // Distance from the base along the direction, and off the axis.
                            let (along, across) = (dx * ux + dy * uy + length / 2.0, (dx * uy - dy * ux).abs());
                            let half_width = base / 2.0 * (1.0 - along / length);
                            assert!(along > 2.0 && across < half_width - 2.0, "{size:?} {orient:?}: {along}, {across}");
                        }
                    }
                }
            }
        }
        assert!(pip_count(Size::Small) < pip_count(Size::Medium) && pip_count(Size::Medium) < pip_count(Size::Large));
    }

    #[test]
    fn directions_point_the_right_way_on_screen() {
        assert_eq!(unit(Orient::N), Some((0.0, -1.0)));
        assert_eq!(unit(Orient::E), Some((1.0, 0.0)));
        assert_eq!(unit(Orient::S), Some((0.0, 1.0)));
        assert_eq!(unit(Orient::W), Some((-1.0, 0.0)));
        assert_eq!(unit(Orient::Up), None);
    }

    #[test]
    fn every_slot_layout_holds_its_pyramids() {
        for n in 1..=6 {
            let (cols, rows) = slots(n);
            assert!(cols * rows >= n, "{n} pyramids in {cols}×{rows}");
        }
        // Past six the last slot counts the rest.
        assert_eq!(slots(20), (3, 2));
    }
}
