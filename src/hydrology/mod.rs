//! Where the rain goes once it has fallen.

/// A cell's way down as one byte: which neighbour it drains into.
pub mod d8;
/// The tutorial's flow accumulation, D8 straight over the heights.
pub mod flow_accumulation;
/// D8 flow routing and flow accumulation over filled ground.
pub mod flow_routing;
/// Cells sorted by height, by a radix sort.
pub mod height_order;
/// Filling hollows by priority-flood (Barnes, Lehman and Mulla 2014).
pub mod priority_flood;
/// The article's rivers: the ground plus a ripple, flooded and routed, here
/// or at a router's other end.
pub mod rivers;
/// A routing made whole elsewhere (another thread): what is sent and what comes back.
pub mod router;
/// The procedural generation article's rivers, traced downhill from high points.
pub mod traced_rivers;
