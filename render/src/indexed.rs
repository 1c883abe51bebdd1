//! PNG with a colour palette, for boards too rich for [`Canvas::png`]'s budget.
//!
//! A board is flat colour plus anti-aliased edges: about a thousand distinct colours, of which
//! the 256 most frequent cover about 99% of the pixels (measured on Gunslinger Gang boards).
//! Those become the palette; every rarer colour (a few edge pixels) takes its nearest palette
//! entry, a difference the eye does not see. One byte a pixel instead of three: a 4-player
//! Gunslinger Gang board (960 × 1436) is 85 KB at zlib level 4, against 160 KB as RGB at the
//! same level (117 KB at level 9, six times slower), and deflating a third of the bytes is
//! faster too.
//!
//! The Gunslinger Gang boards use this quantiser; the Martian Gunslinger boards use the
//! bucketed one in `palette.rs`. Both are written by the `png` crate through
//! [`Canvas::encode_indexed`]. Moving Martian Gunslinger to this one (exact wherever a colour
//! is among the 256 most frequent) moves a few thousand edge pixels of its golden images.

#[cfg(test)]
use crate::RenderError;
use crate::canvas::Canvas;

/// A picture reduced to at most 256 colours.
#[derive(Debug, PartialEq, Eq)]
pub struct Indexed {
    /// The palette as RGB triples, at most 256 of them.
    pub palette: Vec<u8>,
    /// One palette index per pixel, row by row, each row led by its PNG filter type (0, none):
    /// the PNG's image data before deflate, handed to zlib as it is with no copy in between.
    pub rows: Vec<u8>,
    /// How many runs of equal pixels the picture has (in reading order, across rows): what
    /// its deflated size follows, about 0.7–0.8 bytes a run at zlib level 2 on large boards.
    pub runs: usize,
}

/// Palette entries a PNG allows at 8 bits a pixel.
const PALETTE: usize = 256;

/// Colours are keyed by their RGBA bytes read little-endian with alpha dropped, so red is the
/// low byte (the canvas is opaque, so premultiplied and straight colour agree).
const KEY: u32 = 0x00ff_ffff;

/// The red, green and blue bytes of a key.
fn channels(key: u32) -> [u8; 3] {
    [key as u8, (key >> 8) as u8, (key >> 16) as u8]
}

/// Squared distance, weighted for the eye's sensitivity (green most, blue least).
#[cfg(test)]
fn distance(a: u32, b: u32) -> u32 {
    let [r, g, b] = [0, 8, 16].map(|shift| ((a >> shift) & 0xff).abs_diff((b >> shift) & 0xff));
    2 * r * r + 4 * g * g + 3 * b * b
}

/// Colour ids by colour: open addressing with linear probing, doubled when half full. A board
/// has a thousand or so colours and a hundred thousand runs to look up, which this does in a
/// multiply and a compare or two (the standard map's hashing cost more than the rest).
struct Ids {
    /// (key, id) side by side: a probe reads one cache line, not one in each of two arrays.
    slots: Vec<(u32, u32)>,
    len: usize,
}

impl Ids {
    /// Never a key: keys have no alpha byte.
    const EMPTY: u32 = u32::MAX;

    fn new() -> Self {
        Self { slots: vec![(Self::EMPTY, 0); 4096], len: 0 }
    }

    #[inline(always)]
    fn slot(&self, key: u32) -> usize {
        let mask = self.slots.len() - 1;
        let mut slot = (key.wrapping_mul(0x9e37_79b1) >> 12) as usize & mask;
        while self.slots[slot].0 != key && self.slots[slot].0 != Self::EMPTY {
            slot = (slot + 1) & mask;
        }
        slot
    }

    /// The id of `key`, numbering it `next` if it is new (then `true`).
    #[inline(always)]
    fn get_or_insert(&mut self, key: u32, next: u32) -> (u32, bool) {
        let slot = self.slot(key);
        if self.slots[slot].0 == key {
            return (self.slots[slot].1, false);
        }
        self.insert(slot, key, next);
        (next, true)
    }

    #[cold]
    #[inline(never)]
    fn insert(&mut self, slot: usize, key: u32, next: u32) {
        self.slots[slot] = (key, next);
        self.len += 1;
        if 2 * self.len > self.slots.len() {
            self.grow();
        }
    }

    fn grow(&mut self) {
        let old = std::mem::replace(self, Self { slots: vec![(Self::EMPTY, 0); 2 * self.slots.len()], len: 0 });
        for (key, id) in old.slots.into_iter().filter(|(k, _)| *k != Self::EMPTY) {
            let slot = self.slot(key);
            self.slots[slot] = (key, id);
            self.len += 1;
        }
    }
}

/// The picture as runs of equal pixels in reading order (a run may go on into the next
/// row: the indices are written as one stream): (colour id, length), where ids number the
/// distinct colours in order of appearance; and the colours by id with their counts.
struct Runs {
    runs: Vec<(u32, u32)>,
    colours: Vec<(u32, u32)>,
}

fn runs(rgba: &[u8]) -> Runs {
    // The pixels as whole RGBA words. A pixmap's buffer comes from the allocator aligned for
    // a word, so this borrows it; the copy is for a buffer that is not.
    let words: std::borrow::Cow<'_, [u32]> = match bytemuck::try_cast_slice::<u8, u32>(rgba) {
        Ok(words) => words.into(),
        Err(_) => rgba.chunks_exact(4).map(|p| u32::from_le_bytes([p[0], p[1], p[2], p[3]])).collect(),
    };
    let mut tally = Tally {
        ids: Ids::new(),
        colours: Vec::new(),
        // A board has a few hundred thousand runs: one buffer for all of them.
        runs: Vec::with_capacity(words.len() / 16),
        before: (u32::MAX, 0),
        last: (u32::MAX, 0),
    };
    // Where runs end is found 64 pixels at a time, as a mask of the pixels that differ from
    // the one before (compared several at a time in vector registers); the runs are then read
    // off the mask's set bits. Testing pixel by pixel where each run ends cost a mispredicted
    // branch for most of a hundred thousand short runs of anti-aliased edges.
    let mut start = 0;
    let (pixels, previous) = (words.get(1..).unwrap_or_default(), &words[..]);
    for (chunk, (pixels, previous)) in pixels.chunks(64).zip(previous.chunks(64)).enumerate() {
        let mut mask = match (<&[u32; 64]>::try_from(pixels), <&[u32; 64]>::try_from(previous)) {
            (Ok(pixels), Ok(previous)) => differ(pixels, previous),
            _ => pixels.iter().zip(previous).enumerate().fold(0, |mask, (k, (a, b))| mask | (u64::from(a != b) << k)),
        };
        while mask != 0 {
            let end = 1 + chunk * 64 + mask.trailing_zeros() as usize;
            tally.run(words[start], (end - start) as u32);
            start = end;
            mask &= mask - 1;
        }
    }
    if let Some(colour) = words.get(start) {
        tally.run(*colour, (words.len() - start) as u32);
    }
    let Tally { runs, colours, .. } = tally;
    Runs { runs, colours }
}

/// Bit `k` set where `a[k]` and `b[k]` differ. The words are compared into bytes (0 or 1),
/// which the compiler does several at a time in vector registers, and each 8 bytes are
/// gathered into 8 bits by one multiply: byte `j` lands on bit 56 + `j` of the product.
#[inline]
fn differ(a: &[u32; 64], b: &[u32; 64]) -> u64 {
    let mut bytes = [0u8; 64];
    for ((byte, a), b) in bytes.iter_mut().zip(a).zip(b) {
        *byte = u8::from(a != b);
    }
    bytes.chunks_exact(8).enumerate().fold(0, |mask, (i, eight)| {
        let eight = u64::from_le_bytes(eight.try_into().unwrap_or_default());
        mask | ((eight.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i))
    })
}

/// The runs and colours found so far (see [`Runs`]).
struct Tally {
    ids: Ids,
    colours: Vec<(u32, u32)>,
    runs: Vec<(u32, u32)>,
    /// The colour two runs back, with its id: anti-aliased text and lines on a panel come
    /// back to the panel's colour after a run or two, and this answers those without a lookup.
    before: (u32, u32),
    last: (u32, u32),
}

impl Tally {
    /// A run of `length` pixels of `colour`.
    #[inline(always)]
    fn run(&mut self, colour: u32, length: u32) {
        let key = colour & KEY;
        let id = if key == self.before.0 {
            self.before.1
        } else {
            let (id, new) = self.ids.get_or_insert(key, self.colours.len() as u32);
            if new {
                self.colours.push((key, 0));
            }
            id
        };
        self.colours[id as usize].1 += length;
        self.runs.push((id, length));
        (self.before, self.last) = (self.last, (key, id));
    }
}

/// The palette (most frequent colours first) and, by colour id, each colour's palette index.
fn palette(colours: &[(u32, u32)]) -> (Vec<u32>, Vec<u8>) {
    let mut by_count: Vec<usize> = (0..colours.len()).collect();
    // Most frequent first; equal counts by colour, so the palette depends on the picture only.
    let order = |a: &usize, b: &usize| colours[*b].1.cmp(&colours[*a].1).then(colours[*a].0.cmp(&colours[*b].0));
    // Only the palette's entries need an order (the rest are mapped to their nearest entry
    // one by one): pick them out first, then sort just those. A board has thousands of
    // anti-aliased colours; sorting them all was 8% of a Conquest of Mars board at 640 px.
    if by_count.len() > PALETTE {
        by_count.select_nth_unstable_by(PALETTE - 1, order);
    }
    let entries = by_count.len().min(PALETTE);
    by_count[..entries].sort_unstable_by(order);
    let palette: Vec<u32> = by_count.iter().take(PALETTE).map(|id| colours[*id].0).collect();
    let nearest = Nearest::new(&palette);
    let mut index = vec![0u8; colours.len()];
    for (rank, id) in by_count.iter().enumerate() {
        index[*id] = if rank < PALETTE { rank as u8 } else { nearest.of(colours[*id].0) };
    }
    (palette, index)
}

/// The palette sorted by green, for finding the entry nearest a colour without measuring
/// the distance to all 256: a board has a few thousand colours outside the palette (the
/// anti-aliased edges), and comparing each with every entry was a tenth of a board's time.
struct Nearest {
    /// (green, red, blue, index in the palette), by green, then index.
    entries: Vec<[i32; 4]>,
    /// By green level, the first entry with at least that green: where a search starts,
    /// read instead of found by bisection (whose eight unpredictable branches a colour cost
    /// as much as the search).
    first: [u16; 257],
}

impl Nearest {
    fn new(palette: &[u32]) -> Self {
        let mut entries: Vec<[i32; 4]> = palette
            .iter()
            .take(PALETTE)
            .enumerate()
            .map(|(i, colour)| {
                let [r, g, b] = channels(*colour).map(i32::from);
                [g, r, b, i as i32]
            })
            .collect();
        entries.sort_unstable();
        let mut first = [0u16; 257];
        let mut at = 0;
        for (level, start) in first.iter_mut().enumerate() {
            while entries.get(at).is_some_and(|e| (e[0] as usize) < level) {
                at += 1;
            }
            *start = at as u16;
        }
        Self { entries, first }
    }

    /// The index of the entry nearest `colour` by [`distance`], the first of equals.
    ///
    /// Each distance (at most 9 × 255², under 2²⁰) is packed with its index in the low byte,
    /// so the least packed word is the nearest entry and, among equals, the first. Entries
    /// are visited outwards from the colour's green, up then down; the green term alone
    /// (4 × dg²) only grows along each way, so a way ends where it passes the best so far.
    fn of(&self, colour: u32) -> u8 {
        let [r, g, b] = channels(colour).map(i32::from);
        let start = usize::from(self.first[g as usize]);
        let (above, below) = (&self.entries[start..], &self.entries[..start]);
        let mut best = u32::MAX;
        // Whether the way goes on past `entry`, which it also weighs.
        let mut visit = |entry: &[i32; 4]| {
            let [eg, er, eb, i] = *entry;
            let (dr, dg, db) = (er - r, eg - g, eb - b);
            if ((4 * dg * dg) as u32) << 8 > best {
                return false;
            }
            best = best.min((((2 * dr * dr + 4 * dg * dg + 3 * db * db) as u32) << 8) | i as u32);
            true
        };
        for entry in above {
            if !visit(entry) {
                break;
            }
        }
        for entry in below.iter().rev() {
            if !visit(entry) {
                break;
            }
        }
        best as u8
    }
}

/// The picture on `canvas` reduced to at most 256 colours: its 256 most frequent exact, the
/// rest mapped to the nearest of them.
#[must_use]
pub fn quantise(canvas: &Canvas) -> Indexed {
    let runs = runs(canvas.pixels());
    let (palette, index) = palette(&runs.colours);
    let (width, height) = canvas.pixel_size();
    let (width, height) = (width as usize, height as usize);
    let size = (width + 1) * height;
    // Every byte is written below; the slack lets a short run be stored as one 8-byte word
    // (the bytes past its end are overwritten by what follows), where filling it byte by
    // byte was a call to memset for each of a hundred thousand runs of 5 pixels or so.
    let mut rows = vec![0u8; size + 8];
    // Runs go on across rows: a run is cut where a row ends, and the next row's filter byte
    // (0, already there) is stepped over. `at` is where the next index goes, `left` what is
    // left of the current row.
    let (mut at, mut left) = (1, width);
    for (id, length) in &runs.runs {
        let (value, mut length) = (index[*id as usize], *length as usize);
        while length > 0 {
            let part = length.min(left);
            if part <= 8 {
                rows[at..at + 8].copy_from_slice(&[value; 8]);
            } else {
                rows[at..at + part].fill(value);
            }
            (at, length, left) = (at + part, length - part, left - part);
            if left == 0 {
                // The next row's filter byte: a short run's word may have written over it.
                rows[at] = 0;
                (at, left) = (at + 1, width);
            }
        }
    }
    rows.truncate(size);
    let palette = palette.iter().flat_map(|c| channels(*c)).collect();
    Indexed { palette, rows, runs: runs.runs.len() }
}

/// The picture on `canvas` as an 8-bit palette PNG (see [`quantise`]), deflated at zlib
/// `level` (0–9).
///
/// # Errors
/// [`RenderError::Encode`] if the encoder fails.
#[cfg(test)]
pub fn png(canvas: &Canvas, level: u8) -> Result<Vec<u8>, RenderError> {
    canvas.encode_indexed(&quantise(canvas), level)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canvas::{Align, Face, Rgba, Style, rect};

    #[test]
    fn few_colours_round_trip_exactly() {
        let mut canvas = Canvas::at_scale(90, 40, Rgba::hex(0x202830), 1.0).expect("canvas");
        if let Some(area) = rect(10.0, 10.0, 30.0, 20.0) {
            canvas.round_rect(area, 0.0, Some(Rgba::hex(0xde5a2a)), None);
        }
        let original = canvas.rgb();
        let bytes = png(&canvas, 6).expect("png");
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        let decoded = image::load_from_memory(&bytes).expect("decodes").to_rgb8();
        assert_eq!(decoded.dimensions(), (90, 40));
        assert_eq!(decoded.as_raw(), &original, "two colours: lossless");
    }

    #[test]
    fn many_colours_keep_the_frequent_ones_and_approximate_the_rest() {
        let mut canvas = Canvas::new(400, 300, Rgba::hex(0x14171d)).expect("canvas");
        for i in 0..600u32 {
            // 600 flat colours: the first few cover large areas, the rest a pixel each.
            let colour = Rgba::hex(0x10_2030 + i * 0x01_0305);
            let (x, y, side) =
                if i < 20 { (i as f32 * 20.0, 0.0, 20.0) } else { ((i % 400) as f32, 200.0 + (i / 400) as f32, 1.0) };
            if let Some(area) = rect(x, y, side, side) {
                canvas.round_rect(area, 0.0, Some(colour), None);
            }
        }
        canvas.text(10.0, 120.0, "Gunslinger Gang", Style::new(Face::Bold, 30, Rgba::hex(0xffc53d)), Align::Left);
        let original = canvas.rgb();
        let rgb_png = canvas.png().expect("rgb png");
        let bytes = png(&canvas, 6).expect("png");
        let decoded = image::load_from_memory(&bytes).expect("decodes").to_rgb8();
        let off = decoded.as_raw().chunks_exact(3).zip(original.chunks_exact(3)).filter(|(a, b)| a != b).count();
        assert!(off > 0 && off < 400 * 300 / 100, "{off} pixels approximated");
        // The big blocks are exact.
        assert_eq!(&decoded.as_raw()[..3 * 400 * 10], &original[..3 * 400 * 10]);
        assert!(bytes.len() < rgb_png.len(), "{} vs {}", bytes.len(), rgb_png.len());
    }

    #[test]
    fn runs_are_the_stretches_of_equal_pixels() {
        // Runs of 1 to 150 pixels of a few colours: some end on a 64-pixel boundary, some
        // span several, and the last ends with the picture.
        let mut pixels = Vec::new();
        let mut want: Vec<(u32, u32)> = Vec::new();
        for i in 0..400u32 {
            let (colour, length) = (0xff00_0000 | (i * 7 % 5), 1 + i * 37 % 150);
            match want.last_mut() {
                Some((last, run)) if *last == colour => *run += length,
                _ => want.push((colour, length)),
            }
            pixels.extend((0..length).flat_map(|_| colour.to_le_bytes()));
        }
        let found = runs(&pixels);
        let spelt: Vec<(u32, u32)> =
            found.runs.iter().map(|(id, length)| (found.colours[*id as usize].0 | 0xff00_0000, *length)).collect();
        assert_eq!(spelt, want);
        assert_eq!(found.colours.iter().map(|c| c.1).sum::<u32>() as usize, pixels.len() / 4);
    }

    #[test]
    fn differ_marks_exactly_the_words_that_differ() {
        let a: [u32; 64] = std::array::from_fn(|k| (k as u32).wrapping_mul(0x9e37_79b1) >> 28);
        for shift in 0..64u32 {
            let b: [u32; 64] = std::array::from_fn(|k| a[(k + shift as usize) % 64]);
            let want = (0..64).fold(0u64, |mask, k| mask | (u64::from(a[k] != b[k]) << k));
            assert_eq!(differ(&a, &b), want, "shift {shift}");
        }
        assert_eq!(differ(&a, &a), 0);
        assert_eq!(differ(&[0; 64], &[1; 64]), u64::MAX);
    }

    #[test]
    fn nearest_entry_is_the_first_of_the_closest_by_distance() {
        // A palette of 256 spread colours with repeats (so ties happen), and colours all over.
        let palette: Vec<u32> = (0..256u32).map(|i| (i * 0x0009_4d37) & KEY & !0x0003_0303).collect();
        let nearest = Nearest::new(&palette);
        for colour in (0..20_000u32).map(|i| i.wrapping_mul(0x0012_6f4b) & KEY) {
            let expected = (0..palette.len()).min_by_key(|i| distance(colour, palette[*i])).unwrap_or(0);
            assert_eq!(usize::from(nearest.of(colour)), expected, "colour {colour:06x}");
        }
    }
}
