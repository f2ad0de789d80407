//! The heightfield as a triangle mesh, as the terrain tutorial's last
//! section builds it: a vertex a cell, displaced by its height, two
//! triangles a square of four cells, normals from the neighbours' heights
//! (finite differences, [`crate::draw::shading::slope`]), and rock where the
//! ground is too steep for grass ([`crate::draw::shading::rock_share`]).
//! The 3D view draws it; the mesh files carry it.
//!
//! Coordinates are glTF's, y up: x runs east along a row, z south down the
//! columns, the map centred on the origin with its longer side one unit
//! long, and a height of 1 stands [`RELIEF_SHARE`] of a unit times the
//! height scale, so every map size shows the same island alike.
//!
//! ```
//! use hydraulic_erosion::raster::grid::Grid;
//! use hydraulic_erosion::draw::mesh::{surface, Layout};
//! let grid = Grid::new(3, 2);
//! let mesh = surface(Layout::new(grid, 1.0), &[0.0; 6]);
//! assert_eq!((mesh.positions.len(), mesh.indices.len()), (6, 4 * 3));
//! assert_eq!(mesh.normals[0], [0.0, 1.0, 0.0]);
//! ```
//!
//! [`RELIEF_SHARE`]: crate::draw::mesh::RELIEF_SHARE

use crate::draw::shading::slope;
use crate::raster::grid::Grid;

/// How tall a height of 1 stands at a height scale of 1, as a share of the
/// map's longer side: the article's island then rises about as steeply as
/// its shaded relief suggests.
pub const RELIEF_SHARE: f64 = 0.12;

/// Where a map's cells stand in space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub grid: Grid,
    /// Units between neighbouring cells.
    pub cell: f64,
    /// Units a height of 1 stands.
    pub vertical: f64,
}

impl Layout {
    /// The layout of `grid` at `height_scale` times the usual relief.
    pub fn new(grid: Grid, height_scale: f64) -> Layout {
        let longer = (grid.cols.max(grid.rows) - 1) as f64;
        Layout { grid, cell: 1.0 / longer, vertical: RELIEF_SHARE * height_scale }
    }

    /// Half the map's extent east–west and north–south, in units.
    pub fn half_extent(&self) -> [f64; 2] {
        [(self.grid.cols - 1) as f64 * self.cell / 2.0, (self.grid.rows - 1) as f64 * self.cell / 2.0]
    }

    /// The point of cell (`x`, `y`) at height `h`.
    pub fn position(&self, x: usize, y: usize, h: f64) -> [f32; 3] {
        let [half_x, half_z] = self.half_extent();
        [(x as f64 * self.cell - half_x) as f32, (h * self.vertical) as f32, (y as f64 * self.cell - half_z) as f32]
    }

    /// The unit normal at cell `i` of `heights`: from the heights either
    /// side (one side at the map's edge), as the tutorial works it out.
    pub fn normal(&self, heights: &[f32], i: usize) -> [f32; 3] {
        let Grid { cols, rows } = self.grid;
        let (x, y) = (i % cols, i / cols);
        let (west, east) = (x.saturating_sub(1), (x + 1).min(cols - 1));
        let (north, south) = (y.saturating_sub(1), (y + 1).min(rows - 1));
        let h = |x: usize, y: usize| heights[y * cols + x] as f64;
        let dx = slope(h(east, y), h(west, y), (east - west) as f64, self.vertical, self.cell);
        let dz = slope(h(x, south), h(x, north), (south - north) as f64, self.vertical, self.cell);
        let length = (dx * dx + 1.0 + dz * dz).sqrt();
        [(-dx / length) as f32, (1.0 / length) as f32, (-dz / length) as f32]
    }
}

/// Vertices the 3D view wants across the map for each pixel the view has
/// across: one (finer would only cost), or, where a software renderer
/// shades every vertex and pixel on the CPU, one for every four pixels.
pub const VERTICES_PER_PIXEL: f64 = 1.0;
pub const VERTICES_PER_PIXEL_IN_SOFTWARE: f64 = 0.25;

/// The 3D view's level of detail: a vertex every `step` cells, the
/// smallest step that leaves no more vertices across the map's longer
/// side than the view wants for `pixels_across`.
///
/// ```
/// use hydraulic_erosion::raster::grid::Grid;
/// use hydraulic_erosion::draw::mesh::{detail_step, lattice};
/// assert_eq!(detail_step(Grid::ARTICLE, 1000, false), 1);
/// assert_eq!(detail_step(Grid::new(512, 512), 300, false), 2);
/// assert_eq!(lattice(Grid::ARTICLE, 2), Grid::new(161, 91));
/// ```
pub fn detail_step(grid: Grid, pixels_across: u32, software: bool) -> usize {
    let per_pixel = if software { VERTICES_PER_PIXEL_IN_SOFTWARE } else { VERTICES_PER_PIXEL };
    let wanted = (pixels_across as f64 * per_pixel).floor().max(2.0) as usize;
    grid.cols.max(grid.rows).div_ceil(wanted).max(1)
}

/// The vertices drawn at `step`: every `step`th cell of `grid` across and
/// down, and its last column and row, so the whole map is covered. Vertex
/// (i, j) of the lattice stands on cell (min(i·step, cols − 1), min(j·step,
/// rows − 1)).
pub fn lattice(grid: Grid, step: usize) -> Grid {
    Grid::new((grid.cols - 1).div_ceil(step) + 1, (grid.rows - 1).div_ceil(step) + 1)
}

/// The two triangles of each square of four cells, as indices of the
/// cells, counter-clockwise seen from above (so their faces point up).
pub fn triangles(grid: Grid) -> Vec<u32> {
    let Grid { cols, rows } = grid;
    let mut indices = Vec::with_capacity((cols - 1) * (rows - 1) * 6);
    for y in 0..rows - 1 {
        for x in 0..cols - 1 {
            let a = (y * cols + x) as u32;
            let (b, c, d) = (a + 1, a + cols as u32, a + cols as u32 + 1);
            indices.extend_from_slice(&[a, c, b, b, c, d]);
        }
    }
    indices
}

/// A mesh: points, their normals, and triangles as indices of the points.
#[derive(Clone, Debug, PartialEq)]
pub struct Mesh {
    pub positions: Vec<[f32; 3]>,
    pub normals: Vec<[f32; 3]>,
    pub indices: Vec<u32>,
}

/// The ground's surface: a vertex a cell.
pub fn surface(layout: Layout, heights: &[f32]) -> Mesh {
    let grid = layout.grid;
    assert_eq!(heights.len(), grid.cells());
    let positions =
        (0..grid.cells()).map(|i| layout.position(i % grid.cols, i / grid.cols, heights[i] as f64)).collect();
    let normals = (0..grid.cells()).map(|i| layout.normal(heights, i)).collect();
    Mesh { positions, normals, indices: triangles(grid) }
}

/// The edges around the surface's border, each directed as in the triangle
/// it belongs to, going round: down the west side, east along the south,
/// up the east side, west along the north.
pub fn border(grid: Grid) -> Vec<[u32; 2]> {
    let Grid { cols, rows } = grid;
    let at = |x: usize, y: usize| (y * cols + x) as u32;
    let mut edges = Vec::with_capacity(2 * (cols + rows));
    edges.extend((0..rows - 1).map(|y| [at(0, y), at(0, y + 1)]));
    edges.extend((0..cols - 1).map(|x| [at(x, rows - 1), at(x + 1, rows - 1)]));
    edges.extend((1..rows).rev().map(|y| [at(cols - 1, y), at(cols - 1, y - 1)]));
    edges.extend((1..cols).rev().map(|x| [at(x, 0), at(x - 1, 0)]));
    edges
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vertex_a_cell_two_triangles_a_square_all_facing_up() {
        let grid = Grid::new(5, 4);
        let heights: Vec<f32> = (0..20).map(|i| (i % 5) as f32 * 0.1).collect();
        let mesh = surface(Layout::new(grid, 1.0), &heights);
        assert_eq!(mesh.positions.len(), 20);
        assert_eq!(mesh.indices.len(), 4 * 3 * 2 * 3);
        for t in mesh.indices.chunks(3) {
            let [a, b, c] = [0, 1, 2].map(|k| mesh.positions[t[k] as usize].map(f64::from));
            let (u, v) = ([0, 1, 2].map(|k| b[k] - a[k]), [0, 1, 2].map(|k| c[k] - a[k]));
            let up = u[2] * v[0] - u[0] * v[2];
            assert!(up > 0.0, "triangle {t:?} faces down");
        }
        // The longer side is one unit, centred on the origin
        assert_eq!(mesh.positions[0], [-0.5, 0.0, -0.375]);
        assert_eq!(mesh.positions[19][0], 0.5);
    }

    #[test]
    fn normals_of_known_slopes() {
        let grid = Grid::new(11, 11);
        let layout = Layout::new(grid, 1.0);
        // Rising east by 0.1 a cell: dh/dx = 0.1 × 0.12 / 0.1 = 0.12 units a unit
        let ramp: Vec<f32> = (0..121).map(|i| (i % 11) as f32 * 0.1).collect();
        for i in [0, 5, 60, 120] {
            let n = layout.normal(&ramp, i);
            let length = (1.0f64 + 0.12 * 0.12).sqrt();
            let want = [-0.12 / length, 1.0 / length, 0.0];
            assert!((0..3).all(|k| (n[k] as f64 - want[k]).abs() < 1e-6), "{n:?} at {i}, want {want:?}");
        }
        // Falling south twice as steeply at twice the height scale
        let fall: Vec<f32> = (0..121).map(|i| 1.0 - (i / 11) as f32 * 0.1).collect();
        let n = Layout::new(grid, 2.0).normal(&fall, 60);
        assert!((n[2] as f64 - 0.24 / (1.0f64 + 0.24 * 0.24).sqrt()).abs() < 1e-6 && n[0] == 0.0, "{n:?}");
    }

    #[test]
    fn the_level_of_detail_keeps_vertices_near_the_pixels_and_covers_the_map() {
        let article = Grid::ARTICLE;
        // The article's map at its usual size is drawn whole; in software,
        // at a quarter of a vertex a pixel, every other cell
        assert_eq!(detail_step(article, 960, false), 1);
        assert_eq!(detail_step(article, 960, true), 2);
        assert_eq!(detail_step(Grid::new(512, 512), 960, true), 3);
        assert_eq!(detail_step(Grid::new(640, 360), 390, false), 2);
        assert_eq!(detail_step(article, 0, false), 160, "two vertices across at least");
        for grid in [article, Grid::new(512, 512), Grid::new(257, 257), Grid::new(2, 2), Grid::new(7, 3)] {
            for step in 1..=5 {
                let l = lattice(grid, step);
                // The last vertex of a row or column stands on the map's last cell
                assert!((l.cols - 2) * step < grid.cols - 1 && (l.cols - 1) * step >= grid.cols - 1, "{grid:?} {step}");
                assert!((l.rows - 2) * step < grid.rows - 1 && (l.rows - 1) * step >= grid.rows - 1, "{grid:?} {step}");
            }
            assert_eq!(lattice(grid, 1), grid);
        }
    }

    #[test]
    fn the_border_goes_round_once_against_its_triangles() {
        let grid = Grid::new(4, 3);
        let edges = border(grid);
        assert_eq!(edges.len(), 2 * (3 + 2));
        for pair in edges.windows(2) {
            assert_eq!(pair[0][1], pair[1][0], "one edge leads to the next");
        }
        assert_eq!(edges[edges.len() - 1][1], edges[0][0], "and back to the start");
        let faces = triangles(grid);
        for [p, q] in &edges {
            let in_a_triangle = faces.chunks(3).any(|t| (0..3).any(|k| t[k] == *p && t[(k + 1) % 3] == *q));
            assert!(in_a_triangle, "edge {p} → {q} is not a triangle's");
        }
    }
}
