//! Sharing a map: the link that brings it back, the timeline of the
//! settings it rained with and the strokes the reader made, and the replay
//! that rains it again; and the files that take it to other tools.

/// Slider values as links write them: decimals of at most three places.
pub mod decimal;
/// A ground from a file: heightmaps and elevation models read, within a budget.
pub mod elevation;
/// The ground's surface as a glTF binary.
pub mod glb;
/// What a link says of a ground brought from a file: its name and fitting.
pub mod ground_link;
/// The terrain as a 16-bit greyscale PNG.
pub mod heightmap;
/// JSON written by hand: strings and numbers.
pub mod json;
/// Heights kept at moments of the rain, to go back to them without replaying from the start.
pub mod keyframes;
/// The link format: a map's state in a URL query, read and written.
pub mod link;
/// Every key a link may hold, described (a figure's attributes).
pub mod link_keys;
/// Save maps: the heightmap, erosion, deposition and flow maps and map.json in one zip.
pub mod map_archive;
/// A map in words: a shared link's card, a poster's `alt`.
pub mod map_words;
/// Raining a shared map again, in slices.
pub mod replay;
/// The map as a closed STL solid for 3D printers.
pub mod stl_solid;
/// The reader's strokes as a link writes them.
pub mod strokes;
/// The history of the settings a map rained with.
pub mod timeline;
/// A video as a WebM file: encoded VP8 or VP9 frames in Matroska clusters.
pub mod webm_file;
