//! Thermal erosion: loose ground slides down slopes steeper than it can
//! hold (its talus angle), as the terrain erosion tutorial's
//! `thermalErosion` does it, after Musgrave, Kolb and Mace (1989) and Olsen
//! (2004, *Realtime Procedural Terrain Generation*).
//!
//! Hydraulic erosion alone leaves slopes steeper than any real material
//! holds. In a pass, every cell off the map's edge finds its steepest lower
//! neighbour of eight; where the drop to it is more than the talus, a share
//! of the excess moves there. The pass reads the heights as they were and
//! writes a copy (double-buffered), so the order cells are visited in
//! changes nothing but the rounding of sums, which is fixed: the result is
//! the same on every machine.
//!
//! **Range and cadence.** The tutorial runs a pass after every batch of
//! about 1,000 drops, with a talus of 0.6 on heights of −1..1; between
//! neighbouring cells its heights never differ by that much, so its passes
//! move nothing. Olsen found a talus of about 4/N for an N × N map with
//! heights in 0..1 gives believable slopes: 0.0125 for the article's 320
//! cells across, 0.008 for the tutorial's 512. The slider runs from 0 (off,
//! the article's sketch) to 0.05, where only cliffs slide; the tutorial
//! preset takes Olsen's 0.008. Passes come every [`THERMAL_EVERY`] drops,
//! counted from the start of the rain, so a link replays them exactly
//! however the drops were batched into frames.
//!
//! ```
//! use hydraulic_erosion::raster::grid::Grid;
//! use hydraulic_erosion::erosion::thermal_erosion::ThermalErosion;
//! let grid = Grid::new(3, 3);
//! let mut h = vec![0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0];
//! ThermalErosion::default().pass(grid, &mut h, 0.2, 0.5);
//! // Half of the excess over the talus, times the amount, goes to the first
//! // of the equally steep neighbours
//! assert_eq!(h[4], 0.8);
//! assert_eq!(h[0], 0.2);
//! ```
//!
//! [`THERMAL_EVERY`]: crate::erosion::thermal_erosion::THERMAL_EVERY

use crate::raster::grid::Grid;

/// A thermal pass comes after every this many drops (the tutorial's batch).
pub const THERMAL_EVERY: u64 = 1_000;
/// The share of the excess moved, before halving (the tutorial's 0.5).
pub const AMOUNT: f64 = 0.5;

/// The eight neighbours as (dx, dz), row by row from the top left: ties go
/// to the first, as the tutorial's `NEIGHBORS_8` has them.
const NEIGHBOURS: [(isize, isize); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// The pass's second buffer, kept between passes.
#[derive(Clone, Debug, Default)]
pub struct ThermalErosion {
    next: Vec<f32>,
}

impl ThermalErosion {
    /// One pass over `heights` on `grid`: where a cell stands more than
    /// `talus` above its steepest lower neighbour, `(drop − talus) × amount
    /// × ½` moves from it to that neighbour.
    pub fn pass(&mut self, grid: Grid, heights: &mut [f32], talus: f64, amount: f64) {
        assert_eq!(heights.len(), grid.cells());
        self.next.clear();
        self.next.extend_from_slice(heights);
        let cols = grid.cols;
        for z in 1..grid.rows - 1 {
            // The rows above, at and below, so the neighbours are plain
            // indices into three slices
            let up = &heights[(z - 1) * cols..z * cols];
            let row = &heights[z * cols..(z + 1) * cols];
            let down = &heights[(z + 1) * cols..(z + 2) * cols];
            for x in 1..cols - 1 {
                let around = [up[x - 1], up[x], up[x + 1], row[x - 1], row[x + 1], down[x - 1], down[x], down[x + 1]];
                let h = row[x] as f64;
                let (mut steepest, mut target) = (0.0, 0);
                for (k, &neighbour) in around.iter().enumerate() {
                    // (selects rather than a branch: which neighbour is
                    // steepest is a coin toss the processor cannot predict)
                    let drop = h - neighbour as f64;
                    let steeper = drop > steepest;
                    steepest = if steeper { drop } else { steepest };
                    target = if steeper { k } else { target };
                }
                if steepest > talus {
                    let transfer = (steepest - talus) * amount * 0.5;
                    let i = z * cols + x;
                    let (dx, dz) = NEIGHBOURS[target];
                    let j = (z as isize + dz) as usize * cols + (x as isize + dx) as usize;
                    self.next[i] = (self.next[i] as f64 - transfer) as f32;
                    self.next[j] = (self.next[j] as f64 + transfer) as f32;
                }
            }
        }
        heights.copy_from_slice(&self.next);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pass_conserves_the_ground_and_eases_every_slope_steeper_than_the_talus() {
        let grid = Grid::new(64, 48);
        // A steep cone: every step outwards drops 0.03
        let mut h: Vec<f32> = (0..grid.cells())
            .map(|i| {
                let (x, y) = grid.column_row(i);
                let d = ((x as f64 - 31.5).powi(2) + (y as f64 - 23.5).powi(2)).sqrt();
                (1.0 - d * 0.03).max(0.0) as f32
            })
            .collect();
        let before: f64 = h.iter().map(|&v| v as f64).sum();
        let steepest = |h: &[f32]| {
            (0..grid.cells())
                .filter(|&i| !grid.on_edge(i))
                .map(|i| grid.neighbours(i).map(|(j, _)| h[i] - h[j]).fold(0.0f32, f32::max))
                .fold(0.0f32, f32::max)
        };
        let first = steepest(&h);
        let mut thermal = ThermalErosion::default();
        for _ in 0..200 {
            thermal.pass(grid, &mut h, 0.01, AMOUNT);
        }
        let after: f64 = h.iter().map(|&v| v as f64).sum();
        assert!((after - before).abs() < 1e-3, "ground conserved: {before} → {after}");
        // Easing a whole cone down to the talus takes thousands of passes
        // (the ground moves one cell a pass); the steepest slopes go first
        let last = steepest(&h);
        assert!(first > 0.04 && last < first - 0.01, "steepest drop {first} → {last}");
    }

    #[test]
    fn nothing_moves_below_the_talus_or_on_the_edge() {
        let grid = Grid::new(5, 4);
        let mut h: Vec<f32> = (0..grid.cells()).map(|i| (i % 5) as f32 * 0.01).collect();
        let before = h.clone();
        ThermalErosion::default().pass(grid, &mut h, 0.02, AMOUNT);
        assert_eq!(h, before);
        // A spike on the edge stays: edge cells are never sources
        h[2] = 5.0;
        ThermalErosion::default().pass(grid, &mut h, 0.02, AMOUNT);
        assert_eq!(h[2], 5.0);
    }
}
