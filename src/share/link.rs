//! Links that bring a map back: what a link carries, read from and written
//! to a URL's query.
//!
//! A link holds the seed, the settings the rain started with, the timeline
//! of changes made to the settings that shape the rain while it fell (see
//! [`timeline`](crate::share::timeline)), the colour scheme if the reader picked
//! one, the toggles, and the drops fallen. Rebuilding the terrain from the
//! seed and replaying that many drops, making each change at its drop count,
//! gives the same map to the bit. Every parameter starts with [`PREFIX`], so
//! the query parameters of the page the sketch is embedded in never collide
//! with ours, and `he-v` says which version of the format a link was written
//! in, so links made earlier keep working: version 1 had no timeline, and
//! its settings held for every drop, which is what a version 2 link without
//! `he-t` says too; version 3 added the tutorial's settings (octaves,
//! lacunarity, persistence, talus) and the choices (`he-terrain`,
//! `he-map-size`, `he-preset`), whose defaults are what older links meant,
//! and later the 3D view (`he-view`, `he-camera`, `he-height-scale`).
//!
//! Reading never fails: a value that is malformed, out of range, repeated or
//! unknown is clamped or ignored, with a warning naming the parameter. The
//! query is split and percent-decoded by `form_urlencoded`, the `url`
//! crate's parser, as a browser's `URLSearchParams` does.
//!
//! ```
//! use hydraulic_erosion::share::link::{read, write, MapLink};
//! let mut link = MapLink::default();
//! link.seed = Some(42);
//! link.drops = 300_000;
//! let query = write(&link);
//! assert_eq!(query, "he-v=3&he-seed=42&he-drops=300000");
//! assert_eq!(read(&query).link, link);
//! ```
//!
//! [`PREFIX`]: crate::share::link::PREFIX

use super::decimal::{self, whole};
use super::ground_link::{self, GroundLink};
use super::strokes;
use super::timeline::{self, Change};
use crate::draw::camera::Camera;
use crate::draw::color_schemes::scheme;
use crate::raster::grid::Grid;
use crate::sculpt::stroke::{Hand, Touch};
use crate::settings::choices::{Choice, Choices};
use crate::settings::sliders::{Setting, Settings};
use crate::settings::toggles::{Toggle, Toggles};

/// The start of every parameter of ours.
pub const PREFIX: &str = "he-";
/// The version of the format this code writes.
pub const VERSION: u32 = 3;
/// The first version with a timeline.
const TIMELINE_SINCE: u64 = 2;
/// The timeline's parameter, after the prefix.
const TIMELINE: &str = "t";
/// The hand's track's parameter ([`crate::sculpt::stroke`]).
const HAND: &str = "hand";
/// A ground from a file: its name's parameter and its fitting's
/// ([`crate::share::ground_link`]).
const GROUND: &str = "ground";
const GROUND_FIT: &str = "ground-fit";
/// A link replays at most this many drops (about 12 seconds here).
pub const MAX_DROPS: u64 = 5_000_000;
/// Values longer than this are not ours to read (but for the timeline's,
/// which may be up to [`timeline::MAX_CHARS`], and the hand's, up to
/// [`strokes::MAX_CHARS`]).
const MAX_VALUE_LENGTH: usize = 32;

/// The state of a map, as a link carries it.
#[derive(Clone, Debug, PartialEq)]
pub struct MapLink {
    /// None when the link has no (usable) seed.
    pub seed: Option<u32>,
    /// The settings the rain starts with; those that shape the rain then
    /// change as the timeline says.
    pub settings: Settings,
    /// The terrain's shape, the map size and the preset.
    pub choices: Choices,
    /// Changes of the settings that shape the rain, in order of drops, each
    /// after at least one drop and at most [`MapLink::drops`].
    pub timeline: Vec<Change>,
    /// What the reader's hand did, in order, each at most
    /// [`MapLink::drops`].
    pub hand: Vec<Touch>,
    /// The scheme the reader picked; None follows the site's theme.
    pub scheme: Option<&'static str>,
    pub toggles: Toggles,
    /// The 3D view's camera.
    pub camera: Camera,
    pub drops: u64,
    /// The ground brought from a file the map is on, if it is on one: the
    /// link names it, and whoever opens the link gives the file again.
    pub ground: Option<GroundLink>,
}

impl MapLink {
    /// The map's cells: its ground's from a file, or its map size's.
    pub fn grid(&self) -> Grid {
        self.ground.as_ref().map_or(self.choices.grid(), |g| g.grid)
    }
}

impl Default for MapLink {
    fn default() -> Self {
        MapLink {
            seed: None,
            settings: Settings::default(),
            choices: Choices::default(),
            timeline: Vec::new(),
            hand: Vec::new(),
            scheme: None,
            toggles: Toggles::default(),
            camera: Camera::START,
            drops: 0,
            ground: None,
        }
    }
}

/// What reading a query found.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    pub link: MapLink,
    /// Whether the drops were cut down to [`MAX_DROPS`].
    pub capped: bool,
    /// One line per parameter that was clamped or ignored, naming it.
    pub warnings: Vec<String>,
}

/// A seed as a link gives it: a whole number that fits in 32 bits.
fn seed_of(value: &str) -> Option<u32> {
    whole(value).filter(|&s| s <= u32::MAX as u64).map(|s| s as u32)
}

/// The seed of a query that names nothing of ours but its seed: `Some` of
/// what [`read`] reads from it (`None` inside with no seed), or `None` for
/// any other query of ours, or one whose seed [`read`] would warn of. The
/// first picture reads an address with this alone, leaving every other
/// link to the page's module, so the reader of whole links stays out of the
/// picture's download.
///
/// ```
/// use hydraulic_erosion::share::link::seed_only;
/// assert_eq!(seed_only("?utm_source=blog&he-seed=42"), Some(Some(42)));
/// assert_eq!(seed_only(""), Some(None));
/// assert_eq!(seed_only("?he-seed=42&he-drops=9000"), None);
/// assert_eq!(seed_only("?he-seed=4294967296"), None);
/// ```
pub fn seed_only(query: &str) -> Option<Option<u32>> {
    let mut seed = None;
    for (key, value) in form_urlencoded::parse(query.trim_start_matches('?').as_bytes()) {
        match key.strip_prefix(PREFIX) {
            None => {}
            Some("seed") if seed.is_none() && value.len() <= MAX_VALUE_LENGTH => seed = Some(seed_of(&value)?),
            Some(_) => return None,
        }
    }
    Some(seed)
}

/// A parameter's name as a warning shows it: what is not a letter, digit,
/// `-` or `_` shown as `?`, and cut short, so a warning never repeats markup
/// or a long value.
fn shown(key: &str) -> String {
    let mut out: String = key
        .chars()
        .take(MAX_VALUE_LENGTH)
        .map(|c| if c.is_ascii_alphanumeric() || "-_".contains(c) { c } else { '?' })
        .collect();
    if key.chars().count() > MAX_VALUE_LENGTH {
        out.push('…');
    }
    out
}

/// Reads the parameters of ours in a query (with or without its `?`).
pub fn read(query: &str) -> Reading {
    let mut reading = Reading { link: MapLink::default(), capped: false, warnings: Vec::new() };
    let mut seen: Vec<String> = Vec::new();
    let mut version = None;
    let mut timeline_text = None;
    let mut hand_text = None;
    let (mut ground_name, mut ground_fit) = (None, None);
    for (key, value) in form_urlencoded::parse(query.trim_start_matches('?').as_bytes()) {
        let Some(name) = key.strip_prefix(PREFIX) else { continue };
        let shown = shown(&key);
        let mut warn = |why: &str| reading.warnings.push(format!("ignored {shown}: {why}"));
        if seen.iter().any(|k| *k == key) {
            warn("given more than once; the first is used");
            continue;
        }
        seen.push(key.to_string());
        let longest = match name {
            TIMELINE => timeline::MAX_CHARS,
            HAND => strokes::MAX_CHARS,
            GROUND => ground_link::MAX_NAME * 4,
            GROUND_FIT => 64,
            _ => MAX_VALUE_LENGTH,
        };
        if value.len() > longest {
            warn("the value is too long");
            continue;
        }
        let link = &mut reading.link;
        match name {
            "v" => match whole(&value) {
                Some(v) => {
                    version = Some(v);
                    if v > VERSION as u64 {
                        reading.warnings.push(format!(
                            "{shown}: the link comes from a newer version of the sketch; reading what this one knows"
                        ));
                    }
                }
                None => warn("not a version number"),
            },
            TIMELINE => timeline_text = Some(value.into_owned()),
            HAND => hand_text = Some(value.into_owned()),
            GROUND => ground_name = Some(value.into_owned()),
            GROUND_FIT => ground_fit = Some(value.into_owned()),
            "seed" => match seed_of(&value) {
                Some(s) => link.seed = Some(s),
                None => warn("seeds are whole numbers from 0 to 4294967295"),
            },
            "scheme" => match scheme(&value) {
                Some(s) => link.scheme = Some(s.key),
                None => warn("no such colour scheme"),
            },
            "camera" => match read_camera(&value) {
                Some((camera, clamped)) => {
                    link.camera = camera;
                    if clamped {
                        reading.warnings.push(format!("{shown}: out of range; using {}", write_camera(&camera)));
                    }
                }
                None => warn("not a yaw, pitch and distance"),
            },
            "drops" => match whole(&value) {
                Some(d) if d > MAX_DROPS => {
                    link.drops = MAX_DROPS;
                    reading.capped = true;
                    reading
                        .warnings
                        .push(format!("{shown}: a link replays at most {MAX_DROPS} drops; replaying that many"));
                }
                Some(d) => link.drops = d,
                None => warn("not a whole number of drops"),
            },
            _ if Choice::from_name(name).is_some() => match Choice::from_name(name) {
                Some(choice) if choice.option(&value).is_some() => {
                    link.choices.pick(choice, &value);
                }
                _ => warn("no such option"),
            },
            _ if Toggle::from_name(name).is_some() => match (Toggle::from_name(name), value.as_ref()) {
                (Some(toggle), "1") => link.toggles.set(toggle, true),
                (Some(toggle), "0") => link.toggles.set(toggle, false),
                _ => warn("should be 0 or 1"),
            },
            _ => match Setting::from_name(name).filter(|s| s.slider().id() == name) {
                Some(setting) => match decimal::read(&value) {
                    Some(v) => {
                        let used = link.settings.set(setting, v);
                        if used != v {
                            reading.warnings.push(format!(
                                "{shown}: {} is out of range or off its step; using {}",
                                decimal::write(v),
                                decimal::write(used)
                            ));
                        }
                    }
                    None => warn("not a decimal of at most three places"),
                },
                None => warn("no such parameter"),
            },
        }
    }
    if let Some(text) = timeline_text {
        read_timeline(&mut reading, &text, version);
    }
    match (ground_name, ground_fit) {
        (None, None) => {}
        (Some(name), Some(fit)) => match GroundLink::read(&name, &fit) {
            Some(ground) => reading.link.ground = Some(ground),
            None => reading
                .warnings
                .push(format!("ignored {}: not a ground's fitting", shown(&format!("{PREFIX}{GROUND_FIT}")))),
        },
        _ => reading
            .warnings
            .push(format!("ignored {}: a ground needs its name and its fitting", shown(&format!("{PREFIX}{GROUND}")))),
    }
    if let Some(text) = hand_text {
        read_hand(&mut reading, &text);
    }
    reading
}

/// Puts the hand's track `text` into the link read so far, once its drops
/// and map size are known: touches after the last drop are left out (as
/// the timeline's changes are), and a track that is malformed or stamps
/// off the map is left out whole, said so.
fn read_hand(reading: &mut Reading, text: &str) {
    let name = shown(&format!("{PREFIX}{HAND}"));
    let link = &mut reading.link;
    let grid = link.grid();
    let on_map = |t: &Touch| match t.hand {
        Hand::Stamp(s) => (s.x as usize) < grid.cols && (s.y as usize) < grid.rows,
        Hand::Lift => true,
    };
    let touches = match strokes::decode(text) {
        Ok(touches) if touches.iter().all(on_map) => touches,
        Ok(_) => return reading.warnings.push(format!("ignored {name}: a stroke is off the map")),
        Err(why) => return reading.warnings.push(format!("ignored {name}: {why}")),
    };
    let all = touches.len();
    link.hand = touches.into_iter().filter(|t| t.drops <= link.drops).collect();
    if link.hand.len() < all && !reading.capped {
        reading.warnings.push(format!("{name}: strokes after the last drop were left out"));
    }
}

/// Puts the timeline `text` into the link read so far, once its drops and
/// version are known, with at most one warning.
fn read_timeline(reading: &mut Reading, text: &str, version: Option<u64>) {
    let name = format!("{PREFIX}{TIMELINE}");
    if version.is_some_and(|v| v < TIMELINE_SINCE) {
        reading.warnings.push(format!("ignored {name}: links of version {} have no timeline", version.unwrap_or(0)));
        return;
    }
    let decoded = match timeline::decode(text) {
        Ok(decoded) => decoded,
        Err(why) => {
            reading.warnings.push(format!("ignored {name}: {why}; every drop falls with the starting settings"));
            return;
        }
    };
    let link = &mut reading.link;
    let mut problems = Vec::new();
    if decoded.clamped {
        problems.push("values out of range or off their step were brought into range");
    }
    let mut changes = decoded.changes;
    // A change before the first drop is where the rain starts
    for c in changes.iter().filter(|c| c.drops == 0) {
        link.settings.set(c.setting, c.value);
    }
    changes.retain(|c| c.drops > 0);
    let all = changes.len();
    changes.retain(|c| c.drops <= link.drops);
    if changes.len() < all && !reading.capped {
        problems.push("changes after the last drop were left out");
    }
    link.timeline = changes;
    if !problems.is_empty() {
        reading.warnings.push(format!("{name}: {}", problems.join("; ")));
    }
}

/// The parameters of ours for a map, in a fixed order: only what differs
/// from a fresh page is written.
pub fn write(link: &MapLink) -> String {
    // Every name and value written is letters, digits, `.`, `_`, `~` and
    // `-`, none of which a query escapes, but a ground's file name
    let mut out: Vec<String> = Vec::new();
    let mut put = |name: &str, value: &str| out.push(format!("{PREFIX}{name}={value}"));
    put("v", &VERSION.to_string());
    if let Some(seed) = link.seed {
        put("seed", &seed.to_string());
    }
    if let Some(ground) = &link.ground {
        put(GROUND, &form_urlencoded::byte_serialize(ground.name.as_bytes()).collect::<String>());
        put(GROUND_FIT, &ground.fit());
    }
    let defaults = Settings::default();
    for setting in Setting::ALL {
        let value = link.settings.get(setting);
        if value != defaults.get(setting) {
            put(&setting.slider().id(), &decimal::write(value));
        }
    }
    for choice in Choice::ALL {
        if link.choices.get(choice) != choice.row().default {
            put(choice.row().name, link.choices.key(choice));
        }
    }
    if let Some(key) = link.scheme {
        put("scheme", key);
    }
    for toggle in Toggle::ALL {
        let on = link.toggles.get(toggle);
        if on != toggle.row().default {
            put(toggle.row().name, if on { "1" } else { "0" });
        }
    }
    if link.camera != Camera::START {
        put("camera", &write_camera(&link.camera));
    }
    if link.drops > 0 {
        put("drops", &link.drops.to_string());
    }
    if !link.timeline.is_empty() {
        put(TIMELINE, &timeline::encode(&link.timeline));
    }
    if !link.hand.is_empty() {
        put(HAND, &strokes::encode(&link.hand));
    }
    out.join("&")
}

/// A camera as a link writes it: yaw, pitch and distance, between
/// underscores (which a URL never escapes).
///
/// ```
/// use hydraulic_erosion::draw::camera::Camera;
/// use hydraulic_erosion::share::link::write_camera;
/// assert_eq!(write_camera(&Camera::START), "0_0.9_1.05");
/// ```
pub fn write_camera(camera: &Camera) -> String {
    let write = decimal::write;
    format!("{}_{}_{}", write(camera.yaw), write(camera.pitch), write(camera.distance))
}

/// A camera read from a link: three decimals, brought into range (with
/// whether they had to be).
pub fn read_camera(text: &str) -> Option<(Camera, bool)> {
    let values: Vec<f64> = text.split('_').map(decimal::read).collect::<Option<_>>()?;
    let [yaw, pitch, distance] = values[..] else { return None };
    let camera = Camera::new(yaw, pitch, distance)?;
    Some((camera, camera != Camera { yaw, pitch, distance }))
}

/// Whether a raw `name=value` pair of a query is one of ours.
fn is_ours(pair: &str) -> bool {
    form_urlencoded::parse(pair.as_bytes()).next().is_some_and(|(key, _)| key.starts_with(PREFIX))
}

/// A page's query with our parameters replaced by `ours`: the host page's own
/// parameters stay as they were, in their order.
///
/// ```
/// use hydraulic_erosion::share::link::merge;
/// assert_eq!(merge("?utm=x&he-seed=1&page=2", "he-v=2&he-seed=7"), "?utm=x&page=2&he-v=2&he-seed=7");
/// ```
pub fn merge(query: &str, ours: &str) -> String {
    let theirs = query.trim_start_matches('?').split('&').filter(|p| !p.is_empty() && !is_ours(p));
    let all: Vec<&str> = theirs.chain(ours.split('&').filter(|p| !p.is_empty())).collect();
    if all.is_empty() {
        String::new()
    } else {
        format!("?{}", all.join("&"))
    }
}

/// Whether two of our queries give the same map but for the drops fallen:
/// what the rain does by itself, as against what a reader changed.
///
/// ```
/// use hydraulic_erosion::share::link::same_but_drops;
/// assert!(same_but_drops("he-seed=1&he-drops=400", "he-seed=1&he-drops=9000"));
/// assert!(!same_but_drops("he-seed=1&he-drops=400", "he-seed=2&he-drops=400"));
/// ```
pub fn same_but_drops(a: &str, b: &str) -> bool {
    let rain = |p: &&str| p.starts_with("he-drops=");
    a.split('&').filter(|p| !rain(p)).eq(b.split('&').filter(|p| !rain(p)))
}

/// The `<hydraulic-erosion>` tag of a figure that shows the map `query` (a
/// link's query of our parameters): each parameter an attribute named by
/// its key without the `he-` prefix, its value as the link holds it.
///
/// ```
/// use hydraulic_erosion::share::link::figure_tag;
/// assert_eq!(
///     figure_tag("he-v=3&he-seed=42&he-t=1200e.55_400b3&he-scheme=site%20%22dark%22"),
///     r#"<hydraulic-erosion v="3" seed="42" t="1200e.55_400b3" scheme="site &quot;dark&quot;"></hydraulic-erosion>"#
/// );
/// ```
pub fn figure_tag(query: &str) -> String {
    figure_tag_holding(query, "")
}

/// [`figure_tag`] holding `inside` (HTML: the figure's fallback, its
/// poster's `<img>`).
pub fn figure_tag_holding(query: &str, inside: &str) -> String {
    let escape = attribute_value;
    let attributes: String = form_urlencoded::parse(query.trim_start_matches('?').as_bytes())
        .filter_map(|(key, value)| {
            let name = key.strip_prefix(PREFIX)?;
            let plain =
                !name.is_empty() && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
            plain.then(|| format!(" {name}=\"{}\"", escape(&value)))
        })
        .collect();
    format!("<hydraulic-erosion{attributes}>{inside}</hydraulic-erosion>")
}

/// `text` for an HTML attribute's value in double quotes.
///
/// ```
/// assert_eq!(hydraulic_erosion::share::link::attribute_value(r#"a "b" <c> & d"#), "a &quot;b&quot; &lt;c&gt; &amp; d");
/// ```
pub fn attribute_value(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sculpt::stamp::{Stamp, Tool};

    fn full_link() -> MapLink {
        let mut settings = Settings::default();
        settings.set(Setting::Erosion, 0.65);
        settings.set(Setting::BrushRadius, 4.0);
        settings.set(Setting::TerrainScale, 0.021);
        settings.set(Setting::SeaLevel, 0.37);
        settings.set(Setting::Octaves, 4.0);
        settings.set(Setting::Talus, 0.012);
        let mut choices = Choices::default();
        choices.pick(Choice::Terrain, "ridged");
        choices.pick(Choice::MapSize, "640x360");
        choices.pick(Choice::Preset, "tutorial");
        let mut toggles = Toggles::default();
        for toggle in Toggle::ALL {
            toggles.set(toggle, !toggle.row().default);
        }
        MapLink {
            ground: None,
            seed: Some(4_000_000_000),
            settings,
            choices,
            timeline: vec![
                Change { drops: 1000, setting: Setting::Erosion, value: 0.5 },
                Change { drops: 1000, setting: Setting::SeaLevel, value: 0.3 },
                Change { drops: 120_000, setting: Setting::BrushRadius, value: 2.0 },
            ],
            hand: vec![
                Touch {
                    drops: 2000,
                    hand: Hand::Stamp(Stamp { tool: Tool::Raise, x: 5, y: 7, radius: 4, strength: 0.5 }),
                },
                Touch {
                    drops: 2000,
                    hand: Hand::Stamp(Stamp { tool: Tool::Raise, x: 7, y: 7, radius: 4, strength: 0.5 }),
                },
                Touch {
                    drops: 3000,
                    hand: Hand::Stamp(Stamp { tool: Tool::Rain, x: 9, y: 9, radius: 9, strength: 0.5 }),
                },
                Touch { drops: 3500, hand: Hand::Lift },
            ],
            scheme: Some("blueprint"),
            toggles,
            camera: Camera { yaw: -1.25, pitch: 0.4, distance: 0.9 },
            drops: 123_456,
        }
    }

    /// A figure's attributes as element.js reads them back into a query:
    /// `he-` and the name, `=`, the value percent-encoded.
    fn query_of_tag(tag: &str) -> String {
        let unescape = |v: &str| v.replace("&quot;", "\"").replace("&lt;", "<").replace("&amp;", "&");
        let mut pairs = Vec::new();
        let mut rest = tag.trim_start_matches("<hydraulic-erosion").trim_end_matches("></hydraulic-erosion>");
        while let Some((name, after)) = rest.trim_start().split_once("=\"") {
            let (value, after) = after.split_once('"').expect("a closing quote");
            let encoded: String = form_urlencoded::byte_serialize(unescape(value).as_bytes()).collect();
            pairs.push(format!("{PREFIX}{name}={encoded}"));
            rest = after;
        }
        pairs.join("&")
    }

    #[test]
    fn a_figures_tag_gives_back_the_map_of_its_link() {
        let query = write(&full_link());
        let tag = figure_tag(&query);
        assert!(tag.contains(r#" terrain="ridged""#) && tag.contains(r#" map-size="640x360""#), "{tag}");
        let back = read(&query_of_tag(&tag));
        assert!(back.warnings.is_empty(), "{:?}", back.warnings);
        assert_eq!(back.link, read(&query).link);
        assert_eq!(query_of_tag(&figure_tag("he-seed=3&utm=x&he-drops=20")), "he-seed=3&he-drops=20", "ours alone");
    }

    #[test]
    fn only_the_drops_fallen_are_the_rains_own() {
        let query = write(&full_link());
        let later = query.replace("he-drops=", "he-drops=1");
        assert_ne!(query, later);
        assert!(same_but_drops(&query, &later));
        assert!(!same_but_drops(&query, &query.replace("he-seed=", "he-seed=1")));
    }

    #[test]
    fn a_link_reads_back_as_written() {
        let link = full_link();
        let query = write(&link);
        let reading = read(&format!("?{query}"));
        assert_eq!(reading.link, link);
        assert!(!reading.capped && reading.warnings.is_empty(), "{:?}", reading.warnings);
        assert_eq!(read(&write(&MapLink::default())).link, MapLink::default());
    }

    #[test]
    fn only_what_differs_from_a_fresh_page_is_written_and_nothing_needs_escaping() {
        assert_eq!(write(&MapLink::default()), "he-v=3");
        let query = write(&full_link());
        let safe = |c: char| c.is_ascii_alphanumeric() || "-._=&".contains(c);
        assert!(query.chars().all(safe), "{query}");
        let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
        assert_eq!(pairs.len(), query.split('&').count(), "a browser reads back what was written");
        assert_eq!(
            query,
            "he-v=3&he-seed=4000000000&he-erosion=0.65&he-brush-radius=4&he-sea-level=0.37&he-terrain-scale=0.021\
             &he-octaves=4&he-talus=0.012&he-terrain=ridged&he-map-size=640x360&he-preset=tutorial\
             &he-scheme=blueprint&he-rivers=0&he-original=1&he-debug=1&he-trees=1&he-view=1&he-measures=1\
             &he-camera=-1.25_0.4_0.9&he-drops=123456&he-t=1000e.5s.3_119000b2&he-hand=2000r4-50-5740_1000w9-50-99.500"
        );
    }

    #[test]
    fn the_host_pages_parameters_are_not_ours() {
        let reading = read("?seed=5&drops=9&utm_source=blog&p=2");
        assert!(reading.warnings.is_empty());
        assert_eq!(reading.link, MapLink::default());
        assert_eq!(merge("", "he-v=2"), "?he-v=2");
        assert_eq!(merge("?a=1&he-drops=5&he%2Dseed=3", ""), "?a=1");
        assert_eq!(merge("?a=1", ""), "?a=1");
    }

    #[test]
    fn a_seed_only_query_is_read_as_read_reads_it_and_any_other_is_left_to_it() {
        let seed_only_queries =
            ["", "?", "?utm=1", "he-seed=7", "?page=2&he-seed=4294967295&x=y", "he%2Dseed=12", "he-seed=007"];
        for query in seed_only_queries {
            let reading = read(query);
            assert_eq!(seed_only(query), Some(reading.link.seed), "{query:?}");
            let seed = reading.link.seed;
            assert_eq!(
                (reading.link, reading.warnings.len()),
                (MapLink { seed, ..MapLink::default() }, 0),
                "{query:?}"
            );
        }
        let long = format!("he-seed={}7", "0".repeat(MAX_VALUE_LENGTH));
        let others =
            ["he-seed=1&he-seed=2", "he-seed=1&he-drops=5", "he-v=3&he-seed=1", "he-scheme=dusk", long.as_str()];
        for query in others.into_iter().chain(BAD.iter().map(|(query, _)| *query)) {
            assert_eq!(seed_only(query), None, "{query:?}");
        }
        assert!(!read(&long).warnings.is_empty(), "a seed too long to read is warned of");
    }

    /// Each of these gives a fresh page's state, one warning, and no panic.
    const BAD: &[(&str, &str)] = &[
        ("he-seed=abc", "he-seed"),
        ("he-seed=-5", "he-seed"),
        ("he-seed=1.5", "he-seed"),
        ("he-seed=4294967296", "he-seed"),
        ("he-seed=99999999999999999999999", "he-seed"),
        ("he-seed=", "he-seed"),
        ("he-seed=1e3", "he-seed"),
        ("he-erosion=NaN", "he-erosion"),
        ("he-erosion=Infinity", "he-erosion"),
        ("he-erosion=inf", "he-erosion"),
        ("he-erosion=-inf", "he-erosion"),
        ("he-erosion=0x10", "he-erosion"),
        ("he-erosion=", "he-erosion"),
        ("he-inertia=%zz", "he-inertia"),
        ("he-inertia=%", "he-inertia"),
        ("he-inertia=%C3%28", "he-inertia"),
        ("he-drops=-1", "he-drops"),
        ("he-drops=1.5", "he-drops"),
        ("he-drops=lots", "he-drops"),
        ("he-scheme=neon", "he-scheme"),
        ("he-scheme=%3Cscript%3Ealert(1)%3C%2Fscript%3E", "he-scheme"),
        ("he-scheme=site_dark%22%20onload%3D%22x", "he-scheme"),
        ("he-rivers=yes", "he-rivers"),
        ("he-debug=2", "he-debug"),
        ("he-gravity=9", "he-gravity"),
        ("he-brush_radius=3", "he-brush_radius"),
        ("he-v=two", "he-v"),
        ("he-seed=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "he-seed"),
        ("he-%zz=1", "he-"),
        ("he-contour-levels=<b>", "he-contour-levels"),
        ("he-<b>=1", "he-?b?"),
        ("he-drops=10&he-t=5x.5", "he-t"),
        ("he-drops=10&he-t=-5e.5", "he-t"),
        ("he-drops=10&he-t=5e.5_-3e.4", "he-t"),
        ("he-drops=10&he-t=5eNaN", "he-t"),
        ("he-drops=10&he-t=5e", "he-t"),
        ("he-drops=10&he-t=5", "he-t"),
        ("he-drops=10&he-t=e.5", "he-t"),
        ("he-drops=10&he-t=5c3", "he-t"),
        ("he-drops=10&he-t=5e%3Cb%3E", "he-t"),
        ("he-drops=10&he-t=99999999999999e.5", "he-t"),
        ("he-v=1&he-drops=10&he-t=5e.5", "he-t"),
    ];

    #[test]
    fn bad_values_are_ignored_with_one_warning_naming_the_parameter() {
        assert!(BAD.len() >= 40);
        for (query, name) in BAD {
            let reading = read(query);
            // The timeline's cases come with 10 good drops
            let drops = if query.contains("he-drops=10&") { 10 } else { 0 };
            assert_eq!(reading.link, MapLink { drops, ..MapLink::default() }, "{query}");
            assert_eq!(reading.warnings.len(), 1, "{query}: {:?}", reading.warnings);
            assert!(reading.warnings[0].contains(name), "{query}: {}", reading.warnings[0]);
            assert!(!reading.warnings[0].contains('<'), "{query}: the warning repeats markup");
        }
    }

    #[test]
    fn out_of_range_values_are_clamped_and_said_so() {
        let reading = read("he-erosion=7&he-brush-radius=2.6&he-sea-level=-1");
        assert_eq!(reading.link.settings.erosion(), 1.0);
        assert_eq!(reading.link.settings.brush_radius(), 3);
        assert_eq!(reading.link.settings.sea_level(), 0.0);
        assert_eq!(reading.warnings.len(), 3, "{:?}", reading.warnings);
    }

    #[test]
    fn huge_drop_counts_are_capped_and_said_so() {
        let reading = read("he-drops=99999999999");
        assert_eq!((reading.link.drops, reading.capped), (MAX_DROPS, true));
        assert_eq!(reading.warnings.len(), 1);
        assert!(!read("he-drops=5000000").capped);
    }

    #[test]
    fn repeated_keys_keep_the_first_and_newer_versions_are_read_as_far_as_known() {
        let reading = read("he-seed=1&he-seed=2&he-v=9&he-drops=10");
        assert_eq!((reading.link.seed, reading.link.drops), (Some(1), 10));
        assert_eq!(reading.warnings.len(), 2, "{:?}", reading.warnings);
    }

    #[test]
    fn encoded_values_are_decoded() {
        let reading = read("he-sea%2Dlevel=0%2E4&he-scheme=black%20white&he-scheme=bw");
        assert_eq!(reading.link.settings.sea_level(), 0.4);
        assert_eq!(reading.link.scheme, None, "the first he-scheme is used, and it is not a scheme");
    }

    #[test]
    fn a_timeline_out_of_range_is_clamped_and_changes_outside_the_drops_are_placed_or_left_out() {
        let reading = read("he-drops=500&he-erosion=0.4&he-t=0e.9_100b9_300s.4_200d.5");
        let link = &reading.link;
        assert_eq!(link.settings.erosion(), 0.9, "a change at 0 drops is where the rain starts");
        assert_eq!(
            link.timeline,
            [
                Change { drops: 100, setting: Setting::BrushRadius, value: 6.0 },
                Change { drops: 400, setting: Setting::SeaLevel, value: 0.4 }
            ],
            "clamped, and the change at 600 drops is past the link's 500"
        );
        assert_eq!(reading.warnings.len(), 1, "{:?}", reading.warnings);
        assert!(reading.warnings[0].starts_with("he-t: values out of range"), "{}", reading.warnings[0]);
        assert!(reading.warnings[0].contains("after the last drop"), "{}", reading.warnings[0]);
    }

    #[test]
    fn a_timeline_may_come_before_the_drops_and_the_version_and_is_as_long_as_its_cap() {
        let reading = read("he-t=5e.5&he-drops=10&he-v=2");
        assert_eq!(reading.link.timeline, [Change { drops: 5, setting: Setting::Erosion, value: 0.5 }]);
        assert!(reading.warnings.is_empty());
        let long = format!("he-drops=5000000&he-t={}", "1e.5_1e.6_".repeat(timeline::MAX_CHARS / 10 - 1) + "1e1");
        let reading = read(&long);
        assert!(reading.warnings.is_empty(), "{:?}", reading.warnings);
        assert_eq!(reading.link.timeline.len(), 2 * (timeline::MAX_CHARS / 10 - 1) + 1);
        let reading = read(&format!("{long}_1e.5_1e.5"));
        assert!(reading.link.timeline.is_empty() && reading.warnings.len() == 1, "{:?}", reading.warnings);
    }

    #[test]
    fn a_version_1_link_reads_as_it_always_has() {
        let reading = read("he-v=1&he-seed=42&he-erosion=0.55&he-brush-radius=3&he-drops=5000");
        assert!(reading.warnings.is_empty());
        let link = reading.link;
        assert_eq!((link.seed, link.drops, link.timeline.len()), (Some(42), 5000, 0));
        assert_eq!((link.settings.erosion(), link.settings.brush_radius()), (0.55, 3));
    }

    #[test]
    fn a_link_writes_a_camera_and_reads_it_back_exactly() {
        let mut c = Camera::START;
        c.orbit(-77.0, 31.0);
        c.zoom(0.8);
        let text = write_camera(&c);
        assert_eq!(read_camera(&text), Some((c, false)), "{text}");
        assert_eq!(read_camera("1_0_9"), Some((Camera { yaw: 1.0, pitch: 0.1, distance: 4.0 }, true)));
        for bad in ["", "1_2", "a_b_c", "1_2_3_4", "nan_1_1", "1e400_1_1", "1,2,3"] {
            assert_eq!(read_camera(bad), None, "{bad}");
        }
    }
}
