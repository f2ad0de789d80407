//! A big map's rivers routed in a worker of their own, on another core
//! ([`Router`]): the sketch's thread sends the heights and goes on raining
//! and drawing, and takes the drainage when it comes. The worker is one of
//! the sketches' (www/sketch-worker.js, running the same build), started
//! by the sketch's thread when its first big map is routed and ended when
//! the map is no longer a big one, so a small map holds nothing for it.
//!
//! The letters, addressed to no sketch (`id` 0):
//!
//! - to the worker, `{ route: { asked, cols, rows, seed, seaLevel,
//!   heights, ways } }`: the heights (a `Float32Array` a cell, the last
//!   answer's water buffer where there is one) and the last answer's
//!   `ways` to write this one's into (or none), transferred;
//! - from it, `{ routed: { asked, water, ways } }`: the drainage (a
//!   `Float32Array` and a `Uint8Array` of D8 ways, a cell each), the water
//!   written over the heights it was sent; both transferred, so the same
//!   two buffers go back and forth and nothing a routing's size is made
//!   again.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Array, Float32Array, Object, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, Worker};

use crate::hydrology::flow_routing::Drainage;
use crate::hydrology::rivers::RoutingEnd;
use crate::hydrology::router::{Received, Router, Routing};
use crate::raster::grid::Grid;

use super::builds::Build;
use super::letters::{letter, read_letter};

/// What the worker has said since last read.
#[derive(Default)]
struct Inbox {
    /// The latest answer's packet.
    answer: Option<JsValue>,
    /// The worker could not start, or died.
    failed: bool,
}

/// The buffers of the last answer, to send the next routing in.
#[derive(Default)]
struct Buffers {
    water: Option<Float32Array>,
    ways: Option<Uint8Array>,
}

/// The sketch's thread's end: a [`Router`] whose routings are made in a
/// worker.
#[derive(Default)]
pub struct RoutingWorker {
    worker: Option<Worker>,
    inbox: Rc<RefCell<Inbox>>,
    /// The number of the routing last sent: an answer to an earlier one is
    /// let go.
    asked: u32,
    /// The grid of the routing last sent.
    grid: Option<Grid>,
    buffers: Buffers,
}

impl RoutingWorker {
    /// The worker, started (running this very build) if it is not yet.
    fn worker(&mut self) -> Option<Worker> {
        if self.worker.is_none() {
            match start(&self.inbox) {
                Ok(worker) => self.worker = Some(worker),
                Err(_) => self.inbox.borrow_mut().failed = true,
            }
        }
        self.worker.clone()
    }
}

/// Starts a sketches' worker on this build, whose words go to `inbox`.
fn start(inbox: &Rc<RefCell<Inbox>>) -> Result<Worker, JsValue> {
    let worker = Build::this().spawn()?;
    // (held weakly: a routing worker let go takes its listeners with it)
    let heard = Rc::downgrade(inbox);
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        if let (Some(inbox), Some((_, answer))) = (heard.upgrade(), read_letter(&event.data(), "routed")) {
            inbox.borrow_mut().answer = Some(answer);
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let heard = Rc::downgrade(inbox);
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        event.prevent_default();
        if let Some(inbox) = heard.upgrade() {
            inbox.borrow_mut().failed = true;
        }
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    Ok(worker)
}

impl Router for RoutingWorker {
    fn works(&self) -> bool {
        !self.inbox.borrow().failed
    }

    fn send(&mut self, routing: Routing, heights: &[f32]) {
        let Some(worker) = self.worker() else { return };
        self.asked = self.asked.wrapping_add(1);
        self.grid = Some(routing.grid);
        let cells = heights.len() as u32;
        let sent = self.buffers.water.take().filter(|b| b.length() == cells);
        let sent = sent.unwrap_or_else(|| Float32Array::new_with_length(cells));
        sent.copy_from(heights);
        let packet = Object::new();
        let transfer = Array::of1(&sent.buffer());
        let set = |key: &str, value: &JsValue| Reflect::set(&packet, &key.into(), value).map(|_| ());
        let mut fields = vec![
            ("asked", JsValue::from(self.asked)),
            ("cols", routing.grid.cols.into()),
            ("rows", routing.grid.rows.into()),
            ("seed", routing.seed.into()),
            ("seaLevel", routing.sea_level.into()),
            ("heights", sent.into()),
        ];
        if let Some(ways) = self.buffers.ways.take().filter(|b| b.length() == cells) {
            transfer.push(&ways.buffer());
            fields.push(("ways", ways.into()));
        }
        let posted = fields
            .iter()
            .try_for_each(|(key, value)| set(key, value))
            .and_then(|_| worker.post_message_with_transfer(&letter(0, "route", &packet), &transfer));
        if posted.is_err() {
            self.inbox.borrow_mut().failed = true;
        }
    }

    fn receive(&mut self, into: &mut Drainage) -> Received {
        if !self.works() {
            return Received::Failed;
        }
        let Some(answer) = self.inbox.borrow_mut().answer.take() else { return Received::Waiting };
        let field = |key: &str| Reflect::get(&answer, &key.into()).unwrap_or(JsValue::UNDEFINED);
        let (water, ways) = (field("water").dyn_into::<Float32Array>(), field("ways").dyn_into::<Uint8Array>());
        let (Ok(water), Ok(ways), Some(grid)) = (water, ways, self.grid) else {
            self.inbox.borrow_mut().failed = true;
            return Received::Failed;
        };
        let whole = field("asked").as_f64() == Some(self.asked as f64);
        if whole {
            into.size_for(grid);
            water.copy_to(&mut into.water);
            ways.copy_to(&mut into.ways);
        }
        self.buffers = Buffers { water: Some(water), ways: Some(ways) };
        if whole {
            Received::Whole
        } else {
            Received::Waiting
        }
    }

    fn rest(&mut self) {
        if let Some(worker) = self.worker.take() {
            worker.terminate();
            self.buffers = Buffers::default();
            self.inbox.borrow_mut().answer = None;
        }
    }
}

impl Drop for RoutingWorker {
    fn drop(&mut self) {
        self.rest();
    }
}

thread_local! {
    /// In the routing's worker: its end of the routing, kept between
    /// routings.
    static ROUTING_END: RefCell<RoutingEnd> = RefCell::new(RoutingEnd::default());
}

/// In the routing's worker: routes what a `route` letter's packet asks and
/// posts the answer.
pub fn route(scope: &DedicatedWorkerGlobalScope, packet: &JsValue) -> Result<(), JsValue> {
    let field = |key: &str| Reflect::get(packet, &key.into());
    let number = |key: &str| field(key)?.as_f64().ok_or_else(|| JsValue::from(format!("a routing without {key}")));
    let grid = Grid::new(number("cols")? as usize, number("rows")? as usize);
    let routing = Routing { grid, seed: number("seed")? as u32, sea_level: number("seaLevel")? };
    let heights: Float32Array = field("heights")?.dyn_into()?;
    let cells = grid.cells() as u32;
    if heights.length() != cells {
        return Err("a routing's heights are not its grid's".into());
    }
    let ways = field("ways")?.dyn_into::<Uint8Array>().ok().filter(|b| b.length() == cells);
    let ways = ways.unwrap_or_else(|| Uint8Array::new_with_length(cells));
    let drainage = ROUTING_END.with(|end| end.borrow_mut().route_written(routing, |into| heights.copy_to(into)));
    // (the water over the heights, which the routing has taken in)
    heights.copy_from(&drainage.water);
    ways.copy_from(&drainage.ways);
    let answer = Object::new();
    for (key, value) in [("asked", field("asked")?), ("water", heights.clone().into()), ("ways", ways.clone().into())] {
        Reflect::set(&answer, &key.into(), &value)?;
    }
    let transfer = Array::of2(&heights.buffer(), &ways.buffer());
    scope.post_message_with_transfer(&letter(0, "routed", &answer), &transfer)
}
