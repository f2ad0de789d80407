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

use crate::sketch::{Sketch, Start};

use super::messages::{self, Report};
use super::painter::CanvasPainter;
use super::sketch_loop::SketchLoop;
use super::surface::Surface;

#[wasm_bindgen(inline_js = r#"
// Whether this browser can run the sketch in a worker: a 2D context on an
// OffscreenCanvas, a canvas that hands its drawing over, and module workers
export function canRunSketchWorker() {
  try {
    if (typeof OffscreenCanvas !== 'function' || !HTMLCanvasElement.prototype.transferControlToOffscreen) return false
    if (!new OffscreenCanvas(1, 1).getContext('2d')) return false
    // Reading the options' type is how a browser that knows module workers
    // gives itself away; the worker itself is never started
    let modules = false
    const probe = { get type() { modules = true; return 'classic' } }
    try { new Worker('blob://', probe).terminate() } catch (e) {}
    return modules
  } catch (e) {
    return false
  }
}

// The worker: it loads this very module (beside which this snippet sits,
// two folders down), waits for the page's first message (the compiled
// module, the canvas, how to start), starts the sketch, then hands it every
// message that came meanwhile
export function spawnSketchWorker() {
  const glue = new URL('../../hydraulic-erosion.js', import.meta.url).href
  const source = `
const queue = []
let wake = null
self.onmessage = event => { queue.push(event.data); if (wake) { wake(); wake = null } }
const next = async () => { while (!queue.length) await new Promise(resolve => { wake = resolve }); return queue.shift() }
const glue = await import(${JSON.stringify(glue)})
const first = await next()
await glue.default({ module_or_path: first.module })
glue.runSketchWorker(first.canvas, first.canvas3d, first.start)
for (const data of queue.splice(0)) self.onmessage(new MessageEvent('message', { data }))
`
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }))
  return new Worker(url, { type: 'module', name: 'hydraulic-erosion' })
}
"#)]
extern "C" {
    #[wasm_bindgen(js_name = canRunSketchWorker)]
    pub fn can_run_sketch_worker() -> bool;
    #[wasm_bindgen(js_name = spawnSketchWorker, catch)]
    fn spawn_sketch_worker() -> Result<Worker, JsValue>;
}

/// Starts the sketch's worker, drawing on `canvas` (and the 3D view on
/// `canvas_3d`), and sends it `start`.
pub fn spawn(canvas: OffscreenCanvas, canvas_3d: OffscreenCanvas, start: &Start) -> Result<Worker, JsValue> {
    let worker = spawn_sketch_worker()?;
    let first = js_sys::Object::new();
    js_sys::Reflect::set(&first, &"module".into(), &wasm_bindgen::module())?;
    js_sys::Reflect::set(&first, &"canvas".into(), &canvas)?;
    js_sys::Reflect::set(&first, &"canvas3d".into(), &canvas_3d)?;
    js_sys::Reflect::set(&first, &"start".into(), &messages::start_to_js(start))?;
    worker.post_message_with_transfer(&first, &Array::of2(&canvas, &canvas_3d))?;
    Ok(worker)
}

/// In the worker: runs the sketch `start` describes on `canvas` (the 3D
/// view on `canvas_3d`), posting
/// its reports to the page and handing it the page's messages. Not for host
/// pages: the page's module calls it in the worker it starts.
#[wasm_bindgen(js_name = runSketchWorker)]
pub fn run_sketch_worker(canvas: OffscreenCanvas, canvas_3d: OffscreenCanvas, start: JsValue) -> Result<(), JsValue> {
    let start = messages::start_from_js(&start).ok_or("not a start message")?;
    let painter = CanvasPainter::new(Surface::Offscreen(canvas), Some(Surface::Offscreen(canvas_3d)))?;
    let scope: DedicatedWorkerGlobalScope = js_sys::global().dyn_into()?;
    let post = scope.clone();
    let running = SketchLoop::start(Sketch::new(start), painter, move |report: Report| {
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
