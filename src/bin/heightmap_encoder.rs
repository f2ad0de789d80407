//! The heightmap encoder as a WebAssembly module of its own. The page
//! imports it only when a reader saves a heightmap, so the `png` crate it
//! carries is never part of the page's first download.

use hydraulic_erosion::grid::Grid;
use wasm_bindgen::prelude::*;

/// The heights of a map `cols` cells across (row by row) as a 16-bit
/// greyscale PNG file.
#[wasm_bindgen]
pub fn encode(heights: &[f32], cols: u32) -> Result<Vec<u8>, JsError> {
    let grid = Grid::of_rows(heights.len(), cols as usize)
        .ok_or_else(|| JsError::new(&format!("{} heights do not make rows of {cols}", heights.len())))?;
    Ok(hydraulic_erosion::share::heightmap::encode(grid, heights))
}

fn main() {}
