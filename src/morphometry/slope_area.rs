//! The slope–area relation (Flint 1974): down a river in equilibrium the
//! channel's slope `S` falls as a power of the area `A` draining to it,
//! `S ∝ A^−θ`. Its concavity θ is about 0.4 to 0.7 in real rivers, near
//! 0.5 where uplift and erosion balance (Whipple and Tucker 1999). Here θ
//! is fitted by least squares to `ln S` against `ln A` over the channel
//! cells of the land, `S` being the fall of the ground to the next cell
//! down over the distance to it; cells whose ground does not fall (a
//! filled hollow) are passed over.

use crate::hydrology::flow_routing::Drainage;
use crate::morphometry::channels::{channel_cells, step_length};
use crate::morphometry::least_squares::power_law_exponent;
use crate::raster::grid::Grid;

/// The concavity θ of the channels of `drainage` over `heights` above
/// `sea_level` (at least `channel_area` cells of water), or `None` where
/// there are too few that fall.
pub fn concavity(grid: Grid, heights: &[f32], drainage: &Drainage, sea_level: f64, channel_area: f64) -> Option<f64> {
    let points = channel_cells(heights, &drainage.water, sea_level, channel_area).filter_map(|i| {
        drainage.downstream(i).map(|d| {
            let slope = (heights[i] as f64 - heights[d] as f64) / step_length(grid, i, d);
            (drainage.water[i] as f64, slope)
        })
    });
    power_law_exponent(points).map(|b| -b)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A river down a column whose `A = k²` at its `k`th cell and whose
    /// ground falls `A^−θ` from each cell to the next.
    fn graded_river(rows: usize, theta: f64) -> (Grid, Vec<f32>, Drainage) {
        let grid = Grid::new(2, rows);
        let mut drainage = Drainage::new(grid);
        let mut heights = vec![0.0f64; grid.cells()];
        let mut h = 0.0;
        // From the mouth up, so the lowest is 0
        for r in (0..rows).rev() {
            let i = r * 2;
            let area = ((r + 1) as f64).powi(2);
            drainage.drain(i, (r + 1 < rows).then_some(i + 2));
            drainage.water[i] = area as f32;
            if r + 1 < rows {
                h += area.powf(-theta);
            }
            heights[i] = h;
        }
        (grid, heights.iter().map(|&h| h as f32).collect(), drainage)
    }

    #[test]
    fn a_river_graded_to_a_concavity_gives_it_back() {
        for theta in [0.3, 0.5, 0.7] {
            let (grid, heights, drainage) = graded_river(100, theta);
            let found = concavity(grid, &heights, &drainage, -1.0, 1.0).unwrap();
            assert!((found - theta).abs() < 0.01, "made with {theta}, found {found}");
        }
    }

    #[test]
    fn flat_reaches_are_passed_over() {
        let (grid, mut heights, drainage) = graded_river(40, 0.5);
        // The upper half made flat (a filled hollow): the rest still fits
        for r in 0..20 {
            heights[r * 2] = heights[40];
        }
        let found = concavity(grid, &heights, &drainage, -1.0, 1.0).unwrap();
        assert!((found - 0.5).abs() < 0.01, "{found}");
    }
}
