//! Every key a link may hold, described: the link's own (the seed, the
//! drops, the timeline…) and one a row of the settings' tables (sliders,
//! choices, toggles). A figure's attributes are these keys without the
//! prefix, so the npm package's description of `<hydraulic-erosion>`
//! (`custom-elements.json`, written by `src/bin/package_facts.rs`) is made
//! from this list, and a test holds it to what [`link::read`] reads.
//!
//! ```
//! use hydraulic_erosion::share::link_keys::{link_keys, Kind};
//! let keys = link_keys();
//! assert!(keys.iter().any(|k| k.name == "seed" && k.kind == Kind::Whole));
//! assert!(keys.iter().any(|k| k.name == "brush-radius" && matches!(k.kind, Kind::Slider(_))));
//! ```
//!
//! [`link::read`]: crate::share::link::read

use crate::draw::color_schemes::SCHEMES;
use crate::settings::choices::{ChoiceRow, CHOICES};
use crate::settings::sliders::{Slider, SLIDERS};
use crate::settings::toggles::{ToggleRow, TOGGLES};

/// What a key's value is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    /// A whole number.
    Whole,
    /// Text in a form of its own (the timeline, the strokes, a camera).
    Text,
    /// One of these keys.
    OneOf(&'static [&'static str]),
    /// A slider's value, in its range and on its step.
    Slider(&'static Slider),
    /// One of a choice's options.
    Choice(&'static ChoiceRow),
    /// `1` for on, `0` for off.
    Toggle(&'static ToggleRow),
}

/// One key of a link, after the `he-` prefix.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkKey {
    pub name: String,
    pub kind: Kind,
    /// What it holds, for people; the tables' rows say it on the page
    /// instead (their labels and hints), so theirs is empty here.
    pub description: &'static str,
}

/// The colour schemes' keys, in the table's order.
const SCHEME_KEYS: [&str; SCHEMES.len()] = {
    let mut keys = [""; SCHEMES.len()];
    let mut i = 0;
    while i < SCHEMES.len() {
        keys[i] = SCHEMES[i].key;
        i += 1;
    }
    keys
};

/// The link's own keys, beside the tables' rows.
const OWN_KEYS: [(&str, Kind, &str); 9] = [
    ("v", Kind::Whole, "The version of the link format the link was written in; links of every earlier version open to the same map."),
    ("seed", Kind::Whole, "The map's seed: a whole number from 0 to 4294967295 (a new one at random when there is none)."),
    ("drops", Kind::Whole, "The drops fallen: the map rains this many (at most 5,000,000), making each change of the timeline at its drop count, then stops."),
    ("scheme", Kind::OneOf(&SCHEME_KEYS), "The colour scheme; without it, the site's theme (light, or dark under `<html class=\"dark\">`)."),
    ("camera", Kind::Text, "The 3D view's camera: yaw, pitch and distance, as `-1.25_0.4_0.9`."),
    ("t", Kind::Text, "The timeline: each change to a setting that shaped the rain, at the drop count it took effect."),
    ("hand", Kind::Text, "The reader's strokes (raise, lower, smooth, rain here), each at the drop count it was made at."),
    ("ground", Kind::Text, "The name of the file the map's ground came from (with `ground-fit`): the map waits for that file."),
    ("ground-fit", Kind::Text, "How the ground's file was fitted to the map, with a fingerprint of the fitted heights (with `ground`)."),
];

/// Every key a link may hold: its own, then the sliders', the choices' and
/// the toggles', each in its table's order.
pub fn link_keys() -> Vec<LinkKey> {
    let own = OWN_KEYS.iter().map(|&(name, kind, description)| LinkKey { name: name.into(), kind, description });
    let sliders = SLIDERS.iter().map(|s| LinkKey { name: s.id(), kind: Kind::Slider(s), description: "" });
    let choices = CHOICES.iter().map(|c| LinkKey { name: c.name.into(), kind: Kind::Choice(c), description: "" });
    let toggles = TOGGLES.iter().map(|t| LinkKey { name: t.name.into(), kind: Kind::Toggle(t), description: "" });
    own.chain(sliders).chain(choices).chain(toggles).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::link::read;

    /// The warnings reading `he-<name>=<value>` gives.
    fn warnings(name: &str, value: &str) -> Vec<String> {
        read(&format!("he-{name}={value}")).warnings
    }

    #[test]
    fn every_key_listed_is_one_the_link_reads_and_no_other_is() {
        let keys = link_keys();
        for key in &keys {
            let said = warnings(&key.name, "%E2%80%BD");
            assert!(!said.iter().any(|w| w.contains("no such parameter")), "{}: {said:?}", key.name);
        }
        // Every slider's, choice's and toggle's name, and the link's own
        assert_eq!(keys.len(), OWN_KEYS.len() + SLIDERS.len() + CHOICES.len() + TOGGLES.len());
        let mut names: Vec<&str> = keys.iter().map(|k| k.name.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), keys.len(), "no key twice");
        for other in ["gravity", "brush_radius", "view-3d", "debug-mode", "hands", "ground-fitting"] {
            assert_eq!(warnings(other, "1"), [format!("ignored he-{other}: no such parameter")], "{other}");
        }
    }

    #[test]
    fn a_keys_kind_takes_what_a_link_writes_for_it() {
        let values = |kind: Kind| -> Vec<String> {
            match kind {
                Kind::Whole => vec!["2".into()],
                Kind::Text => vec![],
                Kind::OneOf(keys) => keys.iter().map(|k| k.to_string()).collect(),
                Kind::Slider(s) => vec![s.default.to_string(), s.min.to_string(), s.max.to_string()],
                Kind::Choice(c) => c.options.iter().map(|(key, _)| key.to_string()).collect(),
                Kind::Toggle(_) => vec!["0".into(), "1".into()],
            }
        };
        let mut checked = 0;
        for key in link_keys() {
            for value in values(key.kind) {
                assert_eq!(warnings(&key.name, &value), Vec::<String>::new(), "he-{}={value}", key.name);
                checked += 1;
            }
        }
        assert!(checked > 60, "{checked} values");
        assert_eq!(warnings("scheme", "neon"), ["ignored he-scheme: no such colour scheme"]);
    }
}
