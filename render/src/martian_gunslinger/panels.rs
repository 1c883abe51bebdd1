//! One panel per player (§2.5, §8.8): colour and name, turn order, VP and VP ever gained,
//! the piece, home, hand size and whether an event card is held (never which), lost turns,
//! the last plotpoint attempted, token cards, the Mayor badge, face-up resources, a pending
//! Tycoon or Judge with the cards it designates, and the Locked cards.

use engines::martian_gunslinger::{EventView, PlayerView, TokenKind, View, event_title};
use engines::parts::cards::Card;

use super::cards::{self, CARD_GAP, CARD_H, CARD_W, CHIP, Chip, Mark};
use super::text::piece_text;
use super::{PAD, badge, panel};
use crate::canvas::{Align, Canvas, Face, Style};
use crate::{name_of, theme};

/// Height of the name row, of a line of facts and of a row of chips.
const NAME_ROW: f32 = 44.0;
const FACTS_ROW: f32 = 35.0;
const CHIP_ROW: f32 = 44.0;

/// Draws `player`'s card at `(x, top)`, `width` wide and at least `least` tall (a row of
/// cards shares one height); returns its bottom.
#[allow(clippy::too_many_arguments)]
pub(super) fn draw(
    canvas: &mut Canvas,
    view: &View,
    player: &PlayerView,
    names: &[String],
    (x, top): (f32, f32),
    width: f32,
    least: f32,
) -> f32 {
    let inner = width - 2.0 * PAD;
    let mut chips = chips(player);
    for chip in &mut chips {
        chip.fit(canvas, inner);
    }
    let chip_rows = flow(canvas, &chips, inner);
    let shown = table_cards(player);
    let per_row = cards::per_row(inner);
    let facts = Style::new(Face::Regular, 26, theme::TEXT);
    let lines = canvas.pack(facts, &facts_of(view, player), inner);
    let cards_h = cards::rows_height(shown.len(), per_row);
    let height =
        PAD + NAME_ROW + lines.len() as f32 * FACTS_ROW + chip_rows.len() as f32 * CHIP_ROW + 8.0 + cards_h + 12.0;
    let height = height.max(least);
    let on_turn = view.outcome.is_none() && view.active == Some(player.seat);
    let winner = view.outcome.as_ref().is_some_and(|o| o.winners.contains(player.seat));
    panel(canvas, x, top, width, height, on_turn || winner);
    let mut y = top + PAD;
    name_row(canvas, player, names, x, y, width, winner || on_turn);
    y += NAME_ROW;
    for line in &lines {
        canvas.text(x + PAD, y + 26.0, line, facts, Align::Left);
        y += FACTS_ROW;
    }
    for row in &chip_rows {
        let mut cx = x + PAD;
        for chip in row {
            chip.draw(canvas, cx, y + 32.0);
            cx += chip.width(canvas) + 8.0;
        }
        y += CHIP_ROW;
    }
    y += 8.0;
    for (i, (card, caption, mark)) in shown.iter().enumerate() {
        let cx = x + PAD + (i % per_row) as f32 * (CARD_W + CARD_GAP);
        let cy = y + (i / per_row) as f32 * (CARD_H + CARD_GAP);
        cards::card(canvas, cx, cy, *card, caption.as_deref(), *mark);
    }
    top + height
}

/// Badge and name; the VP on the right.
fn name_row(canvas: &mut Canvas, p: &PlayerView, names: &[String], x: f32, y: f32, width: f32, lit: bool) {
    badge(canvas, x + PAD, y, 34.0, p.colour);
    let vp_style = Style::new(Face::Bold, 34, if lit { theme::ACCENT } else { theme::TEXT });
    let right = x + width - PAD;
    let unit = Style::new(Face::Bold, 26, theme::MUTED);
    let unit_w = canvas.text(right, y + 30.0, "VP", unit, Align::Right);
    let vp_w = canvas.text(right - unit_w - 8.0, y + 30.0, &p.vp.to_string(), vp_style, Align::Right);
    let name_style = Style::new(Face::Bold, 28, if lit { theme::ACCENT } else { theme::TEXT });
    let room = right - unit_w - vp_w - 24.0 - (x + PAD + 46.0);
    let name = canvas.fit(name_style, &name_of(names, p.seat), room);
    canvas.text(x + PAD + 46.0, y + 29.0, &name, name_style, Align::Left);
}

/// Turn, office and state, then piece, home, hand size, event slot and VP ever gained, in
/// words.
fn facts_of(view: &View, p: &PlayerView) -> Vec<String> {
    let mut parts = Vec::new();
    let over = view.outcome.is_some();
    if over && view.outcome.as_ref().is_some_and(|o| o.winners.contains(p.seat)) {
        parts.push("★ winner".to_string());
    } else if !over && view.active == Some(p.seat) {
        parts.push("▶ on turn".to_string());
    }
    if !over && view.pending.contains(&p.seat) && view.active != Some(p.seat) {
        parts.push("deciding".to_string());
    }
    if view.mayor == Some(p.seat) {
        let ends = if view.mayor_counter == 1 {
            "1 slot end".to_string()
        } else {
            format!("{} slot ends", view.mayor_counter)
        };
        parts.push(format!("★ Mayor: wins in {ends} unless another player scores"));
    }
    if p.resigned {
        parts.push("resigned".to_string());
    }
    // The home is drawn on the board (its corner tinted in the player's colour).
    parts.push(piece_text(p));
    parts.push(format!("hand {}", p.hand_size));
    // A hidden event card is the usual case: only its absence or a pending event is said.
    match p.event {
        EventView::Empty => parts.push("no event card".to_string()),
        EventView::Hidden => {}
        EventView::Tycoon { .. } => parts.push("Tycoon pending".to_string()),
        EventView::Judge { .. } => parts.push("Judge pending".to_string()),
    }
    if let Some(plot) = p.last_attempt {
        parts.push(format!("last tried {plot}"));
    }
    // VP ever gained, when it is not just the VP shown (VP can be lost).
    if p.lifetime != p.vp {
        parts.push(format!("{} VP gained", p.lifetime));
    }
    parts
}

/// Lost turns, the last plotpoint attempted (R15) and the token cards with what they give.
fn chips(p: &PlayerView) -> Vec<Chip> {
    let mut chips = Vec::new();
    if p.lost_turns > 0 {
        let text = format!("loses {} turn{}", p.lost_turns, if p.lost_turns == 1 { "" } else { "s" });
        chips.push(Chip { card: None, text, tint: theme::POPPED });
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
