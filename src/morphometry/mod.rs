//! How like real land the map is: the yardsticks geomorphology measures
//! real landscapes by, worked out over the land above the sea from the
//! heights and where their rain drains ([`crate::hydrology`]). Each is one
//! number, compared on the page with the range real basins give.

/// The channels: cells that enough rain drains through, and how long the
/// longest way down to each is.
pub mod channels;
/// Drainage density (Horton 1945): how much of the land carries a channel.
pub mod drainage_density;
/// Hack's law (Hack 1957): how a channel's length grows with its basin.
pub mod hacks_law;
/// The hypsometric integral (Strahler 1952): how much of a basin is still high.
pub mod hypsometry;
/// The slope of a least-squares line, on logarithms for power laws.
pub mod least_squares;
/// The four measures together, and the real ranges they are compared to.
pub mod measures;
/// The slope–area relation (Flint 1974): how channels steepen upstream.
pub mod slope_area;
