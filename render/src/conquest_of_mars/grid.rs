//! The 7×7 grid (§2.1): columns A–G and rows 1–7 labelled, the five holes left empty, card
//! backs for face-down cards (nothing about them is drawn, and all are one small size),
//! faces for face-up ones (their columns and rows get the room: see [`Grid`]), each
//! card's pyramids (upright seen from above, flat lying towards the card they point at, by
//! size), a card solely occupied outlined in its owner's colour (R26: it will count for
//! them), the target of an attack ringed, the cards the latest action touched ringed in
//! white, and in a seat's own view the cards it may move a pyramid onto (R13, R22) marked
//! with a dashed ring.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use engines::conquest_of_mars::{CellView, Orient, View};
use engines::parts::cards::Card;
use engines::parts::pyramids::{Colour, Size};
use tiny_skia::Pixmap;

use super::{Ink, ink};
use crate::canvas::{Align, Canvas, Face, Rgba, Style, rect};
use crate::martian_gunslinger::cards::{suit_colour, symbol};
use crate::theme;

/// Space between neighbouring cards.
const SPACING: f32 = 4.0;
/// A column or row holding no face-up card: card backs and holes, nothing to read on them.
const NARROW: f32 = 60.0;
/// The widest a column with a face-up card gets, and the tallest such a row.
const WIDE_MAX: f32 = 140.0;
const TALL_MAX: f32 = 132.0;
/// Room for the row labels (left) and the column labels (above).
const LABEL: f32 = 22.0;
/// The widest the grid may be, labels included: between the page margins.
const MAX_WIDTH: f32 = super::W - 2.0 * theme::MARGIN;
/// The tallest the grid may be, labels excluded: seven rows of 92 px, as tall as the grid of
/// equal cells was, so that a crowded late game keeps the board within one phone screen (a
/// seat's view at four players comes within a few pixels of 1,600).
const MAX_HEIGHT: f32 = 644.0;
// Seven narrow columns and rows fit, so the wide ones never push the grid past its room.
const _: () = assert!(LABEL + 7.0 * NARROW <= MAX_WIDTH && 7.0 * NARROW <= MAX_HEIGHT);
/// Height of the strip at the top of a card that holds its code.
const CODE_STRIP: f32 = 30.0;
/// A face-down card's back is drawn this much smaller on every side: nothing is known of it.
const BACK_INSET: f32 = 6.0;

const FACE: Rgba = Rgba::hex(0xf4efe4);
const FACE_EDGE: Rgba = Rgba::hex(0x9a8f7a);
const BACK: Rgba = Rgba::hex(0x6b2a35);
const BACK_LINE: Rgba = Rgba::hex(0xe9c9a0);
const HOLE_EDGE: Rgba = Rgba::hex(0x3a4150);
/// The ring round a card the viewer may move a pyramid onto.
const MOVE_RING: Rgba = Rgba::hex(0x7fe0ff);
/// The ring round a card the latest action touched.
const LAST_RING: Rgba = Rgba::hex(0xffffff);

/// Where the columns and rows lie. Only face-up cards carry anything to read (a code and
/// pyramids), so a column or row with one gets the room and the others stay narrow: the
/// opening is a short grid of card backs, and cards grow as the game spreads.
#[derive(Clone, Copy, Debug)]
struct Grid {
    /// Column edges, left to right: column `c` spans `xs[c]..xs[c + 1]`.
    xs: [f32; 8],
    /// Row edges, top to bottom.
    ys: [f32; 8],
}

/// A card's place on the picture.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Place {
    x: f32,
    y: f32,
    w: f32,
    h: f32,
}

impl Grid {
    /// The grid of `view` centred on the page, its column labels starting at `top`.
    fn new(view: &View, top: f32) -> Self {
        let (mut cols, mut rows) = ([false; 7], [false; 7]);
        for cell in view.cells.iter().filter(|c| c.card.is_some()) {
            cols[usize::from(cell.cell.col())] = true;
            rows[usize::from(cell.cell.row())] = true;
        }
        let widths = sizes(cols, MAX_WIDTH - LABEL, WIDE_MAX);
        let heights = sizes(rows, MAX_HEIGHT, TALL_MAX);
        let left = (super::W - LABEL - widths.iter().sum::<f32>()) / 2.0 + LABEL;
        Self { xs: edges(left, widths), ys: edges(top + LABEL, heights) }
    }

    /// The whole cell in column `col`, row `row` (0-based, row 0 on top), less the spacing.
    fn cell(self, col: u8, row: u8) -> Place {
        let (c, r) = (usize::from(col), usize::from(row));
        let (x, y) = (self.xs[c] + SPACING / 2.0, self.ys[r] + SPACING / 2.0);
        Place { x, y, w: self.xs[c + 1] - self.xs[c] - SPACING, h: self.ys[r + 1] - self.ys[r] - SPACING }
    }

    /// Where the card in column `col`, row `row` is drawn: a face-up card fills its cell; a
    /// card back or a hole is a square of one size for all, in the middle of its cell.
    fn card(self, col: u8, row: u8, face_up: bool) -> Place {
        let cell = self.cell(col, row);
        if face_up {
            return cell;
        }
        let side = (NARROW - SPACING).min(cell.w).min(cell.h);
        Place { x: cell.x + (cell.w - side) / 2.0, y: cell.y + (cell.h - side) / 2.0, w: side, h: side }
    }

    fn bottom(self) -> f32 {
        self.ys[7]
    }
}

/// The sizes of seven columns (or rows), `wide` marking those with a face-up card: the
/// others get [`NARROW`], the wide ones share the rest of `room` up to `most` each.
fn sizes(wide: [bool; 7], room: f32, most: f32) -> [f32; 7] {
    let count = wide.iter().filter(|w| **w).count();
    let share = if count == 0 { most } else { (room - NARROW * (7 - count) as f32) / count as f32 };
    let size = share.clamp(NARROW, most);
    wide.map(|w| if w { size } else { NARROW })
}

fn edges(start: f32, sizes: [f32; 7]) -> [f32; 8] {
    let mut edges = [start; 8];
    for (i, size) in sizes.iter().enumerate() {
        edges[i + 1] = edges[i] + size;
    }
    edges
}

/// Draws the grid under `top`, centred; returns its bottom.
pub(super) fn draw(canvas: &mut Canvas, view: &View, top: f32) -> f32 {
    let grid = Grid::new(view, top);
    labels(canvas, grid);
    for (col, row) in holes() {
        let Place { x, y, w, h } = grid.card(col, row, false);
        let (l, t, r, b) = (x + 2.0, y + 2.0, x + w - 2.0, y + h - 2.0);
        canvas.line(&[(l, t), (r, t), (r, b), (l, b), (l, t)], HOLE_EDGE, 2.0, Some((6.0, 6.0)));
    }
    let target = view.attack.as_ref().map(|a| a.target);
    let place = |cell: &CellView| grid.card(cell.cell.col(), cell.cell.row(), cell.card.is_some());
    // One form of chip label for the whole board, the fullest that fits on every card.
    let label = view.cells.iter().map(|cell| fullest_label(canvas, place(cell), cell)).max().unwrap_or(0);
    for cell in &view.cells {
        let place = place(cell);
        let Place { x, y, w, h } = place;
        let chips = card(canvas, place, cell, LABELS[label]);
        if let Some(colour) = sole_occupant(view, cell)
            && let Some(area) = rect(x + 2.5, y + 2.5, w - 5.0, h - 5.0)
        {
            canvas.round_rect(area, 8.0, None, Some((ink(colour).fill, 5.0)));
        }
        if view.last_cells.contains(&cell.cell)
            && let Some(area) = rect(x - 2.0, y - 2.0, w + 4.0, h + 4.0)
        {
            // The latest action's cards: a white ring, under the attack and move rings.
            canvas.round_rect(area, 11.0, None, Some((LAST_RING, 4.0)));
        }
        if target == Some(cell.cell)
            && let Some(area) = rect(x - 2.0, y - 2.0, w + 4.0, h + 4.0)
        {
            canvas.round_rect(area, 11.0, None, Some((theme::ACCENT, 5.0)));
        }
        if view.moves_to.contains(&cell.cell) {
            move_ring(canvas, place);
        }
        pyramids(canvas, cell, place, chips);
    }
    grid.bottom()
}

/// A card a pyramid of the viewer may move onto: a dashed ring just outside the card, in
/// the accent colour, so that it reads apart from the solid ownership outline.
fn move_ring(canvas: &mut Canvas, Place { x, y, w, h }: Place) {
    let (l, t, r, b) = (x - 1.0, y - 1.0, x + w + 1.0, y + h + 1.0);
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
    for i in 0..7usize {
        let letter = (b'A' + i as u8) as char;
        let x = (grid.xs[i] + grid.xs[i + 1]) / 2.0;
        canvas.text(x, grid.ys[0] - 5.0, &letter.to_string(), style, Align::Center);
        let y = (grid.ys[i] + grid.ys[i + 1]) / 2.0 + 6.0;
        canvas.text(grid.xs[0] - LABEL / 2.0 - 2.0, y, &(i + 1).to_string(), style, Align::Center);
    }
}

/// A card: its face when face up, a back (no hint of the card) when face down. A face's
/// code strip holds its code, its suit's symbol where there is room, and a chip per player
/// with pyramids on it (see [`pip_totals`]): the first in the strip's right end, any others
/// stacked under it down the card's right edge, labelled by `label`. Returns the width that
/// column of chips takes from the pyramids' area under the strip.
fn card(canvas: &mut Canvas, place: Place, cell: &CellView, label: Label) -> f32 {
    let Place { x, y, w, h } = place;
    let Some(area) = rect(x, y, w, h) else { return 0.0 };
    canvas.panel_area(area);
    let Some(card) = cell.card else {
        let Some(back) = rect(x + BACK_INSET, y + BACK_INSET, w - 2.0 * BACK_INSET, h - 2.0 * BACK_INSET) else {
            return 0.0;
        };
        canvas.round_rect(back, 7.0, Some(BACK), Some((BACK_LINE.with_alpha(120), 1.0)));
        let (cx, cy, r) = (x + w / 2.0, y + h / 2.0, (w.min(h) / 7.0).min(12.0));
        back_diamond(canvas, cx, cy, r);
        return 0.0;
    };
    canvas.round_rect(area, 9.0, Some(FACE), Some((FACE_EDGE, 1.0)));
    let style = code_style(card);
    let (code, suit) = (card.to_string(), symbol(card.suit).to_string());
    let room = w - 2.0 * CARD_PAD;
    let code_w = canvas.measure(style, &code);
    let labels: Vec<_> = pip_totals(cell).into_iter().map(|(colour, pips)| (colour, label(colour, pips))).collect();
    let column = labels.iter().map(|chip| chip_width(canvas, chip)).fold(0.0, f32::max);
    canvas.text(x + CARD_PAD, y + 26.0, &code, style, Align::Left);
    let first = labels.first().map_or(0.0, |chip| chip_width(canvas, chip) + CHIP_GAP);
    if code_w + 2.0 * CHIP_GAP + canvas.measure(style, &suit) + first <= room {
        canvas.text(x + w - CARD_PAD - first, y + 26.0, &suit, style, Align::Right);
    }
    // Stacked from the strip down; a column too long for the card starts another to its left.
    let (top, step) = (y + (CODE_STRIP - CHIP_H) / 2.0 + 1.0, CHIP_H + CHIP_GAP);
    let per_column = (((y + h - top) / step).floor() as usize).max(1);
    for (i, chip) in labels.iter().enumerate() {
        let right = x + w - CARD_PAD - (i / per_column) as f32 * (column + CHIP_GAP);
        pip_chip(canvas, chip, right, top + (i % per_column) as f32 * step);
    }
    if labels.len() > 1 { labels.len().div_ceil(per_column) as f32 * (column + CHIP_GAP) } else { 0.0 }
}

/// A face card's code and suit symbol: bold, in the suit's colour.
fn code_style(card: Card) -> Style {
    Style::new(Face::Bold, 26, suit_colour(card.suit))
}

/// Space inside a face card's edge.
const CARD_PAD: f32 = 6.0;
/// Height of a pip chip, and the space around chips.
const CHIP_H: f32 = 26.0;
const CHIP_GAP: f32 = 4.0;
/// The chip's text: as large as any essential text on the board, so that it reads on a phone.
const CHIP_TEXT: u16 = 26;

/// A chip's label for a colour and its pips.
type Label = fn(Colour, usize) -> String;

/// The index in [`LABELS`] of the fullest label that leaves a face card at `place` room for
/// its code beside its first chip (0 for a card without chips or a face-down one).
fn fullest_label(canvas: &Canvas, place: Place, cell: &CellView) -> usize {
    let (Some(card), Some(&(colour, pips))) = (cell.card, pip_totals(cell).first()) else { return 0 };
    let code_w = canvas.measure(code_style(card), &card.to_string());
    let fits = |label: &Label| {
        code_w + CHIP_GAP + chip_width(canvas, &(colour, label(colour, pips))) <= place.w - 2.0 * CARD_PAD
    };
    LABELS.iter().position(fits).unwrap_or(LABELS.len() - 1)
}

/// A chip's label, fullest first: the colour's letter as on the pieces, then the pips with a
/// pip mark; on a narrow card without the mark, then without the space.
const LABELS: [Label; 3] =
    [|c, n| format!("{} {n}•", c.letter()), |c, n| format!("{} {n}", c.letter()), |c, n| format!("{}{n}", c.letter())];

/// Each player's pips on `cell` (§2.3: one on a small pyramid, two on a medium, three on a
/// large), in the order their pyramids are listed: the number an attack on the card counts
/// (R18), and the pieces' own pips in sum, which stays readable on a phone when a crowded
/// card draws them small.
fn pip_totals(cell: &CellView) -> Vec<(Colour, usize)> {
    let mut totals: Vec<(Colour, usize)> = Vec::new();
    for p in &cell.pyramids {
        let pips = pip_count(p.id.size);
        match totals.iter_mut().find(|(colour, _)| *colour == p.id.colour) {
            Some((_, total)) => *total += pips,
            None => totals.push((p.id.colour, pips)),
        }
    }
    totals
}

fn chip_style(colour: Colour) -> Style {
    Style::new(Face::Bold, CHIP_TEXT, ink(colour).letter)
}

fn chip_width(canvas: &Canvas, (colour, label): &(Colour, String)) -> f32 {
    canvas.measure(chip_style(*colour), label) + 2.0 * CHIP_GAP
}

/// One player's chip, ending at `right` with its top at `top`: their colour, their letter
/// and their pips on the card.
fn pip_chip(canvas: &mut Canvas, chip: &(Colour, String), right: f32, top: f32) {
    let (colour, label) = chip;
    let w = chip_width(canvas, chip);
    if let Some(area) = rect(right - w, top, w, CHIP_H) {
        canvas.panel_area(area);
        canvas.round_rect(area, 6.0, Some(ink(*colour).fill), Some((ink(*colour).edge, 1.5)));
    }
    let baseline = top + CHIP_H / 2.0 + f32::from(CHIP_TEXT) * 0.36;
    canvas.text(right - w / 2.0, baseline, label, chip_style(*colour), Align::Center);
}

/// Diamonds of card backs already drawn, by their half-diagonal and the canvas's scale (as
/// bits): a face-down grid has dozens of backs of one size, and each diamond filled and
/// outlined through the path filler and stroker was most of a back's time.
type DiamondKey = (u32, u32);

thread_local! {
    static DIAMONDS: RefCell<HashMap<DiamondKey, Rc<Pixmap>>> = RefCell::new(HashMap::new());
}

/// The diamond on a card back, centred on `(cx, cy)` with half-diagonal `r`: drawn once per
/// size and stamped on the nearest whole pixel.
fn back_diamond(canvas: &mut Canvas, cx: f32, cy: f32, r: f32) {
    let draw = |canvas: &mut Canvas, (cx, cy): (f32, f32)| {
        let diamond = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)];
        canvas.polygon(&diamond, Some(BACK_LINE.with_alpha(60)), Some((BACK_LINE.with_alpha(150), 1.5)));
    };
    // Room for the outline and its anti-aliasing around the diamond.
    let side = (2.0 * r + 6.0).ceil();
    let key = (r.to_bits(), canvas.scale().to_bits());
    // A few sizes a layout; 64 is plenty.
    let sprite = sprite(&DIAMONDS, key, 64, side, canvas.scale(), |picture| draw(picture, (side / 2.0, side / 2.0)));
    match sprite {
        Some(sprite) => canvas.stamp(&sprite, cx - side / 2.0, cy - side / 2.0),
        None => draw(canvas, (cx, cy)),
    }
}

/// The picture kept in `cache` under `key`, drawn by `draw` on a transparent `side` × `side`
/// canvas (layout units, painted at `scale`) the first time the key is seen; past `limit`
/// pictures the cache starts again. `None` if the canvas cannot be made (the caller draws
/// straight onto the board instead).
fn sprite<K: Copy + Eq + std::hash::Hash>(
    cache: &'static std::thread::LocalKey<RefCell<HashMap<K, Rc<Pixmap>>>>,
    key: K,
    limit: usize,
    side: f32,
    scale: f32,
    draw: impl FnOnce(&mut Canvas),
) -> Option<Rc<Pixmap>> {
    cache.with(|sprites| {
        let mut sprites = sprites.borrow_mut();
        if let Some(sprite) = sprites.get(&key) {
            return Some(Rc::clone(sprite));
        }
        if sprites.len() >= limit {
            sprites.clear();
        }
        let mut picture = Canvas::at_scale(side as u32, side as u32, Rgba::hex(0).with_alpha(0), scale).ok()?;
        draw(&mut picture);
        let sprite = Rc::new(picture.into_pixmap());
        sprites.insert(key, Rc::clone(&sprite));
        Some(sprite)
    })
}

/// The most slots a card shows; past that, the last slot counts the rest, so that every
/// colour's letter stays readable.
const MOST_SLOTS: usize = 6;
/// A slot's side at scale 1: the largest pyramid and its outline.
const SLOT: f32 = 44.0;

/// Columns and rows of the slots for `n` pyramids in a `w` × `h` area: of the layouts with
/// room for them (at most [`MOST_SLOTS`]), the one whose slots are largest.
fn slots(n: usize, w: f32, h: f32) -> (usize, usize) {
    let shown = n.clamp(1, MOST_SLOTS);
    let side = |(cols, rows): (usize, usize)| (w / cols as f32).min(h / rows as f32);
    (1..=shown)
        .map(|cols| (cols, shown.div_ceil(cols)))
        .filter(|(cols, rows)| cols * rows <= MOST_SLOTS)
        .fold((shown, 1), |best, layout| if side(layout) > side(best) { layout } else { best })
}

/// The pyramids of one card in slots under its code strip, left of the `chips` wide column
/// of chips when there is one; past six, the last slot says
/// how many more there are.
fn pyramids(canvas: &mut Canvas, cell: &CellView, Place { x, y, w, h }: Place, chips: f32) {
    let n = cell.pyramids.len();
    if n == 0 {
        return;
    }
    let (area_x, area_y, area_w, area_h) = (x + 4.0, y + CODE_STRIP, w - 8.0 - chips, h - CODE_STRIP - 4.0);
    let (cols, rows) = slots(n, area_w, area_h);
    let (w, h) = (area_w / cols as f32, area_h / rows as f32);
    let scale = (w.min(h) / SLOT).min(1.2);
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

/// Pyramid pictures (faces, outline and pips, not the letter) already drawn, by what their
/// pixels depend on: size, direction, colour, the pyramid's scale and the canvas's (as
/// bits). A board shows dozens of pyramids of a few kinds, each five anti-aliased polygons
/// and its pips through the path filler; stamping a ready picture costs a fraction of that.
type SpriteKey = (Size, Orient, Colour, u32, u32);

/// Most pyramid pictures kept at once (the scale follows the card sizes, which follow the
/// layout); past it the cache starts again.
const SPRITE_LIMIT: usize = 512;

thread_local! {
    static SPRITES: RefCell<HashMap<SpriteKey, Rc<Pixmap>>> = RefCell::new(HashMap::new());
}

/// A pyramid centred on `(cx, cy)`: upright as a square of four lit faces meeting at the
/// apex, flat as a triangle pointing along its direction; its colour's letter on it, and one,
/// two or three pips for its size. The picture is drawn once per kind (see [`SpriteKey`]) and
/// stamped on the nearest whole pixel; the letter is written on the canvas, where the text
/// checks see it.
pub(super) fn pyramid(
    canvas: &mut Canvas,
    (cx, cy): (f32, f32),
    size: Size,
    orient: Orient,
    colour: Colour,
    scale: f32,
) {
    let (length, base, side) = dims(size);
    // Room for the piece whichever way it points, its outline and anti-aliasing.
    let extent = (length.max(base).max(side) * scale + 8.0).ceil();
    let key = (size, orient, colour, scale.to_bits(), canvas.scale().to_bits());
    let sprite = sprite(&SPRITES, key, SPRITE_LIMIT, extent, canvas.scale(), |picture| {
        draw_pyramid(picture, (extent / 2.0, extent / 2.0), size, orient, colour, scale, false);
    });
    match sprite {
        Some(sprite) => {
            canvas.stamp(&sprite, cx - extent / 2.0, cy - extent / 2.0);
            letter_on(canvas, (cx, cy), size, orient, colour, scale);
        }
        None => draw_pyramid(canvas, (cx, cy), size, orient, colour, scale, true),
    }
}

/// The colour's letter on a pyramid centred on `(cx, cy)`: in the middle of an upright one, a
/// third of the way from the base of a flat one, where the triangle is wide enough to hold it.
fn letter_on(canvas: &mut Canvas, (cx, cy): (f32, f32), size: Size, orient: Orient, colour: Colour, scale: f32) {
    let letter_size = 18;
    let style = Style::new(Face::Bold, letter_size, ink(colour).letter).aid();
    let text = colour.letter().to_string();
    let (lx, ly) = match unit(orient) {
        None => (cx, cy),
        Some((ux, uy)) => {
            let length = dims(size).0 * scale;
            let (_, mid) = flat_ends((cx, cy), (ux, uy), length);
            (mid.0 + ux * length / 3.0, mid.1 + uy * length / 3.0)
        }
    };
    canvas.text(lx, ly + f32::from(letter_size) * 0.36, &text, style, Align::Center);
}

/// A flat pyramid `length` long centred on `(cx, cy)` and pointing along the unit vector
/// `(ux, uy)`: its apex and the middle of its base.
fn flat_ends((cx, cy): (f32, f32), (ux, uy): (f32, f32), length: f32) -> ((f32, f32), (f32, f32)) {
    let (dx, dy) = (ux * length / 2.0, uy * length / 2.0);
    ((cx + dx, cy + dy), (cx - dx, cy - dy))
}

/// Draws a pyramid (see [`pyramid`]) with paths, its letter too if `with_letter`.
fn draw_pyramid(
    canvas: &mut Canvas,
    (cx, cy): (f32, f32),
    size: Size,
    orient: Orient,
    colour: Colour,
    scale: f32,
    with_letter: bool,
) {
    let Ink { fill, letter, edge } = ink(colour);
    let (length, base, side) = dims(size);
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
            pips(canvas, &pip_spots(size, orient, (cx, cy), scale), h, letter);
        }
        Some((ux, uy)) => {
            let (length, base) = (length * scale, base * scale);
            let (vx, vy) = (-uy, ux);
            let (apex, mid) = flat_ends((cx, cy), (ux, uy), length);
            let left = (mid.0 + vx * base / 2.0, mid.1 + vy * base / 2.0);
            let right = (mid.0 - vx * base / 2.0, mid.1 - vy * base / 2.0);
            canvas.polygon(&[apex, left, right], Some(fill), None);
            canvas.polygon(&[apex, mid, right], Some(Rgba::hex(0).with_alpha(50)), None);
            canvas.polygon(&[apex, left, right], None, Some((edge, 2.0)));
            pips(canvas, &pip_spots(size, orient, (cx, cy), scale), base / 2.0, letter);
        }
    }
    if with_letter {
        letter_on(canvas, (cx, cy), size, orient, colour, scale);
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
        for (w, h) in [(80.0, 54.0), (132.0, 62.0), (60.0, 120.0)] {
            for n in 1..=MOST_SLOTS {
                let (cols, rows) = slots(n, w, h);
                assert!(cols * rows >= n && cols * rows <= MOST_SLOTS, "{n} pyramids in {cols}×{rows}");
            }
            // Past six the last slot counts the rest.
            let (cols, rows) = slots(20, w, h);
            assert_eq!(cols * rows, MOST_SLOTS);
        }
        // A wide card lays its pyramids out in a row, a square one in a block.
        assert_eq!(slots(3, 132.0, 62.0), (3, 1));
        assert_eq!(slots(4, 80.0, 80.0), (2, 2));
    }

    #[test]
    fn face_up_cards_get_the_room_and_backs_stay_narrow() {
        let narrow = sizes([false; 7], MAX_HEIGHT, TALL_MAX);
        assert_eq!(narrow, [NARROW; 7], "a grid of backs is short");
        let two = sizes([false, true, false, false, true, false, false], MAX_HEIGHT, TALL_MAX);
        assert_eq!(two[1], TALL_MAX);
        assert_eq!(two[0], NARROW);
        for wide in 0..=7 {
            let marks: [bool; 7] = std::array::from_fn(|i| i < wide);
            let widths = sizes(marks, MAX_WIDTH - LABEL, WIDE_MAX);
            assert!(widths.iter().sum::<f32>() <= MAX_WIDTH - LABEL + 0.01, "{wide} wide columns");
            let heights = sizes(marks, MAX_HEIGHT, TALL_MAX);
            assert!(heights.iter().sum::<f32>() <= MAX_HEIGHT + 0.01, "{wide} tall rows");
            assert!(heights.iter().all(|h| *h >= NARROW));
        }
    }
}
