//! Determinization for computer players (§5): a state the observer cannot tell from the real
//! one. Unseen cards (the draw pile, other hands except the cards every player saw go in,
//! other hidden event cards, other contest hands, a card another player dug from the draw
//! pile) are pooled in canonical order, shuffled and dealt back into the same places in the
//! same numbers; other seats' sealed answers (contest exchanges, Mayor bids) are redrawn at
//! random; the random source is replaced. Also the estimate that scores a cut-off playout.

use super::action::Pile;
use super::state::{EventStatus, MartianGunslinger, PlotId, Stage};
use crate::ai::ismcts::estimate_from_scores;
use crate::ai::reanswer;
use crate::game::Seat;
use crate::parts::cards::{Card, CardSet};
use crate::rng::GameRng;

pub(super) fn determinize(game: &MartianGunslinger, observer: Seat, rng: &mut GameRng) -> MartianGunslinger {
    let mut world = game.clone();
    world.rng = rng.fork();
    deal_unseen(&mut world, observer, rng);
    redraw_sealed(&mut world, observer, rng);
    world
}

/// Pools every card `observer` has not seen and deals the pool back at random.
fn deal_unseen(world: &mut MartianGunslinger, observer: Seat, rng: &mut GameRng) {
    let mut pool: CardSet = world.draw.iter().copied().collect();
    for (i, player) in world.players.iter_mut().enumerate() {
        if i == observer.index() {
            continue;
        }
        player.known = player.known.intersection(player.hand);
        pool = pool.union(player.hand.difference(player.known));
        if let Some(slot) = player.event.filter(|e| e.status == EventStatus::Hidden) {
            pool.insert(slot.card);
        }
    }
    for side in world.contest.iter().flat_map(|c| c.sides.iter()).filter(|s| s.seat != observer) {
        pool = pool.union(side.hand);
    }
    let dug_unseen = world.turn.dug.filter(|(_, pile)| *pile == Pile::Draw && world.active() != observer);
    if let Some((card, _)) = dug_unseen {
        pool.insert(card);
    }
    let mut cards: Vec<Card> = pool.iter().collect();
    rng.shuffle(&mut cards);
    let mut deal = |n: usize| -> CardSet { (0..n).filter_map(|_| cards.pop()).collect() };

    let draw_len = world.draw.len();
    for (i, player) in world.players.iter_mut().enumerate() {
        if i == observer.index() {
            continue;
        }
        let unknown = player.hand.difference(player.known).len();
        player.hand = player.known.union(deal(unknown));
        if let Some(slot) = player.event.as_mut().filter(|e| e.status == EventStatus::Hidden) {
            slot.card = deal(1).first().unwrap_or(slot.card);
        }
    }
    for side in world.contest.iter_mut().flat_map(|c| c.sides.iter_mut()).filter(|s| s.seat != observer) {
        side.hand = deal(side.hand.len());
        // Its sealed choice was among the cards it held; redrawn below.
        side.chosen = CardSet::EMPTY;
    }
    if dug_unseen.is_some()
        && let Some((card, _)) = world.turn.dug.as_mut()
    {
        *card = deal(1).first().unwrap_or(*card);
    }
    debug_assert_eq!(cards.len(), draw_len, "every unseen card dealt back");
    world.draw = cards;
}

/// Other seats' sealed answers: a finished contest exchange or a Mayor bid is entered afresh at
/// random (that they answered is public, what they answered is not).
fn redraw_sealed(world: &mut MartianGunslinger, observer: Seat, rng: &mut GameRng) {
    if world.stage == Stage::Exchange {
        let others: Vec<(Seat, bool)> = world
            .contest
            .iter()
            .flat_map(|c| c.sides.iter())
            .filter(|s| s.seat != observer)
            .map(|s| (s.seat, s.done))
            .collect();
        for (seat, done) in others {
            if let Some(side) = world.contest.as_mut().and_then(|c| c.sides.iter_mut().find(|s| s.seat == seat)) {
                side.done = false;
            }
            if done {
                let side_done = move |w: &MartianGunslinger| {
                    w.contest.iter().flat_map(|c| c.sides.iter()).any(|s| s.seat == seat && s.done)
                };
                reanswer(world, seat, rng, side_done, |w| w.stage == Stage::Exchange);
            }
        }
    }
    if world.stage == Stage::Bid {
        for seat in world.seats().filter(|s| *s != observer) {
            if world.bids[seat.index()].take().is_some() {
                reanswer(world, seat, rng, move |w| w.bids[seat.index()].is_some(), |w| w.stage == Stage::Bid);
            }
        }
    }
}

/// A cut-off playout scored by victory points (seven win, §6), the part of a Mayor's term
/// served (three rounds win), face-up resources as a faint sign of a coming flush, how ready
/// the gunslinger stands for its next attempt (§4.5: facing a plotpoint it may attempt is
/// worth nearly half a point, each square further from one a little less), and its size.
pub(super) fn estimate(game: &MartianGunslinger) -> Vec<f64> {
    let scores: Vec<Option<f64>> = game
        .seats()
        .map(|seat| {
            let p = game.player(seat);
            // The counter runs down from 3 × N slots to the Mayor's win.
            let term = 3.0 * game.players.len() as f64;
            let mayor = if game.mayor == Some(seat) { 5.0 * (1.0 - f64::from(game.mayor_counter) / term) } else { 0.0 };
            let ready = readiness(game, seat);
            // A bigger gunslinger draws more in a fight and shrinks before it leaves the board
            // (§4.6): worth a little, and a small one that may be attacked (R17) is in danger.
            let size = 0.3 * f64::from(p.piece.size.pips() - 1);
            let exposed = if p.piece.size.pips() == 1 && p.lifetime >= 2 { 0.3 } else { 0.0 };
            (!p.resigned).then(|| f64::from(p.vp) + mayor + 0.1 * p.resources.len() as f64 + ready + size - exposed)
        })
        .collect();
    estimate_from_scores(&scores, 0.8)
}

/// How ready `seat`'s gunslinger stands to attempt a plotpoint (R15, R16): 0.4 facing one it
/// may attempt, else 0.3 less 0.05 a square to the nearest; 0 off the board.
fn readiness(game: &MartianGunslinger, seat: Seat) -> f64 {
    let p = game.player(seat);
    let Some(square) = p.piece.square else { return 0.0 };
    let front = super::state::front(square, p.piece.facing);
    let mut near = u8::MAX;
    for id in PlotId::ALL.into_iter().filter(|id| Some(*id) != p.last_attempt) {
        let Some(target) = game.plotpoints[id as usize] else { continue };
        if front == Some(target) {
            return 0.4;
        }
        near = near.min(square.x.abs_diff(target.x).max(square.y.abs_diff(target.y)));
    }
    if near == u8::MAX { 0.0 } else { 0.3 - 0.05 * f64::from(near) }
}
