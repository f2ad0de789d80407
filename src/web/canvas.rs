//! The canvas in the holder: made, sized to the holder in CSS pixels, and
//! described for assistive technology. What is drawn on it is the painter's
//! business, here or in the sketch's worker.

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, HtmlElement, OffscreenCanvas};

use crate::draw::layers::{tick_text, ticks, Legend, LAYERS};
use crate::draw::viewport::Size;
use crate::raster::grid::Grid;

use super::dom::{document, significant, window};

pub struct CanvasElement {
    holder: HtmlElement,
    canvas: HtmlCanvasElement,
    /// The 3D view's canvas, in place of the map's while the view is on.
    canvas_3d: HtmlCanvasElement,
    /// Fresh canvases waiting, hidden, behind these for another build's
    /// first frame ([`CanvasElement::prepare_successors`]).
    successors: Option<(HtmlCanvasElement, HtmlCanvasElement)>,
    note: MapNote,
    /// The layer's legend over the map's corner, and what it last showed.
    legend: HtmlElement,
    legend_shown: RefCell<String>,
}

/// What the 3D view's canvas says it is, and how it answers, without a tool
/// picked and with one.
const VIEW_3D_TURNING: &str =
    "The island in 3D: drag or use the arrow keys to turn it, the wheel, a pinch or + and - to zoom, 0 or a double click to go back";
const VIEW_3D_BRUSHING: &str =
    "The island in 3D: press or use the arrow keys and Space to use the tool; drag with the right button, \
     a modifier key or two fingers (or a modifier key with the arrows) to turn it, the wheel or + and - to zoom";

/// A new element of `tag` with `class`.
fn new_element(tag: &str, class: &str) -> HtmlElement {
    let element: HtmlElement = document().create_element(tag).ok().and_then(|e| e.dyn_into().ok()).expect("an element");
    let _ = element.set_attribute("class", class);
    element
}

fn new_canvas() -> HtmlCanvasElement {
    document().create_element("canvas").ok().and_then(|e| e.dyn_into().ok()).expect("a canvas can be created")
}

/// A fresh canvas with `canvas`'s style, its description for assistive
/// technology, its class and focus.
fn copy_of(canvas: &HtmlCanvasElement) -> HtmlCanvasElement {
    let fresh = new_canvas();
    fresh.style().set_css_text(&canvas.style().css_text());
    for name in ["role", "aria-label", "aria-busy", "class", "tabindex", "part"] {
        if let Some(value) = canvas.get_attribute(name) {
            let _ = fresh.set_attribute(name, &value);
        }
    }
    fresh
}

/// A note over the map's corner, for what the reader should know and the
/// map cannot show: why there is no 3D view, that part of the sketch is
/// loading or could not be loaded, that a file could not be saved. One
/// note: the latest says it.
#[derive(Clone)]
pub struct MapNote(HtmlElement);

impl MapNote {
    /// Says `text`, until another note or [`MapNote::take_back`].
    pub fn say(&self, text: &str) {
        self.0.set_text_content(Some(text));
        self.0.set_hidden(false);
    }

    /// Hides the note if what it says is `said` (a later note stays).
    pub fn take_back(&self, said: impl Fn(&str) -> bool) {
        if !self.0.hidden() && said(&self.0.text_content().unwrap_or_default()) {
            self.0.set_hidden(true);
        }
    }
}

impl CanvasElement {
    /// A canvas filling `holder`.
    pub fn new(holder: HtmlElement) -> CanvasElement {
        let canvas = new_canvas();
        // Styles through the CSSOM, never a `style` attribute: a strict
        // Content-Security-Policy (`style-src 'self'`) refuses those
        canvas.style().set_css_text("display: block; width: 100%; height: 100%");
        let _ = canvas.set_attribute("role", "img");
        let _ = canvas.set_attribute("aria-label", "A map of an island being eroded by rain");
        // What a post styles a figure's canvases by (`::part(canvas)`)
        let _ = canvas.set_attribute("part", "canvas");
        // Focused by a click, so the undo keys are the sketch's then, but
        // no stop of its own when tabbing through the page
        let _ = canvas.set_attribute("tabindex", "-1");
        let _ = holder.append_child(&canvas);
        let canvas_3d = new_canvas();
        let _ = canvas_3d.set_attribute("class", "view-3d");
        let _ = canvas_3d.set_attribute("part", "canvas");
        // Focusable, for the keys that turn it; no scrolling or zooming the
        // page while a finger turns it
        let _ = canvas_3d.set_attribute("tabindex", "0");
        canvas_3d.style().set_css_text("display: none; width: 100%; height: 100%; touch-action: none; cursor: grab");
        let _ = canvas_3d.set_attribute("role", "img");
        let _ = canvas_3d.set_attribute("aria-label", VIEW_3D_TURNING);
        let _ = holder.append_child(&canvas_3d);
        let note = new_element("p", "map-note");
        let _ = note.set_attribute("role", "status");
        note.set_hidden(true);
        let _ = holder.append_child(&note);
        let note = MapNote(note);
        let legend = new_element("figure", "legend");
        legend.set_hidden(true);
        let _ = holder.append_child(&legend);
        CanvasElement {
            holder,
            canvas,
            canvas_3d,
            successors: None,
            note,
            legend,
            legend_shown: RefCell::new(String::new()),
        }
    }

    /// Shows the layer's legend over the map's corner (none for the relief):
    /// its title, its colour ramp and the values along it. Changed only
    /// when what it says changes.
    pub fn show_legend(&self, legend: Legend) {
        let Some(row) = LAYERS[legend.layer as usize] else {
            // (not set again with every frame: setting it, even to what it
            // is, has the page work out the legend's style again)
            if !self.legend.hidden() {
                self.legend.set_hidden(true);
            }
            self.legend_shown.borrow_mut().clear();
            return;
        };
        // (where each tick sits, in whole percent: no float formatting in
        // the page's module)
        let ticks: Vec<(u32, String)> = ticks(legend.layer, legend.top)
            .into_iter()
            .map(|(at, v)| ((at * 100.0).round() as u32, tick_text(legend.layer, v, significant)))
            .collect();
        let key = ticks.iter().fold(row.title.to_string(), |key, (at, text)| format!("{key}|{at}:{text}"));
        if *self.legend_shown.borrow() == key {
            return;
        }
        let figure = &self.legend;
        figure.set_text_content(None);
        let title = new_element("figcaption", "legend-title");
        title.set_text_content(Some(row.title));
        let ramp = new_element("div", "legend-ramp");
        let [[r0, g0, b0], [r1, g1, b1]] = row.ramp;
        // Through the CSSOM, which a strict policy allows
        ramp.style()
            .set_css_text(&format!("background: linear-gradient(to right, rgb({r0} {g0} {b0}), rgb({r1} {g1} {b1}))"));
        let marks = new_element("div", "legend-ticks");
        for (at, text) in &ticks {
            let tick = new_element("span", "legend-tick");
            tick.set_text_content(Some(text));
            tick.style().set_css_text(&format!("left: {at}%"));
            let _ = marks.append_child(&tick);
        }
        for part in [&title, &ramp, &marks] {
            let _ = figure.append_child(part);
        }
        figure.set_hidden(false);
        *self.legend_shown.borrow_mut() = key;
    }

    pub fn element_3d(&self) -> &HtmlCanvasElement {
        &self.canvas_3d
    }

    /// Lets the holder take a touch for the hand's tool (`touch-action:
    /// none`, a crosshair) while one is picked, and the map a place in the
    /// page's tab order (for the keys' brush); or leaves them to the page.
    pub fn take_touch(&self, tool_picked: bool) {
        let tabindex = if tool_picked { "0" } else { "-1" };
        if self.canvas.get_attribute("tabindex").as_deref() == Some(tabindex) {
            return;
        }
        let _ = self.canvas.set_attribute("tabindex", tabindex);
        let style = self.holder.style();
        // The 3D view takes every touch already (it turns); with a tool
        // it paints, and turns with the other buttons or two fingers
        let (view_cursor, view_label) =
            if tool_picked { ("crosshair", VIEW_3D_BRUSHING) } else { ("grab", VIEW_3D_TURNING) };
        let _ = self.canvas_3d.style().set_property("cursor", view_cursor);
        let _ = self.canvas_3d.set_attribute("aria-label", view_label);
        if tool_picked {
            let _ = style.set_property("touch-action", "none");
            let _ = style.set_property("cursor", "crosshair");
        } else {
            let _ = style.remove_property("touch-action");
            let _ = style.remove_property("cursor");
        }
    }

    /// Shows the 3D view's canvas in place of the map's, or the map's.
    pub fn show_3d(&self, on: bool) {
        let (shown, hidden) = if on { (&self.canvas_3d, &self.canvas) } else { (&self.canvas, &self.canvas_3d) };
        if shown.style().get_property_value("display").is_ok_and(|d| d == "block") {
            return;
        }
        let _ = hidden.style().set_property("display", "none");
        let _ = shown.style().set_property("display", "block");
    }

    pub fn note(&self) -> &MapNote {
        &self.note
    }

    pub fn element(&self) -> &HtmlCanvasElement {
        &self.canvas
    }

    pub fn holder(&self) -> &HtmlElement {
        &self.holder
    }

    /// Whether the holder is laid out. One hidden (`display: none` on it or
    /// on what holds it), or the page between two layouts (as while a
    /// screenshot of the whole page is taken), has no width: measured then,
    /// the map would be drawn on a single pixel, which the canvas shows
    /// stretched, one colour, until the next size comes.
    pub fn laid_out(&self) -> bool {
        self.holder.client_width() > 0
    }

    /// The size to draw at: the holder's, measured without the canvas in
    /// it so its own size counts (one with no height of its own gets the
    /// article's map's proportions, whatever the map size, so the page does
    /// not jump when it changes), and the screen's pixel ratio.
    pub fn measure(&self) -> Size {
        let canvases = [&self.canvas, &self.canvas_3d];
        let shown = canvases.map(|c| c.style().get_property_value("display").unwrap_or_default());
        for c in canvases {
            let _ = c.style().set_property("display", "none");
        }
        let width = self.holder.client_width().max(1) as f64;
        let own_height = self.holder.client_height() as f64;
        let (height, css_height) = if own_height >= 1.0 {
            (own_height, "100%".to_string())
        } else {
            let Grid { cols, rows } = Grid::ARTICLE;
            let h = (width * (rows - 1) as f64 / (cols - 1) as f64).round();
            (h, format!("{}px", h as u32))
        };
        for (c, display) in canvases.into_iter().zip(shown) {
            let _ = c.style().set_property("display", &display);
            let _ = c.style().set_property("height", &css_height);
        }
        Size::new(width, height, window().device_pixel_ratio().max(1.0))
    }

    /// Hands the drawing over to `OffscreenCanvas`es, the map's and the 3D
    /// view's (for the sketch's worker); the elements then show what is
    /// drawn there.
    pub fn transfer(&self) -> Option<(OffscreenCanvas, OffscreenCanvas)> {
        Some((self.canvas.transfer_control_to_offscreen().ok()?, self.canvas_3d.transfer_control_to_offscreen().ok()?))
    }

    /// A new canvas in place of this one, as it was (for drawing here after
    /// the canvas was handed to a worker that then failed).
    pub fn replace(&mut self) {
        let [canvas, canvas_3d] = [&self.canvas, &self.canvas_3d].map(copy_of);
        for (old, fresh) in [(&self.canvas, &canvas), (&self.canvas_3d, &canvas_3d)] {
            let _ = old.replace_with_with_node_1(fresh);
        }
        (self.canvas, self.canvas_3d) = (canvas, canvas_3d);
        self.discard_successors();
    }

    /// Fresh canvases for another build of the sketch to draw on, hidden
    /// behind these until it has drawn ([`CanvasElement::promote_successors`]),
    /// so the map never goes blank as the page changes builds.
    pub fn prepare_successors(&mut self) -> (HtmlCanvasElement, HtmlCanvasElement) {
        let [canvas, canvas_3d] = [&self.canvas, &self.canvas_3d].map(copy_of);
        for (old, fresh) in [(&self.canvas, &canvas), (&self.canvas_3d, &canvas_3d)] {
            let _ = fresh.style().set_property("display", "none");
            let _ = old.after_with_node_1(fresh);
        }
        self.successors = Some((canvas.clone(), canvas_3d.clone()));
        (canvas, canvas_3d)
    }

    /// Whether fresh canvases wait behind these.
    pub fn has_successors(&self) -> bool {
        self.successors.is_some()
    }

    /// Removes the fresh canvases waiting behind these (the sketch that was
    /// to draw on them did not start).
    pub fn discard_successors(&mut self) {
        for successor in self.successors.take().into_iter().flat_map(|(a, b)| [a, b]) {
            successor.remove();
        }
    }

    /// The canvases [`CanvasElement::prepare_successors`] made take these
    /// places, shown as these were, once the new build has drawn on them.
    pub fn promote_successors(&mut self) {
        let Some((canvas, canvas_3d)) = self.successors.take() else { return };
        for (old, fresh) in [(&self.canvas, &canvas), (&self.canvas_3d, &canvas_3d)] {
            let display = old.style().get_property_value("display").unwrap_or_default();
            let _ = fresh.style().set_property("display", &display);
            for name in ["aria-busy"] {
                if let Some(value) = old.get_attribute(name) {
                    let _ = fresh.set_attribute(name, &value);
                }
            }
            old.remove();
        }
        (self.canvas, self.canvas_3d) = (canvas, canvas_3d);
    }

    /// Every element this put in the holder (which the first picture marks
    /// as its own, to be taken down).
    #[cfg(not(feature = "page"))]
    pub fn parts(&self) -> [&HtmlElement; 4] {
        [&self.canvas, &self.canvas_3d, &self.note.0, &self.legend]
    }

    /// Says, for assistive technology, whether the map is being brought back.
    pub fn set_busy(&self, busy: bool) {
        let _ = self.canvas.set_attribute("aria-busy", if busy { "true" } else { "false" });
    }
}
