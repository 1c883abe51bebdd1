//! The private strip of a seat's own view (§5, §8.3): the hand (cards chosen for an 8/9
//! refill ticked), the hidden event card with its event, the contest hand (cards chosen for
//! the sealed exchange ticked), a dug card not yet placed, and the sealed Mayor bid. Drawn
//! only when the view holds such secrets, so a seat's picture without them is the public one.

use engines::martian_gunslinger::{OwnView, View, event_title};
use engines::parts::cards::Card;

use super::cards::{self, CARD_GAP, CARD_H, CARD_W, Mark};
use super::{MARGIN, PAD, W, badge, player};
use crate::canvas::{Align, Canvas, Face, Style, rect};
use crate::{name_of, theme};

/// Whether `me` holds anything to show.
pub(super) fn has_secrets(me: &OwnView) -> bool {
    !me.hand.is_empty() || me.event.is_some() || !me.contest_hand.is_empty() || me.dug.is_some() || me.bid.is_some()
}

/// A labelled group of cards.
struct Group {
    label: String,
    cards: Vec<(Card, Option<&'static str>, Mark)>,
}

impl Group {
    fn columns(&self, per_row: usize) -> usize {
        self.cards.len().clamp(1, per_row)
    }

    fn width(&self, per_row: usize) -> f32 {
        self.columns(per_row) as f32 * (CARD_W + CARD_GAP) - CARD_GAP
    }

    fn height(&self, per_row: usize) -> f32 {
        LABEL + cards::rows_height(self.cards.len().max(1), per_row)
    }
}

const TITLE: f32 = 40.0;
const LABEL: f32 = 30.0;
const GROUP_GAP: f32 = 28.0;

fn groups(me: &OwnView) -> Vec<Group> {
    let mut groups = Vec::new();
    if !me.hand.is_empty() {
        let cards = me
            .hand
            .iter()
            .map(|c| (*c, None, if me.refill.contains(c) { Mark::Chosen } else { Mark::Plain }))
            .collect();
        let mut label = format!("Your hand ({})", me.hand.len());
        if !me.refill.is_empty() {
            label.push_str(" · ✔ to discard");
        }
        groups.push(Group { label, cards });
    }
    if let Some(card) = me.event {
        groups.push(Group {
            label: "Event card".to_string(),
            cards: vec![(card, Some(event_title(card.rank)), Mark::Plain)],
        });
    }
    if !me.contest_hand.is_empty() {
        let cards = me
            .contest_hand
            .iter()
            .map(|c| (*c, None, if me.exchange.contains(c) { Mark::Chosen } else { Mark::Plain }))
            .collect();
        let mut label = format!("Contest hand ({})", me.contest_hand.len());
        if !me.exchange.is_empty() {
            label.push_str(" · ✔ to exchange");
        }
        groups.push(Group { label, cards });
    }
    if let Some(card) = me.dug {
        groups.push(Group { label: "Dug card".to_string(), cards: vec![(card, None, Mark::Gold)] });
    }
    groups
}

/// Groups placed left to right, wrapping: each row's groups and its height.
fn rows(groups: &[Group], width: f32, per_row: usize) -> Vec<(Vec<(usize, f32)>, f32)> {
    let mut rows: Vec<(Vec<(usize, f32)>, f32)> = Vec::new();
    let mut used = f32::INFINITY;
    for (i, group) in groups.iter().enumerate() {
        let w = group.width(per_row);
        if used + GROUP_GAP + w > width {
            rows.push((Vec::new(), 0.0));
            used = -GROUP_GAP;
        }
        let x = used + GROUP_GAP;
        used = x + w;
        if let Some((row, height)) = rows.last_mut() {
            row.push((i, x));
            *height = height.max(group.height(per_row));
        }
    }
    rows
}

/// Draws the strip at `top` if the view holds secrets; returns its bottom (`top - GAP` when
/// there is nothing, so the caller's spacing is unchanged).
pub(super) fn draw(canvas: &mut Canvas, view: &View, me: &OwnView, names: &[String], top: f32) -> f32 {
    if !has_secrets(me) {
        return top - super::GAP;
    }
    let (x, width) = (MARGIN, W - 2.0 * MARGIN);
    let inner = width - 2.0 * PAD;
    let per_row = cards::per_row(inner);
    let groups = groups(me);
    let rows = rows(&groups, inner, per_row);
    let body: f32 = rows.iter().map(|(_, h)| h + 12.0).sum();
    let bid_line = if me.bid.is_some() { 30.0 } else { 0.0 };
    let height = PAD + TITLE + bid_line + body + PAD - 12.0;
    if let Some(area) = rect(x, top, width, height) {
        canvas.panel_area(area);
        canvas.round_rect(area, 14.0, Some(theme::PANEL), Some((theme::ACCENT, 2.0)));
    }
    let mut y = top + PAD;
    let colour = player(view, me.seat).map(|p| p.colour);
    let mut tx = x + PAD;
    if let Some(colour) = colour {
        badge(canvas, tx, y, 30.0, colour);
        tx += 42.0;
    }
    let title = format!("{}'s private cards · only you can see this", name_of(names, me.seat));
    let style = Style::new(Face::Bold, 22, theme::ACCENT);
    let title = canvas.fit(style, &title, x + width - PAD - tx);
    canvas.text(tx, y + 23.0, &title, style, Align::Left);
    y += TITLE;
    if let Some(bid) = &me.bid {
        let amount = bid.trim_start_matches("bid").trim();
        let text = format!("Your sealed Mayor bid: {amount}");
        canvas.text(x + PAD, y + 20.0, &text, Style::new(Face::Bold, 20, theme::TEXT), Align::Left);
        y += bid_line;
    }
    for (row, height) in &rows {
        for (i, gx) in row {
            draw_group(canvas, &groups[*i], x + PAD + gx, y, per_row);
        }
        y += height + 12.0;
    }
    top + height
}

fn draw_group(canvas: &mut Canvas, group: &Group, x: f32, y: f32, per_row: usize) {
    let style = Style::new(Face::Bold, 18, theme::TEXT);
    let label = canvas.fit(style, &group.label, group.width(per_row).max(CARD_W * 2.0));
    canvas.text(x, y + 19.0, &label, style, Align::Left);
    for (i, (card, caption, mark)) in group.cards.iter().enumerate() {
        let cx = x + (i % per_row) as f32 * (CARD_W + CARD_GAP);
        let cy = y + LABEL + (i / per_row) as f32 * (CARD_H + CARD_GAP);
        cards::card(canvas, cx, cy, *card, *caption, *mark);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engines::Seat;

    fn me(hand: &[&str], event: Option<&str>) -> OwnView {
        OwnView {
            seat: Seat(0),
            hand: hand.iter().map(|c| c.parse().expect("card")).collect(),
            event: event.map(|c| c.parse().expect("card")),
            contest_hand: Vec::new(),
            exchange: Vec::new(),
            dug: None,
            bid: None,
            refill: Vec::new(),
        }
    }

    #[test]
    fn small_groups_share_a_row_and_large_ones_wrap() {
        let per_row = cards::per_row(876.0);
        let small = groups(&me(&["2C", "7H", "9S"], Some("QD")));
        let placed = rows(&small, 876.0, per_row);
        assert_eq!(placed.len(), 1, "hand and event card side by side");
        let big = groups(&me(&["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C"], Some("QD")));
        let placed = rows(&big, 876.0, per_row);
        assert_eq!(placed.len(), 2);
        assert_eq!(placed[0].1, LABEL + 2.0 * CARD_H + CARD_GAP, "nine cards take two rows");
        assert!(!has_secrets(&me(&[], None)));
        assert!(has_secrets(&me(&[], Some("QD"))));
    }
}
