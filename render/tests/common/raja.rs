//! Raja games for the golden tests and the benchmark: a seeded setup, then seeded random
//! legal actions until a chosen moment.

use engines::raja::{Event, Options, PhaseView, Raja};
use engines::{AnyGame, Game, GameRng, Pending, Seat, Viewer};

/// Plays seeded random legal actions until `stop` says so (given the game and the events of
/// the last action) or the game ends.
pub fn play_until(players: usize, seed: u64, mut stop: impl FnMut(&Raja, &[Event]) -> bool) -> Raja {
    let mut game = Raja::setup(&Options::default(), players, GameRng::from_seed(seed)).expect("set up");
    let mut chooser = GameRng::from_seed(seed ^ 0x7a1a);
    loop {
        let Pending::Deciding { must, .. } = game.pending() else { return game };
        let seats: Vec<Seat> = must.iter().collect();
        let seat = seats[chooser.index(seats.len())];
        let legal = game.legal_actions(seat);
        let action = legal[chooser.index(legal.len())].clone();
        let events = game.apply(seat, &action).expect("legal");
        if stop(&game, &events) {
            return game;
        }
    }
}

/// Four players, elephants at a city and markers on the lands (seed 5).
pub fn siege() -> AnyGame {
    AnyGame::Raja(play_until(4, 5, |g, events| {
        let view = g.view(Viewer::Public);
        !view.herds.is_empty()
            && events.iter().any(|e| matches!(e, Event::Launched { .. }))
            && view.players.iter().any(|p| p.marker_at.is_some())
    }))
}

/// Four players in an auction with bids and a pass on the board (seed 8).
pub fn auction() -> AnyGame {
    AnyGame::Raja(play_until(4, 8, |g, events| {
        let view = g.view(Viewer::Public);
        matches!(&view.phase, PhaseView::Auction(a) if !a.passed.is_empty() && a.bids.iter().flatten().count() >= 2)
            && events.iter().any(|e| matches!(e, Event::Bid { .. } | Event::Passed { .. }))
    }))
}

/// A five-player game played to its end (seed 2).
pub fn finished() -> AnyGame {
    AnyGame::Raja(play_until(5, 2, |_, _| false))
}
