//! The terrain erosion tutorial's raindrop (its `simulateDroplet`), beside
//! the article's ([`crate::erosion::droplet`]). Both follow Beyer's method; the
//! tutorial's has no brush (it digs and deposits on the four cells around
//! the drop, bilinearly), no sea, a shorter life (64 steps, 2 % of its water
//! gone each), and stops when its water has nearly all gone.
//!
//! **One correction.** As written, the tutorial digs and deposits where the
//! drop *arrives* after each step, not where it left (Beyer's rule, and the
//! article's). That runs away: a drop that steps from a cell A down to B
//! digs B by up to the drop in height, which makes B's pit deeper than A
//! stands above it; stepping back and forth, it doubles the difference each
//! time. On a 0..1 map its own code reaches heights of ±10³⁰ within 1,000
//! drops (the conformance fixture shows it). The sketch's drops therefore
//! dig where they left ([`Digs::WhereItLeft`]): the map then stays in range,
//! and everything else is the tutorial's. The drop as written
//! ([`Digs::WhereItArrives`]) is kept for the conformance test, which
//! checks both against the tutorial's code (the corrected one with that one
//! line changed).
//!
//! The helpers the tutorial uses but does not write (`gradient`,
//! `inBounds`, `addHeight`) are written here as its text describes them, and
//! the same in the conformance fixture (`tests/fixtures/tutorial.mjs`):
//! the bilinear gradient of the four cells around a point, a point on the map
//! while those four cells are, and a bilinear share of a change to each.
//! Heights are `f32` and every sum `f64`, as JavaScript's `Float32Array`
//! does; `Math.hypot` is V8's, so a drop follows the tutorial's to the bit.
//!
//! [`Digs::WhereItLeft`]: crate::erosion::tutorial_droplet::Digs::WhereItLeft
//! [`Digs::WhereItArrives`]: crate::erosion::tutorial_droplet::Digs::WhereItArrives

use crate::raster::grid::Grid;

/// The tutorial's `erosionParams` that have no slider here.
pub const MAX_STEPS: u32 = 64;
pub const MIN_SLOPE: f64 = 0.01;
pub const SEDIMENT_CAPACITY: f64 = 4.0;
pub const GRAVITY: f64 = 4.0;
pub const EVAPORATION: f64 = 0.02;
/// A drop with less water than this is gone.
const DRY: f64 = 0.01;

/// The tutorial's parameters that are sliders here, and where a drop digs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TutorialRules {
    pub inertia: f64,
    pub erosion_rate: f64,
    pub deposition_rate: f64,
    pub digs: Digs,
    /// How many times steeper than its heights the drop finds the ground,
    /// as [`crate::erosion::droplet::DropRules::steepness`] says.
    pub steepness: f64,
}

/// Where a drop digs and deposits after a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Digs {
    /// Where it left, as Beyer's method does: stable. The sketch's.
    WhereItLeft,
    /// Where it arrives, as the tutorial is written: runs away.
    WhereItArrives,
}

/// The four heights around a point (h00, h10, h01, h11) and how far into
/// their cell it is.
struct Corners {
    heights: [f64; 4],
    fx: f64,
    fz: f64,
}

impl Corners {
    /// The tutorial's `sample`: bilinear.
    #[inline(always)]
    fn height(&self) -> f64 {
        let ([h00, h10, h01, h11], fx, fz) = (self.heights, self.fx, self.fz);
        let a = h00 * (1.0 - fx) + h10 * fx;
        let b = h01 * (1.0 - fx) + h11 * fx;
        a * (1.0 - fz) + b * fz
    }

    /// `gradient`: the slope of the bilinear surface.
    #[inline(always)]
    fn gradient(&self) -> (f64, f64) {
        let ([h00, h10, h01, h11], fx, fz) = (self.heights, self.fx, self.fz);
        ((h10 - h00) * (1.0 - fz) + (h11 - h01) * fz, (h01 - h00) * (1.0 - fx) + (h11 - h10) * fx)
    }
}

/// The heights on a grid, read as the tutorial's `Heightfield` reads them:
/// positions off the map are clamped onto its edge.
struct Field<'a> {
    grid: Grid,
    data: &'a mut [f32],
}

impl Field<'_> {
    #[inline(always)]
    fn get(&self, x: f64, z: f64) -> f64 {
        let x = x.max(0.0).min((self.grid.cols - 1) as f64) as usize;
        let z = z.max(0.0).min((self.grid.rows - 1) as f64) as usize;
        self.data[z * self.grid.cols + x] as f64
    }

    /// The four heights around (x, z) and how far into its cell it is.
    #[inline(always)]
    fn corners(&self, x: f64, z: f64) -> Corners {
        let (x0, z0) = (x.floor(), z.floor());
        let Grid { cols, rows } = self.grid;
        let heights = if x0 >= 0.0 && z0 >= 0.0 && x0 < (cols - 1) as f64 && z0 < (rows - 1) as f64 {
            // All four on the map, as for nearly every step: no clamping
            let i = z0 as usize * cols + x0 as usize;
            let w = &self.data[i..i + cols + 2];
            [w[0] as f64, w[1] as f64, w[cols] as f64, w[cols + 1] as f64]
        } else {
            [self.get(x0, z0), self.get(x0 + 1.0, z0), self.get(x0, z0 + 1.0), self.get(x0 + 1.0, z0 + 1.0)]
        };
        Corners { heights, fx: x - x0, fz: z - z0 }
    }

    /// `inBounds`: the four cells around (x, z) are on the map.
    #[inline(always)]
    fn in_bounds(&self, x: f64, z: f64) -> bool {
        x >= 0.0 && x < (self.grid.cols - 1) as f64 && z >= 0.0 && z < (self.grid.rows - 1) as f64
    }

    /// `addHeight`: `d` shared between the four cells around (x, z), those
    /// of them on the map (a drop may start in the last row or column).
    #[inline(always)]
    fn add_height(&mut self, x: f64, z: f64, d: f64) {
        let (x0, z0) = (x.floor(), z.floor());
        let (fx, fz) = (x - x0, z - z0);
        let shares = [
            (0.0, 0.0, (1.0 - fx) * (1.0 - fz)),
            (1.0, 0.0, fx * (1.0 - fz)),
            (0.0, 1.0, (1.0 - fx) * fz),
            (1.0, 1.0, fx * fz),
        ];
        for (dx, dz, share) in shares {
            let (cx, cz) = (x0 + dx, z0 + dz);
            if cx < self.grid.cols as f64 && cz < self.grid.rows as f64 {
                let h = &mut self.data[cz as usize * self.grid.cols + cx as usize];
                *h = (*h as f64 + d * share) as f32;
            }
        }
    }
}

/// `Math.hypot` of two numbers as V8 works it out (scaled by the larger,
/// summed with Kahan's compensation), so a drop turns exactly as the
/// tutorial's does in a browser or Node.
#[inline(always)]
pub fn js_hypot(a: f64, b: f64) -> f64 {
    let (a, b) = (a.abs(), b.abs());
    if a.is_infinite() || b.is_infinite() {
        return f64::INFINITY;
    }
    if a.is_nan() || b.is_nan() {
        return f64::NAN;
    }
    let max = if a > b { a } else { b };
    if max == 0.0 {
        return 0.0;
    }
    let (mut sum, mut compensation) = (0.0f64, 0.0f64);
    for value in [a, b] {
        let n = value / max;
        let summand = n * n - compensation;
        let preliminary = sum + summand;
        compensation = (preliminary - sum) - summand;
        sum = preliminary;
    }
    sum.sqrt() * max
}

/// Lets one drop fall at (x, z) on `heights` (one per cell of `grid`), as
/// the tutorial's `simulateDroplet`. Returns the steps it took. When `path`
/// is given, every point the drop passes is pushed to it, starting with
/// (x, z).
pub fn simulate(
    grid: Grid,
    heights: &mut [f32],
    rules: &TutorialRules,
    x: f64,
    z: f64,
    mut path: Option<&mut Vec<[f32; 2]>>,
) -> u32 {
    assert_eq!(heights.len(), grid.cells());
    if let Some(p) = path.as_deref_mut() {
        p.push([x as f32, z as f32]);
    }
    let mut field = Field { grid, data: heights };
    let (mut px, mut pz) = (x, z);
    let (mut dx, mut dz) = (0.0f64, 0.0f64);
    let (mut speed, mut water, mut sediment) = (1.0f64, 1.0f64, 0.0f64);
    let (steepness, flatten) = (rules.steepness, 1.0 / rules.steepness);
    for step in 0..MAX_STEPS {
        // The slope and height where the drop is, from one read of the four
        // cells around it
        let here = field.corners(px, pz);
        let (gx, gz) = here.gradient();
        let (gx, gz) = (gx * steepness, gz * steepness);
        dx = dx * rules.inertia - gx * (1.0 - rules.inertia);
        dz = dz * rules.inertia - gz * (1.0 - rules.inertia);
        // `Math.hypot(…) || 1`: a drop on the flat does not move
        let length = match js_hypot(dx, dz) {
            l if l == 0.0 || l.is_nan() => 1.0,
            l => l,
        };
        dx /= length;
        dz /= length;

        let old_height = here.height();
        let (left_x, left_z) = (px, pz);
        px += dx;
        pz += dz;
        if !field.in_bounds(px, pz) {
            return step + 1;
        }
        if let Some(p) = path.as_deref_mut() {
            p.push([px as f32, pz as f32]);
        }
        let new_height = field.corners(px, pz).height();
        let (dig_x, dig_z) = match rules.digs {
            Digs::WhereItLeft => (left_x, left_z),
            Digs::WhereItArrives => (px, pz),
        };
        let delta_h = (new_height - old_height) * steepness;
        let capacity = greater(-delta_h, MIN_SLOPE) * speed * water * SEDIMENT_CAPACITY;

        if delta_h > 0.0 || sediment > capacity {
            // Uphill, or carrying too much: put some down
            let deposit =
                if delta_h > 0.0 { lesser(delta_h, sediment) } else { (sediment - capacity) * rules.deposition_rate };
            sediment -= deposit;
            field.add_height(dig_x, dig_z, deposit * flatten);
        } else {
            // Downhill with room to spare: dig
            let erode = lesser((capacity - sediment) * rules.erosion_rate, -delta_h);
            sediment += erode;
            field.add_height(dig_x, dig_z, -erode * flatten);
        }

        speed = greater(speed * speed + delta_h * GRAVITY, 0.0).sqrt();
        water *= 1.0 - EVAPORATION;
        if water < DRY {
            return step + 1;
        }
    }
    MAX_STEPS
}

/// `Math.max` of two numbers that are not NaN.
#[inline(always)]
fn greater(a: f64, b: f64) -> f64 {
    if a > b {
        a
    } else {
        b
    }
}

/// `Math.min` of two numbers that are not NaN.
#[inline(always)]
fn lesser(a: f64, b: f64) -> f64 {
    if a < b {
        a
    } else {
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: TutorialRules = TutorialRules {
        inertia: 0.05,
        erosion_rate: 0.3,
        deposition_rate: 0.3,
        digs: Digs::WhereItLeft,
        steepness: 1.0,
    };

    #[test]
    fn hypot_is_exact_where_it_can_be() {
        assert_eq!(js_hypot(3.0, 4.0), 5.0);
        assert_eq!(js_hypot(0.0, -2.5), 2.5);
        assert_eq!(js_hypot(0.0, 0.0), 0.0);
        assert_eq!(js_hypot(f64::NAN, f64::INFINITY), f64::INFINITY);
        assert!((js_hypot(1e-200, 1e-200) - 1e-200 * 2f64.sqrt()).abs() < 1e-214);
    }

    #[test]
    fn a_drop_runs_down_an_even_slope_and_carries_ground_away() {
        let grid = Grid::new(128, 32);
        let mut h: Vec<f32> = (0..grid.cells()).map(|i| 1.0 - (i % 128) as f32 * 0.005).collect();
        let before: f64 = h.iter().map(|&v| v as f64).sum();
        let steps = simulate(grid, &mut h, &RULES, 10.5, 16.5, None);
        assert!(steps > 30, "{steps} steps");
        let after: f64 = h.iter().map(|&v| v as f64).sum();
        assert!(after < before, "the drop dug: {before} → {after}");
        assert!(h.iter().all(|v| v.is_finite()));
    }

    #[test]
    fn a_drop_off_the_map_or_on_the_flat_changes_nothing() {
        let grid = Grid::new(16, 16);
        let mut flat = vec![0.5f32; grid.cells()];
        simulate(grid, &mut flat, &RULES, 7.2, 7.9, None);
        assert!(flat.iter().all(|&v| v == 0.5));
        assert_eq!(simulate(grid, &mut flat, &RULES, 15.5, 3.0, None), 1);
    }
}
