//! What the page and a running sketch say to each other, and the same as
//! plain JavaScript objects, which is how they cross to and from a worker
//! (structured clone; bulk data as transferred buffers). On the main thread
//! the same values are handed over directly.

use js_sys::{Array, Float32Array, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::settings::{Setting, Settings};
use crate::share::link;
use crate::sketch::{Input, Show, Size, Start, Status};
use crate::toggles::{Toggle, Toggles};

/// From the page to the sketch.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    Input(Input),
    /// Whether the reader can see the sketch (in view, document shown).
    Seen(bool),
    /// The picture as a PNG, please ([`Report::Picture`]).
    SavePicture,
}

/// From the sketch to the page.
#[derive(Clone, Debug)]
pub enum Report {
    /// The sketch after a frame or an input, with its heights when they
    /// changed since the last report.
    Status {
        status: Status,
        heights: Option<Float32Array>,
    },
    Shows(Vec<Show>),
    /// The picture as a PNG file, or `None` when it could not be made.
    Picture(Option<web_sys::Blob>),
}

fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    for (key, value) in fields {
        let _ = Reflect::set(&o, &(*key).into(), value);
    }
    o.into()
}

fn field(o: &JsValue, key: &str) -> JsValue {
    Reflect::get(o, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

fn number(o: &JsValue, key: &str) -> Option<f64> {
    field(o, key).as_f64()
}

fn flag(o: &JsValue, key: &str) -> Option<bool> {
    field(o, key).as_bool()
}

fn text(o: &JsValue, key: &str) -> Option<String> {
    field(o, key).as_string()
}

fn setting(o: &JsValue) -> Option<Setting> {
    Setting::from_name(&text(o, "setting")?)
}

/// A 32-bit seed, a whole number carried as a JavaScript number.
fn seed(o: &JsValue) -> Option<u32> {
    number(o, "seed").filter(|s| s.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(s)).map(|s| s as u32)
}

fn size_to_js(size: Size) -> JsValue {
    Array::of3(&size.width.into(), &size.height.into(), &size.ratio.into()).into()
}

fn size_from_js(value: &JsValue) -> Option<Size> {
    let a: &Array = value.dyn_ref()?;
    Some(Size::new(a.get(0).as_f64()?, a.get(1).as_f64()?, a.get(2).as_f64()?))
}

pub fn input_to_js(input: &Input) -> JsValue {
    let kind = |k: &str| ("kind", JsValue::from(k));
    match input {
        Input::Set(s, value) => object(&[kind("set"), ("setting", s.slider().name.into()), ("value", (*value).into())]),
        Input::Toggle(t, on) => object(&[kind("toggle"), ("toggle", t.row().name.into()), ("on", (*on).into())]),
        Input::PickScheme(key) => object(&[kind("scheme"), ("key", key.into())]),
        Input::SiteTheme { dark } => object(&[kind("theme"), ("dark", (*dark).into())]),
        Input::PlayPause => object(&[kind("play-pause")]),
        Input::Restart => object(&[kind("restart")]),
        Input::NewMap { seed } => object(&[kind("new-map"), ("seed", (*seed).into())]),
        Input::Resize(size) => object(&[kind("resize"), ("size", size_to_js(*size))]),
        Input::ReducedMotion(on) => object(&[kind("reduced-motion"), ("on", (*on).into())]),
        Input::Share => object(&[kind("share")]),
        Input::Resting => object(&[kind("resting")]),
    }
}

pub fn input_from_js(o: &JsValue) -> Option<Input> {
    Some(match text(o, "kind")?.as_str() {
        "set" => Input::Set(setting(o)?, number(o, "value")?),
        "toggle" => Input::Toggle(Toggle::from_name(&text(o, "toggle")?)?, flag(o, "on")?),
        "scheme" => Input::PickScheme(text(o, "key")?),
        "theme" => Input::SiteTheme { dark: flag(o, "dark")? },
        "play-pause" => Input::PlayPause,
        "restart" => Input::Restart,
        "new-map" => Input::NewMap { seed: seed(o)? },
        "resize" => Input::Resize(size_from_js(&field(o, "size"))?),
        "reduced-motion" => Input::ReducedMotion(flag(o, "on")?),
        "share" => Input::Share,
        "resting" => Input::Resting,
        _ => return None,
    })
}

pub fn message_to_js(message: &Message) -> JsValue {
    match message {
        Message::Input(input) => object(&[("input", input_to_js(input))]),
        Message::Seen(seen) => object(&[("seen", (*seen).into())]),
        Message::SavePicture => object(&[("savePicture", true.into())]),
    }
}

pub fn message_from_js(o: &JsValue) -> Option<Message> {
    if let Some(seen) = flag(o, "seen") {
        return Some(Message::Seen(seen));
    }
    if flag(o, "savePicture") == Some(true) {
        return Some(Message::SavePicture);
    }
    input_from_js(&field(o, "input")).map(Message::Input)
}

fn show_to_js(show: &Show) -> JsValue {
    let kind = |k: &str| ("kind", JsValue::from(k));
    match show {
        Show::PlayState { looping } => object(&[kind("play"), ("looping", (*looping).into())]),
        Show::Setting(s, value) => {
            object(&[kind("setting"), ("setting", s.slider().name.into()), ("value", (*value).into())])
        }
        Show::Scheme(key) => object(&[kind("scheme"), ("key", (*key).into())]),
        Show::Busy(on) => object(&[kind("busy"), ("on", (*on).into())]),
        Show::Link { query, exact } => object(&[kind("link"), ("query", query.into()), ("exact", (*exact).into())]),
        Show::Shared { exact } => object(&[kind("shared"), ("exact", (*exact).into())]),
    }
}

fn show_from_js(o: &JsValue) -> Option<Show> {
    Some(match text(o, "kind")?.as_str() {
        "play" => Show::PlayState { looping: flag(o, "looping")? },
        "setting" => Show::Setting(setting(o)?, number(o, "value")?),
        "scheme" => Show::Scheme(crate::color_schemes::scheme(&text(o, "key")?)?.key),
        "busy" => Show::Busy(flag(o, "on")?),
        "link" => Show::Link { query: text(o, "query")?, exact: flag(o, "exact")? },
        "shared" => Show::Shared { exact: flag(o, "exact")? },
        _ => return None,
    })
}

fn status_to_js(s: &Status) -> JsValue {
    let settings: Array = Setting::ALL.iter().map(|&x| JsValue::from(s.settings.get(x))).collect();
    let toggles: Array = Toggle::ALL.iter().map(|&t| JsValue::from(s.toggles.get(t))).collect();
    object(&[
        ("seed", s.seed.into()),
        ("drops", (s.drops as f64).into()),
        ("frames", (s.frames as f64).into()),
        ("looping", s.looping.into()),
        ("replaying", s.replaying.into()),
        ("scheme", s.scheme.into()),
        ("settings", settings.into()),
        ("toggles", toggles.into()),
        ("changes", (s.changes as f64).into()),
        ("exact", s.exact.into()),
        ("canvas", Array::of2(&s.canvas.0.into(), &s.canvas.1.into()).into()),
    ])
}

fn status_from_js(o: &JsValue) -> Option<Status> {
    let list = |key| field(o, key).dyn_into::<Array>().ok();
    let (settings_list, toggles_list, canvas) = (list("settings")?, list("toggles")?, list("canvas")?);
    let mut settings = Settings::default();
    for (k, s) in Setting::ALL.into_iter().enumerate() {
        settings.set(s, settings_list.get(k as u32).as_f64()?);
    }
    let mut toggles = Toggles::default();
    for (k, t) in Toggle::ALL.into_iter().enumerate() {
        toggles.set(t, toggles_list.get(k as u32).as_bool()?);
    }
    Some(Status {
        seed: seed(o)?,
        drops: number(o, "drops")? as u64,
        frames: number(o, "frames")? as u64,
        looping: flag(o, "looping")?,
        replaying: flag(o, "replaying")?,
        scheme: crate::color_schemes::scheme(&text(o, "scheme")?)?.key,
        settings,
        toggles,
        changes: number(o, "changes")? as usize,
        exact: flag(o, "exact")?,
        canvas: (canvas.get(0).as_f64()? as u32, canvas.get(1).as_f64()? as u32),
    })
}

/// A report as a worker posts it, and the buffers to transfer with it.
pub fn report_to_js(report: &Report) -> (JsValue, Array) {
    let transfer = Array::new();
    let message = match report {
        Report::Status { status, heights } => {
            let heights = match heights {
                Some(h) => {
                    transfer.push(&h.buffer());
                    h.clone().into()
                }
                None => JsValue::NULL,
            };
            object(&[("status", status_to_js(status)), ("heights", heights)])
        }
        Report::Shows(shows) => object(&[("shows", shows.iter().map(show_to_js).collect::<Array>().into())]),
        Report::Picture(blob) => object(&[("picture", blob.clone().map_or(JsValue::NULL, JsValue::from))]),
    };
    (message, transfer)
}

pub fn report_from_js(o: &JsValue) -> Option<Report> {
    let status = field(o, "status");
    if !status.is_undefined() {
        let heights = field(o, "heights").dyn_into::<Float32Array>().ok();
        return Some(Report::Status { status: status_from_js(&status)?, heights });
    }
    if let Ok(shows) = field(o, "shows").dyn_into::<Array>() {
        return Some(Report::Shows(shows.iter().filter_map(|s| show_from_js(&s)).collect()));
    }
    let picture = field(o, "picture");
    if !picture.is_undefined() {
        return Some(Report::Picture(picture.dyn_into().ok()));
    }
    None
}

/// How a sketch starts, as the page sends it to a worker: the link as a
/// query (with its seed), and the rest.
pub fn start_to_js(start: &Start) -> JsValue {
    object(&[
        ("query", link::write(&start.link).into()),
        ("capped", start.capped.into()),
        ("siteDark", start.site_dark.into()),
        ("reducedMotion", start.reduced_motion.into()),
        ("size", size_to_js(start.size)),
    ])
}

pub fn start_from_js(o: &JsValue) -> Option<Start> {
    Some(Start {
        link: link::read(&text(o, "query")?).link,
        capped: flag(o, "capped")?,
        site_dark: flag(o, "siteDark")?,
        reduced_motion: flag(o, "reducedMotion")?,
        size: size_from_js(&field(o, "size"))?,
    })
}
