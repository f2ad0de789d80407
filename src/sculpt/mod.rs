//! The reader's hand on the land: tools that pour rain where the reader
//! points, raise, lower or smooth the ground, stroke by stroke. A stroke is
//! a run of stamps spaced evenly along the pointer's path
//! ([`pen::Pen`]); each stamp is a change in the map's timeline at the
//! drop count it was made at, so a link replays it to the bit.

pub mod pen;
pub mod stamp;
pub mod stroke;
