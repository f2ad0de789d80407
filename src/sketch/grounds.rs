//! The grounds from files a sketch has been given, kept to go back to (an
//! undo, a rewind, a redo) and to name in its link. A ground is given
//! whole once ([`Sketch::shelve`](crate::sketch::Sketch::shelve)), checked
//! against the fingerprint its link names, and opened by that link
//! ([`crate::sketch::Input::OpenGround`]).
//!
//! ```
//! use hydraulic_erosion::fingerprint;
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

use crate::fingerprint;
use crate::ground::imported::ImportedGround;
use crate::share::ground_link::GroundLink;

/// At most this many grounds are kept (2048 × 2048 is 16 MiB each); the
/// one used longest ago goes first, and going back to a map on it asks for
/// its file again.
pub const KEPT: usize = 3;

/// The grounds kept, the latest used last.
#[derive(Clone, Debug, Default)]
pub struct Grounds {
    kept: Vec<(GroundLink, Rc<ImportedGround>)>,
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
