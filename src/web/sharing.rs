//! Links in the address bar and on the clipboard: the page's state goes into
//! the URL's query (by `history.replaceState`, so no history entry per
//! change), leaving the host page's own parameters and hash alone.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::share::link::{self, Reading};

use super::dom::{warn, window};

/// The link in the address bar now.
pub fn read_address() -> Reading {
    let reading = link::read(&window().location().search().unwrap_or_default());
    for w in &reading.warnings {
        warn(w);
    }
    reading
}

/// Puts a link's query of ours (`he-…` parameters) into the address bar,
/// beside the host page's own parameters, unless it is there already.
pub fn write_address(ours: &str) {
    let location = window().location();
    let search = location.search().unwrap_or_default();
    let query = link::merge(&search, ours);
    if search == query {
        return;
    }
    let url = format!("{}{}{}", location.pathname().unwrap_or_default(), query, location.hash().unwrap_or_default());
    let _ = window().history().and_then(|h| h.replace_state_with_url(&JsValue::NULL, "", Some(&url)));
}

/// Copies `text` to the clipboard. `done(true)` once it is there, or
/// `done(false)` where the clipboard is unavailable or refuses.
pub fn copy(text: &str, done: impl FnOnce(bool) + 'static) {
    let clipboard = js_sys::Reflect::get(&window().navigator(), &"clipboard".into()).ok().filter(|c| c.is_object());
    let write = clipboard.as_ref().and_then(|c| js_sys::Reflect::get(c, &"writeText".into()).ok());
    let promise = match (clipboard, write.and_then(|w| w.dyn_into::<js_sys::Function>().ok())) {
        (Some(c), Some(w)) => w.call1(&c, &text.into()).ok().and_then(|p| p.dyn_into::<js_sys::Promise>().ok()),
        _ => None,
    };
    let Some(promise) = promise else {
        done(false);
        return;
    };
    let done = std::rc::Rc::new(std::cell::RefCell::new(Some(done)));
    let (ok, failed) = (done.clone(), done);
    let on_ok = Closure::once(move |_: JsValue| {
        if let Some(d) = ok.borrow_mut().take() {
            d(true)
        }
    });
    let on_failed = Closure::once(move |_: JsValue| {
        if let Some(d) = failed.borrow_mut().take() {
            d(false)
        }
    });
    let _ = promise.then2(&on_ok, &on_failed);
    on_ok.forget();
    on_failed.forget();
}
