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
const HEADER: f32 = 134.0;
const BANNER: f32 = 84.0;

/// The parts of the picture, top to bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Section {
    Header,
    /// The reveal in progress (§4.4).
    Banner,
    /// The viewer's own secrets (seat views only).
    Private,
    Grid,
    /// The VP track (R13) while the game runs.
    Track,
    /// Final standings (§6.4) once it is over.
    Standings,
    Players,
    /// News deck, building supply and the legend.
    Info,
}

fn sections(view: &View) -> Vec<Section> {
    let mut out = vec![Section::Header];
    if view.resolving.is_some() {
        out.push(Section::Banner);
    }
    if private::shown(view) {
        out.push(Section::Private);
    }
    if view.phase == Phase::Finished {
        out.push(Section::Standings);
    }
    out.push(Section::Grid);
    if view.phase != Phase::Finished {
        out.push(Section::Track);
    }
    out.extend([Section::Players, Section::Info]);
    out
}

fn section_height(section: Section, view: &View) -> f32 {
    match section {
        Section::Header => HEADER,
        Section::Banner => BANNER + GAP,
        Section::Private => private::height(view) + GAP,
        Section::Grid => grid_rows(view).iter().map(|(_, h)| h + GAP).sum(),
        Section::Track => players::track_height(view) + GAP,
        Section::Standings => players::standings_height(view) + GAP,
        Section::Players => players::panels_height(view) + GAP,
        Section::Info => INFO,
    }
}

/// Draws the board of `view` as PNG bytes: the public board, plus the private strip when
/// `view` is a seat's own and the seat holds a secret.
///
/// # Errors
/// As [`Canvas::new`] and [`crate::indexed::png`].
pub(crate) fn board_png(view: &View, names: &[String]) -> Result<crate::Drawing, RenderError> {
    let sections: Vec<(Section, f32)> = sections(view).into_iter().map(|s| (s, section_height(s, view))).collect();
    let height: f32 = sections.iter().map(|(_, h)| h).sum::<f32>() + MARGIN - GAP;
    let mut canvas = Canvas::new(WIDTH, height.ceil() as u32, theme::BACKGROUND)?;
    let mut y = 0.0;
    for (section, h) in sections {
        match section {
            Section::Header => header(&mut canvas, view, names),
            Section::Banner => banner(&mut canvas, view, names, y),
            Section::Private => private::strip(&mut canvas, view, names, y),
            Section::Grid => grid(&mut canvas, view, y),
            Section::Track => players::track(&mut canvas, view, names, y),
            Section::Standings => players::standings(&mut canvas, view, names, y),
            Section::Players => players::panels(&mut canvas, view, names, y),
            Section::Info => info(&mut canvas, view, y),
        }
        y += h;
    }
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

/// "Planning · 9 of 20 plays made", "Resolution · 7 underlings left", or the winners.
fn phase_line(view: &View, names: &[String]) -> String {
    match view.phase {
        Phase::Planning => {
            let plays = 5 * view.players.len();
            format!("Planning · {} of {plays} plays made", view.plays_done)
        }
        Phase::Resolution => {
            let left: usize = view.towns.iter().map(|t| t.stack.len()).sum();
            format!("Resolution · {left} underling{} left", if left == 1 { "" } else { "s" })
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
    format!("{what} at {}", r.town)
}

/// Title, round, phase, start player and who acts (or that the game is over).
fn header(canvas: &mut Canvas, view: &View, names: &[String]) {
    let (left, right) = (MARGIN, W - MARGIN);
    canvas.text(left, 50.0, "Gunslinger Gang", Style::new(Face::Bold, 34, theme::TEXT), Align::Left);
    let round = format!("Round {} of 4", view.round);
    canvas.text(right, 50.0, &round, Style::new(Face::Bold, 30, theme::TEXT), Align::Right);
    let start = format!("Start player: {}", who(view, names, view.start_seat));
    let start_style = Style::new(Face::Regular, 20, theme::MUTED);
    let start = canvas.fit(start_style, &start, W * 0.36);
    let start_w = canvas.text(right, 90.0, &start, start_style, Align::Right);
    let phase_style = Style::new(Face::Bold, 26, theme::ACCENT);
    let phase = canvas.fit(phase_style, &phase_line(view, names), W - 2.0 * MARGIN - start_w - 24.0);
    canvas.text(left, 90.0, &phase, phase_style, Align::Left);
    let (line, style) = match view.pending {
        Some(seat) => {
            (format!("▶ {} {}", who(view, names, seat), doing(view)), Style::new(Face::Bold, 22, theme::ACCENT))
        }
        None => ("Game over after four rounds".to_string(), Style::new(Face::Regular, 22, theme::TEXT)),
    };
    let line = canvas.fit(style, &line, W - 2.0 * MARGIN);
    canvas.text(left, 126.0, &line, style, Align::Left);
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

/// The reveal in progress (§4.4): the card face up, its News Story and choices so far.
fn banner(canvas: &mut Canvas, view: &View, names: &[String], top: f32) {
    let Some(r) = &view.resolving else { return };
    let width = W - 2.0 * MARGIN;
    ink::panel(canvas, MARGIN, top, width, BANNER, theme::PANEL_ON_TURN, (theme::ACCENT, 3.0));
    let edge = view.players.get(r.seat.index()).map_or(theme::ACCENT, |p| ink::ink(p.colour).fill);
    let value = r.card.underling.value();
    ink::card_face(canvas, MARGIN + 18.0, top + 14.0, (42.0, 56.0), value, edge, r.story.is_some());
    let x = MARGIN + 78.0;
    let title = format!("{} reveals {} ({value}) at {}", who(view, names, r.seat), r.card.underling.name(), r.town);
    let bold = Style::new(Face::Bold, 22, theme::TEXT);
    let title = canvas.fit(bold, &title, width - 96.0);
    canvas.text(x, top + 36.0, &title, bold, Align::Left);
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
    let style = Style::new(Face::Regular, 18, theme::MUTED);
    let details = canvas.fit(style, &details.join(" · "), width - 96.0);
    canvas.text(x, top + 66.0, &details, style, Align::Left);
}

/// The grid's rows (2 or 3), each with its positions and height.
fn grid_rows(view: &View) -> Vec<(Vec<usize>, f32)> {
    let columns = 3;
    let tile_w = tile_width();
    (0..view.towns.len().div_ceil(columns))
        .map(|row| {
            let members: Vec<usize> = (row * columns..((row + 1) * columns).min(view.towns.len())).collect();
            let height = members.iter().map(|i| town::height(view, &view.towns[*i], tile_w)).fold(0.0, f32::max);
            (members, height)
        })
        .collect()
}

const fn tile_width() -> f32 {
    (W - 2.0 * MARGIN - 2.0 * GAP) / 3.0
}

/// The town grid (§2.2), in reading order.
fn grid(canvas: &mut Canvas, view: &View, top: f32) {
    let tile_w = tile_width();
    let mut y = top;
    for (members, height) in grid_rows(view) {
        for i in members {
            let town = &view.towns[i];
            let x = MARGIN + f32::from(town.town.col()) * (tile_w + GAP);
            town::tile(canvas, view, town, (x, y, tile_w, height));
        }
        y += height + GAP;
    }
}

/// Height of the info panel.
const INFO: f32 = 114.0;

/// News deck and piles, the building supply (§2.7) and a legend of the pieces.
fn info(canvas: &mut Canvas, view: &View, top: f32) {
    let width = W - 2.0 * MARGIN;
    ink::panel(canvas, MARGIN, top, width, INFO, theme::PANEL, (theme::PANEL_EDGE, 1.0));
    let x = MARGIN + 18.0;
    let style = Style::new(Face::Regular, 18, theme::TEXT);
    let mut news = format!("News: deck {} · discard {}", view.deck, view.discard.len());
    if !view.removed.is_empty() {
        news.push_str(&format!(" · {} Boomtown removed", view.removed.len()));
    }
    let mut cx = x + canvas.text(x, top + 34.0, &news, style, Align::Left) + 28.0;
    cx += canvas.text(cx, top + 34.0, "Buildings left:", style, Align::Left) + 10.0;
    for (i, left) in view.buildings.iter().enumerate() {
        cx += ink::house(canvas, cx, top + 38.0, i as u8 + 1) + 4.0;
        cx += canvas.text(cx, top + 34.0, &format!("×{left}"), style, Align::Left) + 14.0;
    }
    let muted = Style::new(Face::Regular, 18, theme::MUTED);
    for (i, line) in LEGEND.iter().enumerate() {
        let line = canvas.fit(muted, line, width - 36.0);
        canvas.text(x, top + 68.0 + i as f32 * 26.0, &line, muted, Align::Left);
    }
}

/// What the pieces mean.
const LEGEND: [&str; 2] = [
    "♛ controls the town, by its lead · ★ Most Wanted · chips count all gunslingers, lawmen too",
    "Stacks from bottom to top, the top card outlined · N: a News Story is attached",
];

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
        let board = [Section::Grid, Section::Track, Section::Players, Section::Info];
        let public = sections(&view(&game, Viewer::Public));
        assert_eq!(public, [&[Section::Header][..], &board].concat(), "no reveal, nothing private");
        let own = sections(&view(&game, Viewer::Seat(Seat(1))));
        assert_eq!(own, [&[Section::Header, Section::Private][..], &board].concat(), "three News Stories dealt");
    }

    #[test]
    fn phase_lines_count_plays_and_cards_left() {
        let mut game = AnyGame::setup(GameKind::GunslingerGang, &serde_json::json!({}), 2, 9).expect("setup");
        assert_eq!(phase_line(&view(&game, Viewer::Public), &[]), "Planning · 0 of 10 plays made");
        let seat = game.pending().must_seats().first().expect("a seat");
        game.apply(seat, "play KID B1 none", &[]).expect("a legal play");
        let public = view(&game, Viewer::Public);
        assert_eq!(phase_line(&public, &[]), "Planning · 1 of 10 plays made");
        assert!(doing(&public).contains("plays an underling"));
        assert_eq!(who(&public, &["Ann".into(), "Bo\tB".into()], Seat(1)), "Bo B (B)");
    }
}
