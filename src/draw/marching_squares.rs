//! Contour lines by marching squares, as in the Marching Squares experiment:
//! evenly spaced between sea level and the highest ground, every fifth one
//! heavier like a printed map, and the coastline as a heavy line too.

use std::ops::Range;

use crate::raster::float_min_max::{greater, lesser};
use crate::raster::grid::Grid;
use crate::raster::side_by_side::each;

/// Every this many contours one is an index (heavier) line.
pub const INDEX_EVERY: u32 = 5;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edge {
    Top,
    Right,
    Bottom,
    Left,
}
use Edge::*;

/// Which pairs of cell edges a contour joins, for each of the 16 ways the
/// four corners can sit above or below the threshold (8 = top left, 4 = top
/// right, 2 = bottom right, 1 = bottom left). The saddles, 5 and 10, are
/// settled by the average of the corners in [`segments`].
const SEGMENTS: [&[(Edge, Edge)]; 16] = [
    &[],
    &[(Left, Bottom)],
    &[(Bottom, Right)],
    &[(Left, Right)],
    &[(Top, Right)],
    &[],
    &[(Top, Bottom)],
    &[(Left, Top)],
    &[(Left, Top)],
    &[(Top, Bottom)],
    &[],
    &[(Top, Right)],
    &[(Left, Right)],
    &[(Bottom, Right)],
    &[(Left, Bottom)],
    &[],
];

fn segments(case: usize, centre_high: bool) -> &'static [(Edge, Edge)] {
    match case {
        5 | 10 if (case == 5) == centre_high => &[(Left, Top), (Bottom, Right)],
        5 | 10 => &[(Top, Right), (Left, Bottom)],
        _ => SEGMENTS[case],
    }
}

/// The heights to draw contours at, with whether each is an index line: the
/// coastline (when the sea level is above 0), then `levels` evenly spaced
/// between the sea level and 1.
pub fn contour_levels(sea_level: f64, levels: u32) -> Vec<(f64, bool)> {
    let mut out = Vec::with_capacity(levels as usize + 1);
    if sea_level > 0.0 {
        out.push((sea_level, true));
    }
    for k in 1..=levels {
        let threshold = sea_level + (1.0 - sea_level) * k as f64 / (levels + 1) as f64;
        out.push((threshold, levels >= INDEX_EVERY && k % INDEX_EVERY == 0));
    }
    out
}

/// Appends to `out` the segments, as x0 y0 x1 y1 in grid coordinates, where
/// `terrain` on `grid` crosses `threshold`, row by row. Crossings are placed along each
/// cell edge by linear interpolation.
pub fn trace(grid: Grid, terrain: &[f32], threshold: f64, out: &mut Vec<f64>) {
    assert_eq!(terrain.len(), grid.cells());
    for y in 0..grid.rows - 1 {
        for x in 0..grid.cols - 1 {
            let cell = Cell::at(terrain, grid.cols, x, y);
            if cell.low <= threshold && threshold < cell.high {
                cell.segments(threshold, out);
            }
        }
    }
}

/// One square of four grid points, by its top left corner.
struct Cell {
    x: f64,
    y: f64,
    tl: f64,
    tr: f64,
    br: f64,
    bl: f64,
    low: f64,
    high: f64,
}

impl Cell {
    #[inline(always)]
    fn at(terrain: &[f32], cols: usize, x: usize, y: usize) -> Cell {
        let rows = &terrain[y * cols + x..(y + 1) * cols + x + 2];
        let (tl, tr, bl, br) = (rows[0] as f64, rows[1] as f64, rows[cols] as f64, rows[cols + 1] as f64);
        Cell {
            x: x as f64,
            y: y as f64,
            tl,
            tr,
            br,
            bl,
            low: lesser(lesser(tl, tr), lesser(br, bl)),
            high: greater(greater(tl, tr), greater(br, bl)),
        }
    }

    /// The segments of a contour at `threshold` through this cell. A
    /// threshold crosses the cell when low ≤ threshold < high: some corner
    /// is above it and some not.
    #[inline(always)]
    fn segments(&self, threshold: f64, out: &mut Vec<f64>) {
        let Cell { x, y, tl, tr, br, bl, .. } = *self;
        let above = |h: f64, bit: usize| if h > threshold { bit } else { 0 };
        let case = above(tl, 8) | above(tr, 4) | above(br, 2) | above(bl, 1);
        let centre_high = (tl + tr + br + bl) / 4.0 > threshold;
        let at = |edge: Edge| match edge {
            Top => [x + (threshold - tl) / (tr - tl), y],
            Right => [x + 1.0, y + (threshold - tr) / (br - tr)],
            Bottom => [x + (threshold - bl) / (br - bl), y + 1.0],
            Left => [x, y + (threshold - tl) / (bl - tl)],
        };
        for &(from, to) in segments(case, centre_high) {
            let (a, b) = (at(from), at(to));
            out.extend_from_slice(&[a[0], a[1], b[0], b[1]]);
        }
    }
}

/// Rows of cells a band of the contours holds: a change of the ground
/// traces again only the bands of its rows ([`Contours::trace_rows`]).
pub const BAND: usize = 32;

/// How many bands of [`BAND`] rows of cells the contours of `grid` are
/// traced in.
pub fn bands_of(grid: Grid) -> usize {
    (grid.rows - 1).div_ceil(BAND)
}

/// All contour lines of a terrain: regular and index lines apart, each as
/// x0 y0 x1 y1 segments in grid coordinates.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Contours {
    pub regular: Vec<f64>,
    pub index: Vec<f64>,
    /// Each band's segments, level by level, kept between calls so tracing
    /// allocates nothing and a band whose ground did not change is kept.
    by_band: Vec<Vec<Vec<f64>>>,
}

impl Contours {
    /// Traces every level of [`contour_levels`] over `terrain`, in one pass
    /// over the cells: the evenly spaced levels that can cross a cell follow
    /// from its lowest and highest corner. Each level's segments come out
    /// row by row and the levels in order, as if traced one by one.
    pub fn trace(&mut self, grid: Grid, terrain: &[f32], sea_level: f64, levels: u32) {
        self.trace_bands(grid, terrain, sea_level, levels, &vec![true; bands_of(grid)]);
    }

    /// [`Contours::trace`] again after the heights in `changed` rows did,
    /// the levels and the grid as when they were last traced: only the
    /// bands of cells that read those rows are traced again, and the lines
    /// are the very ones a whole trace gives.
    pub fn trace_rows(
        &mut self,
        grid: Grid,
        terrain: &[f32],
        sea_level: f64,
        levels: u32,
        changed: impl IntoIterator<Item = Range<usize>>,
    ) {
        let mut again = vec![false; bands_of(grid)];
        for rows in changed {
            // A square of cells reads its row of heights and the next
            let cells = rows.start.saturating_sub(1)..rows.end.min(grid.rows - 1);
            if !cells.is_empty() {
                again[cells.start / BAND..=(cells.end - 1) / BAND].fill(true);
            }
        }
        self.trace_bands(grid, terrain, sea_level, levels, &again);
    }

    /// [`Contours::trace`] of the bands of rows in `bands` alone (a band is
    /// [`BAND`] rows of cells, [`bands_of`] on `grid`), the others kept as
    /// they were traced last, the levels and the grid the same: once every
    /// band has been traced of the same heights, the lines are those a whole
    /// trace gives ([`crate::draw::contour_refresh`] traces a big map's a few
    /// bands a frame).
    pub fn trace_bands_in(&mut self, grid: Grid, terrain: &[f32], sea_level: f64, levels: u32, bands: Range<usize>) {
        let again: Vec<bool> = (0..bands_of(grid)).map(|b| bands.contains(&b)).collect();
        self.trace_bands(grid, terrain, sea_level, levels, &again);
    }

    /// Traces the bands marked `again` (the others kept), and gathers every
    /// band's lines, level by level.
    fn trace_bands(&mut self, grid: Grid, terrain: &[f32], sea_level: f64, levels: u32, again: &[bool]) {
        assert_eq!(terrain.len(), grid.cells());
        let thresholds = contour_levels(sea_level, levels);
        self.by_band.resize_with(again.len(), Vec::new);
        let levels = Levels {
            coast: usize::from(sea_level > 0.0),
            sea_level,
            count: levels,
            // Level k (1..=levels) stands at sea + (1 − sea)·k / (levels + 1)
            per_unit: (levels + 1) as f64 / (1.0 - sea_level),
            thresholds: &thresholds,
        };
        // (a band not yet traced, while a refresh goes on, has no lines)
        for band in self.by_band.iter_mut() {
            band.resize_with(thresholds.len(), Vec::new);
        }
        each(&mut self.by_band, |b, band| {
            if !again[b] {
                return;
            }
            for level in band.iter_mut() {
                level.clear();
            }
            for y in b * BAND..((b + 1) * BAND).min(grid.rows - 1) {
                trace_row(band, grid, terrain, y, &levels);
            }
        });
        self.regular.clear();
        self.index.clear();
        for (k, (_, is_index)) in thresholds.iter().enumerate() {
            let lines = if *is_index { &mut self.index } else { &mut self.regular };
            for band in &self.by_band {
                lines.extend_from_slice(&band[k]);
            }
        }
    }
}

/// What [`Contours::trace`] needs to find the levels crossing a cell.
struct Levels<'a> {
    /// 1 when the coast is traced (as the first level), else 0.
    coast: usize,
    sea_level: f64,
    /// The evenly spaced levels above the sea.
    count: u32,
    /// Levels per unit of height above the sea.
    per_unit: f64,
    thresholds: &'a [(f64, bool)],
}

/// The cells of row `y` for [`Contours::trace`], each level's segments onto
/// its list: a call of its own, never inlined, for the first frame's sake
/// (see `FractalNoise::row`).
#[inline(never)]
fn trace_row(by_level: &mut [Vec<f64>], grid: Grid, terrain: &[f32], y: usize, levels: &Levels) {
    let Levels { coast, sea_level, count, per_unit, thresholds } = *levels;
    let last = count as i64;
    for x in 0..grid.cols - 1 {
        let cell = Cell::at(terrain, grid.cols, x, y);
        if coast == 1 && cell.low <= sea_level && sea_level < cell.high {
            cell.segments(sea_level, &mut by_level[0]);
        }
        if count == 0 || cell.high <= sea_level {
            continue;
        }
        // A level in [low, high) crosses; one either side is checked too, so
        // rounding in this estimate never drops a crossing (truncating: a
        // call to floor or ceil costs more than the extra level it may add)
        let first = (((cell.low - sea_level) * per_unit) as i64).max(1);
        let end = (((cell.high - sea_level) * per_unit) as i64 + 2).min(last);
        for k in first..=end {
            let (threshold, _) = thresholds[coast + k as usize - 1];
            if cell.low <= threshold && threshold < cell.high {
                cell.segments(threshold, &mut by_level[coast + k as usize - 1]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const G: Grid = Grid::ARTICLE;
    const COLS: usize = G.cols;
    const ROWS: usize = G.rows;

    #[test]
    fn levels_are_evenly_spaced_with_every_fifth_and_the_coast_heavy() {
        let levels = contour_levels(0.25, 10);
        assert_eq!(levels.len(), 11);
        assert_eq!(levels[0], (0.25, true));
        let heavy: Vec<usize> = (0..levels.len()).filter(|&k| levels[k].1).collect();
        assert_eq!(heavy, vec![0, 5, 10]);
        assert!((levels[1].0 - (0.25 + 0.75 / 11.0)).abs() < 1e-15);
        assert_eq!(contour_levels(0.0, 3), vec![(0.25, false), (0.5, false), (0.75, false)]);
        assert!(contour_levels(0.3, 0).len() == 1);
    }

    #[test]
    fn traced_again_where_the_ground_changed_the_lines_are_a_whole_traces() {
        let mut heights = cone();
        let mut kept = Contours::default();
        kept.trace(G, &heights, 0.2, 10);
        // A change in the first row of the second band: the squares of the
        // row above it, in the first band, read it too
        for (x, dh) in [(150, 0.2), (151, -0.3), (10, 0.5)] {
            heights[BAND * COLS + x] += dh;
        }
        heights[(ROWS - 1) * COLS + 160] = 0.9;
        kept.trace_rows(G, &heights, 0.2, 10, [BAND..BAND + 1, ROWS - 1..ROWS]);
        let mut whole = Contours::default();
        whole.trace(G, &heights, 0.2, 10);
        assert_eq!((&kept.regular, &kept.index), (&whole.regular, &whole.index));
        assert_ne!(kept.regular, {
            let mut before = Contours::default();
            before.trace(G, &cone(), 0.2, 10);
            before.regular
        });
    }

    /// A cone peaking at 1 in the middle of the grid.
    fn cone() -> Vec<f32> {
        (0..COLS * ROWS)
            .map(|i| {
                let (x, y) = ((i % COLS) as f64 - 160.3, (i / COLS) as f64 - 90.6);
                (1.0 - (x * x + y * y).sqrt() / 100.0).max(0.0) as f32
            })
            .collect()
    }

    #[test]
    fn every_crossing_lies_on_a_cell_edge_and_interpolates_to_the_threshold() {
        let t = cone();
        let threshold = 0.5;
        let mut out = Vec::new();
        trace(G, &t, threshold, &mut out);
        assert!(out.len() / 4 > 300, "a circle of radius 50 crosses hundreds of cells");
        let h = |x: usize, y: usize| t[y * COLS + x] as f64;
        for p in out.chunks(2) {
            let (x, y) = (p[0], p[1]);
            let on_vertical = x.fract() == 0.0;
            let on_horizontal = y.fract() == 0.0;
            assert!(on_vertical || on_horizontal, "({x}, {y}) is inside a cell");
            let value = if on_horizontal {
                let (x0, f) = (x.floor() as usize, x.fract());
                h(x0, y as usize) * (1.0 - f) + h((x0 + 1).min(COLS - 1), y as usize) * f
            } else {
                let (y0, f) = (y.floor() as usize, y.fract());
                h(x as usize, y0) * (1.0 - f) + h(x as usize, (y0 + 1).min(ROWS - 1)) * f
            };
            assert!((value - threshold).abs() < 1e-9, "({x}, {y}) interpolates to {value}");
        }
    }

    #[test]
    fn tracing_all_levels_at_once_equals_tracing_each_in_turn() {
        let t = cone();
        for (sea, levels) in [(0.25, 10), (0.0, 7), (0.6, 20), (0.3, 0), (0.0, 0)] {
            let mut all = Contours::default();
            all.trace(G, &t, sea, levels);
            let (mut regular, mut index) = (Vec::new(), Vec::new());
            for (threshold, is_index) in contour_levels(sea, levels) {
                trace(G, &t, threshold, if is_index { &mut index } else { &mut regular });
            }
            assert_eq!((all.regular, all.index), (regular, index), "sea {sea}, {levels} levels");
        }
    }

    #[test]
    fn saddles_follow_the_mean_of_the_corners() {
        let mut t = vec![0f32; COLS * ROWS];
        // Case 10: top left and bottom right high
        t[0] = 1.0;
        t[COLS + 1] = 1.0;
        let mut out = Vec::new();
        trace(G, &t, 0.4, &mut out);
        // Mean 0.5 > 0.4: centre high, so (top, right) and (left, bottom)
        let expected = [0.6, 0.0, 1.0, 0.4, 0.0, 0.6, 0.4, 1.0];
        assert!(out[0..8].iter().zip(expected).all(|(a, b)| (a - b).abs() < 1e-12), "{:?}", &out[0..8]);
        out.clear();
        trace(G, &t, 0.6, &mut out);
        // Mean 0.5 < 0.6: centre low, so (left, top) and (bottom, right)
        assert!((out[0] - 0.0).abs() < 1e-9 && (out[1] - 0.4).abs() < 1e-9);
        assert!((out[2] - 0.4).abs() < 1e-9 && out[3] == 0.0);
    }
}
