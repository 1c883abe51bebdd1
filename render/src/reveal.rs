//! The reveal at the end of a game (issue #28): one picture with every seat's private facts
//! (hands, hidden cash, sealed choices, setup lands, event cards), posted with the final
//! board. Drawn from the views alone: for each seat, the lines of its own text board that the
//! public text board does not have, so every game is covered by the same code and nothing a
//! seat's view does not hold can appear. A panel per seat, its name on top.

use engines::{AnyView, Seat};

use crate::canvas::{Align, Canvas, Face, Style, rect};
use crate::theme::{self, MARGIN, PAD, WIDTH};
use crate::{Drawing, RenderError, name_of};

/// The tallest the picture may be (one phone screen at 960 px wide).
pub const MAX_HEIGHT: f32 = 1_600.0;
const TITLE: Style = Style::new(Face::Bold, 34, theme::ACCENT);
const NAME: Style = Style::new(Face::Bold, 30, theme::TEXT);
const LINE: Style = Style::new(Face::Regular, 26, theme::TEXT);
const MORE: Style = Style::new(Face::Regular, 26, theme::MUTED);
const TITLE_HEIGHT: f32 = 64.0;
const NAME_HEIGHT: f32 = 42.0;
const LINE_HEIGHT: f32 = 34.0;
const GAP: f32 = 12.0;
/// Said when a seat's lines had to be cut to fit the picture.
const CUT: &str = "… the rest is in the story's words";

/// What `seat` alone sees at the end: the lines of its text board missing from the public
/// one, written about the seat rather than to it ("Hand: …" under its name, not "Your hand").
#[must_use]
pub fn private_lines(public: &AnyView, own: &AnyView, names: &[String]) -> Vec<String> {
    let public = crate::board_text(public, names);
    let public: std::collections::HashSet<&str> = public.lines().map(str::trim).collect();
    crate::board_text(own, names)
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !public.contains(line))
        .map(about_the_seat)
        .collect()
}

/// "Your hand: 10♥" → "Hand: 10♥"; "Behind your blinder" → "Behind the blinder"; "Only Ada
/// sees this: hand …" → "Hand …" (the panel is headed with the name already).
fn about_the_seat(line: &str) -> String {
    let line = line.replace(" your ", " the ");
    let only = line.strip_prefix("Only ").and_then(|rest| rest.split_once(" sees this: ")).map(|(_, rest)| rest);
    match only.or_else(|| line.strip_prefix("Your ")) {
        Some(rest) => {
            let mut chars = rest.chars();
            chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
        }
        None => line,
    }
}

/// One seat's panel: its name and its wrapped lines (cut to fit, saying so).
struct Panel {
    name: String,
    lines: Vec<String>,
}

impl Panel {
    fn height(&self) -> f32 {
        PAD * 2.0 + NAME_HEIGHT + LINE_HEIGHT * self.lines.len() as f32
    }
}

fn total(panels: &[Panel]) -> f32 {
    TITLE_HEIGHT + panels.iter().map(|p| p.height() + GAP).sum::<f32>() + MARGIN
}

/// The panels for every seat with something private, wrapped to the width, and cut (longest
/// first, saying so) until the picture fits [`MAX_HEIGHT`].
fn panels(canvas: &Canvas, public: &AnyView, seats: &[AnyView], names: &[String]) -> Vec<Panel> {
    let width = WIDTH as f32 - 2.0 * (MARGIN + PAD);
    let mut panels: Vec<Panel> = seats
        .iter()
        .enumerate()
        .map(|(i, own)| Panel {
            name: name_of(names, Seat(i as u8)),
            lines: private_lines(public, own, names).iter().flat_map(|l| canvas.wrap(LINE, l, width, 3)).collect(),
        })
        .filter(|panel| !panel.lines.is_empty())
        .collect();
    while total(&panels) > MAX_HEIGHT {
        let Some(longest) = panels.iter_mut().filter(|p| p.lines.len() > 1).max_by_key(|p| p.lines.len()) else {
            break;
        };
        let cut = longest.lines.last().is_some_and(|l| l == CUT);
        longest.lines.truncate(longest.lines.len() - if cut { 2 } else { 1 });
        longest.lines.push(CUT.to_string());
    }
    panels
}

/// The reveal picture of a finished game: `public` is the public view, `seats` each seat's own
/// view in seat order. `None` when no seat holds anything the public board does not show.
///
/// # Errors
/// As [`Canvas::new`] and the PNG encoder.
pub fn reveal_drawing(public: &AnyView, seats: &[AnyView], names: &[String]) -> Result<Option<Drawing>, RenderError> {
    let measure = Canvas::measuring(WIDTH)?;
    let panels = panels(&measure, public, seats, names);
    if panels.is_empty() {
        return Ok(None);
    }
    let height = total(&panels).min(MAX_HEIGHT).ceil() as u32;
    let mut canvas = Canvas::new(WIDTH, height, theme::BACKGROUND)?;
    canvas.text(MARGIN, 44.0, "Revealed at the end", TITLE, Align::Left);
    let mut y = TITLE_HEIGHT;
    for panel in &panels {
        let h = panel.height();
        if let Some(area) = rect(MARGIN, y, WIDTH as f32 - 2.0 * MARGIN, h) {
            canvas.round_rect(area, 12.0, Some(theme::PANEL), Some((theme::PANEL_EDGE, 2.0)));
            canvas.panel_area(area);
        }
        let left = MARGIN + PAD;
        let name = canvas.fit(NAME, &panel.name, WIDTH as f32 - 2.0 * left);
        canvas.text(left, y + PAD + 30.0, &name, NAME, Align::Left);
        for (i, line) in panel.lines.iter().enumerate() {
            let style = if line == CUT { MORE } else { LINE };
            canvas.text(left, y + PAD + NAME_HEIGHT + 26.0 + LINE_HEIGHT * i as f32, line, style, Align::Left);
        }
        y += h + GAP;
    }
    canvas.finish().map(Some)
}
