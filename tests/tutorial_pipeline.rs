//! The tutorial's pipeline through `Terrain`: every shape, map size and
//! talus is deterministic and indifferent to how the rain is batched; the
//! heights stay finite at every extreme; the preset gives the tutorial's
//! map and rules.

use hydraulic_erosion::draw::map_view::MapView;
use hydraulic_erosion::raster::grid::Grid;
use hydraulic_erosion::settings::choices::{Choice, Choices, Preset, Shape, MAP_SIZES};
use hydraulic_erosion::settings::sliders::{Setting, Settings};
use hydraulic_erosion::terrain::{Terrain, TUTORIAL_RAIN_TARGET};

fn terrain(seed: u32, shape: usize, size: usize, preset: usize, talus: f64) -> Terrain {
    let mut choices = Choices::default();
    choices.set(Choice::Terrain, shape);
    choices.set(Choice::MapSize, size);
    choices.set(Choice::Preset, preset);
    let mut settings = Settings::default();
    settings.set(Setting::Talus, talus);
    Terrain::with_choices(seed, settings, choices)
}

#[test]
fn every_shape_size_preset_and_talus_rains_the_same_however_it_is_batched() {
    for shape in 0..Shape::ALL.len() {
        for (size, grid) in MAP_SIZES.iter().enumerate() {
            for (preset, talus) in [(0, 0.0), (0, 0.012), (1, 0.008)] {
                let case = format!("shape {shape}, size {size}, preset {preset}, talus {talus}");
                let mut whole = terrain(21, shape, size, preset, talus);
                assert_eq!(whole.grid(), *grid, "{case}");
                whole.rain(2_500);
                let mut parts = terrain(21, shape, size, preset, talus);
                for n in [999, 1, 1, 1_499] {
                    parts.rain(n);
                }
                assert_eq!(whole.heights_hash(), parts.heights_hash(), "{case}");
                assert_ne!(whole.heights_hash(), terrain(21, shape, size, preset, talus).heights_hash(), "{case}");
                assert!(whole.heights().iter().all(|h| h.is_finite()), "{case}");
            }
        }
    }
}

#[test]
fn every_shape_starts_from_zero_to_one_and_the_seed_makes_it() {
    for shape in 0..Shape::ALL.len() {
        let t = terrain(4, shape, 0, 0, 0.0);
        let low = t.original().iter().cloned().fold(f32::INFINITY, f32::min);
        let high = t.original().iter().cloned().fold(f32::NEG_INFINITY, f32::max);
        assert_eq!((low, high), (0.0, 1.0), "shape {shape}");
        assert_ne!(t.original(), terrain(5, shape, 0, 0, 0.0).original(), "shape {shape}");
    }
    let island = terrain(4, 0, 0, 0, 0.0);
    assert_eq!(island.original(), Terrain::new(4).original(), "the island is the article's");
    assert_ne!(island.original(), terrain(4, 1, 0, 0, 0.0).original());
}

#[test]
fn heights_stay_finite_at_every_extreme_of_the_tutorials_settings() {
    let tutorial = [Setting::Octaves, Setting::Lacunarity, Setting::Persistence, Setting::Talus, Setting::TerrainScale];
    for shape in [1, 2] {
        for preset in [0, 1] {
            for setting in tutorial {
                for value in [setting.slider().min, setting.slider().max] {
                    let mut t = terrain(13, shape, 0, preset, 0.0);
                    for s in [Setting::Erosion, Setting::Deposition, Setting::Inertia] {
                        t.set(s, s.slider().max);
                    }
                    t.set(setting, value);
                    t.rain(20_000);
                    let worst = t.heights().iter().map(|h| (h - 0.5).abs()).fold(0.0f32, f32::max);
                    assert!(
                        worst.is_finite() && worst < 1.5,
                        "shape {shape}, preset {preset}, {setting:?} {value}: {worst}"
                    );
                }
            }
        }
    }
}

#[test]
fn thermal_passes_come_every_thousand_drops_and_move_ground_but_keep_it() {
    let mut with = terrain(8, 2, 0, 0, 0.002);
    let mut without = terrain(8, 2, 0, 0, 0.0);
    with.rain(999);
    without.rain(999);
    assert_eq!(with.heights(), without.heights(), "no pass before the thousandth drop");
    with.rain(1);
    without.rain(1);
    assert_ne!(with.heights(), without.heights(), "a pass after it");
    // The pass itself keeps the ground: compare the total on the same map
    // before and after one
    let total = |t: &Terrain| t.heights().iter().map(|&h| h as f64).sum::<f64>();
    let mut t = terrain(8, 2, 0, 1, 0.002);
    t.rain(999);
    let before = total(&t);
    let mut dry = terrain(8, 2, 0, 1, 0.0);
    dry.rain(1_000);
    let drop_only = total(&dry) - before;
    t.rain(1);
    assert!((total(&t) - before - drop_only).abs() < 1e-3, "the pass moved ground without making or losing any");
}

#[test]
fn the_tutorial_preset_is_its_map_its_rules_and_its_rain() {
    let mut t = Terrain::new(1);
    t.rain(500);
    t.pick_preset(Preset::Tutorial);
    assert_eq!((t.drops(), t.grid(), t.choices().shape()), (0, Grid::new(512, 512), Shape::Warped));
    assert_eq!(t.rain_target(), TUTORIAL_RAIN_TARGET);
    assert_eq!(t.settings().sea_level(), 0.0);
    t.rain(3_000);
    let rivers = MapView::default().rivers(&t).clone();
    assert_eq!(rivers.water.len(), 512 * 512);
    let biggest = rivers.water.iter().cloned().fold(0.0, f32::max);
    assert!(biggest > 1_000.0, "the flow accumulates into rivers: {biggest}");
    // Back to the article: a fresh page's map on the same seed
    t.pick_preset(Preset::Article);
    assert_eq!(t.heights(), Terrain::new(1).heights());
    assert_eq!(t.rain_target(), 300_000);
}

#[test]
fn roughness_builds_a_new_diamond_square_map_and_waits_on_the_others() {
    let mut island = Terrain::new(6);
    island.rain(100);
    assert!(!island.rebuilds_for(Setting::Roughness));
    island.set(Setting::Roughness, 0.3);
    assert_eq!(island.drops(), 100, "the island has no roughness: the rain goes on");
    let mut t = terrain(6, 3, 0, 0, 0.0);
    assert_eq!(t.choices().shape(), Shape::DiamondSquare);
    let rough = t.heights_hash();
    t.rain(100);
    assert!(!t.rebuilds_for(Setting::TerrainScale), "diamond-square has no noise to scale");
    t.set(Setting::Roughness, 0.3);
    assert_eq!(t.drops(), 0);
    assert_ne!(t.heights_hash(), rough);
    // Smoother: neighbouring cells differ less on average
    let bumpiness = |h: &[f32]| h.windows(2).map(|w| (w[0] - w[1]).abs() as f64).sum::<f64>();
    assert!(bumpiness(t.original()) < bumpiness(terrain(6, 3, 0, 0, 0.0).original()));
}

#[test]
fn a_new_shape_or_size_builds_anew_and_octaves_wait_on_the_island() {
    let mut t = Terrain::new(2);
    t.rain(1_000);
    assert!(!t.rebuilds_for(Setting::Octaves));
    t.set(Setting::Octaves, 3.0);
    assert_eq!(t.drops(), 1_000, "the island has no octaves: the rain goes on");
    assert!(t.choose(Choice::Terrain, 2));
    assert_eq!((t.drops(), t.choices().shape()), (0, Shape::Ridged));
    let three = t.heights_hash();
    t.rain(10);
    t.set(Setting::Octaves, 4.0);
    assert_eq!(t.drops(), 0, "a ridged map is built of octaves");
    assert_ne!(t.heights_hash(), three);
    assert!(t.choose(Choice::MapSize, 1));
    assert_eq!((t.grid(), t.heights().len()), (Grid::new(640, 360), 640 * 360));
    assert!(!t.choose(Choice::MapSize, 1), "no change");
    assert!(!t.choose(Choice::MapSize, MAP_SIZES.len()), "no such size");
    assert!(t.choose(Choice::MapSize, 3));
    assert_eq!(t.grid(), Grid::new(257, 257), "the landscape's");
    t.rain(10);
    assert!(t.choose(Choice::RiverStyle, 1));
    assert_eq!(t.drops(), 10, "how rivers are drawn leaves the rain alone");
}
