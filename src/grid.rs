//! The simulation grid.
//!
//! It is a fixed size whatever the size of the canvas, because the eroded
//! terrain is the result of everything that has happened so far and can't be
//! rebuilt from the seed: resizing the window or going fullscreen only draws
//! the same grid bigger.

/// Cells across.
pub const COLS: usize = 320;
/// Cells down.
pub const ROWS: usize = 180;
/// Cells in all; every per-cell buffer has this length, row by row.
pub const CELLS: usize = COLS * ROWS;

/// The column and row of cell `i`.
#[inline]
pub fn column_row(i: usize) -> (usize, usize) {
    (i % COLS, i / COLS)
}

/// Whether cell `i` is on the outer ring of the grid.
#[inline]
pub fn on_edge(i: usize) -> bool {
    let (x, y) = column_row(i);
    on_edge_at(x, y)
}

/// Whether the cell at column `x`, row `y` is on the outer ring of the grid.
#[inline]
pub fn on_edge_at(x: usize, y: usize) -> bool {
    x == 0 || y == 0 || x == COLS - 1 || y == ROWS - 1
}

/// The up to eight neighbours of cell `i`, row by row from the top left as
/// the original walks them (`dy` outer, `dx` inner), with whether each one is
/// diagonal. The order matters: ties in the flood and the routing break by it.
pub fn neighbours(i: usize) -> impl Iterator<Item = (usize, bool)> {
    let (x, y) = column_row(i);
    (-1i32..=1).flat_map(move |dy| {
        (-1i32..=1).filter_map(move |dx| {
            let nx = x as i32 + dx;
            let ny = y as i32 + dy;
            let inside = nx >= 0 && ny >= 0 && (nx as usize) < COLS && (ny as usize) < ROWS;
            (inside && (dx, dy) != (0, 0)).then(|| (ny as usize * COLS + nx as usize, dx != 0 && dy != 0))
        })
    })
}

/// The eight neighbours of a cell off the edge, in the order of
/// [`neighbours`], as offsets in a row-major buffer, with whether each is
/// diagonal.
const INNER_NEIGHBOURS: [(isize, bool); 8] = [
    (-(COLS as isize) - 1, true),
    (-(COLS as isize), false),
    (-(COLS as isize) + 1, true),
    (-1, false),
    (1, false),
    (COLS as isize - 1, true),
    (COLS as isize, false),
    (COLS as isize + 1, true),
];

/// Calls `visit(j, diagonal)` for each neighbour of cell `i`, in the order
/// of [`neighbours`]: the same walk, with constant offsets for the cells off
/// the edge, which are nearly all of them.
#[inline(always)]
pub fn for_each_neighbour(i: usize, mut visit: impl FnMut(usize, bool)) {
    if on_edge(i) {
        neighbours(i).for_each(|(j, diagonal)| visit(j, diagonal));
    } else {
        for (offset, diagonal) in INNER_NEIGHBOURS {
            visit(i.wrapping_add_signed(offset), diagonal);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_have_three_neighbours_and_inner_cells_eight() {
        assert_eq!(neighbours(0).count(), 3);
        assert_eq!(neighbours(CELLS - 1).count(), 3);
        assert_eq!(neighbours(COLS + 1).count(), 8);
        assert_eq!(neighbours(5).count(), 5);
    }

    #[test]
    fn neighbours_come_row_by_row_from_the_top_left() {
        let i = 2 * COLS + 2;
        let order: Vec<usize> = neighbours(i).map(|(j, _)| j).collect();
        assert_eq!(
            order,
            vec![i - COLS - 1, i - COLS, i - COLS + 1, i - 1, i + 1, i + COLS - 1, i + COLS, i + COLS + 1]
        );
        let diagonal: Vec<bool> = neighbours(i).map(|(_, d)| d).collect();
        assert_eq!(diagonal, vec![true, false, true, false, false, true, false, true]);
    }

    #[test]
    fn the_fast_walk_visits_the_same_neighbours_in_the_same_order() {
        for i in [0, 5, COLS - 1, COLS, COLS + 1, 77 * COLS + 200, CELLS - COLS - 2, CELLS - 1] {
            let mut fast = Vec::new();
            for_each_neighbour(i, |j, d| fast.push((j, d)));
            assert_eq!(fast, neighbours(i).collect::<Vec<_>>(), "cell {i}");
        }
    }

    #[test]
    fn edge_cells_are_the_outer_ring() {
        let ring = (0..CELLS).filter(|&i| on_edge(i)).count();
        assert_eq!(ring, 2 * COLS + 2 * (ROWS - 2));
    }
}
