//! Where the map goes on a canvas: it fills the canvas without stretching,
//! cropping whichever edges don't fit, centred.

use crate::grid::{COLS, ROWS};

/// `scale` is pixels per grid cell; grid point (x, y) is drawn at
/// (left + x·scale, top + y·scale).
///
/// ```
/// use hydraulic_erosion::viewport::Viewport;
/// let v = Viewport::fit(638.0, 358.0);
/// assert_eq!((v.scale, v.left, v.top), (2.0, 0.0, 0.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    pub scale: f64,
    pub left: f64,
    pub top: f64,
}

impl Viewport {
    /// The viewport for a canvas `width` × `height` (in CSS pixels).
    pub fn fit(width: f64, height: f64) -> Self {
        let scale = (width / (COLS - 1) as f64).max(height / (ROWS - 1) as f64);
        Viewport {
            scale,
            left: (width - (COLS - 1) as f64 * scale) / 2.0,
            top: (height - (ROWS - 1) as f64 * scale) / 2.0,
        }
    }

    /// Grid point (x, y) on the canvas.
    pub fn point(&self, x: f64, y: f64) -> (f64, f64) {
        (self.left + x * self.scale, self.top + y * self.scale)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wide_canvas_crops_top_and_bottom_and_a_tall_one_the_sides() {
        let wide = Viewport::fit(1914.0, 600.0);
        assert_eq!(wide.scale, 6.0);
        assert_eq!(wide.left, 0.0);
        assert_eq!(wide.top, (600.0 - 179.0 * 6.0) / 2.0);
        let tall = Viewport::fit(390.0, 844.0);
        assert!((tall.scale - 844.0 / 179.0).abs() < 1e-12);
        assert!(tall.left < 0.0 && tall.top.abs() < 1e-9);
        let (x, y) = tall.point(319.0, 179.0);
        assert!((x - (390.0 - tall.left)).abs() < 1e-9 && (y - 844.0).abs() < 1e-9);
    }
}
