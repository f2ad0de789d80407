//! Small helpers for finding elements and listening to them, the clock, and
//! numbers as the browser writes them.

use std::rc::Rc;

use js_sys::Reflect;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, DocumentFragment, Element, EventTarget, HtmlTemplateElement, NodeList, Window};

pub fn window() -> Window {
    web_sys::window().expect("the page runs in a browser window")
}

pub fn document() -> Document {
    window().document().expect("the window has a document")
}

/// Milliseconds on the global scope's clock (`performance.now()`), in a
/// window or a worker alike.
pub fn now() -> f64 {
    Reflect::get(&js_sys::global(), &"performance".into())
        .ok()
        .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
        .map_or(0.0, |p| p.now())
}

/// Where a sketch's controls are found by their IDs: the page, or a
/// figure's shadow root, whose IDs are its own. The page's include those of
/// the groups it leaves out of its document until the sketch has filled
/// them, each in a `<template>` marked [`GROUP_TO_COME`]: the page holds
/// their contents, gathered once as it is made ([`Root::page`]), emptied as
/// the groups come in.
#[derive(Clone)]
pub enum Root {
    Page(Rc<[DocumentFragment]>),
    Figure(DocumentFragment),
}

impl Root {
    /// The page, its groups to come gathered now, while all of them are
    /// still out of its document.
    pub fn page() -> Root {
        Root::Page(groups_to_come().iter().map(HtmlTemplateElement::content).collect())
    }

    /// Where the keys pressed in it are heard: the document, or the
    /// figure's shadow root.
    pub fn events(&self) -> EventTarget {
        match self {
            Root::Page(_) => document().into(),
            Root::Figure(root) => root.clone().into(),
        }
    }

    /// The element with this ID, if there is one.
    pub fn by_id(&self, id: &str) -> Option<Element> {
        match self {
            Root::Page(groups) => {
                document().get_element_by_id(id).or_else(|| groups.iter().find_map(|group| group.get_element_by_id(id)))
            }
            Root::Figure(root) => root.get_element_by_id(id),
        }
    }

    /// The elements under it that `selector` finds.
    pub fn all(&self, selector: &str) -> impl Iterator<Item = Element> {
        let in_groups = |group: &DocumentFragment| elements(group.query_selector_all(selector));
        let found: Box<dyn Iterator<Item = Element>> = match self {
            Root::Page(groups) => Box::new(
                elements(document().query_selector_all(selector))
                    .chain(groups.iter().flat_map(in_groups).collect::<Vec<_>>()),
            ),
            Root::Figure(root) => Box::new(elements(root.query_selector_all(selector))),
        };
        found
    }

    /// The element with this ID as type `T`, or `None`, noting the ID in
    /// `missing` so the page can warn once about everything the host left
    /// out.
    pub fn find<T: JsCast>(&self, id: &str, missing: &mut Vec<String>) -> Option<T> {
        let found = self.by_id(id).and_then(|e| e.dyn_into::<T>().ok());
        if found.is_none() {
            missing.push(id.to_string());
        }
        found
    }

    /// Its groups and parts of groups that are next to be brought into the
    /// document (in the document, not inside another still to come), in
    /// the order they come: none for a figure.
    pub fn groups_next(&self) -> Vec<HtmlTemplateElement> {
        match self {
            Root::Page(_) => groups_next(),
            Root::Figure(_) => Vec::new(),
        }
    }
}

/// What the page marks the `<template>`s with that hold its groups of
/// controls, and the later parts of its larger groups (a template inside
/// another's group): out of its document (on a phone, the few hundred form
/// controls made the task that ends its parsing a long one, even hidden),
/// held (`www/start.js`), found, wired and filled there by the sketch, then
/// brought in a part a frame ([`super::controls::Controls::bring_in_groups`]).
pub const GROUP_TO_COME: &str = "data-group-to-come";

/// The page's groups and parts of groups still out of its document, those
/// inside others' among them.
fn groups_to_come() -> Vec<HtmlTemplateElement> {
    let mut found = groups_next();
    let mut k = 0;
    while let Some(group) = found.get(k) {
        let inside = templates(group.content().query_selector_all(&format!("template[{GROUP_TO_COME}]")));
        found.extend(inside);
        k += 1;
    }
    found
}

/// Those of them in the document (not inside another still to come).
fn groups_next() -> Vec<HtmlTemplateElement> {
    templates(document().query_selector_all(&format!("template[{GROUP_TO_COME}]")))
}

fn templates(found: Result<NodeList, JsValue>) -> Vec<HtmlTemplateElement> {
    elements(found).filter_map(|template| template.dyn_into().ok()).collect()
}

/// Calls `handler` for every `event` on `target`, for as long as the page
/// lives.
pub fn listen(target: &EventTarget, event: &str, handler: impl FnMut(web_sys::Event) + 'static) {
    let closure = Closure::<dyn FnMut(web_sys::Event)>::new(handler);
    if target.add_event_listener_with_callback(event, closure.as_ref().unchecked_ref()).is_err() {
        warn(&format!("could not listen for {event}"));
    }
    closure.forget();
}

/// Calls `work` once the browser has painted the next frame (a task after
/// the next animation frame), so slow set-up does not hold back what the
/// page shows first.
pub fn after_next_paint(work: impl FnOnce() + 'static) {
    let paint = Closure::once_into_js(move || after_this_task(work));
    if window().request_animation_frame(paint.unchecked_ref()).is_err() {
        warn("could not wait for the page to paint");
    }
}

/// Calls `work` in a task of its own, once this one is over: the page's
/// thread is free for the reader between them.
pub fn after_this_task(work: impl FnOnce() + 'static) {
    let later = Closure::once_into_js(work);
    if window().set_timeout_with_callback(later.unchecked_ref()).is_err() {
        warn("could not put work off to a later task");
    }
}

/// A number as JavaScript writes it (`String(n)`), as the original's labels
/// show it: 0.3, 200, 0.012. The browser already knows how, so the page's
/// wasm carries no float formatting of its own (it would double its size).
pub fn number_text(n: f64) -> String {
    js_sys::Number::from(n).to_string_with_radix(10).map(String::from).unwrap_or_default()
}

/// A number with `places` decimals, as the browser writes it
/// (`toFixed`); a dash for one that is not finite.
pub fn fixed(n: f64, places: u8) -> String {
    if !n.is_finite() {
        return "–".into();
    }
    js_sys::Number::from(n).to_fixed(places).map(String::from).unwrap_or_default()
}

/// A number to `digits` significant figures, as the browser writes it
/// (`toPrecision`).
pub fn significant(n: f64, digits: u8) -> String {
    js_sys::Number::from(n).to_precision(digits).map(String::from).unwrap_or_default()
}

/// Has the browser download `url` as a file called `name`.
pub fn download(url: &str, name: &str) {
    let Some(link) = document().create_element("a").ok().and_then(|e| e.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    else {
        return;
    };
    link.set_href(url);
    link.set_download(name);
    link.click();
}

pub fn warn(message: &str) {
    web_sys::console::warn_1(&format!("hydraulic erosion: {message}").into());
}

/// Shows the icon named `name` (`.icon-{name}`) of a button that holds two,
/// hiding the other, as the original does: the icon shows what a click will
/// do, read from the actual state.
pub fn show_icon(button: &Element, name: &str) {
    let wanted = format!("icon-{name}");
    for icon in elements(button.query_selector_all("svg")) {
        let _ = icon.class_list().toggle_with_force("hidden", !icon.class_list().contains(&wanted));
    }
}

/// The elements a `querySelectorAll` `found` (none where it failed).
pub fn elements(found: Result<NodeList, JsValue>) -> impl Iterator<Item = Element> {
    let list = found.ok();
    let length = list.as_ref().map_or(0, NodeList::length);
    (0..length).filter_map(move |k| list.as_ref()?.item(k)?.dyn_into().ok())
}
