//! The Gunslinger Gang palette and the small pieces every part of the picture draws: player
//! tokens, gunslinger chips, underling cards (backs and faces), buildings and pills.
//!
//! Player colours follow the Okabe–Ito colour-blind-safe set (vermillion, blue, bluish green,
//! yellow), and every piece in a player's colour also carries the colour's letter.

use engines::gunslinger_gang::Colour;

use crate::canvas::{Align, Canvas, Face, Rgba, Style, rect};

/// The shared dark theme, plus the colours only this board uses.
pub(super) mod theme {
    use crate::canvas::Rgba;
    pub use crate::theme::{ACCENT, BACKGROUND, MUTED, PANEL, PANEL_EDGE, PANEL_ON_TURN, TEXT};

    /// A town tile.
    pub const TILE: Rgba = Rgba::hex(0x262c38);
    /// A position not founded yet.
    pub const FACEDOWN: Rgba = Rgba::hex(0x1a1e26);
    pub const FACEDOWN_PATTERN: Rgba = Rgba::hex(0x262b35);
    /// A card's face (a card only its owner sees, or one being revealed).
    pub const CARD_FACE: Rgba = Rgba::hex(0xf6efdf);
    pub const CARD_INK: Rgba = Rgba::hex(0x1b1b1b);
    /// The private strip's frame: unlike anything public.
    pub const PRIVATE: Rgba = Rgba::hex(0xc39bff);
    pub const PRIVATE_PANEL: Rgba = Rgba::hex(0x2a2538);
    /// Gold Strike, Mine Collapse and Wager flags.
    pub const FLAG: Rgba = Rgba::hex(0x3b4456);
    /// A dark ink for text on light fills.
    pub const DARK: Rgba = Rgba::hex(0x111111);
}

/// How a player colour is drawn.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ink {
    /// The fill.
    pub fill: Rgba,
    /// Text on the fill.
    pub text: Rgba,
}

/// Red, blue, green and yellow in shades that stay apart for the common colour-vision
/// deficiencies (checked in `vision.rs`), light enough for a dark theme.
pub(super) const fn ink(colour: Colour) -> Ink {
    match colour {
        Colour::Red => Ink { fill: Rgba::hex(0xcd3208), text: Rgba::hex(0xffffff) },
        Colour::Blue => Ink { fill: Rgba::hex(0x2451c6), text: Rgba::hex(0xffffff) },
        Colour::Green => Ink { fill: Rgba::hex(0x17c29e), text: Rgba::hex(0x0b0b0b) },
        Colour::Yellow => Ink { fill: Rgba::hex(0xfeef42), text: Rgba::hex(0x111111) },
    }
}

/// A colour's letter (R, B, G, Y), so colours read without seeing them.
pub(super) fn letter(colour: Colour) -> char {
    colour.name().chars().next().unwrap_or('?')
}

/// The baseline that centres digits and capitals of `size` px on `centre`.
pub(super) fn baseline(centre: f32, size: u16) -> f32 {
    // DejaVu Sans capitals and digits stand 0.73 em tall.
    (centre + 0.365 * f32::from(size)).round()
}

/// A filled circle, optionally outlined.
pub(super) fn disc(
    canvas: &mut Canvas,
    cx: f32,
    cy: f32,
    diameter: f32,
    fill: Option<Rgba>,
    edge: Option<(Rgba, f32)>,
) {
    if let Some(area) = rect(cx - diameter / 2.0, cy - diameter / 2.0, diameter, diameter) {
        canvas.round_rect(area, diameter / 2.0, fill, edge);
    }
}

/// A player's token: a disc in the colour with its letter.
pub(super) fn token(canvas: &mut Canvas, cx: f32, cy: f32, diameter: f32, colour: Colour) {
    let ink = ink(colour);
    disc(canvas, cx, cy, diameter, Some(ink.fill), None);
    // The letter doubles the colour: an aid, never under the aid size.
    let size = (diameter * 0.62).round().max(18.0) as u16;
    let style = Style::new(Face::Bold, size, ink.text).aid();
    canvas.text(cx, baseline(cy, size), &letter(colour).to_string(), style, Align::Center);
}

/// An empty lawman slot: a hollow disc.
pub(super) fn vacant(canvas: &mut Canvas, cx: f32, cy: f32, diameter: f32) {
    disc(canvas, cx, cy, diameter, None, Some((theme::MUTED, 1.5)));
    let style = Style::new(Face::Bold, 18, theme::MUTED).aid();
    canvas.text(cx, baseline(cy, 18), "–", style, Align::Center);
}

/// Width and height of an underling card in a stack: tall enough for a 26 px value.
pub(super) const CARD: (f32, f32) = (36.0, 46.0);

/// The corner badge that says a News Story is attached.
fn news_badge(canvas: &mut Canvas, x: f32, y: f32) {
    if let Some(area) = rect(x - 11.0, y - 11.0, 22.0, 22.0) {
        canvas.round_rect(area, 5.0, Some(theme::TEXT), Some((theme::BACKGROUND, 1.5)));
    }
    // The badge itself tells a News Story is there; its letter is an aid.
    canvas.text(x, baseline(y, 18), "N", Style::new(Face::Bold, 18, theme::DARK).aid(), Align::Center);
}

/// A face-down underling: its back in the owner's colour with the colour's letter; `news`
/// adds the News badge.
pub(super) fn card_back(canvas: &mut Canvas, x: f32, y: f32, colour: Colour, news: bool) {
    let ink = ink(colour);
    if let Some(area) = rect(x, y, CARD.0, CARD.1) {
        canvas.round_rect(area, 5.0, Some(ink.fill), None);
    }
    let style = Style::new(Face::Bold, 18, ink.text).aid();
    canvas.text(
        x + CARD.0 / 2.0,
        baseline(y + CARD.1 / 2.0 + 3.0, 18),
        &letter(colour).to_string(),
        style,
        Align::Center,
    );
    if news {
        news_badge(canvas, x + CARD.0 - 5.0, y + 2.0);
    }
}

/// A face-up underling: light face, `edge`-coloured frame, its value.
pub(super) fn card_face(canvas: &mut Canvas, x: f32, y: f32, (w, h): (f32, f32), value: u8, edge: Rgba, news: bool) {
    if let Some(area) = rect(x, y, w, h) {
        canvas.round_rect(area, 5.0, Some(theme::CARD_FACE), Some((edge, 3.0)));
    }
    let size = if h >= 44.0 { 26 } else { 22 };
    let style = Style::new(Face::Bold, size, theme::CARD_INK);
    canvas.text(x + w / 2.0, baseline(y + h / 2.0 + 1.0, size), &value.to_string(), style, Align::Center);
    if news {
        news_badge(canvas, x + w - 5.0, y + 2.0);
    }
}

/// Width of a building token.
pub(super) const HOUSE: f32 = 36.0;

/// A building token worth `value` VP standing on `base`, left edge at `x`, its value at
/// 26 px; returns its width.
pub(super) fn house(canvas: &mut Canvas, x: f32, base: f32, value: u8) -> f32 {
    let (w, wall, roof) = (HOUSE, 27.0, 13.0);
    let fill = match value {
        1 => Rgba::hex(0xb9a27a),
        2 => Rgba::hex(0xd9b45a),
        _ => Rgba::hex(0xf2cf63),
    };
    let outline = [(x, base), (x, base - wall), (x + w / 2.0, base - wall - roof), (x + w, base - wall), (x + w, base)];
    canvas.polygon(&outline, Some(fill), Some((Rgba::hex(0x5a4a2a), 1.5)));
    let style = Style::new(Face::Bold, 26, theme::DARK);
    canvas.text(x + w / 2.0, base - 3.0, &value.to_string(), style, Align::Center);
    w
}

/// A rounded label centred vertically on `cy` from `x`; returns its width.
pub(super) fn pill(canvas: &mut Canvas, x: f32, cy: f32, text: &str, style: Style, fill: Rgba) -> f32 {
    let w = canvas.measure(style, text) + 16.0;
    let h = f32::from(style.size) + 10.0;
    if let Some(area) = rect(x, cy - h / 2.0, w, h) {
        canvas.round_rect(area, h / 2.0, Some(fill), None);
    }
    canvas.text(x + 8.0, baseline(cy, style.size), text, style, Align::Left);
    w
}

/// A lawman's badge centred on `(cx, cy)`: the sheriff's a six-pointed star, the deputy's
/// a five-pointed one drawn hollow, so the two read apart by shape as well as by fill.
pub(super) fn badge(canvas: &mut Canvas, cx: f32, cy: f32, sheriff: bool) {
    let (points, outer) = if sheriff { (6, 13.0) } else { (5, 12.0) };
    let inner = outer * 0.5;
    let corners: Vec<(f32, f32)> = (0..points * 2)
        .map(|i| {
            let r = if i % 2 == 0 { outer } else { inner };
            let angle = std::f32::consts::PI * (i as f32 / points as f32 - 0.5);
            (cx + r * angle.cos(), cy + r * angle.sin())
        })
        .collect();
    if sheriff {
        canvas.polygon(&corners, Some(theme::ACCENT), None);
    } else {
        canvas.polygon(&corners, None, Some((theme::ACCENT, 2.0)));
    }
}

/// A panel: a rounded rectangle with an edge.
pub(super) fn panel(canvas: &mut Canvas, x: f32, y: f32, w: f32, h: f32, fill: Rgba, edge: (Rgba, f32)) {
    if let Some(area) = rect(x, y, w, h) {
        canvas.panel_area(area);
        canvas.round_rect(area, 14.0, Some(fill), Some(edge));
    }
}
