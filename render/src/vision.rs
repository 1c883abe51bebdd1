//! Checks that players' colours stay apart for people with the common colour-vision
//! deficiencies: each colour is seen as a protanope, a deuteranope and a tritanope would see
//! it (the severity-1 matrices of Machado, Oliveira and Fernandes, 2009, applied to linear
//! RGB), and every pair of colours at one table must stay at least [`MIN_DISTANCE`] apart in
//! CIEDE2000 (the `palette` crate's implementation) under normal vision and each deficiency.
//! Colours also always carry a letter or a symbol; this is the second safeguard.

use palette::color_difference::Ciede2000;
use palette::{IntoColor, Lab, LinSrgb, Srgb};

use crate::canvas::Rgba;

/// Smallest CIEDE2000 difference between two players' colours under any vision checked.
/// Differences under 2–3 are barely seen; 15 is clearly apart at a glance (the palettes
/// reach 17.6 to 25.9, found by searching each colour's hue, lightness and saturation).
pub const MIN_DISTANCE: f32 = 15.0;

/// How a colour is seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vision {
    /// Typical trichromatic vision.
    Normal,
    /// No long-wavelength (red) cones.
    Protanopia,
    /// No medium-wavelength (green) cones.
    Deuteranopia,
    /// No short-wavelength (blue) cones.
    Tritanopia,
}

impl Vision {
    /// Every vision checked.
    pub const ALL: [Self; 4] = [Self::Normal, Self::Protanopia, Self::Deuteranopia, Self::Tritanopia];

    /// The simulation matrix on linear RGB (Machado et al. 2009, severity 1.0).
    const fn matrix(self) -> [[f32; 3]; 3] {
        match self {
            Self::Normal => [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            Self::Protanopia => [
                [0.152_286, 1.052_583, -0.204_868],
                [0.114_503, 0.786_281, 0.099_216],
                [-0.003_882, -0.048_116, 1.051_998],
            ],
            Self::Deuteranopia => [
                [0.367_322, 0.860_646, -0.227_968],
                [0.280_085, 0.672_501, 0.047_413],
                [-0.011_820, 0.042_940, 0.968_881],
            ],
            Self::Tritanopia => [
                [1.255_528, -0.076_749, -0.178_779],
                [-0.078_411, 0.930_809, 0.147_602],
                [0.004_733, 0.691_367, 0.303_900],
            ],
        }
    }

    /// `colour` as this vision sees it, in CIE L*a*b*.
    #[must_use]
    pub fn see(self, colour: Rgba) -> Lab {
        let linear: LinSrgb = Srgb::new(colour.r, colour.g, colour.b).into_format::<f32>().into_linear();
        let m = self.matrix();
        let v = [linear.red, linear.green, linear.blue];
        let row = |r: [f32; 3]| (r[0] * v[0] + r[1] * v[1] + r[2] * v[2]).clamp(0.0, 1.0);
        let seen = LinSrgb::new(row(m[0]), row(m[1]), row(m[2]));
        seen.into_color()
    }
}

/// The CIEDE2000 difference between `a` and `b` as `vision` sees them.
#[must_use]
pub fn distance(vision: Vision, a: Rgba, b: Rgba) -> f32 {
    vision.see(a).difference(vision.see(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_simulation_keeps_grey_and_merges_red_with_green_for_a_deuteranope() {
        let grey = Rgba::hex(0x808080);
        for vision in Vision::ALL {
            let lab = vision.see(grey);
            assert!(lab.a.abs() < 1.5 && lab.b.abs() < 1.5, "{vision:?}: {lab:?}");
        }
        // A red and a green of the same lightness, told apart by normal vision only.
        let (red, green) = (Rgba::hex(0xb5651d), Rgba::hex(0x6f8f2f));
        assert!(distance(Vision::Normal, red, green) > 20.0);
        assert!(distance(Vision::Deuteranopia, red, green) < 10.0);
        // Blue and yellow stay apart for red-green deficiencies, and blue and green do not
        // for a tritanope as much as for others.
        let (blue, yellow) = (Rgba::hex(0x0072b2), Rgba::hex(0xf0e442));
        assert!(distance(Vision::Protanopia, blue, yellow) > 40.0);
    }

    #[test]
    fn every_games_player_colours_stay_apart_under_every_vision() {
        let mut close = Vec::new();
        for (game, colours) in crate::player_colours() {
            for (i, (a, x)) in colours.iter().enumerate() {
                for (b, y) in &colours[i + 1..] {
                    for vision in Vision::ALL {
                        let d = distance(vision, *x, *y);
                        if d < MIN_DISTANCE {
                            close.push(format!("{game}: {a} and {b} are {d:.1} apart for {vision:?}"));
                        }
                    }
                }
            }
        }
        assert!(close.is_empty(), "colours closer than {MIN_DISTANCE}:\n{}", close.join("\n"));
    }
}
