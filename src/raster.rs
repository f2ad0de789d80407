//! A map as a raster of cells, and what every layer needs of one: the
//! grid and the walk over a cell's neighbours ([`grid`]), where the heights
//! changed and in which edition ([`changed_tiles`]), the heights'
//! fingerprint kept tile by tile ([`fingerprint`]), its parts worked on
//! side by side ([`side_by_side`]); and the two small
//! numeric helpers the simulation's loops are written with, made the same
//! on every platform ([`float_min_max`], [`unit_random`]).
//!
//! Nothing here knows of terrain, rain or drawing: every other module may
//! use it, and it uses none of them.

pub mod changed_tiles;
pub mod fingerprint;
pub mod float_min_max;
pub mod grid;
pub mod side_by_side;
pub mod unit_random;
