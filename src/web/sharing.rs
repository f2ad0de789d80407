//! Links in the address bar and on the clipboard: the page's state goes into
//! the URL's query (by `history.replaceState`, so no history entry per
//! change), leaving the host page's own parameters and hash alone.

use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

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

/// A link to the map `ours` (a query of `he-` parameters) on the page at
/// `page` (an address, absolute or from this page's), beside that page's
/// own parameters and hash.
pub fn on_page(page: &str, ours: &str) -> String {
    let here = window().location().href().unwrap_or_default();
    let Ok(url) = web_sys::Url::new_with_base(page, &here) else { return page.to_string() };
    url.set_search(&link::merge(&url.search(), ours));
    url.href()
}

/// A figure's poster as its embed code names it: the picture's file (which
/// the page saves beside the code), the words for it, its size in pixels.
pub struct Poster {
    pub file: String,
    pub alt: String,
    pub size: (u32, u32),
}

/// The code that puts the map `ours` (a query of `he-` parameters) into a
/// post as a figure: the figures' style sheet (their boxes from the first
/// paint, so nothing below them moves as they load) and script, beside the
/// full page at `page`, once a post, then the figure's tag holding its
/// `poster` (shown until the map draws, and where scripts do not run).
pub fn embed_code(ours: &str, page: &str, poster: &Poster) -> String {
    let beside = |file: &str| web_sys::Url::new_with_base(file, page).map_or_else(|_| file.into(), |u| u.href());
    let (sheet, script) = (beside("element.css"), beside("element.js"));
    let (width, height) = poster.size;
    let image = format!(
        "<img src=\"{}\" alt=\"{}\" width=\"{width}\" height=\"{height}\">",
        link::attribute_value(&poster.file),
        link::attribute_value(&poster.alt)
    );
    format!(
        "<!-- Hydraulic erosion {}: the style sheet and script once a post (the sheet in its head), \
         then a tag a figure, holding its poster -->\n\
         <link rel=\"stylesheet\" href=\"{sheet}\">\n\
         <script type=\"module\" src=\"{script}\"></script>\n{}",
        crate::VERSION,
        link::figure_tag_holding(ours, &image)
    )
}

/// Copies `text` to the clipboard: true once it is there, false where the
/// clipboard is unavailable (an insecure page, an older browser) or refuses.
pub async fn copy(text: &str) -> bool {
    let clipboard = window().navigator().clipboard();
    if clipboard.is_undefined() {
        return false;
    }
    JsFuture::from(clipboard.write_text(text)).await.is_ok()
}
