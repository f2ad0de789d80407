//! Sharing a map: the link that brings it back, the timeline of the
//! settings it rained with, and the replay that rains it again; and the
//! mesh files that take it to 3D printers and 3D tools.

pub mod decimal;
pub mod glb;
pub mod link;
pub mod replay;
pub mod stl_solid;
pub mod timeline;
