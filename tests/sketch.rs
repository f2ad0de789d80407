//! The sketch as a state machine, played natively frame by frame: what
//! the page decides, with a painter that records what is drawn.

use std::cell::Cell;
use std::rc::Rc;

use hydraulic_erosion::draw::camera::Camera;
use hydraulic_erosion::draw::color_schemes::ColorScheme;
use hydraulic_erosion::draw::marching_squares::Contours;
use hydraulic_erosion::draw::painter::Painter;
use hydraulic_erosion::draw::river_view::{Stroke, FADES};
use hydraulic_erosion::draw::view_3d::{Drawn, Scene};
use hydraulic_erosion::draw::viewport::Size;
use hydraulic_erosion::draw::viewport::Viewport;
use hydraulic_erosion::flora::trees::Tree;
use hydraulic_erosion::hydrology::flow_routing::Drainage;
use hydraulic_erosion::hydrology::rivers::RoutingEnd;
use hydraulic_erosion::hydrology::router::{Received, Router, Routing};
use hydraulic_erosion::morphometry::measures::{Measures, MEASURE_EVERY};
use hydraulic_erosion::raster::grid::Grid;
use hydraulic_erosion::settings::choices::{Choice, Layer, Preset};
use hydraulic_erosion::settings::sliders::Setting;
use hydraulic_erosion::settings::toggles::Toggle;
use hydraulic_erosion::share::link::{self, MapLink};
use hydraulic_erosion::sketch::{Input, Show, Sketch, Start, RAIN_BUDGET_MS};
use hydraulic_erosion::terrain::RAIN_TARGET;

/// Records what a frame draws, in order.
#[derive(Default)]
struct Recorder {
    calls: Vec<&'static str>,
    schemes: Vec<&'static str>,
    sizes: Vec<Size>,
    strokes: usize,
    /// The pieces of all the rivers' strokes last drawn, and of those
    /// wider than the narrowest and drawn part-transparent.
    river_ops: usize,
    faded_wide_ops: usize,
    trees: Vec<Tree>,
    progress: Option<(u64, u64, bool)>,
    /// The 3D view's frames: heights' edition, camera, wet cells, and what
    /// the painter answers (drawn unless a test says otherwise).
    scenes: Vec<(u64, Camera, usize)>,
    /// The trees of each 3D frame, and the height of the ground under each.
    trees_3d: Vec<Vec<(Tree, f32)>>,
    answer_3d: Option<Drawn>,
    /// The last relief drawn, the last 3D frame's drape, and the measures'
    /// panel's samples.
    pixels: Vec<u8>,
    drape: Vec<u8>,
    measures: Vec<(u64, Measures)>,
    /// What each frame's contours were named by, to be kept, and the
    /// contours last drawn.
    contours_kept: Vec<Option<u64>>,
    contours: Contours,
    /// What each frame's rivers were named by, to be kept, and their
    /// pieces.
    rivers_kept: Vec<(Option<u64>, usize)>,
}

impl Painter for Recorder {
    fn begin(&mut self, size: Size, scheme: &ColorScheme) {
        self.calls.clear();
        self.calls.push("begin");
        self.schemes.push(scheme.key);
        self.sizes.push(size);
        self.progress = None;
    }
    fn relief(&mut self, pixels: &[u8], grid: Grid, _: Viewport) {
        assert_eq!(pixels.len(), grid.cells() * 4);
        self.pixels = pixels.to_vec();
        self.calls.push("relief");
    }
    fn measures(&mut self, samples: &[(u64, Measures)], target: u64, _: &ColorScheme) {
        assert_eq!(target, RAIN_TARGET);
        self.measures = samples.to_vec();
        self.calls.push("measures");
    }
    fn contours(&mut self, contours: &Contours, kept: Option<u64>, _: &ColorScheme, _: Viewport) {
        assert!(!contours.regular.is_empty());
        self.contours_kept.push(kept);
        self.contours = contours.clone();
        self.calls.push("contours");
    }
    fn trees(&mut self, trees: &[Tree], _: &ColorScheme, _: Viewport) {
        self.trees = trees.to_vec();
        self.calls.push("trees");
    }
    fn rivers(&mut self, strokes: &[Stroke], kept: Option<u64>, _: &ColorScheme, _: Viewport) {
        self.strokes = strokes.iter().filter(|s| !s.ops.is_empty()).count();
        self.river_ops = strokes.iter().map(|s| s.ops.len()).sum();
        let faded_wide = |n: usize| n / FADES > 0 && n % FADES < FADES - 1;
        self.faded_wide_ops =
            strokes.iter().enumerate().filter(|&(n, _)| faded_wide(n)).map(|(_, s)| s.ops.len()).sum();
        self.rivers_kept.push((kept, self.river_ops));
        self.calls.push("rivers");
    }
    fn debug(&mut self, _: &[Vec<[f32; 2]>], _: u64, _: Viewport) {
        self.calls.push("debug");
    }
    fn progress(&mut self, done: u64, total: u64, capped: bool) {
        self.progress = Some((done, total, capped));
        self.calls.push("progress");
    }
    fn view_3d(&mut self, scene: &Scene) -> Drawn {
        self.calls.clear();
        self.calls.push("view_3d");
        assert_eq!(scene.heights.len(), scene.grid.cells());
        let wet = scene.water.iter().filter(|&&w| w >= hydraulic_erosion::hydrology::rivers::RIVER_START).count();
        self.scenes.push((scene.edition, scene.camera, wet));
        self.drape = scene.layer.to_vec();
        let under = |t: &Tree| scene.heights[t.y.round() as usize * scene.grid.cols + t.x.round() as usize];
        self.trees_3d.push(scene.trees.iter().map(|t| (t.clone(), under(t))).collect());
        self.answer_3d.unwrap_or(Drawn::Drawn)
    }
}

const SIZE: Size = Size { width: 640.0, height: 360.0, ratio: 2.0 };

/// A clock that moves a millisecond each time it is read.
fn ticking() -> impl FnMut() -> f64 {
    let mut t = 0.0;
    move || {
        t += 1.0;
        t
    }
}

fn fresh(seed: u32) -> Sketch {
    Sketch::new(Start::fresh(seed, SIZE))
}

/// The device pixels a cell of `grid` is drawn across on a canvas of
/// [`SIZE`].
fn pixels_per_cell(grid: Grid) -> f64 {
    Viewport::fit(grid, SIZE.width, SIZE.height).scale * SIZE.ratio
}

/// The steps of the rivers' paths a routing of the sketch's ground at once
/// has drawn on a canvas of [`SIZE`], no finer than its pixels.
fn river_ops_of_a_routing_at_once(sketch: &Sketch) -> usize {
    use hydraulic_erosion::draw::{map_view::MapView, path_detail, river_view::RiverView};
    let grid = sketch.terrain().grid();
    let mut view = RiverView::new(grid);
    view.take(grid, MapView::default().rivers(sketch.terrain()), false);
    view.advance(false);
    path_detail::strokes_at(view.strokes(), pixels_per_cell(grid)).iter().map(|s| s.ops.len()).sum()
}

fn frames(sketch: &mut Sketch, painter: &mut Recorder, n: u32) {
    let mut clock = ticking();
    for _ in 0..n {
        sketch.frame(&mut clock, painter);
    }
}

#[test]
fn a_fresh_sketch_rains_every_frame_and_draws_in_the_originals_order() {
    let mut sketch = fresh(1);
    let mut painter = Recorder::default();
    assert!(sketch.wants_frames());
    frames(&mut sketch, &mut painter, 3);
    assert_eq!(sketch.terrain().drops(), 600);
    assert_eq!(painter.calls, ["begin", "relief", "contours", "rivers"]);
    assert!(painter.strokes > 10, "{} river strokes", painter.strokes);
    assert_eq!(painter.sizes.last(), Some(&SIZE));
    assert_eq!(sketch.status().canvas, (1280, 720));
    assert_eq!(sketch.frames(), 3);
}

#[test]
fn paused_frames_only_draw_and_the_play_button_follows() {
    let mut sketch = fresh(1);
    let mut painter = Recorder::default();
    frames(&mut sketch, &mut painter, 1);
    sketch.input(Input::PlayPause, 20.0);
    assert!(sketch.take_shows().contains(&Show::PlayState { looping: false }));
    // (one frame, which strokes the lines the rain left in turns, then rest)
    let hash = sketch.terrain().heights_hash();
    until_at_rest(&mut sketch, &mut painter);
    assert!(!sketch.wants_frames());
    frames(&mut sketch, &mut painter, 2);
    assert_eq!((sketch.terrain().drops(), sketch.terrain().heights_hash()), (200, hash));
}

#[test]
fn on_a_dense_screen_the_rain_strokes_contours_and_rivers_in_turns_and_a_pause_brings_them_up_to_the_ground() {
    use hydraulic_erosion::draw::line_cadence::LINES_EVERY;
    use hydraulic_erosion::draw::map_view::MapView;
    let mut sketch = fresh(3);
    let mut painter = Recorder::default();
    sketch.input(Input::Resize(Size { ratio: 3.0, ..SIZE }), 0.0);
    let n = 3 * LINES_EVERY as usize;
    frames(&mut sketch, &mut painter, n as u32);
    // The first frame strokes everything (no line of it is kept yet); then
    // each kind of line names a picture kept between its turns: the
    // contours traced in the second frame, then every LINES_EVERY; the
    // rivers halfway between
    assert_eq!((painter.contours_kept[0], painter.rivers_kept[0].0), (None, None));
    let contours: Vec<u64> = painter.contours_kept[1..].iter().map(|k| k.expect("kept while it rains")).collect();
    let rivers: Vec<u64> = painter.rivers_kept[1..].iter().map(|(k, _)| k.expect("kept while it rains")).collect();
    // (by frame number: the first kept is the second frame)
    let changes = |names: &[u64]| -> Vec<usize> {
        (1..names.len()).filter(|&k| names[k] != names[k - 1]).map(|k| k + 2).collect()
    };
    let every = LINES_EVERY as usize;
    assert_eq!(changes(&contours), [every, 2 * every, 3 * every], "contours, by frame number");
    assert_eq!(changes(&rivers), [every / 2, every * 3 / 2, every * 5 / 2], "rivers, by frame number");
    // The contours drawn in the last frame, a contour turn, are the ground's
    let mut map = MapView::default();
    assert_eq!(&painter.contours, map.contours(sketch.terrain()), "traced in their turn");
    // One frame more: the rain moved the ground, the contours wait their turn
    frames(&mut sketch, &mut painter, 1);
    assert_ne!(&painter.contours, map.contours(sketch.terrain()), "a frame behind");
    assert!(sketch.wants_frames());
    // Paused, one frame strokes them all again, as the original does, and
    // the sketch rests
    sketch.input(Input::PlayPause, 0.0);
    painter.contours_kept.clear();
    painter.rivers_kept.clear();
    until_at_rest(&mut sketch, &mut painter);
    assert_eq!(painter.contours_kept, [None]);
    assert_eq!(painter.rivers_kept.iter().map(|(k, _)| *k).collect::<Vec<_>>(), [None]);
    assert_eq!(&painter.contours, map.contours(sketch.terrain()), "the ground as it stands");
}

#[test]
fn a_bigger_map_rains_as_many_drops_per_cell_as_the_frames_time_allows() {
    let mut sketch = fresh(2);
    sketch.input(Input::Choose(Choice::MapSize, 4), 0.0);
    sketch.input(Input::Toggle(Toggle::Rivers, false), 0.0);
    sketch.input(Input::Set(Setting::ContourLevels, 0.0), 0.0);
    assert_eq!(sketch.terrain().grid(), Grid::new(1024, 1024));
    assert_eq!(sketch.terrain().rain_target(), 18 * RAIN_TARGET, "18 of the article's maps");
    // A clock that stands still: the frame's time never runs out, and it
    // rains the slider's 200 drops for each article's map
    let mut painter = Recorder::default();
    sketch.frame(&mut || 0.0, &mut painter);
    assert_eq!(sketch.terrain().drops(), 18 * 200);
    // A clock past the budget at every reading: the article's share alone
    let before = sketch.terrain().drops();
    let mut t = 0.0;
    sketch.frame(
        &mut || {
            t += RAIN_BUDGET_MS;
            t
        },
        &mut painter,
    );
    assert_eq!(sketch.terrain().drops() - before, 200);
}

#[test]
fn a_big_maps_rivers_are_routed_a_part_a_frame_and_drawn_once_whole() {
    let mut sketch = fresh(6);
    sketch.input(Input::Choose(Choice::MapSize, 4), 0.0);
    sketch.input(Input::PlayPause, 0.0);
    let mut painter = Recorder::default();
    frames(&mut sketch, &mut painter, 1);
    assert_eq!(painter.river_ops, 0, "no rivers drawn until a routing is whole");
    assert!(sketch.measures().is_empty(), "nor measures taken");
    let mut n = 1;
    while sketch.wants_frames() {
        frames(&mut sketch, &mut painter, 1);
        n += 1;
        assert!(n < 200, "the routing ends");
    }
    assert!(n > 8, "routed over {n} frames");
    // The first measures waited for that routing, and shared it
    assert_eq!(sketch.measures().len(), 1);
    assert_eq!(sketch.measures()[0].0, 0);
    assert!(sketch.measures()[0].1.hypsometric_integral > 0.0);
    // The very rivers a routing at once draws
    let expected = river_ops_of_a_routing_at_once(&sketch);
    assert!(expected > 100);
    assert_eq!(painter.river_ops, expected);
}

#[test]
fn a_map_made_bigger_draws_its_trees_layers_and_3d_view_while_its_rivers_are_routed() {
    let mut sketch = fresh(6);
    sketch.input(Input::Toggle(Toggle::Trees, true), 0.0);
    let mut painter = Recorder::default();
    frames(&mut sketch, &mut painter, 2);
    sketch.input(Input::Choose(Choice::MapSize, 4), 0.0);
    frames(&mut sketch, &mut painter, 2);
    sketch.input(Input::Choose(Choice::Layer, 3), 0.0);
    frames(&mut sketch, &mut painter, 2);
    sketch.input(Input::Toggle(Toggle::View, true), 0.0);
    frames(&mut sketch, &mut painter, 2);
    assert_eq!(sketch.terrain().grid(), Grid::new(1024, 1024));
    assert_eq!(painter.river_ops, 0, "its first routing is not whole yet");
}

#[test]
fn a_big_maps_measures_share_the_rivers_routed_over_frames_as_it_rains() {
    let mut sketch = fresh(6);
    sketch.input(Input::Choose(Choice::MapSize, 4), 0.0);
    let mut painter = Recorder::default();
    // A clock that stands still: 18 × 200 drops a frame, a sample due
    // every 18 × MEASURE_EVERY drops
    let (per_frame, every) = (18 * 200, 18 * MEASURE_EVERY);
    let mut came_due = None;
    for _ in 0..200 {
        sketch.frame(&mut || 0.0, &mut painter);
        if came_due.is_none() && sketch.terrain().drops() >= every {
            came_due = Some(sketch.terrain().drops());
        }
        if sketch.measures().len() == 2 {
            break;
        }
    }
    let came_due = came_due.expect("a second sample came due");
    let (taken, measures) = sketch.measures()[1];
    // Not routed whole the frame it came due, but in the routing over
    // frames begun since (13 frames of 262,144 cells' work at 1024 × 1024)
    assert!(taken >= came_due + 10 * per_frame, "taken at {taken}, due at {came_due}");
    assert!(measures.hypsometric_integral > 0.0 && measures.hypsometric_integral < 1.0);
    assert!(measures.hack_exponent.is_finite());
}

#[test]
fn a_big_maps_contours_and_relief_are_refreshed_over_frames_and_come_up_to_the_ground_once_paused() {
    use hydraulic_erosion::draw::contour_refresh::FRAMES;
    use hydraulic_erosion::draw::{level_of_detail, map_view::MapView};
    let mut sketch = fresh(6);
    sketch.input(Input::Toggle(Toggle::Rivers, false), 0.0);
    let mut painter = Recorder::default();
    sketch.input(Input::Resize(Size { ratio: 1.0, ..SIZE }), 0.0);
    frames(&mut sketch, &mut painter, 2);
    assert_eq!(painter.contours_kept, [None, None], "the article's map strokes its contours each frame");
    sketch.input(Input::Resize(SIZE), 0.0);
    sketch.input(Input::Choose(Choice::MapSize, 4), 0.0);
    painter.contours_kept.clear();
    let n = 3 * FRAMES + 1;
    frames(&mut sketch, &mut painter, n as u32);
    // Traced whole the first frame, then each refresh of the raining
    // ground shown once whole, FRAMES frames later
    let kept: Vec<u64> = painter.contours_kept.iter().map(|k| k.expect("a big map's contours are kept")).collect();
    let changed_at: Vec<usize> = (1..n).filter(|&k| kept[k] != kept[k - 1]).collect();
    assert_eq!(changed_at, [FRAMES, 2 * FRAMES, 3 * FRAMES]);
    // Paused, frames go on until the contours are those of the ground
    // as it stands, then the sketch rests
    sketch.input(Input::PlayPause, 0.0);
    until_at_rest(&mut sketch, &mut painter);
    // A fresh view at the sketch's detail draws the ground as it stands
    let detail = level_of_detail::factor(pixels_per_cell(sketch.terrain().grid()));
    let fresh_view = || {
        let mut map = MapView::default();
        map.set_detail(detail);
        map
    };
    let whole = fresh_view().contours(sketch.terrain()).clone();
    assert!(whole.regular.len() > 10_000, "{} lines to compare", whole.regular.len());
    assert!(painter.contours == whole, "the contours drawn at rest are the ground's");
    // and so is the relief, painted a slice of rows a frame, with or
    // without contours
    let scheme = hydraulic_erosion::draw::color_schemes::scheme(painter.schemes.last().unwrap()).unwrap();
    assert!(
        painter.pixels == fresh_view().relief(sketch.terrain(), scheme),
        "the relief drawn at rest is the ground's"
    );
    sketch.input(Input::Set(Setting::ContourLevels, 0.0), 0.0);
    sketch.input(Input::PlayPause, 0.0);
    frames(&mut sketch, &mut painter, 3);
    sketch.input(Input::PlayPause, 0.0);
    until_at_rest(&mut sketch, &mut painter);
    assert!(painter.pixels == fresh_view().relief(sketch.terrain(), scheme), "the relief drawn at rest, no contours");
}

/// A river whose course changed is cross-faded, its old line fading out
/// as its new one fades in, where a cell is drawn as finely as the relief;
/// on a map whose cells are smaller it moves by less than a pixel, and is
/// drawn on its new course at once. Only a river's last stretch, the
/// narrowest, then fades (in).
#[test]
fn a_changed_course_is_cross_faded_only_where_a_cell_is_drawn_as_finely_as_the_relief() {
    use hydraulic_erosion::draw::level_of_detail;
    // 512 × 512 on the test's canvas is 1.41 pixels a cell, 1024 × 1024
    // 0.70
    for (map_size, cells, cross_faded) in [(2, 512, true), (4, 1024, false)] {
        let mut sketch = fresh(6);
        sketch.input(Input::Choose(Choice::MapSize, map_size), 0.0);
        assert_eq!(level_of_detail::factor(pixels_per_cell(sketch.terrain().grid())) == 1, cross_faded, "{cells}");
        let mut painter = Recorder::default();
        // Some four routings, each changing courses
        let (mut faded_wide, mut wide_frames) = (0, 0);
        for _ in 0..60 {
            frames(&mut sketch, &mut painter, 1);
            faded_wide += painter.faded_wide_ops;
            wide_frames += usize::from(painter.faded_wide_ops > 0);
        }
        assert!(painter.river_ops > 200, "{cells}: {} pieces of river", painter.river_ops);
        if cross_faded {
            assert!(faded_wide > 1_000 && wide_frames > 20, "{cells}: {faded_wide} in {wide_frames} frames");
        } else {
            assert_eq!(faded_wide, 0, "{cells}");
        }
    }
}

#[test]
fn a_coarse_maps_rivers_ease_two_steps_every_other_frame_and_their_picture_is_kept_between() {
    // The article's map on a screen of ratio 1: stroked every frame,
    // nothing kept
    let mut sketch = fresh(6);
    let mut painter = Recorder::default();
    sketch.input(Input::Resize(Size { ratio: 1.0, ..SIZE }), 0.0);
    frames(&mut sketch, &mut painter, 30);
    assert!(painter.rivers_kept.iter().all(|(kept, _)| kept.is_none()));
    sketch.input(Input::Resize(SIZE), 0.0);
    // 1024 × 1024 on the test's canvas is 0.70 pixels a cell
    sketch.input(Input::Choose(Choice::MapSize, 4), 0.0);
    let mut clock = ticking();
    let mut routings = 0;
    while routings < 3 {
        let before = sketch.status().rivers_of;
        sketch.frame(&mut clock, &mut painter);
        routings += usize::from(sketch.status().rivers_of != before);
    }
    painter.rivers_kept.clear();
    frames(&mut sketch, &mut painter, 120);
    let names: Vec<u64> = painter.rivers_kept.iter().map(|(kept, _)| kept.expect("named on a coarse map")).collect();
    let pictures = 1 + names.windows(2).filter(|w| w[0] != w[1]).count();
    assert!((55..=70).contains(&pictures), "{pictures} pictures in 120 frames");
    // A name is the very strokes
    for w in painter.rivers_kept.windows(2).filter(|w| w[0].0 == w[1].0) {
        assert_eq!(w[0].1, w[1].1);
    }
    assert!(painter.river_ops > 200, "{} pieces of river", painter.river_ops);
}

/// Frames until the sketch rests (a paused big map's routing whole), at
/// most 200.
fn until_at_rest(sketch: &mut Sketch, painter: &mut Recorder) {
    let mut n = 0;
    while sketch.wants_frames() {
        frames(sketch, painter, 1);
        n += 1;
        assert!(n < 200, "the sketch comes to rest");
    }
}

/// The measures of the sketch's ground as it stands, routed at once.
fn measures_routed_at_once(sketch: &Sketch) -> Measures {
    let mut map = hydraulic_erosion::draw::map_view::MapView::default();
    Measures::of(sketch.terrain(), map.rivers_now(sketch.terrain()))
}

/// Frames until `drops` have fallen (raining or replaying), no sample
/// taken at a drop count it came due at (a multiple of `every`): those
/// the drops went past, in order.
fn frames_past_samples(sketch: &mut Sketch, painter: &mut Recorder, drops: u64, every: u64, what: &str) -> Vec<u64> {
    let mut came_due = Vec::new();
    while sketch.terrain().drops() < drops {
        let before = sketch.terrain().drops();
        frames(sketch, painter, 1);
        let after = sketch.terrain().drops();
        came_due.extend((1..=drops / every).map(|k| k * every).filter(|&due| before < due && due <= after));
        let at: Vec<u64> = sketch.measures().iter().map(|s| s.0).collect();
        assert!(
            !at.iter().any(|at| came_due.contains(at)),
            "{what}: a sample at the drop count it came due at: {at:?}"
        );
    }
    came_due
}

/// A router whose other end is in the test: it routes what it is sent at
/// once and hands it over when asked for the `waits`th time since,
/// counting its routings; or one that fails.
struct Nearby {
    end: RoutingEnd,
    routed: Option<(usize, Drainage)>,
    waits: usize,
    routings: Rc<Cell<usize>>,
    fails: bool,
}

impl Nearby {
    /// A router, and the count of its routings.
    fn counted(waits: usize, fails: bool) -> (Box<Nearby>, Rc<Cell<usize>>) {
        let routings = Rc::new(Cell::new(0));
        let router = Nearby { end: RoutingEnd::default(), routed: None, waits, routings: routings.clone(), fails };
        (Box::new(router), routings)
    }
}

impl Router for Nearby {
    fn works(&self) -> bool {
        !self.fails
    }
    fn send(&mut self, routing: Routing, heights: &[f32]) {
        self.routings.set(self.routings.get() + 1);
        self.routed = Some((self.waits, self.end.route(routing, heights)));
    }
    fn receive(&mut self, into: &mut Drainage) -> Received {
        match self.routed.take() {
            _ if self.fails => Received::Failed,
            Some((1, routed)) => {
                *into = routed;
                Received::Whole
            }
            Some((waits, routed)) => {
                self.routed = Some((waits - 1, routed));
                Received::Waiting
            }
            None => Received::Waiting,
        }
    }
    fn rest(&mut self) {
        self.routed = None;
    }
}

/// A big map's rivers routed by a router come as soon as it has them, where a routing here takes some 13 frames at 1024 × 1024;
/// they are the same rivers, and the rain the same drops. A router that
/// fails leaves the routing to the frames.
#[test]
fn a_big_maps_rivers_routed_elsewhere_are_the_rivers_routed_here_sooner() {
    let mut here = fresh(6);
    let (router, routings) = Nearby::counted(1, false);
    let mut elsewhere = fresh(6);
    elsewhere.route_with(router);
    let (failing, _) = Nearby::counted(1, true);
    let mut failed = fresh(6);
    failed.route_with(failing);
    let mut drawn = Vec::new();
    for sketch in [&mut here, &mut elsewhere, &mut failed] {
        sketch.input(Input::Choose(Choice::MapSize, 4), 0.0);
        let mut painter = Recorder::default();
        let mut first_rivers = None;
        for frame in 1..=20 {
            frames(sketch, &mut painter, 1);
            if painter.river_ops > 0 && first_rivers.is_none() {
                first_rivers = Some(frame);
            }
        }
        sketch.input(Input::PlayPause, 0.0);
        until_at_rest(sketch, &mut painter);
        drawn.push((first_rivers, sketch.terrain().heights_hash(), painter.strokes, painter.river_ops));
    }
    assert!(routings.get() >= 10, "a routing every frame or two: {}", routings.get());
    let [here, elsewhere, failed] = [&drawn[0], &drawn[1], &drawn[2]];
    // (this router answers as soon as it is asked: a worker, a routing's
    // time later)
    assert_eq!(elsewhere.0, Some(1), "sent, taken and drawn the first frame");
    assert!(here.0.is_some_and(|frame| frame > 8), "routed over frames here: {:?}", here.0);
    assert_eq!(failed.0, here.0, "a router that fails leaves it to the frames");
    for other in [elsewhere, failed] {
        assert_eq!(other.1, here.1, "the same rain");
        assert_eq!((other.2, other.3), (here.2, here.3), "at rest, the same rivers");
    }
}

/// Stopped, a big map's measures wait for the routing of the ground as it
/// stands that its rivers drawn are made from, and share it: no frame
/// routes the whole map for them.
#[test]
fn a_big_map_stopped_measures_the_routing_its_rivers_are_drawn_from() {
    let mut sketch = fresh(6);
    sketch.route_with(Nearby::counted(3, false).0);
    sketch.input(Input::Choose(Choice::MapSize, 4), 0.0);
    let mut painter = Recorder::default();
    frames(&mut sketch, &mut painter, 10);
    sketch.input(Input::PlayPause, 0.0);
    let drops = sketch.terrain().drops();
    let stopped_sample = |sketch: &Sketch| sketch.measures().iter().any(|(at, _)| *at == drops);
    frames(&mut sketch, &mut painter, 1);
    assert!(!stopped_sample(&sketch), "not routed at once for the measures");
    until_at_rest(&mut sketch, &mut painter);
    assert!(stopped_sample(&sketch), "taken once the routing came");
    assert_eq!(sketch.measures().last(), Some(&(drops, measures_routed_at_once(&sketch))), "the same measures");
}

/// Replayed (a link opened, an undo, a rewind), a big map is measured as
/// its rain is: a sample due on the way waits for a routing its rivers are
/// drawn from, made elsewhere, and shares it, while the replay goes on. No
/// frame routes the whole map for it (which at 2048 × 2048 held a frame
/// some 300 ms and grew the worker's memory by the routing's 150 MB).
#[test]
fn a_big_maps_replay_measures_the_routings_its_rivers_are_drawn_from() {
    let mut made = fresh(6);
    made.input(Input::Choose(Choice::MapSize, 4), 0.0);
    let every = MEASURE_EVERY * made.terrain().article_maps();
    let drops = 2 * every + every / 2;
    let mut opened = Sketch::new(Start { link: MapLink { drops, ..made.link() }, ..Start::fresh(0, SIZE) });
    opened.route_with(Nearby::counted(3, false).0);
    let mut painter = Recorder::default();
    // Taken later than the frame it came due in, past its drop count
    let came_due = frames_past_samples(&mut opened, &mut painter, drops, every, "replayed");
    assert_eq!(came_due, [every, 2 * every], "the replay went past two samples' drop counts");
    until_at_rest(&mut opened, &mut painter);
    // The first once the first rivers came, then those shared on the way
    // (one for both counts if a routing came past both), and where it ends
    let at: Vec<u64> = opened.measures().iter().map(|s| s.0).collect();
    assert!(at.len() >= 3 && at.windows(2).all(|w| w[0] < w[1]), "{at:?}");
    assert!(at[0] < every && at[1] > every && at[at.len() - 1] == drops, "{at:?}");
    let at_once = measures_routed_at_once(&opened);
    assert_eq!(opened.measures().last(), Some(&(drops, at_once)), "where it ends, the ground's measures");
}

/// A big map whose rivers of the ground now are not drawn (rivers off, or
/// the ground before the rain shown) is measured as one whose rivers are:
/// a sample due waits for a routing of the ground now, made elsewhere for
/// the measures alone, and shares it; stopped, the routing of the ground
/// as it stands. No frame routes the whole map for them (it did, and at
/// 2048 × 2048 held the frame some 300 ms for each sample).
#[test]
fn a_big_map_whose_rivers_are_not_drawn_is_measured_by_routings_made_elsewhere() {
    for (toggle, on) in [(Toggle::Rivers, false), (Toggle::Original, true)] {
        let mut sketch = fresh(6);
        let (router, routings) = Nearby::counted(3, false);
        sketch.route_with(router);
        sketch.input(Input::Choose(Choice::MapSize, 4), 0.0);
        sketch.input(Input::Toggle(toggle, on), 0.0);
        let every = MEASURE_EVERY * sketch.terrain().article_maps();
        let mut painter = Recorder::default();
        let what = format!("{toggle:?}");
        let came_due = frames_past_samples(&mut sketch, &mut painter, 2 * every + every / 2, every, &what);
        assert_eq!(came_due, [every, 2 * every], "{toggle:?}: the rain went past two samples' drop counts");
        let at: Vec<u64> = sketch.measures().iter().map(|s| s.0).collect();
        assert!(at.len() == 3 && at[0] < every && at[1] > every && at[2] > 2 * every, "{toggle:?}: {at:?}");
        // A routing a sample, and (the ground before the rain shown) the
        // rivers drawn of it: not one every frame or two
        let asked = routings.get();
        assert!((3..=4).contains(&asked), "{toggle:?}: {asked} routings");
        // (an input is followed by a frame, as on the page)
        sketch.input(Input::PlayPause, 0.0);
        let drops = sketch.terrain().drops();
        frames(&mut sketch, &mut painter, 1);
        until_at_rest(&mut sketch, &mut painter);
        // (once, unless the last one asked for was of it)
        assert!(routings.get() <= asked + 1, "{toggle:?}: stopped, the ground as it stands routed");
        let at_once = measures_routed_at_once(&sketch);
        assert_eq!(sketch.measures().last(), Some(&(drops, at_once)), "{toggle:?}: the ground's own measures");
    }
}

/// Paused while a routing of an older ground is finishing, a big map does
/// not rest on those rivers: it routes the ground as it stands, and shows
/// the rivers the same map opened from its link shows.
#[test]
fn a_big_map_paused_rests_on_the_rivers_of_its_ground_as_it_stands() {
    let mut sketch = fresh(6);
    sketch.input(Input::Choose(Choice::MapSize, 4), 0.0);
    let mut painter = Recorder::default();
    // A routing takes some 13 frames at 1024 × 1024: after 20, the second
    // is under way, begun on the ground of 6 frames before
    frames(&mut sketch, &mut painter, 20);
    sketch.input(Input::PlayPause, 0.0);
    until_at_rest(&mut sketch, &mut painter);
    let paused = (painter.strokes, painter.river_ops);
    let mut opened =
        Sketch::new(Start { link: link::read(&link::write(&sketch.link())).link, ..Start::fresh(0, SIZE) });
    let mut fresh_painter = Recorder::default();
    until_at_rest(&mut opened, &mut fresh_painter);
    assert_eq!(opened.terrain().heights_hash(), sketch.terrain().heights_hash());
    assert_eq!(paused, (fresh_painter.strokes, fresh_painter.river_ops), "the rivers of the ground as it stands");
}

#[test]
fn a_big_map_made_anew_shows_none_of_the_old_grounds_rivers() {
    let mut sketch = fresh(6);
    sketch.input(Input::Choose(Choice::MapSize, 4), 0.0);
    let mut painter = Recorder::default();
    frames(&mut sketch, &mut painter, 3);
    sketch.input(Input::PlayPause, 0.0);
    until_at_rest(&mut sketch, &mut painter);
    assert!(painter.river_ops > 100, "the rained-on map's rivers are drawn");
    // Restarting the same seed, and a new seed: until the new ground's
    // first routing is whole, no rivers at all, then its own
    for input in [Input::Restart, Input::NewMap { seed: 7 }] {
        sketch.input(input, 0.0);
        frames(&mut sketch, &mut painter, 1);
        assert_eq!(painter.river_ops, 0, "nothing of the old ground's rivers");
        until_at_rest(&mut sketch, &mut painter);
        assert!(painter.river_ops > 100);
    }
    // Seed 8, undone mid-routing back to seed 7's ground, made anew:
    // neither seed 7's old strokes nor seed 8's routing are drawn on it
    sketch.input(Input::NewMap { seed: 8 }, 0.0);
    frames(&mut sketch, &mut painter, 2);
    sketch.input(Input::Undo, 0.0);
    assert_eq!(sketch.terrain().seed(), 7);
    frames(&mut sketch, &mut painter, 1);
    assert_eq!(painter.river_ops, 0);
    let mut n = 0;
    while sketch.wants_frames() {
        frames(&mut sketch, &mut painter, 1);
        n += 1;
        assert!(
            n < 200 && (painter.river_ops == 0 || !sketch.wants_frames()),
            "no rivers before seed 7's own, frame {n}"
        );
    }
    assert_eq!(painter.river_ops, river_ops_of_a_routing_at_once(&sketch));
}

#[test]
fn the_rain_stops_once_at_the_target_and_play_carries_on() {
    let mut sketch = fresh(2);
    let mut painter = Recorder::default();
    sketch.input(Input::Set(Setting::DropsPerFrame, 1000.0), 0.0);
    sketch.input(Input::Toggle(Toggle::Rivers, false), 0.0);
    sketch.input(Input::Set(Setting::ContourLevels, 0.0), 0.0);
    let mut n = 0;
    while sketch.wants_frames() {
        frames(&mut sketch, &mut painter, 1);
        n += 1;
        assert!(sketch.terrain().drops() <= RAIN_TARGET);
    }
    assert_eq!((n, sketch.terrain().drops()), (300, RAIN_TARGET));
    assert_eq!(painter.calls, ["begin", "relief"], "no contours or rivers when they are off");
    assert!(sketch.take_shows().contains(&Show::PlayState { looping: false }));
    sketch.input(Input::PlayPause, 0.0);
    frames(&mut sketch, &mut painter, 2);
    assert!(sketch.wants_frames(), "play carries on past the target");
    assert_eq!(sketch.terrain().drops(), RAIN_TARGET + 2000);
}

#[test]
fn reduced_motion_starts_paused_and_a_link_with_drops_is_brought_back_then_paused() {
    let mut start = Start::fresh(3, SIZE);
    start.reduced_motion = true;
    let mut sketch = Sketch::new(start);
    assert!(!sketch.wants_frames());
    let mut painter = Recorder::default();
    frames(&mut sketch, &mut painter, 1);
    assert_eq!(sketch.terrain().drops(), 0, "drawn, not raining");

    let reading = link::read("he-seed=3&he-drops=50000&he-t=20000e.6_10000b4");
    let mut sketch = Sketch::new(Start { link: reading.link, ..Start::fresh(3, SIZE) });
    assert_eq!(sketch.take_shows(), [Show::Busy(true)]);
    // A clock that moves 1 ms a read lets a slice rain about a dozen batches
    frames(&mut sketch, &mut painter, 1);
    let first = sketch.terrain().drops();
    assert!(first > 0 && first < 50_000, "a slice, not the whole replay ({first})");
    assert_eq!(painter.progress, Some((first, 50_000, false)));
    assert_eq!(painter.calls.last(), Some(&"progress"));
    let mut n = 1;
    while sketch.wants_frames() {
        frames(&mut sketch, &mut painter, 1);
        n += 1;
    }
    assert!(n > 2, "{n} frames");
    assert_eq!(sketch.terrain().drops(), 50_000);
    assert_eq!((sketch.terrain().settings().erosion(), sketch.terrain().settings().brush_radius()), (0.6, 4));
    let shows = sketch.take_shows();
    assert!(shows.contains(&Show::Setting(Setting::Erosion, 0.6)) && shows.contains(&Show::Busy(false)), "{shows:?}");
    assert!(!sketch.status().looping, "shown paused, as shared");
}

#[test]
fn a_readers_input_stops_a_replay_where_it_is_keeping_the_changes_made() {
    let reading = link::read("he-seed=4&he-drops=400000&he-t=1000e.6_390000e.9");
    let mut sketch = Sketch::new(Start { link: reading.link, ..Start::fresh(4, SIZE) });
    let mut painter = Recorder::default();
    frames(&mut sketch, &mut painter, 1);
    sketch.take_shows();
    // Not the reader's: the replay goes on
    sketch.input(Input::Resize(Size::new(300.0, 200.0, 1.0)), 0.0);
    sketch.input(Input::SiteTheme { dark: true }, 0.0);
    assert!(sketch.status().replaying);
    sketch.input(Input::Set(Setting::ContourLevels, 4.0), 0.0);
    let status = sketch.status();
    assert!(!status.replaying && !status.looping);
    assert_eq!((status.changes, status.settings.erosion()), (1, 0.6));
    assert!(sketch.take_shows().contains(&Show::Busy(false)));
    assert!(!link::write(&sketch.link()).contains("390000"));
}

#[test]
fn the_scheme_follows_the_site_until_the_reader_picks_one() {
    let mut sketch = fresh(5);
    sketch.input(Input::SiteTheme { dark: true }, 0.0);
    assert_eq!(sketch.take_shows(), [Show::Scheme("site_dark")]);
    sketch.input(Input::SiteTheme { dark: true }, 0.0);
    assert_eq!(sketch.take_shows(), []);
    sketch.input(Input::PickScheme("blueprint".into()), 0.0);
    sketch.input(Input::SiteTheme { dark: false }, 0.0);
    assert_eq!(sketch.status().scheme, "blueprint");
    sketch.input(Input::PickScheme("no such scheme".into()), 0.0);
    assert_eq!(sketch.status().scheme, "blueprint");
    let mut painter = Recorder::default();
    frames(&mut sketch, &mut painter, 1);
    assert_eq!(painter.schemes, ["blueprint"]);
}

#[test]
fn the_link_is_offered_once_a_second_while_it_rains_and_at_once_when_paused() {
    let mut sketch = fresh(6);
    let mut painter = Recorder::default();
    let links = |sketch: &mut Sketch| sketch.take_shows().into_iter().filter(|s| matches!(s, Show::Link(_))).count();
    let mut t = 0.0;
    for _ in 0..120 {
        t += 1000.0 / 60.0;
        sketch.frame(&mut || t, &mut painter);
    }
    assert_eq!(links(&mut sketch), 2, "two seconds of rain, two links");
    sketch.input(Input::PlayPause, t);
    sketch.frame(&mut || t + 5.0, &mut painter);
    assert_eq!(links(&mut sketch), 1);
    sketch.input(Input::Set(Setting::Erosion, 0.5), t + 10.0);
    sketch.frame(&mut || t + 20.0, &mut painter);
    let shows = sketch.take_shows();
    let Some(Show::Link(query)) = shows.first() else { panic!("{shows:?}") };
    assert!(sketch.status().exact);
    assert!(query.ends_with("he-drops=24000&he-t=24000e.5"), "{query}");
    sketch.frame(&mut || t + 30.0, &mut painter);
    assert_eq!(links(&mut sketch), 0, "nothing new, nothing offered");
    sketch.input(Input::Share, t + 40.0);
    let shows = sketch.take_shows();
    assert!(matches!(shows.as_slice(), [Show::Link(_), Show::Shared { exact: true }]), "{shows:?}");
    sketch.input(Input::Resting, t + 50.0);
    assert_eq!(links(&mut sketch), 1, "resting, the address bar is brought up to date");
}

#[test]
fn toggles_change_what_is_drawn_and_restart_and_new_maps_start_a_fresh_timeline() {
    let mut sketch = fresh(7);
    let mut painter = Recorder::default();
    frames(&mut sketch, &mut painter, 2);
    sketch.input(Input::Toggle(Toggle::Debug, true), 0.0);
    frames(&mut sketch, &mut painter, 1);
    assert_eq!(painter.calls, ["begin", "relief", "contours", "rivers", "debug"]);
    sketch.input(Input::Set(Setting::Inertia, 0.3), 0.0);
    assert_eq!(sketch.status().changes, 1);
    sketch.input(Input::Restart, 0.0);
    assert_eq!((sketch.terrain().drops(), sketch.status().changes), (0, 0));
    assert_eq!(sketch.link().settings.inertia(), 0.3, "a restart starts from the settings in force");
    sketch.input(Input::NewMap { seed: 99 }, 0.0);
    assert_eq!(sketch.status().seed, 99);
    sketch.take_shows();
    sketch.input(Input::Set(Setting::BrushRadius, 2.6), 0.0);
    assert_eq!(sketch.take_shows(), [Show::Setting(Setting::BrushRadius, 3.0)], "brought onto its step, and shown");
}

/// A whole reader's session, played as inputs between frames, and its link
/// opened by a second sketch: the same heights, settings and picture.
#[test]
fn a_session_played_as_inputs_comes_back_from_its_link_to_the_bit() {
    let mut a = fresh(8);
    let mut painter = Recorder::default();
    let mut t = 0.0;
    let script: [(u32, Option<Input>); 9] = [
        (5, Some(Input::Set(Setting::Erosion, 0.55))),
        (3, Some(Input::Set(Setting::DropsPerFrame, 400.0))),
        (4, Some(Input::Set(Setting::SeaLevel, 0.27))),
        (1, Some(Input::Set(Setting::SeaLevel, 0.29))),
        (1, Some(Input::Set(Setting::SeaLevel, 0.31))),
        (2, Some(Input::Toggle(Toggle::Original, true))),
        (2, Some(Input::Toggle(Toggle::Original, false))),
        (6, Some(Input::PlayPause)),
        (1, Some(Input::Set(Setting::BrushRadius, 5.0))),
    ];
    for (n, input) in script {
        for _ in 0..n {
            t += 16.0;
            a.frame(&mut || t, &mut painter);
        }
        if let Some(input) = input {
            a.input(input, t);
        }
    }
    a.frame(&mut || t, &mut painter);
    let query = link::write(&a.link());
    let reading = link::read(&query);
    assert!(reading.warnings.is_empty());
    let mut b = Sketch::new(Start { link: reading.link, ..Start::fresh(0, SIZE) });
    let mut other = Recorder::default();
    while b.wants_frames() {
        b.frame(&mut ticking(), &mut other);
    }
    assert_eq!(b.terrain().heights_hash(), a.terrain().heights_hash());
    let (sa, sb) = (a.status(), b.status());
    assert_eq!((sb.settings, sb.toggles, sb.drops, sb.changes), (sa.settings, sa.toggles, sa.drops, sa.changes));
    assert_eq!(other.calls, painter.calls);
    assert_eq!(other.strokes, painter.strokes);
}

#[test]
fn the_rain_keeps_the_display_pace_when_frames_come_late_and_picks_up_gently_after_a_stall() {
    let mut sketch = fresh(9);
    let mut painter = Recorder::default();
    let mut rain_at = |sketch: &mut Sketch, t: f64| {
        let before = sketch.terrain().drops();
        sketch.frame(&mut || t, &mut painter);
        sketch.terrain().drops() - before
    };
    assert_eq!(rain_at(&mut sketch, 1000.0), 200, "the first frame rains one frame's worth");
    assert_eq!(rain_at(&mut sketch, 1016.0), 200, "a frame on time rains the drops per frame");
    assert_eq!(rain_at(&mut sketch, 1066.0), 600, "three display frames later, three frames' worth");
    assert_eq!(rain_at(&mut sketch, 1070.0), 200, "never less than one frame's worth");
    assert_eq!(rain_at(&mut sketch, 6070.0), 800, "after a stall, at most four frames' worth");
    sketch.input(Input::PlayPause, 6100.0);
    sketch.input(Input::PlayPause, 9100.0);
    assert_eq!(rain_at(&mut sketch, 9116.0), 200, "play starts the pace afresh");
    sketch.input(Input::Resting, 9200.0);
    assert_eq!(rain_at(&mut sketch, 19200.0), 200, "so does coming back from a rest");
    assert_eq!(sketch.terrain().drops() % 200, 0);
}

#[test]
fn frames_drawn_forty_times_a_second_rain_sixty_frames_worth_a_second() {
    // As the 3D view without a GPU draws: a frame every 25 ms
    let mut sketch = fresh(11);
    let mut painter = Recorder::default();
    let mut t = 0.0;
    sketch.frame(&mut || t, &mut painter);
    let before = sketch.terrain().drops();
    for _ in 0..40 {
        t += 25.0;
        sketch.frame(&mut || t, &mut painter);
    }
    assert_eq!(sketch.terrain().drops() - before, 60 * 200, "a second's rain at 40 frames a second");
}

#[test]
fn late_frames_still_stop_exactly_at_the_target() {
    let mut sketch = fresh(10);
    let mut painter = Recorder::default();
    sketch.input(Input::Set(Setting::DropsPerFrame, 770.0), 0.0);
    sketch.input(Input::Toggle(Toggle::Rivers, false), 0.0);
    sketch.input(Input::Set(Setting::ContourLevels, 0.0), 0.0);
    let mut t = 0.0;
    while sketch.wants_frames() {
        t += 50.0;
        sketch.frame(&mut || t, &mut painter);
    }
    assert_eq!(sketch.terrain().drops(), RAIN_TARGET);
}

#[test]
fn a_preset_moves_its_controls_and_a_tutorial_session_comes_back_from_its_link() {
    let mut a = fresh(12);
    let mut painter = Recorder::default();
    frames(&mut a, &mut painter, 2);
    a.take_shows();
    a.input(Input::Choose(Choice::Preset, 1), 40.0);
    let shows = a.take_shows();
    for show in [
        Show::Choice(Choice::Terrain, 1),
        Show::Choice(Choice::MapSize, 2),
        Show::Choice(Choice::Preset, 1),
        Show::Setting(Setting::Talus, 0.008),
        Show::Setting(Setting::SeaLevel, 0.0),
    ] {
        assert!(shows.contains(&show), "{show:?} not in {shows:?}");
    }
    assert_eq!((a.terrain().drops(), a.terrain().grid()), (0, Grid::new(512, 512)));
    assert_eq!(a.terrain().choices().preset(), Preset::Tutorial);
    // Rain, steepen the talus mid-rain, then a ridged map of four octaves
    let mut t = 100.0;
    let mut run = |sketch: &mut Sketch, n: u32, painter: &mut Recorder| {
        for _ in 0..n {
            t += 16.0;
            sketch.frame(&mut || t, painter);
        }
        t
    };
    let now = run(&mut a, 4, &mut painter);
    a.input(Input::Set(Setting::Talus, 0.02), now);
    let now = run(&mut a, 3, &mut painter);
    a.input(Input::Choose(Choice::Terrain, 2), now);
    a.input(Input::Set(Setting::Octaves, 4.0), now);
    let now = run(&mut a, 6, &mut painter);
    a.input(Input::Set(Setting::Talus, 0.004), now);
    run(&mut a, 5, &mut painter);
    assert_eq!(a.terrain().drops(), 2_200);
    assert_eq!(a.status().changes, 1, "the talus change after the new map is in the timeline");
    let query = link::write(&a.link());
    assert!(query.contains("he-terrain=ridged&he-map-size=512x512&he-preset=tutorial"), "{query}");
    let reading = link::read(&query);
    assert!(reading.warnings.is_empty(), "{:?}", reading.warnings);
    let mut b = Sketch::new(Start { link: reading.link, ..Start::fresh(0, SIZE) });
    while b.wants_frames() {
        b.frame(&mut ticking(), &mut Recorder::default());
    }
    assert_eq!(b.terrain().heights_hash(), a.terrain().heights_hash());
    assert_eq!((b.status().settings, b.status().choices), (a.status().settings, a.status().choices));
}

#[test]
fn the_tutorials_rain_stops_at_its_hundred_batches() {
    let mut sketch = fresh(3);
    sketch.input(Input::Choose(Choice::Preset, 1), 0.0);
    sketch.input(Input::Set(Setting::DropsPerFrame, 1000.0), 0.0);
    sketch.input(Input::Toggle(Toggle::Rivers, false), 0.0);
    sketch.input(Input::Set(Setting::ContourLevels, 0.0), 0.0);
    let mut painter = Recorder::default();
    let mut n = 0;
    while sketch.wants_frames() {
        frames(&mut sketch, &mut painter, 1);
        n += 1;
    }
    assert_eq!((n, sketch.terrain().drops()), (100, 100_000));
}

#[test]
fn trees_stand_between_the_contours_and_the_rivers_follow_the_ground_and_come_back_from_a_link() {
    let mut a = fresh(5);
    let mut painter = Recorder::default();
    a.input(Input::Toggle(Toggle::Trees, true), 0.0);
    frames(&mut a, &mut painter, 1);
    assert_eq!(painter.calls, ["begin", "relief", "contours", "trees", "rivers"]);
    // The spots are sampled a few thousand candidates a frame: the forest
    // spreads out over frames rather than holding one up
    let mut counts = vec![painter.trees.len()];
    while a.status().trees_growing {
        frames(&mut a, &mut painter, 1);
        counts.push(painter.trees.len());
    }
    assert!(
        (4..30).contains(&counts.len()) && counts[0] * 3 < counts[counts.len() - 1],
        "trees frame by frame: {counts:?}"
    );
    let first = painter.trees.clone();
    assert!(first.len() > 300, "{} trees on a fresh island", first.len());
    assert_eq!(a.status().trees, first.len());
    // The sea rises over the lowland trees' ground
    a.input(Input::Set(Setting::SeaLevel, 0.45), 0.0);
    frames(&mut a, &mut painter, 1);
    assert!(painter.trees.len() < first.len(), "{} trees after the sea rose", painter.trees.len());
    let sea = a.terrain().settings().sea_level() as f32;
    let grid = a.terrain().grid();
    let heights = a.terrain().heights();
    assert!(painter.trees.iter().all(|t| heights[t.y as usize * grid.cols + t.x as usize] >= sea));
    frames(&mut a, &mut painter, 30);
    let query = link::write(&a.link());
    assert!(query.contains("he-trees=1"), "{query}");
    let mut b = Sketch::new(Start { link: link::read(&query).link, ..Start::fresh(0, SIZE) });
    let mut other = Recorder::default();
    while b.wants_frames() {
        b.frame(&mut ticking(), &mut other);
    }
    assert_eq!(b.terrain().heights_hash(), a.terrain().heights_hash());
    a.input(Input::PlayPause, 0.0);
    frames(&mut a, &mut painter, 1);
    assert_eq!(other.trees, painter.trees, "the same trees on the same ground");
}

#[test]
fn traced_rivers_are_a_style_of_drawing_that_keeps_the_rain_going() {
    let mut sketch = fresh(4);
    let mut painter = Recorder::default();
    frames(&mut sketch, &mut painter, 3);
    let drainage_strokes = painter.strokes;
    sketch.input(Input::Choose(Choice::RiverStyle, 1), 60.0);
    assert_eq!(sketch.terrain().drops(), 600, "the rain goes on");
    frames(&mut sketch, &mut painter, 1);
    assert_eq!(painter.calls, ["begin", "relief", "contours", "rivers"]);
    assert_eq!(painter.strokes, 1, "six traced rivers in one stroke (the drainage drew {drainage_strokes})");
    assert!(link::write(&sketch.link()).contains("he-river-style=traced"));
}

#[test]
fn the_landscape_preset_is_the_articles_landscape_and_the_rain_falls_on_it() {
    let mut sketch = fresh(6);
    let mut painter = Recorder::default();
    sketch.input(Input::Choose(Choice::Preset, 2), 0.0);
    let shows = sketch.take_shows();
    for show in [
        Show::Choice(Choice::Terrain, 3),
        Show::Choice(Choice::MapSize, 3),
        Show::Choice(Choice::RiverStyle, 1),
        Show::Setting(Setting::SeaLevel, 0.36),
        Show::Scheme("landscape"),
        Show::Toggle(Toggle::Trees, true),
    ] {
        assert!(shows.contains(&show), "{show:?} not in {shows:?}");
    }
    frames(&mut sketch, &mut painter, 2);
    assert_eq!(sketch.terrain().grid(), Grid::new(257, 257));
    assert_eq!(painter.calls, ["begin", "relief", "contours", "trees", "rivers"]);
    assert_eq!(painter.schemes.last(), Some(&"landscape"));
    assert_eq!(painter.strokes, 1, "the traced rivers");
    assert_eq!(sketch.terrain().drops(), 400, "the article's rain falls on it");
    while sketch.status().trees_growing {
        frames(&mut sketch, &mut painter, 1);
    }
    assert!(painter.trees.len() > 100, "{} trees", painter.trees.len());
    let query = link::write(&sketch.link());
    for part in [
        "he-terrain=diamond-square",
        "he-map-size=257x257",
        "he-preset=landscape",
        "he-river-style=traced",
        "he-scheme=landscape",
        "he-trees=1",
    ] {
        assert!(query.contains(part), "{part} not in {query}");
    }
    // And back to the article: no trees, the drainage's rivers
    sketch.input(Input::Choose(Choice::Preset, 0), 0.0);
    assert!(sketch.take_shows().contains(&Show::Toggle(Toggle::Trees, false)));
    assert_eq!(sketch.terrain().choices(), &hydraulic_erosion::settings::choices::Choices::default());
}

#[test]
fn trees_large_on_screen_show_the_branches_space_colonisation_grew() {
    let mut sketch = fresh(8);
    let mut painter = Recorder::default();
    sketch.input(Input::Toggle(Toggle::Trees, true), 0.0);
    frames(&mut sketch, &mut painter, 1);
    assert!(!painter.trees.is_empty() && painter.trees.iter().all(|t| t.skeleton.is_none()), "glyphs at 2 px a cell");
    // Fullscreen on a large display: 12 pixels a cell, crowns 9 to 24 px
    sketch.input(Input::Resize(Size::new(3840.0, 2160.0, 1.0)), 0.0);
    sketch.input(Input::PlayPause, 0.0);
    frames(&mut sketch, &mut painter, 1);
    let first = painter.trees.iter().filter(|t| t.skeleton.is_some()).count();
    assert_eq!(first, hydraulic_erosion::sketch::SKELETONS_PER_FRAME, "a few a frame");
    assert!(sketch.wants_frames(), "paused, it still wants frames while branches wait");
    let mut n = 0;
    while sketch.wants_frames() {
        frames(&mut sketch, &mut painter, 1);
        n += 1;
    }
    assert!(n > 1, "{n} more frames");
    let (large, small): (Vec<&Tree>, Vec<&Tree>) = painter.trees.iter().partition(|t| t.skeleton.is_some());
    assert!(!large.is_empty() && !small.is_empty(), "{} with branches, {} as glyphs", large.len(), small.len());
    let view = Viewport::fit(sketch.terrain().grid(), 3840.0, 2160.0);
    assert!(large.iter().all(|t| t.size as f64 * view.scale >= hydraulic_erosion::sketch::SKELETON_PIXELS));
    assert!(small.iter().all(|t| (t.size as f64 * view.scale) < hydraulic_erosion::sketch::SKELETON_PIXELS));
}

#[test]
fn the_3d_view_draws_in_place_of_the_map_turns_and_comes_back_from_a_link() {
    let mut a = fresh(6);
    let mut painter = Recorder::default();
    frames(&mut a, &mut painter, 2);
    a.input(Input::Toggle(Toggle::View, true), 0.0);
    frames(&mut a, &mut painter, 3);
    assert_eq!(painter.calls, ["view_3d"], "the 3D view alone");
    let (first, last) = (painter.scenes[0], painter.scenes[2]);
    assert!(last.0 > first.0, "the heights' edition moves on while it rains");
    assert_eq!(first.1, Camera::START);
    assert!(last.2 > 100, "the rivers lie on the ground: {} wet cells", last.2);
    // A drag turns it; the camera is in the status and the link
    a.input(Input::Orbit { dx: 120.0, dy: -40.0 }, 10.0);
    a.input(Input::Zoom(0.8), 10.0);
    frames(&mut a, &mut painter, 1);
    let turned = a.status().camera;
    assert!(turned.yaw < 0.0 && turned.pitch < Camera::START.pitch && turned.distance < Camera::START.distance);
    assert_eq!(painter.scenes.last().unwrap().1, turned);
    let query = link::write(&a.link());
    assert!(
        query.contains("he-view=1") && query.contains(&format!("he-camera={}", link::write_camera(&turned))),
        "{query}"
    );
    let b = Sketch::new(Start { link: link::read(&query).link, ..Start::fresh(0, SIZE) });
    assert_eq!((b.status().camera, b.status().toggles.get(Toggle::View)), (turned, true));
    // Back to the map, as it was drawn
    a.input(Input::ResetCamera, 20.0);
    a.input(Input::Toggle(Toggle::View, false), 20.0);
    frames(&mut a, &mut painter, 1);
    assert_eq!(painter.calls, ["begin", "relief", "contours", "rivers"]);
    assert_eq!(a.status().camera, Camera::START);
    assert!(!link::write(&a.link()).contains("he-camera"), "the starting view is not written");
}

#[test]
fn trees_stand_in_the_3d_view_on_the_land_where_the_map_has_them() {
    let mut s = fresh(4);
    let mut painter = Recorder::default();
    s.input(Input::Toggle(Toggle::Trees, true), 0.0);
    frames(&mut s, &mut painter, 30);
    let on_the_map = s.status().trees;
    s.input(Input::Toggle(Toggle::View, true), 0.0);
    frames(&mut s, &mut painter, 1);
    let standing = painter.trees_3d.last().unwrap();
    assert!(standing.len() > 100, "a forest stands: {} trees", standing.len());
    assert!((standing.len() as i64 - on_the_map as i64).abs() < 50, "about the map's {on_the_map}: {}", standing.len());
    let sea = s.status().settings.get(Setting::SeaLevel) as f32;
    assert!(standing.iter().all(|(_, ground)| *ground >= sea - 0.01), "none in the sea");
    s.input(Input::Toggle(Toggle::Trees, false), 0.0);
    frames(&mut s, &mut painter, 1);
    assert!(painter.trees_3d.last().unwrap().is_empty(), "none once they are off");
}

#[test]
fn a_drag_let_go_spins_on_and_stops_unless_the_reader_asks_for_less_motion() {
    let spin_frames = |reduced: bool, frames_held_still: u32| {
        let mut s = fresh(2);
        let mut painter = Recorder::default();
        s.input(Input::PlayPause, 0.0);
        s.input(Input::ReducedMotion(reduced), 0.0);
        s.input(Input::Toggle(Toggle::View, true), 0.0);
        s.input(Input::Orbit { dx: 30.0, dy: 0.0 }, 100.0);
        frames(&mut s, &mut painter, frames_held_still);
        s.input(Input::OrbitEnd, 200.0);
        let after_drag = s.status().camera;
        let mut n = 0;
        while s.wants_frames() && n < 1000 {
            frames(&mut s, &mut painter, 1);
            n += 1;
        }
        (n, after_drag.yaw - s.status().camera.yaw)
    };
    let (n, turned) = spin_frames(false, 1);
    assert!((20..200).contains(&n), "{n} frames of spin");
    // A geometric series: 30 px × (1 + 0.9 + 0.81 + ...) ≈ 300 px
    assert!((turned / hydraulic_erosion::draw::camera::RADIANS_PER_PIXEL - 300.0).abs() < 10.0, "{turned} rad");
    assert_eq!(spin_frames(true, 1), (0, 0.0), "reduced motion: still at once");
    assert_eq!(spin_frames(false, 2), (0, 0.0), "a drag that stopped before letting go: still");
}

#[test]
fn the_3d_view_waits_for_its_canvas_and_where_there_is_no_webgl2_the_map_stays() {
    let mut s = fresh(3);
    let mut painter = Recorder { answer_3d: Some(Drawn::NotYet), ..Recorder::default() };
    s.input(Input::PlayPause, 0.0);
    s.input(Input::Toggle(Toggle::View, true), 0.0);
    frames(&mut s, &mut painter, 1);
    assert!(s.wants_frames(), "paused, it tries again next frame");
    painter.answer_3d = Some(Drawn::Drawn);
    frames(&mut s, &mut painter, 1);
    assert!(!s.wants_frames());
    s.take_shows();
    painter.answer_3d = Some(Drawn::Unavailable);
    frames(&mut s, &mut painter, 1);
    assert_eq!(painter.calls, ["begin", "relief", "contours", "rivers"], "the map in the same frame");
    let shows = s.take_shows();
    assert!(shows.contains(&Show::No3d) && shows.contains(&Show::Toggle(Toggle::View, false)), "{shows:?}");
    assert!(!s.status().toggles.get(Toggle::View));
}

#[test]
fn turning_the_3d_view_leaves_a_replay_going() {
    let mut a = fresh(9);
    let mut painter = Recorder::default();
    frames(&mut a, &mut painter, 5);
    let query = link::write(&a.link()) + "&he-view=1";
    let mut b = Sketch::new(Start { link: link::read(&query).link, ..Start::fresh(0, SIZE) });
    assert!(b.status().replaying);
    b.input(Input::Orbit { dx: 5.0, dy: 5.0 }, 0.0);
    b.input(Input::Zoom(1.1), 0.0);
    b.input(Input::OrbitEnd, 0.0);
    assert!(b.status().replaying, "looking is not changing the map");
    while b.wants_frames() {
        b.frame(&mut ticking(), &mut painter);
    }
    assert_eq!(b.terrain().heights_hash(), a.terrain().heights_hash());
}

#[test]
fn the_3d_view_grows_its_trees_over_frames_and_rests_when_paused_once_they_stand() {
    let mut s = fresh(4);
    let mut painter = Recorder::default();
    s.input(Input::PlayPause, 0.0);
    s.input(Input::Toggle(Toggle::View, true), 0.0);
    s.input(Input::Toggle(Toggle::Trees, true), 0.0);
    frames(&mut s, &mut painter, 1);
    assert!(s.status().trees_growing && s.wants_frames(), "the forest spreads over frames");
    let mut n = 1;
    while s.wants_frames() && n < 200 {
        frames(&mut s, &mut painter, 1);
        n += 1;
    }
    assert!(!s.wants_frames(), "paused, it rests once the forest stands ({n} frames)");
    assert!(s.status().trees > 100 && !s.status().trees_growing);
    assert_eq!(painter.trees_3d.last().unwrap().len(), s.status().trees);
}

/// Plays `inputs` (each before its frame) on both sketches, frame by frame
/// on the same clock, and checks they stay one map.
fn play_both(a: &mut Sketch, b: &mut Sketch, inputs: &[(u32, Input)], frames: u32) {
    let (mut pa, mut pb) = (Recorder::default(), Recorder::default());
    let (mut ca, mut cb) = (ticking(), ticking());
    for frame in 0..frames {
        for (_, input) in inputs.iter().filter(|(at, _)| *at == frame) {
            a.input(input.clone(), 0.0);
            b.input(input.clone(), 0.0);
        }
        a.frame(&mut ca, &mut pa);
        b.frame(&mut cb, &mut pb);
        assert_eq!(a.terrain().heights(), b.terrain().heights(), "frame {frame}");
        assert_eq!(a.status().of_the_map(), b.status().of_the_map(), "frame {frame}");
    }
    assert_eq!(link::write(&a.link()), link::write(&b.link()));
}

/// A sketch made anew from another's handover, on the same page.
fn handed_over(sketch: &Sketch) -> Sketch {
    let (link, carried) = sketch.handover();
    let start = Start { link, ..Start::fresh(0, SIZE) };
    Sketch::resume(start, carried).expect("the heights fit")
}

#[test]
fn a_sketch_handed_over_carries_on_exactly_as_if_it_had_never_been() {
    let mut a = fresh(12);
    let mut painter = Recorder::default();
    let inputs = [(3, Input::Set(Setting::Erosion, 0.55)), (9, Input::Toggle(Toggle::Debug, true))];
    let mut clock = ticking();
    for frame in 0..20 {
        for (_, input) in inputs.iter().filter(|(at, _)| *at == frame) {
            a.input(input.clone(), 0.0);
        }
        a.frame(&mut clock, &mut painter);
    }
    let mut b = handed_over(&a);
    assert_eq!((b.terrain().drops(), b.status().frames, b.status().changes), (a.terrain().drops(), 20, 1));
    assert!(b.status().looping && !b.status().replaying);
    // The same drops fall next, with the changes a reader makes after
    let later = [(2, Input::Set(Setting::Inertia, 0.2)), (4, Input::PlayPause), (5, Input::PlayPause)];
    play_both(&mut a, &mut b, &later, 12);
}

#[test]
fn a_replay_handed_over_goes_on_from_where_it_was() {
    let query = "he-seed=4&he-drops=60000&he-t=1000e.6_30000e.5";
    let start = || Start { link: link::read(query).link, ..Start::fresh(4, SIZE) };
    let mut a = Sketch::new(start());
    // A slow clock: a slice or two of the replay a frame
    let mut slow = {
        let mut t = 0.0;
        move || {
            t += 5.0;
            t
        }
    };
    let mut painter = Recorder::default();
    a.frame(&mut slow, &mut painter);
    assert!(a.status().replaying && a.terrain().drops() < 60_000, "{}", a.terrain().drops());
    let mut b = handed_over(&a);
    assert!(b.status().replaying);
    assert_eq!(b.take_shows(), [], "still busy: nothing new to show");
    play_both(&mut a, &mut b, &[], 40);
    assert_eq!(a.terrain().drops(), 60_000);
    let mut whole = Sketch::new(start());
    frames(&mut whole, &mut painter, 40);
    assert_eq!(b.terrain().heights(), whole.terrain().heights(), "the link's own map");
}

#[test]
fn a_handover_keeps_a_timeline_too_long_for_a_link_as_inexact() {
    let mut a = fresh(2);
    let mut painter = Recorder::default();
    for k in 0..400 {
        a.input(Input::Set(Setting::Erosion, if k % 2 == 0 { 0.4 } else { 0.5 }), 0.0);
        frames(&mut a, &mut painter, 1);
    }
    assert!(!a.status().exact);
    let b = handed_over(&a);
    assert!(!b.status().exact);
    assert_eq!(b.terrain().heights(), a.terrain().heights());
}

#[test]
fn heights_of_another_map_are_not_carried_on() {
    let (link, mut carried) = fresh(3).handover();
    carried.heights.pop();
    assert!(Sketch::resume(Start { link, ..Start::fresh(0, SIZE) }, carried).is_none());
}

#[test]
fn a_layer_shows_what_the_rain_did_without_stopping_it_and_travels_in_links() {
    let mut sketch = fresh(2);
    let mut painter = Recorder::default();
    frames(&mut sketch, &mut painter, 30);
    let relief = painter.pixels.clone();
    assert_eq!(sketch.status().layer_top, 0.0, "the relief has no scale");
    let mut tops = Vec::new();
    for layer in [Layer::Erosion, Layer::Deposition, Layer::Flow] {
        let drops = sketch.terrain().drops();
        sketch.input(Input::Choose(Choice::Layer, layer as usize), 0.0);
        frames(&mut sketch, &mut painter, 1);
        assert_eq!(sketch.terrain().drops(), drops + 200, "{layer:?}: the rain goes on");
        assert_ne!(painter.pixels, relief, "{layer:?} changes the picture");
        let top = sketch.status().layer_top;
        assert!(top > 0.0, "{layer:?}: its legend has a scale");
        tops.push(top);
        let query = link::write(&sketch.link());
        let back = link::read(&query).link;
        assert_eq!(back.choices.layer(), layer, "{query}");
    }
    assert!(tops[0] < 0.2 && tops[1] < 0.2, "erosion and deposition are heights: {tops:?}");
    assert!(tops[2] > 250.0, "a river gathers hundreds of cells: {tops:?}");
    assert!(link::write(&sketch.link()).contains("he-layer=flow"));
    // A preset keeps the layer the reader looks at
    sketch.input(Input::Choose(Choice::Preset, Preset::Landscape as usize), 0.0);
    assert_eq!(sketch.terrain().choices().layer(), Layer::Flow);
}

#[test]
fn the_measures_are_taken_as_the_rain_falls_and_where_it_stops() {
    let mut sketch = fresh(5);
    let mut painter = Recorder::default();
    sketch.input(Input::Toggle(Toggle::Measures, true), 0.0);
    frames(&mut sketch, &mut painter, 150);
    assert!(painter.calls.contains(&"measures"));
    let drops = sketch.terrain().drops();
    assert_eq!(drops, 30_000);
    let at: Vec<u64> = sketch.measures().iter().map(|s| s.0).collect();
    // One sample a MEASURE_EVERY drops, at most a rivers' rebuild late
    assert_eq!(at.len() as u64, drops / MEASURE_EVERY + 1, "{at:?}");
    assert!(at.windows(2).all(|w| w[1] / MEASURE_EVERY == w[0] / MEASURE_EVERY + 1), "{at:?}");
    let latest = sketch.status().measures;
    assert!(latest.values().iter().all(|v| v.is_finite()), "{latest:?}");
    assert_eq!(painter.measures.len(), at.len() - 1, "the panel drew the samples before the last frame's");
    // Paused, the map is measured where it stands
    sketch.input(Input::PlayPause, 0.0);
    frames(&mut sketch, &mut painter, 1);
    assert_eq!(sketch.status().measured_at, sketch.terrain().drops());
    // A restart starts the series again
    sketch.input(Input::Restart, 0.0);
    frames(&mut sketch, &mut painter, 1);
    assert_eq!(sketch.measures().len(), 1);
    assert_eq!(sketch.measures()[0].0, 0);
}

#[test]
fn the_measures_are_taken_whatever_rivers_are_drawn() {
    // Traced rivers (no routing drawn), no rivers, and the rivers of the
    // ground before the rain: the measures route the ground now themselves
    let inputs = [
        Input::Choose(Choice::RiverStyle, 1),
        Input::Toggle(Toggle::Rivers, false),
        Input::Toggle(Toggle::Original, true),
    ];
    for input in inputs {
        let mut sketch = fresh(6);
        let mut painter = Recorder::default();
        // (after some rain with the drainage drawn)
        frames(&mut sketch, &mut painter, 20);
        sketch.input(input.clone(), 0.0);
        frames(&mut sketch, &mut painter, 80);
        let at: Vec<u64> = sketch.measures().iter().map(|s| s.0).collect();
        assert_eq!(at, [200, 5_000, 10_000, 15_000, 20_000], "{input:?}");
    }
}

#[test]
fn the_3d_view_drapes_the_layer_over_the_ground_and_keeps_its_legend() {
    let mut sketch = fresh(2);
    let mut painter = Recorder::default();
    frames(&mut sketch, &mut painter, 30);
    sketch.input(Input::Toggle(Toggle::View, true), 0.0);
    frames(&mut sketch, &mut painter, 1);
    assert!(painter.drape.is_empty(), "the relief drapes nothing: the scheme's colours");
    sketch.input(Input::Choose(Choice::Layer, Layer::Erosion as usize), 0.0);
    frames(&mut sketch, &mut painter, 1);
    assert_eq!(painter.calls, ["view_3d"]);
    assert_eq!(painter.drape.len(), Grid::ARTICLE.cells() * 4, "a colour a cell");
    let first = painter.drape.clone();
    let top = sketch.status().layer_top;
    assert!(top > 0.0, "the legend's scale in 3D too");
    sketch.input(Input::Choose(Choice::Layer, Layer::Flow as usize), 0.0);
    frames(&mut sketch, &mut painter, 1);
    assert_ne!(painter.drape, first, "another layer, other colours");
    assert!(sketch.status().layer_top > 250.0, "flow counts cells");
    // Back to 2D, the map shows the same layer
    sketch.input(Input::Toggle(Toggle::View, false), 0.0);
    frames(&mut sketch, &mut painter, 1);
    assert!(painter.calls.contains(&"relief"));
}

#[test]
fn a_picture_frame_is_the_first_frame_without_its_measures_or_link() {
    let (mut framed, mut pictured) = (fresh(3), fresh(3));
    let (mut drawn, mut pictures) = (Recorder::default(), Recorder::default());
    framed.take_shows();
    pictured.take_shows();
    framed.frame(&mut ticking(), &mut drawn);
    pictured.picture_frame(&mut ticking(), &mut pictures);
    // The same rain and the same drawing
    assert_eq!(pictured.terrain().drops(), 200);
    assert_eq!(pictured.terrain().heights_hash(), framed.terrain().heights_hash());
    assert_eq!(pictures.calls, ["begin", "relief", "contours", "rivers"]);
    assert_eq!((pictures.calls.clone(), pictures.strokes), (drawn.calls.clone(), drawn.strokes));
    assert!(pictures.pixels == drawn.pixels);
    // What the frame does after drawing, the picture leaves to the page
    let offers_link = |shows: Vec<Show>| shows.iter().any(|show| matches!(show, Show::Link(_)));
    assert_eq!((framed.measures().len(), pictured.measures().len()), (1, 0));
    assert_eq!((offers_link(framed.take_shows()), offers_link(pictured.take_shows())), (true, false));
}
