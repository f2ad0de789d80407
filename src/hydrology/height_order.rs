//! Cells in order of height, by a radix sort.
//!
//! A height's bits, turned so that unsigned order is numeric order, sort the
//! cells in three passes, each placing every cell by 11 bits of its key (a
//! digit), the lowest digit first. A pass keeps the order of the one before
//! among cells of the same digit (it is stable), so after the last the cells
//! are in key order and cells of equal key in index order. Sorting by
//! comparison takes about log₂(cells) rounds over them (16 on the article's
//! map, 18 at 512 × 512), and branches the processor cannot foresee; by
//! digits it takes three, and a pass whose digit is the same for every cell
//! is skipped.
//!
//! The passes place the cells' indices alone, each cell's key read again
//! from its height as it is placed: at 2048 × 2048 the sort then holds two
//! buffers of 16 MB, where indices with their keys beside them took 32 MB
//! each.
//!
//! ```
//! use hydraulic_erosion::hydrology::height_order::{ordered, HeightOrder};
//! let heights = [0.5f32, -1.0, 0.25, 0.5, 2.0];
//! let mut order = HeightOrder::default();
//! order.sort(heights.len(), |i| ordered(heights[i]));
//! assert_eq!(order.cells(), [1, 2, 0, 3, 4]);
//! ```

/// The f32's bits, turned so that unsigned order is numeric order (−0 just
/// below +0).
#[inline(always)]
pub fn ordered(value: f32) -> u32 {
    let bits = value.to_bits();
    if bits >> 31 == 1 {
        !bits
    } else {
        bits | 0x8000_0000
    }
}

/// Bits of the key each pass places the cells by: three passes of 11 bits
/// cover the 32 (the last takes 10), with counts that fit the nearest cache.
const DIGIT_BITS: usize = 11;
const DIGITS: usize = 1 << DIGIT_BITS;
const PASSES: usize = 32_usize.div_ceil(DIGIT_BITS);

/// The sort's buffers, kept between calls so sorting allocates nothing after
/// the first time on a grid.
#[derive(Clone, Debug, Default)]
pub struct HeightOrder {
    /// The cells' indices, as the passes so far placed them
    sorted: Vec<u32>,
    spare: Vec<u32>,
    /// How many cells have each digit, pass by pass, for the passes to come
    counts: Vec<[u32; DIGITS]>,
}

impl HeightOrder {
    /// Sorts `cells` cells by their keys, `key(i)` cell `i`'s: lowest
    /// first, cells of equal key in index order.
    pub fn sort(&mut self, cells: usize, key: impl Fn(usize) -> u32) {
        self.start(cells, &key);
        for pass in 0..PASSES {
            self.pass(pass, &key);
        }
    }

    /// The passes a sort takes after its [`HeightOrder::start`]: a sort
    /// spread over frames makes them one by one ([`HeightOrder::pass`]).
    pub const PASSES: usize = PASSES;

    /// Takes the cells to sort, in index order, and counts the digits of
    /// their keys: the sort's first part, before its passes.
    pub fn start(&mut self, cells: usize, key: impl Fn(usize) -> u32) {
        self.sorted.clear();
        self.sorted.extend(0..cells as u32);
        self.counts.clear();
        self.counts.resize(PASSES, [0; DIGITS]);
        for i in 0..cells {
            let key = key(i);
            for (pass, count) in self.counts.iter_mut().enumerate() {
                count[(key >> (DIGIT_BITS * pass)) as usize & (DIGITS - 1)] += 1;
            }
        }
        self.spare.resize(cells, 0);
    }

    /// Places every cell by digit `pass` of its key (0 the lowest), keeping
    /// the order of the pass before among cells of the same digit. The
    /// passes are made in turn, from 0, with the keys the sort started
    /// with.
    pub fn pass(&mut self, pass: usize, key: impl Fn(usize) -> u32) {
        let cells = self.sorted.len();
        let count = &self.counts[pass];
        if count.iter().any(|&n| n as usize == cells) {
            return; // One value of this digit for all: nothing moves
        }
        let mut next = [0u32; DIGITS];
        let mut start = 0;
        for (next, &n) in next.iter_mut().zip(count) {
            *next = start;
            start += n;
        }
        let shift = DIGIT_BITS * pass;
        for &cell in &self.sorted {
            let slot = &mut next[(key(cell as usize) >> shift) as usize & (DIGITS - 1)];
            // SAFETY: the slots of a digit start at the count of the
            // digits before it and take one cell each of its count, so
            // every slot is below the number of cells
            unsafe { *self.spare.get_unchecked_mut(*slot as usize) = cell };
            *slot += 1;
        }
        std::mem::swap(&mut self.sorted, &mut self.spare);
    }

    /// Lets go of the buffer the passes place cells into, once the last
    /// is made (as big as the sorted entries): another sort makes it anew.
    pub fn let_go_of_the_spare(&mut self) {
        self.spare = Vec::new();
    }

    /// The indices of the cells sorted.
    pub fn cells(&self) -> &[u32] {
        &self.sorted
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_order_floats_numerically() {
        let values = [f32::NEG_INFINITY, -2.25, -1e-30, -0.0, 0.0, f32::MIN_POSITIVE, 1.5, 1e30];
        assert!(values.windows(2).all(|w| ordered(w[0]) < ordered(w[1])), "{values:?}");
    }

    #[test]
    fn sorts_like_a_stable_comparison_sort() {
        // Many equal keys, every byte in use, and a key whose low bytes are
        // all the same (the skipped passes)
        let mut state = 12345u32;
        let keys: Vec<u32> = (0..5000)
            .map(|k| {
                state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                match k % 3 {
                    0 => state,
                    1 => state & 0xff00_0000,
                    _ => state % 7,
                }
            })
            .collect();
        let mut order = HeightOrder::default();
        order.sort(keys.len(), |i| keys[i]);
        let mut expected: Vec<u32> = (0..keys.len() as u32).collect();
        expected.sort_by_key(|&i| keys[i as usize]);
        assert_eq!(order.cells(), expected);
        // Again with fewer cells: the buffers are reused
        let few = [3u32, 1, 3, 0];
        order.sort(few.len(), |i| few[i]);
        assert_eq!(order.cells(), [3, 1, 0, 2]);
        order.sort(0, |_| unreachable!());
        assert_eq!(order.cells().len(), 0);
    }
}
