//! Hydraulic erosion: raindrops carving a Perlin noise island, after Hans
//! Theobald Beyer's particle method, with rivers by priority-flood and D8
//! routing, marching-squares contours and shaded relief.
//!
//! The simulation is plain Rust and knows nothing of the browser: start from
//! [`terrain::Terrain`]. [`bindings`] exports it to JavaScript with
//! wasm-bindgen, and on wasm32 the `web` module runs the page: controls,
//! canvas drawing, the animation loop.

pub mod brush;
pub mod bucket_queue;
pub mod camera;
pub mod choices;
pub mod color_schemes;
pub mod diamond_square;
pub mod droplet;
pub mod float_min_max;
pub mod flow_accumulation;
pub mod flow_routing;
pub mod fractal_noise;
pub mod grid;
pub mod heightmap;
pub mod island;
pub mod marching_squares;
pub mod mesh;
pub mod perlin;
pub mod poisson_disc;
pub mod presets;
pub mod priority_flood;
pub mod relief;
pub mod river_view;
pub mod rivers;
pub mod settings;
pub mod share;
pub mod simplex_fbm;
pub mod sketch;
pub mod space_colonisation;
pub mod terrain;
pub mod thermal_erosion;
pub mod toggles;
pub mod traced_rivers;
pub mod trees;
pub mod tutorial_droplet;
pub mod unit_random;
pub mod view_3d;
pub mod viewport;

pub mod bindings;

#[cfg(all(target_arch = "wasm32", feature = "page"))]
mod web;
