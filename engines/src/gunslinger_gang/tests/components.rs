//! The printed components and the grid: positions and adjacency (§2.2), layouts and tiles
//! (§2.3), underlings (§2.4), items (§2.5) and News Stories (§2.6), with their text forms.

use super::fixtures::pos;
use crate::gunslinger_gang::board::{Pos, Slot, Tile, layout};
use crate::gunslinger_gang::cards::{Card, Colour, Dot, Item, News, Title, Underling};

#[test]
fn positions_read_and_write_and_sort_in_reading_order() {
    assert_eq!(pos("a1"), Pos::new(0, 0));
    assert_eq!(pos("C3").to_string(), "C3");
    assert_eq!(pos("B2").index(), 4);
    assert!(pos("C1") < pos("A2"), "R23: row before column");
    for bad in ["", "D1", "A4", "A0", "A10", "11"] {
        assert!(bad.parse::<Pos>().is_err(), "{bad}");
    }
}

#[test]
fn adjacency_is_orthogonal_or_diagonal() {
    assert!(pos("A1").orthogonal_to(pos("B1")));
    assert!(pos("A1").orthogonal_to(pos("A2")));
    assert!(!pos("A1").orthogonal_to(pos("B2")));
    assert!(!pos("A1").orthogonal_to(pos("C1")));
    assert!(!pos("A1").orthogonal_to(pos("A1")));
    assert!(pos("A1").diagonal_to(pos("B2")));
    assert!(!pos("A1").diagonal_to(pos("B1")));
}

#[test]
fn layouts_match_the_tables() {
    let two = layout(2);
    assert_eq!(two.iter().filter(|s| **s == Slot::RandomDown).count(), 2);
    assert_eq!(two[pos("B1").index()], Slot::Fixed(Tile::Copper));
    assert_eq!(two[pos("B2").index()], Slot::Fixed(Tile::Saloon));
    let three = layout(4);
    assert_eq!(three.iter().filter(|s| **s != Slot::RandomDown).count(), 7);
    assert_eq!(three[pos("B1").index()], Slot::Fixed(Tile::Market));
    assert_eq!(three[pos("C1").index()], Slot::RandomDown);
    assert_eq!(three[pos("A3").index()], Slot::RandomDown);
}

#[test]
fn tile_stats_match_the_table() {
    assert_eq!(Tile::Gold.stats(), "2/+1/—");
    assert_eq!(Tile::Diamond.stats(), "1/+1/+1");
    assert_eq!(Tile::Emerald.stats(), "1/+2/+1");
    assert_eq!(Tile::Iron.stats(), "1/+1/+0");
    assert_eq!(Tile::Platinum.stats(), "3/+0/—");
    assert_eq!(Tile::Saloon.stats(), "1/+1/+1");
}

#[test]
fn underling_roster_matches_r1() {
    let values: Vec<u8> = Underling::ALL.iter().map(|u| u.value()).collect();
    assert_eq!(values, [1, 2, 3, 3, 4, 5], "R1");
    let hires: Vec<u8> = Underling::ALL.iter().map(|u| u.hire()).collect();
    assert_eq!(hires, [2, 2, 1, 1, 1, 1], "R2");
    assert_eq!("hiredgun".parse::<Underling>(), Ok(Underling::HiredGun));
    assert!("JOKER".parse::<Underling>().is_err());
}

#[test]
fn cards_have_colour_qualified_names() {
    let card = Card { colour: Colour::Blue, underling: Underling::Kid };
    assert_eq!(card.to_string(), "Blue-KID");
    assert_eq!("Blue-KID".parse::<Card>(), Ok(card));
    assert_eq!(serde_json::to_value(card).expect("json"), serde_json::json!("Blue-KID"));
}

#[test]
fn items_have_ids_dots_and_vp() {
    assert_eq!(Item::FastHorse.to_string(), "I01");
    assert_eq!(Item::ForgedOrders.to_string(), "I14");
    assert_eq!("i11".parse::<Item>(), Ok(Item::Dynamite));
    assert!("I15".parse::<Item>().is_err());
    assert!("I00".parse::<Item>().is_err());
    assert_eq!(Item::ALL.iter().filter(|i| i.dot() != Dot::Red).count(), 10, "no_red keeps I01–I10");
    assert_eq!(Item::Strongbox.end_vp(), 3);
    assert_eq!(Item::Pickaxe.end_vp(), 1);
}

#[test]
fn news_deck_has_24_cards_with_the_listed_counts() {
    let titles: Vec<Title> = News::all().map(News::title).collect();
    assert_eq!(titles.len(), 24);
    let count = |t: Title| titles.iter().filter(|x| **x == t).count();
    assert_eq!(count(Title::Reinforcements), 3);
    assert_eq!(count(Title::StagecoachRobbery), 1);
    assert_eq!(count(Title::Boomtown), 2);
    assert_eq!("N05".parse::<News>().map(News::title), Ok(Title::MineCollapse));
    assert!("N25".parse::<News>().is_err());
    assert!("N5".parse::<News>().is_err());
    assert!("N+5".parse::<News>().is_err());
    assert!("I+1".parse::<Item>().is_err());
}
