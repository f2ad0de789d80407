//! Drawing a frame on the canvas: relief, contours, rivers, debug. It only
//! translates what the simulation worked out into Canvas2D calls.

use wasm_bindgen::{Clamped, JsCast};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlElement, ImageData, Path2d};

use crate::color_schemes::ColorScheme;
use crate::grid::{COLS, ROWS};
use crate::marching_squares::Contours;
use crate::river_view::{line_width, PathOp, Stroke, FADES};
use crate::viewport::Viewport;

use super::dom::{document, thousands, window};

/// Debug mode's colour, for drop routes and the count.
const DEBUG_COLOR: &str = "rgb(255, 0, 128)";
/// The bank is drawn this much wider than the river on top of it.
const BANK_EXTRA: f64 = 2.0;

/// The canvas in the holder, sized to it in CSS pixels with a backing store
/// of `devicePixelRatio` times as many, so lines are crisp on high-DPI
/// screens.
pub struct Canvas {
    holder: HtmlElement,
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    relief: HtmlCanvasElement,
    relief_ctx: CanvasRenderingContext2d,
    width: f64,
    height: f64,
    ratio: f64,
}

fn context_2d(canvas: &HtmlCanvasElement) -> CanvasRenderingContext2d {
    canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into().ok())
        .expect("every browser this runs in has a 2D canvas")
}

fn new_canvas() -> HtmlCanvasElement {
    document().create_element("canvas").ok().and_then(|e| e.dyn_into().ok()).expect("a canvas can be created")
}

impl Canvas {
    /// A canvas filling `holder`.
    pub fn new(holder: HtmlElement) -> Canvas {
        let canvas = new_canvas();
        let _ = canvas.set_attribute("style", "display: block; width: 100%; height: 100%");
        let _ = canvas.set_attribute("role", "img");
        let _ = canvas.set_attribute("aria-label", "A map of an island being eroded by rain");
        let _ = holder.append_child(&canvas);
        let relief = new_canvas();
        relief.set_width(COLS as u32);
        relief.set_height(ROWS as u32);
        let mut c = Canvas {
            ctx: context_2d(&canvas),
            relief_ctx: context_2d(&relief),
            holder,
            canvas,
            relief,
            width: 0.0,
            height: 0.0,
            ratio: 1.0,
        };
        c.fit();
        c
    }

    pub fn element(&self) -> &HtmlCanvasElement {
        &self.canvas
    }

    /// Matches the canvas to the holder's size and the screen's pixel ratio.
    /// The holder is measured without the canvas in it, so its own size
    /// counts; one with no height of its own gets the map's proportions.
    pub fn fit(&mut self) {
        let style = self.canvas.style();
        let _ = style.set_property("display", "none");
        let width = self.holder.client_width().max(1) as f64;
        let own_height = self.holder.client_height() as f64;
        let _ = style.set_property("display", "block");
        let height = if own_height >= 1.0 {
            let _ = style.set_property("height", "100%");
            own_height
        } else {
            let h = (width * (ROWS - 1) as f64 / (COLS - 1) as f64).round();
            let _ = style.set_property("height", &format!("{}px", h as u32));
            h
        };
        let ratio = window().device_pixel_ratio().max(1.0);
        let (w, h) = ((width * ratio).round() as u32, (height * ratio).round() as u32);
        if w != self.canvas.width() || h != self.canvas.height() {
            self.canvas.set_width(w);
            self.canvas.set_height(h);
        }
        (self.width, self.height, self.ratio) = (width, height, ratio);
    }

    pub fn viewport(&self) -> Viewport {
        Viewport::fit(self.width, self.height)
    }

    /// Clears to the deep sea colour, ready to draw in CSS pixels.
    pub fn begin(&self, scheme: &ColorScheme) {
        let ctx = &self.ctx;
        let _ = ctx.set_transform(self.ratio, 0.0, 0.0, self.ratio, 0.0, 0.0);
        ctx.set_global_alpha(1.0);
        ctx.set_fill_style_str(scheme.sea[1]);
        ctx.fill_rect(0.0, 0.0, self.width, self.height);
    }

    /// The relief image, one pixel per cell centred on its grid point,
    /// scaled up and smoothed by the browser.
    pub fn relief(&self, pixels: &[u8], view: Viewport) {
        if let Ok(image) = ImageData::new_with_u8_clamped_array_and_sh(Clamped(pixels), COLS as u32, ROWS as u32) {
            let _ = self.relief_ctx.put_image_data(&image, 0.0, 0.0);
        }
        let s = view.scale;
        self.ctx.set_image_smoothing_enabled(true);
        let _ = self.ctx.draw_image_with_html_canvas_element_and_dw_and_dh(
            &self.relief,
            view.left - s / 2.0,
            view.top - s / 2.0,
            COLS as f64 * s,
            ROWS as f64 * s,
        );
    }

    /// Contour lines: regular ones 1 px, index lines 1.5 px.
    pub fn contours(&self, contours: &Contours, scheme: &ColorScheme, view: Viewport) {
        let ctx = &self.ctx;
        ctx.save();
        ctx.set_line_join("round");
        for (segments, color, width) in
            [(&contours.regular, scheme.line, 1.0), (&contours.index, scheme.index_line, 1.5)]
        {
            let Ok(path) = Path2d::new() else { continue };
            for s in segments.chunks_exact(4) {
                let (x0, y0) = view.point(s[0], s[1]);
                let (x1, y1) = view.point(s[2], s[3]);
                path.move_to(x0, y0);
                path.line_to(x1, y1);
            }
            ctx.set_stroke_style_str(color);
            ctx.set_line_width(width);
            ctx.stroke_with_path(&path);
        }
        ctx.restore();
    }

    /// Rivers: each stroke of a width and a transparency drawn twice, first
    /// wider in the bank colour, then the river on top.
    pub fn rivers(&self, strokes: &[Stroke], scheme: &ColorScheme, view: Viewport) {
        let paths: Vec<(usize, Path2d)> = strokes
            .iter()
            .enumerate()
            .filter(|(_, s)| !s.ops.is_empty())
            .filter_map(|(n, s)| Some((n, self.river_path(s, view)?)))
            .collect();
        let ctx = &self.ctx;
        ctx.save();
        ctx.set_line_cap("round");
        ctx.set_line_join("round");
        for (color, extra) in [(scheme.bank, BANK_EXTRA), (scheme.river, 0.0)] {
            ctx.set_stroke_style_str(color);
            for (n, path) in &paths {
                ctx.set_global_alpha((n % FADES + 1) as f64 / FADES as f64);
                ctx.set_line_width(line_width(n / FADES, view.scale) + extra);
                ctx.stroke_with_path(path);
            }
        }
        ctx.restore();
    }

    fn river_path(&self, stroke: &Stroke, view: Viewport) -> Option<Path2d> {
        let path = Path2d::new().ok()?;
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
        Some(path)
    }

    /// Says, for assistive technology, whether the map is being brought back.
    pub fn set_busy(&self, busy: bool) {
        let _ = self.canvas.set_attribute("aria-busy", if busy { "true" } else { "false" });
    }

    /// The progress of a replay, over the bottom of the map.
    pub fn progress(&self, done: u64, total: u64, capped: bool) {
        let ctx = &self.ctx;
        let share = if total == 0 { 1.0 } else { done as f64 / total as f64 };
        let band = 34.0;
        ctx.save();
        ctx.set_global_alpha(0.75);
        ctx.set_fill_style_str("#000000");
        ctx.fill_rect(0.0, self.height - band, self.width, band);
        ctx.set_global_alpha(1.0);
        ctx.set_fill_style_str("#ff6600");
        ctx.fill_rect(0.0, self.height - 4.0, self.width * share, 4.0);
        ctx.set_fill_style_str("#ffffff");
        ctx.set_font("14px sans-serif");
        let cap = if capped { " (the most a link replays)" } else { "" };
        let text = format!("Bringing back the shared map: {} of {} drops{cap}", thousands(done), thousands(total));
        let _ = ctx.fill_text(&text, 12.0, self.height - 14.0);
        ctx.restore();
    }

    /// Debug mode: the latest drops' routes and how many have fallen.
    pub fn debug(&self, paths: &[Vec<[f32; 2]>], drops: u64, view: Viewport) {
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
        ctx.set_fill_style_str(DEBUG_COLOR);
        ctx.set_font("14px sans-serif");
        let _ = ctx.fill_text(&format!("{} drops", thousands(drops)), 12.0, self.height - 12.0);
        ctx.restore();
    }
}
