//! Work on the parts of a raster side by side: natively on every core (a
//! `rayon` pool), on the web one part after another, where a page's module
//! has one thread. Only for parts that are independent (each reads what no
//! other writes, and writes its own part alone), so the result is the same
//! bits on one core or many: rows of the relief, bands of the contours, the
//! measures of one ground.
//!
//! ```
//! use hydraulic_erosion::raster::side_by_side::each_chunk;
//! let mut rows = vec![0u32; 12];
//! each_chunk(&mut rows, 4, |y, row| row.fill(y as u32));
//! assert_eq!(rows, [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]);
//! ```

/// Calls `work` with each part of `items` and its index.
pub fn each<T: Send>(items: &mut [T], work: impl Fn(usize, &mut T) + Sync + Send) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use rayon::prelude::*;
        items.par_iter_mut().enumerate().for_each(|(k, item)| work(k, item));
    }
    #[cfg(target_arch = "wasm32")]
    items.iter_mut().enumerate().for_each(|(k, item)| work(k, item));
}

/// Both of `a` and `b`, side by side, and what each gave.
pub fn both<A: Send, B: Send>(a: impl FnOnce() -> A + Send, b: impl FnOnce() -> B + Send) -> (A, B) {
    #[cfg(not(target_arch = "wasm32"))]
    return rayon::join(a, b);
    #[cfg(target_arch = "wasm32")]
    (a(), b())
}

/// Calls `work` with each run of `size` items of `items` (the last may be
/// shorter) and its index.
pub fn each_chunk<T: Send>(items: &mut [T], size: usize, work: impl Fn(usize, &mut [T]) + Sync + Send) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use rayon::prelude::*;
        items.par_chunks_mut(size).enumerate().for_each(|(k, chunk)| work(k, chunk));
    }
    #[cfg(target_arch = "wasm32")]
    items.chunks_mut(size).enumerate().for_each(|(k, chunk)| work(k, chunk));
}
