//! The sketch's workers: dedicated workers that run the same module as the
//! page (handed the page's compiled `WebAssembly.Module`, so nothing is
//! fetched or compiled twice), each running one or more sketches (a post's
//! figures share a few, [`super::worker_pool`]), each sketch drawing on the
//! `OffscreenCanvas`es the page transferred to it, with the worker's
//! animation frames. The page keeps the controls, the theme, the address
//! bar, the clipboard and the downloads, and the two exchange small
//! messages, each addressed to one sketch by its number:
//!
//! - to the worker: `{ id, run: { canvas, canvas3d, start, carried, seen } }`
//!   starts sketch `id`, `{ id, message }` hands it a message's packet, and
//!   `{ id, end: true }` ends it;
//! - from the worker: [`READY`] once its module is instantiated, then
//!   `{ id, report }`, a report's packet, or `{ id, failed }` where sketch
//!   `id` could not start (why).
//!
//! A worker of the same kind routes a big map's rivers for a sketch
//! (`route` and `routed` letters, [`super::routing_worker`]).

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, OffscreenCanvas};

use crate::sketch::{Sketch, Start};

use super::letters::{letter, read_letter};
use super::messages::{self, Carrying, Report};
use super::painter::CanvasPainter;
use super::routing_worker;
use super::sketch_loop::SketchLoop;
use super::surface::Surface;

/// What a worker says once its module is instantiated, before it is given
/// a sketch to run (www/sketch-worker.js posts it).
pub const READY: &str = "ready";

/// The letter that has a worker run sketch `id`: the sketch `start`
/// describes (carrying on what another sketch `carried`, if any), drawing
/// on `canvas` (and the 3D view on `canvas_3d`); `seen` says whether the
/// reader can see it now. With it, what it transfers: the canvases.
pub fn run_letter(
    id: u32,
    canvas: OffscreenCanvas,
    canvas_3d: OffscreenCanvas,
    start: &Start,
    carried: Option<&Carrying>,
    seen: bool,
) -> (JsValue, Array) {
    let run = Object::new();
    let carried = carried.map_or(JsValue::NULL, Carrying::to_js);
    let _ = Reflect::set(&run, &"canvas".into(), &canvas);
    let _ = Reflect::set(&run, &"canvas3d".into(), &canvas_3d);
    let _ = Reflect::set(&run, &"start".into(), &messages::start_to_js(start));
    let _ = Reflect::set(&run, &"carried".into(), &carried);
    let _ = Reflect::set(&run, &"seen".into(), &seen.into());
    (letter(id, "run", &run), Array::of2(&canvas, &canvas_3d))
}

/// The sketch a worker (or the full build on the page) is asked to run:
/// `start` as a packet, and what another build `carried` (a packet, or
/// null for a fresh start).
pub fn sketch_from_js(start: &JsValue, carried: &JsValue) -> Result<Sketch, JsValue> {
    let start = messages::start_from_js(start).ok_or("not a start message")?;
    if carried.is_null() || carried.is_undefined() {
        return Ok(Sketch::new(start));
    }
    let carried = messages::carried_from_js(carried).ok_or("not what a sketch carries")?;
    Ok(Sketch::resume(start, carried).ok_or("the carried heights are not the map's")?)
}

thread_local! {
    /// In a worker: the sketches it runs, by number.
    static SKETCHES: RefCell<BTreeMap<u32, Rc<SketchLoop>>> = const { RefCell::new(BTreeMap::new()) };
}

/// In a worker: serves the page's letters from now on (and `waiting`, those
/// that came while the module started), running, feeding and ending the
/// sketches they name and posting their reports. Not for host pages: the
/// page's module calls it in the workers it starts (www/sketch-worker.js).
#[wasm_bindgen(js_name = serveSketches)]
pub fn serve_sketches(waiting: Array) -> Result<(), JsValue> {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().dyn_into()?;
    for letter in waiting.iter() {
        serve(&scope, &letter)?;
    }
    let for_letters = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        if let Err(error) = serve(&for_letters, &event.data()) {
            wasm_bindgen::throw_val(error);
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    Ok(())
}

/// Starts sketch `id` as a `run` letter says, posting its reports.
fn run_sketch(scope: &DedicatedWorkerGlobalScope, id: u32, run: &JsValue) -> Result<Rc<SketchLoop>, JsValue> {
    let field = |key: &str| Reflect::get(run, &key.into());
    let sketch = sketch_from_js(&field("start")?, &field("carried")?)?;
    let canvas = Surface::Offscreen(field("canvas")?.dyn_into()?);
    let canvas_3d = Surface::Offscreen(field("canvas3d")?.dyn_into()?);
    let painter = CanvasPainter::new(canvas, Some(canvas_3d))?;
    let post = scope.clone();
    Ok(SketchLoop::start(sketch, painter, field("seen")? != JsValue::FALSE, move |report: Report| {
        let (packet, transfer) = messages::report_to_js(&report);
        let _ = post.post_message_with_transfer(&letter(id, "report", &packet), &transfer);
    }))
}

/// Acts on one letter from the page.
fn serve(scope: &DedicatedWorkerGlobalScope, received: &JsValue) -> Result<(), JsValue> {
    if let Some((id, run)) = read_letter(received, "run") {
        match run_sketch(scope, id, &run) {
            Ok(running) => SKETCHES.with(|s| s.borrow_mut().insert(id, running)),
            // Only this sketch failed: the others the worker runs carry on
            Err(error) => return scope.post_message(&letter(id, "failed", &error)),
        };
    } else if let Some((id, packet)) = read_letter(received, "message") {
        let running = SKETCHES.with(|s| s.borrow().get(&id).cloned());
        if let (Some(running), Some(message)) = (running, messages::message_from_js(&packet)) {
            running.handle(message);
        }
    } else if let Some((_, packet)) = read_letter(received, "route") {
        // (a worker of its own, routing a big map's rivers for a sketch)
        routing_worker::route(scope, &packet)?;
    } else if let Some((id, _)) = read_letter(received, "end") {
        // Let go with all it kept; the frame it asked for is taken back
        if let Some(running) = SKETCHES.with(|s| s.borrow_mut().remove(&id)) {
            running.hand_over();
        }
    }
    Ok(())
}
