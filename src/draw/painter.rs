//! What the sketch draws through: a [`Painter`] is told, frame by frame
//! and in the original's order, what to draw, and turns it into calls of
//! its own (Canvas2D and WebGL2 in the page, nothing in a test).
//!
//! [`Painter`]: crate::draw::painter::Painter

use crate::draw::color_schemes::ColorScheme;
use crate::draw::marching_squares::Contours;
use crate::draw::river_view::Stroke;
use crate::draw::view_3d::{Drawn, Scene};
use crate::draw::viewport::{Size, Viewport};
use crate::flora::trees::Tree;
use crate::morphometry::measures::Measures;
use crate::raster::grid::Grid;

/// Draws a frame: the sketch says what, in which order; a painter turns
/// it into canvas calls.
pub trait Painter {
    /// Clears to the deep sea colour, at `size`.
    fn begin(&mut self, size: Size, scheme: &ColorScheme);
    /// The relief image, one RGBA pixel per cell of `grid`.
    fn relief(&mut self, pixels: &[u8], grid: Grid, view: Viewport);
    /// Contour lines; `kept`, on a big map or while lines are stroked in
    /// turns ([`crate::draw::line_cadence`]), names these very lines while
    /// they stay ([`crate::draw::map_view::MapView::contours_drawn`]), so
    /// their picture may be kept and drawn again rather than stroked again.
    fn contours(&mut self, contours: &Contours, kept: Option<u64>, scheme: &ColorScheme, view: Viewport);
    /// Trees: a crown and a trunk each, above the relief, below the rivers.
    fn trees(&mut self, trees: &[Tree], scheme: &ColorScheme, view: Viewport);
    /// The rivers' strokes; `kept`, on a map drawn coarser than its cells,
    /// names these very strokes while they stay
    /// ([`crate::draw::river_view::RiverView::revision`]), or while lines
    /// are stroked in turns, the turn they were stroked in
    /// ([`crate::draw::line_cadence::Cadence::rivers_beat`]): their picture
    /// may be kept and drawn again rather than stroked again.
    fn rivers(&mut self, strokes: &[Stroke], kept: Option<u64>, scheme: &ColorScheme, view: Viewport);
    /// Debug mode: the latest drops' routes and how many have fallen.
    fn debug(&mut self, paths: &[Vec<[f32; 2]>], drops: u64, view: Viewport);
    /// How like real land the map was as the rain fell (samples at their
    /// drop counts, charted up to `target` drops), over the map's corner.
    fn measures(&mut self, samples: &[(u64, Measures)], target: u64, scheme: &ColorScheme);
    /// A replay's progress, over the bottom of the map.
    fn progress(&mut self, done: u64, total: u64, capped: bool);
    /// The 3D view, in place of all the above.
    fn view_3d(&mut self, scene: &Scene) -> Drawn;
}

/// A painter that draws nothing: for working the sketch without a canvas.
pub struct NoPainter;

impl Painter for NoPainter {
    fn begin(&mut self, _: Size, _: &ColorScheme) {}
    fn relief(&mut self, _: &[u8], _: Grid, _: Viewport) {}
    fn contours(&mut self, _: &Contours, _: Option<u64>, _: &ColorScheme, _: Viewport) {}
    fn trees(&mut self, _: &[Tree], _: &ColorScheme, _: Viewport) {}
    fn rivers(&mut self, _: &[Stroke], _: Option<u64>, _: &ColorScheme, _: Viewport) {}
    fn debug(&mut self, _: &[Vec<[f32; 2]>], _: u64, _: Viewport) {}
    fn view_3d(&mut self, _: &Scene) -> Drawn {
        Drawn::Drawn
    }
    fn measures(&mut self, _: &[(u64, Measures)], _: u64, _: &ColorScheme) {}
    fn progress(&mut self, _: u64, _: u64, _: bool) {}
}
