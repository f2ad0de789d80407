//! The running sketch: the terrain, what is drawn, and the animation loop.
//! Every frame it rains (unless paused) and draws, in the original's order:
//! sea, relief, contours, rivers, debug.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::color_schemes::ColorScheme;
use crate::river_view::{RiverView, RIVER_EVERY};
use crate::settings::Setting;
use crate::share::link::MapLink;
use crate::share::replay::Replay;
use crate::share::timeline::Timeline;
use crate::terrain::{Terrain, RAIN_TARGET};

use super::canvas::Canvas;
use super::controls::Controls;
use super::dom::{now, window};
use super::sharing;

/// While raining, the address bar is brought up to date at most this often.
const LINK_EVERY_MS: f64 = 1000.0;
/// A replay rains for about this long each frame, so the page stays
/// responsive and the progress moves.
const REPLAY_SLICE_MS: f64 = 12.0;
/// ... in batches of this many drops, checking the time between batches.
const REPLAY_BATCH: u32 = 2_000;

/// What the rivers are drawn for: the original terrain or the eroded one,
/// at a sea level. A change of view jumps instead of easing.
#[derive(Clone, Copy, Debug, PartialEq)]
struct ViewOf {
    original: bool,
    sea_level: f64,
}

pub struct App {
    pub terrain: Terrain,
    pub canvas: Canvas,
    pub controls: Controls,
    rivers: RiverView,
    /// Whether it is raining (p5's "looping").
    pub looping: bool,
    frames: u64,
    /// The drop count and view the rivers were last worked out for.
    rivers_for: Option<(u64, ViewOf)>,
    /// The view the drawn rivers belong to.
    shown_for: Option<ViewOf>,
    pub scheme: &'static ColorScheme,
    /// Whether the reader chose a scheme, after which the site's theme no
    /// longer picks one.
    pub scheme_picked: bool,
    pub show_rivers: bool,
    pub debug: bool,
    pub reduced_motion: bool,
    /// A link being replayed, if any.
    pub replay: Option<Replay>,
    /// Whether the link being replayed asked for more drops than a link
    /// replays.
    pub replay_capped: bool,
    /// The settings the rain started with and their changes since: what a
    /// link needs to rain the same map again.
    pub timeline: Timeline,
    /// When the address bar was last brought up to date.
    link_written_at: f64,
}

impl App {
    pub fn new(terrain: Terrain, canvas: Canvas, controls: Controls, scheme: &'static ColorScheme) -> App {
        App {
            timeline: Timeline::new(terrain.settings()),
            terrain,
            canvas,
            controls,
            rivers: RiverView::default(),
            looping: true,
            frames: 0,
            rivers_for: None,
            shown_for: None,
            scheme,
            scheme_picked: false,
            show_rivers: true,
            debug: false,
            reduced_motion: false,
            replay: None,
            replay_capped: false,
            link_written_at: f64::NEG_INFINITY,
        }
    }

    /// The map as a link describes it.
    pub fn link(&self) -> MapLink {
        let (settings, timeline) = self.timeline.for_link(self.terrain.settings());
        MapLink {
            seed: Some(self.terrain.seed()),
            settings,
            timeline,
            scheme: self.scheme_picked.then_some(self.scheme.key),
            rivers: self.show_rivers,
            original: self.terrain.show_original(),
            debug: self.debug,
            drops: self.terrain.drops(),
        }
    }

    /// Brings the address bar up to date: while it rains at most once a
    /// second, otherwise whenever something changed. Never mid-replay: that
    /// state is not the link's yet.
    pub fn write_link(&mut self, now: f64) {
        if self.replay.is_some() || (self.looping && now - self.link_written_at < LINK_EVERY_MS) {
            return;
        }
        self.write_link_now(now);
    }

    /// Brings the address bar up to date straight away, as when the reader
    /// asks for the link.
    pub fn write_link_now(&mut self, now: f64) {
        sharing::write_address(&self.link());
        self.link_written_at = now;
    }

    /// Stops a replay where it is: the map is then the link's seed and
    /// timeline up to the drops so far, which a link describes exactly.
    pub fn cancel_replay(&mut self) {
        if self.replay.take().is_some() {
            self.timeline.forget_after(self.terrain.drops());
            self.canvas.set_busy(false);
        }
    }

    /// A frame's share of a replay: batches of drops, each change of the
    /// link's timeline made at its drop count, until the slice's time is
    /// up. When it is done, the map stays as the link made it, paused.
    fn replay_slice(&mut self) {
        let Some(replay) = self.replay.as_mut() else { return };
        let start = now();
        let mut done = replay.is_done(&self.terrain);
        while !done && now() - start < REPLAY_SLICE_MS {
            done = replay.advance(&mut self.terrain, REPLAY_BATCH);
        }
        // The timeline's changes move the sliders as they are made
        for setting in Setting::ALL.into_iter().filter(|s| s.shapes_the_rain()) {
            self.controls.show_setting(setting, self.terrain.settings().get(setting));
        }
        if done {
            self.replay = None;
            self.canvas.set_busy(false);
        }
    }

    /// Frames drawn so far.
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// One frame: a slice of the replay, or the rain if it is raining; then
    /// draw.
    pub fn frame(&mut self) {
        self.frames += 1;
        if self.replay.is_some() {
            self.replay_slice();
        } else if self.looping {
            self.rain();
        }
        self.draw();
        if let Some(replay) = &self.replay {
            self.canvas.progress(self.terrain.drops(), replay.target(), self.replay_capped);
        }
    }

    /// A frame's rain. It stops once, when the target is passed; pressing
    /// play keeps it raining.
    fn rain(&mut self) {
        let n = self.terrain.settings().drops_per_frame();
        self.terrain.rain(n);
        let drops = self.terrain.drops();
        if drops >= RAIN_TARGET && drops - (n as u64) < RAIN_TARGET {
            self.set_looping(false);
        }
    }

    pub fn set_looping(&mut self, looping: bool) {
        self.looping = looping;
        self.controls.show_play_state(looping);
    }

    /// Starts again from the original terrain of `seed`.
    pub fn restart(&mut self, seed: u32) {
        self.terrain.reset(seed);
        self.timeline.restart(self.terrain.settings());
        self.rivers_for = None;
        self.shown_for = None;
        self.controls.show_seed(seed);
    }

    /// Sets a slider, notes it in the timeline, and shows the value now in
    /// force. A new terrain scale builds a new terrain, so the rivers and
    /// the timeline start again too.
    pub fn set(&mut self, setting: Setting, value: f64) {
        let before = self.terrain.settings().get(setting);
        let now = self.terrain.set(setting, value);
        if setting == Setting::TerrainScale && now != before {
            self.rivers_for = None;
            self.shown_for = None;
            self.timeline.restart(self.terrain.settings());
        }
        self.timeline.record(self.terrain.drops(), setting, now);
        self.controls.show_setting(setting, now);
    }

    pub fn draw(&mut self) {
        let view = self.canvas.viewport();
        let scheme = self.scheme;
        self.canvas.begin(scheme);
        self.canvas.relief(self.terrain.relief(scheme), view);
        if self.terrain.settings().contour_levels() > 0 {
            self.canvas.contours(self.terrain.contours(), scheme, view);
        }
        if self.show_rivers {
            self.update_rivers();
            self.canvas.rivers(self.rivers.strokes(), scheme, view);
        }
        if self.debug {
            self.canvas.debug(self.terrain.paths(), self.terrain.drops(), view);
            if self.looping {
                self.terrain.clear_paths();
            }
        }
    }

    /// While it rains the rivers are worked out again every RIVER_EVERY
    /// frames and eased in; paused, on a new terrain or a new view, or when
    /// the reader asks for less motion, they jump straight there.
    fn update_rivers(&mut self) {
        let view_of = ViewOf { original: self.terrain.show_original(), sea_level: self.terrain.settings().sea_level() };
        let easing = self.looping && !self.reduced_motion && self.shown_for == Some(view_of);
        let state = (self.terrain.drops(), view_of);
        let due = !self.looping || self.frames % RIVER_EVERY as u64 == 0 || self.rivers_for.is_none();
        if self.rivers_for != Some(state) && due {
            self.rivers.take(self.terrain.rivers(), easing);
            self.rivers_for = Some(state);
        }
        self.rivers.advance(easing);
        if !easing {
            self.shown_for = Some(view_of);
        }
    }
}

type FrameCallback = Closure<dyn FnMut(f64)>;

/// The app and its animation loop: at most one frame is ever requested, and
/// none while the canvas is out of view or the page hidden, so a sketch
/// nobody can see costs nothing.
pub struct Page {
    pub app: RefCell<App>,
    frame_pending: Cell<bool>,
    on_frame: RefCell<Option<FrameCallback>>,
    /// Whether any of the canvas is inside the viewport.
    in_view: Cell<bool>,
    /// Whether the document is hidden (another tab, a minimised window).
    hidden: Cell<bool>,
    /// Whether a frame was asked for while resting, to draw on coming back.
    frame_wanted: Cell<bool>,
}

impl Page {
    pub fn new(app: App) -> Rc<Page> {
        let page = Rc::new(Page {
            app: RefCell::new(app),
            frame_pending: Cell::new(false),
            on_frame: RefCell::new(None),
            in_view: Cell::new(true),
            hidden: Cell::new(false),
            frame_wanted: Cell::new(false),
        });
        let for_frames = page.clone();
        *page.on_frame.borrow_mut() = Some(Closure::new(move |_: f64| for_frames.run_frame()));
        page
    }

    /// Changes the app and asks for a frame, so that paused, any change
    /// still redraws once.
    pub fn update(&self, change: impl FnOnce(&mut App)) {
        change(&mut self.app.borrow_mut());
        self.request_frame();
    }

    /// A reader's change through a control. A replay under way stops where
    /// it is first, so the map is never left in a state no link describes.
    pub fn control(&self, change: impl FnOnce(&mut App)) {
        self.update(|app| {
            app.cancel_replay();
            change(app);
        });
    }

    /// Whether the reader can see the sketch.
    pub fn seen(&self) -> bool {
        self.in_view.get() && !self.hidden.get()
    }

    pub fn request_frame(&self) {
        if !self.seen() {
            self.frame_wanted.set(true);
            return;
        }
        if self.frame_pending.replace(true) {
            return;
        }
        if let Some(callback) = self.on_frame.borrow().as_ref() {
            if window().request_animation_frame(callback.as_ref().unchecked_ref()).is_err() {
                self.frame_pending.set(false);
            }
        }
    }

    /// The canvas came into the viewport or left it.
    pub fn set_in_view(&self, in_view: bool) {
        let was = self.seen();
        self.in_view.set(in_view);
        self.after_visibility_change(was);
    }

    /// The document was hidden or shown again.
    pub fn set_hidden(&self, hidden: bool) {
        let was = self.seen();
        self.hidden.set(hidden);
        self.after_visibility_change(was);
    }

    /// Going to rest, the address bar is brought up to date (it may be a
    /// second behind the rain); coming back, the sketch carries on where it
    /// was if it was raining or replaying, and a paused one stays paused.
    fn after_visibility_change(&self, was_seen: bool) {
        match (was_seen, self.seen()) {
            (true, false) => {
                let mut app = self.app.borrow_mut();
                if app.replay.is_none() {
                    app.write_link_now(now());
                }
            }
            (false, true) if self.frame_wanted.take() => self.request_frame(),
            _ => {}
        }
    }

    fn run_frame(&self) {
        self.frame_pending.set(false);
        if !self.seen() {
            // Out of view since the frame was asked for: keep it for later
            self.frame_wanted.set(true);
            return;
        }
        let busy = {
            let mut app = self.app.borrow_mut();
            app.frame();
            app.write_link(now());
            app.looping || app.replay.is_some()
        };
        if busy {
            self.request_frame();
        }
    }
}
