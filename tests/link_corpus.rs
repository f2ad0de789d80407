//! Links made by every earlier release keep opening to the same map: a
//! fixed corpus of links of every version of the link format
//! (`tests/fixtures/links/corpus.tsv`), each opened as the page opens it
//! (a sketch started from the link, run until it rests) and its heights'
//! fingerprint held to the one the corpus pins.

use hydraulic_erosion::draw::painter::NoPainter;
use hydraulic_erosion::draw::viewport::Size;
use hydraulic_erosion::share::link;
use hydraulic_erosion::sketch::{Sketch, Start};

const CORPUS: &str = include_str!("fixtures/links/corpus.tsv");

/// The corpus's lines: the link's version, its query and its heights.
fn corpus() -> Vec<(&'static str, &'static str, &'static str)> {
    CORPUS
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 3, "a version, a link and its heights: {line}");
            (fields[0], fields[1], fields[2])
        })
        .collect()
}

/// The heights' fingerprint the page shows once `query` is brought back.
fn opened(query: &str) -> String {
    let reading = link::read(query);
    assert!(reading.warnings.is_empty(), "{query}: {:?}", reading.warnings);
    let size = Size { width: 640.0, height: 360.0, ratio: 1.0 };
    let mut sketch = Sketch::new(Start { link: reading.link, ..Start::fresh(0, size) });
    let mut t = 0.0;
    let mut frames = 0;
    while sketch.wants_frames() {
        sketch.frame(
            &mut || {
                t += 1.0;
                t
            },
            &mut NoPainter,
        );
        frames += 1;
        assert!(frames < 100_000, "{query} comes to rest");
    }
    format!("{:016x}", sketch.terrain().heights_hash())
}

#[test]
fn every_link_of_every_version_opens_to_the_heights_it_always_did() {
    let corpus = corpus();
    let versions: Vec<&str> = corpus.iter().map(|(v, _, _)| *v).collect();
    for version in ["none", "1", "2", "3"] {
        assert!(versions.contains(&version), "the corpus has links of version {version}");
    }
    let wrong: Vec<String> = corpus
        .iter()
        .filter_map(|&(_, query, pinned)| {
            let heights = opened(query);
            (heights != pinned).then(|| format!("{query}: {heights}, pinned {pinned}"))
        })
        .collect();
    assert!(wrong.is_empty(), "{} of {} links open elsewhere:\n{}", wrong.len(), corpus.len(), wrong.join("\n"));
}
