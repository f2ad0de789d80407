//! The reader's hand on the map, played natively frame by frame: strokes of
//! each tool change the ground where they pass and nowhere else, each is
//! one step to undo, and a link made after them gives the same heights.
#![cfg(not(target_arch = "wasm32"))]

use hydraulic_erosion::draw::painter::NoPainter;
use hydraulic_erosion::draw::viewport::Size;
use hydraulic_erosion::erosion::droplet::MAX_STEPS;
use hydraulic_erosion::raster::grid::Grid;
use hydraulic_erosion::settings::choices::Choice;
use hydraulic_erosion::settings::sliders::Setting;
use hydraulic_erosion::share::link;
use hydraulic_erosion::sketch::{Input, Pointing, Sketch, Start};

const SIZE: Size = Size { width: 320.0, height: 180.0, ratio: 1.0 };
const GRID: Grid = Grid::ARTICLE;

/// The tools' places in the tool's choice (0 is none).
const RAIN: usize = 1;
const RAISE: usize = 2;
const LOWER: usize = 3;
const SMOOTH: usize = 4;

/// A clock that moves a display frame each time it is read twice.
fn ticking() -> impl FnMut() -> f64 {
    let mut t = 0.0;
    move || {
        t += 8.5;
        t
    }
}

fn frames(sketch: &mut Sketch, n: u32) {
    let mut clock = ticking();
    for _ in 0..n {
        sketch.frame(&mut clock, &mut NoPainter);
    }
}

/// Frames until the replay under way (if any) is done.
fn settle(sketch: &mut Sketch) {
    let mut n = 0;
    while sketch.status().replaying {
        frames(sketch, 1);
        n += 1;
        assert!(n < 10_000, "the replay ends");
    }
}

/// A sketch of `seed` after some rain, paused, with `tool` picked at size
/// 6 and strength 1.
fn with_tool(seed: u32, tool: usize) -> Sketch {
    let mut sketch = Sketch::new(Start::fresh(seed, SIZE));
    frames(&mut sketch, 5);
    sketch.input(Input::PlayPause, 0.0);
    sketch.input(Input::Choose(Choice::Tool, tool), 0.0);
    sketch.input(Input::Set(Setting::ToolSize, 6.0), 0.0);
    sketch.input(Input::Set(Setting::ToolStrength, 1.0), 0.0);
    sketch.input(Input::LetGo, 0.0);
    sketch
}

/// A stroke by hand from `from` to `to` (cells), a move a cell at a time.
fn drag(sketch: &mut Sketch, from: [f64; 2], to: [f64; 2]) {
    sketch.input(Input::PenDown { at: Pointing::Cell { x: from[0], y: from[1] }, pressure: 1.0 }, 0.0);
    let steps = (to[0] - from[0]).abs().max((to[1] - from[1]).abs()).ceil() as u32;
    for k in 1..=steps {
        let t = k as f64 / steps as f64;
        sketch.input(
            Input::PenMove {
                at: Pointing::Cell { x: from[0] + t * (to[0] - from[0]), y: from[1] + t * (to[1] - from[1]) },
                pressure: 1.0,
            },
            0.0,
        );
    }
    sketch.input(Input::PenUp, 0.0);
}

/// The heights the sketch's link gives, replayed by a new sketch.
fn reopened(sketch: &Sketch) -> (u64, String) {
    let query = link::write(&sketch.link());
    let mut again = Sketch::new(Start { link: link::read(&query).link, paused: true, ..Start::fresh(0, SIZE) });
    settle(&mut again);
    (again.terrain().heights_hash(), query)
}

/// How far cell `i` is from the segment `a`–`b` (cells).
fn distance_to_segment(i: usize, a: [f64; 2], b: [f64; 2]) -> f64 {
    let (x, y) = GRID.column_row(i);
    let (px, py) = (x as f64 - a[0], y as f64 - a[1]);
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let length2 = (dx * dx + dy * dy).max(f64::MIN_POSITIVE);
    let t = ((px * dx + py * dy) / length2).clamp(0.0, 1.0);
    (px - t * dx).hypot(py - t * dy)
}

#[test]
fn raise_and_lower_change_the_ground_under_the_stroke_and_nowhere_else() {
    let (a, b) = ([100.0, 90.0], [160.0, 90.0]);
    for (tool, sign) in [(RAISE, 1.0f32), (LOWER, -1.0)] {
        let mut sketch = with_tool(3, tool);
        let (before, drops) = (sketch.terrain().heights().to_vec(), sketch.status().drops);
        drag(&mut sketch, a, b);
        let after = sketch.terrain().heights();
        let mut under = 0;
        for (i, (&h0, &h1)) in before.iter().zip(after).enumerate() {
            let d = distance_to_segment(i, a, b);
            if d >= 6.0 {
                assert_eq!(h0, h1, "cell {i}, {d:.1} cells away, is untouched");
            } else if d <= 3.0 && h0 > 0.05 && h0 < 0.95 {
                assert!(sign * (h1 - h0) > 0.0, "cell {i} under the stroke moved the tool's way");
                under += 1;
            }
        }
        assert!(under > 200, "{under} cells under the stroke");
        assert_eq!(sketch.status().drops, drops, "no drop fell: the map was paused");
        // One step to undo, and the link gives the same heights
        let hash = sketch.terrain().heights_hash();
        let (reopened, query) = reopened(&sketch);
        assert_eq!(reopened, hash, "{query}");
        assert!(query.contains("he-hand="), "{query}");
    }
}

#[test]
fn smooth_relaxes_the_ground_toward_its_neighbours() {
    let mut sketch = with_tool(4, SMOOTH);
    let roughness = |h: &[f32]| -> f32 {
        let mut sum = 0.0;
        for y in 80..100 {
            for x in 100..160 {
                let i = y * GRID.cols + x;
                sum += (h[i] - h[i + 1]).abs() + (h[i] - h[i + GRID.cols]).abs();
            }
        }
        sum
    };
    let before = roughness(sketch.terrain().heights());
    for y in [84.0, 88.0, 92.0, 96.0] {
        drag(&mut sketch, [100.0, y], [160.0, y]);
    }
    let after = roughness(sketch.terrain().heights());
    assert!(after < 0.8 * before, "smoother: {before} → {after}");
    let hash = sketch.terrain().heights_hash();
    assert_eq!(reopened(&sketch).0, hash);
}

#[test]
fn each_stroke_is_one_step_undone_to_the_heights_before_it_and_redone() {
    let mut sketch = with_tool(5, RAISE);
    let steps = sketch.status().undo;
    let before = sketch.terrain().heights_hash();
    drag(&mut sketch, [50.0, 50.0], [90.0, 70.0]);
    let one = sketch.terrain().heights_hash();
    drag(&mut sketch, [200.0, 120.0], [250.0, 100.0]);
    let two = sketch.terrain().heights_hash();
    assert_eq!(sketch.status().undo, steps + 2, "a step a stroke");
    sketch.input(Input::Undo, 0.0);
    settle(&mut sketch);
    assert_eq!(sketch.terrain().heights_hash(), one);
    sketch.input(Input::Undo, 0.0);
    settle(&mut sketch);
    assert_eq!(sketch.terrain().heights_hash(), before, "the ground without the strokes");
    sketch.input(Input::Redo, 0.0);
    settle(&mut sketch);
    sketch.input(Input::Redo, 0.0);
    settle(&mut sketch);
    assert_eq!(sketch.terrain().heights_hash(), two);
}

#[test]
fn strokes_made_while_it_rains_hold_the_rain_and_come_back_from_the_link() {
    let mut sketch = with_tool(6, RAISE);
    sketch.input(Input::PlayPause, 0.0);
    frames(&mut sketch, 3);
    sketch.input(Input::PenDown { at: Pointing::Cell { x: 60.0, y: 60.0 }, pressure: 1.0 }, 0.0);
    let held = sketch.status().drops;
    for x in 61..=100 {
        sketch.input(Input::PenMove { at: Pointing::Cell { x: x as f64, y: 60.0 }, pressure: 1.0 }, 0.0);
        frames(&mut sketch, 1);
    }
    assert_eq!(sketch.status().drops, held, "the rain holds still while the hand shapes the ground");
    sketch.input(Input::PenUp, 0.0);
    frames(&mut sketch, 4);
    assert!(sketch.status().drops > held, "and rains on once it lets go");
    drag(&mut sketch, [120.0, 30.0], [120.0, 150.0]);
    frames(&mut sketch, 4);
    sketch.input(Input::PlayPause, 0.0);
    let hash = sketch.terrain().heights_hash();
    assert_eq!(reopened(&sketch).0, hash);
    // Rewound to before the second stroke: the ground without it
    let second = sketch.link().hand.iter().map(|t| t.drops).max().unwrap();
    sketch.input(Input::Rewind(second - 1), 0.0);
    sketch.input(Input::LetGo, 0.0);
    settle(&mut sketch);
    let mut without = with_tool(6, RAISE);
    without.input(Input::PlayPause, 0.0);
    frames(&mut without, 3);
    drag(&mut without, [60.0, 60.0], [100.0, 60.0]);
    let mut link = without.link();
    link.drops = second - 1;
    let mut replayed = Sketch::new(Start { link, paused: true, ..Start::fresh(0, SIZE) });
    settle(&mut replayed);
    assert_eq!(sketch.terrain().heights_hash(), replayed.terrain().heights_hash());
}

#[test]
fn the_rains_tool_pours_inside_its_brush_while_pressed_even_paused() {
    let mut sketch = with_tool(11, RAIN);
    let before = sketch.terrain().heights().to_vec();
    let drops = sketch.status().drops;
    // Near a corner, so that much of the map is out of the drops' reach
    let at = [40.0, 40.0];
    sketch.input(Input::PenDown { at: Pointing::Cell { x: at[0], y: at[1] }, pressure: 1.0 }, 0.0);
    frames(&mut sketch, 20);
    sketch.input(Input::PenUp, 0.0);
    let poured = sketch.status().drops - drops;
    assert!(poured >= 20 * 200, "{poured} drops poured at the rain's pace");
    frames(&mut sketch, 5);
    assert_eq!(sketch.status().drops - drops, poured, "and none once let go: the map is paused");
    // Drops start in the brush (6 cells), go at most MAX_STEPS cells and
    // dig a brush's radius (2) around them: nothing beyond moves
    let reach = (6 + MAX_STEPS + 2) as f64;
    let after = sketch.terrain().heights();
    let (mut beyond, mut changed_beyond, mut near) = (0, 0, 0);
    for (i, (h0, h1)) in before.iter().zip(after).enumerate() {
        let d = distance_to_segment(i, at, at);
        if d > reach {
            beyond += 1;
            changed_beyond += (h0 != h1) as u32;
        } else if d <= 6.0 && h0 != h1 {
            near += 1;
        }
    }
    assert!(beyond > GRID.cells() / 4, "{beyond} cells out of reach");
    assert_eq!(changed_beyond, 0, "the rain fell where the reader pointed");
    assert!(near > 50, "{near} cells under the brush changed");
    let hash = sketch.terrain().heights_hash();
    assert_eq!(reopened(&sketch).0, hash);
}

#[test]
fn a_scripts_stroke_gives_what_the_same_stroke_by_hand_gives() {
    let mut by_hand = with_tool(8, RAISE);
    drag(&mut by_hand, [40.0, 40.0], [80.0, 40.0]);
    let mut scripted = with_tool(8, RAISE);
    scripted.input(Input::Stroke(vec![[40.0, 40.0], [60.0, 40.0], [80.0, 40.0]]), 0.0);
    assert_eq!(scripted.terrain().heights_hash(), by_hand.terrain().heights_hash());
    assert_eq!(link::write(&scripted.link()), link::write(&by_hand.link()));
    // With no tool picked, a press does nothing to the map
    let mut none = with_tool(8, 0);
    let hash = none.terrain().heights_hash();
    drag(&mut none, [40.0, 40.0], [80.0, 40.0]);
    assert_eq!(none.terrain().heights_hash(), hash);
    assert!(none.link().hand.is_empty());
}

#[test]
fn a_pen_pressed_lightly_raises_less_and_its_link_keeps_every_pressure() {
    let mut sketch = with_tool(9, RAISE);
    let before = sketch.terrain().heights().to_vec();
    // Pressed hard along the first half, lightly along the second
    let pen = |x: f64| Pointing::Cell { x, y: 90.0 };
    sketch.input(Input::PenDown { at: pen(100.0), pressure: 1.0 }, 0.0);
    for x in 101..=160 {
        let pressure = if x <= 130 { 1.0 } else { 0.25 };
        sketch.input(Input::PenMove { at: pen(x as f64), pressure }, 0.0);
    }
    sketch.input(Input::PenUp, 0.0);
    let after = sketch.terrain().heights();
    let raised = |x: usize| after[90 * GRID.cols + x] - before[90 * GRID.cols + x];
    let (hard, light) = (raised(115), raised(148));
    assert!(light > 0.0 && light < 0.5 * hard, "hard {hard}, light {light}");
    assert_eq!(sketch.status().undo, 1, "one stroke, one step");
    let hash = sketch.terrain().heights_hash();
    let (reopened, query) = reopened(&sketch);
    assert_eq!(reopened, hash, "{query}");
    assert_eq!(query.matches("he-hand=").count(), 1);
    assert!(!query.contains('_'), "one stroke in the link: {query}");
}

#[test]
fn a_press_on_the_3d_view_lands_where_the_pointers_ray_meets_the_ground() {
    use hydraulic_erosion::draw::camera::Camera;
    use hydraulic_erosion::draw::mesh::Layout;
    let mut sketch = with_tool(10, RAISE);
    // A spot of the island's southern slope, facing the starting camera
    let heights = sketch.terrain().heights().to_vec();
    let settings = sketch.terrain().settings().clone();
    let layout = Layout::new(GRID, settings.get(Setting::HeightScale));
    let target = settings.sea_level() * layout.vertical;
    let m = Camera::START.view_projection(SIZE.width / SIZE.height, target).map(f64::from);
    let (x, y) = (GRID.cols / 2, GRID.rows * 2 / 3);
    let p = layout.position(x, y, heights[y * GRID.cols + x] as f64).map(f64::from);
    let clip = [0, 1, 3].map(|row| m[row] * p[0] + m[4 + row] * p[1] + m[8 + row] * p[2] + m[12 + row]);
    let (across, down) = ((clip[0] / clip[2] + 1.0) / 2.0, (1.0 - clip[1] / clip[2]) / 2.0);
    sketch.input(Input::PenDown { at: Pointing::View { across, down }, pressure: 1.0 }, 0.0);
    sketch.input(Input::PenUp, 0.0);
    let after = sketch.terrain().heights();
    let most = (0..GRID.cells()).max_by(|&a, &b| (after[a] - heights[a]).total_cmp(&(after[b] - heights[b]))).unwrap();
    assert_eq!(GRID.column_row(most), (x, y), "the stamp's top is the cell drawn under the pointer");
    // Above the map's horizon nothing is pressed
    sketch.input(Input::Orbit { dx: 0.0, dy: -1000.0 }, 0.0);
    let hash = sketch.terrain().heights_hash();
    sketch.input(Input::PenDown { at: Pointing::View { across: 0.5, down: 0.0 }, pressure: 1.0 }, 0.0);
    sketch.input(Input::PenUp, 0.0);
    assert_eq!(sketch.terrain().heights_hash(), hash);
    assert_eq!(sketch.status().undo, 1, "and no step to undo");
}

#[test]
fn the_erosion_and_deposition_layers_count_the_rains_work_not_the_hands() {
    use hydraulic_erosion::erosion::ground_moved::{deposition, erosion, largest};
    let mut sketch = with_tool(12, RAISE);
    let moved = |s: &Sketch| {
        let t = s.terrain();
        (largest(&erosion(t.without_rain(), t.heights())), largest(&deposition(t.without_rain(), t.heights())))
    };
    let rained_before = moved(&sketch);
    assert!(rained_before.0 > 0.0, "the rain before the strokes wore the ground");
    drag(&mut sketch, [100.0, 90.0], [160.0, 90.0]);
    sketch.input(Input::Choose(Choice::Tool, LOWER), 0.0);
    drag(&mut sketch, [100.0, 120.0], [160.0, 120.0]);
    assert_eq!(moved(&sketch), rained_before, "the strokes are not the rain's work, to the bit");
    let t = sketch.terrain();
    let under = 90 * GRID.cols + 130;
    assert!(t.heights()[under] > t.original()[under] + 0.05, "though the ground under them moved");
    // Rain after them: its work shows; undone back before the rain, the
    // ground without the rain is the one kept then
    let without_then = t.without_rain().to_vec();
    sketch.input(Input::PlayPause, 0.0);
    frames(&mut sketch, 10);
    sketch.input(Input::PlayPause, 0.0);
    assert!(moved(&sketch).0 > rained_before.0 || moved(&sketch).1 > rained_before.1, "the new rain's work shows");
    sketch.input(Input::Choose(Choice::Tool, RAISE), 0.0);
    drag(&mut sketch, [200.0, 60.0], [240.0, 60.0]);
    sketch.input(Input::Rewind(sketch.link().hand[0].drops), 0.0);
    sketch.input(Input::LetGo, 0.0);
    settle(&mut sketch);
    assert_eq!(sketch.terrain().without_rain(), &without_then[..]);
}

#[test]
fn the_time_lapse_films_the_strokes_as_they_happened() {
    use hydraulic_erosion::sketch::time_lapse::Film;
    let mut sketch = with_tool(13, RAISE);
    sketch.input(Input::PlayPause, 0.0);
    frames(&mut sketch, 4);
    drag(&mut sketch, [60.0, 60.0], [140.0, 70.0]);
    frames(&mut sketch, 6);
    sketch.input(Input::PlayPause, 0.0);
    let stroke_at = sketch.link().hand[0].drops;
    let mut film = Film::new(sketch.link(), SIZE, false);
    // Frame by frame: without the stroke before its drops, with it after
    let raised = 65 * GRID.cols + 100;
    let mut before_it = None;
    while film.next_frame(&mut NoPainter) {
        if film.drops() < stroke_at {
            before_it = Some(film.heights()[raised]);
        }
    }
    assert!(before_it.is_some_and(|h| h < film.heights()[raised] - 0.02), "the ridge rises mid-film");
    assert_eq!(film.heights(), sketch.terrain().heights(), "and the film ends on the map");
}

#[test]
fn the_measures_follow_a_stroke_made_while_paused() {
    let mut sketch = with_tool(14, RAISE);
    frames(&mut sketch, 2);
    let before = sketch.measures().to_vec();
    let (drops, measured) = *before.last().expect("measured once paused");
    // A tall ridge across the island, in three strokes
    for y in [80.0, 90.0, 100.0] {
        drag(&mut sketch, [60.0, y], [260.0, y]);
    }
    frames(&mut sketch, 2);
    let after = sketch.measures();
    assert_eq!(after.len(), before.len(), "the last sample's place taken, not a new one");
    let (at, now) = *after.last().unwrap();
    assert_eq!(at, drops);
    assert!(
        now.hypsometric_integral > measured.hypsometric_integral + 0.005,
        "the raised ground measured: {} → {}",
        measured.hypsometric_integral,
        now.hypsometric_integral
    );
}
