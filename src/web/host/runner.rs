//! Where the page's sketch runs, and its moves between places: the first
//! frames here on the main thread, then a worker that takes the sketch
//! over once they are on screen; the full build, fetched when a reader or
//! a link first needs it; and back here if a worker fails before it first
//! reports.

use std::rc::Rc;

use js_sys::Array;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::OffscreenCanvas;

use crate::share::link::MapLink;
use crate::sketch::builds;
use crate::sketch::numbers::Message;
use crate::sketch::{Input, Show, Sketch, Start};
use crate::FULL;

use crate::web::builds::Build;
use crate::web::dom::warn;
use crate::web::full_build;
use crate::web::messages::{self, Carrying};
use crate::web::painter::CanvasPainter;
use crate::web::sketch_loop::SketchLoop;
use crate::web::surface::Surface;
use crate::web::worker_pool::{Heard, SketchWorker};
use crate::web::{snippet, theme};

use super::Host;

/// What the page says while the full build is on its way (seconds, on a
/// slow network).
const LOADING_REST: &str = "Loading the rest of the sketch…";

/// What the page says where the full build a reader's pick needs could not
/// be had.
const NOT_LOADED: &str = "What you picked is in a part of the sketch that could not be loaded, so the map stays \
                          the article's: pick it again to try again.";

/// What the page says where the full build the page's link needs could not
/// be had: no sketch started before it, so there is no map to keep.
const LINK_NOT_LOADED: &str =
    "The map this link asks for needs a part of the sketch that could not be loaded: reload the page to try again.";

/// Where the sketch runs.
pub(super) enum Runner {
    /// In a worker (shared with other sketches of the page's): the page's
    /// own build, or the full build.
    Worker(SketchWorker),
    /// Here on the page, in the page's own module.
    Here(Rc<SketchLoop>),
    /// Here on the page, in the full build's module (a browser that cannot
    /// draw from a worker): its port, which takes a worker's packets.
    FullHere(JsValue),
}

/// A place in a worker ([`SketchWorker::join`]), with the canvases the
/// sketch will draw on there, until the worker is ready and is given it.
pub(super) struct Starting {
    worker: SketchWorker,
    canvases: (OffscreenCanvas, OffscreenCanvas),
    /// Whether the sketch running here moves to it (the page's first
    /// frames are drawn here while the worker starts).
    from_here: bool,
    /// Whether its canvases are the element's own (no sketch drew before
    /// it), rather than fresh ones behind them.
    own_canvases: bool,
}

impl Host {
    /// Starts a worker on `build` and hands it canvases: the element's own
    /// at first, fresh ones behind them when another sketch draws there now.
    /// The sketch is given to it once it is ready ([`Host::worker_ready`]):
    /// the one running here, `from_here`, or the one [`Host::start`] holds.
    /// False if it could not be started (the canvases are then put back).
    pub(super) fn run_in_worker(self: &Rc<Self>, build: &Build, from_here: bool) -> bool {
        let changing = self.runner.borrow().is_some() || self.retiring.borrow().is_some();
        let offscreen = if changing {
            let (canvas, canvas_3d) = self.element.borrow_mut().prepare_successors();
            canvas.transfer_control_to_offscreen().ok().zip(canvas_3d.transfer_control_to_offscreen().ok())
        } else {
            self.element.borrow().transfer()
        };
        let put_back = || match changing {
            true => self.element.borrow_mut().discard_successors(),
            false => self.element.borrow_mut().replace(),
        };
        let Some(canvases) = offscreen else {
            put_back();
            return false;
        };
        let host = Rc::downgrade(self);
        let joined = SketchWorker::join(build, move |heard| {
            let Some(host) = host.upgrade() else { return };
            match heard {
                Heard::Ready => host.worker_ready(),
                Heard::Report(packet) => {
                    if let Some(report) = messages::report_from_js(&packet) {
                        host.receive(report);
                    }
                }
                Heard::Failed => host.worker_failed(),
            }
        });
        let Ok(worker) = joined else {
            put_back();
            return false;
        };
        *self.starting.borrow_mut() = Some(Starting { worker, canvases, from_here, own_canvases: !changing });
        true
    }

    /// The starting worker has its module: the sketch running here hands
    /// itself over to it (or it starts as [`Host::start`] holds), and the
    /// messages that waited meanwhile follow.
    fn worker_ready(self: &Rc<Self>) {
        let Some(Starting { worker, canvases: (canvas, canvas_3d), from_here, .. }) = self.starting.take() else {
            return;
        };
        if from_here {
            let here = match self.runner.borrow().as_ref() {
                Some(Runner::Here(running)) => Some(running.clone()),
                _ => None,
            };
            let Some(running) = here else {
                // Nothing runs here to move (it went to the full build)
                worker.end();
                self.element.borrow_mut().discard_successors();
                return;
            };
            let Some((link, carried)) = running.hand_over() else {
                worker.end();
                self.element.borrow_mut().discard_successors();
                return;
            };
            let start = Start { link, capped: carried.capped, ..self.start.borrow().0.clone() };
            *self.start.borrow_mut() = (start, Some(Carrying::Here(Box::new(carried))));
        }
        let (start, carried) = self.start.borrow().clone();
        let start = Start {
            site_dark: theme::site_is_dark(),
            reduced_motion: theme::prefers_reduced_motion(),
            size: self.size.get(),
            ..start
        };
        if worker.run(canvas, canvas_3d, &start, carried.as_ref(), self.seen()).is_err() {
            worker.end();
            self.element.borrow_mut().discard_successors();
            warn("the sketch's worker could not start: drawing on the main thread");
            return self.run_here();
        }
        self.heard_from.set(false);
        self.await_draw(carried.as_ref());
        // What was sent while no sketch ran (a big map's, whose first frame
        // is the worker's) goes to it: a pause pressed meanwhile is kept.
        // The sketch here, if one ran, had handled all it was sent
        let unsent = self.unanswered.take();
        *self.runner.borrow_mut() = Some(Runner::Worker(worker));
        self.deliver_waiting(if from_here { Vec::new() } else { unsent });
    }

    /// A worker failed: one still starting is let go (the sketch drawing
    /// here, if any, carries on); one that never reported has the sketch
    /// start here instead, with what the reader did meanwhile.
    fn worker_failed(self: &Rc<Self>) {
        let here_runs = self.here_runs();
        let was_starting = self.abandon_starting();
        if !was_starting && self.heard_from.get() {
            warn("the sketch's worker stopped");
            return;
        }
        warn("the sketch's worker could not start: drawing on the main thread");
        if here_runs {
            return;
        }
        if let Some(Runner::Worker(w)) = self.runner.borrow_mut().take() {
            w.end();
        }
        if let Some(w) = self.retiring.borrow_mut().take() {
            w.end();
        }
        self.element.borrow_mut().replace();
        if self.full.get() && !FULL {
            let (start, carried) = self.start.borrow().clone();
            let unanswered = self.unanswered.take();
            self.switching.borrow_mut().get_or_insert(unanswered);
            self.run_full_here(start, carried);
        } else {
            self.run_here();
        }
    }

    /// Whether the sketch runs here, on the page's own module, and has not
    /// been handed over.
    pub(super) fn here_runs(&self) -> bool {
        matches!(self.runner.borrow().as_ref(), Some(Runner::Here(running)) if !running.stopped())
    }

    /// Lets a worker that is still starting go, and the canvases it was
    /// to draw on (the element's own are made afresh: they were handed to
    /// it). False if none was starting.
    pub(super) fn abandon_starting(&self) -> bool {
        let Some(starting) = self.starting.take() else { return false };
        starting.worker.end();
        match starting.own_canvases {
            true => self.element.borrow_mut().replace(),
            false => self.element.borrow_mut().discard_successors(),
        }
        true
    }

    /// Runs the sketch on the main thread, in this module.
    pub(super) fn run_here(self: &Rc<Self>) {
        if self.stopped.get() {
            return;
        }
        let surface = Surface::Element(self.element.borrow().element().clone());
        let surface_3d = Surface::Element(self.element.borrow().element_3d().clone());
        let Ok(painter) = CanvasPainter::new(surface, Some(surface_3d)) else {
            warn("this browser has no 2D canvas to draw on");
            return;
        };
        // Taken first: the loop reports as it starts, which clears them
        let unanswered = self.unanswered.take();
        self.taken_over(unanswered.len());
        let host = Rc::downgrade(self);
        let (start, carried) = self.start.borrow().clone();
        let carried = carried.and_then(Carrying::into_carried);
        let sketch = carried.and_then(|c| Sketch::resume(start.clone(), c)).unwrap_or_else(|| Sketch::new(start));
        let running = SketchLoop::start(sketch, painter, self.seen(), move |report| {
            if let Some(host) = host.upgrade() {
                host.receive(report);
            }
        });
        for message in unanswered {
            running.handle(message);
        }
        // Sent like any other message, so that its answer is not taken for
        // the answer to one still to come
        self.sent.set(self.sent.get() + 1);
        running.handle(Message::Input(Input::Resize(self.size.get())));
        *self.runner.borrow_mut() = Some(Runner::Here(running));
    }

    /// Changes to the full build, for `first` (a reader's input that needs
    /// it) or for the link the page started on: fetches it, then has the
    /// sketch hand itself over ([`Sketch::handover`]) and the full build
    /// carry on. Messages wait meanwhile, and are handed on in order.
    pub(super) fn switch_to_full(self: &Rc<Self>, first: Option<Message>) {
        *self.switching.borrow_mut() = Some(first.into_iter().collect());
        self.element.borrow().note().say(LOADING_REST);
        let host = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            match full_build::fetch().await {
                Ok(build) => {
                    *host.fetched.borrow_mut() = Some(build);
                    host.element.borrow().note().take_back(|said| said == LOADING_REST);
                    host.hand_over();
                }
                Err(_) => host.stay(),
            }
        });
    }

    /// Asks the sketch to hand itself over; a worker answers with a report.
    pub(super) fn hand_over(self: &Rc<Self>) {
        let here = match self.runner.borrow().as_ref() {
            Some(Runner::Worker(worker)) => {
                worker.post(&messages::message_to_js(&Message::HandOver).0, &Array::new());
                return;
            }
            Some(Runner::Here(running)) => running.hand_over(),
            Some(Runner::FullHere(_)) => return,
            None => None,
        };
        match here {
            Some((link, carried)) => self.carry_on_in_full(link, Some(Carrying::Here(Box::new(carried)))),
            None => {
                let (start, _) = self.start.borrow().clone();
                self.carry_on_in_full(start.link, None);
            }
        }
    }

    /// The full build takes over from the sketch that handed itself over
    /// (or starts, with nothing carried): in a worker where the browser can
    /// draw there, else here.
    pub(super) fn carry_on_in_full(self: &Rc<Self>, link: MapLink, carried: Option<Carrying>) {
        let Some(build) = self.fetched.borrow().clone().filter(|_| !self.stopped.get()) else { return };
        let capped = carried.as_ref().map_or(self.start.borrow().0.capped, Carrying::capped);
        let start = Start {
            link,
            capped,
            site_dark: theme::site_is_dark(),
            reduced_motion: theme::prefers_reduced_motion(),
            paused: self.start.borrow().0.paused,
            size: self.size.get(),
        };
        *self.start.borrow_mut() = (start.clone(), carried.clone());
        self.abandon_starting();
        self.controls.video_cut_short();
        self.full.set(true);
        self.heard_from.set(false);
        self.unanswered.borrow_mut().clear();
        // A worker that ran the sketch retires once the new one has drawn;
        // a sketch that ran here stays (stopped) until then, its canvas shown
        if let Some(Runner::Worker(old)) = self.runner.borrow_mut().take_if(|r| matches!(r, Runner::Worker(_))) {
            *self.retiring.borrow_mut() = Some(old);
        }
        if snippet::can_run_sketch_worker() && self.run_in_worker(&build, false) {
            // The waiting messages are handed on once it is ready
        } else {
            self.run_full_here(start, carried);
        }
    }

    /// Runs the full build's sketch here, on fresh canvases behind the
    /// page's; the waiting messages are handed on once it runs.
    fn run_full_here(self: &Rc<Self>, start: Start, carried: Option<Carrying>) {
        let Some(build) = self.fetched.borrow().clone().filter(|_| !self.stopped.get()) else { return };
        let (canvas, canvas_3d) = self.element.borrow_mut().prepare_successors();
        self.await_draw(carried.as_ref());
        let host = Rc::downgrade(self);
        let report = Closure::<dyn FnMut(JsValue)>::new(move |packet: JsValue| {
            if let (Some(host), Some(report)) = (host.upgrade(), messages::report_from_js(&packet)) {
                host.receive(report);
            }
        });
        let report: js_sys::Function = report.into_js_value().unchecked_into();
        let host = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            match full_build::run_here(&build, &canvas, &canvas_3d, &start, carried.as_ref(), host.seen(), &report)
                .await
            {
                Ok(port) => {
                    *host.runner.borrow_mut() = Some(Runner::FullHere(port));
                    host.deliver_waiting(Vec::new());
                }
                Err(_) => {
                    warn("the full sketch could not start");
                    host.stay();
                }
            }
        });
    }

    /// The full build could not be had: the sketch stays as it is, and
    /// what needed the full build is undone on the controls.
    fn stay(&self) {
        let (note, then) = match self.runner.borrow().as_ref() {
            Some(_) => (NOT_LOADED, "the map stays the article's"),
            None => (LINK_NOT_LOADED, "the link's map cannot be drawn"),
        };
        warn(&format!("the full sketch could not be loaded: {then}"));
        self.element.borrow().note().say(note);
        let waiting = self.switching.take().unwrap_or_default();
        let status = self.status();
        for message in waiting {
            match (&message, &status) {
                (Message::Input(input), Some(status)) if builds::input_needs_full(input) => {
                    let undo = match *input {
                        Input::Set(setting, _) => Show::Setting(setting, status.settings.get(setting)),
                        Input::Toggle(toggle, _) => Show::Toggle(toggle, status.toggles.get(toggle)),
                        Input::Choose(choice, _) => Show::Choice(choice, status.choices.get(choice)),
                        _ => continue,
                    };
                    self.controls.show(&undo);
                    self.handled_before.set(self.handled_before.get() + 1);
                }
                _ => self.deliver(message),
            }
        }
    }
}
