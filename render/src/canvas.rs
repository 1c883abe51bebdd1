//! Drawing helpers: an RGBA canvas with anti-aliased shapes (tiny-skia), text from the
//! embedded DejaVu fonts (see [`crate::fonts`]) and PNG encoding (the `image` crate).

use tiny_skia::{FillRule, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, Transform};

use crate::RenderError;
use crate::drawing::{Area, Drawing, Role, TextBox};
pub use crate::fonts::Face;
use crate::fonts::{Fonts, GlyphCache, Mask};

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

/// A text style: face, size in pixels per em (like CSS `font-size`), colour, and whether a
/// player needs the text to decide (the limits test holds such text to a size readable on a
/// phone).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Regular or bold.
    pub face: Face,
    /// Pixels per em.
    pub size: u16,
    /// Fill colour.
    pub colour: Rgba,
    /// Essential, or an aid beside what is drawn.
    pub role: Role,
}

impl Style {
    /// An essential style from its face, size and colour.
    #[must_use]
    pub const fn new(face: Face, size: u16, colour: Rgba) -> Self {
        Self { face, size, colour, role: Role::Essential }
    }

    /// The same style for an aid: text that helps but that a player can do without (a
    /// card's Western name beside its code, the coordinates along a board's edge).
    #[must_use]
    pub const fn aid(self) -> Self {
        Self { role: Role::Aid, ..self }
    }
}

/// Deflate level of every board: zlib-rs level 1. At 960 px wide it wrote files over the
/// limit; at [`SCALE`] 2/3 the 41 benchmark boards are at most 92.9 KB (73.7 KB at level 2)
/// and the sum of their times fell from 388 to 343 ms (one criterion run each, load 4–6).
const ZLIB_LEVEL: u8 = 1;

/// A board larger than this at [`ZLIB_LEVEL`] is encoded again at [`LARGE_LEVEL`], so that
/// it stays under the 100 KB a phone should download: measured on five-player Raja boards,
/// level 4 writes 12–14% less than level 2 (104 KB → 92 KB), for about a millisecond more.
const LARGE_FILE: usize = 96_000;
const LARGE_LEVEL: u8 = 4;
/// Runs of equal pixels (see [`crate::indexed::Indexed::runs`]) above which a board is
/// deflated at [`LARGE_LEVEL`] from the start (measured at 960 px wide; at 640 no benchmark
/// board comes near it, so the size checks below decide). On the 41 benchmark boards, level 2 wrote
/// 0.77–0.78 bytes a run above 115,000 runs: the two boards over this (127,232 and 140,125
/// runs, Gunslinger Gang seat views) were 98.7 and 108 KB at level 2, the largest under it
/// (121,271 runs, a 5-player Raja seat view) 93.5 KB.
const MANY_RUNS: usize = 124_000;
/// A board still over this at [`LARGE_LEVEL`] is encoded once more at [`LARGEST_LEVEL`]:
/// slower, so only for the rare board (a few Gunslinger Gang seat views near 1,600 px) that
/// would otherwise pass 100 KB.
const LARGEST_FILE: usize = 99_000;
const LARGEST_LEVEL: u8 = 9;

/// The longest side a canvas may have, in layout units (a board is never near it).
pub const MAX_SIDE: u32 = 8192;

/// Pixels per layout unit of every picture. Boards are laid out 960 units wide (the issue's
/// limits — 1,600 tall at 960 wide, text readable when shown 400 wide — are in those units)
/// and painted at this scale: 2/3 paints a 640 px wide picture, still 1.6 pixels for each
/// pixel of a phone showing it 400 CSS px wide, with 2.25 times fewer pixels to draw,
/// quantise and deflate than at 960.
pub const SCALE: f32 = 2.0 / 3.0;

/// The thinnest line painted, in pixels: a 1-unit outline scaled below a pixel would be a
/// faint smear.
const THINNEST: f32 = 1.0;

/// A picture being drawn: pixels plus the fonts to write with, and a record of the text and
/// panels drawn (see [`crate::drawing`]).
#[derive(Debug)]
pub struct Canvas {
    pixmap: Pixmap,
    /// Size in layout units (the pixmap is this times `scale`, rounded up).
    width: u32,
    height: u32,
    /// Pixels per layout unit.
    scale: f32,
    fonts: &'static Fonts,
    texts: Vec<TextBox>,
    panels: Vec<Area>,
    /// Only measuring: shapes and text are laid out but nothing is painted (the first pass
    /// of a board whose height depends on its content).
    measuring: bool,
}

impl Canvas {
    /// A `width` × `height` canvas (layout units, painted at [`SCALE`]) filled with
    /// `background`: opaque for a picture (the PNG is written without an alpha channel),
    /// transparent for a sprite to [`Canvas::stamp`].
    ///
    /// # Errors
    /// [`RenderError::Size`] for a zero or absurd size, [`RenderError::Font`] as [`Fonts::load`].
    pub fn new(width: u32, height: u32, background: Rgba) -> Result<Self, RenderError> {
        Self::at_scale(width, height, background, SCALE)
    }

    /// As [`Canvas::new`], painted at `scale` pixels per layout unit: a pixmap of
    /// `ceil(width × scale)` × `ceil(height × scale)`.
    ///
    /// # Errors
    /// As [`Canvas::new`].
    pub fn at_scale(width: u32, height: u32, background: Rgba, scale: f32) -> Result<Self, RenderError> {
        let too_big = RenderError::Size { width, height };
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE || !(scale > 0.0 && scale <= 4.0) {
            return Err(too_big);
        }
        let (w, h) = (pixels_for(width, scale), pixels_for(height, scale));
        let size = tiny_skia::IntSize::from_wh(w, h).ok_or(RenderError::Size { width, height })?;
        // Premultiplied, as tiny-skia stores pixels; one pass instead of zeroing then filling.
        let premultiply = |c: u8| (u16::from(c) * u16::from(background.a) / 255) as u8;
        let pixel = [premultiply(background.r), premultiply(background.g), premultiply(background.b), background.a];
        let pixels = (w as usize).checked_mul(h as usize).ok_or(RenderError::Size { width, height })?;
        let pixmap = Pixmap::from_vec(pixel.repeat(pixels), size).ok_or(too_big)?;
        let fonts = Fonts::shared()?;
        Ok(Self { pixmap, width, height, scale, fonts, texts: Vec::new(), panels: Vec::new(), measuring: false })
    }

    /// A canvas that paints nothing, `width` wide: a board whose height depends on what it
    /// holds is laid out on it first (text measured, nothing drawn), then drawn once for real.
    ///
    /// # Errors
    /// As [`Canvas::new`].
    pub fn measuring(width: u32) -> Result<Self, RenderError> {
        let mut canvas = Self::new(1, 1, Rgba::hex(0))?;
        canvas.measuring = true;
        canvas.width = width.clamp(1, MAX_SIDE);
        Ok(canvas)
    }

    /// A canvas that paints nothing and shares this one's fonts: the content of a panel is
    /// laid out on it to learn the panel's height before the panel is drawn.
    #[must_use]
    pub fn probe(&self) -> Option<Self> {
        let pixmap = Pixmap::new(1, 1)?;
        let (width, height, scale, fonts) = (self.width(), 1, self.scale, self.fonts);
        Some(Self { pixmap, width, height, scale, fonts, texts: Vec::new(), panels: Vec::new(), measuring: true })
    }

    /// Pixels per layout unit.
    #[must_use]
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// Width in layout units.
    #[must_use]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in layout units.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// A line `width` units wide, in pixels: scaled, never thinner than [`THINNEST`].
    fn line_width(&self, width: f32) -> f32 {
        (width * self.scale).max(THINNEST)
    }

    /// `path` (layout units) in pixels.
    fn to_pixels(&self, path: Path) -> Option<Path> {
        path.transform(Transform::from_scale(self.scale, self.scale))
    }

    /// The width of `text` in `style`, as [`Canvas::text`] writes it.
    #[must_use]
    pub fn measure(&self, style: Style, text: &str) -> f32 {
        self.fonts.measure(style.face, f32::from(style.size), &spoken(text))
    }

    /// Fills and/or outlines a path given in layout units.
    fn draw(&mut self, path: Path, fill: Option<Rgba>, stroke: Option<(Rgba, f32)>) {
        if self.measuring {
            return;
        }
        let Some(path) = self.to_pixels(path) else { return };
        // A shape with no area (a bar of length 0) has nothing to fill; tiny-skia would log a
        // warning for each.
        if let Some(colour) = fill.filter(|_| has_area(&path)) {
            self.pixmap.fill_path(&path, &colour.paint(), FillRule::Winding, Transform::identity(), None);
        }
        if let Some((colour, width)) = stroke {
            let width = self.line_width(width);
            let stroke = Stroke { width, line_join: tiny_skia::LineJoin::Round, ..Stroke::default() };
            self.pixmap.stroke_path(&path, &colour.paint(), &stroke, Transform::identity(), None);
        }
    }

    /// A rectangle with rounded corners of radius `radius`, filled and outlined from its
    /// coverage (see [`crate::shapes`]); an outline wider than its corners or its shape goes
    /// through the path stroker.
    pub fn round_rect(&mut self, rect: Rect, radius: f32, fill: Option<Rgba>, stroke: Option<(Rgba, f32)>) {
        if self.measuring {
            return;
        }
        let radius = radius.min(rect.width() / 2.0).min(rect.height() / 2.0).max(0.0);
        let s = self.scale;
        let Some(scaled) = Rect::from_ltrb(rect.left() * s, rect.top() * s, rect.right() * s, rect.bottom() * s) else {
            return;
        };
        if let Some(colour) = fill {
            crate::shapes::fill_round_rect(&mut self.pixmap, scaled, radius * s, colour);
        }
        if let Some((colour, width)) = stroke
            && !crate::shapes::stroke_round_rect(
                &mut self.pixmap,
                scaled,
                radius * s,
                (width * s).max(THINNEST),
                colour,
            )
            && let Some(path) = round_rect_path(rect, radius)
        {
            self.draw(path, None, Some((colour, width)));
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
            self.draw(path, fill, stroke);
        }
    }

    /// A circle of radius `radius` around `(cx, cy)`.
    ///
    /// A circle is a square with corners of half its side: painted from its coverage like a
    /// panel (see [`crate::shapes`]), where tiny-skia's path filler and stroker cost a
    /// Conquest of Mars board's pips and a Raja board's nobles a tenth of its time.
    pub fn circle(&mut self, cx: f32, cy: f32, radius: f32, fill: Option<Rgba>, stroke: Option<(Rgba, f32)>) {
        if let Some(square) = rect(cx - radius, cy - radius, 2.0 * radius, 2.0 * radius) {
            self.round_rect(square, radius, fill, stroke);
        }
    }

    /// An open line through `points` with round ends, solid or dashed (`dash` = on, off).
    pub fn line(&mut self, points: &[(f32, f32)], colour: Rgba, width: f32, dash: Option<(f32, f32)>) {
        let mut builder = PathBuilder::new();
        for (i, (x, y)) in points.iter().enumerate() {
            if i == 0 { builder.move_to(*x, *y) } else { builder.line_to(*x, *y) }
        }
        let Some(path) = builder.finish().filter(|_| !self.measuring).and_then(|p| self.to_pixels(p)) else { return };
        let s = self.scale;
        let stroke = Stroke {
            width: self.line_width(width),
            line_cap: tiny_skia::LineCap::Round,
            line_join: tiny_skia::LineJoin::Round,
            dash: dash.and_then(|(on, off)| tiny_skia::StrokeDash::new(vec![on * s, off * s], 0.0)),
            ..Stroke::default()
        };
        self.pixmap.stroke_path(&path, &colour.paint(), &stroke, Transform::identity(), None);
    }

    /// `text` shortened with an ellipsis so that it is at most `max_width` wide in `style`.
    #[must_use]
    pub fn fit(&self, style: Style, text: &str, max_width: f32) -> String {
        if self.measure(style, text) <= max_width {
            return text.to_string();
        }
        // Names come from users; no board needs more than this many characters on a line.
        let mut chars: Vec<char> = text.chars().take(64).collect();
        while !chars.is_empty() {
            chars.pop();
            let candidate: String = chars.iter().collect::<String>().trim_end().to_string() + "…";
            if self.measure(style, &candidate) <= max_width {
                return candidate;
            }
        }
        "…".to_string()
    }

    /// `text` split at spaces into lines no wider than `width` in `style`, at most `max` of
    /// them; the last ends with an ellipsis if text was left over.
    #[must_use]
    pub fn wrap(&self, style: Style, text: &str, width: f32, max: usize) -> Vec<String> {
        let mut lines: Vec<String> = Vec::new();
        let mut current = String::new();
        for word in text.split_whitespace() {
            let candidate = if current.is_empty() { word.to_string() } else { format!("{current} {word}") };
            if current.is_empty() || self.measure(style, &candidate) <= width {
                current = candidate;
            } else {
                lines.push(std::mem::replace(&mut current, word.to_string()));
            }
        }
        if !current.is_empty() {
            lines.push(current);
        }
        if lines.len() > max.max(1) {
            let rest = lines.split_off(max.max(1) - 1).join(" ");
            lines.push(rest);
        }
        lines.into_iter().map(|line| self.fit(style, &line, width)).collect()
    }

    /// `phrases` joined by " · " into lines no wider than `width`, each phrase whole on a
    /// line where it fits (a longer one is wrapped onto two).
    #[must_use]
    pub fn pack(&self, style: Style, phrases: &[String], width: f32) -> Vec<String> {
        let mut lines: Vec<String> = Vec::new();
        for phrase in phrases {
            let joined = lines.last().map(|last| format!("{last} · {phrase}"));
            match joined {
                Some(joined) if self.measure(style, &joined) <= width => *lines.last_mut().expect("a line") = joined,
                _ => lines.extend(self.wrap(style, phrase, width, 2)),
            }
        }
        lines
    }

    /// Writes one line of `text` on the baseline `y`, anchored at `x` by `align`; returns
    /// its width. A line that calls a player "You" is written in the second person (see
    /// [`spoken`]).
    pub fn text(&mut self, x: f32, y: f32, text: &str, style: Style, align: Align) -> f32 {
        let text = &*spoken(text);
        let size = f32::from(style.size);
        let width = self.fonts.measure(style.face, size, text);
        if self.measuring {
            return width;
        }
        let left = match align {
            Align::Left => x,
            Align::Center => x - width / 2.0,
            Align::Right => x - width,
        };
        // Laid out at the painted size from the scaled anchor: the same as scaling the
        // layout-unit positions, since every advance and kerning pair scales with the size.
        let s = self.scale;
        let (placed, _) = self.fonts.layout(style.face, size * s, text, left * s);
        let mut glyphs = GlyphCache::shared();
        let mut ink: Option<Area> = None;
        for glyph in placed {
            if let Some((mask, px, py)) = glyphs.mask(self.fonts, style.face, size * s, glyph.id, glyph.x, y * s) {
                let (x0, y0) = (px + mask.left, py + mask.top);
                blend_mask(&mut self.pixmap, mask, x0, y0, style.colour);
                ink = union(ink, mask_ink(mask, x0, y0));
            }
        }
        // The ink box in layout units, like the panels it is checked against.
        let ink = ink.map(|a| Area { left: a.left / s, top: a.top / s, right: a.right / s, bottom: a.bottom / s });
        self.texts.push(TextBox { text: text.to_string(), size: style.size, role: style.role, ink });
        width
    }

    /// Records `area` as a panel (or card, tile, chip) that text drawn over it must stay
    /// inside: the limits test reports text that crosses its edge.
    pub fn panel_area(&mut self, area: Rect) {
        self.panels.push(Area { left: area.left(), top: area.top(), right: area.right(), bottom: area.bottom() });
    }

    /// The encoded picture with the record of what was drawn on it.
    pub(crate) fn into_drawing(self, png: Vec<u8>) -> Drawing {
        let (width, height, scale) = (self.width(), self.height(), self.scale);
        Drawing { png, width, height, scale, texts: self.texts, panels: self.panels }
    }

    /// Draws `sprite` (the pixels of another canvas at the same scale) with its top-left
    /// corner on the pixel nearest `(x, y)` (layout units): source-over, pixel onto pixel.
    ///
    /// A whole-pixel copy needs no resampling, so it is done here: tiny-skia's `draw_pixmap`
    /// runs its general pattern pipeline (coordinates transformed and gathered per pixel),
    /// which was a twentieth of a Conquest of Mars board's time.
    pub fn stamp(&mut self, sprite: &Pixmap, x: f32, y: f32) {
        if self.measuring {
            return;
        }
        let (x0, y0) = ((x * self.scale).round() as i32, (y * self.scale).round() as i32);
        let (width, height) = (self.pixmap.width() as i32, self.pixmap.height() as i32);
        let (sw, sh) = (sprite.width() as i32, sprite.height() as i32);
        // The sprite's columns and rows that land on the canvas.
        let (c0, c1) = ((-x0).clamp(0, sw), (width - x0).clamp(0, sw));
        let (r0, r1) = ((-y0).clamp(0, sh), (height - y0).clamp(0, sh));
        if c0 >= c1 {
            return;
        }
        let (stride, sprite_stride) = (width as usize * 4, sw as usize * 4);
        let data = self.pixmap.data_mut();
        for row in r0..r1 {
            let from = row as usize * sprite_stride;
            let source = &sprite.data()[from + c0 as usize * 4..from + c1 as usize * 4];
            let at = (y0 + row) as usize * stride + (x0 + c0) as usize * 4;
            let target = &mut data[at..at + source.len()];
            for (pixel, ink) in target.chunks_exact_mut(4).zip(source.chunks_exact(4)) {
                match ink[3] {
                    0 => {}
                    255 => pixel.copy_from_slice(ink),
                    alpha => {
                        // Premultiplied: the ink plus what shows through it.
                        let rest = 255 - u32::from(alpha);
                        for (channel, ink) in pixel.iter_mut().zip(ink) {
                            *channel = (u32::from(*ink) + mul255(u32::from(*channel), rest)).min(255) as u8;
                        }
                    }
                }
            }
        }
    }

    /// The pixels as premultiplied RGBA bytes, row by row (opaque, so plain RGBA).
    #[must_use]
    pub(crate) fn pixels(&self) -> &[u8] {
        self.pixmap.data()
    }

    /// Width and height in pixels.
    #[must_use]
    pub(crate) fn pixel_size(&self) -> (u32, u32) {
        (self.pixmap.width(), self.pixmap.height())
    }

    /// The pixels, to keep as a sprite.
    #[must_use]
    pub fn into_pixmap(self) -> Pixmap {
        self.pixmap
    }

    /// The pixels as RGB bytes, row by row (the canvas is opaque, so premultiplied
    /// RGBA is plain RGBA and alpha can be dropped).
    #[must_use]
    #[cfg(test)]
    pub fn rgb(&self) -> Vec<u8> {
        let data = self.pixmap.data();
        let mut rgb = vec![0; data.len() / 4 * 3];
        for (out, pixel) in rgb.chunks_exact_mut(3).zip(data.chunks_exact(4)) {
            out.copy_from_slice(&pixel[..3]);
        }
        rgb
    }

    /// Encodes the picture as a palette PNG (see [`crate::indexed`]) and returns it with the
    /// record of what was drawn. One deflate pass at a fast level, never a slower second try:
    /// a board is kept small by its size on screen and its palette, not by compressing harder.
    ///
    /// # Errors
    /// [`RenderError::Encode`] if the encoder fails.
    pub(crate) fn finish(self) -> Result<Drawing, RenderError> {
        // Quantised once: a retry at a stronger level deflates the same indices again.
        let indexed = crate::indexed::quantise(&self);
        // A board with many runs would come out over LARGE_FILE at ZLIB_LEVEL: go straight
        // to LARGE_LEVEL instead of deflating twice. A guess only; the checks below stand.
        let first = if indexed.runs > MANY_RUNS { LARGE_LEVEL } else { ZLIB_LEVEL };
        let mut png = self.encode_indexed(&indexed, first)?;
        if png.len() > LARGE_FILE && first < LARGE_LEVEL {
            png = self.encode_indexed(&indexed, LARGE_LEVEL)?;
        }
        // The rare board still over the limit pays for the strongest level.
        if png.len() > LARGEST_FILE {
            png = self.encode_indexed(&indexed, LARGEST_LEVEL)?;
        }
        Ok(self.into_drawing(png))
    }

    /// The picture as an 8-bit RGB PNG (lossless), to compare palette PNGs with.
    ///
    /// # Errors
    /// [`RenderError::Encode`] if the encoder fails.
    #[cfg(test)]
    pub fn png(&self) -> Result<Vec<u8>, RenderError> {
        self.encode(&self.rgb(), 4)
    }

    /// `indexed` (this canvas's pixels reduced to a palette) as a PNG at zlib `level`.
    ///
    /// The rows come already laid out as the PNG's image data (filter byte first), so they
    /// are deflated here in one call into one buffer and the `png` crate writes only the
    /// chunks around them. Its `write_image_data` copied every row into a scratch row, fed
    /// zlib a 1-byte write and a row-long write per row through `flate2::write`, and grew
    /// and copied the deflated stream twice more: 0.6 ms of a 4-player Gunslinger Gang
    /// board's 10 (the memmove and memset of the profile). Same zlib, same level, same bytes.
    pub(crate) fn encode_indexed(&self, indexed: &crate::indexed::Indexed, level: u8) -> Result<Vec<u8>, RenderError> {
        let image = deflate(&indexed.rows, level).map_err(encoding)?;
        let mut bytes = Vec::with_capacity(image.len() + 3 * 256 + 64);
        let mut encoder = png::Encoder::new(&mut bytes, self.pixmap.width(), self.pixmap.height());
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(indexed.palette.as_slice());
        let written = encoder.write_header().and_then(|mut writer| {
            writer.write_chunk(png::chunk::IDAT, &image)?;
            writer.finish()
        });
        written.map_err(encoding)?;
        Ok(bytes)
    }

    #[cfg(test)]
    fn encode(&self, rgb: &[u8], level: u8) -> Result<Vec<u8>, RenderError> {
        use image::ImageEncoder;
        use image::codecs::png::{CompressionType, FilterType, PngEncoder};
        let mut bytes = Vec::with_capacity(rgb.len() / 24);
        let encoder = PngEncoder::new_with_quality(&mut bytes, CompressionType::Level(level), FilterType::NoFilter);
        encoder.write_image(rgb, self.pixmap.width(), self.pixmap.height(), image::ExtendedColorType::Rgb8)?;
        Ok(bytes)
    }
}

/// `data` as one zlib stream at `level` (0–9), in one buffer sized for a board's stream.
fn deflate(data: &[u8], level: u8) -> Result<Vec<u8>, flate2::CompressError> {
    use flate2::{Compress, Compression, FlushCompress, Status};
    let mut zlib = Compress::new(Compression::new(u32::from(level)), true);
    let mut out = Vec::with_capacity(data.len() / 8 + 1024);
    loop {
        let consumed = zlib.total_in() as usize;
        let flush = if consumed < data.len() { FlushCompress::None } else { FlushCompress::Finish };
        if zlib.compress_vec(&data[consumed..], &mut out, flush)? == Status::StreamEnd {
            return Ok(out);
        }
        if out.len() < out.capacity() {
            continue;
        }
        // Out of room: a picture that deflates worse than one byte in eight.
        out.reserve(out.capacity());
    }
}

/// An error of the PNG encoder or of its deflate, as the image crate's.
fn encoding(e: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> RenderError {
    let hint = image::error::ImageFormatHint::Exact(image::ImageFormat::Png);
    image::ImageError::Encoding(image::error::EncodingError::new(hint, e)).into()
}

/// `text` as a person reads it where a player is called "You" (the terminal's name for its
/// player, whose board pictures are written to a file): "You's turn" -> "Your turn", "You
/// pulls first" -> "You pull first", "Proposal by Bo to You" -> "… to you". The games build
/// their lines from the players' names, so every line the boards write passes here once,
/// as the text boards do as a whole. Any other line is borrowed as it is.
fn spoken(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains("You") { engines::wording::second_person(text).into() } else { text.into() }
}

/// Pixels for `length` layout units at `scale`: rounded up, at least one.
fn pixels_for(length: u32, scale: f32) -> u32 {
    ((length as f32 * scale - 1e-3).ceil() as u32).max(1)
}

/// The inked pixels of `mask` placed with its first pixel on `(x0, y0)`.
fn mask_ink(mask: &Mask, x0: i32, y0: i32) -> Option<Area> {
    let (l, t, r, b) = mask.ink;
    (r > l && b > t).then(|| Area {
        left: (x0 + i32::from(l)) as f32,
        top: (y0 + i32::from(t)) as f32,
        right: (x0 + i32::from(r)) as f32,
        bottom: (y0 + i32::from(b)) as f32,
    })
}

/// The smallest area holding both.
fn union(a: Option<Area>, b: Option<Area>) -> Option<Area> {
    match (a, b) {
        (Some(a), Some(b)) => Some(Area {
            left: a.left.min(b.left),
            top: a.top.min(b.top),
            right: a.right.max(b.right),
            bottom: a.bottom.max(b.bottom),
        }),
        (a, None) => a,
        (None, b) => b,
    }
}

/// `a × b / 255`, rounded.
fn mul255(a: u32, b: u32) -> u32 {
    (a * b + 127) / 255
}

/// Paints `colour` through a coverage mask whose first pixel lands on `(x0, y0)`
/// (source-over onto premultiplied pixels; whatever falls outside the canvas is dropped).
fn blend_mask(pixmap: &mut Pixmap, mask: &Mask, x0: i32, y0: i32, colour: Rgba) {
    let (width, height) = (pixmap.width() as i32, pixmap.height() as i32);
    let stride = width as usize * 4;
    let mask_width = mask.width.max(1) as i32;
    // The mask's columns that land on the canvas, found once rather than pixel by pixel.
    let (c0, c1) = ((-x0).clamp(0, mask_width), (width - x0).clamp(0, mask_width));
    if c0 >= c1 {
        return;
    }
    let ink = [colour.r, colour.g, colour.b, 255];
    let data = pixmap.data_mut();
    for ((row, coverage), (first, end)) in mask.coverage.chunks_exact(mask_width as usize).enumerate().zip(&mask.spans)
    {
        let y = y0 + row as i32;
        // Only the row's inked columns that land on the canvas.
        let (c0, c1) = (c0.max(i32::from(*first)), c1.min(i32::from(*end)));
        if !(0..height).contains(&y) || c0 >= c1 {
            continue;
        }
        let start = y as usize * stride + (x0 + c0) as usize * 4;
        let pixels = data[start..start + (c1 - c0) as usize * 4].chunks_exact_mut(4);
        for (pixel, &c) in pixels.zip(&coverage[c0 as usize..c1 as usize]) {
            if c == 0 {
                continue;
            }
            if c == 255 && colour.a == 255 {
                pixel.copy_from_slice(&ink);
                continue;
            }
            let alpha = mul255(u32::from(colour.a), u32::from(c));
            let rest = 255 - alpha;
            for (channel, ink) in pixel.iter_mut().zip(ink) {
                let value = mul255(u32::from(ink), alpha) + mul255(u32::from(*channel), rest);
                *channel = value.min(255) as u8;
            }
        }
    }
}

/// Whether `path` encloses any area: tiny-skia refuses (with a warning) to fill one that does
/// not.
pub(crate) fn has_area(path: &Path) -> bool {
    let bounds = path.bounds();
    bounds.width() > f32::EPSILON && bounds.height() > f32::EPSILON
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

    #[test]
    fn text_is_drawn_with_anti_aliased_edges() {
        let white = Rgba::hex(0xffffff);
        let mut canvas = Canvas::at_scale(120, 40, Rgba::hex(0x000000), 1.0).expect("canvas");
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
            let mut canvas = Canvas::at_scale(200, 30, Rgba::hex(0), 1.0).expect("canvas");
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
        let mut canvas = Canvas::at_scale(64, 32, Rgba::hex(0x202830), 1.0).expect("canvas");
        canvas.polygon(&[(4.0, 28.0), (20.0, 4.0), (36.0, 28.0)], Some(Rgba::hex(0xffcc00)), None);
        let bytes = canvas.png().expect("png");
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        let decoded = image::load_from_memory(&bytes).expect("decodes").to_rgb8();
        assert_eq!(decoded.dimensions(), (64, 32));
        assert_eq!(decoded.as_raw(), &canvas.rgb());
        assert!(matches!(Canvas::new(0, 10, Rgba::hex(0)), Err(RenderError::Size { .. })));
        assert!(matches!(Canvas::new(100, MAX_SIDE + 1, Rgba::hex(0)), Err(RenderError::Size { .. })));
    }

    #[test]
    fn a_scaled_canvas_paints_fewer_pixels_and_keeps_layout_units() {
        let white = Rgba::hex(0xffffff);
        let style = Style::new(Face::Bold, 24, white);
        let mut full = Canvas::at_scale(960, 60, Rgba::hex(0), 1.0).expect("canvas");
        let mut small = Canvas::at_scale(960, 60, Rgba::hex(0), 2.0 / 3.0).expect("canvas");
        assert_eq!((small.width(), small.height()), (960, 60), "layout units");
        assert_eq!((small.pixmap.width(), small.pixmap.height()), (640, 40), "pixels");
        // Same measure, and an ink box in layout units within about a pixel of the full one.
        let (a, b) = (
            full.text(100.0, 40.0, "Round 3", style, Align::Left),
            small.text(100.0, 40.0, "Round 3", style, Align::Left),
        );
        assert!((a - b).abs() < 0.01);
        let (ink_full, ink_small) = (full.texts[0].ink.expect("ink"), small.texts[0].ink.expect("ink"));
        for (f, s) in
            [(ink_full.left, ink_small.left), (ink_full.right, ink_small.right), (ink_full.top, ink_small.top)]
        {
            assert!((f - s).abs() <= 2.0, "{ink_full:?} vs {ink_small:?}");
        }
        assert_eq!(small.texts[0].size, 24, "the size a player reads is the layout size");
        // A 1-unit outline stays a whole pixel wide (not 2/3 of one): its ink down a column
        // adds up to a full pixel.
        small.line(&[(0.0, 10.5), (960.0, 10.5)], white, 1.0, None);
        let ink: u32 = (4..10).map(|y| u32::from(small.pixmap.data()[(y * 640 + 320) * 4])).sum();
        assert!((250..=260).contains(&ink), "{ink}");
        // A sprite is stamped at the scaled position.
        let mut sprite = Canvas::at_scale(30, 30, white, 2.0 / 3.0).expect("sprite");
        sprite.measuring = false;
        let mut board = Canvas::at_scale(300, 300, Rgba::hex(0), 2.0 / 3.0).expect("board");
        board.stamp(&sprite.into_pixmap(), 150.0, 150.0);
        let lit: Vec<usize> = (0..200).filter(|x| board.pixmap.data()[(110 * 200 + x) * 4] == 255).collect();
        assert_eq!((lit.first(), lit.last()), (Some(&100), Some(&119)));
    }
}
