//! The canvas in the holder: made, sized to the holder in CSS pixels, and
//! described for assistive technology. What is drawn on it is the painter's
//! business, here or in the sketch's worker.

use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, HtmlElement, OffscreenCanvas};

use crate::grid::Grid;
use crate::sketch::Size;

use super::dom::{document, window};

pub struct CanvasElement {
    holder: HtmlElement,
    canvas: HtmlCanvasElement,
}

fn new_canvas() -> HtmlCanvasElement {
    document().create_element("canvas").ok().and_then(|e| e.dyn_into().ok()).expect("a canvas can be created")
}

impl CanvasElement {
    /// A canvas filling `holder`.
    pub fn new(holder: HtmlElement) -> CanvasElement {
        let canvas = new_canvas();
        let _ = canvas.set_attribute("style", "display: block; width: 100%; height: 100%");
        let _ = canvas.set_attribute("role", "img");
        let _ = canvas.set_attribute("aria-label", "A map of an island being eroded by rain");
        let _ = holder.append_child(&canvas);
        CanvasElement { holder, canvas }
    }

    pub fn element(&self) -> &HtmlCanvasElement {
        &self.canvas
    }

    pub fn holder(&self) -> &HtmlElement {
        &self.holder
    }

    /// The size to draw at: the holder's, measured without the canvas in
    /// it so its own size counts (one with no height of its own gets the
    /// article's map's proportions, whatever the map size, so the page does
    /// not jump when it changes), and the screen's pixel ratio.
    pub fn measure(&self) -> Size {
        let style = self.canvas.style();
        let _ = style.set_property("display", "none");
        let width = self.holder.client_width().max(1) as f64;
        let own_height = self.holder.client_height() as f64;
        let _ = style.set_property("display", "block");
        let height = if own_height >= 1.0 {
            let _ = style.set_property("height", "100%");
            own_height
        } else {
            let Grid { cols, rows } = Grid::ARTICLE;
            let h = (width * (rows - 1) as f64 / (cols - 1) as f64).round();
            let _ = style.set_property("height", &format!("{}px", h as u32));
            h
        };
        Size::new(width, height, window().device_pixel_ratio().max(1.0))
    }

    /// Hands the drawing over to an `OffscreenCanvas` (for the sketch's
    /// worker); the element then shows what is drawn there.
    pub fn transfer(&self) -> Option<OffscreenCanvas> {
        self.canvas.transfer_control_to_offscreen().ok()
    }

    /// A new canvas in place of this one, as it was (for drawing here after
    /// the canvas was handed to a worker that then failed).
    pub fn replace(&mut self) {
        let fresh = new_canvas();
        for name in ["style", "role", "aria-label", "aria-busy"] {
            if let Some(value) = self.canvas.get_attribute(name) {
                let _ = fresh.set_attribute(name, &value);
            }
        }
        let _ = self.canvas.replace_with_with_node_1(&fresh);
        self.canvas = fresh;
    }

    /// Says, for assistive technology, whether the map is being brought back.
    pub fn set_busy(&self, busy: bool) {
        let _ = self.canvas.set_attribute("aria-busy", if busy { "true" } else { "false" });
    }
}
