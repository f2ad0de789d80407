//! A big map: its rivers routed a part a frame or elsewhere, its contours
//! and relief refreshed over frames, its measures sharing those routings.

use super::*;

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
