//! The page's sketch workers, shared by its sketches. A post with six
//! figures does not start six workers: each worker costs the browser a
//! thread, a JavaScript heap and an instance of the module (about 12 MB
//! measured, more than a figure's own sketch), so a worker takes up to
//! [`SKETCHES_PER_WORKER`] sketches before another starts, and no more
//! workers start than the machine has cores but one (at least one, at most
//! [`MOST_WORKERS`]); past that, each new sketch joins the worker that runs
//! the fewest. In a worker, every sketch draws once per animation frame, in
//! turn, and rains by the clock, so sketches sharing a worker rain at the
//! pace their sliders say for as long as the worker keeps up, and slow down
//! together, none starved, when it does not. Sketches out of view ask for
//! no frames and cost nothing. The full build's sketches have workers of
//! their own (another module).
//!
//! Each sketch sees its place in a worker as a worker of its own
//! ([`SketchWorker`]): it hears [`Heard::Ready`] once the worker has its
//! module, its reports, and [`Heard::Failed`] if the worker dies or its
//! sketch cannot start; a worker ends with the last of its sketches.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::Array;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, OffscreenCanvas, Worker};

use crate::sketch::Start;

use super::builds::Build;
use super::dom::window;
use super::letters::{letter, read_letter};
use super::messages::Carrying;
use super::worker::{self, READY};

/// Sketches a worker takes before another worker is started.
pub const SKETCHES_PER_WORKER: usize = 3;

/// Workers per build, at most, however many cores the machine has.
pub const MOST_WORKERS: usize = 4;

/// How long a new worker has to say it is ready before its sketches are
/// told it failed (and draw on the page instead). It is handed its module
/// compiled and loads only its small script and the module's glue, which
/// the page has loaded already: well under a second, even on a slow
/// machine. One that says nothing for this long has hung, and its reader
/// would look at a map that never draws (seen once in a while in Firefox's
/// tests, where neither a report nor an error came).
pub const READY_WITHIN_MS: i32 = 10_000;

/// What a sketch hears from its worker.
pub enum Heard {
    /// The worker has its module: the sketch can be run.
    Ready,
    /// A report's packet.
    Report(JsValue),
    /// The worker died, or could not start the sketch.
    Failed,
}

type Listener = Rc<dyn Fn(Heard)>;

/// One worker of the pool, and the sketches it runs (or is about to).
struct Pooled {
    build: &'static str,
    worker: Worker,
    ready: Cell<bool>,
    sketches: RefCell<Vec<(u32, Listener)>>,
}

thread_local! {
    static POOL: RefCell<Vec<Rc<Pooled>>> = const { RefCell::new(Vec::new()) };
    static LAST_ID: Cell<u32> = const { Cell::new(0) };
}

/// How many workers a build may have on this machine.
fn most_workers() -> usize {
    let cores = window().navigator().hardware_concurrency() as usize;
    cores.saturating_sub(1).clamp(1, MOST_WORKERS)
}

/// Which of `loads` (the sketches each worker of a build runs) a new
/// sketch joins, or `None` for a new worker, when a build may have `most`:
/// the least loaded, unless all hold [`SKETCHES_PER_WORKER`] and another
/// may start (`[3, 1]` → the second; `[3]` with room → a new one; `[5, 4]`
/// with no room → the second).
pub fn worker_to_join(loads: &[usize], most: usize) -> Option<usize> {
    let (least, load) = loads.iter().enumerate().min_by_key(|(_, load)| **load)?;
    (*load < SKETCHES_PER_WORKER || loads.len() >= most).then_some(least)
}

/// A sketch's place in one of the page's workers.
pub struct SketchWorker {
    id: u32,
    pooled: Rc<Pooled>,
}

impl SketchWorker {
    /// A place for a sketch of `build`, in a worker of the pool or a new
    /// one; `listen` hears what the worker says to this sketch, never
    /// before this returns.
    pub fn join(build: &Build, listen: impl Fn(Heard) + 'static) -> Result<SketchWorker, JsValue> {
        let pooled = POOL.with(|pool| {
            let pool = pool.borrow();
            let ours: Vec<&Rc<Pooled>> = pool.iter().filter(|p| p.build == build.name).collect();
            let loads: Vec<usize> = ours.iter().map(|p| p.sketches.borrow().len()).collect();
            worker_to_join(&loads, most_workers()).map(|k| ours[k].clone())
        });
        let pooled = match pooled {
            Some(pooled) => pooled,
            None => start_worker(build)?,
        };
        let id = LAST_ID.with(|last| {
            last.set(last.get() + 1);
            last.get()
        });
        pooled.sketches.borrow_mut().push((id, Rc::new(listen)));
        if pooled.ready.get() {
            // Told as a worker would tell it: later, not during this call
            let pooled = pooled.clone();
            wasm_bindgen_futures::spawn_local(async move { pooled.tell(id, Heard::Ready) });
        }
        Ok(SketchWorker { id, pooled })
    }

    /// Has the worker run the sketch `start` describes (carrying on what
    /// another sketch `carried`, if any), drawing on `canvas` (and the 3D
    /// view on `canvas_3d`); `seen` says whether the reader can see it now.
    pub fn run(
        &self,
        canvas: OffscreenCanvas,
        canvas_3d: OffscreenCanvas,
        start: &Start,
        carried: Option<&Carrying>,
        seen: bool,
    ) -> Result<(), JsValue> {
        let (letter, transfer) = worker::run_letter(self.id, canvas, canvas_3d, start, carried, seen);
        self.pooled.worker.post_message_with_transfer(&letter, &transfer)
    }

    /// Hands the sketch a message's packet, moving `transfer`'s buffers
    /// into its worker rather than copying them.
    pub fn post(&self, packet: &JsValue, transfer: &Array) {
        let letter = letter(self.id, "message", packet);
        let _ = self.pooled.worker.post_message_with_transfer(&letter, transfer);
    }

    /// Ends the sketch, and its worker if it ran no other (what dropping
    /// the place does).
    pub fn end(self) {}
}

impl Drop for SketchWorker {
    fn drop(&mut self) {
        let pooled = &self.pooled;
        pooled.sketches.borrow_mut().retain(|(id, _)| *id != self.id);
        if !pooled.sketches.borrow().is_empty() {
            let _ = pooled.worker.post_message(&letter(self.id, "end", &JsValue::TRUE));
            return;
        }
        pooled.worker.terminate();
        POOL.with(|pool| pool.borrow_mut().retain(|p| !Rc::ptr_eq(p, pooled)));
    }
}

impl Pooled {
    /// Tells sketch `id` what it hears, if it is still here.
    fn tell(&self, id: u32, heard: Heard) {
        let listener = self.sketches.borrow().iter().find(|(k, _)| *k == id).map(|(_, l)| l.clone());
        if let Some(listen) = listener {
            listen(heard);
        }
    }

    /// Tells every sketch here what it hears (each may leave meanwhile).
    fn tell_all(&self, heard: impl Fn() -> Heard) {
        let listeners: Vec<Listener> = self.sketches.borrow().iter().map(|(_, l)| l.clone()).collect();
        for listen in listeners {
            listen(heard());
        }
    }

    /// The worker died, or never started: it leaves the pool, and each of
    /// its sketches hears it.
    fn fail(self: &Rc<Self>) {
        POOL.with(|pool| pool.borrow_mut().retain(|p| !Rc::ptr_eq(p, self)));
        self.tell_all(|| Heard::Failed);
    }

    /// What the worker says: that it is ready, or a letter for a sketch.
    fn hear(&self, data: &JsValue) {
        if data.as_string().as_deref() == Some(READY) {
            self.ready.set(true);
            return self.tell_all(|| Heard::Ready);
        }
        if let Some((id, report)) = read_letter(data, "report") {
            self.tell(id, Heard::Report(report));
        } else if let Some((id, _)) = read_letter(data, "failed") {
            self.tell(id, Heard::Failed);
        }
    }
}

/// Starts a worker on `build`, hands it the compiled module and puts it in
/// the pool; it says [`READY`] once the module is instantiated, or fails
/// if it has not within [`READY_WITHIN_MS`].
fn start_worker(build: &Build) -> Result<Rc<Pooled>, JsValue> {
    let worker = build.spawn()?;
    let pooled = Rc::new(Pooled {
        build: build.name,
        worker: worker.clone(),
        ready: Cell::new(false),
        sketches: RefCell::new(Vec::new()),
    });
    let weak = Rc::downgrade(&pooled);
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        if let Some(pooled) = weak.upgrade() {
            pooled.hear(&event.data());
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let weak = Rc::downgrade(&pooled);
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        event.prevent_default();
        if let Some(pooled) = weak.upgrade() {
            pooled.fail();
        }
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    let weak = Rc::downgrade(&pooled);
    let hung = Closure::once_into_js(move || {
        if let Some(pooled) = weak.upgrade().filter(|pooled| !pooled.ready.get()) {
            pooled.worker.terminate();
            pooled.fail();
        }
    });
    window().set_timeout_with_callback_and_timeout_and_arguments_0(hung.unchecked_ref(), READY_WITHIN_MS)?;
    POOL.with(|pool| pool.borrow_mut().push(pooled.clone()));
    Ok(pooled)
}
