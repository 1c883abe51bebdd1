//! One position of the town grid (§2.2, §2.3): the tile with its output and lawman bonuses,
//! the gunslingers of every colour, who controls it, its buildings, its item, this round's
//! flags and its stack of face-down underlings; or a face-down position not founded yet.

use std::sync::{Arc, LazyLock, Mutex, PoisonError};

use engines::Seat;
use engines::gunslinger_gang::{Colour, EntryView, How, Phase, ResolvingView, Tile, TownView, View};
use tiny_skia::Pixmap;

use super::ink::{self, CARD, card_back, card_face, house, pill, theme, token};
use crate::canvas::{Align, Canvas, Face, Style, rect};

/// Padding inside a tile.
const PAD: f32 = 12.0;
/// From a tile's top to its stack of cards, without a flags row.
const BASE: f32 = 174.0;
/// The optional row of Gold Strike, Mine Collapse and Wager flags.
const FLAG_ROW: f32 = 38.0;
/// One line of stacked cards.
const STACK_LINE: f32 = 48.0;
/// Horizontal step between cards in a stack.
const CARD_STEP: f32 = 36.0;
/// A tile of a position not founded yet, at least.
const FACEDOWN_MIN: f32 = 150.0;

/// Cards one line of a stack holds in a tile `width` wide.
fn per_line(width: f32) -> usize {
    (((width - 2.0 * PAD - CARD.0) / CARD_STEP).floor() as usize + 1).max(1)
}

/// Whether `town` carries any of this round's flags.
fn has_flags(town: &TownView) -> bool {
    town.gold_strike || town.collapse || !town.wagers.is_empty()
}

/// The card being revealed at `town`, if any.
fn revealing<'a>(view: &'a View, town: &TownView) -> Option<&'a ResolvingView> {
    view.resolving.as_ref().filter(|r| r.town == town.town)
}

/// Lines of cards the stack of `town` takes (at least one).
fn stack_lines(view: &View, town: &TownView, width: f32) -> usize {
    let cards = town.stack.len() + usize::from(revealing(view, town).is_some());
    cards.div_ceil(per_line(width)).max(1)
}

/// The height `town` needs in a tile `width` wide.
pub(super) fn height(view: &View, town: &TownView, width: f32) -> f32 {
    if !town.face_up {
        return FACEDOWN_MIN;
    }
    let flags = if has_flags(town) { FLAG_ROW } else { 0.0 };
    let stack = if shows_stacks(view) { stack_lines(view, town, width) as f32 * STACK_LINE } else { 0.0 };
    BASE + flags + stack + 4.0
}

/// Whether tiles have a stack row: not once the game is over and every stack is empty.
fn shows_stacks(view: &View) -> bool {
    view.phase != Phase::Finished || view.towns.iter().any(|t| !t.stack.is_empty())
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
    let edge = if revealing(view, town).is_some() { (theme::ACCENT, 3.0) } else { (theme::PANEL_EDGE, 1.0) };
    ink::panel(canvas, x, y, w, h, theme::TILE, edge);
    let (left, right) = (x + PAD, x + w - PAD);
    // Name, position and output (§2.3).
    let output = format!("{} VP", tile.output());
    let pill_style = Style::new(Face::Bold, 18, theme::DARK);
    let pill_w = canvas.measure(pill_style, &output) + 16.0;
    pill(canvas, right - pill_w, y + 24.0, &output, pill_style, theme::ACCENT);
    let coord = Style::new(Face::Bold, 18, theme::MUTED);
    let cw = canvas.text(left, y + 31.0, &town.town.to_string(), coord, Align::Left);
    let name_style = Style::new(Face::Bold, 20, theme::TEXT);
    let name = canvas.fit(name_style, tile.name(), right - pill_w - left - cw - 16.0);
    canvas.text(left + cw + 8.0, y + 31.0, &name, name_style, Align::Left);
    lawmen(canvas, view, town, tile, left, y + 57.0);
    chips(canvas, view, town, left, w - 2.0 * PAD, y + 91.0);
    control(canvas, view, town, left, y + 124.0);
    buildings(canvas, &town.buildings, right, y + 136.0);
    if let Some(item) = town.item {
        let style = Style::new(Face::Bold, 18, theme::ACCENT);
        let text = canvas.fit(style, &format!("◆ {}", item.name()), w - 2.0 * PAD);
        canvas.text(left, y + 155.0, &text, style, Align::Left);
    }
    let mut top = y + BASE;
    if has_flags(town) {
        flags(canvas, view, town, left, top + 12.0);
        top += FLAG_ROW;
    }
    if shows_stacks(view) {
        stack(canvas, view, town, left, top, w);
    }
}

/// The sheriff slot and, where the tile has one, the deputy slot: bonus and holder (§2.3).
fn lawmen(canvas: &mut Canvas, view: &View, town: &TownView, tile: Tile, x: f32, cy: f32) {
    let style = Style::new(Face::Regular, 18, theme::TEXT);
    let mut slots = vec![("Sheriff", tile.sheriff_bonus(), town.sheriff)];
    if let Some(bonus) = tile.deputy_bonus() {
        slots.push(("Deputy", bonus, town.deputy));
    }
    let mut cx = x;
    for (role, bonus, holder) in slots {
        cx += canvas.text(cx, ink::baseline(cy, 18), &format!("{role} +{bonus}"), style, Align::Left) + 18.0;
        match holder.and_then(|seat| colour_of(view, seat)) {
            Some(colour) => token(canvas, cx, cy, 26.0, colour),
            None => ink::vacant(canvas, cx, cy, 26.0),
        }
        cx += 28.0;
    }
}

/// One chip per player: colour, letter and gunslinger count here, lawmen included (§2.1).
fn chips(canvas: &mut Canvas, view: &View, town: &TownView, x: f32, width: f32, cy: f32) {
    let n = view.players.len().max(1) as f32;
    let gap = 6.0;
    let chip_w = ((width - gap * (n - 1.0)) / n).min(84.0).floor();
    for (i, player) in view.players.iter().enumerate() {
        let seat = player.seat;
        let outlaws = town.outlaws.get(i).copied().unwrap_or(0);
        let count = outlaws + u8::from(town.sheriff == Some(seat)) + u8::from(town.deputy == Some(seat));
        let cx = x + i as f32 * (chip_w + gap);
        let ink = ink::ink(player.colour);
        let Some(area) = rect(cx, cy - 15.0, chip_w, 30.0) else { continue };
        let text_colour = if count > 0 {
            canvas.round_rect(area, 8.0, Some(ink.fill), None);
            ink.text
        } else {
            canvas.round_rect(area, 8.0, None, Some((ink.fill.with_alpha(150), 1.5)));
            theme::MUTED
        };
        // Letter and count side by side, centred in the chip.
        let letter = ink::letter(player.colour).to_string();
        let letter_style = Style::new(Face::Bold, 18, text_colour);
        let number = Style::new(Face::Bold, if count >= 10 { 20 } else { 22 }, text_colour);
        let count = count.to_string();
        let gap = if count.len() > 1 { 4.0 } else { 7.0 };
        let lw = canvas.measure(letter_style, &letter);
        let total = lw + gap + canvas.measure(number, &count);
        let start = cx + (chip_w - total) / 2.0;
        canvas.text(start, ink::baseline(cy, 18), &letter, letter_style, Align::Left);
        canvas.text(start + lw + gap, ink::baseline(cy, number.size), &count, number, Align::Left);
    }
}

/// The buildings (§2.7), right-aligned on `right`: one house per value, `×n` for several.
fn buildings(canvas: &mut Canvas, buildings: &[u8], right: f32, base: f32) {
    let style = Style::new(Face::Regular, 18, theme::TEXT);
    let groups: Vec<(u8, usize)> =
        (1..=3).map(|v| (v, buildings.iter().filter(|b| **b == v).count())).filter(|(_, n)| *n > 0).collect();
    let label = |n: usize| if n > 1 { format!("×{n}") } else { String::new() };
    let width: f32 = groups.iter().map(|(_, n)| 28.0 + canvas.measure(style, &label(*n)) + 6.0).sum();
    let mut x = right - width + 6.0;
    for (value, n) in groups {
        x += house(canvas, x, base, value);
        x += canvas.text(x, base - 4.0, &label(n), style, Align::Left) + 6.0;
    }
}

/// Who controls the town now (§6.1): crown and token, and by how much.
fn control(canvas: &mut Canvas, view: &View, town: &TownView, x: f32, cy: f32) {
    let base = ink::baseline(cy, 18);
    let Some(control) = town.control else { return };
    match control.controller.and_then(|seat| colour_of(view, seat)) {
        Some(colour) => {
            let w = canvas.text(x, base, "♛", Style::new(Face::Bold, 20, theme::ACCENT), Align::Left);
            token(canvas, x + w + 16.0, cy, 24.0, colour);
            let how = match control.how {
                How::Lawman => "tie-break".to_string(),
                _ => format!("by {}", control.margin),
            };
            canvas.text(x + w + 34.0, base, &how, Style::new(Face::Regular, 18, theme::TEXT), Align::Left);
        }
        None => {
            let empty = town.outlaws.iter().all(|n| *n == 0) && town.sheriff.is_none() && town.deputy.is_none();
            let text = if empty { "Nobody here" } else { "Tied · no control" };
            canvas.text(x, base, text, Style::new(Face::Regular, 18, theme::MUTED), Align::Left);
        }
    }
}

/// This round's flags (§2.6 Gold Strike and Mine Collapse, §2.4 Wager).
fn flags(canvas: &mut Canvas, view: &View, town: &TownView, x: f32, cy: f32) {
    let style = Style::new(Face::Bold, 18, theme::TEXT);
    let mut cx = x;
    // R31: Collapse wins over Gold Strike.
    if town.collapse {
        cx += pill(canvas, cx, cy, "Collapse", style, theme::FLAG) + 6.0;
    } else if town.gold_strike {
        cx += pill(canvas, cx, cy, "Gold ×2", style, theme::FLAG) + 6.0;
    }
    if !town.wagers.is_empty() {
        let w = pill(canvas, cx, cy, "Wager", style, theme::FLAG);
        cx += w + 4.0;
        for seat in &town.wagers {
            if let Some(colour) = colour_of(view, *seat) {
                token(canvas, cx + 12.0, cy, 24.0, colour);
                cx += 26.0;
            }
        }
    }
}

/// The stack, bottom to top, left to right: card backs in their owners' colours (values
/// hidden), the viewer's own cards face up with their values, the top card outlined, and the
/// card being revealed here face up at the end.
fn stack(canvas: &mut Canvas, view: &View, town: &TownView, x: f32, top: f32, width: f32) {
    let per_line = per_line(width);
    let place = |i: usize| (x + (i % per_line) as f32 * CARD_STEP, top + (i / per_line) as f32 * STACK_LINE);
    let last = town.stack.len().checked_sub(1);
    for (i, entry) in town.stack.iter().enumerate() {
        let (cx, cy) = place(i);
        if Some(i) == last
            && let Some(area) = rect(cx - 3.0, cy - 3.0, CARD.0 + 6.0, CARD.1 + 6.0)
        {
            canvas.round_rect(area, 7.0, None, Some((theme::TEXT, 2.0)));
        }
        entry_card(canvas, entry, cx, cy);
    }
    if let Some(reveal) = revealing(view, town) {
        let (cx, cy) = place(town.stack.len());
        let edge = theme::ACCENT;
        card_face(canvas, cx, cy, CARD, reveal.card.underling.value(), edge, reveal.story.is_some());
    } else if town.stack.is_empty() {
        let style = Style::new(Face::Regular, 18, theme::MUTED);
        canvas.text(x, top + CARD.1 / 2.0 + 7.0, "no underlings", style, Align::Left);
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

/// Pattern bands already drawn, by tile width (a board has one width; the list stays short).
type Bands = Vec<(u32, Arc<Pixmap>)>;
static BANDS: LazyLock<Mutex<Bands>> = LazyLock::new(Mutex::default);

/// One band of the face-down pattern for a tile `width` wide, transparent between diamonds.
fn pattern_band(width: f32) -> Option<Arc<Pixmap>> {
    let key = width.round() as u32;
    let mut bands = BANDS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, band)) = bands.iter().find(|(w, _)| *w == key) {
        return Some(Arc::clone(band));
    }
    let mut canvas = Canvas::new(key, PATTERN_BAND as u32, theme::FACEDOWN.with_alpha(0)).ok()?;
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
    if let Some(band) = pattern_band(w) {
        let mut top = y + 12.0;
        while top + PATTERN_BAND <= y + h - 6.0 {
            canvas.stamp(&band, x, top);
            top += PATTERN_BAND;
        }
    }
    let mid = x + w / 2.0;
    let top = y + h / 2.0 - 36.0;
    if let Some(area) = rect(mid - 120.0, top - 4.0, 240.0, 84.0) {
        canvas.round_rect(area, 10.0, Some(theme::FACEDOWN), None);
    }
    let bold = Style::new(Face::Bold, 20, theme::MUTED);
    canvas.text(mid, top + 22.0, &format!("{} · not founded", town.town), bold, Align::Center);
    let note = Style::new(Face::Regular, 18, theme::MUTED);
    canvas.text(mid, top + 48.0, "Founded after round 2", note, Align::Center);
    canvas.text(mid, top + 72.0, "tile and item face down", note, Align::Center);
}
