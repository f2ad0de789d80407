//! The presets: one click from the article's sketch to the tutorial's
//! pipeline or the procedural generation article's landscape. A preset picks
//! whose rules the rain follows ([`Preset`]) and sets the settings and
//! choices that go with them, and how the map looks (its scheme, its trees);
//! the reader can change any of them after.
//!
//! [`Preset`]: crate::settings::choices::Preset

use crate::settings::choices::{Choice, Choices, Preset};
use crate::settings::sliders::{Setting, Settings};

/// The terrain scale that gives the tutorial's 0.01 noise units per cell on
/// its 512-cell map (scales are given per cell of the article's 320).
pub const TUTORIAL_TERRAIN_SCALE: f64 = 0.016;
/// Olsen's talus for a 512-cell map, 4/512 to the slider's thousandths (see
/// [`crate::erosion::thermal_erosion`]).
pub const TUTORIAL_TALUS: f64 = 0.008;

/// The procedural generation article's water level.
pub const LANDSCAPE_WATER: f64 = 0.36;

/// How a preset's map looks: the scheme it picks, if any, and whether trees
/// are shown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Look {
    pub scheme: Option<&'static str>,
    pub trees: bool,
}

/// How `preset`'s map looks: the landscape in its own colours with its
/// trees; the others without trees, in the scheme already shown.
pub fn look(preset: Preset) -> Look {
    match preset {
        Preset::Landscape => Look { scheme: Some("landscape"), trees: true },
        Preset::Article | Preset::Tutorial => Look { scheme: None, trees: false },
    }
}

/// The settings and choices `preset` starts from.
///
/// ```
/// use hydraulic_erosion::settings::choices::{Preset, Shape};
/// use hydraulic_erosion::settings::presets::starting;
/// let (settings, choices) = starting(Preset::Tutorial);
/// assert_eq!((choices.shape(), choices.grid().cols), (Shape::Warped, 512));
/// assert_eq!(settings.talus(), 0.008);
/// ```
pub fn starting(preset: Preset) -> (Settings, Choices) {
    let mut settings = Settings::default();
    let mut choices = Choices::default();
    match preset {
        Preset::Article => {}
        Preset::Tutorial => {
            choices.pick(Choice::Terrain, "warped");
            choices.pick(Choice::MapSize, "512x512");
            choices.pick(Choice::Preset, "tutorial");
            // The tutorial's fBm is the sliders' default; its droplet's
            // inertia, erosion and deposition rates are the article's
            // defaults too (0.05, 0.3, 0.3)
            settings.set(Setting::TerrainScale, TUTORIAL_TERRAIN_SCALE);
            settings.set(Setting::Talus, TUTORIAL_TALUS);
            // Its terrain has no sea: every cell is land and rivers run to
            // the pits and edges
            settings.set(Setting::SeaLevel, 0.0);
        }
        Preset::Landscape => {
            // Diamond-square on the article's 257-cell grid (roughness 0.65,
            // the slider's default), its water level, six traced rivers
            choices.pick(Choice::Terrain, "diamond-square");
            choices.pick(Choice::MapSize, "257x257");
            choices.pick(Choice::Preset, "landscape");
            choices.pick(Choice::RiverStyle, "traced");
            settings.set(Setting::SeaLevel, LANDSCAPE_WATER);
        }
    }
    (settings, choices)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raster::grid::Grid;
    use crate::settings::choices::{RiverStyle, Shape};

    #[test]
    fn the_article_preset_is_a_fresh_page_and_the_tutorials_its_pipeline() {
        assert_eq!(starting(Preset::Article), (Settings::default(), Choices::default()));
        let (s, c) = starting(Preset::Tutorial);
        assert_eq!(c.preset(), Preset::Tutorial);
        assert_eq!(c.grid(), Grid::new(512, 512));
        assert_eq!(Grid::new(512, 512).per_cell(s.terrain_scale()), 0.01);
        assert_eq!((s.octaves(), s.lacunarity(), s.persistence()), (6, 2.0, 0.5));
        assert_eq!((s.inertia(), s.erosion(), s.deposition()), (0.05, 0.3, 0.3));
        assert_eq!((s.talus(), s.sea_level()), (TUTORIAL_TALUS, 0.0));
        let (s, c) = starting(Preset::Landscape);
        assert_eq!(
            (c.grid(), c.shape(), c.river_style()),
            (Grid::new(257, 257), Shape::DiamondSquare, RiverStyle::Traced)
        );
        assert_eq!((s.sea_level(), s.roughness()), (0.36, 0.65));
        assert_eq!(look(Preset::Landscape), Look { scheme: Some("landscape"), trees: true });
        assert!(crate::draw::color_schemes::scheme("landscape").is_some());
    }
}
