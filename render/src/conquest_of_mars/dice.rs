//! Dice as small pictures (§2.4): each type its own outline (d4 triangle, d6 square, d8
//! diamond, d10 kite, d12 pentagon, d20 hexagon) with its number of faces written on it, so
//! shape and number both tell the type; a rolled die, larger, shows its result instead, with
//! its type under it. Pools are rows of dice with their counts.

use engines::conquest_of_mars::{DicePool, Die, Rolled};

use crate::canvas::{Align, Canvas, Face, Rgba, Style};
use crate::theme;

/// A die's body.
const IVORY: Rgba = Rgba::hex(0xece6d6);
/// A rolled die's body.
const ROLLED: Rgba = Rgba::hex(0xffd98a);
const INK: Rgba = Rgba::hex(0x16181d);
const EDGE: Rgba = Rgba::hex(0x0b0d11);
/// A die's outer size.
pub(super) const SIZE: f32 = 40.0;
/// A rolled die's outer size: its result is written at a size read on a phone.
pub(super) const ROLLED_SIZE: f32 = 48.0;
/// Room one pool entry takes: the die and its count.
pub(super) const ENTRY: f32 = 112.0;

/// The corners of a die of type `die` inside a `side` box centred on `(cx, cy)`.
fn outline(die: Die, cx: f32, cy: f32, side: f32) -> Vec<(f32, f32)> {
    let r = side / 2.0;
    let regular = |n: usize, start: f32| -> Vec<(f32, f32)> {
        (0..n)
            .map(|i| {
                let a = start + i as f32 * std::f32::consts::TAU / n as f32;
                (cx + r * a.cos(), cy + r * a.sin())
            })
            .collect()
    };
    match die {
        Die::D4 => vec![(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)],
        Die::D6 => {
            let h = r * 0.85;
            vec![(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)]
        }
        Die::D8 => vec![(cx, cy - r), (cx + r * 0.85, cy), (cx, cy + r), (cx - r * 0.85, cy)],
        Die::D10 => vec![(cx, cy - r), (cx + r, cy - r * 0.15), (cx, cy + r), (cx - r, cy - r * 0.15)],
        Die::D12 => regular(5, -std::f32::consts::FRAC_PI_2),
        Die::D20 => regular(6, 0.0),
    }
}

/// Where the label of a die sits: a little low in a d4, whose middle is below its centre.
fn label_y(die: Die, cy: f32, size: u16) -> f32 {
    let drop = if die == Die::D4 { 5.0 } else { 0.0 };
    cy + drop + f32::from(size) * 0.36
}

/// A die centred on `(cx, cy)` with its number of faces on it.
pub(super) fn die(canvas: &mut Canvas, die: Die, cx: f32, cy: f32) {
    canvas.polygon(&outline(die, cx, cy, SIZE), Some(IVORY), Some((EDGE, 2.0)));
    let size = 18;
    let label = die.sides().to_string();
    let style = Style::new(Face::Bold, size, INK).aid();
    canvas.text(cx, label_y(die, cy, size), &label, style, Align::Center);
}

/// A rolled die centred on `(cx, cy)`: its result on it, its type under it.
pub(super) fn rolled(canvas: &mut Canvas, rolled: Rolled, cx: f32, cy: f32) {
    canvas.polygon(&outline(rolled.die, cx, cy, ROLLED_SIZE), Some(ROLLED), Some((EDGE, 2.0)));
    let size = 26;
    let label = rolled.result.to_string();
    canvas.text(cx, label_y(rolled.die, cy, size), &label, Style::new(Face::Bold, size, INK), Align::Center);
    let style = Style::new(Face::Regular, 18, theme::MUTED).aid();
    canvas.text(cx, cy + ROLLED_SIZE / 2.0 + 18.0, rolled.die.name(), style, Align::Center);
}

/// Height of a row of a wrapped pool.
pub(super) const POOL_ROW: f32 = 50.0;

/// A pool in rows no wider than `width` from `(x, top)`; returns the bottom of the last row.
pub(super) fn pool_wrapped(canvas: &mut Canvas, pool: &DicePool, x: f32, top: f32, width: f32) -> f32 {
    let per_row = ((width + ENTRY - SIZE - 60.0) / ENTRY).floor().max(1.0) as usize;
    let types: Vec<Die> = pool.types().collect();
    if types.is_empty() {
        let style = Style::new(Face::Regular, 26, theme::MUTED);
        canvas.text(x, top + POOL_ROW / 2.0 + 9.0, "no dice", style, Align::Left);
        return top + POOL_ROW;
    }
    for (row, kinds) in types.chunks(per_row).enumerate() {
        let cy = top + POOL_ROW * (row as f32 + 0.5);
        for (i, kind) in kinds.iter().enumerate() {
            let left = x + i as f32 * ENTRY;
            die(canvas, *kind, left + SIZE / 2.0, cy);
            let count = format!("×{}", pool.get(*kind));
            canvas.text(left + SIZE + 6.0, cy + 9.0, &count, Style::new(Face::Bold, 26, theme::TEXT), Align::Left);
        }
    }
    top + POOL_ROW * types.len().div_ceil(per_row) as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_type_has_its_own_outline_inside_its_box() {
        let outlines: Vec<Vec<(f32, f32)>> = Die::ALL.iter().map(|d| outline(*d, 100.0, 100.0, SIZE)).collect();
        for (i, a) in outlines.iter().enumerate() {
            assert!(outlines[i + 1..].iter().all(|b| b != a), "{} looks like another type", Die::ALL[i]);
            for (x, y) in a {
                assert!((x - 100.0).abs() <= SIZE / 2.0 + 0.01 && (y - 100.0).abs() <= SIZE / 2.0 + 0.01);
            }
        }
    }
}
