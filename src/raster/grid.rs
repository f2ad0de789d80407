//! The simulation grid: how many cells across and down a map has.
//!
//! A map keeps its grid whatever the size of the canvas, because the eroded
//! terrain is the result of everything that has happened so far and can't be
//! rebuilt from the seed: resizing the window or going fullscreen only draws
//! the same grid bigger. The reader picks the grid with the map size
//! ([`crate::settings::choices::MAP_SIZES`]); the article's is 320 × 180.
//!
//! ```
//! use hydraulic_erosion::raster::grid::Grid;
//! let g = Grid::new(4, 3);
//! assert_eq!(g.cells(), 12);
//! assert_eq!(g.column_row(5), (1, 1));
//! assert_eq!(g.neighbours(5).count(), 8);
//! ```

/// A grid of `cols` × `rows` cells, stored row by row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    pub cols: usize,
    pub rows: usize,
}

impl Grid {
    /// The article's grid: 320 × 180.
    pub const ARTICLE: Grid = Grid { cols: 320, rows: 180 };

    /// A grid of at least 2 × 2 cells (every map has an inside and an edge).
    pub const fn new(cols: usize, rows: usize) -> Grid {
        assert!(cols >= 2 && rows >= 2);
        Grid { cols, rows }
    }

    /// The grid of `cells` heights in rows of `cols`, if they make whole
    /// rows and at least 2 × 2 (what a module handed loose heights checks).
    pub fn of_rows(cells: usize, cols: usize) -> Option<Grid> {
        (cols >= 2 && cells % cols == 0 && cells / cols >= 2).then(|| Grid::new(cols, cells / cols))
    }

    /// A length given in cells of the article's map, in cells of this one:
    /// noise scales are given per article cell, so a finer map samples the
    /// same ground more closely. The ratio is exact for every map size
    /// (320/640 = 1/2, 320/512 = 5/8), so the article's map is untouched.
    #[inline]
    pub fn per_cell(self, per_article_cell: f64) -> f64 {
        per_article_cell * (Grid::ARTICLE.cols as f64 / self.cols as f64)
    }

    /// How many of the article's maps this one's cells make, to the nearest
    /// whole one and at least 1: 1 on the article's map (and the 257 × 257
    /// one), 4 at 640 × 360, 5 at 512 × 512, 18 at 1024 × 1024 and 73 at
    /// 2048 × 2048. The rain's counts given for the article's map (its
    /// pace, where it stops, how often the heights are kept and measured)
    /// are that many times larger on this one: as many drops per cell,
    /// whole multiples of the article's, which keep it exactly as it is.
    ///
    /// ```
    /// use hydraulic_erosion::raster::grid::Grid;
    /// assert_eq!(Grid::ARTICLE.article_maps(), 1);
    /// assert_eq!(Grid::new(2048, 2048).article_maps(), 73);
    /// ```
    pub fn article_maps(self) -> u64 {
        let ratio = self.cells() as f64 / Grid::ARTICLE.cells() as f64;
        (ratio.round() as u64).max(1)
    }

    /// Cells in all; every per-cell buffer has this length, row by row.
    #[inline]
    pub fn cells(self) -> usize {
        self.cols * self.rows
    }

    /// The column and row of cell `i`.
    #[inline]
    pub fn column_row(self, i: usize) -> (usize, usize) {
        (i % self.cols, i / self.cols)
    }

    /// Whether cell `i` is on the outer ring of the grid.
    #[inline]
    pub fn on_edge(self, i: usize) -> bool {
        let (x, y) = self.column_row(i);
        self.on_edge_at(x, y)
    }

    /// Whether the cell at column `x`, row `y` is on the outer ring.
    #[inline]
    pub fn on_edge_at(self, x: usize, y: usize) -> bool {
        x == 0 || y == 0 || x == self.cols - 1 || y == self.rows - 1
    }

    /// The up to eight neighbours of cell `i`, row by row from the top left
    /// as the original walks them (`dy` outer, `dx` inner), with whether each
    /// one is diagonal. The order matters: ties in the flood and the routing
    /// break by it.
    pub fn neighbours(self, i: usize) -> impl Iterator<Item = (usize, bool)> {
        let (x, y) = self.column_row(i);
        let Grid { cols, rows } = self;
        (-1i32..=1).flat_map(move |dy| {
            (-1i32..=1).filter_map(move |dx| {
                let nx = x as i32 + dx;
                let ny = y as i32 + dy;
                let inside = nx >= 0 && ny >= 0 && (nx as usize) < cols && (ny as usize) < rows;
                (inside && (dx, dy) != (0, 0)).then(|| (ny as usize * cols + nx as usize, dx != 0 && dy != 0))
            })
        })
    }

    /// Calls `visit(j, diagonal)` for each neighbour of cell `i`, in the
    /// order of [`Grid::neighbours`]: the same walk, with fixed offsets for
    /// the cells off the edge, which are nearly all of them.
    #[inline(always)]
    pub fn for_each_neighbour(self, i: usize, visit: impl FnMut(usize, bool)) {
        self.for_each_neighbour_on(self.on_edge(i), i, visit);
    }

    /// [`Grid::for_each_neighbour`] for a caller that knows whether cell `i`
    /// is on the edge (finding out takes a division, which costs more than
    /// the walk in a loop over every cell).
    #[inline(always)]
    pub fn for_each_neighbour_on(self, on_edge: bool, i: usize, mut visit: impl FnMut(usize, bool)) {
        debug_assert_eq!(on_edge, self.on_edge(i));
        // Plain loops and calls, no iterator adapters: a walk the compiler
        // does not inline would take the caller's running values out of
        // registers into memory, on every cell's path
        if on_edge {
            let (x, y) = self.column_row(i);
            for ny in y.saturating_sub(1)..(y + 2).min(self.rows) {
                for nx in x.saturating_sub(1)..(x + 2).min(self.cols) {
                    if nx != x || ny != y {
                        visit(ny * self.cols + nx, nx != x && ny != y);
                    }
                }
            }
        } else {
            // Written out rather than looped over a table: the page's
            // module is built for size, which keeps a loop a loop, and then
            // each neighbour's offset and diagonal are loads and a select
            let c = self.cols;
            visit(i - c - 1, true);
            visit(i - c, false);
            visit(i - c + 1, true);
            visit(i - 1, false);
            visit(i + 1, false);
            visit(i + c - 1, true);
            visit(i + c, false);
            visit(i + c + 1, true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const G: Grid = Grid::ARTICLE;

    #[test]
    fn corners_have_three_neighbours_and_inner_cells_eight() {
        assert_eq!(G.neighbours(0).count(), 3);
        assert_eq!(G.neighbours(G.cells() - 1).count(), 3);
        assert_eq!(G.neighbours(G.cols + 1).count(), 8);
        assert_eq!(G.neighbours(5).count(), 5);
    }

    #[test]
    fn neighbours_come_row_by_row_from_the_top_left() {
        let c = G.cols;
        let i = 2 * c + 2;
        let order: Vec<usize> = G.neighbours(i).map(|(j, _)| j).collect();
        assert_eq!(order, vec![i - c - 1, i - c, i - c + 1, i - 1, i + 1, i + c - 1, i + c, i + c + 1]);
        let diagonal: Vec<bool> = G.neighbours(i).map(|(_, d)| d).collect();
        assert_eq!(diagonal, vec![true, false, true, false, false, true, false, true]);
    }

    #[test]
    fn the_fast_walk_visits_the_same_neighbours_in_the_same_order() {
        for g in [G, Grid::new(512, 512), Grid::new(3, 7)] {
            let c = g.cols;
            for i in [0, 1, c - 1, c, c + 1, g.cells() / 2 + c / 2, g.cells() - c - 2, g.cells() - 1] {
                let mut fast = Vec::new();
                g.for_each_neighbour(i, |j, d| fast.push((j, d)));
                assert_eq!(fast, g.neighbours(i).collect::<Vec<_>>(), "cell {i} of {g:?}");
            }
        }
    }

    #[test]
    fn edge_cells_are_the_outer_ring() {
        for g in [G, Grid::new(640, 360), Grid::new(2, 2)] {
            let ring = (0..g.cells()).filter(|&i| g.on_edge(i)).count();
            assert_eq!(ring, 2 * g.cols + 2 * (g.rows - 2), "{g:?}");
        }
    }
}
