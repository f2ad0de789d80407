//! Where a map's heights changed, and when: the map cut into square tiles,
//! each with the edition of the heights ([`crate::terrain::Terrain::edition`])
//! it last changed in, and the edition they last all changed in. A drawing
//! made of edition `e` needs again only the tiles changed since: a frame's
//! drops touch a few tiles, not the map, so the work of drawing a frame can
//! follow the rain rather than the map's size.
//!
//! ```
//! use hydraulic_erosion::raster::changed_tiles::{ChangedTiles, TILE};
//! use hydraulic_erosion::raster::grid::Grid;
//! let mut changed = ChangedTiles::new(Grid::new(100, 70));
//! // A drop's way from (40, 10) to (42, 11), reaching a cell around it
//! changed.mark_along(&[[40.0, 10.0], [42.0, 11.0]], 1, 3);
//! let since_2: Vec<_> = changed.since(2).collect();
//! assert_eq!(since_2, [(TILE..2 * TILE, 0..TILE)]);
//! assert_eq!(changed.since(3).count(), 0, "nothing after edition 3");
//! changed.mark_all(4);
//! assert_eq!(changed.since(3).count(), 1, "the whole map, in one piece");
//! ```

use std::ops::Range;

use crate::raster::grid::Grid;

/// Cells a tile is across and down: small enough that a frame's drops
/// leave most tiles alone, large enough that the map has few (64 × 64 at
/// 2048²).
pub const TILE: usize = 32;

#[derive(Clone, Debug, PartialEq)]
pub struct ChangedTiles {
    grid: Grid,
    across: usize,
    /// Each tile's edition of its last change, row by row.
    changed_in: Vec<u64>,
    /// When every cell last changed.
    all_in: u64,
}

impl ChangedTiles {
    /// The tiles of `grid`, none changed since edition 0.
    pub fn new(grid: Grid) -> ChangedTiles {
        let (across, down) = (grid.cols.div_ceil(TILE), grid.rows.div_ceil(TILE));
        ChangedTiles { grid, across, changed_in: vec![0; across * down], all_in: 0 }
    }

    /// Every cell changed in `edition`.
    pub fn mark_all(&mut self, edition: u64) {
        self.all_in = edition;
    }

    /// The cells within `reach` of a drop's way (its points, not whole)
    /// changed in `edition`: the tiles of the box around them, which is
    /// cheaper to find than each point's (a drop's way is short, and bends
    /// little).
    pub fn mark_along(&mut self, way: &[[f32; 2]], reach: usize, edition: u64) {
        let Some(&[x0, y0]) = way.first() else { return };
        let [mut left, mut top, mut right, mut bottom] = [x0, y0, x0, y0];
        for &[x, y] in &way[1..] {
            left = left.min(x);
            right = right.max(x);
            top = top.min(y);
            bottom = bottom.max(y);
        }
        let cells = |low: f32, high: f32, n: usize| {
            let (low, high) = ((low.max(0.0) as usize).min(n - 1), (high.max(0.0) as usize).min(n - 1));
            low.saturating_sub(reach)..(high + reach + 2).min(n)
        };
        self.mark_cells(cells(left, right, self.grid.cols), cells(top, bottom, self.grid.rows), edition);
    }

    /// The cells in `cols` × `rows` changed in `edition`.
    pub fn mark_cells(&mut self, cols: Range<usize>, rows: Range<usize>, edition: u64) {
        if cols.is_empty() || rows.is_empty() {
            return;
        }
        for ty in rows.start / TILE..=(rows.end - 1) / TILE {
            for tx in cols.start / TILE..=(cols.end - 1) / TILE {
                self.changed_in[ty * self.across + tx] = edition;
            }
        }
    }

    /// Whether every cell changed after edition `drawn` (a new ground, or
    /// the ground carried over from elsewhere).
    pub fn all_since(&self, drawn: u64) -> bool {
        self.all_in > drawn
    }

    /// The parts of the map (columns, rows) changed after edition `drawn`:
    /// the whole map at once if it all changed since, else each run of
    /// tiles changed side by side in a row of tiles, from the top left.
    /// (Runs, not tiles: what reads a part row by row then reads along
    /// rows of memory, not 128 bytes of a row and on to the next.)
    pub fn since(&self, drawn: u64) -> impl Iterator<Item = (Range<usize>, Range<usize>)> + '_ {
        let Grid { cols, rows } = self.grid;
        let everywhere = self.all_since(drawn);
        let all = everywhere.then_some((0..cols, 0..rows));
        let mut changed =
            (0..self.changed_in.len()).filter(move |&t| !everywhere && self.changed_in[t] > drawn).peekable();
        let runs = std::iter::from_fn(move || {
            let first = changed.next()?;
            let mut last = first;
            while let Some(t) = changed.next_if(|&t| t == last + 1 && t % self.across != 0) {
                last = t;
            }
            let ((start, rows), (end, _)) = (self.tile(first), self.tile(last));
            Some((start.start..end.end, rows))
        });
        all.into_iter().chain(runs)
    }

    /// Every tile (columns, rows), in rows of tiles from the top left.
    pub fn all(&self) -> impl Iterator<Item = (Range<usize>, Range<usize>)> + '_ {
        (0..self.changed_in.len()).map(|t| self.tile(t))
    }

    /// Whether each tile, in the order of [`ChangedTiles::all`], changed
    /// after edition `drawn`.
    pub fn each_since(&self, drawn: u64) -> impl Iterator<Item = bool> + '_ {
        let everywhere = self.all_since(drawn);
        self.changed_in.iter().map(move |&e| everywhere || e > drawn)
    }

    /// The cells of tile `t`, cut at the map's edges.
    fn tile(&self, t: usize) -> (Range<usize>, Range<usize>) {
        let Grid { cols, rows } = self.grid;
        let (tx, ty) = (t % self.across * TILE, t / self.across * TILE);
        (tx..(tx + TILE).min(cols), ty..(ty + TILE).min(rows))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_near_a_tiles_edge_takes_the_tile_beside_it() {
        let mut changed = ChangedTiles::new(Grid::new(70, 40));
        // Within two cells of x = 32 and y = 31
        changed.mark_along(&[[33.5, 30.2], [34.0, 30.5]], 2, 1);
        // (the tiles side by side in one run each)
        assert_eq!(changed.since(0).collect::<Vec<_>>(), [(0..64, 0..32), (0..64, 32..40)]);
        // The map's last tiles are cut at its edge
        changed.mark_cells(65..70, 39..40, 2);
        assert_eq!(changed.since(1).collect::<Vec<_>>(), [(64..70, 32..40)]);
        changed.mark_cells(3..3, 0..5, 3);
        assert_eq!(changed.since(2).count(), 0, "no cells, no change");
    }

    #[test]
    fn changed_tiles_come_in_runs_across_a_row_of_tiles() {
        // Five tiles across, three down: tiles 1, 2 and 4 of the first
        // row, and the second row's first, which follows the first row's
        // last but is not beside it
        let mut changed = ChangedTiles::new(Grid::new(5 * TILE - 3, 3 * TILE));
        for (x, y) in [(1, 0), (2, 0), (4, 0), (0, 1)] {
            changed.mark_cells(x * TILE..x * TILE + 1, y * TILE..y * TILE + 1, 1);
        }
        let parts: Vec<_> = changed.since(0).collect();
        let tile = |t: usize| t * TILE;
        assert_eq!(parts, [(tile(1)..tile(3), 0..TILE), (tile(4)..tile(5) - 3, 0..TILE), (0..TILE, TILE..2 * TILE)]);
    }
}
