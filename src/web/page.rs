//! The page's sketch: started in `#sketch-holder` with the controls found by
//! the original's IDs, and the JavaScript API that reads and steers it
//! (README, "The JavaScript API").

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{EventTarget, HtmlElement, ResizeObserver};

use crate::settings::choices::Choice;
use crate::settings::sliders::Setting;
use crate::share::link::MapLink;
use crate::sketch::numbers::Message;
use crate::sketch::status::{Field, Value};
use crate::sketch::{Input, Start};

use super::canvas::CanvasElement;
use super::controls::{Action, Controls};
use super::dom::Root;
use super::dom::{after_next_paint, after_this_task, document, listen};
use super::host::{heights_in, Host, Links};
use super::{
    brush, first_picture, free_holder, orbit_controls, random_seed, sharing, sketch_start, theme, undo_keys,
    visibility, RUNNING,
};

thread_local! {
    static HOST: RefCell<Option<Rc<Host>>> = const { RefCell::new(None) };
}

/// Starts the sketch in `#sketch-holder`. A page without one is using this
/// module only for its `Terrain`, and nothing starts; nor does anything in
/// the sketch's worker, which runs this module too and is started by the
/// page (`runSketchWorker`), nor in the full build the page loads where it
/// cannot draw from a worker (`runSketchHere`).
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
    if web_sys::window().is_none() {
        return;
    }
    // (a holder already driven by a sketch is left alone)
    let Some(holder) = free_holder() else {
        return;
    };
    let _ = holder.set_attribute(RUNNING, "");
    // A link brings its map back; a page without one starts a new map, the
    // one the first picture shows if it came first
    let shared = sharing::read_address();
    let mut link = shared.link;
    let pictured = first_picture::lay_over(&holder);
    link.seed = Some(link.seed.or(pictured).unwrap_or_else(random_seed));
    // Its canvases are made in this task, where the page hears of a browser
    // that will not make one (www/start.js); the sketch starts in the next:
    // with the module's instantiation, which ends in this one, it made a
    // task of 50 to 75 ms on a phone's CPU, longer than a touch should wait
    let element = CanvasElement::new(holder.clone());
    after_this_task(move || {
        let host = run_sketch(element, link, shared.capped, false, Root::page(), Links::AddressBar);
        if pictured.is_some() {
            take_picture_down_once_drawn(holder, host.clone());
        }
        HOST.with(|h| *h.borrow_mut() = Some(host));
    });
}

/// Takes the first picture down once the sketch has drawn its first frame
/// (in its worker, a moment after it starts) and that frame is on screen:
/// the map is never blank meanwhile.
fn take_picture_down_once_drawn(holder: HtmlElement, host: Rc<Host>) {
    after_next_paint(move || {
        if host.status().is_some() {
            after_next_paint(move || {
                first_picture::take_down(&holder);
            });
        } else {
            take_picture_down_once_drawn(holder, host);
        }
    });
}

/// Runs the sketch of `link` on `element`'s canvases (its drops asked for
/// more than a link replays if `capped`; still until played if `paused`),
/// with the controls found under `root` (the page, or a figure's shadow
/// root), its links going to `links`; and wires it to what it answers.
pub(super) fn run_sketch(
    element: CanvasElement,
    link: MapLink,
    capped: bool,
    paused: bool,
    root: Root,
    links: Links,
) -> Rc<Host> {
    let holder = element.holder().clone();
    let start = Start { paused, ..sketch_start(&element, link, capped) };
    let controls = Rc::new(Controls::find(&root));
    let host = Host::start(controls.clone(), element, start.clone(), links);
    // The controls are wired, then given back and filled, each in a task
    // of its own once the sketch has started ([`Host::start`]): the page's
    // thread is free for the reader between them (the three in one task,
    // on a phone's CPU, took 50 to 60 ms, longer than a reader should
    // wait). They stay disabled until wired, so nothing a reader does is
    // lost. The page's groups are then brought into its document, filled,
    // a frame each
    let host_ = host.clone();
    after_this_task(move || {
        wire(&host_, &holder, &controls, &root.events());
        after_this_task(move || {
            Controls::give_back(&root);
            controls.fill(&start);
            controls.bring_in_groups();
        });
    });
    host
}

/// Wires a sketch just started in `holder` to what it answers: its
/// controls, the site's theme and the reader's motion preference, the
/// holder's size, the pointer, the undo keys pressed under `keys` (the
/// document, or a figure's shadow root), and whether it can be seen.
fn wire(host: &Rc<Host>, holder: &HtmlElement, controls: &Rc<Controls>, keys: &EventTarget) {
    let host_ = host.clone();
    controls.wire(Rc::new(move |action: Action| host_.act(action)));
    let host_ = host.clone();
    theme::watch_site_theme(move |dark| host_.send(Message::Input(Input::SiteTheme { dark })));
    let host_ = host.clone();
    theme::watch_reduced_motion(move |reduce| host_.send(Message::Input(Input::ReducedMotion(reduce))));
    watch_size(holder, host, controls);
    orbit_controls::wire(holder, host);
    brush::wire(holder, host);
    undo_keys::wire(keys, holder, host);
    visibility::rest_when_unseen(host, holder);
}

/// Only the drawing changes size, never the terrain: a new size redraws.
fn watch_size(holder: &HtmlElement, host: &Rc<Host>, controls: &Rc<Controls>) {
    let host_ = host.clone();
    let on_resize = Closure::<dyn FnMut()>::new(move || host_.resize());
    if let Ok(observer) = ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
        observer.observe(holder);
    }
    on_resize.forget();
    let (host, controls) = (host.clone(), controls.clone());
    listen(&document(), "fullscreenchange", move |_| {
        controls.show_fullscreen_state();
        host.resize();
    });
}

fn with_host<T>(answer: impl FnOnce(&Host) -> T) -> Option<T> {
    HOST.with(|h| h.borrow().as_ref().map(|host| answer(host)))
}

/// The running sketch's state, for tests and the bench page, as of its
/// latest frame, or `null` when no sketch runs or it has not reported yet:
/// every field of [`Status`] (see its table for each one's name and
/// meaning; `heightsHash` is a fingerprint of its heights, 16 hex digits),
/// and three of the page's own: `resting` (whether it rests out of sight),
/// `thread` (where the sketch runs: "worker" or "main") and `settled`
/// (whether the state takes in every control the reader has touched, a
/// worker answering a moment later, and the sketch runs where it stays:
/// a sketch moves between its worker and the main thread when one fails,
/// and to the full build's when a reader first needs it).
///
/// [`Status`]: crate::sketch::status::Status
#[wasm_bindgen(js_name = pageState)]
pub fn page_state() -> JsValue {
    with_host(state_of).unwrap_or(JsValue::NULL)
}

/// A sketch's state as [`page_state`] gives it, or `null` before it has
/// reported.
pub(super) fn state_of(host: &Host) -> JsValue {
    let Some(status) = host.status() else { return JsValue::NULL };
    let state = record(status.values());
    let page = [
        ("resting", JsValue::from(!host.seen())),
        ("thread", host.thread().into()),
        ("settled", host.settled().into()),
        ("version", crate::VERSION.into()),
    ];
    for (name, value) in page {
        let _ = Reflect::set(&state, &name.into(), &value);
    }
    state
}

/// Named values as a plain object.
fn record(fields: impl IntoIterator<Item = (&'static str, Value)>) -> JsValue {
    let object = Object::new();
    for (name, value) in fields {
        // Setting a property on a fresh plain object cannot fail
        let _ = Reflect::set(&object, &name.into(), &to_js(value));
    }
    object.into()
}

fn to_js(value: Value) -> JsValue {
    match value {
        Value::Number(n) => n.into(),
        Value::Flag(on) => on.into(),
        Value::Text(text) => text.into(),
        Value::Pair(a, b) => Array::of2(&a.into(), &b.into()).into(),
        Value::Record(fields) => record(fields),
        Value::Hex(n) => format!("{n:016x}").into(),
    }
}

/// How like real land the running sketch's map is, as last measured
/// (every few thousand drops, and where the rain stops): `{
/// hypsometricIntegral, hackExponent, concavity, drainageDensity, drops }`,
/// each NaN where the map gives too little to measure; `null` when no
/// sketch runs. The measures are defined in `src/morphometry/`.
#[wasm_bindgen]
pub fn measures() -> JsValue {
    with_host(|host| {
        let Some(status) = host.status() else { return JsValue::NULL };
        let Value::Record(mut fields) = Field::value(&status.measures) else { return JsValue::NULL };
        fields.push(("drops", Value::Number(status.measured_at as f64)));
        record(fields)
    })
    .unwrap_or(JsValue::NULL)
}

/// How many frames the running sketch has drawn (0 when none runs): a probe
/// cheap enough to poll on every animation frame, as the bench does to see
/// when the first frame is drawn, without disturbing the page it measures.
#[wasm_bindgen(js_name = pageFrames)]
pub fn page_frames() -> f64 {
    with_host(|host| host.status().map_or(0.0, |s| s.frames as f64)).unwrap_or(0.0)
}

/// A promise of the running sketch's heights as they are when it hears the
/// request (`grid` of `pageState()` in size, row by row, a copy of its
/// own), or of `null` when no sketch runs. They are asked of the sketch
/// (in its worker, a message each way), never sent with every frame.
#[wasm_bindgen(js_name = pageHeights)]
pub fn page_heights() -> js_sys::Promise {
    heights_of(HOST.with(|h| h.borrow().clone()))
}

/// A promise of a sketch's heights as [`page_heights`] gives them (of
/// `null` for no sketch).
pub(super) fn heights_of(host: Option<Rc<Host>>) -> js_sys::Promise {
    js_sys::Promise::new(&mut |resolve, _| match &host {
        Some(host) => host.ask_heights(Box::new(move |ground, status| {
            let _ = resolve.call1(&JsValue::NULL, &heights_in(&ground, status));
        })),
        None => {
            let _ = resolve.call1(&JsValue::NULL, &JsValue::NULL);
        }
    })
}

/// Undoes the reader's latest change to the running sketch (as its Undo
/// button does): the map goes back to just before it.
#[wasm_bindgen]
pub fn undo() {
    if let Some(host) = HOST.with(|h| h.borrow().clone()) {
        host.send(Message::Input(Input::Undo));
    }
}

/// Draws a stroke of the hand's tool on the running sketch, as a reader
/// does by hand (README, "The JavaScript API"): `{ tool, size, strength,
/// points: [x0, y0, x1, y1, …] }`, the points in cells of the map, `tool`
/// one of `rain`, `raise`, `lower`, `smooth`, `size` and `strength` as
/// their sliders take them (left out, the sliders' values). The tool and
/// sliders stay as the stroke set them. False, and nothing done, when no
/// sketch runs or `spec` is not a stroke.
#[wasm_bindgen]
pub fn stroke(spec: JsValue) -> bool {
    HOST.with(|h| h.borrow().clone()).is_some_and(|host| stroke_of(&host, &spec))
}

/// Has `host`'s sketch draw the stroke `spec` describes ([`stroke`]).
pub(super) fn stroke_of(host: &Rc<Host>, spec: &JsValue) -> bool {
    let field = |name: &str| Reflect::get(spec, &name.into()).ok().filter(|v| !v.is_undefined());
    let tool = field("tool").and_then(|t| t.as_string()).and_then(|t| Choice::Tool.option(&t)).filter(|&k| k > 0);
    // (an array of numbers, or a typed array: `Array.from` takes either)
    let numbers: Option<Vec<f64>> =
        field("points").map(|p| Array::from(&p).iter().map(|v| v.as_f64().unwrap_or(f64::NAN)).collect());
    let points = numbers.filter(|n| n.len() >= 2 && n.len() % 2 == 0 && n.iter().all(|v| v.is_finite()));
    let (Some(tool), Some(points)) = (tool, points) else { return false };
    host.send(Message::Input(Input::Choose(Choice::Tool, tool)));
    for (name, setting) in [("size", Setting::ToolSize), ("strength", Setting::ToolStrength)] {
        if let Some(value) = field(name).and_then(|v| v.as_f64()) {
            host.send(Message::Input(Input::Set(setting, value)));
        }
    }
    host.send(Message::Input(Input::Stroke(points.chunks(2).map(|p| [p[0], p[1]]).collect())));
    true
}

/// Makes the change undone last again (as the Redo button does).
#[wasm_bindgen]
pub fn redo() {
    if let Some(host) = HOST.with(|h| h.borrow().clone()) {
        host.send(Message::Input(Input::Redo));
    }
}

/// The reader's changes to the running sketch, oldest first, as of its
/// latest report: `[{ drops, change, value, undone }]`, where `change`
/// names what changed (a slider's, toggle's or choice's name, "scheme",
/// "restart", "seed" for a new map, "rewind", "stroke" for the hand's) and `value` is what it
/// changed to (a number, a flag, an option's key; the drops rewound to;
/// `null` for a restart). `drops` is the drop count it was made at;
/// `undone` says it was undone and can be redone. Empty when no sketch
/// runs.
#[wasm_bindgen]
pub fn history() -> JsValue {
    let brief = with_host(|host| host.history()).unwrap_or_default();
    let list = Array::new();
    for (k, (drops, change)) in brief.changes.iter().enumerate() {
        let (name, value): (&str, JsValue) = match change {
            Input::Set(setting, v) => (setting.slider().name, (*v).into()),
            Input::Toggle(toggle, on) => (toggle.row().name, (*on).into()),
            Input::Choose(choice, option) => (choice.row().name, choice.row().options[*option].0.into()),
            Input::PickScheme(key) => ("scheme", key.as_str().into()),
            Input::Restart => ("restart", JsValue::NULL),
            Input::NewMap { seed } => ("seed", (*seed).into()),
            Input::Rewind(to) => ("rewind", (*to as f64).into()),
            Input::PenDown { .. } | Input::Stroke(_) => ("stroke", JsValue::NULL),
            Input::OpenGround(ground) => ("ground", ground.name.as_str().into()),
            _ => continue,
        };
        let fields = [
            ("drops", JsValue::from(*drops as f64)),
            ("change", name.into()),
            ("value", value),
            ("undone", (k >= brief.done).into()),
        ];
        let entry = Object::new();
        for (field, value) in fields {
            let _ = Reflect::set(&entry, &field.into(), &value);
        }
        list.push(&entry);
    }
    list.into()
}
