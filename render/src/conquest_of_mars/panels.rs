//! The panels under the grid: the final standings with every hand (§6), a seat's private
//! strip (its two cards and its sealed choice, §5), the attack in progress (§4.5: fighters,
//! who has answered, rolled lines), the common pool, and one panel per player.

use engines::conquest_of_mars::{AttackView, EndReason, FinalLine, Orient, OwnView, PlayerView, Side, View};
use engines::parts::cards::Card;
use engines::parts::pyramids::Size;

use super::{GAP, W, badge, dice, grid, panel, tagged};
use crate::canvas::{Align, Canvas, Face, Rgba, Style, rect};
use crate::martian_gunslinger::cards::{suit_colour, symbol};
use crate::theme::{self, MARGIN, PAD};
use crate::{name_of, ordinal};

/// Inner width of a full-width panel.
const INNER: f32 = W - 2.0 * MARGIN - 2.0 * PAD;
const CHIP_W: f32 = 62.0;
const CHIP_H: f32 = 36.0;
const CHIP_GAP: f32 = 6.0;
/// Card chips in one row of a panel.
const CHIPS_PER_ROW: usize = ((INNER + CHIP_GAP) / (CHIP_W + CHIP_GAP)) as usize;
/// A rolled die's room in a line, with its type under it.
const ROLLED_W: f32 = 50.0;
const ROLLED_PER_ROW: usize = (INNER / ROLLED_W) as usize;
const ROLLED_ROW: f32 = 74.0;

const FACE: Rgba = Rgba::hex(0xf4efe4);

/// A card as a chip: its code and suit symbol in the suit's colour; `best` outlines it in
/// the accent colour (one of the five cards of the best hand).
fn chip(canvas: &mut Canvas, x: f32, y: f32, card: Card, best: bool) {
    let Some(area) = rect(x, y, CHIP_W, CHIP_H) else { return };
    canvas.panel_area(area);
    let edge = if best { (theme::ACCENT, 3.0) } else { (Rgba::hex(0x9a8f7a), 1.0) };
    canvas.round_rect(area, 6.0, Some(FACE), Some(edge));
    let colour = suit_colour(card.suit);
    let text = format!("{}{}", card, symbol(card.suit));
    canvas.text(x + CHIP_W / 2.0, y + 25.0, &text, Style::new(Face::Bold, 17, colour), Align::Center);
}

/// Rows of chips for `count` cards.
fn chip_rows(count: usize) -> usize {
    count.div_ceil(CHIPS_PER_ROW).max(1)
}

/// Draws `cards` as chips from `(x, y)`, wrapping; returns the bottom.
fn chips(canvas: &mut Canvas, cards: &[Card], best: &[Card], x: f32, y: f32) -> f32 {
    for (i, card) in cards.iter().enumerate() {
        let (c, r) = (i % CHIPS_PER_ROW, i / CHIPS_PER_ROW);
        let cx = x + c as f32 * (CHIP_W + CHIP_GAP);
        let cy = y + r as f32 * (CHIP_H + CHIP_GAP);
        chip(canvas, cx, cy, *card, best.contains(card));
    }
    y + chip_rows(cards.len()) as f32 * (CHIP_H + CHIP_GAP) - CHIP_GAP
}

/// What a final line scored, in words (§6.3, R28).
fn hand_words(line: &FinalLine, reason: EndReason) -> String {
    match (&line.key, reason) {
        (None, _) => "resigned".to_string(),
        (Some(_), EndReason::LastStanding(_)) => "the last player left".to_string(),
        (Some(key), _) => match &key.hand {
            Some(hand) => format!("{hand} · {} cards", line.cards.len()),
            None => format!("fewer than five cards ({})", line.cards.len()),
        },
    }
}

/// The final standings: place, player, what the hand scored, and every card it held
/// (dealt and solely occupied), the best five outlined; then the cards set aside (R7).
pub(super) fn standings(canvas: &mut Canvas, view: &View, names: &[String], top: f32) -> f32 {
    let Some(result) = &view.result else { return top - GAP };
    let mut heights = Vec::new();
    for line in &result.lines {
        heights.push(40.0 + chip_rows(line.cards.len()) as f32 * (CHIP_H + CHIP_GAP) + 8.0);
    }
    let aside = view.aside.as_ref().filter(|a| !a.is_empty());
    let aside_h = if aside.is_some() { 40.0 + CHIP_H } else { 0.0 };
    let h = 48.0 + heights.iter().sum::<f32>() + aside_h + 10.0;
    panel(canvas, MARGIN, top, W - 2.0 * MARGIN, h, false);
    let x = MARGIN + PAD;
    canvas.text(x, top + 34.0, "Final standings", Style::new(Face::Bold, 24, theme::TEXT), Align::Left);
    let note = "best five outlined";
    canvas.text(W - MARGIN - PAD, top + 34.0, note, Style::new(Face::Regular, 18, theme::MUTED), Align::Right);
    let mut y = top + 48.0;
    for (line, height) in result.lines.iter().zip(&heights) {
        let winner = line.place == 1 && line.key.is_some();
        let colour = if winner { theme::ACCENT } else { theme::TEXT };
        let place = if winner { format!("★ {}", ordinal(line.place)) } else { ordinal(line.place) };
        canvas.text(x, y + 26.0, &place, Style::new(Face::Bold, 22, colour), Align::Left);
        if let Some(p) = super::player(view, line.seat) {
            badge(canvas, x + 84.0, y + 5.0, 28.0, p.colour);
        }
        let name_style = Style::new(Face::Bold, 22, colour);
        let name = canvas.fit(name_style, &name_of(names, line.seat), 220.0);
        let w = canvas.text(x + 122.0, y + 26.0, &name, name_style, Align::Left);
        let words = hand_words(line, result.reason);
        let style = Style::new(Face::Regular, 20, theme::TEXT);
        let words = canvas.fit(style, &words, INNER - 138.0 - w);
        canvas.text(x + 122.0 + w + 16.0, y + 26.0, &words, style, Align::Left);
        chips(canvas, &line.cards, &line.best, x, y + 38.0);
        y += height;
    }
    if let Some(aside) = aside {
        let style = Style::new(Face::Regular, 18, theme::MUTED);
        canvas.text(x, y + 24.0, "Set aside, never in play:", style, Align::Left);
        chips(canvas, aside, &[], x, y + 34.0);
    }
    top + h
}

/// The seat's own strip: its two dealt cards and its sealed choice, marked as seen by it
/// alone.
pub(super) fn private(canvas: &mut Canvas, view: &View, me: &OwnView, names: &[String], top: f32) -> f32 {
    let sealed = me.sealed.as_ref();
    let committed = !me.committed.is_empty();
    let sealed_h = if sealed.is_some() { 34.0 } else { 0.0 };
    let committed_h = if committed { 56.0 } else { 0.0 };
    let h = 58.0 + CHIP_H + sealed_h + committed_h + 14.0;
    if let Some(area) = rect(MARGIN, top, W - 2.0 * MARGIN, h) {
        canvas.panel_area(area);
        canvas.round_rect(area, 14.0, Some(Rgba::hex(0x1e2a24)), Some((Rgba::hex(0x5fd6ae), 2.0)));
    }
    let x = MARGIN + PAD;
    let title = format!("Only {} sees this", name_of(names, me.seat));
    canvas.text(x, top + 34.0, &title, Style::new(Face::Bold, 22, Rgba::hex(0x9ff0cf)), Align::Left);
    let label = if view.result.is_some() { "Your dealt cards" } else { "Your two secret cards" };
    canvas.text(W - MARGIN - PAD, top + 34.0, label, Style::new(Face::Regular, 18, theme::MUTED), Align::Right);
    let mut y = chips(canvas, &me.hand, &[], x, top + 48.0) + 10.0;
    if let Some(words) = sealed {
        let style = Style::new(Face::Regular, 20, theme::TEXT);
        let words = canvas.fit(style, words, INNER);
        canvas.text(x, y + 22.0, &words, style, Align::Left);
        y += 34.0;
    }
    if committed {
        let style = Style::new(Face::Regular, 18, theme::MUTED);
        let w = canvas.text(x, y + 34.0, "Chosen so far:", style, Align::Left);
        for (i, kind) in me.committed.iter().enumerate() {
            dice::die(canvas, *kind, x + w + 16.0 + dice::SIZE / 2.0 + i as f32 * 48.0, y + 28.0);
        }
    }
    top + h
}

/// Height of one fighter's entry.
fn fighter_height(line: usize) -> f32 {
    62.0 + if line == 0 { 0.0 } else { line.div_ceil(ROLLED_PER_ROW) as f32 * ROLLED_ROW }
}

/// The attack in progress: target and declarer, the join window's invitees (who has
/// answered, never how), and each fighter with its pyramids, its dice due, whether it has
/// committed, and its rolled line.
pub(super) fn attack(canvas: &mut Canvas, view: &View, names: &[String], top: f32) -> f32 {
    let Some(attack) = &view.attack else { return top - GAP };
    let invites = !attack.invited.is_empty();
    let body: f32 = attack.fighters.iter().map(|f| fighter_height(f.line.len())).sum();
    let h = 48.0 + if invites { 34.0 } else { 0.0 } + body + 8.0;
    panel(canvas, MARGIN, top, W - 2.0 * MARGIN, h, true);
    let x = MARGIN + PAD;
    let title = format!("⚔ Attack on {} by {}", attack.target, tagged(view, names, attack.declarer));
    let style = Style::new(Face::Bold, 24, theme::TEXT);
    let title = canvas.fit(style, &title, INNER - 200.0);
    canvas.text(x, top + 34.0, &title, style, Align::Left);
    let stage = stage_words(attack);
    canvas.text(W - MARGIN - PAD, top + 34.0, &stage, Style::new(Face::Regular, 18, theme::MUTED), Align::Right);
    let mut y = top + 48.0;
    if invites {
        let answers: Vec<String> = attack
            .invited
            .iter()
            .map(|s| {
                let done = if attack.answered.contains(s) { "answered" } else { "deciding" };
                format!("{} {done}", name_of(names, *s))
            })
            .collect();
        let line = format!("Invited to join (sealed): {}", answers.join(" · "));
        let style = Style::new(Face::Regular, 20, theme::TEXT);
        let line = canvas.fit(style, &line, INNER);
        canvas.text(x, y + 22.0, &line, style, Align::Left);
        y += 34.0;
    }
    for fighter in &attack.fighters {
        let colour = super::player(view, fighter.seat).map(|p| p.colour);
        if let Some(colour) = colour {
            badge(canvas, x, y + 6.0, 28.0, colour);
        }
        let side = match fighter.side {
            Side::Attacker => "attacker",
            Side::Defender => "defender",
        };
        let loser = attack.losers.first() == Some(&fighter.seat);
        let name_style = Style::new(Face::Bold, 22, if loser { theme::POPPED } else { theme::TEXT });
        let name = canvas.fit(name_style, &name_of(names, fighter.seat), 220.0);
        let w = canvas.text(x + 38.0, y + 28.0, &name, name_style, Align::Left);
        let ids: Vec<String> = fighter.involved.iter().map(ToString::to_string).collect();
        let pyramids = if ids.is_empty() { "no pyramids left".to_string() } else { ids.join(" ") };
        let facts = format!("{side} · {pyramids} · {}", super::pips(fighter.x));
        let style = Style::new(Face::Regular, 20, theme::TEXT);
        let facts = canvas.fit(style, &facts, INNER - 38.0 - w - 16.0 - 230.0);
        canvas.text(x + 38.0 + w + 16.0, y + 28.0, &facts, style, Align::Left);
        let state = fighter_state(attack, fighter.seat, fighter.due, fighter.committed, fighter.line.len());
        let state_colour = if loser { theme::POPPED } else { theme::MUTED };
        canvas.text(W - MARGIN - PAD, y + 28.0, &state, Style::new(Face::Regular, 18, state_colour), Align::Right);
        for (i, rolled) in fighter.line.iter().enumerate() {
            let (c, r) = (i % ROLLED_PER_ROW, i / ROLLED_PER_ROW);
            let cx = x + ROLLED_W / 2.0 + c as f32 * ROLLED_W;
            let cy = y + 62.0 + dice::SIZE / 2.0 + r as f32 * ROLLED_ROW;
            dice::rolled(canvas, *rolled, cx, cy);
        }
        y += fighter_height(fighter.line.len());
    }
    top + h
}

/// The attack's step and exchange count.
fn stage_words(attack: &AttackView) -> String {
    let stage = match attack.stage.as_str() {
        "join" => "join window",
        "commit" => "choosing dice",
        _ => "casualties",
    };
    match attack.exchanges {
        0 => stage.to_string(),
        1 => format!("{stage} · 1 exchange"),
        n => format!("{stage} · {n} exchanges"),
    }
}

/// Where one fighter stands: its dice due and whether it has chosen (never which), or its
/// line, or that it must remove a pyramid now.
fn fighter_state(attack: &AttackView, seat: engines::Seat, due: u8, committed: bool, line: usize) -> String {
    if attack.losers.first() == Some(&seat) {
        return "removes a pyramid now".to_string();
    }
    match attack.stage.as_str() {
        "commit" if due == 0 => "no dice to commit".to_string(),
        "commit" if committed => format!("{due} dice chosen ✔"),
        "commit" => format!("choosing {due} dice…"),
        "join" => format!("{due} dice due"),
        _ if line == 0 => "no dice left".to_string(),
        _ => format!("{line} dice in line"),
    }
}

/// The common pool.
pub(super) fn common(canvas: &mut Canvas, view: &View, top: f32) -> f32 {
    let h = 104.0;
    panel(canvas, MARGIN, top, W - 2.0 * MARGIN, h, false);
    let x = MARGIN + PAD;
    canvas.text(x, top + 34.0, "Common dice pool", Style::new(Face::Bold, 22, theme::TEXT), Align::Left);
    let mix = match view.dice_mix {
        engines::conquest_of_mars::DiceMix::Mixed => "mixed dice",
        engines::conquest_of_mars::DiceMix::D6Only => "d6 only: no trading",
    };
    let note = format!("{} dice · {mix}", view.common.len());
    canvas.text(W - MARGIN - PAD, top + 34.0, &note, Style::new(Face::Regular, 18, theme::MUTED), Align::Right);
    dice::pool(canvas, &view.common, x, top + 72.0);
    top + h
}

/// Room a reserve pyramid takes.
const RESERVE_PITCH: f32 = 30.0;

/// One player: colour, name, pyramids on the board, secret cards held, starting die; their
/// dice pool (public, R32) and their reserve. Highlighted while on turn.
pub(super) fn player(canvas: &mut Canvas, view: &View, p: &PlayerView, names: &[String], top: f32) -> f32 {
    let h = 112.0;
    let on = view.outcome.is_none() && view.current == Some(p.seat) && view.phase != "SetupDieChoice";
    panel(canvas, MARGIN, top, W - 2.0 * MARGIN, h, on);
    let x = MARGIN + PAD;
    badge(canvas, x, top + 12.0, 30.0, p.colour);
    let name_style = Style::new(Face::Bold, 24, if on { theme::ACCENT } else { theme::TEXT });
    let name = canvas.fit(name_style, &name_of(names, p.seat), 300.0);
    let w = canvas.text(x + 42.0, top + 36.0, &name, name_style, Align::Left);
    let mut facts = vec![p.colour.name().to_string()];
    if p.resigned {
        facts.push("resigned".to_string());
    }
    if on {
        facts.insert(0, "▶ on turn".to_string());
    }
    let style = Style::new(Face::Regular, 20, theme::MUTED);
    canvas.text(x + 42.0 + w + 14.0, top + 36.0, &facts.join(" · "), style, Align::Left);
    let mut right = vec![format!("on board {}/9", p.on_board)];
    if let Some(start) = p.start_die {
        right.push(format!("started {start}"));
    }
    if p.hand.is_none() {
        right.push("2 secret cards".to_string());
    }
    let style = Style::new(Face::Regular, 20, theme::TEXT);
    canvas.text(W - MARGIN - PAD, top + 36.0, &right.join(" · "), style, Align::Right);
    let pool_right = dice::pool(canvas, &p.dice, x, top + 80.0);
    reserve(canvas, p, pool_right, top + 80.0);
    top + h
}

/// The reserve, right-aligned, smallest first, upright; "reserve empty" when all nine are
/// out.
fn reserve(canvas: &mut Canvas, p: &PlayerView, pool_right: f32, cy: f32) {
    let right = W - MARGIN - PAD;
    if p.reserve.is_empty() {
        canvas.text(right, cy + 7.0, "reserve empty", Style::new(Face::Regular, 18, theme::MUTED), Align::Right);
        return;
    }
    let mut x = right - RESERVE_PITCH * p.reserve.len() as f32;
    let style = Style::new(Face::Regular, 18, theme::MUTED);
    let label_w = canvas.measure(style, "reserve");
    if x - label_w - 10.0 > pool_right {
        canvas.text(x - 10.0, cy + 7.0, "reserve", style, Align::Right);
    }
    for id in &p.reserve {
        let scale = if id.size == Size::Large { 0.74 } else { 0.8 };
        grid::pyramid(canvas, (x + RESERVE_PITCH / 2.0, cy), id.size, Orient::Up, id.colour, scale);
        x += RESERVE_PITCH;
    }
}
