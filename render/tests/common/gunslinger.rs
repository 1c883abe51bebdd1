//! Martian Gunslinger tables for the golden tests, the robustness tests and the benchmark,
//! set up and played through the engines' public API with deterministic policies.

use engines::martian_gunslinger::View;
use engines::{AnyGame, AnyView, GameKind, GameRng, Seat, Viewer};

use super::pending_seat;

/// A new Martian Gunslinger table.
pub fn setup(players: usize, seed: u64) -> AnyGame {
    AnyGame::setup(GameKind::MartianGunslinger, &serde_json::json!({}), players, seed).expect("valid setup")
}

/// The Martian Gunslinger view of `game` for `viewer`.
pub fn view(game: &AnyGame, viewer: Viewer) -> View {
    match game.view(viewer) {
        AnyView::MartianGunslinger(view) => *view,
        other => panic!("not a Martian Gunslinger view: {:?}", other.kind()),
    }
}

/// Whether an action text is a pass: skipping a step that has other options.
fn is_pass(action: &str) -> bool {
    ["skip", "pass-power", "keep-rolls", "end-move"].iter().any(|pass| action.starts_with(pass))
}

/// An eager player: a seeded random legal action, passing only when nothing else is legal,
/// so that resources, tokens and events pile up quickly.
pub fn eager(game: &AnyGame, seat: Seat, rng: &mut GameRng) -> String {
    let legal = game.legal_actions(seat, &[]);
    let doing: Vec<&str> = legal.iter().map(|a| a.text.as_str()).filter(|a| !is_pass(a)).collect();
    if doing.is_empty() {
        legal[rng.index(legal.len())].text.clone()
    } else {
        doing[rng.index(doing.len())].to_string()
    }
}

/// Plays `policy` from `game` until `stop` holds for the public view (checked before each
/// action) or the game ends; panics after `limit` actions.
pub fn play_until(
    game: &mut AnyGame,
    rng: &mut GameRng,
    limit: usize,
    policy: impl Fn(&AnyGame, Seat, &mut GameRng) -> String,
    stop: impl Fn(&View) -> bool,
) {
    for _ in 0..limit {
        if stop(&view(game, Viewer::Public)) {
            return;
        }
        let Some(seat) = pending_seat(game) else { return };
        let action = policy(game, seat, rng);
        game.apply(seat, &action, &[]).unwrap_or_else(|e| panic!("{action} for {seat}: {e}"));
    }
    panic!("no such position within {limit} actions");
}

/// A seeded random legal action (the engines' computer player).
pub fn random(game: &AnyGame, seat: Seat, rng: &mut GameRng) -> String {
    game.random_action(seat, rng).expect("a pending seat has a move")
}

/// Whether `seat`'s own view holds anything beyond the public view (§5).
pub fn holds_private(view: &View) -> bool {
    view.me.as_ref().is_some_and(|me| {
        !me.hand.is_empty() || me.event.is_some() || !me.contest_hand.is_empty() || me.dug.is_some() || me.bid.is_some()
    })
}

/// Two players in setup (§3): both homes and a plotpoint placed, random legal placements.
pub fn setup_two_players() -> AnyGame {
    let mut game = setup(2, 1);
    let mut rng = GameRng::from_seed(1);
    play_until(&mut game, &mut rng, 20, random, |v| {
        v.players.iter().all(|p| p.home.is_some()) && v.plotpoints.iter().any(|(_, square)| square.is_some())
    });
    game
}

/// Four eager players in round 21: the Mayor sits, tokens and resources are out, and the
/// active player has moved two squares this turn.
pub fn four_players_mid_game() -> AnyGame {
    let mut game = setup(4, 1608);
    let mut rng = GameRng::from_seed(1608);
    play_until(&mut game, &mut rng, 20_000, eager, |v| {
        let tokens = v.players.iter().filter(|p| !p.tokens.is_empty()).count();
        let resources: usize = v.players.iter().map(|p| p.resources.len()).sum();
        v.mayor.is_some()
            && v.stage == engines::martian_gunslinger::Stage::Move
            && tokens >= 2
            && resources >= 11
            && v.last_move.as_ref().is_some_and(|m| m.path.len() >= 3 && Some(m.seat) == v.active)
    });
    game
}

/// Three eager players in round 7: the active player holds five cards and an event card; an
/// opponent has a pending Casino Tycoon with three Locked cards.
pub fn three_players_tycoon() -> AnyGame {
    let mut game = setup(3, 118);
    let mut rng = GameRng::from_seed(118);
    play_until(&mut game, &mut rng, 20_000, eager, |v| {
        v.stage == engines::martian_gunslinger::Stage::HandCard
            && v.players.iter().any(|p| {
                matches!(p.event, engines::martian_gunslinger::EventView::Tycoon { .. }) && !p.locked.is_empty()
            })
    });
    game
}

/// Four eager players until someone reaches seven victory points (round 22).
pub fn four_players_finished() -> AnyGame {
    let mut game = setup(4, 28);
    let mut rng = GameRng::from_seed(28);
    play_until(&mut game, &mut rng, 50_000, eager, |v| v.outcome.is_some());
    game
}
