//! Refusals: validate, then mutate (a refused action leaves the state byte-identical), and a
//! refusal decided by a ruling names it as a typed field, not only in its sentence.

use super::fixture::{ANN, BOB, CARA, Fx, act, play, roll};
use crate::game::{Game, RuleError, RuleErrorKind, Seat, SeatSet};
use crate::martian_gunslinger::{MartianGunslinger, Options, PlotId, Stage};
use crate::parts::dice::Treehouse::Aim;
use crate::parts::grid::Direction::{E, N, W};
use crate::parts::pyramids::Size;
use crate::rng::GameRng;

/// Applies `text` for `seat` through the trait's `apply`, expects a refusal and checks that
/// the serialized state did not change by a byte.
fn refused(g: &mut MartianGunslinger, seat: Seat, text: &str) -> RuleError {
    let before = serde_json::to_string(g).expect("the state serializes");
    let error = g.apply(seat, &act(text)).expect_err(text);
    let after = serde_json::to_string(g).expect("the state serializes");
    assert_eq!(after, before, "refused `{text}` for {seat} changed the state");
    error
}

#[test]
fn every_kind_of_refusal_leaves_the_state_byte_identical() {
    let mut g = Fx::new(3).piece(ANN, Some("c5"), N, Size::Small).at(ANN, Stage::Move, &roll(1, Aim));
    g.turn.mp = 1;
    // Out of turn, through `apply`: the opening checks.
    let error = refused(&mut g, BOB, "step");
    assert_eq!((error.kind, error.waiting), (RuleErrorKind::NotYourDecision, SeatSet::one(ANN)));
    assert_eq!(refused(&mut g, BOB, "timeout").kind, RuleErrorKind::NotYourDecision);
    assert_eq!(refused(&mut g, Seat(7), "step").kind, RuleErrorKind::UnknownSeat);
    // Illegal moves of the seat that must decide: c6 holds PL; no Hop; no such stage.
    assert_eq!(refused(&mut g, ANN, "step").kind, RuleErrorKind::Illegal);
    assert_eq!(refused(&mut g, ANN, "hop").kind, RuleErrorKind::Illegal);
    assert_eq!(refused(&mut g, ANN, "bid 2").kind, RuleErrorKind::Illegal);
    assert_eq!(refused(&mut g, ANN, "lay 2C").kind, RuleErrorKind::Illegal);
    // `timeout` is only the random pick of a forced hand-card choice (R59), not a move.
    assert_eq!(refused(&mut g, ANN, "timeout").kind, RuleErrorKind::Illegal);
    // Resigning twice, and acting after resigning.
    play(&mut g, CARA, "resign");
    assert_eq!(refused(&mut g, CARA, "resign").kind, RuleErrorKind::Resigned);
    assert_eq!(refused(&mut g, CARA, "end-move").kind, RuleErrorKind::Resigned);
    // After the end, nothing is accepted, not even a resignation.
    play(&mut g, BOB, "resign");
    assert!(g.pending().is_finished());
    assert_eq!(refused(&mut g, ANN, "end-move").kind, RuleErrorKind::GameOver);
    assert_eq!(refused(&mut g, ANN, "resign").kind, RuleErrorKind::GameOver);
}

#[test]
fn refusals_in_a_played_game_change_nothing() {
    let texts = ["resign", "timeout", "step", "end-move", "exchange done", "refill done", "bid 9", "skip-event"];
    let mut g = MartianGunslinger::setup(&Options::default(), 3, GameRng::from_seed(11)).expect("setup");
    for _ in 0..400 {
        let Some(seat) = g.pending().must_seats().first() else { break };
        for other in [ANN, BOB, CARA] {
            for text in texts {
                let legal = g.legal_actions(other).contains(&act(text));
                let resigning = text == "resign" && !g.resigned(other);
                let timeout = text == "timeout" && g.timeout_action(other) == Some(act("timeout"));
                if !legal && !resigning && !timeout {
                    refused(&mut g, other, text);
                }
            }
        }
        let action = g.timeout_action(seat).expect("a default");
        g.apply(seat, &action).unwrap_or_else(|e| panic!("default {action} refused: {e}"));
        g.check_invariants().expect("invariants");
    }
}

#[test]
fn typical_refusals_carry_their_ruling() {
    // R15: the plotpoint last attempted cannot be attempted again at once.
    let mut g = Fx::new(2).piece(ANN, Some("c5"), N, Size::Small).at(ANN, Stage::Action, &[]);
    g.players[ANN.index()].last_attempt = Some(PlotId::PL);
    let error = refused(&mut g, ANN, "attempt");
    assert_eq!((error.kind, error.ruling), (RuleErrorKind::Illegal, Some("R15")));
    assert_eq!(error.message, "Plotpoint PL was your last attempt");
    // R17: a piece whose owner never scored 2 VP cannot be attacked.
    let mut g = Fx::new(2)
        .piece(ANN, Some("e4"), E, Size::Small)
        .piece(BOB, Some("f4"), W, Size::Small)
        .vp(BOB, 1, 1)
        .at(ANN, Stage::Action, &[]);
    let error = refused(&mut g, ANN, "attack");
    assert_eq!(error.ruling, Some("R17"));
    assert_eq!(error.message, "Player 2 has not scored 2 VP in this game yet");
    // R24: costs are face-up resources of the played card's suit.
    let mut g = Fx::new(2).hand(ANN, "QH").resources(ANN, "2H 3S").at(ANN, Stage::HandCard, &[]);
    let error = refused(&mut g, ANN, "play QH 2H 3S");
    assert_eq!(
        (error.ruling, error.message.as_str()),
        (Some("R24"), "3S is not in hearts, the suit of the card played")
    );
    // R7: no facing may point off the board; a blocked step is decided by no ruling.
    let mut g = Fx::new(2).piece(ANN, Some("a5"), N, Size::Small).at(ANN, Stage::Move, &[]);
    g.turn.mp = 2;
    assert_eq!(refused(&mut g, ANN, "reorient W").ruling, Some("R7"));
    let mut g = Fx::new(2).piece(ANN, Some("c5"), N, Size::Small).at(ANN, Stage::Move, &[]);
    g.turn.mp = 2;
    let error = refused(&mut g, ANN, "step");
    assert_eq!((error.ruling, error.message.as_str()), (None, "c6 is occupied"));
}
