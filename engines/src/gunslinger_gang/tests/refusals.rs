//! Refusals: each names the ruling that decides it and who the game waits for, and leaves the
//! game exactly as it was (validate, then mutate).

use super::fixtures::{BLUE, GREEN, RED, action, blank};
use crate::game::{Game, RuleError, RuleErrorKind, Seat, SeatSet};
use crate::gunslinger_gang::cards::{News, Underling};
use crate::gunslinger_gang::state::{GunslingerGang, Options};
use crate::rng::GameRng;

fn new_game(players: usize, seed: u64) -> GunslingerGang {
    GunslingerGang::setup(&Options::default(), players, GameRng::from_seed(seed)).expect("setup")
}

/// Red to reveal in a 3-player Resolution: Blue's Gambler covers Red's Kid at B2, Red's
/// Preacher (with Jailbreak, N16) is on top at A1.
fn resolution() -> GunslingerGang {
    let mut g = blank(3);
    g.with_pieces("A1", RED, 1, false, false).with_resolution(
        RED,
        &[
            ("B2", RED, Underling::Kid, None),
            ("B2", BLUE, Underling::Gambler, None),
            ("A1", RED, Underling::Preacher, Some(16)),
        ],
    );
    g.build()
}

/// Refuses `text` for `seat` and checks the game did not change by a single byte.
fn refuse(g: &mut GunslingerGang, seat: Seat, text: &str) -> RuleError {
    let before = serde_json::to_string(&*g).expect("json");
    let refused = g.apply(seat, &action(text)).expect_err(text);
    assert_eq!(serde_json::to_string(&*g).expect("json"), before, "{seat} {text} changed the game");
    refused
}

#[test]
fn refusals_name_the_rule_and_who_is_waited_for() {
    let g = new_game(2, 8);
    let waiting = g.next_seat(g.current);
    let refused = g.clone().apply(waiting, &"play KID B1 none".parse().expect("text"));
    let refused = refused.expect_err("out of turn");
    assert_eq!(refused.kind, RuleErrorKind::NotYourDecision);
    assert_eq!(refused.waiting, SeatSet::one(g.current), "the refusal names who is waited for");
    assert_eq!(refused.to_string(), format!("it is not your decision now; waiting for {}", g.current.mention()));
    let refused = g.clone().apply(g.current, &"play KID C1 none".parse().expect("text"));
    let refused = refused.expect_err("facedown");
    assert_eq!((refused.kind, refused.ruling), (RuleErrorKind::Illegal, Some("R18")));
    assert_eq!(refused.to_string(), "C1 is not a face-up town; underlings go only to towns");
}

/// R19: only the top entry is revealed, and a player with a top entry may not skip; R11: the
/// News timing comes before the ability.
#[test]
fn refusals_in_resolution_carry_their_ruling() {
    let mut g = resolution();
    let covered = refuse(&mut g, RED, "reveal B2");
    assert_eq!(covered.ruling, Some("R19"));
    assert_eq!(covered.to_string(), "the top entry at B2 is not yours");
    assert_eq!(refuse(&mut g, RED, "skip").ruling, Some("R19"), "a top entry must be revealed");
    g.run(RED, "reveal A1");
    let early = refuse(&mut g, RED, "use A");
    assert_eq!(early.ruling, Some("R11"));
    assert_eq!(early.to_string(), "first choose when the News Story resolves: before, after or keep");
    g.run(RED, "keep");
    g.run(RED, "use A");
    let promote = refuse(&mut g, RED, "promote deputy");
    assert_eq!(promote.kind, RuleErrorKind::Illegal);
    assert_eq!(promote.ruling, None, "A1 has no deputy slot: the tile decides, not a ruling");
}

/// Validate, then mutate: out of turn, resigning twice, an illegal play or step, and acting
/// after the end all leave the serialized game byte-identical.
#[test]
fn refused_actions_leave_the_game_byte_identical() {
    let mut g = new_game(3, 4);
    let on_turn = g.current;
    let other = g.next_seat(on_turn);
    assert_eq!(refuse(&mut g, other, "play KID B2 none").kind, RuleErrorKind::NotYourDecision);
    assert_eq!(refuse(&mut g, on_turn, "play KID C1 none").ruling, Some("R18"), "facedown position");
    let absent = News::all().find(|n| !g.player(on_turn).news.contains(n)).expect("a News Story elsewhere");
    refuse(&mut g, on_turn, &format!("play KID B2 {absent}"));
    refuse(&mut g, on_turn, "reveal B2");
    g.apply(other, &action("resign")).expect("resign out of turn");
    assert_eq!(refuse(&mut g, other, "resign").kind, RuleErrorKind::Resigned);
    assert_eq!(refuse(&mut g, other, "play KID B2 none").kind, RuleErrorKind::Resigned);
    let mut g = resolution();
    refuse(&mut g, GREEN, "skip");
    g.run(RED, "reveal A1");
    g.run(RED, "keep");
    g.run(RED, "use A");
    refuse(&mut g, RED, "move C3 outlaw");
    refuse(&mut g, RED, "drive B2 1");
    let mut g = new_game(2, 6);
    g.apply(RED, &action("resign")).expect("resign");
    g.apply(BLUE, &action("resign")).expect("resign");
    assert_eq!(refuse(&mut g, RED, "skip").kind, RuleErrorKind::GameOver);
}
