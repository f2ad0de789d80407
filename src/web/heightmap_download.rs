//! "Save heightmap": the terrain as a 16-bit greyscale PNG. The encoder is a
//! module of its own (`heightmap-encoder.js`, built beside the page's), only
//! fetched the first time a reader asks for a heightmap.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::dom::{download, warn};

#[wasm_bindgen(inline_js = r#"
// This snippet sits two folders below the page's module, beside which the
// encoder is built
export function importHeightmapEncoder() {
  return import(new URL('../../heightmap-encoder.js', import.meta.url).href)
    .then(async encoder => { await encoder.default(); return encoder })
}
"#)]
extern "C" {
    #[wasm_bindgen(js_name = importHeightmapEncoder)]
    fn import_heightmap_encoder() -> js_sys::Promise;
}

/// Encodes `heights`, `cols` cells across, and downloads the file as `name`.
pub fn save(heights: Vec<f32>, cols: u32, name: String) {
    let on_loaded = Closure::once(move |encoder: JsValue| {
        let encode =
            js_sys::Reflect::get(&encoder, &"encode".into()).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        let file =
            encode.and_then(|f| f.call2(&JsValue::NULL, &js_sys::Float32Array::from(&heights[..]), &cols.into()).ok());
        let parts = file.map(|bytes| js_sys::Array::of1(&bytes));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type("image/png");
        let url = parts
            .and_then(|p| web_sys::Blob::new_with_u8_array_sequence_and_options(&p, &options).ok())
            .and_then(|blob| web_sys::Url::create_object_url_with_blob(&blob).ok());
        match url {
            Some(url) => {
                download(&url, &name);
                let _ = web_sys::Url::revoke_object_url(&url);
            }
            None => warn("the heightmap could not be encoded"),
        }
    });
    let on_failed = Closure::once(|_: JsValue| warn("the heightmap encoder could not be loaded"));
    let _ = import_heightmap_encoder().then2(&on_loaded, &on_failed);
    on_loaded.forget();
    on_failed.forget();
}
