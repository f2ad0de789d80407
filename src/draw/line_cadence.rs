//! How often a frame strokes its lines again. The original strokes every
//! contour and river each frame. On a phone's screen that is most of a
//! frame: at a pixel ratio of 3, in Chromium's software rasteriser, the
//! article's contours took some 30 ms and its rivers some 20 ms of a 59 ms
//! frame (17 frames a second; 45 at a ratio of 1). Yet the rain moves a
//! line by a fraction of its width a frame. So while it rains on a dense
//! screen each kind of line is stroked once every
//! [`LINES_EVERY`](crate::draw::line_cadence::LINES_EVERY) frames, on a
//! canvas of its own that every frame lays over the relief. The contours
//! and the rivers take their turns in different frames, so no frame
//! strokes both. Once the rain stops, the next frame strokes everything
//! again, as every frame of the original does: a paused map, a link's
//! picture and a test's frame are drawn as the original draws them.
//!
//! ```
//! use hydraulic_erosion::draw::line_cadence::{Cadence, LINES_EVERY};
//! // A phone while it rains: the contours in one frame, the rivers in another
//! let beats: Vec<_> = (0..LINES_EVERY).map(|frame| Cadence::of(frame, true, 3.0, true)).collect();
//! let due = |pick: fn(&Cadence) -> bool| beats.iter().filter(|c| pick(c)).count();
//! assert_eq!((due(Cadence::contours_due), due(Cadence::rivers_due)), (1, 1));
//! // A desktop screen, or a phone once the rain stops: every frame, everything
//! assert_eq!(Cadence::of(7, true, 1.0, true), Cadence::EveryFrame);
//! assert_eq!(Cadence::of(7, false, 3.0, true), Cadence::EveryFrame);
//! // Nor after a frame that drew other lines, or none
//! assert_eq!(Cadence::of(7, true, 3.0, false), Cadence::EveryFrame);
//! ```

/// While it rains on a dense screen, a frame in this many strokes the
/// contours, and another the rivers. At a pixel ratio of 3 in Chromium
/// (`docs/performance.md`), every 4 frames lifted the frames a second from
/// 17 to 44, every 6 to 48.5; the lines are then at most five frames
/// (83 ms) behind the rain.
pub const LINES_EVERY: u64 = 6;

/// A screen is dense from this pixel ratio: its lines are two device
/// pixels wide or more, and stroking them costs what is said above.
pub const DENSE_RATIO: f64 = 2.0;

/// How a frame draws its lines.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Cadence {
    /// Each stroked again, as the original does.
    EveryFrame,
    /// Kept between beats: `frame` says whose turn it is.
    Beats { frame: u64 },
}

impl Cadence {
    /// The cadence of frame number `frame`, while it `rains` or not, on a
    /// screen of pixel ratio `ratio`, if the frame before drew the same
    /// kinds of lines on the map (`follows`; else, as after the 3D view or
    /// with contours or rivers just shown again, the lines kept would be
    /// older than a turn: every line is stroked).
    pub fn of(frame: u64, rains: bool, ratio: f64, follows: bool) -> Cadence {
        if rains && ratio >= DENSE_RATIO && follows {
            Cadence::Beats { frame }
        } else {
            Cadence::EveryFrame
        }
    }

    /// Whether the contours are traced and stroked again in this frame.
    pub fn contours_due(&self) -> bool {
        self.beat(0).1
    }

    /// Whether the rivers are stroked again in this frame.
    pub fn rivers_due(&self) -> bool {
        self.beat(LINES_EVERY / 2).1
    }

    /// The rivers' beat: a number that changes in each frame they are due,
    /// naming the picture kept until then. `None` every frame.
    pub fn rivers_beat(&self) -> Option<u64> {
        match self {
            Cadence::EveryFrame => None,
            Cadence::Beats { .. } => Some(self.beat(LINES_EVERY / 2).0),
        }
    }

    /// Whether some line drawn in this frame is older than the ground: a
    /// frame must follow to bring it up to date.
    pub fn lines_behind(&self) -> bool {
        !(self.contours_due() && self.rivers_due())
    }

    /// The beat of lines whose turn falls `offset` frames into each
    /// [`LINES_EVERY`], and whether this frame begins it.
    fn beat(&self, offset: u64) -> (u64, bool) {
        match *self {
            Cadence::EveryFrame => (0, true),
            Cadence::Beats { frame } => {
                let shifted = frame + LINES_EVERY - offset;
                (shifted / LINES_EVERY, shifted % LINES_EVERY == 0)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn while_it_rains_on_a_dense_screen_each_kind_of_line_has_one_frame_in_so_many() {
        let frames: Vec<Cadence> = (1..=4 * LINES_EVERY).map(|f| Cadence::of(f, true, DENSE_RATIO, true)).collect();
        let contours: Vec<u64> = (1..).zip(&frames).filter(|(_, c)| c.contours_due()).map(|(f, _)| f).collect();
        let rivers: Vec<u64> = (1..).zip(&frames).filter(|(_, c)| c.rivers_due()).map(|(f, _)| f).collect();
        let every = LINES_EVERY;
        assert_eq!(contours, [every, 2 * every, 3 * every, 4 * every]);
        // (halfway between the contours' turns)
        assert_eq!(rivers, [every / 2, every * 3 / 2, every * 5 / 2, every * 7 / 2]);
        // No frame strokes both, and every frame leaves some line behind
        assert!(frames.iter().all(|c| c.lines_behind()));
    }

    #[test]
    fn the_rivers_beat_changes_exactly_in_the_frames_they_are_due() {
        let beat = |f: u64| Cadence::of(f, true, 3.0, true).rivers_beat().unwrap();
        for frame in 1..40 {
            let due = Cadence::of(frame, true, 3.0, true).rivers_due();
            assert_eq!(beat(frame) != beat(frame - 1), due, "frame {frame}");
        }
    }

    #[test]
    fn a_frame_strokes_everything_once_the_rain_stops_on_a_screen_of_ratio_under_two_or_after_other_lines() {
        let cadences =
            [Cadence::of(3, false, 3.0, true), Cadence::of(3, true, 1.5, true), Cadence::of(3, true, 1.0, true)];
        for cadence in cadences.into_iter().chain([Cadence::of(3, true, 3.0, false)]) {
            assert_eq!(cadence, Cadence::EveryFrame);
            assert!(cadence.contours_due() && cadence.rivers_due() && !cadence.lines_behind());
            assert_eq!(cadence.rivers_beat(), None);
        }
    }
}
