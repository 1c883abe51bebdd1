//! Determinization for computer players (§5): a state the observer cannot tell from the real
//! one. The face-down grid cards, the cards set aside and the other players' hands are pooled,
//! shuffled and dealt back into the same places; other seats' sealed answers (starting dice,
//! join answers, committed dice) are entered afresh at random; the random source is replaced.
//! Face-up grid cards, pyramids, dice pools and everything else stay as they are. Also the
//! estimate that scores a cut-off playout.

use super::combat::Stage;
use super::scoring::EndReason;
use super::state::{ConquestOfMars, Phase};
use crate::ai::ismcts::rewards;
use crate::ai::reanswer;
use crate::game::{Outcome, Seat, Standing};
use crate::parts::cards::{Card, CardSet};
use crate::rng::GameRng;

pub(super) fn determinize(game: &ConquestOfMars, observer: Seat, rng: &mut GameRng) -> ConquestOfMars {
    let mut world = game.clone();
    world.rng = rng.fork();
    if world.phase == Phase::GameOver {
        return world;
    }
    deal_unseen(&mut world, observer, rng);
    redraw_sealed(&mut world, observer, rng);
    world
}

fn deal_unseen(world: &mut ConquestOfMars, observer: Seat, rng: &mut GameRng) {
    let mut pool: CardSet = world.aside.iter().copied().collect();
    pool = pool.union(world.grid.iter().filter(|g| !g.face_up).map(|g| g.card).collect());
    for (i, player) in world.players.iter().enumerate() {
        if i != observer.index() {
            pool = pool.union(player.hand.iter().copied().collect());
        }
    }
    let mut cards: Vec<Card> = pool.iter().collect();
    rng.shuffle(&mut cards);
    for cell in world.grid.iter_mut().filter(|g| !g.face_up) {
        cell.card = cards.pop().unwrap_or(cell.card);
    }
    for (i, player) in world.players.iter_mut().enumerate() {
        if i != observer.index() {
            for card in &mut player.hand {
                *card = cards.pop().unwrap_or(*card);
            }
        }
    }
    debug_assert_eq!(cards.len(), world.aside.len(), "every unseen card dealt back");
    world.aside = cards;
}

/// That another seat has answered is public; what it answered is not.
fn redraw_sealed(world: &mut ConquestOfMars, observer: Seat, rng: &mut GameRng) {
    if world.phase == Phase::SetupDieChoice {
        let others: Vec<Seat> = world.seats().filter(|s| *s != observer).collect();
        for seat in others {
            if world.player_mut(seat).start_die.take().is_some() {
                let chosen = move |w: &ConquestOfMars| w.player(seat).start_die.is_some();
                reanswer(world, seat, rng, chosen, |w| w.phase == Phase::SetupDieChoice);
            }
        }
        return;
    }
    let Phase::Attack(combat) = &mut world.phase else { return };
    match &mut combat.stage {
        Stage::Join { answers, .. } => {
            let others: Vec<Seat> = answers.iter().map(|(s, _)| *s).filter(|s| *s != observer).collect();
            answers.retain(|(s, _)| *s == observer);
            for seat in others {
                reanswer(world, seat, rng, move |w| answered(w, seat), joining);
            }
        }
        Stage::Commit => {
            let mut redo = Vec::new();
            for side in combat.sides.iter_mut().filter(|p| p.seat != observer && p.choosing) {
                if side.committed() {
                    redo.push(side.seat);
                }
                side.chosen.clear();
            }
            for seat in redo {
                reanswer(world, seat, rng, move |w| committed(w, seat), committing);
            }
        }
        Stage::Casualty { .. } => {}
    }
}

fn answered(world: &ConquestOfMars, seat: Seat) -> bool {
    matches!(&world.phase, Phase::Attack(c) if matches!(&c.stage, Stage::Join { answers, .. } if answers.iter().any(|(s, _)| *s == seat)))
}

fn joining(world: &ConquestOfMars) -> bool {
    matches!(&world.phase, Phase::Attack(c) if matches!(c.stage, Stage::Join { .. }))
}

fn committed(world: &ConquestOfMars, seat: Seat) -> bool {
    matches!(&world.phase, Phase::Attack(c) if c.sides.iter().any(|p| p.seat == seat && p.committed()))
}

fn committing(world: &ConquestOfMars) -> bool {
    matches!(&world.phase, Phase::Attack(c) if matches!(c.stage, Stage::Commit))
}

/// A cut-off playout scored as if the game ended now (§6.2–6.4: the cards each player solely
/// occupies with its hand), blended with an even share, since the board still changes.
pub(super) fn estimate(game: &ConquestOfMars) -> Vec<f64> {
    let result = game.score(EndReason::RoundCap);
    let standings = result
        .lines
        .iter()
        .map(|l| Standing { seat: l.seat, place: l.place, score: 0, detail: String::new() })
        .collect();
    let now = Outcome { standings, winners: result.winners().into_iter().collect(), reason: String::new() };
    let even = 1.0 / game.players.len() as f64;
    rewards(&now, game.players.len()).into_iter().map(|r| 0.6 * r + 0.4 * even).collect()
}
