//! The 3D view's camera, turned by the reader: a drag orbits it, and let
//! go while still moving it spins on a moment, slowing to a stop (unless
//! the reader asks for less motion).
//!
//! Its invariants: a spin is only ever the last move of a drag that was
//! still moving when let go (it moved since the frame before last: a
//! pointer's moves come once a frame); a new drag, a reset, a view turned
//! off or a wish for less motion stops it; and the camera stays within
//! [`Camera`]'s bounds, which its own methods keep.
//!
//! ```
//! use hydraulic_erosion::draw::camera::Camera;
//! use hydraulic_erosion::sketch::orbit::Orbit;
//! let mut orbit = Orbit::new(Camera::START);
//! orbit.drag(30.0, 0.0, 5);
//! orbit.let_go(6, false);
//! assert!(orbit.spinning());
//! let yaw = orbit.camera().yaw;
//! orbit.spin_on(true, false);
//! assert_ne!(orbit.camera().yaw, yaw, "it spins on with the drag's move");
//! let mut still = Orbit::new(Camera::START);
//! still.drag(30.0, 0.0, 5);
//! still.let_go(9, false);
//! assert!(!still.spinning(), "a drag held still before it was let go");
//! ```

use crate::draw::camera::{Camera, SPIN_KEPT, SPIN_STOPS};

/// The camera, how it spins on after a drag (pixels a frame), whether the
/// view waits for its canvas or context, and the latest move of a drag and
/// the frame it came in.
#[derive(Clone, Debug, PartialEq)]
pub struct Orbit {
    camera: Camera,
    spin: Option<[f64; 2]>,
    waiting: bool,
    last_move: Option<([f64; 2], u64)>,
}

impl Orbit {
    /// Looking from `camera`, still.
    pub fn new(camera: Camera) -> Orbit {
        Orbit { camera, spin: None, waiting: false, last_move: None }
    }

    pub fn camera(&self) -> Camera {
        self.camera
    }

    /// Looking from `camera` at once, still (a link's, a reset's).
    pub fn look_from(&mut self, camera: Camera) {
        (self.camera, self.spin) = (camera, None);
    }

    /// A drag (or the arrow keys) of `dx`, `dy` pixels in frame `frame`.
    pub fn drag(&mut self, dx: f64, dy: f64, frame: u64) {
        self.camera.orbit(dx, dy);
        self.spin = None;
        self.last_move = Some(([dx, dy], frame));
    }

    /// The drag let go in frame `frame`: the view spins on with its last
    /// move if it was still moving, and the reader did not ask for less
    /// motion.
    pub fn let_go(&mut self, frame: u64, reduced_motion: bool) {
        let moving = self.last_move.take().filter(|&(_, at)| frame <= at + 1);
        self.spin = moving.filter(|_| !reduced_motion).map(|(d, _)| d);
    }

    /// Nearer (below 1) or further.
    pub fn zoom(&mut self, factor: f64) {
        self.camera.zoom(factor);
    }

    pub fn stop(&mut self) {
        self.spin = None;
    }

    pub fn spinning(&self) -> bool {
        self.spin.is_some()
    }

    /// Whether the view wants frames to move on: spinning, or waiting for
    /// its canvas.
    pub fn moving(&self) -> bool {
        self.spin.is_some() || self.waiting
    }

    /// Whether the last frame's view waited for its canvas or context.
    pub fn set_waiting(&mut self, waiting: bool) {
        self.waiting = waiting;
    }

    /// A frame of the spin, slowing to a stop; none where the view is not
    /// `shown` or the reader asks for less motion.
    pub fn spin_on(&mut self, shown: bool, reduced_motion: bool) {
        let Some([dx, dy]) = self.spin else { return };
        if !shown || reduced_motion {
            self.spin = None;
            return;
        }
        self.camera.orbit(dx, dy);
        let slower = [dx * SPIN_KEPT, dy * SPIN_KEPT];
        self.spin = (slower[0].hypot(slower[1]) >= SPIN_STOPS).then_some(slower);
    }
}
