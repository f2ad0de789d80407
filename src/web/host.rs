//! The page's side of the running sketch. It starts the sketch in a worker
//! where the browser can draw there (`OffscreenCanvas`), and on the main
//! thread otherwise, or if the worker fails before it first reports; it
//! sends the sketch the page's messages and acts on its reports: the
//! controls, the canvas's busy state, the address bar, downloads. It keeps
//! the sketch's latest state, so `pageState()` answers at once, and asks
//! for the heights only where they are needed (a download,
//! `pageHeights()`): what crosses with every frame does not grow with the
//! map.

mod files;
mod runner;

use runner::{Runner, Starting};

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::Float32Array;
use wasm_bindgen::prelude::*;

use crate::draw::layers::Legend;
use crate::draw::viewport::Size;
use crate::settings::toggles::Toggle;
use crate::share::link::{self};
use crate::sketch::builds;
use crate::sketch::history::Brief;
use crate::sketch::numbers::Message;
use crate::sketch::status::{Field, Status};
use crate::sketch::{Input, Show, Start};
use crate::FULL;

use super::builds::Build;
use super::canvas::CanvasElement;
use super::controls::{Action, Controls};
use super::dom::{after_next_paint, after_this_task, document, download, warn, window};
use super::full_build;
use super::lazy_download::{self};
use super::messages::{self, Carrying, Report};
use super::time_lapse::NoVideo;
use super::worker_pool::SketchWorker;
use super::{sharing, snippet};

/// What the page says where the 3D view cannot be drawn.
const NO_3D: &str = "The 3D view needs WebGL2, which this browser does not offer here: the map stays 2D.";

/// Where a sketch's links go.
pub enum Links {
    /// The page's own: into the address bar, which "Copy link" copies.
    AddressBar,
    /// A figure's: `told` hears each new one that is more than the rain
    /// going on (a query of `he-` parameters), and "Copy link" gives the
    /// map on `page`, the full page's address.
    Figure { page: String, told: js_sys::Function },
}

/// What to do with the ground asked for ([`Host::ask_heights`]) once it
/// comes, with the state it goes with: the heights, then, where the hand
/// moved the ground, the ground without the rain's work ([`heights_in`]
/// takes the heights alone).
pub type HeightsWanted = Box<dyn FnOnce(Float32Array, &Status)>;

/// The heights of the ground a sketch reports ([`HeightsWanted`]).
pub fn heights_in(ground: &Float32Array, status: &Status) -> Float32Array {
    ground.subarray(0, status.grid().cells() as u32)
}

pub struct Host {
    controls: Rc<Controls>,
    element: RefCell<CanvasElement>,
    runner: RefCell<Option<Runner>>,
    /// How the sketch started (and what another build carried to it), to
    /// start it again here if its worker fails.
    start: RefCell<(Start, Option<Carrying>)>,
    /// Whether the sketch is the full build's ([`crate::sketch::builds`]).
    full: Cell<bool>,
    /// While the page changes to the full build: the messages for it; the
    /// full build once fetched (kept, should its worker fail to start); the
    /// worker it replaces, until the new one has drawn.
    switching: RefCell<Option<Vec<Message>>>,
    fetched: RefCell<Option<Build>>,
    retiring: RefCell<Option<SketchWorker>>,
    starting: RefCell<Option<Starting>>,
    /// Whether the sketch drawing its first frames here will be offered to
    /// a worker once they are on screen.
    worker_to_come: Cell<bool>,
    /// While fresh canvases wait behind the shown ones for the sketch just
    /// given them: the frames it had drawn before. They take the old ones'
    /// place once it reports more.
    frames_before_handover: Cell<Option<u64>>,
    status: RefCell<Option<Status>>,
    /// The name the next picture the sketch sends is saved under, where
    /// "Copy embed code" asked for it as the figure's poster.
    poster_file: RefCell<Option<String>>,
    /// Who waits for the heights the sketch was asked for, in the order
    /// they asked; the next heights it reports answer them all.
    heights_wanted: RefCell<Vec<HeightsWanted>>,
    /// The reader's changes as the sketch last reported them.
    history: RefCell<Brief>,
    /// The latest link the sketch offered (what "Save maps" writes into
    /// its map.json), and where links go.
    link: RefCell<String>,
    links: Links,
    /// Whether the address bar waits for the first picture to be on
    /// screen: writing it (`history.replaceState`) cost the page's main
    /// thread 3 to 10 ms just before its first paint.
    address_waits: Cell<bool>,
    size: Cell<Size>,
    in_view: Cell<bool>,
    hidden: Cell<bool>,
    /// Whether the sketch has reported yet; until then, what was sent to a
    /// worker is kept, to send again should it fail (and what was sent
    /// while no sketch ran, to send to the one that starts).
    heard_from: Cell<bool>,
    unanswered: RefCell<Vec<Message>>,
    /// Whether it was stopped for good ([`Host::stop`]): nothing starts
    /// again, not even a build that was on its way.
    stopped: Cell<bool>,
    /// Messages sent; those handled by the sketches before this one, and by
    /// all of them as of its latest report.
    sent: Cell<u64>,
    handled_before: Cell<u64>,
    handled: Cell<u64>,
}

impl Host {
    /// Starts the sketch `start` describes, drawing in `element`: the full
    /// build's where the link needs it, else this module's, in a task after
    /// this one ([`Host::begin`]).
    pub fn start(controls: Rc<Controls>, element: CanvasElement, start: Start, links: Links) -> Rc<Host> {
        let needs_full = !FULL && builds::link_needs_full(&start.link);
        let host = Rc::new(Host {
            controls,
            size: Cell::new(start.size),
            element: RefCell::new(element),
            runner: RefCell::new(None),
            start: RefCell::new((start, None)),
            full: Cell::new(FULL),
            switching: RefCell::new(None),
            fetched: RefCell::new(None),
            retiring: RefCell::new(None),
            starting: RefCell::new(None),
            worker_to_come: Cell::new(false),
            frames_before_handover: Cell::new(None),
            status: RefCell::new(None),
            poster_file: RefCell::new(None),
            heights_wanted: RefCell::new(Vec::new()),
            history: RefCell::new(Brief::default()),
            link: RefCell::new(String::new()),
            links,
            address_waits: Cell::new(false),
            in_view: Cell::new(true),
            hidden: Cell::new(false),
            heard_from: Cell::new(false),
            unanswered: RefCell::new(Vec::new()),
            stopped: Cell::new(false),
            sent: Cell::new(0),
            handled_before: Cell::new(0),
            handled: Cell::new(0),
        });
        host.take_dropped_grounds();
        // The sketch itself starts in a task of its own: with what its
        // page did to start it, starting its worker made a task of 50 to
        // 65 ms on a phone's CPU. What is sent meanwhile waits for it
        let host_ = host.clone();
        after_this_task(move || host_.begin(needs_full));
        host
    }

    /// Starts the sketch: in the full build's where the link `needs_full`,
    /// else in a worker where one can draw, else here; not at all if it
    /// was stopped first (a figure taken off its page at once).
    fn begin(self: &Rc<Self>, needs_full: bool) {
        if self.stopped.get() {
            return;
        }
        if needs_full {
            self.switch_to_full(None);
        } else if snippet::can_run_sketch_worker() && self.run_in_worker(&Build::this(), false) {
            // The first frame is the worker's: made here, it would hold the
            // reader's thread for a long task (hundreds of milliseconds on
            // a phone), and a big map's buffers would stay in this module's
            // memory once handed over. Its link goes to the address bar
            // once it is on screen
            self.address_waits.set(matches!(self.links, Links::AddressBar));
        } else {
            // No worker could take the canvas (none can draw offscreen
            // here): the first frame at once, drawn here; once it is on
            // screen, its link goes to the address bar, and a worker that
            // can run is tried once more
            self.address_waits.set(matches!(self.links, Links::AddressBar));
            self.run_here();
            self.worker_to_come.set(true);
            let host = self.clone();
            after_next_paint(move || {
                host.write_waiting_address();
                host.worker_to_come.set(false);
                // (unless the sketch went to the full build meanwhile)
                if host.here_runs() && !host.full.get() && snippet::can_run_sketch_worker() {
                    host.run_in_worker(&Build::this(), true);
                }
            });
        }
    }

    /// Stops the sketch for good, wherever it runs (a figure taken off its
    /// page): its worker ended, its frames no longer asked for, a build on
    /// its way dropped.
    pub fn stop(&self) {
        self.stopped.set(true);
        self.abandon_starting();
        self.switching.take();
        if let Some(old) = self.retiring.take() {
            old.end();
        }
        match self.runner.take() {
            Some(Runner::Worker(worker)) => worker.end(),
            Some(Runner::Here(running)) => {
                running.hand_over();
            }
            Some(Runner::FullHere(port)) => full_build::post(&port, &messages::message_to_js(&Message::HandOver).0),
            None => {}
        }
    }

    /// Where the sketch runs: "worker" or "main".
    pub fn thread(&self) -> &'static str {
        match self.runner.borrow().as_ref() {
            Some(Runner::Worker(_)) => "worker",
            _ => "main",
        }
    }

    /// Sends the sketch a message: to the full build, fetched first, if it
    /// is a reader's input only that build can take.
    pub fn send(self: &Rc<Self>, message: Message) {
        self.sent.set(self.sent.get() + 1);
        if let Some(waiting) = self.switching.borrow_mut().as_mut() {
            waiting.push(message);
            return;
        }
        // A ground given is kept by the build that opens it
        let needs_full = match &message {
            Message::Input(input) => builds::input_needs_full(input),
            Message::ShelveGround(..) => true,
            _ => false,
        };
        if !self.full.get() && needs_full {
            self.switch_to_full(Some(message));
            return;
        }
        self.deliver(message);
    }

    /// A new sketch takes over, to be sent the last `waiting` messages sent:
    /// the sketches before it handled the rest, and until it reports, that
    /// is all that has been handled. (Left at what the sketch before said,
    /// a message sent before the new sketch's first report looked handled
    /// already: the page said it was settled, resting out of sight, while a
    /// frame of rain was still to come.)
    fn taken_over(&self, waiting: usize) {
        self.handled_before.set(self.sent.get() - waiting as u64);
        self.handled.set(self.handled_before.get());
    }

    /// Hands the new sketch, which has handled none yet, the messages that
    /// waited: those `unsent` while no sketch ran, then those sent while
    /// the page changed builds, if it is the full build they wait for. The
    /// page's own worker, ready while the full build a reader's first pick
    /// needs is still on its way, is not: the pick, and what followed it,
    /// wait on for the full build. (Handed to the page's build, which
    /// cannot take it, a pick made that early was lost: the control showed
    /// it, the map never did.)
    fn deliver_waiting(&self, unsent: Vec<Message>) {
        let for_the_full_build = if self.full.get() { self.switching.take().unwrap_or_default() } else { Vec::new() };
        let still_waiting = self.switching.borrow().as_ref().map_or(0, Vec::len);
        let waiting: Vec<Message> = unsent.into_iter().chain(for_the_full_build).collect();
        self.taken_over(waiting.len() + still_waiting);
        for message in waiting {
            self.deliver(message);
        }
    }

    /// Hands a message (already counted as sent) to where the sketch runs.
    fn deliver(&self, message: Message) {
        match self.runner.borrow().as_ref() {
            Some(Runner::Worker(worker)) => {
                if !self.heard_from.get() {
                    self.unanswered.borrow_mut().push(message.clone());
                }
                let (packet, transfer) = messages::message_to_js(&message);
                worker.post(&packet, &transfer);
            }
            Some(Runner::Here(running)) => running.handle(message),
            Some(Runner::FullHere(port)) => full_build::post(port, &messages::message_to_js(&message).0),
            None => self.unanswered.borrow_mut().push(message),
        }
    }

    /// Acts on a report of the sketch's.
    fn receive(self: &Rc<Self>, report: Report) {
        if let Report::HandedOver { query, carried } = report {
            // In a task of its own: after reading the packet, in the same
            // task, making the new worker and its canvases made one of 50
            // to 55 ms on a phone's CPU (messages wait meanwhile, as they
            // did while the build came)
            let host = self.clone();
            return after_this_task(move || host.carry_on_in_full(link::read(&query).link, Some(carried)));
        }
        if !self.heard_from.replace(true) {
            self.unanswered.borrow_mut().clear();
        }
        match report {
            Report::HandedOver { .. } => {}
            Report::Status { status, heights, handled } => {
                if self.address_waits.get() && self.status().is_none() {
                    // The first frame drawn: its link goes to the address
                    // bar once it is on screen
                    let host = self.clone();
                    after_next_paint(move || host.write_waiting_address());
                }
                self.promote_once_drawn(status.frames);
                self.handled.set(self.handled_before.get() + handled);
                self.element.borrow().show_3d(status.toggles.get(Toggle::View));
                self.element.borrow().take_touch(status.choices.tool().is_some());
                self.element.borrow().show_legend(Legend { layer: status.choices.layer(), top: status.layer_top });
                // A state that has not yet taken in every control touched
                // would put them back as they were
                if self.handled.get() >= self.sent.get() {
                    self.controls.show_status(&status);
                }
                // (waiting, every status: a file given may have been another)
                if status.ground.waits() || self.status().is_none_or(|before| before.ground != status.ground) {
                    self.show_ground(&status);
                }
                *self.status.borrow_mut() = Some(*status);
                if let Some(heights) = heights {
                    self.answer_heights(&heights);
                }
            }
            Report::Shows(shows) => {
                for show in shows {
                    match show {
                        Show::Busy(busy) => self.element.borrow().set_busy(busy),
                        Show::Link(query) => {
                            let changed = !link::same_but_drops(&self.link.borrow(), &query);
                            match &self.links {
                                Links::AddressBar if !self.address_waits.get() => sharing::write_address(&query),
                                Links::Figure { told, .. } if changed => {
                                    let _ = told.call1(&JsValue::NULL, &query.as_str().into());
                                }
                                _ => {}
                            }
                            let ground_named = |q: &str| q.contains("he-ground=").then(|| link::read(q).link.ground);
                            let new_ground = ground_named(&self.link.borrow()) != ground_named(&query);
                            *self.link.borrow_mut() = query;
                            if let Some(status) = self.status().filter(|_| new_ground) {
                                self.show_ground(&status);
                            }
                        }
                        Show::Shared { exact } => {
                            self.write_waiting_address();
                            self.controls.shared(exact, self.link_to_share());
                        }
                        Show::No3d => self.element.borrow().note().say(NO_3D),
                        other => self.controls.show(&other),
                    }
                }
            }
            Report::History(brief) => *self.history.borrow_mut() = brief,
            Report::VideoProgress { done, total } => self.controls.show_video_progress(done, total),
            Report::Video(Ok(video)) => {
                self.controls.video_done(None);
                lazy_download::save(self.video_file(video), self.element.borrow().note().clone());
            }
            Report::Video(Err(NoVideo::Cancelled)) => self.controls.video_done(None),
            Report::Video(Err(NoVideo::Failed(why))) => {
                warn(&format!("no video: {why}"));
                self.controls.video_done(Some(&why));
            }
            Report::Picture(Some(blob)) => match web_sys::Url::create_object_url_with_blob(&blob) {
                Ok(url) => {
                    let poster = self.poster_file.borrow_mut().take();
                    let name =
                        poster.unwrap_or_else(|| self.file_name(self.status().map_or("map", |s| s.scheme), "png"));
                    download(&url, &name);
                    let _ = web_sys::Url::revoke_object_url(&url);
                }
                Err(_) => warn("the picture could not be saved"),
            },
            Report::Picture(None) => warn("the picture could not be saved"),
        }
    }

    /// The map's link as "Copy link" gives it: the address bar's, or a
    /// figure's map on the page it names.
    fn link_to_share(&self) -> String {
        match &self.links {
            Links::AddressBar => window().location().href().unwrap_or_default(),
            Links::Figure { page, .. } => sharing::on_page(page, &self.link.borrow()),
        }
    }

    /// The full page's address: this page's, or the one a figure names.
    fn full_page(&self) -> String {
        match &self.links {
            Links::AddressBar => window().location().href().unwrap_or_default(),
            Links::Figure { page, .. } => page.clone(),
        }
    }

    /// The map's link as the sketch last offered it (a query of `he-`
    /// parameters).
    pub fn link(&self) -> String {
        self.link.borrow().clone()
    }

    /// Writes the link that waited for the first picture
    /// ([`Host::address_waits`]) to the address bar, if it waited.
    fn write_waiting_address(&self) {
        if self.address_waits.replace(false) && !self.link.borrow().is_empty() {
            sharing::write_address(&self.link.borrow());
        }
    }

    /// Once the sketch that took over has drawn a frame, its canvases take
    /// the place of those the sketch before it drew on, and a worker that
    /// ran that sketch is let go: the map never goes blank meanwhile.
    fn promote_once_drawn(&self, frames: u64) {
        if self.frames_before_handover.get().is_some_and(|before| frames > before) {
            self.frames_before_handover.set(None);
            self.element.borrow_mut().promote_successors();
            if let Some(old) = self.retiring.borrow_mut().take() {
                old.end();
            }
        }
    }

    /// The sketch about to report (carrying on from what another
    /// `carried`, if anything) is the one given fresh canvases, if any
    /// wait: [`Host::promote_once_drawn`] watches its frames.
    fn await_draw(&self, carried: Option<&Carrying>) {
        let waiting = self.element.borrow().has_successors();
        self.frames_before_handover.set(waiting.then(|| carried.map_or(0, Carrying::frames)));
    }

    /// What a control asked for.
    pub fn act(self: &Rc<Self>, action: Action) {
        match action {
            Action::Send(message) => self.send(message),
            Action::SaveHeightmap | Action::SaveMaps | Action::SaveStl | Action::SaveGltf => {
                let host = self.clone();
                self.ask_heights(Box::new(move |heights, status| {
                    lazy_download::save(host.file(action, heights, status), host.element.borrow().note().clone())
                }));
            }
            Action::OpenGround(file) => self.open_ground(file),
            Action::CopyEmbed => {
                self.write_waiting_address();
                let poster = self.poster();
                // The poster's picture, saved under the name the code gives it
                *self.poster_file.borrow_mut() = Some(poster.file.clone());
                self.send(Message::SavePicture);
                self.controls.embed_copied(sharing::embed_code(&self.link.borrow(), &self.full_page(), &poster));
            }
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

    /// The holder may have changed size (or the screen its pixel ratio).
    /// One not laid out leaves the map at its size until it is again.
    pub fn resize(self: &Rc<Self>) {
        if !self.element.borrow().laid_out() {
            return;
        }
        let size = self.element.borrow().measure();
        if self.size.replace(size) != size {
            self.send(Message::Input(Input::Resize(size)));
        }
    }

    pub fn seen(&self) -> bool {
        self.in_view.get() && !self.hidden.get()
    }

    /// The canvas came into the viewport or left it.
    pub fn set_in_view(self: &Rc<Self>, in_view: bool) {
        let was = self.seen();
        self.in_view.set(in_view);
        self.tell_seen(was);
    }

    /// The document was hidden or shown again.
    pub fn set_hidden(self: &Rc<Self>, hidden: bool) {
        let was = self.seen();
        self.hidden.set(hidden);
        self.tell_seen(was);
    }

    fn tell_seen(self: &Rc<Self>, was: bool) {
        if self.seen() != was {
            self.send(Message::Seen(self.seen()));
        }
    }

    /// Whether the sketch's latest state takes in every message sent to it
    /// (a worker's answers come a moment later), and the sketch runs where
    /// it will stay: no worker is starting to take it over, and the one
    /// that took it over has drawn on its canvas (or waits, out of sight,
    /// to draw when it is seen); and its controls are all in the document.
    pub fn settled(&self) -> bool {
        self.controls.in_document()
            && self.handled.get() >= self.sent.get()
            && !self.worker_to_come.get()
            && self.starting.borrow().is_none()
            && (self.frames_before_handover.get().is_none() || !self.seen())
    }

    /// The sketch's latest state, once it has reported.
    pub fn status(&self) -> Option<Status> {
        self.status.borrow().clone()
    }

    /// Asks the sketch for its heights as they are now; `then` is given
    /// them (its own copy) with the state they go with, once they come.
    pub fn ask_heights(self: &Rc<Self>, then: HeightsWanted) {
        self.heights_wanted.borrow_mut().push(then);
        self.send(Message::SendHeights);
    }

    /// Gives the heights the sketch reported to all who wait for them.
    fn answer_heights(&self, heights: &Float32Array) {
        let Some(status) = self.status() else { return };
        for then in self.heights_wanted.take() {
            then(Float32Array::new(heights), &status);
        }
    }

    /// The reader's changes, as of the sketch's latest report.
    pub fn history(&self) -> Brief {
        self.history.borrow().clone()
    }
}

/// A status field as the numbers it crosses in (what a module fetched for a
/// download reads back the same way).
fn numbers_of(field: &impl Field) -> Vec<f64> {
    let mut numbers = Vec::new();
    field.write(&mut numbers);
    numbers
}
