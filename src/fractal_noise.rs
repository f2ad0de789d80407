//! Fractal Perlin noise: several octaves stacked so there is detail at every
//! scale for the rain to work on. Each octave has half the amplitude and
//! twice the frequency of the one before, as p5's `noiseDetail(6, 0.5)`.

use noise::{NoiseFn, Perlin};

/// How many octaves are stacked.
pub const OCTAVES: usize = 6;
/// How much each octave's amplitude shrinks from the last.
pub const FALLOFF: f64 = 0.5;

/// Fractal noise for one seed, 0..1 around a middle of 0.5, like p5's
/// `noise()`. Each octave has its own permutation (seed, seed + 1, ...) so
/// the octaves don't all pass through zero at the same lattice points.
///
/// ```
/// use hydraulic_erosion::fractal_noise::FractalNoise;
/// let noise = FractalNoise::new(7);
/// let v = noise.get(3.3, 1.7);
/// assert!((0.0..=1.0).contains(&v));
/// assert_eq!(v, FractalNoise::new(7).get(3.3, 1.7));
/// ```
#[derive(Clone, Debug)]
pub struct FractalNoise {
    octaves: [Perlin; OCTAVES],
}

impl FractalNoise {
    pub fn new(seed: u32) -> Self {
        FractalNoise { octaves: std::array::from_fn(|k| Perlin::new(seed.wrapping_add(k as u32))) }
    }

    /// The noise at (x, y), in noise units.
    pub fn get(&self, x: f64, y: f64) -> f64 {
        let mut sum = 0.0;
        let mut total = 0.0;
        let mut amplitude = 1.0;
        let mut frequency = 1.0;
        for octave in &self.octaves {
            sum += octave.get([x * frequency, y * frequency]) * amplitude;
            total += amplitude;
            amplitude *= FALLOFF;
            frequency *= 2.0;
        }
        // Perlin noise is -1..1; the original's noise is 0..1
        (0.5 + 0.5 * sum / total).clamp(0.0, 1.0)
    }
}
