//! The lesser and greater of two numbers, by one comparison; and the lowest
//! and highest of heights.
//!
//! `f64::min` and `f64::max` return the other operand when one is NaN, which
//! WebAssembly's own `f64.min` does not, so in wasm they become calls to
//! `fmin` and `fmax`. The simulation never holds a NaN, and for every other
//! value these give the same answer (as JavaScript's `Math.min` and
//! `Math.max` do), without a call in its hottest loops.
//!
//! ```
//! use hydraulic_erosion::raster::float_min_max::{greater, lesser};
//! assert_eq!((lesser(0.2, -1.0), greater(0.2, -1.0)), (-1.0, 0.2));
//! ```

#[inline(always)]
pub fn lesser(a: f64, b: f64) -> f64 {
    if b < a {
        b
    } else {
        a
    }
}

#[inline(always)]
pub fn greater(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

/// The lowest and highest of `heights` (infinities where there are none).
///
/// ```
/// use hydraulic_erosion::raster::float_min_max::lowest_and_highest;
/// assert_eq!(lowest_and_highest(&[0.5, -2.0, 3.0]), (-2.0, 3.0));
/// ```
pub fn lowest_and_highest(heights: &[f32]) -> (f64, f64) {
    heights
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(low, high), &h| (lesser(low, h as f64), greater(high, h as f64)))
}
