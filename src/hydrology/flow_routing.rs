//! Where the rain drains (D8 flow routing with flow accumulation).
//!
//! Every cell of land gets one unit of rain. Going from the highest cell to
//! the lowest, each hands all its water (its own plus whatever reached it from
//! above) to the neighbour of eight it slopes down to most steeply, diagonal
//! drops counting √2 times as far. Cells in the sea, and hollows with no lower
//! neighbour, keep theirs. Run over a map whose hollows are filled, every land
//! cell drains to the sea or the edge.

use crate::hydrology::d8::{self, Way, NOWHERE};
use crate::raster::grid::Grid;

/// How water drains across the map.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drainage {
    /// Rain that passes through each cell, counting its own unit.
    pub water: Vec<f32>,
    /// The way each cell drains ([`d8`]): to which neighbour, or
    /// [`NOWHERE`] where it keeps its water.
    pub ways: Vec<Way>,
    /// The map's width, to follow the ways by.
    cols: usize,
}

impl Drainage {
    /// No drainage yet on `grid`: every cell keeps its own unit of rain.
    pub fn new(grid: Grid) -> Drainage {
        Drainage { water: vec![1.0; grid.cells()], ways: vec![NOWHERE; grid.cells()], cols: grid.cols }
    }

    /// The cell that cell `i` drains into, if any.
    #[inline]
    pub fn downstream(&self, i: usize) -> Option<usize> {
        d8::follow(self.cols, i, self.ways[i])
    }

    /// Has cell `i` drain into its neighbour `into`, or nowhere: for
    /// drainages made by hand.
    pub fn drain(&mut self, i: usize, into: Option<usize>) {
        let grid = Grid::new(self.cols, self.ways.len() / self.cols);
        self.ways[i] = into.map_or(NOWHERE, |j| d8::way_to(grid, i, j));
    }

    /// Each cell's downstream cell as its index, or −1: four bytes a cell,
    /// for callers that want plain indices (the page's `rivers()`).
    pub fn downstream_indices(&self) -> Vec<i32> {
        (0..self.ways.len()).map(|i| self.downstream(i).map_or(-1, |j| j as i32)).collect()
    }

    /// Routes the rain over `terrain` on `grid` (hollows already filled).
    /// `lowest_first` lists every cell, none higher than the next (the
    /// flood's order). Each cell's way down depends only on its neighbours,
    /// so it is found row by row, which is kind to the cache; only the water
    /// then has to go highest first, and the order of cells of equal height
    /// does not matter, since water only ever moves to a strictly lower cell.
    pub fn route(&mut self, grid: Grid, terrain: &[f32], lowest_first: &[u32], sea_level: f64) {
        assert_eq!(lowest_first.len(), grid.cells());
        self.begin(grid);
        self.descend_rows(grid, terrain, sea_level, 0..grid.rows);
        self.gather(lowest_first.iter().rev());
    }

    /// Starts a routing made a part at a time (what [`Drainage::route`]
    /// does at once): every cell with its own unit of rain.
    pub fn begin(&mut self, grid: Grid) {
        self.size_for(grid);
        self.water.fill(1.0);
    }

    /// Sized for `grid`, what it holds left to be written over (as a
    /// drainage made elsewhere is).
    pub fn size_for(&mut self, grid: Grid) {
        self.cols = grid.cols;
        self.water.resize(grid.cells(), 1.0);
        self.ways.resize(grid.cells(), NOWHERE);
    }

    /// Finds the way down of the cells in `rows` ([`steepest_descents`]).
    pub fn descend_rows(&mut self, grid: Grid, terrain: &[f32], sea_level: f64, rows: std::ops::Range<usize>) {
        assert_eq!(terrain.len(), grid.cells());
        assert_eq!(self.ways.len(), grid.cells());
        let start = rows.start;
        for (k, row) in self.ways[rows.start * grid.cols..rows.end * grid.cols].chunks_exact_mut(grid.cols).enumerate()
        {
            descents_of_row(grid, terrain, sea_level, start + k, row);
        }
    }

    /// Hands the water of `highest_first` on down, highest first: the
    /// flood's order from its end, all at once or in consecutive parts.
    pub fn gather<'a>(&mut self, highest_first: impl Iterator<Item = &'a u32>) {
        // Slices taken once: a store through the vector itself could, for
        // all the compiler of a size-built module knows, change where it is
        let (water, ways) = (&mut self.water[..], &self.ways[..]);
        let steps = d8::steps(self.cols);
        for &i in highest_first {
            let i = i as usize;
            let way = ways[i];
            if way != NOWHERE {
                water[i.wrapping_add_signed(steps[way as usize])] += water[i];
            }
        }
    }
}

/// Each cell's way down (`ways`, one per cell of `terrain`): to the
/// neighbour it slopes down to most steeply, or [`NOWHERE`] for a cell
/// below `sea_level` (none below −∞, which is no sea) or with no lower
/// neighbour. The article's routing and the tutorial's flow accumulation both step
/// this way. Found row by row, so the column and row come without a division.
pub fn steepest_descents(grid: Grid, terrain: &[f32], sea_level: f64, ways: &mut [Way]) {
    assert_eq!(terrain.len(), grid.cells());
    assert_eq!(ways.len(), grid.cells());
    for (y, row) in ways.chunks_exact_mut(grid.cols).enumerate() {
        descents_of_row(grid, terrain, sea_level, y, row);
    }
}

/// Row `y` of [`steepest_descents`]: a call of its own, never inlined, for
/// the first frame's sake (see `FractalNoise::row`).
#[inline(never)]
fn descents_of_row(grid: Grid, terrain: &[f32], sea_level: f64, y: usize, row: &mut [Way]) {
    for (x, way) in row.iter_mut().enumerate() {
        let i = y * grid.cols + x;
        *way = if (terrain[i] as f64) < sea_level { NOWHERE } else { steepest_descent(grid, terrain, x, y) };
    }
}

/// The way to the neighbour the cell at column `x`, row `y` slopes down to
/// most steeply, diagonal drops counting √2 times as far, or [`NOWHERE`]
/// where no neighbour is lower. Ties go to the first in
/// [`Grid::for_each_neighbour`]'s order. `terrain` has one height per cell
/// of the grid.
#[inline(always)]
fn steepest_descent(grid: Grid, terrain: &[f32], x: usize, y: usize) -> Way {
    let i = y * grid.cols + x;
    let here = terrain[i] as f64;
    // The steepest slope so far as its bits: a positive double's bits
    // order as the double does, and choosing between whole numbers is a
    // conditional move in the browser's compiled wasm (between doubles it
    // is a branch, which is a coin toss the processor cannot foresee here)
    let mut steepest = 0u64;
    // The neighbour so far as its index (a way is worked out once, for the
    // one that wins), with no neighbour as the cell itself
    let mut next = i;
    grid.for_each_neighbour_on(grid.on_edge_at(x, y), i, |j, diagonal| {
        // SAFETY: the walk only gives cells of the grid, and
        // steepest_descents checked the terrain has one height per cell
        let fall = here - unsafe { *terrain.get_unchecked(j) } as f64;
        let slope = if diagonal { fall / std::f64::consts::SQRT_2 } else { fall };
        // A slope of 0 or less never wins: the steepest starts at 0
        let slope = if slope > 0.0 { slope.to_bits() } else { 0 };
        let steeper = slope > steepest;
        steepest = if steeper { slope } else { steepest };
        next = if steeper { j } else { next };
    });
    if next == i {
        NOWHERE
    } else {
        d8::way_at(grid.cols, x, y, next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hydrology::priority_flood::PriorityFlood;

    const G: Grid = Grid::ARTICLE;
    const CELLS: usize = G.cols * G.rows;
    const COLS: usize = G.cols;

    /// Rolling hills with a few pits, over a sea at 0.25 near the edges.
    fn hills() -> Vec<f32> {
        (0..CELLS)
            .map(|i| {
                let (x, y) = ((i % COLS) as f64, (i / COLS) as f64);
                let dx = x / 319.0 * 2.0 - 1.0;
                let dy = y / 179.0 * 2.0 - 1.0;
                let island = 1.0 - (dx * dx + dy * dy).min(1.0);
                (0.6 * island + 0.15 * (x * 0.21).sin() * (y * 0.17).cos() + 0.1) as f32
            })
            .collect()
    }

    fn drained(sea_level: f64) -> (PriorityFlood, Drainage) {
        let mut flood = PriorityFlood::default();
        flood.fill(G, &hills(), sea_level);
        let mut d = Drainage::default();
        d.route(G, flood.filled(), flood.order(), sea_level);
        (flood, d)
    }

    #[test]
    fn every_land_cell_has_a_strictly_downhill_path_to_the_sea_or_the_edge() {
        let sea = 0.25;
        let (flood, d) = drained(sea);
        let t = flood.filled();
        for start in 0..CELLS {
            let mut i = start;
            let mut steps = 0;
            while (t[i] as f64) >= sea && !G.on_edge(i) {
                let next = d.downstream(i).unwrap_or_else(|| panic!("cell {i} (from {start}) drains nowhere"));
                assert!(t[next] < t[i], "cell {i} drains uphill");
                i = next;
                steps += 1;
                assert!(steps < CELLS, "a loop from {start}");
            }
        }
    }

    #[test]
    fn water_is_conserved() {
        let (_, d) = drained(0.25);
        let sinks: f64 = (0..CELLS).filter(|&i| d.downstream(i).is_none()).map(|i| d.water[i] as f64).sum();
        assert_eq!(sinks, CELLS as f64);
        assert!(d.water.iter().all(|&w| w >= 1.0 && w.fract() == 0.0));
        let biggest = d.water.iter().cloned().fold(0.0, f32::max);
        assert!(biggest > 250.0, "some river forms: the largest carries {biggest}");
    }

    #[test]
    fn diagonal_drops_count_root_two_as_far() {
        // A cell with a neighbour 1.0 lower straight ahead and 1.3 lower on a
        // diagonal drains straight (1.3 / √2 < 1.0).
        let mut t = vec![5.0f32; CELLS];
        let i = 50 * COLS + 50;
        t[i] = 4.0;
        t[i + 1] = 3.0;
        t[i + COLS + 1] = 2.7;
        let mut order: Vec<u32> = (0..CELLS as u32).collect();
        order.sort_by(|&a, &b| t[a as usize].total_cmp(&t[b as usize]));
        let mut d = Drainage::default();
        d.route(G, &t, &order, 0.0);
        assert_eq!(d.downstream(i), Some(i + 1));
    }
}
