//! A link as the command is given it: the page's whole address or its
//! query, with settings given beside it (`erosion=0.5`) in place of the
//! link's own. It is read by the page's own reader ([`link::read`]), so a
//! hostile link is clamped as the page clamps it, with the same warnings.

use hydraulic_erosion::share::link::{self, MapLink, Reading, MAX_DROPS, PREFIX};
use hydraulic_erosion::share::link_keys::link_keys;

use crate::command::Failure;

/// The seed of a link that names none. The page draws one at random; a
/// command gives the same map every time it is run the same way.
pub const SEED: u32 = 1;

/// A map's link as a subcommand is given it: `given` with `settings` in
/// its place ([`read`]) and `drops` for its drops, seed [`SEED`] where it
/// names none, and whether its drops were cut down to what a link
/// replays. What was clamped or ignored is said on standard error unless
/// `quiet`.
pub fn map_link(given: &str, settings: &[String], drops: Option<u64>, quiet: bool) -> Result<(MapLink, bool), Failure> {
    let reading = read(given, settings)?;
    if !quiet {
        for warning in &reading.warnings {
            eprintln!("hydraulic-erosion: warning: {warning}");
        }
    }
    let mut link = reading.link;
    if let Some(drops) = drops {
        if drops > MAX_DROPS {
            return Err(Failure::usage(format!("at most {MAX_DROPS} drops: a link replays no more")));
        }
        link.drops = drops;
    }
    link.seed.get_or_insert(SEED);
    Ok((link, reading.capped && drops.is_none()))
}

/// The query of `given`: what follows `?` in a whole address (up to a
/// `#`), or `given` itself, less a leading `?`.
pub fn query_of(given: &str) -> &str {
    let given = given.trim();
    let given = given.split('#').next().unwrap_or("");
    match given.split_once('?') {
        Some((_, query)) => query,
        None => given,
    }
}

/// The link `given`, with each of `settings` (`key=value`, a key as a link
/// names it, with or without its `he-`) in place of the link's own value
/// for that key. A key no link holds is refused, naming the keys there are.
pub fn read(given: &str, settings: &[String]) -> Result<Reading, Failure> {
    let keys: Vec<String> = link_keys().into_iter().map(|k| k.name).collect();
    let mut pairs: Vec<(String, String)> = form_urlencoded::parse(query_of(given).as_bytes()).into_owned().collect();
    for setting in settings {
        let Some((key, value)) = setting.split_once('=') else {
            return Err(Failure::usage(format!("{setting:?} is no setting: write it as key=value, as erosion=0.5")));
        };
        let key = key.trim().strip_prefix(PREFIX).unwrap_or(key.trim());
        if !keys.iter().any(|k| k == key) {
            return Err(Failure::usage(format!("no setting {key:?}: a link holds {}", keys.join(", "))));
        }
        let name = format!("{PREFIX}{key}");
        pairs.retain(|(k, _)| *k != name);
        pairs.push((name, value.trim().to_string()));
    }
    let query = form_urlencoded::Serializer::new(String::new()).extend_pairs(&pairs).finish();
    Ok(link::read(&query))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hydraulic_erosion::settings::sliders::Setting;

    #[test]
    fn a_whole_address_gives_its_query_and_a_query_is_itself() {
        assert_eq!(query_of("https://example.org/erosion/?he-seed=5&utm=x#top"), "he-seed=5&utm=x");
        assert_eq!(query_of("?he-seed=5"), "he-seed=5");
        assert_eq!(query_of(" he-seed=5&he-drops=300 "), "he-seed=5&he-drops=300");
        assert_eq!(query_of(""), "");
    }

    #[test]
    fn a_setting_given_beside_the_link_takes_its_place() {
        let reading = read("he-seed=5&he-erosion=0.1", &["erosion=0.5".into(), "he-drops=300".into()]).unwrap();
        assert_eq!(reading.link.seed, Some(5));
        assert_eq!(reading.link.settings.get(Setting::Erosion), 0.5);
        assert_eq!(reading.link.drops, 300);
        assert!(reading.warnings.is_empty(), "{:?}", reading.warnings);
    }

    #[test]
    fn a_hostile_value_is_clamped_as_the_page_clamps_it_and_an_unknown_key_is_refused() {
        let reading = read("he-seed=5&he-erosion=99", &[]).unwrap();
        assert_eq!(reading.link.settings.get(Setting::Erosion), Setting::Erosion.slider().max);
        assert_eq!(reading.warnings.len(), 1, "{:?}", reading.warnings);
        let refused = read("", &["erosoin=0.5".into()]).expect_err("no such setting");
        assert!(refused.why.starts_with("no setting \"erosoin\": a link holds v, seed, drops,"), "{}", refused.why);
        assert!(read("", &["erosion".into()]).is_err(), "not key=value");
    }
}
