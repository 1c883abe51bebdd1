//! One panel per player (§2.5, §8.8): colour and name, turn order, VP and VP ever gained,
//! the piece, home, hand size and whether an event card is held (never which), lost turns,
//! the last plotpoint attempted, token cards, the Mayor badge, face-up resources, a pending
//! Tycoon or Judge with the cards it designates, and the Locked cards.

use engines::martian_gunslinger::{EventView, PlayerView, TokenKind, View, event_title};
use engines::parts::cards::Card;

use super::cards::{self, CARD_GAP, CARD_H, CARD_W, CHIP, Chip, Mark};
use super::text::piece_text;
use super::{MARGIN, PAD, W, badge, panel};
use crate::canvas::{Align, Canvas, Face, Style};
use crate::{name_of, theme};

/// Height of the name row and of the facts row.
const NAME_ROW: f32 = 44.0;
const FACTS_ROW: f32 = 30.0;
const CHIP_ROW: f32 = 36.0;

/// Draws `player`'s panel at `top`; returns its bottom.
pub(super) fn draw(canvas: &mut Canvas, view: &View, player: &PlayerView, names: &[String], top: f32) -> f32 {
    let (x, width) = (MARGIN, W - 2.0 * MARGIN);
    let inner = width - 2.0 * PAD;
    let chips = chips(player);
    let chip_rows = flow(canvas, &chips, inner);
    let shown = table_cards(player);
    let per_row = cards::per_row(inner);
    let cards_h = if shown.is_empty() { 26.0 } else { cards::rows_height(shown.len(), per_row) };
    let height = PAD + NAME_ROW + FACTS_ROW + chip_rows.len() as f32 * CHIP_ROW + 10.0 + cards_h + PAD;
    let on_turn = view.outcome.is_none() && view.active == Some(player.seat);
    let winner = view.outcome.as_ref().is_some_and(|o| o.winners.contains(player.seat));
    panel(canvas, x, top, width, height, on_turn || winner);
    let mut y = top + PAD;
    name_row(canvas, view, player, names, x, y, winner);
    y += NAME_ROW;
    let facts = Style::new(Face::Regular, 18, theme::TEXT);
    let line = canvas.fit(facts, &facts_line(view, player), inner - 140.0);
    canvas.text(x + PAD, y + 20.0, &line, facts, Align::Left);
    let gained = format!("{} gained", player.lifetime);
    canvas.text(x + width - PAD, y + 20.0, &gained, Style::new(Face::Regular, 18, theme::MUTED), Align::Right);
    y += FACTS_ROW;
    for row in &chip_rows {
        let mut cx = x + PAD;
        for chip in row {
            chip.draw(canvas, cx, y + 24.0);
            cx += chip.width(canvas) + 8.0;
        }
        y += CHIP_ROW;
    }
    y += 10.0;
    if shown.is_empty() {
        let style = Style::new(Face::Regular, 18, theme::MUTED);
        canvas.text(x + PAD, y + 18.0, "No face-up resources", style, Align::Left);
    }
    for (i, (card, caption, mark)) in shown.iter().enumerate() {
        let cx = x + PAD + (i % per_row) as f32 * (CARD_W + CARD_GAP);
        let cy = y + (i / per_row) as f32 * (CARD_H + CARD_GAP);
        cards::card(canvas, cx, cy, *card, caption.as_deref(), *mark);
    }
    top + height
}

/// Badge, name, turn-order tag and state tags; the VP on the right.
fn name_row(canvas: &mut Canvas, view: &View, p: &PlayerView, names: &[String], x: f32, y: f32, winner: bool) {
    badge(canvas, x + PAD, y, 34.0, p.colour);
    let vp_style = Style::new(Face::Bold, 34, if winner { theme::ACCENT } else { theme::TEXT });
    let right = x + W - 2.0 * MARGIN - PAD;
    let vp_w = canvas.text(right - 44.0, y + 30.0, &p.vp.to_string(), vp_style, Align::Right);
    canvas.text(right, y + 30.0, "VP", Style::new(Face::Bold, 20, theme::MUTED), Align::Right);
    let mut tags: Vec<(String, Style)> = vec![(format!("P{}", p.order), Style::new(Face::Bold, 18, theme::MUTED))];
    let accent = Style::new(Face::Bold, 18, theme::ACCENT);
    if winner {
        tags.push(("★ winner".to_string(), accent));
    } else if view.outcome.is_none() && view.active == Some(p.seat) {
        tags.push(("▶ on turn".to_string(), accent));
    }
    if view.outcome.is_none() && view.pending.contains(&p.seat) && view.active != Some(p.seat) {
        tags.push(("deciding".to_string(), accent));
    }
    if view.mayor == Some(p.seat) {
        tags.push((format!("★ Mayor · {} to win", view.mayor_counter), accent));
    }
    if p.resigned {
        tags.push(("resigned".to_string(), Style::new(Face::Bold, 18, theme::POPPED)));
    }
    let name_style = Style::new(Face::Bold, 26, if winner { theme::ACCENT } else { theme::TEXT });
    let tags_w: f32 = tags.iter().map(|(t, s)| canvas.measure(*s, t) + 14.0).sum();
    let room = right - 44.0 - vp_w - 24.0 - (x + PAD + 48.0);
    let name = canvas.fit(name_style, &name_of(names, p.seat), (room - tags_w).max(room * 0.4));
    let mut tx = x + PAD + 48.0;
    tx += canvas.text(tx, y + 27.0, &name, name_style, Align::Left) + 14.0;
    for (tag, style) in tags {
        let tag = canvas.fit(style, &tag, (right - 44.0 - vp_w - 16.0 - tx).max(0.0));
        tx += canvas.text(tx, y + 26.0, &tag, style, Align::Left) + 14.0;
    }
}

/// Piece, home, hand size and event slot, in words.
fn facts_line(view: &View, p: &PlayerView) -> String {
    let _ = view;
    let mut parts = vec![piece_text(p)];
    if let Some(home) = p.home {
        parts.push(format!("home {home}"));
    }
    parts.push(format!("hand {}", p.hand_size));
    parts.push(
        match p.event {
            EventView::Empty => "no event card",
            EventView::Hidden => "event card held",
            EventView::Tycoon { .. } => "Tycoon pending",
            EventView::Judge { .. } => "Judge pending",
        }
        .to_string(),
    );
    parts.join(" · ")
}

/// Lost turns, the last plotpoint attempted (R15) and the token cards with what they give.
fn chips(p: &PlayerView) -> Vec<Chip> {
    let mut chips = Vec::new();
    if p.lost_turns > 0 {
        let text = format!("loses {} turn{}", p.lost_turns, if p.lost_turns == 1 { "" } else { "s" });
        chips.push(Chip { card: None, text, tint: theme::POPPED });
    }
    if let Some(plot) = p.last_attempt {
        chips.push(Chip { card: None, text: format!("last attempt {plot}"), tint: theme::MUTED });
    }
    // A pending event names the cards it designates (§4.9): the Tycoon's are Locked below,
    // the Judge's are outlined among the resources.
    let pending = match &p.event {
        EventView::Tycoon { card, designated } => Some((card, designated.as_slice())),
        EventView::Judge { card, designated } => Some((card, designated.as_slice())),
        EventView::Empty | EventView::Hidden => None,
    };
    if let Some((card, designated)) = pending {
        let codes: Vec<String> = designated.iter().map(ToString::to_string).collect();
        let text = format!("{} on {}", event_title(card.rank), codes.join(" "));
        chips.push(Chip { card: Some(*card), text, tint: theme::ACCENT });
    }
    for token in &p.tokens {
        let text = match token.kind {
            TokenKind::Draw => "+1 draw",
            TokenKind::Discard => "+1 exchange",
            TokenKind::Reroll => "re-roll",
        };
        chips.push(Chip { card: Some(token.card), text: text.to_string(), tint: CHIP });
    }
    chips
}

/// Splits `chips` into rows no wider than `width`.
fn flow<'a>(canvas: &Canvas, chips: &'a [Chip], width: f32) -> Vec<Vec<&'a Chip>> {
    let mut rows: Vec<Vec<&Chip>> = Vec::new();
    let mut used = f32::INFINITY;
    for chip in chips {
        let w = chip.width(canvas);
        if used + 8.0 + w > width {
            rows.push(Vec::new());
            used = -8.0;
        }
        used += 8.0 + w;
        if let Some(row) = rows.last_mut() {
            row.push(chip);
        }
    }
    rows
}

/// The cards on the table in front of the player: face-up resources (those a pending Judge
/// designates outlined), a pending event card titled with its event, then the Locked cards.
fn table_cards(p: &PlayerView) -> Vec<(Card, Option<String>, Mark)> {
    let designated: Vec<Card> = match p.event {
        EventView::Judge { designated, .. } => designated.to_vec(),
        _ => Vec::new(),
    };
    let mut shown: Vec<(Card, Option<String>, Mark)> =
        p.resources.iter().map(|c| (*c, None, if designated.contains(c) { Mark::Gold } else { Mark::Plain })).collect();
    match &p.event {
        // A Tycoon's designated cards are the Locked ones; a Judge's are outlined above.
        EventView::Tycoon { card, .. } | EventView::Judge { card, .. } => {
            shown.push((*card, Some(event_title(card.rank).to_string()), Mark::Gold));
        }
        EventView::Empty | EventView::Hidden => {}
    }
    shown.extend(p.locked.iter().map(|c| (*c, None, Mark::Locked)));
    shown
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canvas::Rgba;

    #[test]
    fn chips_flow_onto_new_rows_when_full() {
        let canvas = Canvas::new(4, 4, theme::BACKGROUND).expect("canvas");
        let chip = |text: &str| Chip { card: None, text: text.to_string(), tint: Rgba::hex(0xffffff) };
        let chips: Vec<Chip> = (0..12).map(|i| chip(&format!("token number {i}"))).collect();
        let rows = flow(&canvas, &chips, 600.0);
        assert!(rows.len() > 1);
        assert_eq!(rows.iter().map(Vec::len).sum::<usize>(), 12);
        for row in &rows {
            let width: f32 = row.iter().map(|c| c.width(&canvas) + 8.0).sum::<f32>() - 8.0;
            assert!(width <= 600.0 || row.len() == 1, "{width}");
        }
        assert!(flow(&canvas, &[], 600.0).is_empty());
    }
}
