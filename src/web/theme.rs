//! The site's theme and the reader's motion preference.

use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MutationObserver, MutationObserverInit};

use crate::color_schemes::{scheme, ColorScheme, DARK, LIGHT};

use super::app::Page;
use super::dom::{document, window};

/// Whether the site is being read in its dark theme (`<html class="dark">`).
pub fn site_is_dark() -> bool {
    document().document_element().is_some_and(|html| html.class_list().contains("dark"))
}

/// The scheme that matches the site's theme.
pub fn site_scheme() -> &'static ColorScheme {
    scheme(if site_is_dark() { DARK } else { LIGHT }).expect("both site schemes exist")
}

/// Whether the reader has asked for less motion.
pub fn prefers_reduced_motion() -> bool {
    window().match_media("(prefers-reduced-motion: reduce)").ok().flatten().is_some_and(|m| m.matches())
}

/// Follows the site's theme while the page is open, unless the reader has
/// picked a scheme of their own.
pub fn follow_site_theme(page: &Rc<Page>) {
    let page = page.clone();
    let on_change = Closure::<dyn FnMut()>::new(move || {
        let wanted = site_scheme();
        let follows = { !page.app.borrow().scheme_picked && page.app.borrow().scheme.key != wanted.key };
        if follows {
            page.update(|app| {
                app.scheme = wanted;
                app.controls.show_scheme(wanted.key);
            });
        }
    });
    let Ok(observer) = MutationObserver::new(on_change.as_ref().unchecked_ref()) else { return };
    on_change.forget();
    let options = MutationObserverInit::new();
    options.set_attributes(true);
    options.set_attribute_filter(&js_sys::Array::of1(&"class".into()));
    if let Some(html) = document().document_element() {
        let _ = observer.observe_with_options(&html, &options);
    }
}
