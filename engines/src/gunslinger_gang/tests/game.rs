//! Whole-game tests: setup (§3), end-of-game tie-breaks (§6.4, R41), resigning and
//! timeouts (Designed), privacy of views, menus, and seeded playouts.

use std::collections::HashSet;

use super::fixtures::{BLUE, GREEN, RED, blank, news, pos};
use crate::game::{Game, MAX_CHOICES, Pending, RuleError, Seat, SetupError, Viewer};
use crate::gunslinger_gang::board::Tile;
use crate::gunslinger_gang::cards::{Colour, Item, News};
use crate::gunslinger_gang::scoring::TieBreak;
use crate::gunslinger_gang::state::{GunslingerGang, ItemSet, Options, Phase};
use crate::rng::GameRng;
use crate::{AnyGame, GameKind};

fn new_game(players: usize, seed: u64) -> GunslingerGang {
    GunslingerGang::setup(&Options::default(), players, GameRng::from_seed(seed)).expect("setup")
}

#[test]
fn setup_deals_towns_items_news_and_outlaws_for_every_count() {
    for players in 2..=4 {
        for items in [ItemSet::All, ItemSet::NoRed] {
            let options = Options { items, ..Options::default() };
            let g = GunslingerGang::setup(&options, players, GameRng::from_seed(3)).expect("setup");
            let up = g.towns.iter().filter(|t| t.face_up).count();
            assert_eq!((up, g.towns.len() - up), if players == 2 { (4, 2) } else { (7, 2) });
            assert!(g.towns.iter().all(|t| t.item.is_some()), "one item per position (R7)");
            assert_eq!(g.item_leftover.len(), items.items().len() - g.towns.len());
            assert_eq!(g.unused_tiles.len(), 8 - (g.towns.len() - if players == 2 { 2 } else { 3 }));
            let supply = if players == 2 { 12 } else { 13 };
            assert!(g.players.iter().all(|p| p.supply == supply && p.news.len() == 3 && p.vp == 0));
            assert_eq!(g.deck.len(), 24 - 3 * players);
            let colours: Vec<Colour> = g.players.iter().map(|p| p.colour).collect();
            assert_eq!(colours, Colour::ALL[..players]);
            assert_eq!((g.round, g.phase, g.current), (1, Phase::Planning, g.start_seat));
            g.check_invariants().expect("invariants");
        }
    }
    let g = new_game(3, 1);
    let fixed: Vec<Tile> = ["B1", "B2", "B3"].iter().map(|p| g.town(pos(p)).tile).collect();
    assert_eq!(fixed, [Tile::Market, Tile::Copper, Tile::Saloon]);
}

/// §3: the RNG calls in order — start player (R21), tiles, items, News — and nothing else.
#[test]
fn setup_draws_randomness_in_the_specified_order() {
    let rng = GameRng::scripted([0; 44]); // 1 + 7 + 13 + 23 for two players
    let g = GunslingerGang::setup(&Options::default(), 2, rng).expect("setup");
    assert_eq!(g.rng.scripted_left(), 0);
    assert_eq!(g.start_seat, RED);
    // Fisher–Yates with every draw 0 rotates a list left by one.
    let tiles: Vec<Tile> = ["A1", "C2", "C1", "A2"].iter().map(|p| g.town(pos(p)).tile).collect();
    assert_eq!(tiles, [Tile::Silver, Tile::Platinum, Tile::Ruby, Tile::Diamond]);
    assert_eq!(g.unused_tiles, [Tile::Emerald, Tile::Iron, Tile::Coal, Tile::Gold]);
    let items: Vec<Item> = g.towns.iter().filter_map(|t| t.item).collect();
    assert_eq!(items, Item::ALL[1..7]);
    assert_eq!(g.player(RED).news, [news(2), news(4), news(6)], "dealt one at a time from seat 0");
    assert_eq!(g.player(BLUE).news, [news(3), news(5), news(7)]);
}

#[test]
fn setup_refuses_bad_counts_and_colours() {
    for players in [1, 5] {
        assert!(matches!(
            GunslingerGang::setup(&Options::default(), players, GameRng::from_seed(0)),
            Err(SetupError::PlayerCount { .. })
        ));
    }
    let twice = Options { colours: vec![Colour::Red, Colour::Red], ..Options::default() };
    assert!(matches!(GunslingerGang::setup(&twice, 2, GameRng::from_seed(0)), Err(SetupError::BadOption { .. })));
    let chosen = Options { colours: vec![Colour::Yellow, Colour::Green], ..Options::default() };
    let g = GunslingerGang::setup(&chosen, 2, GameRng::from_seed(0)).expect("setup");
    assert_eq!(g.player(RED).colour, Colour::Yellow);
    let parsed: Options = serde_json::from_value(serde_json::json!({"items": "no_red"})).expect("options");
    assert_eq!(parsed.items, ItemSet::NoRed);
    assert!(serde_json::from_value::<Options>(serde_json::json!({"item": "all"})).is_err());
}

fn finale(vp: &[u32]) -> GunslingerGang {
    let mut g = blank(vp.len());
    g.with_round(4, RED).with_all_founded().with_vp(vp).with_resolution(RED, &[]);
    g.build()
}

fn ending(g: &mut GunslingerGang) -> (Vec<Seat>, Vec<TieBreak>) {
    g.end_game(&mut Vec::new());
    let result = g.result.clone().expect("a result");
    (result.lines.iter().map(|l| l.seat).collect(), result.breaks)
}

/// §6.4, R30: items (Strongbox 3) and News in hand add VP at the end.
#[test]
fn end_of_game_adds_items_and_news() {
    let mut g = finale(&[10, 10]);
    g.with_held(RED, Item::Strongbox).with_held(RED, Item::Spurs).with_news(BLUE, &[1, 2]);
    let (order, breaks) = ending(&mut g);
    assert_eq!((order, breaks), (vec![RED, BLUE], vec![TieBreak::Vp]));
    assert_eq!(g.vps(), [14, 12]);
    let Pending::Finished(outcome) = g.pending() else { panic!("finished") };
    assert!(outcome.winners.contains(RED));
    assert_eq!(outcome.standings[0].detail, "14 VP (4 from items, 0 from News), 0 sheriffs, 0 deputies");
}

/// R28: sheriffs, then deputies, on the board.
#[test]
fn end_of_game_ties_go_to_sheriffs_then_deputies() {
    let mut g = finale(&[9, 9, 9]);
    g.with_pieces("A1", BLUE, 0, true, false).with_pieces("B3", GREEN, 0, false, true).normalise();
    assert_eq!(ending(&mut g), (vec![BLUE, GREEN, RED], vec![TieBreak::Sheriffs, TieBreak::Deputies]));
}

/// R29, R41: duels by seeded draws among the still-tied, listed in seat order.
#[test]
fn end_of_game_duels_at_high_noon() {
    let mut g = finale(&[7, 7]);
    g.rng = GameRng::scripted([1]);
    assert_eq!(ending(&mut g), (vec![BLUE, RED], vec![TieBreak::Duel]));
    let mut g = finale(&[7, 7, 7]);
    g.rng = GameRng::scripted([2, 0]); // k − 1 = 2 draws: Green, then Red of [Red, Blue]
    assert_eq!(ending(&mut g), (vec![GREEN, RED, BLUE], vec![TieBreak::Duel, TieBreak::Duel]));
    assert_eq!(g.rng.scripted_left(), 0);
    let mut g = finale(&[15, 10, 10]);
    g.rng = GameRng::scripted([1]); // a lower-rank tie is settled the same way
    assert_eq!(ending(&mut g), (vec![RED, GREEN, BLUE], vec![TieBreak::Vp, TieBreak::Duel]));
    let Pending::Finished(outcome) = g.pending() else { panic!("finished") };
    assert!(outcome.standings[2].detail.contains("duel"));
}

/// Designed: a resigned player ranks below everyone who did not resign.
#[test]
fn resigned_players_rank_last_and_do_not_win() {
    let mut g = finale(&[20, 5]);
    g.player_mut(RED).resigned = true;
    assert_eq!(ending(&mut g), (vec![BLUE, RED], vec![TieBreak::Resignation]));
    let Pending::Finished(outcome) = g.pending() else { panic!("finished") };
    assert_eq!(outcome.winners.iter().collect::<Vec<_>>(), [BLUE]);
}

/// Designed: resigning hands every later decision to the defaults; the game still ends.
#[test]
fn resigning_plays_on_with_defaults() {
    let mut g = new_game(3, 11);
    let other = g.next_seat(g.current);
    assert_eq!(g.resign_action(other).map(|a| a.to_string()).as_deref(), Some("resign"));
    g.apply(other, &crate::gunslinger_gang::action::Action::Resign).expect("resign out of turn");
    assert!(g.resign_action(other).is_none());
    assert!(g.clone().apply(other, &crate::gunslinger_gang::action::Action::Resign).is_err(), "already resigned");
    let mut steps = 0;
    while let Pending::Deciding { must: seats, .. } = g.pending() {
        let seat = seats.first().expect("a seat");
        assert_ne!(seat, other, "a resigned seat is never asked");
        let action = g.timeout_action(seat).expect("a default");
        g.apply(seat, &action).expect("the default is legal");
        g.check_invariants().expect("invariants");
        steps += 1;
        assert!(steps < GunslingerGang::MAX_ACTIONS);
    }
    let Pending::Finished(outcome) = g.pending() else { panic!("finished") };
    assert_eq!(outcome.standings.last().map(|s| s.seat), Some(other));
    // Everyone resigning finishes the game in the same call.
    let mut g = new_game(2, 12);
    g.apply(RED, &crate::gunslinger_gang::action::Action::Resign).expect("resign");
    g.apply(BLUE, &crate::gunslinger_gang::action::Action::Resign).expect("resign");
    assert!(matches!(g.pending(), Pending::Finished(ref o) if o.winners.is_empty()));
    assert_eq!(g.apply(RED, &crate::gunslinger_gang::action::Action::Resign), Err(RuleError::game_over()));
}

/// Designed defaults: lowest card to the first town without News; skip when allowed; keep;
/// B; done.
#[test]
fn timeout_defaults_are_passive() {
    let g = new_game(2, 5);
    let seat = g.current;
    assert_eq!(g.timeout_action(seat).map(|a| a.to_string()).as_deref(), Some("play KID A1 none"));
    assert_eq!(g.timeout_action(g.next_seat(seat)), None, "not pending");
    let mut g = blank(3);
    g.with_held(RED, Item::ForgedOrders).with_pieces("B1", RED, 1, false, false).with_resolution(
        RED,
        &[
            ("B2", RED, crate::gunslinger_gang::cards::Underling::Kid, Some(1)),
            ("B2", BLUE, crate::gunslinger_gang::cards::Underling::Kid, None),
        ],
    );
    let mut g = g.build();
    assert_eq!(g.timeout_action(RED).map(|a| a.to_string()).as_deref(), Some("skip"));
    g.run(RED, "second B2");
    for (expected, then) in [("keep", "keep"), ("use B", "use A")] {
        assert_eq!(g.timeout_action(RED).map(|a| a.to_string()).as_deref(), Some(expected));
        g.run(RED, then);
    }
    assert_eq!(g.timeout_action(RED).map(|a| a.to_string()).as_deref(), Some("done"));
}

/// The leak check is meaningful: each seat's own secrets appear in its view exactly as
/// `secrets()` names them, and in nobody else's.
#[test]
fn secrets_appear_in_their_owners_view_only() {
    let mut g = new_game(3, 21);
    for _ in 0..4 {
        let seat = g.current;
        let action =
            g.legal_actions(seat).into_iter().find(|a| a.to_string().contains(" N")).expect("a play with News");
        g.apply(seat, &action).expect("legal");
    }
    let leaves = |viewer: Viewer| -> HashSet<String> {
        let mut out = HashSet::new();
        let mut stack = vec![serde_json::to_value(g.view(viewer)).expect("json")];
        while let Some(value) = stack.pop() {
            match value {
                serde_json::Value::String(s) => {
                    out.insert(s);
                }
                serde_json::Value::Array(items) => stack.extend(items),
                serde_json::Value::Object(map) => stack.extend(map.into_iter().map(|(_, v)| v)),
                _ => {}
            }
        }
        out
    };
    let secrets = g.secrets();
    assert!(secrets.iter().any(|s| s.token.contains('-')), "deployed and held underlings are secrets");
    let public = leaves(Viewer::Public);
    for seat in g.seats() {
        let own = leaves(Viewer::Seat(seat));
        for secret in &secrets {
            assert!(!public.contains(&secret.token), "public view shows {}", secret.token);
            assert_eq!(own.contains(&secret.token), secret.owner == Some(seat), "{seat} and {}", secret.token);
        }
    }
}

#[test]
fn planning_menus_step_through_cards_towns_and_news() {
    let g = new_game(3, 2);
    let seat = g.current;
    let first = g.choices(seat, "");
    assert_eq!(first.options.len(), 1);
    assert_eq!(first.options[0].label, "Play an underling");
    let cards = g.choices(seat, "play");
    assert_eq!(cards.options.len(), 6);
    assert_eq!(cards.options[0].label, "The Kid (value 1, hires 2)");
    let towns = g.choices(seat, "play KID");
    assert_eq!(towns.options.len(), 7);
    let stories = g.choices(seat, "play KID B2");
    assert_eq!(stories.options.len(), 4, "none + three News");
    assert_eq!(stories.options[0].label, "Play The Kid (1) to B2");
    assert!(g.choices(seat, "play KID B2 none").complete);
    assert!(stories.options.iter().all(|o| !o.label.is_empty() && o.token.starts_with(' ')));
}

/// Seeded playouts: VP never decrease (§9.8), every menu fits Discord, every event reads as a
/// sentence, four rounds end it.
#[test]
fn seeded_playouts_keep_vp_monotonic_and_menus_small() {
    for seed in 0..60u64 {
        let players = 2 + (seed % 3) as usize;
        let mut g = new_game(players, seed);
        let mut chooser = GameRng::from_seed(seed + 1000);
        let mut rounds = HashSet::new();
        while let Pending::Deciding { must: seats, .. } = g.pending() {
            let seat = seats.first().expect("a seat");
            rounds.insert(g.round);
            let before = g.vps();
            let legal = g.legal_actions(seat);
            for prefix in ["", "play", "use", "move"] {
                assert!(g.choices(seat, prefix).options.len() <= MAX_CHOICES);
            }
            let events = g.apply(seat, &legal[chooser.index(legal.len())]).expect("legal");
            for event in &events {
                let line = g.sentence(event, &[]);
                assert!(!line.is_empty() && !line.contains('{'), "{event:?} narrated as {line:?}");
            }
            assert!(g.vps().iter().zip(&before).all(|(after, before)| after >= before), "§9.8");
        }
        assert_eq!(rounds.len(), 4, "seed {seed}");
        let total: usize =
            g.deck.len() + g.discard.len() + g.removed.len() + g.players.iter().map(|p| p.news.len()).sum::<usize>();
        assert_eq!(total, usize::from(News::COUNT));
    }
}

/// `AnyGame::setup(kind, {}, players, seed)` plays a full game with no lobby input.
#[test]
fn any_game_plays_a_full_game_from_empty_options() {
    for players in 2..=4 {
        let mut game =
            AnyGame::setup(GameKind::GunslingerGang, &serde_json::json!({}), players, 99).expect("available");
        let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
        let mut rng = GameRng::from_seed(5);
        while let Pending::Deciding { must: seats, .. } = game.pending() {
            let seat = seats.first().expect("a seat");
            let actions = game.legal_actions(seat, &names);
            let text = actions[rng.index(actions.len())].text.clone();
            game.apply(seat, &text, &names).expect("legal");
        }
        let saved = game.save().expect("save");
        let loaded = AnyGame::load(GameKind::GunslingerGang, &saved).expect("load");
        assert_eq!(loaded, game);
        assert_eq!(loaded.kind(), GameKind::GunslingerGang);
    }
    assert_eq!(AnyGame::player_range(GameKind::GunslingerGang), (2, 4));
    assert_eq!(AnyGame::default_options(GameKind::GunslingerGang)["items"], "all");
}

/// Every action of the game's whole space, for checking that the menus miss nothing.
fn every_action(g: &GunslingerGang) -> Vec<crate::gunslinger_gang::action::Action> {
    use crate::gunslinger_gang::action::{Ability, Action, Piece, Role, Timing};
    use crate::gunslinger_gang::cards::Underling;
    let towns: Vec<_> = g.positions().collect();
    let colours = Colour::ALL;
    let mut out = vec![Action::Skip, Action::Done];
    for card in Underling::ALL {
        for town in &towns {
            for news in std::iter::once(None).chain(News::all().map(Some)) {
                for under_top in [false, true] {
                    out.push(Action::Play { card, town: *town, news, under_top });
                }
            }
        }
    }
    for t in &towns {
        out.extend([Action::Reveal(*t), Action::RevealSecond(*t)]);
        out.extend(Piece::ALL.map(|kind| Action::Move { from: *t, kind }));
        out.extend(Piece::ALL.map(|kind| Action::Rail { from: *t, kind }));
        out.extend((1..=20).map(|count| Action::Drive { to: *t, count }));
        for c in colours {
            out.extend([Action::Lasso { player: c, to: *t }, Action::Push { player: c, to: *t }]);
        }
    }
    for c in colours {
        out.extend([Action::Ambush(c), Action::Blast(c), Action::Turncoat(c)]);
    }
    for r in Role::ALL {
        out.extend([Action::Promote(r), Action::Demote(r), Action::Elect(r), Action::SwearIn(r)]);
    }
    out.extend(Timing::ALL.map(Action::Timing));
    out.extend(Ability::ALL.map(Action::Use));
    out
}

/// The menus are exact: `legal` lists every action `check` accepts, and only those.
#[test]
fn legal_lists_match_an_exhaustive_check() {
    for seed in 0..12u64 {
        let options = Options { items: ItemSet::All, ..Options::default() };
        let mut g = GunslingerGang::setup(&options, 2 + (seed % 3) as usize, GameRng::from_seed(seed)).expect("setup");
        // Hand out every item so the item steps show up in the menus.
        for (i, item) in Item::ALL.iter().enumerate() {
            let seat = Seat((i % g.players.len()) as u8);
            g.player_mut(seat).items.push(*item);
            g.towns.iter_mut().for_each(|t| t.item = t.item.filter(|x| x != item));
            g.item_leftover.retain(|x| x != item);
        }
        let mut chooser = GameRng::from_seed(seed);
        let every = every_action(&g);
        let mut steps = 0;
        while let Pending::Deciding { must: seats, .. } = g.pending() {
            steps += 1;
            let seat = seats.first().expect("a seat");
            let legal: HashSet<_> = g.legal_actions(seat).into_iter().collect();
            let accepted: HashSet<_> = every.iter().copied().filter(|a| g.check(seat, a).is_ok()).collect();
            assert_eq!(legal, accepted, "seed {seed}, {:?}", g.resolving.map(|r| r.step));
            let legal: Vec<_> = g.legal_actions(seat);
            g.apply(seat, &legal[chooser.index(legal.len())]).expect("legal");
        }
        assert!(steps > 100, "seed {seed}: {steps} decisions");
    }
}
