//! The map as drawn from a terrain: the ground shown (now, or before any
//! rain), its shaded relief, its contour lines and where its rain drains.
//! The [`Terrain`] only simulates; a map view reads it and keeps the
//! buffers each drawing is worked out in, so a frame allocates nothing and
//! reading a terrain never needs `&mut`. The sketch owns one, and so does
//! the JavaScript API's `Terrain`.
//!
//! ```
//! use hydraulic_erosion::draw::color_schemes::scheme;
//! use hydraulic_erosion::draw::map_view::MapView;
//! use hydraulic_erosion::terrain::Terrain;
//! let mut terrain = Terrain::new(7);
//! let mut map = MapView::default();
//! let before = map.relief(&terrain, scheme("topographic").unwrap()).to_vec();
//! terrain.rain(20_000);
//! assert_ne!(map.relief(&terrain, scheme("topographic").unwrap()), &before[..]);
//! map.set_show_original(true);
//! assert_eq!(map.relief(&terrain, scheme("topographic").unwrap()), &before[..]);
//! ```
//!
//! [`Terrain`]: crate::terrain::Terrain

use std::borrow::Cow;
use std::ops::Range;

use crate::draw::color_schemes::ColorScheme;
use crate::draw::contour_refresh::ContourRefresh;
use crate::draw::layers::{self, Legend};
use crate::draw::level_of_detail::{coarse_grid, coarse_part, mean_of_blocks, reduce};
use crate::draw::line_cadence::Cadence;
use crate::draw::marching_squares::Contours;
use crate::draw::relief;
use crate::erosion::ground_moved::{deposition, erosion};
use crate::hydrology::flow_accumulation::flow_accumulation;
use crate::hydrology::flow_routing::Drainage;
use crate::hydrology::rivers::{Ripple, Rivers};
use crate::hydrology::router::{Router, Routing};
use crate::raster::grid::Grid;
use crate::settings::choices::Layer;
use crate::terrain::Terrain;
use crate::FULL;

/// Maps of up to this many cells (512 × 512) have their rivers routed at
/// once, in the frame that asks; bigger ones a part at a time over frames
/// ([`MapView::routes_in_parts`]).
pub const ROUTED_AT_ONCE: usize = 512 * 512;

/// Whether a map on `grid` is big: of more than [`ROUTED_AT_ONCE`] cells.
/// Its rivers are routed (under the article's rules), its contours traced
/// and its relief painted over frames.
pub fn is_big(grid: Grid) -> bool {
    grid.cells() > ROUTED_AT_ONCE
}

/// On a big map ([`is_big`]), the relief is painted again
/// where the ground changed a slice of its rows a frame: each slice is
/// this many rows of pixels, and every [`RELIEF_FRAMES`]th is painted
/// each frame. At 2048 × 2048 a frame's drops change nearly every tile of
/// the map, and painting them all took a frame 7 ms in Chromium; a row is
/// now at most three frames behind the rain.
pub const RELIEF_SLICE: usize = 8;
/// How many frames it takes the relief of a big map to be painted
/// through ([`RELIEF_SLICE`]).
pub const RELIEF_FRAMES: usize = 4;

/// What is drawn from a terrain, and the buffers it is worked out in.
#[derive(Default)]
pub struct MapView {
    /// Whether the map shows the terrain before any rain.
    original: bool,
    /// The ripple rivers are routed over ([`crate::hydrology::rivers::wander`]).
    ripple: Ripple,
    rivers: Rivers,
    /// The tutorial's rivers, when its preset is chosen.
    tutorial_rivers: Drainage,
    contours: Contours,
    /// What the contours were traced of.
    traced: Option<DrawnOf<(u32, usize)>>,
    /// A big map's contours traced again over frames
    /// ([`MapView::contours_drawn`]), and what of.
    contour_refresh: ContourRefresh,
    refreshing: Option<DrawnOf<(u32, usize)>>,
    /// Counts the changes of the contours drawn, naming their picture where
    /// the canvas keeps it ([`MapView::contours_drawn`]).
    contours_changed: u64,
    /// The relief's colour bands, for the scheme (by key) they were made
    /// for, and its pixels.
    bands: Option<(&'static str, Vec<[f64; 3]>)>,
    pixels: Vec<u8>,
    /// What the relief's pixels show, if they show the relief alone.
    painted: Option<DrawnOf<(&'static str, usize)>>,
    /// On a big map, the columns of each row of pixels the ground changed
    /// under since they were painted, painted a slice of rows a frame
    /// ([`MapView::relief`]), and the slice whose turn is next.
    relief_due: Vec<Option<Range<usize>>>,
    relief_turn: usize,
    /// How much coarser than its grid the map is drawn
    /// ([`crate::draw::level_of_detail`]): 1 (or 0, not yet set), or a
    /// power of two.
    detail: usize,
    /// When it is drawn coarser: the mean heights of its blocks, what they
    /// were made of, and a layer's values reduced likewise.
    coarse: Vec<f32>,
    coarse_of: Option<DrawnOf<usize>>,
    coarse_layer: Vec<f32>,
    /// On a big map, the columns of each coarse row whose means are behind
    /// the ground: brought up to it as the relief paints the row, and all
    /// at once when the contours trace them.
    coarse_due: Vec<Option<Range<usize>>>,
}

/// What a drawing was made of: which terrain, at which edition, the ground
/// shown, the sea level and its own `look` (the relief's scheme, the
/// contours' levels).
#[derive(Clone, Copy, Debug, PartialEq)]
struct DrawnOf<L> {
    terrain: u64,
    edition: u64,
    original: bool,
    sea_level: f64,
    look: L,
}

/// What of a drawing must be made again.
enum Again {
    /// Nothing: it shows the ground as it is.
    Nothing,
    /// These parts of the map (columns, rows), where the ground changed.
    Parts(Vec<(Range<usize>, Range<usize>)>),
    Whole,
}

impl<L: PartialEq + Copy> DrawnOf<L> {
    fn of(terrain: &Terrain, original: bool, look: L) -> DrawnOf<L> {
        let (terrain, edition, sea_level) = (terrain.identity(), terrain.edition(), terrain.settings().sea_level());
        DrawnOf { terrain, edition, original, sea_level, look }
    }

    /// Whether `before` is of the same terrain, ground shown, sea and look,
    /// at whatever edition.
    fn looks_as(&self, before: &DrawnOf<L>) -> bool {
        DrawnOf { edition: self.edition, ..*before } == *self
    }

    /// What of a drawing made of `before` (if any) must be made again to
    /// be of `self`: the parts of the map changed since, if it was of the
    /// same terrain, ground shown, sea and look; none where the start is
    /// shown, unless the ground is new (the start changes only then).
    fn again_since(&self, before: Option<DrawnOf<L>>, terrain: &Terrain) -> Again {
        let Some(before) = before.filter(|b| self.looks_as(b)) else {
            return Again::Whole;
        };
        let tiles = terrain.changed_tiles();
        match (tiles.all_since(before.edition), self.original) {
            (true, _) => Again::Whole,
            (false, true) => Again::Nothing,
            (false, false) => {
                let parts: Vec<_> = tiles.since(before.edition).collect();
                if parts.is_empty() {
                    Again::Nothing
                } else {
                    Again::Parts(parts)
                }
            }
        }
    }
}

impl MapView {
    /// Whether rivers, contours and relief show the terrain before any rain.
    pub fn set_show_original(&mut self, show: bool) {
        self.original = show;
    }

    pub fn show_original(&self) -> bool {
        self.original
    }

    /// The heights shown: the terrain now, or before any rain.
    pub fn shown<'a>(&self, terrain: &'a Terrain) -> &'a [f32] {
        shown_of(self.original, terrain)
    }

    /// A number that changes whenever the heights shown may have (the
    /// terrain's [`Terrain::edition`], and which terrain is shown), so a
    /// painter sends them to the GPU only then.
    pub fn edition(&self, terrain: &Terrain) -> u64 {
        terrain.edition() * 2 + self.original as u64
    }

    /// Routes the rain over the ground shown, by the preset's rules: the
    /// article's priority-flood and D8 over the ground plus a ripple, or the
    /// tutorial's flow accumulation straight over it.
    pub fn rivers(&mut self, terrain: &Terrain) -> &Drainage {
        self.drainage_of(terrain, self.original)
    }

    /// Routes the rain over the ground now, whichever is shown (what the
    /// measures are taken of).
    pub fn rivers_now(&mut self, terrain: &Terrain) -> &Drainage {
        self.drainage_of(terrain, false)
    }

    /// The drainage last routed ([`MapView::rivers`] or
    /// [`MapView::rivers_now`]).
    pub fn last_rivers(&self, terrain: &Terrain) -> &Drainage {
        if FULL && terrain.choices().preset().is_the_tutorials() {
            &self.tutorial_rivers
        } else {
            self.rivers.drainage()
        }
    }

    fn drainage_of(&mut self, terrain: &Terrain, original: bool) -> &Drainage {
        let grid = terrain.grid();
        let shown = if original { terrain.original() } else { terrain.heights() };
        if FULL && terrain.choices().preset().is_the_tutorials() {
            self.tutorial_rivers = flow_accumulation(grid, shown);
            return &self.tutorial_rivers;
        }
        let ripple = self.ripple.of(terrain.seed(), grid);
        self.rivers.build(grid, shown, ripple, terrain.settings().sea_level())
    }

    /// Whether the rivers of this terrain are routed a part at a time,
    /// over frames ([`MapView::begin_rivers`]): under the article's rules,
    /// on a map of more than [`ROUTED_AT_ONCE`] cells.
    pub fn routes_in_parts(&self, terrain: &Terrain) -> bool {
        let tutorials = FULL && terrain.choices().preset().is_the_tutorials();
        !tutorials && is_big(terrain.grid())
    }

    /// Starts routing the rain over the ground shown as it is now, to be
    /// made whole by `router` where one is given and works, else a part at
    /// a time ([`MapView::go_on_with_rivers`]); the latest whole routing
    /// stays [`MapView::last_rivers`] until then.
    pub fn begin_rivers(&mut self, terrain: &Terrain, router: Option<&mut dyn Router>) {
        self.begin_routing(terrain, self.original, router);
    }

    /// As [`MapView::begin_rivers`], over the ground now, whichever is
    /// shown (what the measures are taken of).
    pub fn begin_rivers_now(&mut self, terrain: &Terrain, router: Option<&mut dyn Router>) {
        self.begin_routing(terrain, false, router);
    }

    fn begin_routing(&mut self, terrain: &Terrain, original: bool, router: Option<&mut dyn Router>) {
        let (grid, sea_level) = (terrain.grid(), terrain.settings().sea_level());
        let shown = shown_of(original, terrain);
        match router.filter(|router| router.works()) {
            Some(router) => self.rivers.send(Routing { grid, seed: terrain.seed(), sea_level }, shown, router),
            None => self.rivers.begin(grid, shown, self.ripple.of(terrain.seed(), grid), sea_level),
        }
    }

    /// Moves the routing begun on by about `cells` cells' work, or takes
    /// it from `router` once made; the new routing once it is whole.
    pub fn go_on_with_rivers(&mut self, cells: usize, router: Option<&mut dyn Router>) -> Option<&Drainage> {
        let under_way = self.rivers.under_way();
        let whole = match router {
            Some(router) if self.rivers.sent() => self.rivers.receive(router),
            _ => self.rivers.go_on(cells),
        };
        (whole && under_way).then(|| self.rivers.drainage())
    }

    /// Whether a routing begun is still to be made (one routed at once in
    /// the meantime, for the measures, gives it up).
    pub fn rivers_under_way(&self) -> bool {
        self.rivers.under_way()
    }

    /// The contour lines of the ground shown, on the grid it is drawn on
    /// ([`MapView::drawn_grid`]): traced again only in the bands of rows
    /// where the ground changed since they were last traced
    /// ([`Terrain::changed_tiles`]), if that was of the same terrain,
    /// ground shown, sea, levels and detail.
    pub fn contours(&mut self, terrain: &Terrain) -> &Contours {
        // Traced now: a refresh under way would bring older lines
        self.refreshing = None;
        self.contours_changed += 1;
        let settings = terrain.settings();
        let (sea_level, levels, factor) = (settings.sea_level(), settings.contour_levels(), self.detail());
        self.refresh_coarse(terrain);
        let now = DrawnOf::of(terrain, self.original, (levels, factor));
        let (grid, shown) = drawn_ground(factor, &self.coarse, self.original, terrain);
        match now.again_since(self.traced, terrain) {
            Again::Nothing => {}
            Again::Parts(parts) => {
                let rows = parts.into_iter().map(|part| coarse_part(factor, part).1);
                self.contours.trace_rows(grid, shown, sea_level, levels, rows);
            }
            Again::Whole => self.contours.trace(grid, shown, sea_level, levels),
        }
        self.traced = Some(now);
        &self.contours
    }

    /// The contour lines the sketch draws: on a big map ([`is_big`]), those
    /// last traced whole, while a refresh traces the ground as it stood when
    /// it began, a part a frame ([`crate::draw::contour_refresh`]), shown
    /// once whole, then begins again if the ground changed; traced at once
    /// when the terrain, ground shown, sea, levels or detail change (as on
    /// every other map, [`MapView::contours`]). With them, on a big map, a
    /// number that changes whenever they do: the canvas keeps their picture
    /// meanwhile. On a smaller map kept between the beats of `cadence`
    /// ([`crate::draw::line_cadence`]), those traced in its last beat, and
    /// that number.
    pub fn contours_drawn(&mut self, terrain: &Terrain, cadence: Cadence) -> (&Contours, Option<u64>) {
        let settings = terrain.settings();
        let (sea_level, levels, factor) = (settings.sea_level(), settings.contour_levels(), self.detail());
        let now = DrawnOf::of(terrain, self.original, (levels, factor));
        let looks_the_same = self.traced.is_some_and(|t| now.looks_as(&t));
        if !is_big(terrain.grid()) {
            return match cadence {
                Cadence::EveryFrame => (self.contours(terrain), None),
                Cadence::Beats { .. } => {
                    if cadence.contours_due() || !looks_the_same {
                        self.contours(terrain);
                    }
                    (&self.contours, Some(self.contours_changed))
                }
            };
        }
        if !looks_the_same {
            self.contours(terrain);
            return (&self.contours, Some(self.contours_changed));
        }
        if !self.refreshing.is_some_and(|r| now.looks_as(&r)) && self.contours_behind(terrain) {
            self.refresh_coarse(terrain);
            let (grid, shown) = drawn_ground(factor, &self.coarse, self.original, terrain);
            self.contour_refresh.begin(grid, shown, sea_level, levels);
            self.refreshing = Some(now);
        }
        if self.refreshing.is_some() {
            if let Some(lines) = self.contour_refresh.go_on() {
                std::mem::swap(&mut self.contours, lines);
                self.traced = self.refreshing.take();
                self.contours_changed += 1;
            }
        }
        (&self.contours, Some(self.contours_changed))
    }

    /// Whether the relief of a big map is still to be painted where the
    /// ground changed ([`RELIEF_SLICE`]). Frames bring it up to the ground.
    pub fn relief_behind(&self) -> bool {
        self.relief_due.iter().any(Option::is_some)
    }

    /// Whether the contours drawn on a big map ([`MapView::contours_drawn`])
    /// are behind the ground shown: a refresh is under way, or the ground
    /// changed since they were traced. Frames bring them up to it. (Never
    /// on a smaller map: its contours are traced whenever due, and the
    /// sketch knows when they wait their turn,
    /// [`crate::draw::line_cadence::Cadence::lines_behind`].)
    pub fn contours_behind(&self, terrain: &Terrain) -> bool {
        let big = is_big(terrain.grid());
        let changed = !self.original && self.traced.is_some_and(|t| t.edition != terrain.edition());
        big && (self.refreshing.is_some() || changed)
    }

    /// Draws the map `factor` times coarser than its grid (a power of two,
    /// [`crate::draw::level_of_detail::factor`]), or at its grid with 1.
    pub fn set_detail(&mut self, factor: usize) {
        self.detail = factor.max(1);
    }

    /// How much coarser than its grid the map is drawn.
    pub fn detail(&self) -> usize {
        self.detail.max(1)
    }

    /// The grid the relief and contours are drawn on: the terrain's, or
    /// the coarser one of its blocks.
    pub fn drawn_grid(&self, terrain: &Terrain) -> Grid {
        coarse_grid(terrain.grid(), self.detail())
    }

    /// Brings the blocks' mean heights up to the ground shown, where it
    /// changed since they were made; lets them go when the map is drawn at
    /// its own grid.
    fn refresh_coarse(&mut self, terrain: &Terrain) {
        self.note_coarse(terrain);
        self.every_mean_up_to_date(terrain);
    }

    /// Brings every block's mean noted behind ([`MapView::note_coarse`])
    /// up to the ground shown.
    fn every_mean_up_to_date(&mut self, terrain: &Terrain) {
        let (ground, factor, all) = (shown_of(self.original, terrain), self.detail(), 0..self.coarse_due.len());
        means_up_to_date(&mut self.coarse, &mut self.coarse_due, terrain.grid(), ground, factor, all);
    }

    /// Notes where the ground shown changed since the blocks' means were
    /// last brought up to it ([`means_up_to_date`] makes them);
    /// makes them all at once where they are new.
    fn note_coarse(&mut self, terrain: &Terrain) {
        let factor = self.detail();
        if factor == 1 {
            (self.coarse, self.coarse_of) = (Vec::new(), None);
            self.coarse_due.clear();
            return;
        }
        let (grid, into) = (terrain.grid(), coarse_grid(terrain.grid(), factor));
        let now = DrawnOf::of(terrain, self.original, factor);
        let kept = self.coarse_of.filter(|_| self.coarse.len() == into.cells());
        match now.again_since(kept, terrain) {
            Again::Nothing => {}
            Again::Parts(parts) => {
                for (cols, rows) in parts.into_iter().map(|part| coarse_part(factor, part)) {
                    mark_due(&mut self.coarse_due[rows], cols);
                }
            }
            Again::Whole => {
                self.coarse.resize(into.cells(), 0.0);
                let shown = shown_of(self.original, terrain);
                mean_of_blocks(grid, shown, factor, &mut self.coarse, (0..into.cols, 0..into.rows));
                self.coarse_due.clear();
                self.coarse_due.resize(into.rows, None);
            }
        }
        self.coarse_of = Some(now);
    }

    /// How many coarse rows' means are behind the ground.
    #[cfg(test)]
    fn coarse_rows_behind(&self) -> usize {
        self.coarse_due.iter().filter(|d| d.is_some()).count()
    }

    /// The shaded relief of the ground shown in `scheme`, RGBA, one pixel
    /// per cell of the grid it is drawn on ([`MapView::drawn_grid`]).
    /// Painted again only where the ground changed since it was last
    /// painted ([`Terrain::changed_tiles`]), if that was of the same
    /// terrain, scheme, sea, detail and ground shown, without a layer over
    /// it.
    pub fn relief(&mut self, terrain: &Terrain, scheme: &'static ColorScheme) -> &[u8] {
        if self.bands.as_ref().map(|(key, _)| *key) != Some(scheme.key) {
            self.bands = Some((scheme.key, relief::band_colors(scheme)));
        }
        let factor = self.detail();
        // A big map's blocks' means are made as the rows they shade are
        // painted, a slice of rows a frame, not all of them each frame
        let big = is_big(terrain.grid());
        self.note_coarse(terrain);
        let now = DrawnOf::of(terrain, self.original, (scheme.key, factor));
        let grid = self.drawn_grid(terrain);
        let painted = self.painted.filter(|_| self.pixels.len() == grid.cells() * 4);
        // Each part with the cells either side, whose shade reads it; past
        // most of the map, painting it whole is quicker than by parts
        let grow = |r: Range<usize>, n: usize| r.start.saturating_sub(1)..(r.end + 1).min(n);
        let parts = match now.again_since(painted, terrain) {
            Again::Nothing => Some(Vec::new()),
            Again::Parts(parts) => Some(
                parts
                    .into_iter()
                    .map(|part| coarse_part(factor, part))
                    .map(|(c, r)| (grow(c, grid.cols), grow(r, grid.rows)))
                    .collect(),
            ),
            Again::Whole => None,
        };
        // (painted whole, or a small map's parts: every block's mean first)
        if parts.is_none() || !big {
            self.every_mean_up_to_date(terrain);
        }
        let bands = self.bands.as_ref().map(|(_, b)| b.as_slice()).unwrap_or_default();
        let palette = relief::Palette::new(scheme, bands);
        let sea_level = terrain.settings().sea_level();
        let paint = |pixels: &mut [u8], shown, part| {
            relief::paint_part(grid, shown, factor as f64, sea_level, &palette, pixels, part)
        };
        if let (Some(parts), true) = (&parts, big) {
            for (cols, rows) in parts {
                mark_due(&mut self.relief_due[rows.clone()], cols.clone());
            }
            let turn = self.relief_turn;
            self.relief_turn = (turn + 1) % RELIEF_FRAMES;
            let rows: Vec<usize> = (0..grid.rows)
                .filter(|&y| (y / RELIEF_SLICE) % RELIEF_FRAMES == turn && self.relief_due[y].is_some())
                .collect();
            // (a row's shade reads the rows either side)
            let ground = shown_of(self.original, terrain);
            for &y in &rows {
                let near = y.saturating_sub(1)..y + 2;
                means_up_to_date(&mut self.coarse, &mut self.coarse_due, terrain.grid(), ground, factor, near);
            }
            let (_, shown) = drawn_ground(factor, &self.coarse, self.original, terrain);
            for y in rows {
                if let Some(cols) = self.relief_due[y].take() {
                    paint(&mut self.pixels, shown, (cols, y..y + 1));
                }
            }
            self.painted = Some(now);
            return &self.pixels;
        }
        let (_, shown) = drawn_ground(factor, &self.coarse, self.original, terrain);
        self.relief_due.clear();
        self.relief_due.resize(grid.rows, None);
        let cells =
            |parts: &[(Range<usize>, Range<usize>)]| parts.iter().map(|(c, r)| c.len() * r.len()).sum::<usize>();
        match parts.filter(|p| cells(p) < grid.cells() * 3 / 4) {
            Some(parts) => {
                for part in parts {
                    paint(&mut self.pixels, shown, part);
                }
            }
            None => {
                self.pixels.resize(grid.cells() * 4, 0);
                paint(&mut self.pixels, shown, (0..grid.cols, 0..grid.rows));
            }
        }
        self.painted = Some(now);
        &self.pixels
    }

    /// The relief with `layer` laid over it ([`layers::paint`]), and its
    /// legend.
    pub fn layer(
        &mut self,
        terrain: &Terrain,
        scheme: &'static ColorScheme,
        layer: Layer,
        water: &[f32],
    ) -> (&[u8], Legend) {
        self.relief(terrain, scheme);
        let values = self.layer_values(terrain, layer, water);
        let factor = self.detail();
        let top = if factor == 1 || layer == Layer::Relief {
            layers::paint(layer, &values, &mut self.pixels)
        } else {
            // Each block's largest value: its top is the map's
            let (grid, into) = (terrain.grid(), self.drawn_grid(terrain));
            self.coarse_layer.resize(into.cells(), 0.0);
            reduce(grid, &values, factor, &mut self.coarse_layer, (0..into.cols, 0..into.rows), f32::max);
            layers::paint(layer, &self.coarse_layer, &mut self.pixels)
        };
        if layer != Layer::Relief {
            // The pixels are the relief no more
            self.painted = None;
        }
        (&self.pixels, Legend { layer, top })
    }

    /// `layer` for the 3D view to drape over the ground shown
    /// ([`layers::drape`]: over the scheme's colours before the light, which
    /// the view adds), RGBA a cell, empty for the relief; and its legend.
    pub fn drape(&self, terrain: &Terrain, scheme: &ColorScheme, layer: Layer, water: &[f32]) -> (Vec<u8>, Legend) {
        if layer == Layer::Relief {
            return (Vec::new(), Legend { layer, top: 0.0 });
        }
        let bands = relief::band_colors(scheme);
        let palette = relief::Palette::new(scheme, &bands);
        let sea = terrain.settings().sea_level();
        let ground = self
            .shown(terrain)
            .iter()
            .map(|&h| palette.ground(h as f64, sea).color().map(|c| c.round().clamp(0.0, 255.0) as u8));
        let (pixels, top) = layers::drape(layer, &self.layer_values(terrain, layer, water), ground);
        (pixels, Legend { layer, top })
    }

    /// What `layer` shows of each cell: for erosion and deposition, the
    /// rain's work: the ground shown against the ground without it (the
    /// start with the hand's work, [`Terrain::without_rain`]; none moved
    /// when the start is what is shown); `water`, the flow drawn through
    /// each cell, for flow (and the relief, which shows nothing of it).
    fn layer_values<'a>(&self, terrain: &Terrain, layer: Layer, water: &'a [f32]) -> Cow<'a, [f32]> {
        let before = if self.original { terrain.original() } else { terrain.without_rain() };
        let now = self.shown(terrain);
        match layer {
            Layer::Erosion => Cow::Owned(erosion(before, now)),
            Layer::Deposition => Cow::Owned(deposition(before, now)),
            Layer::Flow | Layer::Relief => Cow::Borrowed(water),
        }
    }
}

/// The heights shown: the terrain now, or before any rain.
fn shown_of(original: bool, terrain: &Terrain) -> &[f32] {
    if original {
        terrain.original()
    } else {
        terrain.heights()
    }
}

/// Marks the columns `cols` due in each row of `rows` (a row's due
/// columns, if any, widened to take them in).
fn mark_due(rows: &mut [Option<Range<usize>>], cols: Range<usize>) {
    for due in rows {
        *due = Some(due.take().map_or(cols.clone(), |d| d.start.min(cols.start)..d.end.max(cols.end)));
    }
}

/// The blocks' means `coarse` of `heights` on `grid` (`factor` cells a
/// side) brought up to them in the coarse rows `rows`, where `due` says
/// which columns are behind.
fn means_up_to_date(
    coarse: &mut [f32],
    due: &mut [Option<Range<usize>>],
    grid: Grid,
    heights: &[f32],
    factor: usize,
    rows: Range<usize>,
) {
    let rows = rows.start.min(due.len())..rows.end.min(due.len());
    for y in rows {
        if let Some(cols) = due[y].take() {
            mean_of_blocks(grid, heights, factor, coarse, (cols, y..y + 1));
        }
    }
}

/// The grid the map is drawn on at `factor` and its heights: the ground
/// shown, or the blocks' means in `coarse`.
fn drawn_ground<'a>(factor: usize, coarse: &'a [f32], original: bool, terrain: &'a Terrain) -> (Grid, &'a [f32]) {
    if factor == 1 {
        (terrain.grid(), shown_of(original, terrain))
    } else {
        (coarse_grid(terrain.grid(), factor), coarse)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::choices::{Choice, Preset};

    #[test]
    fn the_rivers_follow_the_seed_and_the_map_size() {
        let mut map = MapView::default();
        let mut terrain = Terrain::new(3);
        terrain.rain(5_000);
        let first = map.rivers(&terrain).water.clone();
        assert_eq!(first.len(), Grid::ARTICLE.cells());
        // The ripple is the seed's: a new seed routes over its own
        terrain.reset(4);
        terrain.rain(5_000);
        let other = map.rivers(&terrain).water.clone();
        let mut fresh = MapView::default();
        assert_eq!(other, fresh.rivers(&terrain).water, "a kept ripple is the one a new view makes");
        // A bigger map is routed on its own grid
        terrain.choose(Choice::MapSize, 1);
        assert_eq!(map.rivers(&terrain).water.len(), 640 * 360);
        assert_eq!(map.relief(&terrain, crate::draw::color_schemes::SCHEMES.first().unwrap()).len(), 640 * 360 * 4);
    }

    #[test]
    fn a_big_maps_relief_is_painted_where_the_ground_changed_a_slice_of_rows_a_frame() {
        let scheme = crate::draw::color_schemes::SCHEMES.first().unwrap();
        let mut terrain = Terrain::new(4);
        terrain.choose(Choice::MapSize, 4);
        assert_eq!(terrain.grid(), Grid::new(1024, 1024));
        let at_half = || {
            let mut map = MapView::default();
            map.set_detail(2);
            map
        };
        let mut map = at_half();
        map.relief(&terrain, scheme);
        assert!(!map.relief_behind(), "painted whole at first");
        terrain.rain(3_000);
        let now = at_half().relief(&terrain, scheme).to_vec();
        let row = |pixels: &[u8], y: usize| pixels[y * 512 * 4..(y + 1) * 512 * 4].to_vec();
        let (mut behind, mut means_behind) = (0, Vec::new());
        for frame in 0..RELIEF_FRAMES {
            let drawn = map.relief(&terrain, scheme).to_vec();
            for y in 0..512 {
                if (y / RELIEF_SLICE) % RELIEF_FRAMES <= frame {
                    assert_eq!(row(&drawn, y), row(&now, y), "row {y}, painted by frame {frame}");
                } else if row(&drawn, y) != row(&now, y) {
                    behind += 1;
                }
            }
            assert_eq!(map.relief_behind(), frame + 1 < RELIEF_FRAMES);
            // The blocks' means the relief is painted from are made as
            // their rows are painted, not all of them each frame
            means_behind.push(map.coarse_rows_behind());
        }
        assert!(behind > 300, "{behind} rows were still to paint");
        assert!(means_behind[0] > 250 && means_behind.windows(2).all(|w| w[0] > w[1]), "{means_behind:?}");
        assert_eq!(means_behind[RELIEF_FRAMES - 1], 0);
        assert_eq!(map.relief(&terrain, scheme), &now[..]);
        // The contours trace them all: a refresh brings every row up first
        terrain.rain(3_000);
        map.relief(&terrain, scheme);
        assert!(map.coarse_rows_behind() > 250);
        map.contours_drawn(&terrain, Cadence::EveryFrame);
        assert_eq!(map.coarse_rows_behind(), 0);
    }

    #[test]
    fn the_tutorials_rivers_are_its_flow_accumulation() {
        let mut terrain = Terrain::new(5);
        terrain.pick_preset(Preset::Tutorial);
        terrain.rain(2_000);
        let mut map = MapView::default();
        let water = map.rivers(&terrain).water.clone();
        assert_eq!(water, flow_accumulation(terrain.grid(), terrain.heights()).water);
    }

    #[test]
    fn the_edition_changes_with_the_ground_shown() {
        let mut map = MapView::default();
        let mut terrain = Terrain::new(1);
        let fresh = map.edition(&terrain);
        map.set_show_original(true);
        let original = map.edition(&terrain);
        terrain.rain(10);
        let rained = map.edition(&terrain);
        assert_eq!([fresh == original, original == rained, fresh == rained], [false; 3]);
    }
}
