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

mod big_map;
mod handover;
mod layers;
mod session;
mod trees_and_3d;

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
