//! Unit tests of the board geometry (§2.1, R6, R7).

use crate::martian_gunslinger::state::{CORNERS, all_squares, in_corner_zone, on_board_dirs};
use crate::parts::grid::Square;

#[test]
fn corner_zone_has_sixteen_squares() {
    let zone: Vec<String> = all_squares().filter(|s| in_corner_zone(*s)).map(|s| s.to_string()).collect();
    assert_eq!(zone.len(), 16);
    for sq in ["a2", "b1", "b2", "g1", "g2", "h2", "a7", "b7", "b8", "g7", "g8", "h7", "a1", "h8"] {
        assert!(zone.contains(&sq.to_string()), "{sq}");
    }
    assert!(!in_corner_zone(Square::new(2, 2)));
}

#[test]
fn corners_point_three_ways() {
    for corner in CORNERS {
        assert_eq!(on_board_dirs(corner).count(), 3);
    }
    assert_eq!(on_board_dirs(Square::new(1, 0)).count(), 5);
}
