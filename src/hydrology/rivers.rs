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

/// The working buffers for routing, and a routing under way when it is
/// made a part at a time. The flood's filled heights and order are kept
/// from one routing to the next; what a stage alone needs is made for it
/// and let go after, so the stages' buffers take each other's place.
#[derive(Clone, Debug, Default)]
pub struct Rivers {
    flood: PriorityFlood,
    /// The latest whole routing, and the one under way
    drainage: Drainage,
    building: Drainage,
    under_way: Option<UnderWay>,
}

/// A routing made a part at a time: its grid and sea, and how far it is.
#[derive(Clone, Copy, Debug)]
struct UnderWay {
    grid: Grid,
    sea_level: f64,
    stage: Stage,
}

#[derive(Clone, Copy, Debug)]
enum Stage {
    /// Filling the hollows.
    Flood,
    /// Finding each cell's way down, from this row.
    Descents(usize),
    /// Handing the water down, this many cells of the flood's order
    /// (from its highest) handed already.
    Water(usize),
}

impl Rivers {
    /// Routes the rain over `terrain` plus `ripple` on `grid`, flooding from
    /// the edges and the sea below `sea_level` (a routing under way is
    /// given up).
    pub fn build(&mut self, grid: Grid, terrain: &[f32], ripple: &[f32], sea_level: f64) -> &Drainage {
        self.begin(grid, terrain, ripple, sea_level);
        while !self.go_on(usize::MAX) {}
        &self.drainage
    }

    /// Starts the routing [`Rivers::build`] makes, to be made a part at a
    /// time ([`Rivers::go_on`]): the ground as it is now is what it routes.
    pub fn begin(&mut self, grid: Grid, terrain: &[f32], ripple: &[f32], sea_level: f64) {
        assert_eq!((terrain.len(), ripple.len()), (grid.cells(), grid.cells()));
        let routed = terrain.iter().zip(ripple).map(|(&t, &w)| (t as f64 + w as f64) as f32);
        self.flood.begin(grid, routed, sea_level);
        self.under_way = Some(UnderWay { grid, sea_level, stage: Stage::Flood });
    }

    /// Moves the routing under way on by about `cells` cells' work (a
    /// pass of the flood's sort, or that many cells, at least a row). True
    /// once it is whole ([`Rivers::drainage`] is then the new one), and
    /// when none is under way.
    pub fn go_on(&mut self, cells: usize) -> bool {
        let Some(UnderWay { grid, sea_level, stage }) = self.under_way else { return true };
        let all = grid.cells();
        let stage = match stage {
            Stage::Flood => {
                if self.flood.go_on(cells) {
                    self.building.begin(grid);
                    Stage::Descents(0)
                } else {
                    Stage::Flood
                }
            }
            Stage::Descents(row) => {
                let end = row.saturating_add((cells / grid.cols).max(1)).min(grid.rows);
                self.building.descend_rows(grid, self.flood.filled(), sea_level, row..end);
                if end == grid.rows {
                    Stage::Water(0)
                } else {
                    Stage::Descents(end)
                }
            }
            Stage::Water(handed) => {
                let end = handed.saturating_add(cells.max(1)).min(all);
                self.building.gather(self.flood.order()[all - end..all - handed].iter().rev());
                if end == all {
                    // The drainage drawn till now is let go until the
                    // next routing's descents
                    self.drainage = std::mem::take(&mut self.building);
                    self.under_way = None;
                    return true;
                }
                Stage::Water(end)
            }
        };
        self.under_way = Some(UnderWay { grid, sea_level, stage });
        false
    }

    /// Whether a routing begun is still to be made.
    pub fn under_way(&self) -> bool {
        self.under_way.is_some()
    }

    /// The latest whole routing.
    pub fn drainage(&self) -> &Drainage {
        &self.drainage
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_routing_made_a_part_at_a_time_is_the_one_made_at_once() {
        let grid = Grid::new(97, 61);
        let noise = FractalNoise::new(3);
        let terrain = noise.grid(grid.cols, grid.rows, 0.05, 0.0);
        let terrain: Vec<f32> = terrain.iter().map(|&h| h as f32).collect();
        let ripple = wander(&noise, grid);
        let whole = Rivers::default().build(grid, &terrain, &ripple, 0.45).clone();
        assert!(whole.water.iter().any(|&w| w > 100.0), "rivers form");
        for cells in [1, 50, 97, 1000, 4000] {
            let mut parts = Rivers::default();
            parts.begin(grid, &terrain, &ripple, 0.45);
            let mut calls = 1;
            while !parts.go_on(cells) {
                calls += 1;
                assert!(parts.under_way());
            }
            assert_eq!(parts.drainage(), &whole, "{cells} cells a part");
            assert!(!parts.under_way() && parts.go_on(cells), "nothing left");
            assert!(cells > 1000 || calls > 10, "{calls} parts of {cells}");
        }
    }

    #[test]
    fn the_ripple_is_faint_and_belongs_to_the_seed() {
        let a = wander(&FractalNoise::new(5), Grid::ARTICLE);
        assert!(a.iter().all(|w| w.abs() <= (WANDER / 2.0) as f32));
        assert!(a.iter().any(|w| w.abs() > 0.001), "the ripple is not flat");
        assert_eq!(a, wander(&FractalNoise::new(5), Grid::ARTICLE));
        assert_ne!(a, wander(&FractalNoise::new(6), Grid::ARTICLE));
    }
}
