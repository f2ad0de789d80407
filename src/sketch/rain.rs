//! The rain's pace, and a shared map's replay: a frame rains the drops
//! per frame for each display frame since the rain last caught up (so it
//! falls at the slider's pace however long the drawing takes), and a
//! replay rains for a slice of each frame's time, so the page stays
//! responsive while a link's map is brought back.

use super::input::Show;
use super::Sketch;
use crate::morphometry::measures::Measures;
use crate::settings::sliders::Setting;
use crate::share::keyframes::Keyframes;
use crate::share::link::MapLink;
use crate::share::replay::Replay;

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
/// On a map of several article's maps, a frame rains their share of drops
/// while it has spent less than this on its rain (milliseconds): the
/// article's own share it always rains. At 2048 × 2048 the rest of a frame
/// takes some 13 ms with the rivers' picture kept between its strokings
/// ([`RIVER_PICTURE_EVERY`](super::river_routing::RIVER_PICTURE_EVERY)), so this leaves it 30 frames a second and more.
pub const RAIN_BUDGET_MS: f64 = 16.0;
/// A frame rains at most this many display frames' worth: after a stall
/// (a busy machine, a pause, a rest) the rain picks up, it does not lurch.
pub const MAX_CATCH_UP: u32 = 4;

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

/// A replay under way, and whether its link was cut down to the most a
/// link replays.
pub(super) struct Replaying {
    pub replay: Replay,
    pub capped: bool,
}

impl Sketch {
    /// Stops a replay where it is: the map is then the link's seed and
    /// timeline up to the drops so far, which a link describes exactly.
    pub(super) fn cancel_replay(&mut self) {
        if self.replaying.take().is_some() {
            self.timeline.forget_after(self.terrain.drops());
            self.shows.push(Show::Busy(false));
        }
    }

    /// A frame's share of a replay: batches of drops, each change of the
    /// link's timeline made at its drop count, until the slice's time is
    /// up. When it is done, the map stays as the link made it, paused.
    pub(super) fn replay_slice(&mut self, clock: &mut dyn FnMut() -> f64) {
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
                self.past.keyframes.keep_on_the_beat(
                    &now,
                    exact,
                    self.terrain.steps(),
                    self.terrain.heights(),
                    self.terrain.hand_moved(),
                );
            }
            if replays_measure && self.measuring.series.due(self.terrain.article_maps(), self.terrain.drops(), false) {
                self.rivers.route_now_at_once(&mut self.map, &self.terrain);
                let measures = Measures::of(&self.terrain, self.map.last_rivers(&self.terrain));
                self.measuring.series.take(self.terrain.drops(), measures, false);
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
    /// ([`Terrain::article_maps`](crate::terrain::Terrain::article_maps)) as many again for each, while the frame's
    /// [`RAIN_BUDGET_MS`] lasts. It stops once, exactly at the target;
    /// pressing play keeps it raining. `clock` reads the time.
    pub(super) fn rain(&mut self, clock: &mut dyn FnMut() -> f64) {
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

    pub(super) fn set_looping(&mut self, looping: bool) {
        self.looping = looping;
        self.rained_at = None;
        self.shows.push(Show::PlayState { looping });
    }
}
