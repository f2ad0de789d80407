//! The slope of the least-squares line through points: a power law
//! `y ∝ x^b` is a line of slope `b` through `(ln x, ln y)`, so the
//! exponents of Hack's law and of the slope–area relation are fitted so.
//!
//! ```
//! use hydraulic_erosion::morphometry::least_squares::{power_law_exponent, slope};
//! assert_eq!(slope([(0.0, 1.0), (1.0, 3.0), (2.0, 5.0)]), Some(2.0));
//! // y = x^0.5
//! let e = power_law_exponent([1.0f64, 4.0, 9.0, 16.0].map(|x| (x, x.sqrt()))).unwrap();
//! assert!((e - 0.5).abs() < 1e-12);
//! ```

/// Fewer points than this fit no line worth showing.
pub const FEWEST_POINTS: usize = 3;

/// The slope of the least-squares line through `points`, or `None` for
/// fewer than [`FEWEST_POINTS`] or points all at one `x`. Sums are taken
/// about the first point's, which keeps them exact enough for logarithms
/// of large areas.
pub fn slope(points: impl IntoIterator<Item = (f64, f64)>) -> Option<f64> {
    let mut points = points.into_iter();
    let (x0, y0) = points.next()?;
    let (mut n, mut sx, mut sy, mut sxx, mut sxy) = (1.0, 0.0, 0.0, 0.0, 0.0);
    for (x, y) in points {
        let (dx, dy) = (x - x0, y - y0);
        n += 1.0;
        sx += dx;
        sy += dy;
        sxx += dx * dx;
        sxy += dx * dy;
    }
    let spread = n * sxx - sx * sx;
    (n >= FEWEST_POINTS as f64 && spread > 1e-12 * n * n).then(|| (n * sxy - sx * sy) / spread)
}

/// The exponent `b` of the power law `y ∝ x^b` that fits `points` best on
/// logarithmic axes; points with `x` or `y` not above 0 are passed over.
pub fn power_law_exponent(points: impl IntoIterator<Item = (f64, f64)>) -> Option<f64> {
    slope(points.into_iter().filter(|&(x, y)| x > 0.0 && y > 0.0).map(|(x, y)| (x.ln(), y.ln())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_found_through_noise_and_none_through_too_little() {
        // y = 3 − 0.7 x with a wobble that sums to nothing on each side
        let points: Vec<(f64, f64)> =
            (0..100).map(|i| (i as f64, 3.0 - 0.7 * i as f64 + if i % 2 == 0 { 0.1 } else { -0.1 })).collect();
        assert!((slope(points).unwrap() + 0.7).abs() < 1e-3);
        assert_eq!(slope([(1.0, 1.0), (2.0, 2.0)]), None, "two points");
        assert_eq!(slope([(1.0, 1.0), (1.0, 2.0), (1.0, 3.0)]), None, "all at one x");
        assert_eq!(power_law_exponent([(0.0, 1.0), (-1.0, 2.0), (1.0, 0.0)]), None, "nothing above 0");
    }

    #[test]
    fn large_areas_keep_their_exponent() {
        // A ∈ 10⁶..10⁷, y = A^-0.45
        let points = (0..50).map(|i| {
            let a = 1e6 + i as f64 * 2e5;
            (a, a.powf(-0.45))
        });
        assert!((power_law_exponent(points).unwrap() + 0.45).abs() < 1e-9);
    }
}
