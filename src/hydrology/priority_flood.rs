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
//! The original keeps its queue in a binary heap. Here it is a bucket queue,
//! which suits a flood: no cell is ever pushed below the last one popped,
//! and the heights lie in a known range.
//!
//! The filled map is the same to the bit as the original's, whatever order
//! cells of equal value come out in: every cell popped at value v raises the
//! neighbours it reaches to at least v + RISE, which is above v, so all the
//! cells at v are popped before any cell they reach, and whichever of them
//! reaches a neighbour first gives it the same height.
//!
//! The order the cells come out in is kept: it is a height order (lowest
//! first), which is all the flow routing needs, so it never sorts.

use crate::float_min_max::greater;
use crate::grid::Grid;
use crate::hydrology::bucket_queue::BucketQueue;

/// How far above the cell it was reached from a filled cell is raised, so
/// that even a filled hollow slopes (very gently) towards its outlet.
pub const RISE: f64 = 1e-6;

/// Cells per bucket of the flood's queue, on average: a few, so the bucket
/// being emptied is quick to sort (4,096 buckets on the article's map).
const CELLS_PER_BUCKET: usize = 14;

/// The flood's working buffers, kept between calls so filling allocates
/// nothing after the first time on a grid.
#[derive(Clone, Debug)]
pub struct PriorityFlood {
    filled: Vec<f32>,
    order: Vec<u32>,
    reached: Vec<bool>,
    queue: BucketQueue,
}

impl Default for PriorityFlood {
    fn default() -> Self {
        PriorityFlood { filled: Vec::new(), order: Vec::new(), reached: Vec::new(), queue: BucketQueue::new(1) }
    }
}

impl PriorityFlood {
    /// Fills the hollows of `terrain` on `grid`, flooding from the map's
    /// edges and from every cell below `sea_level`.
    pub fn fill(&mut self, grid: Grid, terrain: &[f32], sea_level: f64) {
        let cells = grid.cells();
        assert_eq!(terrain.len(), cells);
        if self.filled.len() != cells {
            self.filled = vec![0.0; cells];
            self.reached = vec![false; cells];
            self.order = Vec::with_capacity(cells);
            self.queue = BucketQueue::new(cells / CELLS_PER_BUCKET);
        }
        let (mut low, mut high) = (f32::INFINITY, f32::NEG_INFINITY);
        for (f, &h) in self.filled.iter_mut().zip(terrain) {
            *f = h;
            // (comparisons, not f32::min and max: see float_min_max)
            if h < low {
                low = h;
            }
            if h > high {
                high = h;
            }
        }
        self.reached.fill(false);
        self.queue.reset(low, high);
        self.order.clear();
        for y in 0..grid.rows {
            for x in 0..grid.cols {
                let i = y * grid.cols + x;
                if grid.on_edge_at(x, y) || (self.filled[i] as f64) < sea_level {
                    self.reached[i] = true;
                    self.queue.push(self.filled[i], i as u32);
                }
            }
        }
        while let Some((_, i)) = self.queue.pop() {
            let i = i as usize;
            self.order.push(i as u32);
            let floor = self.filled[i] as f64 + RISE;
            let (filled, reached, queue) = (&mut self.filled[..], &mut self.reached[..], &mut self.queue);
            grid.for_each_neighbour(i, |j, _| {
                // SAFETY: for_each_neighbour only gives cells of the grid,
                // and both buffers hold one entry per cell of it
                let (seen, height) = unsafe { (reached.get_unchecked_mut(j), filled.get_unchecked_mut(j)) };
                if !*seen {
                    *seen = true;
                    *height = greater(*height as f64, floor) as f32;
                    queue.push(*height, j as u32);
                }
            });
        }
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
}
