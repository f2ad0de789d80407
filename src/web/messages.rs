//! What the page and a running sketch say to each other, and the same as
//! they cross to and from a worker. On the main thread the values are handed
//! over directly; to a worker each travels as a small array, `[numbers,
//! text, data]`: a `Float64Array` (a tag, then the fields), a string where
//! one is needed (a link's query), and bulk data (heights, transferred; a
//! picture). Numbers and indices into the tables keep both ends short.

use js_sys::{Array, Float32Array, Float64Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::draw::camera::Camera;
use crate::draw::color_schemes::SCHEMES;
use crate::draw::viewport::Size;
use crate::settings::choices::{Choice, Choices};
use crate::settings::sliders::{Setting, Settings};
use crate::settings::toggles::{Toggle, Toggles};
use crate::share::link;
use crate::sketch::{Input, Show, Start, Status};

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
    /// changed since the last report, and how many messages it has handled.
    Status {
        status: Box<Status>,
        heights: Option<Float32Array>,
        handled: u64,
    },
    Shows(Vec<Show>),
    /// The picture as a PNG file, or `None` when it could not be made.
    Picture(Option<web_sys::Blob>),
}

// The tags that open each message's numbers
const SET: f64 = 0.0;
const TOGGLE: f64 = 1.0;
const PICK_SCHEME: f64 = 2.0;
const SITE_THEME: f64 = 3.0;
const PLAY_PAUSE: f64 = 4.0;
const RESTART: f64 = 5.0;
const NEW_MAP: f64 = 6.0;
const RESIZE: f64 = 7.0;
const REDUCED_MOTION: f64 = 8.0;
const SHARE: f64 = 9.0;
const RESTING: f64 = 10.0;
const SEEN: f64 = 11.0;
const SAVE_PICTURE: f64 = 12.0;
const CHOOSE: f64 = 13.0;
const ORBIT: f64 = 14.0;
const ORBIT_END: f64 = 15.0;
const ZOOM: f64 = 16.0;
const RESET_CAMERA: f64 = 17.0;
const STATUS: f64 = 20.0;
const SHOWS: f64 = 21.0;
const PICTURE: f64 = 22.0;
// ... and each show's, three numbers a show
const PLAY_STATE: f64 = 0.0;
const SETTING: f64 = 1.0;
const SCHEME: f64 = 2.0;
const BUSY: f64 = 3.0;
const LINK: f64 = 4.0;
const SHARED: f64 = 5.0;
const CHOICE: f64 = 6.0;
const TOGGLED: f64 = 7.0;
const NO_3D: f64 = 8.0;

fn packet(numbers: &[f64], text: Option<&str>, data: &JsValue) -> JsValue {
    let text = text.map_or(JsValue::NULL, JsValue::from);
    Array::of3(&Float64Array::from(numbers), &text, data).into()
}

/// A packet's numbers, text and data, if it is one.
fn unpack(packet: &JsValue) -> Option<(Vec<f64>, Option<String>, JsValue)> {
    let a: &Array = packet.dyn_ref()?;
    let numbers = a.get(0).dyn_into::<Float64Array>().ok()?.to_vec();
    Some((numbers, a.get(1).as_string(), a.get(2)))
}

fn index<T: PartialEq>(table: impl IntoIterator<Item = T>, item: T) -> f64 {
    table.into_iter().position(|x| x == item).map_or(-1.0, |k| k as f64)
}

fn setting(n: f64) -> Option<Setting> {
    Setting::ALL.get(n as usize).copied().filter(|_| n >= 0.0)
}

fn toggle(n: f64) -> Option<Toggle> {
    Toggle::ALL.get(n as usize).copied().filter(|_| n >= 0.0)
}

fn choice(n: f64) -> Option<Choice> {
    Choice::ALL.get(n as usize).copied().filter(|_| n >= 0.0)
}

fn scheme_key(n: f64) -> Option<&'static str> {
    SCHEMES.get(n as usize).filter(|_| n >= 0.0).map(|s| s.key)
}

/// A 32-bit seed, a whole number carried as a number.
fn seed(n: f64) -> Option<u32> {
    (n.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&n)).then_some(n as u32)
}

fn message_numbers(message: &Message) -> Vec<f64> {
    let on = |b: bool| b as u8 as f64;
    match message {
        Message::Input(input) => match input {
            Input::Set(s, value) => vec![SET, index(Setting::ALL, *s), *value],
            Input::Toggle(t, value) => vec![TOGGLE, index(Toggle::ALL, *t), on(*value)],
            Input::Choose(c, option) => vec![CHOOSE, index(Choice::ALL, *c), *option as f64],
            Input::PickScheme(key) => vec![PICK_SCHEME, index(SCHEMES.iter().map(|s| s.key), key.as_str())],
            Input::SiteTheme { dark } => vec![SITE_THEME, on(*dark)],
            Input::PlayPause => vec![PLAY_PAUSE],
            Input::Restart => vec![RESTART],
            Input::NewMap { seed } => vec![NEW_MAP, *seed as f64],
            Input::Resize(size) => vec![RESIZE, size.width, size.height, size.ratio],
            Input::ReducedMotion(reduce) => vec![REDUCED_MOTION, on(*reduce)],
            Input::Share => vec![SHARE],
            Input::Resting => vec![RESTING],
            Input::Orbit { dx, dy } => vec![ORBIT, *dx, *dy],
            Input::OrbitEnd => vec![ORBIT_END],
            Input::Zoom(factor) => vec![ZOOM, *factor],
            Input::ResetCamera => vec![RESET_CAMERA],
        },
        Message::Seen(seen) => vec![SEEN, on(*seen)],
        Message::SavePicture => vec![SAVE_PICTURE],
    }
}

pub fn message_to_js(message: &Message) -> JsValue {
    packet(&message_numbers(message), None, &JsValue::NULL)
}

pub fn message_from_js(packet: &JsValue) -> Option<Message> {
    let (n, _, _) = unpack(packet)?;
    let at = |k: usize| n.get(k).copied();
    let input = match *n.first()? {
        SET => Input::Set(setting(at(1)?)?, at(2)?),
        TOGGLE => Input::Toggle(toggle(at(1)?)?, at(2)? != 0.0),
        CHOOSE => Input::Choose(choice(at(1)?)?, at(2)? as usize),
        PICK_SCHEME => Input::PickScheme(scheme_key(at(1)?).unwrap_or_default().to_string()),
        SITE_THEME => Input::SiteTheme { dark: at(1)? != 0.0 },
        PLAY_PAUSE => Input::PlayPause,
        RESTART => Input::Restart,
        NEW_MAP => Input::NewMap { seed: seed(at(1)?)? },
        RESIZE => Input::Resize(Size::new(at(1)?, at(2)?, at(3)?)),
        REDUCED_MOTION => Input::ReducedMotion(at(1)? != 0.0),
        SHARE => Input::Share,
        RESTING => Input::Resting,
        ORBIT => Input::Orbit { dx: at(1)?, dy: at(2)? },
        ORBIT_END => Input::OrbitEnd,
        ZOOM => Input::Zoom(at(1)?),
        RESET_CAMERA => Input::ResetCamera,
        SEEN => return Some(Message::Seen(at(1)? != 0.0)),
        SAVE_PICTURE => return Some(Message::SavePicture),
        _ => return None,
    };
    Some(Message::Input(input))
}

fn status_numbers(s: &Status) -> Vec<f64> {
    let mut n = vec![
        STATUS,
        s.seed as f64,
        s.drops as f64,
        s.frames as f64,
        s.looping as u8 as f64,
        s.replaying as u8 as f64,
        index(SCHEMES.iter().map(|x| x.key), s.scheme),
        s.changes as f64,
        s.exact as u8 as f64,
        s.canvas.0 as f64,
        s.canvas.1 as f64,
        s.trees as f64,
        s.trees_growing as u8 as f64,
        s.camera.yaw,
        s.camera.pitch,
        s.camera.distance,
        s.draw_ms,
    ];
    n.extend(Setting::ALL.map(|x| s.settings.get(x)));
    n.extend(Toggle::ALL.map(|t| s.toggles.get(t) as u8 as f64));
    n.extend(Choice::ALL.map(|c| s.choices.get(c) as f64));
    n
}

fn status_from_numbers(n: &[f64]) -> Option<Status> {
    let (head, rest) = n.split_at_checked(17)?;
    let (values, rest) = rest.split_at_checked(Setting::ALL.len())?;
    let (on, picked) = rest.split_at_checked(Toggle::ALL.len())?;
    let mut choices = Choices::default();
    for (c, v) in Choice::ALL.into_iter().zip(picked) {
        choices.set(c, *v as usize);
    }
    let mut settings = Settings::default();
    for (s, v) in Setting::ALL.into_iter().zip(values) {
        settings.set(s, *v);
    }
    let mut toggles = Toggles::default();
    for (t, v) in Toggle::ALL.into_iter().zip(on) {
        toggles.set(t, *v != 0.0);
    }
    Some(Status {
        seed: seed(head[1])?,
        drops: head[2] as u64,
        frames: head[3] as u64,
        looping: head[4] != 0.0,
        replaying: head[5] != 0.0,
        scheme: scheme_key(head[6])?,
        changes: head[7] as usize,
        exact: head[8] != 0.0,
        canvas: (head[9] as u32, head[10] as u32),
        trees: head[11] as usize,
        trees_growing: head[12] != 0.0,
        camera: Camera::new(head[13], head[14], head[15])?,
        draw_ms: head[16],
        settings,
        choices,
        toggles,
    })
}

/// A report as a worker posts it, and the buffers to transfer with it.
pub fn report_to_js(report: &Report) -> (JsValue, Array) {
    let transfer = Array::new();
    let message = match report {
        Report::Status { status, heights, handled } => {
            if let Some(h) = heights {
                transfer.push(&h.buffer());
            }
            let mut numbers = status_numbers(status);
            numbers.push(*handled as f64);
            packet(&numbers, None, &heights.clone().map_or(JsValue::NULL, JsValue::from))
        }
        Report::Shows(shows) => {
            let mut n = vec![SHOWS];
            let mut query = None;
            for show in shows {
                let on = |b: bool| b as u8 as f64;
                n.extend(match show {
                    Show::PlayState { looping } => [PLAY_STATE, on(*looping), 0.0],
                    Show::Setting(s, value) => [SETTING, index(Setting::ALL, *s), *value],
                    Show::Choice(c, option) => [CHOICE, index(Choice::ALL, *c), *option as f64],
                    Show::Toggle(t, on_) => [TOGGLED, index(Toggle::ALL, *t), on(*on_)],
                    Show::Scheme(key) => [SCHEME, index(SCHEMES.iter().map(|s| s.key), *key), 0.0],
                    Show::Busy(busy) => [BUSY, on(*busy), 0.0],
                    Show::Link(q) => {
                        // A later link in the same report supersedes it
                        query = Some(q.as_str());
                        [LINK, 0.0, 0.0]
                    }
                    Show::Shared { exact } => [SHARED, on(*exact), 0.0],
                    Show::No3d => [NO_3D, 0.0, 0.0],
                });
            }
            packet(&n, query, &JsValue::NULL)
        }
        Report::Picture(blob) => packet(&[PICTURE], None, &blob.clone().map_or(JsValue::NULL, JsValue::from)),
    };
    (message, transfer)
}

pub fn report_from_js(packet: &JsValue) -> Option<Report> {
    let (n, text, data) = unpack(packet)?;
    match *n.first()? {
        STATUS => {
            let (handled, numbers) = n.split_last()?;
            Some(Report::Status {
                status: Box::new(status_from_numbers(numbers)?),
                heights: data.dyn_into().ok(),
                handled: *handled as u64,
            })
        }
        SHOWS => {
            let shows = n[1..].chunks_exact(3).filter_map(|s| {
                Some(match s[0] {
                    PLAY_STATE => Show::PlayState { looping: s[1] != 0.0 },
                    SETTING => Show::Setting(setting(s[1])?, s[2]),
                    CHOICE => Show::Choice(choice(s[1])?, s[2] as usize),
                    TOGGLED => Show::Toggle(toggle(s[1])?, s[2] != 0.0),
                    SCHEME => Show::Scheme(scheme_key(s[1])?),
                    BUSY => Show::Busy(s[1] != 0.0),
                    LINK => Show::Link(text.clone()?),
                    SHARED => Show::Shared { exact: s[1] != 0.0 },
                    NO_3D => Show::No3d,
                    _ => return None,
                })
            });
            Some(Report::Shows(shows.collect()))
        }
        PICTURE => Some(Report::Picture(data.dyn_into().ok())),
        _ => None,
    }
}

/// How a sketch starts, as the page sends it to a worker: the link as a
/// query (with its seed), and the rest as numbers.
pub fn start_to_js(start: &Start) -> JsValue {
    let s = start.size;
    let numbers = [start.capped as u8 as f64, start.site_dark as u8 as f64, start.reduced_motion as u8 as f64];
    packet(&[&numbers[..], &[s.width, s.height, s.ratio]].concat(), Some(&link::write(&start.link)), &JsValue::NULL)
}

pub fn start_from_js(packet: &JsValue) -> Option<Start> {
    let (n, query, _) = unpack(packet)?;
    let [capped, dark, reduced, width, height, ratio] = n.as_slice().try_into().ok()?;
    Some(Start {
        link: link::read(&query?).link,
        capped: capped != 0.0,
        site_dark: dark != 0.0,
        reduced_motion: reduced != 0.0,
        size: Size::new(width, height, ratio),
    })
}
