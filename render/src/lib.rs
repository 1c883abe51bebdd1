//! Saloon's board pictures: a game's public *view* to PNG bytes, and the same board as
//! plain text for a terminal. No IO, no Discord; the renderer never sees a game state.
//!
//! Pictures are drawn for a phone: laid out 960 units wide and painted at [`SCALE`] (640 px
//! wide), text no smaller than 18 units (16 for the captions of Martian Gunslinger's cards),
//! a dark theme, and every colour doubled by a digit, letter, symbol or word. Shapes are
//! anti-aliased by tiny-skia; text uses the embedded DejaVu Sans fonts (see
//! `fonts/LICENSE`). Glyph masks and pyramid sprites are cached for the life of the process,
//! so a bot pays for them once. Every board is written as a palette PNG (see `indexed.rs`).
//!
//! Golden images live in `tests/golden/`; `UPDATE_GOLDEN=1 cargo test -p render` rewrites
//! them after an intended change, and a failing comparison leaves the picture and a diff in
//! `tests/output/`. `cargo bench -p render` times a render and prints the PNG sizes.
//!
//! ```
//! use engines::{AnyGame, GameKind, Viewer};
//! let game = AnyGame::setup(GameKind::Martian12s, &serde_json::json!({}), 3, 7)?;
//! let names = ["Ann".to_string(), "Bo".to_string(), "Cy".to_string()];
//! let png = render::board_png(&game.view(Viewer::Public), &names)?;
//! assert!(png.starts_with(b"\x89PNG"));
//! let text = render::board_text(&game.view(Viewer::Public), &names);
//! assert!(text.contains("Round 1 of 10"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod canvas;
mod conquest_of_mars;
pub mod drawing;
mod fonts;
mod gunslinger_gang;
mod indexed;
mod martian_12s;
mod martian_gunslinger;
mod raja;
mod reveal;
mod shapes;
mod text;
mod theme;
#[cfg(test)]
mod vision;

use engines::{AnyView, Seat};

pub use crate::canvas::SCALE;
pub use crate::drawing::Drawing;
pub use crate::theme::WIDTH as LAYOUT_WIDTH;

/// Pixels across every board picture: [`LAYOUT_WIDTH`] units painted at [`SCALE`].
#[must_use]
pub fn picture_width() -> u32 {
    PictureSize::Standard.width()
}

/// How many pixels a board is painted with. Both sizes lay the board out the same (960 units
/// wide, every limit of the layout in those units); a small picture is the same board with
/// fewer pixels, for a player whose connection is slow: a smaller file, drawn faster.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PictureSize {
    /// 640 px wide ([`SCALE`]): sharp on a phone, which shows it about 400 px wide.
    #[default]
    Standard,
    /// 480 px wide: about half the bytes; text a player needs is still 13 px or more.
    Small,
}

impl PictureSize {
    /// Pixels per layout unit.
    #[must_use]
    pub fn scale(self) -> f32 {
        match self {
            Self::Standard => SCALE,
            Self::Small => 0.5,
        }
    }

    /// Pixels across the picture.
    #[must_use]
    pub fn width(self) -> u32 {
        (LAYOUT_WIDTH as f32 * self.scale()).round() as u32
    }
}
pub use crate::reveal::{private_lines as reveal_lines, reveal_drawing};

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// An embedded font did not parse: the crate was built with a broken font file.
    #[error("embedded font {0} cannot be read")]
    Font(&'static str),
    /// The picture would be empty or too large to allocate.
    #[error("cannot make a {width}×{height} picture")]
    Size {
        /// Width asked for.
        width: u32,
        /// Height asked for.
        height: u32,
    },
    /// The PNG encoder failed.
    #[error("PNG encoding failed: {0}")]
    Encode(#[from] image::ImageError),
}

/// The board of any game as PNG bytes; `names` are the players' names by seat (a missing or
/// empty name shows as the seat, `P3`). Drawn from `view` alone: a public view gives the
/// public board; a seat's own view (for its private panel) adds that seat's secrets where
/// the game has them (Martian Gunslinger's hand strip, Gunslinger Gang's hand, Conquest of
/// Mars's two cards and sealed choice, the cash behind a Raja player's blinder).
///
/// # Errors
/// [`RenderError`] if the picture cannot be drawn or encoded.
pub fn board_png(view: &AnyView, names: &[String]) -> Result<Vec<u8>, RenderError> {
    board_png_sized(view, names, PictureSize::Standard)
}

/// As [`board_png`], painted at `size`: the same board with fewer pixels for
/// [`PictureSize::Small`].
///
/// # Errors
/// As [`board_png`].
pub fn board_png_sized(view: &AnyView, names: &[String], size: PictureSize) -> Result<Vec<u8>, RenderError> {
    dispatch::board_png(view, names, size.scale()).map(|drawing| drawing.png)
}

/// The same picture as [`board_png`] with a record of what was drawn on it: every line of
/// text with the box its ink covers and how much it matters, and the panels text must stay
/// inside. For tests and tools that check a picture is readable (`tests/limits.rs`).
///
/// # Errors
/// As [`board_png`].
pub fn board_drawing(view: &AnyView, names: &[String]) -> Result<Drawing, RenderError> {
    board_drawing_sized(view, names, PictureSize::Standard)
}

/// As [`board_drawing`], painted at `size`.
///
/// # Errors
/// As [`board_png`].
pub fn board_drawing_sized(view: &AnyView, names: &[String], size: PictureSize) -> Result<Drawing, RenderError> {
    dispatch::board_png(view, names, size.scale())
}

/// The same board as compact plain text for a terminal (and for the text of a post); a
/// seat's own view adds its secrets as the picture does.
#[must_use]
pub fn board_text(view: &AnyView, names: &[String]) -> String {
    dispatch::board_text(view, names)
}

/// The per-game dispatch, generated from the engines' list of games: each game has a module
/// here of the same name as its engine folder, with `board_png` and `board_text`.
mod dispatch {
    use engines::AnyView;

    use crate::RenderError;

    macro_rules! render_dispatch {
        ($($variant:ident: $module:ident::$game:ident),+ $(,)?) => {
            pub(crate) fn board_png(view: &AnyView, names: &[String], scale: f32) -> Result<crate::Drawing, RenderError> {
                match view {
                    $(AnyView::$variant(view) => crate::$module::board_png(view, names, scale),)+
                }
            }

            pub(crate) fn board_text(view: &AnyView, names: &[String]) -> String {
                match view {
                    $(AnyView::$variant(view) => crate::$module::board_text(view, names),)+
                }
            }
        };
    }

    engines::for_each_game!(render_dispatch);
}

/// The name of `seat`, or the seat itself (`P3`) when no name is known.
pub(crate) fn name_of(names: &[String], seat: Seat) -> String {
    match names.get(seat.index()) {
        Some(name) if !name.trim().is_empty() => name.trim().to_string(),
        _ => seat.to_string(),
    }
}

/// Every game's player colours by name, for the colour-vision checks (`vision.rs`).
#[cfg(test)]
fn player_colours() -> Vec<(&'static str, Vec<(&'static str, canvas::Rgba)>)> {
    vec![
        ("Martian Gunslinger", martian_gunslinger::player_colours()),
        ("Gunslinger Gang", gunslinger_gang::player_colours()),
        ("Conquest of Mars", conquest_of_mars::player_colours()),
        ("Raja", raja::player_colours()),
    ]
}

/// `1st`, `2nd`, `3rd`, `4th`…
pub(crate) fn ordinal(place: u8) -> String {
    let suffix = match (place % 10, place % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{place}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals_and_name_fallbacks() {
        assert_eq!(
            [1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal),
            ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]
        );
        let names = vec!["Ann".to_string(), "  ".to_string()];
        assert_eq!(name_of(&names, Seat(0)), "Ann");
        assert_eq!(name_of(&names, Seat(1)), "P1");
        assert_eq!(name_of(&names, Seat(5)), "P5");
    }
}
