//! The full build as the page's module fetches and runs it
//! ([`crate::sketch::builds`]): its wasm fetched and compiled once, on the
//! main thread, then run in the sketch's worker or, in a browser that cannot
//! draw from a worker, here on the page, behind a port that takes and gives
//! the same packets a worker does.

use js_sys::{Array, Function, Object, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::HtmlCanvasElement;

use crate::sketch::Start;

use super::builds::{Build, FULL_MODULE};
use super::messages::{self, Carrying};
use super::snippet::{compile_module, import_glue};

thread_local! {
    /// The full build on its way or come, for every sketch on the page
    /// (the page's, and each figure's) to share.
    static FETCHED: std::cell::RefCell<Option<Promise>> = const { std::cell::RefCell::new(None) };
}

/// The full build, fetched and compiled once for the page, whichever
/// sketch asks first; asked again after it could not be had, it is
/// fetched again.
pub async fn fetch() -> Result<Build, JsValue> {
    let coming = FETCHED.with(|f| f.borrow_mut().get_or_insert_with(|| compile_module(FULL_MODULE)).clone());
    match JsFuture::from(coming).await {
        Ok(module) => Ok(Build { name: FULL_MODULE, module }),
        Err(error) => {
            FETCHED.with(|f| f.borrow_mut().take());
            Err(error)
        }
    }
}

/// Runs the full build's sketch here, on the page: its glue imported and
/// started with the compiled `build`, drawing on these canvases, from
/// `start` (or carrying on what another build `carried`), seen by the
/// reader or not, answering `report` with packets. Returns its port: post
/// it packets.
pub async fn run_here(
    build: &Build,
    canvas: &HtmlCanvasElement,
    canvas_3d: &HtmlCanvasElement,
    start: &Start,
    carried: Option<&Carrying>,
    seen: bool,
    report: &Function,
) -> Result<JsValue, JsValue> {
    let glue = JsFuture::from(import_glue(build.name)).await?;
    let init: Function = Reflect::get(&glue, &"default".into())?.dyn_into()?;
    let options = Object::new();
    Reflect::set(&options, &"module_or_path".into(), &build.module)?;
    JsFuture::from(init.call1(&JsValue::NULL, &options)?.dyn_into::<Promise>()?).await?;
    let run: Function = Reflect::get(&glue, &"runSketchHere".into())?.dyn_into()?;
    let carried = carried.map_or(JsValue::NULL, Carrying::to_js);
    let args: Array =
        [canvas.into(), canvas_3d.into(), messages::start_to_js(start), carried, seen.into(), report.into()]
            .into_iter()
            .collect();
    run.apply(&JsValue::NULL, &args)
}

/// Posts a packet to a port [`run_here`] returned.
pub fn post(port: &JsValue, packet: &JsValue) {
    let post = Reflect::get(port, &"post".into()).ok().and_then(|p| p.dyn_into::<Function>().ok());
    if let Some(post) = post {
        let _ = post.call1(port, packet);
    }
}

/// A sketch the full build runs on the page, for the page's module to post
/// its messages to.
#[cfg(feature = "full")]
#[wasm_bindgen]
pub struct SketchPort {
    running: std::rc::Rc<super::sketch_loop::SketchLoop>,
}

#[cfg(feature = "full")]
#[wasm_bindgen]
impl SketchPort {
    /// Hands the sketch a message's packet.
    pub fn post(&self, packet: JsValue) {
        if let Some(message) = messages::message_from_js(&packet) {
            self.running.handle(message);
        }
    }
}

/// In the full build, on a page whose browser cannot draw from a worker:
/// runs the sketch `start` describes (or carries on the one another build
/// `carried`) on these canvases, on the page's thread, seen by the reader
/// or not, calling `report`
/// with its reports' packets. Not for host pages: the page's module calls
/// it ([`run_here`]).
#[cfg(feature = "full")]
#[wasm_bindgen(js_name = runSketchHere)]
pub fn run_sketch_here(
    canvas: HtmlCanvasElement,
    canvas_3d: HtmlCanvasElement,
    start: JsValue,
    carried: JsValue,
    seen: bool,
    report: Function,
) -> Result<SketchPort, JsValue> {
    use super::painter::CanvasPainter;
    use super::surface::Surface;
    let sketch = super::worker::sketch_from_js(&start, &carried)?;
    let painter = CanvasPainter::new(Surface::Element(canvas), Some(Surface::Element(canvas_3d)))?;
    let running = super::sketch_loop::SketchLoop::start(sketch, painter, seen, move |r| {
        let (packet, _) = messages::report_to_js(&r);
        let _ = report.call1(&JsValue::NULL, &packet);
    });
    Ok(SketchPort { running })
}
