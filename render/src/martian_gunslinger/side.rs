//! The column beside the board: whose turn and what is being decided (or the final
//! standings), the dice, the draw and discard piles with the top discard, and whatever is
//! under way (a running event or contest, set-aside cards, bids; the Mayor is on their card).

use engines::martian_gunslinger::View;
use engines::parts::dice::Treehouse;

use super::cards::{self, CARD_H, CARD_W};
use super::text::event_detail;
use super::{GAP, Line, PAD, in_setup, panel, player, text_panel, wrapped};
use crate::canvas::{Align, Canvas, Face, Rgba, Style, rect};
use crate::{name_of, ordinal, theme};

/// Draws the column at `(x, top)`, `width` wide; returns its bottom.
pub(super) fn draw(canvas: &mut Canvas, view: &View, names: &[String], x: f32, top: f32, width: f32) -> f32 {
    let lines = turn_lines(canvas, view, names, width - 2.0 * PAD);
    let mut y = text_panel(canvas, x, top, width, &lines, view.outcome.is_some()) + GAP;
    if in_setup(view) {
        // Nothing is dealt before the placements are done (§3 step 7).
        let note = Style::new(Face::Regular, 26, theme::MUTED);
        let text = "After the placements everyone is dealt four cards and a face-down event card.";
        y = text_panel(canvas, x, y, width, &wrapped(canvas, text, note, width - 2.0 * PAD, 3), false) + GAP;
    } else {
        if view.outcome.is_none() {
            y = dice(canvas, view, x, y, width) + GAP;
        }
        y = piles(canvas, view, x, y, width) + GAP;
    }
    y - GAP
}

/// The panel of what is under way (see [`under_way`]) at `(x, top)`, `width` wide; returns
/// its bottom, or `top - GAP` when nothing is under way.
pub(super) fn under_way_panel(canvas: &mut Canvas, view: &View, names: &[String], x: f32, top: f32, width: f32) -> f32 {
    let lines = under_way(canvas, view, names, width - 2.0 * PAD);
    if lines.is_empty() {
        return top - GAP;
    }
    text_panel(canvas, x, top, width, &lines, false)
}

/// Whose turn, the step, what is asked and of whom; or the result and the standings.
fn turn_lines(canvas: &Canvas, view: &View, names: &[String], width: f32) -> Vec<Line> {
    let mut lines = Vec::new();
    if let Some(outcome) = &view.outcome {
        lines.push(Line::new("Game over", Face::Bold, 28, theme::ACCENT));
        let reason = Style::new(Face::Regular, 26, theme::MUTED);
        lines.extend(wrapped(canvas, &outcome.reason, reason, width, 3));
        for standing in &outcome.standings {
            let winner = outcome.winners.contains(standing.seat);
            let text = format!(
                "{}{} {} · {} VP",
                if winner { "★ " } else { "" },
                ordinal(standing.place),
                name_of(names, standing.seat),
                standing.score
            );
            let colour = if winner { theme::ACCENT } else { theme::TEXT };
            let mut line = Line::new(text, Face::Bold, 26, colour);
            if let Some(p) = player(view, standing.seat) {
                line = line.badged(p.colour);
            }
            lines.push(line);
        }
        return lines;
    }
    // Whose turn and the step are in the header above.
    let asked = Style::new(Face::Regular, 26, theme::MUTED);
    lines.extend(wrapped(canvas, &format!("Deciding: {}", view.asked), asked, width, 3));
    if !view.pending.is_empty() {
        let who: Vec<String> = view.pending.iter().map(|s| name_of(names, *s)).collect();
        let style = Style::new(Face::Regular, 26, theme::TEXT);
        lines.extend(wrapped(canvas, &format!("Waiting for {}", who.join(", ")), style, width, 2));
    }
    // The last move is drawn on the board (its path), not repeated here.
    lines
}

const DIE: f32 = 60.0;

/// The table d6 (pips) and the Treehouse face, the power in effect and the movement left.
fn dice(canvas: &mut Canvas, view: &View, x: f32, top: f32, width: f32) -> f32 {
    let d = &view.dice;
    let rolled = d.d6 > 0;
    let mut notes = vec![format!("{} MP left", d.mp)];
    if d.face.is_some() && d.face != d.power {
        notes.push(format!("rolled {}", d.face.map_or("", |f| f.name())));
    }
    if d.aim_used {
        notes.push("Aim used".to_string());
    }
    if d.hop_used {
        notes.push("Hop used".to_string());
    }
    if d.cards_played > 0 {
        notes.push(format!("{} card{} played", d.cards_played, if d.cards_played == 1 { "" } else { "s" }));
    }
    let style = Style::new(Face::Regular, 26, theme::TEXT);
    let notes = super::wrap(canvas, style, &notes.join(" · "), width - 2.0 * PAD, 2);
    let height = if rolled { PAD + DIE + 12.0 + 36.0 * notes.len() as f32 + PAD - 8.0 } else { 72.0 };
    panel(canvas, x, top, width, height, false);
    if !rolled {
        let style = Style::new(Face::Regular, 26, theme::MUTED);
        canvas.text(x + PAD, top + 45.0, "Dice not rolled yet", style, Align::Left);
        return top + height;
    }
    d6(canvas, x + PAD, top + PAD, d.d6);
    treehouse(canvas, x + PAD + DIE + 12.0, top + PAD, d.face);
    let label = Style::new(Face::Bold, 26, theme::TEXT);
    let right = x + PAD + 2.0 * DIE + 28.0;
    canvas.text(right, top + PAD + 26.0, &format!("Moves {}", d.d6), label, Align::Left);
    let power = d.power.map_or_else(|| "No power".to_string(), |p| format!("Power {p}"));
    let power = canvas.fit(label, &power, x + width - PAD - right);
    canvas.text(right, top + PAD + 58.0, &power, label, Align::Left);
    let mut y = top + PAD + DIE + 36.0;
    for line in notes {
        canvas.text(x + PAD, y, &line, style, Align::Left);
        y += 36.0;
    }
    top + height
}

fn die_face(canvas: &mut Canvas, x: f32, y: f32, fill: Rgba) {
    if let Some(area) = rect(x, y, DIE, DIE) {
        canvas.round_rect(area, 10.0, Some(fill), Some((Rgba::hex(0x0b0d11), 2.0)));
    }
}

/// A white d6 showing `pips`.
fn d6(canvas: &mut Canvas, x: f32, y: f32, pips: u8) {
    die_face(canvas, x, y, Rgba::hex(0xf7f7f2));
    let (cx, cy, o) = (x + DIE / 2.0, y + DIE / 2.0, 15.0);
    let spots: &[(f32, f32)] = match pips {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[(-1.0, -1.0), (1.0, -1.0), (0.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
        _ => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 0.0), (1.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
    };
    for (dx, dy) in spots {
        canvas.circle(cx + dx * o, cy + dy * o, 6.0, Some(Rgba::hex(0x16181d)), None);
    }
}

/// The Treehouse die: its face's name and number.
fn treehouse(canvas: &mut Canvas, x: f32, y: f32, face: Option<Treehouse>) {
    die_face(canvas, x, y, Rgba::hex(0x8fd3c7));
    let ink = Rgba::hex(0x0f1a1d);
    let (name, number) = face.map_or(("—", String::new()), |f| (f.name(), f.number().to_string()));
    canvas.text(x + DIE / 2.0, y + 29.0, name, Style::new(Face::Bold, 18, ink).aid(), Align::Center);
    canvas.text(x + DIE / 2.0, y + 50.0, &number, Style::new(Face::Bold, 18, ink).aid(), Align::Center);
}

/// The draw pile (a back with its count) and the discard pile (its top card and count).
fn piles(canvas: &mut Canvas, view: &View, x: f32, top: f32, width: f32) -> f32 {
    let height = PAD + CARD_H + 40.0 + PAD - 6.0;
    panel(canvas, x, top, width, height, false);
    let y = top + PAD;
    let back_w = 64.0;
    let label = Style::new(Face::Regular, 26, theme::TEXT);
    cards::back(canvas, x + PAD, y, back_w, &view.draw_pile.to_string());
    canvas.text(x + PAD, y + CARD_H + 32.0, &format!("Draw {}", view.draw_pile), label, Align::Left);
    // Room for "Draw 45" under the back.
    let dx = x + PAD + back_w.max(canvas.measure(label, &format!("Draw {}", view.draw_pile))) + 20.0;
    match view.discard_pile.last() {
        Some(top_card) => cards::card(canvas, dx, y, *top_card, None, cards::Mark::Plain),
        None => cards::empty(canvas, dx, y, CARD_W, "empty"),
    }
    let discard = format!("Discard {}", view.discard_pile.len());
    canvas.text(dx, y + CARD_H + 32.0, &discard, label, Align::Left);
    if view.discard_pile.last().is_some() {
        let note = Style::new(Face::Regular, 18, theme::MUTED).aid();
        canvas.text(dx + CARD_W + 10.0, y + 22.0, "top", note, Align::Left);
    }
    top + height
}

/// A running event or contest, public set-aside and dug cards, sealed bids.
fn under_way(canvas: &Canvas, view: &View, names: &[String], width: f32) -> Vec<Line> {
    let mut lines = Vec::new();
    let body = Style::new(Face::Regular, 26, theme::TEXT);
    // The Mayor is told on the Mayor's own card.
    if let Some((card, params)) = &view.running_event {
        let title = engines::martian_gunslinger::event_title(card.rank);
        lines.push(Line::new(format!("{title} ({card})"), Face::Bold, 28, theme::ACCENT));
        let actor = view.active.map(|seat| name_of(names, seat)).unwrap_or_default();
        lines.extend(wrapped(canvas, &event_detail(params, &actor, names), body, width, 2));
    }
    // A contest with no event running is a piece attack (§4.6).
    if let ([initiator, other, ..], None) = (view.contest.as_slice(), &view.running_event) {
        let title = format!("Attack: {} vs {}", name_of(names, initiator.seat), name_of(names, other.seat));
        lines.extend(wrapped(canvas, &title, Style::new(Face::Bold, 28, theme::ACCENT), width, 2));
    }
    for side in &view.contest {
        let name = name_of(names, side.seat);
        let text = if side.done {
            format!("{name}: {} cards ✔", side.cards)
        } else {
            format!("{name}: {} cards, may swap {}", side.cards, side.cap)
        };
        lines.push(seat_line(view, side.seat, text));
    }
    if !view.set_aside.is_empty() {
        let codes: Vec<String> = view.set_aside.iter().map(ToString::to_string).collect();
        lines.extend(wrapped(canvas, &format!("Set aside: {}", codes.join(" ")), body, width, 2));
    }
    if let Some(card) = view.dug {
        lines.push(Line::new(format!("Dug from the discard pile: {card}"), Face::Regular, 26, theme::TEXT));
    }
    if view.stage == engines::martian_gunslinger::Stage::Bid {
        lines.push(Line::new("Sealed Mayor bids", Face::Bold, 26, theme::TEXT));
        for p in view.players.iter().filter(|p| !p.resigned) {
            let state = if view.bids_in.contains(&p.seat) { "✔ bid in" } else { "… deciding" };
            lines.push(seat_line(view, p.seat, format!("{} {state}", name_of(names, p.seat))));
        }
    }
    if let Some((seat, due)) = view.payer {
        let text = format!("{} pays {due} more for the Mayor's office", name_of(names, seat));
        lines.extend(wrapped(canvas, &text, body, width, 2));
    }
    lines
}

/// A line led by `seat`'s colour badge.
fn seat_line(view: &View, seat: engines::Seat, text: String) -> Line {
    let line = Line::new(text, Face::Regular, 26, theme::TEXT);
    match player(view, seat) {
        Some(p) => line.badged(p.colour),
        None => line,
    }
}
