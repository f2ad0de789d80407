//! Properties the sketch promises for every input, not just the hand-picked
//! ones: any map state the page can hold comes back from its link; any
//! string reads as a valid map; the STL is always a closed solid; a sketch
//! handed to the other build carries on exactly. Cases are drawn by
//! `proptest` (a failure prints its seed and the smallest case it found;
//! regressions are kept in `tests/properties.proptest-regressions`).
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashMap;

use hydraulic_erosion::draw::camera::Camera;
use hydraulic_erosion::draw::color_schemes::SCHEMES;
use hydraulic_erosion::draw::viewport::Size;
use hydraulic_erosion::grid::Grid;
use hydraulic_erosion::settings::choices::{Choice, Choices};
use hydraulic_erosion::settings::sliders::{Setting, Settings};
use hydraulic_erosion::settings::toggles::{Toggle, Toggles};
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

fn map_link() -> impl Strategy<Value = MapLink> {
    let scheme = proptest::option::of(0..SCHEMES.len()).prop_map(|k| k.map(|k| SCHEMES[k].key));
    (any::<u32>(), settings(), choices(), toggles(), camera(), scheme).prop_flat_map(
        |(seed, settings, choices, toggles, camera, scheme)| {
            timeline(settings.clone()).prop_map(move |(timeline, drops)| MapLink {
                seed: Some(seed),
                settings: settings.clone(),
                choices,
                timeline,
                scheme,
                toggles,
                camera,
                drops,
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
        prop_assert_eq!(a.status(), b.status());
    }
}
