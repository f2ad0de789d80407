//! The forest's growth over frames: its spots are sampled
//! [`SPOT_CANDIDATES_PER_FRAME`] candidates a frame, and the trees large on
//! screen grow their branches [`SKELETONS_PER_FRAME`] a frame, so no frame
//! waits for the whole forest.
//!
//! Its invariants: the spots are of the map's seed and grid (a new one
//! samples afresh); a frame that drew no trees reports none standing and
//! none growing; while growing, the sketch wants frames, paused too.

use crate::flora::trees::{Forest, Tree};
use crate::raster::grid::Grid;

/// A tree whose crown is at least this many pixels across on screen (on a
/// large display, fullscreen) is drawn with its branches, grown by space
/// colonisation; smaller ones as the article's glyph.
pub const SKELETON_PIXELS: f64 = 16.0;

/// Skeletons grown at most in a frame (about 0.1 ms each natively, 0.1 to
/// 0.2 ms in Chromium: a few ms a frame).
pub const SKELETONS_PER_FRAME: usize = 20;

/// Candidate tree spots sampled at most in a frame (about 70 ns each
/// natively, 150 ns in Chromium: 1 to 2 ms a frame), so the article's map
/// finds its forest in eight frames and no frame waits for all of it.
pub const SPOT_CANDIDATES_PER_FRAME: usize = 10_000;

/// The spots trees may stand on, once trees are shown, and how many stood
/// in the last frame and whether it left some to grow.
#[derive(Debug, Default)]
pub struct ForestGrowth {
    forest: Option<Forest>,
    standing: usize,
    growing: bool,
}

/// The ground the trees stand on in a frame.
pub struct Ground<'a> {
    pub seed: u32,
    pub grid: Grid,
    pub heights: &'a [f32],
    pub sea_level: f64,
    /// The water drawn, a cell at a time, where trees keep out of it.
    pub water: Option<&'a [f32]>,
}

impl ForestGrowth {
    /// A frame begins: no trees drawn in it yet.
    pub fn new_frame(&mut self) {
        (self.standing, self.growing) = (0, false);
    }

    /// How many trees stood in the last frame.
    pub fn standing(&self) -> usize {
        self.standing
    }

    /// Whether trees wait for their spots or their branches: more frames
    /// are wanted, even paused.
    pub fn growing(&self) -> bool {
        self.growing
    }

    /// The trees standing on `ground` this frame, after a frame's sampling
    /// of spots, those at least `skeleton_from` cells across with their
    /// branches (a frame's growth of them).
    pub fn trees_on(&mut self, ground: Ground, skeleton_from: f32) -> Vec<Tree> {
        let forest = Forest::kept_for(&mut self.forest, ground.seed, ground.grid);
        let sampled = forest.sample(SPOT_CANDIDATES_PER_FRAME);
        let mut trees = forest.standing(ground.heights, ground.sea_level, ground.water);
        self.growing = forest.grow_skeletons(&mut trees, skeleton_from, SKELETONS_PER_FRAME) > 0 || !sampled;
        self.standing = trees.len();
        trees
    }
}
