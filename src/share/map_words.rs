//! A map in words, for where its picture is not seen: the title and
//! description of a shared link's card, and the `alt` of a figure's poster.
//! Made from the link as the page reads it (numbers, and names from the
//! sliders' table), never from a request's own text.
//!
//! ```
//! use hydraulic_erosion::share::{link, map_words};
//! let map = link::read("he-seed=5&he-drops=30000&he-erosion=0.5").link;
//! assert_eq!(map_words::title(&map), "Hydraulic Erosion: seed 5, 30,000 drops");
//! assert_eq!(map_words::description(&map), "An island of seed 5 eroded by 30,000 raindrops; Erosion 0.5.");
//! assert_eq!(map_words::alt(&map), "A map of the island of seed 5 after 30,000 raindrops, its rivers and contours");
//! ```

use super::decimal;
use super::link::MapLink;
use crate::draw::words::thousands;
use crate::settings::sliders::{Setting, Settings};

/// The seed a link that names none is shown with.
const NO_SEED: u32 = 1;

/// "Hydraulic Erosion: seed 5, 30,000 drops".
pub fn title(map: &MapLink) -> String {
    format!("Hydraulic Erosion: seed {}, {} drops", map.seed.unwrap_or(NO_SEED), thousands(map.drops))
}

/// "An island of seed 5 eroded by 30,000 raindrops; Erosion 0.5.", the
/// settings that are not the page's own named.
pub fn description(map: &MapLink) -> String {
    let page = Settings::default();
    let changed: Vec<String> = Setting::ALL
        .into_iter()
        .filter(|&s| map.settings.get(s) != page.get(s))
        .map(|s| format!("{} {}", s.slider().label, decimal::write(map.settings.get(s))))
        .collect();
    let settings = if changed.is_empty() { String::new() } else { format!("; {}", changed.join(", ")) };
    let (seed, drops) = (map.seed.unwrap_or(NO_SEED), thousands(map.drops));
    format!("An island of seed {seed} eroded by {drops} raindrops{settings}.")
}

/// "A map of the island of seed 5 after 30,000 raindrops, its rivers and
/// contours".
pub fn alt(map: &MapLink) -> String {
    let (seed, drops) = (map.seed.unwrap_or(NO_SEED), thousands(map.drops));
    format!("A map of the island of seed {seed} after {drops} raindrops, its rivers and contours")
}
