//! The simulation for JavaScript callers, through wasm-bindgen. A thin layer:
//! every call hands over to [`crate::terrain::Terrain`]. Bulk data crosses as
//! typed arrays, copied once out of the simulation's flat buffers, never as
//! one object per item.
//!
//! The page's module is the article's sketch alone: what needs more (another
//! terrain shape or preset, traced rivers, a talus, trees) throws, and
//! `hydraulic-erosion-full.js`, built beside it, has everything
//! ([`crate::sketch::builds`]).
//!
//! ```js
//! import init, { Terrain } from './hydraulic-erosion.js'
//! await init()
//! const t = new Terrain(42)
//! t.rain(300000)
//! const { water, downstream } = t.rivers()   // Float32Array, Int32Array
//! ```

use std::rc::Rc;

use js_sys::{Array, Float32Array, Float64Array, Int32Array, Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::draw::color_schemes::{scheme, SCHEMES};
use crate::draw::map_view::MapView;
use crate::flora::trees::{skeleton, Forest};
use crate::ground::imported::ImportedGround;
use crate::morphometry::measures::{Measures, MEASURES};
use crate::settings::choices::{Choice, Choices, Preset, CHOICES};
use crate::settings::sliders::{Setting, Settings, SLIDERS};
use crate::sketch::{builds, Input};
use crate::terrain;
use crate::FULL;

/// A map and the rain on it.
#[wasm_bindgen(js_name = Terrain)]
pub struct JsTerrain {
    inner: terrain::Terrain,
    /// What is drawn from it: the ground shown, relief, contours, rivers.
    map: MapView,
    /// The tree spots, once asked for, for the seed and grid they were
    /// made for.
    forest: Option<Forest>,
}

/// How water drains: the rain through each cell and the cell it drains to
/// (−1 for none), row by row. Each is copied once, straight from the
/// simulation into a JavaScript typed array.
#[wasm_bindgen]
pub struct RiverMap {
    water: Float32Array,
    downstream: Int32Array,
}

#[wasm_bindgen]
impl RiverMap {
    /// Rain through each cell.
    #[wasm_bindgen(getter)]
    pub fn water(&self) -> Float32Array {
        self.water.clone()
    }

    /// The cell each cell drains to, or −1.
    #[wasm_bindgen(getter)]
    pub fn downstream(&self) -> Int32Array {
        self.downstream.clone()
    }
}

/// Contour segments as x0 y0 x1 y1 in grid coordinates.
#[wasm_bindgen]
pub struct ContourLines {
    regular: Float64Array,
    index: Float64Array,
}

#[wasm_bindgen]
impl ContourLines {
    /// The regular lines.
    #[wasm_bindgen(getter)]
    pub fn regular(&self) -> Float64Array {
        self.regular.clone()
    }

    /// The index lines: every fifth level and the coastline.
    #[wasm_bindgen(getter)]
    pub fn index(&self) -> Float64Array {
        self.index.clone()
    }
}

/// An error for what only the full build has, in the article's build (the
/// page's first download).
fn needs_the_full_build(what: &str) -> JsError {
    JsError::new(&format!("{what} needs the full build: import hydraulic-erosion-full.js"))
}

fn setting(name: &str) -> Result<Setting, JsError> {
    Setting::from_name(name).ok_or_else(|| JsError::new(&format!("no setting called {name:?}")))
}

fn choice(name: &str) -> Result<Choice, JsError> {
    Choice::from_name(&name.replace('_', "-")).ok_or_else(|| JsError::new(&format!("no choice called {name:?}")))
}

#[wasm_bindgen(js_class = Terrain)]
impl JsTerrain {
    /// A terrain for `seed` with the original's default settings.
    #[wasm_bindgen(constructor)]
    pub fn new(seed: u32) -> JsTerrain {
        JsTerrain { inner: terrain::Terrain::new(seed), map: MapView::default(), forest: None }
    }

    /// A terrain on your own ground: `heights` (from 0 to 1 as the
    /// sketch's, the sea below the sea level) in `rows` rows of `cols`,
    /// with the original's default settings; `seed` says where the drops
    /// fall. Throws if the heights do not make those rows of at least
    /// 2 × 2 cells, or one is not finite.
    #[wasm_bindgen(js_name = fromHeights)]
    pub fn from_heights(heights: &[f32], cols: u32, rows: u32, seed: Option<u32>) -> Result<JsTerrain, JsError> {
        if heights.len() != cols as usize * rows as usize {
            return Err(JsError::new(&format!("{} heights are not {cols} × {rows}", heights.len())));
        }
        let ground = ImportedGround::from_heights(heights.to_vec(), cols as usize)
            .ok_or_else(|| JsError::new("a ground is at least 2 × 2 finite heights"))?;
        let inner = terrain::Terrain::on_ground(
            seed.unwrap_or(0),
            Settings::default(),
            Choices::default(),
            Some(Rc::new(ground)),
        );
        Ok(JsTerrain { inner, map: MapView::default(), forest: None })
    }

    /// Lets `n` drops fall; returns the steps they took between them.
    pub fn rain(&mut self, n: u32) -> f64 {
        self.inner.rain(n) as f64
    }

    /// Drops fallen since the last reset.
    pub fn drops(&self) -> f64 {
        self.inner.drops() as f64
    }

    /// Steps taken by all drops since the last reset.
    pub fn steps(&self) -> f64 {
        self.inner.steps() as f64
    }

    pub fn seed(&self) -> u32 {
        self.inner.seed()
    }

    /// Starts again from the original terrain of `seed`, with a fresh
    /// generator.
    pub fn reset(&mut self, seed: u32) {
        self.inner.reset(seed)
    }

    /// Sets a slider by name (`"brush_radius"` or `"brush-radius"`), clamped
    /// into range; a non-finite value is ignored. Returns the value in force.
    /// Throws for an unknown name.
    pub fn set(&mut self, name: &str, value: f64) -> Result<f64, JsError> {
        let setting = setting(name)?;
        if !FULL && builds::input_needs_full(&Input::Set(setting, value)) {
            return Err(needs_the_full_build(&format!("{name} above 0")));
        }
        Ok(self.inner.set(setting, value))
    }

    /// A slider's value by name. Throws for an unknown name.
    pub fn get(&self, name: &str) -> Result<f64, JsError> {
        Ok(self.inner.settings().get(setting(name)?))
    }

    /// Picks an option of a choice by their names, as links spell them:
    /// `choose("terrain", "ridged")`, `choose("map-size", "512x512")`,
    /// `choose("preset", "tutorial")`, `choose("river-style", "traced")`. A
    /// shape or size builds the terrain anew; a preset also sets the
    /// settings and choices it starts from, as on the page; either starts
    /// the rain again. A river style changes only how rivers are drawn.
    /// Throws for an unknown name or option.
    pub fn choose(&mut self, name: &str, option: &str) -> Result<(), JsError> {
        let choice = choice(name)?;
        let index = choice.option(option).ok_or_else(|| {
            let known: Vec<&str> = choice.row().options.iter().map(|(key, _)| *key).collect();
            JsError::new(&format!("{name} has no option {option:?} (it has {})", known.join(", ")))
        })?;
        if !FULL && builds::input_needs_full(&Input::Choose(choice, index)) {
            return Err(needs_the_full_build(&format!("{name} {option}")));
        }
        match choice {
            Choice::Preset => self.inner.pick_preset(Preset::ALL[index]),
            _ => {
                self.inner.choose(choice, index);
            }
        }
        Ok(())
    }

    /// The option picked for a choice, by name. Throws for an unknown name.
    pub fn chosen(&self, name: &str) -> Result<String, JsError> {
        Ok(self.inner.choices().key(choice(name)?).to_string())
    }

    /// Whether rivers, contours and relief show the terrain before any rain.
    #[wasm_bindgen(js_name = setShowOriginal)]
    pub fn set_show_original(&mut self, show: bool) {
        self.map.set_show_original(show)
    }

    /// Whether the routes of the next drops are kept (up to 40).
    #[wasm_bindgen(js_name = setRecordPaths)]
    pub fn set_record_paths(&mut self, record: bool) {
        self.inner.set_record_paths(record)
    }

    /// The kept routes, flattened: x y pairs, path after path. Their lengths
    /// in points are in `pathLengths()`.
    pub fn paths(&self) -> Vec<f32> {
        self.inner.paths().iter().flatten().flatten().copied().collect()
    }

    #[wasm_bindgen(js_name = pathLengths)]
    pub fn path_lengths(&self) -> Vec<u32> {
        self.inner.paths().iter().map(|p| p.len() as u32).collect()
    }

    /// Routes the rain over the terrain shown.
    pub fn rivers(&mut self) -> RiverMap {
        let d = self.map.rivers(&self.inner);
        RiverMap { water: Float32Array::from(&d.water[..]), downstream: Int32Array::from(&d.downstream_indices()[..]) }
    }

    /// How like real land the terrain now is (`src/morphometry/`), with
    /// its rain routed as the map routes it: `{ hypsometricIntegral,
    /// hackExponent, concavity, drainageDensity }`, each NaN where the map
    /// gives too little to measure.
    pub fn measures(&mut self) -> Object {
        let measures = Measures::of(&self.inner, self.map.rivers_now(&self.inner));
        let object = Object::new();
        for (row, value) in MEASURES.iter().zip(measures.values()) {
            // Setting a property on a fresh plain object cannot fail
            let _ = Reflect::set(&object, &row.name.into(), &value.into());
        }
        object
    }

    /// The contour lines of the terrain shown.
    pub fn contours(&mut self) -> ContourLines {
        let c = self.map.contours(&self.inner);
        ContourLines { regular: Float64Array::from(&c.regular[..]), index: Float64Array::from(&c.index[..]) }
    }

    /// The shaded relief of the terrain shown, RGBA, one pixel per cell
    /// (`cols()` × `rows()`), in the scheme with this key. Throws for an unknown scheme.
    pub fn relief(&mut self, scheme_key: &str) -> Result<Vec<u8>, JsError> {
        let s = scheme(scheme_key).ok_or_else(|| JsError::new(&format!("no colour scheme {scheme_key:?}")))?;
        Ok(self.map.relief(&self.inner, s).to_vec())
    }

    /// The trees standing on the terrain shown (the procedural generation
    /// article's, on Poisson disc spots of the seed), as x, y, size (in
    /// cells) and spot, four numbers a tree.
    pub fn trees(&mut self) -> Result<Float32Array, JsError> {
        if !FULL {
            return Err(needs_the_full_build("trees()"));
        }
        let forest = Forest::kept_for(&mut self.forest, self.inner.seed(), self.inner.grid());
        forest.sample(usize::MAX);
        let trees = forest.standing(self.map.shown(&self.inner), self.inner.settings().sea_level(), None);
        let flat: Vec<f32> = trees.iter().flat_map(|t| [t.x, t.y, t.size, t.spot as f32]).collect();
        Ok(Float32Array::from(&flat[..]))
    }

    /// The branches of the tree on `spot`, grown by space colonisation: x0
    /// y0 x1 y1 segments in units of the tree's size, from the middle of its
    /// crown.
    #[wasm_bindgen(js_name = treeSkeleton)]
    pub fn tree_skeleton(&self, spot: u32) -> Result<Float32Array, JsError> {
        if !FULL {
            return Err(needs_the_full_build("treeSkeleton()"));
        }
        let segments: Vec<f32> = skeleton(self.inner.seed(), spot as usize).iter().flatten().copied().collect();
        Ok(Float32Array::from(&segments[..]))
    }

    /// The heights now, row by row (a copy).
    pub fn heights(&self) -> Vec<f32> {
        self.inner.heights().to_vec()
    }

    /// The heights before any rain (a copy).
    #[wasm_bindgen(js_name = originalHeights)]
    pub fn original_heights(&self) -> Vec<f32> {
        self.inner.original().to_vec()
    }

    /// A fingerprint of the heights, 16 hex digits: equal maps give equal
    /// fingerprints on every platform.
    #[wasm_bindgen(js_name = heightsHash)]
    pub fn heights_hash(&self) -> String {
        self.inner.heights_hash_hex()
    }

    /// Cells across this map (320 on the article's).
    pub fn cols(&self) -> u32 {
        self.inner.grid().cols as u32
    }

    /// Cells down this map (180 on the article's).
    pub fn rows(&self) -> u32 {
        self.inner.grid().rows as u32
    }

    /// The choices: `{ name, label, options: [{ key, label }], default }`
    /// each, `default` being the key of the option a fresh page starts on.
    pub fn choices() -> Array {
        CHOICES
            .iter()
            .map(|c| {
                let options: Array = c
                    .options
                    .iter()
                    .map(|(key, label)| record(&[("key", (*key).into()), ("label", (*label).into())]))
                    .collect();
                record(&[
                    ("name", c.name.into()),
                    ("label", c.label.into()),
                    ("options", options.into()),
                    ("default", c.options[c.default].0.into()),
                ])
            })
            .collect()
    }

    /// The slider table: `{ name, id, label, min, max, step, default }` each.
    pub fn sliders() -> Array {
        SLIDERS
            .iter()
            .map(|s| {
                record(&[
                    ("name", s.name.into()),
                    ("id", s.id().into()),
                    ("label", s.label.into()),
                    ("min", s.min.into()),
                    ("max", s.max.into()),
                    ("step", s.step.into()),
                    ("default", s.default.into()),
                ])
            })
            .collect()
    }

    /// The colour schemes: `{ key, label }` each.
    pub fn schemes() -> Array {
        SCHEMES.iter().map(|s| record(&[("key", s.key.into()), ("label", s.label.into())])).collect()
    }
}

fn record(fields: &[(&str, JsValue)]) -> JsValue {
    let object = Object::new();
    for (key, value) in fields {
        // Setting a property on a fresh plain object cannot fail
        let _ = Reflect::set(&object, &(*key).into(), value);
    }
    object.into()
}
