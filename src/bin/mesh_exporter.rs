//! The mesh exporter as a WebAssembly module of its own. The page imports
//! it only when a reader saves an STL or glTF file, so the `stl_io` and
//! `gltf-json` crates (and serde's JSON) are never part of the page's first
//! download.

use hydraulic_erosion::draw::color_schemes::scheme;
use hydraulic_erosion::draw::level_of_detail::{at_most, MESH_CELLS};
use hydraulic_erosion::raster::grid::Grid;
use hydraulic_erosion::share::{glb, stl_solid};
use wasm_bindgen::prelude::*;

fn grid(heights: &[f32], cols: u32) -> Result<Grid, JsError> {
    Grid::of_rows(heights.len(), cols as usize)
        .ok_or_else(|| JsError::new(&format!("{} heights do not make rows of {cols}", heights.len())))
}

/// The map of `heights`, `cols` cells across, as a binary STL solid for
/// printing (see `share::stl_solid`).
#[wasm_bindgen]
pub fn stl(heights: &[f32], cols: u32, sea_level: f64, height_scale: f64) -> Result<Vec<u8>, JsError> {
    let (grid, heights) = at_most(grid(heights, cols)?, heights, MESH_CELLS);
    Ok(stl_solid::stl(grid, &heights, sea_level, height_scale))
}

/// The ground of `heights`, `cols` cells across, as a glTF binary with the
/// colours of the scheme `scheme_key` (see `share::glb`).
#[wasm_bindgen]
pub fn glb(
    heights: &[f32],
    cols: u32,
    sea_level: f64,
    scheme_key: &str,
    height_scale: f64,
) -> Result<Vec<u8>, JsError> {
    let colors = scheme(scheme_key).ok_or_else(|| JsError::new(&format!("no colour scheme {scheme_key:?}")))?;
    let (grid, heights) = at_most(grid(heights, cols)?, heights, MESH_CELLS);
    Ok(glb::glb(grid, &heights, sea_level, colors, height_scale))
}

fn main() {}
