//! Single-observer information-set Monte Carlo tree search (Cowling, Powley & Whitehouse,
//! "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012), generic over [`Game`].
//!
//! One tree for the deciding seat (the observer). Every iteration draws a fresh
//! determinization, a state the observer cannot tell from the real one ([`Game::determinize`]),
//! and walks the tree in it: at each node only the edges legal in that sample compete, by UCB1
//! with *availability* counts (an edge's exploration term uses how often it could have been
//! chosen, not how often its node was visited). The walk adds one edge, plays out at random
//! (stopped early and scored by [`Game::estimate`] when a game gives one), and backs up each
//! seat's reward on the edges that seat chose.
//!
//! A decision can be searched in two shapes. Over the legal list (the default), an edge is a
//! whole action. Over the step tree ([`Search::steps`]), an edge is one token of the action's
//! text as the front ends offer it ([`Game::choices`]: a card, then its cost, then its target),
//! and "the text so far is the action" is an edge too where the text is already complete; the
//! seat's nodes between tokens belong to that seat alone, and the action is applied once whole.
//! Big decisions then share statistics along their common first steps.
//!
//! A determinization carries a fresh random source, so dice and draws come out differently
//! in every iteration. Where a game names what its observer learns by chance
//! ([`Guide::chance_key`]: the value of a pyramid pulled), the move leads to one node per
//! outcome, so that what the seat does next can depend on what came out; elsewhere every
//! outcome shares one node. When several seats must answer at once
//! (sealed choices), one of them moves first, chosen at random, and keeps moving until its
//! answer is whole (answers entered in several steps stay together). Its sealed move must not
//! be seen by the seats answering after it, so their node does not depend on which sealed
//! action it was: every sealed action leads into the same child node, while the edge
//! statistics stay separate for the seat that chose.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::Instant;

use super::guide::Guide;
use super::level::Budget;
use crate::game::{Game, Pending, Seat, SeatSet};
use crate::rng::GameRng;

/// How a search runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Search {
    /// When to stop.
    pub budget: Budget,
    /// The UCB1 exploration constant (rewards lie in 0..=1).
    pub exploration: f64,
    /// Random moves after which a playout stops and is scored by [`Game::estimate`] (when the
    /// game gives one); `None` plays every playout to the end.
    pub cutoff: Option<u32>,
    /// The "cheating" variant, for measuring what hidden information costs: it searches the
    /// true state, every secret and the random source's future included. Never for play.
    pub peek: bool,
    /// Search each decision over its step tree, one token per edge, rather than over the
    /// legal list, one whole action per edge.
    pub steps: bool,
    /// Take the game's advice ([`Guide`]: its shortlists, playout moves, where a playout stops
    /// and how it is scored). Without it the search is as it was before issue #26: the whole
    /// legal list, uniformly random playouts cut after `cutoff` moves and scored by
    /// [`Game::estimate`]; kept to measure what the advice brings.
    pub guided: bool,
}

impl Search {
    /// The search with this budget and the default settings, over the legal list.
    #[must_use]
    pub const fn with_budget(budget: Budget) -> Self {
        Self { budget, exploration: 0.7, cutoff: Some(DEFAULT_CUTOFF), peek: false, steps: false, guided: true }
    }

    /// The search computer players use in `G`: this budget, the default settings, and the
    /// shape of search measured better for the game ([`Game::SEARCH_STEPS`]).
    #[must_use]
    pub const fn for_game<G: Game>(budget: Budget) -> Self {
        Self { steps: G::SEARCH_STEPS, ..Self::with_budget(budget) }
    }

    /// The same search with its time limit lifted: it runs its iterations whatever the
    /// machine, so a tournament, a benchmark or a test gets the same decision every time.
    #[must_use]
    pub const fn untimed(self) -> Self {
        Self { budget: Budget { time: None, ..self.budget }, ..self }
    }
}

/// Random moves in a playout before a game's estimate scores it.
pub const DEFAULT_CUTOFF: u32 = 60;

/// What one search found: the move and how much work went into it.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision<A> {
    /// The chosen action.
    pub action: A,
    /// Iterations run.
    pub iterations: u32,
    /// Visits of the chosen action.
    pub visits: u32,
}

/// What an edge stands for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Move<A> {
    /// A whole action (the legal list).
    Whole(A),
    /// The next token of the action's text (the step tree).
    Token(Box<str>),
    /// The text entered so far is the action (the step tree).
    Done,
}

/// One statistic per (seat, move) leaving a node.
#[derive(Clone, Debug)]
struct Edge<A> {
    seat: Seat,
    action: Move<A>,
    visits: u32,
    reward: f64,
    /// Iterations in which this edge was legal when its seat chose here.
    available: u32,
    /// The node reached when the move is seen by whoever moves next.
    child: Option<u32>,
}

#[derive(Clone, Debug)]
struct Node<A> {
    edges: Vec<Edge<A>>,
    /// The nodes reached by a sealed move of a seat, whichever action it was.
    sealed: Vec<(Seat, u32)>,
    /// The first of `edges` with each hash of seat and move ([`key`]), once there are
    /// [`INDEX_FROM`] of them.
    index: Option<HashMap<u64, u32>>,
    /// The nodes after an edge by what chance showed ([`Guide::chance_key`]): edge, key, node.
    chance: Vec<(u32, u64, u32)>,
}

impl<A> Default for Node<A> {
    fn default() -> Self {
        Self { edges: Vec::new(), sealed: Vec::new(), index: None, chance: Vec::new() }
    }
}

/// Chooses `observer`'s action by information-set search, or `None` when it has nothing to
/// decide. `rng` is the computer's own source (never the game's); the same state, seat, search
/// and seed give the same decision when the budget is counted in iterations.
pub fn search<G: Guide>(game: &G, observer: Seat, search: &Search, rng: &mut GameRng) -> Option<Decision<G::Action>> {
    if !game.pending().must_seats().contains(observer) {
        return None;
    }
    let mut legal = game.legal_actions(observer);
    match legal.len() {
        0 => return None,
        1 => return legal.pop().map(|action| Decision { action, iterations: 0, visits: 0 }),
        _ => {}
    }
    let mut tree = Tree::<G> { nodes: vec![Node::default()], scratch: Scratch::default() };
    let started = Instant::now();
    let mut iterations = 0;
    while iterations < search.budget.iterations {
        if iterations > 0 && search.budget.time.is_some_and(|limit| started.elapsed() >= limit) {
            break;
        }
        let world = if search.peek { game.clone() } else { game.determinize(observer, rng) };
        tree.iterate(world, observer, search, rng);
        iterations += 1;
    }
    if search.steps {
        return Some(tree.best_steps(game, observer, iterations, legal));
    }
    let best = most_visited(
        tree.nodes[0]
            .edges
            .iter()
            .filter(|e| e.seat == observer && matches!(&e.action, Move::Whole(a) if legal.contains(a))),
    )?;
    let Move::Whole(action) = &best.action else { return None };
    Some(Decision { action: action.clone(), iterations, visits: best.visits })
}

/// Buffers reused from iteration to iteration.
struct Scratch<G: Guide> {
    actions: Vec<G::Action>,
    moves: Vec<Move<G::Action>>,
    events: Vec<G::Event>,
    path: Vec<(u32, u32)>,
    prefix: String,
}

impl<G: Guide> Default for Scratch<G> {
    fn default() -> Self {
        Self { actions: Vec::new(), moves: Vec::new(), events: Vec::new(), path: Vec::new(), prefix: String::new() }
    }
}

/// From this many edges on, a node keeps them indexed by seat and move, so that matching a
/// long list of moves to them (Raja lists some 150 trade proposals) takes one lookup a move
/// instead of a scan; the edge found is the same.
const INDEX_FROM: usize = 16;

struct Tree<G: Guide> {
    nodes: Vec<Node<G::Action>>,
    scratch: Scratch<G>,
}

/// The hash a node's index files an edge of `seat` and `action` under.
fn key<A: Hash>(seat: Seat, action: &Move<A>) -> u64 {
    let mut hasher = DefaultHasher::new();
    seat.hash(&mut hasher);
    action.hash(&mut hasher);
    hasher.finish()
}

/// The edge visited most (the better reward on a tie): the answer a search gives.
fn most_visited<'e, A: 'e>(edges: impl Iterator<Item = &'e Edge<A>>) -> Option<&'e Edge<A>> {
    edges.max_by(|a, b| a.visits.cmp(&b.visits).then(a.reward.total_cmp(&b.reward)))
}

impl<G: Guide> Tree<G> {
    /// One iteration in the determinization `world`: select and expand, play out, back up.
    fn iterate(&mut self, mut world: G, observer: Seat, search: &Search, rng: &mut GameRng) {
        let mark = if search.guided { world.playout_mark() } else { 0 };
        self.scratch.path.clear();
        self.scratch.prefix.clear();
        let mut node = 0u32;
        // Where the seat deciding now began its decision (the step tree has nodes within it).
        let mut start = 0u32;
        let mut actor = Some(observer);
        while let Pending::Deciding { must, .. } = world.pending() {
            let seat = next_actor(must, actor, rng);
            if self.scratch.prefix.is_empty() {
                start = node;
            }
            let Some((edge, expanded)) = self.select(node, &world, seat, search, rng) else { break };
            self.scratch.path.push((node, edge));
            let action = match &self.nodes[node as usize].edges[edge as usize].action {
                Move::Whole(action) => action.clone(),
                Move::Token(token) => {
                    // Still this seat's decision, in a node of its own; a new step grows the
                    // tree down to the whole action before the playout.
                    self.scratch.prefix.push_str(token);
                    node = self.child(node, edge, seat, false);
                    actor = Some(seat);
                    continue;
                }
                Move::Done => match self.scratch.prefix.parse() {
                    Ok(action) => action,
                    Err(_) => break, // a step tree that does not parse: an engine bug; score as is
                },
            };
            self.scratch.prefix.clear();
            self.scratch.events.clear();
            if world.apply_into(seat, &action, &mut self.scratch.events).is_err() {
                // A legal action refused: an engine bug the conformance harness looks for.
                // Stop here and score the position as it stands rather than panic in play.
                break;
            }
            let after = world.pending().must_seats();
            let next = next_actor(after, Some(seat), rng);
            let sealed = must.len() > 1 && next != seat;
            let chance = if search.guided { world.chance_key(observer, &self.scratch.events) } else { 0 };
            node = if sealed {
                self.child(start, edge, seat, true)
            } else if chance != 0 {
                self.chance_child(node, edge, chance)
            } else {
                self.child(node, edge, seat, false)
            };
            actor = Some(next);
            if expanded {
                break;
            }
        }
        let rewards = self.play_out(&mut world, mark, search, rng);
        for &(node, edge) in &self.scratch.path {
            let edge = &mut self.nodes[node as usize].edges[edge as usize];
            edge.visits += 1;
            edge.reward += rewards.get(edge.seat.index()).copied().unwrap_or(0.0);
        }
    }

    /// The moves open to `seat` in `world`: its legal list, or the next steps after the text
    /// entered so far.
    fn moves(&mut self, world: &G, seat: Seat, search: &Search) {
        let Scratch { actions, moves, prefix, .. } = &mut self.scratch;
        moves.clear();
        if search.steps {
            let choices = world.choices(seat, prefix);
            moves.extend(choices.options.into_iter().map(|c| Move::Token(c.token.into_boxed_str())));
            if choices.complete {
                moves.push(Move::Done);
            }
        } else {
            actions.clear();
            if search.guided {
                world.candidates_into(seat, actions);
            } else {
                world.legal_actions_into(seat, actions);
            }
            moves.extend(actions.drain(..).map(Move::Whole));
        }
    }

    /// The edge `seat` takes at `node` in `world`, and whether it is a new one (expansion);
    /// `None` when the game offers the seat nothing (an engine bug).
    fn select(&mut self, node: u32, world: &G, seat: Seat, search: &Search, rng: &mut GameRng) -> Option<(u32, bool)> {
        self.moves(world, seat, search);
        let actions = &mut self.scratch.moves;
        let Node { edges, index, .. } = &mut self.nodes[node as usize];
        let mut untried: Vec<usize> = Vec::new();
        let mut available: Vec<u32> = Vec::with_capacity(actions.len());
        for (i, action) in actions.iter().enumerate() {
            let is = |e: &Edge<G::Action>| e.seat == seat && e.action == *action;
            let scan = || edges.iter().position(is).map(|e| e as u32);
            let found = match index {
                None => scan(),
                Some(index) => match index.get(&key(seat, action)) {
                    None => None,
                    Some(&edge) if is(&edges[edge as usize]) => Some(edge),
                    Some(_) => scan(), // two moves with one hash
                },
            };
            match found {
                Some(edge) => available.push(edge),
                None => untried.push(i),
            }
        }
        for &edge in &available {
            edges[edge as usize].available += 1;
        }
        if !untried.is_empty() {
            let pick = untried[rng.index(untried.len())];
            let action = actions.swap_remove(pick);
            edges.push(Edge { seat, action, visits: 0, reward: 0.0, available: 1, child: None });
            let last = edges.len() - 1;
            match index {
                Some(index) => {
                    index.entry(key(seat, &edges[last].action)).or_insert(last as u32);
                }
                None if edges.len() >= INDEX_FROM => {
                    let mut fresh = HashMap::with_capacity(2 * edges.len());
                    for (i, e) in edges.iter().enumerate() {
                        fresh.entry(key(e.seat, &e.action)).or_insert(i as u32);
                    }
                    *index = Some(fresh);
                }
                None => {}
            }
            return Some((edges.len() as u32 - 1, true));
        }
        let mut best = (f64::NEG_INFINITY, *available.first()?);
        for &edge in &available {
            let e = &edges[edge as usize];
            let visits = f64::from(e.visits.max(1));
            let score = e.reward / visits + search.exploration * (f64::from(e.available).ln() / visits).sqrt();
            if score > best.0 {
                best = (score, edge);
            }
        }
        Some((best.1, false))
    }

    /// The step tree's answer for `observer` in the real `game`: from the root, the most
    /// visited step that is open in the real game, until the action is whole. Steps never
    /// visited (a budget smaller than the options) are completed with the first option open.
    fn best_steps(&self, game: &G, observer: Seat, iterations: u32, mut legal: Vec<G::Action>) -> Decision<G::Action> {
        let mut prefix = String::new();
        let mut node = Some(0u32);
        let mut visits = 0;
        loop {
            let choices = game.choices(observer, &prefix);
            let best = node.and_then(|n| {
                most_visited(self.nodes[n as usize].edges.iter().filter(|e| e.seat == observer && e.visits > 0).filter(
                    |e| match &e.action {
                        Move::Token(token) => choices.options.iter().any(|c| *c.token == **token),
                        Move::Done => choices.complete,
                        Move::Whole(_) => false,
                    },
                ))
            });
            let token = match best {
                Some(edge) => {
                    visits = edge.visits;
                    node = edge.child;
                    match &edge.action {
                        Move::Token(token) => Some(token.to_string()),
                        Move::Done | Move::Whole(_) => None,
                    }
                }
                None => {
                    node = None;
                    choices.options.first().map(|c| c.token.clone()).filter(|_| !choices.complete)
                }
            };
            match token {
                Some(token) => prefix.push_str(&token),
                None => break,
            }
        }
        let action = prefix.parse().unwrap_or_else(|_| {
            // The step tree led to a text the game does not read back: an engine bug the
            // conformance harness looks for. The first legal action keeps play going.
            legal.swap_remove(0)
        });
        Decision { action, iterations, visits }
    }

    /// The node after `seat` took `edge` at `node`, created on first use.
    /// The node after `edge` of `node` when chance showed `key`, made on first use.
    fn chance_child(&mut self, node: u32, edge: u32, key: u64) -> u32 {
        let fresh = self.nodes.len() as u32;
        let parent = &mut self.nodes[node as usize];
        if let Some(&(_, _, child)) = parent.chance.iter().find(|(e, k, _)| *e == edge && *k == key) {
            return child;
        }
        parent.chance.push((edge, key, fresh));
        self.nodes.push(Node::default());
        fresh
    }

    fn child(&mut self, node: u32, edge: u32, seat: Seat, sealed: bool) -> u32 {
        let fresh = self.nodes.len() as u32;
        let parent = &mut self.nodes[node as usize];
        let slot = if sealed {
            match parent.sealed.iter().find(|(s, _)| *s == seat) {
                Some(&(_, child)) => return child,
                None => {
                    parent.sealed.push((seat, fresh));
                    fresh
                }
            }
        } else {
            match parent.edges[edge as usize].child {
                Some(child) => return child,
                None => {
                    parent.edges[edge as usize].child = Some(fresh);
                    fresh
                }
            }
        };
        self.nodes.push(Node::default());
        slot
    }

    /// The game's playout moves ([`Guide::playout_action`]) to the end, or to where the game
    /// stops a playout started at `mark` ([`Guide::stop_playout`]) when it can estimate; each
    /// seat's reward.
    fn play_out(&mut self, world: &mut G, mark: u32, search: &Search, rng: &mut GameRng) -> Vec<f64> {
        let mut moves = 0u32;
        loop {
            if let Pending::Finished(outcome) = world.pending() {
                return rewards(&outcome, world.players());
            }
            let estimate = match search.guided {
                true if world.stop_playout(mark, moves, search.cutoff) => world.evaluate(),
                false if search.cutoff.is_some_and(|limit| moves >= limit) => world.estimate(),
                _ => None,
            };
            if let Some(estimate) = estimate {
                return estimate;
            }
            let Scratch { actions, events, .. } = &mut self.scratch;
            let moved = if search.guided {
                super::guided_move(world, rng, actions, events)
            } else {
                super::random_move(world, rng, actions, events)
            };
            if moved.is_none() {
                return vec![0.0; world.players()];
            }
            moves += 1;
        }
    }
}

/// Who moves next among `must`: the seat that just moved while it still must (so an answer
/// entered in steps stays whole), otherwise one at random.
fn next_actor(must: SeatSet, previous: Option<Seat>, rng: &mut GameRng) -> Seat {
    match previous {
        Some(seat) if must.contains(seat) => seat,
        _ => match must.len() {
            0 => previous.unwrap_or(Seat(0)),
            1 => must.first().unwrap_or(Seat(0)),
            n => must.iter().nth(rng.index(n)).unwrap_or(Seat(0)),
        },
    }
}

/// Each seat's reward for a finished game: mostly its share of the win (1 for a sole winner,
/// `1/k` for one of `k` winners), and a little for its place, so that among lost lines the
/// search still prefers the better placings. A sole winner gets exactly 1.
#[must_use]
pub fn rewards(outcome: &crate::game::Outcome, players: usize) -> Vec<f64> {
    const WIN: f64 = 0.8;
    let mut out = vec![0.0; players];
    let winners = outcome.winners.len();
    for standing in &outcome.standings {
        let Some(slot) = out.get_mut(standing.seat.index()) else { continue };
        let win = if outcome.winners.contains(standing.seat) { 1.0 / winners as f64 } else { 0.0 };
        // Seats sharing a place share the ranks they span: the average rank, 0 = first.
        let ahead = outcome.standings.iter().filter(|s| s.place < standing.place).count();
        let level = outcome.standings.iter().filter(|s| s.place == standing.place).count();
        let rank = ahead as f64 + (level as f64 - 1.0) / 2.0;
        let place = if players > 1 { 1.0 - rank / (players as f64 - 1.0) } else { 1.0 };
        *slot = WIN * win + (1.0 - WIN) * place;
    }
    out
}

/// A game's [`Game::estimate`] from one score per seat (`None` for a seat out of the game):
/// the chance of winning as a softmax of `spread × score`, and the place by score, weighted
/// as [`rewards`] weighs them.
#[must_use]
pub fn estimate_from_scores(scores: &[Option<f64>], spread: f64) -> Vec<f64> {
    const WIN: f64 = 0.8;
    let top = scores.iter().flatten().copied().fold(f64::NEG_INFINITY, f64::max);
    let weights: Vec<f64> = scores.iter().map(|s| s.map_or(0.0, |s| (spread * (s - top)).exp())).collect();
    let total: f64 = weights.iter().sum();
    let others = scores.len().saturating_sub(1).max(1) as f64;
    scores
        .iter()
        .zip(&weights)
        .map(|(score, weight)| {
            let Some(score) = score else { return 0.0 };
            let below = scores.iter().flatten().filter(|s| *s < score).count() as f64;
            let level = scores.iter().flatten().filter(|s| *s == score).count() as f64 - 1.0;
            let place = (below + level / 2.0) / others;
            WIN * weight / total.max(f64::MIN_POSITIVE) + (1.0 - WIN) * place
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::fmt;
    use std::str::FromStr;

    use serde::{Deserialize, Serialize};

    use super::*;
    use crate::game::{Audience, InvariantError, Outcome, ParseActionError, RuleError, SetupError, Standing};

    /// A one-decision game whose answer is a big action in steps: seat 0 dials one digit
    /// (`dial 7`) or two (`dial 7 3`), 110 actions in all; only `dial 7` wins. Over the step
    /// tree that is `dial`, `7`, then stopping although more digits are open.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    struct Dial {
        dialled: Option<(u8, Option<u8>)>,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    enum Turn {
        Dial(u8, Option<u8>),
        Resign,
    }

    impl fmt::Display for Turn {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match self {
                Self::Dial(a, None) => write!(f, "dial {a}"),
                Self::Dial(a, Some(b)) => write!(f, "dial {a} {b}"),
                Self::Resign => f.write_str("resign"),
            }
        }
    }

    impl FromStr for Turn {
        type Err = ParseActionError;
        fn from_str(text: &str) -> Result<Self, Self::Err> {
            let words: Vec<&str> = text.split_whitespace().collect();
            let digit = |w: &str| w.parse::<u8>().ok().filter(|d| *d < 10);
            let error = || ParseActionError { text: text.into(), expected: "dial D [D]".into() };
            match words.as_slice() {
                ["resign"] => Ok(Self::Resign),
                ["dial", a] => Ok(Self::Dial(digit(a).ok_or_else(error)?, None)),
                ["dial", a, b] => Ok(Self::Dial(digit(a).ok_or_else(error)?, Some(digit(b).ok_or_else(error)?))),
                _ => Err(error()),
            }
        }
    }

    impl Game for Dial {
        type Options = ();
        type Action = Turn;
        type Event = ();
        type View = ();
        const ID: &'static str = "dial";
        const NAME: &'static str = "Dial";
        const PLAYERS: (usize, usize) = (2, 2);
        const MAX_ACTIONS: usize = 4;
        const SUMMARY: &'static str = "Dial the winning code.";
        const RESIGN: Turn = Turn::Resign;

        fn setup(_: &(), _: usize, _: GameRng) -> Result<Self, SetupError> {
            Ok(Self { dialled: None })
        }
        fn players(&self) -> usize {
            2
        }
        fn pending(&self) -> Pending {
            match self.dialled {
                None => Pending::must(SeatSet::one(Seat(0))),
                Some(code) => {
                    let winner = if code == (7, None) { Seat(0) } else { Seat(1) };
                    let standing = |seat: Seat, place| Standing { seat, place, score: 0, detail: String::new() };
                    let loser = Seat(1 - winner.0);
                    Pending::Finished(Outcome {
                        standings: vec![standing(winner, 1), standing(loser, 2)],
                        winners: SeatSet::one(winner),
                        reason: "dialled".into(),
                    })
                }
            }
        }
        fn resigned(&self, _: Seat) -> bool {
            false
        }
        fn legal_actions_into(&self, seat: Seat, out: &mut Vec<Turn>) {
            if seat == Seat(0) && self.dialled.is_none() {
                for a in 0..10 {
                    out.push(Turn::Dial(a, None));
                    out.extend((0..10).map(|b| Turn::Dial(a, Some(b))));
                }
            }
        }
        fn act(&mut self, _: Seat, action: &Turn, _: &mut Vec<()>) -> Result<(), RuleError> {
            match *action {
                Turn::Dial(a, b) => self.dialled = Some((a, b)),
                Turn::Resign => self.dialled = Some((0, Some(0))),
            }
            Ok(())
        }
        fn view(&self, _: crate::game::Viewer) {}
        fn audience(_: &()) -> Audience {
            Audience::Public
        }
        fn sentence(&self, _: &(), _: &[String]) -> String {
            String::new()
        }
        fn explain(&self, _: &Turn) -> String {
            "Turn the dial".to_string()
        }
        fn timeout_action(&self, _: Seat) -> Option<Turn> {
            Some(Turn::Dial(0, None))
        }
        fn check_invariants(&self) -> Result<(), InvariantError> {
            Ok(())
        }
        fn determinize(&self, _: Seat, _: &mut GameRng) -> Self {
            self.clone()
        }
    }

    impl Guide for Dial {}

    #[test]
    fn both_shapes_find_the_one_winning_action() {
        let game = Dial::setup(&(), 2, GameRng::from_seed(1)).expect("setup");
        for steps in [false, true] {
            let search = Search { steps, ..Search::with_budget(Budget { iterations: 600, time: None }) };
            let decision = super::search(&game, Seat(0), &search, &mut GameRng::from_seed(5)).expect("a decision");
            assert_eq!(decision.action, Turn::Dial(7, None), "searching the step tree: {steps}");
            assert_eq!(decision.iterations, 600);
            assert!(decision.visits > 100, "the winner drew the visits: {decision:?}");
        }
    }

    #[test]
    fn a_step_search_answers_with_a_whole_legal_action_even_on_a_tiny_budget() {
        let game = Dial::setup(&(), 2, GameRng::from_seed(1)).expect("setup");
        let legal = game.legal_actions(Seat(0));
        for iterations in [1, 2, 3] {
            let search = Search { steps: true, ..Search::with_budget(Budget { iterations, time: None }) };
            let decision = super::search(&game, Seat(0), &search, &mut GameRng::from_seed(3)).expect("a decision");
            assert!(legal.contains(&decision.action), "{decision:?}");
        }
    }

    /// A game of one call: seat 0 stops for a shared win or flips a coin everyone sees and
    /// then calls it, winning alone when right. Flipping is worth more only to a search whose
    /// call can depend on the face shown: the chance nodes of [`Guide::chance_key`].
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    struct Coin {
        rng: GameRng,
        /// After the flip: heads?
        face: Option<bool>,
        /// The end: seat 0 stopped (`None`) or called right (`Some(true)`) or wrong.
        end: Option<Option<bool>>,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    enum Call {
        Stop,
        Flip,
        Heads,
        Tails,
        Resign,
    }

    impl fmt::Display for Call {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(match self {
                Self::Stop => "stop",
                Self::Flip => "flip",
                Self::Heads => "heads",
                Self::Tails => "tails",
                Self::Resign => "resign",
            })
        }
    }

    impl FromStr for Call {
        type Err = ParseActionError;
        fn from_str(text: &str) -> Result<Self, Self::Err> {
            match text {
                "stop" => Ok(Self::Stop),
                "flip" => Ok(Self::Flip),
                "heads" => Ok(Self::Heads),
                "tails" => Ok(Self::Tails),
                "resign" => Ok(Self::Resign),
                _ => Err(ParseActionError { text: text.into(), expected: "stop, flip, heads or tails".into() }),
            }
        }
    }

    impl Game for Coin {
        type Options = ();
        type Action = Call;
        type Event = bool;
        type View = ();
        const ID: &'static str = "coin";
        const NAME: &'static str = "Coin";
        const PLAYERS: (usize, usize) = (2, 2);
        const MAX_ACTIONS: usize = 2;
        const SUMMARY: &'static str = "Stop, or flip and call.";
        const RESIGN: Call = Call::Resign;

        fn setup(_: &(), _: usize, rng: GameRng) -> Result<Self, SetupError> {
            Ok(Self { rng, face: None, end: None })
        }
        fn players(&self) -> usize {
            2
        }
        fn pending(&self) -> Pending {
            let standing = |seat: Seat, place| Standing { seat, place, score: 0, detail: String::new() };
            match self.end {
                None => Pending::must(SeatSet::one(Seat(0))),
                Some(None) => Pending::Finished(Outcome {
                    standings: vec![standing(Seat(0), 1), standing(Seat(1), 1)],
                    winners: SeatSet::all(2),
                    reason: "stopped".into(),
                }),
                Some(Some(right)) => {
                    let winner = if right { Seat(0) } else { Seat(1) };
                    Pending::Finished(Outcome {
                        standings: vec![standing(winner, 1), standing(Seat(1 - winner.0), 2)],
                        winners: SeatSet::one(winner),
                        reason: "called".into(),
                    })
                }
            }
        }
        fn resigned(&self, _: Seat) -> bool {
            false
        }
        fn legal_actions_into(&self, seat: Seat, out: &mut Vec<Call>) {
            if seat == Seat(0) && self.end.is_none() {
                out.extend(if self.face.is_none() { [Call::Stop, Call::Flip] } else { [Call::Heads, Call::Tails] });
            }
        }
        fn act(&mut self, _: Seat, action: &Call, events: &mut Vec<bool>) -> Result<(), RuleError> {
            match (*action, self.face) {
                (Call::Stop, None) => self.end = Some(None),
                (Call::Flip, None) => {
                    let heads = self.rng.below(2) == 0;
                    self.face = Some(heads);
                    events.push(heads);
                }
                (Call::Heads | Call::Tails, Some(heads)) => self.end = Some(Some(heads == (*action == Call::Heads))),
                (Call::Resign, _) => self.end = Some(Some(false)),
                _ => return Err(RuleError::illegal("not now")),
            }
            Ok(())
        }
        fn view(&self, _: crate::game::Viewer) {}
        fn audience(_: &bool) -> Audience {
            Audience::Public
        }
        fn sentence(&self, _: &bool, _: &[String]) -> String {
            String::new()
        }
        fn explain(&self, _: &Call) -> String {
            "Call".to_string()
        }
        fn timeout_action(&self, _: Seat) -> Option<Call> {
            Some(Call::Stop)
        }
        fn check_invariants(&self) -> Result<(), InvariantError> {
            Ok(())
        }
        fn determinize(&self, _: Seat, rng: &mut GameRng) -> Self {
            Self { rng: GameRng::from_seed(u64::from(rng.below(u32::MAX))), ..self.clone() }
        }
    }

    impl Guide for Coin {
        fn chance_key(&self, _: Seat, events: &[bool]) -> u64 {
            events.first().map_or(0, |heads| 1 + u64::from(*heads))
        }
    }

    #[test]
    fn a_call_that_depends_on_the_face_shown_makes_the_flip_worth_it() {
        let game = Coin::setup(&(), 2, GameRng::from_seed(1)).expect("setup");
        for seed in 0..10 {
            let budget = Budget { iterations: 400, time: None };
            // With chance nodes the call after the flip is right every time: a win alone.
            let search = Search { guided: true, ..Search::with_budget(budget) };
            let decision = super::search(&game, Seat(0), &search, &mut GameRng::from_seed(seed)).expect("a decision");
            assert_eq!(decision.action, Call::Flip, "seed {seed}: {decision:?}");
            assert!(decision.visits > 300, "seed {seed}: {decision:?}");
            // One node for both faces: the call is a coin toss, worth a little less than
            // sharing the win, and the flip never draws the visits.
            let search = Search { guided: false, ..Search::with_budget(budget) };
            let decision = super::search(&game, Seat(0), &search, &mut GameRng::from_seed(seed)).expect("a decision");
            let flips = if decision.action == Call::Flip { decision.visits } else { 400 - decision.visits };
            assert!(flips < 300, "seed {seed}, without chance nodes: {decision:?}");
        }
    }
}
