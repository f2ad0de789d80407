//! A terrain and the rain on it: everything the sketch simulates, with no
//! knowledge of pages or canvases.

use std::cell::RefCell;
use std::rc::Rc;

use rand_core::SeedableRng;
use rand_pcg::Pcg32;

use crate::erosion::brush::Brush;
use crate::erosion::droplet::{self, DropRules};
use crate::erosion::thermal_erosion::{ThermalErosion, AMOUNT, THERMAL_EVERY};
use crate::erosion::tutorial_droplet::{self, Digs, TutorialRules};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::ground::diamond_square;
use crate::ground::fractal_noise::FractalNoise;
use crate::ground::imported::ImportedGround;
use crate::ground::island::island;
use crate::ground::simplex_fbm::{self, Octaves};
use crate::raster::changed_tiles::ChangedTiles;
use crate::raster::fingerprint::TileFingerprints;
use crate::raster::grid::Grid;
use crate::raster::unit_random::unit_f64;
use crate::sculpt::stamp::{self, Stamp, Tool};
use crate::sculpt::stroke::Hand;
use crate::settings::choices::{Choice, Choices, Preset, Shape};
use crate::settings::presets;
use crate::settings::sliders::{Setting, Settings};
use crate::FULL;

/// Rain stops by itself after this many drops on the article's map (as many
/// per cell on the others, [`Grid::article_maps`]); play carries on from
/// there.
pub const RAIN_TARGET: u64 = 300_000;
/// The tutorial's rain: 100 batches of 1,000 drops.
pub const TUTORIAL_RAIN_TARGET: u64 = 100_000;
/// Steps of the generator a drop takes: two numbers of 64 bits, each two of
/// the generator's 32-bit steps, for where it lands (either preset's drop).
const GENERATOR_STEPS_PER_DROP: u64 = 4;
/// In debug mode, the routes of at most this many drops are kept.
pub const MAX_PATHS: usize = 40;

/// A map: its seed, settings and choices, the terrain now and before any
/// rain, and the generator the rain falls from.
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
/// Terrains made so far (each takes the next as its identity).
static TERRAINS_MADE: AtomicU64 = AtomicU64::new(0);

pub struct Terrain {
    seed: u32,
    settings: Settings,
    choices: Choices,
    grid: Grid,
    noise: FractalNoise,
    /// A ground brought from a file, if the map is on one: its starting
    /// ground and grid, whatever the shape and map size picked say.
    ground: Option<Rc<ImportedGround>>,
    heights: Vec<f32>,
    original: Vec<f32>,
    /// The ground now without the rain's work (none until the hand first
    /// moves it, and then the start is this): the start with the hand's
    /// stamps, what the erosion and deposition layers count the rain's work
    /// against.
    without_rain: Option<Vec<f32>>,
    rng: Pcg32,
    brush: Brush,
    thermal: ThermalErosion,
    drops: u64,
    steps: u64,
    /// This terrain among all made (see [`Terrain::identity`]).
    identity: u64,
    /// Counts every change of the heights (see [`Terrain::edition`]).
    edition: u64,
    /// The edition the starting ground was made in (see
    /// [`Terrain::original_edition`]).
    original_edition: u64,
    /// Where the heights changed, in which edition (see
    /// [`Terrain::changed_tiles`]).
    changed: ChangedTiles,
    /// Where the last drop went, reused from drop to drop (to mark where it
    /// changed the heights).
    drop_path: Vec<[f32; 2]>,
    /// The fingerprint of the heights as its tiles' (a frame's status asks
    /// for it), taken again from the tiles changed since it was last.
    tile_fingerprints: RefCell<TileFingerprints>,
    record_paths: bool,
    paths: Vec<Vec<[f32; 2]>>,
    /// Where the rain's tool pours, if it does: the drops start inside its
    /// circle, not anywhere on the map.
    rain_spot: Option<Stamp>,
}

impl Terrain {
    /// A terrain for `seed` with the original's default settings.
    pub fn new(seed: u32) -> Self {
        Terrain::with_settings(seed, Settings::default())
    }

    /// A terrain for `seed` with `settings`, on the article's island and map.
    pub fn with_settings(seed: u32, settings: Settings) -> Self {
        Terrain::with_choices(seed, settings, Choices::default())
    }

    /// A terrain for `seed` with `settings` and `choices` (shape, map size,
    /// preset).
    pub fn with_choices(seed: u32, settings: Settings, choices: Choices) -> Self {
        Terrain::on_ground(seed, settings, choices, None)
    }

    /// A terrain for `seed`, `settings` and `choices` on `ground`, brought
    /// from a file, or where that is `None` on the ground the choices make.
    /// The seed says where the drops fall.
    ///
    /// ```
    /// use std::rc::Rc;
    /// use hydraulic_erosion::ground::imported::ImportedGround;
    /// use hydraulic_erosion::{settings::choices::Choices, settings::sliders::Settings, terrain::Terrain};
    /// let heights = (0..40 * 30).map(|i| ((i % 40) as f32 / 39.0).powi(2)).collect();
    /// let ground = Rc::new(ImportedGround::from_heights(heights, 40).unwrap());
    /// let mut t = Terrain::on_ground(5, Settings::default(), Choices::default(), Some(ground.clone()));
    /// assert_eq!((t.grid().cols, t.grid().rows, t.original()), (40, 30, &ground.heights[..]));
    /// t.rain(500);
    /// assert_ne!(t.heights(), t.original());
    /// ```
    pub fn on_ground(seed: u32, settings: Settings, choices: Choices, ground: Option<Rc<ImportedGround>>) -> Self {
        let grid = ground.as_ref().map_or(choices.grid(), |g| g.grid);
        let mut terrain = Terrain {
            seed,
            noise: FractalNoise::new(seed),
            ground,
            heights: Vec::new(),
            original: Vec::new(),
            without_rain: None,
            rng: Pcg32::seed_from_u64(seed as u64),
            brush: Brush::new(settings.brush_radius(), grid),
            thermal: ThermalErosion::default(),
            settings,
            choices,
            grid,
            drops: 0,
            steps: 0,
            identity: TERRAINS_MADE.fetch_add(1, Ordering::Relaxed),
            edition: 0,
            original_edition: 0,
            changed: ChangedTiles::new(grid),
            drop_path: Vec::new(),
            tile_fingerprints: RefCell::default(),
            record_paths: false,
            paths: Vec::new(),
            rain_spot: None,
        };
        terrain.build();
        terrain.heights = terrain.original.clone();
        terrain
    }

    pub fn seed(&self) -> u32 {
        self.seed
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn choices(&self) -> &Choices {
        &self.choices
    }

    /// The ground brought from a file the map is on, if it is on one.
    pub fn ground(&self) -> Option<&Rc<ImportedGround>> {
        self.ground.as_ref()
    }

    /// The map's grid of cells.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// The drops after which the rain stops by itself: the article's
    /// 300,000 for each of its maps this one makes
    /// ([`Terrain::article_maps`]: 21.9 million at 2048 × 2048), or the
    /// tutorial's 100 batches of 1,000.
    pub fn rain_target(&self) -> u64 {
        if self.choices.preset().is_the_tutorials() {
            TUTORIAL_RAIN_TARGET
        } else {
            RAIN_TARGET * self.article_maps()
        }
    }

    /// How many times the rain's counts given for the article's map (its
    /// pace, where it stops, how often the heights are kept and measured)
    /// this map's are: [`Grid::article_maps`], or 1 under the tutorial's
    /// preset, whose rain keeps its own rule (a batch a frame, 100 of them).
    pub fn article_maps(&self) -> u64 {
        if self.choices.preset().is_the_tutorials() {
            1
        } else {
            self.grid.article_maps()
        }
    }

    /// Starts again from the original terrain of `seed`, with a fresh
    /// generator: no drops, no paths.
    pub fn reset(&mut self, seed: u32) {
        if seed != self.seed {
            self.seed = seed;
            self.noise = FractalNoise::new(seed);
            self.build();
        }
        self.heights.copy_from_slice(&self.original);
        self.without_rain = None;
        self.edition += 1;
        self.changed.mark_all(self.edition);
        self.rng = Pcg32::seed_from_u64(seed as u64);
        self.drops = 0;
        self.steps = 0;
        self.paths.clear();
        self.rain_spot = None;
    }

    /// Becomes the terrain of `seed`, `settings` and `choices` before any
    /// rain (as [`Terrain::with_choices`] makes it), whose heights are a
    /// new edition of this one's; it keeps recording paths if it did.
    pub fn start_over(&mut self, seed: u32, settings: Settings, choices: Choices, ground: Option<Rc<ImportedGround>>) {
        let (edition, record_paths) = (self.edition, self.record_paths);
        *self = Terrain::on_ground(seed, settings, choices, ground);
        (self.edition, self.original_edition) = (edition + 1, edition + 1);
        self.changed.mark_all(self.edition);
        self.record_paths = record_paths;
    }

    /// Carries on where another build of the sketch left this terrain (same
    /// seed and choices): `heights` after `drops` drops and `steps` steps,
    /// with `settings` in force now. The generator is moved on past those
    /// drops, so the next ones fall exactly where they would have;
    /// `without_rain` is the ground then without the rain's work, if the
    /// hand had moved it ([`Terrain::without_rain`]). False, changing
    /// nothing, if the heights are not one a cell.
    pub fn carry_on(
        &mut self,
        settings: &Settings,
        heights: Vec<f32>,
        without_rain: Option<Vec<f32>>,
        drops: u64,
        steps: u64,
    ) -> bool {
        let cells = self.grid.cells();
        if heights.len() != cells || without_rain.as_ref().is_some_and(|w| w.len() != cells) {
            return false;
        }
        self.without_rain = without_rain;
        // Only those that shape the rain can differ from the start's, and
        // none of those builds a new ground
        for setting in Setting::ALL {
            self.set(setting, settings.get(setting));
        }
        self.heights = heights;
        self.drops = drops;
        self.steps = steps;
        self.rng = Pcg32::seed_from_u64(self.seed as u64);
        self.rng.advance(GENERATOR_STEPS_PER_DROP * drops);
        self.edition += 1;
        self.changed.mark_all(self.edition);
        self.paths.clear();
        // (where the rain's tool poured is the timeline's to say again)
        self.rain_spot = None;
        true
    }

    /// Builds the starting ground again from the seed, settings and shape
    /// (a ground from a file is as it was brought).
    fn build(&mut self) {
        self.original = match &self.ground {
            Some(ground) => ground.heights.clone(),
            None => starting_ground(self.seed, &self.noise, self.grid, self.choices.shape(), &self.settings),
        };
        self.original_edition = self.edition;
    }

    /// Whether a new value of `setting` builds a new starting ground: the
    /// terrain scale does for every shape, the octaves only for the shapes
    /// made of them (on the island they wait, unused, and the rain goes on);
    /// none does on a ground from a file.
    pub fn rebuilds_for(&self, setting: Setting) -> bool {
        setting.slider().builds_the_terrain && self.ground.is_none() && self.choices.uses(setting)
    }

    /// Sets a slider, clamped into its range (a non-finite value is ignored),
    /// and does what a new value does: one that builds the terrain (see
    /// [`Terrain::rebuilds_for`]) builds it and starts the rain again, a new
    /// brush radius makes a new brush. Returns the value now in force.
    pub fn set(&mut self, setting: Setting, value: f64) -> f64 {
        let before = self.settings.get(setting);
        let now = self.settings.set(setting, value);
        if now != before {
            if self.rebuilds_for(setting) {
                self.build();
                self.reset(self.seed);
            } else if setting == Setting::BrushRadius {
                self.brush = Brush::new(self.settings.brush_radius(), self.grid);
            }
        }
        now
    }

    /// Picks an option of a choice (by its place in the list; one past the
    /// list is ignored). Those that restart the rain start again from the
    /// original terrain: a new shape or map size builds it anew (and leaves
    /// a ground from a file); a new preset changes the rules the rain
    /// follows. Returns whether anything changed.
    pub fn choose(&mut self, choice: Choice, index: usize) -> bool {
        // On a ground from a file, the shape and map size picked are not
        // the map's: picking either, even the same, leaves the ground
        let leaves_the_ground = self.ground.is_some() && matches!(choice, Choice::Terrain | Choice::MapSize);
        if !self.choices.set(choice, index) && !leaves_the_ground {
            return false;
        }
        if !choice.restarts_the_rain() {
            return true;
        }
        if choice != Choice::Preset {
            self.ground = None;
        }
        let grid = self.choices.grid();
        if grid != self.grid {
            self.grid = grid;
            self.brush = Brush::new(self.settings.brush_radius(), grid);
            self.heights = vec![0.0; grid.cells()];
            self.changed = ChangedTiles::new(grid);
        }
        if choice != Choice::Preset {
            self.build();
        }
        self.reset(self.seed);
        true
    }

    /// Lets `n` drops fall, each from a random point of the map, by the
    /// preset's rules, and returns how many steps they took between them.
    /// With a talus set, a thermal pass follows every [`THERMAL_EVERY`]th
    /// drop since the start.
    pub fn rain(&mut self, n: u32) -> u64 {
        let mut steps = 0;
        // The edition these drops' changes are in
        let edition = self.edition + 1;
        // Cells a drop changes around each point of its way: its brush's
        // (the tutorial's drop digs the four cells around it), and the
        // cell past the corner it stands on
        let reach = self.settings.brush_radius() as usize + 2;
        let mut path = std::mem::take(&mut self.drop_path);
        for _ in 0..n {
            path.clear();
            steps += self.drop(Some(&mut path)) as u64;
            self.changed.mark_along(&path, reach, edition);
            if path.len() > 1 && self.record_paths && self.paths.len() < MAX_PATHS {
                self.paths.push(path.clone());
            }
            self.drops += 1;
            if FULL && self.drops % THERMAL_EVERY == 0 && self.settings.talus() > 0.0 {
                self.thermal.pass(self.grid, &mut self.heights, self.settings.talus(), AMOUNT);
                self.changed.mark_all(edition);
            }
        }
        self.drop_path = path;
        self.steps += steps;
        self.edition += u64::from(n > 0);
        steps
    }

    /// A number that changes whenever the heights may have: to tell, cheaply,
    /// whether they need sending again.
    pub fn edition(&self) -> u64 {
        self.edition
    }

    /// A number that changes whenever the starting ground
    /// ([`Terrain::original`]) may have, as the rain leaves it be: what a
    /// drawing of it was made of.
    ///
    /// ```
    /// use hydraulic_erosion::terrain::Terrain;
    /// let mut t = Terrain::new(1);
    /// let (original, edition) = (t.original_edition(), t.edition());
    /// t.rain(100);
    /// assert_eq!(t.original_edition(), original);
    /// assert_ne!(t.edition(), edition);
    /// t.reset(2);
    /// assert_ne!(t.original_edition(), original);
    /// ```
    pub fn original_edition(&self) -> u64 {
        self.original_edition
    }

    /// Which terrain this is among those made: a drawing of it knows it
    /// is drawing the same one, whose editions then follow one another.
    pub fn identity(&self) -> u64 {
        self.identity
    }

    /// Where the heights changed in which edition: a drawing of edition
    /// `e` needs again only [`ChangedTiles::since`]`(e)`.
    pub fn changed_tiles(&self) -> &ChangedTiles {
        &self.changed
    }

    /// How steep the drops find the ground: a file's ground's own
    /// steepness (1 on the sketch's grounds) times the slider's.
    pub fn steepness(&self) -> f64 {
        self.ground.as_ref().map_or(1.0, |g| g.steepness) * self.settings.steepness()
    }

    /// One drop from a random point, by the preset's rules: the tutorial's
    /// lands anywhere on the map (`Math.random() * size`), the article's
    /// (also the landscape's) inside the last row and column.
    fn drop(&mut self, path: Option<&mut Vec<[f32; 2]>>) -> u32 {
        let Grid { cols, rows } = self.grid;
        if FULL && self.choices.preset().is_the_tutorials() {
            let rules = TutorialRules {
                inertia: self.settings.inertia(),
                erosion_rate: self.settings.erosion(),
                deposition_rate: self.settings.deposition(),
                digs: Digs::WhereItLeft,
                steepness: self.steepness(),
            };
            let (u, v) = (unit_f64(&mut self.rng), unit_f64(&mut self.rng));
            let [x, z] = self.landing(u, v, [cols as f64, rows as f64]);
            tutorial_droplet::simulate(self.grid, &mut self.heights, &rules, x, z, path)
        } else {
            let rules = DropRules {
                erosion: self.settings.erosion(),
                deposition: self.settings.deposition(),
                inertia: self.settings.inertia(),
                sea_level: self.settings.sea_level(),
                steepness: self.steepness(),
            };
            let (u, v) = (unit_f64(&mut self.rng), unit_f64(&mut self.rng));
            let [x, y] = self.landing(u, v, [(cols - 1) as f64, (rows - 1) as f64]);
            droplet::fall(&mut self.heights, &self.brush, &rules, x, y, path)
        }
    }

    /// Where a drop drawn as `u` and `v` (0 to 1) lands on a map whose drops
    /// land below `span` (each axis): anywhere, as the original's do, or
    /// inside the rain's tool's circle, mapped onto it from the square
    /// with square roots alone (the elliptical grid mapping), so every
    /// engine puts it on the same spot. Either way a drop takes the same two
    /// numbers of the generator, so the drops after fall as they would.
    fn landing(&self, u: f64, v: f64, span: [f64; 2]) -> [f64; 2] {
        let Some(spot) = self.rain_spot else {
            return [u * span[0], v * span[1]];
        };
        let (a, b) = (2.0 * u - 1.0, 2.0 * v - 1.0);
        let r = spot.radius as f64;
        let x = spot.x as f64 + r * a * (1.0 - b * b / 2.0).sqrt();
        let y = spot.y as f64 + r * b * (1.0 - a * a / 2.0).sqrt();
        // (below the span, as a drop drawn anywhere is)
        let inside = |v: f64, span: f64| v.max(0.0).min(span * (1.0 - f64::EPSILON));
        [inside(x, span[0]), inside(y, span[1])]
    }

    /// What the reader's hand does: a stamp of a tool on the ground (the
    /// rain's tool moves where drops start), or the rain's tool lifted.
    pub fn touch(&mut self, hand: Hand) {
        match hand {
            Hand::Lift => self.rain_spot = None,
            Hand::Stamp(s) if s.tool == Tool::Rain => self.rain_spot = Some(s),
            Hand::Stamp(s) => {
                let ((cols, rows), width) = (stamp::reach(self.grid, &s), self.grid.cols);
                let reached: Vec<usize> = rows.clone().flat_map(|y| cols.clone().map(move |x| y * width + x)).collect();
                let was: Vec<f32> = reached.iter().map(|&i| self.heights[i]).collect();
                if stamp::stamp(self.grid, &mut self.heights, &s) > 0.0 {
                    self.edition += 1;
                    self.changed.mark_cells(cols.clone(), rows.clone(), self.edition);
                    // The rain's work on each cell (the ground without it,
                    // less the ground before the stamp) is kept; the hand's
                    // is the ground's now. Where no rain fell, the ground
                    // without it is the ground itself, to the bit.
                    let without = self.without_rain.get_or_insert_with(|| self.original.clone());
                    for (i, was) in reached.into_iter().zip(was) {
                        without[i] = self.heights[i] + (without[i] - was);
                    }
                }
            }
        }
    }

    /// The ground now without the rain's work: the start, with the hand's
    /// stamps as they moved it. The erosion and deposition layers count
    /// the rain's work against it, not the hand's.
    pub fn without_rain(&self) -> &[f32] {
        self.without_rain.as_deref().unwrap_or(&self.original)
    }

    /// [`Terrain::without_rain`] where the hand has moved the ground (for
    /// carrying it to another build or a keyframe); `None` where it is the
    /// start.
    pub fn hand_moved(&self) -> Option<&[f32]> {
        self.without_rain.as_deref()
    }

    /// The ground without the rain's work where it is not the link's to
    /// make again: where the hand moved it, or it came from a file. What a
    /// saved map keeps after its heights, to count the rain's work against
    /// ([`crate::share::map_archive::archive`]).
    pub fn without_rain_to_keep(&self) -> Option<&[f32]> {
        self.hand_moved().or(self.ground.as_ref().map(|_| self.without_rain()))
    }

    /// Where the rain's tool pours, if it does.
    pub fn rain_spot(&self) -> Option<Stamp> {
        self.rain_spot
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

    /// Starts again on the same seed with other settings and choices (a
    /// preset's), keeping whether routes are recorded, and the ground from
    /// a file if it is on one.
    fn start_over_with(&mut self, settings: Settings, choices: Choices) {
        let mut fresh = Terrain::on_ground(self.seed, settings, choices, self.ground.clone());
        (fresh.edition, fresh.original_edition) = (self.edition + 1, self.edition + 1);
        fresh.set_record_paths(self.record_paths);
        *self = fresh;
    }

    /// Picks a preset: its rules, and the settings and choices it starts
    /// from ([`presets::starting`]), on the same seed.
    pub fn pick_preset(&mut self, preset: Preset) {
        let (settings, mut choices) = presets::starting(preset);
        // What the map shows is the reader's, whatever the rain's rules
        choices.set(Choice::Layer, self.choices.get(Choice::Layer));
        self.start_over_with(settings, choices);
    }

    /// A fingerprint of the heights ([`crate::raster::fingerprint`]). Two maps with
    /// the same fingerprint are, for all practical purposes, the same map.
    /// Taken once an edition, from the tiles changed since the last.
    pub fn heights_hash(&self) -> u64 {
        self.tile_fingerprints.borrow_mut().of(self.grid, &self.heights, &self.changed, self.edition)
    }

    /// The fingerprint as JavaScript callers see it: 16 hex digits.
    pub fn heights_hash_hex(&self) -> String {
        format!("{:016x}", self.heights_hash())
    }
}

/// The ground before any rain, for a shape on a grid: the article's island,
/// the tutorial's warped or ridged simplex fBm seeded by the seed, or the
/// procedural generation article's diamond-square, each stretched to 0..1.
/// The article's build makes the island alone: it is never given another
/// shape ([`crate::sketch::builds`]).
pub fn starting_ground(seed: u32, noise: &FractalNoise, grid: Grid, shape: Shape, settings: &Settings) -> Vec<f32> {
    let scale = settings.terrain_scale();
    let octaves =
        Octaves { count: settings.octaves(), lacunarity: settings.lacunarity(), persistence: settings.persistence() };
    let simplex = || simplex_fbm::simplex(seed);
    match shape {
        Shape::Island => island(noise, grid, scale),
        _ if !FULL => island(noise, grid, scale),
        Shape::Warped => {
            let noise = simplex();
            simplex_fbm::map(grid, scale, octaves, |x, z, o, s| simplex_fbm::warped(&noise, x, z, o, s))
        }
        Shape::Ridged => {
            let noise = simplex();
            simplex_fbm::map(grid, scale, octaves, |x, z, o, s| simplex_fbm::ridged(&noise, x, z, o, s))
        }
        Shape::DiamondSquare => diamond_square::map(grid, seed, settings.roughness()),
    }
}
