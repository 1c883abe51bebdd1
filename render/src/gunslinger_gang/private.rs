//! The private strip of a seat's own picture (§5, §8.5): its underlings in hand with their
//! abilities, its News Stories with when they act, and its cards in the stacks. Drawn only
//! while the seat holds a secret, so a seat's picture equals the public one otherwise.

use engines::Seat;
use engines::gunslinger_gang::{Card, News, Phase, PrivateView, Title, View};

use super::ink::{self, card_face, theme};
use super::{MARGIN, W, who};
use crate::canvas::{Align, Canvas, Face, Style};
use crate::theme::PAD;

const TITLE: f32 = 52.0;
const SUBHEAD: f32 = 30.0;
/// A card or News Story: two lines.
const ROW: f32 = 50.0;
/// A card in a stack: one line.
const STACK_ROW: f32 = 30.0;
const COLUMNS: usize = 2;

/// The viewer's secrets, if the strip is drawn: a seat view while the seat holds a secret
/// (the game is not over, and it has News Stories or not all six underlings in hand).
fn secrets(view: &View) -> Option<&PrivateView> {
    let you = view.you.as_ref()?;
    let holds = !you.news.is_empty() || you.hand.len() < 6;
    (view.phase != Phase::Finished && holds).then_some(you)
}

/// Whether the strip is drawn for `view`.
pub(super) fn shown(view: &View) -> bool {
    secrets(view).is_some()
}

/// The viewer's own cards in the stacks: town, card, News Story, whether on top.
fn deployed(view: &View, seat: Seat) -> Vec<(String, Card, Option<News>, bool)> {
    let mut out = Vec::new();
    for town in &view.towns {
        for (i, entry) in town.stack.iter().enumerate() {
            if let Some(card) = entry.card.filter(|_| entry.owner == seat) {
                out.push((town.town.to_string(), card, entry.story, i + 1 == town.stack.len()));
            }
        }
    }
    out
}

fn rows(items: usize) -> f32 {
    items.div_ceil(COLUMNS) as f32
}

const STACK_STYLE: Style = Style::new(Face::Regular, 18, theme::TEXT);

/// The lines about the viewer's cards in the stacks, and how many columns they take (two
/// when every line fits half the width).
fn stack_lines(canvas: &Canvas, view: &View, seat: Seat) -> (Vec<String>, usize) {
    let lines: Vec<String> = deployed(view, seat)
        .into_iter()
        .map(|(town, card, story, on_top)| {
            let mut line = format!("{town} · {} ({})", card.underling.name(), card.underling.value());
            if let Some(story) = story {
                line.push_str(&format!(" + {}", story.title()));
            }
            if on_top {
                line.push_str(" · top");
            }
            line
        })
        .collect();
    let half = (W - 2.0 * MARGIN - 2.0 * PAD) / COLUMNS as f32 - 12.0;
    let columns = if lines.iter().all(|l| canvas.measure(STACK_STYLE, l) <= half) { COLUMNS } else { 1 };
    (lines, columns)
}

pub(super) fn height(view: &View) -> f32 {
    let Some(you) = secrets(view) else { return 0.0 };
    let mut h = TITLE;
    if !you.hand.is_empty() {
        h += SUBHEAD + rows(you.hand.len()) * ROW;
    }
    h += SUBHEAD + if you.news.is_empty() { STACK_ROW } else { rows(you.news.len()) * ROW };
    if let Some(canvas) = ink::measuring() {
        let (lines, columns) = stack_lines(&canvas, view, you.seat);
        if !lines.is_empty() {
            h += SUBHEAD + lines.len().div_ceil(columns) as f32 * STACK_ROW;
        }
    }
    h + 10.0
}

/// When a News Story acts and what it does (§2.6), in a few words.
fn effect(title: Title) -> &'static str {
    match title {
        Title::Boomtown => "On reveal: a 2 VP building here",
        Title::GoldStrike => "At Scoring: output ×2 here",
        Title::MineCollapse => "At Scoring: output 0 here",
        Title::Reinforcements => "On reveal: hire 2 outlaws here",
        Title::Railroad => "On reveal: move up to 2 of yours here",
        Title::Shootout => "On reveal: each rival loses 1 outlaw here",
        Title::SaloonBrawl => "On reveal: all with 2+ outlaws lose 1",
        Title::Jailbreak => "On reveal: lawmen here become outlaws",
        Title::SwearingIn => "On reveal: promote 1 of your outlaws",
        Title::Turncoat => "On reveal: swap a rival outlaw for yours",
        Title::WantedPoster => "On reveal: Most Wanted rivals lose 1",
        Title::StagecoachRobbery => "On reveal: claim the item here",
    }
}

/// The strip: framed in its own colour so it never passes for the public board.
pub(super) fn strip(canvas: &mut Canvas, view: &View, names: &[String], top: f32) {
    let Some(you) = secrets(view) else { return };
    let width = W - 2.0 * MARGIN;
    ink::panel(canvas, MARGIN, top, width, height(view), theme::PRIVATE_PANEL, (theme::PRIVATE, 3.0));
    let x = MARGIN + PAD;
    let title = format!("Your hand · {}", who(view, names, you.seat));
    let style = Style::new(Face::Bold, 22, theme::PRIVATE);
    let title = canvas.fit(style, &title, width * 0.6);
    canvas.text(x, top + 36.0, &title, style, Align::Left);
    let note = Style::new(Face::Regular, 18, theme::MUTED);
    canvas.text(W - MARGIN - PAD, top + 36.0, "only you see this", note, Align::Right);
    let column = (width - 2.0 * PAD) / COLUMNS as f32;
    let edge = view.players.get(you.seat.index()).map_or(theme::PRIVATE, |p| ink::ink(p.colour).fill);
    let mut y = top + TITLE;
    if !you.hand.is_empty() {
        subhead(canvas, x, y, &format!("Underlings in hand ({})", you.hand.len()));
        y += SUBHEAD;
        for (i, card) in you.hand.iter().enumerate() {
            let (cx, cy) = (x + (i % COLUMNS) as f32 * column, y + (i / COLUMNS) as f32 * ROW);
            let u = card.underling;
            card_face(canvas, cx, cy + 4.0, ink::CARD, u.value(), edge, false);
            let abilities = format!("A {} · B hire {} · C {}", u.value(), u.hire(), u.talent());
            two_lines(canvas, cx + 42.0, cy, column - 50.0, u.name(), &abilities);
        }
        y += rows(you.hand.len()) * ROW;
    }
    subhead(canvas, x, y, &format!("News Stories ({})", you.news.len()));
    y += SUBHEAD;
    if you.news.is_empty() {
        canvas.text(x, y + 20.0, "none", note, Align::Left);
        y += STACK_ROW;
    }
    for (i, news) in you.news.iter().enumerate() {
        let (cx, cy) = (x + (i % COLUMNS) as f32 * column, y + (i / COLUMNS) as f32 * ROW);
        news_card(canvas, cx, cy + 4.0);
        two_lines(canvas, cx + 42.0, cy, column - 50.0, news.title().name(), effect(news.title()));
    }
    y += rows(you.news.len()) * ROW;
    let (lines, columns) = stack_lines(canvas, view, you.seat);
    if !lines.is_empty() {
        subhead(canvas, x, y, "Your underlings in the stacks");
        y += SUBHEAD;
        let column = (width - 2.0 * PAD) / columns as f32;
        for (i, line) in lines.iter().enumerate() {
            let (cx, cy) = (x + (i % columns) as f32 * column, y + (i / columns) as f32 * STACK_ROW);
            let line = canvas.fit(STACK_STYLE, line, column - 12.0);
            canvas.text(cx, cy + 20.0, &line, STACK_STYLE, Align::Left);
        }
    }
}

fn subhead(canvas: &mut Canvas, x: f32, y: f32, text: &str) {
    canvas.text(x, y + 21.0, text, Style::new(Face::Bold, 18, theme::MUTED), Align::Left);
}

/// A name in bold over a muted line, both shortened to `width`.
fn two_lines(canvas: &mut Canvas, x: f32, y: f32, width: f32, first: &str, second: &str) {
    let bold = Style::new(Face::Bold, 20, theme::TEXT);
    let first = canvas.fit(bold, first, width);
    canvas.text(x, y + 21.0, &first, bold, Align::Left);
    let muted = Style::new(Face::Regular, 18, theme::MUTED);
    let second = canvas.fit(muted, second, width);
    canvas.text(x, y + 43.0, &second, muted, Align::Left);
}

/// A News Story card: a light card with an N.
fn news_card(canvas: &mut Canvas, x: f32, y: f32) {
    if let Some(area) = crate::canvas::rect(x, y, ink::CARD.0, ink::CARD.1) {
        canvas.round_rect(area, 5.0, Some(theme::TEXT), Some((theme::MUTED, 1.5)));
    }
    let style = Style::new(Face::Bold, 20, theme::DARK);
    canvas.text(x + ink::CARD.0 / 2.0, ink::baseline(y + ink::CARD.1 / 2.0, 20), "N", style, Align::Center);
}
