//! The measures' schedule: how like real land the map is, sampled every
//! [`MEASURE_EVERY`](crate::morphometry::measures::MEASURE_EVERY) drops
//! (as many again per article's map) while it rains or a big map's replay
//! goes on, and where the rain stops; each sample of the drainage the
//! rivers' routing has of the ground then ([`super::river_routing`]).

use super::river_routing::Sample;
use super::Sketch;
use crate::morphometry::measures::{MeasureSeries, Measures};

/// The measures taken, and the edition of the heights they were last
/// taken of.
#[derive(Clone, Debug, Default)]
pub(super) struct Measuring {
    pub series: MeasureSeries,
    pub measured_edition: Option<u64>,
}

impl Sketch {
    /// Whether a replay's measures are taken by the frames, as the rain's
    /// are ([`Sketch::measure`]), sharing the rivers drawn; else the replay
    /// takes each due on the way at its drop count, of the ground routed
    /// at once. A big map's are: there that routing would hold the frame,
    /// and its buffers the memory (some 150 MB at 2048 × 2048, which a
    /// worker's memory keeps once grown).
    pub(super) fn replay_measured_as_rain(&self) -> bool {
        self.map.routes_in_parts(&self.terrain)
    }

    /// Measures the ground now when a sample is due: every
    /// [`crate::morphometry::measures::MEASURE_EVERY`] drops while it rains
    /// or a big map's replay goes on, and where the rain stops. While this
    /// frame drew the drainage of the ground now, which is routed again
    /// every [`RIVER_EVERY`](crate::draw::river_view::RIVER_EVERY) frames
    /// as it rains, that routing is waited for and shared; a big map's
    /// waits for a routing of the ground begun since it came due
    /// ([`RiverRouting::ready_for_a_sample`](super::river_routing::RiverRouting::ready_for_a_sample)).
    pub(super) fn measure(&mut self) {
        self.rivers.no_sample_waits();
        let drops = self.terrain.drops();
        // A replay is measured as rain falling, once it is past the
        // samples kept of the map it replays
        let replaying = self.replaying.is_some();
        if replaying && self.measuring.series.samples().last().is_some_and(|&(last, _)| drops < last) {
            return;
        }
        let stopped = !self.looping && !replaying;
        // Stopped, the hand may have changed the ground at the same drops:
        // once its stroke is done, the measures follow it
        let handed =
            stopped && self.brush.pressed.is_none() && self.measuring.measured_edition != Some(self.terrain.edition());
        if !self.measuring.series.due(self.terrain.article_maps(), drops, stopped) && !handed {
            return;
        }
        let sample = Sample {
            frame: self.frames.count,
            stopped,
            came_due_at: self.measuring.series.came_due_at(self.terrain.article_maps(), drops),
            first: self.measuring.series.samples().is_empty(),
        };
        if !self.rivers.ready_for_a_sample(&mut self.map, &self.terrain, sample) {
            return;
        }
        self.measuring.measured_edition = Some(self.terrain.edition());
        let measures = Measures::of(&self.terrain, self.map.last_rivers(&self.terrain));
        self.measuring.series.take(drops, measures, stopped);
    }
}
