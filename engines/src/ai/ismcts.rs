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
//! Chance needs no node of its own: a determinization carries a fresh random source, so dice
//! and draws come out differently in every iteration. When several seats must answer at once
//! (sealed choices), one of them moves first, chosen at random, and keeps moving until its
//! answer is whole (answers entered in several steps stay together). Its sealed move must not
//! be seen by the seats answering after it, so their node does not depend on which sealed
//! action it was: every sealed action leads into the same child node, while the edge
//! statistics stay separate for the seat that chose.

use std::time::Instant;

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
}

impl Search {
    /// The search with this budget and the default settings.
    #[must_use]
    pub const fn with_budget(budget: Budget) -> Self {
        Self { budget, exploration: 0.7, cutoff: Some(DEFAULT_CUTOFF), peek: false }
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

/// One statistic per (seat, action) leaving a node.
#[derive(Clone, Debug)]
struct Edge<A> {
    seat: Seat,
    action: A,
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
}

impl<A> Default for Node<A> {
    fn default() -> Self {
        Self { edges: Vec::new(), sealed: Vec::new() }
    }
}

/// Chooses `observer`'s action by information-set search, or `None` when it has nothing to
/// decide. `rng` is the computer's own source (never the game's); the same state, seat, search
/// and seed give the same decision when the budget is counted in iterations.
pub fn search<G: Game>(game: &G, observer: Seat, search: &Search, rng: &mut GameRng) -> Option<Decision<G::Action>> {
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
    let root = &tree.nodes[0];
    let best = root
        .edges
        .iter()
        .filter(|e| e.seat == observer && legal.contains(&e.action))
        .max_by(|a, b| a.visits.cmp(&b.visits).then(a.reward.total_cmp(&b.reward)))?;
    Some(Decision { action: best.action.clone(), iterations, visits: best.visits })
}

/// Buffers reused from iteration to iteration.
struct Scratch<G: Game> {
    actions: Vec<G::Action>,
    events: Vec<G::Event>,
    path: Vec<(u32, u32)>,
}

impl<G: Game> Default for Scratch<G> {
    fn default() -> Self {
        Self { actions: Vec::new(), events: Vec::new(), path: Vec::new() }
    }
}

struct Tree<G: Game> {
    nodes: Vec<Node<G::Action>>,
    scratch: Scratch<G>,
}

impl<G: Game> Tree<G> {
    /// One iteration in the determinization `world`: select and expand, play out, back up.
    fn iterate(&mut self, mut world: G, observer: Seat, search: &Search, rng: &mut GameRng) {
        self.scratch.path.clear();
        let mut node = 0u32;
        let mut actor = Some(observer);
        while let Pending::Deciding { must, .. } = world.pending() {
            let seat = next_actor(must, actor, rng);
            let (edge, expanded) = self.select(node, &world, seat, search.exploration, rng);
            self.scratch.path.push((node, edge));
            let action = self.nodes[node as usize].edges[edge as usize].action.clone();
            self.scratch.events.clear();
            if world.apply_into(seat, &action, &mut self.scratch.events).is_err() {
                // A legal action refused: an engine bug the conformance harness looks for.
                // Stop here and score the position as it stands rather than panic in play.
                break;
            }
            let after = world.pending().must_seats();
            let next = next_actor(after, Some(seat), rng);
            let sealed = must.len() > 1 && next != seat;
            node = self.child(node, edge, seat, sealed);
            actor = Some(next);
            if expanded {
                break;
            }
        }
        let rewards = self.play_out(&mut world, search.cutoff, rng);
        for &(node, edge) in &self.scratch.path {
            let edge = &mut self.nodes[node as usize].edges[edge as usize];
            edge.visits += 1;
            edge.reward += rewards.get(edge.seat.index()).copied().unwrap_or(0.0);
        }
    }

    /// The edge `seat` takes at `node` in `world`, and whether it is a new one (expansion).
    fn select(&mut self, node: u32, world: &G, seat: Seat, exploration: f64, rng: &mut GameRng) -> (u32, bool) {
        let actions = &mut self.scratch.actions;
        actions.clear();
        world.legal_actions_into(seat, actions);
        let edges = &mut self.nodes[node as usize].edges;
        let mut untried: Vec<usize> = Vec::new();
        let mut available: Vec<u32> = Vec::with_capacity(actions.len());
        for (i, action) in actions.iter().enumerate() {
            match edges.iter().position(|e| e.seat == seat && e.action == *action) {
                Some(edge) => available.push(edge as u32),
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
            return (edges.len() as u32 - 1, true);
        }
        let mut best = (f64::NEG_INFINITY, 0u32);
        for &edge in &available {
            let e = &edges[edge as usize];
            let visits = f64::from(e.visits.max(1));
            let score = e.reward / visits + exploration * (f64::from(e.available).ln() / visits).sqrt();
            if score > best.0 {
                best = (score, edge);
            }
        }
        (best.1, false)
    }

    /// The node after `seat` took `edge` at `node`, created on first use.
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

    /// Random moves to the end (or to the cut-off, when the game can estimate); each seat's
    /// reward.
    fn play_out(&mut self, world: &mut G, cutoff: Option<u32>, rng: &mut GameRng) -> Vec<f64> {
        let mut moves = 0u32;
        loop {
            if let Pending::Finished(outcome) = world.pending() {
                return rewards(&outcome, world.players());
            }
            if cutoff.is_some_and(|limit| moves >= limit)
                && let Some(estimate) = world.estimate()
            {
                return estimate;
            }
            let Scratch { actions, events, .. } = &mut self.scratch;
            if super::random_move(world, rng, actions, events).is_none() {
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
