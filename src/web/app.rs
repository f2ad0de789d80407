//! The running sketch: the terrain, what is drawn, and the animation loop.
//! Every frame it rains (unless paused) and draws, in the original's order:
//! sea, relief, contours, rivers, debug.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::color_schemes::ColorScheme;
use crate::link::MapLink;
use crate::river_view::{RiverView, RIVER_EVERY};
use crate::settings::Setting;
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

/// A shared map being brought back: the drops to rain before it is there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Replay {
    pub target: u64,
    /// Whether the link asked for more than a link replays.
    pub capped: bool,
}

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
    /// Whether a setting that shapes the rain changed while it rained, so a
    /// link replays every drop with the settings of the end.
    pub inexact: bool,
    /// When the address bar was last brought up to date.
    link_written_at: f64,
}

impl App {
    pub fn new(terrain: Terrain, canvas: Canvas, controls: Controls, scheme: &'static ColorScheme) -> App {
        App {
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
            inexact: false,
            link_written_at: f64::NEG_INFINITY,
        }
    }

    /// The map as a link describes it.
    pub fn link(&self) -> MapLink {
        MapLink {
            seed: Some(self.terrain.seed()),
            settings: self.terrain.settings().clone(),
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
    /// settings after the drops so far, which a link describes exactly.
    pub fn cancel_replay(&mut self) {
        if self.replay.take().is_some() {
            self.canvas.set_busy(false);
        }
    }

    /// A frame's share of a replay: batches of drops until the slice's time
    /// is up. When it is done, the map stays as the link made it, paused.
    fn replay(&mut self, replay: Replay) {
        let performance = window().performance();
        let now = || performance.as_ref().map_or(0.0, |p| p.now());
        let start = now();
        while self.terrain.drops() < replay.target && now() - start < REPLAY_SLICE_MS {
            let left = replay.target - self.terrain.drops();
            self.terrain.rain(left.min(REPLAY_BATCH as u64) as u32);
        }
        if self.terrain.drops() >= replay.target {
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
        if let Some(replay) = self.replay {
            self.replay(replay);
        } else if self.looping {
            self.rain();
        }
        self.draw();
        if let Some(replay) = self.replay {
            self.canvas.progress(self.terrain.drops(), replay.target, replay.capped);
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
        self.inexact = false;
        self.rivers_for = None;
        self.shown_for = None;
        self.controls.show_seed(seed);
    }

    /// Sets a slider and shows the value now in force. A new terrain scale
    /// builds a new terrain, so the rivers start again too.
    pub fn set(&mut self, setting: Setting, value: f64) {
        let before = self.terrain.settings().get(setting);
        let now = self.terrain.set(setting, value);
        if setting == Setting::TerrainScale && now != before {
            self.rivers_for = None;
            self.shown_for = None;
            self.inexact = false;
        }
        let shapes_the_rain = matches!(
            setting,
            Setting::Erosion | Setting::Deposition | Setting::Inertia | Setting::BrushRadius | Setting::SeaLevel
        );
        if shapes_the_rain && now != before && self.terrain.drops() > 0 {
            self.inexact = true;
        }
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

/// The app and its animation loop: at most one frame is ever requested.
pub struct Page {
    pub app: RefCell<App>,
    frame_pending: Cell<bool>,
    on_frame: RefCell<Option<FrameCallback>>,
}

impl Page {
    pub fn new(app: App) -> Rc<Page> {
        let page =
            Rc::new(Page { app: RefCell::new(app), frame_pending: Cell::new(false), on_frame: RefCell::new(None) });
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

    pub fn request_frame(&self) {
        if self.frame_pending.replace(true) {
            return;
        }
        if let Some(callback) = self.on_frame.borrow().as_ref() {
            if window().request_animation_frame(callback.as_ref().unchecked_ref()).is_err() {
                self.frame_pending.set(false);
            }
        }
    }

    fn run_frame(&self) {
        self.frame_pending.set(false);
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
