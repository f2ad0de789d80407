//! What the reader and the page can do to the sketch ([`Input`]), where a
//! pointer is on it ([`Pointing`]), and what the page must show because
//! the sketch did it by itself ([`Show`]).

use crate::draw::viewport::Size;
use crate::settings::choices::Choice;
use crate::settings::sliders::Setting;
use crate::settings::toggles::Toggle;
use crate::share::ground_link::GroundLink;

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
    /// ([`Sketch::shelve`](super::Sketch::shelve)): the map starts again on it (or, where a link
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

/// What an input does to the map and its link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// A change of the reader's to undo: a slider, a checkbox, a choice, a
    /// scheme, a restart, a new map, a stroke of the hand (begun by its
    /// press), a ground opened. (Rewinding is one too, made a step by the
    /// rewind itself, which spans a drag.)
    Step,
    /// The reader acting on the map or its link without a step of its own:
    /// playing, sharing, going back and forth, a stroke's later moves,
    /// picking up a tool (its strokes change the map, not the tool).
    Acts,
    /// Looking at the map in 3D and the page's circumstances (its theme,
    /// size, motion preference, being out of sight): nothing a link
    /// replays.
    Looks,
}

impl Input {
    /// What this input does. Every input is named here, so a new one has to
    /// say which it is.
    pub fn effect(&self) -> Effect {
        match self {
            // Picking up a tool changes nothing on the map: its strokes do
            Input::Choose(Choice::Tool, _) | Input::Set(Setting::ToolSize | Setting::ToolStrength, _) => Effect::Acts,
            Input::Set(..)
            | Input::Toggle(..)
            | Input::Choose(..)
            | Input::PickScheme(_)
            | Input::Restart
            | Input::NewMap { .. }
            | Input::PenDown { .. }
            | Input::Stroke(_)
            | Input::OpenGround(_) => Effect::Step,
            Input::PlayPause
            | Input::Rain(_)
            | Input::Share
            | Input::Undo
            | Input::Redo
            | Input::Rewind(_)
            | Input::PenMove { .. }
            | Input::PenUp => Effect::Acts,
            Input::SiteTheme { .. }
            | Input::LetGo
            | Input::Resize(_)
            | Input::ReducedMotion(_)
            | Input::Resting
            | Input::Orbit { .. }
            | Input::OrbitEnd
            | Input::Zoom(_)
            | Input::ResetCamera
            | Input::Aim(_) => Effect::Looks,
        }
    }

    /// Whether this is the reader acting on the map or its link, which
    /// stops a replay under way where it is ([`Effect::Step`] or
    /// [`Effect::Acts`]).
    pub fn changes_the_map(&self) -> bool {
        self.effect() != Effect::Looks
    }

    /// Whether this input begins a change of the reader's to undo
    /// ([`Effect::Step`]).
    pub fn makes_a_step(&self) -> bool {
        self.effect() == Effect::Step
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
