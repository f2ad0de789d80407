//! A big map's contours, traced again over a few frames. At 2048 × 2048
//! the rain changes nearly every band of the contours each frame, and
//! tracing them all again, then stroking them all, took a raining frame
//! 15 ms of its 62 in Chromium. So the lines drawn stay as they are while a
//! refresh traces the heights as they stood when it began, a few bands a
//! frame, and take its lines only once every band is traced: the picture
//! never shows lines of two moments, and is at most two refreshes (sixteen
//! frames, about half a second) behind the rain.
//!
//! ```
//! use hydraulic_erosion::draw::contour_refresh::{ContourRefresh, FRAMES};
//! use hydraulic_erosion::draw::marching_squares::Contours;
//! use hydraulic_erosion::raster::grid::Grid;
//! let grid = Grid::new(200, 513);
//! let heights: Vec<f32> = (0..grid.cells()).map(|i| (i % 200) as f32 / 200.0).collect();
//! let mut refresh = ContourRefresh::default();
//! refresh.begin(grid, &heights, 0.2, 10);
//! let mut frames = 1;
//! while refresh.go_on().is_none() {
//!     frames += 1;
//! }
//! assert_eq!(frames, FRAMES);
//! let mut whole = Contours::default();
//! whole.trace(grid, &heights, 0.2, 10);
//! assert_eq!(refresh.lines(), &whole);
//! ```

use crate::draw::marching_squares::{bands_of, Contours};
use crate::raster::grid::Grid;

/// How many frames a refresh takes: its bands are traced this many parts.
/// Each refresh's lines are stroked once, in the frame they are whole (10
/// ms in Chromium's software rasteriser at 2048 × 2048 on a 1300 × 900
/// canvas), so this sets that cost a frame too: a refresh every eight
/// frames rather than four lifted the frames a second from 27 to 28.5 at
/// 2048 × 2048 and from 30 to 31.5 at 1024 × 1024 (stroking each part as
/// it was traced, out of sight, gained nothing: on two cores the work a
/// frame is what counts, not how evenly it falls).
pub const FRAMES: usize = 8;

/// A refresh of the contours: the heights it traces, and its lines.
#[derive(Clone, Debug)]
pub struct ContourRefresh {
    grid: Grid,
    /// The heights as they stood when the refresh began.
    heights: Vec<f32>,
    sea_level: f64,
    levels: u32,
    lines: Contours,
    /// The first band still to trace, while the refresh is under way.
    next: Option<usize>,
}

impl Default for ContourRefresh {
    /// None begun.
    fn default() -> ContourRefresh {
        let grid = Grid::new(2, 2);
        ContourRefresh { grid, heights: Vec::new(), sea_level: 0.0, levels: 0, lines: Contours::default(), next: None }
    }
}

impl ContourRefresh {
    /// Begins tracing `heights` on `grid` (copied: the ground may change
    /// while the refresh goes on), with the sea at `sea_level` and
    /// `levels` levels. A refresh under way is let go.
    pub fn begin(&mut self, grid: Grid, heights: &[f32], sea_level: f64, levels: u32) {
        assert_eq!(heights.len(), grid.cells());
        self.heights.clear();
        self.heights.extend_from_slice(heights);
        (self.grid, self.sea_level, self.levels, self.next) = (grid, sea_level, levels, Some(0));
    }

    /// Whether a refresh is begun and not yet whole.
    pub fn under_way(&self) -> bool {
        self.next.is_some()
    }

    /// Traces the next part of the bands: the lines, once every band is
    /// traced (the refresh is then over), else `None`.
    pub fn go_on(&mut self) -> Option<&mut Contours> {
        let first = self.next?;
        let bands = bands_of(self.grid);
        let end = (first + bands.div_ceil(FRAMES)).min(bands);
        self.lines.trace_bands_in(self.grid, &self.heights, self.sea_level, self.levels, first..end);
        self.next = (end < bands).then_some(end);
        self.next.is_none().then_some(&mut self.lines)
    }

    /// The lines traced last.
    pub fn lines(&self) -> &Contours {
        &self.lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::marching_squares::BAND;

    /// Heights of a few hills, moved by `shift`.
    fn hills(grid: Grid, shift: f32) -> Vec<f32> {
        (0..grid.cells())
            .map(|i| {
                let (x, y) = ((i % grid.cols) as f32, (i / grid.cols) as f32);
                0.5 + 0.3 * (x / 23.0 + shift).sin() * (y / 17.0).cos()
            })
            .collect()
    }

    #[test]
    fn a_refresh_traces_the_heights_it_began_with_whatever_they_become() {
        let grid = Grid::new(300, 2 * FRAMES * BAND + 1);
        let mut heights = hills(grid, 0.0);
        let mut refresh = ContourRefresh::default();
        refresh.begin(grid, &heights, 0.3, 12);
        let mut frames = 1;
        loop {
            // The ground moves on while the refresh goes on
            heights = hills(grid, frames as f32 * 0.5);
            if refresh.go_on().is_some() {
                break;
            }
            frames += 1;
        }
        assert_eq!((frames, refresh.under_way()), (FRAMES, false));
        let mut whole = Contours::default();
        whole.trace(grid, &hills(grid, 0.0), 0.3, 12);
        assert!(whole.regular.len() > 1000 && whole.index.len() > 100, "lines to compare");
        assert_eq!(refresh.lines(), &whole);
        // Over, it traces nothing more until begun again
        assert!(refresh.go_on().is_none());
        refresh.begin(grid, &heights, 0.3, 12);
        while refresh.go_on().is_none() {}
        whole.trace(grid, &heights, 0.3, 12);
        assert_eq!(refresh.lines(), &whole, "a second refresh, of the ground as it is now");
    }

    #[test]
    fn a_map_of_fewer_bands_than_frames_is_traced_in_fewer_frames() {
        let grid = Grid::new(40, BAND + 1);
        let mut refresh = ContourRefresh::default();
        assert!(!refresh.under_way() && refresh.go_on().is_none(), "nothing begun");
        refresh.begin(grid, &hills(grid, 1.0), 0.0, 5);
        assert!(refresh.under_way());
        assert!(refresh.go_on().is_some(), "one band, one frame");
    }
}
