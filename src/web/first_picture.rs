//! The first picture: the article's map, drawn once by a module of its own
//! (under half the page's in size) while the page's module, with the
//! controls, the worker and the reader's history, is still coming. The
//! page's module then takes it down and draws its own first frame in the
//! same task: the same map, from the same seed, in the same place, so the
//! reader sees the picture carry on rather than change.
//!
//! It draws only what the page's first frame would (see
//! [`first_picture_shows`]), so a link never shows a map it does
//! not name.
//!
//! [`first_picture_shows`]: crate::sketch::builds::first_picture_shows

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

#[cfg(not(feature = "page"))]
use {
    super::canvas::CanvasElement,
    super::dom::{now, window},
    super::painter::CanvasPainter,
    super::surface::Surface,
    super::{free_holder, random_seed, sketch_start},
    crate::draw::layers::Legend,
    crate::share::link,
    crate::sketch::{builds, Sketch},
    wasm_bindgen::prelude::*,
};

/// The attribute that marks the first picture's elements in the holder, and
/// on the holder the seed it drew.
const FIRST_PICTURE: &str = "data-first-picture";

/// Draws the first picture in `#sketch-holder`, unless its link is a map
/// the picture does not show or a sketch runs there already: true if it
/// drew. Called by the page's start (`www/start.js`) before the page's
/// module comes.
#[cfg(not(feature = "page"))]
#[wasm_bindgen(js_name = firstPicture)]
pub fn first_picture() -> bool {
    let Some(holder) = free_holder().filter(|holder| !holder.has_attribute(FIRST_PICTURE)) else {
        return false;
    };
    // Read without a word: the page's module reads it again and warns of
    // what it leaves out
    let reading = link::read(&window().location().search().unwrap_or_default());
    if !builds::first_picture_shows(&reading.link) {
        return false;
    }
    let mut link = reading.link;
    let seed = link.seed.unwrap_or_else(random_seed);
    link.seed = Some(seed);
    let element = CanvasElement::new(holder.clone());
    for part in element.parts() {
        let _ = part.set_attribute(FIRST_PICTURE, "");
    }
    let _ = holder.set_attribute(FIRST_PICTURE, &seed.to_string());
    let start = sketch_start(&element, link, reading.capped);
    let Ok(mut painter) = CanvasPainter::new(Surface::Element(element.element().clone()), None) else {
        take_down(&holder);
        return false;
    };
    let mut sketch = Sketch::new(start);
    sketch.picture_frame(&mut now, &mut painter);
    let status = sketch.status();
    element.show_legend(Legend { layer: status.choices.layer(), top: status.layer_top });
    true
}

/// Takes the first picture out of `holder`, if it is there: the seed it drew.
pub fn take_down(holder: &HtmlElement) -> Option<u32> {
    let seed = holder.get_attribute(FIRST_PICTURE)?;
    let _ = holder.remove_attribute(FIRST_PICTURE);
    if let Ok(parts) = holder.query_selector_all(&format!(":scope > [{FIRST_PICTURE}]")) {
        for k in 0..parts.length() {
            if let Some(part) = parts.item(k).and_then(|node| node.dyn_into::<Element>().ok()) {
                part.remove();
            }
        }
    }
    seed.parse().ok()
}
