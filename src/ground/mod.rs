//! The starting ground, before any rain: every shape stretched to heights
//! from 0 to 1.

/// The procedural generation article's diamond-square terrain.
pub mod diamond_square;
/// Six octaves of Perlin noise, laid out for a grid.
pub mod fractal_noise;
/// A ground brought from a file, fitted to the sketch.
pub mod imported;
/// The article's island: fractal noise raised in the middle.
pub mod island;
/// Two-dimensional Perlin noise, the `noise` crate's to the bit.
pub mod perlin;
/// The tutorial's simplex fBm: plain, ridged and domain-warped.
pub mod simplex_fbm;
/// How steep the drops find a ground: a model's slopes brought to the island's.
pub mod steepness;
