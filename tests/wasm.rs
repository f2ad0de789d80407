//! The simulation compiled to wasm and run in headless Chromium
//! (`wasm-bindgen-test`): it must give the same heights to the bit as the
//! native build, and the JavaScript API must behave as documented.
#![cfg(target_arch = "wasm32")]

use hydraulic_erosion::bindings::JsTerrain;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

mod common;
use common::{seed_1_after_10k, SEED_1_AFTER_10K};

#[wasm_bindgen_test]
fn wasm_heights_match_the_native_fingerprint_to_the_bit() {
    let hash = seed_1_after_10k();
    assert_eq!(hash, SEED_1_AFTER_10K, "got {hash:#018x}");
}

#[wasm_bindgen_test]
fn the_javascript_api_rains_routes_and_traces() {
    let mut t = JsTerrain::new(1);
    for _ in 0..100 {
        t.rain(100);
    }
    assert_eq!(t.drops(), 10_000.0);
    assert_eq!(t.heights_hash(), format!("{SEED_1_AFTER_10K:016x}"));
    let rivers = t.rivers();
    let (water, downstream) = (rivers.water().to_vec(), rivers.downstream().to_vec());
    assert_eq!(water.len(), 320 * 180);
    let sinks: f64 = downstream.iter().zip(&water).filter(|(d, _)| **d < 0).map(|(_, w)| *w as f64).sum();
    assert_eq!(sinks, (320 * 180) as f64, "water is conserved");
    let contours = t.contours();
    assert!(contours.regular().length() > 1000 && contours.regular().length() % 4 == 0);
    assert!(contours.index().length() > 100);
    assert_eq!(t.relief("topographic").map(|p| p.len()).ok(), Some(320 * 180 * 4));
    assert!(t.relief("no such scheme").is_err());
}

#[wasm_bindgen_test]
fn settings_are_set_by_name_and_clamped() {
    let mut t = JsTerrain::new(3);
    assert_eq!(t.set("brush-radius", 9.0).ok(), Some(6.0));
    assert_eq!(t.set("sea_level", f64::NAN).ok(), Some(0.25));
    assert_eq!(t.get("erosion").ok(), Some(0.3));
    assert!(t.set("gravity", 1.0).is_err());
    assert_eq!(JsTerrain::sliders().length(), 17);
    assert_eq!(JsTerrain::schemes().length(), 6);
}

#[wasm_bindgen_test]
fn shapes_sizes_and_presets_are_chosen_by_name() {
    let mut t = JsTerrain::new(3);
    assert_eq!((t.cols(), t.rows()), (320, 180));
    assert_eq!(t.chosen("terrain").ok().as_deref(), Some("island"));
    t.choose("map-size", "640x360").unwrap();
    t.choose("terrain", "ridged").unwrap();
    assert_eq!((t.cols(), t.rows(), t.heights().len()), (640, 360, 640 * 360));
    assert_eq!(t.set("octaves", 4.0).ok(), Some(4.0));
    t.choose("preset", "tutorial").unwrap();
    assert_eq!((t.cols(), t.chosen("terrain").ok().as_deref()), (512, Some("warped")));
    assert_eq!((t.get("talus").ok(), t.get("octaves").ok()), (Some(0.008), Some(6.0)), "the preset sets its settings");
    t.rain(1_000);
    assert_eq!(t.rivers().water().length(), 512 * 512);
    assert!(t.choose("terrain", "mountains").is_err());
    t.choose("preset", "landscape").unwrap();
    let trees = t.trees().expect("the full build has trees").to_vec();
    assert!(trees.len() > 4 * 100 && trees.len() % 4 == 0, "{} numbers", trees.len());
    let skeleton = t.tree_skeleton(trees[3] as u32).expect("and their branches").to_vec();
    assert!(skeleton.len() > 4 * 10 && skeleton.len() % 4 == 0);
    assert!(t.choose("colour", "red").is_err());
    assert!(t.chosen("nothing").is_err());
    let choices = JsTerrain::choices();
    assert_eq!(choices.length(), 6, "terrain, map size, preset, river style, layer, tool");
    let last = js_sys::Reflect::get(&choices.get(5), &"name".into()).unwrap();
    assert_eq!(last.as_string().as_deref(), Some("tool"));
    // How like real land the landscape's map is, as numbers
    let measures = t.measures();
    for name in ["hypsometricIntegral", "hackExponent", "concavity", "drainageDensity"] {
        let value = js_sys::Reflect::get(&measures, &name.into()).unwrap().as_f64();
        assert!(value.is_some_and(f64::is_finite), "{name}: {value:?}");
    }
    let first = js_sys::Reflect::get(&choices.get(0), &"default".into()).unwrap();
    assert_eq!(first.as_string().as_deref(), Some("island"));
}

#[wasm_bindgen_test]
fn your_own_heights_make_a_terrain_that_rains_as_it_does_natively() {
    // The island's own heights, given back: the same terrain, the same rain
    let island = JsTerrain::new(1).heights();
    let mut t = JsTerrain::from_heights(&island, 320, 180, Some(1)).expect("the island's heights are a ground");
    assert_eq!((t.cols(), t.rows()), (320, 180));
    for _ in 0..100 {
        t.rain(100);
    }
    assert_eq!(t.heights_hash(), format!("{SEED_1_AFTER_10K:016x}"));
    assert!(JsTerrain::from_heights(&island, 321, 180, None).is_err(), "heights that are not the rows said");
    let mut holed = island.clone();
    holed[7] = f32::NAN;
    assert!(JsTerrain::from_heights(&holed, 320, 180, None).is_err(), "a height that is not finite");
}
