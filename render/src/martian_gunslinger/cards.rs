//! Playing cards as small pictures: a cream face with the card's code (`JH`) and suit symbol
//! in the suit's colour (a four-colour deck: ♠ black, ♥ vermillion, ♦ blue, ♣ green), and a
//! caption: the Western name of a resource (§2.3) or the title of an event. Backs for face-down
//! cards and piles; chips for token cards.

use engines::parts::cards::{Card, Rank, Suit};

use crate::canvas::{Align, Canvas, Face, Rgba, Style, rect};
use crate::theme;

/// A card's size in the panels.
pub(super) const CARD_W: f32 = 105.0;
/// A card's size in the panels.
pub(super) const CARD_H: f32 = 80.0;
/// Space between cards in a row.
pub(super) const CARD_GAP: f32 = 5.0;

/// Room either side of a caption.
const CAPTION_PAD: f32 = 5.0;
const FACE: Rgba = Rgba::hex(0xf4efe4);
const FACE_EDGE: Rgba = Rgba::hex(0x9a8f7a);
const CAPTION: Rgba = Rgba::hex(0x2b2b2b);
const LOCKED_FACE: Rgba = Rgba::hex(0x3a404d);
const BACK: Rgba = Rgba::hex(0x7a2e3a);
const BACK_EDGE: Rgba = Rgba::hex(0xe9c9a0);

/// The resource name of a rank (§2.3).
pub(crate) const fn western_name(rank: Rank) -> &'static str {
    match rank.value() {
        14 => "Undertaker",
        13 => "Sheriff",
        12 => "Casino",
        11 => "Wanted Person",
        10 => "Cattle",
        9 => "Gun",
        8 => "Horse",
        7 => "Church",
        6 => "Stagecoach",
        5 => "Grazing Land",
        4 => "Courthouse",
        3 => "Jail",
        _ => "Bank",
    }
}

/// ♣ ♦ ♥ ♠.
pub(crate) const fn symbol(suit: Suit) -> char {
    match suit {
        Suit::Clubs => '♣',
        Suit::Diamonds => '♦',
        Suit::Hearts => '♥',
        Suit::Spades => '♠',
    }
}

/// A suit's ink on a cream card face.
pub(crate) const fn suit_colour(suit: Suit) -> Rgba {
    match suit {
        Suit::Clubs => Rgba::hex(0x00775a),
        Suit::Diamonds => Rgba::hex(0x1d63b8),
        Suit::Hearts => Rgba::hex(0xc4461c),
        Suit::Spades => Rgba::hex(0x1b1f27),
    }
}

/// A suit's ink on a Locked (dark) card.
const fn suit_colour_on_dark(suit: Suit) -> Rgba {
    match suit {
        Suit::Clubs => Rgba::hex(0x5fd6ae),
        Suit::Diamonds => Rgba::hex(0x8cbcff),
        Suit::Hearts => Rgba::hex(0xff9b78),
        Suit::Spades => Rgba::hex(0xeef0f4),
    }
}

/// How a card is marked beyond its face.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mark {
    /// Just the card.
    Plain,
    /// Outlined in the accent colour: a pending event's card, or one it designates.
    Gold,
    /// Face down on the table (Tycoon, R52): drawn dark and dashed; its identity is public.
    Locked,
    /// Chosen for a sealed exchange or a refill discard: outlined, with a tick.
    Chosen,
}

/// A card with its top-left corner at `(x, y)`; `caption` (one or two lines) under the code,
/// the Western name when `None`. A Locked card is drawn dark with a dashed edge, `LOCKED`
/// over its name.
pub(super) fn card(canvas: &mut Canvas, x: f32, y: f32, card: Card, caption: Option<&str>, mark: Mark) {
    let Some(area) = rect(x, y, CARD_W, CARD_H) else { return };
    canvas.panel_area(area);
    let locked = mark == Mark::Locked;
    if locked {
        canvas.round_rect(area, 7.0, Some(LOCKED_FACE), None);
        let (r, b) = (x + CARD_W - 1.0, y + CARD_H - 1.0);
        let edge = [(x + 1.0, y + 1.0), (r, y + 1.0), (r, b), (x + 1.0, b), (x + 1.0, y + 1.0)];
        canvas.line(&edge, theme::MUTED, 2.0, Some((6.0, 5.0)));
    } else {
        canvas.round_rect(area, 7.0, Some(FACE), Some((FACE_EDGE, 1.0)));
    }
    let ink = if locked { suit_colour_on_dark(card.suit) } else { suit_colour(card.suit) };
    canvas.text(x + 8.0, y + 25.0, &card.to_string(), Style::new(Face::Bold, 22, ink), Align::Left);
    canvas.text(
        x + CARD_W - 8.0,
        y + 27.0,
        &symbol(card.suit).to_string(),
        Style::new(Face::Bold, 24, ink),
        Align::Right,
    );
    let width = CARD_W - CAPTION_PAD * 2.0;
    let style = Style::new(Face::Regular, 16, if locked { theme::MUTED } else { CAPTION }).aid();
    let name = caption.unwrap_or(western_name(card.rank));
    let lines = if locked {
        // The first line of the name that fits ("Grazing" for Grazing Land).
        super::wrap(canvas, style, name, width, 2).into_iter().take(1).collect()
    } else {
        super::wrap(canvas, style, name, width, 2)
    };
    let first = if lines.len() == 1 && !locked { y + 58.0 } else { y + 50.0 };
    if locked {
        canvas.text(x + CAPTION_PAD, first, "LOCKED", Style::new(Face::Bold, 16, theme::TEXT), Align::Left);
    }
    let first = if locked { first + 20.0 } else { first };
    for (i, line) in lines.iter().enumerate() {
        canvas.text(x + CAPTION_PAD, first + i as f32 * 20.0, line, style, Align::Left);
    }
    match mark {
        Mark::Plain | Mark::Locked => {}
        Mark::Gold => outline(canvas, x, y, theme::ACCENT),
        Mark::Chosen => {
            outline(canvas, x, y, theme::ACCENT);
            canvas.circle(x + CARD_W - 4.0, y + CARD_H - 4.0, 12.0, Some(theme::ACCENT), None);
            let tick = Style::new(Face::Bold, 16, theme::BACKGROUND);
            canvas.text(x + CARD_W - 4.0, y + CARD_H + 2.0, "✔", tick, Align::Center);
        }
    }
}

fn outline(canvas: &mut Canvas, x: f32, y: f32, colour: Rgba) {
    if let Some(ring) = rect(x - 2.0, y - 2.0, CARD_W + 4.0, CARD_H + 4.0) {
        canvas.round_rect(ring, 8.0, None, Some((colour, 3.0)));
    }
}

/// A face-down card, `w` wide, with `label` in its middle (a count, or `?`).
pub(super) fn back(canvas: &mut Canvas, x: f32, y: f32, w: f32, label: &str) {
    let Some(area) = rect(x, y, w, CARD_H) else { return };
    canvas.round_rect(area, 7.0, Some(BACK), Some((BACK_EDGE, 1.5)));
    if let Some(inner) = rect(x + 5.0, y + 5.0, w - 10.0, CARD_H - 10.0) {
        canvas.round_rect(inner, 4.0, None, Some((BACK_EDGE.with_alpha(150), 1.5)));
    }
    canvas.text(x + w / 2.0, y + CARD_H / 2.0 + 8.0, label, Style::new(Face::Bold, 22, BACK_EDGE), Align::Center);
}

/// An empty place for a card (an empty pile), `w` wide.
pub(super) fn empty(canvas: &mut Canvas, x: f32, y: f32, w: f32, label: &str) {
    if let Some(area) = rect(x, y, w, CARD_H) {
        canvas.round_rect(area, 7.0, None, Some((theme::PANEL_EDGE.with_alpha(255), 2.0)));
    }
    canvas.text(x + w / 2.0, y + CARD_H / 2.0 + 6.0, label, Style::new(Face::Regular, 16, theme::MUTED), Align::Center);
}

/// A chip: a small label with a card's code and symbol in its suit colour (when it names a
/// card) and `text` after it, on `tint`.
#[derive(Clone, Debug)]
pub(super) struct Chip {
    /// The card it names, if any.
    pub card: Option<Card>,
    /// What it says.
    pub text: String,
    /// Its background.
    pub tint: Rgba,
}

const CHIP_CODE: u16 = 18;
const CHIP_TEXT: u16 = 18;

impl Chip {
    fn code(&self) -> Option<(String, Style)> {
        self.card
            .map(|c| (format!("{c}{}", symbol(c.suit)), Style::new(Face::Bold, CHIP_CODE, self.code_colour(c.suit))))
    }

    fn text_style(&self) -> Style {
        Style::new(Face::Regular, CHIP_TEXT, if self.tint == FACE { CAPTION } else { theme::BACKGROUND })
    }

    fn code_colour(&self, suit: Suit) -> Rgba {
        if self.tint == FACE { suit_colour(suit) } else { theme::BACKGROUND }
    }

    /// Its width in pixels.
    pub fn width(&self, canvas: &Canvas) -> f32 {
        let code = self.code().map_or(0.0, |(code, style)| canvas.measure(style, &code) + 6.0);
        code + canvas.measure(self.text_style(), &self.text) + 16.0
    }

    /// Draws it with its left end at `x`, its text on `baseline`.
    pub fn draw(&self, canvas: &mut Canvas, x: f32, baseline: f32) {
        if let Some(area) = rect(x, baseline - 20.0, self.width(canvas), 28.0) {
            canvas.round_rect(area, 8.0, Some(self.tint), None);
        }
        let mut left = x + 8.0;
        if let Some((code, style)) = self.code() {
            left += canvas.text(left, baseline, &code, style, Align::Left) + 6.0;
        }
        canvas.text(left, baseline, &self.text, self.text_style(), Align::Left);
    }
}

/// The cream of a chip naming a card.
pub(super) const CHIP: Rgba = FACE;

/// How many cards of the panel size fit in `width`.
pub(super) fn per_row(width: f32) -> usize {
    (((width + CARD_GAP) / (CARD_W + CARD_GAP)).floor() as usize).max(1)
}

/// The height of `count` cards laid in rows of `per_row`.
pub(super) fn rows_height(count: usize, per_row: usize) -> f32 {
    let rows = count.div_ceil(per_row.max(1));
    if rows == 0 { 0.0 } else { rows as f32 * (CARD_H + CARD_GAP) - CARD_GAP }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fonts::Fonts;

    #[test]
    fn every_rank_has_its_western_name() {
        let names: Vec<&str> = Rank::ALL.iter().rev().map(|r| western_name(*r)).collect();
        assert_eq!(
            names,
            [
                "Undertaker",
                "Sheriff",
                "Casino",
                "Wanted Person",
                "Cattle",
                "Gun",
                "Horse",
                "Church",
                "Stagecoach",
                "Grazing Land",
                "Courthouse",
                "Jail",
                "Bank"
            ]
        );
    }

    #[test]
    fn suits_differ_by_symbol_and_colour_and_the_fonts_have_the_symbols() {
        let fonts = Fonts::load().expect("fonts");
        let symbols: std::collections::BTreeSet<char> = Suit::ALL.iter().map(|s| symbol(*s)).collect();
        assert_eq!(symbols.len(), 4);
        for c in symbols.iter().copied().chain(['⌂', '✔', '▶', '★', '·', '→']) {
            assert!(fonts.has_glyph(Face::Bold, c) && fonts.has_glyph(Face::Regular, c), "{c}");
        }
        let colours: std::collections::BTreeSet<(u8, u8, u8)> =
            Suit::ALL.iter().map(|s| suit_colour(*s)).map(|c| (c.r, c.g, c.b)).collect();
        assert_eq!(colours.len(), 4);
    }

    #[test]
    fn every_caption_fits_a_card_in_two_lines() {
        let canvas = Canvas::new(4, 4, theme::BACKGROUND).expect("canvas");
        let style = Style::new(Face::Regular, 16, CAPTION);
        let titles = Rank::ALL.map(engines::martian_gunslinger::event_title);
        for caption in Rank::ALL.map(western_name).iter().chain(titles.iter()) {
            let lines = super::super::wrap(&canvas, style, caption, CARD_W - CAPTION_PAD * 2.0, 2);
            assert!(lines.len() <= 2 && lines.iter().all(|l| !l.ends_with('…')), "{caption}: {lines:?}");
        }
    }

    #[test]
    fn rows_wrap_at_the_panel_width() {
        assert_eq!(per_row(876.0), 8);
        assert_eq!(per_row(50.0), 1);
        assert_eq!(rows_height(0, 8), 0.0);
        assert_eq!(rows_height(8, 8), CARD_H);
        assert_eq!(rows_height(9, 8), 2.0 * CARD_H + CARD_GAP);
    }
}
