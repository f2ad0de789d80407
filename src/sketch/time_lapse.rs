//! The time-lapse: the map's rain filmed again off screen, from its first
//! drop to the drops fallen now (or, while it rains on its way to the
//! target, to the target), at a steady number of drops a frame, in the
//! look the reader has (scheme, rivers, contours, layer, trees), in 2D. A
//! second sketch replays the map's link and draws a frame whenever the
//! next share of drops has fallen; the page encodes each frame as it comes.
//!
//! ```
//! use hydraulic_erosion::draw::painter::NoPainter;
//! use hydraulic_erosion::draw::viewport::Size;
//! use hydraulic_erosion::share::link::MapLink;
//! use hydraulic_erosion::sketch::time_lapse::{Film, FRAMES};
//! let link = MapLink { seed: Some(3), drops: 3_000, ..MapLink::default() };
//! let mut film = Film::new(link, Size::new(640.0, 360.0, 1.0), false);
//! assert_eq!(film.frames(), FRAMES);
//! let mut drawn = 0;
//! while film.next_frame(&mut NoPainter) {
//!     drawn += 1;
//! }
//! assert_eq!(drawn, FRAMES);
//! assert_eq!(film.drops(), 3_000);
//! ```

use super::{Sketch, Start};
use crate::draw::painter::Painter;
use crate::draw::viewport::Size;
use crate::settings::toggles::Toggle;
use crate::share::link::MapLink;
use crate::share::replay::Replay;

/// Frames a second of the video.
pub const FPS: u32 = 30;
/// Frames in all: ten seconds.
pub const FRAMES: u32 = 10 * FPS;
/// The video is at most this many pixels across (the canvas's size
/// otherwise).
pub const MAX_WIDTH: u32 = 1280;
/// Every this many frames is a key frame, one a second: where a player can
/// seek to.
pub const KEY_EVERY: u32 = FPS;

/// The video's size: the canvas's as `size` (CSS pixels and their ratio)
/// says, at most [`MAX_WIDTH`] across, in whole pixels that are even both
/// ways (as the encoders' colour halves want), and the same shape.
///
/// ```
/// use hydraulic_erosion::draw::viewport::Size;
/// use hydraulic_erosion::sketch::time_lapse::video_size;
/// assert_eq!(video_size(Size::new(1000.0, 562.5, 2.0)).backing(), (1280, 720));
/// assert_eq!(video_size(Size::new(331.0, 187.0, 1.0)).backing(), (330, 186));
/// ```
pub fn video_size(size: Size) -> Size {
    let (width, height) = size.backing();
    let even = |n: f64| ((n / 2.0).floor() as u32 * 2).max(2);
    let across = even(width.min(MAX_WIDTH) as f64);
    let down = even(across as f64 * height as f64 / width as f64);
    let ratio = across as f64 / size.width;
    Size::new(size.width, down as f64 / ratio, ratio)
}

/// The drops the time-lapse of a map films: those fallen, or where the
/// rain is still on its way to `target`, the target.
pub fn drops_to_film(drops: u64, raining: bool, target: u64) -> u64 {
    if raining && drops < target {
        target
    } else {
        drops
    }
}

/// A time-lapse being filmed.
pub struct Film {
    sketch: Sketch,
    replay: Replay,
    /// Drops between one frame and the next.
    per_frame: u64,
    size: Size,
    frames_drawn: u32,
}

impl Film {
    /// Films the rain of the map `link` describes, to its drops, in frames
    /// of `size` (see [`video_size`]); `site_dark` picks the scheme where
    /// the link picked none. Drawn in 2D, without the measures' panel.
    pub fn new(mut link: MapLink, size: Size, site_dark: bool) -> Film {
        let (target, timeline, hand) = (link.drops, link.timeline.clone(), link.hand.clone());
        link.drops = 0;
        link.toggles.set(Toggle::View, false);
        link.toggles.set(Toggle::Measures, false);
        // Less motion: rivers drawn where they are, not eased in
        let start = Start { link, capped: false, site_dark, reduced_motion: true, paused: false, size };
        let per_frame = target.div_ceil(FRAMES as u64);
        Film {
            sketch: Sketch::new(start),
            replay: Replay::new(target, timeline).with_hand(hand, 0),
            per_frame,
            size,
            frames_drawn: 0,
        }
    }

    /// Rains the next frame's drops and draws the frame with `painter`; false
    /// once every frame is drawn (and nothing more was).
    pub fn next_frame(&mut self, painter: &mut dyn Painter) -> bool {
        if self.frames_drawn >= FRAMES {
            return false;
        }
        let budget = self.per_frame.min(u32::MAX as u64) as u32;
        // The last frame shows the map as it is, every change made
        let done = self.replay.advance(&mut self.sketch.terrain, budget);
        if self.frames_drawn + 1 == FRAMES && !done {
            while !self.replay.advance(&mut self.sketch.terrain, u32::MAX) {}
        }
        self.sketch.frames.count += 1;
        self.sketch.draw(painter);
        self.frames_drawn += 1;
        true
    }

    pub fn frames(&self) -> u32 {
        FRAMES
    }

    /// The frames' size.
    pub fn size(&self) -> Size {
        self.size
    }

    pub fn frames_drawn(&self) -> u32 {
        self.frames_drawn
    }

    /// The drops fallen on the film so far.
    pub fn drops(&self) -> u64 {
        self.sketch.terrain.drops()
    }

    /// The heights filmed so far.
    pub fn heights(&self) -> &[f32] {
        self.sketch.terrain.heights()
    }
}

impl Sketch {
    /// The time-lapse of this map as it is now ([`drops_to_film`]), in
    /// frames of the canvas's size ([`video_size`]).
    pub fn film(&self) -> Film {
        let mut link = self.moment();
        link.drops = drops_to_film(link.drops, self.looping, self.terrain.rain_target());
        Film::new(link, video_size(self.page.size), self.look.site_dark())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::painter::NoPainter;
    use crate::settings::sliders::Setting;
    use crate::share::timeline::Change;
    use crate::terrain::Terrain;

    #[test]
    fn the_film_ends_on_the_very_map_its_link_makes() {
        let change = Change { drops: 1_234, setting: Setting::Erosion, value: 0.7 };
        let link = MapLink { seed: Some(8), drops: 2_999, timeline: vec![change], ..MapLink::default() };
        let mut film = Film::new(link, Size::new(320.0, 180.0, 1.0), false);
        let mut drops = Vec::new();
        while film.next_frame(&mut NoPainter) {
            drops.push(film.drops());
        }
        assert_eq!(drops.len(), FRAMES as usize);
        assert_eq!(drops[0], 10, "2,999 drops in 300 frames: 10 a frame");
        assert!(drops.windows(2).all(|w| w[1] >= w[0]));
        let mut made = Terrain::new(8);
        made.rain(1_234);
        made.set(Setting::Erosion, 0.7);
        made.rain(2_999 - 1_234);
        assert_eq!(film.heights(), made.heights());
        assert!(!film.next_frame(&mut NoPainter), "no frame after the last");
    }

    #[test]
    fn a_map_on_its_way_to_the_target_is_filmed_to_the_target() {
        assert_eq!(drops_to_film(5_000, true, 300_000), 300_000);
        assert_eq!(drops_to_film(5_000, false, 300_000), 5_000);
        assert_eq!(drops_to_film(400_000, true, 300_000), 400_000, "past the target: what fell");
    }

    #[test]
    fn the_video_is_the_canvas_at_most_1280_across_in_even_pixels() {
        let size = video_size(Size::new(1000.0, 562.5, 1.0));
        assert_eq!(size.backing(), (1000, 562));
        let wide = video_size(Size::new(3000.0, 1000.0, 1.0));
        assert_eq!(wide.backing(), (1280, 426));
        assert_eq!(video_size(Size::new(1.0, 1.0, 1.0)).backing(), (2, 2));
    }
}
