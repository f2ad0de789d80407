//! The page: finds the holder and the controls by the original's IDs, runs
//! the sketch on a Canvas2D, and follows the site's theme. It translates
//! between the browser and the simulation and decides nothing about erosion.

mod app;
mod canvas;
mod controls;
mod dom;
mod heightmap_download;
mod sharing;
mod theme;
mod visibility;

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, ResizeObserver};

use crate::settings::Setting;
use crate::share::replay::Replay;
use crate::share::timeline::Timeline;
use crate::terrain::Terrain;

use app::{App, Page};
use canvas::Canvas;
use controls::Controls;
use dom::document;

thread_local! {
    static PAGE: RefCell<Option<Rc<Page>>> = const { RefCell::new(None) };
}

/// Starts the sketch in `#sketch-holder`. A page without one is using this
/// module only for its `Terrain`, and nothing starts.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
    let Some(holder) = document().get_element_by_id("sketch-holder").and_then(|e| e.dyn_into::<HtmlElement>().ok())
    else {
        return;
    };
    // A link brings its map back: the same seed and starting settings, then
    // its drops replayed with each change of its timeline at its drop count;
    // a page without one starts a new map
    let shared = sharing::read_address();
    let link = shared.link;
    let seed = link.seed.unwrap_or_else(controls::random_seed);
    let scheme = link.scheme.and_then(crate::color_schemes::scheme).unwrap_or_else(theme::site_scheme);
    let terrain = Terrain::with_settings(seed, link.settings.clone());
    let mut app = App::new(terrain, Canvas::new(holder.clone()), Controls::find(), scheme);
    app.timeline = Timeline::from_link(&link.settings, link.timeline.clone());
    app.scheme_picked = link.scheme.is_some();
    app.show_rivers = link.rivers;
    app.debug = link.debug;
    app.terrain.set_show_original(link.original);
    app.terrain.set_record_paths(link.debug);
    // It starts raining straight away, unless the reader asked for less
    // motion or came by a link with drops, whose map is shown as shared
    app.reduced_motion = theme::prefers_reduced_motion();
    app.looping = !app.reduced_motion && link.drops == 0;
    if link.drops > 0 {
        app.replay = Some(Replay::new(link.drops, link.timeline));
        app.replay_capped = shared.capped;
        app.canvas.set_busy(true);
    }
    app.controls.fill(&app);

    let page = Page::new(app);
    controls::wire(&page);
    theme::follow_site_theme(&page);
    watch_size(&holder, &page);
    let canvas = page.app.borrow().canvas.element().clone();
    visibility::rest_when_unseen(&page, &canvas);
    page.request_frame();
    PAGE.with(|p| *p.borrow_mut() = Some(page));
}

/// Only the drawing changes size, never the terrain: a new size redraws.
fn watch_size(holder: &HtmlElement, page: &Rc<Page>) {
    let page = page.clone();
    let on_resize = Closure::<dyn FnMut()>::new(move || page.update(|app| app.canvas.fit()));
    if let Ok(observer) = ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
        observer.observe(holder);
    }
    on_resize.forget();
}

/// The running sketch's state, for tests and the bench page: `{ seed, drops,
/// frames, looping, replaying, resting, scheme, heightsHash, changes, exact,
/// settings: { name: value } }` (`changes` the timeline's length, `exact`
/// whether a link replays it exactly), or `null` when no sketch runs.
#[wasm_bindgen(js_name = pageState)]
pub fn page_state() -> JsValue {
    PAGE.with(|p| {
        let Some(page) = p.borrow().clone() else { return JsValue::NULL };
        let app = page.app.borrow();
        let settings = Object::new();
        for s in Setting::ALL {
            let _ = Reflect::set(&settings, &s.slider().name.into(), &app.terrain.settings().get(s).into());
        }
        let state = Object::new();
        let fields: [(&str, JsValue); 11] = [
            ("seed", app.terrain.seed().into()),
            ("drops", (app.terrain.drops() as f64).into()),
            ("frames", (app.frames() as f64).into()),
            ("looping", app.looping.into()),
            ("replaying", app.replay.is_some().into()),
            ("resting", (!page.seen()).into()),
            ("changes", app.timeline.changes().len().into()),
            ("exact", app.timeline.is_exact().into()),
            ("scheme", app.scheme.key.into()),
            ("heightsHash", app.terrain.heights_hash_hex().into()),
            ("settings", settings.into()),
        ];
        for (key, value) in fields {
            let _ = Reflect::set(&state, &key.into(), &value);
        }
        state.into()
    })
}

/// How many frames the running sketch has drawn (0 when none runs): a probe
/// cheap enough to poll on every animation frame, as the bench does to see
/// when the first frame is drawn, without disturbing the page it measures.
#[wasm_bindgen(js_name = pageFrames)]
pub fn page_frames() -> f64 {
    PAGE.with(|p| p.borrow().as_ref().map_or(0.0, |page| page.app.borrow().frames() as f64))
}

/// The running sketch's heights now (320 × 180, row by row, a copy), or
/// `null` when no sketch runs.
#[wasm_bindgen(js_name = pageHeights)]
pub fn page_heights() -> JsValue {
    PAGE.with(|p| match p.borrow().as_ref() {
        Some(page) => js_sys::Float32Array::from(page.app.borrow().terrain.heights()).into(),
        None => JsValue::NULL,
    })
}

#[cfg(test)]
mod tests;
