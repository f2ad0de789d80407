//! Traced rivers, as the procedural generation article draws them (its
//! `traceRivers`): from a random high point, each river steps to the lowest
//! of its eight neighbours while one is lower, until it reaches the water,
//! a pit, or 300 steps. A river style beside the article's drainage
//! ([`crate::hydrology::rivers`]): a few lines from the peaks rather than where all the
//! rain goes.
//!
//! ```
//! use hydraulic_erosion::raster::grid::Grid;
//! use hydraulic_erosion::hydrology::traced_rivers::trace;
//! // A ramp down to the west: from the high east the river runs west, up
//! // the rows while their cells tie (the first lower neighbour wins)
//! let grid = Grid::new(10, 3);
//! let h: Vec<f32> = (0..30).map(|i| (i % 10) as f32 / 9.0).collect();
//! let mut unit = || 0.95f32;
//! let rivers = trace(grid, &h, 0.75, 0.2, 1, &mut unit);
//! assert_eq!(rivers[0].first(), Some(&[9, 2]));
//! assert_eq!(rivers[0].last(), Some(&[1, 0]), "the first cell below the water");
//! ```

use crate::raster::grid::Grid;

/// A river gives up after this many steps.
pub const MAX_STEPS: usize = 300;
/// Tries at finding a start high enough before taking the last one tried.
pub const START_TRIES: u32 = 500;
/// The article traces six.
pub const RIVERS: usize = 6;
/// The article's water level and the elevation its rivers start above.
pub const ARTICLE_WATER: f64 = 0.36;
pub const ARTICLE_SPRING: f64 = 0.75;

/// Where rivers start for a map whose sea is at `sea_level`: the same share
/// of the land above the sea as the article's 0.75 over its water at 0.36.
pub fn spring_level(sea_level: f64) -> f64 {
    sea_level + (1.0 - sea_level) * (ARTICLE_SPRING - ARTICLE_WATER) / (1.0 - ARTICLE_WATER)
}

/// `count` rivers over `heights` on `grid`, each the cells it passes (x, y),
/// starting where the ground is at least `spring` (or the last start tried)
/// and ending at the first cell below `water`, a pit, or [`MAX_STEPS`]. The
/// starts are drawn as the article draws them, `int(random(size))` for x then
/// y, with `unit` giving Processing's `random()` in 0..1.
pub fn trace(
    grid: Grid,
    heights: &[f32],
    spring: f64,
    water: f64,
    count: usize,
    unit: &mut impl FnMut() -> f32,
) -> Vec<Vec<[usize; 2]>> {
    assert_eq!(heights.len(), grid.cells());
    let h = |x: usize, y: usize| heights[y * grid.cols + x] as f64;
    let mut random_cell = |n: usize| ((unit() * n as f32) as usize).min(n - 1);
    (0..count)
        .map(|_| {
            let (mut x, mut y) = (0, 0);
            for _ in 0..START_TRIES {
                (x, y) = (random_cell(grid.cols), random_cell(grid.rows));
                if h(x, y) >= spring {
                    break;
                }
            }
            let mut river = Vec::new();
            for _ in 0..MAX_STEPS {
                river.push([x, y]);
                if h(x, y) < water {
                    break;
                }
                // The lowest neighbour, x outer and y inner as the article
                // walks them; the first of equals wins
                let (mut next, mut lowest) = ((x, y), h(x, y));
                for dx in -1i32..=1 {
                    for dy in -1i32..=1 {
                        let (tx, ty) = (x as i32 + dx, y as i32 + dy);
                        if tx < 0 || ty < 0 || tx as usize >= grid.cols || ty as usize >= grid.rows {
                            continue;
                        }
                        let there = h(tx as usize, ty as usize);
                        if there < lowest {
                            (next, lowest) = ((tx as usize, ty as usize), there);
                        }
                    }
                }
                if next == (x, y) {
                    break;
                }
                (x, y) = next;
            }
            river
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_river_runs_downhill_to_the_water_or_a_pit() {
        let grid = Grid::new(20, 20);
        // A bowl with its lowest point at (5, 5): a pit
        let bowl: Vec<f32> = (0..400)
            .map(|i| {
                let (x, y) = grid.column_row(i);
                (((x as f32 - 5.0).powi(2) + (y as f32 - 5.0).powi(2)).sqrt() / 25.0).min(1.0)
            })
            .collect();
        let mut corner = || 0.99f32;
        let rivers = trace(grid, &bowl, 0.5, 0.0, 2, &mut corner);
        assert_eq!(rivers.len(), 2);
        let river = &rivers[0];
        assert_eq!(river[0], [19, 19]);
        assert_eq!(river.last(), Some(&[5, 5]), "it ends in the pit");
        for step in river.windows(2) {
            let (a, b) = (step[0], step[1]);
            assert!(bowl[b[1] * 20 + b[0]] < bowl[a[1] * 20 + a[0]], "every step goes down");
            assert!(a[0].abs_diff(b[0]) <= 1 && a[1].abs_diff(b[1]) <= 1, "to a neighbour");
        }
        // With water at 0.3 it stops at the first cell below it
        let wet = trace(grid, &bowl, 0.5, 0.3, 1, &mut corner);
        let last = wet[0].last().unwrap();
        assert!(bowl[last[1] * 20 + last[0]] < 0.3 && wet[0].len() < river.len());
        assert!((spring_level(ARTICLE_WATER) - ARTICLE_SPRING).abs() < 1e-12);
    }
}
