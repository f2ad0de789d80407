//! Properties the sketch promises for every input, not just the hand-picked
//! ones: any map state the page can hold comes back from its link; any
//! string reads as a valid map; any session of a reader's inputs replays
//! from its link to the same heights, and a timeline replays alike in
//! slices of any size; the STL is always a closed solid and the glTF file
//! parses back with its bounds; a sketch handed to the other build carries
//! on exactly; Poisson disc spots keep their distance, leave no room and
//! ignore how the sampling is split; a drop and thermal erosion keep the
//! ground finite and only move it; erosion less deposition is the ground the
//! map lost (what is drawn between frames: `tests/drawing_properties.rs`).
//! Cases are drawn by
//! `proptest` (a failure prints its seed and the smallest case it found;
//! regressions are kept in `tests/properties.proptest-regressions`).
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashMap;

use hydraulic_erosion::draw::camera::Camera;
use hydraulic_erosion::draw::color_schemes::SCHEMES;
use hydraulic_erosion::draw::viewport::Size;
use hydraulic_erosion::ground::steepness;
use hydraulic_erosion::raster::grid::Grid;
use hydraulic_erosion::sculpt::stamp::{Stamp, Tool};
use hydraulic_erosion::sculpt::stroke::{Hand, Touch};
use hydraulic_erosion::settings::choices::{Choice, Choices};
use hydraulic_erosion::settings::sliders::{Setting, Settings};
use hydraulic_erosion::settings::toggles::{Toggle, Toggles};
use hydraulic_erosion::share::elevation::Encoding;
use hydraulic_erosion::share::ground_link::GroundLink;
use hydraulic_erosion::share::link::{self, MapLink, MAX_DROPS};
use hydraulic_erosion::share::stl_solid::solid;
use hydraulic_erosion::share::timeline::Change;
use proptest::prelude::*;

/// A slider's value at one of its steps, as the page's controls give them.
fn value_of(setting: Setting) -> impl Strategy<Value = f64> {
    let s = *setting.slider();
    let steps = ((s.max - s.min) / s.step).round() as u64;
    (0..=steps).prop_map(move |k| s.clamp(s.min + k as f64 * s.step).expect("a finite value"))
}

fn settings() -> impl Strategy<Value = Settings> {
    let values: Vec<_> = Setting::ALL.iter().map(|&s| value_of(s)).collect();
    values.prop_map(|values| {
        let mut settings = Settings::default();
        for (s, v) in Setting::ALL.into_iter().zip(values) {
            settings.set(s, v);
        }
        settings
    })
}

fn choices() -> impl Strategy<Value = Choices> {
    let picks: Vec<_> = Choice::ALL.iter().map(|c| 0..c.row().options.len()).collect();
    picks.prop_map(|picks| {
        let mut choices = Choices::default();
        for (c, k) in Choice::ALL.into_iter().zip(picks) {
            choices.set(c, k);
        }
        choices
    })
}

fn toggles() -> impl Strategy<Value = Toggles> {
    proptest::collection::vec(any::<bool>(), Toggle::ALL.len()).prop_map(|on| {
        let mut toggles = Toggles::default();
        for (t, v) in Toggle::ALL.into_iter().zip(on) {
            toggles.set(t, v);
        }
        toggles
    })
}

/// A camera the reader can turn to (kept to thousandths, in range).
fn camera() -> impl Strategy<Value = Camera> {
    (-4.0..4.0f64, -1.0..2.0f64, 0.0..5.0f64).prop_map(|(y, p, d)| Camera::new(y, p, d).expect("finite"))
}

/// Changes of the settings that shape the rain, after at least one drop,
/// in order of drops, each a change from the value before it.
fn timeline(start: Settings) -> impl Strategy<Value = (Vec<Change>, u64)> {
    let shaping: Vec<Setting> = Setting::ALL.into_iter().filter(|s| s.shapes_the_rain()).collect();
    let change = (1..50_000u64, 0..shaping.len()).prop_flat_map(move |(gap, k)| {
        let setting = shaping[k];
        value_of(setting).prop_map(move |value| (gap, setting, value))
    });
    (proptest::collection::vec(change, 0..8), 0..100_000u64).prop_map(move |(steps, tail)| {
        let (mut drops, mut now, mut changes) = (0, start.clone(), Vec::new());
        for (gap, setting, value) in steps {
            drops += gap;
            if now.get(setting) != value {
                now.set(setting, value);
                changes.push(Change { drops, setting, value });
            }
        }
        (changes, drops + tail)
    })
}

/// Strokes of the reader's hand, a few thousand drops apart, on the
/// smallest map of every size (257 × 180): their stamps' cells, and for the
/// rain's tool the drops it poured between stamps and until it was lifted.
fn hand(most_drops: u64) -> impl Strategy<Value = Vec<Touch>> {
    let point = (0..257u16, 0..180u16, 0..400u64);
    let stroke =
        (0..3000u64, 0..Tool::ALL.len(), 1..=16u16, 1..=20u32, proptest::collection::vec(point, 1..10), 0..500u64);
    proptest::collection::vec(stroke, 0..6).prop_map(move |strokes| {
        let (mut drops, mut touches) = (0, Vec::new());
        for (gap, tool, radius, twentieths, points, lift) in strokes {
            let tool = Tool::ALL[tool];
            drops += gap;
            for (x, y, poured) in points {
                if tool == Tool::Rain {
                    drops += poured;
                }
                let stamp = Stamp { tool, x, y, radius, strength: (twentieths * 5) as f32 / 100.0 };
                touches.push(Touch { drops, hand: Hand::Stamp(stamp) });
            }
            if tool == Tool::Rain {
                drops += lift;
                touches.push(Touch { drops, hand: Hand::Lift });
            }
        }
        touches.retain(|t| t.drops <= most_drops);
        touches
    })
}

/// A ground from a file as a link names it (of the choices' cells, so the
/// hand's strokes stay on the map): any name, fingerprint, shore, encoding
/// and steepness (in hundredths, as fitting gives it).
fn ground_link(grid: Grid) -> impl Strategy<Value = Option<GroundLink>> {
    let encoding = prop::sample::select(Encoding::ALL.to_vec());
    let hundredths = (steepness::LEAST * 100.0) as u32..=(steepness::MOST * 100.0) as u32;
    proptest::option::of(("\\PC{1,40}", any::<u64>(), 0..=100u32, encoding, hundredths)).prop_map(move |named| {
        named.map(|(name, fingerprint, shore, encoding, steepness)| GroundLink {
            name,
            grid,
            fingerprint,
            shore: shore as f64 / 100.0,
            encoding,
            steepness: steepness as f64 / 100.0,
        })
    })
}

fn map_link() -> impl Strategy<Value = MapLink> {
    let scheme = proptest::option::of(0..SCHEMES.len()).prop_map(|k| k.map(|k| SCHEMES[k].key));
    (any::<u32>(), settings(), choices(), toggles(), camera(), scheme).prop_flat_map(
        |(seed, settings, choices, toggles, camera, scheme)| {
            let grounds = ground_link(choices.grid());
            (timeline(settings.clone()), grounds).prop_flat_map(move |((timeline, drops), ground)| {
                let settings = settings.clone();
                hand(drops).prop_map(move |hand| MapLink {
                    ground: ground.clone(),
                    seed: Some(seed),
                    settings: settings.clone(),
                    choices,
                    timeline: timeline.clone(),
                    hand,
                    scheme,
                    toggles,
                    camera,
                    drops,
                })
            })
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn any_map_state_comes_back_from_its_link(map in map_link()) {
        let query = link::write(&map);
        let reading = link::read(&query);
        prop_assert_eq!(&reading.link, &map, "{}", query);
        prop_assert!(reading.warnings.is_empty(), "{:?}", reading.warnings);
        prop_assert!(!reading.capped);
    }

    #[test]
    fn any_string_reads_as_a_valid_map(query in "(he-[a-z-]{1,14}=[^&]{0,24}&?){0,12}|\\PC{0,300}") {
        let reading = link::read(&query);
        let map = reading.link;
        for s in Setting::ALL {
            let (v, slider) = (map.settings.get(s), s.slider());
            prop_assert!(v.is_finite() && v >= slider.min && v <= slider.max, "{:?} = {}", s, v);
        }
        for c in Choice::ALL {
            prop_assert!(map.choices.get(c) < c.row().options.len());
        }
        prop_assert!(map.drops <= MAX_DROPS);
        prop_assert!(map.timeline.windows(2).all(|w| w[0].drops <= w[1].drops));
        prop_assert!(map.timeline.iter().all(|c| c.drops >= 1 && c.drops <= map.drops));
        prop_assert_eq!(Camera::new(map.camera.yaw, map.camera.pitch, map.camera.distance), Some(map.camera));
        // What it read, it writes and reads back the same
        prop_assert_eq!(link::read(&link::write(&map)).link, map);
    }
}

/// Heights for a grid: flat, all below the sea, cliffs between far-apart
/// levels, or anything between 0 and 1.
fn ground(cells: usize) -> impl Strategy<Value = Vec<f32>> {
    prop_oneof![
        (0.0..1.0f32).prop_map(move |h| vec![h; cells]),
        proptest::collection::vec(0.0..0.2f32, cells),
        proptest::collection::vec(prop_oneof![Just(0.0f32), Just(1.0f32)], cells),
        proptest::collection::vec(0.0..1.0f32, cells),
    ]
}

fn grid_and_ground() -> impl Strategy<Value = (Grid, Vec<f32>)> {
    (2..14usize, 2..14usize)
        .prop_flat_map(|(cols, rows)| ground(cols * rows).prop_map(move |h| (Grid::new(cols, rows), h)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_stl_is_always_a_closed_solid_wound_outwards(
        (grid, heights) in grid_and_ground(),
        sea_level in 0.0..0.6f64,
        height_scale in 0.25..4.0f64,
    ) {
        let triangles = solid(grid, &heights, sea_level, height_scale);
        let key = |v: [f32; 3]| v.map(f32::to_bits);
        // Each edge once each way: closed, and every triangle wound as its
        // neighbours are
        let mut edges: HashMap<([u32; 3], [u32; 3]), usize> = HashMap::new();
        let mut volume = 0.0f64;
        for t in &triangles {
            let [a, b, c] = t.vertices.map(|v| [v[0], v[1], v[2]]);
            for (from, to) in [(a, b), (b, c), (c, a)] {
                *edges.entry((key(from), key(to))).or_default() += 1;
            }
            let d = |p: [f32; 3], q: [f32; 3]| [(q[0] - p[0]) as f64, (q[1] - p[1]) as f64, (q[2] - p[2]) as f64];
            let (u, v) = (d(a, b), d(a, c));
            let cross = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
            prop_assert!(cross.iter().any(|x| x.abs() > 1e-9), "a triangle without area");
            let p = a.map(|x| x as f64);
            volume += (p[0] * cross[0] + p[1] * cross[1] + p[2] * cross[2]) / 6.0;
        }
        for (&(from, to), &n) in &edges {
            prop_assert_eq!(n, 1, "an edge used twice the same way");
            prop_assert_eq!(edges.get(&(to, from)), Some(&1), "an edge with no partner");
        }
        prop_assert!(volume > 0.0, "the solid's volume is {}", volume);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn a_sketch_handed_over_at_any_moment_carries_on_exactly(
        seed in any::<u32>(),
        before in 1..12u32,
        after in 1..12u32,
        erosion in value_of(Setting::Erosion),
    ) {
        use hydraulic_erosion::draw::painter::NoPainter;
        use hydraulic_erosion::sketch::{Input, Sketch, Start};
        let size = Size::new(320.0, 180.0, 1.0);
        let clock = || { let mut t = 0.0; move || { t += 1.0; t } };
        let mut a = Sketch::new(Start::fresh(seed, size));
        let mut c = clock();
        for frame in 0..before {
            if frame == before / 2 {
                a.input(Input::Set(Setting::Erosion, erosion), 0.0);
            }
            a.frame(&mut c, &mut NoPainter);
        }
        let (map, carried) = a.handover();
        let mut b = Sketch::resume(Start { link: map, ..Start::fresh(0, size) }, carried).expect("the heights fit");
        let (mut ca, mut cb) = (clock(), clock());
        for _ in 0..after {
            a.frame(&mut ca, &mut NoPainter);
            b.frame(&mut cb, &mut NoPainter);
        }
        prop_assert_eq!(a.terrain().heights(), b.terrain().heights());
        prop_assert_eq!(a.status().of_the_map(), b.status().of_the_map());
        prop_assert!(a.status().rivers_of <= b.status().rivers_of);
    }
}

/// An input a reader can give with the controls: a slider at one of its
/// steps, a toggle, a choice, play or pause, restart, a new map.
fn reader_input() -> impl Strategy<Value = hydraulic_erosion::sketch::Input> {
    use hydraulic_erosion::sketch::Input;
    let set = (0..Setting::ALL.len()).prop_flat_map(|k| {
        let s = Setting::ALL[k];
        value_of(s).prop_map(move |v| Input::Set(s, v))
    });
    let toggle = (0..Toggle::ALL.len(), any::<bool>()).prop_map(|(k, on)| Input::Toggle(Toggle::ALL[k], on));
    let choose = (0..Choice::ALL.len()).prop_flat_map(|k| {
        let c = Choice::ALL[k];
        (0..c.row().options.len()).prop_map(move |o| Input::Choose(c, o))
    });
    prop_oneof![
        6 => set,
        1 => toggle,
        1 => choose,
        2 => Just(Input::PlayPause),
        1 => Just(Input::Restart),
        1 => any::<u32>().prop_map(|seed| Input::NewMap { seed }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Whatever a reader did, frame by frame, the link the page writes
    /// opens, after its replay, to the very heights the reader made.
    #[test]
    fn any_session_of_reader_inputs_replays_from_its_link_to_the_same_heights(
        seed in any::<u32>(),
        session in proptest::collection::vec((0..10u32, reader_input()), 0..8),
        frames in 1..10u32,
    ) {
        use hydraulic_erosion::draw::painter::NoPainter;
        use hydraulic_erosion::sketch::{Sketch, Start};
        let size = Size::new(320.0, 180.0, 1.0);
        let clock = || { let mut t = 0.0; move || { t += 1.0; t } };
        let mut a = Sketch::new(Start::fresh(seed, size));
        let mut c = clock();
        for frame in 0..frames {
            for (_, input) in session.iter().filter(|(at, _)| *at == frame) {
                a.input(input.clone(), c());
            }
            a.frame(&mut c, &mut NoPainter);
        }
        let made = a.status();
        prop_assume!(made.exact && !made.replaying);
        let query = link::write(&a.link());
        let reading = link::read(&query);
        prop_assert!(reading.warnings.is_empty(), "{:?} in {}", reading.warnings, query);
        let mut b = Sketch::new(Start { link: reading.link, ..Start::fresh(0, size) });
        let mut cb = clock();
        let mut n = 0;
        while b.status().replaying && n < 10_000 {
            b.frame(&mut cb, &mut NoPainter);
            n += 1;
        }
        prop_assert_eq!(b.terrain().drops(), a.terrain().drops(), "{}", query);
        prop_assert_eq!(b.terrain().heights_hash(), a.terrain().heights_hash(), "{}", query);
        prop_assert_eq!(b.terrain().settings(), a.terrain().settings());
    }

    /// A timeline comes back from its text, and a replay gives the same
    /// heights however its drops are sliced.
    #[test]
    fn a_timeline_reads_back_and_replays_alike_in_slices_of_any_size(
        seed in any::<u32>(),
        (changes, target) in timeline(Settings::default()),
        slices in proptest::collection::vec(1..5_000u32, 1..6),
    ) {
        use hydraulic_erosion::share::replay::Replay;
        use hydraulic_erosion::share::timeline::{decode, encode};
        use hydraulic_erosion::terrain::Terrain;
        let target = target.min(30_000);
        let changes: Vec<Change> = changes.into_iter().filter(|c| c.drops <= target).collect();
        let decoded = decode(&encode(&changes)).expect("a timeline it wrote");
        prop_assert_eq!(&decoded.changes, &changes);
        prop_assert!(!decoded.clamped);
        let replayed = |budgets: &mut dyn FnMut() -> u32| {
            let mut terrain = Terrain::new(seed);
            let mut replay = Replay::new(target, changes.clone());
            while !replay.advance(&mut terrain, budgets()) {}
            terrain
        };
        let whole = replayed(&mut || u32::MAX);
        let mut k = 0;
        let sliced = replayed(&mut || { k += 1; slices[k % slices.len()] });
        prop_assert_eq!(sliced.drops(), target);
        prop_assert_eq!(sliced.heights(), whole.heights());
        prop_assert_eq!(sliced.settings(), whole.settings());
    }

    /// Any strokes of the hand, made between the drops as a reader makes
    /// them, come back from a link and replay to the same heights, however
    /// the replay is sliced.
    #[test]
    fn any_strokes_and_rain_replay_from_their_link_to_the_same_heights(
        seed in any::<u32>(),
        touches in hand(12_000),
        slices in proptest::collection::vec(1..5_000u32, 1..4),
    ) {
        use hydraulic_erosion::share::replay::Replay;
        use hydraulic_erosion::terrain::Terrain;
        let target = touches.last().map_or(0, |t| t.drops) + 500;
        // Played as the sketch plays them: rain up to each touch, then it
        let mut played = Terrain::new(seed);
        for t in &touches {
            played.rain((t.drops - played.drops()) as u32);
            played.touch(t.hand);
        }
        played.rain((target - played.drops()) as u32);
        let map = MapLink { seed: Some(seed), hand: touches, drops: target, ..MapLink::default() };
        let read = link::read(&link::write(&map)).link;
        prop_assert_eq!(&read.hand, &map.hand);
        let mut replayed = Terrain::new(seed);
        let mut replay = Replay::new(target, Vec::new()).with_hand(read.hand, 0);
        let mut k = 0;
        while !replay.advance(&mut replayed, { k += 1; slices[k % slices.len()] }) {}
        prop_assert_eq!(replayed.heights_hash(), played.heights_hash());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Poisson disc: no two spots closer than the minimum distance; no room
    /// left for another (every point of a lattice at half the distance has
    /// a spot within it); the same spots however the sampling is split.
    #[test]
    fn poisson_disc_spots_keep_their_distance_leave_no_room_and_ignore_the_split(
        width in 2.0..60.0f64,
        height in 2.0..60.0f64,
        r in 1.5..12.0f64,
        seed in any::<u64>(),
        splits in proptest::collection::vec(1..400usize, 1..6),
    ) {
        use hydraulic_erosion::flora::poisson_disc::{poisson_disc, PoissonDisc, ATTEMPTS};
        use hydraulic_erosion::raster::unit_random::unit_f64;
        use rand_pcg::Pcg32;
        let mut rng = Pcg32::new(seed, 7);
        let spots = poisson_disc(width, height, r, ATTEMPTS, &mut || unit_f64(&mut rng));
        for (k, a) in spots.iter().enumerate() {
            prop_assert!(a[0] >= 0.0 && a[0] < width && a[1] >= 0.0 && a[1] < height, "{a:?} off the area");
            for b in &spots[k + 1..] {
                let d = ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt();
                prop_assert!(d >= r, "{a:?} and {b:?} are {d} apart, under {r}");
            }
        }
        // The lattice the sampling fills from: k·r/2 across and down
        let step = r / 2.0;
        let (cols, rows) = ((width / step).ceil() as usize, (height / step).ceil() as usize);
        let mut free = Vec::new();
        for (i, j) in (0..cols).flat_map(|i| (0..rows).map(move |j| (i, j))) {
            let (x, y) = (i as f64 * step, j as f64 * step);
            if !spots.iter().any(|s| (s[0] - x).powi(2) + (s[1] - y).powi(2) < r * r) {
                free.push([x, y]);
            }
        }
        prop_assert!(free.is_empty(), "room for a spot at {:?}", free);
        let mut rng = Pcg32::new(seed, 7);
        let mut sampling = PoissonDisc::new(width, height, r, ATTEMPTS);
        let mut k = 0;
        while !sampling.sample(splits[k % splits.len()], &mut || unit_f64(&mut rng)) {
            k += 1;
        }
        prop_assert_eq!(sampling.points(), &spots[..]);
    }
}

/// Ground for the erosion properties: a tilted, rippled island of 0..1 on
/// a small grid.
fn eroded_ground() -> impl Strategy<Value = (Grid, Vec<f32>)> {
    (8..48usize, 8..40usize, -0.02..0.02f64, 0.0..0.3f64, 0.05..0.6f64).prop_map(|(cols, rows, tilt, ripple, wave)| {
        let grid = Grid::new(cols, rows);
        let heights = (0..grid.cells())
            .map(|i| {
                let (x, y) = ((i % cols) as f64, (i / cols) as f64);
                let (dx, dy) = (x / cols as f64 - 0.5, y / rows as f64 - 0.5);
                let island = 0.8 - 1.6 * (dx * dx + dy * dy);
                (island + tilt * x + ripple * (x * wave).sin() * (y * wave * 0.7).cos()).clamp(0.0, 1.0) as f32
            })
            .collect();
        (grid, heights)
    })
}

fn total(heights: &[f32]) -> f64 {
    heights.iter().map(|&h| h as f64).sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Beyer's drop, for any settings in the sliders' ranges: heights stay
    /// finite and never below 0; a drop only moves ground, so the map never
    /// gains any (a drop that ends off the sea takes what it carries with
    /// it); one that reaches the sea leaves all it carried at the coast.
    #[test]
    fn a_drop_keeps_the_ground_finite_and_moves_it_without_making_any(
        (grid, ground) in eroded_ground(),
        erosion in value_of(Setting::Erosion),
        deposition in value_of(Setting::Deposition),
        inertia in value_of(Setting::Inertia),
        radius in value_of(Setting::BrushRadius),
        sea_level in value_of(Setting::SeaLevel),
        (u, v) in (0.0..1.0f64, 0.0..1.0f64),
    ) {
        use hydraulic_erosion::erosion::brush::Brush;
        use hydraulic_erosion::erosion::droplet::{fall, DropRules};
        let rules = DropRules { erosion, deposition, inertia, sea_level, steepness: 1.0 };
        let brush = Brush::new(radius as u32, grid);
        let mut heights = ground.clone();
        let (x, y) = (u * (grid.cols - 1) as f64, v * (grid.rows - 1) as f64);
        let mut path = Vec::new();
        let steps = fall(&mut heights, &brush, &rules, x, y, Some(&mut path));
        prop_assert!(heights.iter().all(|h| h.is_finite() && *h >= 0.0));
        // Each write rounds to f32: a few ulps of a height of at most 1
        let rounding = (steps as f64 + 1.0) * (brush.cells().len() + 4) as f64 * 1.2e-7;
        let (before, after) = (total(&ground), total(&heights));
        prop_assert!(after <= before + rounding, "the map gained ground: {before} → {after}");
        // How the drop ended, from its path: one that ran off the map never
        // reached its last point, one that stopped had its last point pushed
        // (into the sea, or on a spot with no slope at all, which on this
        // ground is only where it is clamped flat at 0 or 1)
        let [ex, ey] = path[path.len() - 1].map(f64::from);
        let (cx, cy) = (ex as usize, ey as usize);
        let at = |x: usize, y: usize| heights[y * grid.cols + x] as f64;
        let (fx, fy) = (ex - cx as f64, ey - cy as f64);
        let here = at(cx, cy) * (1.0 - fx) * (1.0 - fy) + at(cx + 1, cy) * fx * (1.0 - fy)
            + at(cx, cy + 1) * (1.0 - fx) * fy + at(cx + 1, cy + 1) * fx * fy;
        let stopped = path.len() == steps as usize + 1 && steps < hydraulic_erosion::erosion::droplet::MAX_STEPS;
        if stopped && here > 0.0 && here < 0.99 {
            prop_assert!((after - before).abs() <= rounding, "a drop into the sea keeps the ground: {before} → {after}");
        }
    }

    /// Thermal erosion, for any talus in the slider's range: heights stay
    /// finite, ground only slides (the total is kept), and never below the
    /// lowest ground there was.
    #[test]
    fn thermal_erosion_slides_ground_down_and_keeps_it_all(
        (grid, ground) in eroded_ground(),
        talus in value_of(Setting::Talus),
        passes in 1..6usize,
    ) {
        use hydraulic_erosion::erosion::thermal_erosion::{ThermalErosion, AMOUNT};
        let mut heights = ground.clone();
        let mut thermal = ThermalErosion::default();
        for _ in 0..passes {
            thermal.pass(grid, &mut heights, talus, AMOUNT);
        }
        prop_assert!(heights.iter().all(|h| h.is_finite()));
        let (before, after) = (total(&ground), total(&heights));
        prop_assert!((after - before).abs() <= grid.cells() as f64 * passes as f64 * 1.2e-7, "{before} → {after}");
        // A cell gives at most a quarter of its drop to its lowest
        // neighbour, so nothing falls below the lowest ground (a pit fed from
        // every side may rise above its rim: each side pours in its share)
        let low = ground.iter().fold(f32::MAX, |l, &v| l.min(v));
        prop_assert!(heights.iter().all(|&h| h >= low - 1e-6), "below the lowest ground, {}", low);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// The glTF file of any map parses back: its container's chunks, its
    /// JSON, a vertex a cell whose positions lie within the bounds it states
    /// (and reach them), two triangles a square, every index a vertex.
    #[test]
    fn the_glb_parses_back_with_its_bounds(
        (grid, heights) in grid_and_ground(),
        sea_level in 0.0..0.6f64,
        height_scale in 0.25..4.0f64,
        scheme in 0..SCHEMES.len(),
    ) {
        use hydraulic_erosion::share::glb::glb;
        let file = glb(grid, &heights, sea_level, &SCHEMES[scheme], height_scale);
        let u32_at = |at: usize| u32::from_le_bytes(file[at..at + 4].try_into().unwrap()) as usize;
        prop_assert_eq!((&file[0..4], u32_at(4), u32_at(8)), (&b"glTF"[..], 2, file.len()));
        let json_length = u32_at(12);
        let root = gltf_json::Root::from_slice(&file[20..20 + json_length]).expect("the JSON chunk parses");
        let bin = &file[20 + json_length + 8..];
        let position = &root.accessors[0];
        prop_assert_eq!(position.count.0 as usize, grid.cells());
        let bound = |v: &Option<gltf_json::Value>| -> Vec<f32> {
            v.as_ref().unwrap().as_array().unwrap().iter().map(|x| x.as_f64().unwrap() as f32).collect()
        };
        let (min, max) = (bound(&position.min), bound(&position.max));
        let floats: Vec<f32> = bin[..grid.cells() * 12].chunks_exact(4).map(|b| f32::from_le_bytes(b.try_into().unwrap())).collect();
        for k in 0..3 {
            let axis = floats.iter().skip(k).step_by(3);
            prop_assert!(axis.clone().all(|&v| v >= min[k] && v <= max[k]), "a position outside the bounds on axis {}", k);
            prop_assert!(axis.clone().any(|&v| v == min[k]) && axis.clone().any(|&v| v == max[k]), "bounds not reached on axis {}", k);
        }
        let indices = &root.accessors[3];
        prop_assert_eq!(indices.count.0 as usize, (grid.cols - 1) * (grid.rows - 1) * 6);
        let at = grid.cells() * 36;
        let index_bytes = &bin[at..at + indices.count.0 as usize * 4];
        prop_assert!(index_bytes.chunks_exact(4).all(|b| (u32::from_le_bytes(b.try_into().unwrap()) as usize) < grid.cells()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// For any settings in the sliders' ranges, on any map size: nothing
    /// has moved before the first drop, and after some rain the erosion
    /// less the deposition of every cell adds up to the ground the map lost
    /// (what drops carried into the sea or off the map), to the rounding of
    /// one f32 difference a cell.
    #[test]
    fn erosion_less_deposition_is_the_ground_the_map_lost(
        settings in settings(),
        map_size in 0..Choice::MapSize.row().options.len(),
        seed in any::<u32>(),
        drops in 1..3_000u32,
    ) {
        use hydraulic_erosion::erosion::ground_moved::{deposition, erosion, largest};
        use hydraulic_erosion::terrain::Terrain;
        let mut choices = Choices::default();
        choices.set(Choice::MapSize, map_size);
        let mut terrain = Terrain::with_choices(seed, settings, choices);
        prop_assert_eq!(largest(&erosion(terrain.original(), terrain.heights())), 0.0);
        prop_assert_eq!(largest(&deposition(terrain.original(), terrain.heights())), 0.0);
        terrain.rain(drops);
        let (before, now) = (terrain.original(), terrain.heights());
        let sum = |m: &[f32]| m.iter().map(|&v| v as f64).sum::<f64>();
        let lost = total(before) - total(now);
        let moved = sum(&erosion(before, now)) - sum(&deposition(before, now));
        prop_assert!(moved.is_finite());
        prop_assert!((moved - lost).abs() <= 6e-8 * before.len() as f64, "moved {} but lost {}", moved, lost);
        prop_assert!(lost >= -1e-3, "the map gained ground: {}", lost);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Whatever a reader did, undoing each change gives back the heights,
    /// settings and look just before it, to the bit; redoing each gives
    /// back the map as it was undone; and rewinding to any drop count gives
    /// the heights its link replays.
    #[test]
    fn undo_redo_and_rewind_give_back_every_map_of_a_session(
        seed in any::<u32>(),
        session in proptest::collection::vec((0..10u32, reader_input(), any::<bool>()), 1..8),
        frames in 1..10u32,
        rewind_to in any::<u64>(),
    ) {
        use hydraulic_erosion::draw::painter::NoPainter;
        use hydraulic_erosion::sketch::{Input, Sketch, Start};
        let size = Size::new(320.0, 180.0, 1.0);
        let clock = || { let mut t = 0.0; move || { t += 1.0; t } };
        let settle = |s: &mut Sketch| {
            let mut c = clock();
            let mut n = 0;
            while s.status().replaying && n < 10_000 {
                s.frame(&mut c, &mut NoPainter);
                n += 1;
            }
        };
        let state = |s: &Sketch| {
            let st = s.status();
            (s.terrain().heights_hash(), s.terrain().drops(), format!("{:?}{:?}{:?}{}{}", st.settings, st.choices, st.toggles, st.scheme, st.seed))
        };
        // What each map a link names looked like (a link names one map)
        let mut seen: HashMap<String, (u64, u64, String)> = HashMap::new();
        let mut a = Sketch::new(Start::fresh(seed, size));
        let mut c = clock();
        for frame in 0..frames {
            for (_, input, let_go) in session.iter().filter(|(at, _, _)| *at == frame) {
                seen.insert(link::write(&a.link()), state(&a));
                a.input(input.clone(), c());
                if *let_go {
                    a.input(Input::LetGo, c());
                }
            }
            a.frame(&mut c, &mut NoPainter);
        }
        prop_assume!(a.status().exact);
        if a.status().looping {
            a.input(Input::PlayPause, 0.0);
        }
        settle(&mut a);
        let done = a.history().done();
        let mut undone = Vec::new();
        for k in (0..done).rev() {
            undone.push(state(&a));
            let before = link::write(&a.history().steps()[k].before);
            a.input(Input::Undo, 0.0);
            settle(&mut a);
            prop_assert_eq!(Some(&state(&a)), seen.get(&before), "undo of step {}: {:?}", k, a.history().steps()[k].change);
        }
        for expected in undone.iter().rev() {
            a.input(Input::Redo, 0.0);
            settle(&mut a);
            prop_assert_eq!(&state(&a), expected);
        }
        let reach = a.status().reach;
        let to = if reach == 0 { 0 } else { rewind_to % (reach + 1) };
        a.input(Input::Rewind(to), 0.0);
        a.input(Input::LetGo, 0.0);
        settle(&mut a);
        let mut b = Sketch::new(Start { link: a.link(), ..Start::fresh(0, size) });
        settle(&mut b);
        prop_assert_eq!(a.terrain().drops(), to);
        prop_assert_eq!(a.terrain().heights_hash(), b.terrain().heights_hash());
        prop_assert_eq!(a.terrain().settings(), b.terrain().settings());
    }
}
