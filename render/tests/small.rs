//! Small pictures (issue #25: "a player on a slow link gets a smaller picture, not a slower
//! one"): every game's board, public and a seat's own, painted at `PictureSize::Small` is the
//! same board as the standard picture, with fewer pixels and fewer bytes.

mod common;

use engines::{AnyGame, GameKind, GameRng, Seat, Viewer};
use render::PictureSize;

/// A seeded game of `kind` at its largest table, `moves` random legal moves in (or finished).
fn played(kind: GameKind, moves: usize) -> AnyGame {
    let players = kind.players().1;
    let mut game = AnyGame::setup(kind, &serde_json::json!({}), players, 11).expect("setup");
    let mut rng = GameRng::from_seed(11);
    for _ in 0..moves {
        let Some(seat) = common::pending_seat(&game) else { break };
        let action = game.random_action(seat, &mut rng).expect("a legal move");
        game.apply(seat, &action, &common::names(players)).expect("legal");
    }
    game
}

fn decode(png: &[u8]) -> image::RgbImage {
    image::load_from_memory(png).expect("a PNG").to_rgb8()
}

/// Mean absolute difference per channel (0–255) between two pictures of the same size.
fn difference(a: &image::RgbImage, b: &image::RgbImage) -> f64 {
    assert_eq!(a.dimensions(), b.dimensions());
    let sum: u64 = a.as_raw().iter().zip(b.as_raw()).map(|(x, y)| u64::from(x.abs_diff(*y))).sum();
    sum as f64 / a.as_raw().len() as f64
}

#[test]
fn a_small_picture_is_the_same_board_with_fewer_pixels_and_bytes() {
    assert_eq!((PictureSize::Standard.width(), PictureSize::Small.width()), (640, 480));
    for &kind in GameKind::ALL {
        let game = played(kind, 60);
        let names = common::names(game.players());
        // A different moment of the same game: what "not the same board" looks like.
        let earlier = played(kind, 3);
        for viewer in [Viewer::Public, Viewer::Seat(Seat(0))] {
            let view = game.view(viewer);
            // Standard first, so that sprites cached for it are in the caches when the
            // small picture is drawn (a sprite must be drawn again at the small scale).
            let standard = render::board_png_sized(&view, &names, PictureSize::Standard).expect("draws");
            let small = render::board_png_sized(&view, &names, PictureSize::Small).expect("draws");
            let (big, little) = (decode(&standard), decode(&small));
            let label = format!("{} {viewer:?}", kind.name());
            assert_eq!(little.width(), 480, "{label}");
            let expected = f64::from(big.height()) * 0.75;
            assert!((f64::from(little.height()) - expected).abs() <= 1.0, "{label}: {} tall", little.height());
            assert!(
                small.len() * 10 < standard.len() * 8,
                "{label}: {} bytes small, {} standard",
                small.len(),
                standard.len()
            );
            // The standard picture shrunk to the small one's size looks like it: the layout,
            // the sprites and the text all scaled alike.
            let shrunk = image::imageops::resize(&big, little.width(), little.height(), image::imageops::Triangle);
            let same = difference(&shrunk, &little);
            let other = render::board_png_sized(&earlier.view(viewer), &names, PictureSize::Standard).expect("draws");
            let other = decode(&other);
            let other = image::imageops::resize(&other, little.width(), little.height(), image::imageops::Triangle);
            let unlike = difference(&other, &little);
            eprintln!(
                "{label}: {} → {} bytes, differs {same:.2} (another moment {unlike:.2})",
                standard.len(),
                small.len()
            );
            assert!(same < 6.0 && same * 2.0 < unlike, "{label}: differs {same:.2} from the standard picture shrunk");
        }
    }
}
