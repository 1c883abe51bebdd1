//! Martian 12s partners (rules §4): push-your-luck judged from the public bag counts (R25).
//!
//! - `cautious` pulls while the safest size pops at most one time in four;
//! - `greedy` pulls while it pops at most one time in two;
//! - `steady` pulls until its score reaches 9, as a blackjack player stands on 17.
//!
//! All three pass when passing already wins the round (everybody else has passed or popped
//! below them), pull while a pull cannot pop, keep pulling while a player who passed beats
//! them (R14: score, then pyramids), and choose the size least likely to pop them (R6).

use super::Sparring;
use crate::game::Seat;
use crate::martian_12s::{Action, Grab, Martian12s, Status, View};
use crate::rng::GameRng;

impl Sparring for Martian12s {
    const PARTNERS: &'static [&'static str] = &["cautious", "greedy", "steady"];

    fn spar(partner: usize, seat: Seat, view: &View, legal: &[Action], _rng: &mut GameRng) -> Action {
        let me = view.player(seat);
        let pulls: Vec<(Grab, f64, f64)> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Pull(grab) => {
                    let (pop, mean) = odds(view, *grab, me.score);
                    Some((*grab, pop, mean))
                }
                _ => None,
            })
            .collect();
        // The safest pull, then the one worth most.
        let Some(&(grab, pop, _)) = pulls.iter().min_by(|a, b| a.1.total_cmp(&b.1).then(b.2.total_cmp(&a.2))) else {
            return Action::Pass;
        };
        let pull = Action::Pull(grab);
        let standing = standing(view, seat);
        if standing == Standing::Won {
            return Action::Pass;
        }
        if pop == 0.0 {
            return pull;
        }
        if standing == Standing::Beaten {
            // Passing loses the round for sure; a pull that may not pop is the only chance.
            return if pop < 1.0 { pull } else { Action::Pass };
        }
        let go = match partner {
            0 => pop <= 0.25,
            1 => pop <= 0.5,
            _ => me.score < 9 && pop < 1.0,
        };
        if go { pull } else { Action::Pass }
    }
}

/// How the round stands for a player who would pass now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Standing {
    /// Nobody else can still pull, and nobody who stays beats us: passing wins.
    Won,
    /// Someone who passed already beats us (score, then pyramids, R14).
    Beaten,
    /// Others may still pull.
    Open,
}

fn standing(view: &View, seat: Seat) -> Standing {
    let me = view.player(seat);
    let mine = (me.score, me.stack.len());
    let others = view.players.iter().filter(|p| p.seat != seat);
    let mut open = false;
    for p in others {
        match p.status {
            Status::Passed if (p.score, p.stack.len()) >= mine => return Standing::Beaten,
            Status::Active => open = true,
            _ => {}
        }
    }
    if open { Standing::Open } else { Standing::Won }
}

/// The chance that a pull of `grab` pops a player at `score` (R9), and the pull's mean value,
/// from the public bag counts (R25).
fn odds(view: &View, grab: Grab, score: u8) -> (f64, f64) {
    let sizes: Vec<usize> = match grab {
        Grab::Size(size) => vec![size.index()],
        Grab::Any => vec![0, 1, 2],
    };
    let (mut total, mut popping, mut sum) = (0u32, 0u32, 0u32);
    for (value, counts) in view.bag_by_value.iter().enumerate() {
        let n: u32 = sizes.iter().map(|s| u32::from(counts[*s])).sum();
        total += n;
        sum += n * value as u32;
        if u32::from(score) + value as u32 > 12 {
            popping += n;
        }
    }
    if total == 0 {
        return (1.0, 0.0);
    }
    (f64::from(popping) / f64::from(total), f64::from(sum) / f64::from(total))
}
