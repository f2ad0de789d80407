//! The first picture: the article's map, drawn once by a module of its own
//! (under half the page's in size) while the page's module, with the
//! controls, the worker and the reader's history, is still coming. It is
//! worked out and drawn in a worker, so the page's main thread, where the
//! reader scrolls and taps, is never held by it: the page (`www/start.js`)
//! asks `firstPicture()` what to draw, as big as the holder, and gets a
//! place held for it; a worker running this module draws it
//! (`serveSketches`) and sends it back as a PNG; the page shows it as an
//! image in that place (`showPicture`). The page's module then lays it
//! over its own canvas until its sketch has drawn its first frame: the same
//! map, from the same seed, in the same place, so the reader sees the
//! picture carry on rather than change.
//!
//! It draws a new map alone: an address with no link of ours, or with a
//! seed alone ([`seed_only`]); the page's module brings every other link's
//! map, so a link never shows a map it does not name.
//!
//! [`seed_only`]: crate::share::link::seed_only

use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

#[cfg(not(feature = "page"))]
use {
    super::canvas::CanvasElement,
    super::dom::window,
    super::painter::CanvasPainter,
    super::surface::Surface,
    super::{free_holder, random_seed, sketch_start},
    crate::draw::viewport::Size,
    crate::share::link::{self, MapLink},
    crate::sketch::{Sketch, Start},
    js_sys::{Array, Object, Reflect},
    wasm_bindgen::prelude::*,
    web_sys::{DedicatedWorkerGlobalScope, Element},
};

/// The attribute that marks the first picture's elements in the holder, and
/// on the holder the seed it drew.
const FIRST_PICTURE: &str = "data-first-picture";

/// What the picture's image says to assistive technology (the canvas's
/// words, which it stands in for).
#[cfg(not(feature = "page"))]
const PICTURE_ALT: &str = "A map of an island being eroded by rain";

/// Holds the first picture's place in `#sketch-holder`, unless its link is
/// a map the picture does not show or a sketch runs there already: what a
/// worker running this module draws it from ([`serve_sketches`]), or null.
/// Called by the page's start (`www/start.js`) before the page's module
/// comes.
#[cfg(not(feature = "page"))]
#[wasm_bindgen(js_name = firstPicture)]
pub fn first_picture() -> JsValue {
    let Some(holder) = free_holder().filter(|holder| !holder.has_attribute(FIRST_PICTURE)) else {
        return JsValue::NULL;
    };
    // A new map's alone: the page's module reads every other link
    let search = window().location().search().unwrap_or_default();
    let Some(seed) = link::seed_only(&search) else {
        return JsValue::NULL;
    };
    let seed = seed.unwrap_or_else(random_seed);
    let link = MapLink { seed: Some(seed), ..MapLink::default() };
    let element = CanvasElement::new(holder.clone());
    for part in element.parts() {
        let _ = part.set_attribute(FIRST_PICTURE, "");
    }
    let _ = holder.set_attribute(FIRST_PICTURE, &seed.to_string());
    plan(&sketch_start(&element, link, false))
}

/// A new map's start as plain numbers, for the worker.
#[cfg(not(feature = "page"))]
fn plan(start: &Start) -> JsValue {
    let plan = Object::new();
    let fields: [(&str, JsValue); 6] = [
        ("seed", start.link.seed.unwrap_or_default().into()),
        ("siteDark", start.site_dark.into()),
        ("reducedMotion", start.reduced_motion.into()),
        ("width", start.size.width.into()),
        ("height", start.size.height.into()),
        ("ratio", start.size.ratio.into()),
    ];
    for (name, value) in fields {
        let _ = Reflect::set(&plan, &name.into(), &value);
    }
    plan.into()
}

/// The start [`plan`] wrote.
#[cfg(not(feature = "page"))]
fn start_of(plan: &JsValue) -> Start {
    let number = |name: &str| Reflect::get(plan, &name.into()).ok().and_then(|v| v.as_f64()).unwrap_or(1.0);
    let flag = |name: &str| Reflect::get(plan, &name.into()).ok().and_then(|v| v.as_bool()).unwrap_or(false);
    Start {
        link: MapLink { seed: Some(number("seed") as u32), ..MapLink::default() },
        capped: false,
        site_dark: flag("siteDark"),
        reduced_motion: flag("reducedMotion"),
        paused: false,
        size: Size::new(number("width"), number("height"), number("ratio")),
    }
}

/// In the picture's worker (`www/sketch-worker.js` runs this module as it
/// runs the page's): draws the picture the first message's plan describes
/// and answers with it as a PNG `Blob`, or with why not. No closure and no
/// future: the PNG's promise answers through the worker's own
/// `postMessage`, which keeps this module small.
#[cfg(not(feature = "page"))]
#[wasm_bindgen(js_name = serveSketches)]
pub fn serve_sketches(waiting: Array) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let Some(png) = picture_png(&waiting.get(0)) else {
        let _ = scope.post_message(&"the picture could not be drawn in a worker".into());
        return;
    };
    let post =
        Reflect::get(&scope, &"postMessage".into()).map(|f| f.unchecked_into::<js_sys::Function>().bind0(&scope));
    let then = Reflect::get(&png, &"then".into()).map(JsCast::unchecked_into::<js_sys::Function>);
    if let (Ok(post), Ok(then)) = (post, then) {
        let _ = then.call2(&png, &post, &post);
    }
}

/// The picture `plan` describes, drawn offscreen: its PNG, to come.
#[cfg(not(feature = "page"))]
fn picture_png(plan: &JsValue) -> Option<js_sys::Promise> {
    if !plan.is_object() {
        return None;
    }
    let start = start_of(plan);
    let (width, height) = start.size.backing();
    let canvas = web_sys::OffscreenCanvas::new(width, height).ok()?;
    let mut painter = CanvasPainter::new(Surface::Offscreen(canvas), None).ok()?;
    Sketch::new(start).picture_frame(&mut js_sys::Date::now, &mut painter);
    painter.surface().png_promise()
}

/// Draws the picture of `plan` here, on the canvas [`first_picture`] placed,
/// where no worker could draw it (a browser that cannot draw offscreen in
/// one, or a site's policy that forbids them): false if it could not.
#[cfg(not(feature = "page"))]
#[wasm_bindgen(js_name = drawPictureHere)]
pub fn draw_picture_here(plan: JsValue) -> bool {
    let Some(canvas) = picture_canvas() else { return false };
    let Ok(canvas) = canvas.dyn_into::<web_sys::HtmlCanvasElement>() else { return false };
    let Ok(mut painter) = CanvasPainter::new(Surface::Element(canvas), None) else { return false };
    Sketch::new(start_of(&plan)).picture_frame(&mut super::dom::now, &mut painter);
    true
}

/// The canvas [`first_picture`] placed for the picture, while it is there.
#[cfg(not(feature = "page"))]
fn picture_canvas() -> Option<Element> {
    free_holder()?.query_selector(&format!(":scope > canvas[{FIRST_PICTURE}]:not(.view-3d)")).ok().flatten()
}

/// Shows the picture the worker drew (`address`, its image's, already
/// decoded) in the place [`first_picture`] held: an image in the place of
/// the canvas, the same size, which the page's largest paint is. False if
/// the place is gone.
#[cfg(not(feature = "page"))]
#[wasm_bindgen(js_name = showPicture)]
pub fn show_picture(address: &str) -> bool {
    let Some(canvas) = picture_canvas() else { return false };
    let Ok(image) = super::dom::document().create_element("img") else { return false };
    let (Some(canvas), Some(shown)) = (canvas.dyn_ref::<HtmlElement>(), image.dyn_ref::<HtmlElement>()) else {
        return false;
    };
    shown.style().set_css_text(&canvas.style().css_text());
    for (name, value) in [(FIRST_PICTURE, ""), ("src", address), ("alt", PICTURE_ALT)] {
        let _ = image.set_attribute(name, value);
    }
    canvas.replace_with_with_node_1(&image).is_ok()
}

/// Takes down the place [`first_picture`] held, where the picture could not
/// be drawn: the page's module draws the map when it comes.
#[cfg(not(feature = "page"))]
#[wasm_bindgen(js_name = takeDownPicture)]
pub fn take_down_picture() {
    if let Some(holder) = free_holder() {
        take_down(&holder);
    }
}

/// Lays the first picture in `holder` (if it is there) over the place the
/// page's canvas will take, in a box of no height at the holder's start,
/// until [`take_down`]: the seed it drew. Its other parts (the canvas for
/// the 3D view, the note, the legend) go now.
#[cfg(feature = "page")]
pub fn lay_over(holder: &HtmlElement) -> Option<u32> {
    let seed = holder.get_attribute(FIRST_PICTURE)?.parse().ok();
    // (its image, or its canvas where it was drawn here)
    let shown = format!(":scope > :is(img, canvas:not(.view-3d))[{FIRST_PICTURE}]");
    let image = holder.query_selector(&shown).ok().flatten();
    let Some(image) = image.and_then(|i| i.dyn_into::<HtmlElement>().ok()) else {
        take_down(holder);
        return seed;
    };
    let document = super::dom::document();
    let Ok(over) = document.create_element("div").and_then(|e| e.dyn_into::<HtmlElement>().map_err(Into::into)) else {
        take_down(holder);
        return seed;
    };
    let _ = over.set_attribute(FIRST_PICTURE, "");
    // (CSSOM, never a `style` attribute: the strict policy refuses those)
    over.style().set_css_text("position: relative; height: 0");
    // (its height as shown: a height of 100% would be the box's, none)
    let height = image.offset_height();
    image
        .style()
        .set_css_text(&format!("display: block; position: absolute; top: 0; left: 0; width: 100%; height: {height}px"));
    let _ = holder.remove_attribute(FIRST_PICTURE);
    take_down_parts(holder);
    let _ = over.append_child(&image);
    let _ = holder.prepend_with_node_1(&over);
    seed
}

/// Takes the first picture out of `holder`, if it is there: the seed it drew.
pub fn take_down(holder: &HtmlElement) -> Option<u32> {
    let seed = holder.get_attribute(FIRST_PICTURE);
    let _ = holder.remove_attribute(FIRST_PICTURE);
    take_down_parts(holder);
    seed?.parse().ok()
}

/// Removes the elements marked as the first picture's from `holder`.
fn take_down_parts(holder: &HtmlElement) {
    for part in super::dom::elements(holder.query_selector_all(&format!(":scope > [{FIRST_PICTURE}]"))) {
        part.remove();
    }
}
