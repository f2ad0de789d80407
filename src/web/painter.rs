//! Drawing a frame on a canvas: relief, contours, rivers, debug, a
//! replay's progress. It only translates what the sketch worked out into
//! Canvas2D calls, on the page's canvas or, in the sketch's worker, on the
//! `OffscreenCanvas` the page handed it.

use std::rc::Rc;

use js_sys::Uint8ClampedArray;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, ImageData};

use crate::draw::color_schemes::ColorScheme;
use crate::draw::marching_squares::Contours;
use crate::draw::overlay::{self, Mark, DEBUG_COLOR};
use crate::draw::painter::Painter;
use crate::draw::river_view::{line_width, PathOp, Stroke, FADES};
use crate::draw::view_3d::{Drawn, Scene};
use crate::draw::viewport::Size;
use crate::draw::viewport::Viewport;
use crate::flora::trees::Tree;
use crate::morphometry::measures::Measures;
use crate::raster::grid::Grid;
use crate::FULL;

use super::dom::{fixed, warn};
use super::gl_view::GlView;
use super::surface::Surface;

/// The bank is drawn this much wider than the river on top of it.
const BANK_EXTRA: f64 = 2.0;

/// Draws the sketch's frames on a surface, with a backing store of
/// `devicePixelRatio` times the CSS pixels, so lines are crisp on high-DPI
/// screens.
pub struct CanvasPainter {
    surface: Surface,
    ctx: CanvasRenderingContext2d,
    /// The relief, one pixel per cell, before the browser scales it up.
    relief: Surface,
    relief_ctx: CanvasRenderingContext2d,
    /// The relief's pixels on their way to it, and the array they are
    /// copied into: one image for as long as the grid stays, not one a
    /// frame (a new one each frame left the tab's memory climbing by a
    /// frame's pixels, 230 KB on the article's map, until the collector
    /// caught up, near 1 GB at the peak).
    relief_image: Option<(ImageData, Uint8ClampedArray)>,
    size: Size,
    /// A big map's contours and rivers (or any map's, while they are
    /// stroked in turns), each stroked on a canvas of its own, with what it
    /// shows ([`Painter::contours`], [`Painter::rivers`]);
    /// `None` inside where the browser gave no canvas for them (they are
    /// then stroked each frame).
    contour_picture: Option<Option<KeptPicture>>,
    river_picture: Option<Option<KeptPicture>>,
    /// The 3D view's canvas, and its WebGL2 drawing once first wanted (an
    /// error where the browser has none).
    surface_3d: Option<Surface>,
    gl: Option<Result<GlView, ()>>,
    /// Asks for a frame (see [`CanvasPainter::when_redraw_needed`]).
    redraw: Rc<dyn Fn()>,
}

impl CanvasPainter {
    /// A painter on `surface`, with `surface_3d` for the 3D view.
    pub fn new(surface: Surface, surface_3d: Option<Surface>) -> Result<CanvasPainter, JsValue> {
        let article = Grid::ARTICLE;
        let relief = Surface::hidden(article.cols as u32, article.rows as u32)?;
        Ok(CanvasPainter {
            ctx: surface.context_2d()?,
            relief_ctx: relief.context_2d()?,
            relief_image: None,
            surface,
            relief,
            size: Size::new(1.0, 1.0, 1.0),
            contour_picture: None,
            river_picture: None,
            surface_3d,
            gl: None,
            redraw: Rc::new(|| {}),
        })
    }

    pub fn surface(&self) -> &Surface {
        &self.surface
    }

    /// How to ask for a frame when the drawing needs one by itself (a lost
    /// WebGL context came back).
    pub fn when_redraw_needed(&mut self, redraw: Rc<dyn Fn()>) {
        self.redraw = redraw;
    }
}

/// A blank image of `cols` × `rows` pixels, and the array of its pixels.
fn image_of(cols: u32, rows: u32) -> Option<(ImageData, Uint8ClampedArray)> {
    let image = ImageData::new_with_sw(cols, rows).ok()?;
    let data = js_sys::Reflect::get(&image, &"data".into()).ok()?.dyn_into().ok()?;
    Some((image, data))
}

impl Painter for CanvasPainter {
    /// Sizes the backing store, then clears to the deep sea colour, ready to
    /// draw in CSS pixels.
    fn begin(&mut self, size: Size, scheme: &ColorScheme) {
        let (width, height) = size.backing();
        self.surface.set_size(width, height);
        self.size = size;
        let ctx = &self.ctx;
        let _ = ctx.set_transform(size.ratio, 0.0, 0.0, size.ratio, 0.0, 0.0);
        ctx.set_global_alpha(1.0);
        ctx.set_fill_style_str(scheme.sea[1]);
        ctx.fill_rect(0.0, 0.0, size.width, size.height);
    }

    /// The relief image, one pixel per cell centred on its grid point,
    /// scaled up and smoothed by the browser.
    fn relief(&mut self, pixels: &[u8], grid: Grid, view: Viewport) {
        let (cols, rows) = (grid.cols as u32, grid.rows as u32);
        self.relief.set_size(cols, rows);
        if self.relief_image.as_ref().is_none_or(|(image, _)| (image.width(), image.height()) != (cols, rows)) {
            self.relief_image = image_of(cols, rows);
        }
        if let Some((image, data)) = &self.relief_image {
            if data.length() as usize == pixels.len() {
                data.copy_from(pixels);
                let _ = self.relief_ctx.put_image_data(image, 0.0, 0.0);
            }
        }
        let s = view.scale;
        self.ctx.set_image_smoothing_enabled(true);
        let (width, height) = (cols as f64 * s, rows as f64 * s);
        self.relief.draw_onto(&self.ctx, view.left - s / 2.0, view.top - s / 2.0, width, height);
    }

    /// Contour lines: regular ones 1 px, index lines 1.5 px. Lines to be
    /// `kept` are stroked on a canvas of their own, kept while they, the
    /// scheme and the view stay, and laid over the map each frame: on a big
    /// map, stroking them was a quarter of a frame.
    fn contours(&mut self, contours: &Contours, kept: Option<u64>, scheme: &ColorScheme, view: Viewport) {
        let kept = kept.map(|what| Kept { what, scheme: scheme.key, view, size: self.size });
        KeptPicture::draw(&mut self.contour_picture, &self.ctx, kept, |ctx| {
            stroke_contours(ctx, contours, scheme, view)
        });
    }

    /// Trees as the procedural generation article draws them: an outlined
    /// crown of the tree's size and a trunk 1.2 times as long below it, or,
    /// large on screen, the branches space colonisation grew; in one path,
    /// 1.5 px lines (thinner when trees are small on screen).
    fn trees(&mut self, trees: &[Tree], scheme: &ColorScheme, view: Viewport) {
        // The article's build never draws any (the sketch asks only the full
        // build): this keeps the drawing out of it
        if !FULL {
            return;
        }
        let path = &self.ctx;
        path.begin_path();
        for t in trees {
            let (x, y) = view.point(t.x as f64, t.y as f64);
            let across = t.size as f64 * view.scale;
            match &t.skeleton {
                // Large on screen: its branches, each a segment from its parent
                Some(skeleton) => {
                    for s in skeleton.iter() {
                        path.move_to(x + s[0] as f64 * across, y + s[1] as f64 * across);
                        path.line_to(x + s[2] as f64 * across, y + s[3] as f64 * across);
                    }
                }
                None => {
                    let radius = across / 2.0;
                    path.move_to(x + radius, y);
                    let _ = path.arc(x, y, radius, 0.0, std::f64::consts::TAU);
                    path.move_to(x, y);
                    path.line_to(x, y + across * 1.2);
                }
            }
        }
        let ctx = &self.ctx;
        ctx.save();
        ctx.set_stroke_style_str(scheme.tree);
        ctx.set_line_width((view.scale * 0.4).clamp(0.5, 1.5));
        ctx.stroke();
        ctx.restore();
    }

    /// Rivers: each stroke of a width and a transparency drawn twice, first
    /// wider in the bank colour, then the river on top.
    fn rivers(&mut self, strokes: &[Stroke], kept: Option<u64>, scheme: &ColorScheme, view: Viewport) {
        let kept = kept.map(|what| Kept { what, scheme: scheme.key, view, size: self.size });
        KeptPicture::draw(&mut self.river_picture, &self.ctx, kept, |ctx| stroke_rivers(ctx, strokes, scheme, view));
    }

    /// The measures over the map's top left corner
    /// ([`overlay::measures_panel`]).
    fn measures(&mut self, samples: &[(u64, Measures)], target: u64, scheme: &ColorScheme) {
        lay(&self.ctx, |marks| overlay::measures_panel(samples, target, scheme, &fixed, marks));
    }

    /// The progress of a replay, over the bottom of the map
    /// ([`overlay::progress_band`]).
    fn progress(&mut self, done: u64, total: u64, capped: bool) {
        lay(&self.ctx, |marks| overlay::progress_band(self.size, done, total, capped, marks));
    }

    /// Debug mode: the latest drops' routes and how many have fallen.
    fn debug(&mut self, paths: &[Vec<[f32; 2]>], drops: u64, view: Viewport) {
        let ctx = &self.ctx;
        ctx.save();
        ctx.set_stroke_style_str(DEBUG_COLOR);
        ctx.set_line_width(1.5);
        // p5's default stroke, as the original draws with
        ctx.set_line_cap("round");
        ctx.set_line_join("miter");
        for route in paths {
            ctx.begin_path();
            for (k, p) in route.iter().enumerate() {
                let (x, y) = view.point(p[0] as f64, p[1] as f64);
                if k == 0 {
                    ctx.move_to(x, y);
                } else {
                    ctx.line_to(x, y);
                }
            }
            ctx.stroke();
        }
        ctx.restore();
        lay(ctx, |marks| overlay::drops_count(self.size, drops, marks));
    }

    /// The 3D view on its own canvas, its WebGL2 context made the first
    /// time it is wanted. Without a canvas for it yet, it waits.
    fn view_3d(&mut self, scene: &Scene) -> Drawn {
        // As for trees: the WebGL2 view is the full build's alone
        if !FULL {
            return Drawn::Unavailable;
        }
        let Some(surface) = &self.surface_3d else { return Drawn::NotYet };
        let redraw = self.redraw.clone();
        let gl = self.gl.get_or_insert_with(|| {
            GlView::new(surface.clone(), redraw)
                .map_err(|e| warn(&format!("no 3D view: {}", e.as_string().unwrap_or_default())))
        });
        match gl {
            Ok(gl) => gl.draw(scene),
            Err(()) => Drawn::Unavailable,
        }
    }
}

/// Lays the overlay's `draw` (its marks, one by one) over the map on `ctx`.
fn lay(ctx: &CanvasRenderingContext2d, draw: impl FnOnce(&mut dyn FnMut(Mark))) {
    ctx.save();
    draw(&mut |mark| match mark {
        Mark::Fill { rect: [x, y, w, h], color, alpha } => {
            ctx.set_global_alpha(alpha);
            ctx.set_fill_style_str(color);
            ctx.fill_rect(x, y, w, h);
        }
        Mark::Text { at: [x, y], text, color, size } => {
            ctx.set_global_alpha(1.0);
            ctx.set_fill_style_str(color);
            ctx.set_font(size.font());
            let _ = ctx.fill_text(text, x, y);
        }
        Mark::Point { at: [x, y], first: true } => {
            ctx.begin_path();
            ctx.move_to(x, y);
        }
        Mark::Point { at: [x, y], first: false } => ctx.line_to(x, y),
        Mark::Stroke { color, width } => {
            ctx.set_global_alpha(1.0);
            ctx.set_stroke_style_str(color);
            ctx.set_line_width(width);
            ctx.stroke();
            ctx.begin_path();
        }
    });
    ctx.restore();
}

/// Contour lines on `ctx`: regular ones 1 px, index lines 1.5 px, each
/// segment a piece of its own as in the original.
fn stroke_contours(ctx: &CanvasRenderingContext2d, contours: &Contours, scheme: &ColorScheme, view: Viewport) {
    ctx.save();
    ctx.set_line_join("round");
    for (segments, color, width) in [(&contours.regular, scheme.line, 1.0), (&contours.index, scheme.index_line, 1.5)] {
        ctx.begin_path();
        for s in segments.chunks_exact(4) {
            let (x0, y0) = view.point(s[0], s[1]);
            let (x1, y1) = view.point(s[2], s[3]);
            ctx.move_to(x0, y0);
            ctx.line_to(x1, y1);
        }
        ctx.set_stroke_style_str(color);
        ctx.set_line_width(width);
        ctx.stroke();
    }
    ctx.restore();
}

/// Rivers as the original strokes them: each stroke's banks, then each
/// stroke's water over them, round at the ends and the bends.
fn stroke_rivers(ctx: &CanvasRenderingContext2d, strokes: &[Stroke], scheme: &ColorScheme, view: Viewport) {
    ctx.save();
    ctx.set_line_cap("round");
    ctx.set_line_join("round");
    for (color, extra) in [(scheme.bank, BANK_EXTRA), (scheme.river, 0.0)] {
        ctx.set_stroke_style_str(color);
        for (n, stroke) in strokes.iter().enumerate().filter(|(_, s)| !s.ops.is_empty()) {
            ctx.set_global_alpha((n % FADES + 1) as f64 / FADES as f64);
            ctx.set_line_width(line_width(n / FADES, view.scale) + extra);
            trace_river(ctx, stroke, view);
            ctx.stroke();
        }
    }
    ctx.restore();
}

/// Lines drawn on a canvas of their own and kept there while they stay
/// the same (a big map's contours, or its rivers between two steps of
/// their easing; any map's lines between their turns while it rains on a
/// dense screen), laid over the map each frame; and what they show.
struct KeptPicture {
    surface: Surface,
    ctx: CanvasRenderingContext2d,
    shows: Option<Kept>,
}

impl KeptPicture {
    /// A blank one, if the browser gives a canvas for it.
    fn new() -> Option<KeptPicture> {
        let surface = Surface::hidden(1, 1).ok()?;
        let ctx = surface.context_2d().ok()?;
        Some(KeptPicture { surface, ctx, shows: None })
    }

    /// Draws onto `ctx` the lines `stroke` draws: where they are `kept`,
    /// through the picture in `slot` (made first, stroked again only if it
    /// shows other lines); otherwise, or where the browser gave no canvas
    /// for it, straight onto `ctx`.
    fn draw(
        slot: &mut Option<Option<KeptPicture>>,
        ctx: &CanvasRenderingContext2d,
        kept: Option<Kept>,
        stroke: impl FnOnce(&CanvasRenderingContext2d),
    ) {
        let Some(kept) = kept else {
            // (a smaller map lets the canvas of a big one's go)
            *slot = None;
            return stroke(ctx);
        };
        let Some(picture) = slot.get_or_insert_with(KeptPicture::new) else { return stroke(ctx) };
        let size = kept.size;
        if picture.shows != Some(kept) {
            let (width, height) = size.backing();
            picture.surface.set_size(width, height);
            let _ = picture.ctx.set_transform(size.ratio, 0.0, 0.0, size.ratio, 0.0, 0.0);
            picture.ctx.clear_rect(0.0, 0.0, size.width, size.height);
            stroke(&picture.ctx);
            picture.shows = Some(kept);
        }
        picture.surface.draw_onto(ctx, 0.0, 0.0, size.width, size.height);
    }
}

/// What a kept picture shows: which lines (named by what drew them:
/// [`Painter::contours`], [`Painter::rivers`]), in which scheme, where and
/// at what size.
#[derive(Clone, Copy, PartialEq)]
struct Kept {
    what: u64,
    scheme: &'static str,
    view: Viewport,
    size: Size,
}

/// One stroke of rivers as the context's path, in CSS pixels. Traced
/// again for the river over its bank rather than kept as a `Path2D`: a
/// `Path2D` a stroke a frame (and one for each contour level) is memory the
/// script's collector does not see, and the tab's grew by 15 MB a second
/// until it ran, near 1 GB at the peak.
fn trace_river(path: &CanvasRenderingContext2d, stroke: &Stroke, view: Viewport) {
    path.begin_path();
    let at = |p: [f32; 2]| view.point(p[0] as f64, p[1] as f64);
    for op in &stroke.ops {
        match *op {
            PathOp::MoveTo(p) => {
                let (x, y) = at(p);
                path.move_to(x, y);
            }
            PathOp::LineTo(p) => {
                let (x, y) = at(p);
                path.line_to(x, y);
            }
            PathOp::QuadTo { control, to } => {
                let ((cx, cy), (x, y)) = (at(control), at(to));
                path.quadratic_curve_to(cx, cy, x, y);
            }
        }
    }
}
