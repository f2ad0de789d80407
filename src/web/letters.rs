//! Letters between the page and its workers: `{ id, <key>: value }`, each
//! addressed to one sketch by its number (0 for a routing's worker, which
//! runs none).

use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;

/// A letter to or from a worker: `{ id, <key>: value }`.
pub fn letter(id: u32, key: &str, value: &JsValue) -> JsValue {
    let letter = Object::new();
    let _ = Reflect::set(&letter, &"id".into(), &id.into());
    let _ = Reflect::set(&letter, &key.into(), value);
    letter.into()
}

/// A letter's sketch number and what it holds under `key`, if it holds
/// anything there.
pub fn read_letter(letter: &JsValue, key: &str) -> Option<(u32, JsValue)> {
    let id = Reflect::get(letter, &"id".into()).ok()?.as_f64()?;
    let value = Reflect::get(letter, &key.into()).ok().filter(|v| !v.is_undefined())?;
    Some((id as u32, value))
}
