//! How steep the drops find a ground. A drop works in heights per cell: on
//! a slope of 0.01 a cell it speeds up, carries and digs as the article's
//! drops do on its island. An elevation model fitted to heights from 0 to 1
//! has the slopes a cell its real cells and relief give it: the Alps
//! averaged down to cells of 46 m, their 4,000 m brought to three quarters
//! of 1, are gentler a cell than the island, and drops would hardly dig
//! them; a crater of 10 m cells is steeper. So the drops see a model's
//! heights stretched by its *steepness*: the factor that brings its median
//! slope to the island's. The sketch's own grounds, and a heightmap's
//! levels, which are heights as the sketch's are, have a steepness of 1.
//!
//! ```
//! use hydraulic_erosion::raster::grid::Grid;
//! use hydraulic_erosion::ground::steepness::{self, ISLAND_SLOPE};
//! // A plane a tenth as steep as the island's median: drops see it 10 times steeper
//! let grid = Grid::new(40, 30);
//! let plane: Vec<f32> = (0..grid.cells()).map(|i| (0.1 * ISLAND_SLOPE * (i % 40) as f64) as f32).collect();
//! assert_eq!(steepness::of(grid, &plane), 10.0);
//! ```

use crate::raster::grid::Grid;

/// The median slope a cell of the article's island (seed 1, 320 × 180
/// cells, before rain), over every cell that slopes at all: the steepness
/// the drops' constants were tuned on. (`the_island_slope_is_the_islands`
/// works it out again.)
pub const ISLAND_SLOPE: f64 = 0.011_706_253_741_652_668;
/// The least and most steepness a model is given: a ground nearly flat, or all
/// cliffs, is not brought all the way to the island's slopes.
pub const LEAST: f64 = 0.25;
pub const MOST: f64 = 16.0;

/// The median slope a cell of `heights` (rows of `grid`), over the cells
/// that slope at all: at each cell, the height's rise to its east and south
/// neighbours, as a drop's gradient takes it. None on a flat ground.
pub fn median_slope(grid: Grid, heights: &[f32]) -> Option<f64> {
    let cols = grid.cols;
    let mut slopes: Vec<f64> = (0..grid.rows.saturating_sub(1))
        .flat_map(|y| (0..cols - 1).map(move |x| y * cols + x))
        .map(|i| {
            let here = heights[i] as f64;
            let (east, south) = (heights[i + 1] as f64 - here, heights[i + cols] as f64 - here);
            (east * east + south * south).sqrt()
        })
        .filter(|&s| s > 0.0)
        .collect();
    if slopes.is_empty() {
        return None;
    }
    let middle = slopes.len() / 2;
    Some(*slopes.select_nth_unstable_by(middle, f64::total_cmp).1)
}

/// The steepness that brings `heights`' median slope to the island's, to
/// hundredths (as a link writes it), from [`LEAST`] to [`MOST`]; 1 on a
/// flat ground.
pub fn of(grid: Grid, heights: &[f32]) -> f64 {
    median_slope(grid, heights).map_or(1.0, |slope| ((ISLAND_SLOPE / slope).clamp(LEAST, MOST) * 100.0).round() / 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terrain::Terrain;

    #[test]
    fn the_island_slope_is_the_islands() {
        let island = Terrain::new(1);
        assert_eq!(island.grid(), Grid::new(320, 180));
        assert_eq!(median_slope(island.grid(), island.heights()), Some(ISLAND_SLOPE));
        assert_eq!(of(island.grid(), island.heights()), 1.0);
    }

    #[test]
    fn a_ground_twice_as_steep_is_stretched_half_as_much_within_bounds() {
        let grid = Grid::new(50, 40);
        let plane = |steepness: f64| -> Vec<f32> {
            (0..grid.cells()).map(|i| (steepness * ISLAND_SLOPE * ((i % 50) + (i / 50)) as f64) as f32).collect()
        };
        // (a plane rising east and south alike: its slope is √2 of its rise)
        let rise = std::f64::consts::SQRT_2;
        assert_eq!(of(grid, &plane(1.0 / rise)), 1.0);
        assert_eq!(of(grid, &plane(2.0 / rise)), 0.5);
        assert_eq!(of(grid, &plane(100.0)), LEAST);
        assert_eq!(of(grid, &plane(0.001)), MOST);
        assert_eq!(of(grid, &vec![0.5; grid.cells()]), 1.0, "a flat ground");
    }
}
