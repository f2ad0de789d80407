//! Fractal Perlin noise: several octaves stacked so there is detail at every
//! scale for the rain to work on. Each octave has half the amplitude and
//! twice the frequency of the one before, as p5's `noiseDetail(6, 0.5)`.

use crate::ground::perlin::{Axis, Perlin};

/// How many octaves are stacked.
pub const OCTAVES: usize = 6;
/// How much each octave's amplitude shrinks from the last.
pub const FALLOFF: f64 = 0.5;

/// Fractal noise for one seed, 0..1 around a middle of 0.5, like p5's
/// `noise()`. Each octave has its own permutation (seed, seed + 1, ...) so
/// the octaves don't all pass through zero at the same lattice points.
///
/// ```
/// use hydraulic_erosion::ground::fractal_noise::FractalNoise;
/// let noise = FractalNoise::new(7);
/// let v = noise.get(3.3, 1.7);
/// assert!((0.0..=1.0).contains(&v));
/// assert_eq!(v, FractalNoise::new(7).get(3.3, 1.7));
/// // A grid of it is the same values, point by point
/// let grid = noise.grid(4, 3, 0.5, 2.0);
/// assert_eq!(grid[2 * 4 + 1], noise.get(1.0 * 0.5 + 2.0, 2.0 * 0.5 + 2.0));
/// ```
#[derive(Clone, Debug)]
pub struct FractalNoise {
    octaves: [Perlin; OCTAVES],
}

/// Each octave's amplitude and frequency: 1, ½, ¼… and 1, 2, 4….
const fn octave_weights() -> [(f64, f64); OCTAVES] {
    let mut weights = [(1.0, 1.0); OCTAVES];
    let mut k = 1;
    while k < OCTAVES {
        weights[k] = (weights[k - 1].0 * FALLOFF, weights[k - 1].1 * 2.0);
        k += 1;
    }
    weights
}
const WEIGHTS: [(f64, f64); OCTAVES] = octave_weights();

impl FractalNoise {
    pub fn new(seed: u32) -> Self {
        FractalNoise { octaves: std::array::from_fn(|k| Perlin::new(seed.wrapping_add(k as u32))) }
    }

    /// The noise at (x, y), in noise units.
    pub fn get(&self, x: f64, y: f64) -> f64 {
        let mut sum = 0.0;
        for (octave, &(amplitude, frequency)) in self.octaves.iter().zip(&WEIGHTS) {
            sum += octave.at(&Axis::new(x * frequency), &Axis::new(y * frequency)) * amplitude;
        }
        to_unit(sum)
    }

    /// The noise on a `cols` × `rows` grid, row by row: cell (x, y) is
    /// `get(x · scale + offset, y · scale + offset)`, to the bit. Each
    /// column's and each row's share of the work is done once per octave
    /// rather than once per cell, which makes this several times faster
    /// than calling `get` for every cell.
    pub fn grid(&self, cols: usize, rows: usize, scale: f64, offset: f64) -> Vec<f64> {
        let coordinate = |i: usize| i as f64 * scale + offset;
        let columns: Vec<[Axis; OCTAVES]> =
            (0..cols).map(|x| WEIGHTS.map(|(_, frequency)| Axis::new(coordinate(x) * frequency))).collect();
        let mut out = vec![0.0; cols * rows];
        for (y, sums) in out.chunks_exact_mut(cols).enumerate() {
            self.row(sums, &columns, coordinate(y));
        }
        out
    }

    /// One row of [`FractalNoise::grid`], at `y`, given its columns'
    /// shares. A call of its own, never inlined, for the first frame's sake:
    /// a browser first runs a wasm function in quickly compiled code, and
    /// compiles it again, optimised, once it has run a while, but a call
    /// under way carries on in the code it began in. A grid in one call runs
    /// all in the slow code; a row a call, the first rows do and the rest
    /// run optimised. The relief, the contours and the rivers' routing and
    /// flood go a row a call for the same reason.
    #[inline(never)]
    fn row(&self, sums: &mut [f64], columns: &[[Axis; OCTAVES]], y: f64) {
        for (k, (octave, &(amplitude, frequency))) in self.octaves.iter().zip(&WEIGHTS).enumerate() {
            let row = Axis::new(y * frequency);
            for (sum, column) in sums.iter_mut().zip(columns) {
                *sum += octave.at(&column[k], &row) * amplitude;
            }
        }
        for sum in sums.iter_mut() {
            *sum = to_unit(*sum);
        }
    }
}

/// The sum of the octaves, -1..1 at most, as 0..1: the original's noise is
/// 0..1, Perlin's -1..1.
fn to_unit(sum: f64) -> f64 {
    const TOTAL: f64 = {
        let mut total = 0.0;
        let mut k = 0;
        while k < OCTAVES {
            total += WEIGHTS[k].0;
            k += 1;
        }
        total
    };
    (0.5 + 0.5 * sum / TOTAL).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use noise::NoiseFn;

    /// The fractal sum written plainly over the crate's own Perlin noise:
    /// what `get` and `grid` must equal to the bit.
    fn plainly(seed: u32, x: f64, y: f64) -> f64 {
        let mut sum = 0.0;
        let mut total = 0.0;
        let mut amplitude = 1.0;
        let mut frequency = 1.0;
        for k in 0..OCTAVES as u32 {
            sum += noise::Perlin::new(seed.wrapping_add(k)).get([x * frequency, y * frequency]) * amplitude;
            total += amplitude;
            amplitude *= FALLOFF;
            frequency *= 2.0;
        }
        (0.5 + 0.5 * sum / total).clamp(0.0, 1.0)
    }

    #[test]
    fn the_grid_is_the_plain_fractal_sum_of_the_crates_noise_to_the_bit() {
        for (seed, scale, offset) in [(1, 0.012, 0.0), (77, 0.03, 500.0), (4_000_000, 0.002, 0.0)] {
            let noise = FractalNoise::new(seed);
            let (cols, rows) = (40, 23);
            let grid = noise.grid(cols, rows, scale, offset);
            for y in 0..rows {
                for x in 0..cols {
                    let (px, py) = (x as f64 * scale + offset, y as f64 * scale + offset);
                    let want = plainly(seed, px, py);
                    assert_eq!(grid[y * cols + x].to_bits(), want.to_bits(), "seed {seed} at ({x}, {y})");
                    assert_eq!(noise.get(px, py).to_bits(), want.to_bits(), "get, seed {seed} at ({x}, {y})");
                }
            }
        }
    }

    #[test]
    fn the_octaves_halve_in_amplitude_and_double_in_frequency() {
        assert_eq!(WEIGHTS, [(1.0, 1.0), (0.5, 2.0), (0.25, 4.0), (0.125, 8.0), (0.0625, 16.0), (0.03125, 32.0)]);
        assert_eq!(to_unit(0.0), 0.5);
        assert_eq!((to_unit(-1.96875), to_unit(1.96875)), (0.0, 1.0));
    }
}
