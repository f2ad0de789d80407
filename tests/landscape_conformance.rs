//! Conformance with the procedural generation article's landscape: the
//! fixtures under `tests/fixtures/landscape/` were made by a line-for-line
//! port of its Processing code, with Java's float arithmetic and a fixed
//! sequence of random numbers, and its `drawHeightmap` colours through
//! Processing's `lerpColor` (`tests/fixtures/make_landscape_fixtures.mjs`).

use hydraulic_erosion::draw::color_schemes::{scheme, LANDSCAPE_BANDS};
use hydraulic_erosion::draw::relief::elevation_color;
use hydraulic_erosion::ground::diamond_square::diamond_square;
use hydraulic_erosion::hydrology::traced_rivers::trace;
use hydraulic_erosion::raster::grid::Grid;

mod fixture_files;

fn f32s(name: &str) -> Vec<f32> {
    fixture_files::read("landscape", name, f32::from_le_bytes)
}

#[test]
fn diamond_square_equals_the_articles_to_the_bit_on_its_257_grid() {
    let units = f32s("diamond_square_units.f32");
    let mut next = units.iter().copied();
    let mut unit = || next.next().expect("the fixture's random numbers run out");
    let heights = diamond_square(8, 0.65, &mut unit);
    assert_eq!(next.len(), 0, "every random number of the article's run is used, in its order");
    let expected = f32s("diamond_square_heights.f32");
    assert_eq!(heights.len(), 257 * 257);
    let differing = heights.iter().zip(&expected).filter(|(a, b)| a.to_bits() != b.to_bits()).count();
    assert_eq!(differing, 0, "{differing} of {} heights differ", expected.len());
    let (low, high) = expected.iter().fold((f32::MAX, f32::MIN), |(l, h), &v| (l.min(v), h.max(v)));
    assert!(high - low > 0.5, "the fixture's terrain has relief: {low}..{high}");
}

#[test]
fn the_landscape_scheme_takes_the_articles_five_band_colours_within_one_level() {
    let expected = fixture_files::read("landscape", "heightmap_colors.rgb", u8::from_le_bytes);
    assert_eq!(expected.len(), 3 * 1001);
    let mut worst = 0.0f64;
    for (k, theirs) in expected.chunks_exact(3).enumerate() {
        let v = (k as f32 / 1000.0) as f64;
        let ours = elevation_color(LANDSCAPE_BANDS, v);
        for c in 0..3 {
            worst = worst.max((ours[c] - theirs[c] as f64).abs());
        }
    }
    assert!(worst <= 1.0, "a channel is {worst} levels from drawHeightmap's");
    let exact = expected.chunks_exact(3).enumerate().filter(|(k, theirs)| {
        let ours = elevation_color(LANDSCAPE_BANDS, (*k as f32 / 1000.0) as f64);
        (0..3).all(|c| ours[c] == theirs[c] as f64)
    });
    assert!(exact.count() > 950, "nearly every colour exact");
    assert_eq!(scheme("landscape").map(|s| s.elevation_bands.len()), Some(5));
}

#[test]
fn traced_rivers_follow_the_articles_rule_on_its_landscape() {
    let heights = f32s("normalised_heights.f32");
    let units = f32s("river_units.f32");
    let mut next = units.iter().copied();
    let mut unit = || next.next().expect("the fixture's random numbers run out");
    let ours = trace(Grid::new(257, 257), &heights, 0.75, 0.36, 6, &mut unit);
    assert_eq!(next.len(), 0, "the same random numbers, in the same order");
    let raw = fixture_files::read("landscape", "rivers.i32", i32::from_le_bytes);
    let mut theirs = Vec::new();
    let mut at = 0;
    while at < raw.len() {
        let n = raw[at] as usize;
        theirs.push(
            raw[at + 1..at + 1 + 2 * n].chunks_exact(2).map(|p| [p[0] as usize, p[1] as usize]).collect::<Vec<_>>(),
        );
        at += 1 + 2 * n;
    }
    assert_eq!(theirs.len(), 6);
    let lengths: Vec<usize> = theirs.iter().map(|r| r.len()).collect();
    assert!(lengths.iter().filter(|&&n| n > 3).count() >= 2, "the article's rivers run some way: {lengths:?}");
    assert_eq!(ours, theirs);
}
