//! Hack's law (Hack 1957): along a river, the length `L` of the main
//! channel above a point grows as a power of the area `A` draining to it,
//! `L ∝ A^h`. Real basins give h ≈ 0.5 to 0.6 (Hack's 0.6; Rigon et al.
//! 1996 find 0.57 ± 0.03 across basins): channels lengthen more slowly than
//! their basins widen, so basins grow longer and thinner as they grow.
//! Here `h` is fitted by least squares to `ln L` against `ln A` over the
//! channel cells of the land, `L` being the longest way down to each
//! ([`longest_way_down`]).
//!
//! [`longest_way_down`]: crate::morphometry::channels::longest_way_down

use crate::hydrology::flow_routing::Drainage;
use crate::morphometry::channels::{channel_cells, longest_way_down};
use crate::morphometry::least_squares::power_law_exponent;
use crate::raster::grid::Grid;

/// Hack's exponent over the channels of `drainage` above `sea_level` (at
/// least `channel_area` cells of water), or `None` where there are too few.
pub fn hack_exponent(
    grid: Grid,
    heights: &[f32],
    drainage: &Drainage,
    sea_level: f64,
    channel_area: f64,
) -> Option<f64> {
    let length = longest_way_down(grid, drainage);
    let points = channel_cells(heights, &drainage.water, sea_level, channel_area)
        .map(|i| (drainage.water[i] as f64, f64::from(length[i])));
    power_law_exponent(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A river straight down a column of `rows` cells, the rain falling so
    /// that `A = k^(1/h)` at the cell `k` below the top (where `L = k`),
    /// and the ground falling towards the sea at 0.
    pub(crate) fn straight_river(rows: usize, h: f64) -> (Grid, Vec<f32>, Drainage) {
        let grid = Grid::new(2, rows);
        let mut drainage = Drainage::new(grid);
        let mut heights = vec![0.0f32; grid.cells()];
        for r in 0..rows {
            let i = r * 2;
            drainage.drain(i, (r + 1 < rows).then_some(i + 2));
            drainage.water[i] = (r.max(1) as f64).powf(1.0 / h) as f32;
            heights[i] = 1.0 - r as f32 / rows as f32;
        }
        (grid, heights, drainage)
    }

    #[test]
    fn a_river_made_to_an_exponent_gives_it_back() {
        for h in [0.5, 0.57, 0.6] {
            let (grid, heights, drainage) = straight_river(200, h);
            // (the top, where L = 0, has no logarithm and is passed over)
            let found = hack_exponent(grid, &heights, &drainage, 0.0, 1.0).unwrap();
            assert!((found - h).abs() < 1e-5, "made with {h}, found {found}");
        }
    }

    #[test]
    fn the_sea_and_small_streams_are_left_out() {
        let (grid, heights, drainage) = straight_river(50, 0.5);
        assert_eq!(hack_exponent(grid, &heights, &drainage, 2.0, 1.0), None, "all under the sea");
        assert_eq!(hack_exponent(grid, &heights, &drainage, 0.0, 1e9), None, "no channel");
    }
}
