//! A running sketch: the state machine, the painter it draws with, and its
//! animation frames. The same loop runs in the sketch's worker (drawing on
//! an `OffscreenCanvas`) or, where the browser has none, on the main thread:
//! it hears [`Message`]s and sends [`Report`]s, and only how they travel
//! differs. It asks for no frames while nobody can see the sketch.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::{Float32Array, Function, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::share::link::{self, MapLink};
use crate::sketch::numbers::Message;
use crate::sketch::{Carried, Input, Sketch};

use super::dom::now;
use super::messages::{Carrying, Report};
use super::painter::CanvasPainter;
use super::routing_worker::RoutingWorker;
use super::time_lapse;

/// Where frames come from when the global scope has no
/// `requestAnimationFrame` (a worker in an older browser): about 60 a second.
const FALLBACK_FRAME_MS: i32 = 16;

/// A frame asked for: how to take the request back.
#[derive(Clone, Copy)]
enum FrameAsked {
    AnimationFrame(f64),
    Timeout(f64),
}

/// A function of whichever global scope this runs in.
fn global_function(name: &str) -> Option<Function> {
    Reflect::get(&js_sys::global(), &name.into()).ok().and_then(|f| f.dyn_into::<Function>().ok())
}

/// Calls `callback` at the next animation frame of whichever global scope
/// this runs in. `None` if it could not be asked.
fn next_frame(callback: &Function) -> Option<FrameAsked> {
    let global = js_sys::global();
    let id = |v: Result<JsValue, JsValue>| v.ok().and_then(|v| v.as_f64());
    match global_function("requestAnimationFrame") {
        Some(raf) => id(raf.call1(&global, callback)).map(FrameAsked::AnimationFrame),
        None => global_function("setTimeout")
            .and_then(|t| id(t.call2(&global, callback, &FALLBACK_FRAME_MS.into())))
            .map(FrameAsked::Timeout),
    }
}

/// Takes back a frame asked for, so its callback is not called.
fn cancel_frame(asked: FrameAsked) {
    let (name, id) = match asked {
        FrameAsked::AnimationFrame(id) => ("cancelAnimationFrame", id),
        FrameAsked::Timeout(id) => ("clearTimeout", id),
    };
    if let Some(cancel) = global_function(name) {
        let _ = cancel.call1(&js_sys::global(), &id.into());
    }
}

pub struct SketchLoop {
    /// The sketch, until it is handed over: then let go, with all it kept
    /// (a figure's first frames are drawn here, on the page, before its
    /// worker takes the sketch over).
    sketch: RefCell<Option<Sketch>>,
    painter: RefCell<CanvasPainter>,
    report: Rc<dyn Fn(Report)>,
    /// What the animation frames call; it holds the loop weakly, so the
    /// loop ends when its owner lets it go (a figure's sketch ended in a
    /// worker that runs others), taking back the frame it asked for.
    on_frame: RefCell<Option<Closure<dyn FnMut()>>>,
    frame_pending: Cell<Option<FrameAsked>>,
    /// Whether the reader can see the sketch.
    seen: Cell<bool>,
    /// Whether a frame was asked for while resting, to draw on coming back.
    frame_wanted: Cell<bool>,
    /// Whether the page asked for the heights ([`Message::SendHeights`]):
    /// the next report carries them. Only the fingerprint crosses with
    /// every frame, so nothing that crosses grows with the map.
    heights_asked: Cell<bool>,
    /// The revision of the history last reported
    /// ([`crate::sketch::history::History::revision`]).
    history_reported: Cell<Option<u64>>,
    /// Messages handled so far, so the page knows when the state it has
    /// takes in everything it sent.
    handled: Cell<u64>,
    /// Whether the sketch was handed over to the full build: it then draws
    /// and reports no more.
    stopped: Cell<bool>,
    /// While a time-lapse is filmed: what cancels it.
    filming: Rc<RefCell<Option<Rc<Cell<bool>>>>>,
    /// Set once handed over: a film under way stops without a word (the
    /// page has said it was cut short).
    quiet: Rc<Cell<bool>>,
}

impl Drop for SketchLoop {
    fn drop(&mut self) {
        if let Some(asked) = self.frame_pending.take() {
            cancel_frame(asked);
        }
    }
}

impl SketchLoop {
    /// Starts `sketch` drawing with `painter`, telling `report` what it does;
    /// `seen` says whether the reader can see it now. A big map's rivers
    /// are routed in a worker of their own ([`RoutingWorker`]).
    pub fn start(
        mut sketch: Sketch,
        painter: CanvasPainter,
        seen: bool,
        report: impl Fn(Report) + 'static,
    ) -> Rc<SketchLoop> {
        sketch.route_with(Box::new(RoutingWorker::default()));
        let running = Rc::new(SketchLoop {
            sketch: RefCell::new(Some(sketch)),
            painter: RefCell::new(painter),
            report: Rc::new(report),
            on_frame: RefCell::new(None),
            frame_pending: Cell::new(None),
            seen: Cell::new(seen),
            frame_wanted: Cell::new(false),
            heights_asked: Cell::new(false),
            history_reported: Cell::new(None),
            handled: Cell::new(0),
            stopped: Cell::new(false),
            filming: Rc::default(),
            quiet: Rc::default(),
        });
        let for_frames = Rc::downgrade(&running);
        *running.on_frame.borrow_mut() = Some(Closure::new(move || {
            if let Some(running) = for_frames.upgrade() {
                running.run_frame();
            }
        }));
        let weak = Rc::downgrade(&running);
        running.painter.borrow_mut().when_redraw_needed(Rc::new(move || {
            if let Some(running) = weak.upgrade() {
                running.request_frame();
            }
        }));
        // The first frame at once, not at the next animation frame: it is
        // what the reader waits for (one out of sight waits for the reader)
        running.run_frame();
        if !seen {
            running.report_news();
        }
        running
    }

    /// Acts on a message from the page, then reports.
    pub fn handle(&self, message: Message) {
        if self.stopped.get() {
            return;
        }
        self.handled.set(self.handled.get() + 1);
        match message {
            Message::HandOver => {
                if let Some((link, carried)) = self.hand_over() {
                    let query = link::write(&link);
                    (self.report)(Report::HandedOver { query, carried: Carrying::Here(Box::new(carried)) });
                }
                return;
            }
            Message::Input(input) => {
                self.with_sketch(|sketch| sketch.input(input, now()));
                self.request_frame();
            }
            Message::Seen(seen) => self.set_seen(seen),
            Message::SendHeights => self.heights_asked.set(true),
            Message::ShelveGround(link, heights) => {
                self.with_sketch(|sketch| sketch.shelve(link, heights));
            }
            Message::SaveVideo => self.film(),
            Message::CancelVideo => {
                if let Some(cancel) = self.filming.borrow().as_ref() {
                    cancel.set(true);
                }
            }
            Message::SavePicture => {
                let (report, surface) = (self.report.clone(), self.painter.borrow().surface().clone());
                wasm_bindgen_futures::spawn_local(async move { report(Report::Picture(surface.to_png().await)) });
            }
        }
        self.report_news();
    }

    /// Films the time-lapse of the map as it is now, beside the sketch
    /// (one at a time), reporting its progress and then the video.
    fn film(&self) {
        if self.filming.borrow().is_some() {
            return;
        }
        let cancel = Rc::new(Cell::new(false));
        *self.filming.borrow_mut() = Some(cancel.clone());
        let Some(film) = self.with_sketch(|sketch| sketch.film()) else { return };
        let (report, filming, quiet) = (self.report.clone(), self.filming.clone(), self.quiet.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let progress = |done, total| {
                if !quiet.get() {
                    report(Report::VideoProgress { done, total })
                }
            };
            let video = time_lapse::record(film, progress, cancel).await;
            filming.borrow_mut().take();
            if !quiet.get() {
                report(Report::Video(video));
            }
        });
    }

    /// Hands the sketch over ([`Sketch::handover`]) and stops: no more
    /// frames, reports or messages. `None` if it was handed over already.
    pub fn hand_over(&self) -> Option<(MapLink, Carried)> {
        self.stopped.set(true);
        self.quiet.set(true);
        if let Some(cancel) = self.filming.borrow().as_ref() {
            cancel.set(true);
        }
        let sketch = self.sketch.borrow_mut().take();
        sketch.map(|sketch| sketch.handover())
    }

    /// What `act` makes of the sketch, unless it was handed over.
    fn with_sketch<T>(&self, act: impl FnOnce(&mut Sketch) -> T) -> Option<T> {
        self.sketch.borrow_mut().as_mut().map(act)
    }

    /// Whether it was handed over.
    pub fn stopped(&self) -> bool {
        self.stopped.get()
    }

    /// Going to rest, the address bar is brought up to date (it may be a
    /// second behind the rain); coming back, the sketch carries on where it
    /// was if it was raining or replaying, and a paused one stays paused.
    fn set_seen(&self, seen: bool) {
        if self.seen.replace(seen) == seen {
            return;
        }
        if seen {
            if self.frame_wanted.take() {
                self.request_frame();
            }
        } else {
            self.with_sketch(|sketch| sketch.input(Input::Resting, now()));
        }
    }

    fn request_frame(&self) {
        if !self.seen.get() {
            self.frame_wanted.set(true);
            return;
        }
        if self.frame_pending.get().is_some() {
            return;
        }
        let asked = self.on_frame.borrow().as_ref().and_then(|f| next_frame(f.as_ref().unchecked_ref()));
        self.frame_pending.set(asked);
    }

    fn run_frame(&self) {
        self.frame_pending.set(None);
        if self.stopped.get() {
            return;
        }
        if !self.seen.get() {
            // Out of view since the frame was asked for: keep it for later
            self.frame_wanted.set(true);
            return;
        }
        let busy = self.with_sketch(|sketch| {
            sketch.frame(&mut now, &mut *self.painter.borrow_mut());
            sketch.wants_frames()
        });
        self.report_news();
        if busy == Some(true) {
            self.request_frame();
        }
    }

    /// Reports what the page must show, and the sketch's state, with its
    /// heights when the page asked for them.
    fn report_news(&self) {
        // Worked out first, then reported, so a report that leads back here
        // finds the sketch free
        let news = self.with_sketch(|sketch| {
            let status = sketch.status();
            // The heights, and where the hand moved the ground or it came
            // from a file (which the maps cannot make again), the ground
            // without the rain's work after them (for the maps' erosion)
            let heights = self.heights_asked.take().then(|| {
                let terrain = sketch.terrain();
                let (heights, without_rain) = (terrain.heights(), terrain.without_rain_to_keep());
                let ground =
                    Float32Array::new_with_length((heights.len() + without_rain.map_or(0, <[f32]>::len)) as u32);
                ground.subarray(0, heights.len() as u32).copy_from(heights);
                if let Some(without_rain) = without_rain {
                    ground.subarray(heights.len() as u32, ground.length()).copy_from(without_rain);
                }
                ground
            });
            let revision = sketch.history().revision();
            let history =
                (self.history_reported.replace(Some(revision)) != Some(revision)).then(|| sketch.history().brief());
            (sketch.take_shows(), status, heights, history)
        });
        let Some((shows, status, heights, history)) = news else { return };
        if !shows.is_empty() {
            (self.report)(Report::Shows(shows));
        }
        if let Some(brief) = history {
            (self.report)(Report::History(brief));
        }
        (self.report)(Report::Status { status: Box::new(status), heights, handled: self.handled.get() });
    }
}
