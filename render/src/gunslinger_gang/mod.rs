//! The Gunslinger Gang board (rules §2, §5, §8): the header (round, phase, who acts), the card
//! being revealed, the town grid, the VP track (or the final standings with their tie-breaks),
//! one panel per player, and the News deck, building supply and a legend. A seat's own view
//! adds a private strip with its underlings and News Stories, and its own cards in the stacks
//! show their values; everything else is drawn from public data only (§5, R44), so a public
//! picture never depends on a secret.
//!
//! Dark theme, drawn for a phone like the Martian 12s board: 960 px wide, text no smaller
//! than 16 px, every player colour doubled by its letter.

mod ink;
mod players;
mod private;
mod text;
mod town;

use engines::Seat;
use engines::gunslinger_gang::{Ability, Phase, ResolvingView, Step, Timing, View};

use self::ink::{letter, theme};
use crate::RenderError;
use crate::canvas::{Align, Canvas, Face, Style};
use crate::theme::{MARGIN, WIDTH};

pub(crate) use self::text::board_text;

const W: f32 = WIDTH as f32;
/// Between sections and between tiles.
const GAP: f32 = 12.0;
/// A line of 26 px text.
const LINE: f32 = 34.0;

/// The parts of the picture under the header, top to bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Section {
    /// Final standings (§6.4) once it is over, first.
    Standings,
    /// The reveal in progress (§4.4).
    Banner,
    /// The viewer's own secrets (seat views only).
    Private,
    Grid,
    /// One card per player, VP and the Most Wanted on it (R13).
    Players,
    /// News deck, building supply and a legend.
    Info,
}

fn sections(view: &View) -> Vec<Section> {
    let mut out = Vec::new();
    if view.phase == Phase::Finished {
        out.push(Section::Standings);
    }
    if view.resolving.is_some() {
        out.push(Section::Banner);
    }
    if private::shown(view) {
        out.push(Section::Private);
    }
    out.push(Section::Grid);
    // Once over, the standings say what the players' cards and the supply no longer matter for.
    if view.phase != Phase::Finished {
        out.extend([Section::Players, Section::Info]);
    }
    out
}

/// Draws (or, on a measuring canvas, lays out) the whole board; returns its height.
fn layout(canvas: &mut Canvas, view: &View, names: &[String]) -> f32 {
    let mut y = header(canvas, view, names) + GAP;
    for section in sections(view) {
        y += match section {
            Section::Standings => players::standings(canvas, view, names, y),
            Section::Banner => banner(canvas, view, names, y),
            Section::Private => private::strip(canvas, view, y),
            Section::Grid => grid(canvas, view, y),
            Section::Players => players::cards(canvas, view, names, y),
            Section::Info => info(canvas, view, y),
        } + GAP;
    }
    y - GAP + MARGIN
}

/// Draws the board of `view` as PNG bytes: the public board, plus the private strip when
/// `view` is a seat's own and the seat holds a secret. The board is laid out once on a
/// measuring canvas to learn its height, then drawn.
/// Painted at `scale` pixels per layout unit (see [`crate::PictureSize`]).
///
/// # Errors
/// As [`Canvas::new`] and [`Canvas::finish`].
pub(crate) fn board_png(view: &View, names: &[String], scale: f32) -> Result<crate::Drawing, RenderError> {
    let height = layout(&mut Canvas::measuring(WIDTH)?, view, names);
    let mut canvas = Canvas::at_scale(WIDTH, height.ceil() as u32, theme::BACKGROUND, scale)?;
    layout(&mut canvas, view, names);
    canvas.finish()
}

/// A player's name for the picture: tabs, newlines and other control characters become spaces
/// (the fonts have no glyph for them).
fn name_of(names: &[String], seat: Seat) -> String {
    crate::name_of(names, seat).chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

/// A player as `Ada (R)`: name and colour letter.
fn who(view: &View, names: &[String], seat: Seat) -> String {
    match view.players.get(seat.index()) {
        Some(player) => format!("{} ({})", name_of(names, seat), letter(player.colour)),
        None => name_of(names, seat),
    }
}

/// "9 of 20 plays made", "7 underlings left", or the winners.
fn phase_line(view: &View, names: &[String]) -> String {
    match view.phase {
        Phase::Planning => {
            let plays = 5 * view.players.len();
            format!("{} of {plays} plays made", view.plays_done)
        }
        Phase::Resolution => {
            let left: usize = view.towns.iter().map(|t| t.stack.len()).sum();
            format!("{left} underling{} left", if left == 1 { "" } else { "s" })
        }
        Phase::Finished => {
            let winners: Vec<String> =
                view.outcome.iter().flat_map(|o| o.winners.iter()).map(|seat| who(view, names, seat)).collect();
            match winners.as_slice() {
                [] => "Game over: no winner".to_string(),
                [one] => format!("★ Winner: {one}"),
                [rest @ .., last] => format!("★ Winners: {} and {last}", rest.join(", ")),
            }
        }
    }
}

/// What the acting player decides now, in a few words (§4).
fn doing(view: &View) -> String {
    let Some(r) = &view.resolving else {
        return match view.phase {
            Phase::Planning => "plays an underling".to_string(),
            _ => "reveals an underling".to_string(),
        };
    };
    let what = match r.step {
        Step::Timing => "chooses when the News Story resolves".to_string(),
        Step::Ability => "chooses an ability".to_string(),
        Step::Hustle { left } => format!("takes A steps ({left} left)"),
        Step::Ambush => "chooses whom to ambush".to_string(),
        Step::Elect { .. } => "elects lawmen".to_string(),
        Step::Push { left } => format!("runs outlaws out of town ({left} left)"),
        Step::Drive => "drives cattle".to_string(),
        Step::Blast { left } => format!("blasts with Dynamite ({left} left)"),
        Step::Rail { left } => format!("moves by Railroad ({left} left)"),
        Step::SwearIn => "may swear in a lawman".to_string(),
        Step::Turncoat => "chooses a turncoat".to_string(),
    };
    // The banner under the header names the town.
    what
}

/// Title, round and phase on the first line; who acts and what (or that the game is over)
/// under it; returns the height taken.
fn header(canvas: &mut Canvas, view: &View, names: &[String]) -> f32 {
    let (left, right) = (MARGIN, W - MARGIN);
    let title_style = Style::new(Face::Bold, 34, theme::TEXT);
    let title_w = canvas.text(left, 50.0, "Gunslinger Gang", title_style, Align::Left);
    let round_style = Style::new(Face::Bold, 28, theme::ACCENT);
    let round = format!("Round {} of 4 · {}", view.round, phase_name(view.phase));
    let round = canvas.fit(round_style, &round, right - left - title_w - 20.0);
    canvas.text(right, 50.0, &round, round_style, Align::Right);
    let mut y = 50.0;
    let style = Style::new(Face::Bold, 28, theme::ACCENT);
    for line in canvas.pack(style, &headline(view, names), right - left) {
        y += 40.0;
        canvas.text(left, y, &line, style, Align::Left);
    }
    y + 8.0
}

/// The phase in a word.
fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Planning => "Planning",
        Phase::Resolution => "Resolution",
        Phase::Finished => "Final",
    }
}

/// Who acts and what, then the phase's progress: "▶ Ada (R) plays an underling",
/// "9 of 20 plays made"; once over, the winners.
fn headline(view: &View, names: &[String]) -> Vec<String> {
    let progress = phase_line(view, names);
    match view.pending {
        // The banner of a reveal says who decides what.
        Some(_) if view.resolving.is_some() => Vec::new(),
        // In Resolution the stacks drawn show what is left.
        Some(seat) if view.phase == Phase::Resolution => vec![format!("▶ {} {}", who(view, names, seat), doing(view))],
        Some(seat) => vec![format!("▶ {} {}", who(view, names, seat), doing(view)), progress],
        None => vec![progress],
    }
}

/// The ability chosen, in words.
fn ability_words(r: &ResolvingView) -> Option<String> {
    Some(match r.ability? {
        Ability::A => format!("Ability A: Hustle, budget {}", r.card.underling.value()),
        Ability::B => format!("Ability B: Hire {}", r.card.underling.hire()),
        Ability::C => format!("Ability C: {}", r.card.underling.talent()),
        Ability::Dynamite => "Dynamite".to_string(),
    })
}

/// What the banner says under its title: the News Story, its timing, the ability chosen.
fn banner_details(r: &ResolvingView) -> Vec<String> {
    let mut details = Vec::new();
    if r.second {
        details.push("second from the top (Forged Orders)".to_string());
    }
    match (r.story, r.timing) {
        (Some(story), None) => details.push(format!("News: {}, timing not chosen yet", story.title())),
        (Some(story), Some(Timing::Before)) => details.push(format!("News: {}, before the ability", story.title())),
        (Some(story), Some(_)) => details.push(format!("News: {}, after the ability", story.title())),
        (None, Some(Timing::Keep)) => details.push("News Story kept".to_string()),
        _ => {}
    }
    details.extend(ability_words(r));
    if details.is_empty() {
        details.push("no News Story attached".to_string());
    }
    details
}

/// The banner's content from `top`; returns its height.
fn banner_content(canvas: &mut Canvas, view: &View, names: &[String], r: &ResolvingView, top: f32) -> f32 {
    let edge = view.players.get(r.seat.index()).map_or(theme::ACCENT, |p| ink::ink(p.colour).fill);
    let value = r.card.underling.value();
    ink::card_face(canvas, MARGIN + 18.0, top + 16.0, (44.0, 58.0), value, edge, r.story.is_some());
    let x = MARGIN + 80.0;
    let width = W - MARGIN - 18.0 - x;
    let acting = view.pending.map_or_else(String::new, |seat| format!("▶ {} {}", who(view, names, seat), doing(view)));
    let bold = Style::new(Face::Bold, 28, theme::ACCENT);
    let mut y = top + 8.0;
    for line in canvas.wrap(bold, &acting, width, 2) {
        canvas.text(x, y + 30.0, &line, bold, Align::Left);
        y += 38.0;
    }
    // The line above names the revealing player when they are the one deciding.
    let reveal = format!("{} ({value}) revealed at {}", r.card.underling.name(), r.town);
    let reveal = if view.pending == Some(r.seat) { reveal } else { format!("{}: {reveal}", name_of(names, r.seat)) };
    let mut details = vec![reveal];
    details.extend(banner_details(r));
    let style = Style::new(Face::Regular, 26, theme::TEXT);
    for line in canvas.pack(style, &details, width) {
        canvas.text(x, y + 28.0, &line, style, Align::Left);
        y += LINE;
    }
    (y - top + 14.0).max(90.0)
}

/// The reveal in progress (§4.4): the card face up, its News Story and choices so far;
/// returns the height taken.
fn banner(canvas: &mut Canvas, view: &View, names: &[String], top: f32) -> f32 {
    let Some(r) = &view.resolving else { return 0.0 };
    let Some(height) = canvas.probe().map(|mut p| banner_content(&mut p, view, names, r, top)) else { return 0.0 };
    ink::panel(canvas, MARGIN, top, W - 2.0 * MARGIN, height, theme::PANEL_ON_TURN, (theme::ACCENT, 3.0));
    banner_content(canvas, view, names, r, top);
    height
}

/// The grid's rows (2 or 3), each with its positions and height.
fn grid_rows(canvas: &Canvas, view: &View) -> Vec<(Vec<usize>, f32)> {
    let columns = 3;
    let tile_w = tile_width();
    (0..view.towns.len().div_ceil(columns))
        .map(|row| {
            let members: Vec<usize> = (row * columns..((row + 1) * columns).min(view.towns.len())).collect();
            let height =
                members.iter().map(|i| town::height(canvas, view, &view.towns[*i], tile_w)).fold(0.0, f32::max);
            (members, height)
        })
        .collect()
}

const fn tile_width() -> f32 {
    (W - 2.0 * MARGIN - 2.0 * GAP) / 3.0
}

/// The town grid (§2.2), in reading order; returns the height taken.
fn grid(canvas: &mut Canvas, view: &View, top: f32) -> f32 {
    let tile_w = tile_width();
    let mut y = top;
    for (members, height) in grid_rows(canvas, view) {
        for i in members {
            let town = &view.towns[i];
            let x = MARGIN + f32::from(town.town.col()) * (tile_w + GAP);
            town::tile(canvas, view, town, (x, y, tile_w, height));
        }
        y += height + GAP;
    }
    y - top - GAP
}

/// What the pieces mean: an aid under the board.
const LEGEND: [&str; 5] =
    ["ringed: in control", "gold star: sheriff", "hollow: deputy", "★ Most Wanted", "player's cards: resolved"];

/// The info panel's content from `top`: News deck and piles, the building supply (§2.7),
/// then the legend; returns its height.
fn info_content(canvas: &mut Canvas, view: &View, top: f32) -> f32 {
    let x = MARGIN + 18.0;
    let right = W - MARGIN - 18.0;
    let style = Style::new(Face::Regular, 26, theme::TEXT);
    let news = format!("News: deck {}, discard {}", view.deck, view.discard.len());
    let mut cx = x + canvas.text(x, top + 44.0, &news, style, Align::Left) + 24.0;
    let mut y = top;
    // The building supply after the News on the same line when it fits, else on its own.
    let supply = canvas.measure(style, "Buildings left") + 10.0 + 3.0 * (ink::HOUSE + 4.0 + 16.0) + 3.0 * 36.0;
    if cx + supply > right {
        (cx, y) = (x, y + 48.0);
    }
    cx += canvas.text(cx, y + 44.0, "Buildings left", style, Align::Left) + 10.0;
    for (i, left) in view.buildings.iter().enumerate() {
        cx += ink::house(canvas, cx, y + 48.0, i as u8 + 1) + 4.0;
        cx += canvas.text(cx, y + 44.0, &format!("×{left}"), style, Align::Left) + 16.0;
    }
    let aid = Style::new(Face::Regular, 18, theme::MUTED).aid();
    let legend: Vec<String> = LEGEND.iter().map(|s| (*s).to_string()).collect();
    y += 58.0;
    for line in canvas.pack(aid, &legend, right - x) {
        canvas.text(x, y + 20.0, &line, aid, Align::Left);
        y += 24.0;
    }
    y - top + 10.0
}

/// News deck and piles, the building supply and a legend of the pieces; returns the height.
fn info(canvas: &mut Canvas, view: &View, top: f32) -> f32 {
    let Some(height) = canvas.probe().map(|mut probe| info_content(&mut probe, view, top)) else { return 0.0 };
    ink::panel(canvas, MARGIN, top, W - 2.0 * MARGIN, height, theme::PANEL, (theme::PANEL_EDGE, 1.0));
    info_content(canvas, view, top);
    height
}

/// The players' colours as drawn, for the colour-vision checks.
#[cfg(test)]
pub(crate) fn player_colours() -> Vec<(&'static str, crate::canvas::Rgba)> {
    use engines::gunslinger_gang::Colour;
    [Colour::Red, Colour::Blue, Colour::Green, Colour::Yellow].iter().map(|c| (c.name(), ink::ink(*c).fill)).collect()
}

#[cfg(test)]
mod tests {
    use engines::{AnyGame, AnyView, GameKind, Viewer};

    use super::*;

    fn view(game: &AnyGame, viewer: Viewer) -> View {
        let AnyView::GunslingerGang(view) = game.view(viewer) else { panic!("a Gunslinger Gang view") };
        *view
    }

    #[test]
    fn sections_follow_the_phase_and_the_viewer() {
        let game = AnyGame::setup(GameKind::GunslingerGang, &serde_json::json!({}), 3, 4).expect("setup");
        let board = [Section::Grid, Section::Players, Section::Info];
        let public = sections(&view(&game, Viewer::Public));
        assert_eq!(public, board, "no reveal, nothing private");
        let own = sections(&view(&game, Viewer::Seat(Seat(1))));
        assert_eq!(own, [&[Section::Private][..], &board].concat(), "three News Stories dealt");
    }

    #[test]
    fn phase_lines_count_plays_and_cards_left() {
        let mut game = AnyGame::setup(GameKind::GunslingerGang, &serde_json::json!({}), 2, 9).expect("setup");
        assert_eq!(phase_line(&view(&game, Viewer::Public), &[]), "0 of 10 plays made");
        let seat = game.pending().must_seats().first().expect("a seat");
        game.apply(seat, "play KID B1 none", &[]).expect("a legal play");
        let public = view(&game, Viewer::Public);
        assert_eq!(phase_line(&public, &[]), "1 of 10 plays made");
        assert!(doing(&public).contains("plays an underling"));
        assert_eq!(who(&public, &["Ann".into(), "Bo\tB".into()], Seat(1)), "Bo B (B)");
    }
}
