//! The conformance harness: one generic check over every game in `GameKind`.
//!
//! Thousands of seeded random playouts to the end. After every action the game's invariants
//! hold; a seat the game waits for (*must*) always has a legal action, a seat that *may* act
//! has one too, and a seat in neither set has none; actions not in the legal list are
//! rejected with the state unchanged, and so are, at random points, out-of-turn actions,
//! resigning twice, acting after resigning and unknown seats (the state compared byte for
//! byte as saved JSON); text forms read back; every step of entering an action fits a
//! Discord menu; the timeout of every seat waited for is accepted and moves the game on; the
//! legal list, a random playout's draw and the step tree agree; no view, and no event or narration for any audience (public, one seat, or
//! several), carries a secret its reader may not see; saving and loading keeps the state;
//! replaying seed + action log reproduces it; and every playout ends within the game's cap.
//!
//! A game joins with one `sharded!` line at the bottom of this file.

use std::collections::HashSet;
use std::fmt::Debug;

use engines::{Game, GameRng, MAX_CHOICES, Pending, RuleErrorKind, Seat, SeatSet, Secret, Viewer};
use serde_json::{Value, json};

/// How one game is exercised.
struct Plan {
    /// Playouts per option set, over all of the game's shards.
    games: u64,
    /// Option sets, as JSON merged over the defaults; combinations a game refuses at setup
    /// (with a `SetupError`) are skipped, but each option set must play at least once.
    options: Vec<Value>,
    /// Playouts in which views, events and the choice tree are checked at every step (the
    /// slow checks), spread evenly over the shards: the first of each shard's seeds.
    deep: u64,
}

/// Each game's playouts run as this many tests, each a contiguous range of seeds (so each sees
/// every player count and option set) with its share of the deep playouts. Five tests of
/// unequal length left one core idle for a minute at the end; twenty keep both busy.
const SHARDS: u64 = 4;

fn run<G: Game>(plan: &Plan, shard: u64) {
    let (min, max) = G::PLAYERS;
    let (per_shard, deep) = (plan.games.div_ceil(SHARDS), plan.deep.div_ceil(SHARDS));
    let seeds = shard * per_shard..((shard + 1) * per_shard).min(plan.games);
    for options_json in &plan.options {
        let options: G::Options = serde_json::from_value(options_json.clone())
            .unwrap_or_else(|e| panic!("{}: options {options_json} do not parse: {e}", G::NAME));
        let mut played = 0;
        for seed in seeds.clone() {
            let players = min + (seed as usize % (max - min + 1));
            let Ok(game) = G::setup(&options, players, GameRng::from_seed(seed)) else { continue };
            playout(game, &options, players, seed, seed - seeds.start < deep);
            played += 1;
        }
        assert!(played > 0, "{}: options {options_json} never set up in seeds {seeds:?}", G::NAME);
    }
}

/// One game's plan as `SHARDS` tests, `<game>::shard_1` to `shard_4`.
macro_rules! sharded {
    ($name:ident, $game:ty, $plan:expr) => {
        mod $name {
            use super::*;
            fn plan() -> Plan {
                $plan
            }
            #[test]
            fn shard_1() {
                run::<$game>(&plan(), 0);
            }
            #[test]
            fn shard_2() {
                run::<$game>(&plan(), 1);
            }
            #[test]
            fn shard_3() {
                run::<$game>(&plan(), 2);
            }
            #[test]
            fn shard_4() {
                run::<$game>(&plan(), 3);
            }
        }
    };
}

fn playout<G: Game>(mut game: G, options: &G::Options, players: usize, seed: u64, deep: bool) {
    let ctx = |step: usize| format!("{} seed {seed}, {players} players, step {step}", G::NAME);
    let mut chooser = GameRng::from_seed(seed ^ 0x5eed_c0de);
    let mut log: Vec<(Seat, G::Action)> = Vec::new();
    let mut pool: Vec<G::Action> = Vec::new();
    let mut pooled: HashSet<G::Action> = HashSet::new();
    game.check_invariants().unwrap_or_else(|e| panic!("{}: after setup: {e}", ctx(0)));
    let names: Vec<String> = (0..players).map(|i| format!("Player{i}")).collect();
    loop {
        let step = log.len();
        assert!(step <= G::MAX_ACTIONS, "{}: no end after {} actions", ctx(step), G::MAX_ACTIONS);
        let (must, may) = match game.pending() {
            Pending::Finished(outcome) => {
                assert_eq!(outcome.standings.len(), players, "{}: standings", ctx(step));
                break;
            }
            Pending::Deciding { must, may } => (must, may),
        };
        assert!(!must.is_empty(), "{}: the game waits for nobody", ctx(step));
        assert!(must.without(may) == must, "{}: {must:?} both must and may act", ctx(step));
        // The context of a failure, formatted once per step: formatting it for every legal
        // action was most of this harness's running time.
        let here = ctx(step);
        let mut legals = Vec::with_capacity(players);
        for seat in (0..players as u8).map(Seat) {
            let legal = game.legal_actions(seat);
            let asked = must.contains(seat) || may.contains(seat);
            assert_eq!(legal.is_empty(), !asked, "{here}: {seat} legal list vs must {must:?} / may {may:?}");
            for action in &legal {
                // An action's text form depends on the action alone, so each distinct action
                // is read back once, the first time it is offered.
                if pooled.insert(action.clone()) {
                    check_text_form::<G>(action, &here);
                    pool.push(action.clone());
                }
            }
            check_rejections(&game, seat, &legal, &pool, &mut chooser, &here);
            legals.push(legal);
        }
        if chooser.below(8) == 0 {
            check_opening(&game, must.union(may), &pool, &mut chooser, &here);
            // A second source, so that these checks leave the playout's own draws unchanged;
            // they run at one step in sixteen, still thousands of positions per game.
            let mut side = GameRng::from_seed(seed ^ ((step as u64) << 20));
            if side.below(2) == 0 {
                check_timeouts(&game, must, &here);
                check_listing(&game, must.union(may), &legals, &mut side, &here);
            }
        }
        // Seats that may act are chosen now and then; the game is driven by those it waits for.
        let actors: Vec<Seat> =
            if !may.is_empty() && chooser.below(4) == 0 { may.iter().collect() } else { must.iter().collect() };
        let seat = actors[chooser.index(actors.len())];
        let legal = &legals[seat.index()];
        let action = legal[chooser.index(legal.len())].clone();
        if deep {
            check_choice_walk(&game, seat, &action, &ctx(step));
        }
        let events = game.apply(seat, &action).unwrap_or_else(|e| panic!("{}: legal {action} refused: {e}", ctx(step)));
        log.push((seat, action));
        game.check_invariants().unwrap_or_else(|e| panic!("{}: {e}", ctx(step + 1)));
        if deep {
            check_privacy(&game, players, &events, &names, &ctx(step + 1));
            check_save_load(&game, &ctx(step + 1));
        }
    }
    // I12-style replay: the seed and the log give the same game.
    let mut replay = G::setup(options, players, GameRng::from_seed(seed)).expect("setup replays");
    for (seat, action) in &log {
        replay.apply(*seat, action).unwrap_or_else(|e| panic!("{}: replay refused {action}: {e}", ctx(0)));
    }
    assert_eq!(replay, game, "{}: replay differs", ctx(log.len()));
}

fn check_text_form<G: Game>(action: &G::Action, ctx: &str) {
    let text = action.to_string();
    let back: G::Action = text.parse().unwrap_or_else(|e| panic!("{ctx}: {text:?} does not parse back: {e}"));
    assert_eq!(&back, action, "{ctx}: {text:?} reads back differently");
}

/// Actions seen elsewhere but not legal for `seat` now are refused, and change nothing.
fn check_rejections<G: Game>(
    game: &G,
    seat: Seat,
    legal: &[G::Action],
    pool: &[G::Action],
    rng: &mut GameRng,
    ctx: &str,
) {
    let resign = game.resign_action(seat);
    for _ in 0..pool.len().min(4) {
        let candidate = &pool[rng.index(pool.len())];
        if legal.contains(candidate) || resign.as_ref() == Some(candidate) {
            continue;
        }
        let mut copy = game.clone();
        let result = copy.apply(seat, candidate);
        assert!(result.is_err(), "{ctx}: {seat} could play unlisted {candidate}");
        assert_eq!(&copy, game, "{ctx}: refused {candidate} changed the state");
    }
    for garbage in ["", "???", "pull Q", "9 9 9 9"] {
        if let Ok(action) = garbage.parse::<G::Action>()
            && !legal.contains(&action)
            && resign.as_ref() != Some(&action)
        {
            let mut copy = game.clone();
            assert!(copy.apply(seat, &action).is_err(), "{ctx}: {garbage:?} accepted");
            assert_eq!(&copy, game, "{ctx}: refused {garbage:?} changed the state");
        }
    }
}

/// The opening checks at a random point of a playout: a seat that may not act now, a seat
/// that has resigned (resigning again, or acting), and a seat that does not exist are all
/// refused with the right kind, and the state is unchanged afterwards. The states are compared
/// with `==`, derived over every field, so it is at least as strict as comparing the saved JSON
/// (which is written from those fields) and a fraction of its cost.
fn check_opening<G: Game>(game: &G, actors: SeatSet, pool: &[G::Action], rng: &mut GameRng, ctx: &str) {
    let refuse = |seat: Seat, action: &G::Action, kind: RuleErrorKind, what: &str| {
        let mut copy = game.clone();
        let Err(error) = copy.apply(seat, action) else { panic!("{ctx}: {what}: {seat} {action} accepted") };
        assert_eq!(error.kind, kind, "{ctx}: {what}: {seat} {action}: {error}");
        assert!(!error.message.is_empty(), "{ctx}: {what}: a refusal without words");
        assert!(copy == *game, "{ctx}: {what}: refused {seat} {action} changed the state");
    };
    let players = game.players();
    if !pool.is_empty() {
        let action = &pool[rng.index(pool.len())];
        if *action != G::RESIGN {
            for seat in (0..players as u8).map(Seat).filter(|s| !actors.contains(*s) && !game.resigned(*s)) {
                refuse(seat, action, RuleErrorKind::NotYourDecision, "out of turn");
            }
            refuse(Seat(players as u8), action, RuleErrorKind::UnknownSeat, "no such seat");
        }
    }
    refuse(Seat(players as u8 + 3), &G::RESIGN, RuleErrorKind::UnknownSeat, "no such seat resigns");
    // Resign a random seat, then try it again and try to act with it.
    let seat = Seat(rng.index(players) as u8);
    let mut resigned = game.clone();
    if resigned.resigned(seat) || resigned.apply(seat, &G::RESIGN).is_err() {
        return;
    }
    resigned.check_invariants().unwrap_or_else(|e| panic!("{ctx}: after {seat} resigns: {e}"));
    if resigned.pending().is_finished() {
        return;
    }
    for action in std::iter::once(&G::RESIGN).chain(pool.iter().take(3)) {
        let mut copy = resigned.clone();
        let Err(error) = copy.apply(seat, action) else { panic!("{ctx}: resigned {seat} played {action}") };
        assert_eq!(error.kind, RuleErrorKind::Resigned, "{ctx}: resigned {seat} {action}: {error}");
        assert!(copy == resigned, "{ctx}: resigned {seat} {action} changed state");
    }
}

/// The timeout of every seat the game waits for is accepted and moves the game on, keeps the
/// invariants, and is never a resignation: a player who runs out of time still plays.
fn check_timeouts<G: Game>(game: &G, must: SeatSet, ctx: &str) {
    for seat in must.iter() {
        let Some(action) = game.timeout_action(seat) else { continue };
        assert!(game.resign_action(seat).as_ref() != Some(&action), "{ctx}: {seat}'s timeout resigns");
        let mut copy = game.clone();
        copy.apply(seat, &action).unwrap_or_else(|e| panic!("{ctx}: {seat}'s timeout {action} refused: {e}"));
        copy.check_invariants().unwrap_or_else(|e| panic!("{ctx}: after {seat}'s timeout {action}: {e}"));
        assert!(copy != *game, "{ctx}: {seat}'s timeout {action} changed nothing");
    }
}

/// The legal list and the step tree agree: a random playout's draw is in the list, and a random
/// walk down the step tree ends at an action `act` accepts, which is in the list unless its kind
/// is listed in part ([`Game::listed_in_part`]).
/// `legals` holds each seat's legal list at this step.
fn check_listing<G: Game>(game: &G, actors: SeatSet, legals: &[Vec<G::Action>], rng: &mut GameRng, ctx: &str) {
    let seats: Vec<Seat> = actors.iter().collect();
    let seat = seats[rng.index(seats.len())];
    let legal = &legals[seat.index()];
    let mut scratch = Vec::new();
    let drawn = game.random_legal_action(seat, rng, &mut scratch).expect("an actor has a legal action");
    assert!(legal.contains(&drawn), "{ctx}: random playout drew unlisted {drawn}");
    let mut prefix = String::new();
    for _ in 0..64 {
        let choices = game.choices(seat, &prefix);
        if choices.complete && (choices.options.is_empty() || rng.below(3) == 0) {
            let action: G::Action =
                prefix.parse().unwrap_or_else(|e| panic!("{ctx}: step tree's {prefix:?} does not parse: {e}"));
            let listed = legal.contains(&action);
            assert!(listed || G::listed_in_part(&action), "{ctx}: step tree offers unlisted {action}");
            let mut copy = game.clone();
            copy.apply(seat, &action).unwrap_or_else(|e| panic!("{ctx}: step tree's {action} refused: {e}"));
            return;
        }
        assert!(!choices.options.is_empty(), "{ctx}: step tree dead end at {prefix:?}");
        prefix.push_str(&choices.options[rng.index(choices.options.len())].token);
    }
    panic!("{ctx}: the step tree has no end after 64 steps from {seat}");
}

/// Entering `action` piece by piece reaches it, each step within a Discord menu.
fn check_choice_walk<G: Game>(game: &G, seat: Seat, action: &G::Action, ctx: &str) {
    let target = action.to_string();
    let mut prefix = String::new();
    for _ in 0..64 {
        let choices = game.choices(seat, &prefix);
        assert!(choices.options.len() <= MAX_CHOICES, "{ctx}: {} options after {prefix:?}", choices.options.len());
        if prefix.eq_ignore_ascii_case(&target) {
            assert!(choices.complete, "{ctx}: {target:?} not complete");
            return;
        }
        let next = choices
            .options
            .iter()
            .find(|c| {
                target.len() >= prefix.len() + c.token.len() && target[prefix.len()..].starts_with(c.token.as_str())
            })
            .unwrap_or_else(|| panic!("{ctx}: no step from {prefix:?} towards {target:?}: {:?}", choices.options));
        assert!(!next.label.is_empty(), "{ctx}: empty label");
        prefix.push_str(&next.token);
    }
    panic!("{ctx}: {target:?} not reached in 64 steps");
}

/// No view and no event shows a secret to someone who may not see it.
fn check_privacy<G: Game>(game: &G, players: usize, events: &[G::Event], names: &[String], ctx: &str) {
    let secrets = game.secrets();
    let public = serde_json::to_value(game.view(Viewer::Public)).expect("view serialises");
    assert_no_leak(&public, &secrets, None, &format!("{ctx}: public view"));
    for seat in (0..players as u8).map(Seat) {
        let view = serde_json::to_value(game.view(Viewer::Seat(seat))).expect("view serialises");
        assert_no_leak(&view, &secrets, Some(seat), &format!("{ctx}: view of {seat}"));
    }
    for event in events {
        // Every reader of the event must be allowed every secret it carries: for a set of
        // seats (the two parties of a trade), each of them in turn.
        let readers: Vec<Option<Seat>> = match G::audience(event).readers() {
            None => vec![None],
            Some(seats) => {
                assert!(!seats.is_empty(), "{ctx}: event {event:?} for nobody");
                seats.iter().map(Some).collect()
            }
        };
        let json = serde_json::to_value(event).expect("event serialises");
        let text = game.sentence(event, names);
        for reader in readers {
            assert_no_leak(&json, &secrets, reader, &format!("{ctx}: event {event:?}"));
            for secret in secrets.iter().filter(|s| s.owner.is_none() || s.owner != reader) {
                assert!(!contains_word(&text, &secret.token), "{ctx}: narration {text:?} shows {}", secret.token);
            }
        }
    }
}

fn assert_no_leak(json: &Value, secrets: &[Secret], reader: Option<Seat>, ctx: &str) {
    let hidden: HashSet<&str> =
        secrets.iter().filter(|s| s.owner.is_none() || s.owner != reader).map(|s| s.token.as_str()).collect();
    if hidden.is_empty() {
        return;
    }
    // Depth first. Paths are spelled only to report a leak: building one for every node was
    // most of the deep checks' running time.
    if !leaks(json, &hidden) {
        return;
    }
    let mut stack = vec![(String::new(), json)];
    while let Some((path, value)) = stack.pop() {
        match value {
            Value::String(text) => assert!(!hidden.contains(text.as_str()), "{ctx} shows secret {text} at {path}"),
            Value::Array(items) => stack.extend(items.iter().enumerate().map(|(i, v)| (format!("{path}[{i}]"), v))),
            Value::Object(map) => stack.extend(map.iter().map(|(k, v)| (format!("{path}.{k}"), v))),
            _ => {}
        }
    }
}

/// Whether any string in `json` is one of the `hidden` tokens.
fn leaks(json: &Value, hidden: &HashSet<&str>) -> bool {
    match json {
        Value::String(text) => hidden.contains(text.as_str()),
        Value::Array(items) => items.iter().any(|v| leaks(v, hidden)),
        Value::Object(map) => map.values().any(|v| leaks(v, hidden)),
        _ => false,
    }
}

fn contains_word(text: &str, word: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| w == word)
}

fn check_save_load<G: Game + Debug>(game: &G, ctx: &str) {
    let json = serde_json::to_string(game).expect("state serialises");
    let back: G = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{ctx}: saved state does not load: {e}"));
    assert_eq!(&back, game, "{ctx}: save + load changed the state");
}

/// The harness must notice a broken game: a copy of Martian 12s whose state changes on a
/// refused action would fail `check_rejections`. Here we check the checks themselves fire.
#[test]
#[should_panic(expected = "shows secret")]
fn leak_check_fires() {
    let secret = Secret { owner: Some(Seat(1)), token: "7H".into() };
    assert_no_leak(&serde_json::json!({"hand": ["2C", "7H"]}), &[secret], Some(Seat(0)), "test");
}

#[test]
fn leak_check_lets_owner_see_own_secret() {
    let secret = Secret { owner: Some(Seat(1)), token: "7H".into() };
    assert_no_leak(&serde_json::json!({"hand": ["2C", "7H"]}), &[secret], Some(Seat(1)), "test");
}

// ---- every game, one `sharded!` each ---------------------------------------------------

sharded!(
    martian_12s,
    engines::martian_12s::Martian12s,
    Plan {
        games: 1_500,
        deep: 100,
        options: vec![
            json!({}),
            json!({"single_set": true}),
            json!({"match_mode": "until_broke", "stake": 5, "start_wallet": 25}),
            json!({"rounds": 1, "palette": "xeno"}),
        ],
    }
);

sharded!(
    gunslinger_gang,
    engines::gunslinger_gang::GunslingerGang,
    Plan { games: 1_500, deep: 90, options: vec![json!({}), json!({"items": "no_red"})] }
);

sharded!(
    martian_gunslinger,
    engines::martian_gunslinger::MartianGunslinger,
    Plan { games: 1_500, deep: 80, options: vec![json!({}), json!({"colours": ["Blue", "Green"]})] }
);

sharded!(
    conquest_of_mars,
    engines::conquest_of_mars::ConquestOfMars,
    Plan {
        games: 1_500,
        deep: 100,
        options: vec![
            json!({}),
            json!({"dice_mix": "d6_only"}),
            json!({"round_cap": 20, "colours": ["Black", "Blue", "Green"]}),
        ],
    }
);

// A random Raja game is long (about 1,500 actions, always to the 20-turn cap): 400 playouts
// per option set keep its shards near the others' running time.
sharded!(
    raja,
    engines::raja::Raja,
    Plan { games: 400, deep: 20, options: vec![json!({}), json!({"colours": ["Purple", "Orange"]})] }
);
