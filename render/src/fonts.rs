//! The embedded DejaVu fonts: measuring (with kerning) and glyph coverage masks.
//!
//! A glyph's outline (ab_glyph) becomes a tiny-skia path, filled with anti-aliasing into a
//! small coverage mask. Boards write the same few glyphs over and over (digits, `$`,
//! "pulls"), so masks are cached for the whole process, keyed by glyph, size and
//! quarter-pixel offset; the embedded fonts never change, so a mask never goes stale.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, LazyLock, Mutex, MutexGuard, PoisonError};

use ab_glyph::{Font, FontRef, GlyphId, OutlineCurve};
use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Transform};

use crate::RenderError;

static REGULAR_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");

/// Sub-pixel positions per pixel that glyph masks are made for.
const SUBPIXELS: f32 = 4.0;

/// Which of the two embedded faces to write with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
    Bold,
}

/// The two embedded fonts, parsed.
#[derive(Clone, Debug)]
pub struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
    /// Glyphs, advances and kerning of the printable ASCII characters, by face.
    ascii: [Ascii; 2],
}

/// The first and last characters [`Ascii`] holds.
const FIRST: char = ' ';
const LAST: char = '~';
const PRINTABLE: usize = LAST as usize - FIRST as usize + 1;

/// One face's glyph ids, advances and kerning pairs for the printable ASCII characters, read
/// from the font once: a board measures and lays out a few hundred strings, nearly all ASCII,
/// and looking each pair up in the font's kerning table profiled at 3–5% of a board.
#[derive(Clone, Debug)]
struct Ascii {
    ids: [GlyphId; PRINTABLE],
    advances: [f32; PRINTABLE],
    /// By left character then right, in font units.
    kerning: Vec<f32>,
}

impl Ascii {
    fn new(font: &FontRef<'static>) -> Self {
        let ids: [GlyphId; PRINTABLE] = std::array::from_fn(|i| font.glyph_id(char::from(FIRST as u8 + i as u8)));
        let advances = ids.map(|id| font.h_advance_unscaled(id));
        let kerning =
            (0..PRINTABLE * PRINTABLE).map(|i| font.kern_unscaled(ids[i / PRINTABLE], ids[i % PRINTABLE])).collect();
        Self { ids, advances, kerning }
    }
}

/// A character's place in [`Ascii`], if it has one.
fn printable(c: char) -> Option<usize> {
    (FIRST..=LAST).contains(&c).then(|| c as usize - FIRST as usize)
}

/// One glyph placed on a line: its id and its origin (pen position on the baseline).
#[derive(Clone, Copy, Debug)]
pub struct Placed {
    /// The glyph.
    pub id: GlyphId,
    /// Origin, x, in pixels.
    pub x: f32,
}

impl Fonts {
    /// Parses the embedded fonts.
    ///
    /// # Errors
    /// [`RenderError::Font`] if an embedded font does not parse (a build mistake, not bad input).
    pub fn load() -> Result<Self, RenderError> {
        let regular = FontRef::try_from_slice(REGULAR_TTF).map_err(|_| RenderError::Font("DejaVuSans.ttf"))?;
        let bold = FontRef::try_from_slice(BOLD_TTF).map_err(|_| RenderError::Font("DejaVuSans-Bold.ttf"))?;
        let ascii = [Ascii::new(&regular), Ascii::new(&bold)];
        Ok(Self { regular, bold, ascii })
    }

    /// The fonts parsed once for the whole process.
    ///
    /// # Errors
    /// As [`Fonts::load`].
    pub fn shared() -> Result<&'static Self, RenderError> {
        static SHARED_FONTS: LazyLock<Result<Fonts, RenderError>> = LazyLock::new(Fonts::load);
        SHARED_FONTS.as_ref().map_err(|_| RenderError::Font("DejaVuSans.ttf"))
    }

    fn font(&self, face: Face) -> &FontRef<'static> {
        match face {
            Face::Regular => &self.regular,
            Face::Bold => &self.bold,
        }
    }

    fn scale(&self, face: Face, size: f32) -> f32 {
        size / self.font(face).units_per_em().unwrap_or(2048.0)
    }

    /// Whether `face` has a real glyph (not the "missing" box) for `c`.
    #[cfg(test)]
    pub fn has_glyph(&self, face: Face, c: char) -> bool {
        self.font(face).glyph_id(c) != GlyphId(0)
    }

    /// Lays `text` out from `x`: each glyph with its origin, kerning applied; and the end.
    pub fn layout(&self, face: Face, size: f32, text: &str, x: f32) -> (Vec<Placed>, f32) {
        let scale = self.scale(face, size);
        let mut placed = Vec::with_capacity(text.len());
        let end = self.walk(face, text, |id, pen| placed.push(Placed { id, x: x + pen * scale }));
        (placed, x + end * scale)
    }

    /// The width in pixels of `text` set in `face` at `size` px per em, kerning included.
    #[must_use]
    pub fn measure(&self, face: Face, size: f32, text: &str) -> f32 {
        self.walk(face, text, |_, _| ()) * self.scale(face, size)
    }

    /// Walks `text` in font units: each glyph with its pen position (kerning applied) to
    /// `each`, and the pen position after the last.
    fn walk(&self, face: Face, text: &str, mut each: impl FnMut(GlyphId, f32)) -> f32 {
        let font = self.font(face);
        let ascii = &self.ascii[face as usize];
        let mut pen = 0.0;
        let mut previous: Option<(GlyphId, Option<usize>)> = None;
        for c in text.chars() {
            let index = printable(c);
            let id = index.map_or_else(|| font.glyph_id(c), |i| ascii.ids[i]);
            match (previous, index) {
                (Some((_, Some(p))), Some(i)) => pen += ascii.kerning[p * PRINTABLE + i],
                (Some((prev, _)), _) => pen += font.kern_unscaled(prev, id),
                (None, _) => {}
            }
            each(id, pen);
            pen += index.map_or_else(|| font.h_advance_unscaled(id), |i| ascii.advances[i]);
            previous = Some((id, index));
        }
        pen
    }

    /// Rasterises one glyph whose origin sits `(fx, fy)` (each in `0..1`) past a pixel corner.
    fn rasterise(&self, face: Face, size: f32, id: GlyphId, fx: f32, fy: f32) -> Option<Mask> {
        let outline = self.font(face).outline(id)?;
        let scale = self.scale(face, size);
        // Font units, y up; ab_glyph keeps the top edge in `min.y`, so take no order for granted.
        let b = outline.bounds;
        let (x_min, x_max) = (b.min.x.min(b.max.x), b.min.x.max(b.max.x));
        let (y_min, y_max) = (b.min.y.min(b.max.y), b.min.y.max(b.max.y));
        let left = (x_min * scale + fx).floor() as i32 - 1;
        let top = (fy - y_max * scale).floor() as i32 - 1;
        let right = (x_max * scale + fx).ceil() as i32 + 1;
        let bottom = (fy - y_min * scale).ceil() as i32 + 1;
        let mut pixmap = Pixmap::new(u32::try_from(right - left).ok()?, u32::try_from(bottom - top).ok()?)?;
        let mut builder = PathBuilder::new();
        add_outline(&mut builder, &outline.curves, (fx - left as f32, fy - top as f32), scale);
        let path = builder.finish().filter(crate::canvas::has_area)?;
        let mut paint = Paint::default();
        paint.set_color_rgba8(255, 255, 255, 255);
        paint.anti_alias = true;
        pixmap.fill_path(&path, &paint, FillRule::Winding, Transform::identity(), None);
        let coverage: Vec<u8> = pixmap.data().chunks_exact(4).map(|p| p[3]).collect();
        let width = pixmap.width() as usize;
        let ink = ink_bounds(&coverage, width);
        let spans = coverage
            .chunks_exact(width.max(1))
            .map(|row| {
                let first = row.iter().position(|c| *c > 0).unwrap_or(row.len());
                let end = row.iter().rposition(|c| *c > 0).map_or(first, |last| last + 1);
                (first as u16, end as u16)
            })
            .collect();
        Some(Mask { left, top, width, coverage, ink, spans })
    }
}

/// A glyph's anti-aliased coverage, 0–255 per pixel, placed relative to the pixel that
/// holds the glyph's origin.
#[derive(Debug)]
pub struct Mask {
    /// Column of the first coverage pixel, relative to the origin's pixel.
    pub left: i32,
    /// Row of the first coverage pixel, relative to the origin's pixel.
    pub top: i32,
    /// Pixels per row.
    pub width: usize,
    /// Coverage, row by row.
    pub coverage: Vec<u8>,
    /// The pixels with ink in them (coverage past a faint fringe), as (left, top, right,
    /// bottom) in mask pixels, right and bottom exclusive; empty when nothing is inked.
    pub ink: (u16, u16, u16, u16),
    /// By row, the columns from the first pixel with any coverage to past the last: about
    /// half a glyph's box is empty, and text is drawn by walking only these.
    pub spans: Vec<(u16, u16)>,
}

/// Coverage at or under this is the anti-aliased fringe, not ink a reader sees.
const FRINGE: u8 = 24;

/// The box of the pixels of `coverage` (rows of `width`) that hold ink.
fn ink_bounds(coverage: &[u8], width: usize) -> (u16, u16, u16, u16) {
    let (mut left, mut top, mut right, mut bottom) = (usize::MAX, usize::MAX, 0, 0);
    for (row, line) in coverage.chunks_exact(width.max(1)).enumerate() {
        for (col, _) in line.iter().enumerate().filter(|(_, c)| **c > FRINGE) {
            (left, top) = (left.min(col), top.min(row));
            (right, bottom) = (right.max(col + 1), bottom.max(row + 1));
        }
    }
    if left == usize::MAX {
        return (0, 0, 0, 0);
    }
    let clamp = |v: usize| u16::try_from(v).unwrap_or(u16::MAX);
    (clamp(left), clamp(top), clamp(right), clamp(bottom))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    face: Face,
    /// Size in sixteenths of a pixel per em (a scaled board writes at fractional sizes).
    size: u32,
    glyph: u16,
    fx: u8,
    fy: u8,
}

/// Most masks kept at once; past it the cache starts again (names can bring any character).
const CACHE_LIMIT: usize = 8192;

static SHARED: LazyLock<Mutex<GlyphCache>> = LazyLock::new(|| Mutex::new(GlyphCache::default()));

/// A multiply-and-rotate hash for [`Key`]s (a few small integers): the standard hasher,
/// built to resist crafted keys, cost more than the lookup it serves, once per glyph drawn.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.write_u64(u64::from(*byte));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// Glyph masks already made.
#[derive(Debug, Default)]
pub struct GlyphCache {
    masks: HashMap<Key, Option<Arc<Mask>>, BuildHasherDefault<KeyHasher>>,
}

impl GlyphCache {
    /// The process-wide cache, locked. A panic elsewhere while it was held cannot leave it
    /// inconsistent (entries are inserted whole), so a poisoned lock is simply taken over.
    pub fn shared() -> MutexGuard<'static, Self> {
        SHARED.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The mask of glyph `id` with its origin at `(x, y)`, and the pixel holding that origin;
    /// `None` for glyphs without ink (a space).
    pub fn mask(
        &mut self,
        fonts: &Fonts,
        face: Face,
        size: f32,
        id: GlyphId,
        x: f32,
        y: f32,
    ) -> Option<(&Mask, i32, i32)> {
        let (px, py) = (x.floor(), y.floor());
        let fx = ((x - px) * SUBPIXELS).round().min(SUBPIXELS - 1.0);
        let fy = ((y - py) * SUBPIXELS).round().min(SUBPIXELS - 1.0);
        let sixteenths = (size * 16.0).round() as u32;
        let key = Key { face, size: sixteenths, glyph: id.0, fx: fx as u8, fy: fy as u8 };
        if self.masks.len() >= CACHE_LIMIT && !self.masks.contains_key(&key) {
            self.masks.clear();
        }
        let mask = self.masks.entry(key).or_insert_with(|| {
            fonts.rasterise(face, sixteenths as f32 / 16.0, id, fx / SUBPIXELS, fy / SUBPIXELS).map(Arc::new)
        });
        mask.as_deref().map(|m| (m, px as i32, py as i32))
    }
}

/// Appends glyph curves (font units, y up) to `builder` (pixels, y down).
fn add_outline(builder: &mut PathBuilder, curves: &[OutlineCurve], origin: (f32, f32), scale: f32) {
    let map = |p: ab_glyph::Point| (origin.0 + p.x * scale, origin.1 - p.y * scale);
    let mut last: Option<ab_glyph::Point> = None;
    for curve in curves {
        let start = match curve {
            OutlineCurve::Line(a, _) | OutlineCurve::Quad(a, _, _) | OutlineCurve::Cubic(a, _, _, _) => *a,
        };
        if last != Some(start) {
            if last.is_some() {
                builder.close();
            }
            let (sx, sy) = map(start);
            builder.move_to(sx, sy);
        }
        let end = match curve {
            OutlineCurve::Line(_, b) => {
                let (bx, by) = map(*b);
                builder.line_to(bx, by);
                *b
            }
            OutlineCurve::Quad(_, c, b) => {
                let ((cx, cy), (bx, by)) = (map(*c), map(*b));
                builder.quad_to(cx, cy, bx, by);
                *b
            }
            OutlineCurve::Cubic(_, c1, c2, b) => {
                let ((c1x, c1y), (c2x, c2y), (bx, by)) = (map(*c1), map(*c2), map(*b));
                builder.cubic_to(c1x, c1y, c2x, c2y, bx, by);
                *b
            }
        };
        last = Some(end);
    }
    if last.is_some() {
        builder.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fonts() -> Fonts {
        Fonts::load().expect("embedded fonts parse")
    }

    #[test]
    fn measuring_grows_with_text_and_size() {
        let fonts = fonts();
        let short = fonts.measure(Face::Regular, 16.0, "Pot");
        let long = fonts.measure(Face::Regular, 16.0, "Pot $14");
        assert!(short > 0.0 && long > short, "{short} {long}");
        let double = fonts.measure(Face::Regular, 32.0, "Pot");
        assert!((double - 2.0 * short).abs() < 0.01, "width scales with size: {short} {double}");
        assert_eq!(fonts.measure(Face::Bold, 20.0, ""), 0.0);
    }

    #[test]
    fn layout_ends_where_measuring_says() {
        let fonts = fonts();
        let (placed, end) = fonts.layout(Face::Bold, 22.0, "Round 3", 10.0);
        assert_eq!(placed.len(), 7);
        assert!((end - 10.0 - fonts.measure(Face::Bold, 22.0, "Round 3")).abs() < 0.01);
        assert!(placed.windows(2).all(|w| w[0].x < w[1].x));
    }

    #[test]
    fn bold_is_wider_and_digits_are_tabular() {
        let fonts = fonts();
        assert!(fonts.measure(Face::Bold, 20.0, "Round") > fonts.measure(Face::Regular, 20.0, "Round"));
        // DejaVu digits share one advance, so columns of numbers line up.
        let one = fonts.measure(Face::Regular, 18.0, "1111");
        let eight = fonts.measure(Face::Regular, 18.0, "8888");
        assert!((one - eight).abs() < 0.01);
    }

    #[test]
    fn kerning_pulls_pairs_together() {
        let fonts = fonts();
        let pair = fonts.measure(Face::Regular, 40.0, "AV");
        let apart = fonts.measure(Face::Regular, 40.0, "A") + fonts.measure(Face::Regular, 40.0, "V");
        assert!(pair < apart - 0.5, "AV {pair} vs A+V {apart}");
    }

    #[test]
    fn the_symbols_the_boards_use_exist_in_both_faces() {
        let fonts = fonts();
        for c in ['●', '✔', '✖', '◌', '⚑', '▶', '★', '·', '—', '…', '$'] {
            assert!(fonts.has_glyph(Face::Regular, c), "regular lacks {c}");
            assert!(fonts.has_glyph(Face::Bold, c), "bold lacks {c}");
        }
    }

    #[test]
    fn masks_are_cached_per_subpixel_offset_and_spaces_have_none() {
        let fonts = fonts();
        let mut cache = GlyphCache::default();
        let id = fonts.font(Face::Bold).glyph_id('8');
        let (mask, px, py) = cache.mask(&fonts, Face::Bold, 24.0, id, 10.3, 40.0).expect("ink");
        assert_eq!((px, py), (10, 40));
        assert!(mask.top < -15 && mask.left <= 0, "above the baseline, from the origin: {mask:?}");
        assert_eq!(mask.coverage.iter().copied().max(), Some(255), "solid stems");
        cache.mask(&fonts, Face::Bold, 24.0, id, 55.3, 90.0).expect("same offset");
        cache.mask(&fonts, Face::Bold, 24.0, id, 55.8, 90.0).expect("another offset");
        assert_eq!(cache.masks.len(), 2);
        let space = fonts.font(Face::Bold).glyph_id(' ');
        assert!(cache.mask(&fonts, Face::Bold, 24.0, space, 0.0, 10.0).is_none());
    }
}
