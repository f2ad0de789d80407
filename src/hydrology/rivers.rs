//! Rivers, worked out from the ground the drops left behind rather than from
//! the drops themselves: the terrain plus a faint ripple of noise, its hollows
//! filled by priority-flood, its rain routed by D8.

use crate::grid::Grid;
use crate::ground::fractal_noise::FractalNoise;
use crate::hydrology::flow_routing::Drainage;
use crate::hydrology::priority_flood::PriorityFlood;

/// A cell carries a river once the water of this many cells (of the
/// article's map: a finer map counts its water in those) passes through:
/// where rivers are drawn, and where no tree stands.
pub const RIVER_START: f32 = 250.0;
/// How much the noise ripple bends rivers on the flat.
pub const WANDER: f64 = 0.03;
/// Noise units per cell of the ripple, and where in the noise it is taken
/// from (away from the terrain's own patch).
const WANDER_SCALE: f64 = 0.08;
const WANDER_OFFSET: f64 = 500.0;

/// The ripple added to the terrain for routing only. On an even slope every
/// cell points the same way, so without it the rivers on the plains run in
/// straight parallel lines that never meet; real ones wander.
pub fn wander(noise: &FractalNoise, grid: Grid) -> Vec<f32> {
    let field = noise.grid(grid.cols, grid.rows, grid.per_cell(WANDER_SCALE), WANDER_OFFSET);
    field.iter().map(|n| ((n - 0.5) * WANDER) as f32).collect()
}

/// The working buffers for routing, kept so a rebuild allocates nothing.
#[derive(Clone, Debug, Default)]
pub struct Rivers {
    routing: Vec<f32>,
    flood: PriorityFlood,
    drainage: Drainage,
}

impl Rivers {
    /// Routes the rain over `terrain` plus `ripple` on `grid`, flooding from
    /// the edges and the sea below `sea_level`.
    pub fn build(&mut self, grid: Grid, terrain: &[f32], ripple: &[f32], sea_level: f64) -> &Drainage {
        self.routing.resize(grid.cells(), 0.0);
        for ((r, &t), &w) in self.routing.iter_mut().zip(terrain).zip(ripple) {
            *r = (t as f64 + w as f64) as f32;
        }
        self.flood.fill(grid, &self.routing, sea_level);
        self.drainage.route(grid, self.flood.filled(), self.flood.order(), sea_level);
        &self.drainage
    }

    /// The latest routing.
    pub fn drainage(&self) -> &Drainage {
        &self.drainage
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ripple_is_faint_and_belongs_to_the_seed() {
        let a = wander(&FractalNoise::new(5), Grid::ARTICLE);
        assert!(a.iter().all(|w| w.abs() <= (WANDER / 2.0) as f32));
        assert!(a.iter().any(|w| w.abs() > 0.001), "the ripple is not flat");
        assert_eq!(a, wander(&FractalNoise::new(5), Grid::ARTICLE));
        assert_ne!(a, wander(&FractalNoise::new(6), Grid::ARTICLE));
    }
}
