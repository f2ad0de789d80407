//! The hypsometric integral (Strahler 1952): the share of a basin's relief
//! still standing above its lowest ground, `(mean − min) / (max − min)` of
//! its heights. Strahler read young, still-rising land above 0.6, land in
//! equilibrium from 0.35 to 0.6, and old, worn-down land below 0.35. Here
//! it is taken over the land above the sea: a cone gives 1/3, a dome
//! (paraboloid) 1/2.
//!
//! ```
//! use hydraulic_erosion::morphometry::hypsometry::hypsometric_integral;
//! let hi = hypsometric_integral(&[0.2, 0.4, 0.6, 1.0, 0.1], 0.15).unwrap();
//! assert!((hi - (0.55 - 0.2) / 0.8).abs() < 1e-6);
//! ```

/// The hypsometric integral of the heights above `sea_level`, or `None`
/// where no land stands above it or all of it is flat.
pub fn hypsometric_integral(heights: &[f32], sea_level: f64) -> Option<f64> {
    let (mut n, mut sum, mut min, mut max) = (0u64, 0.0, f64::INFINITY, f64::NEG_INFINITY);
    for &h in heights {
        let h = h as f64;
        if h > sea_level {
            n += 1;
            sum += h;
            min = min.min(h);
            max = max.max(h);
        }
    }
    (n > 0 && max > min).then(|| (sum / n as f64 - min) / (max - min))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raster::grid::Grid;

    /// A surface of revolution `h = top × (1 − (r/R)^p)` on a fine grid,
    /// zero outside radius `R`.
    fn revolved(p: f64) -> Vec<f32> {
        let grid = Grid::new(801, 801);
        (0..grid.cells())
            .map(|i| {
                let (c, r) = grid.column_row(i);
                let (x, y) = (c as f64 - 400.0, r as f64 - 400.0);
                let radius = (x * x + y * y).sqrt() / 400.0;
                (1.0 - radius.min(1.0).powf(p)) as f32
            })
            .collect()
    }

    #[test]
    fn a_cone_keeps_a_third_and_a_dome_half() {
        // Over the disc (the plain around it is at 0, the "sea"), a cone's
        // mean height is a third of its top, a paraboloid's half
        let cone = hypsometric_integral(&revolved(1.0), 0.0).unwrap();
        let dome = hypsometric_integral(&revolved(2.0), 0.0).unwrap();
        assert!((cone - 1.0 / 3.0).abs() < 0.005, "cone {cone}");
        assert!((dome - 0.5).abs() < 0.005, "paraboloid {dome}");
    }

    #[test]
    fn no_land_or_flat_land_has_none() {
        assert_eq!(hypsometric_integral(&[0.1, 0.2], 0.3), None);
        assert_eq!(hypsometric_integral(&[0.5, 0.5, 0.1], 0.3), None);
    }
}
