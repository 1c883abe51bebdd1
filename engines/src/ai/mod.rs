//! Computer players, generic over [`Game`]: uniformly random moves (the baseline, and the
//! playouts of search) and information-set Monte Carlo tree search ([`ismcts`]) at three
//! [`Level`]s.

mod guide;
pub mod ismcts;
mod level;
pub mod sparring;

pub use guide::Guide;
pub use ismcts::{Decision, Search, search};
pub use level::{Budget, Level, UnknownLevel};

use crate::game::{Game, Pending, Seat, draw_from_list};
use crate::rng::GameRng;

/// A computer player's choice for `seat` at `level`, or `None` when it has nothing to decide.
/// `rng` is the computer's own source, separate from the game's.
pub fn computer_action<G: Guide>(game: &G, seat: Seat, level: Level, rng: &mut GameRng) -> Option<G::Action> {
    if !game.pending().must_seats().contains(seat) {
        // Only a seat the game waits for is searched; an optional move stays a random one.
        return random_action(game, seat, rng);
    }
    search(game, seat, &G::search_at(level), rng).map(|d| d.action)
}

/// For determinizations: `seat` makes random legal moves in `world` until `done` holds, but
/// never one that would end the window it answers in (`open` turning false), and at most
/// `limit` of them. Used to redraw another seat's sealed answer, which the observer must not
/// know: its old answer is cleared first, then a random one is entered in its place.
pub(crate) fn reanswer<G: Game>(
    world: &mut G,
    seat: Seat,
    rng: &mut GameRng,
    done: impl Fn(&G) -> bool,
    open: impl Fn(&G) -> bool,
) {
    let mut events = Vec::new();
    for _ in 0..64 {
        if done(world) {
            return;
        }
        let actions = world.legal_actions(seat);
        if actions.is_empty() {
            return;
        }
        let action = &actions[rng.index(actions.len())];
        let mut next = world.clone();
        events.clear();
        if next.apply_into(seat, action, &mut events).is_err() || !open(&next) {
            return;
        }
        *world = next;
    }
}

/// A uniformly random legal action for `seat`, or `None` when it has nothing to decide.
///
/// The computer player's own random source is separate from the game's, so its choices
/// never disturb the draws a replay depends on; the table logs what it chose.
pub fn random_action<G: Game>(game: &G, seat: Seat, rng: &mut GameRng) -> Option<G::Action> {
    draw_from_list(game, seat, rng, &mut Vec::new())
}

/// Plays one uniformly random move: one of the pending seats at random (a draw is spent only
/// when several must act), then one of its legal actions at random ([`Game::random_legal_action`]). `actions` and `events` are
/// buffers reused from move to move; afterwards `events` holds what the move caused. Returns
/// the seat that moved, or `None` once the game is over. Random playouts (benchmarks, the
/// statistics examples) are loops over this.
///
/// # Panics
/// When a pending seat has no legal action or one of its legal actions is refused: engine
/// bugs, which the conformance harness looks for.
pub fn random_move<G: Game>(
    game: &mut G,
    chooser: &mut GameRng,
    actions: &mut Vec<G::Action>,
    events: &mut Vec<G::Event>,
) -> Option<Seat> {
    walk(game, chooser, actions, events, G::random_legal_action)
}

/// As [`random_move`], but the action is drawn from the whole legal list with one
/// `chooser.index`, whatever the game's [`Game::random_legal_action`] does: for tools that must
/// reach the same positions however a game draws its playouts' moves (the benchmark and
/// `ai_timing` compare searches across such changes).
///
/// # Panics
/// As [`random_move`].
pub fn random_list_move<G: Game>(
    game: &mut G,
    chooser: &mut GameRng,
    actions: &mut Vec<G::Action>,
    events: &mut Vec<G::Event>,
) -> Option<Seat> {
    walk(game, chooser, actions, events, draw_from_list)
}

/// As [`random_move`], but the action is the game's playout move ([`Guide::playout_action`]):
/// the moves of the search's playouts.
///
/// # Panics
/// As [`random_move`].
pub(crate) fn guided_move<G: Guide>(
    game: &mut G,
    chooser: &mut GameRng,
    actions: &mut Vec<G::Action>,
    events: &mut Vec<G::Event>,
) -> Option<Seat> {
    walk(game, chooser, actions, events, G::playout_action)
}

/// One random move: a pending seat at random (a draw is spent only when several must act),
/// then the action `draw` picks for it, applied.
fn walk<G: Game>(
    game: &mut G,
    chooser: &mut GameRng,
    actions: &mut Vec<G::Action>,
    events: &mut Vec<G::Event>,
    draw: impl FnOnce(&G, Seat, &mut GameRng, &mut Vec<G::Action>) -> Option<G::Action>,
) -> Option<Seat> {
    let Pending::Deciding { must: seats, .. } = game.pending() else { return None };
    let seat = match seats.len() {
        0 | 1 => seats.first().unwrap_or_else(|| engine_bug("the game waits for nobody but is not over")),
        n => seats.iter().nth(chooser.index(n)).unwrap_or_else(|| engine_bug("no such pending seat")),
    };
    let Some(action) = draw(game, seat, chooser, actions) else {
        engine_bug(&format!("pending seat {seat} has no legal action"));
    };
    events.clear();
    if let Err(error) = game.apply_into(seat, &action, events) {
        engine_bug(&format!("a legal action of seat {seat} was refused: {error}"));
    }
    Some(seat)
}

/// Kept out of line, so the playout loop stays small.
#[cold]
#[inline(never)]
fn engine_bug(what: &str) -> ! {
    panic!("{what}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::martian_gunslinger::{MartianGunslinger, Options};

    /// A seeded random playout ends, the same way every time, and stops at the end.
    #[test]
    fn random_moves_play_a_game_to_its_end_reproducibly() {
        let play = |seed: u64| {
            let mut game = MartianGunslinger::setup(&Options::default(), 3, GameRng::from_seed(seed)).expect("setup");
            let mut chooser = GameRng::from_seed(!seed);
            let (mut actions, mut events) = (Vec::new(), Vec::new());
            let mut seats = Vec::new();
            while let Some(seat) = random_move(&mut game, &mut chooser, &mut actions, &mut events) {
                seats.push(seat);
                assert!(seats.len() <= MartianGunslinger::MAX_ACTIONS, "the game ends");
            }
            assert!(matches!(game.pending(), Pending::Finished(_)));
            assert!(random_move(&mut game, &mut chooser, &mut actions, &mut events).is_none(), "over stays over");
            (seats, game)
        };
        let (seats, game) = play(4);
        assert!(seats.iter().any(|s| s.0 != seats[0].0), "more than one seat played");
        assert_eq!(play(4).1, game, "same seed, same game");
    }
}
