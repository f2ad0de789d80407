//! Messages as they cross to and from the sketch's worker. On the main
//! thread the values are handed over directly; to a worker each travels as
//! a small array, `[numbers, text, data]`: a `Float64Array` of the numbers
//! [`crate::sketch::numbers`] and [`Status::to_numbers`] make, a string
//! where one is needed (a link's query), and bulk data (heights,
//! transferred; a picture).

use js_sys::{Array, Float32Array, Float64Array, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::time_lapse::{NoVideo, Recorded};
use crate::share::webm_file::Codec;
use crate::sketch::history::Brief;
use crate::sketch::numbers::{self, Message};
use crate::sketch::status::Status;
use crate::sketch::{Carried, Show, Start};

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
    /// The reader's changes, whenever they changed.
    History(Brief),
    /// Frames of the time-lapse filmed so far, of all.
    VideoProgress {
        done: u32,
        total: u32,
    },
    /// The time-lapse, encoded, or why there is none.
    Video(Result<Recorded, NoVideo>),
    /// The sketch handed itself over (its link's query, and what the link
    /// does not carry) and stopped.
    HandedOver {
        query: String,
        carried: Carrying,
    },
}

/// What a sketch carries to another build of itself ([`Carried`]), as the
/// page holds it on its way there.
#[derive(Clone, Debug)]
pub enum Carrying {
    /// As a sketch on this thread handed it.
    Here(Box<Carried>),
    /// As a worker posted it (a packet, `[numbers, lines, heights]`), to
    /// pass on as it is: read into wasm and written back out, its
    /// megabytes of heights were copied twice on the page's thread, and
    /// the garbage cost a collection, for the page to read two fields.
    Posted { packet: JsValue, frames: u64, capped: bool },
}

impl Carrying {
    /// A worker's packet, if it is what a sketch carries.
    fn posted(packet: JsValue) -> Option<Carrying> {
        let (numbers, _, _) = unpack(&packet)?;
        let (frames, capped) = numbers::carried_frames_and_capped(&numbers)?;
        Some(Carrying::Posted { packet, frames, capped })
    }

    /// Frames the sketch had drawn.
    pub fn frames(&self) -> u64 {
        match self {
            Carrying::Here(carried) => carried.frames,
            Carrying::Posted { frames, .. } => *frames,
        }
    }

    /// Whether the replay under way was cut down to what a link replays.
    pub fn capped(&self) -> bool {
        match self {
            Carrying::Here(carried) => carried.capped,
            Carrying::Posted { capped, .. } => *capped,
        }
    }

    /// As a packet to post to the build that carries on.
    pub fn to_js(&self) -> JsValue {
        match self {
            Carrying::Here(carried) => carried_to_js(carried),
            Carrying::Posted { packet, .. } => packet.clone(),
        }
    }

    /// Read, for a sketch on this thread to carry on from; `None` if a
    /// worker's packet is not what a sketch carries.
    pub fn into_carried(self) -> Option<Carried> {
        match self {
            Carrying::Here(carried) => Some(*carried),
            Carrying::Posted { packet, .. } => carried_from_js(&packet),
        }
    }
}

/// The codecs a video crosses in, by place.
const CODECS: [Codec; 2] = [Codec::Vp8, Codec::Vp9];

// The tags that open each report's numbers (a message's are its own)
const STATUS: f64 = 20.0;
const SHOWS: f64 = 21.0;
const PICTURE: f64 = 22.0;
const HANDED_OVER: f64 = 23.0;
const HISTORY: f64 = 24.0;
const VIDEO_PROGRESS: f64 = 25.0;
const VIDEO: f64 = 26.0;

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

/// A message as the page posts it, and the buffers to transfer with it.
pub fn message_to_js(message: &Message) -> (JsValue, Array) {
    // A ground's heights cross beside its numbers, as an array of their
    // own: a copy made for the crossing, so the worker is handed it rather
    // than a copy of it (16 MB at 2048 × 2048)
    let transfer = Array::new();
    let data = match message {
        Message::ShelveGround(_, heights) => {
            let heights = Float32Array::from(&heights[..]);
            transfer.push(&heights.buffer());
            heights.into()
        }
        _ => JsValue::NULL,
    };
    (packet(&numbers::message_to_numbers(message), None, &data), transfer)
}

pub fn message_from_js(packet: &JsValue) -> Option<Message> {
    let (numbers, _, data) = unpack(packet)?;
    match numbers::message_from_numbers(&numbers)? {
        Message::ShelveGround(link, _) => {
            Some(Message::ShelveGround(link, data.dyn_into::<Float32Array>().ok()?.to_vec()))
        }
        message => Some(message),
    }
}

/// A report as a worker posts it, and the buffers to transfer with it.
pub fn report_to_js(report: &Report) -> (JsValue, Array) {
    let transfer = Array::new();
    let message = match report {
        Report::Status { status, heights, handled } => {
            if let Some(h) = heights {
                transfer.push(&h.buffer());
            }
            let numbers = [&[STATUS, *handled as f64][..], &status.to_numbers()].concat();
            packet(&numbers, None, &heights.clone().map_or(JsValue::NULL, JsValue::from))
        }
        Report::Shows(shows) => {
            let (numbers, query) = numbers::shows_to_numbers(shows);
            packet(&[&[SHOWS][..], &numbers].concat(), query, &JsValue::NULL)
        }
        Report::History(brief) => {
            packet(&[&[HISTORY][..], &numbers::brief_to_numbers(brief)].concat(), None, &JsValue::NULL)
        }
        Report::VideoProgress { done, total } => {
            packet(&[VIDEO_PROGRESS, *done as f64, *total as f64], None, &JsValue::NULL)
        }
        Report::Video(Ok(video)) => {
            let data = Uint8Array::from(&video.data[..]);
            transfer.push(&data.buffer());
            let codec = CODECS.iter().position(|c| *c == video.codec).unwrap_or(0) as f64;
            let mut numbers = vec![VIDEO, 1.0, video.width as f64, video.height as f64, codec];
            for &(micros, key, len) in &video.frames {
                numbers.extend([micros as f64, key as u8 as f64, len as f64]);
            }
            packet(&numbers, None, &data)
        }
        Report::Video(Err(NoVideo::Cancelled)) => packet(&[VIDEO, 0.0], None, &JsValue::NULL),
        Report::Video(Err(NoVideo::Failed(why))) => packet(&[VIDEO, 0.0], Some(why), &JsValue::NULL),
        Report::Picture(blob) => packet(&[PICTURE], None, &blob.clone().map_or(JsValue::NULL, JsValue::from)),
        Report::HandedOver { query, carried } => {
            let carried = match carried {
                Carrying::Here(carried) => {
                    let (numbers, text, heights) = numbers::carried_to_parts(carried);
                    let heights = Float32Array::from(&heights[..]);
                    transfer.push(&heights.buffer());
                    packet(&numbers, Some(&text), &heights)
                }
                Carrying::Posted { packet, .. } => packet.clone(),
            };
            packet(&[HANDED_OVER], Some(query), &carried)
        }
    };
    (message, transfer)
}

pub fn report_from_js(packet: &JsValue) -> Option<Report> {
    let (n, text, data) = unpack(packet)?;
    match *n.first()? {
        STATUS => Some(Report::Status {
            handled: *n.get(1)? as u64,
            status: Box::new(Status::from_numbers(n.get(2..)?)?),
            heights: data.dyn_into().ok(),
        }),
        SHOWS => Some(Report::Shows(numbers::shows_from_numbers(&n[1..], text.as_deref()))),
        PICTURE => Some(Report::Picture(data.dyn_into().ok())),
        HISTORY => Some(Report::History(numbers::brief_from_numbers(&n[1..])?)),
        VIDEO_PROGRESS => Some(Report::VideoProgress { done: *n.get(1)? as u32, total: *n.get(2)? as u32 }),
        VIDEO if *n.get(1)? == 0.0 => Some(Report::Video(Err(text.map_or(NoVideo::Cancelled, NoVideo::Failed)))),
        VIDEO => {
            let [width, height, codec] = [n.get(2)?, n.get(3)?, n.get(4)?].map(|x| *x);
            let frames = n[5..].chunks_exact(3).map(|f| (f[0] as u64, f[1] != 0.0, f[2] as u32)).collect();
            let data = data.dyn_into::<Uint8Array>().ok()?.to_vec();
            let codec = *CODECS.get(codec as usize)?;
            Some(Report::Video(Ok(Recorded { data, frames, width: width as u32, height: height as u32, codec })))
        }
        HANDED_OVER => Some(Report::HandedOver { query: text?, carried: Carrying::posted(data)? }),
        _ => None,
    }
}

/// What a sketch carries to another build of itself, as a packet:
/// `[numbers, lines, heights]`.
fn carried_to_js(carried: &Carried) -> JsValue {
    let (numbers, text, heights) = numbers::carried_to_parts(carried);
    packet(&numbers, Some(&text), &Float32Array::from(&heights[..]))
}

pub fn carried_from_js(packet: &JsValue) -> Option<Carried> {
    let (numbers, text, heights) = unpack(packet)?;
    numbers::carried_from_parts(&numbers, &text?, heights.dyn_into::<Float32Array>().ok()?.to_vec())
}

/// How a sketch starts, as the page sends it to a worker.
pub fn start_to_js(start: &Start) -> JsValue {
    let (numbers, query) = numbers::start_to_numbers(start);
    packet(&numbers, Some(&query), &JsValue::NULL)
}

pub fn start_from_js(packet: &JsValue) -> Option<Start> {
    let (numbers, query, _) = unpack(packet)?;
    numbers::start_from_numbers(&numbers, &query?)
}
