//! Drawing helpers: an RGBA canvas with anti-aliased shapes (tiny-skia), text from the
//! embedded DejaVu fonts (ab_glyph outlines turned into tiny-skia paths, with kerning) and
//! PNG encoding (the `image` crate).

use ab_glyph::{Font, FontRef, GlyphId, OutlineCurve};
use image::ImageEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use tiny_skia::{FillRule, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, Transform};

use crate::RenderError;

static REGULAR_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");

/// An sRGB colour with straight (not premultiplied) alpha.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgba {
    /// Red.
    pub r: u8,
    /// Green.
    pub g: u8,
    /// Blue.
    pub b: u8,
    /// Opacity, 255 = opaque.
    pub a: u8,
}

impl Rgba {
    /// An opaque colour from `0xRRGGBB`.
    #[must_use]
    pub const fn hex(rgb: u32) -> Self {
        Self { r: (rgb >> 16) as u8, g: (rgb >> 8) as u8, b: rgb as u8, a: 255 }
    }

    /// The same colour with another opacity.
    #[must_use]
    pub const fn with_alpha(self, a: u8) -> Self {
        Self { a, ..self }
    }

    fn paint(self) -> Paint<'static> {
        let mut paint = Paint::default();
        paint.set_color_rgba8(self.r, self.g, self.b, self.a);
        paint.anti_alias = true;
        paint
    }
}

/// Which of the two embedded faces to write with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
    Bold,
}

/// How a line of text sits on its anchor point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// The anchor is the left end.
    Left,
    /// The anchor is the middle.
    Center,
    /// The anchor is the right end.
    Right,
}

/// A text style: face, size in pixels per em (like CSS `font-size`) and colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Regular or bold.
    pub face: Face,
    /// Pixels per em.
    pub size: u16,
    /// Fill colour.
    pub colour: Rgba,
}

impl Style {
    /// A style from its three parts.
    #[must_use]
    pub const fn new(face: Face, size: u16, colour: Rgba) -> Self {
        Self { face, size, colour }
    }
}

/// The two embedded fonts, parsed.
#[derive(Clone, Debug)]
pub struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
}

impl Fonts {
    /// Parses the embedded fonts.
    ///
    /// # Errors
    /// [`RenderError::Font`] if an embedded font does not parse (a build mistake, not bad input).
    pub fn load() -> Result<Self, RenderError> {
        let regular = FontRef::try_from_slice(REGULAR_TTF).map_err(|_| RenderError::Font("DejaVuSans.ttf"))?;
        let bold = FontRef::try_from_slice(BOLD_TTF).map_err(|_| RenderError::Font("DejaVuSans-Bold.ttf"))?;
        Ok(Self { regular, bold })
    }

    fn font(&self, face: Face) -> &FontRef<'static> {
        match face {
            Face::Regular => &self.regular,
            Face::Bold => &self.bold,
        }
    }

    /// Whether `face` has a real glyph (not the "missing" box) for `c`.
    #[must_use]
    pub fn has_glyph(&self, face: Face, c: char) -> bool {
        self.font(face).glyph_id(c) != GlyphId(0)
    }

    /// The width in pixels of `text` set in `face` at `size` px per em, kerning included.
    #[must_use]
    pub fn measure(&self, face: Face, size: f32, text: &str) -> f32 {
        let font = self.font(face);
        let scale = size / font.units_per_em().unwrap_or(2048.0);
        let mut width = 0.0;
        let mut previous: Option<GlyphId> = None;
        for c in text.chars() {
            let id = font.glyph_id(c);
            if let Some(prev) = previous {
                width += font.kern_unscaled(prev, id);
            }
            width += font.h_advance_unscaled(id);
            previous = Some(id);
        }
        width * scale
    }

    /// The outlines of `text` with its left end at `x` on the baseline `y`, as one path.
    fn text_path(&self, face: Face, size: f32, text: &str, x: f32, y: f32) -> Option<Path> {
        let font = self.font(face);
        let scale = size / font.units_per_em().unwrap_or(2048.0);
        let mut builder = PathBuilder::new();
        let mut pen = 0.0;
        let mut previous: Option<GlyphId> = None;
        for c in text.chars() {
            let id = font.glyph_id(c);
            if let Some(prev) = previous {
                pen += font.kern_unscaled(prev, id);
            }
            if let Some(outline) = font.outline(id) {
                let origin = (x + pen * scale, y);
                add_outline(&mut builder, &outline.curves, origin, scale);
            }
            pen += font.h_advance_unscaled(id);
            previous = Some(id);
        }
        builder.finish()
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

/// The longest side a canvas may have, in pixels (a board is never near it).
pub const MAX_SIDE: u32 = 8192;

/// A picture being drawn: pixels plus the fonts to write with.
#[derive(Debug)]
pub struct Canvas {
    pixmap: Pixmap,
    fonts: Fonts,
}

impl Canvas {
    /// A `width` × `height` canvas filled with `background` (which should be opaque: the
    /// PNG is written without an alpha channel).
    ///
    /// # Errors
    /// [`RenderError::Size`] for a zero or absurd size, [`RenderError::Font`] as [`Fonts::load`].
    pub fn new(width: u32, height: u32, background: Rgba) -> Result<Self, RenderError> {
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(RenderError::Size { width, height });
        }
        let size = tiny_skia::IntSize::from_wh(width, height).ok_or(RenderError::Size { width, height })?;
        // Premultiplied, as tiny-skia stores pixels; one pass instead of zeroing then filling.
        let premultiply = |c: u8| (u16::from(c) * u16::from(background.a) / 255) as u8;
        let pixel = [premultiply(background.r), premultiply(background.g), premultiply(background.b), background.a];
        let pixels = (width as usize).checked_mul(height as usize).ok_or(RenderError::Size { width, height })?;
        let pixmap = Pixmap::from_vec(pixel.repeat(pixels), size).ok_or(RenderError::Size { width, height })?;
        Ok(Self { pixmap, fonts: Fonts::load()? })
    }

    /// Width in pixels.
    #[must_use]
    pub fn width(&self) -> u32 {
        self.pixmap.width()
    }

    /// Height in pixels.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.pixmap.height()
    }

    /// The fonts, for measuring.
    #[must_use]
    pub fn fonts(&self) -> &Fonts {
        &self.fonts
    }

    /// The width of `text` in `style`.
    #[must_use]
    pub fn measure(&self, style: Style, text: &str) -> f32 {
        self.fonts.measure(style.face, f32::from(style.size), text)
    }

    /// Fills and/or outlines a path.
    fn draw(&mut self, path: &Path, fill: Option<Rgba>, stroke: Option<(Rgba, f32)>) {
        if let Some(colour) = fill {
            self.pixmap.fill_path(path, &colour.paint(), FillRule::Winding, Transform::identity(), None);
        }
        if let Some((colour, width)) = stroke {
            let stroke = Stroke { width, line_join: tiny_skia::LineJoin::Round, ..Stroke::default() };
            self.pixmap.stroke_path(path, &colour.paint(), &stroke, Transform::identity(), None);
        }
    }

    /// A rectangle with rounded corners of radius `radius`.
    pub fn round_rect(&mut self, rect: Rect, radius: f32, fill: Option<Rgba>, stroke: Option<(Rgba, f32)>) {
        if let Some(path) = round_rect_path(rect, radius) {
            self.draw(&path, fill, stroke);
        }
    }

    /// A closed polygon through `points`.
    pub fn polygon(&mut self, points: &[(f32, f32)], fill: Option<Rgba>, stroke: Option<(Rgba, f32)>) {
        let mut builder = PathBuilder::new();
        for (i, (x, y)) in points.iter().enumerate() {
            if i == 0 { builder.move_to(*x, *y) } else { builder.line_to(*x, *y) }
        }
        builder.close();
        if let Some(path) = builder.finish() {
            self.draw(&path, fill, stroke);
        }
    }

    /// A circle centred on `(x, y)`.
    pub fn circle(&mut self, x: f32, y: f32, radius: f32, fill: Option<Rgba>, stroke: Option<(Rgba, f32)>) {
        if let Some(path) = PathBuilder::from_circle(x, y, radius) {
            self.draw(&path, fill, stroke);
        }
    }

    /// A straight line.
    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), colour: Rgba, width: f32) {
        let mut builder = PathBuilder::new();
        builder.move_to(from.0, from.1);
        builder.line_to(to.0, to.1);
        if let Some(path) = builder.finish() {
            self.draw(&path, None, Some((colour, width)));
        }
    }

    /// `text` shortened with an ellipsis so that it is at most `max_width` wide in `style`.
    #[must_use]
    pub fn fit(&self, style: Style, text: &str, max_width: f32) -> String {
        if self.measure(style, text) <= max_width {
            return text.to_string();
        }
        let mut chars: Vec<char> = text.chars().collect();
        while !chars.is_empty() {
            chars.pop();
            let candidate: String = chars.iter().collect::<String>().trim_end().to_string() + "…";
            if self.measure(style, &candidate) <= max_width {
                return candidate;
            }
        }
        "…".to_string()
    }

    /// Writes one line of `text` on the baseline `y`, anchored at `x` by `align`; returns
    /// its width.
    pub fn text(&mut self, x: f32, y: f32, text: &str, style: Style, align: Align) -> f32 {
        let size = f32::from(style.size);
        let width = self.fonts.measure(style.face, size, text);
        let left = match align {
            Align::Left => x,
            Align::Center => x - width / 2.0,
            Align::Right => x - width,
        };
        if let Some(path) = self.fonts.text_path(style.face, size, text, left, y) {
            self.draw(&path, Some(style.colour), None);
        }
        width
    }

    /// The pixels as RGB bytes, row by row (the canvas is opaque, so premultiplied
    /// RGBA is plain RGBA and alpha can be dropped).
    #[must_use]
    pub fn rgb(&self) -> Vec<u8> {
        let data = self.pixmap.data();
        let mut rgb = vec![0; data.len() / 4 * 3];
        for (out, pixel) in rgb.chunks_exact_mut(3).zip(data.chunks_exact(4)) {
            out.copy_from_slice(&pixel[..3]);
        }
        rgb
    }

    /// Encodes the picture as an 8-bit RGB PNG.
    ///
    /// Boards are mostly flat colour, which deflate handles best unfiltered (measured: a
    /// 9-player board is 20% smaller than with adaptive filters); zlib level 4 (with the
    /// zlib-rs backend) is the knee of size against time: level 9 saves another quarter of
    /// the bytes but takes ten times as long.
    ///
    /// # Errors
    /// [`RenderError::Encode`] if the encoder fails.
    pub fn png(&self) -> Result<Vec<u8>, RenderError> {
        let mut bytes = Vec::with_capacity(self.pixmap.data().len() / 32);
        let encoder = PngEncoder::new_with_quality(&mut bytes, CompressionType::Level(4), FilterType::NoFilter);
        encoder.write_image(&self.rgb(), self.width(), self.height(), image::ExtendedColorType::Rgb8)?;
        Ok(bytes)
    }
}

/// The outline of a rounded rectangle (corners approximated by cubic Béziers).
fn round_rect_path(rect: Rect, radius: f32) -> Option<Path> {
    let r = radius.min(rect.width() / 2.0).min(rect.height() / 2.0).max(0.0);
    let (l, t, rt, b) = (rect.left(), rect.top(), rect.right(), rect.bottom());
    // Distance of the control points from a corner's ends for a quarter circle.
    let k = r * (1.0 - 0.552_284_8);
    let mut p = PathBuilder::new();
    p.move_to(l + r, t);
    p.line_to(rt - r, t);
    p.cubic_to(rt - k, t, rt, t + k, rt, t + r);
    p.line_to(rt, b - r);
    p.cubic_to(rt, b - k, rt - k, b, rt - r, b);
    p.line_to(l + r, b);
    p.cubic_to(l + k, b, l, b - k, l, b - r);
    p.line_to(l, t + r);
    p.cubic_to(l, t + k, l + k, t, l + r, t);
    p.close();
    p.finish()
}

/// A rectangle from its left, top, width and height; `None` if it is empty or not finite.
#[must_use]
pub fn rect(x: f32, y: f32, width: f32, height: f32) -> Option<Rect> {
    Rect::from_xywh(x, y, width, height)
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
        for c in ['●', '✔', '✖', '◌', '⚑', '▶', '★', '·', '—', '×', '$'] {
            assert!(fonts.has_glyph(Face::Regular, c), "regular lacks {c}");
            assert!(fonts.has_glyph(Face::Bold, c), "bold lacks {c}");
        }
    }

    #[test]
    fn text_is_drawn_with_anti_aliased_edges() {
        let white = Rgba::hex(0xffffff);
        let mut canvas = Canvas::new(120, 40, Rgba::hex(0x000000)).expect("canvas");
        let width = canvas.text(10.0, 30.0, "Hello", Style::new(Face::Regular, 24, white), Align::Left);
        assert!((width - canvas.measure(Style::new(Face::Regular, 24, white), "Hello")).abs() < 0.01);
        let rgb = canvas.rgb();
        let greys: std::collections::BTreeSet<u8> = rgb.chunks_exact(3).map(|p| p[0]).collect();
        assert!(greys.contains(&255) && greys.contains(&0), "full ink and background");
        assert!(greys.len() > 10, "partial coverage along glyph edges: {} levels", greys.len());
        // Nothing is drawn left of the anchor or below the descender.
        assert!(rgb.chunks_exact(3 * 120).all(|row| row[..3 * 9].iter().all(|v| *v == 0)));
    }

    #[test]
    fn alignment_moves_the_anchor() {
        let style = Style::new(Face::Bold, 20, Rgba::hex(0xffffff));
        let ink_columns = |align: Align, x: f32| {
            let mut canvas = Canvas::new(200, 30, Rgba::hex(0)).expect("canvas");
            canvas.text(x, 24.0, "12", style, align);
            let rgb = canvas.rgb();
            let cols: Vec<usize> = (0..200).filter(|c| (0..30).any(|r| rgb[(r * 200 + c) * 3] > 128)).collect();
            (cols.first().copied().unwrap_or(0), cols.last().copied().unwrap_or(0))
        };
        let (_, right_end) = ink_columns(Align::Right, 150.0);
        assert!((140..=150).contains(&right_end), "{right_end}");
        let (l, r) = ink_columns(Align::Center, 100.0);
        assert!(((l + r) / 2).abs_diff(100) <= 2, "{l}..{r}");
    }

    #[test]
    fn fit_shortens_long_names_with_an_ellipsis() {
        let canvas = Canvas::new(10, 10, Rgba::hex(0)).expect("canvas");
        let style = Style::new(Face::Bold, 22, Rgba::hex(0xffffff));
        assert_eq!(canvas.fit(style, "Ann", 200.0), "Ann");
        let long = "Bartholomew the Magnificent of Mars";
        let short = canvas.fit(style, long, 200.0);
        assert!(short.ends_with('…') && short.len() < long.len(), "{short}");
        assert!(canvas.measure(style, &short) <= 200.0);
        assert_eq!(canvas.fit(style, long, 1.0), "…");
    }

    #[test]
    fn png_round_trips_and_rejects_empty_canvases() {
        let mut canvas = Canvas::new(64, 32, Rgba::hex(0x202830)).expect("canvas");
        canvas.polygon(&[(4.0, 28.0), (20.0, 4.0), (36.0, 28.0)], Some(Rgba::hex(0xffcc00)), None);
        let bytes = canvas.png().expect("png");
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        let decoded = image::load_from_memory(&bytes).expect("decodes").to_rgb8();
        assert_eq!(decoded.dimensions(), (64, 32));
        assert_eq!(decoded.as_raw(), &canvas.rgb());
        assert!(matches!(Canvas::new(0, 10, Rgba::hex(0)), Err(RenderError::Size { .. })));
        assert!(matches!(Canvas::new(100, MAX_SIDE + 1, Rgba::hex(0)), Err(RenderError::Size { .. })));
    }
}
