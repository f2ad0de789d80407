//! A terrain and the rain on it: everything the sketch simulates, with no
//! knowledge of pages or canvases.

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;

use crate::brush::Brush;
use crate::color_schemes::ColorScheme;
use crate::droplet::{self, DropRules};
use crate::flow_routing::Drainage;
use crate::fractal_noise::FractalNoise;
use crate::grid::{CELLS, COLS, ROWS};
use crate::island::island;
use crate::marching_squares::Contours;
use crate::relief;
use crate::rivers::{wander, Rivers};
use crate::settings::{Setting, Settings};

/// Rain stops by itself after this many drops; play carries on from there.
pub const RAIN_TARGET: u64 = 300_000;
/// In debug mode, the routes of at most this many drops are kept.
pub const MAX_PATHS: usize = 40;

/// A map: its seed, settings, the terrain now and before any rain, and the
/// generator the rain falls from.
///
/// ```
/// use hydraulic_erosion::terrain::Terrain;
/// let mut a = Terrain::new(7);
/// let mut b = Terrain::new(7);
/// a.rain(300);
/// b.rain(100);
/// b.rain(200);
/// assert_eq!(a.heights(), b.heights());
/// assert_eq!(a.drops(), 300);
/// ```
pub struct Terrain {
    seed: u32,
    settings: Settings,
    noise: FractalNoise,
    heights: Box<[f32; CELLS]>,
    original: Vec<f32>,
    ripple: Vec<f32>,
    rng: Pcg32,
    brush: Brush,
    drops: u64,
    steps: u64,
    show_original: bool,
    record_paths: bool,
    paths: Vec<Vec<[f32; 2]>>,
    rivers: Rivers,
    contours: Contours,
    bands: Option<(&'static str, Vec<[f64; 3]>)>,
    pixels: Vec<u8>,
}

impl Terrain {
    /// A terrain for `seed` with the original's default settings.
    pub fn new(seed: u32) -> Self {
        Terrain::with_settings(seed, Settings::default())
    }

    pub fn with_settings(seed: u32, settings: Settings) -> Self {
        let noise = FractalNoise::new(seed);
        let original = island(&noise, settings.terrain_scale());
        let mut heights = Box::new([0f32; CELLS]);
        heights.copy_from_slice(&original);
        Terrain {
            seed,
            ripple: wander(&noise),
            noise,
            heights,
            original,
            rng: Pcg32::seed_from_u64(seed as u64),
            brush: Brush::new(settings.brush_radius()),
            settings,
            drops: 0,
            steps: 0,
            show_original: false,
            record_paths: false,
            paths: Vec::new(),
            rivers: Rivers::default(),
            contours: Contours::default(),
            bands: None,
            pixels: vec![0; CELLS * 4],
        }
    }

    pub fn seed(&self) -> u32 {
        self.seed
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Starts again from the original terrain of `seed`, with a fresh
    /// generator: no drops, no paths.
    pub fn reset(&mut self, seed: u32) {
        if seed != self.seed {
            self.seed = seed;
            self.noise = FractalNoise::new(seed);
            self.ripple = wander(&self.noise);
            self.original = island(&self.noise, self.settings.terrain_scale());
        }
        self.heights.copy_from_slice(&self.original);
        self.rng = Pcg32::seed_from_u64(seed as u64);
        self.drops = 0;
        self.steps = 0;
        self.paths.clear();
    }

    /// Sets a slider, clamped into its range (a non-finite value is ignored),
    /// and does what a new value does: a new terrain scale builds a new
    /// terrain and starts the rain again, a new brush radius a new brush.
    /// Returns the value now in force.
    pub fn set(&mut self, setting: Setting, value: f64) -> f64 {
        let before = self.settings.get(setting);
        let now = self.settings.set(setting, value);
        if now != before {
            match setting {
                Setting::TerrainScale => {
                    self.original = island(&self.noise, now);
                    self.reset(self.seed);
                }
                Setting::BrushRadius => self.brush = Brush::new(self.settings.brush_radius()),
                _ => {}
            }
        }
        now
    }

    /// Lets `n` drops fall, each from a random point of the map, and returns
    /// how many steps they took between them.
    pub fn rain(&mut self, n: u32) -> u64 {
        let rules = DropRules {
            erosion: self.settings.erosion(),
            deposition: self.settings.deposition(),
            inertia: self.settings.inertia(),
            sea_level: self.settings.sea_level(),
        };
        let mut steps = 0;
        for _ in 0..n {
            let x = unit(&mut self.rng) * (COLS - 1) as f64;
            let y = unit(&mut self.rng) * (ROWS - 1) as f64;
            steps += if self.record_paths && self.paths.len() < MAX_PATHS {
                let mut path = Vec::new();
                let s = droplet::fall(&mut self.heights, &self.brush, &rules, x, y, Some(&mut path));
                if path.len() > 1 {
                    self.paths.push(path);
                }
                s
            } else {
                droplet::fall(&mut self.heights, &self.brush, &rules, x, y, None)
            } as u64;
        }
        self.drops += n as u64;
        self.steps += steps;
        steps
    }

    /// Drops fallen since the last reset.
    pub fn drops(&self) -> u64 {
        self.drops
    }

    /// Steps taken by all drops since the last reset.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The terrain now.
    pub fn heights(&self) -> &[f32] {
        &self.heights[..]
    }

    /// The terrain before any rain.
    pub fn original(&self) -> &[f32] {
        &self.original
    }

    /// Whether rivers, contours and relief show the original terrain.
    pub fn set_show_original(&mut self, show: bool) {
        self.show_original = show;
    }

    pub fn show_original(&self) -> bool {
        self.show_original
    }

    /// The terrain being shown: now, or before any rain.
    pub fn shown(&self) -> &[f32] {
        shown(self.show_original, &self.original, &self.heights)
    }

    /// Whether the routes of the next drops are kept (debug mode). Turning it
    /// either way forgets the routes kept so far.
    pub fn set_record_paths(&mut self, record: bool) {
        self.record_paths = record;
        self.paths.clear();
    }

    /// The routes of up to [`MAX_PATHS`] drops since the paths were last
    /// cleared, each a list of points in grid coordinates.
    pub fn paths(&self) -> &[Vec<[f32; 2]>] {
        &self.paths
    }

    pub fn clear_paths(&mut self) {
        self.paths.clear();
    }

    /// Routes the rain over the terrain shown.
    pub fn rivers(&mut self) -> &Drainage {
        let terrain = shown(self.show_original, &self.original, &self.heights);
        self.rivers.build(terrain, &self.ripple, self.settings.sea_level())
    }

    /// The contour lines of the terrain shown.
    pub fn contours(&mut self) -> &Contours {
        let terrain = shown(self.show_original, &self.original, &self.heights);
        self.contours.trace(terrain, self.settings.sea_level(), self.settings.contour_levels());
        &self.contours
    }

    /// The shaded relief of the terrain shown in `scheme`, RGBA, one pixel per
    /// cell.
    pub fn relief(&mut self, scheme: &'static ColorScheme) -> &[u8] {
        if self.bands.as_ref().map(|(key, _)| *key) != Some(scheme.key) {
            self.bands = Some((scheme.key, relief::band_colors(scheme)));
        }
        let bands = self.bands.as_ref().map(|(_, b)| b.as_slice()).unwrap_or_default();
        let terrain = shown(self.show_original, &self.original, &self.heights);
        relief::paint(terrain, self.settings.sea_level(), scheme, bands, &mut self.pixels);
        &self.pixels
    }

    /// A fingerprint of the heights: FNV-1a over their bits. Two maps with
    /// the same fingerprint are, for all practical purposes, the same map.
    pub fn heights_hash(&self) -> u64 {
        fingerprint(&self.heights[..])
    }

    /// The fingerprint as JavaScript callers see it: 16 hex digits.
    pub fn heights_hash_hex(&self) -> String {
        format!("{:016x}", self.heights_hash())
    }
}

/// The terrain shown: before any rain, or now. Written over the fields rather
/// than `self`, so a method can use it beside a mutable borrow of another
/// field (the rivers', contours' or relief's buffers).
fn shown<'a>(show_original: bool, original: &'a [f32], heights: &'a [f32; CELLS]) -> &'a [f32] {
    if show_original {
        original
    } else {
        &heights[..]
    }
}

/// FNV-1a, 64 bits, over the bits of each height in turn.
pub fn fingerprint(heights: &[f32]) -> u64 {
    heights.iter().fold(0xcbf2_9ce4_8422_2325u64, |hash, h| {
        h.to_bits().to_le_bytes().iter().fold(hash, |hash, &b| (hash ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3))
    })
}

/// A number in [0, 1) from the top 53 bits of the generator's next output:
/// exact, so the same on every platform.
fn unit(rng: &mut Pcg32) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}
