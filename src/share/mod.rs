//! Sharing a map: the link that brings it back, the timeline of the
//! settings it rained with, and the replay that rains it again.

pub mod decimal;
pub mod link;
pub mod replay;
pub mod timeline;
