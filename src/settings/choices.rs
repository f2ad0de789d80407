//! The choices made from a list: the terrain's shape, the map's size, the
//! preset (whose rules the rain follows), how rivers are drawn and which
//! layer of the map is shown. One table that the page's
//! selects, the link format and the defaults all read, as the sliders and
//! toggles have theirs.
//!
//! ```
//! use hydraulic_erosion::settings::choices::{Choice, Choices, Preset, Shape};
//! let mut c = Choices::default();
//! assert_eq!((c.shape(), c.grid().cols, c.preset()), (Shape::Island, 320, Preset::Article));
//! c.pick(Choice::Terrain, "warped");
//! assert_eq!(c.shape(), Shape::Warped);
//! assert_eq!(c.key(Choice::Terrain), "warped");
//! ```

use crate::raster::grid::Grid;
use crate::sculpt::stamp::Tool;
use crate::settings::sliders::Setting;

/// One choice: its name in a link (`he-terrain`) and in the page's IDs
/// (`experiment-control-terrain`), its options as `(key, label)`, and which
/// option it starts on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChoiceRow {
    pub name: &'static str,
    pub label: &'static str,
    pub options: &'static [(&'static str, &'static str)],
    pub default: usize,
}

rows! {
    /// Which choice. The discriminant is the row in [`CHOICES`].
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Choice {
        Terrain,
        MapSize,
        Preset,
        RiverStyle,
        Layer,
        Tool,
    }
}

/// The choices, in the page's order. The options of each are in the order of
/// its enum's `ALL` ([`Shape::ALL`], [`MAP_SIZES`], [`Preset::ALL`]).
pub const CHOICES: [ChoiceRow; Choice::ALL.len()] = [
    ChoiceRow {
        name: "terrain",
        label: "Terrain",
        options: &[
            ("island", "Island"),
            ("warped", "Warped"),
            ("ridged", "Ridged"),
            ("diamond-square", "Diamond-square"),
        ],
        default: 0,
    },
    ChoiceRow {
        name: "map-size",
        label: "Map size",
        options: &[
            ("320x180", "320 × 180"),
            ("640x360", "640 × 360"),
            ("512x512", "512 × 512"),
            ("257x257", "257 × 257"),
            ("1024x1024", "1024 × 1024"),
            ("2048x2048", "2048 × 2048"),
        ],
        default: 0,
    },
    ChoiceRow {
        name: "preset",
        label: "Preset",
        options: &[("article", "Article"), ("tutorial", "Tutorial"), ("landscape", "Landscape")],
        default: 0,
    },
    ChoiceRow {
        name: "river-style",
        label: "River style",
        options: &[("drainage", "Where the rain drains"), ("traced", "Traced from the peaks")],
        default: 0,
    },
    ChoiceRow {
        name: "layer",
        label: "Layer",
        options: &[("relief", "Relief"), ("erosion", "Erosion"), ("deposition", "Deposition"), ("flow", "Flow")],
        default: 0,
    },
    // What the pointer does on the map: nothing (the page scrolls as ever),
    // or one of the hand's tools, in the order of sculpt::stamp::Tool::ALL
    ChoiceRow {
        name: "tool",
        label: "Tool",
        options: &[
            ("none", "None"),
            ("rain", "Rain here"),
            ("raise", "Raise"),
            ("lower", "Lower"),
            ("smooth", "Smooth"),
        ],
        default: 0,
    },
];

rows! {
    /// How rivers are drawn.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum RiverStyle {
        /// Where all the rain drains (the article's, or the tutorial's flow
        /// accumulation under its preset).
        Drainage,
        /// The procedural generation article's: a few rivers traced downhill
        /// from high points ([`crate::hydrology::traced_rivers`]).
        Traced,
    }
}

rows! {
    /// What the map shows of the ground: its relief, or what the rain did
    /// to it ([`crate::draw::layers`]).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Layer {
        /// The shaded relief in the colour scheme's colours.
        Relief,
        /// The ground each cell lost since the start.
        Erosion,
        /// The ground each cell gained since the start.
        Deposition,
        /// The water gathered: the cells that drain through each.
        Flow,
    }
}

/// The map sizes, in the order of the map size's options.
pub const MAP_SIZES: &[Grid] = &[
    Grid::ARTICLE,
    Grid::new(640, 360),
    Grid::new(512, 512),
    Grid::new(257, 257),
    Grid::new(1024, 1024),
    Grid::new(2048, 2048),
];

rows! {
    /// What the starting ground is made of.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Shape {
        /// The article's: Perlin noise raised in the middle.
        Island,
        /// The tutorial's `warpedHeight`: simplex fBm warped by two more.
        Warped,
        /// The tutorial's ridged variant: each octave `1 − |noise|`.
        Ridged,
        /// The procedural generation article's midpoint displacement.
        DiamondSquare,
    }
}

impl Shape {
    /// Whether the octaves, lacunarity and persistence shape it (the
    /// island's noise has its own, fixed, as the article's has).
    pub fn uses_octaves(self) -> bool {
        matches!(self, Shape::Warped | Shape::Ridged)
    }
}

rows! {
    /// Whose rules the rain follows.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Preset {
        /// The article's sketch: Beyer's drops with a brush, stopping at the
        /// sea; rivers by priority-flood and D8; 300,000 drops.
        Article,
        /// The tutorial's pipeline: its `simulateDroplet`, its
        /// `flowAccumulation` for rivers; 100 batches of 1,000 drops.
        Tutorial,
        /// The procedural generation article's landscape, on which the
        /// article's rain then falls.
        Landscape,
    }
}

impl Preset {
    /// Whether the rain follows the tutorial's rules (its drop, its rivers,
    /// its 100 batches) rather than the article's.
    pub fn is_the_tutorials(self) -> bool {
        self == Preset::Tutorial
    }
}

impl Choice {
    /// This choice's row of the table.
    pub fn row(self) -> &'static ChoiceRow {
        &CHOICES[self as usize]
    }

    /// The choice a link calls `name`.
    pub fn from_name(name: &str) -> Option<Choice> {
        Choice::ALL.into_iter().find(|c| c.row().name == name)
    }

    /// Whether picking another option starts the rain again: a new shape,
    /// size or preset does; how rivers are drawn, the layer shown and the tool picked do not.
    pub fn restarts_the_rain(self) -> bool {
        !matches!(self, Choice::RiverStyle | Choice::Layer | Choice::Tool)
    }

    /// The option called `key`, by its place in the list.
    pub fn option(self, key: &str) -> Option<usize> {
        self.row().options.iter().position(|(k, _)| *k == key)
    }
}

/// The option picked for each choice, by its place in the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Choices {
    picked: [usize; Choice::ALL.len()],
}

impl Default for Choices {
    fn default() -> Self {
        Choices { picked: CHOICES.map(|c| c.default) }
    }
}

impl Choices {
    /// The place of the option picked.
    pub fn get(&self, choice: Choice) -> usize {
        self.picked[choice as usize]
    }

    /// The key of the option picked.
    pub fn key(&self, choice: Choice) -> &'static str {
        choice.row().options[self.get(choice)].0
    }

    /// Picks the option at `index`; one past the list is ignored. Returns
    /// whether anything changed.
    pub fn set(&mut self, choice: Choice, index: usize) -> bool {
        let changed = index < choice.row().options.len() && index != self.get(choice);
        if changed {
            self.picked[choice as usize] = index;
        }
        changed
    }

    /// Picks the option called `key`; an unknown key is ignored. Returns
    /// whether anything changed.
    pub fn pick(&mut self, choice: Choice, key: &str) -> bool {
        choice.option(key).is_some_and(|index| self.set(choice, index))
    }

    pub fn shape(&self) -> Shape {
        Shape::ALL[self.get(Choice::Terrain)]
    }

    /// The grid of the map size picked.
    pub fn grid(&self) -> Grid {
        MAP_SIZES[self.get(Choice::MapSize)]
    }

    pub fn preset(&self) -> Preset {
        Preset::ALL[self.get(Choice::Preset)]
    }

    pub fn river_style(&self) -> RiverStyle {
        RiverStyle::ALL[self.get(Choice::RiverStyle)]
    }

    pub fn layer(&self) -> Layer {
        Layer::ALL[self.get(Choice::Layer)]
    }

    /// The hand's tool picked, if any.
    pub fn tool(&self) -> Option<Tool> {
        self.get(Choice::Tool).checked_sub(1).map(|k| Tool::ALL[k])
    }

    /// Whether `setting` does anything with these choices: the octaves,
    /// lacunarity and persistence only shape the simplex terrains, and the
    /// tutorial's drop has no brush. The page greys out the others; their
    /// values wait for a choice that uses them.
    pub fn uses(&self, setting: Setting) -> bool {
        match setting {
            Setting::Octaves | Setting::Lacunarity | Setting::Persistence => self.shape().uses_octaves(),
            // Diamond-square has no noise to scale, and only it a roughness
            Setting::TerrainScale => self.shape() != Shape::DiamondSquare,
            Setting::Roughness => self.shape() == Shape::DiamondSquare,
            Setting::BrushRadius => !self.preset().is_the_tutorials(),
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_has_its_enum_value_and_the_sizes_say_their_grid() {
        assert_eq!(Choice::Terrain.row().options.len(), Shape::ALL.len());
        assert_eq!(Choice::MapSize.row().options.len(), MAP_SIZES.len());
        assert_eq!(Choice::Preset.row().options.len(), Preset::ALL.len());
        assert_eq!(Choice::RiverStyle.row().options.len(), RiverStyle::ALL.len());
        assert_eq!(Choice::Layer.row().options.len(), Layer::ALL.len());
        for (grid, (key, _)) in MAP_SIZES.iter().zip(Choice::MapSize.row().options) {
            assert_eq!(*key, format!("{}x{}", grid.cols, grid.rows));
        }
        for choice in Choice::ALL {
            assert_eq!(Choice::from_name(choice.row().name), Some(choice));
            assert!(choice.row().default < choice.row().options.len());
        }
    }

    #[test]
    fn defaults_are_the_articles_and_unknown_picks_are_ignored() {
        let mut c = Choices::default();
        assert_eq!((c.shape(), c.grid(), c.preset()), (Shape::Island, Grid::ARTICLE, Preset::Article));
        assert!(!c.pick(Choice::MapSize, "4096x4096"));
        assert!(!c.set(Choice::Preset, 3), "one past the list");
        assert!(!c.pick(Choice::Terrain, "island"), "no change");
        assert!(c.pick(Choice::MapSize, "512x512"));
        assert_eq!(c.grid(), Grid::new(512, 512));
        assert_eq!(c, Choices { picked: [0, 2, 0, 0, 0, 0] });
        assert!(c.pick(Choice::Layer, "flow"));
        assert_eq!((c.layer(), c.grid()), (Layer::Flow, Grid::new(512, 512)));
        assert!(!Choice::Layer.restarts_the_rain() && Choice::MapSize.restarts_the_rain());
    }

    #[test]
    fn settings_a_choice_leaves_unused_are_known() {
        let mut c = Choices::default();
        let unused = |c: &Choices| Setting::ALL.into_iter().filter(|&s| !c.uses(s)).collect::<Vec<_>>();
        let octaves = [Setting::Octaves, Setting::Lacunarity, Setting::Persistence];
        assert_eq!(unused(&c), [&octaves[..], &[Setting::Roughness]].concat());
        c.pick(Choice::Terrain, "ridged");
        assert_eq!(unused(&c), [Setting::Roughness]);
        c.pick(Choice::Preset, "tutorial");
        assert_eq!(unused(&c), [Setting::BrushRadius, Setting::Roughness]);
        c.pick(Choice::Terrain, "diamond-square");
        assert_eq!(unused(&c), [&[Setting::BrushRadius, Setting::TerrainScale][..], &octaves[..]].concat());
    }
}
