//! Rounded rectangles filled and outlined quickly.
//!
//! Panels, cards and chips are most of what a board paints. tiny-skia fills any path through
//! its anti-aliasing super-sampler (four passes over every row of the shape, a pipeline built
//! for each call) and anti-aliases even a rectangle's straight edges pixel by pixel; profiling
//! a five-player Raja board showed rounded rectangles at a third of the time to draw and
//! encode. Here a rounded rectangle is painted straight into the pixels from its coverage:
//! each pixel's share of the shape is the overlap of the pixel with the straight edges, and
//! in the four corners the distance of the pixel's centre from the arc (an anti-aliased edge a
//! pixel wide, as the eye sees a curve). Between the corners a whole row of the shape has the
//! same coverage and is filled as one span; in a row through the corners, the columns beside
//! each arc that lie wholly outside or wholly inside the shape (or its hole) are found from
//! the arc's reach in that row and skipped or filled as spans, so that only the pixels an arc
//! crosses are weighed one by one. An outline is the ring between the shape grown
//! and shrunk by half the line's width, whose arcs share their centres (the round joins of a
//! stroked path).

use tiny_skia::{Pixmap, Rect};

use crate::canvas::Rgba;

/// A rounded rectangle in pixels: its edges and its corners' radius.
#[derive(Clone, Copy)]
struct Rounded {
    l: f32,
    t: f32,
    r: f32,
    b: f32,
    radius: f32,
}

impl Rounded {
    fn new(l: f32, t: f32, r: f32, b: f32, radius: f32) -> Self {
        let radius = radius.min((r - l) / 2.0).min((b - t) / 2.0).max(0.0);
        Self { l, t, r, b, radius }
    }

    /// The share of the pixel row `y` between the top and bottom edges.
    fn rows(&self, y: f32) -> f32 {
        (self.b.min(y + 1.0) - self.t.max(y)).clamp(0.0, 1.0)
    }

    /// The share of pixel `(x, y)` inside the shape: the overlap with the edges, or near a
    /// corner's arc the distance of the pixel's centre from it.
    fn coverage(&self, x: f32, y: f32) -> f32 {
        let (px, py) = (x + 0.5, y + 0.5);
        let (cl, cr, ct, cb) = (self.l + self.radius, self.r - self.radius, self.t + self.radius, self.b - self.radius);
        let dx = if px < cl { cl - px } else { (px - cr).max(0.0) };
        let dy = if py < ct { ct - py } else { (py - cb).max(0.0) };
        if dx > 0.0 && dy > 0.0 {
            let distance = (dx * dx + dy * dy).sqrt();
            // Never more than the pixel's overlap with the edges (a radius under a pixel).
            let across = (self.r.min(x + 1.0) - self.l.max(x)).clamp(0.0, 1.0);
            (self.radius + 0.5 - distance).clamp(0.0, 1.0).min(across).min(self.rows(y))
        } else {
            (self.r.min(x + 1.0) - self.l.max(x)).clamp(0.0, 1.0) * self.rows(y)
        }
    }

    /// How far across pixel row `y` the shape reaches from its corners' centres, for the
    /// columns beside its arcs: `(empty, whole)`, where a pixel whose centre is more than
    /// `empty` from a centre's column is outside the shape (coverage 0) and one no more than
    /// `whole` from it is inside (coverage 1, if the row is whole). `None` for `whole` where
    /// no pixel of the row is whole, `None` for both where none is touched.
    fn reach(&self, y: f32) -> (Option<f32>, Option<f32>) {
        let py = y + 0.5;
        let (ct, cb) = (self.t + self.radius, self.b - self.radius);
        let dy = if py < ct { ct - py } else { (py - cb).max(0.0) };
        let out = self.radius + 0.5;
        if dy >= out {
            return (None, None);
        }
        let empty = (out * out - dy * dy).sqrt();
        let inner = self.radius - 0.5;
        let whole = (inner >= dy && self.rows(y) >= 1.0).then(|| (inner * inner - dy * dy).sqrt());
        (Some(empty), whole)
    }

    /// For the columns left of the middle of row `y`, where coverage only grows to the
    /// right: `(zero, one)`, every pixel left of column `zero` has coverage 0 and every pixel
    /// from column `one` (to the middle) has coverage 1 (`i32::MAX`: none is known whole).
    /// Kept a thousandth of a pixel inside the exact bounds, where a coverage would be
    /// within rounding of 0 or 1 anyway.
    fn left(&self, y: f32) -> (i32, i32) {
        let centre = self.l + self.radius;
        match self.reach(y) {
            (None, _) => (i32::MAX, i32::MAX),
            (Some(empty), whole) => {
                let zero = (centre - empty - 0.5 - EDGE).floor() as i32 + 1;
                let one = whole
                    .map_or(i32::MAX, |whole| ((centre - whole - 0.5 + EDGE).ceil() as i32).max(self.l.ceil() as i32));
                (zero, one.max(zero))
            }
        }
    }

    /// As [`Rounded::left`] for the columns right of the middle, where coverage only falls:
    /// `(one, zero)`, every pixel left of column `one` has coverage 1 and every pixel from
    /// column `zero` has coverage 0 (`i32::MIN`: none is known whole).
    fn right(&self, y: f32) -> (i32, i32) {
        let centre = self.r - self.radius;
        match self.reach(y) {
            (None, _) => (i32::MIN, i32::MIN),
            (Some(empty), whole) => {
                let zero = (centre + empty - 0.5 + EDGE).ceil() as i32;
                let one = whole.map_or(i32::MIN, |whole| {
                    ((centre + whole - 0.5 - EDGE).floor() as i32 + 1).min(self.r.floor() as i32)
                });
                (one.min(zero), zero)
            }
        }
    }
}

/// The margin, in pixels, that [`Rounded::left`] and [`Rounded::right`] keep from the exact
/// bounds of whole and empty pixels.
const EDGE: f32 = 1e-3;

/// `a × b / 255`, rounded.
fn mul255(a: u32, b: u32) -> u32 {
    (a * b + 127) / 255
}

/// Paints `colour` at `alpha` (0–255, the colour's own opacity times the coverage) over
/// the premultiplied pixel at byte `i` (source-over).
fn blend(data: &mut [u8], i: usize, colour: Rgba, alpha: u32) {
    let pixel = &mut data[i..i + 4];
    if alpha >= 255 {
        pixel.copy_from_slice(&[colour.r, colour.g, colour.b, 255]);
        return;
    }
    let rest = 255 - alpha;
    for (channel, ink) in pixel.iter_mut().zip([colour.r, colour.g, colour.b, 255]) {
        *channel = (mul255(u32::from(ink), alpha) + mul255(u32::from(*channel), rest)).min(255) as u8;
    }
}

/// The opacity of `colour` over a pixel covered `coverage`, 0–255.
fn alpha(colour: Rgba, coverage: f32) -> u32 {
    (f32::from(colour.a) * coverage + 0.5) as u32
}

/// Paints what lies inside `outer` and outside `inner` (if any), whose corner arcs must share
/// their centres.
fn paint(pixmap: &mut Pixmap, outer: Rounded, inner: Option<Rounded>, colour: Rgba) {
    let (width, height) = (pixmap.width() as i32, pixmap.height() as i32);
    let stride = width as usize * 4;
    let x0 = (outer.l.floor() as i32).clamp(0, width);
    let x1 = (outer.r.ceil() as i32).clamp(x0, width);
    let y0 = (outer.t.floor() as i32).clamp(0, height);
    let y1 = (outer.b.ceil() as i32).clamp(y0, height);
    // Columns whose centres lie between the corners' arcs: every pixel of a row there has the
    // row's coverage. Empty for a shape too small to have such columns.
    let (mut m0, mut m1) = ((outer.l + outer.radius).ceil() as i32, (outer.r - outer.radius - 1.0).floor() as i32 + 1);
    (m0, m1) = (m0.clamp(x0, x1), m1.clamp(x0, x1));
    if m0 >= m1 {
        // No column lies between the arcs (a circle): the corners meet at the middle, split
        // where pixel centres pass the right arc's centre (left of it, only the left arc
        // bounds a pixel; right of it, only the right one).
        let middle = (outer.r - outer.radius - 0.5).floor() as i32 + 1;
        (m0, m1) = (middle.clamp(x0, x1), middle.clamp(x0, x1));
    }
    let covered = |x: i32, y: i32| {
        let (x, y) = (x as f32, y as f32);
        let inside = outer.coverage(x, y) - inner.map_or(0.0, |inner| inner.coverage(x, y));
        inside.max(0.0)
    };
    let (ct, cb) = (outer.t + outer.radius, outer.b - outer.radius);
    // The columns a row between the corners' arcs has whole: inside the left and right edges
    // (of the hole, for a ring).
    let (s0, s1) = match inner {
        None => (outer.l.ceil() as i32, outer.r.floor() as i32),
        Some(inner) => (inner.l.ceil() as i32, inner.r.floor() as i32),
    };
    let straight = if s0 < s1 { (s0.clamp(x0, x1), s1.clamp(x0, x1)) } else { (x1, x1) };
    let solid = Solid::new(colour);
    let full_alpha = alpha(colour, 1.0);
    let data = pixmap.data_mut();
    for y in y0..y1 {
        let row = y as usize * stride;
        let fy = y as f32;
        let corners = !(fy + 0.5 >= ct && fy + 0.5 <= cb);
        let (a0, a1) = if corners { (m0, m1) } else { straight };
        let span = (outer.rows(fy) - inner.map_or(0.0, |inner| inner.rows(fy))).max(0.0);
        let span_alpha = alpha(colour, span);
        if span_alpha >= 255 {
            solid.fill(&mut data[row + a0 as usize * 4..row + a1 as usize * 4]);
        } else if span_alpha > 0 {
            for x in a0..a1 {
                blend(data, row + x as usize * 4, colour, span_alpha);
            }
        }
        let each = |data: &mut [u8], columns: std::ops::Range<i32>| {
            for x in columns {
                let a = alpha(colour, covered(x, y));
                if a > 0 {
                    blend(data, row + x as usize * 4, colour, a);
                }
            }
        };
        if !corners {
            // Beside a straight row, a pixel or two of edge on each side.
            each(data, x0..a0);
            each(data, a1..x1);
            continue;
        }
        // A row through the corners: beside the arcs lie pixels outside the shape, pixels
        // inside it, and (for an outline) the hole; only the pixels the arcs cross are
        // weighed one by one. A disc of 16 pixels has about 60 such pixels of its 256.
        let (left, right) = (Band::left(outer, inner, fy, x0, a0), Band::right(outer, inner, fy, a1, x1));
        for band in [left, right] {
            each(data, band.edge.0);
            each(data, band.edge.1);
            let (from, to) = (row + band.whole.start as usize * 4, row + band.whole.end as usize * 4);
            if full_alpha >= 255 {
                solid.fill(&mut data[from..to]);
            } else {
                for at in (from..to).step_by(4) {
                    blend(data, at, colour, full_alpha);
                }
            }
        }
    }
}

/// The columns of one side of a row through a shape's corners, sorted by their coverage:
/// the pixels the arcs cross (weighed one by one), and those wholly inside the shape and
/// outside its hole. The rest are outside the shape or inside the hole: left alone.
struct Band {
    edge: (std::ops::Range<i32>, std::ops::Range<i32>),
    whole: std::ops::Range<i32>,
}

impl Band {
    /// Columns `b0..b1`, left of the row's middle, where coverage grows to the right until
    /// the hole.
    fn left(outer: Rounded, inner: Option<Rounded>, y: f32, b0: i32, b1: i32) -> Self {
        let (zero, one) = outer.left(y);
        // The hole: where the inner shape is whole (never, for a fill or an inner radius under
        // a pixel, whose whole columns could reach past its right edge).
        let (inner_zero, hole) = match inner {
            Some(inner) if inner.radius >= 1.0 => inner.left(y),
            Some(inner) => (inner.left(y).0, i32::MAX),
            None => (i32::MAX, i32::MAX),
        };
        let start = zero.clamp(b0, b1);
        let hole = hole.clamp(start, b1);
        let (w0, w1) = (one.clamp(start, hole), inner_zero.clamp(start, hole));
        let (w0, w1) = if w0 < w1 { (w0, w1) } else { (hole, hole) };
        Self { edge: (start..w0, w1..hole), whole: w0..w1 }
    }

    /// Columns `b0..b1`, right of the row's middle, where coverage falls to the right (after
    /// the hole).
    fn right(outer: Rounded, inner: Option<Rounded>, y: f32, b0: i32, b1: i32) -> Self {
        let (one, zero) = outer.right(y);
        let (hole, inner_zero) = match inner {
            Some(inner) if inner.radius >= 1.0 => inner.right(y),
            Some(inner) => (i32::MIN, inner.right(y).1),
            None => (i32::MIN, i32::MIN),
        };
        let end = zero.clamp(b0, b1);
        let hole = hole.clamp(b0, end);
        let (w0, w1) = (inner_zero.clamp(hole, end), one.clamp(hole, end));
        let (w0, w1) = if w0 < w1 { (w0, w1) } else { (hole, hole) };
        Self { edge: (hole..w0, w1..end), whole: w0..w1 }
    }
}

/// An opaque colour as 16 pixels of bytes, to fill spans 64 bytes at a time (copies the
/// compiler makes wide; pixel by pixel it wrote byte by byte).
struct Solid([u8; 64]);

impl Solid {
    fn new(colour: Rgba) -> Self {
        let mut block = [0u8; 64];
        for pixel in block.chunks_exact_mut(4) {
            pixel.copy_from_slice(&[colour.r, colour.g, colour.b, 255]);
        }
        Self(block)
    }

    /// Paints every pixel of `span` (whole pixels of bytes).
    fn fill(&self, span: &mut [u8]) {
        let mut blocks = span.chunks_exact_mut(64);
        for block in &mut blocks {
            block.copy_from_slice(&self.0);
        }
        let rest = blocks.into_remainder();
        let len = rest.len();
        rest.copy_from_slice(&self.0[..len]);
    }
}

/// Fills `rect` (pixels) with corners of `radius` in `colour`.
pub fn fill_round_rect(pixmap: &mut Pixmap, rect: Rect, radius: f32, colour: Rgba) {
    let outer = Rounded::new(rect.left(), rect.top(), rect.right(), rect.bottom(), radius);
    paint(pixmap, outer, None, colour);
}

/// Outlines `rect` (corners of `radius`) with a line `width` wide centred on its edge, as
/// tiny-skia's stroke with round joins would; `false` (nothing painted) when the corners are
/// tighter than half the line or the shape is thinner than the line, and the caller should
/// stroke the path.
pub fn stroke_round_rect(pixmap: &mut Pixmap, rect: Rect, radius: f32, width: f32, colour: Rgba) -> bool {
    let half = width / 2.0;
    let (l, t, r, b) = (rect.left(), rect.top(), rect.right(), rect.bottom());
    // A circle's radius is half its side, give or take the rounding of its scaled edges.
    let most = (r - l).min(b - t) / 2.0 + 1e-3;
    if radius < half || radius > most {
        return false;
    }
    let outer = Rounded::new(l - half, t - half, r + half, b + half, radius + half);
    let inner = Rounded::new(l + half, t + half, r - half, b - half, radius - half);
    paint(pixmap, outer, Some(inner), colour);
    true
}

#[cfg(test)]
mod tests {
    use tiny_skia::{FillRule, Paint, PathBuilder, Transform};

    use super::*;

    /// Distance of a quarter circle's control points from its ends, as a share of the radius.
    const KAPPA: f32 = 0.552_284_8;

    fn colour(a: u8) -> Rgba {
        Rgba::hex(0xf0c83c).with_alpha(a)
    }

    fn paint(a: u8) -> Paint<'static> {
        let mut paint = Paint::default();
        paint.set_color_rgba8(240, 200, 60, a);
        paint.anti_alias = true;
        paint
    }

    fn path_of(rect: Rect, radius: f32) -> tiny_skia::Path {
        let mut builder = PathBuilder::new();
        let (l, t, r, b) = (rect.left(), rect.top(), rect.right(), rect.bottom());
        let k = radius * (1.0 - KAPPA);
        builder.move_to(l + radius, t);
        builder.line_to(r - radius, t);
        builder.cubic_to(r - k, t, r, t + k, r, t + radius);
        builder.line_to(r, b - radius);
        builder.cubic_to(r, b - k, r - k, b, r - radius, b);
        builder.line_to(l + radius, b);
        builder.cubic_to(l + k, b, l, b - k, l, b - radius);
        builder.line_to(l, t + radius);
        builder.cubic_to(l, t + k, l + k, t, l + radius, t);
        builder.close();
        builder.finish().expect("path")
    }

    /// The largest difference of any channel between two pictures, and how many pixels differ
    /// by more than `tolerance`.
    fn compare(a: &Pixmap, b: &Pixmap, tolerance: u8) -> (u8, usize) {
        let pairs = a.data().iter().zip(b.data());
        let worst = pairs.clone().map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0);
        let off = a.data().chunks_exact(4).zip(b.data().chunks_exact(4));
        (worst, off.filter(|(p, q)| p.iter().zip(q.iter()).any(|(x, y)| x.abs_diff(*y) > tolerance)).count())
    }

    fn canvas() -> Pixmap {
        let mut pixmap = Pixmap::new(120, 90).expect("pixmap");
        pixmap.fill(tiny_skia::Color::from_rgba8(20, 24, 30, 255));
        pixmap
    }

    /// [`paint`] without its shortcuts: every pixel of the shape's box weighed by its
    /// coverage.
    fn paint_each_pixel(pixmap: &mut Pixmap, outer: Rounded, inner: Option<Rounded>, colour: Rgba) {
        let stride = pixmap.width() as usize * 4;
        let (x0, x1) = (outer.l.floor().max(0.0) as usize, (outer.r.ceil() as usize).min(pixmap.width() as usize));
        let (y0, y1) = (outer.t.floor().max(0.0) as usize, (outer.b.ceil() as usize).min(pixmap.height() as usize));
        for y in y0..y1 {
            for x in x0..x1 {
                let (fx, fy) = (x as f32, y as f32);
                let inside = (outer.coverage(fx, fy) - inner.map_or(0.0, |inner| inner.coverage(fx, fy))).max(0.0);
                let a = alpha(colour, inside);
                if a > 0 {
                    blend(pixmap.data_mut(), y * stride + x * 4, colour, a);
                }
            }
        }
    }

    #[test]
    fn shortcuts_paint_exactly_what_each_pixel_weighed_would() {
        // Discs, chips, panels and outlines of many sizes at fractional places, as a board's
        // scale of 2/3 leaves them; filled and outlined, opaque and translucent.
        let mut seed = 0x2545_f491_u32;
        let mut next = |range: f32| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            (seed % 10_000) as f32 / 10_000.0 * range
        };
        for case in 0..4000 {
            let (x, y) = (2.0 + next(20.0), 2.0 + next(20.0));
            let (w, h) = (0.5 + next(60.0), 0.5 + next(50.0));
            let radius = if case % 3 == 0 { w.min(h) / 2.0 } else { next(w.min(h) / 2.0 + 2.0) };
            let colour = colour(if case % 4 == 0 { 150 } else { 255 });
            let (mut fast, mut slow) = (Pixmap::new(90, 80).expect("pixmap"), Pixmap::new(90, 80).expect("pixmap"));
            fast.fill(tiny_skia::Color::from_rgba8(20, 24, 30, 255));
            slow.fill(tiny_skia::Color::from_rgba8(20, 24, 30, 255));
            let rect = Rect::from_xywh(x, y, w, h).expect("rect");
            // An outline as `stroke_round_rect` paints it (when it does): the shape grown and
            // shrunk by half the line.
            let half = (0.5 + next(2.5)) / 2.0;
            let (outer, inner) = if case % 2 == 1 && stroke_round_rect(&mut fast, rect, radius, 2.0 * half, colour) {
                let grown = Rounded::new(x - half, y - half, x + w + half, y + h + half, radius + half);
                (grown, Some(Rounded::new(x + half, y + half, x + w - half, y + h - half, radius - half)))
            } else {
                fill_round_rect(&mut fast, rect, radius, colour);
                (Rounded::new(x, y, x + w, y + h, radius), None)
            };
            paint_each_pixel(&mut slow, outer, inner, colour);
            let (worst, off) = compare(&fast, &slow, 0);
            assert_eq!(
                off,
                0,
                "case {case}: l {} t {} r {} b {} radius {}, hole {:?}: worst {worst}",
                outer.l,
                outer.t,
                outer.r,
                outer.b,
                outer.radius,
                inner.map(|i| (i.l, i.t, i.r, i.b, i.radius))
            );
        }
    }

    #[test]
    fn a_filled_panel_looks_like_the_filled_path() {
        for (rect, radius, alpha) in [
            (Rect::from_xywh(10.3, 8.6, 90.5, 60.2), 10.0, 255),
            (Rect::from_xywh(4.0, 4.0, 100.0, 40.0), 20.0, 200),
            (Rect::from_xywh(7.5, 20.25, 33.0, 51.0), 6.5, 255),
        ] {
            let rect = rect.expect("rect");
            let mut fast = canvas();
            fill_round_rect(&mut fast, rect, radius, colour(alpha));
            let mut slow = canvas();
            slow.fill_path(&path_of(rect, radius), &paint(alpha), FillRule::Winding, Transform::identity(), None);
            let (worst, off) = compare(&fast, &slow, 24);
            // Only anti-aliased edge pixels may differ, and only a little.
            assert!(off <= 4, "{rect:?}: {off} pixels differ by more than 24 (worst {worst})");
        }
    }

    #[test]
    fn an_outline_looks_like_the_stroked_path() {
        for (rect, radius, width) in [
            (Rect::from_xywh(10.3, 8.6, 90.5, 60.2), 10.0, 2.0),
            (Rect::from_xywh(6.0, 6.0, 100.0, 70.0), 8.0, 5.0),
            (Rect::from_xywh(20.5, 15.5, 40.0, 30.0), 4.0, 1.5),
        ] {
            let rect = rect.expect("rect");
            let mut fast = canvas();
            assert!(stroke_round_rect(&mut fast, rect, radius, width, colour(255)));
            let mut slow = canvas();
            let stroke = tiny_skia::Stroke { width, line_join: tiny_skia::LineJoin::Round, ..Default::default() };
            slow.stroke_path(&path_of(rect, radius), &paint(255), &stroke, Transform::identity(), None);
            // The corners' curves differ from tiny-skia's offset curves by a fraction of a pixel.
            let (worst, off) = compare(&fast, &slow, 40);
            assert!(
                worst <= 64 && off <= 12,
                "{rect:?} r{radius} w{width}: {off} pixels differ by more than 40 (worst {worst})"
            );
        }
    }

    #[test]
    fn a_pill_is_filled_like_its_path_and_tight_outlines_are_left_to_the_stroker() {
        // A radius over half the height is a pill: two half discs joined by a band.
        let pill = Rect::from_xywh(10.5, 10.5, 30.0, 9.0).expect("rect");
        let mut fast = canvas();
        fill_round_rect(&mut fast, pill, 4.9, colour(255));
        let mut slow = canvas();
        slow.fill_path(&path_of(pill, 4.5), &paint(255), FillRule::Winding, Transform::identity(), None);
        let (worst, off) = compare(&fast, &slow, 24);
        assert!(off <= 4, "{off} pixels differ by more than 24 (worst {worst})");
        assert!(compare(&fast, &canvas(), 0).1 > 200, "painted");
        // Corners tighter than half the line: nothing painted, the caller strokes the path.
        let mut pixmap = canvas();
        assert!(!stroke_round_rect(&mut pixmap, pill, 1.0, 3.0, colour(255)));
        assert_eq!(compare(&pixmap, &canvas(), 0).1, 0, "nothing painted");
    }
}
