//! Scenarios S4, S6, S7, S10, S12, S13 and S14 of `rules/gunslinger-gang.scenarios.md`:
//! abilities, News timing, hiring, Secret Passage, Wanted Poster, draws and Planning.

use super::fixtures::{BLUE, GREEN, RED, YELLOW, action, blank, news, pos};
use crate::game::{Audience, Game, RuleErrorKind, Seat, Viewer};
use crate::gunslinger_gang::board::Tile;
use crate::gunslinger_gang::cards::{Card, Colour, Item, Underling};
use crate::gunslinger_gang::events::Event;
use crate::gunslinger_gang::scoring::How;
use crate::gunslinger_gang::state::{GunslingerGang, Phase};
use crate::rng::GameRng;

/// S4 — R14, R15: moving a lawman vacates its slot; Tin Star.
#[test]
fn s4_moving_a_lawman_vacates_its_slot_and_tin_star() {
    let mut g = blank(3);
    g.with_tile("C2", Tile::Diamond, true)
        .with_held(RED, Item::TinStar)
        .with_vp(&[4, 0, 0])
        .with_pieces("B2", RED, 2, true, false)
        .with_pieces("C3", RED, 1, false, false)
        .with_pieces("B1", RED, 3, false, false)
        .with_resolution(RED, &[("C2", RED, Underling::Rancher, None), ("A1", BLUE, Underling::Kid, None)]);
    let mut g = g.build();
    g.run(RED, "reveal C2");
    g.run(RED, "use A");
    // 1. B1 is diagonal, C1 facedown, and Red has no outlaw in C2 to promote.
    assert_eq!(g.legal_texts(RED), ["move B2 outlaw", "move B2 sheriff", "move C3 outlaw", "done"]);
    // 2.
    g.run(RED, "move B2 sheriff");
    let b2 = g.town(pos("B2"));
    assert_eq!((b2.outlaws[0], b2.sheriff), (2, None));
    assert_eq!(g.outlaws("C2", RED), 1);
    // 3.
    g.run(RED, "promote sheriff");
    assert_eq!(g.town(pos("C2")).sheriff, Some(RED));
    assert_eq!(g.player(RED).vp, 5, "Tin Star");
    // 4.
    g.run(RED, "move C3 outlaw");
    assert_eq!((g.outlaws("C3", RED), g.outlaws("C2", RED)), (0, 1));
    // 5.
    g.run(RED, "promote deputy");
    let c2 = g.town(pos("C2"));
    assert_eq!((c2.outlaws[0], c2.sheriff, c2.deputy), (0, Some(RED), Some(RED)));
    // 6. One step unused.
    assert!(g.legal_texts(RED).contains(&"done".to_string()));
    g.run(RED, "done");
    assert_eq!(g.town(pos("C2")).count(RED), 2);
    assert_eq!(g.town(pos("B2")).sheriff, None);
    g.check_invariants().expect("invariants");
}

fn s6_table() -> GunslingerGang {
    let mut g = blank(3);
    g.with_tile("A2", Tile::Ruby, true)
        .with_pieces("A2", RED, 2, false, false)
        .with_pieces("A2", BLUE, 1, true, false)
        .with_news(RED, &[1, 2])
        .with_resolution(RED, &[("A2", RED, Underling::Kid, Some(16)), ("B1", BLUE, Underling::Gambler, None)]);
    let mut g = g.build();
    let events = g.run(RED, "reveal A2");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Revealed { story: Some(crate::gunslinger_gang::cards::Title::Jailbreak), .. }))
    );
    g
}

/// S6 (a) — R11: News resolved Before.
#[test]
fn s6a_news_before_the_ability() {
    let mut g = s6_table();
    g.run(RED, "before");
    assert_eq!((g.outlaws("A2", BLUE), g.town(pos("A2")).sheriff), (2, None));
    g.run(RED, "use A");
    assert_eq!(g.legal_texts(RED), ["promote sheriff", "done"]);
    g.run(RED, "promote sheriff");
    let a2 = g.town(pos("A2"));
    assert_eq!((a2.outlaws[0], a2.sheriff), (1, Some(RED)));
    assert!(g.resolving.is_none_or(|r| r.seat != RED), "budget 1 spent: A ends");
    assert_eq!(g.discard, [news(16)]);
    assert_eq!(g.player(RED).news.len(), 2);
    let control = g.control(pos("A2"));
    assert_eq!((control.controller, control.how), (Some(RED), How::Lawman));
    assert_eq!(g.town_vp(pos("A2"), control), 3);
}

/// S6 (b) — R11: News resolved After; A with nothing to do ends by G2.
#[test]
fn s6b_news_after_the_ability() {
    let mut g = s6_table();
    g.run(RED, "after");
    let events = g.run(RED, "use A");
    assert!(events.contains(&Event::Ended { seat: RED, news: false, unused: 1 }), "only EndAbility: G2");
    assert_eq!((g.outlaws("A2", BLUE), g.town(pos("A2")).sheriff), (2, None), "Jailbreak after");
    let control = g.control(pos("A2"));
    assert_eq!((control.controller, control.key()), (None, 0));
}

/// S6 (c) — R11: Keep.
#[test]
fn s6c_keep_the_news() {
    let mut g = s6_table();
    let events = g.run(RED, "keep");
    assert!(g.player(RED).news.contains(&news(16)));
    assert_eq!(g.player(RED).news.len(), 3);
    let kept = events
        .iter()
        .find(|e| matches!(e, Event::TimingChosen { timing: crate::gunslinger_gang::action::Timing::Keep, .. }))
        .expect("the Keep is narrated");
    assert_eq!(GunslingerGang::audience(kept), Audience::Public, "the log names the kept card");
    assert!(g.sentence(kept, &[]).contains("Jailbreak"));
    let supply = g.player(RED).supply;
    g.run(RED, "use B");
    assert_eq!(g.outlaws("A2", RED), 4);
    assert_eq!(g.player(RED).supply, supply - 2);
    let control = g.control(pos("A2"));
    assert_eq!((control.controller, control.how), (Some(RED), How::Majority));
    assert_eq!(g.town_vp(pos("A2"), control), 1, "no sheriff bonus");
}

/// S7 — R17, §2.3: hire caps, Whiskey Barrel, Market, Turncoat with an empty supply.
#[test]
fn s7_hire_caps_whiskey_barrel_market_and_turncoat() {
    let mut g = blank(3);
    g.with_held(RED, Item::WhiskeyBarrel)
        .with_pieces("B1", RED, 1, false, false)
        .with_pieces("B1", BLUE, 2, false, false)
        .with_pieces("C3", RED, 17, false, false)
        .with_pieces("C3", BLUE, 8, false, false)
        .with_resolution(
            RED,
            &[
                ("B1", RED, Underling::Preacher, Some(20)),
                ("B1", BLUE, Underling::Gambler, None),
                ("B1", RED, Underling::Kid, Some(7)),
                ("A1", GREEN, Underling::Kid, None),
            ],
        );
    let mut g = g.build();
    assert_eq!((g.player(RED).supply, g.player(BLUE).supply), (2, 10));
    // 1. n = 2 + 1 (Whiskey Barrel) + 1 (Market), capped by a supply of 2.
    g.run(RED, "reveal B1");
    g.run(RED, "after");
    let events = g.run(RED, "use B");
    assert!(events.contains(&Event::Hired { seat: RED, town: pos("B1"), count: 2, wanted: 4 }));
    assert!(events.contains(&Event::Hired { seat: RED, town: pos("B1"), count: 0, wanted: 2 }), "Reinforcements");
    assert_eq!((g.outlaws("B1", RED), g.player(RED).supply), (3, 0));
    assert_eq!(g.discard, [news(7)]);
    // 2. Blue's only reveal is applied by G2; n = 2 + 1 (Market).
    assert!(events.iter().any(|e| matches!(e, Event::Revealed { seat: BLUE, .. })));
    g.run(BLUE, "use B");
    assert_eq!((g.outlaws("B1", BLUE), g.player(BLUE).supply), (5, 7));
    // Green reveals A1 (G2) and hires; then Red's Preacher (G2).
    g.run(GREEN, "use B");
    assert_eq!(g.resolving.map(|r| (r.seat, r.card)), Some((RED, Underling::Preacher)));
    // 3. Turncoat with an empty supply has no effect; B hires 0.
    let events = g.run(RED, "before");
    assert!(events.iter().any(|e| matches!(e, Event::NoEffect { .. })));
    assert_eq!(g.outlaws("B1", BLUE), 5);
    g.run(RED, "use B");
    assert_eq!((g.outlaws("B1", RED), g.player(RED).supply), (3, 0));
    g.check_invariants().expect("invariants");
}

/// S10 — R34: Secret Passage.
#[test]
fn s10_secret_passage() {
    let mut g = blank(2);
    g.with_round(2, BLUE).with_held(RED, Item::SecretPassage);
    let mut g = g.build();
    // Beneath the top of an empty stack is illegal in any case.
    assert!(g.clone().apply(BLUE, &action("play KID B2 none under")).is_err(), "Blue has no Secret Passage");
    g.run(BLUE, "play KID B2 none");
    let refused = g.clone().apply(RED, &action("play HIREDGUN A1 none under"));
    assert!(
        matches!(refused, Err(ref e) if e.kind == RuleErrorKind::Illegal && e.message.contains("empty")),
        "{refused:?}"
    );
    let events = g.run(RED, "play HIREDGUN B2 none under");
    assert!(events.contains(&Event::Played { seat: RED, town: pos("B2"), news: false, under_top: true }));
    assert!(g.player(RED).used.secret_passage);
    g.run(BLUE, "play GAMBLER B2 none");
    let stack: Vec<(Seat, Underling)> = g.town(pos("B2")).stack.iter().map(|e| (e.owner, e.card)).collect();
    assert_eq!(stack, [(RED, Underling::HiredGun), (BLUE, Underling::Kid), (BLUE, Underling::Gambler)]);
    let before = g.clone();
    let refused = g.apply(RED, &action("play RANCHER B2 none under"));
    assert!(
        matches!(refused, Err(ref e) if e.kind == RuleErrorKind::Illegal && e.message.contains("already used")),
        "{refused:?}"
    );
    assert_eq!(g, before, "a refusal changes nothing");
    // Finish the round on defaults and watch B2 resolve from the top.
    let mut order = Vec::new();
    while g.phase != Phase::Planning || g.round == 2 {
        let seat = g.pending_seat();
        let action = g.timeout_action(seat).expect("a default");
        for event in g.apply(seat, &action).expect("default is legal") {
            if let Event::Revealed { town, card, .. } = event
                && town == pos("B2")
            {
                order.push(card);
            }
        }
    }
    let card = |colour, underling| Card { colour, underling };
    assert_eq!(
        order,
        [
            card(Colour::Blue, Underling::Gambler),
            card(Colour::Blue, Underling::Kid),
            card(Colour::Red, Underling::HiredGun)
        ]
    );
}

fn s12_table(owner: Seat, vp: &[u32]) -> GunslingerGang {
    let mut g = blank(4);
    g.with_vp(vp)
        .with_pieces("C2", RED, 1, false, false)
        .with_pieces("C2", BLUE, 2, false, false)
        .with_pieces("C2", GREEN, 0, true, false)
        .with_pieces("C2", YELLOW, 1, false, false)
        .with_resolution(owner, &[("C2", owner, Underling::HiredGun, Some(22)), ("A1", RED, Underling::Kid, None)]);
    let mut g = g.build();
    g.run(owner, "reveal C2");
    g
}

/// S12 — R13: Wanted Poster with tied leaders; Run Out of Town.
#[test]
fn s12_wanted_poster_with_tied_leaders_and_run_out_of_town() {
    let mut g = s12_table(YELLOW, &[5, 7, 7, 3]);
    g.run(YELLOW, "before");
    assert_eq!(g.outlaws("C2", BLUE), 1, "Blue is Most Wanted");
    assert_eq!(g.town(pos("C2")).sheriff, Some(GREEN), "Green has no outlaw; the sheriff is unaffected");
    assert_eq!(g.outlaws("C2", RED), 1);
    g.run(YELLOW, "use C");
    let pushes: Vec<String> = g.legal_texts(YELLOW).into_iter().filter(|a| a.starts_with("push Blue")).collect();
    assert_eq!(pushes, ["push Blue B2", "push Blue C3"], "C1 is facedown");
    g.run(YELLOW, "push Blue B2");
    g.run(YELLOW, "push Red C3");
    assert!(g.resolving.is_none_or(|r| r.seat != YELLOW), "two pushes end the ability");
    let c2 = g.town(pos("C2"));
    assert_eq!(c2.outlaws[..4], [0, 0, 0, 1]);
    assert_eq!(g.control(pos("C2")).controller, Some(GREEN), "1–1, Green's sheriff");
    assert_eq!((g.outlaws("B2", BLUE), g.outlaws("C3", RED)), (1, 1));
}

/// S12 variants: the owner is never a target; at 0 VP everyone is Most Wanted.
#[test]
fn s12_variants_owner_is_never_a_target_and_all_zero_means_everyone() {
    let mut g = s12_table(BLUE, &[5, 7, 7, 3]);
    let events = g.run(BLUE, "before");
    assert!(events.iter().any(|e| matches!(e, Event::NoEffect { .. })));
    assert_eq!(g.town(pos("C2")).outlaws[..4], [1, 2, 0, 1]);
    let mut g = s12_table(YELLOW, &[0, 0, 0, 0]);
    g.run(YELLOW, "before");
    assert_eq!(g.town(pos("C2")).outlaws[..4], [0, 1, 0, 1]);
}

/// S13's table: Red reveals an Operator at B1; every other News card has a place.
fn s13_table(red_hand: &[u8], red_extra: &[(&'static str, Underling, u8)]) -> GunslingerGang {
    let mut g = blank(2);
    let mut entries = vec![
        ("A1", BLUE, Underling::Kid, Some(1)),
        ("A1", BLUE, Underling::Gambler, Some(17)),
        ("C2", BLUE, Underling::Preacher, Some(22)),
        ("C2", BLUE, Underling::HiredGun, Some(23)),
        ("B2", BLUE, Underling::Rancher, Some(24)),
        ("B1", RED, Underling::Operator, None),
    ];
    entries.extend(red_extra.iter().map(|(at, card, n)| (*at, RED, *card, Some(*n))));
    g.with_news(RED, red_hand)
        .with_news(BLUE, &[4, 5, 6, 7, 8, 9, 11, 13, 14, 15])
        .with_deck_top(&[12])
        .with_discard(&[3, 10, 16])
        .with_resolution(RED, &entries);
    g.removed = vec![news(2)];
    let g = g.build();
    assert_eq!(g.deck, [news(12)]);
    g
}

/// S13 (a) — R9, R38: a draw at the hand limit is lost; the drawn card stays private.
#[test]
fn s13a_draw_then_lost_at_the_limit() {
    let mut g = s13_table(&[18, 19, 20, 21], &[]);
    g.run(RED, "reveal B1");
    let events = g.run(RED, "use C");
    assert_eq!(g.player(RED).news.len(), 5);
    assert!(g.player(RED).news.contains(&news(12)));
    assert!(events.contains(&Event::DrawLost { seat: RED }));
    assert!(!events.iter().any(|e| matches!(e, Event::Reshuffled { .. })));
    assert_eq!((g.deck.len(), g.discard.len()), (0, 3));
    let names = ["Ann".to_string(), "Bob".to_string()];
    let public: Vec<String> = events
        .iter()
        .filter(|e| GunslingerGang::audience(e) == Audience::Public)
        .map(|e| g.sentence(e, &names))
        .collect();
    assert!(public.contains(&"Ann (Red) draws a News Story.".to_string()), "{public:?}");
    assert!(public.contains(&"The draw of Ann (Red) is lost.".to_string()), "{public:?}");
    assert!(public.iter().all(|s| !s.contains("N12") && !s.contains("Shootout")), "R38");
    let private = events.iter().find(|e| matches!(e, Event::DrewCard { .. })).expect("the private draw");
    assert_eq!(GunslingerGang::audience(private), Audience::seat(RED));
    let blue_view = serde_json::to_string(&g.view(Viewer::Seat(BLUE))).expect("json");
    assert!(!blue_view.contains("N12"));
    g.check_invariants().expect("24 News cards, all accounted for");
}

/// S13 (b) — §4.8: an empty deck reshuffles the discard pile.
#[test]
fn s13b_empty_deck_reshuffles_the_discard() {
    let mut g = s13_table(&[18, 19], &[("A1", Underling::Kid, 20), ("C2", Underling::Gambler, 21)]);
    g.rng = GameRng::scripted([0, 0]); // Fisher–Yates over 3 cards
    g.run(RED, "reveal B1");
    let events = g.run(RED, "use C");
    assert!(events.contains(&Event::Reshuffled { cards: 3 }));
    assert_eq!(g.player(RED).news.len(), 4);
    assert_eq!((g.deck.len(), g.discard.len()), (2, 0));
    let names = ["Ann".to_string(), "Bob".to_string()];
    let line = g.sentence(&Event::Reshuffled { cards: 3 }, &names);
    assert_eq!(line, "The discard pile is reshuffled (3 cards).");
    g.check_invariants().expect("invariants");
}

fn boomtown(supply_2vp: u8) -> GunslingerGang {
    let mut g = blank(2);
    g.with_resolution(BLUE, &[("B1", BLUE, Underling::Kid, Some(1)), ("A1", RED, Underling::Kid, None)]);
    let mut g = g.build();
    g.buildings[1] = supply_2vp;
    for i in 0..usize::from(6 - supply_2vp) {
        g.town_mut(pos(["C2", "A1", "B2", "B1", "C2", "A1"][i])).buildings.push(2);
    }
    g.run(BLUE, "reveal B1");
    g.run(BLUE, "before");
    g
}

/// S13 Boomtown — R12: a 2VP building, and the card leaves the game.
#[test]
fn s13_boomtown_builds_and_is_removed() {
    let g = boomtown(6);
    assert_eq!(g.town(pos("B1")).buildings, [2]);
    assert_eq!(g.buildings[1], 5);
    let mut g = g;
    g.run(BLUE, "use B");
    assert_eq!(g.removed, [news(1)]);
    assert!(g.discard.is_empty());
    g.check_invariants().expect("deck + discard + hands + attached + removed = 24");
    let mut g = boomtown(0);
    assert_eq!(g.town(pos("B1")).buildings, [2], "the one placed by the fixture only");
    g.run(BLUE, "use B");
    assert_eq!(g.removed, [news(1)]);
    g.check_invariants().expect("invariants");
}

/// S14 — R10, R18: Planning flow and what each viewer sees.
#[test]
fn s14_planning_flow_and_visibility() {
    let mut g = blank(2);
    g.with_news(RED, &[5, 6, 7]).with_news(BLUE, &[8, 9, 10]);
    let mut g = g.build();
    // 1.
    let events = g.run(RED, "play RANCHER B1 N05");
    assert_eq!(events[0], Event::Played { seat: RED, town: pos("B1"), news: true, under_top: false });
    assert_eq!(GunslingerGang::audience(&events[0]), Audience::Public);
    assert_eq!(GunslingerGang::audience(&events[1]), Audience::seat(RED));
    assert_eq!(g.sentence(&events[0], &[]), "Red → B1 (News attached).");
    assert_eq!(g.player(RED).news.len(), 2);
    for viewer in [Viewer::Public, Viewer::Seat(BLUE)] {
        let entry = &g.view(viewer).towns[pos("B1").index()].stack[0];
        assert_eq!((entry.colour, entry.news, entry.card, entry.story), (Colour::Red, true, None, None));
    }
    let own = &g.view(Viewer::Seat(RED)).towns[pos("B1").index()].stack[0];
    assert_eq!((own.card.map(|c| c.to_string()), own.story), (Some("Red-RANCHER".into()), Some(news(5))));
    // 2.
    for bad in ["play KID C1 none", "play KID A2 none", "play KID B1 N05"] {
        let before = g.clone();
        assert!(g.apply(BLUE, &action(bad)).is_err(), "{bad}");
        assert_eq!(g, before);
    }
    g.run(BLUE, "play KID B1 none");
    assert_eq!(g.town(pos("B1")).stack.len(), 2);
    // 3.
    assert!(g.clone().apply(RED, &action("play RANCHER A1 none")).is_err(), "not in hand");
    // 4.
    for (seat, text) in [
        (RED, "play KID A1 none"),
        (BLUE, "play GAMBLER C2 none"),
        (RED, "play GAMBLER A1 none"),
        (BLUE, "play PREACHER C2 none"),
        (RED, "play PREACHER B2 none"),
        (BLUE, "play OPERATOR B2 none"),
        (RED, "play OPERATOR C2 none"),
    ] {
        g.run(seat, text);
        assert_eq!(g.phase, Phase::Planning);
    }
    g.run(BLUE, "play HIREDGUN A1 none");
    assert_eq!(g.phase, Phase::Resolution);
    assert!(g.players.iter().all(|p| p.hand.len() == 1));
    g.check_invariants().expect("invariants");
}
