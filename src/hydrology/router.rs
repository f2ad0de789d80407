//! A routing made whole elsewhere. On one thread, a big map's rivers are
//! routed a part a frame beside the rain and the drawing, and come seconds
//! behind the rain at 2048 × 2048; handed to a
//! [`Router`](crate::hydrology::router::Router) (on the web, a worker of
//! its own, on another core), a routing is made whole while the frames go
//! on, and the rivers follow the rain within a routing's time.
//! What the other end makes is what [`crate::hydrology::rivers::Rivers`]
//! makes of the same heights, to the bit
//! ([`crate::hydrology::rivers::RoutingEnd`]).

use crate::hydrology::flow_routing::Drainage;
use crate::raster::grid::Grid;

/// What a routing is of, beside the heights: the map's grid, the seed
/// whose ripple bends the rivers ([`crate::hydrology::rivers::wander`])
/// and the sea's level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Routing {
    pub grid: Grid,
    pub seed: u32,
    pub sea_level: f64,
}

/// What came of the routing last sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Received {
    /// Not yet whole.
    Waiting,
    /// Whole: its drainage is the one given to [`Router::receive`].
    Whole,
    /// It will not come (the other end could not start, or died): the
    /// routing is to be made here.
    Failed,
}

/// Somewhere else a routing can be made whole, one at a time.
pub trait Router {
    /// Whether it can route: one that failed is not asked again.
    fn works(&self) -> bool;
    /// Asks for the routing of `heights` (the ground, without its ripple)
    /// as `routing` says; one sent before and not yet received is let go.
    fn send(&mut self, routing: Routing, heights: &[f32]);
    /// What came of the routing last sent; once whole, its drainage is
    /// written into `into` (and only then, so `into` is never half one
    /// routing, half another).
    fn receive(&mut self, into: &mut Drainage) -> Received;
    /// Lets go of what it holds while no routing is wanted (the map is no
    /// longer a big one); it starts again when next sent one.
    fn rest(&mut self);
}
