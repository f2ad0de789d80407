//! The sketch's worker: a dedicated worker that runs the same module as the
//! page (handed the page's compiled `WebAssembly.Module`, so nothing is
//! fetched or compiled twice), owns the sketch, and draws on the
//! `OffscreenCanvas` the page transferred to it, with its own animation
//! frames. The page keeps the controls, the theme, the address bar, the
//! clipboard and the downloads, and the two exchange small messages.

use js_sys::Array;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, OffscreenCanvas, Worker};

use crate::sketch::{Carried, Sketch, Start};

use super::messages::{self, Report};
use super::painter::CanvasPainter;
use super::sketch_loop::SketchLoop;
use super::snippet::spawn_sketch_worker;
use super::surface::Surface;

/// What a worker says once its module is instantiated, before it is given
/// a sketch to run (www/sketch-worker.js posts it).
pub const READY: &str = "ready";

/// The page's own module, as the worker finds it beside the page.
pub const PAGE_MODULE: &str = "hydraulic-erosion";

/// The sketch's build for a worker: the module's name, and its compiled
/// wasm (the page's own, or the full build's, fetched once; a handle, so
/// cloning it copies no wasm).
#[derive(Clone)]
pub struct Build {
    pub name: &'static str,
    pub module: JsValue,
}

impl Build {
    /// This very module.
    pub fn this() -> Build {
        Build { name: PAGE_MODULE, module: wasm_bindgen::module() }
    }
}

/// Starts a worker on `build` and hands it the compiled module; it says
/// [`READY`] once the module is instantiated, and then waits for [`run`].
/// Starting it before the sketch is ready to move lets the page draw its
/// first frames meanwhile.
pub fn spawn(build: &Build) -> Result<Worker, JsValue> {
    let worker = spawn_sketch_worker(build.name)?;
    let first = js_sys::Object::new();
    js_sys::Reflect::set(&first, &"module".into(), &build.module)?;
    worker.post_message(&first)?;
    Ok(worker)
}

/// Has a ready `worker` run the sketch `start` describes (carrying on what
/// another sketch `carried`, if any), drawing on `canvas` (and the 3D view
/// on `canvas_3d`); `seen` says whether the reader can see it now.
pub fn run(
    worker: &Worker,
    canvas: OffscreenCanvas,
    canvas_3d: OffscreenCanvas,
    start: &Start,
    carried: Option<&Carried>,
    seen: bool,
) -> Result<(), JsValue> {
    let packet = js_sys::Object::new();
    let carried = carried.map_or(JsValue::NULL, messages::carried_to_js);
    js_sys::Reflect::set(&packet, &"canvas".into(), &canvas)?;
    js_sys::Reflect::set(&packet, &"canvas3d".into(), &canvas_3d)?;
    js_sys::Reflect::set(&packet, &"start".into(), &messages::start_to_js(start))?;
    js_sys::Reflect::set(&packet, &"carried".into(), &carried)?;
    js_sys::Reflect::set(&packet, &"seen".into(), &seen.into())?;
    worker.post_message_with_transfer(&packet, &Array::of2(&canvas, &canvas_3d))
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

/// In the worker: runs the sketch `start` describes (or carries on the one
/// another build `carried`) on `canvas` (the 3D view on `canvas_3d`), seen
/// by the reader or not (`seen`, false only when the page says so), posting
/// its reports to the page and handing it the page's messages. Not for host
/// pages: the page's module calls it in the worker it starts.
#[wasm_bindgen(js_name = runSketchWorker)]
pub fn run_sketch_worker(
    canvas: OffscreenCanvas,
    canvas_3d: OffscreenCanvas,
    start: JsValue,
    carried: JsValue,
    seen: JsValue,
) -> Result<(), JsValue> {
    let sketch = sketch_from_js(&start, &carried)?;
    let painter = CanvasPainter::new(Surface::Offscreen(canvas), Some(Surface::Offscreen(canvas_3d)))?;
    let scope: DedicatedWorkerGlobalScope = js_sys::global().dyn_into()?;
    let post = scope.clone();
    let running = SketchLoop::start(sketch, painter, seen != JsValue::FALSE, move |report: Report| {
        let (message, transfer) = messages::report_to_js(&report);
        let _ = post.post_message_with_transfer(&message, &transfer);
    });
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        if let Some(message) = messages::message_from_js(&event.data()) {
            running.handle(message);
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    Ok(())
}
