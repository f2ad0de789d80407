//! The web layer in a real browser (wasm-bindgen-test, headless Chromium).

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

use super::canvas::CanvasElement;
use super::controls::parse_seed;
use super::dom::{document, show_icon, window};
use super::messages::{self, Carrying, Report};
use super::painter::CanvasPainter;
use super::sketch_loop::SketchLoop;
use super::surface::Surface;
use crate::draw::color_schemes::scheme;
use crate::draw::painter::Painter;
use crate::draw::viewport::Size;
use crate::draw::words::thousands;
use crate::raster::fingerprint::fingerprint;
use crate::raster::grid::Grid;
use crate::settings::choices::Choice;
use crate::settings::sliders::Setting;
use crate::share::elevation::Encoding;
use crate::share::ground_link::GroundLink;
use crate::share::link;
use crate::sketch::numbers::Message;
use crate::sketch::{Input, Show, Sketch, Start};

wasm_bindgen_test_configure!(run_in_browser);

/// A holder of the given CSS size (height "auto" for none), in the body.
fn holder(width: &str, height: &str) -> HtmlElement {
    let div: HtmlElement = document().create_element("div").unwrap().dyn_into().unwrap();
    div.set_attribute("style", &format!("width: {width}; height: {height}")).unwrap();
    document().body().unwrap().append_child(&div).unwrap();
    div
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
    let element = CanvasElement::new(holder("480px", "270px"));
    let size = element.measure();
    let ratio = window().device_pixel_ratio().max(1.0);
    assert_eq!(size, Size::new(480.0, 270.0, ratio));
    let mut painter = CanvasPainter::new(Surface::Element(element.element().clone()), None).unwrap();
    painter.begin(size, scheme("site_light").unwrap());
    assert_eq!(element.element().width(), (480.0 * ratio).round() as u32);
    assert_eq!(element.element().height(), (270.0 * ratio).round() as u32);
    assert_eq!(element.element().client_width(), 480);
}

/// A painter on a canvas of its own, 320 × 180, and the canvas's 2D
/// context to read its pixels back.
fn painter_and_pixels() -> (CanvasPainter, web_sys::CanvasRenderingContext2d, Size) {
    let canvas: web_sys::HtmlCanvasElement = document().create_element("canvas").unwrap().dyn_into().unwrap();
    let painter = CanvasPainter::new(Surface::Element(canvas.clone()), None).unwrap();
    let ctx = Surface::Element(canvas).context_2d().unwrap();
    (painter, ctx, Size::new(320.0, 180.0, 1.0))
}

/// The pixels of a 320 × 180 canvas.
fn pixels(ctx: &web_sys::CanvasRenderingContext2d) -> Vec<u8> {
    ctx.get_image_data(0.0, 0.0, 320.0, 180.0).unwrap().data().to_vec()
}

#[wasm_bindgen_test]
fn kept_contours_look_as_those_stroked_each_frame_and_stay_until_they_change() {
    use crate::draw::marching_squares::Contours;
    use crate::draw::viewport::Viewport;
    let grid = Grid::new(160, 90);
    let hills = |shift: f32| -> Vec<f32> {
        (0..grid.cells())
            .map(|i| 0.5 + 0.4 * ((i % 160) as f32 / 9.0 + shift).sin() * ((i / 160) as f32 / 7.0).cos())
            .collect()
    };
    let (mut first, mut moved) = (Contours::default(), Contours::default());
    first.trace(grid, &hills(0.0), 0.2, 10);
    moved.trace(grid, &hills(1.5), 0.2, 10);
    let scheme = scheme("site_dark").unwrap();
    let view = Viewport::fit(grid, 320.0, 180.0);
    let draw = |painter: &mut CanvasPainter, size, contours: &Contours, kept| {
        painter.begin(size, scheme);
        painter.contours(contours, kept, scheme, view);
    };
    let (mut stroked, stroked_ctx, size) = painter_and_pixels();
    let (mut kept, kept_ctx, _) = painter_and_pixels();
    draw(&mut stroked, size, &first, None);
    draw(&mut kept, size, &first, Some(1));
    let (a, b) = (pixels(&stroked_ctx), pixels(&kept_ctx));
    let lit = a.chunks(4).filter(|p| p[..3] != a[..3]).count();
    assert!(lit > 5_000, "{lit} pixels of lines");
    let most = a.iter().zip(&b).map(|(x, y)| x.abs_diff(*y)).max().unwrap();
    assert!(most <= 2, "kept lines within {most} of a channel of those stroked");
    // Named the same, the picture kept is drawn, whatever lines are given;
    // named anew, the new lines
    draw(&mut kept, size, &moved, Some(1));
    assert_eq!(pixels(&kept_ctx), b);
    draw(&mut kept, size, &moved, Some(2));
    draw(&mut stroked, size, &moved, None);
    let (a, new) = (pixels(&stroked_ctx), pixels(&kept_ctx));
    assert!(a.iter().zip(&new).all(|(x, y)| x.abs_diff(*y) <= 2), "the new lines");
    assert!(new.iter().zip(&b).filter(|(x, y)| x != y).count() > 5_000, "which are not the old");
}

#[wasm_bindgen_test]
fn a_holder_with_no_height_gets_the_maps_proportions() {
    let element = CanvasElement::new(holder("638px", "auto"));
    assert_eq!(element.measure().height, 358.0);
    assert_eq!(element.element().client_height(), 358);
}

#[wasm_bindgen_test]
fn a_hidden_holder_is_not_laid_out() {
    let div = holder("480px", "270px");
    let element = CanvasElement::new(div.clone());
    assert!(element.laid_out());
    div.style().set_property("display", "none").unwrap();
    assert!(!element.laid_out());
    div.style().set_property("display", "block").unwrap();
    assert!(element.laid_out());
    assert_eq!(element.measure(), Size::new(480.0, 270.0, window().device_pixel_ratio().max(1.0)));
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

/// The numbers themselves are tested natively (`crate::sketch::numbers`,
/// `crate::sketch::status`); here, that they cross in JavaScript arrays.
#[wasm_bindgen_test]
fn messages_cross_to_a_worker_and_back_in_javascript_arrays() {
    for message in [Message::Input(Input::Resize(Size::new(640.5, 360.0, 1.5))), Message::Seen(true)] {
        assert_eq!(messages::message_from_js(&messages::message_to_js(&message).0), Some(message.clone()));
    }
    // A ground's heights cross as an array of their own, whose buffer is
    // moved into the worker, not copied
    let link = GroundLink {
        name: "N46E007.hgt".into(),
        grid: Grid::new(3, 2),
        fingerprint: 7,
        shore: 0.25,
        encoding: Encoding::Auto,
        steepness: 1.5,
    };
    let ground = Message::ShelveGround(link, vec![0.0, 0.25, 0.5, 0.75, 1.0, 0.125]);
    let (packet, transfer) = messages::message_to_js(&ground);
    assert_eq!(messages::message_from_js(&packet), Some(ground.clone()));
    let heights = js_sys::Array::from(&packet).get(2).dyn_into::<js_sys::Float32Array>().unwrap();
    assert_eq!(transfer.length(), 1);
    assert!(transfer.get(0) == JsValue::from(heights.buffer()), "the heights' own buffer is moved");
    let (_, none) = messages::message_to_js(&Message::Seen(true));
    assert_eq!(none.length(), 0, "nothing else is moved");
    assert_eq!(messages::message_from_js(&js_sys::Object::new().into()), None, "not a message of ours");
    let numbers = |n: &[f64]| js_sys::Array::of3(&js_sys::Float64Array::from(n), &JsValue::NULL, &JsValue::NULL);
    assert_eq!(messages::message_from_js(&numbers(&[77.0]).into()), None, "no such message");

    // A link's query travels as the array's text
    let shows = vec![Show::Busy(true), Show::Link("he-v=3&he-seed=3".into()), Show::No3d];
    let (js, _) = messages::report_to_js(&Report::Shows(shows.clone()));
    let Some(Report::Shows(back)) = messages::report_from_js(&js) else { panic!("not shows") };
    assert_eq!(back, shows);

    let mut start = Start::fresh(42, Size::new(300.0, 200.0, 2.0));
    start.link = link::read("he-seed=42&he-drops=900&he-t=300e.5t.01&he-terrain=ridged").link;
    assert_eq!(messages::start_from_js(&messages::start_to_js(&start)), Some(start));
}

#[wasm_bindgen_test]
fn what_a_worker_carries_crosses_the_page_untouched() {
    let mut sketch = Sketch::new(Start::fresh(7, Size::new(120.0, 90.0, 1.0)));
    sketch.input(Input::Set(Setting::Erosion, 0.4), 0.0);
    let (link, carried) = sketch.handover();
    let query = link::write(&link);
    let here = Carrying::Here(Box::new(carried.clone()));
    let (js, transfer) = messages::report_to_js(&Report::HandedOver { query: query.clone(), carried: here });
    assert_eq!(transfer.length(), 1, "the heights' buffer is moved to the page");
    let Some(Report::HandedOver { query: q, carried: posted }) = messages::report_from_js(&js) else {
        panic!("not handed over")
    };
    assert_eq!(q, query);
    let Carrying::Posted { ref packet, .. } = posted else { panic!("read into wasm on the page") };
    assert!(*packet == js_sys::Array::from(&js).get(2), "the worker's packet itself, not a copy");
    assert_eq!((posted.frames(), posted.capped()), (carried.frames, carried.capped));
    assert!(posted.to_js() == *packet, "passed on as it came");
    assert_eq!(posted.into_carried(), Some(carried), "and read whole where it is used");
    let not_carried = js_sys::Array::of3(&js_sys::Float64Array::from(&[3.0][..]), &JsValue::NULL, &JsValue::NULL);
    let js = js_sys::Array::of3(&js_sys::Float64Array::from(&[23.0][..]), &"he-seed=1".into(), &not_carried);
    assert!(messages::report_from_js(&js.into()).is_none(), "numbers too few for what a sketch carries");
}

#[wasm_bindgen_test]
fn a_sketch_loop_here_reports_its_state_and_asked_for_heights_and_acts_on_messages() {
    let element = CanvasElement::new(holder("320px", "180px"));
    let painter = CanvasPainter::new(Surface::Element(element.element().clone()), None).unwrap();
    let reports: Rc<RefCell<Vec<Report>>> = Rc::default();
    let sink = reports.clone();
    let sketch = Sketch::new(Start::fresh(1, element.measure()));
    let running = SketchLoop::start(sketch, painter, true, move |r| sink.borrow_mut().push(r));
    let status = |reports: &Rc<RefCell<Vec<Report>>>| {
        reports.borrow().iter().rev().find_map(|r| match r {
            Report::Status { status, .. } => Some((**status).clone()),
            _ => None,
        })
    };
    // It draws its first frame as it starts, not at the next animation frame
    let first = status(&reports).expect("a status as it starts");
    assert_eq!((first.seed, first.frames, first.drops, first.looping), (1, 1, 200, true));
    // The heights cross only when asked for: never with a frame
    assert!(
        reports
            .borrow()
            .iter()
            .all(|r| matches!(r, Report::Status { heights: None, .. } | Report::Shows(_) | Report::History(_))),
        "no heights unasked"
    );
    running.handle(Message::SendHeights);
    let (asked, hash) = match reports.borrow().last() {
        Some(Report::Status { status, heights: Some(h), .. }) => (h.to_vec(), status.heights_hash.0),
        other => panic!("no status with heights: {other:?}"),
    };
    assert_eq!(
        (asked.len(), hash),
        (320 * 180, fingerprint(Grid::ARTICLE, &asked)),
        "the heights, and the fingerprint the status gave them"
    );
    running.handle(Message::Input(Input::PlayPause));
    assert!(!status(&reports).unwrap().looping);
    assert!(reports
        .borrow()
        .iter()
        .any(|r| matches!(r, Report::Shows(s) if s.contains(&Show::PlayState { looping: false }))));
    // Asked once, they cross once: the next status comes without them
    running.handle(Message::Input(Input::Set(Setting::Erosion, 0.5)));
    assert!(matches!(reports.borrow().last(), Some(Report::Status { heights: None, .. })));
    // Out of view, it says where it is for the address bar
    running.handle(Message::Seen(false));
    assert!(reports
        .borrow()
        .iter()
        .any(|r| matches!(r, Report::Shows(s) if s.iter().any(|s| matches!(s, Show::Link(_))))));
    // A new map size: its heights, and its choices in the status, which
    // crosses to the page unchanged
    running.handle(Message::Input(Input::Choose(Choice::MapSize, 1)));
    assert!(matches!(reports.borrow().last(), Some(Report::Status { heights: None, .. })));
    running.handle(Message::SendHeights);
    let (status, heights) = match reports.borrow().last() {
        Some(Report::Status { status, heights: Some(h), .. }) => ((**status).clone(), h.length()),
        other => panic!("no status with heights: {other:?}"),
    };
    assert_eq!((status.grid().cols, heights), (640, 640 * 360));
    let (js, _) =
        messages::report_to_js(&Report::Status { status: Box::new(status.clone()), heights: None, handled: 7 });
    let Some(Report::Status { status: back, handled: 7, .. }) = messages::report_from_js(&js) else { panic!() };
    assert_eq!(*back, status);
}

#[wasm_bindgen_test]
fn a_new_sketch_joins_the_least_loaded_worker_until_all_are_full_and_another_may_start() {
    use super::worker_pool::{worker_to_join, SKETCHES_PER_WORKER};
    let full = SKETCHES_PER_WORKER;
    assert_eq!(worker_to_join(&[], 4), None, "the first sketch starts a worker");
    assert_eq!(worker_to_join(&[full - 1], 4), Some(0), "a worker with room takes it");
    assert_eq!(worker_to_join(&[full], 4), None, "a full worker, and room for another");
    assert_eq!(worker_to_join(&[full, 1], 4), Some(1), "the least loaded");
    assert_eq!(worker_to_join(&[full + 2, full + 1], 2), Some(1), "no room for more: the least loaded");
    assert_eq!(worker_to_join(&[full], 1), Some(0), "one core's worth: all in one");
}

#[wasm_bindgen_test]
async fn the_page_s_controls_are_found_and_given_back_out_of_its_document_then_brought_in_a_part_a_frame() {
    use super::controls::Controls;
    use super::dom::Root;
    let list = holder("300px", "auto");
    list.set_inner_html(concat!(
        r#"<template data-group-to-come><fieldset id="first">"#,
        r#"<button id="held" disabled data-waiting>Restart</button><button id="undo" disabled>Undo</button>"#,
        r#"<template data-group-to-come><button id="later" disabled data-waiting>Save</button></template>"#,
        r#"</fieldset></template><template data-group-to-come><fieldset id="second"></fieldset></template>"#,
        r#"<template id="own"><fieldset id="not-ours"></fieldset></template><fieldset id="hidden" hidden></fieldset>"#
    ));
    let in_document = |id: &str| document().get_element_by_id(id).is_some();
    let page = Root::page();
    assert!(!in_document("held"), "the group starts out of the document");
    assert!(page.by_id("held").is_some(), "its controls are found all the same");
    assert!(page.by_id("later").is_some(), "and those of a part inside a group");
    assert_eq!(page.all("[data-waiting]").count(), 2, "and those held among the page's");
    Controls::give_back(&page);
    let has = |id: &str, attribute: &str| page.by_id(id).unwrap().has_attribute(attribute);
    assert!(!has("held", "disabled") && !has("held", "data-waiting"), "the control held is given back");
    assert!(!has("later", "disabled"), "and the part's");
    assert!(has("undo", "disabled"), "a control disabled for its own reason stays so");

    let figure = Rc::new(Controls::find(&Root::Figure(document().create_document_fragment())));
    figure.bring_in_groups();
    assert!(!in_document("held") && figure.in_document(), "a figure brings in none of the page's groups");
    let controls = Rc::new(Controls::find(&page));
    assert!(!controls.in_document(), "the page's are still to come");
    controls.bring_in_groups();
    let place = document().get_element_by_id("first").unwrap().parent_element().unwrap();
    assert!(place.is_same_node(Some(&list)), "in its template's place");
    let mut order = vec![];
    let mut frames = 0;
    loop {
        order.push(["held", "later", "second"].map(in_document));
        if controls.in_document() || frames == 60 {
            break;
        }
        next_frame().await;
        frames += 1;
    }
    assert_eq!(
        order.iter().take(3).copied().collect::<Vec<_>>(),
        [[true, false, false], [true, true, false], [true, true, true]],
        "the first group at once, the part inside it a frame later, then the second group"
    );
    assert!(controls.in_document(), "every group is in after {frames} frames");
    assert_eq!(
        list.query_selector_all("template[data-group-to-come]").unwrap().length(),
        0,
        "no template of ours is left"
    );
    assert!(page.by_id("own").is_some() && page.by_id("not-ours").is_none(), "another template stays one");
    assert!(has("hidden", "hidden"), "a group hidden for its own reason stays so");
    list.remove();
}

/// Waits for the browser's next animation frame, and a task past it.
async fn next_frame() {
    let frame = js_sys::Promise::new(&mut |resolve, _| {
        let after = wasm_bindgen::closure::Closure::once_into_js(move || {
            let _ = window().set_timeout_with_callback(&resolve);
        });
        let _ = window().request_animation_frame(after.unchecked_ref());
    });
    let _ = wasm_bindgen_futures::JsFuture::from(frame).await;
}
