//! Drawing logs nothing: tiny-skia warns (through `log`) about shapes it cannot fill, and one
//! Gunslinger Gang game used to log hundreds of such warnings. Every view of whole random
//! games of every game is drawn here with a logger that counts. One test per game, so the
//! games are drawn side by side; each test counts the warnings logged on its own thread.

use std::cell::Cell;
use std::sync::Once;

use engines::{AnyGame, GameKind, GameRng, Seat, Viewer};

thread_local! {
    static WARNINGS: Cell<usize> = const { Cell::new(0) };
}

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

/// Draws every third step of two whole random games of `kind` (2 and 4 players), public and
/// one seat's view, and the end; returns the warnings logged meanwhile.
fn warnings_drawing(kind: GameKind) -> usize {
    static LOGGER: Once = Once::new();
    LOGGER.call_once(|| {
        log::set_logger(&Counter).expect("the only logger of this test binary");
        log::set_max_level(log::LevelFilter::Warn);
    });
    WARNINGS.with(|count| count.set(0));
    for (seed, players) in [(1u64, 2usize), (2, 4)] {
        let mut game = AnyGame::setup(kind, &serde_json::json!({}), players, seed).expect("setup");
        let names: Vec<String> = (0..players).map(|i| format!("Player {i}")).collect();
        let mut rng = GameRng::from_seed(seed);
        for step in 0.. {
            if step % 3 == 0 {
                render::board_png(&game.view(Viewer::Public), &names).expect("renders");
                let seat = Seat((step / 3 % players) as u8);
                render::board_png(&game.view(Viewer::Seat(seat)), &names).expect("renders");
            }
            let Some(seat) = game.pending().must_seats().first() else { break };
            let action = game.random_action(seat, &mut rng).expect("a move");
            game.apply(seat, &action, &names).expect("legal");
        }
        render::board_png(&game.view(Viewer::Public), &names).expect("renders the end");
    }
    WARNINGS.with(Cell::get)
}

#[test]
fn martian_12s_draws_without_warnings() {
    assert_eq!(warnings_drawing(GameKind::Martian12s), 0, "drawing logged warnings");
}

#[test]
fn martian_gunslinger_draws_without_warnings() {
    assert_eq!(warnings_drawing(GameKind::MartianGunslinger), 0, "drawing logged warnings");
}

#[test]
fn gunslinger_gang_draws_without_warnings() {
    assert_eq!(warnings_drawing(GameKind::GunslingerGang), 0, "drawing logged warnings");
}

#[test]
fn conquest_of_mars_draws_without_warnings() {
    assert_eq!(warnings_drawing(GameKind::ConquestOfMars), 0, "drawing logged warnings");
}

#[test]
fn raja_draws_without_warnings() {
    assert_eq!(warnings_drawing(GameKind::Raja), 0, "drawing logged warnings");
}

#[test]
fn every_game_is_drawn_here() {
    // A game added to the engines must get its line above.
    assert_eq!(GameKind::ALL.len(), 5, "a new game needs its own test in this file");
}
