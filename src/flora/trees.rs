//! Trees, as the procedural generation article places them: spots by
//! Poisson disc sampling, a tree on each where the ground suits it, drawn as
//! a crown and a trunk sized by elevation.
//!
//! The article keeps a tree between elevations 0.43 and 0.72 of a map whose
//! water lies below 0.36; here the band stands at the same share of the land
//! above the sea level, which is exactly the article's at a sea level of
//! 0.36. Beyond the article, no tree stands on a slope too steep for it or
//! in a river. The spots belong to the seed and the map's grid; which of
//! them carry a tree is worked out from the ground as it is, so trees follow
//! the ground as it erodes. A page samples the spots a few thousand
//! candidates a frame ([`Forest::sample`]): the forest spreads out from the
//! middle over a handful of frames rather than holding one up.
//!
//! ```
//! use hydraulic_erosion::raster::grid::Grid;
//! use hydraulic_erosion::flora::trees::Forest;
//! let grid = Grid::ARTICLE;
//! let forest = Forest::new(3, grid);
//! let flat = vec![0.5f32; grid.cells()];
//! let trees = forest.standing(&flat, 0.25, None);
//! assert!(trees.len() > 1000, "a flat meadow in the band grows a tree on every spot");
//! ```
//!
//! [`Forest::sample`]: crate::flora::trees::Forest::sample

use std::rc::Rc;

use rand_pcg::Pcg32;

use crate::flora::poisson_disc::{PoissonDisc, ATTEMPTS};
use crate::flora::space_colonisation::{colonise, Growth};
use crate::hydrology::rivers::RIVER_START;
use crate::raster::grid::Grid;
use crate::raster::unit_random::unit_f64;

/// Trees stand at least this far apart, in cells of the article's map: the
/// article's 18 pixels on its 1,024-pixel picture of 257 cells.
pub const SPACING: f64 = 18.0 * 257.0 / 1024.0;
/// The article's water level and its band of elevations for trees.
const ARTICLE_WATER: f64 = 0.36;
const ARTICLE_BAND: [f64; 2] = [0.43, 0.72];
/// Trees' sizes across their band, in cells of the article's map: the
/// article's 3 to 8 pixels.
const SIZES: [f64; 2] = [3.0 * 257.0 / 1024.0, 8.0 * 257.0 / 1024.0];
/// No tree stands where the ground falls more than this to a neighbour, per
/// cell of the article's map (a slope of about 1 in 30 on heights of 0..1).
pub const STEEPEST: f64 = 0.03;
/// The generator's stream for the spots: apart from the rain's and the
/// terrain's.
const STREAM: u64 = 0x7ee5;

/// Attractors in a tree's crown for its skeleton.
const ATTRACTORS: usize = 40;
/// A skeleton's growth, in units of the tree's size (its crown's diameter):
/// the article's 120, 15 and 8 pixels in proportion, the segment a sixteenth
/// of the crown.
const GROWTH: Growth = Growth { influence: 0.9, kill: 0.1125, segment: 0.06, rounds: 200 };
/// The generator's stream for skeletons.
const SKELETON_STREAM: u64 = 0xb4a5c4;

/// A tree's branches as segments (x0, y0, x1, y1) in units of its size,
/// from the middle of its crown: the trunk's foot is at (0, 1.2), as the
/// glyph's trunk is 1.2 times the crown.
pub type Skeleton = Rc<[[f32; 4]]>;

/// A tree: where it stands (in grid coordinates), how big it is (in cells),
/// which spot of its forest it stands on, and its skeleton when it is drawn
/// large enough to show one.
#[derive(Clone, Debug, PartialEq)]
pub struct Tree {
    pub x: f32,
    pub y: f32,
    pub size: f32,
    pub spot: usize,
    pub skeleton: Option<Skeleton>,
}

/// The spots trees may stand on, for a seed and a grid.
#[derive(Clone, Debug, PartialEq)]
pub struct Forest {
    grid: Grid,
    seed: u32,
    /// The spots' sampling, which may still be under way, and its
    /// generator.
    sampling: PoissonDisc,
    rng: Pcg32,
    /// Each spot's skeleton, grown the first time it is wanted.
    skeletons: Vec<Option<Skeleton>>,
}

impl Forest {
    /// The spots for `seed` on `grid`, by Poisson disc sampling, all of
    /// them.
    pub fn new(seed: u32, grid: Grid) -> Forest {
        let mut forest = Forest::sampling(seed, grid);
        forest.sample(usize::MAX);
        forest
    }

    /// The forest for `seed` on `grid` with its first spot: [`Forest::sample`]
    /// finds the others, the same as [`Forest::new`]'s however it is split.
    pub fn sampling(seed: u32, grid: Grid) -> Forest {
        let spacing = SPACING / grid.per_cell(1.0);
        let (width, height) = ((grid.cols - 1) as f64, (grid.rows - 1) as f64);
        let sampling = PoissonDisc::new(width, height, spacing, ATTEMPTS);
        Forest { grid, seed, sampling, rng: Pcg32::new(seed as u64, STREAM), skeletons: Vec::new() }
    }

    /// Samples up to about `candidates` more candidate spots (tens of
    /// nanoseconds each); returns whether every spot is found.
    pub fn sample(&mut self, candidates: usize) -> bool {
        let rng = &mut self.rng;
        self.sampling.sample(candidates, &mut || unit_f64(rng))
    }

    /// Whether these are the spots for `seed` on `grid`.
    pub fn is_for(&self, seed: u32, grid: Grid) -> bool {
        self.seed == seed && self.grid == grid
    }

    /// The forest kept in `kept` if it is for `seed` on `grid`, else a new
    /// one put there, its sampling just begun: spots are sampled once per
    /// seed and map.
    pub fn kept_for(kept: &mut Option<Forest>, seed: u32, grid: Grid) -> &mut Forest {
        if !kept.as_ref().is_some_and(|f| f.is_for(seed, grid)) {
            *kept = Some(Forest::sampling(seed, grid));
        }
        kept.as_mut().expect("kept above")
    }

    /// The spots found so far.
    pub fn spots(&self) -> &[[f64; 2]] {
        self.sampling.points()
    }

    /// The trees standing on `heights` with the sea at `sea_level`: on the
    /// spots whose ground is in the band, not too steep, and (given the
    /// water through each cell, in cells of the article's map) not in a
    /// river.
    pub fn standing(&self, heights: &[f32], sea_level: f64, water: Option<&[f32]>) -> Vec<Tree> {
        let grid = self.grid;
        assert_eq!(heights.len(), grid.cells());
        let land = 1.0 - sea_level;
        let band = ARTICLE_BAND.map(|e| sea_level + land * (e - ARTICLE_WATER) / (1.0 - ARTICLE_WATER));
        let per_article_cell = grid.per_cell(1.0);
        let steepest = STEEPEST * per_article_cell;
        self.spots()
            .iter()
            .enumerate()
            .filter_map(|(spot, &[x, y])| {
                let (cx, cy) = (x as usize, y as usize);
                let i = cy * grid.cols + cx;
                let h = heights[i] as f64;
                if h < band[0] || h > band[1] {
                    return None;
                }
                let fall = grid.neighbours(i).map(|(j, _)| (h - heights[j] as f64).abs()).fold(0.0, f64::max);
                if fall > steepest || water.is_some_and(|w| w[i] >= RIVER_START) {
                    return None;
                }
                let share = (h - band[0]) / (band[1] - band[0]);
                let size = (SIZES[0] + (SIZES[1] - SIZES[0]) * share) / per_article_cell;
                Some(Tree { x: x as f32, y: y as f32, size: size as f32, spot, skeleton: None })
            })
            .collect()
    }
}

impl Forest {
    /// Gives the trees at least `min_size` cells across their skeletons,
    /// grown by space colonisation from attractors in their crowns, the
    /// same for a spot every time; at most `grow` new ones (a fraction of a
    /// millisecond each), so a frame never stalls on hundreds at once. The
    /// others keep the glyph until a later call; returns how many wait.
    pub fn grow_skeletons(&mut self, trees: &mut [Tree], min_size: f32, grow: usize) -> usize {
        let (mut grown, mut waiting) = (0, 0);
        self.skeletons.resize(self.spots().len(), None);
        for tree in trees.iter_mut().filter(|t| t.size >= min_size) {
            let known = &mut self.skeletons[tree.spot];
            if known.is_none() {
                if grown == grow {
                    waiting += 1;
                    continue;
                }
                *known = Some(skeleton(self.seed, tree.spot));
                grown += 1;
            }
            tree.skeleton = known.clone();
        }
        waiting
    }
}

/// The skeleton of the tree on `spot` of `seed`'s forest.
pub fn skeleton(seed: u32, spot: usize) -> Skeleton {
    let mut rng = Pcg32::new((seed as u64) << 32 | spot as u64, SKELETON_STREAM);
    let mut unit = || unit_f64(&mut rng);
    // Attractors spread evenly through the crown, a disc of diameter 1
    let mut attractors = Vec::with_capacity(ATTRACTORS);
    while attractors.len() < ATTRACTORS {
        let (x, y) = (unit() - 0.5, unit() - 0.5);
        if x * x + y * y <= 0.25 {
            attractors.push([x, y]);
        }
    }
    let branches = colonise([0.0, 1.2], attractors, GROWTH);
    branches
        .iter()
        .filter_map(|b| {
            let p = branches[b.parent?].pos;
            Some([p[0] as f32, p[1] as f32, b.pos[0] as f32, b.pos[1] as f32])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trees_keep_to_their_band_and_grow_with_elevation() {
        let grid = Grid::ARTICLE;
        let forest = Forest::new(1, grid);
        // Heights rising west to east from 0 to 1, gently (1/319 a cell)
        let ramp: Vec<f32> = (0..grid.cells()).map(|i| (i % grid.cols) as f32 / 319.0).collect();
        let trees = forest.standing(&ramp, 0.36, None);
        assert!(!trees.is_empty());
        for t in &trees {
            let h = ramp[t.y as usize * grid.cols + t.x as usize];
            assert!((0.43..=0.72).contains(&h), "a tree at height {h}: the article's band at its water level");
        }
        let (low, high) = trees.iter().fold((f32::MAX, 0f32), |(l, h), t| (l.min(t.size), h.max(t.size)));
        assert!(low < 0.85 && high > 1.9, "sizes {low}..{high} cells: the article's 3 to 8 pixels");
        let lowest = trees.iter().min_by(|a, b| a.x.total_cmp(&b.x)).unwrap();
        assert!(lowest.size < 1.0, "the lowest trees are the smallest");
    }

    #[test]
    fn no_tree_on_a_cliff_or_in_a_river_and_the_seed_decides_the_spots() {
        let grid = Grid::ARTICLE;
        let forest = Forest::new(2, grid);
        let flat = vec![0.5f32; grid.cells()];
        let all = forest.standing(&flat, 0.25, None).len();
        assert_eq!(all, forest.spots().len(), "every spot of a meadow in the band");
        // Steps of 0.05 every tenth column: no tree next to a step (the
        // map's first column has none)
        let steps: Vec<f32> = (0..grid.cells()).map(|i| 0.4 + ((i % grid.cols) / 10) as f32 * 0.05 % 0.3).collect();
        let on_steps = forest.standing(&steps, 0.25, None);
        let by_a_step: Vec<(f32, f32)> =
            on_steps.iter().filter(|t| t.x >= 1.0 && matches!(t.x as usize % 10, 0 | 9)).map(|t| (t.x, t.y)).collect();
        assert!(by_a_step.is_empty(), "trees by a step: {by_a_step:?}");
        // A river through every cell of the left half
        let water: Vec<f32> = (0..grid.cells()).map(|i| if i % grid.cols < 160 { 1000.0 } else { 1.0 }).collect();
        let dry = forest.standing(&flat, 0.25, Some(&water));
        assert!(dry.iter().all(|t| t.x >= 160.0) && dry.len() < all * 6 / 10);
        assert_eq!(forest, Forest::new(2, grid));
        let mut in_steps = Forest::sampling(2, grid);
        let mut steps = 1;
        while !in_steps.sample(1_000) {
            steps += 1;
        }
        assert!(steps > 50, "{steps} steps");
        assert_eq!(in_steps.spots(), forest.spots(), "sampled in steps or at once, the same spots");
        assert_ne!(forest.spots(), Forest::new(3, grid).spots());
        assert!(forest.is_for(2, grid) && !forest.is_for(2, Grid::new(640, 360)));
    }

    #[test]
    fn large_trees_get_their_skeletons_the_same_every_time() {
        let grid = Grid::ARTICLE;
        let mut forest = Forest::new(4, grid);
        let flat = vec![0.5f32; grid.cells()];
        let mut trees = forest.standing(&flat, 0.25, None);
        let size = trees[0].size;
        assert_eq!(forest.grow_skeletons(&mut trees, size + 1.0, 10), 0);
        assert!(trees.iter().all(|t| t.skeleton.is_none()), "none large enough");
        let waiting = forest.grow_skeletons(&mut trees, 0.0, 10);
        assert_eq!((waiting, trees.iter().filter(|t| t.skeleton.is_some()).count()), (trees.len() - 10, 10));
        assert_eq!(forest.grow_skeletons(&mut trees, 0.0, usize::MAX), 0);
        let first = trees[0].skeleton.clone().expect("a skeleton");
        assert!(first.len() > 10, "{} branches", first.len());
        // The trunk rises from the foot, and every branch is within reach of the crown
        assert!(first.iter().any(|s| s[0] == 0.0 && s[1] == 1.2));
        assert!(first.iter().all(|s| s[3] > -0.6 && s[3] <= 1.2 && s[2].abs() < 0.6));
        assert_eq!(*first, *skeleton(4, trees[0].spot));
        assert_ne!(*first, *skeleton(4, trees[1].spot));
    }
}
