//! The grounds from files a sketch has been given, kept to go back to (an
//! undo, a rewind, a redo) and to name in its link. A ground is given
//! whole once ([`Sketch::shelve`](crate::sketch::Sketch::shelve)), checked
//! against the fingerprint its link names, and opened by that link
//! ([`crate::sketch::Input::OpenGround`]). A link to a map on a ground
//! whose file the sketch was not given waits for it, on an empty ground.
//!
//! ```
//! use hydraulic_erosion::raster::fingerprint;
//! use hydraulic_erosion::ground::imported::ImportedGround;
//! use hydraulic_erosion::share::{elevation::Encoding, ground_link::GroundLink};
//! use hydraulic_erosion::sketch::grounds::Grounds;
//! let ground = ImportedGround::from_heights((0..400).map(|i| i as f32 / 400.0).collect(), 20).unwrap();
//! let link = GroundLink {
//!     name: "ramp.png".into(),
//!     grid: ground.grid,
//!     fingerprint: fingerprint::fingerprint(ground.grid, &ground.heights),
//!     shore: 0.25,
//!     encoding: Encoding::Auto,
//!     steepness: 1.0,
//! };
//! let mut grounds = Grounds::default();
//! assert!(grounds.put(link.clone(), ground.heights.clone()));
//! let kept = grounds.get(&link).unwrap();
//! assert_eq!(kept.heights, ground.heights);
//! // The same file renamed is the same ground, kept once, under its new name
//! let renamed = GroundLink { name: "ramp again.png".into(), ..link.clone() };
//! assert!(grounds.put(renamed, ground.heights.clone()));
//! assert!(std::rc::Rc::ptr_eq(&grounds.get(&link).unwrap(), &kept));
//! assert_eq!(grounds.link_of(&kept).unwrap().name, "ramp again.png");
//! // Heights that are not the ones the link names are not kept
//! assert!(!grounds.put(GroundLink { fingerprint: 7, ..link }, ground.heights));
//! ```

use std::rc::Rc;

use super::input::{Input, Show};
use super::status::GroundState;
use super::Sketch;
use crate::ground::imported::ImportedGround;
use crate::raster::fingerprint;
use crate::settings::choices::Choice;
use crate::share::ground_link::GroundLink;
use crate::share::link::MapLink;

/// At most this many grounds are kept (2048 × 2048 is 16 MiB each); the
/// one used longest ago goes first, and going back to a map on it asks for
/// its file again.
pub const KEPT: usize = 3;

/// The grounds kept, the latest used last; and a link to a map on a
/// ground from a file the sketch was not given: its map waits, empty, for
/// the file (and whether the last file given was another ground).
#[derive(Clone, Debug, Default)]
pub struct Grounds {
    kept: Vec<(GroundLink, Rc<ImportedGround>)>,
    pub(super) wanted: Option<(MapLink, GroundState)>,
}

/// Whether two links name the same ground: the same cells, fingerprint
/// and steepness (the file's name may differ: a file renamed is the same
/// ground).
pub fn same(a: &GroundLink, b: &GroundLink) -> bool {
    a.grid == b.grid && a.fingerprint == b.fingerprint && a.steepness == b.steepness
}

impl Grounds {
    /// Keeps the ground of `heights`, if they are the ones `link` names;
    /// returns whether they were.
    pub fn put(&mut self, link: GroundLink, heights: Vec<f32>) -> bool {
        let Some(ground) = ImportedGround::from_heights(heights, link.grid.cols) else { return false };
        let ground = ImportedGround { steepness: link.steepness, ..ground };
        if ground.grid != link.grid || fingerprint::fingerprint(ground.grid, &ground.heights) != link.fingerprint {
            return false;
        }
        // A ground kept already stays the one the map may be on, under the
        // name given last
        let ground = match self.kept.iter().position(|(kept, _)| same(kept, &link)) {
            Some(at) => self.kept.remove(at).1,
            None => Rc::new(ground),
        };
        self.kept.push((link, ground));
        if self.kept.len() > KEPT {
            self.kept.remove(0);
        }
        true
    }

    /// The ground `link` names, if it is kept (it becomes the latest used).
    pub fn get(&mut self, link: &GroundLink) -> Option<Rc<ImportedGround>> {
        let at = self.kept.iter().position(|(kept, _)| same(kept, link))?;
        let entry = self.kept.remove(at);
        let ground = entry.1.clone();
        self.kept.push(entry);
        Some(ground)
    }

    /// The link that names `ground`, if it is one of those kept.
    pub fn link_of(&self, ground: &Rc<ImportedGround>) -> Option<&GroundLink> {
        self.kept.iter().find(|(_, kept)| Rc::ptr_eq(kept, ground)).map(|(link, _)| link)
    }
}

impl Sketch {
    /// Keeps the ground of `heights` the `link` names, to open by it
    /// ([`Input::OpenGround`]); false, keeping nothing, if they are not the
    /// ones it names.
    pub fn shelve(&mut self, link: GroundLink, heights: Vec<f32>) -> bool {
        self.grounds.put(link, heights)
    }

    /// What ground the map is on.
    pub(super) fn ground_state(&self) -> GroundState {
        match (&self.grounds.wanted, self.terrain.ground()) {
            (Some((_, state)), _) => *state,
            (None, Some(_)) => GroundState::FromFile,
            (None, None) => GroundState::Made,
        }
    }

    /// The map starts again on the ground `given` names, with the settings
    /// and seed as they are, if the sketch was given it.
    pub(super) fn open_ground(&mut self, given: &GroundLink) {
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
    pub(super) fn while_waiting(&mut self, input: &Input) -> bool {
        match input {
            Input::OpenGround(given) => {
                self.bring_back_on(given);
                false
            }
            Input::NewMap { .. } | Input::Choose(Choice::Terrain | Choice::MapSize | Choice::Preset, _) => {
                self.grounds.wanted = None;
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
        let Some((wanted, _)) = self.grounds.wanted.take() else { return };
        let named = wanted.ground.as_ref().is_some_and(|g| same(g, given));
        if named && self.grounds.get(given).is_some() {
            self.looping = wanted.drops == 0 && !self.page.reduced_motion && !self.page.asked_paused;
            self.go_to(wanted);
            self.shows.push(Show::PlayState { looping: self.looping });
        } else {
            self.grounds.wanted = Some((wanted, GroundState::NotTheOne));
        }
    }

    /// Waits for the file of the ground `link` names, on an empty ground of
    /// its cells, still.
    pub(super) fn wait_for(&mut self, link: MapLink) {
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
        self.grounds.wanted = Some((link, GroundState::Wanted));
    }
}
