//! The toggles: one table that the page's checkboxes, the link format
//! and the defaults all read, as the sliders have theirs.

/// One toggle: its name in a link (`he-rivers`), the ID of its checkbox
/// (`experiment-control-…`, as the original names it), and whether it
/// starts on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ToggleRow {
    pub name: &'static str,
    pub control: &'static str,
    pub default: bool,
}

rows! {
    /// Which toggle. The discriminant is the row in [`TOGGLES`].
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Toggle {
        /// The rivers, drawn over the relief.
        Rivers,
        /// Rivers, contours and relief of the terrain before any rain.
        Original,
        /// The latest drops' routes and the count of drops.
        Debug,
        /// Trees where the ground suits them (the procedural generation
        /// article's).
        Trees,
        /// The 3D view in place of the map.
        View,
        /// How like real land the map is, and how that moved as the rain
        /// fell ([`crate::morphometry`]), over the map's corner.
        Measures,
    }
}

/// The toggles, in the original's order.
pub const TOGGLES: [ToggleRow; Toggle::ALL.len()] = [
    ToggleRow { name: "rivers", control: "rivers", default: true },
    ToggleRow { name: "original", control: "original", default: false },
    ToggleRow { name: "debug", control: "debug-mode", default: false },
    ToggleRow { name: "trees", control: "trees", default: false },
    ToggleRow { name: "view", control: "view-3d", default: false },
    ToggleRow { name: "measures", control: "measures", default: false },
];

/// The original sketch's toggles: the first rows of the table (a host page
/// made for it may leave the others out).
const ORIGINAL_TOGGLES: usize = 3;

impl Toggle {
    /// This toggle's row of the table.
    pub fn row(self) -> &'static ToggleRow {
        &TOGGLES[self as usize]
    }

    /// Whether the original sketch has this toggle.
    pub fn is_the_originals(self) -> bool {
        (self as usize) < ORIGINAL_TOGGLES
    }

    /// The toggle a link calls `name`.
    pub fn from_name(name: &str) -> Option<Toggle> {
        Toggle::ALL.into_iter().find(|t| t.row().name == name)
    }
}

/// Whether each toggle is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Toggles {
    on: [bool; Toggle::ALL.len()],
}

impl Default for Toggles {
    fn default() -> Self {
        Toggles { on: TOGGLES.map(|t| t.default) }
    }
}

impl Toggles {
    pub fn get(&self, toggle: Toggle) -> bool {
        self.on[toggle as usize]
    }

    pub fn set(&mut self, toggle: Toggle, on: bool) {
        self.on[toggle as usize] = on;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_originals_and_names_find_their_toggle() {
        let t = Toggles::default();
        assert_eq!(Toggle::ALL.map(|x| t.get(x)), [true, false, false, false, false, false]);
        assert!(Toggle::Debug.is_the_originals() && !Toggle::Trees.is_the_originals());
        for toggle in Toggle::ALL {
            assert_eq!(Toggle::from_name(toggle.row().name), Some(toggle));
        }
        assert_eq!(Toggle::from_name("debug-mode"), None, "links name it debug");
        assert_eq!(Toggle::Debug.row().control, "debug-mode");
    }

    #[test]
    fn setting_one_leaves_the_others() {
        let mut t = Toggles::default();
        t.set(Toggle::Debug, true);
        t.set(Toggle::Rivers, false);
        assert_eq!([t.get(Toggle::Rivers), t.get(Toggle::Original), t.get(Toggle::Debug)], [false, false, true]);
    }
}
