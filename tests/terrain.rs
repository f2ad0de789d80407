//! The whole simulation through `Terrain`: determinism, settings, extremes.

use hydraulic_erosion::draw::map_view::MapView;
use hydraulic_erosion::raster::fingerprint::fingerprint;
use hydraulic_erosion::raster::grid::Grid;
use hydraulic_erosion::settings::sliders::{Setting, Settings, SLIDERS};
use hydraulic_erosion::terrain::Terrain;

mod common;
use common::{seed_1_after_10k, SEED_1_AFTER_10K};

const COLS: usize = Grid::ARTICLE.cols;
const ROWS: usize = Grid::ARTICLE.rows;
const CELLS: usize = COLS * ROWS;

#[test]
fn the_same_seed_and_drops_give_the_same_heights_to_the_bit() {
    let hash = seed_1_after_10k();
    assert_eq!(hash, SEED_1_AFTER_10K, "got {hash:#018x}");
}

#[test]
fn splitting_the_rain_into_calls_changes_nothing() {
    let mut whole = Terrain::new(99);
    whole.rain(3_000);
    let mut parts = Terrain::new(99);
    for n in [1, 99, 900, 0, 2_000] {
        parts.rain(n);
    }
    assert_eq!(parts.drops(), 3_000);
    assert_eq!(whole.heights(), parts.heights());
}

#[test]
fn rain_changes_the_terrain_and_restart_brings_the_original_back() {
    let mut t = Terrain::new(5);
    let before = t.heights_hash();
    assert_eq!(before, fingerprint(t.grid(), t.original()));
    t.rain(2_000);
    assert_ne!(t.heights_hash(), before);
    t.reset(5);
    assert_eq!(t.heights_hash(), before);
    assert_eq!(t.drops(), 0);
    // ... and the rain after a restart is the rain of a fresh terrain
    t.rain(500);
    let mut fresh = Terrain::new(5);
    fresh.rain(500);
    assert_eq!(t.heights(), fresh.heights());
}

#[test]
fn a_new_seed_gives_a_new_island() {
    let mut t = Terrain::new(5);
    t.rain(100);
    t.reset(6);
    assert_eq!(t.seed(), 6);
    assert_eq!(t.heights(), Terrain::new(6).heights());
    assert_ne!(t.heights(), Terrain::new(5).heights());
}

#[test]
fn a_new_terrain_scale_rebuilds_the_terrain_and_resets_the_rain() {
    let mut t = Terrain::new(3);
    t.rain(1_000);
    assert_eq!(t.set(Setting::TerrainScale, 0.02), 0.02);
    assert_eq!(t.drops(), 0);
    let mut settings = Settings::default();
    settings.set(Setting::TerrainScale, 0.02);
    assert_eq!(t.heights(), Terrain::with_settings(3, settings).heights());
}

#[test]
fn sea_level_moves_the_coast_without_touching_the_terrain() {
    let mut t = Terrain::new(3);
    t.rain(1_000);
    let hash = t.heights_hash();
    let mut map = MapView::default();
    let mut sea_cells = |t: &mut Terrain| {
        map.relief(t, &hydraulic_erosion::draw::color_schemes::SCHEMES[2]).chunks(4).filter(|p| p[2] > p[0]).count()
    };
    let low = sea_cells(&mut t);
    t.set(Setting::SeaLevel, 0.5);
    let high = sea_cells(&mut t);
    assert_eq!(t.heights_hash(), hash);
    assert!(high > low + 1000, "raising the sea floods land: {low} → {high} sea cells");
}

#[test]
fn heights_stay_finite_at_every_extreme_of_every_setting() {
    let mut cases: Vec<Settings> = Vec::new();
    for setting in Setting::ALL {
        for value in [setting.slider().min, setting.slider().max] {
            let mut s = Settings::default();
            s.set(setting, value);
            cases.push(s);
        }
    }
    let all = |pick: fn(&hydraulic_erosion::settings::sliders::Slider) -> f64| {
        let mut s = Settings::default();
        for (setting, slider) in Setting::ALL.into_iter().zip(SLIDERS.iter()) {
            s.set(setting, pick(slider));
        }
        s
    };
    cases.push(all(|s| s.min));
    cases.push(all(|s| s.max));
    for settings in cases {
        let mut t = Terrain::with_settings(11, settings.clone());
        t.rain(100_000);
        let bad = t.heights().iter().filter(|h| !h.is_finite() || **h < 0.0).count();
        assert_eq!(bad, 0, "{settings:?}: {bad} heights not finite or below 0");
    }
}

#[test]
fn every_land_cell_of_an_eroded_map_drains_to_the_sea_or_the_edge() {
    let mut t = Terrain::new(8);
    t.rain(20_000);
    let d = MapView::default().rivers(&t).clone();
    let sinks: f64 = (0..CELLS).filter(|&i| d.downstream(i).is_none()).map(|i| d.water[i] as f64).sum();
    assert_eq!(sinks, CELLS as f64, "water is conserved");
    // Water is routed over the terrain plus the wander ripple, so a cell
    // within the ripple of the sea may count as sea
    let sea = t.settings().sea_level() + hydraulic_erosion::hydrology::rivers::WANDER / 2.0;
    for (i, &h) in t.heights().iter().enumerate() {
        let (x, y) = (i % COLS, i / COLS);
        let inner = x > 0 && y > 0 && x < COLS - 1 && y < ROWS - 1;
        if inner && (h as f64) >= sea {
            assert!(d.downstream(i).is_some(), "land cell {i} drains nowhere");
        }
    }
}

#[test]
fn debug_paths_are_kept_only_when_asked_for_and_at_most_forty() {
    let mut t = Terrain::new(2);
    t.rain(100);
    assert!(t.paths().is_empty());
    t.set_record_paths(true);
    t.rain(100);
    assert_eq!(t.paths().len(), 40);
    assert!(t.paths().iter().all(|p| p.len() >= 2));
    t.clear_paths();
    assert!(t.paths().is_empty());
    // Recording the routes changes nothing about the rain
    let mut plain = Terrain::new(2);
    plain.rain(200);
    assert_eq!(plain.heights(), t.heights());
}

#[test]
fn showing_the_original_routes_and_draws_the_original() {
    let mut t = Terrain::new(4);
    t.rain(5_000);
    let mut map = MapView::default();
    let eroded = map.rivers(&t).clone();
    map.set_show_original(true);
    assert_eq!(map.shown(&t), t.original());
    let original = map.rivers(&t).clone();
    assert_ne!(eroded.ways, original.ways);
    let fresh = Terrain::new(4);
    assert_eq!(&original, MapView::default().rivers(&fresh));
}
