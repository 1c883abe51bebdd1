//! Martian 12s tests: the fixtures shared by the files below, the acceptance scenarios of
//! `rules/martian-12s.scenarios.md` (`scenarios.rs`), the rulings no scenario covers and the
//! refusals (`rulings.rs`), and unit tests of the text forms, labels, narration, view and
//! invariants (`units.rs`).
//!
//! Randomness is scripted: the roll-off returns the stated seat and each pull yields the
//! stated pyramid. A scripted pyramid that is not in the bag, or not of the requested size,
//! fails the test (harness convention).

mod rulings;
mod scenarios;
mod units;

use super::state::Martian12s;
use super::{Action, Event, Grab, Options, Pyramid};
use crate::game::{Game, RuleError, Seat};
use crate::parts::pyramids::Size;
use crate::rng::GameRng;

pub(super) const P0: Seat = Seat(0);
pub(super) const P1: Seat = Seat(1);
pub(super) const P2: Seat = Seat(2);

/// A new match of `players` whose roll-off gives the first draw to seat `roll_off`.
pub(super) fn setup(players: usize, options: Options, roll_off: u32) -> Martian12s {
    let game = Martian12s::setup(&options, players, GameRng::scripted([roll_off])).expect("setup");
    game.check_invariants().expect("invariants after setup");
    game
}

/// Scripts the next draw of `grab` to yield the pyramid `id`, failing if it cannot.
pub(super) fn script_draw(game: &mut Martian12s, grab: Grab, id: &str) -> Pyramid {
    let pyramid: Pyramid = id.parse().expect("pyramid id");
    let bit = 1u64 << pyramid.index(game.sets);
    let candidates = game.candidates(grab);
    assert!(candidates & bit != 0, "scripted {id} is not in the bag as {grab}");
    game.rng.push_script((candidates & (bit - 1)).count_ones());
    pyramid
}

/// `seat` plays `Pull{grab}` and the bag yields `id`; returns the events.
pub(super) fn pull(game: &mut Martian12s, seat: Seat, grab: Grab, id: &str) -> Vec<Event> {
    let pyramid = script_draw(game, grab, id);
    let events = game.apply(seat, &Action::Pull(grab)).expect("pull accepted");
    game.check_invariants().expect("invariants");
    assert!(matches!(events[0], Event::Pulled { pyramid: p, .. } if p == pyramid), "{events:?}");
    events
}

/// `seat` plays `Pass`.
pub(super) fn pass(game: &mut Martian12s, seat: Seat) {
    game.apply(seat, &Action::Pass).expect("pass accepted");
    game.check_invariants().expect("invariants");
}

/// Resign applied for `seat`.
pub(super) fn resign(game: &mut Martian12s, seat: Seat) {
    game.apply(seat, &Action::Resign).expect("resign accepted");
    game.check_invariants().expect("invariants");
}

pub(super) const fn size(s: Size) -> Grab {
    Grab::Size(s)
}

/// `score/pulls` of a seat.
pub(super) fn tally(game: &Martian12s, seat: Seat) -> (u8, usize) {
    let p = game.player(seat);
    (p.score, p.pulls())
}

pub(super) fn wallets(game: &Martian12s) -> Vec<u32> {
    game.players.iter().map(|p| p.wallet.0).collect()
}

/// `seat`'s `action` is refused and the saved state is byte-for-byte what it was.
pub(super) fn refused_without_change(game: &Martian12s, seat: Seat, action: Action) -> RuleError {
    let before = serde_json::to_string(game).expect("state saves");
    let mut copy = game.clone();
    let error = copy.apply(seat, &action).expect_err("refused");
    assert_eq!(serde_json::to_string(&copy).expect("state saves"), before, "{action}: state changed on a refusal");
    assert_eq!(&copy, game, "{action}: state changed on a refusal");
    error
}
