//! Where the rain goes once it has fallen.

/// A priority queue for values in a known range (priority-flood's).
pub mod bucket_queue;
/// The tutorial's flow accumulation, D8 straight over the heights.
pub mod flow_accumulation;
/// D8 flow routing and flow accumulation over filled ground.
pub mod flow_routing;
/// Filling hollows by priority-flood (Barnes, Lehman and Mulla 2014).
pub mod priority_flood;
/// The article's rivers: the ground plus a ripple, flooded and routed.
pub mod rivers;
/// The procedural generation article's rivers, traced downhill from high points.
pub mod traced_rivers;
