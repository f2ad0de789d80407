//! The complete sketch as a module of its own: everything the page's first
//! download leaves out (the tutorial's and the landscape's systems, the 3D
//! view; see `hydraulic_erosion::sketch::builds`), fetched the first time a
//! link or a reader asks for any of it. The library's exports are the
//! module's, its start function included, so it has no `main` of its own.
#![cfg_attr(target_arch = "wasm32", no_main)]

use hydraulic_erosion as _;

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
