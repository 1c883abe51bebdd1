//! The players: one card each, two side by side (colour, name, VP with the Most Wanted
//! starred, gunslingers in reserve, hand sizes, items, the Resolved row), and the final
//! standings with what decided each place (§6.4). Every word is 26 px or larger.

use engines::gunslinger_gang::{FinalLine, Item, Phase, PlayerView, TieBreak, View};

use super::ink::{self, card_face, theme, token};
use super::{GAP, MARGIN, W, who};
use crate::canvas::{Align, Canvas, Face, Style, rect};
use crate::ordinal;
use crate::theme::PAD;

/// Cards a row: two, or three for three players when that is shorter.
fn columns(canvas: &Canvas, view: &View, names: &[String]) -> usize {
    if view.players.len() != 3 {
        return 2;
    }
    let total = |n: usize| rows(canvas, view, names, n).iter().map(|h| h + GAP).sum::<f32>();
    if total(3) < total(2) { 3 } else { 2 }
}
/// A line of 26 px text.
const LINE: f32 = 34.0;
const WORDS: Style = Style::new(Face::Regular, 26, theme::TEXT);
const MUTED: Style = Style::new(Face::Regular, 26, theme::MUTED);

fn card_width(columns: usize) -> f32 {
    (W - 2.0 * MARGIN - GAP * (columns as f32 - 1.0)) / columns as f32
}

/// An item in words: name, end VP where it has them, whether used this round.
fn item_label(player: &PlayerView, item: Item) -> String {
    let used = match item {
        Item::SecretPassage => player.used.secret_passage,
        Item::ForgedOrders => player.used.forged_orders,
        Item::JailKeys => player.used.jail_keys,
        Item::Lasso => player.used.lasso,
        _ => false,
    };
    let name = item.name();
    if item == Item::Strongbox {
        format!("{name} (3 VP)")
    } else if item == Item::Dynamite && player.dynamite_spent {
        format!("{name} (spent)")
    } else if used {
        format!("{name} (used)")
    } else {
        name.to_string()
    }
}

/// What a card says under the name, as phrases: start player, reserve, hand, items.
fn facts(view: &View, p: &PlayerView) -> Vec<String> {
    let mut out = Vec::new();
    if p.resigned {
        out.push("resigned".to_string());
    }
    if view.phase == Phase::Resolution {
        // Everyone keeps one underling through Resolution; the News held is what differs.
        out.push(format!("{}/{} News", p.news_in_hand, p.hand_limit));
    } else {
        let s = if p.underlings_in_hand == 1 { "" } else { "s" };
        out.push(format!("hand: {} underling{s}, {}/{} News", p.underlings_in_hand, p.news_in_hand, p.hand_limit));
    }
    out.push(format!("reserve {}", p.supply));
    if view.start_seat == p.seat && view.outcome.is_none() {
        out.push("start player".to_string());
    }
    out
}

/// Draws (or, on a probe, lays out) the content of `p`'s card from `(x, y)`, `w` wide;
/// returns the height it takes.
fn content(canvas: &mut Canvas, view: &View, names: &[String], p: &PlayerView, (x, y, w): (f32, f32, f32)) -> f32 {
    let winner = view.outcome.as_ref().is_some_and(|o| o.winners.contains(p.seat));
    let (left, right) = (x + PAD + 4.0, x + w - PAD);
    token(canvas, left + 17.0, y + 34.0, 34.0, p.colour);
    let vp_w = canvas.text(right, y + 46.0, "VP", MUTED, Align::Right);
    // R13: the Most Wanted are starred (at 0–0 everyone is).
    let wanted = p.most_wanted && view.outcome.is_none();
    let vp = if wanted { format!("★ {}", p.vp) } else { p.vp.to_string() };
    let vp_style = Style::new(Face::Bold, 34, if wanted { theme::ACCENT } else { theme::TEXT });
    let vp_w = vp_w + 6.0 + canvas.text(right - vp_w - 6.0, y + 46.0, &vp, vp_style, Align::Right);
    let name_style = Style::new(Face::Bold, 28, if winner { theme::ACCENT } else { theme::TEXT });
    let name = format!("{}{}", if winner { "★ " } else { "" }, super::name_of(names, p.seat));
    let name = canvas.fit(name_style, &name, right - left - 44.0 - vp_w - 12.0);
    canvas.text(left + 44.0, y + 44.0, &name, name_style, Align::Left);
    let mut cy = y + 54.0;
    let mut end = 0.0;
    for line in canvas.pack(WORDS, &facts(view, p), right - left) {
        end = canvas.text(left, cy + 26.0, &line, WORDS, Align::Left);
        cy += LINE;
    }
    let items: Vec<String> = p.items.iter().map(|item| format!("◆ {}", item_label(p, *item))).collect();
    for line in canvas.pack(WORDS, &items, right - left) {
        end = canvas.text(left, cy + 26.0, &line, WORDS, Align::Left);
        cy += LINE;
    }
    if !p.resolved.is_empty() {
        // After the last line when the cards fit there, else on a line of their own.
        let cards = p.resolved.len() as f32 * (ink::CARD.0 + 6.0);
        if end + 16.0 + cards <= right - left {
            resolved(canvas, p, left + end + 16.0, cy - LINE - 2.0);
            cy += 8.0;
        } else {
            resolved(canvas, p, left, cy + 2.0);
            cy += 50.0;
        }
    }
    cy - y + 8.0
}

/// The Resolved row (R20): face-up cards with their values, in a row from `x` (a round's
/// five at most, which fit any card).
fn resolved(canvas: &mut Canvas, p: &PlayerView, x: f32, top: f32) {
    let edge = ink::ink(p.colour).fill;
    for (i, card) in p.resolved.iter().enumerate() {
        card_face(canvas, x + i as f32 * (ink::CARD.0 + 6.0), top, ink::CARD, card.underling.value(), edge, false);
    }
}

/// Height of each row of cards, `columns` a row, laid out on a probe.
fn rows(canvas: &Canvas, view: &View, names: &[String], columns: usize) -> Vec<f32> {
    let Some(mut probe) = canvas.probe() else { return Vec::new() };
    let w = card_width(columns);
    view.players
        .chunks(columns)
        .map(|row| row.iter().map(|p| content(&mut probe, view, names, p, (0.0, 0.0, w))).fold(0.0, f32::max))
        .collect()
}

/// The players' cards, two a row, the acting player (or the winners) framed; returns the
/// height taken.
pub(super) fn cards(canvas: &mut Canvas, view: &View, names: &[String], top: f32) -> f32 {
    let columns = columns(canvas, view, names);
    let w = card_width(columns);
    let mut y = top;
    for (row, h) in view.players.chunks(columns).zip(rows(canvas, view, names, columns)) {
        for (i, p) in row.iter().enumerate() {
            let x = MARGIN + i as f32 * (w + GAP);
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
            content(canvas, view, names, p, (x, y, w));
        }
        y += h + GAP;
    }
    y - top - GAP
}

/// Why `line` ranks below `above`, when VP alone did not decide it (§6.4, R28, R29, R41).
fn tie_break(above: &FinalLine, line: &FinalLine, why: TieBreak, above_name: &str) -> Option<String> {
    Some(match why {
        TieBreak::Vp => return None,
        TieBreak::Resignation => "resigned: ranks below every player still in".to_string(),
        TieBreak::Sheriffs => {
            format!(
                "tied with {above_name} on {} VP; fewer sheriffs ({} to {})",
                line.vp, line.sheriffs, above.sheriffs
            )
        }
        TieBreak::Deputies => format!(
            "tied with {above_name} on VP and sheriffs; fewer deputies ({} to {})",
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

/// Where a player's VP came from, and their lawmen (the first tie-breaks, R28).
fn breakdown(line: &FinalLine) -> Vec<String> {
    let mut out = vec![
        format!("{} from items", line.item_vp),
        format!("{} from News", line.news_vp),
        format!("{} sheriff{}", line.sheriffs, if line.sheriffs == 1 { "" } else { "s" }),
        format!("{} deput{}", line.deputies, if line.deputies == 1 { "y" } else { "ies" }),
    ];
    if line.resigned {
        out.push("resigned".to_string());
    }
    out
}

/// The standings' content from `top`; returns its height.
fn standings_content(canvas: &mut Canvas, view: &View, names: &[String], top: f32) -> f32 {
    let x = MARGIN + PAD;
    let title = Style::new(Face::Bold, 28, theme::ACCENT);
    let tw = canvas.text(x, top + 40.0, "Final standings", title, Align::Left);
    let note = canvas.fit(MUTED, "items and News in hand added", W - MARGIN - PAD - x - tw - 16.0);
    canvas.text(x + tw + 16.0, top + 40.0, &note, MUTED, Align::Left);
    let winners = view.outcome.as_ref().map(|o| o.winners).unwrap_or_default();
    let (text_x, right) = (x + 150.0, W - MARGIN - PAD);
    let mut y = top + 58.0;
    for (i, (line, above)) in standing_lines(view).into_iter().enumerate() {
        let winner = winners.contains(line.seat);
        let colour = if winner { theme::ACCENT } else { theme::TEXT };
        let bold = Style::new(Face::Bold, 28, colour);
        let place = format!("{}{}", if winner { "★ " } else { "" }, ordinal(i as u8 + 1));
        canvas.text(x + 98.0, y + 30.0, &place, bold, Align::Right);
        if let Some(player) = view.players.get(line.seat.index()) {
            token(canvas, x + 124.0, y + 20.0, 30.0, player.colour);
        }
        let vp_w = canvas.text(right, y + 30.0, &format!("{} VP", line.vp), bold, Align::Right);
        let name_style = Style::new(Face::Bold, 28, theme::TEXT);
        let name = canvas.fit(name_style, &super::name_of(names, line.seat), right - text_x - vp_w - 16.0);
        canvas.text(text_x, y + 30.0, &name, name_style, Align::Left);
        y += 40.0;
        for detail in canvas.pack(MUTED, &breakdown(line), right - text_x) {
            canvas.text(text_x, y + 24.0, &detail, MUTED, Align::Left);
            y += LINE;
        }
        if let Some(reason) = above.and_then(|(a, why)| tie_break(a, line, why, &who(view, names, a.seat))) {
            let style = Style::new(Face::Regular, 26, theme::ACCENT);
            for part in canvas.wrap(style, &format!("↳ {reason}"), right - text_x, 3) {
                canvas.text(text_x, y + 24.0, &part, style, Align::Left);
                y += LINE;
            }
        }
        y += 8.0;
    }
    y - top + 4.0
}

/// Final standings (§6.4): place, player, VP and its sources, lawmen, and each tie-break;
/// returns the height taken.
pub(super) fn standings(canvas: &mut Canvas, view: &View, names: &[String], top: f32) -> f32 {
    let Some(height) = canvas.probe().map(|mut probe| standings_content(&mut probe, view, names, top)) else {
        return 0.0;
    };
    ink::panel(canvas, MARGIN, top, W - 2.0 * MARGIN, height, theme::PANEL_ON_TURN, (theme::ACCENT, 3.0));
    standings_content(canvas, view, names, top);
    height
}
