//! The sketch as a state machine: everything the page decides, with no
//! knowledge of the page. It is driven by inputs (a control changed, a
//! resize, the site's theme) and by animation frames, draws each frame
//! through a [`Painter`] in the original's order (sea, relief, contours,
//! rivers, debug), and says what the page must show that it did by itself
//! ([`Show`]): the play button when the rain stops, the sliders a replay
//! moves, the scheme when it follows the site's theme, the link for the
//! address bar. The same sketch runs in a worker or on the main thread; a
//! whole reader's session is a sequence of inputs, so a test can play one
//! natively, frame by frame.
//!
//! `Sketch` is a conductor: it decides between its parts, each a small
//! type in its own file under `sketch/` that owns its state and states its
//! invariants: the rivers' routing (`river_routing`), the 3D view's camera
//! ([`orbit`]), the forest's growth ([`forest_growth`]), the scheme
//! ([`look`]), the link offered to the address bar ([`link_offer`]), the
//! measures' schedule (`measuring`), the reader's past (`going_back`) and
//! hand (`hand`), the grounds from files ([`grounds`]). What it does over
//! frames has files of its own: the rain and a replay (`rain`), the
//! drawing (`drawing`), handing over to another build (`handover`).
//!
//! ```
//! use hydraulic_erosion::draw::viewport::Size;
//! use hydraulic_erosion::sketch::{Input, Show, Sketch, Start};
//! # use hydraulic_erosion::draw::painter::NoPainter;
//! let mut sketch = Sketch::new(Start::fresh(7, Size::new(640.0, 360.0, 1.0)));
//! let clock = &mut || 0.0;
//! sketch.frame(clock, &mut NoPainter);
//! assert_eq!(sketch.terrain().drops(), 200);
//! sketch.input(Input::PlayPause, 16.0);
//! assert!(sketch.take_shows().contains(&Show::PlayState { looping: false }));
//! ```

pub mod builds;
mod drawing;
pub mod forest_growth;
mod going_back;
pub mod grounds;
mod hand;
mod handover;
pub mod history;
mod input;
pub mod link_offer;
pub mod look;
mod measuring;
pub mod numbers;
pub mod orbit;
mod rain;
mod river_routing;
pub mod status;
pub mod time_lapse;

use std::rc::Rc;

use crate::draw::camera::Camera;
use crate::draw::color_schemes::ColorScheme;
use crate::draw::layers::Legend;
use crate::draw::map_view::MapView;
use crate::draw::painter::Painter;
use crate::draw::viewport::Size;
use crate::ground::imported::ImportedGround;
use crate::hydrology::router::Router;
use crate::morphometry::measures::Measures;
use crate::settings::choices::{Choice, Layer, Preset};
use crate::settings::presets;
use crate::settings::sliders::Setting;
use crate::settings::toggles::{Toggle, Toggles};
use crate::share::link::{self, MapLink};
use crate::share::replay::Replay;
use crate::share::timeline::Timeline;
use crate::terrain::Terrain;
use crate::FULL;
use forest_growth::ForestGrowth;
use going_back::Past;
use grounds::Grounds;
use hand::Brush;
use link_offer::LinkOffer;
use look::Look;
use measuring::Measuring;
use orbit::Orbit;
use rain::Replaying;
use river_routing::RiverRouting;
use status::{GroundState, HeightsHash, Status};

pub use forest_growth::{SKELETONS_PER_FRAME, SKELETON_PIXELS, SPOT_CANDIDATES_PER_FRAME};
pub use handover::Carried;
pub use input::{Effect, Input, Pointing, Show};
pub use link_offer::LINK_EVERY_MS;
pub use rain::{display_frames_since, DISPLAY_FRAME_MS, MAX_CATCH_UP, RAIN_BUDGET_MS, REPLAY_BATCH, REPLAY_SLICE_MS};
pub use river_routing::{RIVER_PICTURE_EVERY, ROUTING_CELLS_A_FRAME};

/// How a sketch starts: from a link (a fresh page's is the default link
/// with a new seed), in the site's theme, with the reader's motion
/// preference.
#[derive(Clone, Debug, PartialEq)]
pub struct Start {
    /// The map to start from; its seed is used (a fresh page draws one).
    pub link: MapLink,
    /// Whether the link asked for more drops than a link replays.
    pub capped: bool,
    pub site_dark: bool,
    pub reduced_motion: bool,
    /// Whether it starts still, drawn at its drops, until played (a
    /// figure in a post that asks to).
    pub paused: bool,
    pub size: Size,
}

impl Start {
    /// A fresh page's start with `seed`, in the light theme.
    pub fn fresh(seed: u32, size: Size) -> Start {
        let link = MapLink { seed: Some(seed), ..MapLink::default() };
        Start { link, capped: false, site_dark: false, reduced_motion: false, paused: false, size }
    }
}

/// The page's circumstances the sketch keeps: the drawing's size, the
/// reader's motion preference, and whether the sketch was asked to start
/// paused (a figure's `paused`: a link's map that waited for its file
/// stays so once it comes).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Circumstances {
    size: Size,
    reduced_motion: bool,
    asked_paused: bool,
}

/// The frames drawn so far, how long the last one's drawing took
/// (milliseconds), and the layer it drew over the relief, with its scale;
/// whether it left lines behind the ground
/// ([`crate::draw::line_cadence::Cadence::lines_behind`]), and which kinds
/// of lines (contours, rivers) the last frame of the map drew, by its number.
#[derive(Clone, Copy, Debug)]
struct Frames {
    count: u64,
    draw_ms: f64,
    legend: Legend,
    lines_behind: bool,
    lines_drawn: Option<(u64, [bool; 2])>,
}

/// The conductor: the terrain and what is drawn of it, the timeline and a
/// replay, whether it rains, and the parts it hands work to (see the
/// module's doc).
pub struct Sketch {
    terrain: Terrain,
    /// What is drawn from the terrain (the ground shown, relief, contours,
    /// drainage).
    map: MapView,
    rivers: RiverRouting,
    grounds: Grounds,
    /// The settings the rain started with and their changes since.
    timeline: Timeline,
    past: Past,
    replaying: Option<Replaying>,
    /// Whether it is raining (p5's "looping"), and when the last frame
    /// rained, to rain the display frames since.
    looping: bool,
    rained_at: Option<f64>,
    frames: Frames,
    brush: Brush,
    look: Look,
    toggles: Toggles,
    forest: ForestGrowth,
    page: Circumstances,
    orbit: Orbit,
    measuring: Measuring,
    link_offer: LinkOffer,
    shows: Vec<Show>,
}

impl Sketch {
    /// Whether a sketch as `start` says rains straight away: unless the
    /// reader asked for less motion, it was asked to start paused, or it
    /// came by a link with drops, whose map is brought back and then shown
    /// paused, as it was shared, or by a link to a ground from a file, whose
    /// map waits for the file.
    pub fn starts_raining(start: &Start) -> bool {
        !start.reduced_motion && !start.paused && start.link.drops == 0 && start.link.ground.is_none()
    }

    /// The scheme a sketch as `start` says draws in: the one its link
    /// picked, else the site's.
    pub fn starting_scheme(start: &Start) -> &'static ColorScheme {
        Look::new(start.link.scheme, start.site_dark).scheme()
    }

    /// A sketch as `start` says (see [`Sketch::starts_raining`] and
    /// [`Sketch::starting_scheme`]).
    pub fn new(start: Start) -> Sketch {
        let looping = Sketch::starts_raining(&start);
        let link = start.link;
        // A map on a ground from a file waits for the file, on an empty
        // ground of its cells
        let empty = link.ground.as_ref().map(|g| Rc::new(ImportedGround::empty(g.grid)));
        let mut grounds = Grounds::default();
        grounds.wanted = link.ground.is_some().then(|| (link.clone(), GroundState::Wanted));
        let mut terrain = Terrain::on_ground(link.seed.unwrap_or(0), link.settings.clone(), link.choices, empty);
        terrain.set_record_paths(link.toggles.get(Toggle::Debug));
        let mut map = MapView::default();
        map.set_show_original(link.toggles.get(Toggle::Original));
        let grid = terrain.grid();
        let mut sketch = Sketch {
            timeline: Timeline::from_link(&link.settings, link.timeline.clone(), link.hand.clone()),
            terrain,
            map,
            rivers: RiverRouting::new(grid),
            grounds,
            past: Past::default(),
            replaying: None,
            looping,
            rained_at: None,
            frames: Frames {
                count: 0,
                draw_ms: 0.0,
                legend: Legend { layer: Layer::Relief, top: 0.0 },
                lines_behind: false,
                lines_drawn: None,
            },
            brush: Brush::default(),
            look: Look::new(link.scheme, start.site_dark),
            toggles: link.toggles,
            forest: ForestGrowth::default(),
            page: Circumstances { size: start.size, reduced_motion: start.reduced_motion, asked_paused: start.paused },
            orbit: Orbit::new(link.camera),
            measuring: Measuring::default(),
            link_offer: LinkOffer::default(),
            shows: Vec::new(),
        };
        if link.drops > 0 && sketch.grounds.wanted.is_none() {
            let replay = Replay::new(link.drops, link.timeline).with_hand(link.hand, 0);
            sketch.replaying = Some(Replaying { replay, capped: start.capped });
            sketch.shows.push(Show::Busy(true));
        }
        sketch
    }

    pub fn terrain(&self) -> &Terrain {
        &self.terrain
    }

    /// Has a big map's rivers routed by `router` (on the web, a worker on
    /// another core) rather than a part a frame here, for as long as it
    /// works: the same rivers, sooner, and frames without the routing's
    /// share.
    pub fn route_with(&mut self, router: Box<dyn Router>) {
        self.rivers.route_with(router);
    }

    /// Frames drawn so far.
    pub fn frames(&self) -> u64 {
        self.frames.count
    }

    /// Whether it is raining or bringing a map back: it wants the next
    /// animation frame.
    pub fn wants_frames(&self) -> bool {
        let view_moving = self.toggles.get(Toggle::View) && self.orbit.moving();
        // A big map's relief and contours catch up with the ground over
        // frames
        let map_shown = !self.toggles.get(Toggle::View);
        let contours_shown = map_shown && self.terrain.settings().contour_levels() > 0;
        let map_behind =
            (map_shown && self.map.relief_behind()) || (contours_shown && self.map.contours_behind(&self.terrain));
        self.looping
            || self.replaying.is_some()
            || self.forest.growing()
            || view_moving
            || self.hand_pours()
            || self.rivers.wants_frames()
            || map_behind
            || self.frames.lines_behind
    }

    /// What the page must show since it last asked.
    pub fn take_shows(&mut self) -> Vec<Show> {
        std::mem::take(&mut self.shows)
    }

    pub fn status(&self) -> Status {
        let measures = &self.measuring.series;
        Status {
            seed: self.terrain.seed(),
            drops: self.terrain.drops(),
            heights_hash: HeightsHash(self.terrain.heights_hash()),
            frames: self.frames.count,
            looping: self.looping,
            replaying: self.replaying.is_some(),
            scheme: self.look.scheme().key,
            settings: self.terrain.settings().clone(),
            choices: *self.terrain.choices(),
            grid: (self.terrain.grid().cols as u32, self.terrain.grid().rows as u32),
            ground: self.ground_state(),
            toggles: self.toggles,
            changes: self.timeline.changes().len(),
            exact: self.timeline.is_exact(),
            canvas: self.page.size.backing(),
            trees: self.forest.standing(),
            trees_growing: self.forest.growing(),
            camera: self.orbit.camera(),
            draw_ms: self.frames.draw_ms,
            layer_top: self.frames.legend.top,
            measures: measures.latest(),
            measured_at: measures.samples().last().map_or(0, |s| s.0),
            undo: self.past.history.can_undo(),
            redo: self.past.history.can_redo(),
            reach: self.reach(),
            rivers_of: self.rivers.drawn_from(),
        }
    }

    /// The measures taken as the rain fell, at their drop counts.
    pub fn measures(&self) -> &[(u64, Measures)] {
        self.measuring.series.samples()
    }

    /// The map as a link describes it (a link waiting for its ground's
    /// file, as it is).
    pub fn link(&self) -> MapLink {
        if let Some((wanted, _)) = &self.grounds.wanted {
            return wanted.clone();
        }
        let (settings, timeline) = self.timeline.for_link(self.terrain.settings());
        MapLink {
            ground: self.terrain.ground().and_then(|g| self.grounds.link_of(g)).cloned(),
            seed: Some(self.terrain.seed()),
            settings,
            choices: *self.terrain.choices(),
            timeline,
            scheme: self.look.picked(),
            toggles: self.toggles,
            camera: self.orbit.camera(),
            drops: self.terrain.drops(),
            hand: self.timeline.hand().to_vec(),
        }
    }

    /// Takes an input at time `now` (milliseconds). A reader's change stops
    /// a replay under way where it is first, so the map is never left in a
    /// state no link describes.
    pub fn input(&mut self, input: Input, now: f64) {
        // The page hands the sketch to the full build before such an input
        // reaches the article's: were one to come, it changes nothing
        if !FULL && builds::input_needs_full(&input) {
            return;
        }
        if self.grounds.wanted.is_some() && !self.while_waiting(&input) {
            return;
        }
        match input {
            Input::Undo => return self.undo(),
            Input::Redo => return self.redo(),
            Input::Rewind(drops) => return self.rewind(drops),
            Input::LetGo => return self.let_go(),
            _ => {}
        }
        if input.changes_the_map() {
            self.cancel_replay();
        }
        let step = self.open_step(&input);
        match input {
            Input::Set(setting, value) => self.set(setting, value),
            Input::Toggle(toggle, on) => self.toggle(toggle, on),
            Input::Choose(Choice::Preset, index) => self.pick_preset(index),
            Input::Choose(choice, index) => {
                if self.terrain.choose(choice, index) && choice.restarts_the_rain() {
                    self.start_afresh();
                }
            }
            Input::PickScheme(key) => {
                self.look.pick(&key);
            }
            Input::SiteTheme { dark } => {
                if let Some(key) = self.look.site_theme(dark) {
                    self.shows.push(Show::Scheme(key));
                }
            }
            Input::PlayPause => self.set_looping(!self.looping),
            Input::Rain(on) => self.set_looping(on),
            Input::Restart => self.restart(self.terrain.seed()),
            Input::NewMap { seed } => self.restart(seed),
            Input::OpenGround(given) => self.open_ground(&given),
            Input::Resize(size) => self.page.size = size,
            Input::ReducedMotion(reduce) => self.page.reduced_motion = reduce,
            Input::Share => {
                self.offer_link(now, true);
                self.shows.push(Show::Shared { exact: self.timeline.is_exact() });
            }
            Input::Resting => {
                self.rained_at = None;
                if self.replaying.is_none() {
                    self.offer_link(now, true);
                }
            }
            Input::Orbit { dx, dy } => self.orbit.drag(dx, dy, self.frames.count),
            Input::OrbitEnd => self.orbit.let_go(self.frames.count, self.page.reduced_motion),
            Input::Zoom(factor) => self.orbit.zoom(factor),
            Input::ResetCamera => self.orbit.look_from(Camera::START),
            Input::PenDown { .. } | Input::PenMove { .. } | Input::PenUp | Input::Stroke(_) | Input::Aim(_) => {
                self.hand(input)
            }
            Input::Undo | Input::Redo | Input::Rewind(_) | Input::LetGo => {}
        }
        self.close_step(step);
    }

    /// One animation frame: a slice of the replay, or the rain if it is
    /// raining; then draw, and offer the link to the address bar.
    /// `clock` reads the time (milliseconds), for the replay's slices.
    pub fn frame(&mut self, clock: &mut dyn FnMut() -> f64, painter: &mut dyn Painter) {
        let now = self.move_on_and_draw(clock, painter);
        if self.replaying.is_none() {
            self.measure();
            self.offer_link(now, false);
        } else if self.replay_measured_as_rain() {
            self.measure();
        }
    }

    /// A frame as a picture that no frame follows (the first picture's
    /// module): its rain and drawing, as [`Sketch::frame`] makes them, but
    /// not the measures it takes or the link it offers after drawing, which
    /// such a picture never shows (the page's sketch, drawing the same
    /// frame, takes them).
    pub fn picture_frame(&mut self, clock: &mut dyn FnMut() -> f64, painter: &mut dyn Painter) {
        self.move_on_and_draw(clock, painter);
    }

    /// A frame's slice of the replay or its rain, the spin, and the
    /// drawing; returns the time it was drawn by.
    fn move_on_and_draw(&mut self, clock: &mut dyn FnMut() -> f64, painter: &mut dyn Painter) -> f64 {
        self.frames.count += 1;
        if self.replaying.is_some() {
            self.replay_slice(clock);
        } else if (self.looping && !self.hand_holds_the_rain()) || self.hand_pours() {
            self.rain(clock);
        }
        self.orbit.spin_on(self.toggles.get(Toggle::View), self.page.reduced_motion);
        let drawing = clock();
        self.draw(painter);
        let now = clock();
        self.frames.draw_ms = now - drawing;
        now
    }

    /// Offers the link to the address bar ([`LinkOffer`]).
    fn offer_link(&mut self, now: f64, now_please: bool) {
        if !self.link_offer.due(now, self.looping, now_please) {
            return;
        }
        let query = link::write(&self.link());
        if let Some(query) = self.link_offer.offer(query, now, now_please) {
            self.shows.push(Show::Link(query));
        }
    }

    /// Starts again from the original terrain of `seed`, with a fresh
    /// timeline.
    fn restart(&mut self, seed: u32) {
        self.terrain.reset(seed);
        self.start_afresh();
    }

    /// After a new terrain: the rivers, the timeline and the measures
    /// start again.
    fn start_afresh(&mut self) {
        self.timeline.restart(self.terrain.settings());
        self.rivers.forget(self.terrain.grid());
        self.measuring.series.clear();
    }

    /// Picks a preset: its rules, the settings and choices it starts from,
    /// on a new terrain of the same seed, and its look (scheme, trees); the
    /// controls it moved are shown.
    fn pick_preset(&mut self, index: usize) {
        let Some(&preset) = Preset::ALL.get(index) else { return };
        let (settings, choices) = (self.terrain.settings().clone(), *self.terrain.choices());
        self.terrain.pick_preset(preset);
        for setting in Setting::ALL {
            let now = self.terrain.settings().get(setting);
            if now != settings.get(setting) {
                self.shows.push(Show::Setting(setting, now));
            }
        }
        for choice in Choice::ALL {
            let now = self.terrain.choices().get(choice);
            if now != choices.get(choice) {
                self.shows.push(Show::Choice(choice, now));
            }
        }
        self.start_afresh();
        let look = presets::look(preset);
        if look.scheme.is_some_and(|key| self.look.pick(key)) {
            self.shows.push(Show::Scheme(self.look.scheme().key));
        }
        if self.toggles.get(Toggle::Trees) != look.trees {
            self.toggles.set(Toggle::Trees, look.trees);
            self.shows.push(Show::Toggle(Toggle::Trees, look.trees));
        }
    }

    /// Sets a slider and notes it in the timeline. A value that builds a new
    /// terrain starts the rivers and the timeline again too. A value brought
    /// into range is shown as it is now.
    fn set(&mut self, setting: Setting, value: f64) {
        let before = self.terrain.settings().get(setting);
        let now = self.terrain.set(setting, value);
        if self.terrain.rebuilds_for(setting) && now != before {
            self.start_afresh();
        }
        self.timeline.record(self.terrain.drops(), setting, now);
        if now != value {
            self.shows.push(Show::Setting(setting, now));
        }
    }

    fn toggle(&mut self, toggle: Toggle, on: bool) {
        self.toggles.set(toggle, on);
        match toggle {
            Toggle::Rivers => {}
            Toggle::Original => self.map.set_show_original(on),
            Toggle::Debug => self.terrain.set_record_paths(on),
            Toggle::Trees | Toggle::Measures => {}
            Toggle::View => self.orbit.stop(),
        }
    }
}
