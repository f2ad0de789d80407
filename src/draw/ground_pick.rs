//! Which spot of the ground the reader points at in the 3D view: the
//! pointer's ray ([`Camera::ray`]) is followed across the heightfield, laid
//! out as the [`crate::draw::mesh`] lays it, until it first goes below the
//! ground, and the crossing is found to a hundredth of a cell by halving.
//! The ground between cells is the bilinear blend of their four heights,
//! which the mesh's two triangles a square follow to within their bend.
//!
//! So a brush in 3D lands where the pointer's ray meets the ground, not
//! where the screen's point would be on a flat map; a ray that passes over
//! the map and meets nothing picks nothing.
//!
//! ```
//! use hydraulic_erosion::draw::camera::Camera;
//! use hydraulic_erosion::draw::ground_pick::pick;
//! use hydraulic_erosion::draw::mesh::Layout;
//! use hydraulic_erosion::raster::grid::Grid;
//! let grid = Grid::new(101, 101);
//! let flat = vec![0.0; grid.cells()];
//! // The middle of the screen, at the starting view: the middle of the map
//! let ray = Camera::START.ray(1.5, 0.0, [0.5, 0.5]);
//! let [x, y] = pick(&Layout::new(grid, 1.0), &flat, &ray).unwrap();
//! assert!((x - 50.0).abs() < 0.01 && (y - 50.0).abs() < 0.01);
//! ```
//!
//! [`Camera::ray`]: crate::draw::camera::Camera::ray

use crate::draw::camera::Ray;
use crate::draw::mesh::Layout;
use crate::raster::float_min_max::lowest_and_highest;

/// Steps along the ray are this share of a cell apart across the map:
/// fine enough that no ridge a cell wide is stepped over.
const STEP_PER_CELL: f64 = 0.5;
/// Halvings of the last step to find where the ray meets the ground: 2⁻¹²
/// of half a cell, far finer than a stroke needs.
const HALVINGS: u32 = 12;

/// Where `ray` first meets the ground of `heights` laid out by `layout`, in
/// cells (`[x, y]`, not whole), or `None` if it meets none.
pub fn pick(layout: &Layout, heights: &[f32], ray: &Ray) -> Option<[f64; 2]> {
    let (low, high) = lowest_and_highest(heights);
    let (low, high) = (low * layout.vertical, high * layout.vertical);
    let [half_x, half_z] = layout.half_extent();
    let [t_in, t_out] = [
        slab(ray.origin[0], ray.direction[0], -half_x, half_x),
        slab(ray.origin[1], ray.direction[1], low, high),
        slab(ray.origin[2], ray.direction[2], -half_z, half_z),
    ]
    .into_iter()
    .try_fold([0.0_f64, f64::INFINITY], |[a, b], s| {
        let [c, d] = s?;
        let (from, to) = (a.max(c), b.min(d));
        (from <= to).then_some([from, to])
    })?;
    let above = |t: f64| {
        let p = ray.at(t);
        p[1] - ground(layout, heights, p) * layout.vertical
    };
    let across = ray.direction[0].hypot(ray.direction[2]);
    // Looking nearly straight down, the box's heights end the ray soon
    let step = (STEP_PER_CELL * layout.cell / across.max(1e-9)).min(t_out - t_in).max(f64::MIN_POSITIVE);
    let (mut before, mut t) = (t_in, t_in);
    while above(t) > 0.0 {
        if t >= t_out {
            return None;
        }
        before = t;
        t = (t + step).min(t_out);
    }
    // The ground is between `before` (above it, unless the ray began
    // below) and `t` (below it)
    let mut beneath = t;
    for _ in 0..HALVINGS {
        let middle = (before + beneath) / 2.0;
        if above(middle) > 0.0 {
            before = middle;
        } else {
            beneath = middle;
        }
    }
    Some(cell_of(layout, ray.at(beneath)))
}

/// The span of `t` where `origin + t × direction` lies between `low` and
/// `high` on one axis, or `None` if it never does.
fn slab(origin: f64, direction: f64, low: f64, high: f64) -> Option<[f64; 2]> {
    if direction == 0.0 {
        return (low..=high).contains(&origin).then_some([f64::NEG_INFINITY, f64::INFINITY]);
    }
    let (a, b) = ((low - origin) / direction, (high - origin) / direction);
    Some([a.min(b), a.max(b)])
}

/// The cell (`[x, y]`, not whole) under point `p` of the layout's space.
fn cell_of(layout: &Layout, p: [f64; 3]) -> [f64; 2] {
    let [half_x, half_z] = layout.half_extent();
    let [cols, rows] = [layout.grid.cols, layout.grid.rows].map(|n| (n - 1) as f64);
    [((p[0] + half_x) / layout.cell).clamp(0.0, cols), ((p[2] + half_z) / layout.cell).clamp(0.0, rows)]
}

/// The ground's height (the map's, 0 to 1) under point `p`: the bilinear
/// blend of the four cells around it.
fn ground(layout: &Layout, heights: &[f32], p: [f64; 3]) -> f64 {
    let cols = layout.grid.cols;
    let [x, y] = cell_of(layout, p);
    let (x0, y0) = (x.floor() as usize, y.floor() as usize);
    let (x1, y1) = ((x0 + 1).min(cols - 1), (y0 + 1).min(layout.grid.rows - 1));
    let (fx, fy) = (x - x0 as f64, y - y0 as f64);
    let h = |x: usize, y: usize| heights[y * cols + x] as f64;
    let north = h(x0, y0) + (h(x1, y0) - h(x0, y0)) * fx;
    let south = h(x0, y1) + (h(x1, y1) - h(x0, y1)) * fx;
    north + (south - north) * fy
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::camera::Camera;
    use crate::raster::grid::Grid;

    /// Where `m` takes `p` on screen, as shares of the drawing across and
    /// down.
    fn on_screen(m: &[f32; 16], p: [f32; 3]) -> [f64; 2] {
        let (m, p) = (m.map(f64::from), p.map(f64::from));
        let v = [0, 1, 3].map(|row| m[row] * p[0] + m[4 + row] * p[1] + m[8 + row] * p[2] + m[12 + row]);
        [(v[0] / v[2] + 1.0) / 2.0, (1.0 - v[1] / v[2]) / 2.0]
    }

    /// A cone with its top at (40, 30) on a 100 × 60 map.
    fn cone(grid: Grid) -> Vec<f32> {
        (0..grid.cells())
            .map(|i| {
                let (x, y) = ((i % grid.cols) as f32 - 40.0, (i / grid.cols) as f32 - 30.0);
                (1.0 - x.hypot(y) / 25.0).max(0.1)
            })
            .collect()
    }

    #[test]
    fn the_pointer_on_a_spot_drawn_picks_that_spot() {
        let grid = Grid::new(100, 60);
        let heights = cone(grid);
        let layout = Layout::new(grid, 1.5);
        let aspect = 16.0 / 9.0;
        for camera in [Camera::START, Camera::new(2.0, 0.5, 0.8).unwrap(), Camera::new(-0.8, 1.3, 1.6).unwrap()] {
            let target_y = 0.1 * layout.vertical;
            let m = camera.view_projection(aspect, target_y);
            // Spots on the cone's flank facing the camera (not its top,
            // which a ray there only grazes)
            let eye = camera.eye(target_y);
            let toward = [eye[0], eye[2]].map(|v| v / eye[0].hypot(eye[2]));
            for reach in [4.0, 9.0, 14.0] {
                let (x, y) = ((40.0 + toward[0] * reach).round() as usize, (30.0 + toward[1] * reach).round() as usize);
                let spot = layout.position(x, y, heights[y * grid.cols + x] as f64);
                let ray = camera.ray(aspect, target_y, on_screen(&m, spot));
                let picked = pick(&layout, &heights, &ray).expect("the ground is there");
                let miss = (picked[0] - x as f64).hypot(picked[1] - y as f64);
                assert!(miss < 0.3, "{camera:?}, cell ({x}, {y}): picked {picked:?}");
            }
        }
    }

    #[test]
    fn a_spot_behind_a_hill_picks_the_hill() {
        // A wall across the map at row 20, seen from the south, low: the
        // ground behind it (row 10) is hidden, and the wall is picked
        let grid = Grid::new(60, 60);
        let heights: Vec<f32> =
            (0..grid.cells()).map(|i| if (19..=21).contains(&(i / 60)) { 1.0 } else { 0.0 }).collect();
        let layout = Layout::new(grid, 2.0);
        let camera = Camera::new(0.0, 0.15, 1.2).unwrap();
        let m = camera.view_projection(1.0, 0.0);
        let ray = camera.ray(1.0, 0.0, on_screen(&m, layout.position(30, 10, 0.0)));
        let [x, y] = pick(&layout, &heights, &ray).unwrap();
        assert!((x - 30.0).abs() < 0.5 && (19.0..=22.0).contains(&y), "picked ({x}, {y})");
    }

    #[test]
    fn a_ray_over_the_map_picks_nothing() {
        let grid = Grid::new(50, 50);
        let layout = Layout::new(grid, 1.0);
        let low = Camera::new(0.3, 0.1, 1.0).unwrap();
        // The top of the screen, looking nearly level: the sky
        assert_eq!(pick(&layout, &vec![0.2; grid.cells()], &low.ray(1.0, 0.0, [0.5, 0.0])), None);
        // Far to the side, past the map's edge
        assert_eq!(pick(&layout, &vec![0.2; grid.cells()], &Camera::START.ray(3.0, 0.0, [0.0, 0.5])), None);
    }
}
