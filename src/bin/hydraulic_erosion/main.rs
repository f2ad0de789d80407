//! `hydraulic-erosion`: the page's map outside the browser. `render` draws
//! the picture the page shows for a link; `erode` rains a link's drops on a
//! ground from a file, to the page's bits, and writes the map as the page
//! saves it; `serve` serves the built page with previews of shared links.
//!
//! ```text
//! cargo install --path . --bin hydraulic-erosion
//! hydraulic-erosion render 'he-seed=5&he-drops=30000' -o map.png
//! hydraulic-erosion erode N46E007.hgt -o valley.png --link 'he-seed=3&he-drops=200000'
//! ```
//!
//! Native only: the module is empty in a WebAssembly build.

#[cfg(not(target_arch = "wasm32"))]
mod command;
#[cfg(not(target_arch = "wasm32"))]
mod erode;
#[cfg(not(target_arch = "wasm32"))]
mod ground_file;
#[cfg(not(target_arch = "wasm32"))]
mod legend;
#[cfg(not(target_arch = "wasm32"))]
mod letters;
#[cfg(not(target_arch = "wasm32"))]
mod link_argument;
#[cfg(not(target_arch = "wasm32"))]
mod map_files;
#[cfg(not(target_arch = "wasm32"))]
mod painter;
#[cfg(not(target_arch = "wasm32"))]
mod previews;
#[cfg(not(target_arch = "wasm32"))]
mod progress;
#[cfg(not(target_arch = "wasm32"))]
mod render;
#[cfg(not(target_arch = "wasm32"))]
mod serve;
#[cfg(not(target_arch = "wasm32"))]
mod site_card;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    command::run()
}

#[cfg(target_arch = "wasm32")]
fn main() {}
