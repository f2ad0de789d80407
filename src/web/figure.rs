//! A figure in a post: each `<hydraulic-erosion>` element (www/element.js)
//! runs a sketch of its own in its shadow root, as many on a page as the
//! post needs, each with its own canvas and controls (the sketches share a
//! few workers, [`super::worker_pool`]). Its map comes from its
//! attributes, read as a link's query by the link's own parser, so a figure
//! shows exactly the map its link shows on the full page; its links go to
//! the element (its `link` property and `change` event), never to the
//! address bar, which is the post's.

use std::rc::Rc;

use js_sys::Function;
use wasm_bindgen::prelude::*;
use web_sys::{HtmlElement, ShadowRoot};

use crate::share::link;
use crate::sketch::numbers::Message;
use crate::sketch::Input;

use super::canvas::CanvasElement;
use super::dom::{warn, Root};
use super::host::{Host, Links};
use super::page::{heights_of, run_sketch, state_of, stroke_of};
use super::random_seed;

/// A figure's running sketch, for its element.
#[wasm_bindgen]
pub struct Figure {
    host: Rc<Host>,
}

#[wasm_bindgen]
impl Figure {
    /// Starts the map `query` describes (a link's query of `he-`
    /// parameters; a new map without a seed) in `holder`, inside the
    /// element's shadow root `root`, where its controls are found by the
    /// page's IDs; still, drawn at its drops, until played if `paused`.
    /// "Copy link" gives the map on `page`, the full page's address, and
    /// `told(query)` hears each new link of the map.
    #[wasm_bindgen(constructor)]
    pub fn new(
        holder: HtmlElement,
        root: ShadowRoot,
        query: &str,
        paused: bool,
        page: String,
        told: Function,
    ) -> Figure {
        let reading = link::read(query);
        for w in &reading.warnings {
            warn(w);
        }
        let mut link = reading.link;
        link.seed = Some(link.seed.unwrap_or_else(random_seed));
        let root = Root::Figure(root.into());
        let element = CanvasElement::new(holder);
        let host = run_sketch(element, link, reading.capped, paused, root, Links::Figure { page, told });
        Figure { host }
    }

    /// The figure's map as a link's query (`he-` parameters), as of its
    /// latest frame.
    #[wasm_bindgen(getter)]
    pub fn link(&self) -> String {
        self.host.link()
    }

    /// Its state, as `pageState()` gives the page's (`null` until its
    /// first frame).
    pub fn state(&self) -> JsValue {
        state_of(&self.host)
    }

    /// A promise of its heights now, as `pageHeights()` gives the page's.
    pub fn heights(&self) -> js_sys::Promise {
        heights_of(Some(self.host.clone()))
    }

    /// Rains, if it does not.
    pub fn play(&self) {
        self.host.send(Message::Input(Input::Rain(true)));
    }

    /// Stops the rain, if it rains.
    pub fn pause(&self) {
        self.host.send(Message::Input(Input::Rain(false)));
    }

    /// A stroke of the hand's tool, as the page's `stroke()` draws one.
    pub fn stroke(&self, spec: JsValue) -> bool {
        stroke_of(&self.host, &spec)
    }

    /// The same map again, before any rain (as Restart does).
    pub fn restart(&self) {
        self.host.send(Message::Input(Input::Restart));
    }

    /// Opens `file` as the figure's ground (its `ground` attribute's file):
    /// the map's own, or the one its link waits for.
    #[wasm_bindgen(js_name = openGround)]
    pub fn open_ground(&self, file: web_sys::File) {
        self.host.open_ground(file);
    }

    /// The file its `ground` attribute names could not be had: the map says
    /// so (`why`) and stays as it was.
    #[wasm_bindgen(js_name = groundNotHad)]
    pub fn ground_not_had(&self, why: &str) {
        self.host.ground_not_had(why);
    }

    /// Stops the sketch for good (its element left the page).
    pub fn stop(&self) {
        self.host.stop();
    }
}
