//! The Conquest of Mars board (rules §8): the 7×7 grid of cards (holes at the corners and
//! the centre, card backs until a card is first occupied) with every pyramid on it, upright
//! or pointing, by size; who is on turn and what is being decided; the attack in progress
//! on each fighter's card (sealed answers: who, never what; rolled lines); the common dice
//! pool; one card per player, two side by side, with reserve and dice. Once the game is over, the standings
//! with every hand revealed come first and the players' cards are left out. A seat's own
//! view adds its two cards and its sealed choice (§5) to its own card.
//!
//! Dark theme, drawn for a phone: 960 px wide, every essential word at 26 px or more (the
//! grid's coordinates, the colours' letters and the dice's numbers of faces are aids at
//! 18 px: each doubles what is drawn), every colour doubled by its letter (R, Y, G, B, K)
//! and every die by its number of faces; face-down cards drawn smaller than face-up ones.
//!
//! The picture's height depends on its content, so it is laid out once on a measuring
//! canvas that paints nothing, then drawn for real.

mod card;
mod dice;
mod grid;
mod panels;
mod text;

pub(crate) use self::text::board_text;

use std::fmt::Write as _;

use engines::Seat;
use engines::conquest_of_mars::{PlayerView, View};
use engines::parts::pyramids::Colour;

use crate::canvas::{Align, Canvas, Face, Rgba, Style, rect};
use crate::theme::{self, MARGIN, WIDTH};
use crate::{RenderError, name_of};

const W: f32 = WIDTH as f32;
/// Space between panels.
const GAP: f32 = 12.0;

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
    let mut y = header(canvas, view, names) + GAP;
    if view.result.is_some() {
        y = panels::standings(canvas, view, names, y) + GAP;
    }
    y = grid::draw(canvas, view, y) + GAP;
    if view.result.is_none() {
        y = panels::common(canvas, view, y) + GAP;
        let order: Vec<&PlayerView> = panel_order(view).into_iter().filter_map(|s| player(view, s)).collect();
        y = card::cards(canvas, view, names, &order, y) + GAP;
    }
    y - GAP + MARGIN
}

/// Seats in turn order (seat order while the starting dice are sealed); once the game is
/// over, in the order of the standings.
fn panel_order(view: &View) -> Vec<Seat> {
    if let Some(result) = &view.result {
        return result.lines.iter().map(|l| l.seat).collect();
    }
    if view.turn_order.len() == view.players.len() {
        view.turn_order.clone()
    } else {
        view.players.iter().map(|p| p.seat).collect()
    }
}

fn player(view: &View, seat: Seat) -> Option<&PlayerView> {
    view.players.iter().find(|p| p.seat == seat)
}

/// A seat's name with its colour's letter: `Ada (R)`.
fn tagged(view: &View, names: &[String], seat: Seat) -> String {
    match player(view, seat) {
        Some(p) => format!("{} ({})", name_of(names, seat), p.colour.letter()),
        None => name_of(names, seat),
    }
}

/// What is being decided, in words, naming players by name with their colour's letter (the
/// engine's prompt names colours).
fn headline(view: &View, names: &[String]) -> String {
    headline_naming(view, names, |s| tagged(view, names, s))
}

/// [`headline`] naming the player on turn with `name`: the picture names them plainly
/// ("Ada's turn"), their card carrying the colour.
fn headline_naming(view: &View, names: &[String], name: impl Fn(Seat) -> String) -> String {
    if let Some(outcome) = &view.outcome {
        let winners: Vec<String> = outcome.winners.iter().map(|s| name_of(names, s)).collect();
        return match winners.as_slice() {
            [] => "Game over · no winner".to_string(),
            [one] => format!("★ Winner: {one}"),
            [rest @ .., last] => format!("★ Winners: {} and {last}", rest.join(", ")),
        };
    }
    let who = view.current.map(name).unwrap_or_default();
    match (view.phase.as_str(), &view.attack, &view.trade) {
        ("SetupDieChoice", _, _) => "Everyone chooses a starting die (sealed)".to_string(),
        (_, Some(attack), _) => {
            let by = tagged(view, names, attack.declarer);
            let step = match attack.stage.as_str() {
                "join" => "invited players join or stay out (sealed)".to_string(),
                "commit" => "fighters choose their dice (sealed)".to_string(),
                _ => match attack.losers.first() {
                    Some(loser) => format!("{} removes a pyramid", name_of(names, *loser)),
                    None => "casualties".to_string(),
                },
            };
            format!("⚔ {by} attacks {} · {step}", attack.target)
        }
        (_, None, Some((want, _))) => format!("▶ {who}'s turn · trading for a {want}"),
        ("Reorient", _, _) => format!("▶ {who}'s turn · reorienting pyramids"),
        _ => format!("▶ {who}'s turn · choosing an action"),
    }
}

/// The second header line: who the game waits for, or why it ended.
fn subline(view: &View, names: &[String]) -> String {
    if let Some(outcome) = &view.outcome {
        return format!("Game over: {}", outcome.reason);
    }
    let waiting: Vec<String> = view.pending.iter().map(|s| name_of(names, *s)).collect();
    let mut line = format!("Waiting for {}", waiting.join(", "));
    if view.cancels > 0 {
        let _ = write!(line, " · {} of 2 cancels used", view.cancels);
    }
    line
}

/// Title and round; under them who is on turn and what is decided, or who won. Returns
/// the bottom.
fn header(canvas: &mut Canvas, view: &View, names: &[String]) -> f32 {
    canvas.text(MARGIN, 46.0, "Conquest of Mars", Style::new(Face::Bold, 34, theme::TEXT), Align::Left);
    let round = format!("Round {} of {}", view.round, view.round_cap);
    canvas.text(W - MARGIN, 46.0, &round, Style::new(Face::Bold, 28, theme::TEXT), Align::Right);
    let mut y = 52.0;
    let style = Style::new(Face::Bold, 28, theme::ACCENT);
    let headline = headline_naming(view, names, |s| name_of(names, s));
    for line in canvas.wrap(style, &headline, W - 2.0 * MARGIN, 2) {
        canvas.text(MARGIN, y + 30.0, &line, style, Align::Left);
        y += 38.0;
    }
    let style = Style::new(Face::Regular, 26, theme::MUTED);
    let mut subline = subline(view, names);
    match view.attack.as_ref().map_or(0, |a| a.exchanges) {
        0 => {}
        1 => subline.push_str(" · 1 exchange fought"),
        n => {
            let _ = write!(subline, " · {n} exchanges fought");
        }
    }
    for line in canvas.wrap(style, &subline, W - 2.0 * MARGIN, 2) {
        canvas.text(MARGIN, y + 30.0, &line, style, Align::Left);
        y += 36.0;
    }
    y
}

/// `1 pip`, `3 pips`.
fn pips(n: u8) -> String {
    if n == 1 { "1 pip".to_string() } else { format!("{n} pips") }
}

/// A player colour as drawn: its fill, the ink of a letter on it, and its outline.
#[derive(Clone, Copy, Debug)]
struct Ink {
    fill: Rgba,
    letter: Rgba,
    edge: Rgba,
}

/// The game's colours (§2.3) in shades that stay apart for the common colour-vision
/// deficiencies (checked in `vision.rs`), each also written as its letter; Black is outlined in light grey so that it shows on the dark theme and on
/// card backs.
const fn ink(colour: Colour) -> Ink {
    const DARK: Rgba = Rgba::hex(0x101217);
    const LIGHT: Rgba = Rgba::hex(0xffffff);
    const EDGE: Rgba = Rgba::hex(0x0b0d11);
    match colour {
        Colour::Red => Ink { fill: Rgba::hex(0xdc3a1c), letter: LIGHT, edge: EDGE },
        Colour::Yellow => Ink { fill: Rgba::hex(0xf4df40), letter: DARK, edge: EDGE },
        Colour::Green => Ink { fill: Rgba::hex(0x0dab90), letter: DARK, edge: EDGE },
        Colour::Blue => Ink { fill: Rgba::hex(0x2951c1), letter: LIGHT, edge: Rgba::hex(0xd0d4dc) },
        Colour::Black => Ink { fill: Rgba::hex(0x181b1b), letter: LIGHT, edge: Rgba::hex(0xd0d4dc) },
        _ => Ink { fill: Rgba::hex(0xcc79a7), letter: DARK, edge: EDGE },
    }
}

/// The players' colours (§2.3) as drawn, for the colour-vision checks.
#[cfg(test)]
pub(crate) fn player_colours() -> Vec<(&'static str, Rgba)> {
    engines::conquest_of_mars::COLOURS.iter().map(|c| (c.name(), ink(*c).fill)).collect()
}

/// A rounded square in `colour` with its letter, `side` pixels, top-left at `(x, y)`.
fn badge(canvas: &mut Canvas, x: f32, y: f32, side: f32, colour: Colour) {
    let ink = ink(colour);
    if let Some(area) = rect(x, y, side, side) {
        canvas.round_rect(area, 6.0, Some(ink.fill), Some((theme::TEXT.with_alpha(160), 1.5)));
    }
    let size = (side * 0.82).round().max(26.0) as u16;
    let style = Style::new(Face::Bold, size, ink.letter);
    let letter = colour.letter().to_string();
    canvas.text(x + side / 2.0, y + side / 2.0 + f32::from(size) * 0.36, &letter, style, Align::Center);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_games_colours_have_distinct_fills_and_letters() {
        let colours = engines::conquest_of_mars::COLOURS;
        for (i, a) in colours.iter().enumerate() {
            for b in &colours[i + 1..] {
                assert_ne!(ink(*a).fill, ink(*b).fill, "{a} and {b}");
                assert_ne!(a.letter(), b.letter());
            }
        }
    }
}
