//! The sliders: one table that the page's controls, the link format
//! and the defaults all read, so a slider is described in exactly one place.

/// One slider: its name (snake case, as in the original; the page's element
/// IDs and the URL use it with dashes), what it is for, its range, step and
/// default, and whether it shapes the rain.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slider {
    pub name: &'static str,
    pub label: &'static str,
    pub min: f64,
    pub max: f64,
    pub step: f64,
    pub default: f64,
    /// For the settings that change what a drop does to the ground, the
    /// letter a link's timeline records their changes under; `None` for
    /// those that leave the heights alone (or build a new terrain).
    pub timeline_letter: Option<char>,
    /// Whether a new value builds a new starting terrain (and so starts the
    /// rain again).
    pub builds_the_terrain: bool,
}

impl Slider {
    /// The name as the page's element IDs and the URL spell it:
    /// `brush_radius` becomes `brush-radius`.
    pub fn id(&self) -> String {
        self.name.replace('_', "-")
    }

    /// `value` brought into range. Sliders whose step is a whole number keep
    /// to whole steps (a brush radius of 2.7 means nothing); finer ones keep
    /// to thousandths, as a browser's slider gives them (0.95, not
    /// 0.9500000000000001), so every value in force is one a link writes
    /// exactly, and the defaults stay exactly as written.
    /// Non-finite values have no sensible meaning and give `None`.
    pub fn clamp(&self, value: f64) -> Option<f64> {
        if !value.is_finite() {
            return None;
        }
        // max then min rather than f64::clamp, whose check of its bounds
        // would bring float formatting into the page's wasm for its panic
        // message; value is finite and min ≤ max, so they agree
        let v = value.max(self.min).min(self.max);
        Some(if self.step >= 1.0 {
            (self.min + ((v - self.min) / self.step).round() * self.step).min(self.max)
        } else {
            // A whole number of thousandths over 1000 is correctly rounded:
            // the same f64 as the decimal written out. The range's ends are
            // thousandths too, so v stays in range
            (v * THOUSANDTHS).round() / THOUSANDTHS
        })
    }
}

/// The original sketch's sliders: the first rows of the table.
const ORIGINAL_SLIDERS: usize = 8;

/// Every slider's step, and so every value, is a whole number of these in a
/// unit.
const THOUSANDTHS: f64 = 1000.0;

rows! {
    /// Which slider. The discriminant is the row in [`SLIDERS`].
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Setting {
        DropsPerFrame,
        Erosion,
        Deposition,
        Inertia,
        BrushRadius,
        SeaLevel,
        ContourLevels,
        TerrainScale,
        Octaves,
        Lacunarity,
        Persistence,
        Talus,
        Roughness,
        HeightScale,
        ToolSize,
        ToolStrength,
        Steepness,
    }
}

/// The sliders: the original's, in its order, with its ranges and defaults;
/// then the tutorial's.
pub const SLIDERS: [Slider; Setting::ALL.len()] = [
    // How hard it rains: drops simulated every frame
    Slider {
        name: "drops_per_frame",
        label: "Drops per frame",
        min: 0.0,
        max: 1000.0,
        step: 10.0,
        default: 200.0,
        timeline_letter: None,
        builds_the_terrain: false,
    },
    // How much of its spare capacity a drop digs out at each step
    Slider {
        name: "erosion",
        label: "Erosion",
        min: 0.0,
        max: 1.0,
        step: 0.05,
        default: 0.3,
        timeline_letter: Some('e'),
        builds_the_terrain: false,
    },
    // How much of its excess sediment a drop puts down at each step
    Slider {
        name: "deposition",
        label: "Deposition",
        min: 0.0,
        max: 1.0,
        step: 0.05,
        default: 0.3,
        timeline_letter: Some('d'),
        builds_the_terrain: false,
    },
    // 0 always turns straight downhill, 1 never turns at all
    Slider {
        name: "inertia",
        label: "Inertia",
        min: 0.0,
        max: 0.5,
        step: 0.01,
        default: 0.05,
        timeline_letter: Some('i'),
        builds_the_terrain: false,
    },
    // Drops dig from a small circle of cells, not one, or the map gets pitted
    Slider {
        name: "brush_radius",
        label: "Brush radius",
        min: 1.0,
        max: 6.0,
        step: 1.0,
        default: 2.0,
        timeline_letter: Some('b'),
        builds_the_terrain: false,
    },
    // Below this a drop has reached the sea: it stops and drops everything
    Slider {
        name: "sea_level",
        label: "Sea level",
        min: 0.0,
        max: 0.6,
        step: 0.01,
        default: 0.25,
        timeline_letter: Some('s'),
        builds_the_terrain: false,
    },
    // Contour lines between sea level and the highest ground, 0 for none
    Slider {
        name: "contour_levels",
        label: "Contour levels",
        min: 0.0,
        max: 20.0,
        step: 1.0,
        default: 10.0,
        timeline_letter: None,
        builds_the_terrain: false,
    },
    // Noise units per cell: small is broad hills, big is rough terrain
    Slider {
        name: "terrain_scale",
        label: "Terrain scale",
        min: 0.004,
        max: 0.03,
        step: 0.001,
        default: 0.012,
        timeline_letter: None,
        builds_the_terrain: true,
    },
    // The tutorial's fBm (warped and ridged terrain): layers of simplex
    // noise, each finer and fainter than the one before. More octaves add
    // smaller detail
    Slider {
        name: "octaves",
        label: "Octaves",
        min: 1.0,
        max: 10.0,
        step: 1.0,
        default: 6.0,
        timeline_letter: None,
        builds_the_terrain: true,
    },
    // How much finer each octave is: 2 doubles the frequency
    Slider {
        name: "lacunarity",
        label: "Lacunarity",
        min: 1.5,
        max: 3.0,
        step: 0.05,
        default: 2.0,
        timeline_letter: None,
        builds_the_terrain: true,
    },
    // How much fainter each octave is: 0.5 halves the amplitude; higher is
    // rougher
    Slider {
        name: "persistence",
        label: "Persistence",
        min: 0.2,
        max: 0.8,
        step: 0.01,
        default: 0.5,
        timeline_letter: None,
        builds_the_terrain: true,
    },
    // Thermal erosion: the steepest drop between neighbouring cells that
    // loose ground holds (heights 0..1); 0 is off, as in the article. See
    // thermal_erosion for the range
    Slider {
        name: "talus",
        label: "Talus",
        min: 0.0,
        max: 0.05,
        step: 0.001,
        default: 0.0,
        timeline_letter: Some('t'),
        builds_the_terrain: false,
    },
    // Diamond-square: how far the first level's midpoints are moved, halved
    // at each finer level; 0.65 is the procedural generation article's
    Slider {
        name: "roughness",
        label: "Roughness",
        min: 0.05,
        max: 1.0,
        step: 0.05,
        default: 0.65,
        timeline_letter: None,
        builds_the_terrain: true,
    },
    // The 3D view's and the mesh files' relief: how many times taller than
    // usual the ground stands (see mesh::RELIEF_SHARE)
    Slider {
        name: "height_scale",
        label: "Height (3D)",
        min: 0.25,
        max: 4.0,
        step: 0.25,
        default: 1.0,
        timeline_letter: None,
        builds_the_terrain: false,
    },
    // The hand's brush: its radius in cells (the pointer's stamps are half
    // of it apart, see sculpt::pen)...
    Slider {
        name: "tool_size",
        label: "Tool size",
        min: 1.0,
        max: 32.0,
        step: 1.0,
        default: 8.0,
        timeline_letter: None,
        builds_the_terrain: false,
    },
    // ... and how hard each stamp works: a raise or lower at 1 moves the
    // ground sculpt::stamp::BUMP_AT_FULL_STRENGTH at its centre, a smooth at
    // 1 takes it all the way to its neighbours' mean
    Slider {
        name: "tool_strength",
        label: "Tool strength",
        min: 0.05,
        max: 1.0,
        step: 0.05,
        default: 0.5,
        timeline_letter: None,
        builds_the_terrain: false,
    },
    // How steep the drops find the ground: its slopes and falls stretched
    // this many times (what they dig and lay down shrunk back). A ground
    // from an elevation model comes with its own steepness, which this
    // multiplies (see ground::steepness); 1 is the article's
    Slider {
        name: "steepness",
        label: "Steepness",
        min: 0.25,
        max: 4.0,
        step: 0.05,
        default: 1.0,
        timeline_letter: Some('g'),
        builds_the_terrain: false,
    },
];

impl Setting {
    /// This setting's row of the table.
    pub fn slider(self) -> &'static Slider {
        &SLIDERS[self as usize]
    }

    /// Whether the original sketch has this slider (the first eight rows;
    /// the rest came with the tutorial, so a host page made for the original
    /// may leave them out).
    pub fn is_the_originals(self) -> bool {
        (self as usize) < ORIGINAL_SLIDERS
    }

    /// Whether a change of this setting changes what the next drops do to
    /// the ground, so a link must say when it happened.
    pub fn shapes_the_rain(self) -> bool {
        self.slider().timeline_letter.is_some()
    }

    /// The setting a timeline records under `letter`.
    pub fn from_timeline_letter(letter: char) -> Option<Setting> {
        Setting::ALL.into_iter().find(|s| s.slider().timeline_letter == Some(letter))
    }

    /// The setting called `name`, with underscores or dashes.
    pub fn from_name(name: &str) -> Option<Setting> {
        let name = name.replace('-', "_");
        Setting::ALL.into_iter().find(|s| s.slider().name == name)
    }
}

/// The current value of every slider.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    values: [f64; Setting::ALL.len()],
}

impl Default for Settings {
    fn default() -> Self {
        Settings { values: SLIDERS.map(|s| s.default) }
    }
}

impl Settings {
    pub fn get(&self, setting: Setting) -> f64 {
        self.values[setting as usize]
    }

    /// Sets `setting` to `value` brought into range, and returns what it now
    /// is. A non-finite value is ignored and the old value returned.
    pub fn set(&mut self, setting: Setting, value: f64) -> f64 {
        if let Some(v) = setting.slider().clamp(value) {
            self.values[setting as usize] = v;
        }
        self.get(setting)
    }

    pub fn drops_per_frame(&self) -> u32 {
        self.get(Setting::DropsPerFrame) as u32
    }
    pub fn erosion(&self) -> f64 {
        self.get(Setting::Erosion)
    }
    pub fn deposition(&self) -> f64 {
        self.get(Setting::Deposition)
    }
    pub fn inertia(&self) -> f64 {
        self.get(Setting::Inertia)
    }
    pub fn brush_radius(&self) -> u32 {
        self.get(Setting::BrushRadius) as u32
    }
    pub fn sea_level(&self) -> f64 {
        self.get(Setting::SeaLevel)
    }
    pub fn contour_levels(&self) -> u32 {
        self.get(Setting::ContourLevels) as u32
    }
    pub fn terrain_scale(&self) -> f64 {
        self.get(Setting::TerrainScale)
    }
    pub fn octaves(&self) -> u32 {
        self.get(Setting::Octaves) as u32
    }
    pub fn lacunarity(&self) -> f64 {
        self.get(Setting::Lacunarity)
    }
    pub fn persistence(&self) -> f64 {
        self.get(Setting::Persistence)
    }
    pub fn talus(&self) -> f64 {
        self.get(Setting::Talus)
    }
    pub fn roughness(&self) -> f64 {
        self.get(Setting::Roughness)
    }
    pub fn steepness(&self) -> f64 {
        self.get(Setting::Steepness)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_originals() {
        let s = Settings::default();
        assert_eq!(s.drops_per_frame(), 200);
        assert_eq!(s.erosion(), 0.3);
        assert_eq!(s.deposition(), 0.3);
        assert_eq!(s.inertia(), 0.05);
        assert_eq!(s.brush_radius(), 2);
        assert_eq!(s.sea_level(), 0.25);
        assert_eq!(s.contour_levels(), 10);
        assert_eq!(s.terrain_scale(), 0.012);
        // The tutorial's fBm, and no thermal erosion
        assert_eq!((s.octaves(), s.lacunarity(), s.persistence(), s.talus()), (6, 2.0, 0.5, 0.0));
    }

    #[test]
    fn every_default_lies_in_its_range_on_a_step() {
        for s in SLIDERS {
            assert!(s.min <= s.default && s.default <= s.max, "{}", s.name);
            let steps = (s.default - s.min) / s.step;
            assert!((steps - steps.round()).abs() < 1e-9, "{} is off-step", s.name);
            assert_eq!(s.clamp(s.default), Some(s.default), "{}", s.name);
        }
    }

    #[test]
    fn out_of_range_values_are_clamped_and_non_finite_ones_ignored() {
        let mut s = Settings::default();
        assert_eq!(s.set(Setting::Erosion, 7.0), 1.0);
        assert_eq!(s.set(Setting::Erosion, -1.0), 0.0);
        assert_eq!(s.set(Setting::Erosion, f64::NAN), 0.0);
        assert_eq!(s.set(Setting::SeaLevel, f64::INFINITY), 0.25);
        assert_eq!(s.set(Setting::BrushRadius, 2.7), 3.0);
        assert_eq!(s.set(Setting::BrushRadius, 99.0), 6.0);
        assert_eq!(s.set(Setting::DropsPerFrame, 1234.0), 1000.0);
        assert_eq!(s.set(Setting::DropsPerFrame, 14.0), 10.0);
        assert_eq!(s.set(Setting::TerrainScale, 0.0), 0.004);
        assert_eq!(s.set(Setting::Erosion, 0.9500000000000001), 0.95);
        assert_eq!(s.set(Setting::Erosion, 0.1 + 0.2), 0.3);
        assert_eq!(s.set(Setting::TerrainScale, 0.0123456), 0.012);
        assert_eq!(s.set(Setting::SeaLevel, 0.5999), 0.6);
    }

    #[test]
    fn the_settings_that_shape_the_rain_have_letters_of_their_own() {
        let shaping: Vec<Setting> = Setting::ALL.into_iter().filter(|s| s.shapes_the_rain()).collect();
        assert_eq!(
            shaping,
            [
                Setting::Erosion,
                Setting::Deposition,
                Setting::Inertia,
                Setting::BrushRadius,
                Setting::SeaLevel,
                Setting::Talus,
                Setting::Steepness
            ]
        );
        let building: Vec<Setting> = Setting::ALL.into_iter().filter(|s| s.slider().builds_the_terrain).collect();
        assert_eq!(
            building,
            [Setting::TerrainScale, Setting::Octaves, Setting::Lacunarity, Setting::Persistence, Setting::Roughness]
        );
        for s in shaping {
            let letter = s.slider().timeline_letter.unwrap();
            assert!(letter.is_ascii_lowercase());
            assert_eq!(Setting::from_timeline_letter(letter), Some(s));
        }
        assert_eq!(Setting::from_timeline_letter('x'), None);
    }

    #[test]
    fn names_and_ids_find_their_setting() {
        assert_eq!(Setting::from_name("brush-radius"), Some(Setting::BrushRadius));
        assert_eq!(Setting::from_name("sea_level"), Some(Setting::SeaLevel));
        assert_eq!(Setting::from_name("seed"), None);
        assert_eq!(Setting::TerrainScale.slider().id(), "terrain-scale");
        assert!(Setting::TerrainScale.is_the_originals() && !Setting::Octaves.is_the_originals());
        for s in Setting::ALL {
            assert_eq!(Setting::from_name(s.slider().name), Some(s));
        }
    }
}
