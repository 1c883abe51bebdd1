//! The players: the VP track (R13), one panel each (colour, gunslingers in reserve, hand
//! sizes, Resolved row, items), and the final standings with what decided each place (§6.4).

use engines::gunslinger_gang::{FinalLine, Item, PlayerView, TieBreak, View};

use super::ink::{self, pill, theme, token};
use super::{GAP, MARGIN, W, who};
use crate::canvas::{Align, Canvas, Face, Style, rect};
use crate::ordinal;
use crate::theme::PAD;

/// One lane of the VP track.
const LANE: f32 = 30.0;
/// Above the lanes: title and scale.
const TRACK_TOP: f32 = 46.0;
/// Width of the names column of the track.
const TRACK_NAMES: f32 = 150.0;

pub(super) fn track_height(view: &View) -> f32 {
    TRACK_TOP + view.players.len() as f32 * LANE + 12.0
}

/// The end of the scale: a multiple of 10 at least 10 and above every score.
fn scale_end(view: &View) -> u32 {
    let top = view.players.iter().map(|p| p.vp).max().unwrap_or(0);
    (top / 10 + 1).max(1) * 10
}

/// The VP track: one lane per player, a bar and token at their VP, the Most Wanted starred.
pub(super) fn track(canvas: &mut Canvas, view: &View, names: &[String], top: f32) {
    let width = W - 2.0 * MARGIN;
    ink::panel(canvas, MARGIN, top, width, track_height(view), theme::PANEL, (theme::PANEL_EDGE, 1.0));
    let x = MARGIN + PAD;
    canvas.text(x, top + 32.0, "VP track", Style::new(Face::Bold, 22, theme::TEXT), Align::Left);
    // Room left of the scale for the names and half a token at 0.
    let (x0, x1) = (x + TRACK_NAMES + 16.0, W - MARGIN - PAD - 74.0);
    let end = scale_end(view);
    let at = |vp: u32| x0 + (x1 - x0) * vp.min(end) as f32 / end as f32;
    let lanes_top = top + TRACK_TOP;
    let lanes_bottom = lanes_top + view.players.len() as f32 * LANE;
    let scale = Style::new(Face::Regular, 18, theme::MUTED);
    for tick in (0..=end).step_by(5) {
        let tx = at(tick);
        let strong = tick % 10 == 0;
        if let Some(line) = rect(tx - 0.5, lanes_top - 4.0, 1.0, lanes_bottom - lanes_top + 4.0) {
            let colour = if strong { theme::PANEL_EDGE } else { theme::PANEL_EDGE.with_alpha(110) };
            canvas.round_rect(line, 0.0, Some(colour), None);
        }
        if strong {
            canvas.text(tx, top + 32.0, &tick.to_string(), scale, Align::Center);
        }
    }
    for (i, player) in view.players.iter().enumerate() {
        let cy = lanes_top + i as f32 * LANE + LANE / 2.0;
        let name_style = Style::new(Face::Bold, 18, theme::TEXT);
        let name = canvas.fit(name_style, &super::name_of(names, player.seat), TRACK_NAMES - 12.0);
        canvas.text(x, ink::baseline(cy, 18), &name, name_style, Align::Left);
        let colour = ink::ink(player.colour);
        let px = at(player.vp);
        if let Some(bar) = rect(x0, cy - 4.0, px - x0, 8.0) {
            canvas.round_rect(bar, 4.0, Some(colour.fill.with_alpha(170)), None);
        }
        token(canvas, px, cy, 28.0, player.colour);
        let mut label = player.vp.to_string();
        if player.most_wanted {
            label.push_str(" ★");
        }
        let label_style = Style::new(Face::Bold, 20, if player.most_wanted { theme::ACCENT } else { theme::TEXT });
        canvas.text(px + 20.0, ink::baseline(cy, 20), &label, label_style, Align::Left);
    }
}

/// Two panels a row.
const COLUMNS: usize = 2;
/// Height of a panel above its items.
const PANEL_HEAD: f32 = 80.0;
/// The Resolved row, when any player has one.
const RESOLVED_ROW: f32 = 38.0;
const ITEM_ROW: f32 = 32.0;

fn panel_width() -> f32 {
    (W - 2.0 * MARGIN - GAP * (COLUMNS as f32 - 1.0)) / COLUMNS as f32
}

/// An item as its pill says it: name, end VP where it differs, use this round.
fn item_label(player: &PlayerView, item: Item) -> String {
    let used = match item {
        Item::SecretPassage => player.used.secret_passage,
        Item::ForgedOrders => player.used.forged_orders,
        Item::JailKeys => player.used.jail_keys,
        Item::Lasso => player.used.lasso,
        _ => false,
    };
    let mut label = item.name().to_string();
    if item == Item::Strongbox {
        label.push_str(" · 3 VP");
    }
    if item == Item::Dynamite && player.dynamite_spent {
        label.push_str(" · spent");
    } else if used {
        label.push_str(" · used");
    }
    label
}

/// Item pills laid out in lines `width` wide: (line, x offset, label, width) for each.
fn item_layout(canvas: &Canvas, player: &PlayerView, width: f32) -> Vec<(usize, f32, String, f32)> {
    let style = Style::new(Face::Regular, 18, theme::TEXT);
    let mut out = Vec::new();
    let (mut line, mut x) = (0, 0.0);
    for item in &player.items {
        let label = canvas.fit(style, &item_label(player, *item), width - 16.0);
        let w = canvas.measure(style, &label) + 16.0;
        if x > 0.0 && x + w > width {
            (line, x) = (line + 1, 0.0);
        }
        out.push((line, x, label, w));
        x += w + 8.0;
    }
    out
}

fn item_lines(canvas: &Canvas, player: &PlayerView) -> usize {
    item_layout(canvas, player, panel_width() - 2.0 * PAD).last().map_or(1, |(line, ..)| line + 1)
}

fn resolved_row(view: &View) -> f32 {
    if view.players.iter().any(|p| !p.resolved.is_empty()) { RESOLVED_ROW } else { 0.0 }
}

/// Heights of the rows of panels.
fn panel_rows(canvas: &Canvas, view: &View) -> Vec<f32> {
    view.players
        .chunks(COLUMNS)
        .map(|row| {
            let lines = row.iter().map(|p| item_lines(canvas, p)).max().unwrap_or(1);
            PANEL_HEAD + resolved_row(view) + lines as f32 * ITEM_ROW + 8.0
        })
        .collect()
}

pub(super) fn panels_height(view: &View) -> f32 {
    let Some(canvas) = ink::measuring() else { return 0.0 };
    let rows = panel_rows(&canvas, view);
    rows.iter().sum::<f32>() + GAP * (rows.len() as f32 - 1.0).max(0.0)
}

/// One panel per player, two a row, the acting player highlighted.
pub(super) fn panels(canvas: &mut Canvas, view: &View, names: &[String], top: f32) {
    let width = panel_width();
    let mut y = top;
    for (row, height) in view.players.chunks(COLUMNS).zip(panel_rows(canvas, view)) {
        for (i, player) in row.iter().enumerate() {
            let x = MARGIN + i as f32 * (width + GAP);
            panel(canvas, view, names, player, (x, y, width, height));
        }
        y += height + GAP;
    }
}

fn panel(canvas: &mut Canvas, view: &View, names: &[String], p: &PlayerView, (x, y, w, h): (f32, f32, f32, f32)) {
    let acting = view.pending == Some(p.seat);
    let winner = view.outcome.as_ref().is_some_and(|o| o.winners.contains(p.seat));
    if acting || winner {
        ink::panel(canvas, x, y, w, h, theme::PANEL_ON_TURN, (theme::ACCENT, 3.0));
        if let Some(bar) = rect(x + 1.5, y + 14.0, 7.0, h - 28.0) {
            canvas.round_rect(bar, 3.5, Some(theme::ACCENT), None);
        }
    } else {
        ink::panel(canvas, x, y, w, h, theme::PANEL, (theme::PANEL_EDGE, 1.0));
    }
    let (left, right) = (x + PAD + 4.0, x + w - PAD);
    token(canvas, left + 15.0, y + 30.0, 30.0, p.colour);
    let vp_w = canvas.text(right, y + 40.0, "VP", Style::new(Face::Regular, 18, theme::MUTED), Align::Right);
    // R13: the Most Wanted are starred (at 0–0 everyone is).
    let wanted = p.most_wanted && view.outcome.is_none();
    let vp = if wanted { format!("★ {}", p.vp) } else { p.vp.to_string() };
    let vp_style = Style::new(Face::Bold, 30, if wanted { theme::ACCENT } else { theme::TEXT });
    let vp_w = vp_w + 6.0 + canvas.text(right - vp_w - 6.0, y + 40.0, &vp, vp_style, Align::Right);
    let name_style = Style::new(Face::Bold, 22, if winner { theme::ACCENT } else { theme::TEXT });
    let mark = if winner {
        "★ "
    } else if p.resigned {
        "⚑ "
    } else {
        ""
    };
    let name = format!("{mark}{}", super::name_of(names, p.seat));
    let name = canvas.fit(name_style, &name, right - left - 40.0 - vp_w - 12.0);
    canvas.text(left + 40.0, y + 38.0, &name, name_style, Align::Left);
    let mut counts = format!(
        "Reserve {} · Hand: {} underling{}, {}/{} News",
        p.supply,
        p.underlings_in_hand,
        if p.underlings_in_hand == 1 { "" } else { "s" },
        p.news_in_hand,
        p.hand_limit
    );
    if p.resigned {
        counts.push_str(" · resigned");
    }
    let style = Style::new(Face::Regular, 18, theme::TEXT);
    let counts = canvas.fit(style, &counts, right - left);
    canvas.text(left, y + 70.0, &counts, style, Align::Left);
    let mut row = y + PANEL_HEAD;
    if resolved_row(view) > 0.0 {
        resolved(canvas, p, left, row + RESOLVED_ROW / 2.0);
        row += RESOLVED_ROW;
    }
    items(canvas, p, left, row + ITEM_ROW / 2.0, right - left);
}

/// The Resolved row (R20): face-up cards with their values.
fn resolved(canvas: &mut Canvas, p: &PlayerView, x: f32, cy: f32) {
    let muted = Style::new(Face::Regular, 18, theme::MUTED);
    let mut cx = x + canvas.text(x, ink::baseline(cy, 18), "Resolved", muted, Align::Left) + 10.0;
    if p.resolved.is_empty() {
        canvas.text(cx, ink::baseline(cy, 18), "none", muted, Align::Left);
    }
    let edge = ink::ink(p.colour).fill;
    for card in &p.resolved {
        ink::card_face(canvas, cx, cy - 16.0, (26.0, 32.0), card.underling.value(), edge, false);
        cx += 31.0;
    }
}

fn items(canvas: &mut Canvas, p: &PlayerView, x: f32, cy: f32, width: f32) {
    if p.items.is_empty() {
        let muted = Style::new(Face::Regular, 18, theme::MUTED);
        canvas.text(x, ink::baseline(cy, 18), "No items", muted, Align::Left);
        return;
    }
    let style = Style::new(Face::Regular, 18, theme::TEXT);
    for (line, dx, label, _) in item_layout(canvas, p, width) {
        pill(canvas, x + dx, cy + line as f32 * ITEM_ROW, &label, style, theme::FLAG);
    }
}

const STANDINGS_TOP: f32 = 56.0;
const STANDING: f32 = 54.0;
const TIE_LINE: f32 = 24.0;

/// Why `line` ranks below `above`, when VP alone did not decide it (§6.4, R28, R29, R41).
fn tie_break(above: &FinalLine, line: &FinalLine, why: TieBreak, above_name: &str) -> Option<String> {
    Some(match why {
        TieBreak::Vp => return None,
        TieBreak::Resignation => "resigned: ranks below every player still in".to_string(),
        TieBreak::Sheriffs => format!(
            "tied with {above_name} on {} VP; fewer sheriffs ({} to {}, R28)",
            line.vp, line.sheriffs, above.sheriffs
        ),
        TieBreak::Deputies => format!(
            "tied with {above_name} on VP and sheriffs; fewer deputies ({} to {}, R28)",
            line.deputies, above.deputies
        ),
        TieBreak::Duel => format!("tied with {above_name}; lost the duel at high noon"),
    })
}

/// Each line of the standings with the tie-break that put it below the one above.
fn standing_lines(view: &View) -> Vec<(&FinalLine, Option<(&FinalLine, TieBreak)>)> {
    let Some(result) = &view.result else { return Vec::new() };
    result
        .lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let above = i.checked_sub(1).and_then(|j| Some((result.lines.get(j)?, *result.breaks.get(j)?)));
            (line, above)
        })
        .collect()
}

pub(super) fn standings_height(view: &View) -> f32 {
    let lines = standing_lines(view);
    let ties = lines.iter().filter(|(_, above)| above.is_some_and(|(_, why)| why != TieBreak::Vp)).count();
    STANDINGS_TOP + lines.len() as f32 * STANDING + ties as f32 * TIE_LINE + 8.0
}

/// Final standings (§6.4): place, player, VP and its sources, lawmen, and each tie-break.
pub(super) fn standings(canvas: &mut Canvas, view: &View, names: &[String], top: f32) {
    let width = W - 2.0 * MARGIN;
    ink::panel(canvas, MARGIN, top, width, standings_height(view), theme::PANEL_ON_TURN, (theme::ACCENT, 3.0));
    let x = MARGIN + PAD;
    let title = Style::new(Face::Bold, 24, theme::ACCENT);
    let tw = canvas.text(x, top + 38.0, "Final standings", title, Align::Left);
    let note = "items and News in hand added";
    canvas.text(x + tw + 16.0, top + 38.0, note, Style::new(Face::Regular, 18, theme::MUTED), Align::Left);
    let winners = view.outcome.as_ref().map(|o| o.winners).unwrap_or_default();
    let mut y = top + STANDINGS_TOP;
    for (i, (line, above)) in standing_lines(view).into_iter().enumerate() {
        let cy = y + STANDING / 2.0;
        let winner = winners.contains(line.seat);
        let place = format!("{}{}", if winner { "★ " } else { "" }, ordinal(i as u8 + 1));
        let colour = if winner { theme::ACCENT } else { theme::TEXT };
        canvas.text(x + 64.0, ink::baseline(cy - 10.0, 22), &place, Style::new(Face::Bold, 22, colour), Align::Right);
        if let Some(player) = view.players.get(line.seat.index()) {
            token(canvas, x + 92.0, cy - 10.0, 28.0, player.colour);
        }
        let name_style = Style::new(Face::Bold, 22, theme::TEXT);
        let name = canvas.fit(name_style, &super::name_of(names, line.seat), width * 0.5);
        canvas.text(x + 116.0, ink::baseline(cy - 10.0, 22), &name, name_style, Align::Left);
        let vp = format!("{} VP", line.vp);
        let right = W - MARGIN - PAD;
        canvas.text(right, ink::baseline(cy - 10.0, 22), &vp, Style::new(Face::Bold, 22, colour), Align::Right);
        let detail = format!(
            "{} from items · {} from News · {} sheriff{} · {} deput{}{}",
            line.item_vp,
            line.news_vp,
            line.sheriffs,
            if line.sheriffs == 1 { "" } else { "s" },
            line.deputies,
            if line.deputies == 1 { "y" } else { "ies" },
            if line.resigned { " · resigned" } else { "" }
        );
        let muted = Style::new(Face::Regular, 18, theme::MUTED);
        canvas.text(x + 116.0, ink::baseline(cy + 14.0, 18), &detail, muted, Align::Left);
        y += STANDING;
        if let Some(reason) = above.and_then(|(a, why)| tie_break(a, line, why, &who(view, names, a.seat))) {
            let style = Style::new(Face::Regular, 18, theme::ACCENT);
            let reason = canvas.fit(style, &format!("↳ {reason}"), width - 116.0 - PAD);
            canvas.text(x + 116.0, y + 12.0, &reason, style, Align::Left);
            y += TIE_LINE;
        }
    }
}
