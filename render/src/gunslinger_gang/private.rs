//! The private strip of a seat's own picture (§5, §8.5): its underlings in hand with their
//! abilities, its News Stories with when they act, and which of its cards in the stacks
//! carry which story. Drawn only while the seat holds a secret, so a seat's picture equals
//! the public one otherwise.

use engines::Seat;
use engines::gunslinger_gang::{Card, Phase, PrivateView, Title, View};

use super::ink::{self, card_face, theme};
use super::{MARGIN, W};
use crate::canvas::{Align, Canvas, Face, Style};
use crate::theme::PAD;

const COLUMNS: usize = 2;
/// A line of 26 px text.
const LINE: f32 = 34.0;
const BOLD: Style = Style::new(Face::Bold, 26, theme::TEXT);
const MUTED: Style = Style::new(Face::Regular, 26, theme::MUTED);
/// A News Story's effect: a reminder of the card's text under its title, an aid.
const REMINDER: Style = Style::new(Face::Regular, 20, theme::MUTED).aid();

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

/// The viewer's own cards in the stacks that carry a News Story, as phrases: the face-up
/// card in the town already shows the underling's value, not which story rides on it.
fn stories_in_stacks(view: &View, seat: Seat) -> Vec<String> {
    let mut out = Vec::new();
    for town in &view.towns {
        for entry in town.stack.iter().filter(|e| e.owner == seat) {
            if let (Some(card), Some(story)) = (entry.card, entry.story) {
                out.push(format!("{} {} + {}", town.town, card.underling.name(), story.title()));
            }
        }
    }
    if let Some(first) = out.first_mut() {
        *first = format!("News on your cards: {first}");
    }
    out
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

/// One cell of the strip's two columns.
enum Cell {
    Underling(Card),
    /// A News Story and how many of it the hand holds.
    Story(Title, usize),
}

/// A cell's height: two lines of 26 px text.
const CELL: f32 = 64.0;

/// The underlings in hand, then the News Stories (the same story twice told once,
/// "×2").
fn cells(you: &PrivateView) -> Vec<Cell> {
    let mut stories: Vec<(Title, usize)> = Vec::new();
    for news in &you.news {
        match stories.iter_mut().find(|(title, _)| *title == news.title()) {
            Some((_, n)) => *n += 1,
            None => stories.push((news.title(), 1)),
        }
    }
    let mut out = Vec::new();
    out.extend(you.hand.iter().map(|card| Cell::Underling(*card)));
    out.extend(stories.into_iter().map(|(title, n)| Cell::Story(title, n)));
    out
}

/// Draws one cell at `(x, y)`, `column` wide.
fn cell(canvas: &mut Canvas, cell: &Cell, (x, y): (f32, f32), column: f32, edge: crate::canvas::Rgba) {
    let text_x = x + ink::CARD.0 + 10.0;
    let width = column - ink::CARD.0 - 22.0;
    match cell {
        Cell::Underling(card) => {
            let u = card.underling;
            card_face(canvas, x, y + 8.0, ink::CARD, u.value(), edge, false);
            let name = canvas.fit(BOLD, u.name(), width);
            canvas.text(text_x, y + 28.0, &name, BOLD, Align::Left);
            let rest = canvas.fit(MUTED, &format!("hire {} · {}", u.hire(), u.talent()), width);
            canvas.text(text_x, y + 58.0, &rest, MUTED, Align::Left);
        }
        Cell::Story(title, count) => {
            news_card(canvas, x, y + 8.0);
            let name = if *count > 1 { format!("{} ×{count}", title.name()) } else { title.name().to_string() };
            let name = canvas.fit(BOLD, &name, width);
            canvas.text(text_x, y + 28.0, &name, BOLD, Align::Left);
            let reminder = canvas.fit(REMINDER, effect(*title), width);
            canvas.text(text_x, y + 54.0, &reminder, REMINDER, Align::Left);
        }
    }
}

/// The strip's content from `top`; returns its height.
fn content(canvas: &mut Canvas, view: &View, you: &PrivateView, top: f32) -> f32 {
    let x = MARGIN + PAD;
    let right = W - MARGIN - PAD;
    let column = (right - x) / COLUMNS as f32;
    let edge = view.players.get(you.seat.index()).map_or(theme::PRIVATE, |p| ink::ink(p.colour).fill);
    let cells = cells(you);
    for (i, c) in cells.iter().enumerate() {
        let at = (x + (i % COLUMNS) as f32 * column, top + 8.0 + (i / COLUMNS) as f32 * CELL);
        cell(canvas, c, at, column, edge);
    }
    let mut y = top + 8.0 + cells.len().div_ceil(COLUMNS) as f32 * CELL;
    let style = Style::new(Face::Regular, 26, theme::PRIVATE);
    let mut phrases = Vec::new();
    // In the last row's empty cell when there is one, else first on the lines under them.
    if cells.len() % COLUMNS == 1 {
        canvas.text(x + column + ink::CARD.0 + 10.0, y - CELL + 44.0, "Only you see this", style, Align::Left);
    } else {
        phrases.push("Only you see this".to_string());
    }
    if you.news.is_empty() {
        phrases.push("no News Stories in hand".to_string());
    }
    phrases.extend(stories_in_stacks(view, you.seat));
    for line in canvas.pack(style, &phrases, right - x) {
        canvas.text(x, y + 26.0, &line, style, Align::Left);
        y += LINE;
    }
    y - top + 8.0
}

/// The strip, framed in its own colour so it never passes for the public board; returns
/// the height taken (none when nothing is secret).
pub(super) fn strip(canvas: &mut Canvas, view: &View, top: f32) -> f32 {
    let Some(you) = secrets(view) else { return 0.0 };
    let Some(height) = canvas.probe().map(|mut probe| content(&mut probe, view, you, top)) else { return 0.0 };
    ink::panel(canvas, MARGIN, top, W - 2.0 * MARGIN, height, theme::PRIVATE_PANEL, (theme::PRIVATE, 3.0));
    content(canvas, view, you, top);
    height
}

/// A News Story card: a light card with an N.
fn news_card(canvas: &mut Canvas, x: f32, y: f32) {
    if let Some(area) = crate::canvas::rect(x, y, ink::CARD.0, ink::CARD.1) {
        canvas.round_rect(area, 5.0, Some(theme::TEXT), Some((theme::MUTED, 1.5)));
    }
    let style = Style::new(Face::Bold, 26, theme::DARK);
    canvas.text(x + ink::CARD.0 / 2.0, ink::baseline(y + ink::CARD.1 / 2.0, 26), "N", style, Align::Center);
}
