//! One phone screen, readable at 400 px: every game at every player count, drawn along seeded
//! random games for the public board and every seat's own, must be at most 1,600 px tall at
//! 960 px wide and at most 100 KB, with no text clipped by the picture or a panel, no two
//! lines of text overlapping, no essential text under about 11 px when the picture is shown
//! 400 px wide, and no identifier (a ruling number, a phase code) or broken grammar in it.
//! The golden boards (the longest stacks, the fullest towns) are held to the same limits.
//!
//! The same walks check two more things, so that the games are walked and drawn once for
//! all of them: drawing logs nothing (tiny-skia warns through `log` about shapes it cannot
//! fill, and one Gunslinger Gang game used to log hundreds of such warnings; each test counts
//! the warnings logged on its own thread), and a Gunslinger Gang seat's picture differs from
//! the public one exactly when the seat holds a secret (§5).
//!
//! `cargo run --release -p render --example board_figures` prints the figures these hold.

mod common;

use std::cell::Cell;
use std::sync::Once;

use common::limits::{identifiers, problems};
use common::walk::{Stop, walk};
use engines::{AnyGame, GameKind, Viewer};

thread_local! {
    static WARNINGS: Cell<usize> = const { Cell::new(0) };
}

/// Counts the warnings logged on each thread.
struct Counter;

impl log::Log for Counter {
    fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
        metadata.level() <= log::Level::Warn
    }

    fn log(&self, record: &log::Record<'_>) {
        if self.enabled(record.metadata()) {
            WARNINGS.with(|count| count.set(count.get() + 1));
            eprintln!("{}: {}", record.level(), record.args());
        }
    }

    fn flush(&self) {}
}

/// Installs the counting logger (once for the binary) and starts this thread's count at 0.
fn count_warnings() {
    static LOGGER: Once = Once::new();
    LOGGER.call_once(|| {
        log::set_logger(&Counter).expect("the only logger of this test binary");
        log::set_max_level(log::LevelFilter::Warn);
    });
    WARNINGS.with(|count| count.set(0));
}

/// Draws every stop of the walks of `kind` at `players` and fails with every problem found.
fn check_game(kind: GameKind, players: usize, games: u64, every: usize) {
    count_warnings();
    let (low, high) = kind.players();
    assert!((low..=high).contains(&players), "{} is not played by {players}", kind.id());
    let mut failures = Vec::new();
    let mut pictures = 0;
    let names = common::names(players);
    for seed in 0..games {
        let mut public = Vec::new();
        walk(kind, players, seed, every, |stop: Stop| {
            let drawing = render::board_drawing(&stop.view, &names).expect("draws");
            pictures += 1;
            failures.extend(problems(&drawing).into_iter().map(|p| format!("{}: {p}", stop.label())));
            failures.extend(private_differs(kind, &stop, &drawing.png, &public));
            if stop.viewer == Viewer::Public {
                public = drawing.png;
            }
        });
    }
    let warnings = WARNINGS.with(Cell::get);
    if warnings > 0 {
        failures.push(format!("drawing logged {warnings} warnings"));
    }
    report(&format!("{} at {players}", kind.id()), pictures, &failures);
}

/// The walks of one game as one test per player count (`<game>::players_N`): five tests of
/// unequal length left one core idle at the end of the suite; one per count keeps both busy.
macro_rules! walks {
    ($name:ident: $kind:expr, $games:expr, every $every:expr, [$($test:ident = $players:expr),+ $(,)?]) => {
        mod $name {
            use super::*;
            $(
                #[test]
                fn $test() {
                    check_game($kind, $players, $games, $every);
                }
            )+
        }
    };
}

/// For Gunslinger Gang (§5, §8.5): a seat's picture differs from the public picture of the
/// same moment exactly when the seat holds a secret.
fn private_differs(kind: GameKind, stop: &Stop, png: &[u8], public: &[u8]) -> Option<String> {
    let seat = matches!(stop.viewer, Viewer::Seat(_));
    let differs = png != public;
    (kind == GameKind::GunslingerGang && seat && differs != stop.secret).then(|| {
        format!("{}: differs from the public picture: {differs}, holds a secret: {}", stop.label(), stop.secret)
    })
}

/// Draws the golden boards of `kind` (public and every seat) under the same limits.
fn check_boards(id: &str, games: &[AnyGame]) {
    let mut failures = Vec::new();
    let mut pictures = 0;
    for (i, game) in games.iter().enumerate() {
        let names = common::names(game.players());
        let viewers =
            std::iter::once(Viewer::Public).chain((0..game.players()).map(|s| Viewer::Seat(engines::Seat(s as u8))));
        for viewer in viewers {
            let drawing = render::board_drawing(&game.view(viewer), &names).expect("draws");
            pictures += 1;
            failures.extend(problems(&drawing).into_iter().map(|p| format!("board {i} {viewer:?}: {p}")));
        }
    }
    report(id, pictures, &failures);
}

fn report(id: &str, pictures: usize, failures: &[String]) {
    let shown: Vec<&String> = failures.iter().take(40).collect();
    assert!(
        failures.is_empty(),
        "{id}: {} problems in {pictures} pictures; the first:\n{}",
        failures.len(),
        shown.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn every_game_is_walked_here() {
    // A game added to the engines must get its test below.
    assert_eq!(GameKind::ALL.len(), 5, "a new game needs its own test in this file");
}

#[test]
fn identifiers_are_found() {
    assert!(identifiers("Game over after four rounds (R35)").is_some());
    assert!(identifiers("T6 · hand card").is_some());
    assert!(identifiers("T0r · re-entry").is_some());
    assert!(identifiers("You's turn").is_some());
    assert!(identifiers("dice_mix").is_some());
    assert!(identifiers("Round 3 · Ada's turn · R is red").is_none());
    assert!(identifiers("Turn 7 of 20").is_none());
}

walks!(martian_12s: GameKind::Martian12s, 2, every 10, [
    players_2 = 2, players_3 = 3, players_4 = 4, players_5 = 5,
    players_6 = 6, players_7 = 7, players_8 = 8, players_9 = 9,
]);

#[test]
fn martian_12s_boards() {
    check_boards(
        "martian-12s boards",
        &[common::nine_players(), common::nine_players_long_stack(), common::finished()],
    );
}

// Two games per count, every 24th decision: a game runs to several hundred decisions.
walks!(martian_gunslinger: GameKind::MartianGunslinger, 2, every 24, [players_2 = 2, players_3 = 3, players_4 = 4]);

#[test]
fn martian_gunslinger_boards() {
    use common::gunslinger as mg;
    check_boards("martian-gunslinger boards", &[mg::four_players_mid_game(), mg::four_players_finished()]);
}

// Two games per count, every 8th decision: a game runs to about three hundred decisions.
walks!(gunslinger_gang: GameKind::GunslingerGang, 2, every 8, [players_2 = 2, players_3 = 3, players_4 = 4]);

#[test]
fn gunslinger_gang_boards() {
    use common::gunslinger_gang as gg;
    check_boards("gunslinger-gang boards", &[gg::four_players_planning(), gg::resolution(), gg::finished()]);
}

walks!(conquest_of_mars: GameKind::ConquestOfMars, 1, every 12, [players_2 = 2, players_3 = 3, players_4 = 4]);

#[test]
fn conquest_of_mars_boards() {
    use common::conquest_of_mars as com;
    check_boards("conquest-of-mars boards", &[com::attack_commit(), com::attack_casualty(), com::finished()]);
}

// One game per player count, every 16th decision: a five-player game has over a thousand.
walks!(raja: GameKind::Raja, 1, every 16, [players_2 = 2, players_3 = 3, players_4 = 4, players_5 = 5]);

#[test]
fn raja_boards() {
    use common::raja;
    check_boards("raja boards", &[raja::auction(), raja::siege(), raja::finished()]);
}
