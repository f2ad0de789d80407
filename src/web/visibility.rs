//! Resting when unseen: the sketch draws no frames while its canvas is out
//! of the viewport (an embed the reader has scrolled past, in a post or in
//! an `<iframe>`) or the document is hidden, and carries on when it is seen
//! again.

use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, IntersectionObserver, IntersectionObserverEntry};

use super::dom::{document, listen};
use super::host::Host;

/// Watches whether `element` is in the viewport and the document visible,
/// and tells `host`.
pub fn rest_when_unseen(host: &Rc<Host>, element: &Element) {
    let host_ = host.clone();
    // Entries come in order: the last one for the element is where it is now
    let on_intersection = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
        let last = entries.iter().filter_map(|e| e.dyn_into::<IntersectionObserverEntry>().ok()).next_back();
        if let Some(entry) = last {
            host_.set_in_view(entry.is_intersecting());
        }
    });
    match IntersectionObserver::new(on_intersection.as_ref().unchecked_ref()) {
        Ok(observer) => {
            observer.observe(element);
            on_intersection.forget();
        }
        // A browser without it: the sketch counts as always in view
        Err(_) => super::dom::warn("no IntersectionObserver: the sketch keeps drawing out of view"),
    }

    let host = host.clone();
    host.set_hidden(document().hidden());
    listen(&document(), "visibilitychange", move |_| host.set_hidden(document().hidden()));
}
