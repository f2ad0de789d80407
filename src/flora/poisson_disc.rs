//! Poisson disc sampling (Bridson 2007, *Fast Poisson Disk Sampling in
//! Arbitrary Dimensions*), as the procedural generation article's
//! `poissonSample` does it: points no closer than a minimum distance,
//! spread evenly but not in rows, which is how trees stand.
//!
//! From a first point in the middle, a random active point tries up to
//! `attempts` candidates spread evenly over the ring between r and 2r
//! around it (the article picks an angle and a distance, which crowds them
//! inwards; and `sin` and `cos` may differ in their last bit between
//! platforms, while a link must give the same trees everywhere); a candidate is kept
//! when no point lies within r of it, which a background grid of cells
//! r/√2 wide (at most one point each) answers by looking at the 5 × 5 cells
//! around it; a point whose attempts all fail is retired. Beyond the
//! article, a last pass fills what the random attempts missed, so the
//! sampling is maximal: every point of a fine lattice over the area has a
//! sample within r, so no tree could stand between the others.
//!
//! ```
//! use hydraulic_erosion::flora::poisson_disc::poisson_disc;
//! let mut k = 0u32;
//! let mut unit = move || { k = k.wrapping_mul(1_664_525).wrapping_add(1_013_904_223); k as f64 / 4_294_967_296.0 };
//! let points = poisson_disc(100.0, 50.0, 5.0, 30, &mut unit);
//! assert!(points.len() > 100);
//! assert_eq!(points[0], [50.0, 25.0]);
//! ```

use std::f64::consts::SQRT_2;

/// Candidates an active point tries before it is retired (Bridson's k).
pub const ATTEMPTS: u32 = 30;
/// The filling pass tries lattice points this many to a minimum distance.
const FILL_PER_DISTANCE: f64 = 2.0;

/// Points in `width` × `height`, no two closer than `min_distance`, with
/// random numbers in 0..1 from `unit`: a [`PoissonDisc`] sampled to the end.
pub fn poisson_disc(
    width: f64,
    height: f64,
    min_distance: f64,
    attempts: u32,
    unit: &mut impl FnMut() -> f64,
) -> Vec<[f64; 2]> {
    let mut sampling = PoissonDisc::new(width, height, min_distance, attempts);
    sampling.sample(usize::MAX, unit);
    sampling.sampler.points
}

/// A sampling under way, which can stop after any number of candidates and
/// carry on later with the same points as in one go: a page spreads it over
/// frames so that no frame waits for a whole forest.
///
/// ```
/// use hydraulic_erosion::flora::poisson_disc::{poisson_disc, PoissonDisc};
/// let mut k = 0u32;
/// let mut unit = move || { k = k.wrapping_mul(1_664_525).wrapping_add(1_013_904_223); k as f64 / 4_294_967_296.0 };
/// let mut same = unit.clone();
/// let mut sampling = PoissonDisc::new(100.0, 50.0, 5.0, 30);
/// let mut calls = 1;
/// while !sampling.sample(500, &mut unit) {
///     calls += 1;
/// }
/// assert!(calls > 1);
/// assert_eq!(sampling.points(), poisson_disc(100.0, 50.0, 5.0, 30, &mut same));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct PoissonDisc {
    sampler: Sampler,
    attempts: u32,
    /// Bridson's active points: those that may still have room beside them.
    active: Vec<[f64; 2]>,
    /// The filling pass's next lattice point, once the active points are
    /// all retired.
    fill_at: usize,
    done: bool,
}

impl PoissonDisc {
    /// A sampling of `width` × `height` with its first point, in the
    /// middle.
    pub fn new(width: f64, height: f64, min_distance: f64, attempts: u32) -> PoissonDisc {
        let mut sampler = Sampler::new(width, height, min_distance);
        let first = [width / 2.0, height / 2.0];
        sampler.add(first);
        PoissonDisc { sampler, attempts, active: vec![first], fill_at: 0, done: false }
    }

    /// The points so far, in the order they were found: a sampling that
    /// goes on only adds to them.
    pub fn points(&self) -> &[[f64; 2]] {
        &self.sampler.points
    }

    /// Tries about `candidates` more candidates (an active point's attempts
    /// are not split, so up to `attempts` more), then returns whether the
    /// sampling is done. Each candidate costs one look at the background
    /// grid, a few tens of nanoseconds.
    pub fn sample(&mut self, candidates: usize, unit: &mut impl FnMut() -> f64) -> bool {
        let mut tried = 0;
        while !self.active.is_empty() && tried < candidates {
            tried += self.attempt(unit);
        }
        if self.active.is_empty() {
            self.done = self.sampler.fill(&mut self.fill_at, candidates.saturating_sub(tried));
        }
        self.done
    }

    /// Bridson's step: a random active point tries its candidates until one
    /// fits, which becomes a point and active; if none does, it is retired.
    /// Returns how many candidates it tried.
    fn attempt(&mut self, unit: &mut impl FnMut() -> f64) -> usize {
        let active = &mut self.active;
        let k = ((unit() * active.len() as f64) as usize).min(active.len() - 1);
        let from = active[k];
        let r = self.sampler.min_distance;
        let mut tried = 0;
        let sampler = &self.sampler;
        let found = (0..self.attempts).find_map(|_| {
            tried += 1;
            let [dx, dy] = in_annulus(r, unit);
            let candidate = [from[0] + dx, from[1] + dy];
            sampler.fits(candidate).then_some(candidate)
        });
        match found {
            Some(point) => {
                self.sampler.add(point);
                active.push(point);
            }
            None => {
                active.remove(k);
            }
        }
        tried
    }
}

/// An offset uniformly spread over the ring between `r` and `2r` (Bridson's
/// candidates), drawn from the square around it until one lands in the ring:
/// plain arithmetic, no `sin` or `cos`, whose last bit may differ between
/// platforms, so a seed's trees are the same everywhere.
fn in_annulus(r: f64, unit: &mut impl FnMut() -> f64) -> [f64; 2] {
    loop {
        let (dx, dy) = ((unit() * 2.0 - 1.0) * 2.0 * r, (unit() * 2.0 - 1.0) * 2.0 * r);
        let d2 = dx * dx + dy * dy;
        if d2 >= r * r && d2 < 4.0 * r * r {
            return [dx, dy];
        }
    }
}

/// The points so far and the background grid that finds their neighbours.
#[derive(Clone, Debug, PartialEq)]
struct Sampler {
    width: f64,
    height: f64,
    min_distance: f64,
    cell: f64,
    cols: usize,
    rows: usize,
    /// The point in each cell, if any (at most one fits).
    grid: Vec<Option<u32>>,
    points: Vec<[f64; 2]>,
}

impl Sampler {
    fn new(width: f64, height: f64, min_distance: f64) -> Sampler {
        let cell = min_distance / SQRT_2;
        let cols = (width / cell).ceil().max(1.0) as usize;
        let rows = (height / cell).ceil().max(1.0) as usize;
        Sampler { width, height, min_distance, cell, cols, rows, grid: vec![None; cols * rows], points: Vec::new() }
    }

    fn cell_of(&self, p: [f64; 2]) -> (usize, usize) {
        (((p[0] / self.cell) as usize).min(self.cols - 1), ((p[1] / self.cell) as usize).min(self.rows - 1))
    }

    /// Whether `p` is in the area and no point lies within the minimum
    /// distance of it.
    fn fits(&self, p: [f64; 2]) -> bool {
        if !(p[0] >= 0.0 && p[0] < self.width && p[1] >= 0.0 && p[1] < self.height) {
            return false;
        }
        let (cx, cy) = self.cell_of(p);
        // A cell is r/√2 across: a point already in this one is within r
        // (but for the far corner itself), which settles most candidates
        if self.grid[cy * self.cols + cx].is_some() {
            return false;
        }
        let near = |c: usize, n: usize| c.saturating_sub(2)..(c + 3).min(n);
        near(cy, self.rows).all(|y| {
            near(cx, self.cols).all(|x| match self.grid[y * self.cols + x] {
                Some(i) => {
                    let q = self.points[i as usize];
                    (p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) >= self.min_distance * self.min_distance
                }
                None => true,
            })
        })
    }

    fn add(&mut self, p: [f64; 2]) {
        let (cx, cy) = self.cell_of(p);
        self.grid[cy * self.cols + cx] = Some(self.points.len() as u32);
        self.points.push(p);
    }

    /// Adds every point of a lattice (a few to the minimum distance) that
    /// still fits, row by row from lattice point `at`, trying up to
    /// `candidates` of them: when the last is tried (returns true), each
    /// lattice point has a sample within the minimum distance.
    fn fill(&mut self, at: &mut usize, candidates: usize) -> bool {
        let step = self.min_distance / FILL_PER_DISTANCE;
        let (cols, rows) = ((self.width / step).ceil() as usize, (self.height / step).ceil() as usize);
        let end = (*at).saturating_add(candidates).min(cols * rows);
        for i in *at..end {
            let p = [(i % cols) as f64 * step, (i / cols) as f64 * step];
            if self.fits(p) {
                self.add(p);
            }
        }
        *at = end;
        end == cols * rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lcg(mut k: u32) -> impl FnMut() -> f64 {
        move || {
            k = k.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            k as f64 / 4_294_967_296.0
        }
    }

    #[test]
    fn no_two_points_are_closer_than_the_minimum_distance() {
        let r = 4.5;
        let points = poisson_disc(320.0, 180.0, r, ATTEMPTS, &mut lcg(9));
        assert!(points.len() > 1000, "{} points", points.len());
        for (i, p) in points.iter().enumerate() {
            for q in &points[i + 1..] {
                let d = ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt();
                assert!(d >= r, "{p:?} and {q:?} are {d} apart");
            }
        }
    }

    #[test]
    fn no_point_can_be_added_and_the_same_numbers_give_the_same_points() {
        let r = 6.0;
        let points = poisson_disc(200.0, 120.0, r, ATTEMPTS, &mut lcg(3));
        // Every point of a lattice finer than the filling pass's has a
        // sample within r (up to the lattice's half diagonal)
        let slack = r / FILL_PER_DISTANCE * SQRT_2 / 2.0;
        for y in 0..120 {
            for x in 0..200 {
                let p = [x as f64, y as f64];
                let nearest = points
                    .iter()
                    .map(|q| ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt())
                    .fold(f64::MAX, f64::min);
                assert!(nearest < r + slack, "({x}, {y}) is {nearest} from every sample: a point could stand there");
            }
        }
        assert_eq!(points, poisson_disc(200.0, 120.0, r, ATTEMPTS, &mut lcg(3)));
        assert_ne!(points, poisson_disc(200.0, 120.0, r, ATTEMPTS, &mut lcg(4)));
    }
}
