//! Where the rain drains (D8 flow routing with flow accumulation).
//!
//! Every cell of land gets one unit of rain. Going from the highest cell to
//! the lowest, each hands all its water (its own plus whatever reached it from
//! above) to the neighbour of eight it slopes down to most steeply, diagonal
//! drops counting √2 times as far. Cells in the sea, and hollows with no lower
//! neighbour, keep theirs. Run over a map whose hollows are filled, every land
//! cell drains to the sea or the edge.

use crate::grid::Grid;

/// How water drains across the map.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drainage {
    /// Rain that passes through each cell, counting its own unit.
    pub water: Vec<f32>,
    /// The cell each one drains into, or −1 where it keeps its water.
    pub downstream: Vec<i32>,
}

impl Drainage {
    /// No drainage yet on `grid`: every cell keeps its own unit of rain.
    pub fn new(grid: Grid) -> Drainage {
        Drainage { water: vec![1.0; grid.cells()], downstream: vec![-1; grid.cells()] }
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
        self.downstream.resize(grid.cells(), -1);
        self.water.clear();
        self.water.resize(grid.cells(), 1.0);
    }

    /// Finds the way down of the cells in `rows` ([`steepest_descents`]).
    pub fn descend_rows(&mut self, grid: Grid, terrain: &[f32], sea_level: f64, rows: std::ops::Range<usize>) {
        assert_eq!(terrain.len(), grid.cells());
        assert_eq!(self.downstream.len(), grid.cells());
        let start = rows.start;
        for (k, row) in
            self.downstream[rows.start * grid.cols..rows.end * grid.cols].chunks_exact_mut(grid.cols).enumerate()
        {
            descents_of_row(grid, terrain, sea_level, start + k, row);
        }
    }

    /// Hands the water of `highest_first` on down, highest first: the
    /// flood's order from its end, all at once or in consecutive parts.
    pub fn gather<'a>(&mut self, highest_first: impl Iterator<Item = &'a u32>) {
        // Slices taken once: a store through the vector itself could, for
        // all the compiler of a size-built module knows, change where it is
        let (water, downstream) = (&mut self.water[..], &self.downstream[..]);
        for &i in highest_first {
            let next = downstream[i as usize];
            if next >= 0 {
                water[next as usize] += water[i as usize];
            }
        }
    }
}

/// Each cell's way down (`downstream`, one per cell of `terrain`): the
/// neighbour it slopes down to most steeply, or −1 for a cell below
/// `sea_level` (none below −∞, which is no sea) or with no lower neighbour.
/// The article's routing and the tutorial's flow accumulation both step
/// this way. Found row by row, so the column and row come without a division.
pub fn steepest_descents(grid: Grid, terrain: &[f32], sea_level: f64, downstream: &mut [i32]) {
    assert_eq!(terrain.len(), grid.cells());
    assert_eq!(downstream.len(), grid.cells());
    for (y, row) in downstream.chunks_exact_mut(grid.cols).enumerate() {
        descents_of_row(grid, terrain, sea_level, y, row);
    }
}

/// Row `y` of [`steepest_descents`]: a call of its own, never inlined, for
/// the first frame's sake (see `FractalNoise::row`).
#[inline(never)]
fn descents_of_row(grid: Grid, terrain: &[f32], sea_level: f64, y: usize, row: &mut [i32]) {
    for (x, next) in row.iter_mut().enumerate() {
        let i = y * grid.cols + x;
        *next = if (terrain[i] as f64) < sea_level { -1 } else { steepest_descent(grid, terrain, x, y) };
    }
}

/// The neighbour of the cell at column `x`, row `y` it slopes down to most
/// steeply, diagonal drops counting √2 times as far, or −1 where no
/// neighbour is lower. Ties go to the first in [`Grid::for_each_neighbour`]'s
/// order. `terrain` has one height per cell of the grid.
#[inline(always)]
fn steepest_descent(grid: Grid, terrain: &[f32], x: usize, y: usize) -> i32 {
    let i = y * grid.cols + x;
    let here = terrain[i] as f64;
    // The steepest slope so far as its bits: a positive double's bits
    // order as the double does, and choosing between whole numbers is a
    // conditional move in the browser's compiled wasm (between doubles it
    // is a branch, which is a coin toss the processor cannot foresee here)
    let mut steepest = 0u64;
    let mut next = -1;
    grid.for_each_neighbour_on(grid.on_edge_at(x, y), i, |j, diagonal| {
        // SAFETY: the walk only gives cells of the grid, and
        // steepest_descents checked the terrain has one height per cell
        let fall = here - unsafe { *terrain.get_unchecked(j) } as f64;
        let slope = if diagonal { fall / std::f64::consts::SQRT_2 } else { fall };
        // A slope of 0 or less never wins: the steepest starts at 0
        let slope = if slope > 0.0 { slope.to_bits() } else { 0 };
        let steeper = slope > steepest;
        steepest = if steeper { slope } else { steepest };
        next = if steeper { j as i32 } else { next };
    });
    next
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
                let next = d.downstream[i];
                assert!(next >= 0, "cell {i} (from {start}) drains nowhere");
                assert!(t[next as usize] < t[i], "cell {i} drains uphill");
                i = next as usize;
                steps += 1;
                assert!(steps < CELLS, "a loop from {start}");
            }
        }
    }

    #[test]
    fn water_is_conserved() {
        let (_, d) = drained(0.25);
        let sinks: f64 = (0..CELLS).filter(|&i| d.downstream[i] < 0).map(|i| d.water[i] as f64).sum();
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
        assert_eq!(d.downstream[i], (i + 1) as i32);
    }
}
