//! A coarser grid to draw a big map on. A 2048 × 2048 map on a canvas 540
//! pixels high has about four cells a pixel: painting its relief and
//! tracing its contours cell by cell would work out sixteen times what the
//! screen can show. So the map is drawn from blocks of `factor` × `factor`
//! cells, each block one cell of a coarser grid ([`coarse_grid`](crate::draw::level_of_detail::coarse_grid)): its
//! height the mean of the block's, a layer's value the largest in it (a
//! river one cell wide stays seen). The factor is the power of two that
//! makes a cell of the coarser grid nearest a device pixel across
//! ([`factor`](crate::draw::level_of_detail::factor)), so the article's map, and every map with more than 0.7
//! pixels a cell, is drawn from its own grid as before.
//!
//! ```
//! use hydraulic_erosion::draw::level_of_detail::{coarse_grid, factor, reduce};
//! use hydraulic_erosion::raster::grid::Grid;
//! assert_eq!(factor(0.26), 4);
//! assert_eq!(factor(3.0), 1);
//! let grid = Grid::new(4, 2);
//! assert_eq!(coarse_grid(grid, 2), Grid::new(2, 2));
//! let mut coarse = vec![0.0; 4];
//! reduce(grid, &[1., 3., 5., 5., 1., 3., 5., 9.], 2, &mut coarse, (0..2, 0..1), f32::max);
//! assert_eq!(coarse, [3.0, 9.0, 0.0, 0.0]);
//! ```

use std::ops::Range;

use crate::draw::viewport::Viewport;
use crate::raster::grid::Grid;

/// The largest factor a map is drawn coarser by: past it (a 2048 × 2048
/// map on a canvas under 256 pixels) the drawing is finer than the screen.
pub const MOST: usize = 8;

/// The factor to draw a map at `pixels_per_cell` device pixels a cell
/// coarser by: the power of two, up to [`MOST`], that makes a coarse cell
/// nearest a pixel (by ratio: at most √2 pixels); 1 from √½ pixels a cell
/// up.
pub fn factor(pixels_per_cell: f64) -> usize {
    let mut factor = 1;
    while factor < MOST && pixels_per_cell * (factor * 2) as f64 <= std::f64::consts::SQRT_2 {
        factor *= 2;
    }
    factor
}

/// The coarser grid of `grid` by `factor`: a cell a block, the blocks at
/// the right and bottom edges whatever of a block is left. Never below the
/// least grid of 2 × 2.
pub fn coarse_grid(grid: Grid, factor: usize) -> Grid {
    Grid::new(grid.cols.div_ceil(factor).max(2), grid.rows.div_ceil(factor).max(2))
}

/// The cells of the coarser grid whose blocks take in the map's cells
/// `cols` × `rows`.
pub fn coarse_part(factor: usize, (cols, rows): (Range<usize>, Range<usize>)) -> (Range<usize>, Range<usize>) {
    let coarse = |r: Range<usize>| r.start / factor..r.end.div_ceil(factor);
    (coarse(cols), coarse(rows))
}

/// Where the coarser grid's cells go on the screen, given where the map's
/// go: `factor` times as far apart, each at the middle of its block.
pub fn coarse_view(view: Viewport, factor: usize) -> Viewport {
    let middle = (factor - 1) as f64 / 2.0 * view.scale;
    Viewport { scale: view.scale * factor as f64, left: view.left + middle, top: view.top + middle }
}

/// Reduces the blocks of `values` (one per cell of `grid`) in `part` (cells
/// of the coarser grid) to one value each in `coarse` (one per cell of
/// [`coarse_grid`]), by `combine` (`f32::max` for the largest;
/// [`mean_of_blocks`] for the mean). Each block's values are combined row
/// by row, left to right, from its first; the map is read row by row, so a
/// block's rows are gathered into its coarse cell as they come.
pub fn reduce(
    grid: Grid,
    values: &[f32],
    factor: usize,
    coarse: &mut [f32],
    (cols, rows): (Range<usize>, Range<usize>),
    combine: impl Fn(f32, f32) -> f32,
) {
    let into = coarse_grid(grid, factor);
    assert_eq!(values.len(), grid.cells());
    assert_eq!(coarse.len(), into.cells());
    // Blocks wholly on the map, across, and where each block's cells lie
    // (the last cell again for a block past the map's right edge, which a
    // grid of two columns can have)
    let whole = cols.start..cols.end.min(grid.cols / factor).max(cols.start);
    let across = |cx: usize| (cx * factor).min(grid.cols - 1)..((cx + 1) * factor).min(grid.cols);
    let gather = |block: &mut f32, cells: &[f32], first_row: bool| {
        let start = if first_row { cells[0] } else { combine(*block, cells[0]) };
        *block = cells[1..].iter().fold(start, |sum, &v| combine(sum, v));
    };
    for cy in rows {
        let out = &mut coarse[cy * into.cols..][..into.cols];
        let ys = (cy * factor).min(grid.rows - 1)..((cy + 1) * factor).min(grid.rows);
        for (k, y) in ys.enumerate() {
            let row = &values[y * grid.cols..][..grid.cols];
            let cells = row[whole.start * factor..whole.end * factor].chunks_exact(factor);
            for (block, cells) in out[whole.clone()].iter_mut().zip(cells) {
                gather(block, cells, k == 0);
            }
            for cx in whole.end..cols.end {
                gather(&mut out[cx], &row[across(cx)], k == 0);
            }
        }
    }
}

/// A mesh file is made of at most this many cells (512 × 512): a bigger
/// map's is made of the mean heights of its blocks (2 × 2 at 1024 × 1024,
/// 4 × 4 at 2048 × 2048), so its STL stays near 26 MB (half a million
/// triangles) and its glTF near 17 MB, which slicers and 3D tools open
/// comfortably; a whole 2048 × 2048 map would be 400 MB of STL.
pub const MESH_CELLS: usize = 512 * 512;

/// `heights` on `grid` coarsened by the least power of two that leaves at
/// most `most` cells (the mean of each block, [`mean_of_blocks`]), with the
/// grid they then make; as they are if they fit. What a file for another
/// tool is made of, where its size must stay within what the tool opens.
pub fn at_most(grid: Grid, heights: &[f32], most: usize) -> (Grid, std::borrow::Cow<'_, [f32]>) {
    let mut factor = 1;
    while coarse_grid(grid, factor).cells() > most && coarse_grid(grid, factor * 2) != coarse_grid(grid, factor) {
        factor *= 2;
    }
    if factor == 1 {
        return (grid, std::borrow::Cow::Borrowed(heights));
    }
    let into = coarse_grid(grid, factor);
    let mut coarse = vec![0.0; into.cells()];
    mean_of_blocks(grid, heights, factor, &mut coarse, (0..into.cols, 0..into.rows));
    (into, std::borrow::Cow::Owned(coarse))
}

/// The block's sum, as [`mean_of_blocks`] has [`reduce`] combine it.
fn sum(a: f32, b: f32) -> f32 {
    a + b
}

/// The mean height of each block of `heights` in `part`, into `coarse`.
pub fn mean_of_blocks(
    grid: Grid,
    heights: &[f32],
    factor: usize,
    coarse: &mut [f32],
    part: (Range<usize>, Range<usize>),
) {
    reduce(grid, heights, factor, coarse, part.clone(), sum);
    let into = coarse_grid(grid, factor);
    let (cols, rows) = part;
    for cy in rows {
        let down = ((cy + 1) * factor).min(grid.rows).saturating_sub(cy * factor).max(1);
        for cx in cols.clone() {
            let across = ((cx + 1) * factor).min(grid.cols).saturating_sub(cx * factor).max(1);
            coarse[cy * into.cols + cx] /= (across * down) as f32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_factor_makes_a_coarse_cell_nearest_a_device_pixel() {
        assert_eq!([4.0, 1.0, 0.75, 0.7, 0.5, 0.3, 0.2, 0.01].map(factor), [1, 1, 1, 2, 2, 4, 4, MOST]);
        // 2048 cells on 540 device pixels: four cells a pixel; on 1080, two
        assert_eq!(factor(540.0 / 2047.0), 4);
        assert_eq!(factor(1080.0 / 2047.0), 2);
        // The article's map on the narrowest phone, 320 CSS pixels at 1
        assert_eq!(factor(320.0 / 319.0), 1);
    }

    #[test]
    fn blocks_reduce_to_their_mean_or_largest_with_part_blocks_at_the_edges() {
        let grid = Grid::new(5, 3);
        let values: Vec<f32> = (0..15).map(|i| i as f32).collect();
        let coarse_of = coarse_grid(grid, 2);
        assert_eq!(coarse_of, Grid::new(3, 2));
        let mut mean = vec![0.0; 6];
        mean_of_blocks(grid, &values, 2, &mut mean, (0..3, 0..2));
        // Blocks: {0,1,5,6} {2,3,7,8} {4,9} / {10,11} {12,13} {14}
        assert_eq!(mean, [3.0, 5.0, 6.5, 10.5, 12.5, 14.0]);
        let mut largest = vec![0.0; 6];
        reduce(grid, &values, 2, &mut largest, (0..3, 0..2), f32::max);
        assert_eq!(largest, [6.0, 8.0, 9.0, 11.0, 13.0, 14.0]);
        // A part of the map: its blocks alone
        let mut part = vec![-1.0; 6];
        mean_of_blocks(grid, &values, 2, &mut part, coarse_part(2, (3..4, 2..3)));
        assert_eq!(part, [-1.0, -1.0, -1.0, -1.0, 12.5, -1.0]);
    }

    #[test]
    fn a_file_takes_the_least_coarsening_that_fits() {
        let heights = vec![0.25f32; 2048 * 2048];
        let (grid, coarse) = at_most(Grid::new(2048, 2048), &heights, 512 * 512);
        assert_eq!((grid, coarse.len()), (Grid::new(512, 512), 512 * 512));
        assert!(coarse.iter().all(|&h| h == 0.25));
        let (grid, _) = at_most(Grid::new(1024, 1024), &heights[..1024 * 1024], 512 * 512);
        assert_eq!(grid, Grid::new(512, 512));
        let small = vec![0.5f32; 640 * 360];
        let (grid, kept) = at_most(Grid::new(640, 360), &small, 512 * 512);
        assert_eq!(grid, Grid::new(640, 360));
        assert!(matches!(kept, std::borrow::Cow::Borrowed(_)), "a map that fits is not copied");
    }

    #[test]
    fn a_coarse_cell_is_drawn_at_the_middle_of_its_block() {
        let view = Viewport { scale: 0.25, left: 10.0, top: 20.0 };
        let coarse = coarse_view(view, 4);
        // Block 1 holds the map's cells 4 to 7: its middle is 5.5
        assert_eq!(coarse.point(1.0, 1.0), view.point(5.5, 5.5));
        assert_eq!(coarse_view(view, 1), view);
    }
}
