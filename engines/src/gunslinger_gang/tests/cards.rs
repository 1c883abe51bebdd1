//! Unit tests per underling (§2.4, §4.5), per item (§2.5) and per News Story (§2.6, §4.7).

use super::fixtures::{BLUE, GREEN, RED, blank, news, pos};
use crate::game::{Game, Seat};
use crate::gunslinger_gang::cards::{Item, Underling};
use crate::gunslinger_gang::events::{Bonus, Event};
use crate::gunslinger_gang::state::{GunslingerGang, Step};

/// `seat` reveals `card` (with News `story`) at `at` in a 3-player round 1; another player's
/// Kid waits beneath it so the round goes on afterwards.
fn reveal(
    seat: Seat,
    at: &str,
    card: Underling,
    story: Option<u8>,
    given: impl FnOnce(&mut GunslingerGang),
) -> GunslingerGang {
    let mut g = blank(3);
    given(&mut g);
    let other = if seat == RED { BLUE } else { RED };
    g.with_resolution(seat, &[(at, other, Underling::Kid, None), (at, seat, card, story)]);
    let mut g = g.build();
    g.run(seat, &format!("reveal {at}"));
    g
}

fn step(g: &GunslingerGang) -> Option<Step> {
    g.resolving.map(|r| r.step)
}

// ---- underlings: A budgets, B hires, C talents ------------------------------------------

#[test]
fn a_budget_is_the_card_value_plus_fast_horse() {
    for card in Underling::ALL {
        for horse in [false, true] {
            let mut g = reveal(RED, "B2", card, None, |g| {
                g.with_pieces("B1", RED, 6, false, false);
                if horse {
                    g.with_held(RED, Item::FastHorse);
                }
            });
            g.run(RED, "use A");
            assert_eq!(step(&g), Some(Step::Hustle { left: card.value() + u8::from(horse) }), "{card}");
        }
    }
}

#[test]
fn b_hires_by_card_plus_whiskey_barrel_plus_market() {
    for card in Underling::ALL {
        for (at, whiskey, extra) in [("B2", false, 0), ("B2", true, 1), ("B1", false, 1), ("B1", true, 2)] {
            let mut g = reveal(RED, at, card, None, |g| {
                if whiskey {
                    g.with_held(RED, Item::WhiskeyBarrel);
                }
            });
            g.run(RED, "use B");
            assert_eq!(g.outlaws(at, RED), card.hire() + extra, "{card} at {at}, whiskey {whiskey}");
        }
    }
}

#[test]
fn kid_ambush_is_mandatory_with_a_target_and_automatic_with_one() {
    let mut g = reveal(RED, "B2", Underling::Kid, None, |g| {
        g.with_pieces("B2", BLUE, 2, false, false)
            .with_pieces("B2", GREEN, 1, false, false)
            .with_pieces("B2", RED, 1, false, false);
    });
    g.run(RED, "use C");
    assert_eq!(g.legal_texts(RED), ["ambush Blue", "ambush Green"], "no done: mandatory; never yourself");
    let supply = g.player(GREEN).supply;
    g.run(RED, "ambush Green");
    assert_eq!((g.outlaws("B2", GREEN), g.player(GREEN).supply), (0, supply + 1));

    let mut g = reveal(RED, "B2", Underling::Kid, None, |g| {
        g.with_pieces("B2", BLUE, 2, false, false);
    });
    let events = g.run(RED, "use C");
    assert!(
        events.iter().any(|e| matches!(e, Event::Automatic { seat: RED, action }
            if action.starts_with("Ambush an outlaw of") && action.ends_with("(Blue)"))),
        "G2: {events:?}"
    );
    assert_eq!(g.outlaws("B2", BLUE), 1);

    let mut g = reveal(RED, "B2", Underling::Kid, None, |g| {
        g.with_pieces("B2", BLUE, 0, true, false);
    });
    let events = g.run(RED, "use C");
    assert!(events.iter().any(|e| matches!(e, Event::NoEffect { .. })), "a sheriff is no target");
}

#[test]
fn gambler_wager_pays_2_only_to_a_controller() {
    let mut g = reveal(RED, "B2", Underling::Gambler, None, |g| {
        g.with_pieces("B2", RED, 2, false, false).with_pieces("B2", BLUE, 1, false, false);
    });
    g.run(RED, "use C");
    assert!(g.town(pos("B2")).wagers.contains(RED));
    let control = g.control(pos("B2"));
    assert_eq!(g.town_vp(pos("B2"), control), 1 + 2);
    g.town_mut(pos("B2")).outlaws[BLUE.index()] = 3;
    let control = g.control(pos("B2"));
    assert_eq!((control.controller, g.town_vp(pos("B2"), control)), (Some(BLUE), 1), "Blue gets no wager");
}

#[test]
fn preacher_election_demotes_then_promotes_each_role_once_with_tin_star() {
    let mut g = reveal(RED, "B3", Underling::Preacher, None, |g| {
        g.with_pieces("B3", BLUE, 1, true, false)
            .with_pieces("B3", GREEN, 0, false, true)
            .with_pieces("B3", RED, 2, false, false)
            .with_held(RED, Item::TinStar);
    });
    g.run(RED, "use C");
    let b3 = g.town(pos("B3"));
    assert_eq!((b3.sheriff, b3.deputy, b3.outlaws[1], b3.outlaws[2]), (None, None, 2, 1));
    assert_eq!(g.legal_texts(RED), ["elect sheriff", "elect deputy", "done"]);
    g.run(RED, "elect sheriff");
    assert_eq!(g.player(RED).vp, 1, "Tin Star: promoted by any means");
    assert_eq!(g.legal_texts(RED), ["elect deputy", "done"]);
    g.run(RED, "elect deputy");
    let b3 = g.town(pos("B3"));
    assert_eq!((b3.sheriff, b3.deputy, b3.outlaws[0]), (Some(RED), Some(RED), 0));
    assert!(g.resolving.is_none_or(|r| r.seat != RED), "both roles filled: the election ends");
}

#[test]
fn operator_wire_draws_two() {
    let mut g = reveal(RED, "B2", Underling::Operator, None, |g| {
        g.with_news(RED, &[1]);
    });
    let events = g.run(RED, "use C");
    assert_eq!(g.player(RED).news.len(), 3);
    assert_eq!(events.iter().filter(|e| matches!(e, Event::Drew { seat: RED })).count(), 2);
}

#[test]
fn hired_gun_pushes_only_other_players_to_orthogonal_towns() {
    let mut g = reveal(RED, "B2", Underling::HiredGun, None, |g| {
        g.with_pieces("B2", BLUE, 1, false, false).with_pieces("B2", RED, 3, false, false);
    });
    g.run(RED, "use C");
    assert_eq!(g.legal_texts(RED), ["push Blue B1", "push Blue A2", "push Blue C2", "push Blue B3", "done"]);
    g.run(RED, "push Blue A2");
    assert_eq!(g.outlaws("A2", BLUE), 1);
    assert!(g.resolving.is_none_or(|r| r.seat != RED), "no target left: only done, applied by G2");
}

#[test]
fn rancher_cattle_drive_moves_1_to_all_to_one_adjacent_town() {
    let mut g = reveal(RED, "A2", Underling::Rancher, None, |g| {
        g.with_pieces("A2", RED, 3, true, false);
    });
    g.run(RED, "use C");
    let legal = g.legal_texts(RED);
    assert_eq!(legal.len(), 2 * 3 + 1, "A1 or B2, 1–3 outlaws (not the sheriff), or done");
    assert!(g.clone().apply(RED, &"drive A1 4".parse().expect("text")).is_err());
    assert!(g.clone().apply(RED, &"drive C2 1".parse().expect("text")).is_err(), "not adjacent");
    g.run(RED, "drive B2 3");
    assert_eq!((g.outlaws("A2", RED), g.outlaws("B2", RED), g.town(pos("A2")).sheriff), (0, 3, Some(RED)));
    assert!(g.resolving.is_none_or(|r| r.seat != RED), "one drive only");
}

// ---- items ---------------------------------------------------------------------------------

#[test]
fn i06_spurs_allow_diagonal_moves() {
    for spurs in [false, true] {
        let mut g = reveal(RED, "B2", Underling::Kid, None, |g| {
            g.with_pieces("A1", RED, 1, false, false).with_pieces("B1", RED, 1, false, false);
            if spurs {
                g.with_held(RED, Item::Spurs);
            }
        });
        g.run(RED, "use A");
        let diagonal = g.legal_texts(RED).contains(&"move A1 outlaw".to_string());
        assert_eq!(diagonal, spurs);
    }
}

#[test]
fn i10_lasso_once_per_round_costs_a_step() {
    let mut g = reveal(RED, "B2", Underling::Rancher, None, |g| {
        g.with_held(RED, Item::Lasso).with_pieces("B2", BLUE, 2, false, false).with_pieces("B1", RED, 2, false, false);
    });
    g.run(RED, "use A");
    assert!(g.legal_texts(RED).contains(&"lasso Blue C2".to_string()));
    g.run(RED, "lasso Blue C2");
    assert_eq!((g.outlaws("B2", BLUE), g.outlaws("C2", BLUE)), (1, 1));
    assert_eq!(step(&g), Some(Step::Hustle { left: 4 }));
    assert!(g.player(RED).used.lasso);
    assert!(!g.legal_texts(RED).iter().any(|a| a.starts_with("lasso")), "once per round");
}

#[test]
fn i11_dynamite_replaces_the_ability_blasts_anyone_and_is_spent() {
    let g = reveal(RED, "B2", Underling::Kid, None, |g| {
        g.with_pieces("B2", RED, 1, false, false).with_pieces("B2", BLUE, 3, false, false);
    });
    assert!(!g.legal_texts(RED).contains(&"use dynamite".to_string()), "not held");
    let mut g = reveal(RED, "B2", Underling::Kid, None, |g| {
        g.with_held(RED, Item::Dynamite)
            .with_pieces("B2", RED, 1, false, false)
            .with_pieces("B2", BLUE, 3, false, false);
    });
    g.run(RED, "use dynamite");
    assert!(g.player(RED).dynamite_spent);
    assert_eq!(g.legal_texts(RED), ["blast Red", "blast Blue", "done"], "you included");
    g.run(RED, "blast Red");
    g.run(RED, "blast Blue");
    g.run(RED, "blast Blue");
    assert_eq!((g.outlaws("B2", RED), g.outlaws("B2", BLUE)), (0, 1));
    assert!(g.resolving.is_none_or(|r| r.seat != RED), "three blasts at most");
    g.check_invariants().expect("invariants");
}

#[test]
fn i12_jail_keys_demote_any_lawman_once_per_round() {
    let mut g = reveal(RED, "B3", Underling::Rancher, None, |g| {
        g.with_held(RED, Item::JailKeys).with_pieces("B3", BLUE, 0, true, false).with_pieces("B3", RED, 0, false, true);
    });
    g.run(RED, "use A");
    let legal = g.legal_texts(RED);
    assert!(legal.contains(&"demote sheriff".to_string()) && legal.contains(&"demote deputy".to_string()));
    g.run(RED, "demote sheriff");
    let b3 = g.town(pos("B3"));
    assert_eq!((b3.sheriff, b3.outlaws[1]), (None, 1));
    assert!(!g.legal_texts(RED).iter().any(|a| a.starts_with("demote")), "once per round");
}

#[test]
fn i14_forged_orders_reveals_second_and_may_skip() {
    let mut g = blank(3);
    g.with_held(RED, Item::ForgedOrders).with_resolution(
        RED,
        &[("B2", RED, Underling::Kid, None), ("B2", BLUE, Underling::Kid, None), ("A1", GREEN, Underling::Kid, None)],
    );
    let mut g = g.build();
    assert_eq!(g.legal_texts(RED), ["second B2", "skip"], "R36: optional without a top entry");
    let mut skipped = g.clone();
    skipped.run(RED, "skip");
    assert_eq!(skipped.current, BLUE);
    g.run(RED, "second B2");
    assert!(g.player(RED).used.forged_orders);
    assert_eq!(g.resolving.map(|r| (r.seat, r.second)), Some((RED, true)));
    assert_eq!(g.town(pos("B2")).stack.len(), 1);

    // With a top entry the player must reveal, but may use either.
    let mut g = blank(3);
    g.with_held(RED, Item::ForgedOrders).with_resolution(
        RED,
        &[("B2", RED, Underling::Kid, None), ("B2", BLUE, Underling::Kid, None), ("A1", RED, Underling::Gambler, None)],
    );
    let g = g.build();
    assert_eq!(g.legal_texts(RED), ["reveal A1", "second B2"], "R19: no skip");
}

#[test]
fn i08_bounty_ledger_and_i09_pickaxe_pay_at_the_end_of_scoring() {
    let mut g = blank(3);
    g.with_held(BLUE, Item::BountyLedger)
        .with_held(RED, Item::Pickaxe)
        .with_vp(&[20, 0, 0])
        .with_pieces("A1", BLUE, 1, false, false)
        .with_pieces("B1", BLUE, 1, false, false)
        .with_pieces("A2", BLUE, 1, false, false)
        .with_resolution(RED, &[]);
    let mut g = g.build();
    let events = g.run_scoring();
    // Blue scores Gold 2 + Market 1 + Platinum 3 = 6, still below Red's 20.
    assert!(events.contains(&Event::Bonus { seat: BLUE, vp: 1, why: Bonus::BountyLedger }));
    assert!(!events.iter().any(|e| matches!(e, Event::Bonus { why: Bonus::Pickaxe, .. })), "Red controls none");
    assert_eq!(g.vps(), [20, 6 + 1, 0]);
    let mut g = blank(3);
    g.with_held(RED, Item::Pickaxe)
        .with_held(BLUE, Item::BountyLedger)
        .with_vp(&[0, 9, 0])
        .with_pieces("A1", RED, 1, false, false)
        .with_pieces("B1", RED, 1, false, false)
        .with_pieces("A2", RED, 1, false, false)
        .with_resolution(RED, &[]);
    let mut g = g.build();
    let events = g.run_scoring();
    assert!(events.contains(&Event::Bonus { seat: RED, vp: 1, why: Bonus::Pickaxe }));
    assert!(!events.iter().any(|e| matches!(e, Event::Bonus { why: Bonus::BountyLedger, .. })), "Blue leads");
}

// ---- News Stories --------------------------------------------------------------------------

#[test]
fn n03_gold_strike_doubles_and_n05_mine_collapse_zeroes_output() {
    let mut g = reveal(RED, "B2", Underling::Kid, Some(3), |g| {
        g.with_pieces("B2", RED, 2, true, false).with_buildings("B2", &[2]);
    });
    g.run(RED, "before");
    let control = g.control(pos("B2"));
    assert_eq!(g.town_vp(pos("B2"), control), 2 + 1 + 2, "Copper 1 doubled, sheriff, building");
    g.town_mut(pos("B2")).collapse = true;
    assert_eq!(g.town_vp(pos("B2"), control), 1 + 2, "R31: Collapse wins; bonuses and buildings still count");
    let mut g = reveal(RED, "B2", Underling::Kid, Some(5), |_| {});
    g.run(RED, "before");
    assert!(g.town(pos("B2")).collapse);
}

#[test]
fn n07_reinforcements_hire_two_without_whiskey_or_market() {
    let mut g = reveal(RED, "B1", Underling::Kid, Some(7), |g| {
        g.with_held(RED, Item::WhiskeyBarrel);
    });
    g.run(RED, "before");
    assert_eq!(g.outlaws("B1", RED), 2);
}

#[test]
fn n10_railroad_moves_up_to_two_from_any_town_and_lawmen_vacate() {
    let mut g = reveal(RED, "A1", Underling::Kid, Some(10), |g| {
        g.with_pieces("C3", RED, 1, true, false).with_pieces("A1", RED, 1, false, false);
    });
    g.run(RED, "before");
    assert_eq!(g.legal_texts(RED), ["rail C3 outlaw", "rail C3 sheriff", "done"], "not from A1 itself");
    g.run(RED, "rail C3 sheriff");
    assert_eq!(g.town(pos("C3")).sheriff, None);
    g.run(RED, "rail C3 outlaw");
    assert_eq!(g.outlaws("A1", RED), 3);
    assert_eq!(step(&g), Some(Step::Ability), "two moves end the News; the ability follows");
}

#[test]
fn n12_shootout_and_n14_saloon_brawl() {
    let given = |g: &mut GunslingerGang| {
        g.with_pieces("B2", RED, 2, false, false)
            .with_pieces("B2", BLUE, 1, false, false)
            .with_pieces("B2", GREEN, 2, false, false);
    };
    let mut g = reveal(RED, "B2", Underling::Kid, Some(12), given);
    g.run(RED, "before");
    assert_eq!(g.town(pos("B2")).outlaws[..3], [2, 0, 1], "each other player loses 1");
    let mut g = reveal(RED, "B2", Underling::Kid, Some(14), given);
    g.run(RED, "before");
    assert_eq!(g.town(pos("B2")).outlaws[..3], [1, 1, 1], "everyone with 2+, you included");
}

#[test]
fn n18_swearing_in_promotes_once_with_tin_star() {
    let mut g = reveal(RED, "B3", Underling::Kid, Some(18), |g| {
        g.with_pieces("B3", RED, 2, false, false).with_held(RED, Item::TinStar);
    });
    g.run(RED, "before");
    assert_eq!(g.legal_texts(RED), ["swear sheriff", "swear deputy", "done"]);
    g.run(RED, "swear sheriff");
    assert_eq!((g.town(pos("B3")).sheriff, g.player(RED).vp), (Some(RED), 1));
    assert_eq!(step(&g), Some(Step::Ability), "one promotion only");
}

#[test]
fn n20_turncoat_swaps_an_enemy_outlaw_for_yours() {
    let mut g = reveal(RED, "B2", Underling::Kid, Some(20), |g| {
        g.with_pieces("B2", BLUE, 1, false, false).with_pieces("B2", GREEN, 1, false, false);
    });
    g.run(RED, "before");
    assert_eq!(g.legal_texts(RED), ["turncoat Blue", "turncoat Green"], "mandatory");
    g.run(RED, "turncoat Green");
    assert_eq!(g.town(pos("B2")).outlaws[..3], [1, 1, 0]);
    assert!(g.check_invariants().is_ok());
}

#[test]
fn n24_stagecoach_robbery_claims_and_the_item_acts_at_once() {
    let mut g = reveal(RED, "B2", Underling::Kid, Some(24), |g| {
        g.with_item_at("B2", Item::FastHorse).with_pieces("B1", RED, 2, false, false);
    });
    g.run(RED, "before");
    assert_eq!(g.player(RED).items, [Item::FastHorse]);
    g.run(RED, "use A");
    assert_eq!(step(&g), Some(Step::Hustle { left: 2 }), "R39: Fast Horse adds 1 to this reveal");
    let mut g = reveal(RED, "B2", Underling::Kid, Some(24), |g| {
        g.with_item_at("B2", Item::Saddlebags).with_news(RED, &[1, 2, 3, 4, 5]);
    });
    g.run(RED, "before");
    assert_eq!(g.player(RED).news.len(), 6, "Saddlebags draws with limit 7");
    assert_eq!(news(24).title(), crate::gunslinger_gang::cards::Title::StagecoachRobbery);
}
