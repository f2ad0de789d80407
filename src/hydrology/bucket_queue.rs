//! A bucket queue: a priority queue for values in a known range when no value
//! pushed is ever below the last one popped (a "monotone" queue), as in a
//! flood that only rises.
//!
//! The range is cut into buckets of equal width. A value goes in its bucket
//! as a plain push; only the bucket being emptied is kept in order (sorted
//! when it is reached, highest first, so the lowest comes off the end), and
//! that is a handful of entries rather than thousands. Values come out exactly lowest first (the bucket of a value
//! never falls as the value rises); entries of equal value in no particular
//! order. Values outside the range are kept in the first or last bucket.
//!
//! ```
//! use hydraulic_erosion::hydrology::bucket_queue::BucketQueue;
//! let mut q = BucketQueue::new(16);
//! q.reset(0.0, 1.0);
//! q.push(0.5, 1);
//! q.push(0.2, 2);
//! q.push(0.7, 3);
//! assert_eq!(q.pop(), Some((0.2, 2)));
//! q.push(0.6, 4);
//! assert_eq!([q.pop(), q.pop(), q.pop(), q.pop()], [Some((0.5, 1)), Some((0.6, 4)), Some((0.7, 3)), None]);
//! ```

/// The f32's bits, turned so that unsigned order is numeric order.
#[inline(always)]
pub fn ordered(value: f32) -> u32 {
    let bits = value.to_bits();
    if bits >> 31 == 1 {
        !bits
    } else {
        bits | 0x8000_0000
    }
}

/// The f32 an ordered key was made from.
#[inline(always)]
fn value_of(key: u32) -> f32 {
    f32::from_bits(if key >> 31 == 1 { key & 0x7fff_ffff } else { !key })
}

/// An entry: the ordered key in the high half, the item in the low, so one
/// integer comparison orders entries by value.
type Entry = u64;

#[inline(always)]
fn entry(value: f32, item: u32) -> Entry {
    (ordered(value) as u64) << 32 | item as u64
}

/// Sorts keys highest first. One function for every such sort, so the page
/// carries one copy of the sorting code.
#[inline(never)]
pub fn sort_highest_first(keys: &mut [u64]) {
    keys.sort_unstable_by(|a, b| b.cmp(a));
}

#[derive(Clone, Debug)]
pub struct BucketQueue {
    low: f32,
    per_unit: f32,
    buckets: Vec<Vec<Entry>>,
    current: usize,
    /// The current bucket's entries, highest first
    now: Vec<Entry>,
    len: usize,
}

impl BucketQueue {
    /// A queue of `buckets` buckets (at least 1), over 0..1 until `reset`.
    pub fn new(buckets: usize) -> Self {
        let mut q = BucketQueue {
            low: 0.0,
            per_unit: 1.0,
            buckets: vec![Vec::new(); buckets.max(1)],
            current: 0,
            now: Vec::new(),
            len: 0,
        };
        q.reset(0.0, 1.0);
        q
    }

    /// Empties the queue, keeping its memory, for values from `low` to `high`.
    pub fn reset(&mut self, low: f32, high: f32) {
        for b in &mut self.buckets {
            b.clear();
        }
        self.now.clear();
        self.current = 0;
        self.len = 0;
        self.low = low;
        let span = high - low;
        self.per_unit = if span > 0.0 && span.is_finite() { self.buckets.len() as f32 / span } else { 0.0 };
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Which bucket a value goes in: never a lower one for a higher value
    /// (`as` saturates, so values below the range go in the first).
    #[inline(always)]
    fn bucket(&self, value: f32) -> usize {
        (((value - self.low) * self.per_unit) as usize).min(self.buckets.len() - 1)
    }

    /// Adds `item` at `value`, which must not be below the last value popped.
    #[inline]
    pub fn push(&mut self, value: f32, item: u32) {
        let entry = entry(value, item);
        let b = self.bucket(value);
        if b <= self.current {
            // Into the current bucket, in order: rising values land near the
            // end, so little moves
            let at = self.now.partition_point(|&e| e > entry);
            self.now.insert(at, entry);
        } else {
            self.buckets[b].push(entry);
        }
        self.len += 1;
    }

    /// The lowest value and its item.
    #[inline]
    pub fn pop(&mut self) -> Option<(f32, u32)> {
        if self.now.is_empty() {
            if self.len == 0 {
                return None;
            }
            // Move on to the next bucket that holds anything, sorted, handing
            // the emptied buffer to the bucket it leaves
            let next = (self.current + 1..self.buckets.len()).find(|&b| !self.buckets[b].is_empty())?;
            let spent = std::mem::take(&mut self.now);
            self.now = std::mem::replace(&mut self.buckets[next], spent);
            sort_highest_first(&mut self.now);
            self.current = next;
        }
        let entry = self.now.pop()?;
        self.len -= 1;
        Some((value_of((entry >> 32) as u32), entry as u32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_keep_their_values_and_order() {
        let values = [-1e-30f32, -2.25, 0.0, 1.5, f32::MIN_POSITIVE, 1e30];
        for v in values {
            assert_eq!(value_of(ordered(v)).to_bits(), v.to_bits());
        }
        assert!(ordered(-2.25) < ordered(-1e-30) && ordered(-1e-30) < ordered(0.0) && ordered(0.0) < ordered(1.5));
    }

    #[test]
    fn values_come_out_lowest_first_in_range_and_out_of_it() {
        let mut q = BucketQueue::new(8);
        q.reset(0.0, 1.0);
        let values = [0.25f32, -1.5, 0.0, 3.0, 1e-7, -1e-7, 0.25, 2.0, 0.999, 0.5];
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
        let mut q = BucketQueue::new(64);
        q.reset(0.0, 0.05);
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
                    q.push(v + next() * 0.001, 0);
                }
            }
        }
        assert_eq!(popped, 100 + 2 * 4_999);
        assert!(last > 0.05, "values past the range still come out in order");
    }
}
