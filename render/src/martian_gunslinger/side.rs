//! The column beside the board: whose turn and what is being decided (or the final
//! standings), the dice, the draw and discard piles with the top discard, and whatever is
//! under way (Mayor, a running event or contest, set-aside cards, bids).

use engines::martian_gunslinger::View;
use engines::parts::dice::Treehouse;

use super::cards::{self, CARD_H, CARD_W};
use super::text::{event_detail, path_text};
use super::{GAP, Line, PAD, in_setup, panel, player, stage_label, text_panel, wrapped};
use crate::canvas::{Align, Canvas, Face, Rgba, Style, rect};
use crate::{name_of, ordinal, theme};

/// Draws the column at `(x, top)`, `width` wide; returns its bottom.
pub(super) fn draw(canvas: &mut Canvas, view: &View, names: &[String], x: f32, top: f32, width: f32) -> f32 {
    let lines = turn_lines(canvas, view, names, width - 2.0 * PAD);
    let mut y = text_panel(canvas, x, top, width, &lines, view.outcome.is_some()) + GAP;
    if in_setup(view) {
        // Nothing is dealt before the placements are done (§3 step 7).
        let note = Style::new(Face::Regular, 18, theme::MUTED);
        let text = "After the placements everyone is dealt four cards and a face-down event card.";
        y = text_panel(canvas, x, y, width, &wrapped(canvas, text, note, width - 2.0 * PAD, 3), false) + GAP;
    } else {
        if view.outcome.is_none() {
            y = dice(canvas, view, x, y, width) + GAP;
        }
        y = piles(canvas, view, x, y, width) + GAP;
    }
    let lines = under_way(canvas, view, names, width - 2.0 * PAD);
    if !lines.is_empty() {
        y = text_panel(canvas, x, y, width, &lines, false) + GAP;
    }
    y - GAP
}

/// Whose turn, the step, what is asked and of whom; or the result and the standings.
fn turn_lines(canvas: &Canvas, view: &View, names: &[String], width: f32) -> Vec<Line> {
    let mut lines = Vec::new();
    if let Some(outcome) = &view.outcome {
        lines.push(Line::new("Game over", Face::Bold, 24, theme::ACCENT));
        let reason = Style::new(Face::Regular, 18, theme::MUTED);
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
            let mut line = Line::new(text, Face::Bold, 18, colour);
            if let Some(p) = player(view, standing.seat) {
                line = line.badged(p.colour);
            }
            lines.push(line);
        }
        return lines;
    }
    if let Some(p) = view.active.and_then(|seat| player(view, seat)) {
        let text = format!("{}'s turn", name_of(names, p.seat));
        lines.push(Line::new(text, Face::Bold, 22, theme::TEXT).badged(p.colour));
    }
    lines.push(Line::new(stage_label(view.stage), Face::Bold, 20, theme::ACCENT));
    let asked = Style::new(Face::Regular, 18, theme::MUTED);
    lines.extend(wrapped(canvas, &format!("Deciding: {}", view.asked), asked, width, 3));
    if !view.pending.is_empty() {
        let who: Vec<String> = view.pending.iter().map(|s| name_of(names, *s)).collect();
        let style = Style::new(Face::Regular, 18, theme::TEXT);
        lines.extend(wrapped(canvas, &format!("Waiting for {}", who.join(", ")), style, width, 2));
    }
    if let Some(moved) = &view.last_move {
        let text = format!("Last move: {}", path_text(moved, &name_of(names, moved.seat)));
        lines.extend(wrapped(canvas, &text, Style::new(Face::Regular, 18, theme::MUTED), width, 2));
    }
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
    let style = Style::new(Face::Regular, 18, theme::TEXT);
    let notes = super::wrap(canvas, style, &notes.join(" · "), width - 2.0 * PAD, 2);
    let height = if rolled { PAD + DIE + 12.0 + 28.0 * notes.len() as f32 + PAD - 8.0 } else { 64.0 };
    panel(canvas, x, top, width, height, false);
    if !rolled {
        let style = Style::new(Face::Regular, 18, theme::MUTED);
        canvas.text(x + PAD, top + 38.0, "Dice: not rolled this slot", style, Align::Left);
        return top + height;
    }
    d6(canvas, x + PAD, top + PAD, d.d6);
    treehouse(canvas, x + PAD + DIE + 12.0, top + PAD, d.face);
    let label = Style::new(Face::Bold, 20, theme::TEXT);
    let right = x + PAD + 2.0 * DIE + 28.0;
    canvas.text(right, top + PAD + 24.0, &format!("Moves {}", d.d6), label, Align::Left);
    let power = d.power.map_or_else(|| "No power".to_string(), |p| format!("Power {p}"));
    let power = canvas.fit(label, &power, x + width - PAD - right);
    canvas.text(right, top + PAD + 52.0, &power, label, Align::Left);
    let mut y = top + PAD + DIE + 30.0;
    for line in notes {
        canvas.text(x + PAD, y, &line, style, Align::Left);
        y += 28.0;
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
    canvas.text(x + DIE / 2.0, y + 29.0, name, Style::new(Face::Bold, 18, ink), Align::Center);
    canvas.text(x + DIE / 2.0, y + 50.0, &number, Style::new(Face::Bold, 16, ink), Align::Center);
}

/// The draw pile (a back with its count) and the discard pile (its top card and count).
fn piles(canvas: &mut Canvas, view: &View, x: f32, top: f32, width: f32) -> f32 {
    let height = PAD + CARD_H + 34.0 + PAD - 6.0;
    panel(canvas, x, top, width, height, false);
    let y = top + PAD;
    let back_w = 64.0;
    let label = Style::new(Face::Regular, 18, theme::TEXT);
    cards::back(canvas, x + PAD, y, back_w, &view.draw_pile.to_string());
    canvas.text(x + PAD, y + CARD_H + 26.0, &format!("Draw {}", view.draw_pile), label, Align::Left);
    let dx = x + PAD + back_w + 40.0;
    match view.discard_pile.last() {
        Some(top_card) => cards::card(canvas, dx, y, *top_card, None, cards::Mark::Plain),
        None => cards::empty(canvas, dx, y, CARD_W, "empty"),
    }
    let discard = format!("Discard {}", view.discard_pile.len());
    canvas.text(dx, y + CARD_H + 26.0, &discard, label, Align::Left);
    if view.discard_pile.last().is_some() {
        let note = Style::new(Face::Regular, 16, theme::MUTED);
        canvas.text(dx + CARD_W + 10.0, y + 22.0, "top", note, Align::Left);
    }
    top + height
}

/// The Mayor, a running event or contest, public set-aside and dug cards, sealed bids.
fn under_way(canvas: &Canvas, view: &View, names: &[String], width: f32) -> Vec<Line> {
    let mut lines = Vec::new();
    let body = Style::new(Face::Regular, 18, theme::TEXT);
    if let Some(mayor) = view.mayor.and_then(|seat| player(view, seat)) {
        lines.push(
            Line::new(format!("Mayor {}", name_of(names, mayor.seat)), Face::Bold, 20, theme::ACCENT)
                .badged(mayor.colour),
        );
        let counter = format!("wins after {} more slot ends unless another player scores", view.mayor_counter);
        lines.extend(wrapped(canvas, &counter, body, width, 2));
    }
    if let Some((card, params)) = &view.running_event {
        let title = engines::martian_gunslinger::event_title(card.rank);
        lines.push(Line::new(format!("{title} ({card})"), Face::Bold, 20, theme::ACCENT));
        let actor = view.active.map(|seat| name_of(names, seat)).unwrap_or_default();
        lines.extend(wrapped(canvas, &event_detail(params, &actor, names), body, width, 2));
    }
    // A contest with no event running is a piece attack (§4.6).
    if let ([initiator, other, ..], None) = (view.contest.as_slice(), &view.running_event) {
        let title = format!("Attack: {} vs {}", name_of(names, initiator.seat), name_of(names, other.seat));
        lines.extend(wrapped(canvas, &title, Style::new(Face::Bold, 20, theme::ACCENT), width, 2));
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
        lines.push(Line::new(format!("Dug from the discard pile: {card}"), Face::Regular, 18, theme::TEXT));
    }
    if view.stage == engines::martian_gunslinger::Stage::Bid {
        lines.push(Line::new("Sealed Mayor bids", Face::Bold, 18, theme::TEXT));
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
    let line = Line::new(text, Face::Regular, 18, theme::TEXT);
    match player(view, seat) {
        Some(p) => line.badged(p.colour),
        None => line,
    }
}
