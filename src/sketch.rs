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
mod going_back;
pub mod grounds;
mod hand;
pub mod history;
pub mod numbers;
pub mod status;
pub mod time_lapse;

use rand_pcg::Pcg32;
use std::rc::Rc;

use crate::draw::camera::{Camera, SPIN_KEPT, SPIN_STOPS};
use crate::draw::color_schemes::{scheme, ColorScheme, DARK, LIGHT};
use crate::draw::layers::Legend;
use crate::draw::level_of_detail::{self, coarse_view};
use crate::draw::map_view::MapView;
use crate::draw::painter::Painter;
use crate::draw::path_detail;
use crate::draw::river_view::{traced_strokes, RiverView, RIVER_EVERY};
use crate::draw::view_3d::{self, Drawn, Scene};
use crate::draw::viewport::{Size, Viewport};
use crate::flora::trees::{Forest, Tree};
use crate::ground::imported::ImportedGround;
use crate::hydrology::router::Router;
use crate::hydrology::traced_rivers;
use crate::morphometry::measures::{MeasureSeries, Measures};
use crate::settings::choices::{Choice, Layer, Preset, RiverStyle};
use crate::settings::presets;
use crate::settings::sliders::{Setting, Settings};
use crate::settings::toggles::{Toggle, Toggles};
use crate::share::ground_link::GroundLink;
use crate::share::keyframes::Keyframes;
use crate::share::link::{self, MapLink};
use crate::share::replay::Replay;
use crate::share::timeline::Timeline;
use crate::terrain::Terrain;
use crate::unit_random::unit_f32;
use crate::FULL;
use going_back::Open;
use grounds::Grounds;
use history::History;
use status::{GroundState, HeightsHash, Status};

/// A tree whose crown is at least this many pixels across on screen (on a
/// large display, fullscreen) is drawn with its branches, grown by space
/// colonisation; smaller ones as the article's glyph.
pub const SKELETON_PIXELS: f64 = 16.0;

/// Skeletons grown at most in a frame (about 0.1 ms each natively, 0.1 to
/// 0.2 ms in Chromium: a few ms a frame).
pub const SKELETONS_PER_FRAME: usize = 20;

/// Candidate tree spots sampled at most in a frame (about 70 ns each
/// natively, 150 ns in Chromium: 1 to 2 ms a frame), so the article's map
/// finds its forest in eight frames and no frame waits for all of it.
pub const SPOT_CANDIDATES_PER_FRAME: usize = 10_000;

/// The generator's stream for where traced rivers start.
const TRACED_RIVERS_STREAM: u64 = 0x71ace;

/// While it rains, the link is offered to the address bar at most this
/// often (milliseconds).
pub const LINK_EVERY_MS: f64 = 1000.0;
/// A replay rains for about this long each frame (milliseconds), so the
/// page stays responsive and the progress moves...
pub const REPLAY_SLICE_MS: f64 = 12.0;
/// ... in batches of this many drops, reading the clock between batches.
pub const REPLAY_BATCH: u32 = 2_000;
/// A display's frame (milliseconds). "Drops per frame" are drops per
/// display frame, as in the original at 60 frames a second: a frame that
/// comes after three display frames (drawing a big canvas without a GPU can
/// take that long) rains three frames' worth, so the rain falls at the pace
/// the slider says however long the drawing takes.
pub const DISPLAY_FRAME_MS: f64 = 1000.0 / 60.0;
/// On a big map ([`MapView::routes_in_parts`]), the cells' worth of the
/// rivers' routing a frame makes (a pass of its sort, or so many cells
/// flooded, routed or drained): about 10 ms in Chromium, and a routing of
/// 2048 × 2048 in about 50 frames.
pub const ROUTING_CELLS_A_FRAME: usize = 1 << 18;
/// On a map of several article's maps, a frame rains their share of drops
/// while it has spent less than this on its rain (milliseconds): the
/// article's own share it always rains. At 2048 × 2048 the rest of a frame
/// takes some 13 ms with the rivers' picture kept between its strokings
/// ([`RIVER_PICTURE_EVERY`]), so this leaves it 30 frames a second and more.
pub const RAIN_BUDGET_MS: f64 = 16.0;
/// On a map whose cells are drawn under a pixel, while the rivers ease
/// they move on this many steps every this many frames, and their picture
/// is stroked only then, kept between: stroking them was 8 of a frame's
/// 29 ms at 2048 × 2048 (about 2 µs a piece of line a pixel or more
/// wide, in Chromium's software rasteriser).
pub const RIVER_PICTURE_EVERY: u64 = 2;
/// A frame rains at most this many display frames' worth: after a stall
/// (a busy machine, a pause, a rest) the rain picks up, it does not lurch.
pub const MAX_CATCH_UP: u32 = 4;

/// The router a sketch was given, if any, lent for a call.
fn router_of(router: &mut Option<Box<dyn Router>>) -> Option<&mut dyn Router> {
    router.as_mut().map(|router| &mut **router as &mut dyn Router)
}

/// Rain fell until `then`; at `now`, the display frames due (whole ones,
/// so the drops stay a multiple of the drops per frame, as the
/// original's are) and the time the rain has then caught up to. What is
/// left of a display frame is carried to the next frame, so a view drawn
/// 40 times a second rains as much as one drawn 60 times; a frame early
/// still rains one, and after a stall what is beyond the catch-up is
/// let go.
///
/// ```
/// # use hydraulic_erosion::sketch::{display_frames_since, DISPLAY_FRAME_MS};
/// let frame = DISPLAY_FRAME_MS;
/// // Frames 25 ms apart (40 a second) rain 1, 2, 1, 2…: 60 a second
/// let (n, then) = display_frames_since(0.0, 25.0);
/// assert_eq!((n, then), (1, frame));
/// assert_eq!(display_frames_since(then, 50.0).0, 2);
/// assert_eq!(display_frames_since(0.0, 1000.0), (4, 1000.0));
/// ```
pub fn display_frames_since(then: f64, now: f64) -> (u32, f64) {
    // (a hair over, so three frames' time, 50 ms, is three frames)
    let due = ((now - then) / DISPLAY_FRAME_MS + 1e-9).floor();
    let frames = due.clamp(1.0, MAX_CATCH_UP as f64);
    let caught_up_to = if due >= 1.0 && due <= MAX_CATCH_UP as f64 { then + frames * DISPLAY_FRAME_MS } else { now };
    (frames as u32, caught_up_to)
}

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

/// What the reader and the page can do to the sketch.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// A slider moved.
    Set(Setting, f64),
    /// A checkbox changed.
    Toggle(Toggle, bool),
    /// An option of a list picked, by its place. A preset also sets the
    /// settings and choices it starts from.
    Choose(Choice, usize),
    /// The reader picked a colour scheme (by key).
    PickScheme(String),
    /// The site's theme changed.
    SiteTheme {
        dark: bool,
    },
    PlayPause,
    /// Rain (true) or no rain, whatever it did before: a host script's
    /// `play()` and `pause()`, which, asked twice before the sketch has
    /// answered, must not undo each other as two toggles would.
    Rain(bool),
    /// Start again from the original terrain of the seed.
    Restart,
    /// Start again from the original terrain of a new seed.
    NewMap {
        seed: u32,
    },
    /// The drawing's size or pixel ratio changed.
    Resize(Size),
    /// The reader's motion preference changed.
    ReducedMotion(bool),
    /// The reader asks for the link ("Copy link").
    Share,
    /// The 3D view's camera turned by a drag (or the arrow keys) of this
    /// many pixels.
    Orbit {
        dx: f64,
        dy: f64,
    },
    /// The drag let go: the view spins on a moment (unless the reader asks
    /// for less motion).
    OrbitEnd,
    /// Nearer (below 1) or further, by the wheel, a pinch or the keys.
    Zoom(f64),
    /// Back to the starting view.
    ResetCamera,
    /// Nobody can see the sketch any more: the address bar should be up to
    /// date while it rests.
    Resting,
    /// Back to the map just before the reader's latest change.
    Undo,
    /// The change undone last, made again.
    Redo,
    /// The rewind dragged to this many drops.
    Rewind(u64),
    /// A drag (a slider's, the rewind's) let go.
    LetGo,
    /// A press on the map with a tool picked, where the pointer is, with
    /// the pen's pressure (0 to 1; 1 for a mouse, a finger or a key): a
    /// stroke begins.
    PenDown {
        at: Pointing,
        pressure: f64,
    },
    /// The pressed pointer moved.
    PenMove {
        at: Pointing,
        pressure: f64,
    },
    /// The brush, with a tool picked, aimed there (the pointer over the
    /// map, or the keys' brush moved) or gone: in the 3D view its ring is
    /// drawn on the ground there (the page draws the 2D map's).
    Aim(Option<Pointing>),
    /// The press let go: the stroke ends.
    PenUp,
    /// A whole stroke of the tool picked through these cells (a host
    /// page's `stroke()`).
    Stroke(Vec<[f64; 2]>),
    /// The ground from a file this link names, given to the sketch before
    /// ([`Sketch::shelve`]): the map starts again on it (or, where a link
    /// waits for its file, the link's map is brought back on it).
    OpenGround(GroundLink),
}

/// Where the reader's pointer is on the sketch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Pointing {
    /// On the 2D map, at a cell (`x` across, `y` down, in cells, not
    /// necessarily whole).
    Cell { x: f64, y: f64 },
    /// On the 3D view, at this point of its picture (shares of its width
    /// and height from its top left): the spot of the ground the pointer's
    /// ray meets there ([`crate::draw::ground_pick`]).
    View { across: f64, down: f64 },
}

impl Input {
    /// Whether this is the reader acting on the map or its link (its ground,
    /// its rain, its look, asking for the link), which stops a replay under
    /// way where it is. Looking at the map in 3D and the page's
    /// circumstances (its theme, size, motion preference, being out of
    /// sight) change nothing a link replays. Every input is named here, so a
    /// new one has to say which it is.
    pub fn changes_the_map(&self) -> bool {
        match self {
            Input::Set(..)
            | Input::Toggle(..)
            | Input::Choose(..)
            | Input::PickScheme(_)
            | Input::PlayPause
            | Input::Rain(_)
            | Input::Restart
            | Input::NewMap { .. }
            | Input::Share
            | Input::Undo
            | Input::Redo
            | Input::Rewind(_)
            | Input::PenDown { .. }
            | Input::PenMove { .. }
            | Input::PenUp
            | Input::Stroke(_)
            | Input::OpenGround(_) => true,
            Input::SiteTheme { .. }
            | Input::LetGo
            | Input::Resize(_)
            | Input::ReducedMotion(_)
            | Input::Resting
            | Input::Orbit { .. }
            | Input::OrbitEnd
            | Input::Zoom(_)
            | Input::ResetCamera
            | Input::Aim(_) => false,
        }
    }
}

/// What the page must show because the sketch did it by itself.
#[derive(Clone, Debug, PartialEq)]
pub enum Show {
    /// Raining or paused: the play button shows what a click will do.
    PlayState { looping: bool },
    /// A setting the sketch changed (a replay's timeline, a value brought
    /// into range, a preset).
    Setting(Setting, f64),
    /// A choice the sketch changed (a preset).
    Choice(Choice, usize),
    /// A toggle the sketch changed (a preset's trees).
    Toggle(Toggle, bool),
    /// The scheme now drawn, when it followed the site's theme.
    Scheme(&'static str),
    /// Whether a shared map is being brought back (for assistive technology).
    Busy(bool),
    /// A link to put in the address bar (a URL query of ours).
    Link(String),
    /// The link the reader asked for is in the address bar.
    Shared { exact: bool },
    /// The 3D view cannot be drawn in this browser: the map stays 2D.
    No3d,
    /// The seed the sketch went to (undo, redo).
    Seed(u32),
}

/// What a sketch hands to another build of itself (with its link, see
/// [`Sketch::handover`]) so that one carries on exactly where it was: its
/// ground now and how it got there.
#[derive(Clone, Debug, PartialEq)]
pub struct Carried {
    /// The settings in force now.
    pub settings: Settings,
    pub heights: Vec<f32>,
    /// The ground without the rain's work, if the hand had moved it.
    pub without_rain: Option<Vec<f32>>,
    pub drops: u64,
    pub steps: u64,
    pub frames: u64,
    pub looping: bool,
    /// Whether its timeline is exact (a link replays it).
    pub exact: bool,
    /// Whether the replay under way, if any, was cut down to what a link
    /// replays.
    pub capped: bool,
    /// The measures taken so far.
    pub measures: MeasureSeries,
    /// The reader's changes to undo and redo, and the heights kept to go
    /// back to.
    pub history: History,
    pub keyframes: Keyframes,
}

/// What the rivers are drawn for: the original terrain or the eroded one,
/// at a sea level. A change of view jumps instead of easing.
#[derive(Clone, Copy, Debug, PartialEq)]
struct ViewOf {
    original: bool,
    sea_level: f64,
}

impl ViewOf {
    /// The eroded terrain as it is now, at its sea level: what the
    /// measures are taken of.
    fn now(terrain: &Terrain) -> ViewOf {
        ViewOf { original: false, sea_level: terrain.settings().sea_level() }
    }

    /// The edition of the heights it shows: the ground before the rain
    /// keeps its own as it rains, so its rivers are not routed again.
    fn edition(self, terrain: &Terrain) -> u64 {
        if self.original {
            terrain.original_edition()
        } else {
            terrain.edition()
        }
    }
}

/// A routing of the rain: the edition of the heights it routes and the
/// view it was begun for, and the drops fallen then.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Routed {
    state: (u64, ViewOf),
    from: u64,
}

/// Routes the ground now at once, for the measures alone
/// ([`MapView::rivers_now`]): what the drainage then is of.
fn route_now_at_once(map: &mut MapView, terrain: &Terrain) -> Routed {
    map.rivers_now(terrain);
    Routed { state: (terrain.edition(), ViewOf::now(terrain)), from: terrain.drops() }
}

/// A replay under way, and whether its link was cut down to the most a
/// link replays.
struct Replaying {
    replay: Replay,
    capped: bool,
}

pub struct Sketch {
    terrain: Terrain,
    /// The grounds from files given to the sketch.
    grounds: Grounds,
    /// A link to a map on a ground from a file the sketch was not given:
    /// its map waits, empty, for the file (and whether the last file given
    /// was another ground).
    wanted: Option<(MapLink, GroundState)>,
    /// What is drawn from the terrain (the ground shown, relief, contours,
    /// drainage).
    map: MapView,
    rivers: RiverView,
    /// The settings the rain started with and their changes since.
    timeline: Timeline,
    /// The reader's changes, to undo and redo, a change still being made,
    /// and heights kept to go back to at once.
    history: History,
    open: Option<Open>,
    keyframes: Keyframes,
    replaying: Option<Replaying>,
    /// Whether it is raining (p5's "looping").
    looping: bool,
    frames: u64,
    /// The edition of the heights shown (see [`ViewOf::edition`]) and the
    /// view the rivers were last worked out for.
    rivers_for: Option<(u64, ViewOf)>,
    /// On a big map, what the routing under way was begun for: it is made
    /// by the router or a part a frame, and the rivers drawn are the last
    /// whole one's.
    routing: Option<(u64, ViewOf)>,
    /// The drops fallen when the routing under way began, and when the
    /// last whole one did (what the measures can share of it, and how far
    /// behind the rain the rivers are).
    routing_from: u64,
    rivers_from: Option<u64>,
    /// What the last whole routing ([`MapView::last_rivers`]) is of,
    /// whichever it was made for: what the measures can share of it.
    last_routed: Option<Routed>,
    /// On a big map whose rivers of the ground now are not drawn, a
    /// routing of it under way for the measures alone, and whether they
    /// wait for one ([`Sketch::route_for_the_measures`]).
    measures_routing: Option<Routed>,
    measures_wait: bool,
    /// On a big map, whether the rivers drawn are of another ground or view
    /// than the one shown: frames are wanted, paused too, till they are not.
    rivers_due: bool,
    /// Where a big map's routing is made whole, if not here a part a frame
    /// ([`Sketch::route_with`]).
    router: Option<Box<dyn Router>>,
    /// A stroke of the reader's hand under way.
    pressed: Option<hand::Pressed>,
    /// Where the brush is aimed in the 3D view (the cell under the
    /// pointer), for its ring.
    aim: Option<[f32; 2]>,
    /// The last frame that drew the drainage (and so kept it up to date).
    rivers_drawn_in: Option<u64>,
    /// The view the drawn rivers belong to.
    shown_for: Option<ViewOf>,
    scheme: &'static ColorScheme,
    /// Whether the reader chose a scheme, after which the site's theme no
    /// longer picks one.
    scheme_picked: bool,
    toggles: Toggles,
    /// The spots trees may stand on, once trees are shown, and how many
    /// stood in the last frame.
    forest: Option<Forest>,
    trees: usize,
    /// Whether trees wait for their spots (sampled a few thousand
    /// candidates a frame) or, large on screen, for their branches (grown
    /// a few a frame): more frames are wanted, even paused.
    trees_growing: bool,
    reduced_motion: bool,
    /// Whether the sketch was asked to start paused (a figure's `paused`):
    /// a link's map that waited for its file stays so once it comes.
    asked_paused: bool,
    /// Whether the site is dark: the scheme when none is picked.
    site_dark: bool,
    size: Size,
    /// The 3D view's camera, how it spins on after a drag (pixels a frame),
    /// and whether the view waits for its canvas or context.
    camera: Camera,
    spin: Option<[f64; 2]>,
    view_waiting: bool,
    /// The latest move of a drag and the frame it came in.
    last_orbit: Option<([f64; 2], u64)>,
    /// How long the last frame's drawing took (milliseconds).
    draw_ms: f64,
    /// The layer drawn over the relief in the last frame, and its scale.
    legend: Legend,
    /// How like real land the map was as the rain fell.
    measures: MeasureSeries,
    /// The edition of the heights the measures were last taken of.
    measured_edition: Option<u64>,
    /// When the last frame rained, to rain the display frames since.
    rained_at: Option<f64>,
    /// The last link offered to the address bar, and when.
    link_offered: String,
    link_offered_at: f64,
    shows: Vec<Show>,
}

/// The scheme that matches the site's theme.
fn site_scheme(dark: bool) -> &'static ColorScheme {
    scheme(if dark { DARK } else { LIGHT }).expect("both site schemes exist")
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
        start.link.scheme.and_then(scheme).unwrap_or_else(|| site_scheme(start.site_dark))
    }

    /// A sketch as `start` says (see [`Sketch::starts_raining`] and
    /// [`Sketch::starting_scheme`]).
    pub fn new(start: Start) -> Sketch {
        let (looping, first_scheme) = (Sketch::starts_raining(&start), Sketch::starting_scheme(&start));
        let link = start.link;
        // A map on a ground from a file waits for the file, on an empty
        // ground of its cells
        let empty = link.ground.as_ref().map(|g| Rc::new(ImportedGround::empty(g.grid)));
        let wanted = link.ground.is_some().then(|| (link.clone(), GroundState::Wanted));
        let mut terrain = Terrain::on_ground(link.seed.unwrap_or(0), link.settings.clone(), link.choices, empty);
        terrain.set_record_paths(link.toggles.get(Toggle::Debug));
        let mut map = MapView::default();
        map.set_show_original(link.toggles.get(Toggle::Original));
        let grid = terrain.grid();
        let mut sketch = Sketch {
            grounds: Grounds::default(),
            wanted,
            timeline: Timeline::from_link(&link.settings, link.timeline.clone(), link.hand.clone()),
            history: History::default(),
            open: None,
            keyframes: Keyframes::default(),
            terrain,
            map,
            rivers: RiverView::new(grid),
            replaying: None,
            looping,
            frames: 0,
            rivers_for: None,
            routing: None,
            routing_from: 0,
            rivers_from: None,
            last_routed: None,
            measures_routing: None,
            measures_wait: false,
            rivers_due: false,
            router: None,
            pressed: None,
            aim: None,
            rivers_drawn_in: None,
            shown_for: None,
            scheme: first_scheme,
            scheme_picked: link.scheme.and_then(scheme).is_some(),
            toggles: link.toggles,
            forest: None,
            trees: 0,
            trees_growing: false,
            reduced_motion: start.reduced_motion,
            asked_paused: start.paused,
            site_dark: start.site_dark,
            size: start.size,
            camera: link.camera,
            spin: None,
            view_waiting: false,
            last_orbit: None,
            draw_ms: 0.0,
            legend: Legend { layer: Layer::Relief, top: 0.0 },
            measures: MeasureSeries::default(),
            measured_edition: None,
            rained_at: None,
            link_offered: String::new(),
            link_offered_at: f64::NEG_INFINITY,
            shows: Vec::new(),
        };
        if link.drops > 0 && sketch.wanted.is_none() {
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
        self.router = Some(router);
    }

    /// Frames drawn so far.
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// Whether it is raining or bringing a map back: it wants the next
    /// animation frame.
    pub fn wants_frames(&self) -> bool {
        let view_moving = self.toggles.get(Toggle::View) && (self.spin.is_some() || self.view_waiting);
        let routing = self.routing.is_some() || self.rivers_due || self.measures_wait;
        // A big map's relief and contours catch up with the ground over
        // frames
        let map_shown = !self.toggles.get(Toggle::View);
        let contours_shown = map_shown && self.terrain.settings().contour_levels() > 0;
        let map_behind =
            (map_shown && self.map.relief_behind()) || (contours_shown && self.map.contours_behind(&self.terrain));
        self.looping
            || self.replaying.is_some()
            || self.trees_growing
            || view_moving
            || self.hand_pours()
            || routing
            || map_behind
    }

    /// What the page must show since it last asked.
    pub fn take_shows(&mut self) -> Vec<Show> {
        std::mem::take(&mut self.shows)
    }

    pub fn status(&self) -> Status {
        Status {
            seed: self.terrain.seed(),
            drops: self.terrain.drops(),
            heights_hash: HeightsHash(self.terrain.heights_hash()),
            frames: self.frames,
            looping: self.looping,
            replaying: self.replaying.is_some(),
            scheme: self.scheme.key,
            settings: self.terrain.settings().clone(),
            choices: *self.terrain.choices(),
            grid: (self.terrain.grid().cols as u32, self.terrain.grid().rows as u32),
            ground: self.ground_state(),
            toggles: self.toggles,
            changes: self.timeline.changes().len(),
            exact: self.timeline.is_exact(),
            canvas: self.size.backing(),
            trees: self.trees,
            trees_growing: self.trees_growing,
            camera: self.camera,
            draw_ms: self.draw_ms,
            layer_top: self.legend.top,
            measures: self.measures.latest(),
            measured_at: self.measures.samples().last().map_or(0, |s| s.0),
            undo: self.history.can_undo(),
            redo: self.history.can_redo(),
            reach: self.reach(),
            rivers_of: self.rivers_from.unwrap_or(0),
        }
    }

    /// The measures taken as the rain fell, at their drop counts.
    pub fn measures(&self) -> &[(u64, Measures)] {
        self.measures.samples()
    }

    /// The map as a link describes it (a link waiting for its ground's
    /// file, as it is).
    pub fn link(&self) -> MapLink {
        if let Some((wanted, _)) = &self.wanted {
            return wanted.clone();
        }
        let (settings, timeline) = self.timeline.for_link(self.terrain.settings());
        MapLink {
            ground: self.terrain.ground().and_then(|g| self.grounds.link_of(g)).cloned(),
            seed: Some(self.terrain.seed()),
            settings,
            choices: *self.terrain.choices(),
            timeline,
            scheme: self.scheme_picked.then_some(self.scheme.key),
            toggles: self.toggles,
            camera: self.camera,
            drops: self.terrain.drops(),
            hand: self.timeline.hand().to_vec(),
        }
    }

    /// What another build of the sketch needs to carry on exactly where this
    /// one is ([`Sketch::resume`]): the link (to a replay's end, if one is
    /// under way) and the state it does not carry.
    pub fn handover(&self) -> (MapLink, Carried) {
        let mut link = self.link();
        if let Some(r) = &self.replaying {
            link.drops = r.replay.target();
        }
        let t = &self.terrain;
        let carried = Carried {
            settings: t.settings().clone(),
            heights: t.heights().to_vec(),
            without_rain: t.hand_moved().map(<[f32]>::to_vec),
            drops: t.drops(),
            steps: t.steps(),
            frames: self.frames,
            looping: self.looping,
            exact: self.timeline.is_exact(),
            capped: self.replaying.as_ref().is_some_and(|r| r.capped),
            measures: self.measures.clone(),
            history: self.history.clone(),
            keyframes: self.keyframes.clone(),
        };
        (link, carried)
    }

    /// A sketch that carries on where another build's was, from its
    /// [`Sketch::handover`]: `start` holds the link (the page's theme, motion
    /// preference and size as now). The map is the other's to the bit, and a
    /// replay under way goes on from where it was. None if the heights do
    /// not fit the link's map.
    pub fn resume(start: Start, carried: Carried) -> Option<Sketch> {
        let (target, changes, hand) = (start.link.drops, start.link.timeline.clone(), start.link.hand.clone());
        let mut sketch = Sketch::new(start);
        let Carried {
            settings,
            heights,
            without_rain,
            drops,
            steps,
            frames,
            looping,
            exact,
            capped,
            measures,
            history,
            keyframes,
        } = carried;
        if !sketch.terrain.carry_on(&settings, heights, without_rain, drops, steps) {
            return None;
        }
        if !exact {
            sketch.timeline.overflow();
        }
        sketch.frames = frames;
        sketch.looping = looping;
        sketch.measures = measures;
        sketch.history = history;
        sketch.keyframes = keyframes;
        // The heights took the hand's touches up to their drops; where the
        // rain's tool pours is made again
        let taken = hand.iter().filter(|t| t.drops <= drops).count();
        let mut replay = Replay::new(target, changes).with_hand(hand, taken);
        let done = replay.advance(&mut sketch.terrain, 0);
        sketch.replaying = (!done).then_some(Replaying { replay, capped });
        sketch.shows.retain(|s| *s != Show::Busy(true));
        Some(sketch)
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
        if self.wanted.is_some() && !self.while_waiting(&input) {
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
                if let Some(s) = scheme(&key) {
                    self.scheme = s;
                    self.scheme_picked = true;
                }
            }
            Input::SiteTheme { dark } => {
                self.site_dark = dark;
                let wanted = site_scheme(dark);
                if !self.scheme_picked && self.scheme.key != wanted.key {
                    self.scheme = wanted;
                    self.shows.push(Show::Scheme(wanted.key));
                }
            }
            Input::PlayPause => self.set_looping(!self.looping),
            Input::Rain(on) => self.set_looping(on),
            Input::Restart => self.restart(self.terrain.seed()),
            Input::NewMap { seed } => self.restart(seed),
            Input::OpenGround(given) => self.open_ground(&given),
            Input::Resize(size) => self.size = size,
            Input::ReducedMotion(reduce) => self.reduced_motion = reduce,
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
            Input::Orbit { dx, dy } => {
                self.camera.orbit(dx, dy);
                self.spin = None;
                self.last_orbit = Some(([dx, dy], self.frames));
            }
            Input::OrbitEnd => {
                // The view spins on with the drag's last move, if the
                // pointer was still moving as it let go (it moved since the
                // frame before last: a pointer's moves come once a frame)
                // and the reader did not ask for less motion
                let moving = self.last_orbit.take().filter(|&(_, at)| self.frames <= at + 1);
                self.spin = moving.filter(|_| !self.reduced_motion).map(|(d, _)| d);
            }
            Input::Zoom(factor) => self.camera.zoom(factor),
            Input::ResetCamera => {
                self.camera = Camera::START;
                self.spin = None;
            }
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
        self.frames += 1;
        if self.replaying.is_some() {
            self.replay_slice(clock);
        } else if (self.looping && !self.hand_holds_the_rain()) || self.hand_pours() {
            self.rain(clock);
        }
        self.spin_on();
        let drawing = clock();
        self.draw(painter);
        let now = clock();
        self.draw_ms = now - drawing;
        now
    }

    /// A frame of the 3D view's spin after a drag, slowing to a stop.
    fn spin_on(&mut self) {
        let Some([dx, dy]) = self.spin else { return };
        if !self.toggles.get(Toggle::View) || self.reduced_motion {
            self.spin = None;
            return;
        }
        self.camera.orbit(dx, dy);
        let slower = [dx * SPIN_KEPT, dy * SPIN_KEPT];
        self.spin = (slower[0].hypot(slower[1]) >= SPIN_STOPS).then_some(slower);
    }

    /// Offers the link to the address bar: while it rains at most once a
    /// second, otherwise (or `now_please`) whenever it changed.
    fn offer_link(&mut self, now: f64, now_please: bool) {
        if self.looping && !now_please && now - self.link_offered_at < LINK_EVERY_MS {
            return;
        }
        let query = link::write(&self.link());
        self.link_offered_at = now;
        if query != self.link_offered || now_please {
            self.link_offered = query.clone();
            self.shows.push(Show::Link(query));
        }
    }

    /// Stops a replay where it is: the map is then the link's seed and
    /// timeline up to the drops so far, which a link describes exactly.
    fn cancel_replay(&mut self) {
        if self.replaying.take().is_some() {
            self.timeline.forget_after(self.terrain.drops());
            self.shows.push(Show::Busy(false));
        }
    }

    /// A frame's share of a replay: batches of drops, each change of the
    /// link's timeline made at its drop count, until the slice's time is
    /// up. When it is done, the map stays as the link made it, paused.
    fn replay_slice(&mut self, clock: &mut dyn FnMut() -> f64) {
        // The link of the map at any drop count of the replay, but its drops
        let (link, exact) = (self.link(), self.timeline.is_exact());
        let replays_measure = !self.replay_measured_as_rain();
        let Some(replaying) = self.replaying.as_mut() else { return };
        let before = self.terrain.settings().clone();
        let start = clock();
        let mut done = replaying.replay.is_done(&self.terrain);
        while !done && clock() - start < REPLAY_SLICE_MS {
            let drops = self.terrain.drops();
            done = replaying.replay.advance(&mut self.terrain, REPLAY_BATCH);
            if Keyframes::due(self.terrain.article_maps(), drops, self.terrain.drops()) {
                let now = MapLink { drops: self.terrain.drops(), ..link.clone() };
                self.keyframes.keep_on_the_beat(
                    &now,
                    exact,
                    self.terrain.steps(),
                    self.terrain.heights(),
                    self.terrain.hand_moved(),
                );
            }
            if replays_measure && self.measures.due(self.terrain.article_maps(), self.terrain.drops(), false) {
                self.last_routed = Some(route_now_at_once(&mut self.map, &self.terrain));
                let measures = Measures::of(&self.terrain, self.map.last_rivers(&self.terrain));
                self.measures.take(self.terrain.drops(), measures, false);
            }
        }
        // The timeline's changes move the sliders as they are made
        for setting in Setting::ALL {
            let value = self.terrain.settings().get(setting);
            if value != before.get(setting) {
                self.shows.push(Show::Setting(setting, value));
            }
        }
        if done {
            self.replaying = None;
            self.shows.push(Show::Busy(false));
        }
    }

    /// A frame's rain: the drops per frame for each whole display frame
    /// since the rain last caught up (at least one, at most
    /// [`MAX_CATCH_UP`]), and on a map of several article's maps
    /// ([`Terrain::article_maps`]) as many again for each, while the frame's
    /// [`RAIN_BUDGET_MS`] lasts. It stops once, exactly at the target;
    /// pressing play keeps it raining. `clock` reads the time.
    fn rain(&mut self, clock: &mut dyn FnMut() -> f64) {
        let start = clock();
        let (display_frames, caught_up_to) = match self.rained_at {
            Some(then) => display_frames_since(then, start),
            None => (1, start),
        };
        self.rained_at = Some(caught_up_to);
        let before = self.terrain.drops();
        let batch = self.terrain.settings().drops_per_frame() as u64;
        let (at_least, at_most) = (display_frames as u64, display_frames as u64 * self.terrain.article_maps());
        let target = self.terrain.rain_target();
        let left = |drops: u64| if before < target { target - drops } else { u64::MAX };
        for k in 0..at_most {
            let n = batch.min(left(self.terrain.drops()));
            if n == 0 || (k >= at_least && clock() - start >= RAIN_BUDGET_MS) {
                break;
            }
            self.terrain.rain(n as u32);
        }
        if Keyframes::due(self.terrain.article_maps(), before, self.terrain.drops()) {
            self.keep_heights_on_the_beat();
        }
        if before < target && self.terrain.drops() >= target {
            self.set_looping(false);
        }
    }

    fn set_looping(&mut self, looping: bool) {
        self.looping = looping;
        self.rained_at = None;
        self.shows.push(Show::PlayState { looping });
    }

    /// Keeps the ground of `heights` the `link` names, to open by it
    /// ([`Input::OpenGround`]); false, keeping nothing, if they are not the
    /// ones it names.
    pub fn shelve(&mut self, link: GroundLink, heights: Vec<f32>) -> bool {
        self.grounds.put(link, heights)
    }

    /// What ground the map is on.
    fn ground_state(&self) -> GroundState {
        match (&self.wanted, self.terrain.ground()) {
            (Some((_, state)), _) => *state,
            (None, Some(_)) => GroundState::FromFile,
            (None, None) => GroundState::Made,
        }
    }

    /// The map starts again on the ground `given` names, with the settings
    /// and seed as they are, if the sketch was given it.
    fn open_ground(&mut self, given: &GroundLink) {
        if let Some(ground) = self.grounds.get(given) {
            let (seed, settings, choices) =
                (self.terrain.seed(), self.terrain.settings().clone(), *self.terrain.choices());
            self.terrain.start_over(seed, settings, choices, Some(ground));
            self.start_afresh();
        }
    }

    /// While a link waits for its ground's file, whether `input` is taken:
    /// the file (the link's map is brought back on it if it is the ground
    /// the link names), or the reader leaving for a map of the sketch's
    /// own; not what would change a map not yet there.
    fn while_waiting(&mut self, input: &Input) -> bool {
        match input {
            Input::OpenGround(given) => {
                self.bring_back_on(given);
                false
            }
            Input::NewMap { .. } | Input::Choose(Choice::Terrain | Choice::MapSize | Choice::Preset, _) => {
                self.wanted = None;
                let (seed, settings, choices) =
                    (self.terrain.seed(), self.terrain.settings().clone(), *self.terrain.choices());
                self.terrain.start_over(seed, settings, choices, None);
                self.start_afresh();
                true
            }
            Input::Share => true,
            other => !other.changes_the_map(),
        }
    }

    /// The waiting link's map, brought back on the ground `given` names if
    /// it is the link's (the same cells and fingerprint); else it waits on,
    /// saying the file is another ground.
    fn bring_back_on(&mut self, given: &GroundLink) {
        let Some((wanted, _)) = self.wanted.take() else { return };
        let named = wanted.ground.as_ref().is_some_and(|g| grounds::same(g, given));
        if named && self.grounds.get(given).is_some() {
            self.looping = wanted.drops == 0 && !self.reduced_motion && !self.asked_paused;
            self.go_to(wanted);
            self.shows.push(Show::PlayState { looping: self.looping });
        } else {
            self.wanted = Some((wanted, GroundState::NotTheOne));
        }
    }

    /// Waits for the file of the ground `link` names, on an empty ground of
    /// its cells, still.
    fn wait_for(&mut self, link: MapLink) {
        let Some(ground) = &link.ground else { return };
        let empty = Rc::new(ImportedGround::empty(ground.grid));
        let (seed, settings, choices) = (link.seed.unwrap_or(0), link.settings.clone(), link.choices);
        self.terrain.start_over(seed, settings, choices, Some(empty));
        self.start_afresh();
        if self.replaying.take().is_some() {
            self.shows.push(Show::Busy(false));
        }
        self.looping = false;
        self.shows.push(Show::PlayState { looping: false });
        self.wanted = Some((link, GroundState::Wanted));
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
        self.forget_the_rivers();
        self.measures.clear();
    }

    /// On a ground made anew, nothing of the old one's rivers is drawn,
    /// nor a routing of it under way taken: a big map shows no rivers until
    /// its first routing is whole (the article's map routes at once).
    fn forget_the_rivers(&mut self) {
        self.rivers.forget(self.terrain.grid());
        (self.rivers_for, self.routing, self.shown_for, self.rivers_from) = (None, None, None, None);
        (self.last_routed, self.measures_routing) = (None, None);
    }

    /// Whether a replay's measures are taken by the frames, as the rain's
    /// are ([`Sketch::measure`]), sharing the rivers drawn; else the replay
    /// takes each due on the way at its drop count, of the ground routed
    /// at once. A big map's are: there that routing would hold the frame,
    /// and its buffers the memory (some 150 MB at 2048 × 2048, which a
    /// worker's memory keeps once grown).
    fn replay_measured_as_rain(&self) -> bool {
        self.map.routes_in_parts(&self.terrain)
    }

    /// Measures the ground now when a sample is due: every
    /// [`crate::morphometry::measures::MEASURE_EVERY`] drops while it rains
    /// or a big map's replay goes on, and where the rain stops. While this
    /// frame drew the drainage of the ground now, which is routed again
    /// every [`RIVER_EVERY`] frames as it rains, that routing is waited for
    /// and shared. A big map's sample waits for a routing of the ground
    /// begun since it came due (stopped, of the ground as it stands), made
    /// over frames or by the router: the rivers drawn's, or where they are
    /// not of the ground now, one for the measures alone
    /// ([`Sketch::route_for_the_measures`]). Otherwise the ground now is
    /// routed for the measures at once.
    fn measure(&mut self) {
        self.measures_wait = false;
        let drops = self.terrain.drops();
        // A replay is measured as rain falling, once it is past the
        // samples kept of the map it replays
        let replaying = self.replaying.is_some();
        if replaying && self.measures.samples().last().is_some_and(|&(last, _)| drops < last) {
            return;
        }
        let stopped = !self.looping && !replaying;
        // Stopped, the hand may have changed the ground at the same drops:
        // once its stroke is done, the measures follow it
        let handed = stopped && self.pressed.is_none() && self.measured_edition != Some(self.terrain.edition());
        if !self.measures.due(self.terrain.article_maps(), drops, stopped) && !handed {
            return;
        }
        let now = (self.terrain.edition(), ViewOf::now(&self.terrain));
        let routed_now = self.last_routed.is_some_and(|routed| routed.state == now);
        let rivers_of_now_drawn = self.rivers_drawn_in == Some(self.frames) && !self.map.show_original();
        if self.map.routes_in_parts(&self.terrain) {
            // No frame routes the whole map for them: a sample due as it
            // rains shares a routing of the ground begun since (the first
            // sample, or the first of a ground made anew, any routing of
            // it; never one of a ground since gone back from)
            let since = self.measures.came_due_at(self.terrain.article_maps(), drops).unwrap_or(0);
            let routed_since_due = self
                .last_routed
                .is_some_and(|routed| routed.state.1 == now.1 && (since..=drops).contains(&routed.from));
            if (stopped && !routed_now) || (!stopped && !routed_since_due) {
                self.measures_wait = !rivers_of_now_drawn;
                return;
            }
        } else if !routed_now && rivers_of_now_drawn && !stopped && !self.measures.samples().is_empty() {
            return;
        } else if !routed_now {
            self.last_routed = Some(route_now_at_once(&mut self.map, &self.terrain));
        }
        self.measured_edition = Some(self.terrain.edition());
        let measures = Measures::of(&self.terrain, self.map.last_rivers(&self.terrain));
        self.measures.take(drops, measures, stopped);
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
        if let Some(s) = look.scheme.and_then(scheme) {
            self.scheme = s;
            self.scheme_picked = true;
            self.shows.push(Show::Scheme(s.key));
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
            Toggle::View => self.spin = None,
        }
    }

    /// Draws the map, in the original's order: sea, relief, contours,
    /// rivers, debug, and a replay's progress over it; or the 3D view in its
    /// place (which shows no trees).
    fn draw(&mut self, painter: &mut dyn Painter) {
        self.view_waiting = false;
        self.trees = 0;
        self.trees_growing = false;
        if FULL && self.toggles.get(Toggle::View) {
            match self.draw_3d(painter) {
                Drawn::Drawn => return,
                Drawn::NotYet => {
                    self.view_waiting = true;
                    return;
                }
                Drawn::Unavailable => {
                    self.toggles.set(Toggle::View, false);
                    self.shows.push(Show::Toggle(Toggle::View, false));
                    self.shows.push(Show::No3d);
                }
            }
        }
        let view = Viewport::fit(self.terrain.grid(), self.size.width, self.size.height);
        let pixels_per_cell = self.pixels_per_cell();
        let scheme = self.scheme;
        painter.begin(self.size, scheme);
        let rivers = self.toggles.get(Toggle::Rivers);
        let traced = FULL && self.terrain.choices().river_style() == RiverStyle::Traced;
        let layer = self.terrain.choices().layer();
        self.update_rivers((rivers && !traced) || layer == Layer::Flow);
        // A big map's relief and contours are drawn no finer than the
        // screen's pixels
        self.map.set_detail(level_of_detail::factor(pixels_per_cell));
        let (drawn_grid, drawn_view) = (self.map.drawn_grid(&self.terrain), coarse_view(view, self.map.detail()));
        let (pixels, legend) = self.map.layer(&self.terrain, scheme, layer, self.rivers.shown());
        self.legend = legend;
        painter.relief(pixels, drawn_grid, drawn_view);
        if self.terrain.settings().contour_levels() > 0 {
            let (contours, kept) = self.map.contours_drawn(&self.terrain);
            painter.contours(contours, kept, scheme, drawn_view);
        }
        if FULL && self.toggles.get(Toggle::Trees) {
            let trees = self.standing_trees(rivers && !traced, (SKELETON_PIXELS / view.scale) as f32);
            self.trees = trees.len();
            painter.trees(&trees, scheme, view);
        }
        // (a big map's rivers no finer than its relief)
        if rivers && traced {
            painter.rivers(
                &path_detail::strokes_at(&traced_strokes(&self.traced_rivers()), pixels_per_cell),
                None,
                scheme,
                view,
            );
        } else if rivers {
            // (kept between the steps of a coarse map's easing)
            let kept = (self.map.detail() > 1).then(|| self.rivers.revision());
            painter.rivers(&path_detail::strokes_at(self.rivers.strokes(), pixels_per_cell), kept, scheme, view);
        }
        if self.toggles.get(Toggle::Debug) {
            painter.debug(self.terrain.paths(), self.terrain.drops(), view);
            if self.looping {
                self.terrain.clear_paths();
            }
        }
        if self.toggles.get(Toggle::Measures) {
            painter.measures(self.measures.samples(), self.terrain.rain_target(), scheme);
        }
        if let Some(r) = &self.replaying {
            painter.progress(self.terrain.drops(), r.replay.target(), r.capped);
        }
    }

    /// The 3D view: the ground shown, its rivers and trees as the map
    /// draws them.
    fn draw_3d(&mut self, painter: &mut dyn Painter) -> Drawn {
        let traced = self.terrain.choices().river_style() == RiverStyle::Traced;
        let rivers = self.toggles.get(Toggle::Rivers);
        let layer = self.terrain.choices().layer();
        self.update_rivers((rivers && !traced) || layer == Layer::Flow);
        let water = match (rivers, traced) {
            (false, _) => Vec::new(),
            (true, true) => view_3d::water_along(self.terrain.grid(), &self.traced_rivers()),
            (true, false) => self.rivers.shown().to_vec(),
        };
        let (draped, legend) = self.map.drape(&self.terrain, self.scheme, layer, self.rivers.shown());
        self.legend = legend;
        // Cones, not branches: no tree is drawn large enough for them
        let trees = if self.toggles.get(Toggle::Trees) {
            self.standing_trees(rivers && !traced, f32::INFINITY)
        } else {
            Vec::new()
        };
        self.trees = trees.len();
        let settings = self.terrain.settings();
        painter.view_3d(&Scene {
            grid: self.terrain.grid(),
            heights: self.map.shown(&self.terrain),
            edition: self.map.edition(&self.terrain),
            water: &water,
            scheme: self.scheme,
            sea_level: settings.sea_level(),
            height_scale: settings.get(Setting::HeightScale),
            camera: self.camera,
            size: self.size,
            trees: &trees,
            layer: &draped,
            brush: self.brush_3d(),
        })
    }

    /// The article's six rivers traced from high points of the ground
    /// shown, from starts the seed picks.
    fn traced_rivers(&self) -> Vec<Vec<[usize; 2]>> {
        let t = &self.terrain;
        let sea = t.settings().sea_level();
        let mut rng = Pcg32::new(t.seed() as u64, TRACED_RIVERS_STREAM);
        let mut unit = || unit_f32(&mut rng);
        traced_rivers::trace(
            t.grid(),
            self.map.shown(t),
            traced_rivers::spring_level(sea),
            sea,
            traced_rivers::RIVERS,
            &mut unit,
        )
    }

    /// The trees on the ground shown, out of the rivers drawn (when they are
    /// the drainage's, which says where water runs), those at least
    /// `skeleton_from` cells across with their branches.
    fn standing_trees(&mut self, out_of_the_rivers: bool, skeleton_from: f32) -> Vec<Tree> {
        let forest = Forest::kept_for(&mut self.forest, self.terrain.seed(), self.terrain.grid());
        let sampled = forest.sample(SPOT_CANDIDATES_PER_FRAME);
        let water = out_of_the_rivers.then(|| self.rivers.shown());
        let mut trees = forest.standing(self.map.shown(&self.terrain), self.terrain.settings().sea_level(), water);
        self.trees_growing = forest.grow_skeletons(&mut trees, skeleton_from, SKELETONS_PER_FRAME) > 0 || !sampled;
        trees
    }

    /// The device pixels a cell of the map is drawn across.
    fn pixels_per_cell(&self) -> f64 {
        Viewport::fit(self.terrain.grid(), self.size.width, self.size.height).scale * self.size.ratio
    }

    /// While it rains the rivers are worked out again every RIVER_EVERY
    /// frames and eased in, a changed course cross-faded where a cell is
    /// drawn as finely as the relief (more than 0.7 pixels across); paused,
    /// on a new terrain or a new view, or when the reader asks for less
    /// motion, they jump straight there. On a big map they are routed by
    /// the router (or, where it cannot, a part a frame) instead, the next
    /// routing begun as soon as the last is whole and the ground has
    /// changed since; on a small one the router rests. Not `drawn`, no
    /// rivers are routed (and a routing of them under way is let go), but
    /// a big map's measures may be ([`Sketch::route_for_the_measures`]).
    fn update_rivers(&mut self, drawn: bool) {
        // A new map size: nothing drawn of the old one's rivers (a big
        // map's first routing takes frames, and the trees, layers and 3D
        // view read the water drawn meanwhile)
        let grid = self.terrain.grid();
        if self.rivers.grid() != grid {
            self.rivers.forget(grid);
        }
        self.rivers_due = false;
        if !drawn {
            self.routing = None;
            self.route_for_the_measures();
            return;
        }
        let view_of = ViewOf { original: self.map.show_original(), sea_level: self.terrain.settings().sea_level() };
        let easing = self.looping && !self.reduced_motion && self.shown_for == Some(view_of);
        // A river's change of course on a map whose cells are drawn under
        // a pixel moves its line by less than one: cross-fading the two
        // lines would only dim the river while both are part-faded, and
        // at 2048 × 2048 give the canvas some 8,000 one-cell pieces to
        // stroke every frame
        let coarse = level_of_detail::factor(self.pixels_per_cell()) > 1;
        let cross_fade = easing && !coarse;
        let state = (view_of.edition(&self.terrain), view_of);
        self.rivers_drawn_in = Some(self.frames);
        if self.map.routes_in_parts(&self.terrain) {
            self.route_a_part(state, cross_fade);
            // (a routing finished on a ground since rained on, or paused
            // on, is followed by one of the ground as it stands)
            self.rivers_due = self.rivers_for != Some(state);
            // (rivers of the ground before the rain, once whole, leave
            // the routing to the measures of the ground now)
            if self.routing.is_none() && !self.rivers_due {
                self.route_for_the_measures();
            }
        } else {
            self.routing = None;
            if let Some(router) = &mut self.router {
                router.rest();
            }
            let due = !self.looping || self.frames % RIVER_EVERY as u64 == 0 || self.rivers_for.is_none();
            if self.rivers_for != Some(state) && due {
                let grid = self.terrain.grid();
                self.rivers.take(grid, self.map.rivers(&self.terrain), cross_fade);
                (self.rivers_for, self.rivers_from) = (Some(state), Some(self.terrain.drops()));
                self.last_routed = Some(Routed { state, from: self.terrain.drops() });
            }
        }
        if !(easing && coarse) {
            self.rivers.advance(easing);
        } else if self.frames % RIVER_PICTURE_EVERY == 0 {
            for _ in 0..RIVER_PICTURE_EVERY {
                self.rivers.advance(true);
            }
        }
        if !easing {
            self.shown_for = Some(view_of);
        }
    }

    /// A frame's part of a big map's routing ([`ROUTING_CELLS_A_FRAME`]);
    /// one begun for another view, or given up (the measures routed the
    /// ground at once meanwhile), is begun again.
    fn route_a_part(&mut self, state: (u64, ViewOf), cross_fade: bool) {
        let stale = self.routing.is_some_and(|(_, view)| view != state.1);
        if stale || !self.map.rivers_under_way() {
            self.routing = None;
        }
        if self.routing.is_none() && self.rivers_for != Some(state) {
            // (the measures' routing under way, if any, given up for it)
            self.map.begin_rivers(&self.terrain, router_of(&mut self.router));
            (self.routing, self.routing_from, self.measures_routing) = (Some(state), self.terrain.drops(), None);
        }
        let Some(routed) = self.routing else { return };
        let grid = self.terrain.grid();
        if let Some(drainage) = self.map.go_on_with_rivers(ROUTING_CELLS_A_FRAME, router_of(&mut self.router)) {
            // A new view's first rivers jump there
            let cross_fade = cross_fade && self.rivers_for.is_some_and(|(_, view)| view == routed.1);
            if drainage.water.len() == grid.cells() {
                self.rivers.take(grid, drainage, cross_fade);
                (self.rivers_for, self.rivers_from) = (Some(routed), Some(self.routing_from));
                self.last_routed = Some(Routed { state: routed, from: self.routing_from });
            }
            self.routing = None;
        }
    }

    /// On a big map whose rivers of the ground now are not drawn (rivers
    /// off or traced, or the ground before the rain shown), a frame's part
    /// of a routing of the ground now for the measures alone, begun when a
    /// sample waits for one ([`Sketch::measure`]): made by the router or a
    /// part a frame, as the rivers' are, so no frame routes the whole map
    /// for them (at 2048 × 2048 that held a frame some 300 ms, and grew
    /// the memory by the routing's buffers).
    fn route_for_the_measures(&mut self) {
        let now = (self.terrain.edition(), ViewOf::now(&self.terrain));
        // (one given up, or for another sea level, is begun again)
        let stale = self.measures_routing.is_some_and(|routing| routing.state.1 != now.1);
        if stale || !self.map.rivers_under_way() {
            self.measures_routing = None;
        }
        if self.measures_routing.is_none() {
            if !self.measures_wait || !self.map.routes_in_parts(&self.terrain) {
                return;
            }
            self.map.begin_rivers_now(&self.terrain, router_of(&mut self.router));
            self.measures_routing = Some(Routed { state: now, from: self.terrain.drops() });
        }
        let grid = self.terrain.grid();
        if let Some(drainage) = self.map.go_on_with_rivers(ROUTING_CELLS_A_FRAME, router_of(&mut self.router)) {
            if drainage.water.len() == grid.cells() {
                self.last_routed = self.measures_routing;
            }
            self.measures_routing = None;
        }
    }
}
