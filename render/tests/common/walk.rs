//! Seeded random games of every game at every player count, stopped along the way to draw
//! what each viewer sees: the public board and every seat's own. The limits test and the
//! `board_figures` example walk the same games.

use engines::{AnyGame, AnyView, GameKind, GameRng, Pending, Viewer};

/// Where the moves of a walk are drawn from: `seed ^ SALT`, apart from the game's own seed.
const SALT: u64 = 0x05ee_d0fb_0a2d;

/// One stop along a walk: which game, how many players, which seed, which decision, who
/// looks, and what they see.
#[derive(Debug)]
pub struct Stop {
    /// The game.
    pub kind: GameKind,
    /// Players at the table.
    pub players: usize,
    /// The game's seed.
    pub seed: u64,
    /// Decisions made before this stop (the last stop of a game is its end).
    pub step: usize,
    /// Whether the game is over.
    pub over: bool,
    /// Who looks.
    pub viewer: Viewer,
    /// Whether the seat looking holds a secret (never for the public).
    pub secret: bool,
    /// What they see.
    pub view: AnyView,
}

impl Stop {
    /// "public" or "seat".
    pub fn audience(&self) -> &'static str {
        match self.viewer {
            Viewer::Public => "public",
            Viewer::Seat(_) => "seat",
        }
    }

    /// A short name for messages: `raja 3p seed 1 step 40 seat P2`.
    pub fn label(&self) -> String {
        let who = match self.viewer {
            Viewer::Public => "public".to_string(),
            Viewer::Seat(seat) => format!("seat {seat}"),
        };
        let end = if self.over { " (final)" } else { "" };
        format!("{} {}p seed {} step {}{end} {who}", self.kind.id(), self.players, self.seed, self.step)
    }
}

/// Plays one seeded random game of `kind` with `players` (its default options), calling
/// `visit` with every viewer's view at every `every`th decision and once at the end (the
/// public view first, then each seat's).
///
/// # Panics
/// If the game cannot be set up or a random legal move is refused (engine bugs).
pub fn walk(kind: GameKind, players: usize, seed: u64, every: usize, mut visit: impl FnMut(Stop)) {
    let mut game = AnyGame::setup(kind, &serde_json::json!({}), players, seed).expect("setup");
    let mut chooser = GameRng::from_seed(seed ^ SALT);
    let mut step = 0;
    while let Pending::Deciding { must, .. } = game.pending() {
        if step % every.max(1) == 0 {
            visit_all(&game, kind, seed, step, false, &mut visit);
        }
        let seats: Vec<_> = must.iter().collect();
        let seat = seats[chooser.index(seats.len())];
        let Some(action) = game.random_action(seat, &mut chooser) else { break };
        game.apply(seat, &action, &[]).unwrap_or_else(|e| panic!("{kind} seed {seed}: {action}: {e}"));
        step += 1;
    }
    visit_all(&game, kind, seed, step, true, &mut visit);
}

fn visit_all(game: &AnyGame, kind: GameKind, seed: u64, step: usize, over: bool, visit: &mut impl FnMut(Stop)) {
    let players = game.players();
    let viewers = std::iter::once(Viewer::Public).chain((0..players).map(|s| Viewer::Seat(engines::Seat(s as u8))));
    for viewer in viewers {
        let secret = matches!(viewer, Viewer::Seat(seat) if game.holds_secrets(seat));
        visit(Stop { kind, players, seed, step, over, viewer, secret, view: game.view(viewer) });
    }
}

/// Every game at every player count it allows.
pub fn tables() -> Vec<(GameKind, usize)> {
    GameKind::ALL
        .iter()
        .flat_map(|kind| {
            let (low, high) = kind.players();
            (low..=high).map(move |n| (*kind, n))
        })
        .collect()
}
