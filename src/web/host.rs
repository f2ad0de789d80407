//! The page's side of the running sketch. It starts the sketch in a worker
//! where the browser can draw there (`OffscreenCanvas`), and on the main
//! thread otherwise, or if the worker fails before it first reports; it
//! sends the sketch the page's messages and acts on its reports: the
//! controls, the canvas's busy state, the address bar, downloads. It keeps
//! the sketch's latest state and heights, so `pageState()` and
//! `pageHeights()` answer at once.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::Float32Array;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};

use crate::draw::viewport::Size;
use crate::settings::sliders::Setting;
use crate::settings::toggles::Toggle;
use crate::sketch::numbers::Message;
use crate::sketch::status::Status;
use crate::sketch::{Input, Show, Sketch, Start};

use super::canvas::CanvasElement;
use super::controls::{Action, Controls};
use super::dom::{document, download, warn};
use super::lazy_download::{self, Made};
use super::messages::{self, Report};
use super::painter::CanvasPainter;
use super::sketch_loop::SketchLoop;
use super::surface::Surface;
use super::{sharing, worker};

/// What the page says where the 3D view cannot be drawn.
const NO_3D: &str = "The 3D view needs WebGL2, which this browser does not offer here: the map stays 2D.";

/// Where the sketch runs.
enum Runner {
    Worker(Worker),
    Here(Rc<SketchLoop>),
}

pub struct Host {
    controls: Rc<Controls>,
    element: RefCell<CanvasElement>,
    runner: RefCell<Option<Runner>>,
    /// How the sketch started, to start it again here if the worker fails.
    start: Start,
    status: RefCell<Option<Status>>,
    heights: RefCell<Option<Float32Array>>,
    size: Cell<Size>,
    in_view: Cell<bool>,
    hidden: Cell<bool>,
    /// Whether the sketch has reported yet; until then, what was sent to a
    /// worker is kept, to send again should it fail.
    heard_from: Cell<bool>,
    unanswered: RefCell<Vec<Message>>,
    /// Messages sent, and handled by the sketch as of its latest report.
    sent: Cell<u64>,
    handled: Cell<u64>,
}

impl Host {
    /// Starts the sketch `start` describes, drawing in `element`.
    pub fn start(controls: Rc<Controls>, element: CanvasElement, start: Start) -> Rc<Host> {
        let host = Rc::new(Host {
            controls,
            size: Cell::new(start.size),
            element: RefCell::new(element),
            runner: RefCell::new(None),
            start,
            status: RefCell::new(None),
            heights: RefCell::new(None),
            in_view: Cell::new(true),
            hidden: Cell::new(false),
            heard_from: Cell::new(false),
            unanswered: RefCell::new(Vec::new()),
            sent: Cell::new(0),
            handled: Cell::new(0),
        });
        if !(worker::can_run_sketch_worker() && host.run_in_worker()) {
            host.run_here();
        }
        host
    }

    /// Hands the canvas to the sketch's worker. False if it could not be
    /// started (the canvas is then put back as it was).
    fn run_in_worker(self: &Rc<Self>) -> bool {
        let Some((canvas, canvas_3d)) = self.element.borrow().transfer() else { return false };
        let worker = match worker::spawn(canvas, canvas_3d, &self.start) {
            Ok(worker) => worker,
            Err(_) => {
                self.element.borrow_mut().replace();
                return false;
            }
        };
        let host = Rc::downgrade(self);
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            if let (Some(host), Some(report)) = (host.upgrade(), messages::report_from_js(&event.data())) {
                host.receive(report);
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        let host = Rc::downgrade(self);
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
            event.prevent_default();
            if let Some(host) = host.upgrade() {
                host.worker_failed();
            }
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        on_error.forget();
        *self.runner.borrow_mut() = Some(Runner::Worker(worker));
        true
    }

    /// The worker failed: if it never started, the sketch starts here
    /// instead, with what the reader did meanwhile.
    fn worker_failed(self: &Rc<Self>) {
        if self.heard_from.get() {
            warn("the sketch's worker stopped");
            return;
        }
        warn("the sketch's worker could not start: drawing on the main thread");
        if let Some(Runner::Worker(w)) = self.runner.borrow_mut().take() {
            w.terminate();
        }
        self.element.borrow_mut().replace();
        self.run_here();
    }

    /// Runs the sketch on the main thread.
    fn run_here(self: &Rc<Self>) {
        let surface = Surface::Element(self.element.borrow().element().clone());
        let surface_3d = Surface::Element(self.element.borrow().element_3d().clone());
        let Ok(painter) = CanvasPainter::new(surface, Some(surface_3d)) else {
            warn("this browser has no 2D canvas to draw on");
            return;
        };
        // Taken first: the loop reports as it starts, which clears them
        let unanswered = self.unanswered.take();
        let host = Rc::downgrade(self);
        let running = SketchLoop::start(Sketch::new(self.start.clone()), painter, move |report| {
            if let Some(host) = host.upgrade() {
                host.receive(report);
            }
        });
        for message in unanswered {
            running.handle(message);
        }
        running.handle(Message::Seen(self.seen()));
        running.handle(Message::Input(Input::Resize(self.size.get())));
        *self.runner.borrow_mut() = Some(Runner::Here(running));
    }

    /// Where the sketch runs: "worker" or "main".
    pub fn thread(&self) -> &'static str {
        match self.runner.borrow().as_ref() {
            Some(Runner::Worker(_)) => "worker",
            _ => "main",
        }
    }

    pub fn send(&self, message: Message) {
        self.sent.set(self.sent.get() + 1);
        match self.runner.borrow().as_ref() {
            Some(Runner::Worker(worker)) => {
                if !self.heard_from.get() {
                    self.unanswered.borrow_mut().push(message.clone());
                }
                let _ = worker.post_message(&messages::message_to_js(&message));
            }
            Some(Runner::Here(running)) => running.handle(message),
            None => self.unanswered.borrow_mut().push(message),
        }
    }

    /// Acts on a report of the sketch's.
    fn receive(&self, report: Report) {
        if !self.heard_from.replace(true) {
            self.unanswered.borrow_mut().clear();
        }
        match report {
            Report::Status { status, heights, handled } => {
                self.handled.set(handled);
                self.element.borrow().show_3d(status.toggles.get(Toggle::View));
                *self.status.borrow_mut() = Some(*status);
                if heights.is_some() {
                    *self.heights.borrow_mut() = heights;
                }
            }
            Report::Shows(shows) => {
                for show in shows {
                    match show {
                        Show::Busy(busy) => self.element.borrow().set_busy(busy),
                        Show::Link(query) => sharing::write_address(&query),
                        Show::No3d => self.element.borrow().note_3d(NO_3D),
                        other => self.controls.show(&other),
                    }
                }
            }
            Report::Picture(Some(blob)) => match web_sys::Url::create_object_url_with_blob(&blob) {
                Ok(url) => {
                    download(&url, &self.file_name(self.status().map_or("map", |s| s.scheme), "png"));
                    let _ = web_sys::Url::revoke_object_url(&url);
                }
                Err(_) => warn("the picture could not be saved"),
            },
            Report::Picture(None) => warn("the picture could not be saved"),
        }
    }

    /// What a control asked for.
    pub fn act(&self, action: Action) {
        match action {
            Action::Send(message) => self.send(message),
            Action::SaveHeightmap | Action::SaveStl | Action::SaveGltf => match (self.heights(), self.status()) {
                (Some(heights), Some(status)) => lazy_download::save(self.file(action, heights, &status)),
                _ => warn("no heights to save yet"),
            },
            Action::Fullscreen => {
                let doc = document();
                if doc.fullscreen_element().is_some() {
                    doc.exit_fullscreen();
                } else {
                    let _ = self.element.borrow().holder().request_fullscreen();
                }
            }
        }
    }

    /// The file a download asks for, made from the heights the map shows.
    fn file(&self, action: Action, heights: Float32Array, status: &Status) -> Made {
        let cols = status.choices.grid().cols as u32;
        let (sea_level, height_scale) =
            (status.settings.get(Setting::SeaLevel), status.settings.get(Setting::HeightScale));
        let (heights, cols) = (JsValue::from(heights), JsValue::from(cols));
        let (sea_level, height_scale) = (JsValue::from(sea_level), JsValue::from(height_scale));
        let (module, function, args, mime, name, what) = match action {
            Action::SaveStl => (
                "mesh-exporter",
                "stl",
                js_sys::Array::of4(&heights, &cols, &sea_level, &height_scale),
                "model/stl",
                self.file_name("solid", "stl"),
                "STL file",
            ),
            Action::SaveGltf => (
                "mesh-exporter",
                "glb",
                js_sys::Array::of5(&heights, &cols, &sea_level, &status.scheme.into(), &height_scale),
                "model/gltf-binary",
                self.file_name(status.scheme, "glb"),
                "glTF file",
            ),
            _ => (
                "heightmap-encoder",
                "encode",
                js_sys::Array::of2(&heights, &cols),
                "image/png",
                self.file_name("heightmap", "png"),
                "heightmap",
            ),
        };
        Made { module, function, args, mime, name, what }
    }

    /// The name of a saved file, as the original names its pictures: what
    /// it shows (the colour scheme, "heightmap", "solid"), the seed, the
    /// drops, the time.
    fn file_name(&self, shows: &str, extension: &str) -> String {
        let now = (js_sys::Date::now() / 1000.0).floor() as u64;
        let (seed, drops) = self.status().map_or((0, 0), |s| (s.seed, s.drops));
        format!("hydraulic_erosion_{shows}_seed{seed}_{drops}drops_{now}.{extension}")
    }

    /// The holder may have changed size (or the screen its pixel ratio).
    pub fn resize(&self) {
        let size = self.element.borrow().measure();
        if self.size.replace(size) != size {
            self.send(Message::Input(Input::Resize(size)));
        }
    }

    pub fn seen(&self) -> bool {
        self.in_view.get() && !self.hidden.get()
    }

    /// The canvas came into the viewport or left it.
    pub fn set_in_view(&self, in_view: bool) {
        let was = self.seen();
        self.in_view.set(in_view);
        self.tell_seen(was);
    }

    /// The document was hidden or shown again.
    pub fn set_hidden(&self, hidden: bool) {
        let was = self.seen();
        self.hidden.set(hidden);
        self.tell_seen(was);
    }

    fn tell_seen(&self, was: bool) {
        if self.seen() != was {
            self.send(Message::Seen(self.seen()));
        }
    }

    /// Whether the sketch's latest state takes in every message sent to it
    /// (a worker's answers come a moment later).
    pub fn settled(&self) -> bool {
        self.handled.get() >= self.sent.get()
    }

    /// The sketch's latest state, once it has reported.
    pub fn status(&self) -> Option<Status> {
        self.status.borrow().clone()
    }

    pub fn heights(&self) -> Option<Float32Array> {
        self.heights.borrow().clone()
    }
}
