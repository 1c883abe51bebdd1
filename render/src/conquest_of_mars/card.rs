//! One card per player, two side by side: colour and name, what they have on the board and
//! their starting die, their dice (public, R32) and reserve; while an attack is fought, their
//! part in it (side, pips, whether they have chosen — never what —, their rolled line); and in
//! a seat's own view, its two secret cards and its sealed choice (§5), on its own card.

use engines::conquest_of_mars::{AttackView, FighterView, Orient, PlayerView, Side, View};
use engines::parts::pyramids::Size;

use super::panels::{CHIP_H, chips};
use super::{GAP, W, badge, dice, grid, panel};
use crate::canvas::{Align, Canvas, Face, Rgba, Style};
use crate::name_of;
use crate::theme::{self, MARGIN, PAD};

/// Cards side by side.
const COLUMNS: usize = 2;
/// A card's width.
const CARD_W: f32 = (W - 2.0 * MARGIN - GAP * (COLUMNS as f32 - 1.0)) / COLUMNS as f32;
/// Inside a card.
const INNER: f32 = CARD_W - 2.0 * PAD;
/// A line of text at 26 px.
const LINE: f32 = 35.0;
/// A rolled die's room in a line, and a row of them with their types under.
const ROLLED_W: f32 = 56.0;
const ROLLED_ROW: f32 = 78.0;

fn regular(colour: Rgba) -> Style {
    Style::new(Face::Regular, 26, colour)
}

/// The players' cards in rows of two from `top`, in `order`; returns the bottom.
pub(super) fn cards(canvas: &mut Canvas, view: &View, names: &[String], order: &[&PlayerView], top: f32) -> f32 {
    let mut y = top;
    for row in order.chunks(COLUMNS) {
        let bottoms =
            row.iter().map(|p| canvas.probe().map_or(y, |mut probe| body(&mut probe, view, p, names, 0.0, y)));
        let h = bottoms.fold(y, f32::max) - y + 10.0;
        for (i, p) in row.iter().enumerate() {
            let x = MARGIN + i as f32 * (CARD_W + GAP);
            panel(canvas, x, y, CARD_W, h, on_turn(view, p));
            body(canvas, view, p, names, x + PAD, y);
        }
        y += h + GAP;
    }
    y - GAP
}

fn on_turn(view: &View, p: &PlayerView) -> bool {
    view.outcome.is_none() && view.current == Some(p.seat) && view.phase != "SetupDieChoice"
}

/// A card's content from its inner left edge `x`; returns the bottom.
fn body(canvas: &mut Canvas, view: &View, p: &PlayerView, names: &[String], x: f32, top: f32) -> f32 {
    let on = on_turn(view, p);
    badge(canvas, x, top + 14.0, 32.0, p.colour);
    let style = Style::new(Face::Bold, 28, if on { theme::ACCENT } else { theme::TEXT });
    // §6.4: the best hand of the face-up cards it alone occupies, while the game runs, at
    // the right of the name row (up to a little over half the card).
    let room = INNER * 0.58;
    let shows = view.best_visible(p.seat).filter(|_| view.result.is_none()).map(|best| {
        let long = format!("shows {best}");
        if canvas.measure(regular(theme::ACCENT), &long) <= room { long } else { best.to_string() }
    });
    let shows_w = shows.as_ref().map_or(0.0, |s| canvas.measure(regular(theme::ACCENT), s).min(room));
    let name = canvas.fit(style, &name_of(names, p.seat), INNER - 44.0 - shows_w - 12.0);
    canvas.text(x + 44.0, top + 40.0, &name, style, Align::Left);
    if let Some(shows) = shows {
        let shows = canvas.fit(regular(theme::ACCENT), &shows, shows_w);
        canvas.text(x + INNER, top + 40.0, &shows, regular(theme::ACCENT), Align::Right);
    }
    let mut facts = Vec::new();
    if on {
        facts.push("▶ on turn".to_string());
    }
    if p.resigned {
        facts.push("resigned".to_string());
    }
    facts.push(format!("{} on board", p.on_board));
    if let Some(start) = p.start_die {
        facts.push(format!("started {start}"));
    }
    let mut y = lines(canvas, &facts, x, top + 54.0, theme::MUTED);
    y = dice::pool_wrapped(canvas, &p.dice, x, y, INNER);
    y = reserve(canvas, p, x, y + 4.0);
    if let Some(attack) = &view.attack {
        y = fight(canvas, attack, p.seat, x, y);
    }
    if let Some(me) = view.you.as_ref().filter(|me| me.seat == p.seat && view.result.is_none()) {
        let w = canvas.text(x, y + 32.0, "Your cards:", regular(theme::TEXT), Align::Left) + 12.0;
        y = chips(canvas, &me.hand, &[], x + w, y + 4.0, INNER - w) + 8.0;
        if let Some(sealed) = &me.sealed {
            y = lines(canvas, std::slice::from_ref(sealed), x, y, theme::TEXT);
        }
        if !me.committed.is_empty() {
            let w = canvas.text(x, y + 32.0, "Chosen so far:", regular(theme::MUTED), Align::Left);
            for (i, kind) in me.committed.iter().enumerate() {
                dice::die(canvas, *kind, x + w + 14.0 + dice::SIZE / 2.0 + i as f32 * 46.0, y + 24.0);
            }
            y += CHIP_H + 10.0;
        }
    }
    y
}

/// `phrases` packed into 26 px lines from `top`; returns the bottom.
fn lines(canvas: &mut Canvas, phrases: &[String], x: f32, top: f32, colour: Rgba) -> f32 {
    let style = regular(colour);
    let mut y = top;
    for line in canvas.pack(style, phrases, INNER) {
        canvas.text(x, y + 26.0, &line, style, Align::Left);
        y += LINE;
    }
    y
}

/// The reserve after its label: one upright pyramid of each size left, with its pips, and
/// how many of that size there are ("×3"); "reserve empty" when all nine are out. Returns
/// the bottom.
fn reserve(canvas: &mut Canvas, p: &PlayerView, x: f32, top: f32) -> f32 {
    let Some(first) = p.reserve.first() else {
        return lines(canvas, &["reserve empty".to_string()], x, top, theme::MUTED);
    };
    let mut cx = x + canvas.text(x, top + 28.0, "reserve", regular(theme::MUTED), Align::Left) + 14.0;
    let count_style = Style::new(Face::Bold, 26, theme::TEXT);
    for size in [Size::Small, Size::Medium, Size::Large] {
        let count = p.reserve.iter().filter(|id| id.size == size).count();
        if count == 0 {
            continue;
        }
        let side = grid::upright_side(size);
        grid::pyramid(canvas, (cx + side / 2.0, top + 19.0), size, Orient::Up, first.colour, 1.0);
        cx += side + 4.0;
        cx += canvas.text(cx, top + 28.0, &format!("×{count}"), count_style, Align::Left) + 16.0;
    }
    top + 38.0
}

/// This player's part in the attack: invited (answered or deciding, never how), or a
/// fighter's side, pyramids, pips, step and rolled line. Returns the bottom.
fn fight(canvas: &mut Canvas, attack: &AttackView, seat: engines::Seat, x: f32, top: f32) -> f32 {
    let Some(fighter) = attack.fighters.iter().find(|f| f.seat == seat) else {
        if !attack.invited.contains(&seat) {
            return top;
        }
        let done = if attack.answered.contains(&seat) { "answered" } else { "deciding" };
        return lines(canvas, &[format!("⚔ invited to join · {done}")], x, top, theme::ACCENT);
    };
    let loser = attack.losers.first() == Some(&seat);
    let colour = if loser { theme::POPPED } else { theme::ACCENT };
    let side = match fighter.side {
        Side::Attacker => "⚔ attacks",
        Side::Defender => "⚔ defends",
    };
    let pyramids = match fighter.involved.len() {
        0 => "no pyramids left".to_string(),
        1 => "1 pyramid".to_string(),
        n => format!("{n} pyramids"),
    };
    let phrases = [side.to_string(), pyramids, super::pips(fighter.x), state(attack, fighter, loser)];
    let mut y = lines(canvas, &phrases, x, top, colour);
    let per_row = (INNER / ROLLED_W).floor().max(1.0) as usize;
    for (i, rolled) in fighter.line.iter().enumerate() {
        let (c, r) = (i % per_row, i / per_row);
        let cx = x + ROLLED_W / 2.0 + c as f32 * ROLLED_W;
        let cy = y + 4.0 + dice::ROLLED_SIZE / 2.0 + r as f32 * ROLLED_ROW;
        dice::rolled(canvas, *rolled, cx, cy);
    }
    y += fighter.line.len().div_ceil(per_row) as f32 * ROLLED_ROW;
    y
}

/// Where one fighter stands: its dice due and whether it has chosen (never which), or its
/// line, or that it must remove a pyramid now.
fn state(attack: &AttackView, fighter: &FighterView, loser: bool) -> String {
    if loser {
        return "removes a pyramid now".to_string();
    }
    let due = fighter.due;
    match attack.stage.as_str() {
        "commit" if due == 0 => "no dice to choose".to_string(),
        "commit" if fighter.committed => format!("{} chosen ✔", dice_count(due.into())),
        "commit" => format!("choosing {}…", dice_count(due.into())),
        "join" => format!("{} due", dice_count(due.into())),
        _ if fighter.line.is_empty() => "no dice left".to_string(),
        _ => format!("{} rolled", dice_count(fighter.line.len())),
    }
}

/// `1 die`, `3 dice`.
fn dice_count(n: usize) -> String {
    if n == 1 { "1 die".to_string() } else { format!("{n} dice") }
}
