//! Entry steps (§4.10, R44): numbers as one select or as digits with quick raises in the
//! auction, ransoms in three digit steps, shield orders face by face, and two-part choices;
//! every step within 25 options, and every path of tokens a batch that `apply` takes.

use super::fixture::{A, B, Fx};
use crate::game::{Game, MAX_CHOICES};
use crate::raja::state::{Options, Raja, Step};
use crate::rng::GameRng;

#[test]
fn a_raise_offers_digits_and_quick_increments_the_seat_can_afford() {
    let mut fx = Fx::new(3);
    fx.cash(B, 18);
    fx.ok(A, "bid 010");
    // B may bid 11..18 (8 values): one step, no digits.
    let step = fx.options(B, "bid");
    assert_eq!(step, ["011", "012", "013", "014", "015", "016", "017", "018"]);
    // With $75, 11..75 needs digits: tens 1–7 (written 01–07), and the quick raises.
    fx.cash(B, 75);
    let choices = fx.game.choices(B, "bid");
    let tokens: Vec<&str> = choices.options.iter().map(|c| c.token.trim()).collect();
    for tens in ["01", "02", "03", "04", "05", "06", "07"] {
        assert!(tokens.contains(&tens), "{tokens:?}");
    }
    let quick: Vec<&str> =
        choices.options.iter().filter(|c| c.label.starts_with('+')).map(|c| c.label.as_str()).collect();
    assert_eq!(quick, ["+1 ($11)", "+2 ($12)", "+5 ($15)", "+10 ($20)"]);
    // A quick raise is a whole batch.
    assert!(fx.game.choices(B, "bid 015").complete);
    // Units after tens 1: 11..19 (not 10, which is not above the high bid).
    assert_eq!(fx.options(B, "bid 01"), ["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    fx.ok(B, "bid 015");
}

#[test]
fn a_ransom_is_entered_in_hundreds_tens_and_units() {
    let mut fx = Fx::new(3);
    fx.segment(A, Step::Marker).elephants(A, 1).wall(B, 3, &[]).draws(&[6, 6]);
    fx.ok(A, "siege_marker White 1,0");
    fx.ok(A, "siege_assign C3 1");
    fx.ok(A, "siege_launch");
    fx.ok(B, "defend_confirm");
    assert_eq!(fx.options(A, ""), ["ransom_demand", "noble_take"]);
    // 1..775: hundreds 0–7, then tens (0–7 after 7), then units (0–5 after 77).
    assert_eq!(fx.options(A, "ransom_demand"), ["0", "1", "2", "3", "4", "5", "6", "7"]);
    assert_eq!(fx.options(A, "ransom_demand 7"), ["0", "1", "2", "3", "4", "5", "6", "7"]);
    assert_eq!(fx.options(A, "ransom_demand 77"), ["0", "1", "2", "3", "4", "5"]);
    // 000 is not a ransom: after hundreds 0 and tens 0 the units start at 1.
    assert_eq!(fx.options(A, "ransom_demand 00"), ["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    assert!(fx.game.choices(A, "ransom_demand 040").complete);
    fx.ok(A, "ransom_demand 040");
    // B's counter: 1..min(39, cash 75) = 1..39, digits again; never above the demand.
    assert_eq!(fx.options(B, "ransom_counter"), ["00", "01", "02", "03"]);
    assert_eq!(fx.options(B, "ransom_counter 03"), ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    fx.refused(B, "ransom_counter 040");
}

#[test]
fn a_shield_order_is_entered_face_by_face() {
    let mut fx = Fx::new(3);
    fx.segment(A, Step::Commerce).cash(A, 20);
    // $20 at $8 a point buys at most 2 points: faces (1,0,0), (2,0,0), (0,1,0).
    assert_eq!(fx.options(A, "market_order shields buy"), ["0", "1", "2"]);
    assert_eq!(fx.options(A, "market_order shields buy 0"), ["1"], "(0,0,1) would be 3 points");
    assert_eq!(fx.options(A, "market_order shields buy 0 1"), ["0"]);
    assert_eq!(fx.options(A, "market_order shields buy 0 0"), Vec::<String>::new(), "nothing bought is no order");
    assert!(fx.game.choices(A, "market_order shields buy 0 1 0").complete);
}

#[test]
fn two_part_choices_take_two_steps() {
    let mut fx = Fx::new(3);
    fx.segment(A, Step::Build).column(A, 1, 2);
    // BUILD_MAIN: a city, a shield deployment or the end; then the count.
    let first = fx.options(A, "");
    assert!(first.contains(&"build_declare C1".to_string()) && first.contains(&"building_end".to_string()));
    assert_eq!(fx.options(A, "build_declare C1"), ["1", "2", "3", "4"], "2 grain pay 4 stones");
    // SIEGE_MARKER: the opponent, then one of its tiles without a noble.
    fx.ok(A, "building_end");
    assert_eq!(fx.options(A, ""), ["siege_marker White", "siege_marker Green", "siege_skip"]);
    assert_eq!(fx.options(A, "siege_marker White"), ["1,0", "0,1", "2,1", "0,2"]);
}

#[test]
fn every_step_fits_a_menu_over_a_whole_game() {
    // Walk every prefix of legal actions of every pending seat at a sample of moments (every
    // 11th step; at most 40 actions of each list, spread over it).
    let mut game = Raja::setup(&Options::default(), 4, GameRng::from_seed(8)).expect("set up");
    let mut chooser = GameRng::from_seed(8);
    for step in 0..3_000 {
        let crate::game::Pending::Deciding { must, .. } = game.pending() else { break };
        let seats: Vec<_> = must.iter().collect();
        if step % 11 == 0 {
            for &seat in &seats {
                let legal = game.legal_actions(seat);
                for action in legal.iter().step_by(legal.len().div_ceil(40)) {
                    let text = action.to_string();
                    let mut prefix = String::new();
                    while !prefix.eq_ignore_ascii_case(&text) {
                        let choices = game.choices(seat, &prefix);
                        assert!(
                            choices.options.len() <= MAX_CHOICES,
                            "{} options after {prefix:?}",
                            choices.options.len()
                        );
                        let next = choices
                            .options
                            .iter()
                            .find(|c| text[prefix.len()..].starts_with(c.token.as_str()))
                            .unwrap_or_else(|| panic!("no step from {prefix:?} to {text:?}"));
                        prefix.push_str(&next.token);
                    }
                    assert!(game.choices(seat, &prefix).complete, "{text}");
                }
            }
        }
        let seat = seats[chooser.index(seats.len())];
        let legal = game.legal_actions(seat);
        let action = legal[chooser.index(legal.len())].clone();
        game.apply(seat, &action).expect("legal");
    }
}
