//! Views for the golden tests and the benchmark, played through the engines' public API.

#![allow(dead_code)]

pub mod conquest_of_mars;
pub mod golden;
pub mod gunslinger;
pub mod gunslinger_gang;
pub mod limits;
pub mod raja;
pub mod walk;

use engines::martian_12s::{Martian12s, Options, Status, View};
use engines::{AnyGame, AnyView, Game, GameKind, GameRng, Pending, Seat, Viewer};

/// Player names, by seat.
pub fn names(n: usize) -> Vec<String> {
    ["Ada", "Bartholomew", "Cy", "Dolores", "Ezekiel", "Fumiko", "Gus", "Hildegard", "Ilse"]
        .iter()
        .take(n)
        .map(ToString::to_string)
        .collect()
}

/// A new Martian 12s game.
pub fn setup(options: serde_json::Value, players: usize, seed: u64) -> AnyGame {
    AnyGame::setup(GameKind::Martian12s, &options, players, seed).expect("valid setup")
}

/// The seat that must act, if the game is not over.
pub fn pending_seat(game: &AnyGame) -> Option<Seat> {
    match game.pending() {
        Pending::Deciding { must, .. } => must.first(),
        Pending::Finished(_) => None,
    }
}

/// Applies `actions` in turn, each for whichever seat is pending.
pub fn apply_all(game: &mut AnyGame, actions: &[&str]) {
    for action in actions {
        let seat = pending_seat(game).expect("someone is on turn");
        game.apply(seat, action, &[]).unwrap_or_else(|e| panic!("{action} for {seat}: {e}"));
    }
}

/// Plays while `policy` names an action for the pending seat (seeing the public view).
pub fn drive(game: &mut AnyGame, mut policy: impl FnMut(&View, Seat) -> Option<&'static str>) {
    for _ in 0..5_000 {
        let Some(seat) = pending_seat(game) else { return };
        let view = m12s(game);
        let Some(action) = policy(&view, seat) else { return };
        game.apply(seat, action, &[]).unwrap_or_else(|e| panic!("{action} for {seat}: {e}"));
    }
    panic!("the policy never stopped");
}

/// The Martian 12s view of a game.
pub fn m12s(game: &AnyGame) -> View {
    match game.view(Viewer::Public) {
        AnyView::Martian12s(view) => *view,
        other => panic!("not a Martian 12s view: {:?}", other.kind()),
    }
}

/// Pull (blind) until the score reaches `target`, then pass.
pub fn cautious(view: &View, seat: Seat, target: u8) -> &'static str {
    if view.player(seat).score >= target { "pass" } else { "pull any" }
}

/// Three players in the middle of round 1: a pass and a few pulls of every size.
pub fn three_players_mid_round() -> AnyGame {
    let mut game = setup(serde_json::json!({}), 3, 11);
    apply_all(&mut game, &["pull L", "pull M", "pull S", "pull any", "pass", "pull L", "pull S"]);
    game
}

/// Four players mid-round: one has passed, one has popped, two are still pulling.
pub fn popped_and_passed() -> AnyGame {
    let mut game = setup(serde_json::json!({"stake": 2}), 4, 5);
    drive(&mut game, |view, seat| {
        let popped = view.players.iter().any(|p| p.status == Status::Popped);
        if popped && view.player(Seat(2)).stack.len() >= 2 {
            return None;
        }
        Some(match seat.0 {
            0 if !view.player(seat).stack.is_empty() => "pass",
            1 => "pull L",
            _ => "pull any",
        })
    });
    game
}

/// Nine players (four sets in the bag) in round 2, after a cautious round 1: some have
/// passed, one has popped, the rest are still pulling.
pub fn nine_players() -> AnyGame {
    let mut game = setup(serde_json::json!({"rounds": 10}), 9, 3);
    drive(&mut game, |view, seat| (view.round == 1).then(|| cautious(view, seat, 8 + seat.0 % 3)));
    drive(&mut game, |view, seat| {
        let count = |status| view.players.iter().filter(|p| p.status == status).count();
        let done = count(Status::Popped) >= 1 && count(Status::Passed) >= 2;
        // Every third player never stops, so somebody pops.
        (!done).then(|| cautious(view, seat, [5, 8, 13][usize::from(seat.0 % 3)]))
    });
    game
}

/// Nine players, the bag scripted so that Ada, the sole player still pulling, has drawn
/// the twelve 0s and eight 1s: a 20-pyramid stack (R11: a sole Active player has no
/// six-pull limit). Bartholomew and five others passed at once, Cy passed at 4, Dolores popped.
pub fn nine_players_long_stack() -> AnyGame {
    // Each number picks among the candidates of one pull in canonical order (value, size, copy).
    let mut script = vec![0]; // the roll-off: Ada draws first
    script.extend([0, 19, 10]); // Ada 0S1, Cy 4L4, Dolores 2M3
    script.extend([0, 18, 0, 17, 0, 16]); // Ada 0s, Dolores 4L3 and 4L2 and 4L1: 14, popped
    script.extend([0; 16]); // Ada alone: the other eight 0s, then eight 1s
    let options = Options { start_wallet: Some(40), ..Options::default() };
    let game = Martian12s::setup(&options, 9, GameRng::scripted(script)).expect("valid setup");
    let mut game = AnyGame::Martian12s(game);
    apply_all(&mut game, &["pull any", "pass", "pull L", "pull M", "pass", "pass", "pass", "pass", "pass"]);
    apply_all(&mut game, &["pull any", "pass", "pull L", "pull any", "pull L", "pull any", "pull L"]);
    apply_all(&mut game, &["pull any"; 16]);
    game
}

/// Five players with the Xeno palette, mid-round.
pub fn xeno() -> AnyGame {
    let mut game = setup(serde_json::json!({"palette": "xeno", "stake": 5}), 5, 21);
    apply_all(&mut game, &["pull S", "pull M", "pull L", "pull any", "pull S", "pull M", "pass", "pull L"]);
    drive(&mut game, |view, seat| (view.player(seat).stack.len() < 3).then_some("pull any"));
    game
}

/// A finished three-round match with four players, one of whom resigned.
pub fn finished() -> AnyGame {
    let mut game = setup(serde_json::json!({"rounds": 3}), 4, 8);
    drive(&mut game, |view, seat| (view.round == 1).then(|| cautious(view, seat, 9)));
    let resigner = Seat(3);
    game.apply(resigner, "resign", &[]).expect("resign");
    drive(&mut game, |view, seat| Some(cautious(view, seat, 6 + seat.0 * 2)));
    game
}

/// What a golden test learned about a rendered board.
#[derive(Debug)]
pub struct Board {
    /// The text form.
    pub text: String,
    /// The picture's height in pixels.
    pub height: u32,
}

/// Three players just after a round ended: round 2 has begun and nobody has pulled yet, so
/// the board shows round 1's stacks under its result.
pub fn round_just_ended() -> AnyGame {
    let mut game = setup(serde_json::json!({}), 3, 23);
    drive(&mut game, |view, seat| (view.round == 1).then(|| cautious(view, seat, 9)));
    game
}
