//! A canvas to draw on, wherever the sketch runs: an element of the page,
//! or an `OffscreenCanvas` in the sketch's worker. The 2D painter and the
//! 3D view both draw on one.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, CanvasRenderingContext2d, HtmlCanvasElement, OffscreenCanvas};

/// A canvas to draw on: an element of the page, or an `OffscreenCanvas` (in
/// a worker, where there are no elements).
#[derive(Clone)]
pub enum Surface {
    Element(HtmlCanvasElement),
    Offscreen(OffscreenCanvas),
}

impl Surface {
    /// A canvas of `width` × `height` pixels that is never shown: offscreen
    /// where the browser has them, else an element left out of the page.
    pub fn hidden(width: u32, height: u32) -> Result<Surface, JsValue> {
        let surface = match OffscreenCanvas::new(width, height) {
            Ok(canvas) => Surface::Offscreen(canvas),
            Err(_) => {
                let document = web_sys::window().and_then(|w| w.document()).ok_or("no OffscreenCanvas, no document")?;
                Surface::Element(document.create_element("canvas")?.dyn_into()?)
            }
        };
        surface.set_size(width, height);
        Ok(surface)
    }

    pub fn set_size(&self, width: u32, height: u32) {
        match self {
            Surface::Element(c) if (c.width(), c.height()) != (width, height) => {
                c.set_width(width);
                c.set_height(height);
            }
            Surface::Offscreen(c) if (c.width(), c.height()) != (width, height) => {
                c.set_width(width);
                c.set_height(height);
            }
            _ => {}
        }
    }

    /// Its 2D context. An offscreen canvas's context has every method of a
    /// page canvas's that the drawing here uses, under the same names, and
    /// web-sys calls methods by name, so one type serves both.
    pub fn context_2d(&self) -> Result<CanvasRenderingContext2d, JsValue> {
        let context = match self {
            Surface::Element(c) => c.get_context("2d")?,
            Surface::Offscreen(c) => c.get_context("2d")?,
        };
        Ok(context.ok_or("no 2D context")?.unchecked_into())
    }

    /// Its context of `kind` ("2d", "webgl2") made with `options`, if the
    /// browser has one.
    pub fn context_with_options(&self, kind: &str, options: &JsValue) -> Result<Option<js_sys::Object>, JsValue> {
        match self {
            Surface::Element(c) => c.get_context_with_context_options(kind, options),
            Surface::Offscreen(c) => c.get_context_with_context_options(kind, options),
        }
    }

    /// The canvas, for listening to its events.
    pub fn target(&self) -> &web_sys::EventTarget {
        match self {
            Surface::Element(c) => c.as_ref(),
            Surface::Offscreen(c) => c.as_ref(),
        }
    }

    /// Draws this canvas, scaled, onto `ctx`.
    pub fn draw_onto(&self, ctx: &CanvasRenderingContext2d, x: f64, y: f64, width: f64, height: f64) {
        let _ = match self {
            Surface::Element(c) => ctx.draw_image_with_html_canvas_element_and_dw_and_dh(c, x, y, width, height),
            Surface::Offscreen(c) => ctx.draw_image_with_offscreen_canvas_and_dw_and_dh(c, x, y, width, height),
        };
    }

    /// The picture as a PNG file (`None` if the browser would not make one).
    pub async fn to_png(&self) -> Option<Blob> {
        JsFuture::from(self.png_promise()?).await.ok()?.dyn_into().ok()
    }

    /// The promise of the picture as a PNG file's `Blob` (`None` if the
    /// browser would not make one).
    pub fn png_promise(&self) -> Option<js_sys::Promise> {
        Some(match self {
            // A page canvas answers through a callback: the promise's own
            Surface::Element(c) => js_sys::Promise::new(&mut |resolve, _| {
                let _ = c.to_blob_with_type(&resolve, "image/png");
            }),
            Surface::Offscreen(c) => {
                let options = web_sys::ImageEncodeOptions::new();
                options.set_type("image/png");
                c.convert_to_blob_with_options(&options).ok()?
            }
        })
    }
}
