//! The builds a sketches' worker runs: the page's own module or the full
//! build's, by the name of its files beside the page, with its compiled
//! wasm.

use wasm_bindgen::prelude::*;
use web_sys::Worker;

use super::snippet::spawn_sketch_worker;

/// The page's own module, as the worker finds it beside the page.
pub const PAGE_MODULE: &str = "hydraulic-erosion";

/// The full build's module, beside the page's.
pub const FULL_MODULE: &str = "hydraulic-erosion-full";

/// The sketch's build for a worker: the module's name, and its compiled
/// wasm (the page's own, or the full build's, fetched once; a handle, so
/// cloning it copies no wasm).
#[derive(Clone)]
pub struct Build {
    pub name: &'static str,
    pub module: JsValue,
}

impl Build {
    /// This very module: the page's, or the full build's.
    pub fn this() -> Build {
        let name = if crate::FULL { FULL_MODULE } else { PAGE_MODULE };
        Build { name, module: wasm_bindgen::module() }
    }

    /// A sketches' worker (www/sketch-worker.js) started on this build and
    /// handed its compiled wasm; it says [`super::worker::READY`] once the
    /// module is instantiated.
    pub fn spawn(&self) -> Result<Worker, JsValue> {
        spawn_sketch_worker(self.name, &self.module)
    }
}
