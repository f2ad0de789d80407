//! Drainage density (Horton 1945): the length of channel per area of land.
//! A map has no scale of its own, so it is given in cells: channel cells
//! ([`crate::morphometry::channels`]) per cell of land above the sea. It
//! rises as the rain cuts more valleys that gather enough water to carry
//! a river; how high it is depends on the channel threshold, which is
//! stated with it.
//!
//! ```
//! use hydraulic_erosion::morphometry::drainage_density::drainage_density;
//! // Four cells of land, one of which gathers enough water
//! let d = drainage_density(&[0.5, 0.6, 0.7, 0.8, 0.0], &[1.0, 2.0, 300.0, 1.0, 9.0], 0.2, 250.0);
//! assert_eq!(d, Some(0.25));
//! ```

/// Cells with at least `channel_area` cells of `water` draining through
/// them, per cell of land above `sea_level`; `None` with no land.
pub fn drainage_density(heights: &[f32], water: &[f32], sea_level: f64, channel_area: f64) -> Option<f64> {
    let (mut land, mut channels) = (0u64, 0u64);
    for (&h, &w) in heights.iter().zip(water) {
        if h as f64 > sea_level {
            land += 1;
            channels += (w as f64 >= channel_area) as u64;
        }
    }
    (land > 0).then(|| channels as f64 / land as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hydrology::flow_routing::Drainage;
    use crate::raster::grid::Grid;

    #[test]
    fn a_hand_made_valley_has_its_channel_counted() {
        // 5 × 4 of land sloping to a middle column that drains south off
        // the map: each of its cells gathers its own and two from either
        // side, 5, 10, 15, 20; with a threshold of 8, three are channel
        let grid = Grid::new(5, 4);
        let mut heights = vec![0.0f32; grid.cells()];
        let mut down = vec![-1i32; grid.cells()];
        for i in 0..grid.cells() {
            let (c, r) = grid.column_row(i);
            heights[i] = 0.5 + 0.1 * (c as f32 - 2.0).abs() - 0.01 * r as f32;
            down[i] = if c == 2 {
                if r + 1 < grid.rows {
                    (i + grid.cols) as i32
                } else {
                    -1
                }
            } else if c < 2 {
                i as i32 + 1
            } else {
                i as i32 - 1
            };
        }
        let mut order: Vec<u32> = (0..grid.cells() as u32).collect();
        order.sort_by(|&a, &b| heights[a as usize].total_cmp(&heights[b as usize]));
        let mut drainage = Drainage::new(grid);
        // Its routing is D8's steepest descent, which these slopes follow
        drainage.route(grid, &heights, &order, 0.0);
        assert_eq!(drainage.downstream_indices(), down);
        let middle: Vec<f32> = (0..4).map(|r| drainage.water[r * 5 + 2]).collect();
        assert_eq!(middle, [5.0, 10.0, 15.0, 20.0]);
        assert_eq!(drainage_density(&heights, &drainage.water, 0.0, 8.0), Some(3.0 / 20.0));
        assert_eq!(drainage_density(&heights, &drainage.water, 0.0, 100.0), Some(0.0));
        assert_eq!(drainage_density(&heights, &drainage.water, 1.0, 8.0), None, "all under the sea");
    }
}
