//! The specification's §9 invariants I1–I11, checked after every action by the tests and the
//! conformance harness (I12, replay, is the harness's own check).

use super::action::Action;
use super::state::{Martian12s, MatchMode, PULL_LIMIT, Phase, Player, ROUND_CAP, Status, TWELVE, full_bag};
use crate::game::{Game, InvariantError};

type Check = Result<(), InvariantError>;

fn broken(text: impl Into<String>) -> Check {
    Err(InvariantError(text.into()))
}

/// §9 I1–I11; the error names the first broken invariant (`"I4: P1 score"`).
pub(super) fn check_invariants(game: &Martian12s) -> Check {
    pyramids(game)?;
    money(game)?;
    if game.phase != Phase::Turn {
        // §4.7 step 1: the house took what was left.
        return if game.pot.0 == 0 { Ok(()) } else { broken("§4.7: pot left after the match") };
    }
    pot(game)?;
    for (i, player) in game.players.iter().enumerate() {
        player_ok(i, player)?;
    }
    active_pulls(game)?;
    turn(game)?;
    rounds(game)?;
    turn_list(game)
}

/// I1: every pyramid exactly once, in the bag or one stack.
fn pyramids(game: &Martian12s) -> Check {
    let mut seen = game.bag;
    for (i, player) in game.players.iter().enumerate() {
        for pyramid in &player.stack {
            let bit = 1u64 << pyramid.index(game.sets);
            if seen & bit != 0 {
                return broken(format!("I1: {pyramid} twice (P{i})"));
            }
            seen |= bit;
        }
    }
    if seen == full_bag(game.sets) { Ok(()) } else { broken("I1: pyramids missing") }
}

/// I2: money is conserved (credits are unsigned, so never below 0).
fn money(game: &Martian12s) -> Check {
    let wallets: u64 = game.players.iter().map(|p| u64::from(p.wallet.0)).sum();
    let total = wallets + u64::from(game.pot.0) + u64::from(game.house.0);
    let start = u64::from(game.options.start_wallet().0) * game.players.len() as u64;
    if total == start { Ok(()) } else { broken(format!("I2: money {total} != {start}")) }
}

/// I3: the pot is the carry-in plus a stake per pull this round.
fn pot(game: &Martian12s) -> Check {
    let pulls: usize = game.players.iter().map(Player::pulls).sum();
    if game.pot.0 == game.carried_in.0 + game.options.stake * pulls as u32 {
        Ok(())
    } else {
        broken(format!("I3: pot {} != {} + {} pulls", game.pot, game.carried_in, pulls))
    }
}

/// I4, I5, I8 for the player at seat `i`.
fn player_ok(i: usize, p: &Player) -> Check {
    // I4: the score is the sum of the stack.
    if u32::from(p.score) != p.stack.iter().map(|x| u32::from(x.value)).sum::<u32>() {
        return broken(format!("I4: P{i} score"));
    }
    // I5: over 12 pops; a pull pops at 13..=16 (a resignation pops at any score).
    if p.status != Status::Popped && p.score > TWELVE {
        return broken(format!("I5: P{i} over 12 but {:?}", p.status));
    }
    if p.status == Status::Popped && !p.resigned && !(13..=16).contains(&p.score) {
        return broken(format!("I5: P{i} popped at {}", p.score));
    }
    // I8: who sits out has nothing.
    if p.status == Status::SittingOut && !p.stack.is_empty() {
        return broken(format!("I8: P{i} sits out with pyramids"));
    }
    Ok(())
}

/// I6: with two or more Active, at most six pulls each and counts within one of each other.
fn active_pulls(game: &Martian12s) -> Check {
    let active: Vec<usize> = game.players.iter().filter(|p| p.status == Status::Active).map(Player::pulls).collect();
    let (Some(lo), Some(hi)) = (active.iter().min(), active.iter().max()) else { return Ok(()) };
    if active.len() >= 2 && (*hi > PULL_LIMIT || hi - lo > 1) {
        return broken(format!("I6: active pulls {active:?}"));
    }
    Ok(())
}

/// I7: during a turn two are standing and the player on turn is Active and able to act
/// (§4.2 step 1 applied every forced pass).
fn turn(game: &Martian12s) -> Check {
    let standing = game.players.iter().filter(|p| p.in_round()).count();
    let current = game.player(game.current);
    if standing < 2 || current.status != Status::Active {
        return broken(format!("I7: {standing} standing, current {:?}", current.status));
    }
    if current.wallet.0 < game.options.stake || game.bag == 0 {
        return broken("§4.2: a forced pass was not applied");
    }
    Ok(())
}

/// I9: the round count is within bounds.
fn rounds(game: &Martian12s) -> Check {
    let over_rounds = game.options.match_mode == MatchMode::Rounds && game.round > game.options.rounds;
    if game.round > ROUND_CAP || over_rounds { broken(format!("I9: round {}", game.round)) } else { Ok(()) }
}

/// I10, I11: the turn list holds `Pass` and only sizes still in the bag.
fn turn_list(game: &Martian12s) -> Check {
    let legal = game.legal_actions(game.current);
    if !legal.contains(&Action::Pass) {
        return broken("I10: no Pass in the turn list");
    }
    for action in legal {
        if let Action::Pull(grab) = action
            && game.candidates(grab) == 0
        {
            return broken(format!("I11: {action} listed with none in the bag"));
        }
    }
    Ok(())
}
