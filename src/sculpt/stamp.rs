//! One stamp of a tool on the heights: a smooth bump added (`raise`) or
//! taken (`lower`), or the ground relaxed toward its neighbours (`smooth`),
//! inside a circle of the brush's radius and fading to nothing at its rim.
//!
//! The fall-off is the biweight kernel, `(1 − d²/r²)²`: 1 at the centre, 0
//! with a flat tangent at the rim, so a stroke of stamps leaves no ring or
//! step. It is plain arithmetic, with no trigonometry, so every browser
//! (and a native test) computes the very same heights.
//!
//! ```
//! use hydraulic_erosion::raster::grid::Grid;
//! use hydraulic_erosion::sculpt::stamp::{stamp, Stamp, Tool};
//! let grid = Grid::new(9, 9);
//! let mut heights = vec![0.5; grid.cells()];
//! stamp(grid, &mut heights, &Stamp { tool: Tool::Raise, x: 4, y: 4, radius: 3, strength: 1.0 });
//! assert!(heights[4 * 9 + 4] > heights[4 * 9 + 5] && heights[4 * 9 + 5] > 0.5);
//! assert_eq!(heights[4 * 9 + 7], 0.5, "nothing at the rim");
//! ```

use crate::raster::grid::Grid;

/// How much a `raise` or `lower` stamp at full strength moves the ground at
/// its centre, in the map's heights (0 to 1). Stamps half a radius apart
/// overlap about twice over, so a stroke at half strength builds a ridge
/// (or digs a trench) of about 0.08, an eighth of the island's relief:
/// enough for the rivers to go round it.
pub const BUMP_AT_FULL_STRENGTH: f32 = 0.08;

/// The hand's tools that change the ground, and the rain's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tool {
    /// Drops start under the brush (at the rain's pace, while pressed).
    Rain,
    Raise,
    Lower,
    Smooth,
}

impl Tool {
    pub const ALL: [Tool; 4] = [Tool::Rain, Tool::Raise, Tool::Lower, Tool::Smooth];

    /// The letter a link writes the tool's strokes under.
    pub fn letter(self) -> char {
        match self {
            Tool::Rain => 'w',
            Tool::Raise => 'r',
            Tool::Lower => 'l',
            Tool::Smooth => 's',
        }
    }

    pub fn from_letter(letter: char) -> Option<Tool> {
        Tool::ALL.into_iter().find(|t| t.letter() == letter)
    }
}

/// One stamp: the tool, at a cell, with the brush's radius (cells) and
/// strength (0 to 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stamp {
    pub tool: Tool,
    pub x: u16,
    pub y: u16,
    pub radius: u16,
    pub strength: f32,
}

impl Stamp {
    /// A strength of `hundredths` hundredths, as a stamp holds it: every
    /// strength a stamp is made with is one a link writes exactly.
    pub fn strength_of(hundredths: u32) -> f32 {
        hundredths as f32 / 100.0
    }
}

/// The fall-off at squared distance `d2` from the centre of a brush whose
/// squared radius is `r2`: `(1 − d²/r²)²` inside, 0 outside.
fn falloff(d2: f32, r2: f32) -> f32 {
    if d2 >= r2 {
        return 0.0;
    }
    let t = 1.0 - d2 / r2;
    t * t
}

/// The cells a stamp reaches: columns and rows, clipped to the grid.
pub fn reach(grid: Grid, s: &Stamp) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
    let r = s.radius as usize;
    let (x, y) = (s.x as usize, s.y as usize);
    let cols = x.saturating_sub(r)..(x + r + 1).min(grid.cols);
    let rows = y.saturating_sub(r)..(y + r + 1).min(grid.rows);
    (cols, rows)
}

/// Applies `s` to `heights` (a `grid`'s, row by row), and returns how
/// much it moved the ground in all (the sum of the changes' sizes). The
/// rain's tool changes nothing here: its drops fall as the rain does
/// ([`crate::terrain::Terrain::touch`]). Heights stay within 0 to 1.
pub fn stamp(grid: Grid, heights: &mut [f32], s: &Stamp) -> f32 {
    let r2 = (s.radius as f32) * (s.radius as f32);
    let (cols, rows) = reach(grid, s);
    let mut moved = 0.0;
    match s.tool {
        Tool::Rain => {}
        Tool::Raise | Tool::Lower => {
            let sign = if s.tool == Tool::Raise { 1.0 } else { -1.0 };
            let bump = sign * s.strength * BUMP_AT_FULL_STRENGTH;
            for y in rows {
                for x in cols.clone() {
                    let w = falloff(distance2(s, x, y), r2);
                    if w > 0.0 {
                        let h = &mut heights[y * grid.cols + x];
                        let was = *h;
                        *h = (*h + bump * w).clamp(0.0, 1.0);
                        moved += (*h - was).abs();
                    }
                }
            }
        }
        Tool::Smooth => {
            // Each cell moves toward the mean of its four neighbours as the
            // ground was before this stamp, so the order of the cells does
            // not matter
            let before: Vec<(usize, f32)> = rows
                .clone()
                .flat_map(|y| cols.clone().map(move |x| (x, y)))
                .filter_map(|(x, y)| {
                    let w = falloff(distance2(s, x, y), r2);
                    (w > 0.0).then(|| {
                        let mean = neighbours_mean(grid, heights, x, y);
                        let h = heights[y * grid.cols + x];
                        (y * grid.cols + x, h + s.strength * w * (mean - h))
                    })
                })
                .collect();
            for (i, h) in before {
                moved += (h - heights[i]).abs();
                heights[i] = h;
            }
        }
    }
    moved
}

fn distance2(s: &Stamp, x: usize, y: usize) -> f32 {
    let (dx, dy) = (x as f32 - s.x as f32, y as f32 - s.y as f32);
    dx * dx + dy * dy
}

/// The mean of a cell's four neighbours (those on the map).
fn neighbours_mean(grid: Grid, heights: &[f32], x: usize, y: usize) -> f32 {
    let mut sum = 0.0;
    let mut n = 0.0;
    let mut add = |x: usize, y: usize| {
        sum += heights[y * grid.cols + x];
        n += 1.0;
    };
    if x > 0 {
        add(x - 1, y);
    }
    if x + 1 < grid.cols {
        add(x + 1, y);
    }
    if y > 0 {
        add(x, y - 1);
    }
    if y + 1 < grid.rows {
        add(x, y + 1);
    }
    sum / n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(tool: Tool, x: u16, y: u16, radius: u16, strength: f32) -> Stamp {
        Stamp { tool, x, y, radius, strength }
    }

    #[test]
    fn raise_and_lower_move_the_ground_under_the_brush_and_not_beyond_it() {
        let grid = Grid::new(40, 30);
        let mut heights = vec![0.5; grid.cells()];
        stamp(grid, &mut heights, &at(Tool::Raise, 20, 15, 6, 0.5));
        let centre = heights[15 * 40 + 20];
        assert!((centre - (0.5 + 0.5 * BUMP_AT_FULL_STRENGTH)).abs() < 1e-6, "{centre}");
        for (i, &h) in heights.iter().enumerate() {
            let (x, y) = grid.column_row(i);
            let d2 = (x as i32 - 20).pow(2) + (y as i32 - 15).pow(2);
            if d2 >= 36 {
                assert_eq!(h, 0.5, "({x}, {y}) is outside the brush");
            } else {
                assert!(h > 0.5, "({x}, {y}) is inside");
            }
        }
        stamp(grid, &mut heights, &at(Tool::Lower, 20, 15, 6, 0.5));
        assert!(heights.iter().all(|&h| (h - 0.5).abs() < 1e-6), "lower undoes raise");
    }

    #[test]
    fn heights_stay_between_0_and_1_and_the_map_edge_clips_the_brush() {
        let grid = Grid::new(10, 10);
        let mut heights = vec![0.995; grid.cells()];
        stamp(grid, &mut heights, &at(Tool::Raise, 0, 9, 4, 1.0));
        assert!(heights.iter().all(|&h| h <= 1.0));
        assert_eq!(heights[9 * 10], 1.0);
        let mut low = vec![0.001; grid.cells()];
        stamp(grid, &mut low, &at(Tool::Lower, 9, 0, 4, 1.0));
        assert_eq!(low[9], 0.0);
    }

    #[test]
    fn smooth_flattens_a_spike_and_keeps_flat_ground_flat() {
        let grid = Grid::new(11, 11);
        let mut heights = vec![0.4; grid.cells()];
        stamp(grid, &mut heights, &at(Tool::Smooth, 5, 5, 4, 1.0));
        assert!(heights.iter().all(|&h| h == 0.4), "flat stays flat");
        heights[5 * 11 + 5] = 0.8;
        let moved = stamp(grid, &mut heights, &at(Tool::Smooth, 5, 5, 4, 1.0));
        assert!(moved > 0.0);
        assert_eq!(heights[5 * 11 + 5], 0.4, "full strength at the centre: its neighbours' mean");
        assert!(heights[5 * 11 + 6] > 0.4, "a neighbour takes a share of the spike");
    }

    #[test]
    fn the_rains_tool_leaves_the_heights_alone() {
        let grid = Grid::new(8, 8);
        let mut heights: Vec<f32> = (0..64).map(|i| i as f32 / 64.0).collect();
        let before = heights.clone();
        assert_eq!(stamp(grid, &mut heights, &at(Tool::Rain, 4, 4, 3, 1.0)), 0.0);
        assert_eq!(heights, before);
    }

    #[test]
    fn tools_read_back_from_their_letters() {
        for tool in Tool::ALL {
            assert_eq!(Tool::from_letter(tool.letter()), Some(tool));
        }
        assert_eq!(Tool::from_letter('x'), None);
    }
}
