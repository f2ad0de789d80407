//! Raining a shared map again: the drops of its link, with each change of
//! its timeline and each touch of the reader's hand applied at the drop
//! count it took effect, in slices of any size (a page rains a slice a
//! frame and stays responsive).
//!
//! ```
//! use hydraulic_erosion::settings::sliders::Setting;
//! use hydraulic_erosion::share::replay::Replay;
//! use hydraulic_erosion::share::timeline::Change;
//! use hydraulic_erosion::terrain::Terrain;
//!
//! let mut played = Terrain::new(5);
//! played.rain(700);
//! played.set(Setting::Erosion, 0.8);
//! played.rain(300);
//!
//! let change = Change { drops: 700, setting: Setting::Erosion, value: 0.8 };
//! let mut replayed = Terrain::new(5);
//! let mut replay = Replay::new(1000, vec![change]);
//! while !replay.advance(&mut replayed, 64) {}
//! assert_eq!(replayed.heights(), played.heights());
//! ```

use super::timeline::Change;
use crate::sculpt::stamp::Tool;
use crate::sculpt::stroke::{Hand, Touch};
use crate::terrain::Terrain;

/// A replay under way: the drops to reach and the changes still to make.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    target: u64,
    changes: Vec<Change>,
    /// The first change not yet made.
    next: usize,
    hand: Vec<Touch>,
    /// The first touch not yet made, and how many of the first touches the
    /// heights had already taken when the replay began.
    next_touch: usize,
    taken: usize,
}

impl Replay {
    /// A replay to `target` drops, making `changes` (in order of drops) on
    /// the way; changes past the target are not part of it.
    pub fn new(target: u64, mut changes: Vec<Change>) -> Replay {
        changes.retain(|c| c.drops <= target);
        Replay { target, changes, next: 0, hand: Vec::new(), next_touch: 0, taken: 0 }
    }

    /// The replay also makes the hand's `touches` (in order) at their drop
    /// counts, but for the first `taken`, which the heights it starts from
    /// have taken already: of those, only where the rain's tool poured is
    /// made again, the ground is not stamped twice. Touches past the
    /// target are not part of it.
    pub fn with_hand(mut self, mut touches: Vec<Touch>, taken: usize) -> Replay {
        touches.retain(|t| t.drops <= self.target);
        self.taken = taken.min(touches.len());
        self.hand = touches;
        self
    }

    /// The drops the replay rains in all.
    pub fn target(&self) -> u64 {
        self.target
    }

    /// Rains at most `budget` more drops on `terrain`, making each change as
    /// its drop count is reached, and says whether the replay is done. On
    /// return every change up to the drops fallen has been made, so the map
    /// is always one its timeline up to there describes.
    pub fn advance(&mut self, terrain: &mut Terrain, budget: u32) -> bool {
        let mut left = budget as u64;
        loop {
            while let Some(change) = self.changes.get(self.next).filter(|c| c.drops <= terrain.drops()) {
                terrain.set(change.setting, change.value);
                self.next += 1;
            }
            while let Some(touch) = self.hand.get(self.next_touch).filter(|t| t.drops <= terrain.drops()) {
                let stamps_the_ground = matches!(touch.hand, Hand::Stamp(s) if s.tool != Tool::Rain);
                if self.next_touch >= self.taken || !stamps_the_ground {
                    terrain.touch(touch.hand);
                }
                self.next_touch += 1;
            }
            let next_change = self.changes.get(self.next).map(|c| c.drops);
            let next_touch = self.hand.get(self.next_touch).map(|t| t.drops);
            let until = next_change.into_iter().chain(next_touch).min().unwrap_or(self.target);
            let n = until.saturating_sub(terrain.drops()).min(left).min(u32::MAX as u64);
            if n == 0 {
                break;
            }
            terrain.rain(n as u32);
            left -= n;
        }
        self.is_done(terrain)
    }

    /// Whether every drop has fallen and every change been made.
    pub fn is_done(&self, terrain: &Terrain) -> bool {
        terrain.drops() >= self.target && self.next == self.changes.len() && self.next_touch == self.hand.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::sliders::Setting;

    fn change(drops: u64, setting: Setting, value: f64) -> Change {
        Change { drops, setting, value }
    }

    #[test]
    fn changes_are_made_at_their_drop_count_whatever_the_slices() {
        let changes = vec![
            change(150, Setting::BrushRadius, 4.0),
            change(150, Setting::Inertia, 0.3),
            change(401, Setting::SeaLevel, 0.4),
            change(900, Setting::Erosion, 0.9),
        ];
        let mut played = Terrain::new(3);
        let mut at = 0;
        for c in &changes {
            played.rain((c.drops - at) as u32);
            played.set(c.setting, c.value);
            at = c.drops;
        }
        for budget in [1, 7, 150, 251, 100_000] {
            let mut replayed = Terrain::new(3);
            let mut replay = Replay::new(900, changes.clone());
            let mut slices = 0;
            while !replay.advance(&mut replayed, budget) {
                slices += 1;
                assert!(slices < 1000, "the replay ends");
            }
            assert_eq!(replayed.heights_hash(), played.heights_hash(), "slices of {budget}");
            assert_eq!(replayed.settings(), played.settings(), "the last change, at the last drop, is made");
        }
    }

    #[test]
    fn each_slice_rains_at_most_its_budget_and_stops_with_its_changes_made() {
        let mut terrain = Terrain::new(1);
        let mut replay = Replay::new(1000, vec![change(250, Setting::Erosion, 0.6)]);
        assert!(!replay.advance(&mut terrain, 250));
        assert_eq!(terrain.drops(), 250);
        assert_eq!(terrain.settings().erosion(), 0.6, "the change at 250 is made before the slice returns");
        assert!(!replay.advance(&mut terrain, 700));
        assert_eq!(terrain.drops(), 950);
        assert!(replay.advance(&mut terrain, 700));
        assert_eq!(terrain.drops(), 1000);
    }

    #[test]
    fn changes_past_the_target_are_not_made_and_no_drops_is_done_at_once() {
        let mut terrain = Terrain::new(1);
        let mut replay = Replay::new(0, vec![change(10, Setting::Erosion, 0.6)]);
        assert!(replay.advance(&mut terrain, 5));
        assert_eq!((terrain.drops(), terrain.settings().erosion()), (0, 0.3));
    }
}
