//! Erosion: what the rain and gravity do to the ground.

/// The circle of cells a drop digs from, each with its weight.
pub mod brush;
/// One raindrop, after Beyer (2015): the article's rain.
pub mod droplet;
/// What the rain moved: the ground each cell lost and gained since the start.
pub mod ground_moved;
/// Thermal erosion: loose ground sliding off slopes steeper than the talus.
pub mod thermal_erosion;
/// The terrain erosion tutorial's raindrop (`simulateDroplet`).
pub mod tutorial_droplet;
