//! `hydraulic-erosion`: the page's map outside the browser. `erode` rains a
//! link's drops on a ground from a file, to the page's bits, and writes the
//! map as the page saves it.
//!
//! ```text
//! cargo install --path . --bin hydraulic-erosion
//! hydraulic-erosion erode N46E007.hgt -o valley.png --link 'he-seed=3&he-drops=200000'
//! ```
//!
//! Native only: the module is empty in a WebAssembly build.

#[cfg(not(target_arch = "wasm32"))]
mod command;
#[cfg(not(target_arch = "wasm32"))]
mod erode;
#[cfg(not(target_arch = "wasm32"))]
mod link_argument;
#[cfg(not(target_arch = "wasm32"))]
mod map_files;
#[cfg(not(target_arch = "wasm32"))]
mod progress;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    command::run()
}

#[cfg(target_arch = "wasm32")]
fn main() {}
