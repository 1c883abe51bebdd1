//! Scenarios S1, S2, S3 and S8 of `rules/gunslinger-gang.scenarios.md`: control, Scoring,
//! item claims, Growth and Founding.

use super::fixtures::{BLUE, GREEN, RED, blank, news, pos};
use crate::game::{Game, Seat, Viewer};
use crate::gunslinger_gang::board::Tile;
use crate::gunslinger_gang::cards::{Item, Underling};
use crate::gunslinger_gang::events::{BuildingReason, Event};
use crate::gunslinger_gang::scoring::{Control, How};
use crate::gunslinger_gang::state::{GunslingerGang, Phase};

fn scored(events: &[Event]) -> Vec<(String, Control, u32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::TownScored { town, control, vp } => Some((town.to_string(), *control, *vp)),
            _ => None,
        })
        .collect()
}

fn majority(seat: Seat, margin: u8) -> Control {
    Control { controller: Some(seat), how: How::Majority, margin }
}

fn lawman(seat: Seat) -> Control {
    Control { controller: Some(seat), how: How::Lawman, margin: 0 }
}

const NOBODY: Control = Control { controller: None, how: How::None, margin: 0 };

fn growth_sites(events: &[Event]) -> Vec<(String, u8)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Building { town, value, reason: BuildingReason::Growth } => Some((town.to_string(), *value)),
            _ => None,
        })
        .collect()
}

fn s1_table() -> GunslingerGang {
    let mut g = blank(3);
    g.with_tile("A1", Tile::Gold, true)
        .with_tile("A2", Tile::Ruby, true)
        .with_tile("C2", Tile::Diamond, true)
        .with_tile("C3", Tile::Silver, true)
        .with_item_at("A1", Item::FastHorse)
        .with_item_at("B1", Item::Spurs)
        .with_item_at("A2", Item::TinStar)
        .with_item_at("B2", Item::Strongbox)
        .with_item_at("C2", Item::Pickaxe)
        .with_item_at("B3", Item::WhiskeyBarrel)
        .with_item_at("C3", Item::Saddlebags)
        .with_news(GREEN, &[1, 2, 3])
        .with_deck_top(&[12])
        .with_pieces("A1", RED, 3, false, false)
        .with_pieces("A1", BLUE, 1, true, false)
        .with_pieces("A1", GREEN, 2, false, false)
        .with_pieces("B1", RED, 1, false, false)
        .with_pieces("B1", BLUE, 1, false, false)
        .with_pieces("B1", GREEN, 1, false, false)
        .with_pieces("A2", RED, 2, false, false)
        .with_pieces("A2", GREEN, 1, true, false)
        .with_pieces("B2", RED, 2, false, false)
        .with_pieces("B2", BLUE, 4, false, false)
        .with_pieces("C2", RED, 0, true, false)
        .with_pieces("C2", BLUE, 1, false, true)
        .with_pieces("C2", GREEN, 2, false, false)
        .with_pieces("B3", GREEN, 1, false, false)
        .with_pieces("C3", RED, 3, false, false)
        .with_pieces("C3", BLUE, 0, true, false)
        .with_pieces("C3", GREEN, 3, false, false)
        .with_resolution(RED, &[]);
    g.build()
}

/// S1 — R6, R22, R26, R27, R32.
#[test]
fn s1_control_tie_breaks_item_claims_and_growth() {
    let mut g = s1_table();
    let events = g.run_scoring();
    // 1. Control.
    let expected = [
        ("A1", majority(RED, 1), 2),
        ("B1", NOBODY, 0),
        ("A2", lawman(GREEN), 3),
        ("B2", majority(BLUE, 2), 1),
        ("C2", lawman(BLUE), 2), // the deputy breaks Blue/Green; Red's sheriff is not in the tie (R26)
        ("B3", majority(GREEN, 1), 1),
        ("C3", NOBODY, 0), // Blue's sheriff is outside the 3–3 tie
    ];
    let expected: Vec<(String, Control, u32)> = expected.iter().map(|(t, c, v)| (t.to_string(), *c, *v)).collect();
    assert_eq!(scored(&events), expected);
    // 2. VP.
    assert_eq!(g.vps(), [2, 3, 4]);
    // 3. Claims, Saloon draw, and no Pickaxe bonus in the phase it is claimed (R32).
    assert_eq!(g.player(RED).items, [Item::FastHorse]);
    assert_eq!(g.player(BLUE).items, [Item::Strongbox, Item::Pickaxe]);
    assert_eq!(g.player(GREEN).items, [Item::TinStar, Item::WhiskeyBarrel]);
    assert_eq!(g.town(pos("B1")).item, Some(Item::Spurs));
    assert_eq!(g.town(pos("C3")).item, Some(Item::Saddlebags));
    assert_eq!(g.player(GREEN).news.len(), 4);
    assert!(g.player(GREEN).news.contains(&news(12)));
    assert!(!events.iter().any(|e| matches!(e, Event::Bonus { .. })));
    // 4. Keys and Growth.
    let report = g.last_scoring.clone().expect("a report");
    let keys: Vec<u8> = report.towns.iter().map(|t| t.control.key()).collect();
    assert_eq!(keys, [2, 0, 1, 3, 1, 2, 0]);
    assert_eq!(growth_sites(&events), [("B1".to_string(), 2), ("C3".to_string(), 2)]);
    assert_eq!(g.buildings[1], 4);
    // 5. Round 2 with Blue to start.
    assert_eq!((g.round, g.start_seat, g.phase), (2, BLUE, Phase::Planning));
    g.check_invariants().expect("invariants");
}

/// R32 with teeth: Pickaxe claimed while its new owner controls three towns still waits.
#[test]
fn s1_pickaxe_claimed_at_scoring_waits_a_phase() {
    let mut g = s1_table();
    g.with_pieces("B3", BLUE, 2, false, false).normalise();
    let events = g.run_scoring();
    let blue_towns = scored(&events).iter().filter(|(_, c, _)| c.controller == Some(BLUE)).count();
    assert_eq!(blue_towns, 3);
    assert!(g.player(BLUE).items.contains(&Item::Pickaxe));
    assert!(!events.iter().any(|e| matches!(e, Event::Bonus { .. })), "R32");
}

/// S2 — R22, R23.
#[test]
fn s2_growth_in_reading_order_with_3vp_buildings() {
    let mut g = blank(2);
    g.with_tile("A1", Tile::Ruby, true)
        .with_tile("C2", Tile::Diamond, true)
        .with_tile("C1", Tile::Coal, true)
        .with_tile("A2", Tile::Gold, true)
        .with_round(3, RED)
        .with_vp(&[10, 10])
        .with_buildings("A1", &[2])
        .with_buildings("B1", &[2])
        .with_buildings("B2", &[2])
        .with_buildings("C2", &[2])
        .with_buildings("C1", &[1])
        .with_buildings("A2", &[1])
        .with_news(RED, &[1, 2])
        .with_deck_top(&[7])
        .with_pieces("A1", RED, 2, false, false)
        .with_pieces("A1", BLUE, 1, true, false)
        .with_pieces("B1", RED, 3, false, false)
        .with_pieces("B1", BLUE, 2, false, false)
        .with_pieces("C1", RED, 1, true, false)
        .with_pieces("C1", BLUE, 2, false, false)
        .with_pieces("A2", RED, 4, false, false)
        .with_pieces("B2", RED, 1, false, true)
        .with_pieces("B2", BLUE, 2, false, false)
        .with_pieces("C2", RED, 2, false, false)
        .with_pieces("C2", BLUE, 4, false, false)
        .with_resolution(RED, &[]);
    let mut g = g.build();
    let events = g.run_scoring();
    let vps: Vec<(String, u32)> = scored(&events).into_iter().map(|(t, _, v)| (t, v)).collect();
    let expected = [("A1", 5), ("B1", 3), ("C1", 2), ("A2", 3), ("B2", 4), ("C2", 3)];
    assert_eq!(vps, expected.map(|(t, v)| (t.to_string(), v)));
    assert_eq!(g.vps(), [22, 18]);
    assert!(g.player(RED).news.contains(&news(7)), "the Saloon's Gossip");
    let keys: Vec<u8> = g.last_scoring.as_ref().expect("report").towns.iter().map(|t| t.control.key()).collect();
    assert_eq!(keys, [1, 2, 1, 5, 1, 3]);
    assert_eq!(growth_sites(&events), [("A1".to_string(), 3), ("C1".to_string(), 3)], "not B2 (R23)");
    assert_eq!(g.buildings[2], 0);
    assert_eq!((g.round, g.start_seat), (4, BLUE));
    g.check_invariants().expect("invariants");

    // After round 4: no Growth (R25), and the game ends.
    g.with_resolution(BLUE, &[]);
    let events = g.run_scoring();
    assert!(growth_sites(&events).is_empty());
    assert_eq!(g.phase, Phase::Finished);
    assert!(g.outcome().is_some());
    g.check_invariants().expect("invariants");
}

/// S3's table at the end of round 2, before Scoring.
fn s3_table() -> GunslingerGang {
    let mut g = blank(2);
    g.with_tile("A1", Tile::Gold, true)
        .with_tile("C2", Tile::Ruby, true)
        .with_tile("C1", Tile::Diamond, false)
        .with_tile("A2", Tile::Emerald, false)
        .with_item_at("C1", Item::Dynamite)
        .with_item_at("A2", Item::JailKeys)
        .with_round(2, BLUE)
        .with_vp(&[3, 3])
        .with_buildings("B1", &[2])
        .with_buildings("B2", &[2])
        .with_pieces("A1", RED, 2, false, false)
        .with_pieces("A1", BLUE, 2, false, false)
        .with_pieces("B1", RED, 3, false, false)
        .with_pieces("B1", BLUE, 1, false, false)
        .with_pieces("B2", RED, 1, false, false)
        .with_pieces("B2", BLUE, 2, false, false)
        .with_pieces("C2", RED, 2, false, false)
        .with_pieces("C2", BLUE, 2, false, false)
        .with_resolution(BLUE, &[]);
    g.build()
}

/// S3 — R7, R24, §2.2.
#[test]
fn s3_founding_after_round_2_and_new_adjacency() {
    let mut g = s3_table();
    // Facedown tiles and items are secret before Founding (R7).
    let public = serde_json::to_string(&g.view(Viewer::Public)).expect("json");
    assert!(!public.contains("DIAMOND") && !public.contains("I11"), "{public}");
    let events = g.run_scoring();
    // 1. Scoring.
    let vps: Vec<(String, u32)> = scored(&events).into_iter().map(|(t, _, v)| (t, v)).collect();
    assert_eq!(vps, [("A1", 0), ("B1", 3), ("B2", 3), ("C2", 0)].map(|(t, v)| (t.to_string(), v)));
    assert_eq!(g.vps(), [6, 6]);
    assert_eq!(g.player(BLUE).news.len(), 1, "the Saloon's Gossip");
    // 2. Growth on A1 and C2; the founded towns were not candidates.
    assert_eq!(growth_sites(&events), [("A1".to_string(), 2), ("C2".to_string(), 2)]);
    assert_eq!(g.buildings[1], 2);
    // 3. Founding.
    for (at, tile, item) in [("C1", Tile::Diamond, Item::Dynamite), ("A2", Tile::Emerald, Item::JailKeys)] {
        let town = g.town(pos(at));
        assert!(town.face_up);
        assert_eq!((town.tile, town.item, town.buildings.clone()), (tile, Some(item), vec![1]));
    }
    assert_eq!(g.buildings[0], 0);
    let public = serde_json::to_string(&g.view(Viewer::Public)).expect("json");
    assert!(public.contains("DIAMOND") && public.contains("I11"));
    // 4. Round 3, Red starts; the new adjacency.
    assert_eq!((g.round, g.start_seat), (3, RED));
    let mut pairs = Vec::new();
    for a in g.face_up().collect::<Vec<_>>() {
        for b in g.face_up().filter(|b| a < *b && a.orthogonal_to(*b)) {
            pairs.push(format!("{a}-{b}"));
        }
    }
    assert_eq!(pairs, ["A1-B1", "A1-A2", "B1-C1", "B1-B2", "C1-C2", "A2-B2", "B2-C2"]);
    g.check_invariants().expect("invariants");
}

/// S3 follow-up: moves into a founded town come only from its new orthogonal neighbours.
#[test]
fn s3_follow_up_moves_into_a_founded_town() {
    let mut g = s3_table();
    g.run_scoring();
    g.with_resolution(RED, &[("C1", RED, Underling::Rancher, None), ("A1", BLUE, Underling::Kid, None)]);
    let mut g = g.build();
    g.run(RED, "reveal C1");
    g.run(RED, "use A");
    assert_eq!(g.legal_texts(RED), ["move B1 outlaw", "move C2 outlaw", "done"], "A1 not adjacent, B2 diagonal");
    for step in ["move B1 outlaw", "move B1 outlaw", "promote sheriff", "move C2 outlaw", "promote deputy"] {
        g.run(RED, step);
    }
    assert!(g.resolving.is_none_or(|r| r.seat != RED), "budget 0 ends A");
    let c1 = g.town(pos("C1"));
    assert_eq!((c1.outlaws[0], c1.sheriff, c1.deputy), (1, Some(RED), Some(RED)));
    assert_eq!((g.outlaws("B1", RED), g.outlaws("C2", RED)), (1, 1));
    g.check_invariants().expect("invariants");
}

fn s8_table(green_on_c3: u8, green_news: &[u8]) -> GunslingerGang {
    let mut g = blank(3);
    g.with_item_at("B1", Item::LuckyHorseshoe)
        .with_item_at("B3", Item::Strongbox)
        .with_item_at("C3", Item::Saddlebags)
        .with_tile("C3", Tile::Silver, true)
        .with_pieces("B1", RED, 1, true, false)
        .with_pieces("B1", BLUE, 2, false, false)
        .with_pieces("B3", BLUE, 2, false, false)
        .with_pieces("B3", GREEN, 1, false, false)
        .with_pieces("C3", RED, 2, false, false)
        .with_pieces("C3", GREEN, green_on_c3, false, false)
        .with_news(BLUE, &[1, 2, 3, 4, 5])
        .with_news(RED, &[6, 7, 8, 9])
        .with_news(GREEN, green_news)
        .with_resolution(RED, &[]);
    g.build()
}

/// S8 — R6, R9, R22, R32, R40.
#[test]
fn s8_claims_inactive_when_claimed_saloon_at_limit_empty_towns() {
    let mut g = s8_table(2, &[10, 11, 12, 13, 14]);
    assert_eq!(g.deck.len(), 10);
    let events = g.run_scoring();
    let lines = scored(&events);
    assert_eq!(lines[1], ("B1".to_string(), lawman(RED), 2), "Horseshoe not yet active (R32)");
    assert_eq!(lines[5], ("B3".to_string(), majority(BLUE, 1), 1));
    assert_eq!(lines[6], ("C3".to_string(), NOBODY, 0));
    assert_eq!(g.player(RED).items, [Item::LuckyHorseshoe]);
    assert_eq!(g.player(BLUE).items, [Item::Strongbox]);
    assert!(events.contains(&Event::DrawLost { seat: BLUE }), "hand 5 = limit");
    assert_eq!(g.deck.len(), 10);
    assert_eq!(g.town(pos("C3")).item, Some(Item::Saddlebags));
    assert_eq!(g.vps(), [2, 1, 0]);
    assert_eq!(growth_sites(&events), [("A1".to_string(), 2), ("A2".to_string(), 2)]);
    g.check_invariants().expect("invariants");

    // Round 2, the same B1: the Horseshoe now adds 1.
    g.with_resolution(BLUE, &[]);
    let events = g.run_scoring();
    assert_eq!(scored(&events)[1], ("B1".to_string(), lawman(RED), 3));
}

/// S8 variant — R40: Saddlebags claimed at Scoring draws at once with limit 7.
#[test]
fn s8_variant_saddlebags_draws_at_once_with_limit_7() {
    let mut g = s8_table(3, &[10, 11, 12, 13, 14]);
    let events = g.run_scoring();
    assert_eq!(scored(&events)[6], ("C3".to_string(), majority(GREEN, 1), 2));
    assert!(g.player(GREEN).items.contains(&Item::Saddlebags));
    assert_eq!(g.player(GREEN).news.len(), 6);
    assert_eq!(g.deck.len(), 9);
    assert!(events.contains(&Event::DrawLost { seat: BLUE }), "Blue's Saloon draw is still lost");
    assert_eq!(g.vps(), [2, 1, 2]);
    let c3 = &g.last_scoring.as_ref().expect("report").towns[6];
    assert_eq!(c3.control.key(), 2);
    assert_eq!(growth_sites(&events), [("A1".to_string(), 2), ("A2".to_string(), 2)]);
    g.check_invariants().expect("invariants");
}
