//! Filling hollows by priority-flood (Barnes, Lehman and Mulla, 2014,
//! *Priority-Flood: An Optimal Depression-Filling and Watershed-Labeling
//! Algorithm for Digital Elevation Models*).
//!
//! Water that runs into a hollow fills it until it spills over the lowest
//! point of its rim, then carries on. This does the same to the whole map at
//! once: working inwards from the sea and the edges of the map, lowest first,
//! each cell is raised to just above the cell it was reached from if it is
//! lower. Every cell of land then has a way down to the sea or the edge, so
//! no river stops dead in a hollow.
//!
//! The original keeps its queue in a binary heap. Here there is no heap:
//! the cells come out of three lists, each already in order, whichever holds
//! the lowest value next.
//! - The ground, every cell sorted once by its own height (a radix sort,
//!   [`crate::hydrology::height_order`]). A cell reached from below at no
//!   more than its own height is taken from there, at its height.
//! - The raised: a cell reached from a popped cell of value v that stands
//!   lower than v + RISE is raised to it. Values come out lowest first, so
//!   the raised are raised in order too: a plain first-in, first-out queue.
//! - The level: a cell reached at exactly the value being popped (RISE lost
//!   to the height's rounding, on ground far above 1) is as low as anything
//!   still to come, so it goes next.
//!
//! The filled map is the same to the bit as the original's, whatever order
//! cells of equal value come out in: every cell popped at value v raises the
//! neighbours it reaches to at least v + RISE, which is above v, so all the
//! cells at v are popped before any cell they reach, and whichever of them
//! reaches a neighbour first gives it the same height. A cell still
//! unreached when the ground's list comes to it is a hollow's: it is reached
//! later, from above its height, and raised.
//!
//! The order the cells come out in is kept: it is a height order (lowest
//! first), which is all the flow routing needs, so it never sorts.

use crate::hydrology::height_order::{ordered, HeightOrder};
use crate::raster::float_min_max::greater;
use crate::raster::grid::Grid;

/// How far above the cell it was reached from a filled cell is raised, so
/// that even a filled hollow slopes (very gently) towards its outlet.
pub const RISE: f64 = 1e-6;

/// Where a cell is in the flood.
type State = u8;
/// Not yet reached from any cell popped.
const UNREACHED: State = 0;
/// Reached at its own height: the ground's list gives it.
const AT_OWN_HEIGHT: State = 1;
/// Raised, or level with the cell it was reached from: in one of the queues.
const QUEUED: State = 2;
/// Popped.
const DONE: State = 3;
/// Added to a cell's state on the edge of the map (where the neighbours'
/// offsets would wrap), all of them flooded from, so never queued.
const ON_EDGE: State = 4;

/// The flood's buffers: the filled heights and the order, kept between
/// fills (what a routing reads after the flood), and the sort and queues,
/// made for a fill and let go once the hollows are filled.
#[derive(Clone, Debug, Default)]
pub struct PriorityFlood {
    grid: Option<Grid>,
    filled: Vec<f32>,
    order: Vec<u32>,
    state: Vec<State>,
    ground: HeightOrder,
    raised: Vec<u32>,
    level: Vec<u32>,
    /// How far a fill spread over frames is: the sort's passes made, the
    /// cells popped, and where it is in each list.
    sorted: usize,
    popped: usize,
    at: ListsAt,
}

/// How far the flood is through each of its lists.
#[derive(Clone, Copy, Debug, Default)]
struct ListsAt {
    ground_next: usize,
    raised_next: usize,
}

impl PriorityFlood {
    /// Fills the hollows of `terrain` on `grid`, flooding from the map's
    /// edges and from every cell below `sea_level`.
    pub fn fill(&mut self, grid: Grid, terrain: &[f32], sea_level: f64) {
        self.begin(grid, terrain.iter().copied(), sea_level);
        while !self.go_on(usize::MAX) {}
    }

    /// Starts a fill ([`PriorityFlood::fill`]) to be made a part at a
    /// time ([`PriorityFlood::go_on`]): takes the terrain's heights, row by
    /// row, and marks where the flood starts.
    pub fn begin(&mut self, grid: Grid, terrain: impl IntoIterator<Item = f32>, sea_level: f64) {
        self.begin_written(grid, |filled| filled.extend(terrain), sea_level);
    }

    /// As [`PriorityFlood::begin`], the terrain's heights written by
    /// `write` straight into the (emptied) buffer the flood fills, so they
    /// need no buffer of their own.
    pub fn begin_written(&mut self, grid: Grid, write: impl FnOnce(&mut Vec<f32>), sea_level: f64) {
        let cells = grid.cells();
        let PriorityFlood { filled, order, state, ground, raised, level, .. } = self;
        filled.clear();
        write(filled);
        assert_eq!(filled.len(), cells);
        let terrain = &filled[..];
        state.clear();
        state.resize(cells, UNREACHED);
        // The order is made once the sort has let go of its spare buffer
        // (at 2048 × 2048 the sort holds 32 MB, the order 16), and the
        // queues grow as cells are queued
        for list in [&mut *order, &mut *raised, &mut *level] {
            *list = Vec::new();
        }
        ground.start(cells, |i| ordered(terrain[i]));
        for y in 0..grid.rows {
            for x in 0..grid.cols {
                let i = y * grid.cols + x;
                if grid.on_edge_at(x, y) {
                    state[i] = AT_OWN_HEIGHT | ON_EDGE;
                } else if (terrain[i] as f64) < sea_level {
                    state[i] = AT_OWN_HEIGHT;
                }
            }
        }
        (self.grid, self.sorted, self.popped, self.at) = (Some(grid), 0, 0, ListsAt::default());
    }

    /// Moves a fill begun on: a pass of the sort of the ground, or about
    /// `cells` cells popped (whole rows of the grid, at least one). True
    /// once the hollows are filled.
    pub fn go_on(&mut self, cells: usize) -> bool {
        let Some(grid) = self.grid else { return true };
        if self.sorted < HeightOrder::PASSES {
            // (the terrain's heights: nothing is filled before the sort is
            // whole)
            let terrain = &self.filled[..];
            self.ground.pass(self.sorted, |i| ordered(terrain[i]));
            self.sorted += 1;
            if self.sorted == HeightOrder::PASSES {
                self.ground.let_go_of_the_spare();
                // Every cell is popped once: the order has a place for
                // each. The queues grow as cells are queued: a tenth of
                // the cells or fewer on an island (raised, in its
                // hollows) rather than a place for every one
                self.order.resize(grid.cells(), 0);
            }
            return false;
        }
        let end = self.popped.saturating_add(cells.max(grid.cols)).min(grid.cells());
        // Slices taken once: a store through a vector could, for all the
        // compiler of a size-built module knows, change where it is (the
        // queues, which grow, are the exception: few cells pass through)
        let mut flooding = Flooding {
            grid,
            filled: &mut self.filled[..],
            state: &mut self.state[..],
            ground: self.ground.cells(),
            raised: &mut self.raised,
            level: &mut self.level,
            at: self.at,
        };
        for popped in self.order[self.popped..end].chunks_mut(grid.cols) {
            flooding.pop(popped);
        }
        (self.at, self.popped) = (flooding.at, end);
        let done = end == grid.cells();
        if done {
            self.grid = None;
            // What only the filling needs is let go: at 2048 × 2048 the
            // sorted ground's 16 MB, the states and the queues, which the
            // routing's next stages then take in their place rather than
            // beside them
            (self.ground, self.state, self.raised, self.level) = Default::default();
        }
        done
    }

    /// Whether a fill begun is still to be made.
    pub fn under_way(&self) -> bool {
        self.grid.is_some()
    }

    /// The terrain with its hollows filled.
    pub fn filled(&self) -> &[f32] {
        &self.filled
    }

    /// Every cell in the order the flood reached it: never higher than the
    /// one after it.
    pub fn order(&self) -> &[u32] {
        &self.order
    }
}

/// The flood under way: its buffers, and how far it is through each list.
struct Flooding<'a> {
    grid: Grid,
    filled: &'a mut [f32],
    state: &'a mut [State],
    ground: &'a [u32],
    raised: &'a mut Vec<u32>,
    level: &'a mut Vec<u32>,
    at: ListsAt,
}

impl Flooding<'_> {
    /// Pops the next `popped.len()` cells into `popped`, in order, and
    /// reaches their neighbours: a call of its own, never inlined, made a
    /// row's worth of cells at a time for the first frame's sake (see
    /// `FractalNoise::row`).
    #[inline(never)]
    fn pop(&mut self, popped: &mut [u32]) {
        let (grid, ground) = (self.grid, self.ground);
        let (filled, state) = (&mut *self.filled, &mut *self.state);
        let (raised, level) = (&mut *self.raised, &mut *self.level);
        let ListsAt { mut ground_next, mut raised_next } = self.at;
        for popped in popped.iter_mut() {
            let i = if let Some(i) = level.pop() {
                i as usize
            } else {
                let waiting = &raised[raised_next..];
                match lower_of_ground_and_raised(ground, &mut ground_next, waiting, filled, state) {
                    Next::Ground(i) => i,
                    Next::Raised => {
                        raised_next += 1;
                        raised[raised_next - 1] as usize
                    }
                }
            };
            *popped = i as u32;
            let on_edge = state[i] & ON_EDGE != 0;
            state[i] = DONE;
            let value = filled[i];
            let floor = value as f64 + RISE;
            grid.for_each_neighbour_on(on_edge, i, |j, _| {
                // SAFETY: the walk only gives cells of the grid,
                // and both buffers hold one entry per cell of it
                let (state, height) = unsafe { (state.get_unchecked_mut(j), filled.get_unchecked_mut(j)) };
                if *state == UNREACHED {
                    let own = *height;
                    *height = greater(own as f64, floor) as f32;
                    *state = if *height == value {
                        level.push(j as u32);
                        QUEUED
                    } else if *height != own {
                        raised.push(j as u32);
                        QUEUED
                    } else {
                        AT_OWN_HEIGHT
                    };
                }
            });
        }
        self.at = ListsAt { ground_next, raised_next };
    }
}

/// Where the flood's next cell comes from.
enum Next {
    /// The ground's list, at its own height: this cell.
    Ground(usize),
    /// The head of the raised queue.
    Raised,
}

/// The next cell from the ground's list or the raised queue (`waiting`),
/// whichever is lower, passing over the ground's cells that are not its to
/// give: those queued or popped already, and a hollow's, which is reached
/// later from above its height. Called while a cell is still to pop, so one
/// of the two has it.
///
/// A cell's key is its height in `filled`, which is its own until it is
/// reached from below: a cell queued or popped since, perhaps raised, is
/// passed over before its key is read (it is never the ground's to give,
/// and the cells after it are no lower).
#[inline(always)]
fn lower_of_ground_and_raised(
    ground: &[u32],
    next: &mut usize,
    waiting: &[u32],
    filled: &[f32],
    state: &[State],
) -> Next {
    let raised = waiting.first().map(|&r| ordered(filled[r as usize]));
    while let Some(&cell) = ground.get(*next) {
        let i = cell as usize;
        let state = state[i] & !ON_EDGE;
        if state == QUEUED || state == DONE {
            *next += 1;
            continue;
        }
        if raised.is_some_and(|raised| raised < ordered(filled[i])) {
            break;
        }
        *next += 1;
        if state == AT_OWN_HEIGHT {
            return Next::Ground(i);
        }
    }
    Next::Raised
}

#[cfg(test)]
mod tests {
    use super::*;

    const G: Grid = Grid::ARTICLE;

    /// A bowl: a pit in the middle of a cone that rises towards the centre.
    fn bowl() -> Vec<f32> {
        let mut t = vec![0f32; G.cells()];
        for (i, h) in t.iter_mut().enumerate() {
            let (x, y) = ((i % G.cols) as f32, (i / G.cols) as f32);
            let d = ((x - 160.0).powi(2) + (y - 90.0).powi(2)).sqrt();
            *h = if d < 10.0 { 0.4 } else { 0.9 - d * 0.004 };
        }
        t
    }

    #[test]
    fn hollows_are_filled_to_their_rim_and_nothing_is_lowered() {
        let terrain = bowl();
        let mut flood = PriorityFlood::default();
        flood.fill(G, &terrain, 0.25);
        let filled = flood.filled();
        assert!(terrain.iter().zip(filled).all(|(t, f)| f >= t), "no cell is lowered");
        // The pit's rim stands at about 0.9 − 10·0.004 = 0.86
        let centre = filled[90 * G.cols + 160];
        assert!(centre > 0.85 && centre < 0.87, "pit filled to {centre}");
        assert_eq!(flood.order().len(), G.cells());
    }

    #[test]
    fn the_order_is_a_height_order() {
        let mut flood = PriorityFlood::default();
        flood.fill(G, &bowl(), 0.25);
        let f = flood.filled();
        assert!(flood.order().windows(2).all(|w| f[w[0] as usize] <= f[w[1] as usize]));
        let mut seen = vec![false; G.cells()];
        for &i in flood.order() {
            assert!(!seen[i as usize], "cell {i} came out twice");
            seen[i as usize] = true;
        }
        assert!(seen.iter().all(|&s| s), "every cell came out");
    }

    #[test]
    fn a_flood_fills_maps_of_any_size_with_the_same_buffers() {
        let mut flood = PriorityFlood::default();
        for g in [Grid::new(512, 512), G, Grid::new(3, 3)] {
            let terrain: Vec<f32> = (0..g.cells()).map(|i| if g.on_edge(i) { 0.5 } else { 0.1 }).collect();
            flood.fill(g, &terrain, 0.0);
            assert_eq!(flood.order().len(), g.cells());
            // The inside is a hollow ringed at 0.5: filled to just above it
            let inside = g.cols + 1;
            assert!(flood.filled()[inside] > 0.5 && flood.filled()[inside] < 0.5001, "{g:?}");
        }
    }

    /// The original's flood, with a binary heap: lowest value first, ties
    /// by index (any order of ties gives the same map).
    fn flood_by_heap(grid: Grid, terrain: &[f32], sea_level: f64) -> Vec<f32> {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        let mut filled = terrain.to_vec();
        let mut reached = vec![false; grid.cells()];
        let mut heap = BinaryHeap::new();
        for i in 0..grid.cells() {
            if grid.on_edge(i) || (terrain[i] as f64) < sea_level {
                reached[i] = true;
                heap.push(Reverse((ordered(filled[i]), i)));
            }
        }
        while let Some(Reverse((_, i))) = heap.pop() {
            let floor = filled[i] as f64 + RISE;
            for (j, _) in grid.neighbours(i) {
                if !reached[j] {
                    reached[j] = true;
                    filled[j] = greater(filled[j] as f64, floor) as f32;
                    heap.push(Reverse((ordered(filled[j]), j)));
                }
            }
        }
        filled
    }

    #[test]
    fn fills_as_the_originals_heap_does_to_the_bit() {
        // Rough ground full of pits; ground so high that RISE is lost to
        // rounding (every step of a filled hollow is level); terraces of
        // equal heights; and the eroded island
        let mut state = 99u32;
        let mut noise = move || {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (state >> 8) as f32 / (1 << 24) as f32
        };
        let rough: Vec<f32> = (0..G.cells()).map(|i| bowl()[i] + 0.05 * noise()).collect();
        let high: Vec<f32> = rough.iter().map(|h| 64.0 + h * 16.0).collect();
        let terraces: Vec<f32> = rough.iter().map(|h| (h * 8.0).floor() / 8.0).collect();
        let mut island = crate::terrain::Terrain::new(3);
        island.rain(20_000);
        let mut flood = PriorityFlood::default();
        for (name, terrain) in
            [("rough", rough), ("high", high), ("terraces", terraces), ("island", island.heights().to_vec())]
        {
            let expected = flood_by_heap(G, &terrain, 0.25);
            flood.fill(G, &terrain, 0.25);
            let raised = terrain.iter().zip(flood.filled()).filter(|(t, f)| t != f).count();
            assert!(raised > 100, "{name}: only {raised} cells raised: no hollows to fill");
            let differ = expected.iter().zip(flood.filled()).filter(|(e, f)| e.to_bits() != f.to_bits()).count();
            assert_eq!(differ, 0, "{name}: {differ} cells filled otherwise than by the heap");
            let f = flood.filled();
            assert!(flood.order().windows(2).all(|w| f[w[0] as usize] <= f[w[1] as usize]), "{name}: order");
            assert_eq!(flood.order().len(), G.cells());
        }
    }
}
