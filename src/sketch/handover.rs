//! Handing a running sketch to another build of itself (the page's first
//! build to the full one, the main thread to a worker): its link and what
//! the link does not carry ([`Carried`]), so the other carries on exactly
//! where it was, to the bit.

use super::history::History;
use super::{Replaying, Show, Sketch, Start};
use crate::morphometry::measures::MeasureSeries;
use crate::settings::sliders::Settings;
use crate::share::keyframes::Keyframes;
use crate::share::link::MapLink;
use crate::share::replay::Replay;

/// What a sketch hands to another build of itself (with its link, see
/// [`Sketch::handover`]) so that one carries on exactly where it was: its
/// ground now and how it got there.
#[derive(Clone, Debug, PartialEq)]
pub struct Carried {
    /// The settings in force now.
    pub settings: Settings,
    pub heights: Vec<f32>,
    /// The ground without the rain's work, if the hand had moved it.
    pub without_rain: Option<Vec<f32>>,
    pub drops: u64,
    pub steps: u64,
    pub frames: u64,
    pub looping: bool,
    /// Whether its timeline is exact (a link replays it).
    pub exact: bool,
    /// Whether the replay under way, if any, was cut down to what a link
    /// replays.
    pub capped: bool,
    /// The measures taken so far.
    pub measures: MeasureSeries,
    /// The reader's changes to undo and redo, and the heights kept to go
    /// back to.
    pub history: History,
    pub keyframes: Keyframes,
}

impl Sketch {
    /// What another build of the sketch needs to carry on exactly where this
    /// one is ([`Sketch::resume`]): the link (to a replay's end, if one is
    /// under way) and the state it does not carry.
    pub fn handover(&self) -> (MapLink, Carried) {
        let mut link = self.link();
        if let Some(r) = &self.replaying {
            link.drops = r.replay.target();
        }
        let t = &self.terrain;
        let carried = Carried {
            settings: t.settings().clone(),
            heights: t.heights().to_vec(),
            without_rain: t.hand_moved().map(<[f32]>::to_vec),
            drops: t.drops(),
            steps: t.steps(),
            frames: self.frames.count,
            looping: self.looping,
            exact: self.timeline.is_exact(),
            capped: self.replaying.as_ref().is_some_and(|r| r.capped),
            measures: self.measuring.series.clone(),
            history: self.past.history.clone(),
            keyframes: self.past.keyframes.clone(),
        };
        (link, carried)
    }

    /// A sketch that carries on where another build's was, from its
    /// [`Sketch::handover`]: `start` holds the link (the page's theme, motion
    /// preference and size as now). The map is the other's to the bit, and a
    /// replay under way goes on from where it was. None if the heights do
    /// not fit the link's map.
    pub fn resume(start: Start, carried: Carried) -> Option<Sketch> {
        let (target, changes, hand) = (start.link.drops, start.link.timeline.clone(), start.link.hand.clone());
        let mut sketch = Sketch::new(start);
        let Carried {
            settings,
            heights,
            without_rain,
            drops,
            steps,
            frames,
            looping,
            exact,
            capped,
            measures,
            history,
            keyframes,
        } = carried;
        if !sketch.terrain.carry_on(&settings, heights, without_rain, drops, steps) {
            return None;
        }
        if !exact {
            sketch.timeline.overflow();
        }
        sketch.frames.count = frames;
        sketch.looping = looping;
        sketch.measuring.series = measures;
        sketch.past.history = history;
        sketch.past.keyframes = keyframes;
        // The heights took the hand's touches up to their drops; where the
        // rain's tool pours is made again
        let taken = hand.iter().filter(|t| t.drops <= drops).count();
        let mut replay = Replay::new(target, changes).with_hand(hand, taken);
        let done = replay.advance(&mut sketch.terrain, 0);
        sketch.replaying = (!done).then_some(Replaying { replay, capped });
        sketch.shows.retain(|s| *s != Show::Busy(true));
        Some(sketch)
    }
}
