//! The full-width panels: the final standings with every hand (§6), shown at the top once the
//! game is over, and the common dice pool.

use engines::conquest_of_mars::{EndReason, FinalLine, View};
use engines::parts::cards::Card;

use super::{GAP, W, badge, dice, panel};
use crate::canvas::{Align, Canvas, Face, Rgba, Style, rect};
use crate::martian_gunslinger::cards::{suit_colour, symbol};
use crate::theme::{self, MARGIN, PAD};
use crate::{name_of, ordinal};

/// Inner width of a full-width panel.
const INNER: f32 = W - 2.0 * MARGIN - 2.0 * PAD;
pub(super) const CHIP_W: f32 = 88.0;
pub(super) const CHIP_H: f32 = 40.0;
const CHIP_GAP: f32 = 6.0;
/// A line of text at 26 px.
const LINE: f32 = 36.0;

const FACE: Rgba = Rgba::hex(0xf4efe4);

/// A card as a chip: its code and suit symbol in the suit's colour; `best` outlines it in
/// the accent colour (one of the five cards of the best hand).
fn chip(canvas: &mut Canvas, x: f32, y: f32, card: Card, best: bool) {
    let Some(area) = rect(x, y, CHIP_W, CHIP_H) else { return };
    canvas.panel_area(area);
    let edge = if best { (theme::ACCENT, 3.5) } else { (Rgba::hex(0x9a8f7a), 1.0) };
    canvas.round_rect(area, 6.0, Some(FACE), Some(edge));
    let colour = suit_colour(card.suit);
    let text = format!("{}{}", card, symbol(card.suit));
    canvas.text(x + CHIP_W / 2.0, y + 30.0, &text, Style::new(Face::Bold, 26, colour), Align::Center);
}

/// Draws `cards` as chips from `(x, y)`, wrapping within `width`; returns the bottom.
pub(super) fn chips(canvas: &mut Canvas, cards: &[Card], best: &[Card], x: f32, y: f32, width: f32) -> f32 {
    let per_row = (((width + CHIP_GAP) / (CHIP_W + CHIP_GAP)) as usize).max(1);
    for (i, card) in cards.iter().enumerate() {
        let (c, r) = (i % per_row, i / per_row);
        let cx = x + c as f32 * (CHIP_W + CHIP_GAP);
        let cy = y + r as f32 * (CHIP_H + CHIP_GAP);
        chip(canvas, cx, cy, *card, best.contains(card));
    }
    y + cards.len().div_ceil(per_row).max(1) as f32 * (CHIP_H + CHIP_GAP) - CHIP_GAP
}

/// What a final line scored, in words (§6.3, R28).
fn hand_words(line: &FinalLine, reason: EndReason) -> String {
    match (&line.key, reason) {
        (None, _) => "resigned".to_string(),
        (Some(_), EndReason::LastStanding(_)) => "the last player left".to_string(),
        (Some(key), _) => match &key.hand {
            Some(hand) => format!("{hand} · {} cards", line.cards.len()),
            None => format!("fewer than five cards ({})", line.cards.len()),
        },
    }
}

/// The final standings: place, player, what the hand scored, and every card it held
/// (dealt and solely occupied), the best five outlined; then the cards set aside (R7).
/// Laid out on a probe first to learn the panel's height.
pub(super) fn standings(canvas: &mut Canvas, view: &View, names: &[String], top: f32) -> f32 {
    if view.result.is_none() {
        return top - GAP;
    }
    let bottom = canvas.probe().map_or(top, |mut probe| standings_body(&mut probe, view, names, top));
    panel(canvas, MARGIN, top, W - 2.0 * MARGIN, bottom - top + 12.0, false);
    standings_body(canvas, view, names, top);
    bottom + 12.0
}

fn standings_body(canvas: &mut Canvas, view: &View, names: &[String], top: f32) -> f32 {
    let Some(result) = &view.result else { return top };
    let x = MARGIN + PAD;
    canvas.text(x, top + 38.0, "Final standings", Style::new(Face::Bold, 28, theme::TEXT), Align::Left);
    let note = "best five outlined";
    canvas.text(W - MARGIN - PAD, top + 38.0, note, Style::new(Face::Regular, 26, theme::MUTED), Align::Right);
    let mut y = top + 52.0;
    for line in &result.lines {
        let winner = line.place == 1 && line.key.is_some();
        let colour = if winner { theme::ACCENT } else { theme::TEXT };
        let place = if winner { format!("★ {}", ordinal(line.place)) } else { ordinal(line.place) };
        let style = Style::new(Face::Bold, 26, colour);
        canvas.text(x, y + 28.0, &place, style, Align::Left);
        if let Some(p) = super::player(view, line.seat) {
            badge(canvas, x + 84.0, y + 4.0, 30.0, p.colour);
        }
        let name = canvas.fit(style, &name_of(names, line.seat), 240.0);
        let w = canvas.text(x + 124.0, y + 28.0, &name, style, Align::Left);
        let words = Style::new(Face::Regular, 26, theme::TEXT);
        let text = canvas.fit(words, &hand_words(line, result.reason), INNER - 140.0 - w);
        canvas.text(x + 124.0 + w + 16.0, y + 28.0, &text, words, Align::Left);
        y = chips(canvas, &line.cards, &line.best, x, y + 40.0, INNER) + 12.0;
    }
    if let Some(aside) = view.aside.as_ref().filter(|a| !a.is_empty()) {
        let style = Style::new(Face::Regular, 26, theme::MUTED);
        canvas.text(x, y + 28.0, "Set aside, never in play:", style, Align::Left);
        y = chips(canvas, aside, &[], x, y + LINE + 4.0, INNER) + 4.0;
    }
    y
}

/// The common pool in one row: its dice and how many of each.
pub(super) fn common(canvas: &mut Canvas, view: &View, top: f32) -> f32 {
    let title = Style::new(Face::Bold, 26, theme::TEXT);
    let x = MARGIN + PAD;
    let label_w = canvas.measure(title, "Common dice") + 20.0;
    let bottom = canvas
        .probe()
        .map_or(top, |mut probe| dice::pool_wrapped(&mut probe, &view.common, x, top + 6.0, INNER - label_w));
    let h = bottom - top + 6.0;
    panel(canvas, MARGIN, top, W - 2.0 * MARGIN, h, false);
    canvas.text(x, top + 6.0 + dice::POOL_ROW / 2.0 + 9.0, "Common dice", title, Align::Left);
    let right = dice::pool_wrapped(canvas, &view.common, x + label_w, top + 6.0, INNER - label_w);
    debug_assert!((right - bottom).abs() < 0.5);
    if view.dice_mix == engines::conquest_of_mars::DiceMix::D6Only {
        let style = Style::new(Face::Regular, 26, theme::MUTED);
        canvas.text(W - MARGIN - PAD, top + 6.0 + dice::POOL_ROW / 2.0 + 9.0, "no trading", style, Align::Right);
    }
    top + h
}
