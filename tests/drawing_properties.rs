//! Properties of what the sketch draws between frames, for anything that
//! may happen to a terrain meanwhile: the relief and contours kept between
//! frames are the whole map's, at any detail, and a big map's rivers routed
//! in parts are those routed at once. Cases are drawn by `proptest` (a
//! failure prints its seed and the smallest case it found).
#![cfg(not(target_arch = "wasm32"))]

use hydraulic_erosion::draw::color_schemes::SCHEMES;
use hydraulic_erosion::sculpt::stamp::{Stamp, Tool};
use hydraulic_erosion::sculpt::stroke::Hand;
use hydraulic_erosion::settings::choices::{Choice, Choices};
use hydraulic_erosion::settings::sliders::{Setting, Settings};
use proptest::prelude::*;

/// What may happen to a terrain between two frames.
#[derive(Clone, Debug)]
enum Happening {
    Rain(u32),
    Stamp(Tool, u16, u16, u16),
    Set(Setting, f64),
    Scheme(usize),
    ShowOriginal(bool),
    Layer(usize),
    Restart,
    NewSeed,
    CarryOn,
    /// Drawn this many times coarser (the screen's pixels fewer than the cells)
    Detail(usize),
}

fn happening() -> impl Strategy<Value = Happening> {
    prop_oneof![
        4 => (1..400u32).prop_map(Happening::Rain),
        2 => (prop_oneof![Just(Tool::Raise), Just(Tool::Lower), Just(Tool::Smooth)], 0..320u16, 0..180u16, 1..12u16)
            .prop_map(|(t, x, y, r)| Happening::Stamp(t, x, y, r)),
        1 => (prop_oneof![Just(Setting::SeaLevel), Just(Setting::BrushRadius), Just(Setting::Erosion)], 0.0..1.0f64)
            .prop_map(|(s, v)| Happening::Set(s, v)),
        1 => (0..SCHEMES.len()).prop_map(Happening::Scheme),
        1 => any::<bool>().prop_map(Happening::ShowOriginal),
        1 => (0..4usize).prop_map(Happening::Layer),
        1 => Just(Happening::Restart),
        1 => Just(Happening::NewSeed),
        1 => (0.0..1.0f64).prop_map(|v| Happening::Set(Setting::TerrainScale, v)),
        1 => Just(Happening::CarryOn),
        1 => (0..3u32).prop_map(|k| Happening::Detail(1 << k)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// The relief painted again only where the ground changed, and the
    /// contours traced again only when it did, are, after anything, what a
    /// fresh pass draws, at whatever detail (a big map is drawn on the
    /// coarser grid of its blocks, kept likewise); and so is the heights'
    /// fingerprint, taken again from the tiles changed.
    #[test]
    fn the_relief_and_contours_kept_between_frames_are_the_whole_maps(
        seed in 0..1000u32,
        happenings in proptest::collection::vec(happening(), 1..12),
    ) {
        use hydraulic_erosion::draw::map_view::MapView;
        use hydraulic_erosion::settings::choices::Layer;
        use hydraulic_erosion::terrain::Terrain;
        let mut terrain = Terrain::new(seed);
        let (mut kept, mut original, mut detail) = (MapView::default(), false, 1);
        let mut scheme = &SCHEMES[0];
        let mut layer = Layer::Relief;
        for h in happenings {
            match h {
                Happening::Rain(n) => { terrain.rain(n); }
                Happening::Stamp(tool, x, y, radius) => {
                    terrain.touch(Hand::Stamp(Stamp { tool, x, y, radius, strength: 0.6 }));
                }
                Happening::Set(s, v) => { let v = s.slider().min + v * (s.slider().max - s.slider().min); terrain.set(s, v); }
                Happening::Scheme(k) => scheme = &SCHEMES[k],
                Happening::ShowOriginal(on) => { kept.set_show_original(on); original = on; }
                Happening::Layer(k) => layer = Layer::ALL[k],
                Happening::Restart => terrain.reset(terrain.seed()),
                Happening::NewSeed => terrain.reset(terrain.seed() + 1),
                Happening::CarryOn => {
                    let (settings, heights) = (terrain.settings().clone(), terrain.heights().to_vec());
                    let (drops, steps) = (terrain.drops(), terrain.steps());
                    terrain.carry_on(&settings, heights.iter().map(|h| h * 0.99).collect(), None, drops, steps);
                }
                Happening::Detail(factor) => { kept.set_detail(factor); detail = factor; }
            }
            let water = vec![0.0; terrain.grid().cells()];
            let drawn = kept.layer(&terrain, scheme, layer, &water).0.to_vec();
            let mut again = MapView::default();
            again.set_show_original(original);
            again.set_detail(detail);
            let whole = again.layer(&terrain, scheme, layer, &water).0.to_vec();
            prop_assert!(drawn == whole, "after {:?}", terrain.edition());
            let (contours, again_contours) = (kept.contours(&terrain).clone(), again.contours(&terrain).clone());
            prop_assert!(contours == again_contours, "contours after {:?}", terrain.edition());
            let whole = hydraulic_erosion::raster::fingerprint::fingerprint(terrain.grid(), terrain.heights());
            prop_assert_eq!(terrain.heights_hash(), whole, "the fingerprint kept tile by tile");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// The rivers of a big map routed a part a frame, after any rain, in
    /// parts of any size, are those routed at once, to the bit.
    #[test]
    fn rivers_routed_in_parts_are_those_routed_at_once(
        seed in 0..1000u32,
        drops in 0..20_000u32,
        sea in 0.0..0.6f64,
        part in 1..100_000usize,
    ) {
        use hydraulic_erosion::ground::fractal_noise::FractalNoise;
        use hydraulic_erosion::hydrology::rivers::{wander, Rivers};
        use hydraulic_erosion::terrain::Terrain;
        let mut choices = Choices::default();
        choices.set(Choice::MapSize, 1);
        let mut terrain = Terrain::with_choices(seed, Settings::default(), choices);
        terrain.rain(drops);
        let (grid, heights) = (terrain.grid(), terrain.heights());
        let ripple = wander(&FractalNoise::new(seed), grid);
        let whole = Rivers::default().build(grid, heights, &ripple, sea).clone();
        let mut parts = Rivers::default();
        parts.begin(grid, heights, &ripple, sea);
        let mut calls = 0;
        while !parts.go_on(part) {
            calls += 1;
        }
        prop_assert!(parts.drainage() == &whole, "in parts of {} ({} calls)", part, calls);
    }
}
