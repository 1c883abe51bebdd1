//! The dark theme every board shares: background, panels, text and highlight colours, and
//! the page measures every board is laid out on.

use crate::canvas::Rgba;

/// Every board's width in layout units (painted at [`crate::SCALE`]): drawn for a phone first
/// (UX.md: at most about 1200 px).
pub const WIDTH: u32 = 960;
/// The page margin.
pub const MARGIN: f32 = 24.0;
/// Padding inside a panel.
pub const PAD: f32 = 18.0;

/// Behind everything.
pub const BACKGROUND: Rgba = Rgba::hex(0x14171d);
/// A panel's fill.
pub const PANEL: Rgba = Rgba::hex(0x222733);
/// A panel's outline.
pub const PANEL_EDGE: Rgba = Rgba::hex(0x363e4e);
/// The fill of the panel of whoever is on turn.
pub const PANEL_ON_TURN: Rgba = Rgba::hex(0x2b3244);
/// Body text.
pub const TEXT: Rgba = Rgba::hex(0xf2f4f7);
/// Secondary text.
pub const MUTED: Rgba = Rgba::hex(0xb3bccb);
/// Highlights: who is on turn, winners.
pub const ACCENT: Rgba = Rgba::hex(0xffc53d);
/// Martian 12s: still pulling.
pub const ACTIVE: Rgba = Rgba::hex(0x8cc8ff);
/// Martian 12s: passed.
pub const PASSED: Rgba = Rgba::hex(0x8fe3a0);
/// Martian 12s: popped; Martian Gunslinger: lost turns.
pub const POPPED: Rgba = Rgba::hex(0xff9d8f);
