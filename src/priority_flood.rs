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
//! The queue is the original's binary heap, operation for operation, so cells
//! of equal height come out in the same order and the filled map is the same
//! to the bit. The order the cells come out in is kept: it is a height order
//! (lowest first), which is all the flow routing needs, so it never sorts.

use crate::grid::{neighbours, on_edge, CELLS};

/// How far above the cell it was reached from a filled cell is raised, so
/// that even a filled hollow slopes (very gently) towards its outlet.
pub const RISE: f64 = 1e-6;

/// A priority queue of cell indices, lowest value out first (a binary heap),
/// as the original's `MinQueue`.
#[derive(Clone, Debug, Default)]
pub struct MinQueue {
    items: Vec<u32>,
    values: Vec<f32>,
}

impl MinQueue {
    pub fn with_capacity(capacity: usize) -> Self {
        MinQueue { items: Vec::with_capacity(capacity), values: Vec::with_capacity(capacity) }
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn clear(&mut self) {
        self.items.clear();
        self.values.clear();
    }

    pub fn push(&mut self, item: u32, value: f32) {
        let mut n = self.items.len();
        self.items.push(item);
        self.values.push(value);
        while n > 0 {
            let parent = (n - 1) >> 1;
            if self.values[parent] <= value {
                break;
            }
            self.items[n] = self.items[parent];
            self.values[n] = self.values[parent];
            n = parent;
        }
        self.items[n] = item;
        self.values[n] = value;
    }

    pub fn pop(&mut self) -> Option<u32> {
        let top = *self.items.first()?;
        let item = self.items.pop()?;
        let value = self.values.pop()?;
        let size = self.items.len();
        if size == 0 {
            return Some(top);
        }
        let mut n = 0;
        loop {
            let mut child = n * 2 + 1;
            if child >= size {
                break;
            }
            if child + 1 < size && self.values[child + 1] < self.values[child] {
                child += 1;
            }
            if self.values[child] >= value {
                break;
            }
            self.items[n] = self.items[child];
            self.values[n] = self.values[child];
            n = child;
        }
        self.items[n] = item;
        self.values[n] = value;
        Some(top)
    }
}

/// The flood's working buffers, kept between calls so filling allocates
/// nothing after the first time.
#[derive(Clone, Debug)]
pub struct PriorityFlood {
    filled: Vec<f32>,
    order: Vec<u32>,
    reached: Vec<bool>,
    queue: MinQueue,
}

impl Default for PriorityFlood {
    fn default() -> Self {
        PriorityFlood {
            filled: vec![0.0; CELLS],
            order: Vec::with_capacity(CELLS),
            reached: vec![false; CELLS],
            queue: MinQueue::with_capacity(CELLS),
        }
    }
}

impl PriorityFlood {
    /// Fills the hollows of `terrain`, flooding from the map's edges and from
    /// every cell below `sea_level`.
    pub fn fill(&mut self, terrain: &[f32], sea_level: f64) {
        assert_eq!(terrain.len(), CELLS);
        self.filled.copy_from_slice(terrain);
        self.reached.fill(false);
        self.queue.clear();
        self.order.clear();
        for i in 0..CELLS {
            if on_edge(i) || (self.filled[i] as f64) < sea_level {
                self.reached[i] = true;
                self.queue.push(i as u32, self.filled[i]);
            }
        }
        while let Some(i) = self.queue.pop() {
            let i = i as usize;
            self.order.push(i as u32);
            let floor = self.filled[i] as f64 + RISE;
            for (j, _) in neighbours(i) {
                if self.reached[j] {
                    continue;
                }
                self.reached[j] = true;
                self.filled[j] = (self.filled[j] as f64).max(floor) as f32;
                self.queue.push(j as u32, self.filled[j]);
            }
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
    use crate::grid::{COLS, ROWS};

    #[test]
    fn the_queue_gives_values_back_lowest_first() {
        let mut q = MinQueue::with_capacity(8);
        for (item, value) in [(0, 0.5), (1, 0.1), (2, 0.9), (3, 0.3), (4, 0.1), (5, 0.7)] {
            q.push(item, value);
        }
        let mut out = Vec::new();
        while let Some(i) = q.pop() {
            out.push(i);
        }
        assert_eq!(out.len(), 6);
        let values = [0.5, 0.1, 0.9, 0.3, 0.1, 0.7];
        assert!(out.windows(2).all(|w| values[w[0] as usize] <= values[w[1] as usize]), "{out:?}");
        assert!(q.is_empty() && q.pop().is_none());
    }

    /// A bowl: a pit in the middle of a cone that rises towards the centre.
    fn bowl() -> Vec<f32> {
        let mut t = vec![0f32; CELLS];
        for (i, h) in t.iter_mut().enumerate() {
            let (x, y) = ((i % COLS) as f32, (i / COLS) as f32);
            let d = ((x - 160.0).powi(2) + (y - 90.0).powi(2)).sqrt();
            *h = if d < 10.0 { 0.4 } else { 0.9 - d * 0.004 };
        }
        t
    }

    #[test]
    fn hollows_are_filled_to_their_rim_and_nothing_is_lowered() {
        let terrain = bowl();
        let mut flood = PriorityFlood::default();
        flood.fill(&terrain, 0.25);
        let filled = flood.filled();
        assert!(terrain.iter().zip(filled).all(|(t, f)| f >= t), "no cell is lowered");
        // The pit's rim stands at about 0.9 − 10·0.004 = 0.86
        let centre = filled[90 * COLS + 160];
        assert!(centre > 0.85 && centre < 0.87, "pit filled to {centre}");
        assert_eq!(flood.order().len(), CELLS);
    }

    #[test]
    fn the_order_is_a_height_order() {
        let mut flood = PriorityFlood::default();
        flood.fill(&bowl(), 0.25);
        let f = flood.filled();
        assert!(flood.order().windows(2).all(|w| f[w[0] as usize] <= f[w[1] as usize]));
        let mut seen = vec![false; CELLS];
        for &i in flood.order() {
            assert!(!seen[i as usize], "cell {i} came out twice");
            seen[i as usize] = true;
        }
        assert_eq!(ROWS * COLS, seen.len());
    }
}
