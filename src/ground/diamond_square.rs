//! Diamond-square terrain (midpoint displacement; Fournier, Fussell and
//! Carpenter 1982), as the procedural generation article's landscape builds
//! it: on a (2ⁿ + 1)² grid, the four corners start at 0.5; each level sets
//! the middle of every square to the mean of its corners (the diamond step),
//! then the middle of every edge to the mean of its up to four neighbours
//! (the square step), each plus a random offset in −r..r, and r halves for
//! the next, finer level. The result is cropped to the map from its top left
//! corner and stretched to 0..1.
//!
//! Heights are `f32` and every operation is done in `f32`, as Processing's
//! `float` does, and the offsets are Processing's `random(low, high)`
//! (`u × (high − low) + low` for a `u` in 0..1), so with the same sequence of
//! `u` this is the article's `diamondSquare` to the bit
//! (`tests/landscape_conformance.rs`).
//!
//! **Known artefacts.** The first subdivisions leave creases: straight
//! ridges and valleys along the lines through the middle of the grid and its
//! quarters, where the square step's points take the mean of only two or
//! three far-apart neighbours and every finer level inherits their offsets.
//! They are the algorithm's (Miller 1986 describes them); the usual cures
//! (a square-square subdivision, or displacing every point at every level)
//! are other algorithms, so they are left as the article has them.
//!
//! ```
//! use hydraulic_erosion::ground::diamond_square::diamond_square;
//! let mut zero = || 0.5f32; // offsets of 0: every point is its neighbours' mean
//! let h = diamond_square(2, 0.65, &mut zero);
//! assert_eq!(h.len(), 25);
//! assert!(h.iter().all(|&v| v == 0.5));
//! ```

use rand_pcg::Pcg32;

use crate::ground::island::stretch_to_unit;
use crate::raster::grid::Grid;
use crate::raster::unit_random::unit_f32;

/// The corners' starting height (the article's landscape).
const CORNER: f32 = 0.5;
/// The generator's stream for the offsets: apart from the rain's, so a seed's
/// rain is the same whatever its terrain.
const STREAM: u64 = 0xd1a3_0d5e;

/// The raw heights of a (2^`levels` + 1)² grid, row by row, with offsets
/// starting at ±`roughness`, each `u` of Processing's `random` drawn from
/// `unit` (in 0..1).
pub fn diamond_square(levels: u32, roughness: f32, unit: &mut impl FnMut() -> f32) -> Vec<f32> {
    let size = (1usize << levels) + 1;
    let mut h = vec![0f32; size * size];
    for i in [0, size - 1, (size - 1) * size, size * size - 1] {
        h[i] = CORNER;
    }
    let at = |x: usize, y: usize| y * size + x;
    let mut random = |r: f32| processing_random(-r, r, unit);
    let (mut step, mut r) = (size - 1, roughness);
    while step / 2 >= 1 {
        let half = step / 2;
        // Diamond step
        for y in (half..size - 1).step_by(step) {
            for x in (half..size - 1).step_by(step) {
                let corners = h[at(x - half, y - half)]
                    + h[at(x + half, y - half)]
                    + h[at(x - half, y + half)]
                    + h[at(x + half, y + half)];
                h[at(x, y)] = corners / 4.0 + random(r);
            }
        }
        // Square step
        for y in (0..size).step_by(half) {
            for x in ((y + half) % step..size).step_by(step) {
                let (mut count, mut sum) = (0u32, 0f32);
                let mut add = |v: f32| {
                    sum += v;
                    count += 1;
                };
                if x >= half {
                    add(h[at(x - half, y)]);
                }
                if x + half < size {
                    add(h[at(x + half, y)]);
                }
                if y >= half {
                    add(h[at(x, y - half)]);
                }
                if y + half < size {
                    add(h[at(x, y + half)]);
                }
                h[at(x, y)] = sum / count as f32 + random(r);
            }
        }
        r *= 0.5;
        step = half;
    }
    h
}

/// Processing's `random(low, high)`: `u × (high − low) + low`, in `f32`, a
/// value of `high` itself drawn again.
fn processing_random(low: f32, high: f32, unit: &mut impl FnMut() -> f32) -> f32 {
    if low >= high {
        return low;
    }
    let diff = high - low;
    loop {
        let value = unit() * diff + low;
        if value != high {
            return value;
        }
    }
}

/// The levels of the smallest (2ⁿ + 1)² grid that covers `grid`.
pub fn levels_for(grid: Grid) -> u32 {
    // The smallest n with 2ⁿ ≥ longest − 1 (a grid has at least 2 cells a side)
    let longest = grid.cols.max(grid.rows);
    usize::BITS - (longest - 2).leading_zeros()
}

/// A map of diamond-square on `grid` for `seed` and `roughness`: the grid
/// that covers it, cropped from its top left corner and stretched to 0..1.
/// The offsets come from the seed's generator, as Java's `nextFloat` makes a
/// float (24 random bits).
pub fn map(grid: Grid, seed: u32, roughness: f64) -> Vec<f32> {
    let levels = levels_for(grid);
    let size = (1usize << levels) + 1;
    let mut rng = Pcg32::new(seed as u64, STREAM);
    let mut unit = || unit_f32(&mut rng);
    let full = diamond_square(levels, roughness as f32, &mut unit);
    // The crop, stretched to 0..1 as every shape is (the article normalises
    // its whole grid, which is the same stretch when the grid is the map)
    stretch_to_unit((0..grid.cells()).map(|i| {
        let (x, y) = grid.column_row(i);
        full[y * size + x] as f64
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_covering_grid_is_the_smallest_power_of_two_plus_one() {
        assert_eq!(levels_for(Grid::ARTICLE), 9, "513 covers 320");
        assert_eq!(levels_for(Grid::new(512, 512)), 9, "513 covers 512");
        assert_eq!(levels_for(Grid::new(513, 100)), 9);
        assert_eq!(levels_for(Grid::new(514, 100)), 10);
        assert_eq!(levels_for(Grid::new(640, 360)), 10);
        assert_eq!(levels_for(Grid::new(257, 257)), 8);
    }

    #[test]
    fn every_point_is_set_and_offsets_shrink_level_by_level() {
        // With u = 1 (offsets of +r) each level adds its r on top of its
        // neighbours' mean: the middle of a 3 × 3 grid is 0.5 + 0.65
        let mut one = || 0.999_999_9f32;
        let h = diamond_square(1, 0.65, &mut one);
        assert!((h[4] - 1.15).abs() < 1e-6, "{}", h[4]);
        // An edge midpoint: the mean of two corners and the middle, plus r
        assert!((h[1] - ((0.5 + 0.5 + h[4]) / 3.0 + 0.65)).abs() < 1e-6);
        let mut k = 0u32;
        let mut varied = move || {
            k = k.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (k >> 8) as f32 / (1u32 << 24) as f32
        };
        let h = diamond_square(5, 0.65, &mut varied);
        assert!(h.iter().all(|v| v.is_finite()));
        let spread = |a: f32, b: f32| (a - b).abs();
        // Neighbours at the finest level differ by at most about the last
        // levels' offsets, far less than the first level's
        let finest = (0..32).map(|x| spread(h[16 * 33 + x], h[16 * 33 + x + 1])).fold(0.0f32, f32::max);
        assert!(finest < 0.65, "neighbours differ by up to {finest}");
    }

    #[test]
    fn maps_are_normalised_and_the_seed_makes_them() {
        let a = map(Grid::ARTICLE, 3, 0.65);
        assert_eq!(a.len(), Grid::ARTICLE.cells());
        let low = a.iter().cloned().fold(f32::INFINITY, f32::min);
        let high = a.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
        assert_eq!((low, high), (0.0, 1.0));
        assert_eq!(a, map(Grid::ARTICLE, 3, 0.65));
        assert_ne!(a, map(Grid::ARTICLE, 4, 0.65));
        assert_ne!(a, map(Grid::ARTICLE, 3, 0.3));
    }
}
