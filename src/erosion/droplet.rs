//! One raindrop, after Hans Theobald Beyer's 2015 thesis *Implementation of
//! a method for hydraulic erosion*, as the original sketch runs it.
//!
//! A drop lands, rolls downhill one cell-length per step, speeding up as it
//! goes and keeping a little of its old direction (inertia). Fast down a
//! steep slope it can carry a lot, so it digs some out of the ground around
//! it; slowing down, or climbing, it puts some down. Each step some of its
//! water evaporates. Reaching the sea it leaves everything at the coast.
//!
//! Heights are stored as `f32` (the original's `Float32Array`) and every sum
//! is done in `f64` before it is stored, as JavaScript does, so the port
//! follows the original to within rounding. Only `+ − × ÷ sqrt floor` are
//! used: their results are the same to the bit on every platform, which is
//! what makes a shared link reproduce its map exactly.

use crate::erosion::brush::Brush;
use crate::raster::float_min_max::{greater, lesser};
use crate::raster::grid::Grid;

/// Sediment a drop can carry, per unit of speed, water and slope.
pub const CAPACITY: f64 = 4.0;
/// Even on the flat a drop can carry a little.
pub const MIN_CAPACITY: f64 = 0.01;
/// How quickly drops speed up going downhill.
pub const GRAVITY: f64 = 4.0;
/// Water each drop loses at every step.
pub const EVAPORATION: f64 = 0.01;
/// A drop that hasn't stopped by then evaporates anyway.
pub const MAX_STEPS: u32 = 160;

/// The settings a drop obeys (the sliders that shape erosion).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DropRules {
    pub erosion: f64,
    pub deposition: f64,
    pub inertia: f64,
    pub sea_level: f64,
    /// How many times steeper than its heights the drop finds the ground
    /// ([`crate::ground::steepness`]): slopes and drops in height are
    /// stretched by it, and what the drop digs and puts down shrunk by it
    /// again. 1 leaves every sum as it was, to the bit.
    pub steepness: f64,
}

/// Where a point sits on the grid: the cell at its top left and how far
/// into that cell it is. Worked out once per position and used for every
/// read and write around it.
#[derive(Clone, Copy)]
struct Corner {
    x: usize,
    y: usize,
    i: usize,
    u: f64,
    v: f64,
}

impl Corner {
    /// Callers keep x in [0, cols − 1) and y in [0, rows − 1), so truncating
    /// is flooring and the four cells around the point are on the grid.
    #[inline(always)]
    fn of(x: f64, y: f64, cols: usize) -> Corner {
        let (cx, cy) = (x as usize, y as usize);
        Corner { x: cx, y: cy, i: cy * cols + cx, u: x - cx as f64, v: y - cy as f64 }
    }

    /// The four heights around the point: north-west, north-east,
    /// south-west, south-east.
    #[inline(always)]
    fn heights(&self, heights: &[f32], cols: usize) -> [f64; 4] {
        let w = &heights[self.i..self.i + cols + 2];
        [w[0] as f64, w[1] as f64, w[cols] as f64, w[cols + 1] as f64]
    }
}

/// The height and slope at a point between cells, blended from the four
/// cells around it, so a drop rolls smoothly instead of stepping.
struct Sample {
    height: f64,
    gx: f64,
    gy: f64,
}

#[inline(always)]
fn height(heights: &[f32], cols: usize, c: Corner) -> f64 {
    let [nw, ne, sw, se] = c.heights(heights, cols);
    let (u, v) = (c.u, c.v);
    nw * (1.0 - u) * (1.0 - v) + ne * u * (1.0 - v) + sw * (1.0 - u) * v + se * u * v
}

#[inline(always)]
fn sample(heights: &[f32], cols: usize, c: Corner) -> Sample {
    let [nw, ne, sw, se] = c.heights(heights, cols);
    let (u, v) = (c.u, c.v);
    Sample {
        height: nw * (1.0 - u) * (1.0 - v) + ne * u * (1.0 - v) + sw * (1.0 - u) * v + se * u * v,
        gx: (ne - nw) * (1.0 - v) + (se - sw) * v,
        gy: (sw - nw) * (1.0 - u) + (se - ne) * u,
    }
}

/// Puts sediment down, shared between the four cells around the point by
/// how close it is to each.
#[inline(always)]
fn deposit(heights: &mut [f32], cols: usize, c: Corner, amount: f64) {
    let (u, v) = (c.u, c.v);
    let w = &mut heights[c.i..c.i + cols + 2];
    let add = |h: &mut f32, share: f64| *h = (*h as f64 + amount * share) as f32;
    add(&mut w[0], (1.0 - u) * (1.0 - v));
    add(&mut w[1], u * (1.0 - v));
    add(&mut w[cols], (1.0 - u) * v);
    add(&mut w[cols + 1], u * v);
}

/// Digs `amount` out of the cells of the brush around cell (x, y), each its
/// share but never below 0, and returns what was dug.
#[inline(always)]
fn erode(heights: &mut [f32], brush: &Brush, x: usize, y: usize, amount: f64) -> f64 {
    let grid = brush.grid();
    let mut dug_total = 0.0;
    let mut dig = |h: &mut f32, weight: f64| {
        let dug = lesser(*h as f64, amount * weight);
        *h = (*h as f64 - dug) as f32;
        dug_total += dug;
    };
    let centre = y * grid.cols + x;
    if brush.fits_at(x, y) {
        for cell in brush.cells() {
            let i = centre.wrapping_add_signed(cell.offset);
            // SAFETY: the brush fits on its grid around (x, y), so every
            // offset from the centre lands on a cell of it (Brush::fits_at),
            // and `fall` checked the heights are one per cell of that grid
            dig(unsafe { heights.get_unchecked_mut(i) }, cell.weight);
        }
    } else {
        // Near the edges: skip the cells that fall off the map
        for cell in brush.cells() {
            let nx = x as i32 + cell.dx;
            let ny = y as i32 + cell.dy;
            if nx >= 0 && ny >= 0 && (nx as usize) < grid.cols && (ny as usize) < grid.rows {
                dig(&mut heights[ny as usize * grid.cols + nx as usize], cell.weight);
            }
        }
    }
    dug_total
}

/// Lets one drop fall at (x, y) and run until it stops, reaches the sea,
/// runs off the map or evaporates, on the brush's grid. A drop that lands off
/// the map (x outside [0, cols − 1), y outside [0, rows − 1)) does nothing.
/// Returns how many steps it took. When `path` is given, every point the drop
/// passes is pushed to it, starting with (x, y).
pub fn fall(
    heights: &mut [f32],
    brush: &Brush,
    rules: &DropRules,
    x: f64,
    y: f64,
    path: Option<&mut Vec<[f32; 2]>>,
) -> u32 {
    // At a steepness of 1, every ground of the sketch's own, the drop is
    // built without the stretching: the same sums, without their cost
    if rules.steepness == 1.0 {
        fall_stretched::<false>(heights, brush, rules, x, y, path)
    } else {
        fall_stretched::<true>(heights, brush, rules, x, y, path)
    }
}

/// [`fall`], with slopes and drops in height stretched by the steepness
/// where `STRETCHED` (and what is dug and laid down shrunk back).
#[inline(always)]
fn fall_stretched<const STRETCHED: bool>(
    heights: &mut [f32],
    brush: &Brush,
    rules: &DropRules,
    mut x: f64,
    mut y: f64,
    mut path: Option<&mut Vec<[f32; 2]>>,
) -> u32 {
    let grid = brush.grid();
    let cols = grid.cols;
    assert_eq!(heights.len(), grid.cells(), "the heights and the brush are for one grid");
    if !on_map(x, y, grid) {
        return 0;
    }
    let (mut dx, mut dy) = (0.0f64, 0.0f64);
    let mut speed = 1.0f64;
    let mut water = 1.0f64;
    let mut sediment = 0.0f64;
    let mut at = Corner::of(x, y, cols);
    if let Some(p) = path.as_deref_mut() {
        p.push([x as f32, y as f32]);
    }
    // Sediment is counted in the heights the drop sees, and laid down in
    // the map's
    let (steepness, flatness) = (rules.steepness, 1.0 / rules.steepness);
    let stretch = |v: f64| if STRETCHED { v * steepness } else { v };
    let flatten = |v: f64| if STRETCHED { v * flatness } else { v };

    for step in 0..MAX_STEPS {
        let here = sample(heights, cols, at);

        // Downhill is against the slope. Inertia keeps some of the drop's
        // previous direction, so it can't turn sharply and makes smoother bends.
        dx = dx * rules.inertia - stretch(here.gx) * (1.0 - rules.inertia);
        dy = dy * rules.inertia - stretch(here.gy) * (1.0 - rules.inertia);
        let length = (dx * dx + dy * dy).sqrt();
        if length == 0.0 {
            return step; // A perfectly flat spot: nowhere to go
        }
        dx /= length;
        dy /= length;

        x += dx;
        y += dy;
        if !on_map(x, y, grid) {
            return step + 1; // Ran off the map
        }
        if let Some(p) = path.as_deref_mut() {
            p.push([x as f32, y as f32]);
        }
        let next = Corner::of(x, y, cols);

        let height = height(heights, cols, next);
        let drop_in_height = stretch(here.height - height); // Positive going downhill

        // Reaching the sea, the drop slows right down and leaves everything
        // it carries at the coast. Over time that builds deltas.
        if height < rules.sea_level {
            deposit(heights, cols, at, flatten(sediment));
            return step + 1;
        }

        // How much this drop could carry here: more when it's fast, full of
        // water and going steeply downhill
        let capacity = greater(drop_in_height * speed * water * CAPACITY, MIN_CAPACITY);

        if sediment > capacity || drop_in_height < 0.0 {
            // Carrying too much, or climbing: put some down where it was.
            // Going uphill it fills the hollow it just left (but never above
            // where it's going), which stops drops getting stuck in pits.
            let amount = if drop_in_height < 0.0 {
                lesser(-drop_in_height, sediment)
            } else {
                (sediment - capacity) * rules.deposition
            };
            sediment -= amount;
            deposit(heights, cols, at, flatten(amount));
        } else {
            // Room for more: dig some out around where it was. Never more
            // than the drop in height, or it would dig a hole deeper than
            // where it's heading.
            let amount = lesser((capacity - sediment) * rules.erosion, drop_in_height);
            sediment += stretch(erode(heights, brush, at.x, at.y, flatten(amount)));
        }

        speed = greater(speed * speed + drop_in_height * GRAVITY, 0.0).sqrt();
        water *= 1.0 - EVAPORATION;
        at = next;
    }
    MAX_STEPS
}

/// Whether a drop at (x, y) is on the map: inside the last row and column,
/// so the four cells around it exist. NaN is off the map.
#[inline(always)]
fn on_map(x: f64, y: f64, grid: Grid) -> bool {
    x >= 0.0 && x < (grid.cols - 1) as f64 && y >= 0.0 && y < (grid.rows - 1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: DropRules =
        DropRules { erosion: 0.3, deposition: 0.3, inertia: 0.05, sea_level: 0.25, steepness: 1.0 };

    /// A plane sloping down to the east: h = 0.9 − drop_per_cell·x.
    const G: Grid = Grid::ARTICLE;

    fn slope(drop_per_cell: f32) -> Vec<f32> {
        (0..G.cells()).map(|i| 0.9 - drop_per_cell * (i % G.cols) as f32).collect()
    }

    #[test]
    fn a_drop_runs_downhill_one_cell_per_step_and_digs() {
        let mut h = slope(0.002);
        let before: f64 = h.iter().map(|&v| v as f64).sum();
        let mut path = Vec::new();
        let steps = fall(&mut h, &Brush::new(2, G), &RULES, 10.5, 90.5, Some(&mut path));
        assert_eq!(steps, MAX_STEPS, "a long even slope keeps the drop going");
        assert_eq!(path.len(), MAX_STEPS as usize + 1);
        for pair in path.windows(2) {
            let (ddx, ddy) = (pair[1][0] - pair[0][0], pair[1][1] - pair[0][1]);
            assert!(((ddx * ddx + ddy * ddy).sqrt() - 1.0).abs() < 1e-4, "step {ddx},{ddy} is not one cell");
            assert!(ddx > 0.99, "step {ddx},{ddy} is not downhill (east)");
        }
        let after: f64 = h.iter().map(|&v| v as f64).sum();
        assert!(after < before - 1e-4, "the drop carries sediment away: {before} → {after}");
    }

    #[test]
    fn a_flat_map_stops_a_drop_at_once() {
        let mut h = vec![0.5f32; G.cells()];
        assert_eq!(fall(&mut h, &Brush::new(2, G), &RULES, 100.2, 50.7, None), 0);
        assert!(h.iter().all(|&v| v == 0.5));
    }

    #[test]
    fn reaching_the_sea_leaves_the_sediment_at_the_coast_and_conserves_it() {
        // Land above 0.25 for x < 162.5, sea beyond: the drop digs on the
        // way and puts everything back at its last point on land.
        let mut h = slope(0.004);
        let before: f64 = h.iter().map(|&v| v as f64).sum();
        let steps = fall(&mut h, &Brush::new(2, G), &RULES, 100.0, 90.0, None);
        assert!(steps < MAX_STEPS);
        let after: f64 = h.iter().map(|&v| v as f64).sum();
        assert!((after - before).abs() < 1e-3, "sediment is conserved: {before} vs {after}");
    }

    #[test]
    fn running_off_the_map_ends_the_drop() {
        let mut h = slope(0.002);
        let steps = fall(&mut h, &Brush::new(1, G), &RULES, (G.cols - 3) as f64, 20.0, None);
        assert_eq!(steps, 2);
    }
}
