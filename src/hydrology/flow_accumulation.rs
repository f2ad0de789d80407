//! The terrain erosion tutorial's rivers: its `flowAccumulation`, D8 straight
//! over the heights, beside the article's ([`crate::hydrology::rivers`]).
//!
//! Every cell starts with one unit of rain; taking cells from the highest
//! to the lowest, each passes all its water to the neighbour of eight it
//! slopes down to most steeply (a diagonal's drop divided by √2). Unlike the
//! article's, the hollows are not filled first and there is no sea: a river
//! that runs into a pit stops there. Cells of equal height keep the order of
//! their index (JavaScript's sort is stable), and water is summed in `f32`
//! as its `Float32Array` does, so the result equals the tutorial's exactly.
//!
//! ```
//! use hydraulic_erosion::hydrology::flow_accumulation::flow_accumulation;
//! use hydraulic_erosion::raster::grid::Grid;
//! // A ramp down to the east: every cell drains straight east
//! let grid = Grid::new(4, 3);
//! let h: Vec<f32> = (0..12).map(|i| 3.0 - (i % 4) as f32).collect();
//! let d = flow_accumulation(grid, &h);
//! assert_eq!(d.downstream(0), Some(1));
//! assert_eq!(&d.water[..4], &[1.0, 2.0, 3.0, 4.0]);
//! ```

use crate::hydrology::flow_routing::{steepest_descents, Drainage};
use crate::hydrology::height_order::{ordered, HeightOrder};
use crate::raster::grid::Grid;

/// The drainage of `heights` on `grid`, as the tutorial's
/// `flowAccumulation` works it out: the water through each cell, and the
/// way each passes it on (nowhere where no neighbour is lower).
pub fn flow_accumulation(grid: Grid, heights: &[f32]) -> Drainage {
    let cells = grid.cells();
    assert_eq!(heights.len(), cells);
    // Highest first, and equal heights in index order, as JavaScript's
    // stable sort leaves them: the ordered key's complement, sorted stably
    // (−0 counts as 0, which its comparison of differences makes it)
    let mut order = HeightOrder::default();
    order.sort(cells, |i| {
        let h = heights[i];
        !ordered(if h == 0.0 { 0.0 } else { h })
    });
    let mut drainage = Drainage::new(grid);
    // The tutorial's rule is the article's: its steepest drop starts at −∞
    // and counts only if above 0, which is starting at 0. It has no sea
    steepest_descents(grid, heights, f64::NEG_INFINITY, &mut drainage.ways);
    drainage.gather(order.cells().iter());
    drainage
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn water_gathers_into_the_pit_and_every_unit_is_kept() {
        // A bowl: every cell drains towards the middle
        let grid = Grid::new(9, 9);
        let h: Vec<f32> = (0..81)
            .map(|i| {
                let (x, y) = grid.column_row(i);
                ((x as f32 - 4.0).powi(2) + (y as f32 - 4.0).powi(2)).sqrt()
            })
            .collect();
        let d = flow_accumulation(grid, &h);
        assert_eq!(d.water[40], 81.0, "the pit holds all the rain");
        assert_eq!(d.downstream(40), None);
        let sinks: f32 = (0..81).filter(|&i| d.downstream(i).is_none()).map(|i| d.water[i]).sum();
        assert_eq!(sinks, 81.0);
    }

    #[test]
    fn a_diagonal_counts_root_two_as_far_and_flat_ground_keeps_its_water() {
        let grid = Grid::new(3, 3);
        let mut h = vec![5.0f32; 9];
        h[4] = 4.0;
        h[5] = 3.0; // 1.0 straight east
        h[8] = 2.7; // 1.3 diagonally: 0.92 per unit
        let d = flow_accumulation(grid, &h);
        assert_eq!(d.downstream(4), Some(5));
        let flat = flow_accumulation(grid, &[1.0; 9]);
        assert!((0..9).all(|i| flat.downstream(i).is_none()));
    }
}
