//! A cell's way down in one byte: which of its eight neighbours it drains
//! into, or none (the D8 flow directions of O'Callaghan and Mark 1984,
//! kept as RichDEM keeps them, a byte a cell). A drainage names the cell
//! downstream of each of a map's cells; as an index that took four bytes,
//! 16 MB at 2048 × 2048, and the rivers' routing keeps it in each of two
//! threads and in the buffer passed between them.
//!
//! The ways are numbered 1 to 8 in the order
//! [`Grid::neighbours`](crate::raster::grid::Grid::neighbours) walks a cell's
//! neighbours (row by row from the top left), and
//! [`NOWHERE`](crate::hydrology::d8::NOWHERE) is 0, a cell that keeps its
//! water.
//!
//! ```
//! use hydraulic_erosion::raster::grid::Grid;
//! use hydraulic_erosion::hydrology::d8::{way_to, follow, NOWHERE};
//! let grid = Grid::new(10, 10);
//! let i = 5 * 10 + 5;
//! // South-east, the last of the eight
//! let way = way_to(grid, i, i + 11);
//! assert_eq!(way, 8);
//! assert_eq!(follow(grid.cols, i, way), Some(i + 11));
//! assert_eq!(follow(grid.cols, i, NOWHERE), None);
//! ```

use crate::raster::grid::Grid;

/// Which neighbour a cell drains into, 1 to 8, or [`NOWHERE`].
pub type Way = u8;

/// The way of a cell that keeps its water: the sea, a hollow, the edge.
pub const NOWHERE: Way = 0;

/// Each way's step in columns and rows (none for [`NOWHERE`]).
const STEPS: [(isize, isize); 9] = [(0, 0), (-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// The way from the cell at column `x`, row `y` of a grid `cols` wide to
/// its neighbour `to`, found without a division: `to`'s row is the one
/// above, this one or the one below by where it falls among the rows'
/// first cells.
#[inline(always)]
pub fn way_at(cols: usize, x: usize, y: usize, to: usize) -> Way {
    let row = y * cols;
    let dy: isize = if to < row {
        -1
    } else if to >= row + cols {
        1
    } else {
        0
    };
    let dx = to as isize - (row as isize + dy * cols as isize) - x as isize;
    debug_assert!((-1..=1).contains(&dx) && (dx, dy) != (0, 0), "cell {to} is no neighbour of ({x}, {y})");
    // The nine steps row by row, the cell itself (4) left out
    let k = (dy + 1) * 3 + dx + 1;
    (if k < 4 { k + 1 } else { k }) as Way
}

/// The way from cell `from` of `grid` to its neighbour `to`.
pub fn way_to(grid: Grid, from: usize, to: usize) -> Way {
    let (x, y) = grid.column_row(from);
    way_at(grid.cols, x, y, to)
}

/// The cell cell `from` drains into along `way` on a grid `cols` wide, if
/// any.
#[inline(always)]
pub fn follow(cols: usize, from: usize, way: Way) -> Option<usize> {
    (way != NOWHERE).then(|| from.wrapping_add_signed(step(cols, way)))
}

/// Each way's step in cells on a grid `cols` wide, by its number: for a
/// loop that follows many ways on one grid.
pub fn steps(cols: usize) -> [isize; 9] {
    std::array::from_fn(|way| step(cols, way as Way))
}

#[inline(always)]
fn step(cols: usize, way: Way) -> isize {
    let (dx, dy) = STEPS[way as usize];
    dy * cols as isize + dx
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ways_number_the_neighbours_in_the_grids_order_and_lead_back_to_them() {
        for grid in [Grid::new(2, 2), Grid::new(2, 5), Grid::new(7, 3), Grid::ARTICLE] {
            for i in 0..grid.cells() {
                let all = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];
                let (x, y) = grid.column_row(i);
                // The ways to the neighbours inside the grid, in its order
                let expected: Vec<Way> = (1..=8u8)
                    .filter(|&w| {
                        let (dx, dy) = all[w as usize - 1];
                        let (nx, ny) = (x as isize + dx, y as isize + dy);
                        nx >= 0 && ny >= 0 && (nx as usize) < grid.cols && (ny as usize) < grid.rows
                    })
                    .collect();
                let ways: Vec<Way> = grid.neighbours(i).map(|(j, _)| way_to(grid, i, j)).collect();
                assert_eq!(ways, expected, "cell {i} of {grid:?}");
                for (j, _) in grid.neighbours(i) {
                    assert_eq!(follow(grid.cols, i, way_to(grid, i, j)), Some(j));
                    assert_eq!(i.wrapping_add_signed(steps(grid.cols)[way_to(grid, i, j) as usize]), j);
                }
            }
        }
    }

    #[test]
    fn nowhere_leads_nowhere() {
        assert_eq!(follow(320, 1000, NOWHERE), None);
        assert_eq!(steps(320)[NOWHERE as usize], 0);
        assert_eq!(steps(320)[1], -321);
        assert_eq!(steps(320)[8], 321);
    }
}
