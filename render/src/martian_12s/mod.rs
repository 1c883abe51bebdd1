//! The Martian 12s board (rules §8), laid out for a phone: the header (round, pot, stake,
//! who is on turn and what they decide), the bag by size and by value, or the final
//! standings at the top once the match is over, then one card per player in two or three
//! columns: name and score, status (and whether they lead the round), wallet and rounds won,
//! and the stack in pull order.
//!
//! Dark theme, 960 px wide, text a player needs at 26 px or more (11 px on a phone showing
//! the picture 400 px wide); every colour also carried by a digit, a symbol or a word.

mod text;

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

use engines::martian_12s::{LastMove, Palette, PlayerView, Pyramid, RoundResult, Status, View};
use engines::parts::pyramids::Size;
use tiny_skia::{Pixmap, Rect};

use crate::canvas::{Align, Canvas, Face, Rgba, Style, rect};
use crate::theme::{self, MARGIN, PAD, WIDTH};
use crate::{RenderError, name_of, ordinal};

pub(crate) use self::text::board_text;

const W: f32 = WIDTH as f32;
const GAP: f32 = 12.0;
/// Padding inside a player's card.
const CARD_PAD: f32 = 14.0;
/// Space between pyramids in a stack.
const PYRAMID_GAP: f32 = 6.0;
/// Height of one line of pyramids, the tallest one included.
const STACK_LINE: f32 = 82.0;
/// One line of 26 px text.
const LINE: f32 = 36.0;
const HEADER: f32 = 150.0;
const BAG_PANEL: f32 = 150.0;
/// The smallest text a player needs: 26 px at 960 wide is 11 px on a phone 400 px wide.
const BODY: u16 = 26;

/// How a pyramid of one value is inked in one palette.
#[derive(Clone, Copy, Debug)]
struct Ink {
    fill: Rgba,
    outline: Rgba,
    digit: Rgba,
}

const fn ink(fill: Rgba, outline: u32, digit: u32) -> Ink {
    Ink { fill, outline: Rgba::hex(outline), digit: Rgba::hex(digit) }
}

/// Fill, outline and digit colours of a value. Dark fills get a light outline and a white
/// digit; light fills a dark digit, so the digit always stands out (§2.1 colours).
fn ink_of(palette: Palette, value: u8) -> Ink {
    match (palette, value) {
        (Palette::Rainbow, 0) => ink(Rgba::hex(0x050505), 0xdcdcdc, 0xffffff),
        (Palette::Rainbow, 1) => ink(Rgba::hex(0xd93a2f), 0xff9a90, 0xffffff),
        (Palette::Rainbow, 2) => ink(Rgba::hex(0xf5cf3a), 0xfff0b0, 0x111111),
        (Palette::Rainbow, 3) => ink(Rgba::hex(0x35a852), 0x9be3ad, 0x0b0b0b),
        (Palette::Rainbow, _) => ink(Rgba::hex(0x2d6be0), 0x9dbcff, 0xffffff),
        (Palette::Xeno, 0) => ink(Rgba::hex(0xf4f4f4), 0x8d96a3, 0x111111),
        (Palette::Xeno, 1) => ink(Rgba::hex(0xc8e6ff).with_alpha(72), 0xd8ecff, 0xffffff),
        (Palette::Xeno, 2) => ink(Rgba::hex(0xf58a2a), 0xffc48f, 0x111111),
        (Palette::Xeno, 3) => ink(Rgba::hex(0x35c9dc), 0xa8eef7, 0x0b0b0b),
        (Palette::Xeno, _) => ink(Rgba::hex(0x8e44c9), 0xd2a8f2, 0xffffff),
    }
}

/// Width, height and digit size of a pyramid: sizes told apart by width, height and digit.
const fn dims(size: Size) -> (f32, f32, u16) {
    match size {
        Size::Small => (44.0, 52.0, 26),
        Size::Medium => (54.0, 64.0, 28),
        Size::Large => (64.0, 76.0, 30),
    }
}

/// Columns of player cards: two up to four players, three above.
const fn columns(players: usize) -> usize {
    if players <= 4 { 2 } else { 3 }
}

/// Width of a player's card.
fn card_width(players: usize) -> f32 {
    let n = columns(players) as f32;
    (W - 2.0 * MARGIN - (n - 1.0) * GAP) / n
}

/// Splits a stack into lines of pyramids no wider than `width`, in pull order.
fn stack_lines(stack: &[Pyramid], width: f32) -> Vec<&[Pyramid]> {
    let mut lines = Vec::new();
    let (mut start, mut used) = (0, 0.0);
    for (i, pyramid) in stack.iter().enumerate() {
        let w = dims(pyramid.size).0;
        if i > start && used + PYRAMID_GAP + w > width {
            lines.push(&stack[start..i]);
            (start, used) = (i, w);
        } else {
            used += if i > start { PYRAMID_GAP + w } else { w };
        }
    }
    if start < stack.len() {
        lines.push(&stack[start..]);
    }
    lines
}

/// The round to show stacks of: the previous one while nobody has pulled in the new round
/// (or once the match ended with empty stacks), so its result stays visible after a move
/// that ended it.
fn previous(view: &View) -> Option<&RoundResult> {
    let fresh = view.players.iter().all(|p| p.stack.is_empty());
    view.previous_round.as_ref().filter(|r| fresh && r.players.len() == view.players.len())
}

/// The stack shown in a player's card, and whether it is the previous round's.
fn shown_stack<'a>(view: &'a View, player: &'a PlayerView) -> (&'a [Pyramid], Option<&'a RoundResult>) {
    match previous(view) {
        Some(round) => (&round.players[player.seat.index()].stack, Some(round)),
        None => (&player.stack, None),
    }
}

/// Height of a player's card: three lines of text over its stack.
fn card_height(view: &View, player: &PlayerView) -> f32 {
    let inner = card_width(view.players.len()) - 2.0 * CARD_PAD;
    let lines = stack_lines(shown_stack(view, player).0, inner).len().max(1) as f32;
    CARD_PAD + 3.0 * LINE + 8.0 + lines * STACK_LINE + CARD_PAD - 6.0
}

/// Each row of cards: its players and its height.
fn card_rows(view: &View) -> Vec<(Vec<&PlayerView>, f32)> {
    view.players
        .chunks(columns(view.players.len()))
        .map(|row| (row.iter().collect(), row.iter().map(|p| card_height(view, p)).fold(0.0, f32::max)))
        .collect()
}

/// Lines of the standings panel: one column up to five players, two above.
const fn standing_rows(players: usize) -> usize {
    if players <= 5 { players } else { players.div_ceil(2) }
}

fn standings_height(view: &View) -> f32 {
    view.outcome
        .as_ref()
        .map_or(0.0, |outcome| 2.0 * LINE + 24.0 + standing_rows(outcome.standings.len()) as f32 * LINE)
}

/// The picture's height for `view`.
fn height(view: &View) -> f32 {
    let rows: f32 = card_rows(view).iter().map(|(_, h)| h + GAP).sum();
    let top = if view.outcome.is_some() { standings_height(view) } else { BAG_PANEL };
    HEADER + top + GAP + rows - GAP + MARGIN
}

/// Draws the board of `view`: the header, then the final standings (once the match is over)
/// or the bag, then the players' cards in two or three columns.
/// Painted at `scale` pixels per layout unit (see [`crate::PictureSize`]).
///
/// # Errors
/// As [`Canvas::new`] and [`Canvas::finish`].
pub fn board_png(view: &View, names: &[String], scale: f32) -> Result<crate::Drawing, RenderError> {
    let height = height(view).ceil() as u32;
    let mut canvas = Canvas::at_scale(WIDTH, height, theme::BACKGROUND, scale)?;
    header(&mut canvas, view, names);
    let mut y = HEADER;
    if view.outcome.is_some() {
        // Once the match is over the standings take the place of the bag, which no one
        // will pull from again.
        standings(&mut canvas, view, names, y);
        y += standings_height(view) + GAP;
    } else {
        bag(&mut canvas, view, y);
        y += BAG_PANEL + GAP;
    }
    let width = card_width(view.players.len());
    for (row, h) in card_rows(view) {
        for (i, player) in row.into_iter().enumerate() {
            let x = MARGIN + i as f32 * (width + GAP);
            player_card(&mut canvas, view, player, &name_of(names, player.seat), (x, y, width, h));
        }
        y += h + GAP;
    }
    canvas.finish()
}

fn panel(canvas: &mut Canvas, area: Option<Rect>, fill: Rgba, edge: Rgba, edge_width: f32) {
    if let Some(area) = area {
        canvas.panel_area(area);
        canvas.round_rect(area, 14.0, Some(fill), Some((edge, edge_width)));
    }
}

/// What the header's third line says: who is on turn and what they decide, the round just
/// ended, or who won.
fn turn_line(view: &View, names: &[String]) -> (String, Rgba) {
    if let Some(outcome) = &view.outcome {
        return (winners_line(outcome, names), theme::ACCENT);
    }
    match (view.current, previous(view)) {
        (Some(seat), Some(round)) => {
            (format!("Round {} over · ▶ {} pulls first", round.round, name_of(names, seat)), theme::ACCENT)
        }
        (Some(seat), None) => (format!("▶ {}: pull or pass", name_of(names, seat)), theme::ACCENT),
        (None, _) => ("Match over".to_string(), theme::TEXT),
    }
}

/// Title and round; the pot and stake; who is on turn (or who won).
fn header(canvas: &mut Canvas, view: &View, names: &[String]) {
    let (left, right) = (MARGIN, W - MARGIN);
    canvas.text(left, 46.0, "Martian 12s", Style::new(Face::Bold, 34, theme::TEXT), Align::Left);
    let round = format!("Round {} of {}", view.round, view.last_round);
    canvas.text(right, 46.0, &round, Style::new(Face::Bold, 30, theme::TEXT), Align::Right);
    let mut stake = format!("Stake {} a pull", view.stake);
    if view.match_mode == engines::martian_12s::MatchMode::UntilBroke {
        stake.push_str(" · until broke");
    }
    if view.outcome.is_some() && view.house.0 > 0 {
        stake = format!("House kept {}", view.house);
    }
    let muted = Style::new(Face::Regular, BODY, theme::MUTED);
    let stake_w = canvas.text(right, 92.0, &stake, muted, Align::Right);
    if view.outcome.is_none() {
        let pot = Style::new(Face::Bold, 32, theme::ACCENT);
        let x = left + canvas.text(left, 92.0, &format!("Pot {}", view.pot), pot, Align::Left);
        if view.carried_in.0 > 0 {
            let carried =
                canvas.fit(muted, &format!("  incl. {} carried in", view.carried_in), right - stake_w - x - 16.0);
            canvas.text(x, 92.0, &carried, muted, Align::Left);
        }
    }
    let (line, colour) = turn_line(view, names);
    let style = Style::new(Face::Bold, 28, colour);
    let line = canvas.fit(style, &line, W - 2.0 * MARGIN);
    canvas.text(left, 134.0, &line, style, Align::Left);
}

/// "★ Winner: Cy", "★ Winners: Ada and Cy", or "No winner" when everyone resigned (§4.7).
fn winners_line(outcome: &engines::Outcome, names: &[String]) -> String {
    let winners: Vec<String> = outcome.winners.iter().map(|seat| name_of(names, seat)).collect();
    match winners.as_slice() {
        [] => "No winner".to_string(),
        [one] => format!("★ Winner: {one}"),
        [rest @ .., last] => format!("★ Winners: {} and {last}", rest.join(", ")),
    }
}

/// What is left in the bag (R25): the count by size, then each value's pyramid with how
/// many of it are left of each size.
fn bag(canvas: &mut Canvas, view: &View, top: f32) {
    panel(canvas, rect(MARGIN, top, W - 2.0 * MARGIN, BAG_PANEL), theme::PANEL, theme::PANEL_EDGE, 1.0);
    let x = MARGIN + PAD;
    let total: u32 = view.bag.iter().map(|n| u32::from(*n)).sum();
    let bold = Style::new(Face::Bold, BODY, theme::TEXT);
    let w = canvas.text(x, top + 40.0, &format!("Bag: {total} left"), bold, Align::Left);
    let sizes = format!("small {} · medium {} · large {}", view.bag[0], view.bag[1], view.bag[2]);
    let body = Style::new(Face::Regular, BODY, theme::TEXT);
    let sizes = canvas.fit(body, &sizes, W - 2.0 * MARGIN - 2.0 * PAD - w - 24.0);
    canvas.text(W - MARGIN - PAD, top + 40.0, &sizes, body, Align::Right);
    let cell = (W - 2.0 * MARGIN - 2.0 * PAD) / 5.0;
    for (value, counts) in view.bag_by_value.iter().enumerate() {
        let cx = (x + value as f32 * cell).round();
        pyramid(canvas, cx, top + 132.0, Size::Small, value as u8, view.palette);
        let left: u8 = counts.iter().sum();
        canvas.text(cx + 52.0, top + 96.0, &format!("×{left}"), bold, Align::Left);
        let split = format!("{}·{}·{}", counts[0], counts[1], counts[2]);
        let split_style = Style::new(Face::Regular, BODY, theme::MUTED);
        let split = canvas.fit(split_style, &split, cell - 58.0);
        canvas.text(cx + 52.0, top + 130.0, &split, split_style, Align::Left);
    }
}

/// Room around a pyramid sprite for its outline and anti-aliasing.
const SPRITE_PAD: f32 = 3.0;

/// Pyramids already drawn, by palette (Xeno or not), value, size and the picture's scale
/// (its bits): a board stamps the same few dozen over and over.
static SPRITES: LazyLock<Mutex<Sprites>> = LazyLock::new(Mutex::default);

/// Pyramid sprites keyed by (Xeno palette, value, size, scale's bits).
type Sprites = HashMap<(bool, u8, Size, u32), Arc<Pixmap>>;

/// One pyramid standing on `base` with its left corner at `x`; returns its width.
fn pyramid(canvas: &mut Canvas, x: f32, base: f32, size: Size, value: u8, palette: Palette) -> f32 {
    let (w, h, _) = dims(size);
    match pyramid_sprite(palette, value, size, canvas.scale()) {
        Some(sprite) => canvas.stamp(&sprite, x - SPRITE_PAD, base - h - SPRITE_PAD),
        None => draw_pyramid(canvas, x, base, size, value, ink_of(palette, value)),
    }
    w
}

fn pyramid_sprite(palette: Palette, value: u8, size: Size, scale: f32) -> Option<Arc<Pixmap>> {
    let key = (palette == Palette::Xeno, value, size, scale.to_bits());
    let mut sprites = SPRITES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(sprite) = sprites.get(&key) {
        return Some(Arc::clone(sprite));
    }
    let (w, h, _) = dims(size);
    let side = |length: f32| (length + 2.0 * SPRITE_PAD) as u32;
    let mut canvas = Canvas::at_scale(side(w), side(h), Rgba::hex(0).with_alpha(0), scale).ok()?;
    draw_pyramid(&mut canvas, SPRITE_PAD, SPRITE_PAD + h, size, value, ink_of(palette, value));
    let sprite = Arc::new(canvas.into_pixmap());
    sprites.insert(key, Arc::clone(&sprite));
    Some(sprite)
}

/// A triangle in the value's colour, its right face shaded, the value written on it.
fn draw_pyramid(canvas: &mut Canvas, x: f32, base: f32, size: Size, value: u8, ink: Ink) {
    let (w, h, digit) = dims(size);
    let apex = (x + w / 2.0, base - h);
    let corners = [apex, (x + w, base), (x, base)];
    canvas.polygon(&corners, Some(ink.fill), None);
    canvas.polygon(&[apex, (x + w, base), (x + w / 2.0, base)], Some(Rgba::hex(0).with_alpha(46)), None);
    if ink.fill.a < 255 {
        // A see-through (Clear) pyramid: a glint along its left face.
        let glint = [(apex.0 - 2.0, apex.1 + 10.0), (x + 7.0, base - 5.0), (x + 10.0, base - 5.0)];
        canvas.polygon(&glint, Some(Rgba::hex(0xffffff).with_alpha(150)), None);
    }
    canvas.polygon(&corners, None, Some((ink.outline, 2.0)));
    let style = Style::new(Face::Bold, digit, ink.digit);
    canvas.text(x + w / 2.0, base - h * 0.1, &value.to_string(), style, Align::Center);
}

/// Final standings (§4.7), at the top once the match is over: place, name and what each
/// player ended with.
fn standings(canvas: &mut Canvas, view: &View, names: &[String], top: f32) {
    let Some(outcome) = &view.outcome else { return };
    let height = standings_height(view);
    panel(canvas, rect(MARGIN, top, W - 2.0 * MARGIN, height), theme::PANEL_ON_TURN, theme::ACCENT, 3.0);
    let x = MARGIN + PAD;
    let title = Style::new(Face::Bold, 28, theme::ACCENT);
    canvas.text(x, top + 42.0, "Final standings", title, Align::Left);
    let muted = Style::new(Face::Regular, BODY, theme::MUTED);
    let reason = canvas.fit(muted, &outcome.reason, W - 2.0 * MARGIN - 2.0 * PAD);
    canvas.text(x, top + 42.0 + LINE, &reason, muted, Align::Left);
    let rows = standing_rows(outcome.standings.len());
    let column = (W - 2.0 * MARGIN - 2.0 * PAD) / if rows < outcome.standings.len() { 2.0 } else { 1.0 };
    for (i, standing) in outcome.standings.iter().enumerate() {
        let cx = x + (i / rows) as f32 * column;
        let y = top + 42.0 + 2.0 * LINE + (i % rows) as f32 * LINE;
        let winner = outcome.winners.contains(standing.seat);
        let place = format!("{}{}", if winner { "★ " } else { "" }, ordinal(standing.place));
        let colour = if winner { theme::ACCENT } else { theme::TEXT };
        canvas.text(cx + 76.0, y, &place, Style::new(Face::Bold, BODY, colour), Align::Right);
        let name_style = Style::new(Face::Bold, BODY, theme::TEXT);
        let name = canvas.fit(name_style, &name_of(names, standing.seat), column * 0.4);
        let nw = canvas.text(cx + 88.0, y, &name, name_style, Align::Left);
        let detail = canvas.fit(muted, &standing.detail, column - nw - 112.0);
        canvas.text(cx + 88.0 + nw + 12.0, y, &detail, muted, Align::Left);
    }
}

/// The highest score among the players still in the round (not popped, not sitting out):
/// they lead it.
fn leading_score(view: &View) -> Option<u8> {
    let standing = view.players.iter().filter(|p| matches!(p.status, Status::Active | Status::Passed));
    standing.filter(|p| !p.stack.is_empty()).map(|p| p.score).max()
}

/// What a player's status line says, and in which colour.
fn status_line(view: &View, player: &PlayerView) -> (String, Rgba, Face) {
    let (text, colour, face) = match player.status {
        _ if view.current == Some(player.seat) => ("▶ On turn", theme::ACCENT, Face::Bold),
        // R24: a resigned player is out of this round (Popped) and sits out the rest.
        _ if player.resigned && view.last_move == Some(LastMove::Resigned(player.seat)) => {
            ("⚑ Just resigned", theme::TEXT, Face::Bold)
        }
        _ if player.resigned => ("⚑ Resigned", theme::MUTED, Face::Regular),
        Status::Active => ("● Active", theme::ACTIVE, Face::Regular),
        // The last move a pass: said on the card that made it.
        Status::Passed if view.last_move == Some(LastMove::Passed(player.seat)) => {
            ("✔ Just passed", theme::PASSED, Face::Bold)
        }
        Status::Passed => ("✔ Passed", theme::PASSED, Face::Regular),
        Status::Popped => ("✖ Popped", theme::POPPED, Face::Regular),
        Status::SittingOut => ("◌ Sits out", theme::MUTED, Face::Regular),
    };
    let mut text = text.to_string();
    let in_round = matches!(player.status, Status::Active | Status::Passed) && !player.stack.is_empty();
    if view.outcome.is_none() && in_round && leading_score(view) == Some(player.score) {
        text.push_str(" · leads");
    }
    (text, colour, face)
}

/// One player's card: name and score, status and pulls, wallet and rounds won, then the
/// stack in pull order (before the first pull of a round, the previous round's stack under
/// its result).
fn player_card(
    canvas: &mut Canvas,
    view: &View,
    player: &PlayerView,
    name: &str,
    (x, top, w, h): (f32, f32, f32, f32),
) {
    let on_turn = view.current == Some(player.seat);
    let winner = view.outcome.as_ref().is_some_and(|o| o.winners.contains(player.seat));
    if on_turn || winner {
        panel(canvas, rect(x, top, w, h), theme::PANEL_ON_TURN, theme::ACCENT, 3.0);
    } else {
        panel(canvas, rect(x, top, w, h), theme::PANEL, theme::PANEL_EDGE, 1.0);
    }
    let (left, right) = (x + CARD_PAD, x + w - CARD_PAD);
    let (stack, previous) = shown_stack(view, player);
    // Before the first pull of a round the card shows the round just ended, its score too.
    let (score, popped) = match previous {
        Some(round) => {
            let line = &round.players[player.seat.index()];
            (line.score.to_string(), line.status == Some(Status::Popped))
        }
        None => (score_text(player), player.status == Status::Popped),
    };
    let score_style = Style::new(Face::Bold, 34, if popped { theme::POPPED } else { theme::TEXT });
    let score_w = canvas.text(right, top + 44.0, &score, score_style, Align::Right);
    let name_style = Style::new(Face::Bold, BODY, if winner { theme::ACCENT } else { theme::TEXT });
    let name = if winner { format!("★ {name}") } else { name.to_string() };
    let name = canvas.fit(name_style, &name, w - 2.0 * CARD_PAD - score_w - 12.0);
    canvas.text(left, top + 40.0, &name, name_style, Align::Left);
    let (status, colour, face) = status_line(view, player);
    let (status, colour) = match previous {
        Some(round) => round_result(round, player.seat),
        None => (status, colour),
    };
    let style = Style::new(face, BODY, colour);
    let status = canvas.fit(style, &status, w - 2.0 * CARD_PAD);
    canvas.text(left, top + 40.0 + LINE, &status, style, Align::Left);
    let wallet = Style::new(Face::Bold, BODY, theme::TEXT);
    let ww = canvas.text(left, top + 40.0 + 2.0 * LINE, &player.wallet.to_string(), wallet, Align::Left);
    let won = format!(" · {} won", player.rounds_won);
    let muted = Style::new(Face::Regular, BODY, theme::MUTED);
    let won = canvas.fit(muted, &won, w - 2.0 * CARD_PAD - ww);
    canvas.text(left + ww, top + 40.0 + 2.0 * LINE, &won, muted, Align::Left);
    let stack_top = top + CARD_PAD + 3.0 * LINE + 8.0;
    if stack.is_empty() {
        let note = match player.status {
            _ if previous.is_some() => "",
            _ if player.resigned => "left the match",
            Status::SittingOut => "sits out this round",
            Status::Passed => "passed at once",
            _ => "no pulls yet",
        };
        canvas.text(left, stack_top + 46.0, note, muted, Align::Left);
        return;
    }
    let lines = stack_lines(stack, w - 2.0 * CARD_PAD);
    for (line, pyramids) in lines.iter().enumerate() {
        let base = stack_top + (line as f32 + 1.0) * STACK_LINE - 4.0;
        let mut px = left;
        for (i, p) in pyramids.iter().enumerate() {
            if line + 1 == lines.len()
                && i + 1 == pyramids.len()
                && view.last_move == Some(LastMove::Pulled(player.seat))
            {
                just_pulled(canvas, px, base, p.size);
            }
            px += pyramid(canvas, px, base, p.size, p.value, view.palette) + PYRAMID_GAP;
        }
    }
}

/// The pyramid the last move pulled (§4.4): a bright halo round it, apart from its own
/// outline by a gap of background, under the pyramid.
fn just_pulled(canvas: &mut Canvas, x: f32, base: f32, size: Size) {
    let (w, h, _) = dims(size);
    let (cx, apex) = (x + w / 2.0, base - h);
    let halo = [(cx, apex - 5.0), (x + w + 5.0, base + 3.0), (x - 5.0, base + 3.0)];
    canvas.polygon(&halo, Some(theme::BACKGROUND), Some((theme::ACCENT, 4.0)));
}

/// The score with the pulls behind it, "12 in 3"; "—" for a player sitting out.
fn score_text(player: &PlayerView) -> String {
    if player.status == Status::SittingOut {
        return "—".to_string();
    }
    player.score.to_string()
}

/// A player's line for the round just ended: "★ won $7 with 12", "✖ popped at 15",
/// "9 in 3 pulls", "sat out".
fn round_result(round: &RoundResult, seat: engines::Seat) -> (String, Rgba) {
    let line = &round.players[seat.index()];
    if round.winners.contains(seat) {
        let split = if round.winners.len() > 1 { " (split)" } else { "" };
        return (format!("★ won {}{split} with {}", round.share, line.score), theme::ACCENT);
    }
    match line.status {
        Some(Status::Popped) => (format!("✖ popped at {}", line.score), theme::POPPED),
        Some(Status::SittingOut) | None => ("sat out".to_string(), theme::MUTED),
        Some(_) => {
            (format!("{} in {}", line.score, engines::wording::count(line.stack.len() as i64, "pull")), theme::MUTED)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str) -> Pyramid {
        text.parse().expect("pyramid id")
    }

    #[test]
    fn short_stacks_take_one_line_and_long_ones_wrap_in_pull_order() {
        let stack: Vec<Pyramid> = ["0S1", "1M1", "4L1"].iter().map(|t| p(t)).collect();
        let width = card_width(9) - 2.0 * CARD_PAD;
        assert_eq!(stack_lines(&stack, width).len(), 1);
        let long: Vec<Pyramid> = (0..22).map(|i| p(["0L1", "0M2", "1S1"][i % 3])).collect();
        let lines = stack_lines(&long, width);
        assert!(lines.len() >= 4, "{}", lines.len());
        assert_eq!(lines.concat(), long, "wrapping keeps pull order");
        for line in lines {
            let used: f32 = line.iter().map(|x| dims(x.size).0 + PYRAMID_GAP).sum::<f32>() - PYRAMID_GAP;
            assert!(used <= width, "{used}");
        }
        assert!(stack_lines(&[], width).is_empty());
    }

    #[test]
    fn the_headline_names_every_winner() {
        use engines::{Outcome, Seat, SeatSet};
        let names: Vec<String> = ["Ada", "Bo", "Cy"].map(String::from).to_vec();
        let outcome = |winners: &[u8]| Outcome {
            standings: Vec::new(),
            winners: winners.iter().map(|s| Seat(*s)).collect::<SeatSet>(),
            reason: String::new(),
        };
        assert_eq!(winners_line(&outcome(&[2]), &names), "★ Winner: Cy");
        assert_eq!(winners_line(&outcome(&[0, 1, 2]), &names), "★ Winners: Ada, Bo and Cy");
        assert_eq!(winners_line(&outcome(&[]), &names), "No winner");
    }

    #[test]
    fn every_value_has_distinct_fill_in_each_palette() {
        for palette in [Palette::Rainbow, Palette::Xeno] {
            let fills: std::collections::BTreeSet<(u8, u8, u8)> =
                (0..5).map(|v| ink_of(palette, v).fill).map(|c| (c.r, c.g, c.b)).collect();
            assert_eq!(fills.len(), 5, "{palette:?}");
        }
    }
}
