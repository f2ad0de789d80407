//! The heightmap encoder as a WebAssembly module of its own. The page
//! imports it only when a reader saves a heightmap, so the `png` crate it
//! carries is never part of the page's first download.

use wasm_bindgen::prelude::*;

/// The heights (320 × 180, row by row) as a 16-bit greyscale PNG file.
#[wasm_bindgen]
pub fn encode(heights: &[f32]) -> Vec<u8> {
    hydraulic_erosion::heightmap::encode(heights)
}

fn main() {}
