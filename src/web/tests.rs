//! The web layer in a real browser (wasm-bindgen-test, headless Chromium).

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

use super::app::App;
use super::canvas::Canvas;
use super::controls::{parse_seed, Controls};
use super::dom::{document, show_icon, thousands, window};
use crate::color_schemes::scheme;
use crate::settings::Setting;
use crate::share::timeline::Change;
use crate::terrain::{Terrain, RAIN_TARGET};

wasm_bindgen_test_configure!(run_in_browser);

/// A holder of the given CSS size (height "auto" for none), in the body.
fn holder(width: &str, height: &str) -> HtmlElement {
    let div: HtmlElement = document().create_element("div").unwrap().dyn_into().unwrap();
    div.set_attribute("style", &format!("width: {width}; height: {height}")).unwrap();
    document().body().unwrap().append_child(&div).unwrap();
    div
}

fn app_in(holder: HtmlElement) -> App {
    App::new(Terrain::new(1), Canvas::new(holder), Controls::find(), scheme("site_light").unwrap())
}

#[wasm_bindgen_test]
fn counts_are_written_as_english_locale_strings() {
    assert_eq!(thousands(0), "0");
    assert_eq!(thousands(999), "999");
    assert_eq!(thousands(1000), "1,000");
    assert_eq!(thousands(300_000), "300,000");
    assert_eq!(thousands(12_345_678), "12,345,678");
}

#[wasm_bindgen_test]
fn seeds_are_read_as_the_original_reads_them() {
    assert_eq!(parse_seed("1234"), 1234);
    assert_eq!(parse_seed("12abc"), 12);
    assert_eq!(parse_seed("abc"), 0);
    assert_eq!(parse_seed(""), 0);
    assert_eq!(parse_seed("-5"), 0);
    assert_eq!(parse_seed("99999999999"), u32::MAX);
}

#[wasm_bindgen_test]
fn the_backing_store_follows_the_pixel_ratio() {
    let canvas = Canvas::new(holder("480px", "270px"));
    let ratio = window().device_pixel_ratio().max(1.0);
    assert_eq!(canvas.element().width(), (480.0 * ratio).round() as u32);
    assert_eq!(canvas.element().height(), (270.0 * ratio).round() as u32);
    assert_eq!(canvas.element().client_width(), 480);
}

#[wasm_bindgen_test]
fn a_holder_with_no_height_gets_the_maps_proportions() {
    let canvas = Canvas::new(holder("638px", "auto"));
    assert_eq!(canvas.element().client_height(), 358);
}

#[wasm_bindgen_test]
fn a_toggle_shows_the_icon_for_what_a_click_will_do() {
    let button: Element = document().create_element("button").unwrap();
    button.set_inner_html(r#"<svg class="icon-play"></svg><svg class="icon-pause"></svg>"#);
    show_icon(&button, "pause");
    let icon = |k| button.query_selector_all("svg").unwrap().item(k).unwrap().dyn_into::<Element>().unwrap();
    assert!(icon(0).class_list().contains("hidden") && !icon(1).class_list().contains("hidden"));
    show_icon(&button, "play");
    assert!(!icon(0).class_list().contains("hidden") && icon(1).class_list().contains("hidden"));
}

#[wasm_bindgen_test]
fn each_frame_rains_the_drops_per_frame_and_paused_frames_only_draw() {
    let mut app = app_in(holder("320px", "180px"));
    app.frame();
    app.frame();
    assert_eq!(app.terrain.drops(), 400);
    app.set_looping(false);
    let hash = app.terrain.heights_hash();
    app.frame();
    assert_eq!((app.terrain.drops(), app.terrain.heights_hash()), (400, hash));
    assert_eq!(app.frames(), 3);
}

#[wasm_bindgen_test]
fn the_rain_stops_once_at_the_target_and_play_carries_on() {
    let mut app = app_in(holder("320px", "180px"));
    app.show_rivers = false;
    app.set(Setting::DropsPerFrame, 1000.0);
    app.set(Setting::ContourLevels, 0.0);
    while app.looping {
        app.frame();
        assert!(app.terrain.drops() <= RAIN_TARGET, "rained past the target");
    }
    assert_eq!(app.terrain.drops(), RAIN_TARGET);
    app.set_looping(true);
    app.frame();
    app.frame();
    assert!(app.looping, "play carries on past the target");
    assert_eq!(app.terrain.drops(), RAIN_TARGET + 2000);
}

#[wasm_bindgen_test]
fn a_restart_starts_from_the_original_terrain() {
    let mut app = app_in(holder("320px", "180px"));
    let original = app.terrain.heights_hash();
    app.frame();
    app.restart(1);
    assert_eq!((app.terrain.drops(), app.terrain.heights_hash()), (0, original));
    app.restart(2);
    assert_eq!(app.terrain.seed(), 2);
    assert_ne!(app.terrain.heights_hash(), original);
}

#[wasm_bindgen_test]
fn changes_while_it_rains_go_into_the_link_and_a_restart_clears_them() {
    let mut app = app_in(holder("320px", "180px"));
    app.set(Setting::Erosion, 0.5);
    app.frame();
    app.set(Setting::Erosion, 0.6);
    app.set(Setting::ContourLevels, 3.0);
    app.frame();
    let link = app.link();
    assert_eq!((link.settings.erosion(), link.settings.contour_levels()), (0.5, 3));
    assert_eq!(link.timeline, [Change { drops: 200, setting: Setting::Erosion, value: 0.6 }]);
    app.restart(1);
    let link = app.link();
    assert!(link.timeline.is_empty());
    assert_eq!(link.settings.erosion(), 0.6, "a restart starts from the settings in force");
}
