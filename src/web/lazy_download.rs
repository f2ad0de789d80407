//! Downloads made by modules of their own, fetched the first time a reader
//! asks for one, so their crates are never part of the page's first
//! download: "Save heightmap" (`heightmap-encoder.js`, the `png` crate) and
//! "Save STL" / "Save glTF" (`mesh-exporter.js`, `stl_io` and `gltf-json`).
//! Each module is built beside the page's (see `www/index.html`).

use js_sys::{Array, Function, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::dom::{download, warn};

#[wasm_bindgen(inline_js = r#"
// This snippet sits two folders below the page's module, beside which the
// modules are built; each is loaded (and its wasm started) once
const loading = new Map()
export function importModule(name) {
  if (!loading.has(name)) {
    loading.set(name, import(new URL(`../../${name}.js`, import.meta.url).href)
      .then(async module => { await module.default(); return module }))
  }
  return loading.get(name)
}
"#)]
extern "C" {
    #[wasm_bindgen(js_name = importModule)]
    fn import_module(name: &str) -> js_sys::Promise;
}

/// A file one of the modules makes.
pub struct Made {
    /// The module (`heightmap-encoder`) and its function (`encode`).
    pub module: &'static str,
    pub function: &'static str,
    pub args: Array,
    pub mime: &'static str,
    /// The file's name, and what it is, for a warning.
    pub name: String,
    pub what: &'static str,
}

/// Loads the module if it is not yet, makes the file and downloads it.
pub fn save(made: Made) {
    let Made { module, function, args, mime, name, what } = made;
    let on_loaded = Closure::once(move |loaded: JsValue| {
        let make = Reflect::get(&loaded, &function.into()).ok().and_then(|f| f.dyn_into::<Function>().ok());
        let file = make.and_then(|f| f.apply(&JsValue::NULL, &args).ok()).filter(|f| f.is_instance_of::<Uint8Array>());
        let options = web_sys::BlobPropertyBag::new();
        options.set_type(mime);
        let url = file
            .map(|bytes| Array::of1(&bytes))
            .and_then(|parts| web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options).ok())
            .and_then(|blob| web_sys::Url::create_object_url_with_blob(&blob).ok());
        match url {
            Some(url) => {
                download(&url, &name);
                let _ = web_sys::Url::revoke_object_url(&url);
            }
            None => warn(&format!("the {what} could not be made")),
        }
    });
    let on_failed =
        Closure::once(move |_: JsValue| warn(&format!("the module that makes the {what} could not be loaded")));
    let _ = import_module(module).then2(&on_loaded, &on_failed);
    on_loaded.forget();
    on_failed.forget();
}
