//! The hand's track of a map's timeline: every stamp of a tool and every
//! lift of the rain's, each at the drop count it was made at (a link writes
//! them: [`crate::share::strokes`]).

use super::stamp::Stamp;

/// What the hand did once.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Hand {
    /// A stamp of a tool: the rain's moves where the drops start from.
    Stamp(Stamp),
    /// The rain's tool lifted: drops start anywhere on the map again.
    Lift,
}

/// The hand's `hand`, once `drops` had fallen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Touch {
    pub drops: u64,
    pub hand: Hand,
}
