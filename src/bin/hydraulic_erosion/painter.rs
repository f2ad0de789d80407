//! The page's drawing on a picture in memory: what the page's canvas
//! painter does with Canvas2D calls, done with `tiny-skia`, a port of the
//! Skia rasteriser Chromium draws its canvases with (the same coverage
//! anti-aliasing, strokes with round caps and joins, bilinear scaling of
//! the relief image), in pure Rust, so the picture agrees with the page's
//! up to anti-aliasing. What is drawn, and where, is the sketch's
//! (`src/draw/`); this only puts it down.

use tiny_skia::{
    Color, FillRule, FilterQuality, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, PixmapPaint, Rect, Stroke,
    Transform,
};

use hydraulic_erosion::draw::color_schemes::{css_color, ColorScheme};
use hydraulic_erosion::draw::marching_squares::Contours;
use hydraulic_erosion::draw::overlay::{self, Mark, DEBUG_COLOR};
use hydraulic_erosion::draw::painter::Painter;
use hydraulic_erosion::draw::river_view::{line_width, PathOp, Stroke as RiverStroke, FADES};
use hydraulic_erosion::draw::view_3d::{Drawn, Scene};
use hydraulic_erosion::draw::viewport::{Size, Viewport};
use hydraulic_erosion::flora::trees::Tree;
use hydraulic_erosion::morphometry::measures::Measures;
use hydraulic_erosion::raster::grid::Grid;

use crate::letters::Letters;

/// The bank is drawn this much wider than the river on top of it (as the
/// page's painter draws it).
const BANK_EXTRA: f32 = 2.0;

/// Draws the sketch's frames on a pixmap of the drawing's backing size,
/// in CSS pixels scaled by its pixel ratio.
pub struct PixmapPainter {
    pixmap: Pixmap,
    size: Size,
    letters: Letters,
}

impl PixmapPainter {
    pub fn new(letters: Letters) -> PixmapPainter {
        PixmapPainter { pixmap: Pixmap::new(1, 1).expect("a pixel"), size: Size::new(1.0, 1.0, 1.0), letters }
    }

    pub fn pixmap(&self) -> &Pixmap {
        &self.pixmap
    }

    pub fn pixmap_mut(&mut self) -> &mut Pixmap {
        &mut self.pixmap
    }

    /// Writes `text` `px` high in `rgb` at `alpha`, its baseline starting
    /// at `at` (CSS pixels).
    pub fn write(&mut self, text: &str, at: [f32; 2], px: f32, rgb: [u8; 3], alpha: f32) {
        let r = self.size.ratio as f32;
        self.letters.write(&mut self.pixmap, text, [at[0] * r, at[1] * r], px * r, rgb, alpha);
    }

    /// How wide `text` is `px` high, in CSS pixels.
    pub fn text_width(&self, text: &str, px: f32) -> f32 {
        let r = self.size.ratio as f32;
        self.letters.width(text, px * r) / r
    }

    pub fn size(&self) -> Size {
        self.size
    }

    /// CSS pixels to the picture's.
    fn css(&self) -> Transform {
        let r = self.size.ratio as f32;
        Transform::from_scale(r, r)
    }

    /// Fills `path` (CSS pixels) in a CSS colour, opaque.
    pub fn fill_path(&mut self, path: &Path, css: &str) {
        let Some(paint) = paint(css, 1.0) else { return };
        let transform = self.css();
        self.pixmap.fill_path(path, &paint, FillRule::Winding, transform, None);
    }

    fn stroke_path(&mut self, path: PathBuilder, css: &str, alpha: f32, stroke: &Stroke) {
        let (Some(path), Some(paint)) = (path.finish(), paint(css, alpha)) else { return };
        let transform = self.css();
        self.pixmap.stroke_path(&path, &paint, stroke, transform, None);
    }

    /// Lays the overlay's `draw` (its marks, one by one) on the picture.
    pub fn lay(&mut self, draw: impl FnOnce(&mut dyn FnMut(Mark))) {
        let mut line = PathBuilder::new();
        draw(&mut |mark| match mark {
            Mark::Fill { rect: [x, y, w, h], color, alpha } => {
                let rect = Rect::from_xywh(x as f32, y as f32, w as f32, h as f32);
                if let (Some(rect), Some(paint)) = (rect, paint(color, alpha as f32)) {
                    let transform = self.css();
                    self.pixmap.fill_rect(rect, &paint, transform, None);
                }
            }
            Mark::Text { at: [x, y], text, color, size } => {
                if let Some((rgb, alpha)) = css_color(color) {
                    self.write(text, [x as f32, y as f32], size.px(), rgb, alpha);
                }
            }
            Mark::Point { at: [x, y], first: true } => line.move_to(x as f32, y as f32),
            Mark::Point { at: [x, y], first: false } => line.line_to(x as f32, y as f32),
            Mark::Stroke { color, width } => {
                let stroke = Stroke { width: width as f32, ..Stroke::default() };
                self.stroke_path(std::mem::take(&mut line), color, 1.0, &stroke);
            }
        });
    }
}

/// A solid paint of a CSS colour at `alpha` more (the canvas's global
/// alpha), anti-aliased.
fn paint(css: &str, alpha: f32) -> Option<Paint<'static>> {
    let ([r, g, b], a) = css_color(css)?;
    let mut paint = Paint::default();
    paint.set_color(Color::from_rgba8(r, g, b, (a * alpha * 255.0).round() as u8));
    paint.anti_alias = true;
    Some(paint)
}

/// Grid point `p` on the drawing, in CSS pixels.
fn at(view: Viewport, p: [f64; 2]) -> (f32, f32) {
    let (x, y) = view.point(p[0], p[1]);
    (x as f32, y as f32)
}

impl Painter for PixmapPainter {
    fn begin(&mut self, size: Size, scheme: &ColorScheme) {
        let (width, height) = size.backing();
        if (self.pixmap.width(), self.pixmap.height()) != (width, height) {
            self.pixmap = Pixmap::new(width, height).expect("a picture of the size asked for");
        }
        self.size = size;
        let ([r, g, b], _) = css_color(scheme.sea[1]).unwrap_or(([0, 0, 0], 1.0));
        self.pixmap.fill(Color::from_rgba8(r, g, b, 255));
    }

    /// The relief image, one pixel per cell centred on its grid point,
    /// scaled up bilinearly as the browser smooths it.
    fn relief(&mut self, pixels: &[u8], grid: Grid, view: Viewport) {
        let (cols, rows) = (grid.cols as u32, grid.rows as u32);
        let Some(image) = Pixmap::from_vec(pixels.to_vec(), tiny_skia::IntSize::from_wh(cols, rows).expect("cells"))
        else {
            return;
        };
        let (s, r) = (view.scale as f32, self.size.ratio as f32);
        let place = Transform::from_row(s, 0.0, 0.0, s, view.left as f32 - s / 2.0, view.top as f32 - s / 2.0);
        let paint = PixmapPaint { quality: FilterQuality::Bilinear, ..PixmapPaint::default() };
        self.pixmap.draw_pixmap(0, 0, image.as_ref(), &paint, place.post_scale(r, r), None);
    }

    /// Contour lines: regular ones 1 px, index lines 1.5 px, round joins.
    fn contours(&mut self, contours: &Contours, _: Option<u64>, scheme: &ColorScheme, view: Viewport) {
        for (segments, color, width) in
            [(&contours.regular, scheme.line, 1.0), (&contours.index, scheme.index_line, 1.5)]
        {
            let mut path = PathBuilder::new();
            for s in segments.chunks_exact(4) {
                let ((x0, y0), (x1, y1)) = (at(view, [s[0], s[1]]), at(view, [s[2], s[3]]));
                path.move_to(x0, y0);
                path.line_to(x1, y1);
            }
            let stroke = Stroke { width, line_join: LineJoin::Round, ..Stroke::default() };
            self.stroke_path(path, color, 1.0, &stroke);
        }
    }

    /// Trees as the page draws them: an outlined crown and a trunk, or the
    /// branches, in one path.
    fn trees(&mut self, trees: &[Tree], scheme: &ColorScheme, view: Viewport) {
        let mut path = PathBuilder::new();
        for t in trees {
            let (x, y) = at(view, [t.x as f64, t.y as f64]);
            let across = (t.size as f64 * view.scale) as f32;
            match &t.skeleton {
                Some(skeleton) => {
                    for s in skeleton.iter() {
                        path.move_to(x + s[0] * across, y + s[1] * across);
                        path.line_to(x + s[2] * across, y + s[3] * across);
                    }
                }
                None => {
                    path.push_circle(x, y, across / 2.0);
                    path.move_to(x, y);
                    path.line_to(x, y + across * 1.2);
                }
            }
        }
        let stroke = Stroke { width: (view.scale * 0.4).clamp(0.5, 1.5) as f32, ..Stroke::default() };
        self.stroke_path(path, scheme.tree, 1.0, &stroke);
    }

    /// Rivers: each stroke's banks, then each stroke's water over them,
    /// round at the ends and the bends.
    fn rivers(&mut self, strokes: &[RiverStroke], _: Option<u64>, scheme: &ColorScheme, view: Viewport) {
        for (color, extra) in [(scheme.bank, BANK_EXTRA), (scheme.river, 0.0)] {
            for (n, stroke) in strokes.iter().enumerate().filter(|(_, s)| !s.ops.is_empty()) {
                let alpha = (n % FADES + 1) as f32 / FADES as f32;
                let width = line_width(n / FADES, view.scale) as f32 + extra;
                let style = Stroke { width, line_cap: LineCap::Round, line_join: LineJoin::Round, ..Stroke::default() };
                self.stroke_path(river_path(stroke, view), color, alpha, &style);
            }
        }
    }

    /// Debug mode: the latest drops' routes and how many have fallen.
    fn debug(&mut self, paths: &[Vec<[f32; 2]>], drops: u64, view: Viewport) {
        let style = Stroke { width: 1.5, line_cap: LineCap::Round, line_join: LineJoin::Miter, ..Stroke::default() };
        for route in paths {
            let mut path = PathBuilder::new();
            for (k, p) in route.iter().enumerate() {
                let (x, y) = at(view, [p[0] as f64, p[1] as f64]);
                if k == 0 {
                    path.move_to(x, y);
                } else {
                    path.line_to(x, y);
                }
            }
            self.stroke_path(path, DEBUG_COLOR, 1.0, &style);
        }
        let size = self.size;
        self.lay(|marks| overlay::drops_count(size, drops, marks));
    }

    fn measures(&mut self, samples: &[(u64, Measures)], target: u64, scheme: &ColorScheme) {
        let fixed = |n: f64, places: u8| if n.is_finite() { format!("{n:.*}", places as usize) } else { "–".into() };
        self.lay(|marks| overlay::measures_panel(samples, target, scheme, &fixed, marks));
    }

    fn progress(&mut self, done: u64, total: u64, capped: bool) {
        let size = self.size;
        self.lay(|marks| overlay::progress_band(size, done, total, capped, marks));
    }

    /// Not drawn here (`render` draws the map in 2D): were it asked for,
    /// the sketch would draw the map in its place.
    fn view_3d(&mut self, _: &Scene) -> Drawn {
        Drawn::Unavailable
    }
}

/// One stroke of rivers as a path, in CSS pixels.
fn river_path(stroke: &RiverStroke, view: Viewport) -> PathBuilder {
    let mut path = PathBuilder::new();
    let to = |p: [f32; 2]| at(view, [p[0] as f64, p[1] as f64]);
    for op in &stroke.ops {
        match *op {
            PathOp::MoveTo(p) => {
                let (x, y) = to(p);
                path.move_to(x, y);
            }
            PathOp::LineTo(p) => {
                let (x, y) = to(p);
                path.line_to(x, y);
            }
            PathOp::QuadTo { control, to: end } => {
                let ((cx, cy), (x, y)) = (to(control), to(end));
                path.quad_to(cx, cy, x, y);
            }
        }
    }
    path
}
