//! The four measures of a map together, and what each is compared to: the
//! range real land gives and where that range comes from. The sketch takes
//! them every [`MEASURE_EVERY`] drops, so a reader can watch them move as
//! the rain falls.
//!
//! ```
//! use hydraulic_erosion::draw::map_view::MapView;
//! use hydraulic_erosion::morphometry::measures::Measures;
//! use hydraulic_erosion::terrain::Terrain;
//! let mut terrain = Terrain::new(1);
//! terrain.rain(20_000);
//! let drainage = MapView::default().rivers(&terrain).clone();
//! let m = Measures::of(&terrain, &drainage);
//! assert!(m.hypsometric_integral > 0.0 && m.hypsometric_integral < 1.0);
//! assert!(m.hack_exponent.is_finite() && m.concavity.is_finite());
//! ```
//!
//! [`MEASURE_EVERY`]: crate::morphometry::measures::MEASURE_EVERY

use crate::hydrology::flow_routing::Drainage;
use crate::morphometry::channels::channel_area;
use crate::morphometry::drainage_density::drainage_density;
use crate::morphometry::hacks_law::hack_exponent;
use crate::morphometry::hypsometry::hypsometric_integral;
use crate::morphometry::slope_area::concavity;
use crate::raster::side_by_side::both;
use crate::terrain::Terrain;

/// The sketch measures the map again after this many drops (and whenever
/// the rain stops): often enough for a line that moves, seldom enough to
/// cost nothing a frame.
pub const MEASURE_EVERY: u64 = 5_000;

/// A map's measures, each NaN where the map gives too little to measure
/// (no land, or too few channels to fit a line through).
#[derive(Clone, Copy, Debug)]
pub struct Measures {
    /// [`hypsometric_integral`] of the land above the sea.
    pub hypsometric_integral: f64,
    /// [`hack_exponent`] h of the channels.
    pub hack_exponent: f64,
    /// [`concavity`] θ of the channels.
    pub concavity: f64,
    /// [`drainage_density`]: channel cells per cell of land.
    pub drainage_density: f64,
}

/// The same measures: the same numbers, NaN where either has none.
impl PartialEq for Measures {
    fn eq(&self, other: &Measures) -> bool {
        self.values().map(f64::to_bits) == other.values().map(f64::to_bits)
    }
}

impl Default for Measures {
    /// Nothing measured yet.
    fn default() -> Self {
        Measures {
            hypsometric_integral: f64::NAN,
            hack_exponent: f64::NAN,
            concavity: f64::NAN,
            drainage_density: f64::NAN,
        }
    }
}

/// One measure as the page shows it: its name, what it is in a few words,
/// the range real land gives and where that comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MeasureRow {
    /// Its name in `measures()` and `pageState()`.
    pub name: &'static str,
    pub label: &'static str,
    /// The range real land gives, if a map with no scale can be compared
    /// with one.
    pub real: Option<(f64, f64)>,
    /// Where the range comes from, in brief (the panel's) and in full.
    pub cite: &'static str,
    pub source: &'static str,
}

/// The measures in the order of [`Measures::values`].
pub const MEASURES: [MeasureRow; 4] = [
    MeasureRow {
        name: "hypsometricIntegral",
        cite: "Strahler 1952",
        label: "Hypsometric integral",
        real: Some((0.35, 0.6)),
        source: "Strahler 1952: land in equilibrium; above 0.6 young, below 0.35 worn down",
    },
    MeasureRow {
        name: "hackExponent",
        cite: "Hack 1957",
        label: "Hack's exponent h",
        real: Some((0.5, 0.6)),
        source: "Hack 1957; Rigon et al. 1996: L ∝ A^h in real basins",
    },
    MeasureRow {
        name: "concavity",
        cite: "Flint 1974",
        label: "Concavity θ",
        real: Some((0.4, 0.7)),
        source: "Flint 1974; Whipple & Tucker 1999: S ∝ A^−θ, about 0.5 at steady state",
    },
    MeasureRow {
        name: "drainageDensity",
        cite: "Horton 1945",
        label: "Drainage density",
        real: None,
        source: "Horton 1945: channel cells per land cell, channels where the map draws rivers (CHANNEL_AREA); real land is measured in km per km², which a map without a scale cannot be",
    },
];

impl Measures {
    /// The measures of `terrain`'s ground now, with its rain drained as
    /// `drainage` (routed over that ground), over the land above its sea.
    pub fn of(terrain: &Terrain, drainage: &Drainage) -> Measures {
        let (grid, heights) = (terrain.grid(), terrain.heights());
        let sea = terrain.settings().sea_level();
        let area = channel_area(grid);
        let nan = |m: Option<f64>| m.unwrap_or(f64::NAN);
        // (each reads the ground and its drainage alone: side by side)
        let ((hypsometric, hack), (concave, density)) = both(
            || both(|| hypsometric_integral(heights, sea), || hack_exponent(grid, heights, drainage, sea, area)),
            || {
                both(
                    || concavity(grid, heights, drainage, sea, area),
                    || drainage_density(heights, &drainage.water, sea, area),
                )
            },
        );
        Measures {
            hypsometric_integral: nan(hypsometric),
            hack_exponent: nan(hack),
            concavity: nan(concave),
            drainage_density: nan(density),
        }
    }

    /// The measures in the order of [`MEASURES`].
    pub fn values(&self) -> [f64; 4] {
        [self.hypsometric_integral, self.hack_exponent, self.concavity, self.drainage_density]
    }

    /// Measures from their values in the order of [`MEASURES`].
    pub fn from_values([hypsometric_integral, hack_exponent, concavity, drainage_density]: [f64; 4]) -> Measures {
        Measures { hypsometric_integral, hack_exponent, concavity, drainage_density }
    }
}

/// The measures taken as the rain fell: one sample every
/// [`MEASURE_EVERY`] drops since the ground was last made anew, and one
/// where it last stopped.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MeasureSeries {
    samples: Vec<(u64, Measures)>,
    last_where_it_stopped: bool,
}

impl MeasureSeries {
    /// Whether a sample is due at `drops` on a map of `article_maps`
    /// ([`Terrain::article_maps`]): none yet, or `drops` has reached the
    /// next multiple of [`MEASURE_EVERY`] that many times, or, `stopped`,
    /// anything new.
    pub fn due(&self, article_maps: u64, drops: u64, stopped: bool) -> bool {
        let every = MEASURE_EVERY * article_maps;
        match self.samples.last() {
            None => true,
            Some(&(last, _)) if drops < last => true,
            Some(&(last, _)) => drops != last && (stopped || drops / every > last / every),
        }
    }

    /// Where the sample due at `drops` on a map of `article_maps` came due
    /// as the rain fell: the multiple of [`MEASURE_EVERY`] that many times
    /// just past the last sample. None before the first sample, or with
    /// fewer drops than the last (a ground made anew).
    pub fn came_due_at(&self, article_maps: u64, drops: u64) -> Option<u64> {
        let every = MEASURE_EVERY * article_maps;
        let &(last, _) = self.samples.last()?;
        (drops >= last).then_some((last / every + 1) * every)
    }

    /// Keeps the measures taken at `drops`; `where_it_stopped` says it was
    /// taken where the rain stopped, between two of the regular samples,
    /// and gives way to the next sample. Fewer drops than the last
    /// sample's means the ground was made anew: the series starts again;
    /// as many means the hand changed it since: they take the last one's
    /// place.
    pub fn take(&mut self, drops: u64, measures: Measures, where_it_stopped: bool) {
        if self.samples.last().is_some_and(|&(last, _)| drops < last) {
            self.clear();
        }
        let same_drops = self.samples.last().is_some_and(|&(last, _)| drops == last);
        if same_drops || (self.last_where_it_stopped && self.samples.len() > 1) {
            self.samples.pop();
        }
        self.samples.push((drops, measures));
        self.last_where_it_stopped = where_it_stopped;
    }

    /// Forgets every sample (a new ground).
    pub fn clear(&mut self) {
        self.samples.clear();
        self.last_where_it_stopped = false;
    }

    /// Forgets the samples taken after `drops` (the map went back to
    /// then).
    pub fn forget_after(&mut self, drops: u64) {
        let before = self.samples.len();
        self.samples.retain(|&(at, _)| at <= drops);
        if self.samples.len() < before {
            // Only the last sample can be one where the rain stopped
            self.last_where_it_stopped = false;
        }
    }

    pub fn samples(&self) -> &[(u64, Measures)] {
        &self.samples
    }

    /// Whether the last sample was taken where the rain stopped.
    pub fn last_where_it_stopped(&self) -> bool {
        self.last_where_it_stopped
    }

    /// A series of `samples` (as [`MeasureSeries::samples`] gives them)
    /// whose last was, or was not, taken where the rain stopped.
    pub fn from_samples(samples: Vec<(u64, Measures)>, last_where_it_stopped: bool) -> MeasureSeries {
        MeasureSeries { samples, last_where_it_stopped }
    }

    /// The latest measures, or none taken yet.
    pub fn latest(&self) -> Measures {
        self.samples.last().map_or_else(Measures::default, |&(_, m)| m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raster::grid::Grid;

    #[test]
    fn samples_come_every_so_many_drops_and_where_the_rain_stops() {
        let mut series = MeasureSeries::default();
        let m = Measures::default();
        let g = 1;
        assert!(series.due(g, 0, false));
        series.take(0, m, false);
        assert!(!series.due(g, 4_999, false));
        assert!(series.due(g, 4_999, true), "the rain stopped: measured where it stands");
        series.take(4_999, m, true);
        assert!(series.due(g, 5_200, false));
        series.take(5_200, m, false);
        series.take(10_000, m, false);
        assert_eq!(series.samples().iter().map(|s| s.0).collect::<Vec<_>>(), [0, 5_200, 10_000], "the stop gave way");
        assert!(!series.due(g, 10_000, true), "nothing new");
        series.take(200, m, false);
        assert_eq!(series.samples().len(), 1, "a new ground starts the series again");
        // As many drops per cell on a bigger map: 73 times as many apart
        let big = Grid::new(2048, 2048).article_maps();
        assert!(!series.due(big, 72 * MEASURE_EVERY, false));
        assert!(series.due(big, 73 * MEASURE_EVERY, false));
        // Where a late sample came due: the multiple just past the last
        assert_eq!(series.came_due_at(big, 80 * MEASURE_EVERY), Some(73 * MEASURE_EVERY));
        assert_eq!(series.came_due_at(g, 199), None, "a ground made anew");
        assert_eq!(MeasureSeries::default().came_due_at(g, 10), None, "no sample yet");
    }

    #[test]
    fn the_table_follows_the_values() {
        let m = Measures::from_values([0.1, 0.2, 0.3, 0.4]);
        assert_eq!(m.values(), [0.1, 0.2, 0.3, 0.4]);
        assert_eq!((m.hack_exponent, m.drainage_density), (0.2, 0.4));
        assert!(Measures::default().values().iter().all(|v| v.is_nan()));
        assert_eq!(MEASURES.len(), m.values().len());
    }
}
