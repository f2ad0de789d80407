//! A ground brought from a file (which [`crate::share::elevation`] reads
//! into an [`Elevation`](crate::ground::imported::Elevation)), fitted to the sketch: its voids filled, averaged down to the largest map size
//! where it is bigger, and its heights put between 0 and 1 as the
//! sketch's are.
//!
//! - **Voids** are filled from the edge of what is known inwards: each ring
//!   of voids takes the mean of its known neighbours, so a hole closes on
//!   the heights around it and no void keeps a value of its own.
//! - **Size**: a file within [`LARGEST`](crate::ground::imported::LARGEST) keeps its cells, one a cell of the
//!   map (so a heightmap saved here opens to the same heights). A bigger
//!   one is averaged down, keeping its aspect, to fit: each map cell is the
//!   mean of the file's cells under it, weighted by how much of each it
//!   covers (an area average, which never rings as a sharper filter would).
//!   Nothing is cut and nothing is padded.
//! - **Heights**: a heightmap's levels are the heights. An elevation model's
//!   metres are stretched so that the highest point is 1 and the sea's edge
//!   the sea level: 0 m where the model reaches it (all that is at or below
//!   0 m is then sea, down to 0 for its deepest), else its lowest point,
//!   which is then the shore of a ground with no sea.
//! - **Steepness**: the drops find an elevation model as steep as the
//!   island: its slopes are stretched for them by the factor that brings
//!   its median slope to the island's ([`crate::ground::steepness`]). A
//!   heightmap's levels are the sketch's own heights, steepness 1.
//!
//! ```
//! use hydraulic_erosion::ground::imported::{self, Elevation, Unit};
//! // A 16 × 16 model falling from 280 m in the west to 20 m below the sea in the east
//! let values = (0..256).map(|i| 280.0 - 20.0 * (i % 16) as f32).collect();
//! let model = Elevation { cols: 16, rows: 16, values, unit: Unit::Metres, cell_metres: None };
//! let (ground, _) = imported::fit(model, 0.25);
//! assert_eq!((ground.heights[0], ground.heights[15]), (1.0, 0.0));
//! // 20 m is land, 0 m the sea's edge, under the sea level by a 16-bit level
//! assert!(ground.heights[13] > 0.25 && ground.heights[14] < 0.25);
//! ```

use crate::ground::steepness;
use crate::raster::float_min_max::lowest_and_highest;
use crate::raster::grid::Grid;

/// What a file's values measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// A heightmap's levels, from 0 (black) to 1 (white): the sketch's own
    /// heights, taken as they are.
    Levels,
    /// An elevation model's metres above the sea.
    Metres,
}

/// A file's ground as it was read: `cols` × `rows` values row by row from
/// the north-west, NaN where the file has none (a void, its nodata value,
/// a transparent pixel, an infinity).
#[derive(Clone, Debug, PartialEq)]
pub struct Elevation {
    pub cols: usize,
    pub rows: usize,
    pub values: Vec<f32>,
    pub unit: Unit,
    /// How wide a cell is on the ground, where the file says.
    pub cell_metres: Option<f64>,
}

impl Elevation {
    /// Cells the file has no value for.
    pub fn voids(&self) -> usize {
        self.values.iter().filter(|v| v.is_nan()).count()
    }
}

/// The largest map a file is fitted into: the largest map size's.
pub const LARGEST: Grid = Grid::new(2048, 2048);
/// A sixteen-bit level: how far below the sea level the shore of an
/// elevation model lies, so that the sea is sea in the heightmap saved too.
const LEVEL: f64 = 1.0 / u16::MAX as f64;

/// A ground from a file, fitted: a map's starting ground.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportedGround {
    /// The map's cells.
    pub grid: Grid,
    /// One a cell, row by row, from 0 to 1 (or a little outside, where a
    /// heightmap was saved of an eroded map).
    pub heights: Vec<f32>,
    /// How steep the drops find it ([`crate::ground::steepness`]): an
    /// elevation model's slopes brought to the island's; 1 for levels.
    pub steepness: f64,
}

impl ImportedGround {
    /// A ground of `grid`'s cells all at 0: the place of a map whose
    /// file is still to come.
    pub fn empty(grid: Grid) -> ImportedGround {
        ImportedGround { grid, heights: vec![0.0; grid.cells()], steepness: 1.0 }
    }

    /// A ground of `heights` in rows of `cols`, if they make at least 2 × 2
    /// cells and are all finite, heights as the sketch's (a steepness of 1).
    pub fn from_heights(heights: Vec<f32>, cols: usize) -> Option<ImportedGround> {
        let grid = Grid::of_rows(heights.len(), cols)?;
        heights.iter().all(|h| h.is_finite()).then_some(ImportedGround { grid, heights, steepness: 1.0 })
    }
}

/// What fitting did to a file.
#[derive(Clone, Debug, PartialEq)]
pub struct Fitting {
    /// The file's size, cells across and down.
    pub file_cols: usize,
    pub file_rows: usize,
    /// Voids filled from their neighbours.
    pub voids: usize,
    /// The lowest and highest metres of an elevation model.
    pub metres: Option<(f64, f64)>,
    /// Whether the model reaches 0 m, so that its sea is the sketch's.
    pub has_sea: bool,
    /// How wide a map cell is, where the file says.
    pub cell_metres: Option<f64>,
    /// How steep the drops find the ground ([`ImportedGround::steepness`]).
    pub steepness: f64,
}

impl Fitting {
    /// How steep the drops find a model, after its heights: "; the drops
    /// find it 2.4 times as steep, as steep as the island".
    fn how_steep(&self) -> String {
        let times = match self.steepness {
            1.0 => String::new(),
            s => format!(" {s} times as steep,"),
        };
        let reached = match self.steepness {
            s if s == steepness::LEAST => "still steeper than the island (the least it is given)",
            s if s == steepness::MOST => "still gentler than the island (the most it is given)",
            _ => "as steep as the island",
        };
        format!("; the drops find it{times} {reached}")
    }

    /// What was done, for the page to say after the file's kind: "3601 ×
    /// 3601, averaged down to 2048 × 2048, cells 54 m wide; 1204 voids
    /// filled; -12 m to 4478 m, the sea at 0 m."
    pub fn describe(&self, grid: Grid) -> String {
        let mut said = format!("{} × {}", self.file_cols, self.file_rows);
        if (grid.cols, grid.rows) != (self.file_cols, self.file_rows) {
            said += &format!(", averaged down to {} × {}", grid.cols, grid.rows);
        }
        if let Some(width) = self.cell_metres {
            said += &format!(", cells {width:.0} m wide");
        }
        if self.voids > 0 {
            said += &format!("; {} void{} filled", self.voids, if self.voids == 1 { "" } else { "s" });
        }
        if let Some((low, high)) = self.metres {
            said += &format!("; {low:.0} m to {high:.0} m");
            said += if self.has_sea { ", the sea at 0 m" } else { ", no sea: its lowest point is the shore" };
            said += &self.how_steep();
        }
        said + "."
    }
}

/// `elevation` fitted to the sketch, with the sea at `sea_level` (the
/// slider's value, 0 to 1) for an elevation model; and what was done. Its
/// values are taken, not copied: a 3601² model's are 52 MB.
pub fn fit(elevation: Elevation, sea_level: f64) -> (ImportedGround, Fitting) {
    fit_within(elevation, sea_level, LARGEST)
}

/// [`fit`], averaged down to within `largest` rather than the page's
/// [`LARGEST`] (the command erodes grounds past the page's).
pub fn fit_within(elevation: Elevation, sea_level: f64, largest: Grid) -> (ImportedGround, Fitting) {
    let Elevation { cols, rows, mut values, unit, cell_metres } = elevation;
    let voids = fill_voids(cols, rows, &mut values);
    let (grid, values) = fit_size(cols, rows, values, largest);
    let (heights, metres, has_sea) = match unit {
        Unit::Levels => (values, None, false),
        Unit::Metres => {
            let (low, high) = lowest_and_highest(&values);
            (stretch(&values, low, high, sea_level), Some((low, high)), low <= 0.0)
        }
    };
    let steepness = if unit == Unit::Metres { steepness::of(grid, &heights) } else { 1.0 };
    let fitting = Fitting {
        file_cols: cols,
        file_rows: rows,
        voids,
        metres,
        has_sea,
        cell_metres: cell_metres.map(|w| w * cols as f64 / grid.cols as f64),
        steepness,
    };
    (ImportedGround { grid, heights, steepness }, fitting)
}

/// Metres from `low` to `high` as heights from 0 to 1, the shore at
/// `sea_level` (see the module's notes).
fn stretch(values: &[f32], low: f64, high: f64, sea_level: f64) -> Vec<f32> {
    let has_sea = low <= 0.0;
    let shore = if has_sea { 0.0 } else { low };
    let under = (sea_level - LEVEL).max(0.0);
    let height = |m: f64| {
        if !has_sea || m > 0.0 {
            sea_level + (1.0 - sea_level) * (m - shore) / (high - shore)
        } else if low < 0.0 {
            under * (m - low) / -low
        } else {
            under
        }
    };
    values.iter().map(|&v| height(v as f64) as f32).collect()
}

/// Heights from 0 to 1 back to an elevation model's metres: the inverse of
/// the stretch [`fit`] made of the model `fitting` describes, its shore
/// at `sea_level`, carried on past the model's highest and lowest points
/// (rain carves below them and piles above), so an eroded map reads in
/// the model's own metres. `None` for a heightmap, whose levels have none.
pub fn metres(heights: &[f32], fitting: &Fitting, sea_level: f64) -> Option<Vec<f32>> {
    let (low, high) = fitting.metres?;
    let has_sea = low <= 0.0;
    let shore = if has_sea { 0.0 } else { low };
    let under = (sea_level - LEVEL).max(0.0);
    // Above the shore, metres by the land's stretch; below it, by the
    // sea's (as long as there is one to go by)
    let land = (high - shore) / (1.0 - sea_level).max(LEVEL);
    let sea = if low < 0.0 && under > 0.0 { -low / under } else { land };
    let metre = |h: f64| {
        if !has_sea || h >= sea_level {
            shore + (h - sea_level) * land
        } else if low < 0.0 && under > 0.0 {
            (low + h * sea).min(0.0)
        } else {
            (h - sea_level) * sea
        }
    };
    Some(heights.iter().map(|&h| metre(h as f64) as f32).collect())
}

/// Fills the NaN cells of a `cols`-wide grid ring by ring from the known
/// ones (see the module's notes); returns how many were filled. A grid
/// with no known cell is left as it is.
fn fill_voids(cols: usize, rows: usize, values: &mut [f32]) -> usize {
    let grid = Grid::new(cols, rows);
    let voids = values.iter().filter(|v| v.is_nan()).count();
    if voids == 0 || voids == values.len() {
        return 0;
    }
    // The voids next to a known cell: the first ring
    let mut ring: Vec<usize> = (0..values.len())
        .filter(|&i| values[i].is_nan() && grid.neighbours(i).any(|(n, _)| !values[n].is_nan()))
        .collect();
    let mut queued = vec![false; values.len()];
    ring.iter().for_each(|&i| queued[i] = true);
    while !ring.is_empty() {
        // Every cell of a ring is worked out from the rings before it alone
        let filled: Vec<f32> = ring
            .iter()
            .map(|&i| {
                let known: Vec<f32> = grid.neighbours(i).map(|(n, _)| values[n]).filter(|v| !v.is_nan()).collect();
                known.iter().sum::<f32>() / known.len() as f32
            })
            .collect();
        for (&i, &v) in ring.iter().zip(&filled) {
            values[i] = v;
        }
        let mut next = Vec::new();
        for &i in &ring {
            for (n, _) in grid.neighbours(i) {
                if values[n].is_nan() && !queued[n] {
                    queued[n] = true;
                    next.push(n);
                }
            }
        }
        ring = next;
    }
    voids
}

/// The grid a `cols` × `rows` file is fitted to, and its values averaged
/// down to it (or kept, where it fits already).
fn fit_size(cols: usize, rows: usize, values: Vec<f32>, largest: Grid) -> (Grid, Vec<f32>) {
    let shrink = (cols as f64 / largest.cols as f64).max(rows as f64 / largest.rows as f64);
    if shrink <= 1.0 {
        return (Grid::new(cols, rows), values);
    }
    let side = |n: usize| ((n as f64 / shrink).round() as usize).clamp(2, n);
    let grid = Grid::new(side(cols).min(largest.cols), side(rows).min(largest.rows));
    // Across each row, then down: each map row the weighted sum of whole
    // rows of what that made (row by row, as the values lie in memory)
    let (across, down) = (area_weights(cols, grid.cols), area_weights(rows, grid.rows));
    let narrowed: Vec<f32> = values.chunks_exact(cols).flat_map(|row| average(row, &across)).collect();
    let mut fitted = Vec::with_capacity(grid.cells());
    let mut sum = vec![0.0f64; grid.cols];
    for taps in &down {
        sum.fill(0.0);
        for &(i, weight) in taps {
            for (s, &v) in sum.iter_mut().zip(&narrowed[i * grid.cols..(i + 1) * grid.cols]) {
                *s += v as f64 * weight;
            }
        }
        fitted.extend(sum.iter().map(|&s| s as f32));
    }
    (grid, fitted)
}

/// For each of `m` spans that share `n` values between them, the values it
/// covers and their weights: span `j` runs from `j × n / m` to `(j + 1) × n
/// / m`, and each value counts as much of it as it covers (the weights of
/// a span sum to 1).
fn area_weights(n: usize, m: usize) -> Vec<Vec<(usize, f64)>> {
    let ratio = n as f64 / m as f64;
    (0..m)
        .map(|j| {
            let (start, end) = (j as f64 * ratio, ((j + 1) as f64 * ratio).min(n as f64));
            (start.floor() as usize..n)
                .take_while(|&i| (i as f64) < end)
                .map(|i| (i, (end.min(i as f64 + 1.0) - start.max(i as f64)).max(0.0) / (end - start)))
                .collect()
        })
        .collect()
}

/// `values` averaged over each span of `weights` ([`area_weights`]).
fn average<'a>(values: &'a [f32], weights: &'a [Vec<(usize, f64)>]) -> impl Iterator<Item = f32> + 'a {
    weights.iter().map(|taps| taps.iter().map(|&(i, w)| values[i] as f64 * w).sum::<f64>() as f32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fitted_heights_read_back_in_the_models_metres() {
        for (values, sea_level) in [
            (vec![-40.0, -10.0, 0.0, 5.0, 300.0, 1_250.0], 0.25),
            (vec![120.0, 400.0, 900.0, 2_000.0, 650.0, 130.0], 0.3),
            (vec![0.0, 10.0, 80.0, 100.0], 0.25),
        ] {
            let (ground, fitting) = fit(model(values.len() / 2, 2, values.clone()), sea_level);
            let back = metres(&ground.heights, &fitting, sea_level).expect("a model has metres");
            for (m, b) in values.iter().zip(&back) {
                assert!((m - b).abs() < 0.01, "{m} m came back as {b} m: {values:?}");
            }
        }
        let (ground, fitting) = fit(Elevation { unit: Unit::Levels, ..model(2, 2, vec![0.2, 0.8, 0.4, 0.6]) }, 0.25);
        assert_eq!(metres(&ground.heights, &fitting, 0.25), None, "levels are no metres");
    }

    fn model(cols: usize, rows: usize, values: Vec<f32>) -> Elevation {
        Elevation { cols, rows, values, unit: Unit::Metres, cell_metres: Some(30.0) }
    }

    #[test]
    fn voids_close_from_their_edges_on_the_heights_around_them() {
        let mut values = vec![10.0f32; 25];
        let hole = [6, 7, 8, 11, 12, 13, 16, 17, 18];
        hole.iter().for_each(|&i| values[i] = f32::NAN);
        values[0] = 100.0;
        assert_eq!(fill_voids(5, 5, &mut values), 9);
        // The corner next to the 100 takes its share, the middle the ring's mean
        assert_eq!(values[6], (100.0 + 10.0 * 4.0) / 5.0);
        assert_eq!(values[18], 10.0);
        let ring: f32 = [6, 7, 8, 11, 13, 16, 17, 18].iter().map(|&i| values[i]).sum::<f32>() / 8.0;
        assert_eq!(values[12], ring);
        assert!(values.iter().all(|v| !v.is_nan()));
    }

    #[test]
    fn a_file_that_fits_keeps_its_cells_and_a_bigger_one_is_averaged_down_keeping_its_aspect() {
        let values: Vec<f32> = (0..40 * 20).map(|i| i as f32).collect();
        let (grid, kept) = fit_size(40, 20, values.clone(), LARGEST);
        assert_eq!((grid, kept), (Grid::new(40, 20), values));
        let (grid, averaged) = fit_size(4096, 1000, vec![3.5; 4096 * 1000], LARGEST);
        assert_eq!(grid, Grid::new(2048, 500));
        assert!(averaged.iter().all(|&v| v == 3.5));
        // A span of 1.5 cells: the half covered counts half
        let area_average = |values: &[f32], m| average(values, &area_weights(values.len(), m)).collect::<Vec<_>>();
        assert_eq!(area_average(&[0.0, 3.0, 6.0], 2), [1.0, 5.0]);
        let ramp: Vec<f32> = (0..3601).map(|i| i as f32).collect();
        let down = area_average(&ramp, 2048);
        assert_eq!(down.len(), 2048);
        // The first span is all of cell 0 and 0.758 of cell 1: 0.758 / 1.758
        assert!((down[0] - 0.431).abs() < 0.001 && (down[2047] - 3599.569).abs() < 0.001, "{down:?}");
    }

    #[test]
    fn a_model_with_sea_puts_zero_metres_at_the_shore_and_one_without_its_lowest_point() {
        let values = vec![-50.0, 0.0, 10.0, 100.0];
        let sea = stretch(&values, -50.0, 100.0, 0.25);
        assert_eq!(sea[0], 0.0);
        assert!(sea[1] < 0.25 && sea[1] as f64 > 0.25 - 2.0 * LEVEL, "0 m is just under the sea: {}", sea[1]);
        assert_eq!((sea[2], sea[3]), (0.25 + 0.75 * 0.1, 1.0));
        let valley = stretch(&[300.0, 400.0, 1300.0], 300.0, 1300.0, 0.2);
        assert_eq!(valley, [0.2, 0.2 + 0.8 * 0.1, 1.0]);
        // A coast whose sea is all at 0 m (as SRTM's is) is sea all the same
        let coast = stretch(&[0.0, 0.0, 500.0], 0.0, 500.0, 0.3);
        assert!(coast[0] < 0.3 && coast[2] == 1.0);
    }

    #[test]
    fn fitting_says_what_it_did() {
        // The northern half 3 m under the sea, the southern 120 m above it
        let mut values: Vec<f32> = (0..4100 * 16).map(|i| if i < 4100 * 8 { -3.0 } else { 120.0 }).collect();
        values[5] = f32::NAN;
        let (ground, fitting) = fit(model(4100, 16, values), 0.25);
        assert_eq!(ground.grid, Grid::new(2048, 8));
        assert_eq!(
            fitting.describe(ground.grid),
            "4100 × 16, averaged down to 2048 × 8, cells 60 m wide; 1 void filled; -3 m to 120 m, the sea at 0 m; \
             the drops find it 0.25 times as steep, still steeper than the island (the least it is given)."
        );
        assert_eq!(ground.steepness, steepness::LEAST, "a cliff of 123 m between two flats");
        let levels = Elevation { unit: Unit::Levels, ..model(16, 16, (0..256).map(|i| i as f32 / 255.0).collect()) };
        let (ground, fitting) = fit(levels, 0.25);
        assert_eq!(ground.heights, (0..256).map(|i| i as f32 / 255.0).collect::<Vec<_>>());
        assert_eq!((ground.steepness, fitting.describe(ground.grid)), (1.0, "16 × 16, cells 30 m wide.".to_string()));
        assert_eq!(ImportedGround::from_heights(vec![0.5; 12], 4).map(|g| g.grid), Some(Grid::new(4, 3)));
        assert_eq!(ImportedGround::from_heights(vec![0.5; 12], 5), None);
        assert_eq!(ImportedGround::from_heights(vec![f32::NAN; 12], 4), None);
    }
}
