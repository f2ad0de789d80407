//! Where a stroke's stamps go: evenly along the pointer's path, a fixed
//! share of the brush's radius apart, however fast or slow the pointer
//! moved (a quick flick and a slow drag over the same path stamp the same
//! cells). Cells are whole, so a link can write them.
//!
//! ```
//! use hydraulic_erosion::raster::grid::Grid;
//! use hydraulic_erosion::sculpt::pen::Pen;
//! let grid = Grid::new(100, 100);
//! let mut pen = Pen::down([10.0, 10.0], 8, grid);
//! assert_eq!(pen.first(), [10, 10]);
//! // Eight cells right: stamps every four cells
//! assert_eq!(pen.move_to([18.0, 10.0]), [[14, 10], [18, 10]]);
//! ```

use crate::raster::grid::Grid;

/// Stamps are this share of the brush's radius apart: close enough that a
/// stroke leaves a smooth ridge or trench, not a row of bumps.
pub const SPACING_PER_RADIUS: f32 = 0.5;

/// A stroke under way: where the last stamp went, and how far the
/// pointer has gone since.
#[derive(Clone, Debug, PartialEq)]
pub struct Pen {
    grid: Grid,
    spacing: f32,
    /// The pointer's last position (cells).
    at: [f32; 2],
    /// How far along the path since the last stamp.
    gone: f32,
    first: [u16; 2],
}

impl Pen {
    /// The pen put down at `at` (cells, anywhere: clamped to the map) with
    /// a brush of `radius` cells; its first stamp is there.
    pub fn down(at: [f32; 2], radius: u16, grid: Grid) -> Pen {
        let at = clamp(at, grid);
        let spacing = (radius as f32 * SPACING_PER_RADIUS).max(1.0);
        Pen { grid, spacing, at, gone: 0.0, first: cell(at) }
    }

    /// The cell of the first stamp.
    pub fn first(&self) -> [u16; 2] {
        self.first
    }

    /// The pointer moved to `to`: the cells of the stamps due on the way.
    pub fn move_to(&mut self, to: [f32; 2]) -> Vec<[u16; 2]> {
        let to = clamp(to, self.grid);
        let [dx, dy] = [to[0] - self.at[0], to[1] - self.at[1]];
        let length = (dx * dx + dy * dy).sqrt();
        let mut stamps = Vec::new();
        if length == 0.0 {
            return stamps;
        }
        // The distance along this move of each stamp due
        let mut along = self.spacing - self.gone;
        while along <= length {
            let t = along / length;
            stamps.push(cell([self.at[0] + dx * t, self.at[1] + dy * t]));
            along += self.spacing;
        }
        self.gone = length - (along - self.spacing);
        self.at = to;
        stamps
    }
}

/// A position brought onto the map.
fn clamp([x, y]: [f32; 2], grid: Grid) -> [f32; 2] {
    let inside = |v: f32, cells: usize| if v.is_finite() { v.max(0.0).min((cells - 1) as f32) } else { 0.0 };
    [inside(x, grid.cols), inside(y, grid.rows)]
}

/// The cell a position on the map is in (the nearest cell centre).
fn cell([x, y]: [f32; 2]) -> [u16; 2] {
    [x.round() as u16, y.round() as u16]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_are_evenly_spaced_however_the_pointer_moved() {
        let grid = Grid::new(200, 100);
        let mut quick = Pen::down([10.0, 50.0], 6, grid);
        let quick_stamps = quick.move_to([70.0, 50.0]);
        let mut slow = Pen::down([10.0, 50.0], 6, grid);
        let slow_stamps: Vec<[u16; 2]> = (1..=60).flat_map(|k| slow.move_to([10.0 + k as f32, 50.0])).collect();
        assert_eq!(quick_stamps, slow_stamps);
        assert_eq!(quick_stamps.len(), 20, "every three cells over sixty");
        assert!(quick_stamps.windows(2).all(|w| w[1][0] - w[0][0] == 3));
    }

    #[test]
    fn the_pen_stays_on_the_map() {
        let grid = Grid::new(50, 40);
        let mut pen = Pen::down([-5.0, 100.0], 4, grid);
        assert_eq!(pen.first(), [0, 39]);
        let stamps = pen.move_to([f32::NAN, 39.0]);
        assert!(stamps.is_empty(), "a move to nowhere: the pen stays where it is");
        let stamps = pen.move_to([80.0, 39.0]);
        assert_eq!(stamps.last(), Some(&[48, 39]), "every two cells, up to the edge");
        assert!(stamps.iter().all(|&[x, y]| x < 50 && y < 40));
    }

    #[test]
    fn a_small_brush_stamps_every_cell() {
        let mut pen = Pen::down([0.0, 0.0], 1, Grid::new(10, 10));
        assert_eq!(pen.move_to([3.0, 0.0]), [[1, 0], [2, 0], [3, 0]]);
    }
}
