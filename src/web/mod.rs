//! The page: finds the holder and the controls by the original's IDs, runs
//! the sketch (in a worker where the browser can draw there, on the main
//! thread otherwise), and follows the site's theme, the holder's size and
//! whether anyone can see it. It translates between the browser and the
//! sketch and decides nothing about erosion. A post's figures
//! (`<hydraulic-erosion>`, `figure`) are sketches of their own, hosted the
//! same way.
//!
//! The page's modules are built from it (`page`, with everything above),
//! and before them the first picture's (`first_picture`), which draws the
//! map once while the page's, over twice its size, is still coming.

// What the first picture's own module draws with (it uses only part of
// each), and what the page's module hands over from it
#[cfg_attr(not(feature = "page"), allow(dead_code))]
mod canvas;
#[cfg_attr(not(feature = "page"), allow(dead_code))]
mod dom;
mod first_picture;
#[cfg_attr(not(feature = "page"), allow(dead_code))]
mod gl_view;
#[cfg_attr(not(feature = "page"), allow(dead_code))]
mod painter;
#[cfg_attr(not(feature = "page"), allow(dead_code))]
mod surface;
#[cfg_attr(not(feature = "page"), allow(dead_code))]
mod theme;

// The page's module alone
#[cfg(feature = "page")]
mod brush;
#[cfg(feature = "page")]
mod builds;
#[cfg(feature = "page")]
mod controls;
#[cfg(feature = "page")]
mod figure;
#[cfg(feature = "page")]
mod full_build;
#[cfg(feature = "page")]
mod ground_file;
#[cfg(feature = "page")]
mod host;
#[cfg(feature = "page")]
mod lazy_download;
#[cfg(feature = "page")]
mod letters;
#[cfg(feature = "page")]
mod messages;
#[cfg(feature = "page")]
mod orbit_controls;
#[cfg(feature = "page")]
mod page;
#[cfg(feature = "page")]
mod routing_worker;
#[cfg(feature = "page")]
mod sharing;
#[cfg(feature = "page")]
mod sketch_loop;
#[cfg(feature = "page")]
mod snippet;
#[cfg(feature = "page")]
mod time_lapse;
#[cfg(feature = "page")]
mod undo_keys;
#[cfg(feature = "page")]
mod visibility;
#[cfg(feature = "page")]
mod worker;
#[cfg(feature = "page")]
mod worker_pool;

use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

use crate::share::link::MapLink;
use crate::sketch::Start;

use canvas::CanvasElement;
use dom::document;

/// The attribute that marks the holder a sketch runs in.
const RUNNING: &str = "data-sketch-running";

/// The page's `#sketch-holder`, unless it has none or a sketch already runs
/// in it (the full build, loaded on a page its own module runs, only draws
/// where it is asked to). Both modules start from it.
fn free_holder() -> Option<HtmlElement> {
    let holder = document().get_element_by_id("sketch-holder")?.dyn_into::<HtmlElement>().ok()?;
    (!holder.has_attribute(RUNNING)).then_some(holder)
}

/// New seeds are drawn below this, as in the original.
const NEW_SEED_BELOW: f64 = 1_000_000.0;

/// A new seed, as the original rolls one.
fn random_seed() -> u32 {
    (js_sys::Math::random() * NEW_SEED_BELOW).floor() as u32
}

/// How a sketch starts drawing on `element` by `link`: as big as the holder
/// is now, in the site's theme and with the reader's motion preference. The
/// first picture and the page's module start alike, so the page's first
/// frame is the picture it takes down.
fn sketch_start(element: &CanvasElement, link: MapLink, capped: bool) -> Start {
    Start {
        link,
        capped,
        site_dark: theme::site_is_dark(),
        reduced_motion: theme::prefers_reduced_motion(),
        paused: false,
        size: element.measure(),
    }
}

#[cfg(all(test, feature = "page"))]
mod tests;
