//! The channels of a drainage: the cells at least [`CHANNEL_AREA`] cells of
//! the article's map drain through, which are the rivers the map draws
//! ([`RIVER_START`]); and for every cell the length of the longest way down
//! to it from a divide, the main channel's length Hack's law is about.
//!
//! ```
//! use hydraulic_erosion::raster::grid::Grid;
//! use hydraulic_erosion::hydrology::flow_routing::Drainage;
//! use hydraulic_erosion::morphometry::channels::longest_way_down;
//! // A row of four cells draining east, the last into nothing
//! let grid = Grid::new(4, 2);
//! let mut drainage = Drainage::new(grid);
//! for i in 0..3 {
//!     drainage.drain(i, Some(i + 1));
//! }
//! let length = longest_way_down(grid, &drainage);
//! assert_eq!(&length[..4], &[0.0, 1.0, 2.0, 3.0]);
//! ```
//!
//! [`CHANNEL_AREA`]: crate::morphometry::channels::CHANNEL_AREA
//! [`RIVER_START`]: crate::hydrology::rivers::RIVER_START

use std::f64::consts::SQRT_2;

use crate::hydrology::flow_routing::Drainage;
use crate::hydrology::rivers::RIVER_START;
use crate::raster::grid::Grid;

/// A cell is a channel once this many cells of the article's map (its
/// drainage area) drain through it: where the map starts drawing a river.
pub const CHANNEL_AREA: f64 = RIVER_START as f64;

/// [`CHANNEL_AREA`] in cells of `grid`: a finer map has more cells to the
/// same ground.
pub fn channel_area(grid: Grid) -> f64 {
    let per_article_cell = 1.0 / grid.per_cell(1.0);
    CHANNEL_AREA * per_article_cell * per_article_cell
}

/// The cells above `sea_level` that at least `channel_area` cells of
/// `water` drain through.
pub fn channel_cells<'a>(
    heights: &'a [f32],
    water: &'a [f32],
    sea_level: f64,
    channel_area: f64,
) -> impl Iterator<Item = usize> + 'a {
    (0..heights.len()).filter(move |&i| heights[i] as f64 > sea_level && water[i] as f64 >= channel_area)
}

/// The distance from cell `i` to `j`, a neighbour, in cells.
pub fn step_length(grid: Grid, i: usize, j: usize) -> f64 {
    let ((ci, ri), (cj, rj)) = (grid.column_row(i), grid.column_row(j));
    if ci != cj && ri != rj {
        SQRT_2
    } else {
        1.0
    }
}

/// For each cell, the length (in cells) of the longest way down to it
/// along `drainage`'s ways from a cell nothing drains into (0 there).
/// Cells are taken once all that drains into them has been (Kahn's order),
/// so any drainage that runs downhill, the article's or the tutorial's, is
/// measured the same way; a loop, which no drainage has, is left at 0.
/// Each cell drains into a neighbour, so a cell's inflows are counted in a
/// byte, and a cell whose last inflow is taken is followed at once rather
/// than queued: at 2048 × 2048 this needs 4 MB beside the lengths, where
/// counts in four bytes and a queue of cells needed up to 34 MB. The
/// lengths are kept in `f32`, each step added in `f64`: 16 MB there, not
/// 32, and the measures' largest need at that size (a length summed over
/// thousands of rounded steps is good to a few parts in a million: Hack's
/// exponent of a 2048 × 2048 island moved by 3 in a million).
pub fn longest_way_down(grid: Grid, drainage: &Drainage) -> Vec<f32> {
    /// A cell taken.
    const TAKEN: u8 = u8::MAX;
    let cells = grid.cells();
    assert_eq!(drainage.ways.len(), cells);
    let mut inflows = vec![0u8; cells];
    for d in (0..cells).filter_map(|i| drainage.downstream(i)) {
        let count = &mut inflows[d];
        *count = count.checked_add(1).filter(|&n| n < TAKEN).expect("a cell drains into a neighbour");
    }
    let mut length = vec![0.0f32; cells];
    for source in 0..cells {
        if inflows[source] != 0 {
            continue;
        }
        // Down from a cell nothing drains into, as long as the next has
        // had all that drains into it taken
        let mut i = source;
        loop {
            inflows[i] = TAKEN;
            let Some(d) = drainage.downstream(i) else { break };
            length[d] = length[d].max((f64::from(length[i]) + step_length(grid, i, d)) as f32);
            inflows[d] -= 1;
            if inflows[d] != 0 {
                break;
            }
            i = d;
        }
    }
    length
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_branch_wins_and_diagonals_count_root_two() {
        // 3 × 3: the top row drains into the middle one's cell below, which
        // drains down into the bottom middle; the left column's foot drains
        // east into it too
        let grid = Grid::new(3, 3);
        let mut drainage = Drainage::new(grid);
        drainage.drain(0, Some(4)); // diagonal
        drainage.drain(1, Some(4));
        drainage.drain(2, Some(4)); // diagonal
        drainage.drain(3, Some(6));
        drainage.drain(6, Some(7));
        drainage.drain(4, Some(7));
        let length = longest_way_down(grid, &drainage);
        assert_eq!(length[4], SQRT_2 as f32);
        assert_eq!(length[7], (SQRT_2 + 1.0) as f32, "the diagonal branch is longer than 3 → 6 → 7 (2)");
        assert_eq!(length[8], 0.0);
    }

    #[test]
    fn a_finer_map_counts_more_cells_to_a_channel() {
        assert_eq!(channel_area(Grid::ARTICLE), CHANNEL_AREA);
        assert_eq!(channel_area(Grid::new(640, 360)), 4.0 * CHANNEL_AREA);
    }
}
