//! Links that bring a map back: what a link carries, read from and written
//! to a URL's query.
//!
//! A link holds the seed, every slider that differs from its default, the
//! colour scheme if the reader picked one, the toggles, and the drops fallen.
//! Rebuilding the terrain from the seed and raining that many drops with
//! those settings gives the same map to the bit. Every parameter starts with
//! [`PREFIX`], so the query parameters of the page the sketch is embedded in
//! never collide with ours, and `he-v` says which version of the format a
//! link was written in, so links made now keep working later.
//!
//! Reading never fails: a value that is malformed, out of range, repeated or
//! unknown is clamped or ignored, with a warning naming the parameter.
//!
//! ```
//! use hydraulic_erosion::link::{read, write, MapLink};
//! let mut link = MapLink::default();
//! link.seed = Some(42);
//! link.drops = 300_000;
//! let query = write(&link);
//! assert_eq!(query, "he-v=1&he-seed=42&he-drops=300000");
//! assert_eq!(read(&query).link, link);
//! ```

use crate::color_schemes::scheme;
use crate::settings::{Setting, Settings};

/// The start of every parameter of ours.
pub const PREFIX: &str = "he-";
/// The version of the format this code writes.
pub const VERSION: u32 = 1;
/// A link replays at most this many drops (about 12 seconds here).
pub const MAX_DROPS: u64 = 5_000_000;
/// Values longer than this are not ours to read.
const MAX_VALUE_LENGTH: usize = 32;

/// The state of a map, as a link carries it.
#[derive(Clone, Debug, PartialEq)]
pub struct MapLink {
    /// None when the link has no (usable) seed.
    pub seed: Option<u32>,
    pub settings: Settings,
    /// The scheme the reader picked; None follows the site's theme.
    pub scheme: Option<&'static str>,
    pub rivers: bool,
    pub original: bool,
    pub debug: bool,
    pub drops: u64,
}

impl Default for MapLink {
    fn default() -> Self {
        MapLink {
            seed: None,
            settings: Settings::default(),
            scheme: None,
            rivers: true,
            original: false,
            debug: false,
            drops: 0,
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

/// The query's pairs, split at `&` and at the first `=`, not yet decoded.
fn pairs(query: &str) -> impl Iterator<Item = (&str, &str)> {
    query.trim_start_matches('?').split('&').filter(|p| !p.is_empty()).map(|p| p.split_once('=').unwrap_or((p, "")))
}

/// Percent-decoding, with `+` as a space. None for broken encoding.
fn decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut k = 0;
    while k < bytes.len() {
        match bytes[k] {
            b'%' => {
                let hex = std::str::from_utf8(bytes.get(k + 1..k + 3)?).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                k += 3;
            }
            b'+' => {
                out.push(b' ');
                k += 1;
            }
            b => {
                out.push(b);
                k += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// Slider values travel as decimals of at most three places: every slider's
/// step is a whole number of thousandths.
const PLACES: u32 = 3;
const PER_UNIT: i64 = 1000;

/// A decimal of at most three places (`-0.25`, `200`, `0.012`) as the f64
/// a browser reads from it: thousandths divided by 1000 is correctly
/// rounded, so it is the same number, and no float parser is needed (the
/// page's wasm carries none).
fn decimal(value: &str) -> Option<f64> {
    let (negative, digits) = match value.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, value),
    };
    let (whole_part, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    if whole_part.is_empty() && fraction.is_empty() || fraction.len() > PLACES as usize || whole_part.len() > 9 {
        return None;
    }
    let whole_part = if whole_part.is_empty() { 0 } else { whole(whole_part)? as i64 };
    let fraction =
        if fraction.is_empty() { 0 } else { whole(fraction)? as i64 * 10i64.pow(PLACES - fraction.len() as u32) };
    let thousandths = whole_part * PER_UNIT + fraction;
    Some(if negative { -thousandths } else { thousandths } as f64 / PER_UNIT as f64)
}

/// A slider value written as [`decimal`] reads it: shortest, no trailing
/// zeros.
fn decimal_text(value: f64) -> String {
    let thousandths = (value * PER_UNIT as f64).round() as i64;
    let sign = if thousandths < 0 { "-" } else { "" };
    let (whole_part, fraction) = (thousandths.abs() / PER_UNIT, thousandths.abs() % PER_UNIT);
    if fraction == 0 {
        format!("{sign}{whole_part}")
    } else {
        let digits = format!("{fraction:03}");
        format!("{sign}{whole_part}.{}", digits.trim_end_matches('0'))
    }
}

/// A whole number written with digits only.
fn whole(value: &str) -> Option<u64> {
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    value.parse().ok()
}

/// Reads the parameters of ours in a query (with or without its `?`).
pub fn read(query: &str) -> Reading {
    let mut reading = Reading { link: MapLink::default(), capped: false, warnings: Vec::new() };
    let mut seen: Vec<String> = Vec::new();
    for (raw_key, raw_value) in pairs(query) {
        let Some(key) = decode(raw_key) else {
            if raw_key.starts_with(PREFIX) {
                reading.warnings.push(format!("ignored a parameter whose name is not properly encoded ({PREFIX}…)"));
            }
            continue;
        };
        let Some(name) = key.strip_prefix(PREFIX) else { continue };
        let shown = if key.len() > MAX_VALUE_LENGTH { format!("{}…", &key[..MAX_VALUE_LENGTH]) } else { key.clone() };
        let mut warn = |why: &str| reading.warnings.push(format!("ignored {shown}: {why}"));
        if seen.contains(&key) {
            warn("given more than once; the first is used");
            continue;
        }
        seen.push(key.clone());
        let Some(value) = decode(raw_value) else {
            warn("the value is not properly encoded");
            continue;
        };
        if value.len() > MAX_VALUE_LENGTH {
            warn("the value is too long");
            continue;
        }
        let link = &mut reading.link;
        match name {
            "v" => match whole(&value) {
                Some(v) if v <= VERSION as u64 => {}
                Some(_) => reading.warnings.push(format!(
                    "{key}: the link comes from a newer version of the sketch; reading what this one knows"
                )),
                None => warn("not a version number"),
            },
            "seed" => match whole(&value).filter(|&s| s <= u32::MAX as u64) {
                Some(s) => link.seed = Some(s as u32),
                None => warn("seeds are whole numbers from 0 to 4294967295"),
            },
            "scheme" => match scheme(&value) {
                Some(s) => link.scheme = Some(s.key),
                None => warn("no such colour scheme"),
            },
            "rivers" | "original" | "debug" => {
                let on = match value.as_str() {
                    "1" => true,
                    "0" => false,
                    _ => {
                        warn("should be 0 or 1");
                        continue;
                    }
                };
                *match name {
                    "rivers" => &mut link.rivers,
                    "original" => &mut link.original,
                    _ => &mut link.debug,
                } = on;
            }
            "drops" => match whole(&value) {
                Some(d) if d > MAX_DROPS => {
                    link.drops = MAX_DROPS;
                    reading.capped = true;
                    reading
                        .warnings
                        .push(format!("{key}: a link replays at most {MAX_DROPS} drops; replaying that many"));
                }
                Some(d) => link.drops = d,
                None => warn("not a whole number of drops"),
            },
            _ => match Setting::from_name(name).filter(|s| s.slider().id() == name) {
                Some(setting) => match decimal(&value) {
                    Some(v) => {
                        let used = link.settings.set(setting, v);
                        if used != v {
                            reading.warnings.push(format!(
                                "{key}: {} is out of range or off its step; using {}",
                                decimal_text(v),
                                decimal_text(used)
                            ));
                        }
                    }
                    None => warn("not a decimal of at most three places"),
                },
                None => warn("no such parameter"),
            },
        }
    }
    reading
}

/// The parameters of ours for a map, in a fixed order: only what differs
/// from a fresh page is written.
pub fn write(link: &MapLink) -> String {
    let mut out = vec![format!("{PREFIX}v={VERSION}")];
    if let Some(seed) = link.seed {
        out.push(format!("{PREFIX}seed={seed}"));
    }
    let defaults = Settings::default();
    for setting in Setting::ALL {
        let value = link.settings.get(setting);
        if value != defaults.get(setting) {
            out.push(format!("{PREFIX}{}={}", setting.slider().id(), decimal_text(value)));
        }
    }
    if let Some(key) = link.scheme {
        out.push(format!("{PREFIX}scheme={key}"));
    }
    for (name, on, usual) in
        [("rivers", link.rivers, true), ("original", link.original, false), ("debug", link.debug, false)]
    {
        if on != usual {
            out.push(format!("{PREFIX}{name}={}", u8::from(on)));
        }
    }
    if link.drops > 0 {
        out.push(format!("{PREFIX}drops={}", link.drops));
    }
    out.join("&")
}

/// A page's query with our parameters replaced by `ours`: the host page's own
/// parameters stay as they were, in their order.
///
/// ```
/// use hydraulic_erosion::link::merge;
/// assert_eq!(merge("?utm=x&he-seed=1&page=2", "he-v=1&he-seed=7"), "?utm=x&page=2&he-v=1&he-seed=7");
/// ```
pub fn merge(query: &str, ours: &str) -> String {
    let theirs = query.trim_start_matches('?').split('&').filter(|p| {
        !p.is_empty() && !decode(p.split_once('=').map_or(*p, |(k, _)| k)).is_some_and(|k| k.starts_with(PREFIX))
    });
    let all: Vec<&str> = theirs.chain(ours.split('&').filter(|p| !p.is_empty())).collect();
    if all.is_empty() {
        String::new()
    } else {
        format!("?{}", all.join("&"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn full_link() -> MapLink {
        let mut settings = Settings::default();
        settings.set(Setting::Erosion, 0.65);
        settings.set(Setting::BrushRadius, 4.0);
        settings.set(Setting::TerrainScale, 0.021);
        settings.set(Setting::SeaLevel, 0.37);
        MapLink {
            seed: Some(4_000_000_000),
            settings,
            scheme: Some("blueprint"),
            rivers: false,
            original: true,
            debug: true,
            drops: 123_456,
        }
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
    fn only_what_differs_from_a_fresh_page_is_written() {
        assert_eq!(write(&MapLink::default()), "he-v=1");
        let query = write(&full_link());
        assert_eq!(
            query,
            "he-v=1&he-seed=4000000000&he-erosion=0.65&he-brush-radius=4&he-sea-level=0.37&he-terrain-scale=0.021\
             &he-scheme=blueprint&he-rivers=0&he-original=1&he-debug=1&he-drops=123456"
        );
    }

    #[test]
    fn the_host_pages_parameters_are_not_ours() {
        let reading = read("?seed=5&drops=9&utm_source=blog&p=2");
        assert!(reading.warnings.is_empty());
        assert_eq!(reading.link, MapLink::default());
        assert_eq!(merge("", "he-v=1"), "?he-v=1");
        assert_eq!(merge("?a=1&he-drops=5&he%2Dseed=3", ""), "?a=1");
        assert_eq!(merge("?a=1", ""), "?a=1");
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
    ];

    #[test]
    fn bad_values_are_ignored_with_one_warning_naming_the_parameter() {
        assert!(BAD.len() >= 30);
        for (query, name) in BAD {
            let reading = read(query);
            assert_eq!(reading.link, MapLink::default(), "{query}");
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
    fn decimals_read_as_a_browser_reads_them_and_write_back_the_same() {
        for text in ["0", "0.3", "0.05", "-0.25", "200", "0.012", "1000", "0.999", "7", ".5", "-3"] {
            let browser: f64 = text.parse().unwrap();
            assert_eq!(decimal(text), Some(browser), "{text}");
        }
        for text in ["0.3", "0.05", "-0.25", "200", "0.012", "1000", "0.999", "7", "0", "-3"] {
            assert_eq!(decimal_text(decimal(text).unwrap()), text);
        }
        for bad in ["", ".", "-", "0.0001", "1e3", "NaN", "inf", "0x10", "1.2.3", "+1", " 1", "9999999999"] {
            assert_eq!(decimal(bad), None, "{bad}");
        }
        // Every on-step value of every slider survives the trip
        for setting in Setting::ALL {
            let s = setting.slider();
            let steps = ((s.max - s.min) / s.step).round() as i64;
            for k in 0..=steps {
                let v = decimal(&decimal_text(s.min + k as f64 * s.step)).unwrap();
                assert_eq!(decimal(&decimal_text(v)), Some(v), "{} step {k}", s.name);
            }
            assert_eq!(decimal(&decimal_text(s.default)), Some(s.default), "{}", s.name);
        }
    }

    #[test]
    fn encoded_values_are_decoded() {
        let reading = read("he-sea%2Dlevel=0%2E4&he-scheme=black%20white&he-scheme=bw");
        assert_eq!(reading.link.settings.sea_level(), 0.4);
        assert_eq!(reading.link.scheme, None, "the first he-scheme is used, and it is not a scheme");
    }
}
