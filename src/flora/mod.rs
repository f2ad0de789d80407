//! Trees, as the procedural generation article grows them.

/// Poisson disc sampling (Bridson 2007): spots never too close together.
pub mod poisson_disc;
/// Branches grown by space colonisation (Runions, Lane and Prusinkiewicz 2007).
pub mod space_colonisation;
/// The trees standing on the spots the ground suits, and their forest.
pub mod trees;
