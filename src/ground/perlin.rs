//! Two-dimensional Perlin noise, the `noise` crate's to the bit, laid out
//! for filling a grid.
//!
//! `noise::Perlin::get` works out everything for every point: which lattice
//! square it falls in, where in the square, the fade curve, and a gradient
//! picked by a `match` on a hash, which the processor mispredicts about half
//! the time. On a grid the column's share of that is the same on every row
//! and the row's on every column, so [`Axis`] holds one coordinate's share,
//! worked out once, and [`Perlin::at`] only does what depends on both. The
//! gradient is chosen by signs instead of branches. Every float operation is
//! the crate's, in the crate's order, so the values are the same to the bit
//! (the tests compare them with the crate's own).
//!
//! [`Axis`]: crate::ground::perlin::Axis
//! [`Perlin::at`]: crate::ground::perlin::Perlin::at

use noise::permutationtable::{NoiseHasher, PermutationTable};

/// The size of the permutation table: lattice coordinates wrap at 256.
const TABLE_SIZE: usize = 256;

/// Linearly interpolated Perlin noise spans ±√2/2; this scales it to ±1.
const SCALE_FACTOR: f64 = 2.0 / std::f64::consts::SQRT_2;

/// One seed's Perlin noise: the crate's shuffled permutation of 0..256.
#[derive(Clone, Debug)]
pub struct Perlin {
    permutation: [u8; TABLE_SIZE],
}

/// One coordinate's share of a noise value: its lattice line, where it lies
/// past that line, and the fade curve there.
#[derive(Clone, Copy, Debug)]
pub struct Axis {
    /// The lattice line at or below the coordinate, wrapped into the table.
    lattice: usize,
    /// How far past that line, 0..=1.
    distance: f64,
    /// The quintic fade of `distance`: how much the far line counts.
    fade: f64,
}

impl Axis {
    /// The share of coordinate `v`.
    pub fn new(v: f64) -> Self {
        // As the crate's `floor_to_isize`: a whole number at or below zero
        // goes one line further down (0.0 is 1.0 past line -1), which moves
        // no value since the noise is continuous, but moves the bits
        let lattice = if v <= 0.0 { v as isize - 1 } else { v as isize };
        let distance = v - lattice as f64;
        let x = distance.clamp(0.0, 1.0);
        Axis { lattice: (lattice & 0xff) as usize, distance, fade: x * x * x * (x * (x * 6.0 - 15.0) + 10.0) }
    }

    /// The next lattice line up, wrapped.
    fn next(&self) -> usize {
        (self.lattice + 1) & 0xff
    }
}

impl Perlin {
    /// The noise for `seed`, with the permutation `noise::Perlin::new(seed)`
    /// uses.
    pub fn new(seed: u32) -> Self {
        let table = PermutationTable::new(seed);
        // Hashing a single coordinate is one look-up in the table
        Perlin { permutation: std::array::from_fn(|i| table.hash(&[i as isize]) as u8) }
    }

    /// The noise at (x, y), -1..1, given each coordinate's share.
    ///
    /// ```
    /// use hydraulic_erosion::ground::perlin::{Axis, Perlin};
    /// use noise::NoiseFn;
    /// let ours = Perlin::new(3).at(&Axis::new(1.25), &Axis::new(-7.5));
    /// assert_eq!(ours, noise::Perlin::new(3).get([1.25, -7.5]));
    /// ```
    #[inline]
    pub fn at(&self, x: &Axis, y: &Axis) -> f64 {
        let hash = |column: usize, row: usize| self.permutation[self.permutation[column] as usize ^ row];
        let (dx, dy) = (x.distance, y.distance);
        let g00 = gradient(hash(x.lattice, y.lattice), dx, dy);
        let g10 = gradient(hash(x.next(), y.lattice), dx - 1.0, dy);
        let g01 = gradient(hash(x.lattice, y.next()), dx, dy - 1.0);
        let g11 = gradient(hash(x.next(), y.next()), dx - 1.0, dy - 1.0);
        let value = linear(linear(g00, g01, y.fade), linear(g10, g11, y.fade), x.fade) * SCALE_FACTOR;
        value.clamp(-1.0, 1.0)
    }
}

/// The dot product of the corner's gradient, one of (±1, ±1) picked by the
/// low two bits of its hash, with the offset (x, y) from that corner.
/// Multiplying by ±1 is exact, so this equals the crate's `x + y`, `-x + y`,
/// `x - y` or `-x - y` to the bit.
#[inline]
fn gradient(hash: u8, x: f64, y: f64) -> f64 {
    const SIGN: [f64; 2] = [1.0, -1.0];
    SIGN[(hash & 1) as usize] * x + SIGN[(hash >> 1 & 1) as usize] * y
}

/// The crate's interpolation, in its order: `b·t + a·(1 − t)`.
#[inline]
fn linear(a: f64, b: f64, t: f64) -> f64 {
    b * t + a * (1.0 - t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use noise::NoiseFn;
    use rand_core::Rng;
    use rand_core::SeedableRng;
    use rand_pcg::Pcg32;

    fn same_as_the_crate(seed: u32, x: f64, y: f64) {
        let ours = Perlin::new(seed).at(&Axis::new(x), &Axis::new(y));
        let theirs = noise::Perlin::new(seed).get([x, y]);
        assert_eq!(ours.to_bits(), theirs.to_bits(), "seed {seed} at ({x}, {y}): {ours} vs {theirs}");
    }

    #[test]
    fn matches_the_noise_crate_to_the_bit_at_random_points() {
        let mut rng = Pcg32::seed_from_u64(9);
        let unit = |rng: &mut Pcg32| rng.next_u32() as f64 / u32::MAX as f64;
        for _ in 0..20_000 {
            let seed = rng.next_u32();
            let x = (unit(&mut rng) - 0.3) * 700.0;
            let y = (unit(&mut rng) - 0.3) * 700.0;
            same_as_the_crate(seed, x, y);
        }
    }

    #[test]
    fn matches_the_noise_crate_on_lattice_lines_and_where_the_table_wraps() {
        // Whole numbers take the crate's odd floor; 255 → 256 wraps the table
        for &(x, y) in &[(0.0, 0.0), (-1.0, 3.0), (2.0, -0.0), (255.5, 256.0), (-256.25, 511.75), (1e-300, -1e-300)] {
            for seed in [0, 1, 42, u32::MAX] {
                same_as_the_crate(seed, x, y);
            }
        }
    }

    #[test]
    fn each_hash_picks_its_own_gradient() {
        let picks: Vec<f64> = (0..4).map(|h| gradient(h, 0.25, 0.5)).collect();
        assert_eq!(picks, [0.75, 0.25, -0.25, -0.75]);
    }
}
