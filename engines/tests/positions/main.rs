//! No move a person would laugh at (issue #26 item 3): positions from real games where the
//! computers once played a blunder, kept as chess engines keep test suites. Each position is
//! a seed and the moves played from it; the computer at `normal` (its iteration budget,
//! without the time limit, so the test is the same on any machine) must not choose the
//! blunder in at least 9 of 10 of its own seeds.
//!
//! Each test also searches the position without the game's advice (`Search::guided` off, the
//! search as it was before the fixes) and asserts that it does choose the blunder in at least
//! 2 of 10 seeds: so each test fails when its fix is reverted, and a position that stops
//! tempting the old search is noticed.
//!
//! The games the positions come from were played by the sparring partners (`ai::sparring`)
//! and, where a blunder needs another computer's move first (a trade proposal to answer), by
//! the old search; `find_positions` (ignored; run with `--ignored --nocapture` in release)
//! plays such games and prints the first position of each kind that tempts the old search.

mod conquest_of_mars;
mod gunslinger_gang;
mod martian_12s;
mod martian_gunslinger;
mod raja;

use engines::ai::{Guide, Level, Search, search};
use engines::{Game, GameRng, Pending, Seat};

/// A position: the game set up from `seed` for `players`, then `moves`, one a line
/// (`P1 pull S`: the seat, then the action's text form); `seat` decides next.
#[derive(Debug)]
pub struct Position {
    pub seed: u64,
    pub players: usize,
    pub moves: &'static str,
    pub seat: u8,
}

/// The position's game, rebuilt move by move.
pub fn replay<G: Game>(position: &Position) -> G {
    let mut game =
        G::setup(&G::Options::default(), position.players, GameRng::from_seed(position.seed)).expect("setup");
    for line in position.moves.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (seat, text) = line.split_once(' ').expect("a seat and an action");
        let seat = Seat(seat.trim_start_matches('P').parse().expect("a seat number"));
        let action: G::Action = text.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        game.apply(seat, &action).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    game
}

/// The search of a computer at `normal`, counted in iterations; `guided` off searches as
/// before the fixes.
pub fn normal<G: Guide>(guided: bool) -> Search {
    Search { guided, ..G::search_at(Level::Normal).untimed() }
}

/// How many of 10 seeds of `search` make `seat` play the blunder in `game`: a decision is
/// `decide(game, seed)`, which searches once or plays out a whole step (a turn's movement).
pub fn blunders<G: Guide>(
    game: &G,
    seat: Seat,
    guided: bool,
    decide: impl Fn(&G, Seat, &Search, u64) -> bool,
) -> usize {
    let search = normal::<G>(guided);
    (0..10).filter(|seed| decide(game, seat, &search, *seed)).count()
}

/// The common check: one decision, `blunder` tells a laughable action.
pub fn check<G: Guide>(name: &str, position: &Position, blunder: impl Fn(&G, &G::Action) -> bool) {
    let game: G = replay(position);
    let seat = Seat(position.seat);
    assert!(game.pending().must_seats().contains(seat), "{name}: {seat} decides in the position");
    let decide = |g: &G, s: Seat, search: &Search, seed: u64| {
        let decision = engines::ai::search(g, s, search, &mut GameRng::from_seed(seed)).expect("a decision");
        blunder(g, &decision.action)
    };
    let before = blunders(&game, seat, false, decide);
    assert!(before >= 2, "{name}: the old search chose the blunder {before} times in 10; the position tests nothing");
    let now = blunders(&game, seat, true, decide);
    assert!(now <= 1, "{name}: normal chose the blunder {now} times in 10");
}

/// For `find_positions`: plays games of `players` from seeds `0..games` with every seat
/// played by `mover`, and at each decision of a seat where `tempting` holds, counts the old
/// search's blunders; prints the first position where it blunders at least 3 times in 10.
pub fn find<G: Guide>(
    name: &str,
    players: usize,
    games: u64,
    mut mover: impl FnMut(&G, Seat, &mut GameRng) -> G::Action,
    tempting: impl Fn(&G, Seat) -> bool,
    blunder: impl Fn(&G, &G::Action) -> bool,
) {
    for seed in 0..games {
        let mut game = G::setup(&G::Options::default(), players, GameRng::from_seed(seed)).expect("setup");
        let mut rng = GameRng::from_seed(seed ^ 0x5eed);
        let mut moves = String::new();
        while let Pending::Deciding { must, .. } = game.pending() {
            let seat = must.iter().nth(rng.index(must.len())).expect("a seat");
            if game.legal_actions(seat).len() > 1 && tempting(&game, seat) {
                let decide =
                    |g: &G, s: Seat, search: &Search, seed: u64| blunder(g, &search_action(g, s, search, seed));
                let before = blunders(&game, seat, false, decide);
                if before >= 3 {
                    let now = blunders(&game, seat, true, decide);
                    println!("{name}: seed {seed}, {players} players, seat {}: old {before}/10, now {now}/10", seat.0);
                    println!("{moves}");
                    return;
                }
            }
            let action = mover(&game, seat, &mut rng);
            moves.push_str(&format!("P{} {action}\n", seat.0));
            game.apply(seat, &action).expect("a legal move");
        }
    }
    println!("{name}: no position found");
}

fn search_action<G: Guide>(game: &G, seat: Seat, s: &Search, seed: u64) -> G::Action {
    search(game, seat, s, &mut GameRng::from_seed(seed)).expect("a decision").action
}

/// A mover for `find`: sparring partner `partner` at every seat.
pub fn partner<G: engines::ai::sparring::Sparring>(partner: usize) -> impl FnMut(&G, Seat, &mut GameRng) -> G::Action {
    move |game, seat, rng| engines::ai::sparring::sparring_action(game, seat, partner, rng).expect("a move")
}

/// For `find`: a different sparring partner at each seat (`partners[seat % len]`), so that a
/// raider meets a guard and an attacker meets a cautious player.
pub fn mixed<G: engines::ai::sparring::Sparring>(
    partners: &'static [usize],
) -> impl FnMut(&G, Seat, &mut GameRng) -> G::Action {
    move |game, seat, rng| {
        let partner = partners[usize::from(seat.0) % partners.len()];
        engines::ai::sparring::sparring_action(game, seat, partner, rng).expect("a move")
    }
}

/// For `find`: the unguided search (as before the fixes) at every seat.
pub fn old_search<G: Guide>(game: &G, seat: Seat, rng: &mut GameRng) -> G::Action {
    search(game, seat, &normal::<G>(false), rng).expect("a decision").action
}

// The finders, one a game, so that one game's positions can be looked for alone
// (`find_positions_raja`); run in release with `--ignored --nocapture`.

#[test]
#[ignore = "finds positions for this suite; run in release with --ignored --nocapture"]
fn find_positions_martian_12s() {
    martian_12s::find_all();
}

#[test]
#[ignore = "finds positions for this suite; run in release with --ignored --nocapture"]
fn find_positions_martian_gunslinger() {
    martian_gunslinger::find_all();
}

#[test]
#[ignore = "finds positions for this suite; run in release with --ignored --nocapture"]
fn find_positions_gunslinger_gang() {
    gunslinger_gang::find_all();
}

#[test]
#[ignore = "finds positions for this suite; run in release with --ignored --nocapture"]
fn find_positions_conquest_of_mars() {
    conquest_of_mars::find_all();
}

#[test]
#[ignore = "finds positions for this suite; run in release with --ignored --nocapture"]
fn find_positions_raja() {
    raja::find_all();
}

#[test]
#[ignore = "finds positions for this suite; run in release with --ignored --nocapture"]
fn find_positions_raja_cheap_shield() {
    raja::find_cheap_shield();
}
