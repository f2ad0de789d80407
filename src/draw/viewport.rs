//! Where the map goes on a canvas, centred and never stretched. A map as
//! wide as the article's fills the canvas, cropping whichever edges don't
//! fit, as the original does in fullscreen; a map of another shape (the
//! tutorial's square) is letterboxed, so none of it is cut off.

use crate::raster::grid::Grid;

/// The drawing's size in CSS pixels, and the screen's pixel ratio.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Size {
    pub width: f64,
    pub height: f64,
    pub ratio: f64,
}

impl Size {
    pub fn new(width: f64, height: f64, ratio: f64) -> Size {
        Size { width, height, ratio }
    }

    /// The backing store: device pixels, at least one each way.
    pub fn backing(&self) -> (u32, u32) {
        let device = |css: f64| ((css * self.ratio).round() as u32).max(1);
        (device(self.width), device(self.height))
    }
}

/// `scale` is pixels per grid cell; grid point (x, y) is drawn at
/// (left + x·scale, top + y·scale).
///
/// ```
/// use hydraulic_erosion::draw::viewport::Viewport;
/// use hydraulic_erosion::raster::grid::Grid;
/// let v = Viewport::fit(Grid::ARTICLE, 638.0, 358.0);
/// assert_eq!((v.scale, v.left, v.top), (2.0, 0.0, 0.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    pub scale: f64,
    pub left: f64,
    pub top: f64,
}

impl Viewport {
    /// The viewport for `grid` on a canvas `width` × `height` (in CSS
    /// pixels).
    pub fn fit(grid: Grid, width: f64, height: f64) -> Self {
        let (across, down) = ((grid.cols - 1) as f64, (grid.rows - 1) as f64);
        let (by_width, by_height) = (width / across, height / down);
        let article = Grid::ARTICLE;
        let as_wide_as_the_article = grid.cols * article.rows == grid.rows * article.cols;
        let scale = if as_wide_as_the_article { by_width.max(by_height) } else { by_width.min(by_height) };
        Viewport { scale, left: (width - across * scale) / 2.0, top: (height - down * scale) / 2.0 }
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
        let wide = Viewport::fit(Grid::ARTICLE, 1914.0, 600.0);
        assert_eq!(wide.scale, 6.0);
        assert_eq!(wide.left, 0.0);
        assert_eq!(wide.top, (600.0 - 179.0 * 6.0) / 2.0);
        let tall = Viewport::fit(Grid::ARTICLE, 390.0, 844.0);
        assert!((tall.scale - 844.0 / 179.0).abs() < 1e-12);
        assert!(tall.left < 0.0 && tall.top.abs() < 1e-9);
        let (x, y) = tall.point(319.0, 179.0);
        assert!((x - (390.0 - tall.left)).abs() < 1e-9 && (y - 844.0).abs() < 1e-9);
        // Twice the cells across and down: the same picture, half the scale
        let fine = Viewport::fit(Grid::new(640, 360), 1914.0, 600.0);
        assert!(fine.left == 0.0 && (fine.scale - 1914.0 / 639.0).abs() < 1e-12);
    }

    #[test]
    fn a_square_map_is_letterboxed_whole_in_the_middle() {
        let v = Viewport::fit(Grid::new(512, 512), 640.0, 360.0);
        assert_eq!(v.scale, 360.0 / 511.0);
        assert_eq!(v.top, 0.0);
        assert!((v.left - (640.0 - 360.0) / 2.0).abs() < 1e-9);
        let (x, y) = v.point(511.0, 511.0);
        assert!((x - 500.0).abs() < 1e-9 && (y - 360.0).abs() < 1e-9);
    }
}
