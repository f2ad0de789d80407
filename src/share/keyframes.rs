//! Heights kept at moments of a map's rain, so that going back to a moment
//! (undo, redo, rewinding the rain) replays only the drops since the
//! nearest kept one, not every drop from the first.
//!
//! A keyframe is the heights after some drops and the link of the map as it
//! was then. It stands in for the replay of any link that rains the same
//! ground (seed, choices, the settings that build the ground and those the
//! rain starts with) with the same changes before its drop count: the
//! heights then are the same, to the bit, and the rest is replayed from
//! there. So the links stay the one history (undo keeps links, not copies
//! of the reader's inputs), and a keyframe only saves time.
//!
//! ```
//! use hydraulic_erosion::share::keyframes::Keyframes;
//! use hydraulic_erosion::share::link::MapLink;
//! use hydraulic_erosion::terrain::Terrain;
//! let mut terrain = Terrain::new(3);
//! terrain.rain(500);
//! let link = MapLink { seed: Some(3), drops: 500, ..MapLink::default() };
//! let mut keyframes = Keyframes::default();
//! keyframes.keep(&link, &terrain);
//! let later = MapLink { drops: 800, ..link.clone() };
//! assert_eq!(keyframes.nearest(&later).map(|k| k.drops()), Some(500));
//! let earlier = MapLink { drops: 400, ..link };
//! assert!(keyframes.nearest(&earlier).is_none(), "nothing kept before 400 drops");
//! ```

use super::link::MapLink;
use crate::settings::choices::Choice;
use crate::settings::sliders::Setting;
use crate::terrain::Terrain;

/// While it rains, heights are kept every this many drops (on the
/// article's map, replaying as many takes about 40 ms in Chromium, so a
/// rewind anywhere is shown within a few frames).
pub const KEYFRAME_EVERY: u64 = 10_000;
/// The heights kept take at most this many bytes in all: 140 of the
/// article's maps (57,600 cells of 4 bytes), 32 of the 512 × 512 one. Past
/// it, the keyframe used longest ago goes.
pub const KEYFRAME_BYTES: usize = 32 << 20;

/// The heights of a map at a moment of its rain.
#[derive(Clone, Debug, PartialEq)]
pub struct Keyframe {
    /// The map as it was: its drops are the keyframe's.
    link: MapLink,
    /// Whether its link describes how the heights came to be: false once
    /// the timeline outgrew what a link carries, when the keyframe stands
    /// for that very link alone.
    exact: bool,
    steps: u64,
    heights: Vec<f32>,
    /// The ground then without the rain's work, if the hand had moved it
    /// ([`Terrain::without_rain`]).
    without_rain: Option<Vec<f32>>,
    /// When it was last kept or used, to let the stalest go first.
    used: u64,
}

impl Keyframe {
    /// The drops fallen when the heights were kept.
    pub fn drops(&self) -> u64 {
        self.link.drops
    }

    /// The steps the drops had taken between them.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    pub fn heights(&self) -> &[f32] {
        &self.heights
    }

    pub fn without_rain(&self) -> Option<&[f32]> {
        self.without_rain.as_deref()
    }

    pub fn link(&self) -> &MapLink {
        &self.link
    }

    /// Whether these heights are those `link` gives after this keyframe's
    /// drops: the same ground and start, the same changes before them, and
    /// at least as many drops.
    pub fn stands_for(&self, link: &MapLink) -> bool {
        let drops = self.drops();
        if !self.exact {
            return same_ground(&self.link, link)
                && link.drops == drops
                && link.timeline.is_empty()
                && link.hand.is_empty();
        }
        continues(&self.link, link)
    }

    /// Whether the link says how the heights came to be (see
    /// [`Keyframes::keep_heights`]).
    pub fn is_exact(&self) -> bool {
        self.exact
    }
}

/// The drops up to which two links rain the same heights (None on
/// different ground, where not even the first heights are the same): up to the first change one makes and the other
/// does not (a change made at some drops shapes the drops after), and at
/// most the drops of either.
///
/// ```
/// use hydraulic_erosion::settings::sliders::Setting;
/// use hydraulic_erosion::share::keyframes::shared_until;
/// use hydraulic_erosion::share::link::MapLink;
/// use hydraulic_erosion::share::timeline::Change;
/// let change = |drops, value| Change { drops, setting: Setting::Erosion, value };
/// let a = MapLink { drops: 900, timeline: vec![change(100, 0.5), change(400, 0.6)], ..MapLink::default() };
/// let b = MapLink { drops: 700, timeline: vec![change(100, 0.5), change(250, 0.9)], ..MapLink::default() };
/// assert_eq!(shared_until(&a, &b), Some(250));
/// let elsewhere = MapLink { seed: Some(1), ..b };
/// assert_eq!(shared_until(&a, &elsewhere), None);
/// ```
pub fn shared_until(a: &MapLink, b: &MapLink) -> Option<u64> {
    if !same_ground(a, b) {
        return None;
    }
    let mut until = a.drops.min(b.drops);
    let (mut x, mut y) = (a.timeline.iter(), b.timeline.iter());
    loop {
        match (x.next(), y.next()) {
            (Some(p), Some(q)) if p == q => continue,
            (None, None) => break,
            (p, q) => {
                let first = p.into_iter().chain(q).map(|c| c.drops).min().unwrap_or(until);
                until = until.min(first);
                break;
            }
        }
    }
    // The hand's touches likewise: the first that one made and the other
    // did not ends what they share
    let differs = a.hand.iter().zip(&b.hand).position(|(p, q)| p != q);
    let first_apart = match differs {
        Some(k) => Some(a.hand[k].drops.min(b.hand[k].drops)),
        None => a.hand.get(b.hand.len()).or(b.hand.get(a.hand.len())).map(|t| t.drops),
    };
    Some(first_apart.map_or(until, |d| until.min(d)))
}

/// Whether `to` carries on from `from`: raining on from the map `from`
/// describes, with the changes of `to` made on the way, gives the map `to`
/// describes.
///
/// The hand's touches at `from`'s very drops count too: `to` must have made
/// all that `from` made (its heights took them), and may make more.
pub fn continues(from: &MapLink, to: &MapLink) -> bool {
    to.drops >= from.drops && shared_until(from, to) == Some(from.drops) && to.hand.starts_with(&from.hand)
}

/// Whether two links rain on the same ground from the same start: the same
/// seed, the same choices that restart the rain, and the same values of
/// every setting that builds the ground or shapes the rain (the latter as
/// the rain started). What only changes the look (contours, the drops a
/// frame, the height of the 3D view, the scheme, toggles) does not count.
pub fn same_ground(a: &MapLink, b: &MapLink) -> bool {
    let counts = |s: &Setting| s.shapes_the_rain() || s.slider().builds_the_terrain;
    a.seed == b.seed
        && a.ground == b.ground
        && Choice::ALL.into_iter().filter(|c| c.restarts_the_rain()).all(|c| a.choices.get(c) == b.choices.get(c))
        && Setting::ALL.iter().filter(|s| counts(s)).all(|&s| a.settings.get(s) == b.settings.get(s))
}

/// Why heights were kept.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kept {
    /// At a reader's change, or to go back to.
    AtAChange,
    /// Every so many drops of the rain.
    OnTheBeat,
}

/// The keyframes kept, within [`KEYFRAME_BYTES`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Keyframes {
    kept: Vec<Keyframe>,
    /// Counts keeps and uses, for [`Keyframe::used`].
    clock: u64,
}

impl Keyframes {
    /// Keeps the heights of `terrain` now, whose map `link` describes (at
    /// the terrain's drops).
    pub fn keep(&mut self, link: &MapLink, terrain: &Terrain) {
        self.keep_heights(link, true, terrain.steps(), terrain.heights(), terrain.hand_moved());
    }

    /// Keeps `heights` after `link.drops` drops and `steps` steps, and the
    /// ground then `without_rain` if the hand had moved it; `exact` says
    /// whether the link's timeline is how they came to be. Keeping the
    /// heights of a moment kept already only marks them as used.
    pub fn keep_heights(
        &mut self,
        link: &MapLink,
        exact: bool,
        steps: u64,
        heights: &[f32],
        without_rain: Option<&[f32]>,
    ) {
        self.keep_kept_for(link, exact, steps, (heights, without_rain), Kept::AtAChange);
    }

    fn keep_kept_for(
        &mut self,
        link: &MapLink,
        exact: bool,
        steps: u64,
        (heights, without_rain): (&[f32], Option<&[f32]>),
        kept_for: Kept,
    ) {
        self.clock += 1;
        let clock = self.clock;
        let same_moment = |k: &Keyframe| {
            k.exact == exact && k.stands_for(link) && k.drops() == link.drops && k.link.hand == link.hand
        };
        if let Some(k) = self.kept.iter_mut().find(|k| same_moment(k)) {
            k.used = clock;
            return;
        }
        // (a replay under way has its changes to come in its timeline)
        let timeline = link.timeline.iter().filter(|c| c.drops <= link.drops).copied().collect();
        let hand = link.hand.iter().filter(|t| t.drops <= link.drops).copied().collect();
        let link = MapLink { timeline, hand, ..link.clone() };
        let (heights, without_rain) = (heights.to_vec(), without_rain.map(<[f32]>::to_vec));
        let used = if kept_for == Kept::OnTheBeat { 0 } else { clock };
        self.kept.push(Keyframe { link, exact, steps, heights, without_rain, used });
        self.keep_within_budget();
    }

    /// Keeps heights as [`Keyframes::keep_heights`] does, on the rain's beat
    /// ([`Keyframes::due`]) rather than at a moment a reader made: such
    /// heights count as never used, so past the budget they go before any
    /// kept at a reader's change (whose undo then stays a copy, on a big
    /// map too, where the budget holds two), the oldest first.
    pub fn keep_on_the_beat(
        &mut self,
        link: &MapLink,
        exact: bool,
        steps: u64,
        heights: &[f32],
        without_rain: Option<&[f32]>,
    ) {
        self.keep_kept_for(link, exact, steps, (heights, without_rain), Kept::OnTheBeat);
    }

    /// Lets the stalest kept heights go while they take more than
    /// [`KEYFRAME_BYTES`], keeping at least one.
    fn keep_within_budget(&mut self) {
        while self.bytes() > KEYFRAME_BYTES && self.kept.len() > 1 {
            let stalest = (0..self.kept.len()).min_by_key(|&i| self.kept[i].used).expect("more than one kept");
            self.kept.remove(stalest);
        }
    }

    /// The kept heights nearest before the map `link` describes (the most
    /// drops), marked as used; None if none stands for it.
    pub fn nearest(&mut self, link: &MapLink) -> Option<&Keyframe> {
        self.clock += 1;
        let clock = self.clock;
        let nearest =
            self.kept.iter_mut().filter(|k| k.stands_for(link)).max_by_key(|k| (k.drops(), k.link.hand.len()))?;
        nearest.used = clock;
        Some(nearest)
    }

    /// Whether heights are due to be kept as the rain went from `before`
    /// drops to `after` on a map of `article_maps`
    /// ([`Terrain::article_maps`]): it passed a multiple of
    /// [`KEYFRAME_EVERY`] that many times.
    pub fn due(article_maps: u64, before: u64, after: u64) -> bool {
        let every = KEYFRAME_EVERY * article_maps;
        after / every > before / every
    }

    /// The bytes the kept heights take.
    pub fn bytes(&self) -> usize {
        let cells = |k: &Keyframe| k.heights.len() + k.without_rain.as_ref().map_or(0, Vec::len);
        self.kept.iter().map(|k| cells(k) * std::mem::size_of::<f32>()).sum()
    }

    pub fn kept(&self) -> &[Keyframe] {
        &self.kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::choices::Choices;
    use crate::share::timeline::Change;

    fn link(seed: u32, drops: u64, timeline: Vec<Change>) -> MapLink {
        MapLink { seed: Some(seed), drops, timeline, ..MapLink::default() }
    }

    fn change(drops: u64, value: f64) -> Change {
        Change { drops, setting: Setting::Erosion, value }
    }

    #[test]
    fn a_keyframe_stands_for_links_with_its_ground_and_its_changes_before_it() {
        let mut terrain = Terrain::new(1);
        terrain.rain(100);
        let mut keyframes = Keyframes::default();
        keyframes.keep(&link(1, 100, vec![change(40, 0.5), change(100, 0.6)]), &terrain);
        let k = keyframes.kept()[0].clone();
        assert!(k.stands_for(&link(1, 100, vec![change(40, 0.5)])), "a change at its drops comes after its heights");
        assert!(k.stands_for(&link(1, 900, vec![change(40, 0.5), change(300, 0.9)])));
        assert!(!k.stands_for(&link(1, 99, vec![change(40, 0.5)])), "fewer drops");
        assert!(!k.stands_for(&link(1, 900, vec![change(41, 0.5)])), "another change before it");
        assert!(!k.stands_for(&link(1, 900, vec![])), "a change missing");
        assert!(!k.stands_for(&link(2, 900, vec![change(40, 0.5)])), "another seed");
        let mut other = link(1, 900, vec![change(40, 0.5)]);
        other.choices = Choices::default();
        other.choices.set(Choice::MapSize, 1);
        assert!(!k.stands_for(&other), "another map size");
        let mut look = link(1, 900, vec![change(40, 0.5)]);
        look.settings.set(Setting::ContourLevels, 3.0);
        look.choices.set(Choice::Layer, 2);
        look.scheme = Some("blueprint");
        assert!(k.stands_for(&look), "the look does not count");
        let mut start = link(1, 900, vec![change(40, 0.5)]);
        start.settings.set(Setting::Inertia, 0.2);
        assert!(!k.stands_for(&start), "another start");
    }

    #[test]
    fn the_first_heights_of_another_ground_stand_for_nothing() {
        let terrain = Terrain::new(1);
        let mut keyframes = Keyframes::default();
        keyframes.keep(&link(1, 0, vec![]), &terrain);
        let mut scaled = link(1, 0, vec![]);
        scaled.settings.set(Setting::TerrainScale, 0.005);
        assert!(keyframes.nearest(&scaled).is_none());
        assert!(keyframes.nearest(&link(1, 0, vec![])).is_some());
    }

    #[test]
    fn heights_of_a_history_no_link_carries_stand_for_that_link_alone() {
        let terrain = Terrain::new(1);
        let mut keyframes = Keyframes::default();
        keyframes.keep_heights(&link(1, 300, vec![]), false, 7, terrain.heights(), None);
        assert!(keyframes.nearest(&link(1, 300, vec![])).is_some());
        assert!(keyframes.nearest(&link(1, 301, vec![])).is_none());
    }

    #[test]
    fn the_nearest_is_the_latest_before_and_the_stalest_goes_first() {
        let terrain = Terrain::new(1);
        let cells = terrain.heights().len() * 4;
        let fit = KEYFRAME_BYTES / cells;
        let mut keyframes = Keyframes::default();
        for k in 1..=fit as u64 {
            keyframes.keep(&link(1, k * 10, vec![]), &terrain);
        }
        assert_eq!(keyframes.kept().len(), fit);
        assert_eq!(keyframes.nearest(&link(1, 35, vec![])).map(|k| k.drops()), Some(30));
        keyframes.keep(&link(1, 10, vec![]), &terrain);
        assert_eq!(keyframes.kept().len(), fit, "kept already: no copy");
        keyframes.keep(&link(1, 5, vec![]), &terrain);
        assert!(keyframes.bytes() <= KEYFRAME_BYTES);
        let drops: Vec<u64> = keyframes.kept().iter().map(|k| k.drops()).collect();
        assert!(!drops.contains(&20) && drops.contains(&10) && drops.contains(&30) && drops.contains(&5), "{drops:?}");
    }

    #[test]
    fn heights_kept_on_the_rains_beat_go_before_those_of_a_readers_change() {
        // Heights of a 2048 × 2048 map: two fit the budget
        let heights = vec![0.5f32; 2048 * 2048];
        let mut keyframes = Keyframes::default();
        keyframes.keep_heights(&link(1, 100, vec![]), true, 0, &heights, None);
        for beat in [200, 300, 400] {
            keyframes.keep_on_the_beat(&link(1, beat, vec![]), true, 0, &heights, None);
        }
        let drops: Vec<u64> = keyframes.kept().iter().map(|k| k.drops()).collect();
        assert_eq!(drops, [100, 400], "the change's heights stay, with the latest beat's");
        assert!(keyframes.bytes() <= KEYFRAME_BYTES);
    }

    #[test]
    fn keyframes_are_due_every_so_many_drops() {
        let g = 1;
        assert!(!Keyframes::due(g, 0, KEYFRAME_EVERY - 1));
        assert!(Keyframes::due(g, KEYFRAME_EVERY - 1, KEYFRAME_EVERY));
        assert!(Keyframes::due(g, 5, 3 * KEYFRAME_EVERY + 7));
        assert!(!Keyframes::due(g, KEYFRAME_EVERY, 2 * KEYFRAME_EVERY - 1));
        // As many per cell on a bigger map: 73 times as many at 2048 × 2048
        let big = crate::raster::grid::Grid::new(2048, 2048).article_maps();
        assert!(!Keyframes::due(big, 0, 72 * KEYFRAME_EVERY));
        assert!(Keyframes::due(big, 0, 73 * KEYFRAME_EVERY));
    }
}
