//! Rivers, worked out from the ground the drops left behind rather than from
//! the drops themselves: the terrain plus a faint ripple of noise, its hollows
//! filled by priority-flood, its rain routed by D8.

use crate::ground::fractal_noise::FractalNoise;
use crate::hydrology::flow_routing::Drainage;
use crate::hydrology::priority_flood::PriorityFlood;
use crate::hydrology::router::{Received, Router, Routing};
use crate::raster::grid::Grid;

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

/// The ripple of a seed on a grid ([`wander`]), made once and kept while
/// they stay the same.
#[derive(Clone, Debug, Default)]
pub struct Ripple {
    made_for: Option<(u32, Grid)>,
    field: Vec<f32>,
}

impl Ripple {
    /// The ripple of `seed` on `grid`.
    pub fn of(&mut self, seed: u32, grid: Grid) -> &[f32] {
        if self.made_for != Some((seed, grid)) {
            self.field = wander(&FractalNoise::new(seed), grid);
            self.made_for = Some((seed, grid));
        }
        &self.field
    }
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
    /// Made whole by a [`Router`], and waited for.
    Elsewhere,
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
        assert_eq!(terrain.len(), grid.cells());
        self.begin_written(grid, |into| into.copy_from_slice(terrain), ripple, sea_level);
    }

    /// As [`Rivers::begin`], the ground's heights written by `write` into
    /// a buffer a cell long (the flood's own, so they need none of their
    /// own), the ripple added to them there.
    pub fn begin_written(&mut self, grid: Grid, write: impl FnOnce(&mut [f32]), ripple: &[f32], sea_level: f64) {
        assert_eq!(ripple.len(), grid.cells());
        let routed = |filled: &mut Vec<f32>| {
            filled.resize(grid.cells(), 0.0);
            write(filled);
            for (height, &wander) in filled.iter_mut().zip(ripple) {
                *height = (*height as f64 + wander as f64) as f32;
            }
        };
        self.flood.begin_written(grid, routed, sea_level);
        self.under_way = Some(UnderWay { grid, sea_level, stage: Stage::Flood });
    }

    /// Hands the routing [`Rivers::begin`] would begin to `router`, to
    /// be made whole there ([`Rivers::receive`]): the ground as it is now
    /// is what it routes.
    pub fn send(&mut self, routing: Routing, terrain: &[f32], router: &mut dyn Router) {
        assert_eq!(terrain.len(), routing.grid.cells());
        router.send(routing, terrain);
        let Routing { grid, sea_level, .. } = routing;
        self.under_way = Some(UnderWay { grid, sea_level, stage: Stage::Elsewhere });
    }

    /// Whether the routing under way is made by a router.
    pub fn sent(&self) -> bool {
        matches!(self.under_way, Some(UnderWay { stage: Stage::Elsewhere, .. }))
    }

    /// Takes the routing sent once `router` has made it whole: true then
    /// ([`Rivers::drainage`] is the new one). One the router failed to
    /// make is given up: none is then under way.
    pub fn receive(&mut self, router: &mut dyn Router) -> bool {
        if !self.sent() {
            return false;
        }
        match router.receive(&mut self.drainage) {
            Received::Waiting => false,
            Received::Whole => {
                self.under_way = None;
                true
            }
            Received::Failed => {
                self.under_way = None;
                false
            }
        }
    }

    /// Moves the routing under way on by about `cells` cells' work (a
    /// pass of the flood's sort, or that many cells, at least a row). True
    /// once it is whole ([`Rivers::drainage`] is then the new one), and
    /// when none is under way; false while a router makes it.
    pub fn go_on(&mut self, cells: usize) -> bool {
        let Some(UnderWay { grid, sea_level, stage }) = self.under_way else { return true };
        let all = grid.cells();
        let stage = match stage {
            Stage::Elsewhere => return false,
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

    /// The latest whole routing, taken: none is kept after it.
    pub fn take_drainage(&mut self) -> Drainage {
        std::mem::take(&mut self.drainage)
    }
}

/// The other end of a router: routes what it is sent as [`Rivers::build`]
/// does here, keeping the seed's ripple and its buffers between routings,
/// but not the drainage it hands over (so it holds one routing's work at
/// a time, not the last one's beside the next).
#[derive(Debug, Default)]
pub struct RoutingEnd {
    ripple: Ripple,
    rivers: Rivers,
}

impl RoutingEnd {
    /// The drainage of `heights` plus the seed's ripple.
    ///
    /// ```
    /// # use hydraulic_erosion::raster::grid::Grid;
    /// # use hydraulic_erosion::hydrology::rivers::RoutingEnd;
    /// # use hydraulic_erosion::hydrology::router::Routing;
    /// let grid = Grid::new(20, 20);
    /// let bowl: Vec<f32> = (0..400).map(|i| ((i % 20) as f32 - 9.5).abs() / 10.0).collect();
    /// let routing = Routing { grid, seed: 1, sea_level: 0.0 };
    /// let drainage = RoutingEnd::default().route(routing, &bowl);
    /// // The rain of the whole map leaves it by its edges
    /// assert!(drainage.water.iter().any(|&w| w > 10.0));
    /// ```
    pub fn route(&mut self, routing: Routing, heights: &[f32]) -> Drainage {
        self.route_written(routing, |into| into.copy_from_slice(heights))
    }

    /// As [`RoutingEnd::route`], the heights written by `write` into a
    /// buffer a cell long (so the other end keeps no copy of its own).
    pub fn route_written(&mut self, routing: Routing, write: impl FnOnce(&mut [f32])) -> Drainage {
        let Routing { grid, seed, sea_level } = routing;
        let ripple = self.ripple.of(seed, grid);
        self.rivers.begin_written(grid, write, ripple, sea_level);
        while !self.rivers.go_on(usize::MAX) {}
        self.rivers.take_drainage()
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

    /// A router whose other end is here: what it is sent is routed at
    /// once, and handed over when asked for the `waits`th time, unless
    /// it `fails`.
    struct Here {
        end: RoutingEnd,
        routed: Option<Drainage>,
        waits: usize,
        fails: bool,
    }

    impl Router for Here {
        fn works(&self) -> bool {
            !self.fails
        }
        fn send(&mut self, routing: Routing, heights: &[f32]) {
            self.routed = Some(self.end.route(routing, heights));
        }
        fn receive(&mut self, into: &mut Drainage) -> Received {
            if self.fails {
                return Received::Failed;
            }
            self.waits = self.waits.saturating_sub(1);
            match (self.waits, self.routed.take()) {
                (0, Some(routed)) => {
                    *into = routed;
                    Received::Whole
                }
                (_, routed) => {
                    self.routed = routed;
                    Received::Waiting
                }
            }
        }
        fn rest(&mut self) {}
    }

    #[test]
    fn a_routing_made_by_a_router_is_the_one_made_here() {
        let grid = Grid::new(97, 61);
        let terrain: Vec<f32> = FractalNoise::new(3).grid(97, 61, 0.05, 0.0).iter().map(|&h| h as f32).collect();
        let routing = Routing { grid, seed: 4, sea_level: 0.45 };
        let ripple = wander(&FractalNoise::new(4), grid);
        let whole = Rivers::default().build(grid, &terrain, &ripple, 0.45).clone();
        let mut router = Here { end: RoutingEnd::default(), routed: None, waits: 3, fails: false };
        let mut rivers = Rivers::default();
        rivers.send(routing, &terrain, &mut router);
        assert!(rivers.sent() && rivers.under_way());
        assert!(!rivers.go_on(usize::MAX), "not made here");
        assert!(!rivers.receive(&mut router) && !rivers.receive(&mut router), "waited for");
        assert!(rivers.receive(&mut router));
        assert_eq!(rivers.drainage(), &whole);
        assert!(!rivers.under_way() && !rivers.sent());
        // One the router fails to make is given up, the last whole one kept
        router.fails = true;
        rivers.send(routing, &terrain, &mut router);
        assert!(!rivers.receive(&mut router));
        assert!(!rivers.under_way());
        assert_eq!(rivers.drainage(), &whole);
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
