//! The Martian 12s board (rules §8): the header (round, pot, stake, first drawer, who is on
//! turn), the bag by size and by colour, the final standings once the match is over, and
//! one row per player with their stack in pull order, status, score, wallet and rounds won.
//!
//! Dark theme, drawn for a phone: 960 px wide, no text under 18 px, every colour also
//! carried by a digit, a symbol or a word.

mod text;

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

use engines::martian_12s::{Palette, PlayerView, Pyramid, RoundResult, Status, View};
use engines::parts::pyramids::Size;
use tiny_skia::{Pixmap, Rect};

use crate::canvas::{Align, Canvas, Face, Rgba, Style, rect};
use crate::theme::{self, MARGIN, PAD, PNG_BUDGET, WIDTH};
use crate::{RenderError, name_of, ordinal};

pub(crate) use self::text::board_text;

const W: f32 = WIDTH as f32;
const ROW_GAP: f32 = 10.0;
/// Width of the name/status/wallet column of a player row.
const LEFT_COL: f32 = 250.0;
/// Width of the score column at the right of a player row.
const SCORE_COL: f32 = 110.0;
/// Room for pyramids in a player row.
const STACK_WIDTH: f32 = W - 2.0 * MARGIN - LEFT_COL - SCORE_COL;
const PYRAMID_GAP: f32 = 8.0;
/// Height of one line of pyramids, the tallest one included.
const STACK_LINE: f32 = 76.0;
const ROW_MIN: f32 = 110.0;
const HEADER: f32 = 136.0;
const BAG_PANEL: f32 = 112.0;
const STANDING_LINE: f32 = 34.0;

/// How a pyramid of one value is inked in one palette.
#[derive(Clone, Copy, Debug)]
struct Ink {
    fill: Rgba,
    outline: Rgba,
    digit: Rgba,
}

const fn ink(fill: Rgba, outline: u32, digit: u32) -> Ink {
    Ink { fill, outline: Rgba::hex(outline), digit: Rgba::hex(digit) }
}

/// Fill, outline and digit colours of a value. Dark fills get a light outline and a white
/// digit; light fills a dark digit, so the digit always stands out (§2.1 colours).
fn ink_of(palette: Palette, value: u8) -> Ink {
    match (palette, value) {
        (Palette::Rainbow, 0) => ink(Rgba::hex(0x050505), 0xdcdcdc, 0xffffff),
        (Palette::Rainbow, 1) => ink(Rgba::hex(0xd93a2f), 0xff9a90, 0xffffff),
        (Palette::Rainbow, 2) => ink(Rgba::hex(0xf5cf3a), 0xfff0b0, 0x111111),
        (Palette::Rainbow, 3) => ink(Rgba::hex(0x35a852), 0x9be3ad, 0x0b0b0b),
        (Palette::Rainbow, _) => ink(Rgba::hex(0x2d6be0), 0x9dbcff, 0xffffff),
        (Palette::Xeno, 0) => ink(Rgba::hex(0xf4f4f4), 0x8d96a3, 0x111111),
        (Palette::Xeno, 1) => ink(Rgba::hex(0xc8e6ff).with_alpha(72), 0xd8ecff, 0xffffff),
        (Palette::Xeno, 2) => ink(Rgba::hex(0xf58a2a), 0xffc48f, 0x111111),
        (Palette::Xeno, 3) => ink(Rgba::hex(0x35c9dc), 0xa8eef7, 0x0b0b0b),
        (Palette::Xeno, _) => ink(Rgba::hex(0x8e44c9), 0xd2a8f2, 0xffffff),
    }
}

/// Width, height and digit size of a pyramid.
const fn dims(size: Size) -> (f32, f32, u16) {
    match size {
        Size::Small => (38.0, 44.0, 20),
        Size::Medium => (48.0, 56.0, 24),
        Size::Large => (58.0, 68.0, 28),
    }
}

/// Splits a stack into lines of pyramids that fit the row, in pull order.
fn stack_lines(stack: &[Pyramid]) -> Vec<&[Pyramid]> {
    let mut lines = Vec::new();
    let (mut start, mut width) = (0, 0.0);
    for (i, pyramid) in stack.iter().enumerate() {
        let w = dims(pyramid.size).0;
        if i > start && width + PYRAMID_GAP + w > STACK_WIDTH {
            lines.push(&stack[start..i]);
            (start, width) = (i, w);
        } else {
            width += if i > start { PYRAMID_GAP + w } else { w };
        }
    }
    if start < stack.len() {
        lines.push(&stack[start..]);
    }
    lines
}

/// Height of the "Round 3: won $7" line above a previous round's stack.
const RESULT_LINE: f32 = 30.0;

/// The round to show stacks of: the previous one while nobody has pulled in the new round
/// (or once the match ended with empty stacks), so its result stays visible after a move
/// that ended it.
fn previous(view: &View) -> Option<&RoundResult> {
    let fresh = view.players.iter().all(|p| p.stack.is_empty());
    view.previous_round.as_ref().filter(|r| fresh && r.players.len() == view.players.len())
}

/// The stack shown in a player's row, and whether it is the previous round's.
fn shown_stack<'a>(view: &'a View, player: &'a PlayerView) -> (&'a [Pyramid], Option<&'a RoundResult>) {
    match previous(view) {
        Some(round) => (&round.players[player.seat.index()].stack, Some(round)),
        None => (&player.stack, None),
    }
}

fn row_height(view: &View, player: &PlayerView) -> f32 {
    let (stack, previous) = shown_stack(view, player);
    let lines = stack_lines(stack).len().max(1) as f32;
    let label = if previous.is_some() { RESULT_LINE } else { 0.0 };
    ROW_MIN.max(16.0 + label + lines * STACK_LINE + 18.0)
}

fn standings_height(view: &View) -> f32 {
    view.outcome.as_ref().map_or(0.0, |outcome| {
        let rows = standing_rows(outcome.standings.len());
        64.0 + rows as f32 * STANDING_LINE + 14.0 + ROW_GAP
    })
}

/// Lines of the standings panel: one column up to four players, two above.
const fn standing_rows(players: usize) -> usize {
    if players <= 4 { players } else { players.div_ceil(2) }
}

/// The picture's height for `view`.
fn height(view: &View) -> f32 {
    let rows: f32 = view.players.iter().map(|p| row_height(view, p) + ROW_GAP).sum();
    let top = if view.outcome.is_some() { standings_height(view) } else { BAG_PANEL + ROW_GAP };
    HEADER + top + rows + MARGIN - ROW_GAP
}

/// Draws the board of `view` as PNG bytes.
///
/// # Errors
/// As [`Canvas::new`] and [`Canvas::png`].
pub fn board_png(view: &View, names: &[String]) -> Result<Vec<u8>, RenderError> {
    let height = height(view).ceil() as u32;
    let mut canvas = Canvas::new(WIDTH, height, theme::BACKGROUND)?;
    header(&mut canvas, view, names);
    let mut y = HEADER;
    if view.outcome.is_some() {
        // Once the match is over the standings take the place of the bag, which no one
        // will pull from again.
        standings(&mut canvas, view, names, y);
        y += standings_height(view);
    } else {
        bag(&mut canvas, view, y);
        y += BAG_PANEL + ROW_GAP;
    }
    for player in &view.players {
        let h = row_height(view, player);
        player_row(&mut canvas, view, player, &name_of(names, player.seat), y, h);
        y += h + ROW_GAP;
    }
    canvas.png(PNG_BUDGET)
}

fn panel(canvas: &mut Canvas, area: Option<Rect>, fill: Rgba, edge: Rgba, edge_width: f32) {
    if let Some(area) = area {
        canvas.round_rect(area, 14.0, Some(fill), Some((edge, edge_width)));
    }
}

fn round_text(view: &View) -> String {
    format!("Round {} of {}", view.round, view.last_round)
}

/// Title, round, pot, stake, first drawer and who is on turn (or that the match is over).
fn header(canvas: &mut Canvas, view: &View, names: &[String]) {
    let (left, right) = (MARGIN, W - MARGIN);
    canvas.text(left, 50.0, "Martian 12s", Style::new(Face::Bold, 34, theme::TEXT), Align::Left);
    canvas.text(right, 50.0, &round_text(view), Style::new(Face::Bold, 30, theme::TEXT), Align::Right);
    let headline = match &view.outcome {
        Some(outcome) => winners_line(outcome, names),
        None => format!("Pot {}", view.pot),
    };
    let style = Style::new(Face::Bold, 28, theme::ACCENT);
    let headline = canvas.fit(style, &headline, W * 0.62 - MARGIN);
    let x = left + canvas.text(left, 90.0, &headline, style, Align::Left);
    if view.outcome.is_none() && view.carried_in.0 > 0 {
        let carried = format!("  incl. {} carried in", view.carried_in);
        canvas.text(x, 90.0, &carried, Style::new(Face::Regular, 20, theme::MUTED), Align::Left);
    }
    let mut stake = format!("Stake {} a pull", view.stake);
    if view.match_mode == engines::martian_12s::MatchMode::UntilBroke {
        stake.push_str(" · until broke");
    }
    canvas.text(right, 90.0, &stake, Style::new(Face::Regular, 20, theme::MUTED), Align::Right);
    let first = format!("First drawer: {}", name_of(names, view.first_drawer));
    let first = canvas.fit(Style::new(Face::Regular, 20, theme::TEXT), &first, W / 2.0 - MARGIN);
    canvas.text(left, 124.0, &first, Style::new(Face::Regular, 20, theme::TEXT), Align::Left);
    let (status, colour) = match view.current {
        Some(seat) => (format!("▶ On turn: {}", name_of(names, seat)), theme::ACCENT),
        None if view.house.0 > 0 => (format!("Match over · house kept {}", view.house), theme::TEXT),
        None => ("Match over".to_string(), theme::TEXT),
    };
    let style = Style::new(Face::Bold, 22, colour);
    let status = canvas.fit(style, &status, W / 2.0 - MARGIN);
    canvas.text(right, 124.0, &status, style, Align::Right);
}

/// "★ Winner: Cy", "★ Winners: Ada and Cy", or "No winner" when everyone resigned (§4.7).
fn winners_line(outcome: &engines::Outcome, names: &[String]) -> String {
    let winners: Vec<String> = outcome.winners.iter().map(|seat| name_of(names, seat)).collect();
    match winners.as_slice() {
        [] => "No winner".to_string(),
        [one] => format!("★ Winner: {one}"),
        [rest @ .., last] => format!("★ Winners: {} and {last}", rest.join(", ")),
    }
}

/// Bag counts per size, and per colour with its S/M/L split (R25); doubles as the legend.
fn bag(canvas: &mut Canvas, view: &View, top: f32) {
    panel(canvas, rect(MARGIN, top, W - 2.0 * MARGIN, BAG_PANEL), theme::PANEL, theme::PANEL_EDGE, 1.0);
    let x = MARGIN + PAD;
    let w = canvas.text(x, top + 34.0, "Bag", Style::new(Face::Bold, 22, theme::TEXT), Align::Left);
    let total: u32 = view.bag.iter().map(|n| u32::from(*n)).sum();
    let sizes = format!("{total} left   ·   S {}   ·   M {}   ·   L {}", view.bag[0], view.bag[1], view.bag[2]);
    canvas.text(x + w + 16.0, top + 34.0, &sizes, Style::new(Face::Regular, 20, theme::TEXT), Align::Left);
    let sets = format!("{} sets · {} pyramids", view.sets, u32::from(view.sets) * 15);
    canvas.text(W - MARGIN - PAD, top + 34.0, &sets, Style::new(Face::Regular, 18, theme::MUTED), Align::Right);
    let cell = (W - 2.0 * MARGIN - 2.0 * PAD) / 5.0;
    for (value, counts) in view.bag_by_value.iter().enumerate() {
        let cx = (x + value as f32 * cell).round();
        let value = value as u8;
        pyramid(canvas, cx, top + 100.0, Size::Small, value, view.palette);
        let colour = view.palette.colour(value).name();
        canvas.text(cx + 46.0, top + 72.0, colour, Style::new(Face::Bold, 18, theme::TEXT), Align::Left);
        let split = format!("S{} M{} L{}", counts[0], counts[1], counts[2]);
        canvas.text(cx + 46.0, top + 98.0, &split, Style::new(Face::Regular, 18, theme::MUTED), Align::Left);
    }
}

/// Room around a pyramid sprite for its outline and anti-aliasing.
const SPRITE_PAD: f32 = 3.0;

/// Pyramids already drawn, by palette (Xeno or not), value and size: a board stamps the
/// same few dozen over and over.
static SPRITES: LazyLock<Mutex<Sprites>> = LazyLock::new(Mutex::default);

/// Pyramid sprites keyed by (Xeno palette, value, size).
type Sprites = HashMap<(bool, u8, Size), Arc<Pixmap>>;

/// One pyramid standing on `base` with its left corner at `x`; returns its width.
fn pyramid(canvas: &mut Canvas, x: f32, base: f32, size: Size, value: u8, palette: Palette) -> f32 {
    let (w, h, _) = dims(size);
    match pyramid_sprite(palette, value, size) {
        Some(sprite) => canvas.stamp(&sprite, x - SPRITE_PAD, base - h - SPRITE_PAD),
        None => draw_pyramid(canvas, x, base, size, value, ink_of(palette, value)),
    }
    w
}

fn pyramid_sprite(palette: Palette, value: u8, size: Size) -> Option<Arc<Pixmap>> {
    let key = (palette == Palette::Xeno, value, size);
    let mut sprites = SPRITES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(sprite) = sprites.get(&key) {
        return Some(Arc::clone(sprite));
    }
    let (w, h, _) = dims(size);
    let side = |length: f32| (length + 2.0 * SPRITE_PAD) as u32;
    let mut canvas = Canvas::new(side(w), side(h), Rgba::hex(0).with_alpha(0)).ok()?;
    draw_pyramid(&mut canvas, SPRITE_PAD, SPRITE_PAD + h, size, value, ink_of(palette, value));
    let sprite = Arc::new(canvas.into_pixmap());
    sprites.insert(key, Arc::clone(&sprite));
    Some(sprite)
}

/// A triangle in the value's colour, its right face shaded, the value written on it.
fn draw_pyramid(canvas: &mut Canvas, x: f32, base: f32, size: Size, value: u8, ink: Ink) {
    let (w, h, digit) = dims(size);
    let apex = (x + w / 2.0, base - h);
    let corners = [apex, (x + w, base), (x, base)];
    canvas.polygon(&corners, Some(ink.fill), None);
    canvas.polygon(&[apex, (x + w, base), (x + w / 2.0, base)], Some(Rgba::hex(0).with_alpha(46)), None);
    if ink.fill.a < 255 {
        // A see-through (Clear) pyramid: a glint along its left face.
        let glint = [(apex.0 - 2.0, apex.1 + 10.0), (x + 7.0, base - 5.0), (x + 10.0, base - 5.0)];
        canvas.polygon(&glint, Some(Rgba::hex(0xffffff).with_alpha(150)), None);
    }
    canvas.polygon(&corners, None, Some((ink.outline, 2.0)));
    let style = Style::new(Face::Bold, digit, ink.digit);
    canvas.text(x + w / 2.0, base - h * 0.14, &value.to_string(), style, Align::Center);
}

/// Final standings (§4.7), shown instead of the turn highlight once the match is over.
fn standings(canvas: &mut Canvas, view: &View, names: &[String], top: f32) {
    let Some(outcome) = &view.outcome else { return };
    let height = standings_height(view) - ROW_GAP;
    panel(canvas, rect(MARGIN, top, W - 2.0 * MARGIN, height), theme::PANEL_ON_TURN, theme::ACCENT, 3.0);
    let x = MARGIN + PAD;
    let w = canvas.text(x, top + 38.0, "Final standings", Style::new(Face::Bold, 24, theme::ACCENT), Align::Left);
    let reason = canvas.fit(Style::new(Face::Regular, 18, theme::MUTED), &outcome.reason, W - 2.0 * MARGIN - w - 60.0);
    canvas.text(x + w + 16.0, top + 38.0, &reason, Style::new(Face::Regular, 18, theme::MUTED), Align::Left);
    let rows = standing_rows(outcome.standings.len());
    let column = (W - 2.0 * MARGIN - 2.0 * PAD) / if rows < outcome.standings.len() { 2.0 } else { 1.0 };
    for (i, standing) in outcome.standings.iter().enumerate() {
        let cx = x + (i / rows) as f32 * column;
        let y = top + 64.0 + (i % rows) as f32 * STANDING_LINE + 16.0;
        let winner = outcome.winners.contains(standing.seat);
        let place = format!("{}{}", if winner { "★ " } else { "" }, ordinal(standing.place));
        let colour = if winner { theme::ACCENT } else { theme::TEXT };
        canvas.text(cx + 64.0, y, &place, Style::new(Face::Bold, 20, colour), Align::Right);
        let name_style = Style::new(Face::Bold, 20, theme::TEXT);
        let name = canvas.fit(name_style, &name_of(names, standing.seat), column * 0.42);
        let nw = canvas.text(cx + 78.0, y, &name, name_style, Align::Left);
        let detail_style = Style::new(Face::Regular, 18, theme::MUTED);
        let detail = canvas.fit(detail_style, &standing.detail, column - nw - 100.0);
        canvas.text(cx + 78.0 + nw + 12.0, y, &detail, detail_style, Align::Left);
    }
}

/// What a player's status line says, and in which colour.
fn status_line(view: &View, player: &PlayerView) -> (String, Rgba, Face) {
    let (text, colour, face) = match player.status {
        _ if view.current == Some(player.seat) => ("▶ On turn", theme::ACCENT, Face::Bold),
        // R24: a resigned player is out of this round (Popped) and sits out the rest.
        _ if player.resigned => ("⚑ Resigned", theme::MUTED, Face::Regular),
        Status::Active => ("● Active", theme::ACTIVE, Face::Regular),
        Status::Passed => ("✔ Passed", theme::PASSED, Face::Regular),
        Status::Popped => ("✖ Popped", theme::POPPED, Face::Regular),
        Status::SittingOut => ("◌ Sitting out", theme::MUTED, Face::Regular),
    };
    (text.to_string(), colour, face)
}

fn player_row(canvas: &mut Canvas, view: &View, player: &PlayerView, name: &str, top: f32, height: f32) {
    let on_turn = view.current == Some(player.seat);
    let winner = view.outcome.as_ref().is_some_and(|o| o.winners.contains(player.seat));
    let area = rect(MARGIN, top, W - 2.0 * MARGIN, height);
    if on_turn || winner {
        panel(canvas, area, theme::PANEL_ON_TURN, theme::ACCENT, 3.0);
        if let Some(bar) = rect(MARGIN + 1.5, top + 14.0, 7.0, height - 28.0) {
            canvas.round_rect(bar, 3.5, Some(theme::ACCENT), None);
        }
    } else {
        panel(canvas, area, theme::PANEL, theme::PANEL_EDGE, 1.0);
    }
    let x = MARGIN + PAD + 6.0;
    let name_style = Style::new(Face::Bold, 24, if winner { theme::ACCENT } else { theme::TEXT });
    let name = if winner { format!("★ {name}") } else { name.to_string() };
    let name = canvas.fit(name_style, &name, LEFT_COL - PAD - 12.0);
    canvas.text(x, top + 38.0, &name, name_style, Align::Left);
    let (status, colour, face) = status_line(view, player);
    let status = canvas.fit(Style::new(face, 20, colour), &status, LEFT_COL - PAD - 12.0);
    canvas.text(x, top + 68.0, &status, Style::new(face, 20, colour), Align::Left);
    let wallet = player.wallet.to_string();
    let w = canvas.text(x, top + 96.0, &wallet, Style::new(Face::Bold, 20, theme::TEXT), Align::Left);
    let won = format!(" · {} round{} won", player.rounds_won, if player.rounds_won == 1 { "" } else { "s" });
    canvas.text(x + w, top + 96.0, &won, Style::new(Face::Regular, 18, theme::MUTED), Align::Left);
    stack(canvas, view, player, top);
    score(canvas, player, top);
}

/// The pyramids in pull order, left to right, wrapping onto more lines when long. Before the
/// first pull of a round, the previous round's stacks are shown under its result.
fn stack(canvas: &mut Canvas, view: &View, player: &PlayerView, top: f32) {
    let left = MARGIN + LEFT_COL;
    let (pyramids, previous) = shown_stack(view, player);
    let mut top = top;
    if let Some(round) = previous {
        let (text, colour) = round_result(round, player.seat);
        let style = Style::new(Face::Bold, 18, colour);
        let text = canvas.fit(style, &text, STACK_WIDTH);
        canvas.text(left, top + 38.0, &text, style, Align::Left);
        top += RESULT_LINE;
    }
    if pyramids.is_empty() {
        let note = match (previous, player.status) {
            (Some(_), _) => "",
            _ if player.resigned => "left the match",
            (None, Status::SittingOut) => "sits out this round",
            (None, Status::Passed) => "passed without pulling",
            _ => "no pulls yet",
        };
        canvas.text(left, top + 62.0, note, Style::new(Face::Regular, 18, theme::MUTED), Align::Left);
        return;
    }
    for (line, pyramids) in stack_lines(pyramids).iter().enumerate() {
        let base = top + 16.0 + (line as f32 + 1.0) * STACK_LINE - 4.0;
        let mut x = left;
        for p in *pyramids {
            x += pyramid(canvas, x, base, p.size, p.value, view.palette) + PYRAMID_GAP;
        }
    }
}

/// "Round 3: ★ won $7 with 12", "Round 3: ✖ popped at 15", "Round 3: 9 from 3".
fn round_result(round: &RoundResult, seat: engines::Seat) -> (String, Rgba) {
    let line = &round.players[seat.index()];
    let pulls = line.stack.len();
    let head = format!("Round {}:", round.round);
    if round.winners.contains(seat) {
        let split = if round.winners.len() > 1 { " (split)" } else { "" };
        return (format!("{head} ★ won {}{split} with {} from {pulls}", round.share, line.score), theme::ACCENT);
    }
    match line.status {
        Some(Status::Popped) => (format!("{head} ✖ popped at {}", line.score), theme::POPPED),
        Some(Status::SittingOut) | None => (format!("{head} sat out"), theme::MUTED),
        Some(_) => (format!("{head} {} from {pulls}", line.score), theme::MUTED),
    }
}

/// "12 / 3 pulls" at the right of a row, the score large.
fn score(canvas: &mut Canvas, player: &PlayerView, top: f32) {
    let right = W - MARGIN - PAD;
    if player.status == Status::SittingOut {
        canvas.text(right, top + 52.0, "—", Style::new(Face::Bold, 36, theme::MUTED), Align::Right);
        return;
    }
    let colour = if player.status == Status::Popped { theme::POPPED } else { theme::TEXT };
    canvas.text(right, top + 52.0, &player.score.to_string(), Style::new(Face::Bold, 36, colour), Align::Right);
    let pulls = player.stack.len();
    let text = format!("/ {pulls} pull{}", if pulls == 1 { "" } else { "s" });
    canvas.text(right, top + 84.0, &text, Style::new(Face::Regular, 18, theme::MUTED), Align::Right);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str) -> Pyramid {
        text.parse().expect("pyramid id")
    }

    #[test]
    fn short_stacks_take_one_line_and_long_ones_wrap_in_pull_order() {
        let stack: Vec<Pyramid> = ["0S1", "1M1", "4L1"].iter().map(|t| p(t)).collect();
        assert_eq!(stack_lines(&stack).len(), 1);
        let long: Vec<Pyramid> = (0..22).map(|i| p(["0L1", "0M2", "1S1"][i % 3])).collect();
        let lines = stack_lines(&long);
        assert_eq!(lines.len(), 3);
        assert_eq!(lines.concat(), long, "wrapping keeps pull order");
        for line in lines {
            let width: f32 = line.iter().map(|x| dims(x.size).0 + PYRAMID_GAP).sum::<f32>() - PYRAMID_GAP;
            assert!(width <= STACK_WIDTH, "{width}");
        }
        assert!(stack_lines(&[]).is_empty());
    }

    #[test]
    fn the_headline_names_every_winner() {
        use engines::{Outcome, Seat, SeatSet};
        let names: Vec<String> = ["Ada", "Bo", "Cy"].map(String::from).to_vec();
        let outcome = |winners: &[u8]| Outcome {
            standings: Vec::new(),
            winners: winners.iter().map(|s| Seat(*s)).collect::<SeatSet>(),
            reason: String::new(),
        };
        assert_eq!(winners_line(&outcome(&[2]), &names), "★ Winner: Cy");
        assert_eq!(winners_line(&outcome(&[0, 1, 2]), &names), "★ Winners: Ada, Bo and Cy");
        assert_eq!(winners_line(&outcome(&[]), &names), "No winner");
    }

    #[test]
    fn every_value_has_distinct_fill_in_each_palette() {
        for palette in [Palette::Rainbow, Palette::Xeno] {
            let fills: std::collections::BTreeSet<(u8, u8, u8)> =
                (0..5).map(|v| ink_of(palette, v).fill).map(|c| (c.r, c.g, c.b)).collect();
            assert_eq!(fills.len(), 5, "{palette:?}");
        }
    }
}
