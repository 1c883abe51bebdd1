//! Colour quantisation for palette (indexed-colour) PNGs.
//!
//! A board is flat colours plus the anti-aliased edges between them: a few hundred colours
//! that matter and a long tail of edge blends. One byte per pixel instead of three halves the
//! PNG (measured on Martian Gunslinger boards: 145 KB → 75 KB) and shortens the deflate.
//!
//! Pixels are grouped into buckets of 5 bits per channel. Each bucket is represented by its
//! majority exact colour (Boyer–Moore vote, so a flat colour keeps its exact value); the 256
//! most used buckets form the palette, and every other bucket maps to the palette colour
//! nearest its representative. A picture with at most 256 buckets is therefore exact wherever
//! a bucket holds one colour, and elsewhere off by at most 7 per channel.

/// A picture reduced to at most 256 colours.
#[derive(Debug, PartialEq, Eq)]
pub struct Indexed {
    /// The palette as RGB triples, at most 256 of them.
    pub palette: Vec<u8>,
    /// One palette index per pixel, row by row.
    pub indices: Vec<u8>,
}

const BUCKETS: usize = 1 << 15;

const fn bucket(r: u8, g: u8, b: u8) -> usize {
    ((r as usize >> 3) << 10) | ((g as usize >> 3) << 5) | (b as usize >> 3)
}

fn distance(a: u32, b: u32) -> i32 {
    let channel = |shift: u32| ((a >> shift) & 0xff) as i32 - ((b >> shift) & 0xff) as i32;
    let (r, g, b) = (channel(16), channel(8), channel(0));
    // Weighted towards green, as the eye is (a cheap stand-in for perceptual distance).
    2 * r * r + 4 * g * g + 3 * b * b
}

/// The bucket of a packed colour.
const fn bucket_of(colour: u32) -> usize {
    bucket((colour >> 16) as u8, (colour >> 8) as u8, colour as u8)
}

/// Opaque RGBA pixels as runs of one packed `0xRRGGBB` colour: boards are mostly flat, so
/// working on runs instead of pixels does a fraction of the work.
fn runs(rgba: &[u8]) -> Vec<(u32, u32)> {
    let mut runs = Vec::with_capacity(rgba.len() / 64);
    let mut pixels = rgba.chunks_exact(4).map(|p| u32::from_le_bytes([p[0], p[1], p[2], 0]));
    let Some(mut current) = pixels.next() else { return runs };
    let mut length = 1;
    for word in pixels {
        if word == current {
            length += 1;
        } else {
            runs.push((current, length));
            (current, length) = (word, 1);
        }
    }
    runs.push((current, length));
    // Little-endian words hold R in the low byte; swap to 0xRRGGBB once per run.
    for (colour, _) in &mut runs {
        *colour = (*colour & 0xff) << 16 | (*colour & 0xff00) | (*colour >> 16 & 0xff);
    }
    runs
}

/// Quantises opaque RGBA pixels (alpha is ignored) to at most 256 colours.
#[must_use]
pub fn quantize(rgba: &[u8]) -> Indexed {
    let mut count = vec![0u32; BUCKETS];
    let mut majority = vec![0u32; BUCKETS];
    let mut votes = vec![0u32; BUCKETS];
    let runs = runs(rgba);
    for &(colour, length) in &runs {
        let key = bucket_of(colour);
        count[key] += length;
        // Boyer–Moore majority vote, a run counting as `length` votes.
        if majority[key] == colour {
            votes[key] += length;
        } else if votes[key] < length {
            majority[key] = colour;
            votes[key] = length - votes[key];
        } else {
            votes[key] -= length;
        }
    }
    let mut used: Vec<usize> = (0..BUCKETS).filter(|k| count[*k] > 0).collect();
    // Most used first; ties keep bucket order, so the result is deterministic.
    used.sort_by_key(|k| std::cmp::Reverse(count[*k]));
    let chosen: Vec<u32> = used.iter().take(256).map(|k| majority[*k]).collect();
    let mut lookup = vec![0u8; BUCKETS];
    for (i, key) in used.iter().enumerate() {
        lookup[*key] = if i < chosen.len() {
            i as u8
        } else {
            let colour = majority[*key];
            let nearest = chosen.iter().enumerate().min_by_key(|(_, c)| distance(colour, **c)).map_or(0, |(j, _)| j);
            nearest as u8
        };
    }
    let mut indices = Vec::with_capacity(rgba.len() / 4);
    for &(colour, length) in &runs {
        indices.extend(std::iter::repeat_n(lookup[bucket_of(colour)], length as usize));
    }
    let palette = chosen.iter().flat_map(|c| [(c >> 16) as u8, (c >> 8) as u8, *c as u8]).collect();
    Indexed { palette, indices }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn pack(r: u8, g: u8, b: u8) -> u32 {
        (r as u32) << 16 | (g as u32) << 8 | b as u32
    }

    fn rgba(pixels: &[(u8, u8, u8)]) -> Vec<u8> {
        pixels.iter().flat_map(|(r, g, b)| [*r, *g, *b, 255]).collect()
    }

    fn colour(indexed: &Indexed, pixel: usize) -> (u8, u8, u8) {
        let i = usize::from(indexed.indices[pixel]) * 3;
        (indexed.palette[i], indexed.palette[i + 1], indexed.palette[i + 2])
    }

    #[test]
    fn flat_colours_stay_exact() {
        let pixels = [(20, 23, 29), (20, 23, 29), (255, 197, 61), (242, 244, 247), (20, 23, 29)];
        let indexed = quantize(&rgba(&pixels));
        assert_eq!(indexed.palette.len(), 9, "three colours");
        for (i, p) in pixels.iter().enumerate() {
            assert_eq!(colour(&indexed, i), *p);
        }
    }

    #[test]
    fn a_blend_near_a_flat_colour_takes_the_majority() {
        let pixels = [(100, 100, 100), (100, 100, 100), (103, 101, 99)];
        let indexed = quantize(&rgba(&pixels));
        assert_eq!(colour(&indexed, 2), (100, 100, 100));
    }

    #[test]
    fn past_256_buckets_rare_colours_map_to_the_nearest() {
        // 300 colours on a grid 12 apart in red and 16 in green: the 256 most used survive,
        // the 44 rare ones go to a colour near them.
        let mut pixels = Vec::new();
        for i in 0..300u16 {
            let (r, g) = ((i % 20 * 12) as u8, (i / 20 * 16) as u8);
            pixels.extend(std::iter::repeat_n((r, g, 128), if i < 256 { 3 } else { 1 }));
        }
        let indexed = quantize(&rgba(&pixels));
        assert_eq!(indexed.palette.len(), 256 * 3);
        let chosen: Vec<u32> = indexed.palette.chunks_exact(3).map(|c| pack(c[0], c[1], c[2])).collect();
        for (i, (r, g, b)) in pixels.iter().enumerate() {
            let (qr, qg, qb) = colour(&indexed, i);
            if i < 256 * 3 {
                assert_eq!((qr, qg, qb), (*r, *g, *b), "pixel {i} is common: exact");
            } else {
                let best = chosen.iter().map(|c| distance(pack(*r, *g, *b), *c)).min();
                assert_eq!(Some(distance(pack(*r, *g, *b), pack(qr, qg, qb))), best, "pixel {i}: the nearest");
            }
        }
    }

    #[test]
    fn an_empty_picture_has_an_empty_palette() {
        let indexed = quantize(&[]);
        assert!(indexed.palette.is_empty() && indexed.indices.is_empty());
    }
}
