//! What is laid over the map in CSS pixels: the measures' panel, a
//! replay's progress, debug mode's count. Worked out here as marks
//! (rectangles, lines of text, polylines), so the page's canvas and the
//! command's painter lay out the very same panel and differ only in how
//! they put a mark down. Numbers are written by the painter (`fixed`), as
//! the page writes them with the browser's own `toFixed`.
//!
//! ```
//! use hydraulic_erosion::draw::overlay::{progress_band, Mark};
//! use hydraulic_erosion::draw::viewport::Size;
//! let mut fills = Vec::new();
//! progress_band(Size::new(640.0, 360.0, 1.0), 1_500, 3_000, false, &mut |mark| {
//!     if let Mark::Fill { rect, .. } = mark {
//!         fills.push(rect);
//!     }
//! });
//! assert_eq!(fills[1], [0.0, 356.0, 320.0, 4.0], "half way across");
//! ```

use super::color_schemes::ColorScheme;
use super::viewport::Size;
use crate::draw::words::thousands;
use crate::morphometry::channels::CHANNEL_AREA;
use crate::morphometry::measures::{Measures, MEASURES};

/// How wide the measures' panel is (CSS pixels).
pub const MEASURES_WIDTH: f64 = 270.0;
/// Debug mode's colour, for drop routes and the count.
pub const DEBUG_COLOR: &str = "rgb(255, 0, 128)";

/// How big a panel's letters are.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TextSize {
    /// The measures' panel: 12 CSS pixels.
    Small,
    /// A replay's progress and debug's count: 14.
    Large,
}

impl TextSize {
    /// Its height in CSS pixels.
    pub fn px(self) -> f32 {
        match self {
            TextSize::Small => 12.0,
            TextSize::Large => 14.0,
        }
    }

    /// The canvas's font for it.
    pub fn font(self) -> &'static str {
        match self {
            TextSize::Small => "12px sans-serif",
            TextSize::Large => "14px sans-serif",
        }
    }
}

/// One thing laid over the map, in CSS pixels; colours as CSS writes them.
/// A panel is handed to its painter mark by mark, as it would draw on a
/// canvas: nothing is gathered first (the page's module stays as small as
/// when its painter laid the panels out itself).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mark<'a> {
    /// A rectangle `[left, top, width, height]` filled at `alpha`.
    Fill { rect: [f64; 4], color: &'static str, alpha: f64 },
    /// A line of text in a sans-serif face of `size`, its baseline's start
    /// at `at`.
    Text { at: [f64; 2], text: &'a str, color: &'static str, size: TextSize },
    /// The next point of a line (the first of a line begins it).
    Point { at: [f64; 2], first: bool },
    /// The line so far, stroked `width` wide, butt-ended.
    Stroke { color: &'static str, width: f64 },
}

/// The measures over the map's top left corner: for each, its name, its
/// value now and the real range, and a line of its values over the drops
/// fallen (up to the rain's `target`) across a band where real land lies.
/// `fixed` writes a number to so many decimals (a dash for one not finite);
/// each mark goes to `lay`.
pub fn measures_panel(
    samples: &[(u64, Measures)],
    target: u64,
    scheme: &ColorScheme,
    fixed: &dyn Fn(f64, u8) -> String,
    lay: &mut dyn FnMut(Mark),
) {
    let (width, row, chart) = (MEASURES_WIDTH, 40.0, 64.0);
    let (left, top) = (8.0, 8.0);
    let latest = samples.last().map_or_else(Measures::default, |s| s.1);
    let last_drops = samples.last().map_or(0, |s| s.0).max(target).max(1) as f64;
    lay(Mark::Fill { rect: [left, top, width, row * MEASURES.len() as f64 + 8.0], color: "#000000", alpha: 0.8 });
    for (k, measure) in MEASURES.iter().enumerate() {
        let y = top + 4.0 + row * k as f64;
        let value = latest.values()[k];
        let real = match measure.real {
            Some((low, high)) => format!("real {}–{}, {}", fixed(low, 2), fixed(high, 2), measure.cite),
            None => format!("{}, channels ≥ {} cells", measure.cite, thousands(CHANNEL_AREA as u64)),
        };
        let named = format!("{}  {}", measure.label, fixed(value, 3));
        for (text, below, color) in [(&named, 14.0, "#ffffff"), (&real, 30.0, "#bbbbbb")] {
            lay(Mark::Text { at: [left + 6.0, y + below], text, color, size: TextSize::Small });
        }
        // The chart: its own range, widened to take in the real one
        let (cx, cw, ch) = (left + width - chart - 8.0, chart, row - 10.0);
        let values = samples.iter().map(|s| s.1.values()[k]).filter(|v| v.is_finite());
        let (mut low, mut high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| (a.min(v), b.max(v)));
        if let Some((l, h)) = measure.real {
            (low, high) = (low.min(l), high.max(h));
        }
        // (none finite, or all one value: a range about it)
        if high.partial_cmp(&low) != Some(std::cmp::Ordering::Greater) {
            let middle = if low.is_finite() { low } else { 0.5 };
            (low, high) = (middle - 0.5, middle + 0.5);
        }
        let to_y = |v: f64| y + 4.0 + ch * (1.0 - (v - low) / (high - low));
        lay(Mark::Fill { rect: [cx, y + 4.0, cw, ch], color: "rgb(255, 255, 255)", alpha: 0.12 });
        if let Some((l, h)) = measure.real {
            lay(Mark::Fill { rect: [cx, to_y(h), cw, to_y(l) - to_y(h)], color: "rgb(120, 200, 120)", alpha: 0.35 });
        }
        let mut first = true;
        for &(drops, m) in samples {
            let v = m.values()[k];
            if v.is_finite() {
                lay(Mark::Point { at: [cx + cw * drops as f64 / last_drops, to_y(v)], first });
                first = false;
            }
        }
        lay(Mark::Stroke { color: scheme.river, width: 1.5 });
    }
}

/// The progress of a replay over the bottom of a drawing of `size`: a
/// link's, or the reader's own going back from the nearest heights kept.
pub fn progress_band(size: Size, done: u64, total: u64, capped: bool, lay: &mut dyn FnMut(Mark)) {
    let share = if total == 0 { 1.0 } else { done as f64 / total as f64 };
    let band = 34.0;
    let cap = if capped { " (the most a link replays)" } else { "" };
    let text = format!("Bringing back the map: {} of {} drops{cap}", thousands(done), thousands(total));
    lay(Mark::Fill { rect: [0.0, size.height - band, size.width, band], color: "#000000", alpha: 0.75 });
    lay(Mark::Fill { rect: [0.0, size.height - 4.0, size.width * share, 4.0], color: "#ff6600", alpha: 1.0 });
    lay(Mark::Text { at: [12.0, size.height - 14.0], text: &text, color: "#ffffff", size: TextSize::Large });
}

/// Debug mode's count of the drops fallen, over the bottom left corner of
/// a drawing of `size`.
pub fn drops_count(size: Size, drops: u64, lay: &mut dyn FnMut(Mark)) {
    let text = format!("{} drops", thousands(drops));
    lay(Mark::Text { at: [12.0, size.height - 12.0], text: &text, color: DEBUG_COLOR, size: TextSize::Large });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::color_schemes::SCHEMES;

    fn fixed(n: f64, places: u8) -> String {
        format!("{n:.*}", places as usize)
    }

    /// The words a panel writes, and the points of its lines.
    fn laid(draw: impl FnOnce(&mut dyn FnMut(Mark))) -> (Vec<String>, Vec<[f64; 2]>, Vec<[f64; 4]>) {
        let (mut words, mut points, mut fills) = (Vec::new(), Vec::new(), Vec::new());
        draw(&mut |mark| match mark {
            Mark::Text { text, .. } => words.push(text.to_string()),
            Mark::Point { at, .. } => points.push(at),
            Mark::Fill { rect, .. } => fills.push(rect),
            Mark::Stroke { .. } => {}
        });
        (words, points, fills)
    }

    #[test]
    fn the_panel_charts_each_measure_within_its_box_widened_to_the_real_range() {
        let at = |h: f64| Measures { hypsometric_integral: h, ..Measures::default() };
        let samples = [(1_000, at(0.7)), (2_000, at(0.62))];
        let (words, points, _) = laid(|lay| measures_panel(&samples, 4_000, &SCHEMES[0], &fixed, lay));
        assert_eq!(words[0], "Hypsometric integral  0.620");
        assert_eq!(words[1], "real 0.35–0.60, Strahler 1952");
        assert_eq!(words[7], format!("Horton 1945, channels ≥ {} cells", thousands(CHANNEL_AREA as u64)));
        // The integral's line: drops across the chart up to the target,
        // values within its box (whose range took in the real 0.35); the
        // other measures, not finite, have none
        let (cx, cw) = (8.0 + MEASURES_WIDTH - 64.0 - 8.0, 64.0);
        assert_eq!(points.iter().map(|p| p[0]).collect::<Vec<_>>(), [cx + cw * 0.25, cx + cw * 0.5]);
        let (top, bottom) = (8.0 + 4.0 + 4.0, 8.0 + 4.0 + 4.0 + 30.0);
        assert_eq!(points[0][1], top, "0.7 is the top of 0.35..0.7");
        assert!(points[1][1] > top && points[1][1] < bottom);
    }

    #[test]
    fn a_replay_with_nothing_to_do_shows_a_full_bar() {
        let (words, _, fills) = laid(|lay| progress_band(Size::new(100.0, 50.0, 2.0), 0, 0, true, lay));
        assert_eq!(fills[1][2], 100.0);
        assert_eq!(words, ["Bringing back the map: 0 of 0 drops (the most a link replays)"]);
    }
}
