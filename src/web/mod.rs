//! The page: finds the holder and the controls by the original's IDs, runs
//! the sketch (in a worker where the browser can draw there, on the main
//! thread otherwise), and follows the site's theme, the holder's size and
//! whether anyone can see it. It translates between the browser and the
//! sketch and decides nothing about erosion.

mod canvas;
mod controls;
mod dom;
mod gl_view;
mod host;
mod lazy_download;
mod messages;
mod orbit_controls;
mod painter;
mod sharing;
mod sketch_loop;
mod surface;
mod theme;
mod visibility;
mod worker;

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, ResizeObserver};

use crate::settings::choices::Choice;
use crate::settings::sliders::Setting;
use crate::settings::toggles::Toggle;
use crate::sketch::{Input, Start};
use crate::terrain::fingerprint;

use canvas::CanvasElement;
use controls::{Action, Controls};
use dom::{document, listen};
use host::Host;
use messages::Message;

thread_local! {
    static HOST: RefCell<Option<Rc<Host>>> = const { RefCell::new(None) };
}

/// Starts the sketch in `#sketch-holder`. A page without one is using this
/// module only for its `Terrain`, and nothing starts; nor does anything in
/// the sketch's worker, which runs this module too and is started by the
/// page (`runSketchWorker`).
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
    if web_sys::window().is_none() {
        return;
    }
    let Some(holder) = document().get_element_by_id("sketch-holder").and_then(|e| e.dyn_into::<HtmlElement>().ok())
    else {
        return;
    };
    // A link brings its map back; a page without one starts a new map
    let shared = sharing::read_address();
    let mut link = shared.link;
    link.seed = Some(link.seed.unwrap_or_else(controls::random_seed));
    let element = CanvasElement::new(holder.clone());
    let start = Start {
        link,
        capped: shared.capped,
        site_dark: theme::site_is_dark(),
        reduced_motion: theme::prefers_reduced_motion(),
        size: element.measure(),
    };
    let controls = Rc::new(Controls::find());
    controls.fill(&start);

    let host = Host::start(controls.clone(), element, start);
    let host_ = host.clone();
    controls.wire(Rc::new(move |action: Action| host_.act(action)));
    let host_ = host.clone();
    theme::watch_site_theme(move |dark| host_.send(Message::Input(Input::SiteTheme { dark })));
    let host_ = host.clone();
    theme::watch_reduced_motion(move |reduce| host_.send(Message::Input(Input::ReducedMotion(reduce))));
    watch_size(&holder, &host, &controls);
    orbit_controls::wire(&holder, &host);
    visibility::rest_when_unseen(&host, &holder);
    HOST.with(|h| *h.borrow_mut() = Some(host));
}

/// Only the drawing changes size, never the terrain: a new size redraws.
fn watch_size(holder: &HtmlElement, host: &Rc<Host>, controls: &Rc<Controls>) {
    let host_ = host.clone();
    let on_resize = Closure::<dyn FnMut()>::new(move || host_.resize());
    if let Ok(observer) = ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
        observer.observe(holder);
    }
    on_resize.forget();
    let (host, controls) = (host.clone(), controls.clone());
    listen(&document(), "fullscreenchange", move |_| {
        controls.show_fullscreen_state();
        host.resize();
    });
}

fn with_host<T>(answer: impl FnOnce(&Host) -> T) -> Option<T> {
    HOST.with(|h| h.borrow().as_ref().map(|host| answer(host)))
}

/// The running sketch's state, for tests and the bench page, as of its
/// latest frame: `{ seed, drops, frames, looping, replaying, resting, scheme,
/// heightsHash, changes, exact, canvas: [width, height], grid: [cols, rows],
/// thread, settings: { name: value }, toggles: { name: on }, choices: {
/// name: key }, trees, treesGrowing, view, camera: { yaw, pitch, distance },
/// drawMs }` (`trees` how many stand,
/// `treesGrowing` whether more are on their way, `view` "2d" or "3d" and
/// `camera` the 3D view's (radians and map units), `drawMs` how long the
/// last frame's drawing took on the sketch's thread, `changes` the timeline's
/// length, `exact` whether a link replays it exactly, `canvas` the backing
/// store's size, `thread` where the sketch runs: "worker" or "main",
/// `settled` whether it takes in every control the reader has touched: a
/// worker answers a moment later), or `null` when no sketch runs or it has
/// not reported yet.
#[wasm_bindgen(js_name = pageState)]
pub fn page_state() -> JsValue {
    with_host(|host| {
        let Some(status) = host.status() else { return JsValue::NULL };
        let settings = Object::new();
        for s in Setting::ALL {
            let _ = Reflect::set(&settings, &s.slider().name.into(), &status.settings.get(s).into());
        }
        let toggles = Object::new();
        for t in Toggle::ALL {
            let _ = Reflect::set(&toggles, &t.row().name.into(), &status.toggles.get(t).into());
        }
        let choices = Object::new();
        for c in Choice::ALL {
            let _ = Reflect::set(&choices, &c.row().name.into(), &status.choices.key(c).into());
        }
        let grid = status.choices.grid();
        let hash = host.heights().map(|h| format!("{:016x}", fingerprint(&h.to_vec()))).unwrap_or_default();
        let state = Object::new();
        let camera = Object::new();
        for (key, value) in
            [("yaw", status.camera.yaw), ("pitch", status.camera.pitch), ("distance", status.camera.distance)]
        {
            let _ = Reflect::set(&camera, &key.into(), &value.into());
        }
        let view = if status.toggles.get(Toggle::View) { "3d" } else { "2d" };
        let fields: [(&str, JsValue); 22] = [
            ("seed", status.seed.into()),
            ("drops", (status.drops as f64).into()),
            ("frames", (status.frames as f64).into()),
            ("looping", status.looping.into()),
            ("replaying", status.replaying.into()),
            ("resting", (!host.seen()).into()),
            ("changes", (status.changes as f64).into()),
            ("exact", status.exact.into()),
            ("scheme", status.scheme.into()),
            ("heightsHash", hash.into()),
            ("canvas", Array::of2(&status.canvas.0.into(), &status.canvas.1.into()).into()),
            ("thread", host.thread().into()),
            ("settled", host.settled().into()),
            ("settings", settings.into()),
            ("toggles", toggles.into()),
            ("choices", choices.into()),
            ("trees", (status.trees as f64).into()),
            ("treesGrowing", status.trees_growing.into()),
            ("view", view.into()),
            ("camera", camera.into()),
            ("drawMs", status.draw_ms.into()),
            ("grid", Array::of2(&(grid.cols as u32).into(), &(grid.rows as u32).into()).into()),
        ];
        for (key, value) in fields {
            let _ = Reflect::set(&state, &key.into(), &value);
        }
        state.into()
    })
    .unwrap_or(JsValue::NULL)
}

/// How many frames the running sketch has drawn (0 when none runs): a probe
/// cheap enough to poll on every animation frame, as the bench does to see
/// when the first frame is drawn, without disturbing the page it measures.
#[wasm_bindgen(js_name = pageFrames)]
pub fn page_frames() -> f64 {
    with_host(|host| host.status().map_or(0.0, |s| s.frames as f64)).unwrap_or(0.0)
}

/// The running sketch's heights as of its latest frame (`grid` of
/// `pageState()` in size, row by row, a copy), or `null` when no sketch runs.
#[wasm_bindgen(js_name = pageHeights)]
pub fn page_heights() -> JsValue {
    with_host(|host| host.heights().map_or(JsValue::NULL, |h| js_sys::Float32Array::new(&h).into()))
        .unwrap_or(JsValue::NULL)
}

#[cfg(test)]
mod tests;
