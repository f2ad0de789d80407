//! Hydraulic erosion: raindrops carving a Perlin noise island, after Hans
//! Theobald Beyer's particle method, with rivers by priority-flood and D8
//! routing, marching-squares contours and shaded relief; and the terrain
//! erosion tutorial's and the procedural generation article's systems as
//! options of the same sketch.
//!
//! The simulation is plain Rust and knows nothing of the browser: start from
//! [`terrain::Terrain`] and [`sketch::Sketch`]. [`bindings`] exports the
//! terrain to JavaScript with wasm-bindgen, and on wasm32 the `web` module
//! runs the page: controls, canvas drawing, the animation loop.
//!
//! The folders are concepts, and imports run down this list, never up:
//!
//! | module | what it is |
//! | --- | --- |
//! | [`sketch`], [`bindings`] | the sketch as a state machine; the JavaScript API |
//! | [`share`] | links, their timeline and replay; heightmap and mesh files |
//! | [`draw`] | what is drawn from a terrain, and the painter it is drawn through |
//! | [`morphometry`] | how like real land the map is: hypsometry, Hack's law, slope–area, drainage density |
//! | [`terrain`] | the simulation's state: the ground now and before the rain, the rain's generator |
//! | [`flora`] | Poisson disc spots, trees, space colonisation |
//! | [`hydrology`] | priority-flood, D8 routing, flow accumulation, rivers |
//! | [`erosion`] | the raindrops that dig and deposit, and thermal erosion |
//! | [`ground`] | the starting ground: the island, simplex fBm, diamond-square |
//! | [`settings`] | the tables of sliders, toggles, choices and presets |
//! | [`sculpt`] | the reader's hand: a tool's stamp, stamps spaced along a path, a stroke at its drop count |
//! | [`raster`] | a map's cells, where they changed and their fingerprint; the numeric helpers every layer uses |

/// Whether this is the full build: with the tutorial's and the landscape's
/// systems and the 3D view. The page's first download is the article's
/// sketch alone and fetches the full build when a reader or a link first
/// needs it ([`sketch::builds`]); what only the full build runs is reached
/// behind this constant, so the other build leaves it out.
pub const FULL: bool = cfg!(feature = "full");

/// The release this build is (`Cargo.toml`'s version, which the npm package
/// carries too): the page's `pageState().version`, the figures'
/// `HydraulicErosion.version`, and the comment "Copy embed code" writes.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

// The first picture's module draws the article's map and nothing more: it
// calls no JavaScript API, and every export of one would be in its download
#[cfg(not(all(feature = "picture", not(feature = "page"))))]
pub mod bindings;
pub mod draw;
pub mod erosion;
pub mod flora;
pub mod ground;
pub mod hydrology;
pub mod morphometry;
pub mod raster;
pub mod sculpt;
pub mod settings;
pub mod share;
pub mod sketch;
pub mod terrain;

#[cfg(all(target_arch = "wasm32", any(feature = "page", feature = "picture")))]
mod web;
