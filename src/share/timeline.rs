//! The history of a map's rain: the settings it started with, and every
//! change of a setting that shapes the rain (erosion, deposition, inertia,
//! brush radius, sea level) with the drop count at which it took effect.
//! Replaying the drops with each change applied at its count gives the same
//! heights to the bit, however the reader played with the sliders.
//!
//! A link writes the changes compactly: groups of changes at one drop count,
//! separated by `_`, each the drops since the group before and then a letter
//! and a value per setting (the letters are the settings table's). Erosion
//! to 0.55 after 1,200 drops, then brush radius 3 and sea level 0.31 after
//! 400 more:
//!
//! ```
//! use hydraulic_erosion::settings::sliders::{Setting, Settings};
//! use hydraulic_erosion::share::timeline::{decode, encode, Timeline};
//! let mut timeline = Timeline::new(&Settings::default());
//! timeline.record(1200, Setting::Erosion, 0.55);
//! timeline.record(1600, Setting::BrushRadius, 3.0);
//! timeline.record(1600, Setting::SeaLevel, 0.31);
//! assert_eq!(encode(timeline.changes()), "1200e.55_400b3s.31");
//! assert_eq!(decode("1200e.55_400b3s.31").unwrap().changes, timeline.changes());
//! ```

use super::decimal;
use super::strokes;
use crate::sculpt::stroke::Touch;
use crate::settings::sliders::{Setting, Settings};

/// A timeline written longer than this is not kept: the link falls back to
/// the settings in force at the end for every drop (a map with a dozen
/// changes and a long drag writes a few hundred characters; this leaves room
/// for about 150 changes, and keeps a whole link under 2,000 characters).
pub const MAX_CHARS: usize = 1500;
/// Between groups of changes.
const GROUP_SEPARATOR: char = '_';

/// A setting that shapes the rain took `value` once `drops` had fallen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Change {
    pub drops: u64,
    pub setting: Setting,
    pub value: f64,
}

/// The settings the rain started with and the changes since, in order of
/// drops.
#[derive(Clone, Debug, PartialEq)]
pub struct Timeline {
    /// The settings in force when the first drop fell (only the ones that
    /// shape the rain are read).
    start: Settings,
    changes: Vec<Change>,
    /// The reader's hand on the land, in order ([`crate::sculpt::stroke`]).
    hand: Vec<Touch>,
    /// Whether the changes outgrew [`MAX_CHARS`] (or the hand's track
    /// [`strokes::MAX_CHARS`]): a link then gives every drop the settings of
    /// the end, and is no longer exact.
    overflowed: bool,
}

impl Timeline {
    /// A timeline starting from `settings`, with no changes yet.
    pub fn new(settings: &Settings) -> Timeline {
        Timeline { start: settings.clone(), changes: Vec::new(), hand: Vec::new(), overflowed: false }
    }

    /// The timeline a link describes: it started from `settings`, then
    /// `changes` (in order, none at 0 drops, as [`decode`] gives them) and
    /// the hand's `touches` (in order).
    pub fn from_link(settings: &Settings, changes: Vec<Change>, touches: Vec<Touch>) -> Timeline {
        Timeline { start: settings.clone(), changes, hand: touches, overflowed: false }
    }

    /// Notes that the changes outgrew [`MAX_CHARS`] (as a timeline handed on
    /// from another build of the sketch had).
    pub fn overflow(&mut self) {
        self.overflowed = true;
        self.changes.clear();
        self.hand.clear();
    }

    /// Starts again from `settings`, as a restart, a new seed or a new
    /// terrain scale does.
    pub fn restart(&mut self, settings: &Settings) {
        *self = Timeline::new(settings);
    }

    /// Notes that `setting` is `value` from `drops` on. Before the first
    /// drop it is where the rain starts; changes at one drop count replace
    /// each other (no drop fell in between), and a change back to the value
    /// in force is no change. Settings that do not shape the rain are not
    /// recorded.
    pub fn record(&mut self, drops: u64, setting: Setting, value: f64) {
        if !setting.shapes_the_rain() {
            return;
        }
        if drops == 0 {
            self.start.set(setting, value);
            return;
        }
        if self.overflowed {
            return;
        }
        // Drops only ever grow between restarts; were the caller to go back,
        // what came after is no longer history
        self.forget_after(drops);
        self.changes.retain(|c| !(c.drops == drops && c.setting == setting));
        if value != self.value_before(drops, setting) {
            self.changes.push(Change { drops, setting, value });
        }
        if encode(&self.changes).len() > MAX_CHARS {
            self.overflow();
        }
    }

    /// Notes what the reader's hand did once `touch.drops` had fallen (after
    /// all it did before).
    pub fn record_touch(&mut self, touch: Touch) {
        if self.overflowed {
            return;
        }
        self.forget_after(touch.drops);
        self.hand.push(touch);
        if strokes::encode(&self.hand).len() > strokes::MAX_CHARS {
            self.overflow();
        }
    }

    /// Forgets the changes after `drops`, as when a replay stops there.
    pub fn forget_after(&mut self, drops: u64) {
        self.changes.retain(|c| c.drops <= drops);
        self.hand.retain(|t| t.drops <= drops);
    }

    /// The value `setting` had while the drops before `drops` fell.
    fn value_before(&self, drops: u64, setting: Setting) -> f64 {
        let earlier = self.changes.iter().rev().find(|c| c.setting == setting && c.drops < drops);
        earlier.map_or(self.start.get(setting), |c| c.value)
    }

    pub fn changes(&self) -> &[Change] {
        &self.changes
    }

    /// The hand's touches, in order.
    pub fn hand(&self) -> &[Touch] {
        &self.hand
    }

    /// Whether a link replays this history exactly (false once it outgrew
    /// [`MAX_CHARS`]).
    pub fn is_exact(&self) -> bool {
        !self.overflowed
    }

    /// What a link carries for a map whose settings are now `current`: the
    /// settings to start from (the start's for those that shape the rain,
    /// today's for the rest) and the changes to make on the way. An
    /// overflowed timeline gives today's settings and no changes.
    pub fn for_link(&self, current: &Settings) -> (Settings, Vec<Change>) {
        let mut settings = current.clone();
        if self.overflowed {
            return (settings, Vec::new());
        }
        for setting in Setting::ALL.into_iter().filter(|s| s.shapes_the_rain()) {
            settings.set(setting, self.start.get(setting));
        }
        (settings, self.changes.clone())
    }
}

/// The changes as a link writes them (see the module's example).
pub fn encode(changes: &[Change]) -> String {
    let mut out = String::new();
    let mut at = None;
    for change in changes {
        if at != Some(change.drops) {
            if at.is_some() {
                out.push(GROUP_SEPARATOR);
            }
            out += &(change.drops - at.unwrap_or(0)).to_string();
            at = Some(change.drops);
        }
        out.push(change.setting.slider().timeline_letter.unwrap_or('?'));
        out += &short_decimal(change.value);
    }
    out
}

/// A decimal without its leading zero: `.55`, `3`, `0`.
fn short_decimal(value: f64) -> String {
    let text = decimal::write(value);
    match text.strip_prefix("0.") {
        Some(fraction) => format!(".{fraction}"),
        None => text,
    }
}

/// A timeline read from a link.
#[derive(Clone, Debug, PartialEq)]
pub struct Decoded {
    pub changes: Vec<Change>,
    /// Whether a value was out of its slider's range or off its step, and
    /// brought into it.
    pub clamped: bool,
}

/// Reads a timeline written by [`encode`]. Anything malformed (drops that
/// are not whole numbers in order, a letter that names no setting that
/// shapes the rain, a value that is not a decimal, a timeline longer than
/// [`MAX_CHARS`]) gives the reason, and no timeline: half a history would
/// not give the map back either. Values out of range are clamped.
pub fn decode(text: &str) -> Result<Decoded, &'static str> {
    if text.len() > MAX_CHARS {
        return Err("longer than a link's timeline can be");
    }
    let mut decoded = Decoded { changes: Vec::new(), clamped: false };
    if text.is_empty() {
        return Ok(decoded);
    }
    let mut drops = 0u64;
    for group in text.split(GROUP_SEPARATOR) {
        let unmarked = "each group of changes starts with the drops since the one before";
        let (at, mut rest) = decimal::read_drops_since(group, drops, unmarked)?;
        drops = at;
        if rest.is_empty() {
            return Err("a group of changes names no setting");
        }
        while let Some(letter) = rest.chars().next() {
            let setting =
                Setting::from_timeline_letter(letter).ok_or("a change names no setting that shapes the rain")?;
            rest = &rest[letter.len_utf8()..];
            let length =
                rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == '-').len();
            let value = decimal::read(&rest[..length]).ok_or("a value is not a decimal of at most three places")?;
            rest = &rest[length..];
            let used = setting.slider().clamp(value).unwrap_or(setting.slider().default);
            decoded.clamped |= used != value;
            decoded.changes.push(Change { drops, setting, value: used });
        }
    }
    Ok(decoded)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timeline() -> Timeline {
        Timeline::new(&Settings::default())
    }

    #[test]
    fn changes_before_the_first_drop_are_where_the_rain_starts() {
        let mut t = timeline();
        t.record(0, Setting::Erosion, 0.7);
        t.record(0, Setting::BrushRadius, 5.0);
        assert!(t.changes().is_empty());
        let (settings, changes) = t.for_link(&Settings::default());
        assert_eq!((settings.erosion(), settings.brush_radius()), (0.7, 5));
        assert!(changes.is_empty());
    }

    #[test]
    fn changes_at_one_drop_count_replace_each_other_and_a_change_back_is_none() {
        let mut t = timeline();
        // A drag while paused: many values, no drop in between
        for v in [0.35, 0.4, 0.45, 0.5] {
            t.record(1000, Setting::Erosion, v);
        }
        assert_eq!(t.changes(), [Change { drops: 1000, setting: Setting::Erosion, value: 0.5 }]);
        t.record(1000, Setting::Erosion, 0.3);
        assert!(t.changes().is_empty(), "back to the value in force: no change");
        // A drag across frames: one change per frame it was in force
        for (k, v) in [0.35, 0.4, 0.45].into_iter().enumerate() {
            t.record(1000 + 200 * k as u64, Setting::Erosion, v);
        }
        assert_eq!(t.changes().len(), 3);
        assert_eq!(encode(t.changes()), "1000e.35_200e.4_200e.45");
    }

    #[test]
    fn only_the_settings_that_shape_the_rain_are_recorded() {
        let mut t = timeline();
        t.record(500, Setting::DropsPerFrame, 800.0);
        t.record(500, Setting::ContourLevels, 3.0);
        t.record(500, Setting::TerrainScale, 0.02);
        assert!(t.changes().is_empty());
        for s in [Setting::Erosion, Setting::Deposition, Setting::Inertia, Setting::BrushRadius, Setting::SeaLevel] {
            t.record(600, s, s.slider().max);
        }
        assert_eq!(encode(t.changes()), "600e1d1i.5b6s.6");
    }

    #[test]
    fn a_link_starts_from_the_first_settings_and_keeps_todays_for_the_rest() {
        let mut current = Settings::default();
        let mut t = Timeline::new(&current);
        current.set(Setting::Erosion, 0.9);
        t.record(300, Setting::Erosion, 0.9);
        current.set(Setting::ContourLevels, 4.0);
        let (settings, changes) = t.for_link(&current);
        assert_eq!((settings.erosion(), settings.contour_levels()), (0.3, 4));
        assert_eq!(changes, [Change { drops: 300, setting: Setting::Erosion, value: 0.9 }]);
        t.restart(&current);
        assert_eq!(t.for_link(&current), (current.clone(), Vec::new()));
    }

    #[test]
    fn a_history_too_long_to_write_falls_back_to_the_settings_of_the_end() {
        let mut current = Settings::default();
        let mut t = Timeline::new(&current);
        let mut drops = 0;
        while t.is_exact() {
            drops += 200;
            let v = if drops % 400 == 0 { 0.55 } else { 0.6 };
            current.set(Setting::Erosion, v);
            t.record(drops, Setting::Erosion, v);
            assert!(encode(t.changes()).len() <= MAX_CHARS);
        }
        assert!(drops > 100 * 200, "room for over a hundred changes ({} drops)", drops);
        assert_eq!(t.for_link(&current), (current.clone(), Vec::new()));
        t.record(drops + 200, Setting::Erosion, 0.1);
        assert!(t.changes().is_empty() && !t.is_exact(), "an overflowed timeline stays so until a restart");
        t.restart(&current);
        assert!(t.is_exact());
    }

    #[test]
    fn going_back_forgets_what_came_after() {
        let mut t = timeline();
        t.record(100, Setting::Inertia, 0.2);
        t.record(900, Setting::Inertia, 0.3);
        t.forget_after(500);
        assert_eq!(t.changes().len(), 1);
        t.record(400, Setting::SeaLevel, 0.4);
        assert_eq!(encode(t.changes()), "100i.2_300s.4");
    }

    #[test]
    fn timelines_read_back_as_written() {
        let mut t = timeline();
        let mut rng = 12345u64;
        let mut next = |n: u64| {
            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (rng >> 33) % n
        };
        let mut drops = 0;
        let shaping: Vec<Setting> = Setting::ALL.into_iter().filter(|s| s.shapes_the_rain()).collect();
        for _ in 0..60 {
            drops += next(3) * 1000 + next(7);
            let setting = shaping[next(5) as usize];
            let s = setting.slider();
            let steps = ((s.max - s.min) / s.step).round() as u64;
            let value = s.clamp(s.min + next(steps + 1) as f64 * s.step).unwrap();
            t.record(drops, setting, value);
        }
        let text = encode(t.changes());
        assert!(text.len() < 1000, "{} characters for 60 changes", text.len());
        let read = decode(&text).unwrap();
        assert_eq!((read.changes.as_slice(), read.clamped), (t.changes(), false));
        assert_eq!(decode(""), Ok(Decoded { changes: Vec::new(), clamped: false }));
    }

    #[test]
    fn values_out_of_range_are_clamped_and_said_so() {
        let read = decode("10e7_5b2.5s-1").unwrap();
        let values: Vec<f64> = read.changes.iter().map(|c| c.value).collect();
        assert_eq!(values, [1.0, 3.0, 0.0]);
        assert!(read.clamped);
        assert_eq!(read.changes[2].drops, 15);
    }

    #[test]
    fn malformed_timelines_are_refused_whole() {
        let long = "1e.5_".repeat(400);
        for bad in [
            "e.5",              // no drops
            "-5e.5",            // negative drops
            "10e.5_-3e.4",      // out of order
            "10",               // no setting
            "10e.5_",           // an empty group
            "10_20e.5",         // a group with no change
            "10x.5",            // no such letter
            "10c3",             // contour levels do not shape the rain
            "10E.5",            // letters are lower case
            "10e",              // no value
            "10eNaN",           // not a decimal
            "10e.5.5",          // two points
            "10e0.0001",        // four places
            "1.5e.5",           // drops are whole
            "10e.5 ",           // a space
            "10é.5",            // not a letter of ours
            "9999999999999e.5", // too many digits
            &long,
        ] {
            assert!(decode(bad).is_err(), "{bad:?} was read");
        }
        assert_eq!(decode("999999999999e.5_999999999999e.5").unwrap().changes[1].drops, 1_999_999_999_998);
    }
}
