//! Drawing logs nothing: tiny-skia warns (through `log`) about shapes it cannot fill, and one
//! Gunslinger Gang game used to log hundreds of such warnings. Every view of whole random
//! games of every game is drawn here with a logger that counts.

use std::sync::atomic::{AtomicUsize, Ordering};

use engines::{AnyGame, GameKind, GameRng, Seat, Viewer};

static WARNINGS: AtomicUsize = AtomicUsize::new(0);

struct Counter;

impl log::Log for Counter {
    fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
        metadata.level() <= log::Level::Warn
    }

    fn log(&self, record: &log::Record<'_>) {
        if self.enabled(record.metadata()) {
            WARNINGS.fetch_add(1, Ordering::Relaxed);
            eprintln!("{}: {}", record.level(), record.args());
        }
    }

    fn flush(&self) {}
}

#[test]
fn drawing_whole_games_logs_no_warning() {
    log::set_logger(&Counter).expect("the only logger of this test binary");
    log::set_max_level(log::LevelFilter::Warn);
    for &kind in GameKind::ALL {
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
    }
    assert_eq!(WARNINGS.load(Ordering::Relaxed), 0, "drawing logged warnings");
}
