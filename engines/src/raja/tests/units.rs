//! Unit tests of the models: the wall (§2.4, R20–R23, R43), the grain column (§2.5, R8),
//! the markets (§2.6, R16–R19) and the siege arithmetic (§4.6, R27–R31).

use super::fixture::{A, B, C, Fx};
use crate::game::Game;
use crate::raja::build::grain_for;
use crate::raja::events::Event;
use crate::raja::grain::stack_token;
use crate::raja::resolution::{elephants_lost, siege_x};
use crate::raja::state::Step;
use crate::raja::wall::Wall;
use crate::rng::GameRng;

/// A scripted source from d12 results as the specification writes them (1..12).
fn d12s(results: &[u32]) -> GameRng {
    GameRng::scripted(results.iter().map(|r| r - 1))
}

// ---- the wall (§2.4) -------------------------------------------------------------------

#[test]
fn wall_placement_rows_keep_a_staircase_of_at_most_six_by_twelve() {
    assert_eq!(Wall::default().placement_rows(), [1], "an empty wall starts on the ground");
    assert_eq!(Wall::of(&[1]).placement_rows(), [1, 2]);
    assert_eq!(Wall::of(&[2, 2]).placement_rows(), [1, 3], "row 2 cannot outgrow row 1");
    assert_eq!(Wall::of(&[3, 2, 1]).placement_rows(), [1, 2, 3, 4]);
    assert_eq!(Wall::of(&[6]).placement_rows(), [2], "row 1 stops at width 6 (R20)");
    let full = Wall::of(&[6; 12]);
    assert!(full.placement_rows().is_empty(), "72 stones: nothing more fits");
    assert!(!Wall::of(&[1; 12]).can_place(13), "no thirteenth row");
}

#[test]
fn wall_exposed_rows_and_the_automatic_removal_order() {
    let wall = Wall::of(&[6, 6, 3]);
    assert_eq!(wall.exposed_rows(), [2, 3], "row 1 is covered by an equal row 2");
    // remove_auto: lowest risk first (rows 1–2 are free), ties to the highest row.
    assert_eq!(wall.auto_row(), Some(2));
    assert_eq!(Wall::of(&[6, 4, 3]).auto_row(), Some(2));
    assert_eq!(Wall::of(&[3, 3, 3]).auto_row(), Some(3), "only the top row is exposed");
    assert_eq!(Wall::default().auto_row(), None);
}

#[test]
fn wall_measures_width_production_cap_and_stones() {
    let wall = Wall::of(&[4, 2, 1]);
    assert_eq!((wall.stones(), wall.width(), wall.height()), (7, 4, 3));
    assert_eq!(wall.production(), 5, "1 + W (R21)");
    assert_eq!(wall.elephant_cap(), 4, "max(1, W) (R29)");
    assert_eq!(Wall::default().elephant_cap(), 1, "a wall-less city takes one elephant");
    assert_eq!(Wall::default().production(), 1);
    assert_eq!(wall.to_string(), "[4,2,1]");
}

#[test]
fn wall_touch_risk_grows_with_the_row_not_the_width() {
    // R43: max(0, k − 2), whatever the width.
    let risks: Vec<u8> = (1..=12).map(Wall::risk).collect();
    assert_eq!(risks, [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Rows 1 and 2 draw nothing even on a wide wall (an empty script would panic).
    let mut rng = GameRng::scripted([]);
    let mut wall = Wall::of(&[5, 4]);
    assert_eq!(wall.build(2, &mut rng).roll, None);
    assert_eq!(wall.build(1, &mut rng).roll, None);
    assert_eq!(wall.rows(), [6, 5]);
}

#[test]
fn wall_collapse_drops_the_touched_row_the_row_beneath_and_all_above() {
    // Placing in row 5 (risk 3): 3 collapses, 4 holds.
    let mut holds = Wall::of(&[4, 3, 2, 1]);
    let touch = holds.build(5, &mut d12s(&[4]));
    assert_eq!((touch.risk, touch.roll, touch.fallen, touch.collapsed()), (3, Some(4), 0, false));
    assert_eq!(holds.rows(), [4, 3, 2, 1, 1]);
    let mut falls = Wall::of(&[4, 3, 2, 1]);
    let touch = falls.build(5, &mut d12s(&[3]));
    assert!(touch.collapsed());
    // Rows 4 and 5 (1 + 1) fall; rows 1–3 stay.
    assert_eq!((touch.fallen, falls.rows()), (2, &[4, 3, 2][..]));
    // Row 3 collapsing takes rows 2 and up: row 1 never falls, so a wall never empties.
    let mut low = Wall::of(&[2, 2, 1]);
    let touch = low.build(3, &mut d12s(&[1]));
    assert_eq!((touch.fallen, low.rows()), (4, &[2][..]));
}

#[test]
fn wall_removal_is_a_touch_too() {
    // Removing from row 4 of [3,2,2,1] (risk 2): a 2 collapses rows 3 and up.
    let mut wall = Wall::of(&[3, 2, 2, 1]);
    let touch = wall.knock_out(4, &mut d12s(&[2]));
    assert_eq!((touch.row, touch.risk, touch.fallen), (4, 2, 2));
    assert_eq!(wall.rows(), [3, 2]);
    // Removing the only stone of a top row drops that row; row 2 is free.
    let mut wall = Wall::of(&[2, 1]);
    let touch = wall.knock_out(2, &mut GameRng::scripted([]));
    assert_eq!((touch.roll, wall.rows()), (None, &[2][..]));
}

#[test]
fn wall_rows_survive_saving_and_staircases_are_checked() {
    let wall = Wall::of(&[3, 2, 1]);
    let json = serde_json::to_string(&wall).expect("serialises");
    assert_eq!(json, "[3,2,1]");
    assert_eq!(serde_json::from_str::<Wall>(&json).expect("loads"), wall);
    assert!(serde_json::from_str::<Wall>("[1,1,1,1,1,1,1,1,1,1,1,1,1]").is_err(), "13 rows");
    assert!(wall.is_staircase());
    assert!(!Wall::of(&[1, 2]).is_staircase());
    assert!(!Wall::of(&[7]).is_staircase());
}

// ---- the grain column (§2.5) -----------------------------------------------------------

#[test]
fn grain_column_is_safe_to_eight_then_topples_its_top_half() {
    let (mut column, mut pile) = (7u8, 10u8);
    let mut rng = GameRng::scripted([]);
    assert_eq!(stack_token(&mut column, &mut pile, &mut rng), None, "8 is safe: no draw");
    assert_eq!(column, 8);
    // 9: risk 1; a 2 holds.
    assert_eq!(stack_token(&mut column, &mut pile, &mut d12s(&[2])), Some((9, 2, 0)));
    // 10: risk 2; a 2 topples ceil(10/2) = 5 tokens to the pile.
    assert_eq!(stack_token(&mut column, &mut pile, &mut d12s(&[2])), Some((10, 2, 5)));
    assert_eq!((column, pile), (5, 15));
    // 11 tokens: ceil(11/2) = 6 fall.
    let (mut column, mut pile) = (10u8, 0u8);
    assert_eq!(stack_token(&mut column, &mut pile, &mut d12s(&[3])), Some((11, 3, 6)));
    assert_eq!((column, pile), (5, 6));
}

#[test]
fn grain_arrives_on_the_shortest_column_and_leaves_from_the_tallest() {
    let mut fx = Fx::new(3);
    fx.column(A, 1, 3).column(A, 2, 1).column(A, 3, 1);
    let player = &mut fx.game.players[0];
    let (mut pile, mut rng, mut events) = (0, GameRng::scripted([]), Vec::new());
    // Two tokens: C2 (1, tie with C3 → lower number), then C3.
    player.receive_grain(A, 2, &mut pile, &mut rng, &mut events);
    assert_eq!(player.cities.iter().map(|c| c.column).collect::<Vec<_>>(), [3, 2, 2]);
    // Paying 3: C1 (3), then C1/C2/C3 all 2 → C1, then C2.
    player.pay_grain(3);
    assert_eq!(player.cities.iter().map(|c| c.column).collect::<Vec<_>>(), [1, 1, 2]);
    assert!(events.is_empty(), "no column passed 8: no check");
}

// ---- building (R24) -----------------------------------------------------------------

#[test]
fn building_costs_two_stones_per_grain_with_a_one_stone_credit() {
    assert_eq!(grain_for(1, 0), (1, 1));
    assert_eq!(grain_for(2, 0), (1, 0));
    assert_eq!(grain_for(3, 0), (2, 1));
    assert_eq!(grain_for(1, 1), (0, 0), "the credit pays one stone");
    assert_eq!(grain_for(4, 1), (2, 1));
    assert_eq!(grain_for(24, 0), (12, 0));
}

#[test]
fn the_credit_is_lost_when_building_ends() {
    let mut fx = Fx::new(3);
    fx.segment(A, Step::Build).column(A, 1, 1);
    fx.ok(A, "build_declare C1 1");
    fx.ok(A, "build_place 1");
    assert_eq!(fx.game.segment().map(|s| s.credit), Some(1));
    fx.ok(A, "building_end");
    assert_eq!(fx.game.segment().map(|s| s.credit), Some(0), "R24: unused credit is lost");
}

// ---- markets (§2.6, R16–R19) -----------------------------------------------------------

#[test]
fn market_prices_step_once_per_transaction_and_clamp_at_their_ends() {
    // Buying 3 elephants at 16 (the top) costs 48 and leaves the price at 16 (R17).
    let mut fx = Fx::new(3);
    fx.segment(A, Step::Commerce);
    fx.game.prices = [1, 10, 16];
    // Nobody else holds elephants, so nobody is asked to fill (§4.3).
    fx.ok(A, "market_order elephants buy 3");
    assert_eq!((fx.cash_of(A), fx.game.prices), (75 - 48, [1, 10, 16]));
    assert_eq!(fx.game.players[0].elephants, 3);
    // Four grain at the bottom price: $4, one step up whatever the quantity. Nobody holds
    // grain, so nobody is asked to fill and the market trades at once.
    let events = fx.ok(A, "market_order grain buy 04");
    assert!(events.iter().any(|e| matches!(e, Event::MarketTraded { cost: 4, price: 2, .. })));
    assert_eq!(fx.game.prices, [2, 10, 16]);
    // Selling: one step down, clamped at the bottom.
    let mut fx = Fx::new(3);
    fx.segment(A, Step::Commerce).elephants(A, 2).column(A, 1, 2);
    fx.game.prices = [1, 6, 16];
    fx.ok(A, "market_order elephants sell 2");
    fx.ok(B, "fill_decline");
    fx.ok(C, "fill_decline");
    assert_eq!((fx.cash_of(A), fx.game.prices[2]), (75 + 32, 15));
    fx.ok(A, "market_order grain sell 02");
    fx.ok(B, "fill_decline");
    fx.ok(C, "fill_decline");
    assert_eq!((fx.cash_of(A), fx.game.prices[0]), (75 + 32 + 2, 1));
    assert_eq!((fx.game.grain_pile, fx.game.elephant_stock), (50, 10));
}

#[test]
fn market_orders_are_limited_by_cash_stock_and_holdings() {
    let mut fx = Fx::new(3);
    fx.segment(A, Step::Commerce).cash(A, 20).elephants(B, 9);
    assert_eq!(fx.game.elephant_stock, 1);
    // Cash: 2 × 14 > 20, refused to A alone; stock: 2 > 1.
    assert!(fx.refused(A, "market_order elephants buy 2").message.contains("$28"));
    fx.cash(A, 75);
    assert!(fx.refused(A, "market_order elephants buy 2").message.contains("does not hold"));
    // Selling what A does not hold.
    fx.refused(A, "market_order grain sell 01");
    fx.refused(A, "market_order shields sell 1 0 0");
    // Shields are priced per point (R16): one 1-shield and one 3-shield are 4 items, $32.
    let events = fx.ok(A, "market_order shields buy 1 0 1");
    assert!(events.iter().any(|e| matches!(e, Event::MarketTraded { cost: 32, price: 9, .. })));
    assert_eq!((fx.cash_of(A), fx.game.players[0].shields), (43, [1, 0, 1]));
}

#[test]
fn a_fill_goes_to_the_first_offerer_clockwise_and_moves_no_price() {
    let mut fx = Fx::new(3);
    // C is active: B and A are asked, A is first clockwise after C.
    fx.segment(C, Step::Commerce).elephants(A, 1).elephants(B, 1).cash(C, 40);
    let prices = fx.game.prices;
    fx.ok(C, "market_order elephants buy 1");
    fx.ok(B, "fill_offer");
    let events = fx.ok(A, "fill_offer");
    assert!(events.iter().any(|e| matches!(e, Event::Filled { filler, cost: 14, .. } if *filler == A)));
    assert_eq!((fx.cash_of(C), fx.cash_of(A), fx.cash_of(B)), (26, 89, 75));
    assert_eq!((fx.game.players[2].elephants, fx.game.players[0].elephants), (1, 0));
    assert_eq!(fx.game.prices, prices, "R18: a fill moves no price");
    // R19: the market counts as used even though a player filled it.
    assert_eq!(fx.refused(C, "market_order elephants buy 1").ruling, Some("R19"));
}

#[test]
fn a_buy_order_skips_players_who_visibly_cannot_fill_it() {
    let mut fx = Fx::new(3);
    fx.segment(A, Step::Commerce).elephants(C, 2);
    fx.ok(A, "market_order elephants buy 2");
    assert_eq!(fx.game.pending().must_seats().iter().collect::<Vec<_>>(), [C], "B holds no elephant");
}

// ---- siege arithmetic (§4.6, R27, R28, R31) ---------------------------------------------

#[test]
fn siege_x_is_attack_minus_defence_minus_stones() {
    // R27: the seed's terms swapped so that x measures the attack's success.
    assert_eq!(siege_x(&[6, 6, 5, 1], &[], 15), 3);
    assert_eq!(siege_x(&[1, 1, 1, 1], &[], 15), -11);
    assert_eq!(siege_x(&[4, 3], &[6], 0), 1);
    assert_eq!(siege_x(&[1, 2], &[], 3), 0);
    assert_eq!(siege_x(&[6, 6], &[1, 1, 1], 2), 7);
}

#[test]
fn elephants_lost_follow_the_sixes_only_after_a_successful_attack() {
    // x ≤ 0: exactly one, whatever the sixes.
    assert_eq!(elephants_lost(0, &[6, 6], 3), 1);
    assert_eq!(elephants_lost(-5, &[], 2), 1);
    // x > 0: one per six, capped at the elephants on that city.
    assert_eq!(elephants_lost(4, &[6, 2, 6], 3), 2);
    assert_eq!(elephants_lost(4, &[6, 6, 6], 2), 2);
    assert_eq!(elephants_lost(1, &[5, 4], 1), 0);
}

#[test]
fn a_strong_attack_destroys_the_wall_outright_and_a_weak_one_asks_for_removal() {
    // R28: x ≥ S destroys without removal steps; the stones go back to the reserve.
    let run = |draws: &[u32]| {
        let mut fx = Fx::new(3);
        fx.segment(A, Step::Marker).elephants(A, 3).wall(B, 1, &[2, 2]).draws(draws);
        fx.ok(A, "siege_marker White 1,0");
        fx.ok(A, "siege_assign C1 2");
        fx.ok(A, "siege_launch");
        fx.ok(B, "defend_confirm");
        fx
    };
    let fx = run(&[6, 6, 1, 1]);
    assert_eq!(fx.rows(B, 1), Vec::<u8>::new());
    assert_eq!(fx.game.players[1].stones, 31 - 6, "B's stones: [3] + [3] in walls, C1's 3 back");
    assert!(matches!(fx.game.siege().map(|s| s.stage), Some(crate::raja::SiegeStage::Demand { city: 0 })));
    // x = 6 − 4 = 2 < 4: the defender removes 2 stones, from exposed rows only.
    let mut fx = run(&[1, 1, 2, 2]);
    assert!(matches!(fx.game.siege().map(|s| s.stage), Some(crate::raja::SiegeStage::Removal { left: 2, .. })));
    assert_eq!(fx.refused(B, "remove_stone 1").ruling, Some("R30"), "row 1 is covered");
    fx.ok(B, "remove_stone 2");
    fx.ok(B, "remove_stone 1");
    assert_eq!(fx.rows(B, 1), [1, 1]);
    assert_eq!(fx.game.active(), Some(B), "the wall stands: the siege is over, B's segment begins");
}

#[test]
fn a_ransom_is_demanded_countered_and_accepted() {
    let mut fx = Fx::new(3);
    fx.segment(A, Step::Marker).elephants(A, 1).wall(B, 3, &[]).cash(B, 20).draws(&[3, 3]);
    fx.ok(A, "siege_marker White 1,0");
    fx.ok(A, "siege_assign C3 1");
    fx.ok(A, "siege_launch");
    // B's shields at (0,1) and (2,1) touch C3: B commits none.
    fx.ok(B, "defend_confirm");
    fx.ok(A, "ransom_demand 050");
    // B cannot pay 50 or counter above its cash; the refusals are B's alone.
    fx.refused(B, "ransom_pay");
    fx.refused(B, "ransom_counter 021");
    assert_eq!(fx.refused(B, "ransom_counter 050").ruling, Some("R34"));
    fx.ok(B, "ransom_counter 015");
    let events = fx.ok(A, "ransom_accept");
    assert!(events.contains(&Event::RansomPaid { seat: B, to: A, city: 3, amount: 15 }));
    // The payment is public; each purse is told to its owner alone (R5).
    for event in &events {
        if let Event::Purse { seat, .. } = event {
            assert_eq!(crate::raja::events::audience(event), crate::game::Audience::seat(*seat));
        }
    }
    assert_eq!((fx.cash_of(A), fx.cash_of(B)), (90, 5));
    assert!(fx.game.players[1].cities[2].exists(), "the noble stays home with an empty wall");
}

/// §3 step 1: colours come as a list or, as `/play` and `saloon play --opt` write options, as
/// one word `colours=white/black`; an unknown name or a repeat is refused.
#[test]
fn colour_options_read_from_a_list_or_a_slash_word() {
    use crate::any::AnyGame;
    use crate::raja::state::{Colour, Options};
    let word: Options = serde_json::from_value(serde_json::json!({"colours": "white/Purple"})).expect("a word");
    assert_eq!(word.colours, [Colour::White, Colour::Purple]);
    let list: Options = serde_json::from_value(serde_json::json!({"colours": ["Green"]})).expect("a list");
    assert_eq!(list.colours, [Colour::Green]);
    let saved = serde_json::to_value(&word).expect("saves");
    assert_eq!(serde_json::from_value::<Options>(saved).expect("reads back"), word);
    let pink = serde_json::from_value::<Options>(serde_json::json!({"colours": "white/pink"})).expect_err("pink");
    assert!(pink.to_string().contains("pink"), "{pink}");
    let twice = AnyGame::setup(crate::GameKind::Raja, &serde_json::json!({"colours": "white/white"}), 3, 1);
    assert!(twice.is_err(), "a colour taken twice is refused");
    let game = AnyGame::setup(crate::GameKind::Raja, &serde_json::json!({"colours": "purple"}), 2, 1).expect("set up");
    let crate::AnyView::Raja(view) = game.view(crate::Viewer::Public) else { panic!("a Raja view") };
    assert_eq!([view.players[0].colour, view.players[1].colour], [Colour::Purple, Colour::Black]);
}

#[test]
fn bundles_name_shields_so_that_a_count_and_a_face_do_not_run_together() {
    use crate::raja::events::describe;
    use crate::raja::trade::Bundle;
    // Read aloud, "1 1-shield" or "3 2-shields" is two numbers in a row; the count is a word.
    let one = Bundle { money: 10, shields: [1, 0, 0], ..Bundle::default() };
    assert_eq!(describe(&one), "$10, a 1-shield");
    let many = Bundle { grain: 2, shields: [3, 0, 2], ..Bundle::default() };
    assert_eq!(describe(&many), "2 grain, three 1-shields, two 3-shields");
    assert_eq!(describe(&Bundle::default()), "nothing");
}
