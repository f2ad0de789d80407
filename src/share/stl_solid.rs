//! The map as a solid for a 3D printer: a binary STL file (written by the
//! `stl_io` crate) of the ground's surface, four side walls and a flat base,
//! closed, so every edge is shared by exactly two triangles, and sized for
//! a printer's bed.
//!
//! The sea is printed flat at the sea level (the ground below it would be a
//! seabed nobody sees on a print); the land stands at the 3D view's height
//! scale. STL has no units; slicers read millimetres, and printers stand Z
//! up, so the file turns the mesh's y-up coordinates Z up.
//!
//! ```
//! use hydraulic_erosion::raster::grid::Grid;
//! use hydraulic_erosion::share::stl_solid::{solid, triangle_count};
//! let grid = Grid::new(4, 3);
//! let triangles = solid(grid, &[0.5; 12], 0.25, 1.0);
//! assert_eq!(triangles.len(), triangle_count(grid));
//! ```

use stl_io::{Normal, Triangle, Vertex};

use crate::draw::mesh::{border, triangles, Layout};
use crate::raster::grid::Grid;

/// The map's longer side on the print, in millimetres: most printers' beds
/// take it.
pub const LONGER_SIDE_MM: f64 = 150.0;
/// The base's thickness under the lowest ground, in millimetres.
pub const BASE_MM: f64 = 3.0;

/// Triangles in the solid of a map on `grid`: two a square of the surface,
/// two a border edge for the walls, one a border edge for the base.
pub fn triangle_count(grid: Grid) -> usize {
    let border = 2 * (grid.cols - 1) + 2 * (grid.rows - 1);
    2 * (grid.cols - 1) * (grid.rows - 1) + 3 * border
}

/// The solid's triangles, in millimetres, Z up.
pub fn solid(grid: Grid, heights: &[f32], sea_level: f64, height_scale: f64) -> Vec<Triangle> {
    assert_eq!(heights.len(), grid.cells());
    let layout = Layout::new(grid, height_scale);
    let mm = LONGER_SIDE_MM;
    // The mesh's y up, z south, in units, as Z up, Y north, in millimetres:
    // a turn about x, so the triangles keep their winding
    let to_print = |p: [f32; 3]| Vertex::new([p[0] * mm as f32, -p[2] * mm as f32, p[1] * mm as f32]);
    let top: Vec<Vertex> = (0..grid.cells())
        .map(|i| to_print(layout.position(i % grid.cols, i / grid.cols, (heights[i] as f64).max(sea_level))))
        .collect();
    let lowest = top.iter().map(|v| v[2]).fold(f32::INFINITY, f32::min);
    let base_z = lowest - BASE_MM as f32;
    let below = |v: Vertex| Vertex::new([v[0], v[1], base_z]);
    // The map is centred on the origin: the base's middle is under it
    let middle = Vertex::new([0.0, 0.0, base_z]);
    let mut out = Vec::with_capacity(triangle_count(grid));
    for t in triangles(grid).chunks(3) {
        out.push(facet([top[t[0] as usize], top[t[1] as usize], top[t[2] as usize]]));
    }
    for [p, q] in border(grid) {
        let (p, q) = (top[p as usize], top[q as usize]);
        // The wall under a border edge p → q holds q → p, and the base the
        // wall's foot the other way round
        out.push(facet([q, p, below(p)]));
        out.push(facet([q, below(p), below(q)]));
        out.push(facet([middle, below(q), below(p)]));
    }
    out
}

/// A triangle with its face's normal, from its winding.
fn facet(vertices: [Vertex; 3]) -> Triangle {
    let [a, b, c] = vertices;
    let u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    let n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
    let length = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
    let normal = if length > 0.0 { n.map(|c| c / length) } else { [0.0, 0.0, 1.0] };
    Triangle { normal: Normal::new(normal), vertices }
}

/// The solid as a binary STL file.
pub fn stl(grid: Grid, heights: &[f32], sea_level: f64, height_scale: f64) -> Vec<u8> {
    let triangles = solid(grid, heights, sea_level, height_scale);
    let mut file = Vec::with_capacity(84 + 50 * triangles.len());
    stl_io::write_stl(&mut file, triangles.iter()).expect("writing to memory cannot fail");
    file
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn bumpy(grid: Grid) -> Vec<f32> {
        (0..grid.cells())
            .map(|i| ((i % grid.cols) as f32 * 0.37).sin() * 0.3 + 0.4 + (i / grid.cols) as f32 * 0.01)
            .collect()
    }

    #[test]
    fn the_solid_is_closed_with_the_expected_triangles() {
        let grid = Grid::new(23, 17);
        let file = stl(grid, &bumpy(grid), 0.3, 1.5);
        assert_eq!(file.len(), 84 + 50 * triangle_count(grid));
        assert_eq!(u32::from_le_bytes(file[80..84].try_into().unwrap()) as usize, 2 * 22 * 16 + 3 * 2 * (22 + 16));
        let mesh = stl_io::read_stl(&mut Cursor::new(&file)).expect("a readable STL");
        assert_eq!(mesh.faces.len(), triangle_count(grid));
        // Every edge shared by exactly two triangles, once each way; no
        // triangle without area
        mesh.validate().expect("a closed solid");
    }

    #[test]
    fn sized_for_a_printer_with_a_flat_sea_and_a_base_below() {
        let grid = Grid::new(33, 17);
        let heights = bumpy(grid);
        let triangles = solid(grid, &heights, 0.3, 1.0);
        let points: Vec<Vertex> = triangles.iter().flat_map(|t| t.vertices).collect();
        let span = |k: usize| {
            let (lo, hi) = points.iter().fold((f32::MAX, f32::MIN), |(l, h), v| (l.min(v[k]), h.max(v[k])));
            hi - lo
        };
        assert!((span(0) - 150.0).abs() < 1e-3, "{} mm across", span(0));
        assert!((span(1) - 75.0).abs() < 1e-3, "{} mm deep", span(1));
        let top = heights.iter().fold(0f32, |a, &h| a.max(h)) as f64;
        let lowest = heights.iter().fold(1f32, |a, &h| a.min(h)).max(0.3) as f64;
        let tall = (top - lowest) * 0.12 * 150.0 + 3.0;
        assert!((span(2) as f64 - tall).abs() < 1e-3, "{} mm tall, want {tall}", span(2));
        // The sea is flat: nothing of the top below the sea level
        let sea_z = (0.3 * 0.12 * 150.0) as f32;
        let base = points.iter().fold(f32::MAX, |a, v| a.min(v[2]));
        assert!(points.iter().all(|v| v[2] == base || v[2] >= sea_z - 1e-4));
        // The base faces down, the surface mostly up
        let down = triangles.iter().filter(|t| t.normal[2] < -0.999).count();
        assert_eq!(down, 2 * (32 + 16));
    }
}
