//! What is drawn: everything the sketch shows of a terrain, worked out as
//! plain data, and the [`painter::Painter`] it is drawn through.

/// The 3D view's orbiting camera and its projection.
pub mod camera;
/// The colour schemes: the original's five and the Landscape.
pub mod color_schemes;
/// A big map's contours traced again over a few frames, shown once whole.
pub mod contour_refresh;
/// The spot of the ground the pointer's ray meets in the 3D view.
pub mod ground_pick;
/// The map's layers: erosion, deposition and flow over the relief, and their legends.
pub mod layers;
/// A coarser grid to draw a big map on, no finer than the screen.
pub mod level_of_detail;
/// How often a frame strokes its lines again: on a dense screen while it rains, in turns.
pub mod line_cadence;
/// The map view: the ground shown and the buffers its drawings are made in.
pub mod map_view;
/// Contour lines by marching squares.
pub mod marching_squares;
/// The heightfield as a triangle mesh: layout, normals, rock on steep slopes.
pub mod mesh;
/// What is laid over the map: the measures' panel, a replay's progress, debug's count.
pub mod overlay;
/// What a frame is drawn through, in the original's order.
pub mod painter;
/// A path drawn no finer than the screen: the rivers' strokes on a big map.
pub mod path_detail;
/// Shaded relief: one pixel a cell, coloured by height, lit from the north-west.
pub mod relief;
/// The rivers as drawn: widths, fades, easing between routings, the curves.
pub mod river_view;
/// The 3D view's GLSL, its constants and formulas formatted in from the Rust ones.
pub mod shaders;
/// How the ground is lit and coloured: formulas shared with the 3D view's shaders.
pub mod shading;
/// What a frame of the 3D view draws.
pub mod view_3d;
/// The drawing's size, and where the map goes on it.
pub mod viewport;
/// Numbers as the page writes them for a reader: counts with thousands' commas.
pub mod words;
