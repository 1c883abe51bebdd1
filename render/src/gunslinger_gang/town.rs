//! One position of the town grid (§2.2, §2.3): the tile with its output and lawman bonuses,
//! the gunslingers of every colour (the controlling player's chip ringed, §6.1), its
//! buildings, its item, this round's flags and its stack of face-down underlings; or a
//! face-down position not founded yet. Every word a player reads is 26 px; the coordinates
//! and colour letters (which double what is drawn) are 18 px aids.

use std::sync::{Arc, LazyLock, Mutex, PoisonError};

use engines::Seat;
use engines::gunslinger_gang::{Colour, EntryView, ResolvingView, Tile, TownView, View};
use tiny_skia::Pixmap;

use super::ink::{self, CARD, HOUSE, badge, card_back, card_face, house, pill, theme, token};
use crate::canvas::{Align, Canvas, Face, Style, rect};

/// Padding inside a tile.
const PAD: f32 = 12.0;
/// One row of the tile: name, bonuses, chips.
const ROW: f32 = 36.0;
/// The rows above the optional ones: name, output and lawmen, chips.
const BASE: f32 = 8.0 + 3.0 * ROW;
/// One line of the item and flags.
const EXTRA_LINE: f32 = 37.0;
/// One line of buildings and stacked cards.
const STACK_LINE: f32 = 50.0;
/// Horizontal step between cards in a stack.
const CARD_STEP: f32 = 40.0;
/// A tile of a position not founded yet, at least.
const FACEDOWN_MIN: f32 = 130.0;

const WORDS: Style = Style::new(Face::Regular, 26, theme::TEXT);
const BOLD: Style = Style::new(Face::Bold, 26, theme::TEXT);

/// The card being revealed at `town`, if any.
fn revealing<'a>(view: &'a View, town: &TownView) -> Option<&'a ResolvingView> {
    view.resolving.as_ref().filter(|r| r.town == town.town)
}

/// What the lines under the chips hold, in order: the item, this round's flags, the
/// buildings, then the stack from bottom to top with the card being revealed here last.
enum Piece<'a> {
    Item(String),
    Flag(&'static str),
    Wager(Colour),
    House(u8),
    /// A stack entry, and whether it is the top card.
    Entry(&'a EntryView, bool),
    Reveal(&'a ResolvingView),
}

impl Piece<'_> {
    /// Houses and cards need a taller line.
    fn tall(&self) -> bool {
        matches!(self, Piece::House(_) | Piece::Entry(..) | Piece::Reveal(_))
    }
}

fn pieces<'a>(view: &'a View, town: &'a TownView) -> Vec<Piece<'a>> {
    let mut out = Vec::new();
    if let Some(item) = town.item {
        out.push(Piece::Item(format!("◆ {}", item.name())));
    }
    // R31: Collapse wins over Gold Strike.
    if town.collapse {
        out.push(Piece::Flag("Collapse"));
    } else if town.gold_strike {
        out.push(Piece::Flag("Gold ×2"));
    }
    if !town.wagers.is_empty() {
        out.push(Piece::Flag("Wager"));
        out.extend(town.wagers.iter().filter_map(|seat| colour_of(view, *seat)).map(Piece::Wager));
    }
    out.extend(town.buildings.iter().map(|b| Piece::House(*b)));
    let top = town.stack.len().checked_sub(1);
    out.extend(town.stack.iter().enumerate().map(|(i, entry)| Piece::Entry(entry, Some(i) == top)));
    out.extend(revealing(view, town).map(Piece::Reveal));
    out
}

fn piece_width(canvas: &Canvas, piece: &Piece) -> f32 {
    match piece {
        Piece::Item(text) => canvas.measure(ITEM, text),
        Piece::Flag(text) => canvas.measure(BOLD, text) + 16.0,
        Piece::Wager(_) => 28.0,
        Piece::House(_) => HOUSE,
        Piece::Entry(..) | Piece::Reveal(_) => CARD.0,
    }
}

const ITEM: Style = Style::new(Face::Bold, 26, theme::ACCENT);

/// The pieces placed in lines `width` wide: (line, x offset, piece), and each line's height.
fn flow<'a>(canvas: &Canvas, pieces: Vec<Piece<'a>>, width: f32) -> (Vec<(usize, f32, Piece<'a>)>, Vec<f32>) {
    let (mut line, mut x) = (0, 0.0);
    let mut heights: Vec<f32> = Vec::new();
    let mut out: Vec<(usize, f32, Piece)> = Vec::new();
    for piece in pieces {
        // A little more room where the buildings end and the stack begins.
        if matches!(piece, Piece::Entry(..) | Piece::Reveal(_)) && matches!(out.last(), Some((_, _, Piece::House(_)))) {
            x += 8.0;
        }
        let w = piece_width(canvas, &piece).min(width);
        if x > 0.0 && x + w > width + 0.5 {
            (line, x) = (line + 1, 0.0);
        }
        if heights.len() <= line {
            heights.push(EXTRA_LINE);
        }
        if piece.tall() {
            heights[line] = STACK_LINE;
        }
        let gap = if piece.tall() { CARD_STEP - CARD.0 } else { 8.0 };
        out.push((line, x, piece));
        x += w + gap;
    }
    (out, heights)
}

/// The height `town` needs in a tile `width` wide.
pub(super) fn height(canvas: &Canvas, view: &View, town: &TownView, width: f32) -> f32 {
    if !town.face_up {
        return FACEDOWN_MIN;
    }
    let (_, lines) = flow(canvas, pieces(view, town), width - 2.0 * PAD);
    BASE + lines.iter().sum::<f32>() + 4.0
}

/// The colour of `seat`, if the view knows the seat.
fn colour_of(view: &View, seat: Seat) -> Option<Colour> {
    view.players.get(seat.index()).map(|p| p.colour)
}

/// Draws the tile of `town` in the `w` × `h` box at `(x, y)`.
pub(super) fn tile(canvas: &mut Canvas, view: &View, town: &TownView, (x, y, w, h): (f32, f32, f32, f32)) {
    let Some(tile) = town.tile.filter(|_| town.face_up) else {
        facedown(canvas, town, (x, y, w, h));
        return;
    };
    // The town being revealed in the accent colour; a town the latest action touched in white.
    let edge = if revealing(view, town).is_some() {
        (theme::ACCENT, 3.0)
    } else if view.last_towns.contains(&town.town) {
        (theme::TEXT, 3.0)
    } else {
        (theme::PANEL_EDGE, 1.0)
    };
    ink::panel(canvas, x, y, w, h, theme::TILE, edge);
    let (left, right) = (x + PAD, x + w - PAD);
    let coord = Style::new(Face::Bold, 18, theme::MUTED).aid();
    let cw = canvas.text(left, y + 36.0, &town.town.to_string(), coord, Align::Left);
    let name = canvas.fit(BOLD, tile.name(), right - left - cw - 8.0);
    canvas.text(left + cw + 8.0, y + 37.0, &name, BOLD, Align::Left);
    bonuses(canvas, view, town, tile, left, y + 8.0 + ROW * 1.5);
    chips(canvas, view, town, left, w - 2.0 * PAD, y + 8.0 + ROW * 2.5);
    let (placed, lines) = flow(canvas, pieces(view, town), w - 2.0 * PAD);
    let tops: Vec<f32> = lines.iter().scan(y + BASE, |top, h| Some(std::mem::replace(top, *top + h))).collect();
    for (line, dx, piece) in placed {
        let (top, h) = (tops[line], lines[line]);
        draw_piece(canvas, &piece, (left + dx, top, h), w - 2.0 * PAD);
    }
}

/// Output (§2.3), then the sheriff's and the deputy's bonus and holder, on one line.
fn bonuses(canvas: &mut Canvas, view: &View, town: &TownView, tile: Tile, left: f32, cy: f32) {
    let pill_style = Style::new(Face::Bold, 26, theme::DARK);
    let mut cx = left + pill(canvas, left, cy, &format!("{} VP", tile.output()), pill_style, theme::ACCENT);
    let mut slots = vec![(true, tile.sheriff_bonus(), town.sheriff)];
    if let Some(bonus) = tile.deputy_bonus() {
        slots.push((false, bonus, town.deputy));
    }
    for (sheriff, bonus, holder) in slots {
        badge(canvas, cx + 12.0, cy, sheriff);
        cx += 25.0 + canvas.text(cx + 25.0, ink::baseline(cy, 26), &format!("+{bonus}"), WORDS, Align::Left);
        match holder.and_then(|seat| colour_of(view, seat)) {
            Some(colour) => token(canvas, cx + 15.0, cy, 28.0, colour),
            None => ink::vacant(canvas, cx + 15.0, cy, 28.0),
        }
        cx += 31.0;
    }
}

/// Draws a piece at `x` on the line from `top`, `h` tall.
fn draw_piece(canvas: &mut Canvas, piece: &Piece, (x, top, h): (f32, f32, f32), width: f32) {
    let cy = top + h / 2.0;
    match piece {
        Piece::Item(text) => {
            let text = canvas.fit(ITEM, text, width);
            canvas.text(x, ink::baseline(cy, 26), &text, ITEM, Align::Left);
        }
        Piece::Flag(text) => {
            pill(canvas, x, cy, text, BOLD, theme::FLAG);
        }
        Piece::Wager(colour) => token(canvas, x + 14.0, cy, 28.0, *colour),
        Piece::House(value) => {
            house(canvas, x, top + 45.0, *value);
        }
        Piece::Entry(entry, on_top) => {
            if *on_top && let Some(area) = rect(x - 3.0, top + 1.0, CARD.0 + 6.0, CARD.1 + 6.0) {
                canvas.round_rect(area, 7.0, None, Some((theme::TEXT, 2.0)));
            }
            entry_card(canvas, entry, x, top + 4.0);
        }
        Piece::Reveal(reveal) => {
            let value = reveal.card.underling.value();
            card_face(canvas, x, top + 4.0, CARD, value, theme::ACCENT, reveal.story.is_some());
        }
    }
}

/// One chip per player: colour, letter and gunslinger count here, lawmen included (§2.1);
/// the controlling player's chip ringed (§6.1).
fn chips(canvas: &mut Canvas, view: &View, town: &TownView, x: f32, width: f32, cy: f32) {
    let n = view.players.len().max(1) as f32;
    let gap = 6.0;
    let chip_w = ((width - gap * (n - 1.0)) / n).min(84.0).floor();
    let controller = town.control.and_then(|c| c.controller);
    for (i, player) in view.players.iter().enumerate() {
        let seat = player.seat;
        let outlaws = town.outlaws.get(i).copied().unwrap_or(0);
        let count = outlaws + u8::from(town.sheriff == Some(seat)) + u8::from(town.deputy == Some(seat));
        let cx = x + i as f32 * (chip_w + gap);
        let ink = ink::ink(player.colour);
        let Some(area) = rect(cx, cy - 17.0, chip_w, 34.0) else { continue };
        let text_colour = if count > 0 {
            canvas.round_rect(area, 8.0, Some(ink.fill), None);
            ink.text
        } else {
            canvas.round_rect(area, 8.0, None, Some((ink.fill.with_alpha(150), 1.5)));
            theme::MUTED
        };
        if controller == Some(seat)
            && let Some(ring) = rect(cx - 3.0, cy - 20.0, chip_w + 6.0, 40.0)
        {
            canvas.round_rect(ring, 10.0, None, Some((theme::ACCENT, 3.0)));
        }
        let letter = ink::letter(player.colour).to_string();
        let letter_style = Style::new(Face::Bold, 18, text_colour).aid();
        let number = Style::new(Face::Bold, 26, text_colour);
        let count = count.to_string();
        let lw = canvas.measure(letter_style, &letter);
        let total = lw + 4.0 + canvas.measure(number, &count);
        let start = cx + (chip_w - total) / 2.0;
        canvas.text(start, ink::baseline(cy, 18), &letter, letter_style, Align::Left);
        canvas.text(start + lw + 4.0, ink::baseline(cy, 26), &count, number, Align::Left);
    }
}

/// One stack entry: face up with its value to its owner, otherwise its back.
fn entry_card(canvas: &mut Canvas, entry: &EntryView, x: f32, y: f32) {
    match entry.card {
        Some(card) => {
            let edge = ink::ink(entry.colour).fill;
            card_face(canvas, x, y, CARD, card.underling.value(), edge, entry.news);
        }
        None => card_back(canvas, x, y, entry.colour, entry.news),
    }
}

/// Height of one band of the face-down pattern: two offset rows of diamonds.
const PATTERN_BAND: f32 = 24.0;

/// Pattern bands already drawn, by tile width and the picture's scale (its bits): a board has
/// one width, a bot two sizes of picture, so the list stays short.
type Bands = Vec<((u32, u32), Arc<Pixmap>)>;
static BANDS: LazyLock<Mutex<Bands>> = LazyLock::new(Mutex::default);

/// One band of the face-down pattern for a tile `width` wide, transparent between diamonds.
fn pattern_band(width: f32, scale: f32) -> Option<Arc<Pixmap>> {
    let key = (width.round() as u32, scale.to_bits());
    let mut bands = BANDS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, band)) = bands.iter().find(|(w, _)| *w == key) {
        return Some(Arc::clone(band));
    }
    let mut canvas = Canvas::at_scale(key.0, PATTERN_BAND as u32, theme::FACEDOWN.with_alpha(0), scale).ok()?;
    let step = 24.0;
    for (row, cy) in [6.0, 18.0].into_iter().enumerate() {
        let mut cx = 18.0 + if row == 1 { step / 2.0 } else { 0.0 };
        while cx < width - 12.0 {
            let d = [(cx, cy - 6.0), (cx + 6.0, cy), (cx, cy + 6.0), (cx - 6.0, cy)];
            canvas.polygon(&d, Some(theme::FACEDOWN_PATTERN), None);
            cx += step;
        }
    }
    let band = Arc::new(canvas.into_pixmap());
    bands.push((key, Arc::clone(&band)));
    Some(band)
}

/// A position not founded yet (§2.2): tile and item face down until the end of round 2.
fn facedown(canvas: &mut Canvas, town: &TownView, (x, y, w, h): (f32, f32, f32, f32)) {
    ink::panel(canvas, x, y, w, h, theme::FACEDOWN, (theme::PANEL_EDGE, 1.0));
    // A card-back pattern of small diamonds, kept inside the tile: bands of two rows stamped
    // from one sprite (drawing each diamond costs more than the rest of the tile).
    if let Some(band) = pattern_band(w, canvas.scale()) {
        let mut top = y + 12.0;
        while top + PATTERN_BAND <= y + h - 6.0 {
            canvas.stamp(&band, x, top);
            top += PATTERN_BAND;
        }
    }
    let mid = x + w / 2.0;
    let top = y + h / 2.0 - 38.0;
    if let Some(area) = rect(x + 10.0, top - 4.0, w - 20.0, 84.0) {
        canvas.round_rect(area, 10.0, Some(theme::FACEDOWN), None);
    }
    let bold = Style::new(Face::Bold, 26, theme::MUTED);
    let line = canvas.fit(bold, &format!("{} not founded", town.town), w - 28.0);
    canvas.text(mid, top + 30.0, &line, bold, Align::Center);
    let note = Style::new(Face::Regular, 26, theme::MUTED);
    let line = canvas.fit(note, "until round 3", w - 28.0);
    canvas.text(mid, top + 66.0, &line, note, Align::Center);
}
