//! Comparing pictures and text boards with the references in `tests/golden/` (decoded pixels,
//! small per-channel tolerance). `UPDATE_GOLDEN=1` rewrites the references; on a mismatch the
//! actual picture and a diff image are written to `tests/output/`.

use std::path::{Path, PathBuf};

use image::{Rgb, RgbImage};

/// Largest per-channel difference still counted as equal (rounding in the rasteriser).
const TOLERANCE: u8 = 3;

fn dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join(name)
}

fn updating() -> bool {
    std::env::var("UPDATE_GOLDEN").is_ok_and(|v| v == "1")
}

/// Red where the pictures differ beyond the tolerance, a faded copy of the reference elsewhere.
fn diff_image(expected: &RgbImage, actual: &RgbImage) -> (RgbImage, u64) {
    let (w, h) = (expected.width().max(actual.width()), expected.height().max(actual.height()));
    let mut diff = RgbImage::new(w, h);
    let mut bad = 0;
    for (x, y, pixel) in diff.enumerate_pixels_mut() {
        let e = expected.get_pixel_checked(x, y);
        let a = actual.get_pixel_checked(x, y);
        *pixel = match (e, a) {
            (Some(e), Some(a)) if e.0.iter().zip(a.0).all(|(p, q)| p.abs_diff(q) <= TOLERANCE) => {
                let grey = (u16::from(e[0]) + u16::from(e[1]) + u16::from(e[2])) / 12 + 32;
                Rgb([grey as u8; 3])
            }
            _ => {
                bad += 1;
                Rgb([255, 0, 64])
            }
        };
    }
    (diff, bad)
}

/// Writes a file under `tests/output/` (git-ignored) and returns its path.
fn write_output(file: &str, bytes: &[u8]) -> PathBuf {
    let out = dir("output");
    std::fs::create_dir_all(&out).expect("create tests/output");
    let path = out.join(file);
    std::fs::write(&path, bytes).expect("write tests/output");
    path
}

pub fn check_png(name: &str, png: &[u8]) {
    let golden = dir("golden").join(format!("{name}.png"));
    if updating() {
        std::fs::write(&golden, png).expect("write golden");
        return;
    }
    let actual = image::load_from_memory(png).expect("our PNG decodes").to_rgb8();
    let expected = match image::open(&golden) {
        Ok(expected) => expected.to_rgb8(),
        Err(e) => {
            let path = write_output(&format!("{name}.png"), png);
            panic!(
                "{}: {e}; actual picture in {}; run with UPDATE_GOLDEN=1 to accept it",
                golden.display(),
                path.display()
            )
        }
    };
    let (diff, bad) = diff_image(&expected, &actual);
    if bad == 0 && expected.dimensions() == actual.dimensions() {
        return;
    }
    let actual_path = write_output(&format!("{name}.png"), png);
    let diff_path = dir("output").join(format!("{name}.diff.png"));
    diff.save(&diff_path).expect("write diff");
    panic!(
        "{name}: {bad} pixels differ (expected {:?}, got {:?}); see {} and {}; \
         rerun with UPDATE_GOLDEN=1 if the change is intended",
        expected.dimensions(),
        actual.dimensions(),
        actual_path.display(),
        diff_path.display()
    );
}

pub fn check_text(name: &str, text: &str) {
    let golden = dir("golden").join(format!("{name}.txt"));
    if updating() {
        std::fs::write(&golden, text).expect("write golden text");
        return;
    }
    let expected = std::fs::read_to_string(&golden).unwrap_or_default();
    if expected != text {
        let path = write_output(&format!("{name}.txt"), text.as_bytes());
        panic!(
            "{name}: text board differs from {}; actual in {}; run with UPDATE_GOLDEN=1 to accept it",
            golden.display(),
            path.display()
        );
    }
}
