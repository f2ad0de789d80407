//! What the 3D view draws, worked out here and drawn by a painter (WebGL2
//! in the page): the ground as the [`crate::draw::mesh`] lays it out, coloured by
//! the scheme (a ramp of colours by height, rock on steep slopes), the sea
//! as a surface at its level, the rivers as water on the ground, lit from
//! the relief's light.
//!
//! ```
//! use hydraulic_erosion::draw::color_schemes::scheme;
//! use hydraulic_erosion::draw::view_3d::{color_ramp, RAMP_STEPS};
//! let ramp = color_ramp(scheme("topographic").unwrap(), 0.25);
//! assert_eq!(ramp.len(), RAMP_STEPS * 4);
//! ```

use crate::draw::camera::Camera;
use crate::draw::color_schemes::ColorScheme;
use crate::draw::relief::{band_colors, light, Palette};
use crate::draw::viewport::Size;
use crate::flora::trees::Tree;
use crate::hydrology::rivers::RIVER_START;
use crate::raster::grid::Grid;

/// Steps of the colour ramp from height 0 to 1: finer than the relief's
/// 256 bands over the land, so the 3D view shows no steps between them.
pub const RAMP_STEPS: usize = 1024;
/// How much of its light the sea surface lets through (the ground below
/// shows, darkened by depth in the ramp).
pub const SEA_OPACITY: f64 = 0.55;

/// A frame of the 3D view.
#[derive(Clone, Copy, Debug)]
pub struct Scene<'a> {
    pub grid: Grid,
    pub heights: &'a [f32],
    /// Changes when the heights do ([`crate::terrain::Terrain::edition`]),
    /// so the painter sends them to the GPU only then.
    pub edition: u64,
    /// The water drawn through each cell (the river view's, in cells of the
    /// article's map), or empty without rivers.
    pub water: &'a [f32],
    pub scheme: &'static ColorScheme,
    pub sea_level: f64,
    pub height_scale: f64,
    pub camera: Camera,
    pub size: Size,
    /// The trees standing on the ground shown (none unless they are on):
    /// each a cone at its spot, [`TREE_SIDES`] triangles.
    pub trees: &'a [Tree],
    /// The layer draped over the ground in place of the scheme's colours
    /// ([`crate::draw::layers::drape`]), RGBA a cell, or empty for the
    /// relief.
    pub layer: &'a [u8],
    /// The brush's ring on the ground, where the reader's pointer is with a
    /// tool picked: its centre (cells) and radius (cells).
    pub brush: Option<[f64; 3]>,
}

/// The sides of a tree's cone in the 3D view: a few triangles a tree.
pub const TREE_SIDES: usize = 6;
/// A tree's cone stands this many times as tall as it is across.
pub const TREE_HEIGHT_PER_WIDTH: f64 = 1.6;

/// The trees as the GPU takes them: x, y (in cells) and size (cells
/// across), three numbers a tree.
pub fn tree_instances(trees: &[Tree]) -> Vec<f32> {
    trees.iter().flat_map(|t| [t.x, t.y, t.size]).collect()
}

/// Whether the 3D view could be drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawn {
    Drawn,
    /// Not this frame (its canvas is on its way, or the GPU took the
    /// context back for a moment): the next frame tries again.
    NotYet,
    /// Never here: the browser has no WebGL2.
    Unavailable,
}

/// The colours of the ground by height, 0 to 1 in [`RAMP_STEPS`] steps,
/// RGBA: the scheme's colours before the light (see [`Palette::ground`]).
pub fn color_ramp(scheme: &ColorScheme, sea_level: f64) -> Vec<u8> {
    let bands = band_colors(scheme);
    let palette = Palette::new(scheme, &bands);
    (0..RAMP_STEPS)
        .flat_map(|k| {
            let h = k as f64 / (RAMP_STEPS - 1) as f64;
            let [r, g, b] = palette.ground(h, sea_level).color().map(|c| c.round().clamp(0.0, 255.0) as u8);
            [r, g, b, 255]
        })
        .collect()
}

/// Where the light comes from in the mesh's terms (x east, y up, z south):
/// the relief's light, so both views are lit alike.
pub fn light_3d() -> [f32; 3] {
    let [east, south, up] = light();
    [east as f32, up as f32, south as f32]
}

/// The water through each cell of a map on `grid` for rivers drawn as
/// paths of cells (the traced rivers): enough on each cell to show as a
/// small river.
pub fn water_along(grid: Grid, paths: &[Vec<[usize; 2]>]) -> Vec<f32> {
    let mut water = vec![0.0; grid.cells()];
    for &[x, y] in paths.iter().flatten() {
        water[y * grid.cols + x] = RIVER_START * 4.0;
    }
    water
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::color_schemes::scheme;

    #[test]
    fn the_ramp_is_the_schemes_ground_by_height() {
        let s = scheme("topographic").unwrap();
        let ramp = color_ramp(s, 0.3);
        let bands = band_colors(s);
        let palette = Palette::new(s, &bands);
        for k in [0, 100, 307, 308, 700, 1023] {
            let h = k as f64 / 1023.0;
            let want = palette.ground(h, 0.3).color().map(|c| c.round() as u8);
            assert_eq!(ramp[k * 4..k * 4 + 3], want, "step {k}");
        }
        assert_ne!(ramp[0..3], ramp[1023 * 4..1023 * 4 + 3], "sea at the bottom, peaks at the top");
    }

    #[test]
    fn the_light_comes_from_the_north_west_above_as_on_the_map() {
        let [x, y, z] = light_3d();
        assert!(x < 0.0 && z < 0.0 && y > 0.0, "{:?}", [x, y, z]);
        assert!((x * x + y * y + z * z - 1.0).abs() < 1e-6);
    }

    #[test]
    fn traced_rivers_put_water_on_their_cells_only() {
        let grid = Grid::new(4, 3);
        let water = water_along(grid, &[vec![[0, 0], [1, 1]], vec![[3, 2]]]);
        let wet: Vec<usize> = (0..12).filter(|&i| water[i] >= RIVER_START).collect();
        assert_eq!(wet, [0, 5, 11]);
    }
}
