//! The terrain erosion tutorial's starting ground: fractal Brownian motion
//! (fBm) of simplex noise, its ridged variant, and domain warping (after
//! Inigo Quilez), as its `fbm` and `warpedHeight` write them.
//!
//! fBm sums octaves of noise, each `lacunarity` times finer and
//! `persistence` times fainter than the one before, and divides by the sum
//! of the amplitudes, so the result stays in about −1..1. The ridged
//! variant takes `1 − |noise|` in each octave, folding valleys into sharp
//! crests. Warping moves each point by two more, low-frequency, fBm fields
//! before sampling, which breaks straight ridges into winding ones.
//!
//! Every function takes its noise as a plain function of (x, z), so the
//! tutorial's code can be checked against these with any noise in its place
//! (`tests/tutorial_conformance.rs`).
//!
//! ```
//! use hydraulic_erosion::ground::simplex_fbm::{fbm, Octaves};
//! let flat = |_: f64, _: f64| 0.5;
//! assert_eq!(fbm(&flat, 3.0, 4.0, Octaves::TUTORIAL, 0.01), 0.5);
//! ```

use noise::{NoiseFn, Simplex};

use crate::ground::island::stretch_to_unit;
use crate::raster::grid::Grid;

/// How the octaves of fBm stack up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Octaves {
    pub count: u32,
    pub lacunarity: f64,
    pub persistence: f64,
}

impl Octaves {
    /// The tutorial's defaults: six octaves, each twice as fine and half as
    /// strong.
    pub const TUTORIAL: Octaves = Octaves { count: 6, lacunarity: 2.0, persistence: 0.5 };
}

/// Octaves of the warp fields: three, at the tutorial's defaults.
const WARP_OCTAVES: Octaves = Octaves { count: 3, ..Octaves::TUTORIAL };
/// The warp fields are this many times finer than the terrain (the
/// tutorial's 0.02 against 0.01).
const WARP_FREQUENCY: f64 = 2.0;
/// How far the warp moves a point, in cells, at the tutorial's scale of
/// 0.01; it keeps its size relative to the hills at other scales.
const WARP_STRENGTH: f64 = 40.0;
const TUTORIAL_SCALE: f64 = 0.01;
/// Where in the noise the two warp fields are taken from (the tutorial's
/// offsets), so they differ from each other and from the terrain.
const WARP_X_OFFSET: [f64; 2] = [5.2, 1.3];
const WARP_Z_OFFSET: [f64; 2] = [9.1, 7.4];

/// fBm of `noise` at (x, z): the tutorial's `fbm`, in about −1..1.
pub fn fbm(noise: &impl Fn(f64, f64) -> f64, x: f64, z: f64, octaves: Octaves, scale: f64) -> f64 {
    layered(x, z, octaves, scale, noise)
}

/// Ridged fBm: each octave `1 − |noise|`, in about 0..1.
pub fn ridged(noise: &impl Fn(f64, f64) -> f64, x: f64, z: f64, octaves: Octaves, scale: f64) -> f64 {
    layered(x, z, octaves, scale, |x, z| 1.0 - noise(x, z).abs())
}

/// The sum of the octaves of `layer`, over the sum of their amplitudes, in
/// the tutorial's order of operations (so it agrees to the bit).
#[inline(always)]
fn layered(x: f64, z: f64, octaves: Octaves, scale: f64, layer: impl Fn(f64, f64) -> f64) -> f64 {
    let (mut total, mut amplitude, mut frequency, mut max_amplitude) = (0.0, 1.0, 1.0, 0.0);
    for _ in 0..octaves.count {
        total += layer(x * scale * frequency, z * scale * frequency) * amplitude;
        max_amplitude += amplitude;
        amplitude *= octaves.persistence;
        frequency *= octaves.lacunarity;
    }
    total / max_amplitude
}

/// fBm at a point moved by two low-frequency fBm fields: the tutorial's
/// `warpedHeight`, with its octaves and scale as settings.
pub fn warped(noise: &impl Fn(f64, f64) -> f64, x: f64, z: f64, octaves: Octaves, scale: f64) -> f64 {
    let warp_scale = scale * WARP_FREQUENCY;
    let warp_x = fbm(noise, x + WARP_X_OFFSET[0], z + WARP_X_OFFSET[1], WARP_OCTAVES, warp_scale);
    let warp_z = fbm(noise, x + WARP_Z_OFFSET[0], z + WARP_Z_OFFSET[1], WARP_OCTAVES, warp_scale);
    let strength = WARP_STRENGTH * (TUTORIAL_SCALE / scale);
    fbm(noise, x + warp_x * strength, z + warp_z * strength, octaves, scale)
}

/// The seed's simplex noise, as a function of (x, z).
pub fn simplex(seed: u32) -> impl Fn(f64, f64) -> f64 {
    let noise = Simplex::new(seed);
    move |x, z| noise.get([x, z])
}

/// A whole map of `height` on `grid`, stretched to exactly 0..1. `scale` is
/// noise units per cell of the article's map: a finer map samples the same
/// ground more closely.
pub fn map(grid: Grid, scale: f64, octaves: Octaves, height: impl Fn(f64, f64, Octaves, f64) -> f64) -> Vec<f32> {
    let per_cell = grid.per_cell(scale);
    let values = (0..grid.cells()).map(|i| {
        let (x, z) = grid.column_row(i);
        height(x as f64, z as f64, octaves, per_cell)
    });
    stretch_to_unit(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn octaves_add_up_as_the_tutorial_writes_them() {
        // Noise that is the octave's frequency itself: 1, 2, 4 at scale 1
        // over x = 1, weighted 1, 0.5, 0.25 and divided by 1.75
        let frequency = |x: f64, _: f64| x;
        let o = Octaves { count: 3, lacunarity: 2.0, persistence: 0.5 };
        assert_eq!(fbm(&frequency, 1.0, 0.0, o, 1.0), (1.0 + 1.0 + 1.0) / 1.75);
        let ridges = ridged(&|x: f64, _: f64| -x, 1.0, 0.0, o, 0.25);
        assert!((ridges - (0.75 + 0.5 * 0.5 + 0.0) / 1.75).abs() < 1e-15);
    }

    #[test]
    fn simplex_fbm_stays_in_range_and_ridges_stay_positive() {
        let noise = simplex(3);
        let (mut low, mut high) = (f64::INFINITY, f64::NEG_INFINITY);
        for i in 0..4000 {
            let (x, z) = ((i % 80) as f64 * 3.1, (i / 80) as f64 * 2.7);
            let h = fbm(&noise, x, z, Octaves::TUTORIAL, 0.01);
            low = low.min(h);
            high = high.max(h);
            assert!((0.0..=1.0).contains(&ridged(&noise, x, z, Octaves::TUTORIAL, 0.01)));
            assert!(warped(&noise, x, z, Octaves::TUTORIAL, 0.01).abs() <= 1.0);
        }
        assert!(low < -0.2 && high > 0.2 && low >= -1.0 && high <= 1.0, "fBm spans {low}..{high}");
    }

    #[test]
    fn maps_fill_zero_to_one_and_a_finer_map_samples_the_same_ground() {
        let noise = simplex(8);
        let coarse = map(Grid::ARTICLE, 0.012, Octaves::TUTORIAL, |x, z, o, s| warped(&noise, x, z, o, s));
        let fine = map(Grid::new(640, 360), 0.012, Octaves::TUTORIAL, |x, z, o, s| warped(&noise, x, z, o, s));
        for m in [&coarse, &fine] {
            let low = m.iter().cloned().fold(f32::INFINITY, f32::min);
            let high = m.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
            assert_eq!((low, high), (0.0, 1.0));
        }
        // Cell (x, y) of the coarse map is cell (2x, 2y) of the fine one,
        // but for the stretch (each to its own low and high) and the warp,
        // which moves by cells: close, not equal
        let (mut apart, mut samples) = (0.0, 0.0);
        for y in (0..180).step_by(7) {
            for x in (0..320).step_by(7) {
                apart += (coarse[y * 320 + x] - fine[2 * y * 640 + 2 * x]).abs() as f64;
                samples += 1.0;
            }
        }
        let other = map(Grid::ARTICLE, 0.012, Octaves::TUTORIAL, |x, z, o, s| warped(&simplex(9), x, z, o, s));
        let unrelated: f64 = (0..180 * 320).step_by(7).map(|i| (coarse[i] - other[i]).abs() as f64).sum::<f64>()
            / (0..180 * 320).step_by(7).count() as f64;
        let apart = apart / samples;
        assert!(apart < unrelated / 2.0, "the same ground {apart} apart on average; another seed's {unrelated}");
    }
}
