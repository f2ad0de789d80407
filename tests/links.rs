//! Links that give back exactly what the reader saw: a session with the
//! sliders moved while it rained, written as a link, read back and
//! replayed in slices of any size, gives the same heights to the bit.

use hydraulic_erosion::settings::choices::{Choice, Choices};
use hydraulic_erosion::settings::sliders::{Setting, Settings};
use hydraulic_erosion::share::link::{self, MapLink};
use hydraulic_erosion::share::replay::Replay;
use hydraulic_erosion::share::timeline::{self, Timeline};
use hydraulic_erosion::terrain::Terrain;

/// A reader's session, as the page records it: the terrain and the timeline
/// of its rain.
struct Session {
    terrain: Terrain,
    timeline: Timeline,
}

impl Session {
    fn new(seed: u32) -> Session {
        let terrain = Terrain::new(seed);
        let timeline = Timeline::new(terrain.settings());
        Session { terrain, timeline }
    }

    fn set(&mut self, setting: Setting, value: f64) {
        let now = self.terrain.set(setting, value);
        self.timeline.record(self.terrain.drops(), setting, now);
    }

    fn link(&self) -> String {
        let (settings, timeline) = self.timeline.for_link(self.terrain.settings());
        let map = MapLink {
            seed: Some(self.terrain.seed()),
            settings,
            timeline,
            drops: self.terrain.drops(),
            ..MapLink::default()
        };
        link::write(&map)
    }
}

/// The map a link gives, replayed `slice` drops at a time.
fn replayed(query: &str, slice: u32) -> Terrain {
    let reading = link::read(query);
    assert!(reading.warnings.is_empty(), "{:?}", reading.warnings);
    let link = reading.link;
    let mut terrain = Terrain::with_settings(link.seed.unwrap(), link.settings);
    let mut replay = Replay::new(link.drops, link.timeline);
    while !replay.advance(&mut terrain, slice) {}
    terrain
}

/// Rains like a frame of the page: `frames` frames of the drops per frame.
fn frames(session: &mut Session, frames: u32) {
    for _ in 0..frames {
        session.terrain.rain(session.terrain.settings().drops_per_frame());
    }
}

#[test]
fn a_session_played_with_while_it_rained_comes_back_to_the_bit() {
    let mut s = Session::new(2024);
    s.set(Setting::Erosion, 0.5); // before the first drop: where the rain starts
    frames(&mut s, 10);
    s.set(Setting::BrushRadius, 4.0);
    s.set(Setting::DropsPerFrame, 350.0); // drawn, not recorded: it changes only when drops fall
    frames(&mut s, 7);
    // A drag across frames: one change per frame it was in force
    for k in 0..25 {
        s.set(Setting::Deposition, 0.3 + 0.02 * k as f64);
        frames(&mut s, 1);
    }
    s.set(Setting::SeaLevel, 0.31);
    s.set(Setting::Inertia, 0.2);
    frames(&mut s, 3);
    s.set(Setting::ContourLevels, 4.0);
    s.set(Setting::Erosion, 0.35);
    frames(&mut s, 5);
    s.set(Setting::SeaLevel, 0.28); // after the last drop, paused
    let query = s.link();
    assert!(query.len() < 600, "{} characters: {query}", query.len());
    for slice in [1_000, 333, 100_000] {
        let t = replayed(&query, slice);
        assert_eq!(t.heights_hash_hex(), s.terrain.heights_hash_hex(), "slices of {slice}");
        assert_eq!(t.settings(), s.terrain.settings());
        assert_eq!(t.drops(), s.terrain.drops());
    }
    // Without the timeline, the same drops with the settings of the end give
    // another map: the timeline is what makes it exact
    let reading = link::read(&query);
    let mut end_only = Terrain::with_settings(2024, s.terrain.settings().clone());
    end_only.rain(reading.link.drops as u32);
    assert_ne!(end_only.heights_hash(), s.terrain.heights_hash());
}

#[test]
fn a_restart_or_a_new_terrain_scale_starts_a_fresh_timeline() {
    let mut s = Session::new(8);
    frames(&mut s, 3);
    s.set(Setting::Erosion, 0.9);
    frames(&mut s, 3);
    s.set(Setting::TerrainScale, 0.02);
    s.timeline.restart(s.terrain.settings());
    frames(&mut s, 4);
    let query = s.link();
    assert!(!query.contains("he-t="), "{query}");
    assert!(query.contains("he-erosion=0.9") && query.contains("he-terrain-scale=0.02"), "{query}");
    assert_eq!(replayed(&query, 500).heights_hash(), s.terrain.heights_hash());
}

#[test]
fn a_history_past_the_cap_falls_back_to_the_settings_of_the_end() {
    let mut s = Session::new(3);
    for k in 0..400 {
        s.set(Setting::Erosion, if k % 2 == 0 { 0.45 } else { 0.5 });
        frames(&mut s, 1);
    }
    assert!(!s.timeline.is_exact());
    let query = s.link();
    assert!(!query.contains("he-t="), "{query}");
    assert!(query.len() < 200);
    let t = replayed(&query, 10_000);
    assert_eq!(t.settings(), s.terrain.settings());
}

#[test]
fn a_dozen_changes_and_a_long_drag_make_a_link_well_under_2000_characters() {
    let mut s = Session::new(4_000_000_000);
    let shaping = [Setting::Erosion, Setting::Deposition, Setting::Inertia, Setting::BrushRadius, Setting::SeaLevel];
    for k in 0..12 {
        let setting = shaping[k % shaping.len()];
        let slider = setting.slider();
        s.set(setting, slider.min + slider.step * (k + 1) as f64);
        frames(&mut s, 40);
    }
    for k in 0..60 {
        s.set(Setting::SeaLevel, 0.2 + 0.005 * k as f64);
        frames(&mut s, 1);
    }
    let query = s.link();
    assert!(query.len() < 1000, "{} characters: {query}", query.len());
    assert!(query.len() <= 300 + timeline::MAX_CHARS, "the cap keeps every link under 2,000");
    assert_eq!(replayed(&query, 4096).heights_hash(), s.terrain.heights_hash());
}

/// A link written by the first version of the format (no timeline): it must
/// keep giving exactly this map.
const VERSION_1_LINK: &str = "?utm_source=blog&he-v=1&he-seed=42&he-erosion=0.55&he-brush-radius=3&he-sea-level=0.31\
                              &he-scheme=topographic&he-drops=20000#comments";
const VERSION_1_MAP: &str = "4ab0ce9f5159d823";

#[test]
fn a_version_1_link_keeps_giving_the_same_map() {
    let t = replayed(VERSION_1_LINK.trim_end_matches("#comments"), 20_000);
    let mut expected = Settings::default();
    expected.set(Setting::Erosion, 0.55);
    expected.set(Setting::BrushRadius, 3.0);
    expected.set(Setting::SeaLevel, 0.31);
    assert_eq!(t.settings(), &expected);
    // As version 1 rained it: every drop with the link's settings
    let mut by_hand = Terrain::with_settings(42, expected);
    by_hand.rain(20_000);
    assert_eq!(t.heights_hash(), by_hand.heights_hash());
    assert_eq!(t.heights_hash_hex(), VERSION_1_MAP);
}

#[test]
fn links_of_version_2_read_as_the_articles_map_and_bad_choices_are_named() {
    let old = link::read("he-v=2&he-seed=9&he-erosion=0.5&he-drops=1000&he-t=500e.4");
    assert!(old.warnings.is_empty(), "{:?}", old.warnings);
    assert_eq!(old.link.choices, Choices::default());
    assert_eq!((old.link.settings.octaves(), old.link.settings.talus()), (6, 0.0));
    let bad = link::read("he-v=3&he-terrain=mountains&he-map-size=1x1&he-preset=&he-talus=0.5&he-octaves=2.5");
    assert_eq!(bad.link.choices, Choices::default());
    let warned: Vec<&str> = bad.warnings.iter().map(|w| w.as_str()).collect();
    assert_eq!(
        warned,
        [
            "ignored he-terrain: no such option",
            "ignored he-map-size: no such option",
            "ignored he-preset: no such option",
            "he-talus: 0.5 is out of range or off its step; using 0.05",
            "he-octaves: 2.5 is out of range or off its step; using 3",
        ]
    );
    let mut good = MapLink::default();
    good.choices.pick(Choice::MapSize, "640x360");
    good.settings.set(Setting::Lacunarity, 2.45);
    assert_eq!(link::read(&link::write(&good)).link, good);
}
