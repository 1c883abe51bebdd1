//! One player's card: colour disc, name and victory points; the facts in a few lines
//! (colour and marker, grain, elephants, stones, reserve shields, captives, where the
//! marker stands, markets used, the auction); the lands; and a small table of the cities
//! (wall stones, production, grain) with what besieges them.

use engines::raja::{BoardView, CityView, Noble, PhaseView, PlayerView, View};

use super::lands::{self, Grid};
use super::{paint, panel, text};
use crate::canvas::{Align, Canvas, Face, Style};
use crate::{name_of, theme};

/// Space inside a card.
pub(crate) const PAD: f32 = 10.0;
/// A line of 26 px text.
const LINE: f32 = 32.0;
/// The tallest a land may be drawn, coordinates included.
const LAND_HEIGHT: f32 = 210.0;
/// The city table's columns: where each number's centre stands, from the card's inside.
const TABLE: [(&str, f32); 3] = [("Wall", 0.33), ("Yield", 0.6), ("Grain", 0.87)];

fn regular() -> Style {
    Style::new(Face::Regular, 26, theme::TEXT)
}

/// What a card shows, laid out for a card `inner` wide.
pub(crate) struct Card<'a> {
    player: &'a PlayerView,
    board: Option<&'a BoardView>,
    facts: Vec<String>,
    grid: Option<Grid>,
    /// City rows: the city, then its three numbers or a sentence.
    cities: Vec<(String, Result<[u8; 3], String>)>,
    /// Lines under the table: elephants at the walls, hidden lands.
    notes: Vec<String>,
}

impl<'a> Card<'a> {
    /// Lays out `player`'s card in `inner` px.
    pub(crate) fn new(canvas: &Canvas, view: &'a View, player: &'a PlayerView, names: &[String], inner: f32) -> Self {
        let board = text::board_of(view, player);
        let facts = canvas.pack(regular(), &facts(view, player, board, names), inner);
        let mut notes = Vec::new();
        let mut cities = Vec::new();
        let grid = board.map(|board| {
            let own_setup = matches!(view.phase, PhaseView::Setup) && player.board.is_none();
            let open = if own_setup { lands::open_cells(board) } else { Vec::new() };
            if !open.is_empty() {
                notes.extend(canvas.wrap(regular(), "Dashed: where a tile may be added", inner, 2));
            }
            Grid::fit(board, open, inner, LAND_HEIGHT)
        });
        if let Some(board) = board {
            let founded = board.cities.iter().any(|c| c.noble != Noble::Unplaced);
            for city in board.cities.iter().filter(|_| founded) {
                cities.push(city_row(city, names));
                for herd in
                    view.herds.iter().filter(|h| h.target == player.seat && h.city + 1 == city.number && h.count > 0)
                {
                    let line = format!(
                        "C{}: {} of {}",
                        city.number,
                        plural(herd.count, "elephant"),
                        name_of(names, herd.attacker)
                    );
                    notes.extend(canvas.wrap(regular(), &line, inner, 2));
                }
            }
        } else {
            notes.extend(canvas.wrap(regular(), "Lands hidden until every setup is done", inner, 2));
        }
        Self { player, board, facts, grid, cities, notes }
    }

    /// The card's height.
    pub(crate) fn height(&self) -> f32 {
        let land = self.grid.as_ref().map_or(0.0, |g| g.size().1 + 8.0);
        let table = if self.cities.is_empty() { 0.0 } else { (self.cities.len() + 1) as f32 * LINE };
        PAD + LINE + 4.0 + self.facts.len() as f32 * LINE + land + table + self.notes.len() as f32 * LINE + PAD
    }

    /// Draws the card at `(left, top)`, `width` wide and `height` tall.
    pub(crate) fn draw(&self, canvas: &mut Canvas, view: &View, names: &[String], at: (f32, f32, f32, f32)) {
        let (left, top, width, height) = at;
        let player = self.player;
        let active = is_active(view, player);
        panel(canvas, (left, top, width, height), active);
        let (x, inner) = (left + PAD, width - 2.0 * PAD);
        let paint = paint(player.colour);
        canvas.circle(x + 13.0, top + PAD + 17.0, 14.0, Some(paint), Some((lands::rim_of(paint), 2.5)));
        let letter = Style::new(Face::Bold, 20, lands::ink_on(paint)).aid();
        canvas.text(x + 13.0, top + PAD + 24.0, lands::marker_letter(player.marker), letter, Align::Center);
        let bold = Style::new(Face::Bold, 26, if active { theme::ACCENT } else { theme::TEXT });
        let vp = format!("{} vp", player.vp);
        let vp_width = canvas.measure(bold, &vp);
        let mut name = name_of(names, player.seat);
        if player.resigned {
            name.push_str(" · resigned");
        }
        let name = canvas.fit(bold, &name, inner - 34.0 - vp_width - 10.0);
        let baseline = top + PAD + 26.0;
        canvas.text(x + 34.0, baseline, &name, bold, Align::Left);
        canvas.text(x + inner, baseline, &vp, Style::new(Face::Bold, 26, theme::ACCENT), Align::Right);
        let mut y = top + PAD + LINE + 4.0;
        let muted = Style::new(Face::Regular, 26, theme::MUTED);
        for line in &self.facts {
            canvas.text(x, y + 26.0, line, muted, Align::Left);
            y += LINE;
        }
        if let (Some(grid), Some(board)) = (&self.grid, self.board) {
            lands::draw(canvas, view, player, board, grid, (x, y));
            y += grid.size().1 + 8.0;
        }
        y = self.table(canvas, x, y, inner);
        for line in &self.notes {
            canvas.text(x, y + 26.0, line, regular(), Align::Left);
            y += LINE;
        }
    }

    /// The cities' table; returns its bottom.
    fn table(&self, canvas: &mut Canvas, x: f32, top: f32, inner: f32) -> f32 {
        if self.cities.is_empty() {
            return top;
        }
        let head = Style::new(Face::Regular, 26, theme::MUTED);
        for (word, at) in TABLE {
            canvas.text(x + at * inner, top + 26.0, word, head, Align::Center);
        }
        let mut y = top + LINE;
        let bold = Style::new(Face::Bold, 26, theme::TEXT);
        for (city, numbers) in &self.cities {
            canvas.text(x, y + 26.0, city, bold, Align::Left);
            match numbers {
                Ok(numbers) => {
                    for ((_, at), n) in TABLE.iter().zip(numbers) {
                        canvas.text(x + at * inner, y + 26.0, &n.to_string(), regular(), Align::Center);
                    }
                }
                Err(words) => {
                    let words = canvas.fit(regular(), words, inner - 50.0);
                    canvas.text(x + 50.0, y + 26.0, &words, regular(), Align::Left);
                }
            }
            y += LINE;
        }
        y
    }
}

/// Whether `player` is the one to act (or among the winners once the game is over).
fn is_active(view: &View, player: &PlayerView) -> bool {
    match &view.phase {
        PhaseView::Segment { active, .. } => *active == player.seat,
        PhaseView::Auction(a) => a.to_act == player.seat,
        _ => view.result.as_ref().is_some_and(|r| r.outcome.winners.contains(player.seat)),
    }
}

/// A city's row: `C1` and its wall stones, production and grain; or what became of it.
fn city_row(city: &CityView, names: &[String]) -> (String, Result<[u8; 3], String>) {
    let numbers = match city.noble {
        Noble::Captured(by) => Err(format!("taken by {}", name_of(names, by))),
        Noble::Unplaced => Err("not founded yet".to_string()),
        Noble::Home => Ok([city.stones, city.production, city.column]),
    };
    (format!("C{}", city.number), numbers)
}

/// The facts of a card, as short phrases to pack into lines (what the lands show, a
/// marker standing on someone's tile, is not repeated).
fn facts(view: &View, player: &PlayerView, board: Option<&BoardView>, names: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(me) = view.me.as_ref().filter(|m| m.seat == player.seat) {
        out.push(format!("your cash ${}", me.cash));
        if let Some(allowance) = me.allowance.filter(|a| *a > 0) {
            out.push(format!("{allowance} free stones to declare"));
        }
    }
    out.push(format!("{} grain", player.grain));
    if player.elephants > 0 {
        out.push(plural(player.elephants, "elephant"));
    }
    if let Some(board) = board {
        out.push(if board.stones == 0 { "no stones left".to_string() } else { plural(board.stones, "stone") });
        let faces: Vec<String> = (1..=3u8)
            .flat_map(|face| std::iter::repeat_n(face.to_string(), usize::from(board.shields[usize::from(face - 1)])))
            .collect();
        if !faces.is_empty() {
            out.push(format!("shields {}", faces.join(" ")));
        }
    }
    if let Some(captured) = text::captured_words(player, names) {
        out.push(format!("holds {captured}"));
    }
    if let Some(used) = text::markets_used_words(player) {
        out.push(format!("traded {used}"));
    }
    if let PhaseView::Auction(auction) = &view.phase {
        out.extend(text::bid_words(auction, player.seat));
    }
    out
}

fn plural(n: u8, word: &str) -> String {
    if n == 1 { format!("1 {word}") } else { format!("{n} {word}s") }
}
