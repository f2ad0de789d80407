//! The rivers' routing on a map of any size: what is drawn, what is under
//! way and for which edition of the heights and view, and what the
//! measures may share of it.
//!
//! An article's map is routed at once, every [`RIVER_EVERY`] frames while
//! it rains. A big map ([`MapView::routes_in_parts`]) is routed over frames
//! ([`ROUTING_CELLS_A_FRAME`] cells' work each) or by a [`Router`] (on the
//! web, a worker on another core), the next routing begun as soon as the
//! last is whole and the ground has changed since, and the rivers drawn
//! meanwhile are the last whole routing's.
//!
//! Its invariants, which its tests hold it to:
//! - a routing is drawn only if it is of the ground and view it was begun
//!   for: one begun on a ground since made anew ([`RiverRouting::forget`]),
//!   or for another view (the ground before the rain, another sea level),
//!   is let go, never drawn;
//! - [`RiverRouting::last_routed`] names the heights the latest whole
//!   routing is of, and it alone is set where a routing becomes whole: the
//!   measures share a routing only if it is of the heights they measure;
//! - on a big map, no frame routes the whole map for the measures: where
//!   the rivers drawn are not of the ground now, a routing of it for the
//!   measures alone is made over frames, as the rivers' are.
//!
//! Every field is set in this file only.

use crate::draw::level_of_detail;
use crate::draw::map_view::MapView;
use crate::draw::river_view::{RiverView, Stroke, RIVER_EVERY};
use crate::hydrology::router::Router;
use crate::raster::grid::Grid;
use crate::terrain::Terrain;

/// On a big map ([`MapView::routes_in_parts`]), the cells' worth of the
/// rivers' routing a frame makes (a pass of its sort, or so many cells
/// flooded, routed or drained): about 10 ms in Chromium, and a routing of
/// 2048 × 2048 in about 50 frames.
pub const ROUTING_CELLS_A_FRAME: usize = 1 << 18;

/// On a map whose cells are drawn under a pixel, while the rivers ease
/// they move on this many steps every this many frames, and their picture
/// is stroked only then, kept between: stroking them was 8 of a frame's
/// 29 ms at 2048 × 2048 (about 2 µs a piece of line a pixel or more
/// wide, in Chromium's software rasteriser).
pub const RIVER_PICTURE_EVERY: u64 = 2;

/// What the rivers are drawn for: the original terrain or the eroded one,
/// at a sea level. A change of view jumps instead of easing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct ViewOf {
    pub original: bool,
    pub sea_level: f64,
}

impl ViewOf {
    /// The eroded terrain as it is now, at its sea level: what the
    /// measures are taken of.
    pub fn now(terrain: &Terrain) -> ViewOf {
        ViewOf { original: false, sea_level: terrain.settings().sea_level() }
    }

    /// The ground `map` shows, at the terrain's sea level.
    fn shown(map: &MapView, terrain: &Terrain) -> ViewOf {
        ViewOf { original: map.show_original(), sea_level: terrain.settings().sea_level() }
    }

    /// The edition of the heights it shows: the ground before the rain
    /// keeps its own as it rains, so its rivers are not routed again.
    fn edition(self, terrain: &Terrain) -> u64 {
        if self.original {
            terrain.original_edition()
        } else {
            terrain.edition()
        }
    }
}

/// A routing of the rain: the edition of the heights it routes and the
/// view it was begun for, and the drops fallen then.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Routed {
    state: (u64, ViewOf),
    from: u64,
}

/// What a frame's rivers depend on beside the ground.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Beat {
    /// The frame's number ([`super::Sketch::frames`]).
    pub frame: u64,
    pub raining: bool,
    pub reduced_motion: bool,
    /// The device pixels a cell is drawn across.
    pub pixels_per_cell: f64,
}

/// What a sample of the measures due asks of the routing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Sample {
    /// The frame it is taken in.
    pub frame: u64,
    /// Whether the rain stopped (it is of the ground as it stands).
    pub stopped: bool,
    /// The drops at which it came due, if the series had samples before.
    pub came_due_at: Option<u64>,
    /// Whether it is the series' first.
    pub first: bool,
}

/// The rivers drawn and their routing; see the module's doc for its rules.
pub(super) struct RiverRouting {
    /// What is drawn, easing from one routing to the next.
    view: RiverView,
    /// The edition of the heights and the view the rivers drawn are of,
    /// and the drops fallen when their routing began.
    drawn_for: Option<(u64, ViewOf)>,
    drawn_from: Option<u64>,
    /// On a big map, what the routing under way was begun for, and the
    /// drops fallen then.
    routing: Option<(u64, ViewOf)>,
    routing_from: u64,
    /// What the last whole routing ([`MapView::last_rivers`]) is of,
    /// whichever it was made for.
    last_routed: Option<Routed>,
    /// On a big map whose rivers of the ground now are not drawn, a
    /// routing of it under way for the measures alone, and whether they
    /// wait for one.
    for_the_measures: Option<Routed>,
    measures_wait: bool,
    /// On a big map, whether the rivers drawn are of another ground or view
    /// than the one shown: frames are wanted, paused too, till they are not.
    due: bool,
    /// Where a big map's routing is made whole, if not here a part a frame.
    router: Option<Box<dyn Router>>,
    /// The last frame that drew the drainage (and so kept it up to date),
    /// and the view the rivers drawn belong to.
    drawn_in: Option<u64>,
    shown_for: Option<ViewOf>,
}

impl RiverRouting {
    /// No rivers drawn yet on `grid`, nor routed.
    pub fn new(grid: Grid) -> RiverRouting {
        RiverRouting {
            view: RiverView::new(grid),
            drawn_for: None,
            drawn_from: None,
            routing: None,
            routing_from: 0,
            last_routed: None,
            for_the_measures: None,
            measures_wait: false,
            due: false,
            router: None,
            drawn_in: None,
            shown_for: None,
        }
    }

    /// Has a big map's rivers routed by `router` rather than a part a
    /// frame here, for as long as it works.
    pub fn route_with(&mut self, router: Box<dyn Router>) {
        self.router = Some(router);
    }

    /// The water drawn, a cell at a time.
    pub fn shown(&self) -> &[f32] {
        self.view.shown()
    }

    /// The strokes drawn, and the revision they are of.
    pub fn strokes(&mut self) -> &[Stroke] {
        self.view.strokes()
    }

    pub fn revision(&self) -> u64 {
        self.view.revision()
    }

    /// The drops fallen when the routing drawn began (0 before any).
    pub fn drawn_from(&self) -> u64 {
        self.drawn_from.unwrap_or(0)
    }

    /// Whether frames are wanted for the routing: one under way, rivers
    /// drawn of another ground or view, or measures waiting for one.
    pub fn wants_frames(&self) -> bool {
        self.routing.is_some() || self.due || self.measures_wait
    }

    /// On a ground made anew, nothing of the old one's rivers is drawn,
    /// nor a routing of it under way taken: a big map shows no rivers until
    /// its first routing is whole (the article's map routes at once).
    pub fn forget(&mut self, grid: Grid) {
        self.view.forget(grid);
        (self.drawn_for, self.routing, self.shown_for, self.drawn_from) = (None, None, None, None);
        (self.last_routed, self.for_the_measures) = (None, None);
    }

    /// The heights changed under the rivers drawn (the reader went back or
    /// forth in the history): they stay drawn until the next routing,
    /// which jumps there, and nothing routed before is shared.
    pub fn route_again(&mut self) {
        self.drawn_for = None;
        (self.last_routed, self.for_the_measures) = (None, None);
        self.shown_for = None;
    }

    /// Routes the ground now at once, for the measures alone
    /// ([`MapView::rivers_now`]): what the drainage then is of.
    pub fn route_now_at_once(&mut self, map: &mut MapView, terrain: &Terrain) {
        map.rivers_now(terrain);
        self.last_routed = Some(Routed { state: (terrain.edition(), ViewOf::now(terrain)), from: terrain.drops() });
    }

    /// The rivers for a frame at `beat`. While it rains they are worked
    /// out again every [`RIVER_EVERY`] frames and eased in, a changed
    /// course cross-faded where a cell is drawn as finely as the relief
    /// (more than 0.7 pixels across); paused, on a new terrain or a new
    /// view, or when the reader asks for less motion, they jump straight
    /// there. On a big map they are routed by the router (or, where it
    /// cannot, a part a frame) instead, the next routing begun as soon as
    /// the last is whole and the ground has changed since; on a small one
    /// the router rests. Not `drawn`, no rivers are routed (and a routing
    /// of them under way is let go), but a big map's measures may be
    /// ([`RiverRouting::route_for_the_measures`]).
    pub fn update(&mut self, map: &mut MapView, terrain: &Terrain, drawn: bool, beat: Beat) {
        // A new map size: nothing drawn of the old one's rivers (a big
        // map's first routing takes frames, and the trees, layers and 3D
        // view read the water drawn meanwhile)
        let grid = terrain.grid();
        if self.view.grid() != grid {
            self.view.forget(grid);
        }
        self.due = false;
        if !drawn {
            self.routing = None;
            self.route_for_the_measures(map, terrain);
            return;
        }
        let view_of = ViewOf::shown(map, terrain);
        let easing = beat.raining && !beat.reduced_motion && self.shown_for == Some(view_of);
        // A river's change of course on a map whose cells are drawn under
        // a pixel moves its line by less than one: cross-fading the two
        // lines would only dim the river while both are part-faded, and
        // at 2048 × 2048 give the canvas some 8,000 one-cell pieces to
        // stroke every frame
        let coarse = level_of_detail::factor(beat.pixels_per_cell) > 1;
        let cross_fade = easing && !coarse;
        let state = (view_of.edition(terrain), view_of);
        self.drawn_in = Some(beat.frame);
        if map.routes_in_parts(terrain) {
            self.route_a_part(map, terrain, state, cross_fade);
            // (a routing finished on a ground since rained on, or paused
            // on, is followed by one of the ground as it stands)
            self.due = self.drawn_for != Some(state);
            // (rivers of the ground before the rain, once whole, leave
            // the routing to the measures of the ground now)
            if self.routing.is_none() && !self.due {
                self.route_for_the_measures(map, terrain);
            }
        } else {
            self.routing = None;
            if let Some(router) = &mut self.router {
                router.rest();
            }
            let due = !beat.raining || beat.frame % RIVER_EVERY as u64 == 0 || self.drawn_for.is_none();
            if self.drawn_for != Some(state) && due {
                self.view.take(grid, map.rivers(terrain), cross_fade);
                self.drawn(state, terrain.drops());
            }
        }
        if !(easing && coarse) {
            self.view.advance(easing);
        } else if beat.frame % RIVER_PICTURE_EVERY == 0 {
            for _ in 0..RIVER_PICTURE_EVERY {
                self.view.advance(true);
            }
        }
        if !easing {
            self.shown_for = Some(view_of);
        }
    }

    /// A whole routing of `state`, begun at `from` drops, is drawn.
    fn drawn(&mut self, state: (u64, ViewOf), from: u64) {
        (self.drawn_for, self.drawn_from) = (Some(state), Some(from));
        self.last_routed = Some(Routed { state, from });
    }

    /// The router given, if any, lent for a call.
    fn router(&mut self) -> Option<&mut dyn Router> {
        self.router.as_mut().map(|router| &mut **router as &mut dyn Router)
    }

    /// A frame's part of a big map's routing ([`ROUTING_CELLS_A_FRAME`]);
    /// one begun for another view, or given up (the measures routed the
    /// ground at once meanwhile), is begun again.
    fn route_a_part(&mut self, map: &mut MapView, terrain: &Terrain, state: (u64, ViewOf), cross_fade: bool) {
        let stale = self.routing.is_some_and(|(_, view)| view != state.1);
        if stale || !map.rivers_under_way() {
            self.routing = None;
        }
        if self.routing.is_none() && self.drawn_for != Some(state) {
            // (the measures' routing under way, if any, given up for it)
            map.begin_rivers(terrain, self.router());
            (self.routing, self.routing_from, self.for_the_measures) = (Some(state), terrain.drops(), None);
        }
        let Some(routed) = self.routing else { return };
        let grid = terrain.grid();
        if let Some(drainage) = map.go_on_with_rivers(ROUTING_CELLS_A_FRAME, self.router()) {
            // A new view's first rivers jump there
            let cross_fade = cross_fade && self.drawn_for.is_some_and(|(_, view)| view == routed.1);
            if drainage.water.len() == grid.cells() {
                self.view.take(grid, drainage, cross_fade);
                self.drawn(routed, self.routing_from);
            }
            self.routing = None;
        }
    }

    /// On a big map whose rivers of the ground now are not drawn (rivers
    /// off or traced, or the ground before the rain shown), a frame's part
    /// of a routing of the ground now for the measures alone, begun when a
    /// sample waits for one ([`RiverRouting::ready_for_a_sample`]): made by
    /// the router or a part a frame, as the rivers' are, so no frame routes
    /// the whole map for them (at 2048 × 2048 that held a frame some
    /// 300 ms, and grew the memory by the routing's buffers).
    fn route_for_the_measures(&mut self, map: &mut MapView, terrain: &Terrain) {
        let now = (terrain.edition(), ViewOf::now(terrain));
        // (one given up, or for another sea level, is begun again)
        let stale = self.for_the_measures.is_some_and(|routing| routing.state.1 != now.1);
        if stale || !map.rivers_under_way() {
            self.for_the_measures = None;
        }
        if self.for_the_measures.is_none() {
            if !self.measures_wait || !map.routes_in_parts(terrain) {
                return;
            }
            map.begin_rivers_now(terrain, self.router());
            self.for_the_measures = Some(Routed { state: now, from: terrain.drops() });
        }
        let grid = terrain.grid();
        if let Some(drainage) = map.go_on_with_rivers(ROUTING_CELLS_A_FRAME, self.router()) {
            if drainage.water.len() == grid.cells() {
                self.last_routed = self.for_the_measures;
            }
            self.for_the_measures = None;
        }
    }

    /// No sample of the measures waits for a routing (yet, this frame).
    pub fn no_sample_waits(&mut self) {
        self.measures_wait = false;
    }

    /// Whether a sample of the measures due now may be taken, of
    /// [`MapView::last_rivers`]: where that is of the ground now (on a big
    /// map while it rains, a routing of it begun since the sample came
    /// due); else, on an article's map, the ground now is routed at once
    /// for it, unless this frame drew the rivers of the ground now that
    /// the next routing at once makes soon; and a big map's sample waits
    /// (for a routing of the rivers drawn or, where they are not of the
    /// ground now, one for it alone).
    pub fn ready_for_a_sample(&mut self, map: &mut MapView, terrain: &Terrain, sample: Sample) -> bool {
        let drops = terrain.drops();
        let now = (terrain.edition(), ViewOf::now(terrain));
        let routed_now = self.last_routed.is_some_and(|routed| routed.state == now);
        let rivers_of_now_drawn = self.drawn_in == Some(sample.frame) && !map.show_original();
        if map.routes_in_parts(terrain) {
            // No frame routes the whole map for them: a sample due as it
            // rains shares a routing of the ground begun since (the first
            // sample, or the first of a ground made anew, any routing of
            // it; never one of a ground since gone back from)
            let since = sample.came_due_at.unwrap_or(0);
            let routed_since_due = self
                .last_routed
                .is_some_and(|routed| routed.state.1 == now.1 && (since..=drops).contains(&routed.from));
            if (sample.stopped && !routed_now) || (!sample.stopped && !routed_since_due) {
                self.measures_wait = !rivers_of_now_drawn;
                return false;
            }
        } else if !routed_now && rivers_of_now_drawn && !sample.stopped && !sample.first {
            return false;
        } else if !routed_now {
            self.route_now_at_once(map, terrain);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::choices::Choice;

    /// The island of `seed`, made 1024 × 1024: a big map.
    fn big_terrain(seed: u32) -> Terrain {
        let mut terrain = Terrain::new(seed);
        terrain.choose(Choice::MapSize, 4);
        terrain.reset(seed);
        assert!(crate::draw::map_view::is_big(terrain.grid()));
        terrain
    }

    const PAUSED: Beat = Beat { frame: 0, raining: false, reduced_motion: false, pixels_per_cell: 1.0 };

    /// Frames paused until nothing is due, at most `most`; how many.
    fn settle(rivers: &mut RiverRouting, map: &mut MapView, terrain: &Terrain, most: u64) -> u64 {
        let mut frame = 0;
        loop {
            frame += 1;
            rivers.update(map, terrain, true, Beat { frame, ..PAUSED });
            if !rivers.wants_frames() {
                return frame;
            }
            assert!(frame < most, "the routing ends within {most} frames");
        }
    }

    /// The water of the ground now, routed at once.
    fn water_at_once(terrain: &Terrain) -> Vec<f32> {
        MapView::default().rivers_now(terrain).water.clone()
    }

    #[test]
    fn a_routing_begun_on_a_ground_since_made_anew_is_never_drawn() {
        let mut terrain = big_terrain(6);
        let (mut rivers, mut map) = (RiverRouting::new(terrain.grid()), MapView::default());
        for frame in 1..=3 {
            rivers.update(&mut map, &terrain, true, Beat { frame, ..PAUSED });
        }
        assert!(rivers.routing.is_some(), "three frames into seed 6's routing");
        assert!(rivers.shown().iter().all(|&w| w == 0.0), "nothing drawn before it is whole");
        terrain.reset(7);
        rivers.forget(terrain.grid());
        let frames = settle(&mut rivers, &mut map, &terrain, 100);
        assert!(frames > 8, "seed 7's routing begun afresh, over {frames} frames");
        let drawn = rivers.view.shown().iter().filter(|&&w| w > 0.0).count();
        let expected = water_at_once(&terrain);
        assert_eq!(rivers.drawn_for, Some((terrain.edition(), ViewOf::now(&terrain))));
        // The rivers drawn are seed 7's alone: wet where its water runs
        let wet_of_7 = (0..expected.len()).filter(|&i| rivers.shown()[i] > 0.0).all(|i| expected[i] > 0.0);
        assert!(drawn > 1_000 && wet_of_7, "{drawn} cells drawn, all of them wet on seed 7");
    }

    #[test]
    fn a_routing_begun_for_another_view_is_let_go_and_begun_again() {
        let terrain = big_terrain(6);
        let (mut rivers, mut map) = (RiverRouting::new(terrain.grid()), MapView::default());
        for frame in 1..=3 {
            rivers.update(&mut map, &terrain, true, Beat { frame, ..PAUSED });
        }
        let first = rivers.routing.expect("a routing under way");
        map.set_show_original(true);
        rivers.update(&mut map, &terrain, true, Beat { frame: 4, ..PAUSED });
        let second = rivers.routing.expect("a routing under way");
        assert_ne!(first.1, second.1, "begun again for the ground before the rain");
        assert_eq!(rivers.routing_from, 0);
        settle(&mut rivers, &mut map, &terrain, 100);
        assert_eq!(rivers.drawn_for, Some(second));
    }

    #[test]
    fn the_measures_share_only_a_routing_of_the_heights_they_measure() {
        let mut terrain = big_terrain(6);
        let (mut rivers, mut map) = (RiverRouting::new(terrain.grid()), MapView::default());
        settle(&mut rivers, &mut map, &terrain, 100);
        let stopped = Sample { frame: 1_000, stopped: true, came_due_at: None, first: false };
        assert!(rivers.ready_for_a_sample(&mut map, &terrain, stopped), "the rivers drawn are of the ground now");
        // Rain: the routing drawn is of heights since changed
        terrain.rain(2_000);
        assert!(!rivers.ready_for_a_sample(&mut map, &terrain, stopped));
        rivers.no_sample_waits();
        // The ground before the rain shown: its rivers, once whole, are
        // not the ground now's, and the measures route it for themselves
        map.set_show_original(true);
        let frames = settle(&mut rivers, &mut map, &terrain, 100);
        assert!(!rivers.ready_for_a_sample(&mut map, &terrain, stopped));
        assert!(rivers.measures_wait, "the sample waits for a routing of its own");
        // Each frame, as the sketch's: the sample asks, then the frame routes
        let mut own = 0;
        loop {
            rivers.no_sample_waits();
            if rivers.ready_for_a_sample(&mut map, &terrain, stopped) {
                break;
            }
            own += 1;
            assert!(own < 100, "the measures' routing ends");
            rivers.update(&mut map, &terrain, true, Beat { frame: frames + own, ..PAUSED });
        }
        assert!(own > 8, "the measures' routing made over {own} frames, after {frames}");
        assert_eq!(rivers.last_routed.map(|r| r.state), Some((terrain.edition(), ViewOf::now(&terrain))));
        assert_eq!(map.last_rivers(&terrain).water, water_at_once(&terrain), "the very routing of the ground now");
    }

    #[test]
    fn a_sample_as_it_rains_shares_only_a_routing_begun_since_it_came_due() {
        let mut terrain = big_terrain(6);
        let (mut rivers, mut map) = (RiverRouting::new(terrain.grid()), MapView::default());
        settle(&mut rivers, &mut map, &terrain, 100);
        terrain.rain(2_000);
        let raining = Sample { frame: 1_000, stopped: false, came_due_at: Some(1_000), first: false };
        assert!(!rivers.ready_for_a_sample(&mut map, &terrain, raining), "drawn from 0 drops, due at 1,000");
        let early = Sample { came_due_at: Some(0), ..raining };
        assert!(rivers.ready_for_a_sample(&mut map, &terrain, early), "drawn from 0 drops, due at 0");
    }

    #[test]
    fn an_articles_map_is_routed_at_once_and_again_every_few_frames_as_it_rains() {
        let mut terrain = Terrain::new(6);
        let (mut rivers, mut map) = (RiverRouting::new(terrain.grid()), MapView::default());
        let raining = Beat { raining: true, ..PAUSED };
        rivers.update(&mut map, &terrain, true, Beat { frame: 1, ..raining });
        assert_eq!(rivers.drawn_for.map(|s| s.0), Some(terrain.edition()), "the first frame routes at once");
        assert!(!rivers.wants_frames());
        terrain.rain(200);
        rivers.update(&mut map, &terrain, true, Beat { frame: 2, ..raining });
        assert_ne!(rivers.drawn_for.map(|s| s.0), Some(terrain.edition()), "not before its frame");
        let frame = RIVER_EVERY as u64;
        rivers.update(&mut map, &terrain, true, Beat { frame, ..raining });
        assert_eq!(rivers.drawn_for.map(|s| s.0), Some(terrain.edition()));
        assert_eq!(rivers.drawn_from(), 200);
    }
}
