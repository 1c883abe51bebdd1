//! What makes a picture too big or hard to read on a phone: the checks of the limits test
//! (`tests/limits.rs`), shared with the `board_shot` example that shows what they find.

use render::drawing::{Area, Drawing, Role};

/// Tallest picture at 960 px wide.
pub const MAX_HEIGHT_AT_960: f32 = 1600.0;
/// Largest file.
pub const MAX_BYTES: usize = 100_000;
/// The width Discord shows a picture at on a phone.
pub const PHONE: f32 = 400.0;
/// Smallest essential text on a phone, in pixels per em.
pub const MIN_ESSENTIAL_ON_PHONE: f32 = 10.8;
/// Smallest aid (a card's Western name, a board's coordinates) on a phone.
pub const MIN_AID_ON_PHONE: f32 = 7.5;
/// Anti-aliasing may reach this far past an edge, in pixels (ink boxes are whole pixels).
pub const SLACK: f32 = 1.0;

/// What is wrong with one picture, in words; empty when nothing is.
pub fn problems(drawing: &Drawing) -> Vec<String> {
    let mut found = Vec::new();
    let (width, height) = (drawing.width as f32, drawing.height as f32);
    if height > MAX_HEIGHT_AT_960 * width / 960.0 {
        found.push(format!("{} px tall at {} px wide", drawing.height, drawing.width));
    }
    if drawing.png.len() > MAX_BYTES {
        found.push(format!("{} bytes", drawing.png.len()));
    }
    let page = Area::new(0.0, 0.0, width, height);
    // Text boxes and panels are in layout units; a painted pixel is 1 / scale of them.
    let slack = if drawing.scale > 0.0 { SLACK / drawing.scale.min(1.0) } else { SLACK };
    let scale = PHONE / width;
    for (i, text) in drawing.texts.iter().enumerate() {
        let on_phone = f32::from(text.size) * scale;
        let least = if text.role == Role::Essential { MIN_ESSENTIAL_ON_PHONE } else { MIN_AID_ON_PHONE };
        if on_phone < least - 0.01 {
            found.push(format!("{:?} is {on_phone:.1} px on a phone ({:?})", text.text, text.role));
        }
        found.extend(identifiers(&text.text));
        let Some(ink) = text.ink else { continue };
        if !page.contains(&ink, slack) {
            found.push(format!("{:?} runs off the picture at {ink:?}", text.text));
        }
        if let Some(panel) = drawing.panels.iter().find(|p| p.straddles(&ink, slack)) {
            found.push(format!("{:?} crosses the edge of the panel {panel:?}", text.text));
        }
        for other in &drawing.texts[i + 1..] {
            if other.ink.is_some_and(|o| o.overlaps(&ink, slack)) {
                found.push(format!("{:?} overlaps {:?}", text.text, other.text));
            }
        }
    }
    found
}

/// Ruling numbers, phase codes and program words that must never reach a picture.
pub fn identifiers(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric() && c != '_' && c != '\'').collect();
    let ruling = |w: &str| w.len() >= 2 && w.starts_with('R') && w[1..].chars().all(|c| c.is_ascii_digit());
    let phase = |w: &str| {
        let digits = w.strip_prefix('T').map(|rest| rest.trim_end_matches(|c: char| c.is_ascii_lowercase()));
        digits.is_some_and(|d| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()))
    };
    let code = |w: &str| w.contains('_') || w.ends_with("'s") && w.starts_with("You");
    let bad = words.iter().find(|w| text.contains(&format!("({w})")) && ruling(w) || phase(w) || code(w))?;
    Some(format!("{text:?} shows {bad:?} to players"))
}
