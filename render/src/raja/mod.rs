//! The Raja board (rules §2, §8): the turn and season indicator, the three markets with their
//! price disks, the business on the table (bids, an open proposal with its replies, a market
//! order with its fill answers, a siege), then one panel per player with the lands drawn tile
//! by tile: red or blue tiles (doubled by the letter R or B), cities with their noble and
//! their wall as a staircase of stones, grain columns, deployed shields with their face,
//! other players' siege markers and the elephants besieging a city. A seat's own view adds
//! its cash behind the blinder (§5) and, during setup, its own lands as built so far.
//!
//! Laid out for a phone (issue 25): 960 px wide, at most 1,600 px tall, every word a player
//! needs at 26 px; the final standings at the top once the game is over; the players' cards
//! side by side (two columns for two or four players, three for three or five), each with
//! its lands drawn small enough to fit. Measured on a canvas that paints nothing, then drawn.
//!
//! Reached through [`crate::board_png`] and [`crate::board_text`] (Raja is in the engines'
//! list of games).

mod card;
mod land_map;
mod lands;
mod text;

pub(crate) use self::text::board as board_text;

use engines::raja::{Colour, Event, PhaseView, Step, TileColour, View};

use crate::canvas::{Align, Canvas, Face, Rgba, Style, rect};
use crate::theme::{MARGIN, PAD, WIDTH};

use self::card::Card;
use crate::{RenderError, name_of, theme};

const W: f32 = WIDTH as f32;
const GAP: f32 = 12.0;
/// A line of 26 px text.
const LINE: f32 = 36.0;

/// A blue tile, rainy.
pub(crate) const BLUE: Rgba = Rgba::hex(0x2d5c9e);
/// A red tile, dry.
pub(crate) const RED: Rgba = Rgba::hex(0x9e3b32);
/// Market disks, face up.
const DISK: Rgba = Rgba::hex(0xf2c94c);
/// Grain tokens and elephants.
pub(crate) const BROWN: Rgba = Rgba::hex(0x8a5a2b);

/// A player colour's paint (the name is always written beside it), in shades that stay apart
/// for the common colour-vision deficiencies (checked in `vision.rs`).
pub(crate) const fn paint(colour: Colour) -> Rgba {
    match colour {
        Colour::Black => Rgba::hex(0x161513),
        Colour::White => Rgba::hex(0xf0efef),
        Colour::Green => Rgba::hex(0x257858),
        Colour::Orange => Rgba::hex(0xf99812),
        Colour::Purple => Rgba::hex(0x9759d5),
    }
}

/// The players' colours as drawn, for the colour-vision checks.
#[cfg(test)]
pub(crate) fn player_colours() -> Vec<(&'static str, Rgba)> {
    [Colour::Black, Colour::White, Colour::Green, Colour::Orange, Colour::Purple]
        .iter()
        .map(|c| (c.name(), paint(*c)))
        .collect()
}

/// The board of `view` as PNG bytes; a seat's view adds its blinder.
/// Painted at `scale` pixels per layout unit (see [`crate::PictureSize`]).
///
/// # Errors
/// As [`Canvas::new`] and [`Canvas::png`].
pub(crate) fn board_png(view: &View, names: &[String], scale: f32) -> Result<crate::Drawing, RenderError> {
    let mut probe = Canvas::measuring(WIDTH)?;
    let height = draw(&mut probe, view, names).ceil() as u32;
    let mut canvas = Canvas::at_scale(WIDTH, height, theme::BACKGROUND, scale)?;
    draw(&mut canvas, view, names);
    canvas.finish()
}

fn draw(canvas: &mut Canvas, view: &View, names: &[String]) -> f32 {
    let mut y = header(canvas, view, names);
    if view.result.is_some() {
        y = lines_panel(canvas, &standings(canvas, view, names), y, true) + GAP;
    }
    if view.result.is_none() {
        y = markets(canvas, view, y) + GAP;
    }
    let inner = W - 2.0 * MARGIN - 2.0 * PAD;
    let style = regular();
    let mut business = text::business(view, names);
    if matches!(view.phase, PhaseView::Auction(_)) {
        // Each card says what its player bid.
        business.retain(|line| !line.starts_with("  "));
    }
    let mut business: Vec<String> =
        joined(business).iter().flat_map(|line| canvas.wrap(style, line, inner, 3)).collect();
    if let Some(event) = last_move(view) {
        // The last move in the words of its own event sentence (issue 25 item 3): Raja's
        // moves mostly have no place on the lands, and the event is public (R5, R47). One
        // line, so that five players' boards stay within a phone screen.
        business.insert(
            0,
            canvas.fit(style, &format!("Last: {}", engines::wording::name_seats(&event.sentence(names), names)), inner),
        );
    }
    if !business.is_empty() {
        y = lines_panel(canvas, &business, y, false) + GAP;
    }
    cards(canvas, view, names, y) - GAP + MARGIN
}

/// The last move worth a line: none when it is the open proposal or market order, or an
/// answer to it, that the business panel shows below it.
fn last_move(view: &View) -> Option<&Event> {
    let event = view.last_move.as_ref()?;
    let step = match &view.phase {
        PhaseView::Segment { segment, .. } => Some(&segment.step),
        _ => None,
    };
    match (event, step) {
        (Event::Proposed { .. } | Event::Replied { .. }, Some(Step::Trade(_)))
        | (Event::Ordered { .. } | Event::FillAnswered { .. }, Some(Step::Fill(_))) => None,
        _ => Some(event),
    }
}

/// The business lines with each one's indented follow-ups (the replies to a proposal, the
/// bids so far) joined to it, so that they wrap together.
fn joined(lines: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in lines {
        match (line.strip_prefix("  "), out.last_mut()) {
            (Some(rest), Some(last)) => {
                last.push_str(if last.ends_with(':') { " " } else { "; " });
                last.push_str(rest);
            }
            _ => out.push(line),
        }
    }
    out
}

fn regular() -> Style {
    Style::new(Face::Regular, 26, theme::TEXT)
}

/// Columns of player cards: two for two or four players, three for three or five.
const fn columns(players: usize) -> usize {
    if players.is_multiple_of(2) { 2 } else { 3 }
}

/// The players' cards in rows; returns the bottom of the last row plus a gap.
fn cards(canvas: &mut Canvas, view: &View, names: &[String], top: f32) -> f32 {
    let n = columns(view.players.len());
    let width = (W - 2.0 * MARGIN - (n as f32 - 1.0) * GAP) / n as f32;
    let cards: Vec<Card> =
        view.players.iter().map(|p| Card::new(canvas, view, p, names, width - 2.0 * card::PAD)).collect();
    let mut y = top;
    for row in cards.chunks(n) {
        let height = row.iter().map(Card::height).fold(0.0, f32::max);
        for (i, card) in row.iter().enumerate() {
            let left = MARGIN + i as f32 * (width + GAP);
            card.draw(canvas, view, names, (left, y, width, height));
        }
        y += height + GAP;
    }
    y
}

/// A panel's background at `(left, top)`, `width` × `height`.
fn panel(canvas: &mut Canvas, area: (f32, f32, f32, f32), lit: bool) {
    let fill = if lit { theme::PANEL_ON_TURN } else { theme::PANEL };
    if let Some(r) = rect(area.0, area.1, area.2, area.3) {
        canvas.panel_area(r);
        canvas.round_rect(r, 12.0, Some(fill), Some((theme::PANEL_EDGE, 2.0)));
    }
}

/// Title, turn, headline, and the season indicator; returns the bottom.
fn header(canvas: &mut Canvas, view: &View, names: &[String]) -> f32 {
    canvas.text(MARGIN, 44.0, "Raja", Style::new(Face::Bold, 34, theme::TEXT), Align::Left);
    let turn = format!("Turn {} of 20", view.turn);
    canvas.text(W - MARGIN, 44.0, &turn, Style::new(Face::Bold, 30, theme::TEXT), Align::Right);
    let accent = Style::new(Face::Bold, 28, theme::ACCENT);
    let headline = canvas.fit(accent, &text::headline(view, names), W - 2.0 * MARGIN);
    canvas.text(MARGIN, 84.0, &headline, accent, Align::Left);
    // The season indicator: a spare tile showing the season's side, with its holder.
    let (fill, letter, season) = match view.season {
        TileColour::Blue => (BLUE, "B", "Blue season (rainy)"),
        TileColour::Red => (RED, "R", "Red season (dry)"),
    };
    if let Some(r) = rect(MARGIN, 98.0, 32.0, 32.0) {
        canvas.round_rect(r, 4.0, Some(fill), Some((theme::TEXT, 1.5)));
    }
    let mark = Style::new(Face::Bold, 20, theme::TEXT).aid();
    canvas.text(MARGIN + 16.0, 121.0, letter, mark, Align::Center);
    let line = format!("{season} · indicator with {} · {} vp wins", name_of(names, view.starting), view.threshold);
    let line = canvas.fit(regular(), &line, W - 2.0 * MARGIN - 44.0);
    canvas.text(MARGIN + 44.0, 124.0, &line, regular(), Align::Left);
    140.0
}

/// The final standings, each with its score breakdown, and how the game ended.
fn standings(canvas: &Canvas, view: &View, names: &[String]) -> Vec<String> {
    let Some(result) = &view.result else { return Vec::new() };
    let inner = W - 2.0 * MARGIN - 2.0 * PAD;
    let mut lines = vec!["Final standings".to_string()];
    // A standing's detail already ends with the revealed cash (the tie-break, R38).
    for standing in &result.outcome.standings {
        let star = if result.outcome.winners.contains(standing.seat) { "★ " } else { "" };
        let (place, name) = (crate::ordinal(standing.place), name_of(names, standing.seat));
        lines.extend(canvas.wrap(regular(), &format!("{star}{place} {name}: {}", standing.detail), inner, 2));
    }
    let end = format!("Bank ${} · {}", result.bank, result.outcome.reason);
    lines.extend(canvas.wrap(regular(), &end, inner, 2));
    lines
}

/// The three markets: the disks of each range, the face-up one showing the price; stock.
fn markets(canvas: &mut Canvas, view: &View, top: f32) -> f32 {
    let height = 124.0;
    panel(canvas, (MARGIN, top, W - 2.0 * MARGIN, height), false);
    let column = (W - 2.0 * MARGIN - 2.0 * PAD) / 3.0;
    let s = view.shield_stock;
    let [grain, shields, elephants] = view.prices;
    let markets = [
        (format!("Grain ${grain}"), 1u8..=5, grain, Some(format!("pile {}", view.grain_pile))),
        // The shields' stock is drawn: a shield for each face, its count beside it.
        (format!("Shields ${shields}/pt"), 6..=10, shields, None),
        (format!("Elephants ${elephants}"), 11..=16, elephants, Some(format!("stock {}", view.elephant_stock))),
    ];
    let bold = Style::new(Face::Bold, 26, theme::TEXT);
    let digits = Style::new(Face::Bold, 20, Rgba::hex(0x1b1d22)).aid();
    for (i, (name, range, price, stock)) in markets.into_iter().enumerate() {
        let x = MARGIN + PAD + i as f32 * column;
        let name = canvas.fit(bold, &name, column - 8.0);
        canvas.text(x, top + 36.0, &name, bold, Align::Left);
        let mut dx = x + 18.0;
        for disk in range {
            let up = disk == price;
            let (fill, edge) = if up { (Some(DISK), theme::TEXT) } else { (None, theme::MUTED) };
            canvas.circle(dx, top + 62.0, if up { 17.0 } else { 8.0 }, fill, Some((edge, 1.5)));
            if up {
                canvas.text(dx, top + 69.0, &disk.to_string(), digits, Align::Center);
            }
            dx += if up { 44.0 } else { 24.0 };
        }
        let Some(stock) = stock else {
            shield_stock(canvas, s, (x, top + 108.0));
            continue;
        };
        let stock = canvas.fit(Style::new(Face::Regular, 26, theme::MUTED), &stock, column - 4.0);
        canvas.text(x, top + 108.0, &stock, Style::new(Face::Regular, 26, theme::MUTED), Align::Left);
    }
    top + height
}

/// The market's shields on the baseline `y` from `x`: a shield for each face, its count
/// beside it (at most "×10": ten shields of each face, §2): about 230 units.
fn shield_stock(canvas: &mut Canvas, stock: [u8; 3], (x, y): (f32, f32)) {
    let count = Style::new(Face::Regular, 26, theme::MUTED);
    let mut dx = x;
    for (face, n) in (1u8..).zip(stock) {
        dx += lands::shield_badge(canvas, (dx, y - 23.0), &face.to_string()) + 4.0;
        let label = format!("×{n}");
        canvas.text(dx, y, &label, count, Align::Left);
        dx += canvas.measure(count, &label) + 16.0;
    }
}

/// A full-width panel of 26 px text lines; returns its bottom.
fn lines_panel(canvas: &mut Canvas, lines: &[String], top: f32, lit: bool) -> f32 {
    let height = 2.0 * PAD + lines.len() as f32 * LINE - 8.0;
    panel(canvas, (MARGIN, top, W - 2.0 * MARGIN, height), lit);
    for (i, line) in lines.iter().enumerate() {
        let line = canvas.fit(regular(), line, W - 2.0 * MARGIN - 2.0 * PAD);
        canvas.text(MARGIN + PAD, top + PAD + 20.0 + i as f32 * LINE, &line, regular(), Align::Left);
    }
    top + height
}
