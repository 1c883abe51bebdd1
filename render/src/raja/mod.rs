//! The Raja board (rules §2, §8): the turn and season indicator, the three markets with their
//! price disks, the business on the table (bids, an open proposal with its replies, a market
//! order with its fill answers, a siege), then one panel per player with the lands drawn tile
//! by tile: red or blue tiles (doubled by the letter R or B), cities with their noble and
//! their wall as a staircase of stones, grain columns, deployed shields with their face,
//! other players' siege markers and the elephants besieging a city. A seat's own view adds
//! its cash behind the blinder (§5) and, during setup, its own lands as built so far.
//!
//! Dark theme, 960 px wide, text of 18 px and up, laid out by drawing once on a one-pixel
//! canvas to measure the height, then for real (as Martian Gunslinger).
//!
//! Reached through [`crate::board_png`] and [`crate::board_text`] (Raja is in the engines'
//! list of games).

mod lands;
mod text;

pub(crate) use self::text::board as board_text;

use engines::raja::{Colour, PhaseView, PlayerView, TileColour, View};

use crate::canvas::{Align, Canvas, Face, Rgba, Style, rect};
use crate::theme::{MARGIN, PAD, WIDTH};
use crate::{RenderError, name_of, theme};

const W: f32 = WIDTH as f32;
const GAP: f32 = 12.0;
/// A line of 18 px text.
const LINE: f32 = 26.0;

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
///
/// # Errors
/// As [`Canvas::new`] and [`Canvas::png`].
pub(crate) fn board_png(view: &View, names: &[String]) -> Result<crate::Drawing, RenderError> {
    let mut probe = Canvas::measuring(WIDTH)?;
    let height = draw(&mut probe, view, names).ceil() as u32;
    let mut canvas = Canvas::new(WIDTH, height, theme::BACKGROUND)?;
    draw(&mut canvas, view, names);
    canvas.finish()
}

fn draw(canvas: &mut Canvas, view: &View, names: &[String]) -> f32 {
    let mut y = header(canvas, view, names);
    y = markets(canvas, view, y) + GAP;
    let business = text::business(view, names);
    if !business.is_empty() {
        y = lines_panel(canvas, &business, y, false) + GAP;
    }
    if view.me.is_some() {
        y = lines_panel(canvas, &[text::private_line(view)], y, true) + GAP;
    }
    for player in &view.players {
        y = player_panel(canvas, view, player, names, y) + GAP;
    }
    if let Some(result) = &view.result {
        let mut lines = Vec::new();
        // A standing's detail already ends with the revealed cash (the tie-break, R38).
        for standing in &result.outcome.standings {
            let star = if result.outcome.winners.contains(standing.seat) { "★ " } else { "" };
            let (place, name) = (crate::ordinal(standing.place), name_of(names, standing.seat));
            lines.push(format!("{star}{place} {name}: {}", standing.detail));
        }
        lines.push(format!("Bank ${} · {}", result.bank, result.outcome.reason));
        y = lines_panel(canvas, &lines, y, true) + GAP;
    }
    y - GAP + MARGIN
}

/// A panel's background.
fn panel(canvas: &mut Canvas, top: f32, height: f32, lit: bool) {
    let fill = if lit { theme::PANEL_ON_TURN } else { theme::PANEL };
    if let Some(r) = rect(MARGIN, top, W - 2.0 * MARGIN, height) {
        canvas.panel_area(r);
        canvas.round_rect(r, 12.0, Some(fill), Some((theme::PANEL_EDGE, 2.0)));
    }
}

/// Title, turn and season indicator, headline; returns the bottom.
fn header(canvas: &mut Canvas, view: &View, names: &[String]) -> f32 {
    canvas.text(MARGIN, 48.0, "Raja", Style::new(Face::Bold, 34, theme::TEXT), Align::Left);
    let turn = format!("Turn {} of 20", view.turn);
    canvas.text(W - MARGIN, 48.0, &turn, Style::new(Face::Bold, 28, theme::TEXT), Align::Right);
    let accent = Style::new(Face::Bold, 24, theme::ACCENT);
    let headline = canvas.fit(accent, &text::headline(view, names), W - 2.0 * MARGIN);
    canvas.text(MARGIN, 86.0, &headline, accent, Align::Left);
    // The season indicator: a spare tile showing the season's side, with its holder.
    let (fill, letter, season) = match view.season {
        TileColour::Blue => (BLUE, "B", "blue (rainy)"),
        TileColour::Red => (RED, "R", "red (dry)"),
    };
    if let Some(r) = rect(MARGIN, 102.0, 30.0, 30.0) {
        canvas.round_rect(r, 4.0, Some(fill), Some((theme::TEXT, 1.5)));
    }
    canvas.text(MARGIN + 15.0, 124.0, letter, Style::new(Face::Bold, 18, theme::TEXT), Align::Center);
    let line =
        format!("Season {season} · indicator with {} · {} vp to win", name_of(names, view.starting), view.threshold);
    let style = Style::new(Face::Regular, 20, theme::TEXT);
    let line = canvas.fit(style, &line, W - 2.0 * MARGIN - 42.0);
    canvas.text(MARGIN + 42.0, 124.0, &line, style, Align::Left);
    146.0
}

/// The three markets: the disks of each range, the face-up one showing the price; stock.
fn markets(canvas: &mut Canvas, view: &View, top: f32) -> f32 {
    let height = 118.0;
    panel(canvas, top, height, false);
    let column = (W - 2.0 * MARGIN - 2.0 * PAD) / 3.0;
    let s = view.shield_stock;
    let markets = [
        ("Grain", 1u8..=5, view.prices[0], format!("pile {}", view.grain_pile)),
        ("Shields (per point)", 6..=10, view.prices[1], format!("stock 1:{} 2:{} 3:{}", s[0], s[1], s[2])),
        ("Elephants", 11..=16, view.prices[2], format!("stock {}", view.elephant_stock)),
    ];
    for (i, (name, range, price, stock)) in markets.into_iter().enumerate() {
        let x = MARGIN + PAD + i as f32 * column;
        canvas.text(x, top + 30.0, name, Style::new(Face::Bold, 20, theme::TEXT), Align::Left);
        let mut dx = x + 14.0;
        for disk in range {
            let up = disk == price;
            let (fill, edge) = if up { (Some(DISK), theme::TEXT) } else { (None, theme::MUTED) };
            canvas.circle(dx, top + 58.0, if up { 14.0 } else { 8.0 }, fill, Some((edge, 1.5)));
            if up {
                let digits = Style::new(Face::Bold, 18, Rgba::hex(0x1b1d22));
                canvas.text(dx, top + 64.0, &disk.to_string(), digits, Align::Center);
            }
            dx += if up { 36.0 } else { 26.0 };
        }
        let style = Style::new(Face::Regular, 18, theme::MUTED);
        canvas.text(x, top + 100.0, &format!("${price} · {stock}"), style, Align::Left);
    }
    top + height
}

/// A panel of text lines; returns its bottom.
fn lines_panel(canvas: &mut Canvas, lines: &[String], top: f32, lit: bool) -> f32 {
    let height = 2.0 * PAD + lines.len() as f32 * LINE - 6.0;
    panel(canvas, top, height, lit);
    let style = Style::new(Face::Regular, 18, theme::TEXT);
    for (i, line) in lines.iter().enumerate() {
        let line = canvas.fit(style, line, W - 2.0 * MARGIN - 2.0 * PAD);
        canvas.text(MARGIN + PAD, top + PAD + 14.0 + i as f32 * LINE, &line, style, Align::Left);
    }
    top + height
}

/// One player's panel: name, colour and marker, facts, then the lands beside the city lines.
fn player_panel(canvas: &mut Canvas, view: &View, player: &PlayerView, names: &[String], top: f32) -> f32 {
    let board = text::board_of(view, player);
    let grid = board.map_or((0.0, 0.0), lands::size);
    let herds: Vec<_> = view.herds.iter().filter(|h| h.target == player.seat).collect();
    let mut side: Vec<String> = Vec::new();
    if let Some(board) = board {
        side.extend(board.cities.iter().map(|c| text::city_line(c, names, &herds)));
    } else {
        side.push("Lands hidden until every setup is done".to_string());
    }
    if !player.captured.is_empty() {
        let captured: Vec<String> =
            player.captured.iter().map(|c| format!("{} C{}", name_of(names, c.owner), c.city)).collect();
        side.push(format!("Captured: {}", captured.join(", ")));
    }
    if let Some((target, cell)) = player.marker_at {
        side.push(format!("Marker on {}'s {cell}", name_of(names, target)));
    }
    let used: Vec<&str> = ["grain", "shields", "elephants"]
        .iter()
        .zip(player.markets_used)
        .filter(|(_, u)| *u)
        .map(|(m, _)| *m)
        .collect();
    if !used.is_empty() {
        side.push(format!("Markets used: {}", used.join(", ")));
    }
    if let PhaseView::Auction(auction) = &view.phase {
        side.extend(text::bid_words(auction, player.seat).map(|w| format!("Auction: {w}")));
    }
    // The city lines stand beside the lands when they fit there, else beneath them.
    let text_style = Style::new(Face::Regular, 18, theme::TEXT);
    let inner = W - 2.0 * MARGIN - 2.0 * PAD;
    let beside = grid.0 + if grid.0 > 0.0 { 16.0 } else { 0.0 };
    let fits = side.iter().all(|l| canvas.measure(text_style, l) <= inner - beside);
    let (side_dx, side_dy, body) = if fits {
        (beside, 0.0, grid.1.max(side.len() as f32 * LINE))
    } else {
        let below = if grid.1 > 0.0 { grid.1 + 8.0 } else { 0.0 };
        (0.0, below, below + side.len() as f32 * LINE)
    };
    let height = PAD + 34.0 + LINE + 8.0 + body + PAD;
    let active = match &view.phase {
        PhaseView::Segment { active, .. } => *active == player.seat,
        PhaseView::Auction(a) => a.to_act == player.seat,
        _ => view.result.as_ref().is_some_and(|r| r.outcome.winners.contains(player.seat)),
    };
    panel(canvas, top, height, active);
    let x = MARGIN + PAD;
    let mut y = top + PAD;
    let paint = paint(player.colour);
    canvas.circle(x + 12.0, y + 14.0, 12.0, Some(paint), Some((lands::rim_of(paint), 2.0)));
    let mut name = format!("{} · {} · {}", name_of(names, player.seat), player.colour, player.marker);
    if player.resigned {
        name.push_str(" · resigned");
    }
    let bold = Style::new(Face::Bold, 24, if active { theme::ACCENT } else { theme::TEXT });
    let name = canvas.fit(bold, &name, inner - 140.0);
    canvas.text(x + 34.0, y + 22.0, &name, bold, Align::Left);
    let vp = format!("{} vp", player.vp);
    canvas.text(W - MARGIN - PAD, y + 22.0, &vp, Style::new(Face::Bold, 24, theme::ACCENT), Align::Right);
    y += 34.0;
    let facts = Style::new(Face::Regular, 18, theme::MUTED);
    let line = canvas.fit(facts, &text::facts_line(player, board), inner);
    canvas.text(x, y + 18.0, &line, facts, Align::Left);
    y += LINE + 8.0;
    if let Some(board) = board {
        lands::draw(canvas, view, player, board, x, y);
    }
    for (i, line) in side.iter().enumerate() {
        let line = canvas.fit(text_style, line, inner - side_dx);
        canvas.text(x + side_dx, y + side_dy + 18.0 + i as f32 * LINE, &line, text_style, Align::Left);
    }
    top + height
}
