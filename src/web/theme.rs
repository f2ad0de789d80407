//! The site's theme and the reader's motion preference.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MutationObserver, MutationObserverInit};

use super::dom::{document, window};

/// Whether the site is being read in its dark theme (`<html class="dark">`).
pub fn site_is_dark() -> bool {
    document().document_element().is_some_and(|html| html.class_list().contains("dark"))
}

const REDUCED_MOTION: &str = "(prefers-reduced-motion: reduce)";

/// Whether the reader has asked for less motion.
pub fn prefers_reduced_motion() -> bool {
    window().match_media(REDUCED_MOTION).ok().flatten().is_some_and(|m| m.matches())
}

/// Calls `changed(reduce)` whenever the reader changes their motion
/// preference while the page is open.
pub fn watch_reduced_motion(changed: impl Fn(bool) + 'static) {
    if let Some(query) = window().match_media(REDUCED_MOTION).ok().flatten() {
        let query_ = query.clone();
        super::dom::listen(&query, "change", move |_| changed(query_.matches()));
    }
}

/// Calls `changed(dark)` whenever the site's theme may have changed, while
/// the page is open.
pub fn watch_site_theme(changed: impl Fn(bool) + 'static) {
    let on_change = Closure::<dyn FnMut()>::new(move || changed(site_is_dark()));
    let Ok(observer) = MutationObserver::new(on_change.as_ref().unchecked_ref()) else { return };
    on_change.forget();
    let options = MutationObserverInit::new();
    options.set_attributes(true);
    options.set_attribute_filter(&js_sys::Array::of1(&"class".into()));
    if let Some(html) = document().document_element() {
        let _ = observer.observe_with_options(&html, &options);
    }
}
