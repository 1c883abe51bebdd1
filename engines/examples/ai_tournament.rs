//! Seeded tournaments between computer players, for the figures of issue #13.
//!
//! ```text
//! cargo run --release -p engines --example ai_tournament -- \
//!     --game martian-12s --players 2 --games 200 --a normal --b random [--threads 2] [--seed 0]
//! ```
//!
//! Seat `A` is one seat (it moves round the table from game to game); every other seat plays
//! `B`. A player is `random` (today's uniformly random computer), one of the game's sparring
//! partners (`ai::sparring`: rule-of-thumb players such as `cautious` or `raider`), a level
//! (`easy`, `normal`, `hard`), or `cheat-<level>`: the same search shown every secret (no determinization), to
//! measure what hidden information costs. A search takes the shape the game plays with
//! (`Game::SEARCH_STEPS`) unless `steps-` (the step tree, one token per edge) or `list-` (the
//! legal list, one action per edge) comes first. Settings after a slash replace the level's, to
//! try a change before making it: `hard/cutoff=30/explore=0.5/iterations=8000` (`cutoff=none`
//! plays every playout to the end; `guide=off` searches without the game's advice, as before
//! issue #26). Searches are counted in iterations only (the
//! level's time limit is lifted), so a run is reproducible on any machine and with any
//! `--threads`: game `i` uses seed `seed + i`, and results are reported in game order.
//!
//! Every finished game prints a `game` line at once (its seed, A's share of the win, its
//! moves and ending), so a long run stopped part-way keeps what it finished: go on with
//! `--seed` at the first seed missing and add the runs up with
//! `cargo run --release -p engines --example ai_tournament -- add FIRST.out SECOND.out`. A sits at seat
//! `seed mod players`, so a game is the same game whichever run plays it.
//!
//! At the end, prints A's win rate with its 95% Wilson interval (a shared win counts as a fraction), how
//! the games ended (the outcome's reason), and the time per decision of each searching side.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use engines::ai::sparring::{self, Sparring};
use engines::ai::{self, Budget, Guide, Level, Search};
use engines::conquest_of_mars::ConquestOfMars;
use engines::gunslinger_gang::GunslingerGang;
use engines::martian_12s::Martian12s;
use engines::martian_gunslinger::MartianGunslinger;
use engines::raja::Raja;
use engines::{GameRng, Pending, Seat};

#[derive(Clone, Copy, Debug, PartialEq)]
enum Player {
    Random,
    Search {
        level: Level,
        peek: bool,
        steps: Option<bool>,
        tune: Tune,
    },
    /// A sparring partner of the game (`ai::sparring`), by name.
    Partner(&'static str),
}

/// Settings that differ from the level's, for trying a change before making it
/// (`hard/cutoff=30/explore=0.5/iterations=8000`; `cutoff=none` plays every playout out).
#[derive(Clone, Copy, Default, PartialEq)]
struct Tune {
    cutoff: Option<Option<u32>>,
    exploration: Option<f64>,
    iterations: Option<u32>,
    /// `guide=off`: search without the game's advice, as before issue #26.
    unguided: bool,
}

/// As typed (`cutoff=30/explore=0.5`), empty for the level's own settings.
impl std::fmt::Debug for Tune {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut settings = Vec::new();
        if let Some(cutoff) = self.cutoff {
            settings.push(cutoff.map_or_else(|| "cutoff=none".to_string(), |c| format!("cutoff={c}")));
        }
        if let Some(exploration) = self.exploration {
            settings.push(format!("explore={exploration}"));
        }
        if let Some(iterations) = self.iterations {
            settings.push(format!("iterations={iterations}"));
        }
        if self.unguided {
            settings.push("guide=off".to_string());
        }
        write!(f, "{:?}", settings.join("/"))
    }
}

impl Tune {
    fn parse(settings: &str) -> Result<Self, String> {
        let mut tune = Self::default();
        for setting in settings.split('/').filter(|s| !s.is_empty()) {
            let (name, value) = setting.split_once('=').ok_or_else(|| format!("{setting:?}: expected name=value"))?;
            let bad = |e: &dyn std::fmt::Display| format!("{setting:?}: {e}");
            match name {
                "cutoff" if value == "none" => tune.cutoff = Some(None),
                "cutoff" => tune.cutoff = Some(Some(value.parse().map_err(|e| bad(&e))?)),
                "explore" => tune.exploration = Some(value.parse().map_err(|e| bad(&e))?),
                "iterations" => tune.iterations = Some(value.parse().map_err(|e| bad(&e))?),
                "guide" if value == "off" => tune.unguided = true,
                "guide" if value == "on" => tune.unguided = false,
                _ => return Err(format!("{setting:?}: the settings are cutoff, explore, iterations and guide")),
            }
        }
        Ok(tune)
    }
}

impl Player {
    fn parse(text: &str) -> Result<Self, String> {
        if text == "random" {
            return Ok(Self::Random);
        }
        if let Some(name) = partner_name(text) {
            return Ok(Self::Partner(name));
        }
        let (steps, text) = match (text.strip_prefix("steps-"), text.strip_prefix("list-")) {
            (Some(rest), _) => (Some(true), rest),
            (None, Some(rest)) => (Some(false), rest),
            (None, None) => (None, text),
        };
        let (peek, text) = match text.strip_prefix("cheat-") {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (level, tune) = text.split_once('/').unwrap_or((text, ""));
        let tune = Tune::parse(tune)?;
        level.parse().map(|level| Self::Search { level, peek, steps, tune }).map_err(|e| e.to_string())
    }

    fn search<G: Guide>(self) -> Option<Search> {
        match self {
            Self::Random | Self::Partner(_) => None,
            Self::Search { level, peek, steps, tune } => {
                // The level's search in this game, counted in iterations only (reproducible).
                let base = G::search_at(level).untimed();
                let iterations = tune.iterations.unwrap_or(base.budget.iterations);
                let base = Search { budget: Budget { iterations, ..base.budget }, ..base };
                Some(Search {
                    peek,
                    steps: steps.unwrap_or(base.steps),
                    cutoff: tune.cutoff.unwrap_or(base.cutoff),
                    exploration: tune.exploration.unwrap_or(base.exploration),
                    guided: !tune.unguided,
                    ..base
                })
            }
        }
    }
}

struct Args {
    game: String,
    players: usize,
    games: u64,
    a: Player,
    b: Player,
    seed: u64,
    threads: usize,
    /// Print every move of every game (`--watch 1`): its number, the seat, who plays it and
    /// its text form, so that a position can be rebuilt from the seed and the moves.
    watch: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        game: "martian-12s".into(),
        players: 2,
        games: 200,
        a: Player::Search { level: Level::Normal, peek: false, steps: None, tune: Tune::default() },
        b: Player::Random,
        seed: 0,
        threads: 1,
        watch: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = |v: &str| v.parse::<u64>().map_err(|e| format!("{flag} {v}: {e}"));
        match flag.as_str() {
            "--game" => args.game = value,
            "--players" => args.players = number(&value)? as usize,
            "--games" => args.games = number(&value)?,
            "--a" => args.a = Player::parse(&value)?,
            "--b" => args.b = Player::parse(&value)?,
            "--seed" => args.seed = number(&value)?,
            "--threads" => args.threads = number(&value)?.max(1) as usize,
            "--watch" => args.watch = number(&value)? != 0,
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    Ok(args)
}

/// A sparring partner of any game by its name, for reading `--a` and `--b`; a partner of one
/// game is refused in another when the run starts.
fn partner_name(text: &str) -> Option<&'static str> {
    [
        MartianGunslinger::PARTNERS,
        GunslingerGang::PARTNERS,
        Martian12s::PARTNERS,
        ConquestOfMars::PARTNERS,
        Raja::PARTNERS,
    ]
    .into_iter()
    .flatten()
    .find(|name| name.eq_ignore_ascii_case(text))
    .copied()
}

/// One finished game, from A's side.
struct Record {
    /// A's share of the win: 1, 1/k on a k-way shared win, 0.
    win: f64,
    reason: String,
    /// Decision times of A and of the B seats (searches only; single-option decisions skipped).
    a_times: Vec<Duration>,
    b_times: Vec<Duration>,
    moves: usize,
}

fn play<G: Sparring + Guide>(args: &Args, index: u64) -> Record {
    let seed = args.seed + index;
    let mut game = G::setup(&G::Options::default(), args.players, GameRng::from_seed(seed)).expect("setup");
    let a_seat = Seat((seed % args.players as u64) as u8);
    let mut chooser = GameRng::from_seed(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xA1);
    let mut record = Record { win: 0.0, reason: String::new(), a_times: Vec::new(), b_times: Vec::new(), moves: 0 };
    let mut events = Vec::new();
    loop {
        let must = match game.pending() {
            Pending::Finished(outcome) => {
                if outcome.winners.contains(a_seat) {
                    record.win = 1.0 / outcome.winners.len() as f64;
                }
                record.reason = reason_key(&outcome.reason);
                return record;
            }
            Pending::Deciding { must, .. } => must,
        };
        let seat = must.iter().nth(chooser.index(must.len())).expect("a pending seat");
        let player = if seat == a_seat { args.a } else { args.b };
        let action = match (player, player.search::<G>()) {
            (Player::Partner(name), _) => {
                let partner = sparring::partner_index::<G>(name).expect("a partner of this game");
                sparring::sparring_action(&game, seat, partner, &mut chooser).expect("a legal action")
            }
            (_, None) => ai::random_action(&game, seat, &mut chooser).expect("a legal action"),
            (_, Some(search)) => {
                let started = Instant::now();
                let decision = ai::search(&game, seat, &search, &mut chooser).expect("a decision");
                if decision.iterations > 0 {
                    let times = if seat == a_seat { &mut record.a_times } else { &mut record.b_times };
                    times.push(started.elapsed());
                }
                decision.action
            }
        };
        if args.watch {
            let who = if seat == a_seat { "A" } else { "B" };
            println!("seed {seed} move {} {seat} {who}: {action}", record.moves);
        }
        events.clear();
        game.apply_into(seat, &action, &mut events).expect("legal");
        record.moves += 1;
        assert!(record.moves <= G::MAX_ACTIONS, "game {index} does not end");
    }
}

/// The outcome's reason without its numbers, so that equal endings group together.
fn reason_key(reason: &str) -> String {
    reason.chars().map(|c| if c.is_ascii_digit() { '#' } else { c }).collect()
}

fn run<G: Sparring + Guide>(args: &Args) {
    for player in [args.a, args.b] {
        if let Player::Partner(name) = player
            && sparring::partner_index::<G>(name).is_none()
        {
            eprintln!("ai_tournament: {} has no partner {name}; its partners are {}", G::NAME, G::PARTNERS.join(", "));
            std::process::exit(2);
        }
    }
    // Name the shape each search takes in this game, for the report.
    let resolve = |player: Player| match player {
        Player::Search { level, peek, steps: None, tune } => {
            Player::Search { level, peek, steps: Some(G::SEARCH_STEPS), tune }
        }
        other => other,
    };
    let args = &Args { a: resolve(args.a), b: resolve(args.b), game: args.game.clone(), ..*args };
    let next = AtomicU64::new(0);
    let results: Mutex<Vec<(u64, Record)>> = Mutex::new(Vec::new());
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..args.threads {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= args.games {
                        break;
                    }
                    let record = play::<G>(args, index);
                    // At once, so that a run stopped early keeps its finished games.
                    println!(
                        "game seed {} A {:.3} moves {} | {}",
                        args.seed + index,
                        record.win,
                        record.moves,
                        record.reason
                    );
                    results.lock().expect("results").push((index, record));
                }
            });
        }
    });
    let mut results = results.into_inner().expect("results");
    results.sort_by_key(|(i, _)| *i);
    report(args, &results, started.elapsed());
}

fn report(args: &Args, results: &[(u64, Record)], elapsed: Duration) {
    let n = results.len() as f64;
    let wins: f64 = results.iter().map(|(_, r)| r.win).sum();
    let (low, high) = wilson(wins, n);
    println!(
        "{} {}p, {} games (seeds {}..{}), A = {:?} vs B = {:?}: A wins {:.1} = {:.1}% [95% Wilson {:.1}%, {:.1}%]; fair share {:.1}%",
        args.game,
        args.players,
        results.len(),
        args.seed,
        args.seed + args.games,
        args.a,
        args.b,
        wins,
        100.0 * wins / n,
        100.0 * low,
        100.0 * high,
        100.0 / args.players as f64,
    );
    print_endings(results.iter().map(|(_, r)| r.reason.as_str()));
    let moves: usize = results.iter().map(|(_, r)| r.moves).sum();
    println!("moves per game {:.0}; wall time {:.1} s", moves as f64 / n, elapsed.as_secs_f64());
    for (side, times) in [
        ("A", results.iter().flat_map(|(_, r)| r.a_times.iter()).copied().collect::<Vec<_>>()),
        ("B", results.iter().flat_map(|(_, r)| r.b_times.iter()).copied().collect::<Vec<_>>()),
    ] {
        if times.is_empty() {
            continue;
        }
        let mut ms: Vec<f64> = times.iter().map(|t| t.as_secs_f64() * 1e3).collect();
        ms.sort_by(f64::total_cmp);
        let mean = ms.iter().sum::<f64>() / ms.len() as f64;
        let at = |q: f64| ms[((ms.len() - 1) as f64 * q) as usize];
        println!(
            "{side} time per searched decision: n {} mean {mean:.1} ms, median {:.1}, p95 {:.1}, max {:.1}",
            ms.len(),
            at(0.5),
            at(0.95),
            at(1.0)
        );
    }
}

/// How the games ended: each reason's share and count.
fn print_endings<'r>(reasons: impl Iterator<Item = &'r str>) {
    let mut endings: BTreeMap<&str, usize> = BTreeMap::new();
    for reason in reasons {
        *endings.entry(reason).or_default() += 1;
    }
    let n: usize = endings.values().sum();
    println!("endings:");
    for (reason, count) in &endings {
        println!("  {:5.1}%  {count:4}  {reason}", 100.0 * *count as f64 / n as f64);
    }
}

/// The 95% Wilson score interval for `successes` out of `n`.
fn wilson(successes: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96_f64;
    let p = successes / n;
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    (centre - half, centre + half)
}

/// `ai_tournament add FILE…`: the `game` lines of several runs (a long run split with
/// `--seed`), each seed counted once, added up into one win rate and one table of endings.
fn add(paths: &[String]) -> Result<(), String> {
    let mut games: BTreeMap<u64, (f64, u64, String)> = BTreeMap::new();
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for line in text.lines() {
            let Some(rest) = line.strip_prefix("game seed ") else { continue };
            let (head, reason) = rest.split_once(" | ").ok_or_else(|| format!("{path}: cannot read {line:?}"))?;
            let words: Vec<&str> = head.split_whitespace().collect();
            let [seed, "A", win, "moves", moves] = words[..] else {
                return Err(format!("{path}: cannot read {line:?}"));
            };
            let number = |w: &str| w.parse::<f64>().map_err(|_| format!("{path}: cannot read {line:?}"));
            games.insert(number(seed)? as u64, (number(win)?, number(moves)? as u64, reason.to_string()));
        }
    }
    let (Some(first), Some(last)) = (games.keys().next(), games.keys().next_back()) else {
        return Err("no game lines found".into());
    };
    let n = games.len() as f64;
    let wins: f64 = games.values().map(|g| g.0).sum();
    let (low, high) = wilson(wins, n);
    let gaps = (last - first + 1) as usize != games.len();
    println!(
        "{} games, seeds {first}..={last}{}: A wins {wins:.1} = {:.1}% [95% Wilson {:.1}%, {:.1}%]",
        games.len(),
        if gaps { " (with gaps)" } else { "" },
        100.0 * wins / n,
        100.0 * low,
        100.0 * high
    );
    print_endings(games.values().map(|(_, _, reason)| reason.as_str()));
    println!("moves per game {:.0}", games.values().map(|g| g.1 as f64).sum::<f64>() / n);
    Ok(())
}

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    if argv.first().is_some_and(|a| a == "add") {
        if let Err(message) = add(&argv[1..]) {
            eprintln!("ai_tournament: {message}");
            std::process::exit(2);
        }
        return;
    }
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("ai_tournament: {message}");
            std::process::exit(2);
        }
    };
    match args.game.as_str() {
        "martian-gunslinger" => run::<MartianGunslinger>(&args),
        "gunslinger-gang" => run::<GunslingerGang>(&args),
        "martian-12s" => run::<Martian12s>(&args),
        "conquest-of-mars" => run::<ConquestOfMars>(&args),
        "raja" => run::<Raja>(&args),
        other => {
            eprintln!("ai_tournament: unknown game {other}");
            std::process::exit(2);
        }
    }
}
