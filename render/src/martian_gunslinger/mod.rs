//! The Martian Gunslinger board (rules §8.8, §8.9): the 8×8 board with its pyramids, homes,
//! the active piece and the last move; beside it the turn, the dice and the piles; under it
//! one panel per player in turn order. A seat's own view adds a private strip with that
//! seat's hand, hidden event card, contest hand, dug card and sealed bid (§5, §8.3).
//!
//! Dark theme, drawn for a phone: 960 px wide, text of 16 px (card captions) to 34 px,
//! every colour doubled by a letter (player colours) or a symbol and letter (suits).
//!
//! The picture's height depends on its content, so the board is laid out by drawing it once
//! on a one-pixel-high canvas (what falls outside is clipped and costs next to nothing),
//! then drawn for real: heights can never drift from the drawing code.

mod board;
pub(crate) mod cards;
mod panels;
mod private;
mod side;
pub(crate) mod text;

pub(crate) use self::text::board as board_text;

use engines::martian_gunslinger::{PlayerView, Stage, View};
use engines::parts::pyramids::Colour;
use engines::{Outcome, Seat};

use crate::canvas::{Align, Canvas, Face, Rgba, Style, rect};
use crate::theme::{MARGIN, PAD, WIDTH};
use crate::{RenderError, name_of, theme};

const W: f32 = WIDTH as f32;
/// Space between panels.
const GAP: f32 = 12.0;
/// Where the board (its rank labels) and the side column start.
const BODY_TOP: f32 = 98.0;
/// Left edge of the side column, right of the board.
const SIDE_X: f32 = MARGIN + board::WIDTH + 18.0;
const SIDE_W: f32 = W - MARGIN - SIDE_X;

/// Draws the board of `view` as PNG bytes; a seat's view adds its private strip.
/// Painted at `scale` pixels per layout unit (see [`crate::PictureSize`]).
///
/// # Errors
/// As [`Canvas::new`] and [`Canvas::png`].
pub fn board_png(view: &View, names: &[String], scale: f32) -> Result<crate::Drawing, RenderError> {
    let mut probe = Canvas::measuring(WIDTH)?;
    let height = draw(&mut probe, view, names).ceil() as u32;
    let mut canvas = Canvas::at_scale(WIDTH, height, theme::BACKGROUND, scale)?;
    draw(&mut canvas, view, names);
    canvas.finish()
}

/// Draws everything from the top; returns the picture's height.
fn draw(canvas: &mut Canvas, view: &View, names: &[String]) -> f32 {
    header(canvas, view, names);
    board::draw(canvas, view, MARGIN, BODY_TOP);
    let side_bottom = side::draw(canvas, view, names, SIDE_X, BODY_TOP, SIDE_W);
    // What is under way goes under the shorter of the board and the side column.
    let board_bottom = BODY_TOP + board::HEIGHT;
    let bottom = if board_bottom <= side_bottom {
        side::under_way_panel(canvas, view, names, MARGIN, board_bottom + GAP, board::WIDTH).max(side_bottom)
    } else {
        side::under_way_panel(canvas, view, names, SIDE_X, side_bottom + GAP, SIDE_W).max(board_bottom)
    };
    let mut y = bottom + GAP;
    if let Some(me) = &view.me {
        y = private::draw(canvas, me, y) + GAP;
    }
    // Once the game is over the cards follow the standings, winner first.
    let seats = match &view.outcome {
        Some(outcome) => outcome.standings.iter().map(|s| s.seat).collect(),
        None => turn_order(view),
    };
    let players: Vec<&PlayerView> = seats.into_iter().filter_map(|s| player(view, s)).collect();
    // Two columns, or for three players three if that is shorter (one row instead of two).
    let columns = if players.len() == 3
        && canvas.probe().is_some_and(|mut probe| {
            let three = player_cards(&mut probe, view, names, &players, y, 3);
            three < player_cards(&mut probe, view, names, &players, y, 2)
        }) {
        3
    } else {
        2
    };
    let y = player_cards(canvas, view, names, &players, y, columns);
    y + MARGIN
}

/// The players' cards in rows of `columns` from `top`, each row as tall as its tallest
/// card; returns the bottom.
fn player_cards(
    canvas: &mut Canvas,
    view: &View,
    names: &[String],
    players: &[&PlayerView],
    top: f32,
    columns: usize,
) -> f32 {
    let width = (W - 2.0 * MARGIN - GAP * (columns - 1) as f32) / columns as f32;
    let mut y = top;
    for row in players.chunks(columns) {
        let mut bottom = y;
        for (i, p) in row.iter().enumerate() {
            let at = (MARGIN + i as f32 * (width + GAP), y);
            let tall = canvas.probe().map_or(y, |mut probe| panels::draw(&mut probe, view, p, names, at, width, 0.0));
            bottom = bottom.max(tall);
        }
        for (i, p) in row.iter().enumerate() {
            let at = (MARGIN + i as f32 * (width + GAP), y);
            panels::draw(canvas, view, p, names, at, width, bottom - y);
        }
        y = bottom + GAP;
    }
    y - GAP
}

/// Seats in turn order (join order while the order is not known).
fn turn_order(view: &View) -> Vec<Seat> {
    if view.order.len() == view.players.len() {
        view.order.clone()
    } else {
        view.players.iter().map(|p| p.seat).collect()
    }
}

fn player(view: &View, seat: Seat) -> Option<&PlayerView> {
    view.players.iter().find(|p| p.seat == seat)
}

/// Whether the game is still in its setup (§3): placements and the compensation move.
fn in_setup(view: &View) -> bool {
    matches!(view.stage, Stage::Placement | Stage::Compensation)
}

/// Title and round; under them who is on turn and at which step, or who won.
fn header(canvas: &mut Canvas, view: &View, names: &[String]) {
    canvas.text(MARGIN, 48.0, "Martian Gunslinger", Style::new(Face::Bold, 34, theme::TEXT), Align::Left);
    let round = format!("Round {} of {}", view.round, view.round_cap);
    canvas.text(W - MARGIN, 48.0, &round, Style::new(Face::Bold, 28, theme::TEXT), Align::Right);
    let headline = match (&view.outcome, view.active) {
        (Some(outcome), _) => winners_line(outcome, names),
        (None, _) if in_setup(view) => "Setup: homes and plotpoints".to_string(),
        (None, Some(seat)) => format!("▶ {}'s turn · {}", name_of(names, seat), stage_label(view.stage)),
        (None, None) => stage_label(view.stage).to_string(),
    };
    let style = Style::new(Face::Bold, 28, theme::ACCENT);
    let headline = canvas.fit(style, &headline, W - 2.0 * MARGIN);
    canvas.text(MARGIN, 86.0, &headline, style, Align::Left);
}

/// "★ Winner: Cy", or "No winner" when everyone resigned.
fn winners_line(outcome: &Outcome, names: &[String]) -> String {
    let winners: Vec<String> = outcome.winners.iter().map(|seat| name_of(names, seat)).collect();
    match winners.as_slice() {
        [] => "Game over · no winner".to_string(),
        [one] => format!("★ Winner: {one}"),
        [rest @ .., last] => format!("★ Winners: {} and {last}", rest.join(", ")),
    }
}

/// The step of the turn in words (§4.1; the rules' step numbers stay out of the picture).
const fn stage_label(stage: Stage) -> &'static str {
    match stage {
        Stage::Placement => "Setup: placement",
        Stage::Compensation => "Setup: compensation",
        Stage::SlotStart => "Slot start",
        Stage::ReEnter => "Re-entry",
        Stage::Roll => "Roll",
        Stage::Reroll => "Re-roll",
        Stage::Face | Stage::Wild => "Wild face",
        Stage::Power => "Power",
        Stage::DigTo => "Dig",
        Stage::Move => "Move",
        Stage::Action => "Action",
        Stage::Exchange => "Contest exchange",
        Stage::HandCard => "Hand card",
        Stage::Refill => "Refill",
        Stage::Resource => "Resource",
        Stage::Event => "Event",
        Stage::Bid => "Mayor bids",
        Stage::Pay => "Mayor pays",
        Stage::Loss => "Loss",
        Stage::Draw => "Draw",
        Stage::HandLimit => "Hand limit",
        Stage::SlotEnd => "Slot end",
        Stage::Over => "Game over",
    }
}

/// A pyramid colour as drawn: its fill, the ink of a letter on it, and its outline.
#[derive(Clone, Copy, Debug)]
struct Ink {
    fill: Rgba,
    letter: Rgba,
    edge: Rgba,
}

/// The rules' colours (§2.2) in shades chosen to stay apart for the common colour-vision
/// deficiencies (each pair at least `vision::MIN_DISTANCE` apart in CIEDE2000 under normal,
/// protan, deutan and tritan vision: red dark, orange middling, yellow light, green and blue
/// apart in lightness); every one is also written as its letter.
const fn ink(colour: Colour) -> Ink {
    const DARK: Rgba = Rgba::hex(0x101217);
    const LIGHT: Rgba = Rgba::hex(0xffffff);
    let (fill, letter) = match colour {
        Colour::Red => (Rgba::hex(0xc0240d), LIGHT),
        Colour::Orange => (Rgba::hex(0xfa7a0e), DARK),
        Colour::Yellow => (Rgba::hex(0xfdf64e), DARK),
        Colour::Green => (Rgba::hex(0x14ce8d), DARK),
        Colour::Blue => (Rgba::hex(0x3f85e9), DARK),
        Colour::Black => (Rgba::hex(0x0a0a0a), LIGHT),
        Colour::White => (Rgba::hex(0xf4f4f4), DARK),
        Colour::Clear => (Rgba::hex(0xc8e6ff), DARK),
        Colour::Cyan => (Rgba::hex(0x35c9dc), DARK),
        Colour::Purple => (Rgba::hex(0xcc79a7), DARK),
    };
    Ink { fill, letter, edge: Rgba::hex(0x0b0d11) }
}

/// The players' colours (§2.2) as drawn, for the colour-vision checks.
#[cfg(test)]
pub(crate) fn player_colours() -> Vec<(&'static str, Rgba)> {
    [Colour::Red, Colour::Orange, Colour::Yellow, Colour::Green, Colour::Blue]
        .iter()
        .map(|c| (c.name(), ink(*c).fill))
        .collect()
}

/// A rounded square in `colour` with its letter, `side` pixels, top-left at `(x, y)`.
fn badge(canvas: &mut Canvas, x: f32, y: f32, side: f32, colour: Colour) {
    let ink = ink(colour);
    if let Some(area) = rect(x, y, side, side) {
        canvas.round_rect(area, 6.0, Some(ink.fill), Some((theme::TEXT.with_alpha(160), 1.5)));
    }
    let size = (side * 0.76).round().max(26.0) as u16;
    let style = Style::new(Face::Bold, size, ink.letter);
    canvas.text(
        x + side / 2.0,
        y + side / 2.0 + f32::from(size) * 0.36,
        &colour.letter().to_string(),
        style,
        Align::Center,
    );
}

/// A panel's rounded background; `on` draws it highlighted.
fn panel(canvas: &mut Canvas, x: f32, y: f32, w: f32, h: f32, on: bool) {
    if let Some(area) = rect(x, y, w, h) {
        canvas.panel_area(area);
        if on {
            canvas.round_rect(area, 14.0, Some(theme::PANEL_ON_TURN), Some((theme::ACCENT, 3.0)));
        } else {
            canvas.round_rect(area, 14.0, Some(theme::PANEL), Some((theme::PANEL_EDGE, 1.0)));
        }
    }
}

/// One line of a text panel, optionally led by a colour badge.
#[derive(Clone, Debug)]
struct Line {
    text: String,
    style: Style,
    badge: Option<Colour>,
}

impl Line {
    fn new(text: impl Into<String>, face: Face, size: u16, colour: Rgba) -> Self {
        Self { text: text.into(), style: Style::new(face, size, colour), badge: None }
    }

    fn badged(mut self, colour: Colour) -> Self {
        self.badge = Some(colour);
        self
    }

    /// The line's box: its text size plus room for descenders and spacing.
    fn height(&self) -> f32 {
        f32::from(self.style.size) + 11.0
    }
}

/// `text` wrapped into lines of `style` no wider than `width`, at most `max` of them.
fn wrapped(canvas: &Canvas, text: &str, style: Style, width: f32, max: usize) -> Vec<Line> {
    wrap(canvas, style, text, width, max).into_iter().map(|text| Line { text, style, badge: None }).collect()
}

/// Writes `lines` from `top` (no background); returns the bottom of the last line.
fn write_lines(canvas: &mut Canvas, x: f32, top: f32, width: f32, lines: &[Line]) -> f32 {
    let mut y = top;
    for line in lines {
        let size = f32::from(line.style.size);
        let baseline = y + size;
        let mut left = x;
        if let Some(colour) = line.badge {
            let side = size + 6.0;
            badge(canvas, x, baseline - size * 0.86 - 3.0, side, colour);
            left += side + 10.0;
        }
        let text = canvas.fit(line.style, &line.text, width - (left - x));
        canvas.text(left, baseline, &text, line.style, Align::Left);
        y += line.height();
    }
    y
}

/// A panel holding `lines`; returns its bottom.
fn text_panel(canvas: &mut Canvas, x: f32, top: f32, width: f32, lines: &[Line], on: bool) -> f32 {
    let inner: f32 = lines.iter().map(Line::height).sum();
    let height = PAD + inner + PAD - 8.0;
    panel(canvas, x, top, width, height, on);
    write_lines(canvas, x + PAD, top + PAD - 2.0, width - 2.0 * PAD, lines);
    top + height
}

/// Splits `text` into lines no wider than `width` (at spaces), at most `max` of them; the
/// last one ends with an ellipsis if text was left over.
fn wrap(canvas: &Canvas, style: Style, text: &str, width: f32, max: usize) -> Vec<String> {
    canvas.wrap(style, text, width, max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_words_whole_and_caps_the_lines() {
        let canvas = Canvas::new(10, 10, theme::BACKGROUND).expect("canvas");
        let style = Style::new(Face::Regular, 18, theme::TEXT);
        let text = "movement (Step, Reorient, Aim, Hop or EndMove)";
        let lines = wrap(&canvas, style, text, 200.0, 5);
        assert!(lines.len() >= 2, "{lines:?}");
        assert_eq!(lines.join(" "), text);
        assert!(lines.iter().all(|l| canvas.measure(style, l) <= 200.0));
        let two = wrap(&canvas, style, text, 120.0, 2);
        assert_eq!(two.len(), 2);
        assert!(two[1].ends_with('…'), "{two:?}");
        assert!(wrap(&canvas, style, "", 100.0, 2).is_empty());
    }

    #[test]
    fn the_rules_colours_have_distinct_fills_and_letters() {
        let colours = [Colour::Red, Colour::Orange, Colour::Yellow, Colour::Green, Colour::Blue];
        let fills: std::collections::BTreeSet<u32> = colours
            .iter()
            .map(|c| ink(*c).fill)
            .map(|f| u32::from(f.r) << 16 | u32::from(f.g) << 8 | u32::from(f.b))
            .collect();
        let letters: std::collections::BTreeSet<char> = colours.iter().map(|c| c.letter()).collect();
        assert_eq!((fills.len(), letters.len()), (5, 5));
    }
}
