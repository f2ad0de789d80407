//! The sketch comes in two builds of the same code. The page's first
//! download is the article's sketch alone: the island, Beyer's drops, the
//! drainage, contours and relief, on any map size. The full build adds the
//! terrain erosion tutorial's systems (simplex ground, its drop, thermal
//! erosion, its rivers), the procedural generation article's (diamond-square,
//! trees, traced rivers) and the 3D view; the page fetches it, once, the first
//! time a link or a reader asks for any of that, and hands the running
//! sketch over to it ([`crate::sketch::Sketch::handover`]). Both compute every
//! map they share to the bit, so links are the same whichever build made them.
//!
//! Before the page's first download, a module under half its size draws the
//! first picture: the article's map as the page's first frame will show it,
//! drawn once, while the rest comes. It draws only a new map, an address
//! with a seed at most ([`crate::share::link::seed_only`]); a link to a
//! shared map brings it back over many frames, and its first is not the map
//! it shares.
//!
//! ```
//! use hydraulic_erosion::settings::choices::Choice;
//! use hydraulic_erosion::settings::toggles::Toggle;
//! use hydraulic_erosion::share::link;
//! use hydraulic_erosion::sketch::builds::{input_needs_full, link_needs_full};
//! use hydraulic_erosion::sketch::Input;
//! assert!(!link_needs_full(&link::read("he-seed=4&he-map-size=512x512&he-drops=9000").link));
//! assert!(link_needs_full(&link::read("he-seed=4&he-terrain=ridged").link));
//! assert!(input_needs_full(&Input::Toggle(Toggle::View, true)));
//! assert!(!input_needs_full(&Input::Choose(Choice::Terrain, 0)));
//! ```

use crate::settings::choices::{Choice, Choices, Preset, RiverStyle, Shape};
use crate::settings::sliders::Setting;
use crate::settings::toggles::{Toggle, Toggles};
use crate::share::link::MapLink;
use crate::sketch::Input;

/// Whether choices pick anything but the article's island, rain and rivers
/// (every map size is in both builds).
fn choices_need_full(choices: &Choices) -> bool {
    choices.shape() != Shape::Island
        || choices.preset() != Preset::Article
        || choices.river_style() != RiverStyle::Drainage
}

/// Whether the toggles show trees or the 3D view.
fn toggles_need_full(toggles: &Toggles) -> bool {
    toggles.get(Toggle::Trees) || toggles.get(Toggle::View)
}

/// Whether a value of `setting` runs what only the full build has: any
/// talus above 0 brings thermal erosion into the rain (the octaves and the
/// roughness shape only grounds the full build makes, and wait, unused, on
/// the island).
fn setting_needs_full(setting: Setting, value: f64) -> bool {
    setting == Setting::Talus && value > 0.0
}

/// Whether the map a link describes, or anything on its way there, needs the
/// full build.
pub fn link_needs_full(link: &MapLink) -> bool {
    choices_need_full(&link.choices)
        || toggles_need_full(&link.toggles)
        || Setting::ALL.into_iter().any(|s| setting_needs_full(s, link.settings.get(s)))
        || link.timeline.iter().any(|c| setting_needs_full(c.setting, c.value))
        || link.ground.is_some()
}

/// Whether an input takes a sketch the article's build runs to what only
/// the full build has.
pub fn input_needs_full(input: &Input) -> bool {
    match *input {
        Input::Set(setting, value) => setting_needs_full(setting, value),
        Input::Toggle(toggle, on) => on && matches!(toggle, Toggle::Trees | Toggle::View),
        Input::Choose(choice, option) => {
            let mut choices = Choices::default();
            choice != Choice::MapSize && choices.set(choice, option) && choices_need_full(&choices)
        }
        // Grounds from files are the full build's (so a sketch on one is
        // never handed over)
        Input::OpenGround(_) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::link;
    use crate::share::timeline::Change;

    #[test]
    fn the_articles_sketch_on_any_map_size_needs_only_the_first_download() {
        assert!(!link_needs_full(&MapLink::default()));
        for size in ["320x180", "640x360", "512x512", "257x257"] {
            let l = link::read(&format!("he-seed=3&he-map-size={size}&he-drops=100&he-rivers=0&he-debug=1")).link;
            assert!(!link_needs_full(&l), "{size}");
        }
        // Octaves and roughness wait, unused, on the island
        assert!(!link_needs_full(&link::read("he-seed=3&he-octaves=3&he-roughness=0.4").link));
    }

    #[test]
    fn every_other_system_needs_the_full_build() {
        for query in [
            "he-terrain=warped",
            "he-terrain=ridged",
            "he-terrain=diamond-square",
            "he-preset=tutorial",
            "he-preset=landscape",
            "he-river-style=traced",
            "he-trees=1",
            "he-view=1",
            "he-talus=0.01",
        ] {
            assert!(link_needs_full(&link::read(&format!("he-seed=3&{query}")).link), "{query}");
        }
        // A talus the timeline sets on the way needs it too
        let mut later = MapLink::default();
        later.timeline.push(Change { drops: 500, setting: Setting::Talus, value: 0.02 });
        assert!(link_needs_full(&later));
    }

    #[test]
    fn inputs_need_it_only_when_they_reach_for_it() {
        let needs = [
            Input::Choose(Choice::Terrain, 1),
            Input::Choose(Choice::Preset, 1),
            Input::Choose(Choice::Preset, 2),
            Input::Choose(Choice::RiverStyle, 1),
            Input::Toggle(Toggle::Trees, true),
            Input::Toggle(Toggle::View, true),
            Input::Set(Setting::Talus, 0.004),
        ];
        for input in needs {
            assert!(input_needs_full(&input), "{input:?}");
        }
        let not = [
            Input::Choose(Choice::Terrain, 0),
            Input::Choose(Choice::MapSize, 2),
            Input::Choose(Choice::Preset, 0),
            Input::Choose(Choice::Terrain, 99),
            Input::Toggle(Toggle::View, false),
            Input::Toggle(Toggle::Debug, true),
            Input::Set(Setting::Talus, 0.0),
            Input::Set(Setting::Octaves, 3.0),
            Input::PlayPause,
            Input::Zoom(0.5),
        ];
        for input in not {
            assert!(!input_needs_full(&input), "{input:?}");
        }
    }
}
