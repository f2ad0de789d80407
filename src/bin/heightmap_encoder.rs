//! The heightmap encoder as a WebAssembly module of its own. The page
//! imports it only when a reader saves a heightmap or the maps, or opens a
//! ground from a file, so the `png`, `tiff`, `zip` and `webm-iterable`
//! crates it carries are never part of the page's first download. It also
//! puts a time-lapse's frames in a WebM file.

use hydraulic_erosion::raster::grid::Grid;
use hydraulic_erosion::settings::sliders::Settings;
use hydraulic_erosion::share::elevation::Encoding;
use hydraulic_erosion::share::webm_file::{self, Codec, EncodedFrame, Video};
use hydraulic_erosion::share::{ground_link, map_archive};
use hydraulic_erosion::sketch::status::Field;
use js_sys::{Float32Array, Object, Reflect};
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
/// `query` links to, whose ground is now `ground` (its heights, and its
/// ground without the rain where the hand moved it, as the sketch reports
/// them), with `settings` in force (as the page's status carries them).
#[wasm_bindgen]
pub fn maps(ground: &[f32], query: &str, settings: &[f64]) -> Result<Vec<u8>, JsError> {
    let link = hydraulic_erosion::share::link::read(query).link;
    let in_force = Settings::read(&mut settings.iter().copied())
        .ok_or_else(|| JsError::new(&format!("{} numbers are not the settings", settings.len())))?;
    map_archive::archive(ground, &link, query, &in_force).map_err(|problem| JsError::new(&format!("{problem:?}")))
}

/// The time-lapse as a WebM file ([`webm_file`]): `data` holds every
/// encoded frame's bytes one after another, and `frames` three numbers a
/// frame (its time in microseconds, 1 for a key frame, its length);
/// `codec` is the track's Matroska codec ID (`V_VP8`, `V_VP9`).
#[wasm_bindgen]
pub fn webm(
    data: &[u8],
    frames: &[f64],
    width: u32,
    height: u32,
    codec: &str,
    frame_micros: f64,
) -> Result<Vec<u8>, JsError> {
    let codec = [Codec::Vp8, Codec::Vp9]
        .into_iter()
        .find(|c| c.matroska_id() == codec)
        .ok_or_else(|| JsError::new(&format!("no codec {codec:?}")))?;
    let mut at = 0;
    let mut encoded = Vec::new();
    for frame in frames.chunks_exact(3) {
        let end = at + frame[2] as usize;
        let bytes = data.get(at..end).ok_or_else(|| JsError::new("the frames are longer than their data"))?;
        encoded.push(EncodedFrame { micros: frame[0] as u64, key: frame[1] != 0.0, data: bytes.to_vec() });
        at = end;
    }
    let video = Video { codec, width, height, frame_micros: frame_micros as u64 };
    webm_file::write(&video, &encoded).map_err(|problem| JsError::new(&format!("{problem:?}")))
}

/// The ground in a file called `name` (its `bytes`), a PNG's colours read
/// as `encoding` says (`auto`, `grey`, `terrarium`, `terrain-rgb`), fitted
/// with an elevation model's shore at `sea_level`: `{ heights, cols, rows,
/// fingerprint, steepness, said }`, the fitted heights, their fingerprint
/// (16 hex digits), how steep the drops find them and what was read and
/// done, in words. A file that is not a
/// ground throws, saying why.
#[wasm_bindgen]
pub fn open_ground(bytes: &[u8], name: &str, encoding: &str, sea_level: f64) -> Result<Object, JsError> {
    let encoding = Encoding::from_key(encoding).ok_or_else(|| JsError::new(&format!("no encoding {encoding:?}")))?;
    let opened = ground_link::open(bytes, name, encoding, sea_level).map_err(|why| JsError::new(&why.to_string()))?;
    let object = Object::new();
    let set = |key: &str, value: JsValue| Reflect::set(&object, &key.into(), &value).map(|_| ());
    let (grid, link) = (opened.link.grid, &opened.link);
    (|| {
        set("heights", Float32Array::from(&opened.heights[..]).into())?;
        set("cols", (grid.cols as u32).into())?;
        set("rows", (grid.rows as u32).into())?;
        set("fingerprint", format!("{:016x}", link.fingerprint).into())?;
        set("steepness", link.steepness.into())?;
        set("said", opened.said.clone().into())
    })()
    .map_err(|_| JsError::new("the ground could not be handed to the page"))?;
    Ok(object)
}

fn main() {}
