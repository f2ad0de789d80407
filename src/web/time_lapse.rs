//! Save video, where the sketch runs: the time-lapse
//! ([`crate::sketch::time_lapse`]) drawn frame by frame on a canvas nobody
//! sees and each frame encoded by WebCodecs' `VideoEncoder` (VP8, or VP9
//! where the browser has no VP8 encoder) as it is drawn. Between frames
//! the task lets the sketch and the page go on, and it waits while the
//! encoder is behind, so nothing freezes. The encoded frames go to the
//! page, which has the heightmap encoder's module put them in a WebM file.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::{Function, Object, Promise, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::share::webm_file::{Codec, EncodedFrame};
use crate::sketch::time_lapse::{Film, FPS, KEY_EVERY};

use super::painter::CanvasPainter;
use super::surface::Surface;

/// A frame lasts this long (microseconds), the unit of WebCodecs' times.
pub const FRAME_MICROS: u64 = 1_000_000 / FPS as u64;
/// Bits a second for each pixel of a frame: about 2.8 Mbit/s at 1280 × 720,
/// enough for the relief's gradients and the rivers' thin lines.
const BITS_PER_PIXEL_SECOND: f64 = 3.0;
/// The encoder may hold this many frames not yet encoded before the next
/// one is drawn.
const MAX_QUEUE: u32 = 3;
/// Waits between looks at a busy encoder (milliseconds).
const QUEUE_WAIT_MS: i32 = 5;

#[wasm_bindgen]
extern "C" {
    type VideoEncoder;
    #[wasm_bindgen(constructor, catch)]
    fn new(init: &Object) -> Result<VideoEncoder, JsValue>;
    #[wasm_bindgen(method, catch)]
    fn configure(this: &VideoEncoder, config: &Object) -> Result<(), JsValue>;
    #[wasm_bindgen(method, catch)]
    fn encode(this: &VideoEncoder, frame: &VideoFrame, options: &Object) -> Result<(), JsValue>;
    #[wasm_bindgen(method)]
    fn flush(this: &VideoEncoder) -> Promise;
    #[wasm_bindgen(method, catch)]
    fn close(this: &VideoEncoder) -> Result<(), JsValue>;
    #[wasm_bindgen(method, getter, js_name = encodeQueueSize)]
    fn encode_queue_size(this: &VideoEncoder) -> u32;
    #[wasm_bindgen(static_method_of = VideoEncoder, js_name = isConfigSupported, catch)]
    fn is_config_supported(config: &Object) -> Result<Promise, JsValue>;

    type VideoFrame;
    #[wasm_bindgen(constructor, catch)]
    fn new(source: &JsValue, init: &Object) -> Result<VideoFrame, JsValue>;
    #[wasm_bindgen(method)]
    fn close(this: &VideoFrame);

    type EncodedVideoChunk;
    #[wasm_bindgen(method, getter)]
    fn timestamp(this: &EncodedVideoChunk) -> f64;
    #[wasm_bindgen(method, getter, js_name = byteLength)]
    fn byte_length(this: &EncodedVideoChunk) -> u32;
    #[wasm_bindgen(method, getter, js_name = type)]
    fn kind(this: &EncodedVideoChunk) -> String;
    #[wasm_bindgen(method, catch, js_name = copyTo)]
    fn copy_to(this: &EncodedVideoChunk, destination: &Uint8Array) -> Result<(), JsValue>;
}

/// The encoded time-lapse: every frame's bytes one after another, and for
/// each frame its time (microseconds), whether it is a key frame, and its
/// length.
#[derive(Clone, Debug, PartialEq)]
pub struct Recorded {
    pub data: Vec<u8>,
    pub frames: Vec<(u64, bool, u32)>,
    pub width: u32,
    pub height: u32,
    pub codec: Codec,
}

/// Why there is no video.
#[derive(Clone, Debug, PartialEq)]
pub enum NoVideo {
    /// The reader cancelled it.
    Cancelled,
    /// What went wrong, in a sentence for the reader.
    Failed(String),
}

/// A plain object of named values.
fn object(fields: &[(&str, JsValue)]) -> Object {
    let o = Object::new();
    for (name, value) in fields {
        let _ = Reflect::set(&o, &(*name).into(), value);
    }
    o
}

/// Resolves after `ms` milliseconds on the global scope's clock, in a
/// window or a worker alike.
async fn after(ms: i32) {
    let global = js_sys::global();
    let wait = Promise::new(&mut |resolve, _| {
        let timeout = Reflect::get(&global, &"setTimeout".into()).ok().and_then(|f| f.dyn_into::<Function>().ok());
        if timeout.is_none_or(|t| t.call2(&global, &resolve, &ms.into()).is_err()) {
            let _ = resolve.call0(&JsValue::NULL);
        }
    });
    let _ = JsFuture::from(wait).await;
}

/// The encoder's settings for `codec` at `width` × `height`.
fn config(codec: Codec, width: u32, height: u32) -> Object {
    let bitrate = (width as f64 * height as f64 * BITS_PER_PIXEL_SECOND).round();
    object(&[
        ("codec", codec.webcodecs_name().into()),
        ("width", width.into()),
        ("height", height.into()),
        ("bitrate", bitrate.into()),
        ("framerate", FPS.into()),
    ])
}

/// The first codec of VP8 and VP9 the browser encodes at this size.
async fn pick_codec(width: u32, height: u32) -> Option<Codec> {
    for codec in [Codec::Vp8, Codec::Vp9] {
        let Ok(asked) = VideoEncoder::is_config_supported(&config(codec, width, height)) else { continue };
        let answer = JsFuture::from(asked).await.ok();
        if answer.and_then(|a| Reflect::get(&a, &"supported".into()).ok()).is_some_and(|s| s.is_truthy()) {
            return Some(codec);
        }
    }
    None
}

fn failed(what: &str) -> impl Fn(JsValue) -> NoVideo + '_ {
    move |e: JsValue| {
        let reason = e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message())).unwrap_or_default();
        NoVideo::Failed(format!("{what} ({reason})"))
    }
}

/// Films and encodes `film`, telling `progress` how many frames are done
/// after each; stops when `cancelled` is set.
pub async fn record(
    mut film: Film,
    progress: impl Fn(u32, u32),
    cancelled: Rc<Cell<bool>>,
) -> Result<Recorded, NoVideo> {
    if !Reflect::has(&js_sys::global(), &"VideoEncoder".into()).unwrap_or(false) {
        return Err(NoVideo::Failed("this browser cannot encode video here (it has no WebCodecs VideoEncoder)".into()));
    }
    let size = film.size();
    let (width, height) = size.backing();
    let codec = pick_codec(width, height)
        .await
        .ok_or_else(|| NoVideo::Failed(format!("this browser encodes neither VP8 nor VP9 at {width} × {height}")))?;
    let surface = Surface::hidden(width, height).map_err(failed("no canvas to film on"))?;
    let mut painter = CanvasPainter::new(surface.clone(), None).map_err(failed("no canvas to film on"))?;
    let source: JsValue = match &surface {
        Surface::Element(c) => c.into(),
        Surface::Offscreen(c) => c.into(),
    };

    let chunks: Rc<RefCell<Vec<EncodedFrame>>> = Rc::default();
    let problem: Rc<RefCell<Option<String>>> = Rc::default();
    let (chunks_, problem_, problem__) = (chunks.clone(), problem.clone(), problem.clone());
    let output = Closure::<dyn FnMut(EncodedVideoChunk)>::new(move |chunk: EncodedVideoChunk| {
        let bytes = Uint8Array::new_with_length(chunk.byte_length());
        match chunk.copy_to(&bytes) {
            Ok(()) => chunks_.borrow_mut().push(EncodedFrame {
                micros: chunk.timestamp() as u64,
                key: chunk.kind() == "key",
                data: bytes.to_vec(),
            }),
            Err(_) => *problem_.borrow_mut() = Some("an encoded frame could not be read".into()),
        }
    });
    let error = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
        let reason = e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message())).unwrap_or_default();
        *problem__.borrow_mut() = Some(format!("the encoder stopped ({reason})"));
    });
    let init = object(&[("output", output.as_ref().clone()), ("error", error.as_ref().clone())]);
    let encoder = VideoEncoder::new(&init).map_err(failed("no video encoder"))?;
    encoder.configure(&config(codec, width, height)).map_err(failed("the encoder refused its settings"))?;

    let total = film.frames();
    let mut k = 0u64;
    let outcome = loop {
        if cancelled.get() {
            break Err(NoVideo::Cancelled);
        }
        if let Some(problem) = problem.borrow().clone() {
            break Err(NoVideo::Failed(problem));
        }
        if !film.next_frame(&mut painter) {
            break Ok(());
        }
        let timing =
            [("timestamp", JsValue::from((k * FRAME_MICROS) as f64)), ("duration", (FRAME_MICROS as f64).into())];
        let frame = match VideoFrame::new(&source, &object(&timing)) {
            Ok(frame) => frame,
            Err(e) => break Err(failed("a frame could not be taken")(e)),
        };
        let key = object(&[("keyFrame", (k % KEY_EVERY as u64 == 0).into())]);
        let encoded = encoder.encode(&frame, &key);
        frame.close();
        if let Err(e) = encoded {
            break Err(failed("a frame could not be encoded")(e));
        }
        k += 1;
        progress(k as u32, total);
        // The sketch and the page go on between frames
        after(0).await;
        while encoder.encode_queue_size() > MAX_QUEUE && !cancelled.get() {
            after(QUEUE_WAIT_MS).await;
        }
    };
    let flushed = match outcome {
        Ok(()) => JsFuture::from(encoder.flush()).await.map_err(failed("the last frames could not be encoded")),
        Err(no) => Err(no),
    };
    let _ = encoder.close();
    drop((output, error));
    flushed?;
    let mut recorded = Recorded { data: Vec::new(), frames: Vec::new(), width, height, codec };
    for frame in chunks.take() {
        recorded.frames.push((frame.micros, frame.key, frame.data.len() as u32));
        recorded.data.extend(frame.data);
    }
    Ok(recorded)
}
