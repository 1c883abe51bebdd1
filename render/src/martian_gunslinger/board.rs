//! The 8×8 board (§2.1, §8.9): files a–h and ranks 1–8 labelled, homes marked in their
//! owners' colours, the last move traced, the active piece ringed, plotpoints drawn upright
//! (seen from above) and labelled, gunslingers lying along their facing with their letter.

use engines::martian_gunslinger::{PlotId, View};
use engines::parts::grid::{Direction, Square};
use engines::parts::pyramids::{Colour, Size};

use super::{Ink, ink};
use crate::canvas::{Align, Canvas, Face, Rgba, Style, rect};
use crate::theme;

/// One square's side in pixels.
pub(super) const SQUARE: f32 = 66.0;
/// Room for the rank labels (left) and the file labels (below).
const LABEL: f32 = 26.0;
/// The board with its labels.
pub(super) const WIDTH: f32 = LABEL + 8.0 * SQUARE;
/// The board with its labels.
pub(super) const HEIGHT: f32 = 8.0 * SQUARE + LABEL;

const LIGHT: Rgba = Rgba::hex(0x3d4556);
const DARK: Rgba = Rgba::hex(0x2c323f);
const FRAME: Rgba = Rgba::hex(0x596377);

/// Where the 8×8 squares start (top-left of a8).
#[derive(Clone, Copy, Debug)]
struct Grid {
    x0: f32,
    y0: f32,
}

impl Grid {
    /// The centre of `square` (rank 8 at the top, as a chess diagram).
    fn centre(self, square: Square) -> (f32, f32) {
        let x = self.x0 + (f32::from(square.x) + 0.5) * SQUARE;
        let y = self.y0 + (7.0 - f32::from(square.y) + 0.5) * SQUARE;
        (x, y)
    }

    /// The top-left corner of `square`.
    fn corner(self, square: Square) -> (f32, f32) {
        let (x, y) = self.centre(square);
        (x - SQUARE / 2.0, y - SQUARE / 2.0)
    }
}

/// Draws the board with its top-left label corner at `(left, top)`.
pub(super) fn draw(canvas: &mut Canvas, view: &View, left: f32, top: f32) {
    let grid = Grid { x0: left + LABEL, y0: top };
    squares(canvas, grid);
    labels(canvas, grid);
    for player in &view.players {
        if let Some(home) = player.home {
            home_mark(canvas, grid, home, player.colour, player.piece.square != Some(home));
        }
    }
    last_move(canvas, view, grid);
    if view.outcome.is_none() {
        let active = view.active.and_then(|seat| view.players.iter().find(|p| p.seat == seat));
        if let Some(square) = active.and_then(|p| p.piece.square) {
            let (x, y) = grid.corner(square);
            if let Some(ring) = rect(x + 3.0, y + 3.0, SQUARE - 6.0, SQUARE - 6.0) {
                canvas.round_rect(ring, 8.0, None, Some((theme::ACCENT, 4.0)));
            }
        }
    }
    for (plot, square) in &view.plotpoints {
        if let Some(square) = square {
            plotpoint(canvas, grid.centre(*square), *plot, view.plotpoint_colour);
        }
    }
    for player in &view.players {
        if let Some(square) = player.piece.square {
            gunslinger(canvas, grid.centre(square), player.piece.facing, player.piece.size, player.colour);
        }
    }
}

fn squares(canvas: &mut Canvas, grid: Grid) {
    if let Some(frame) = rect(grid.x0 - 3.0, grid.y0 - 3.0, 8.0 * SQUARE + 6.0, 8.0 * SQUARE + 6.0) {
        canvas.round_rect(frame, 6.0, Some(FRAME), None);
    }
    for square in Square::all(8, 8) {
        let (x, y) = grid.corner(square);
        // a1 is dark, as on a chessboard.
        let fill = if (square.x + square.y) % 2 == 0 { DARK } else { LIGHT };
        if let Some(area) = rect(x, y, SQUARE, SQUARE) {
            canvas.round_rect(area, 0.0, Some(fill), None);
        }
    }
}

fn labels(canvas: &mut Canvas, grid: Grid) {
    let style = Style::new(Face::Bold, 18, theme::MUTED).aid();
    for i in 0..8u8 {
        let rank = (b'8' - i) as char;
        let y = grid.y0 + (f32::from(i) + 0.5) * SQUARE + 7.0;
        canvas.text(grid.x0 - LABEL / 2.0 - 2.0, y, &rank.to_string(), style, Align::Center);
        let file = (b'a' + i) as char;
        let x = grid.x0 + (f32::from(i) + 0.5) * SQUARE;
        canvas.text(x, grid.y0 + 8.0 * SQUARE + 22.0, &file.to_string(), style, Align::Center);
    }
}

/// A home corner: tinted in the owner's colour with a bar along its two board edges; while
/// the owner's piece is away, a flag in its outer corner holds `⌂` and the colour's letter
/// (at home, the piece itself carries the letter).
fn home_mark(canvas: &mut Canvas, grid: Grid, home: Square, colour: Colour, away: bool) {
    let ink = ink(colour);
    let (x, y) = grid.corner(home);
    if let Some(area) = rect(x, y, SQUARE, SQUARE) {
        canvas.round_rect(area, 0.0, Some(ink.fill.with_alpha(80)), None);
    }
    let bar = 6.0;
    let side = if home.x == 0 { x } else { x + SQUARE - bar };
    let end = if home.y == 0 { y + SQUARE - bar } else { y };
    for area in [rect(side, y, bar, SQUARE), rect(x, end, SQUARE, bar)].into_iter().flatten() {
        canvas.round_rect(area, 0.0, Some(ink.fill), None);
    }
    if !away {
        return;
    }
    // The corner of the square on the board's edge; the flag's legs run along both edges.
    let cx = if home.x == 0 { x } else { x + SQUARE };
    let cy = if home.y == 0 { y + SQUARE } else { y };
    let (sx, sy): (f32, f32) = (if home.x == 0 { 1.0 } else { -1.0 }, if home.y == 0 { -1.0 } else { 1.0 });
    let leg = 46.0;
    canvas.polygon(&[(cx, cy), (cx + sx * leg, cy), (cx, cy + sy * leg)], Some(ink.fill), None);
    let style = Style::new(Face::Bold, 16, ink.letter);
    let tag = format!("⌂{}", colour.letter());
    let ty = if home.y == 0 { cy - 5.0 } else { cy + 17.0 };
    canvas.text(cx + sx * 4.0, ty, &tag, style, if home.x == 0 { Align::Left } else { Align::Right });
}

/// The slot's path (a line through the squares it stood on, from a ring at its start) and
/// any Swap (a dashed line between the two squares), under the pyramids.
fn last_move(canvas: &mut Canvas, view: &View, grid: Grid) {
    let Some(moved) = &view.last_move else { return };
    let colour = view.players.iter().find(|p| p.seat == moved.seat).map_or(Colour::White, |p| p.colour);
    let fill = ink(colour).fill;
    if let Some((a, b)) = moved.swap {
        let (a, b) = (grid.centre(a), grid.centre(b));
        canvas.line(&[a, b], Rgba::hex(0xffffff).with_alpha(210), 4.0, Some((9.0, 8.0)));
        for (x, y) in [a, b] {
            canvas.circle(x, y, 9.0, None, Some((Rgba::hex(0xffffff).with_alpha(210), 3.0)));
        }
    }
    if moved.path.len() >= 2 {
        let points: Vec<(f32, f32)> = moved.path.iter().map(|s| grid.centre(*s)).collect();
        canvas.line(&points, theme::BACKGROUND.with_alpha(150), 11.0, None);
        canvas.line(&points, fill, 6.0, None);
        let (sx, sy) = points[0];
        canvas.circle(sx, sy, 10.0, Some(theme::BACKGROUND), Some((fill, 4.0)));
        for (x, y) in &points[1..points.len() - 1] {
            canvas.circle(*x, *y, 5.0, Some(fill), None);
        }
    }
}

/// Length along the facing, base width and letter size of a lying gunslinger. Centred on
/// its square, even turned 45° it stays 2 px inside it: (length + base) / 2√2 ≤ 31.
const fn piece_dims(size: Size) -> (f32, f32, u16) {
    match size {
        Size::Small => (38.0, 28.0, 16),
        Size::Medium => (46.0, 32.0, 18),
        Size::Large => (54.0, 33.0, 20),
    }
}

/// The unit vector of `dir` on screen (north is up).
fn unit(dir: Direction) -> (f32, f32) {
    let (dx, dy) = dir.delta();
    let (x, y) = (f32::from(dx), -f32::from(dy));
    let length = (x * x + y * y).sqrt();
    (x / length, y / length)
}

/// A lying pyramid: a triangle pointing along `facing`, its right half shaded, its colour's
/// letter at the triangle's incentre.
fn gunslinger(canvas: &mut Canvas, (cx, cy): (f32, f32), facing: Direction, size: Size, colour: Colour) {
    let Ink { fill, letter, edge } = ink(colour);
    let (length, base, letter_size) = piece_dims(size);
    let (ux, uy) = unit(facing);
    let (vx, vy) = (-uy, ux);
    let apex = (cx + ux * length / 2.0, cy + uy * length / 2.0);
    let mid = (cx - ux * length / 2.0, cy - uy * length / 2.0);
    let left = (mid.0 + vx * base / 2.0, mid.1 + vy * base / 2.0);
    let right = (mid.0 - vx * base / 2.0, mid.1 - vy * base / 2.0);
    canvas.polygon(&[apex, left, right], Some(fill), None);
    canvas.polygon(&[apex, mid, right], Some(Rgba::hex(0).with_alpha(50)), None);
    canvas.polygon(&[apex, left, right], None, Some((edge, 2.0)));
    // The incentre sits one inradius from the base, along the axis.
    let side = (length * length + base * base / 4.0).sqrt();
    let inradius = length * base / 2.0 / ((base + 2.0 * side) / 2.0);
    let (lx, ly) = (mid.0 + ux * inradius, mid.1 + uy * inradius);
    let style = Style::new(Face::Bold, letter_size, letter);
    canvas.text(lx, ly + f32::from(letter_size) * 0.36, &colour.letter().to_string(), style, Align::Center);
}

/// Side of a plotpoint seen from above, by its size (PL, PM, PS).
const fn plot_side(plot: PlotId) -> f32 {
    match plot {
        PlotId::PL => 54.0,
        PlotId::PM => 46.0,
        PlotId::PS => 38.0,
    }
}

/// An upright pyramid seen from above: a square of four lit faces meeting at the apex,
/// labelled PL, PM or PS.
fn plotpoint(canvas: &mut Canvas, (cx, cy): (f32, f32), plot: PlotId, colour: Colour) {
    let Ink { fill, edge, .. } = ink(colour);
    let h = plot_side(plot) / 2.0;
    let (tl, tr, br, bl) = ((cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h));
    let apex = (cx, cy);
    canvas.polygon(&[tl, tr, br, bl], Some(fill), None);
    canvas.polygon(&[tl, tr, apex], Some(Rgba::hex(0xffffff).with_alpha(70)), None);
    canvas.polygon(&[tr, br, apex], Some(Rgba::hex(0).with_alpha(40)), None);
    canvas.polygon(&[bl, br, apex], Some(Rgba::hex(0).with_alpha(85)), None);
    canvas.line(&[tl, br], edge.with_alpha(120), 1.0, None);
    canvas.line(&[tr, bl], edge.with_alpha(120), 1.0, None);
    canvas.polygon(&[tl, tr, br, bl], None, Some((edge, 2.0)));
    let style = Style::new(Face::Bold, 18, theme::TEXT);
    let width = canvas.measure(style, plot.name());
    if let Some(pill) = rect(cx - width / 2.0 - 4.0, cy - 11.0, width + 8.0, 22.0) {
        canvas.round_rect(pill, 6.0, Some(theme::BACKGROUND.with_alpha(215)), None);
    }
    canvas.text(cx, cy + 6.5, plot.name(), style, Align::Center);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_sit_like_a_chess_diagram() {
        let grid = Grid { x0: 10.0, y0: 20.0 };
        assert_eq!(grid.centre(Square::new(0, 7)), (10.0 + SQUARE / 2.0, 20.0 + SQUARE / 2.0), "a8 top-left");
        let (x, y) = grid.centre(Square::new(7, 0));
        assert_eq!((x, y), (10.0 + 7.5 * SQUARE, 20.0 + 7.5 * SQUARE), "h1 bottom-right");
    }

    #[test]
    fn facings_point_the_right_way_on_screen() {
        assert_eq!(unit(Direction::N), (0.0, -1.0));
        assert_eq!(unit(Direction::E), (1.0, 0.0));
        let (x, y) = unit(Direction::SW);
        assert!(x < 0.0 && y > 0.0 && ((x * x + y * y) - 1.0).abs() < 1e-5);
    }

    #[test]
    fn every_piece_fits_its_square_whichever_way_it_faces() {
        for size in Size::ALL {
            let (length, base, _) = piece_dims(size);
            for dir in Direction::ALL {
                let (ux, uy) = unit(dir);
                let (vx, vy) = (-uy, ux);
                let corners = [
                    (ux * length / 2.0, uy * length / 2.0),
                    (-ux * length / 2.0 + vx * base / 2.0, -uy * length / 2.0 + vy * base / 2.0),
                    (-ux * length / 2.0 - vx * base / 2.0, -uy * length / 2.0 - vy * base / 2.0),
                ];
                for (x, y) in corners {
                    assert!(x.abs() <= SQUARE / 2.0 - 2.0 && y.abs() <= SQUARE / 2.0 - 2.0, "{size:?} {dir:?}");
                }
            }
        }
    }
}
