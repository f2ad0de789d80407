//! The heightmap encoder as a WebAssembly module of its own. The page
//! imports it only when a reader saves a heightmap or the maps, so the
//! `png` and `zip` crates it carries are never part of the page's first
//! download.

use hydraulic_erosion::grid::Grid;
use hydraulic_erosion::settings::sliders::Settings;
use hydraulic_erosion::share::map_archive;
use hydraulic_erosion::sketch::status::Field;
use wasm_bindgen::prelude::*;

/// The heights of a map `cols` cells across (row by row) as a 16-bit
/// greyscale PNG file.
#[wasm_bindgen]
pub fn encode(heights: &[f32], cols: u32) -> Result<Vec<u8>, JsError> {
    let grid = Grid::of_rows(heights.len(), cols as usize)
        .ok_or_else(|| JsError::new(&format!("{} heights do not make rows of {cols}", heights.len())))?;
    Ok(hydraulic_erosion::share::heightmap::encode(grid, heights))
}

/// The maps archive ([`hydraulic_erosion::share::map_archive`]) of the map
/// `query` links to, whose ground is now `heights`, with `settings` in
/// force (as the page's status carries them).
#[wasm_bindgen]
pub fn maps(heights: &[f32], query: &str, settings: &[f64]) -> Result<Vec<u8>, JsError> {
    let link = hydraulic_erosion::share::link::read(query).link;
    let in_force = Settings::read(&mut settings.iter().copied())
        .ok_or_else(|| JsError::new(&format!("{} numbers are not the settings", settings.len())))?;
    map_archive::archive(heights, &link, query, &in_force).map_err(|problem| JsError::new(&format!("{problem:?}")))
}

fn main() {}
