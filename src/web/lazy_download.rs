//! Downloads made by modules of their own, fetched the first time a reader
//! asks for one, so their crates are never part of the page's first
//! download: "Save heightmap" (`heightmap-encoder.js`, the `png` crate) and
//! "Save STL" / "Save glTF" (`mesh-exporter.js`, `stl_io` and `gltf-json`).
//! Each module is built beside the page's (see `www/index.html`).

use js_sys::{Array, Function, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use super::canvas::MapNote;
use super::dom::{download, warn};
use super::snippet::import_module;

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

/// How the map's note begins when a file could not be saved.
const NOT_SAVED: &str = "Not saved: ";

/// Loads the module if it is not yet, makes the file and downloads it. What
/// went wrong, if anything did, is a warning and the map's `note` (a reader
/// on a network that comes and goes tries again; a file saved then takes
/// the note back).
pub fn save(made: Made, note: MapNote) {
    wasm_bindgen_futures::spawn_local(async move {
        match make_and_download(made).await {
            Ok(()) => note.take_back(|said| said.starts_with(NOT_SAVED)),
            Err(problem) => {
                warn(&problem);
                note.say(&format!("{NOT_SAVED}{problem}. Try again."));
            }
        }
    });
}

async fn make_and_download(made: Made) -> Result<(), String> {
    let Made { module, function, args, mime, name, what } = made;
    let loaded = JsFuture::from(import_module(module))
        .await
        .map_err(|_| format!("the module that makes the {what} could not be loaded"))?;
    let not_made = || format!("the {what} could not be made");
    let make = Reflect::get(&loaded, &function.into()).ok().and_then(|f| f.dyn_into::<Function>().ok());
    let file = make.and_then(|f| f.apply(&JsValue::NULL, &args).ok()).filter(|f| f.is_instance_of::<Uint8Array>());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob =
        web_sys::Blob::new_with_u8_array_sequence_and_options(&Array::of1(&file.ok_or_else(not_made)?), &options)
            .map_err(|_| not_made())?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| not_made())?;
    download(&url, &name);
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}
