//! A radix heap: a priority queue for when no value pushed is ever below the
//! last one popped (a "monotone" queue), as in a flood that only rises.
//!
//! Values are bucketed by the highest bit in which they differ from the last
//! value popped; popping empties the lowest bucket, and only when that is
//! empty is the next bucket spread out. Each entry moves down at most 32
//! times, and there is none of a binary heap's sifting. Values come out
//! lowest first; entries of equal value in no particular order.
//!
//! ```
//! use hydraulic_erosion::radix_heap::RadixHeap;
//! let mut q = RadixHeap::default();
//! q.push(0.5, 1);
//! q.push(-0.2, 2);
//! q.push(0.7, 3);
//! assert_eq!(q.pop(), Some((-0.2, 2)));
//! q.push(0.6, 4);
//! assert_eq!([q.pop(), q.pop(), q.pop(), q.pop()], [Some((0.5, 1)), Some((0.6, 4)), Some((0.7, 3)), None]);
//! ```

/// The f32's bits, turned so that unsigned order is numeric order.
#[inline(always)]
fn ordered(value: f32) -> u32 {
    let bits = value.to_bits();
    if bits >> 31 == 1 {
        !bits
    } else {
        bits | 0x8000_0000
    }
}

/// Which bucket a key goes in, seen from the last key popped: 0 for equal,
/// otherwise one more than the highest bit in which they differ.
#[inline(always)]
fn bucket(key: u32, last: u32) -> usize {
    (32 - (key ^ last).leading_zeros()) as usize
}

#[derive(Clone, Debug)]
pub struct RadixHeap {
    last: u32,
    len: usize,
    buckets: [Vec<(u32, f32, u32)>; 33],
}

impl Default for RadixHeap {
    fn default() -> Self {
        RadixHeap { last: 0, len: 0, buckets: std::array::from_fn(|_| Vec::new()) }
    }
}

impl RadixHeap {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Empties the queue, keeping its memory, and forgets the last value.
    pub fn clear(&mut self) {
        for b in &mut self.buckets {
            b.clear();
        }
        self.last = 0;
        self.len = 0;
    }

    /// Adds `item` at `value`, which must not be below the last value popped
    /// (debug builds check).
    pub fn push(&mut self, value: f32, item: u32) {
        let key = ordered(value);
        debug_assert!(key >= self.last, "a radix heap only takes values from the last popped up");
        self.buckets[bucket(key, self.last)].push((key, value, item));
        self.len += 1;
    }

    /// The lowest value and its item.
    pub fn pop(&mut self) -> Option<(f32, u32)> {
        if self.buckets[0].is_empty() {
            let b = self.buckets.iter().position(|b| !b.is_empty())?;
            let mut spread = std::mem::take(&mut self.buckets[b]);
            self.last = spread.iter().map(|e| e.0).min()?;
            for entry in spread.drain(..) {
                self.buckets[bucket(entry.0, self.last)].push(entry);
            }
            // Hand the emptied buffer back, so its memory is used again
            self.buckets[b] = spread;
        }
        let (_, value, item) = self.buckets[0].pop()?;
        self.len -= 1;
        Some((value, item))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_come_out_lowest_first_across_signs() {
        let mut q = RadixHeap::default();
        let values = [0.25f32, -1.5, 0.0, -0.0, 3.0, 1e-7, -1e-7, 0.25, 2.0];
        for (k, &v) in values.iter().enumerate() {
            q.push(v, k as u32);
        }
        let mut out = Vec::new();
        while let Some((v, _)) = q.pop() {
            out.push(v);
        }
        let mut sorted = values.to_vec();
        sorted.sort_by(f32::total_cmp);
        assert_eq!(out, sorted);
        assert!(q.is_empty());
    }

    #[test]
    fn pushes_between_pops_keep_the_order() {
        // A flood: each value popped pushes a few a little above it
        let mut q = RadixHeap::default();
        let mut state = 12345u32;
        let mut next = || {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (state >> 8) as f32 / (1 << 24) as f32
        };
        for k in 0..100 {
            q.push(next() * 0.1, k);
        }
        let mut last = f32::NEG_INFINITY;
        let mut popped = 0;
        while let Some((v, _)) = q.pop() {
            assert!(v >= last, "{v} after {last}");
            last = v;
            popped += 1;
            if popped < 5_000 {
                for _ in 0..2 {
                    q.push(v + next() * 0.01, 0);
                }
            }
        }
        assert_eq!(popped, 100 + 2 * 4_999);
    }
}
