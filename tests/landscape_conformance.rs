//! Conformance with the procedural generation article's landscape: the
//! fixtures under `tests/fixtures/landscape/` were made by a line-for-line
//! port of its Processing code, with Java's float arithmetic and a fixed
//! sequence of random numbers (`tests/fixtures/make_landscape_fixtures.mjs`).

use hydraulic_erosion::diamond_square::diamond_square;

fn f32s(name: &str) -> Vec<f32> {
    let path = format!("{}/tests/fixtures/landscape/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    bytes.chunks_exact(4).map(|b| f32::from_le_bytes(b.try_into().unwrap())).collect()
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
