//! The first picture as a module of its own: the article's map drawn once,
//! while the page's module (over twice its size) is still coming (see
//! `hydraulic_erosion::sketch::builds`). Its one export is the library's
//! `firstPicture`, which the page's start calls, so it has no `main`.
#![cfg_attr(target_arch = "wasm32", no_main)]

use hydraulic_erosion as _;

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
