//! Conformance with the terrain erosion tutorial: the fixtures under
//! `tests/fixtures/tutorial/` were made by running its own code in Node, with
//! the helpers it leaves undefined supplied and the noise and starting
//! points fixed (`tests/fixtures/make_tutorial_fixtures.mjs`). Each test runs
//! our port on the same input and compares.

use hydraulic_erosion::erosion::thermal_erosion::ThermalErosion;
use hydraulic_erosion::erosion::tutorial_droplet::{simulate, Digs, TutorialRules};
use hydraulic_erosion::ground::simplex_fbm::{fbm, warped, Octaves};
use hydraulic_erosion::hydrology::flow_accumulation::flow_accumulation;
use hydraulic_erosion::raster::grid::Grid;

mod fixture_files;

fn f32s(name: &str) -> Vec<f32> {
    fixture_files::read("tutorial", name, f32::from_le_bytes)
}

fn f64s(name: &str) -> Vec<f64> {
    fixture_files::read("tutorial", name, f64::from_le_bytes)
}

fn square(cells: usize) -> Grid {
    let size = (cells as f64).sqrt() as usize;
    assert_eq!(size * size, cells);
    Grid::new(size, size)
}

/// The fixture's noise: −1..1 from `+ − ×` and `%`, the same here as in
/// JavaScript to the bit.
fn fixed_noise(x: f64, z: f64) -> f64 {
    (((x * 3.1 + z * 1.7) % 2.0) + 2.0) % 2.0 - 1.0
}

#[test]
fn thermal_erosion_equals_the_tutorials_exactly() {
    let mut heights = f32s("thermal_input.f32");
    let grid = square(heights.len());
    let mut thermal = ThermalErosion::default();
    for _ in 0..3 {
        thermal.pass(grid, &mut heights, 0.05, 0.5);
    }
    let expected = f32s("thermal_output.f32");
    let moved = f32s("thermal_input.f32").iter().zip(&expected).filter(|(a, b)| a != b).count();
    assert!(moved > 500, "the tutorial's passes moved {moved} cells: the fixture exercises them");
    let differing = heights.iter().zip(&expected).filter(|(a, b)| a.to_bits() != b.to_bits()).count();
    assert_eq!(differing, 0, "{differing} cells differ");
}

/// The heights after the fixture's 1,000 drops, each dug as `digs` says.
fn after_a_thousand_drops(digs: Digs) -> Vec<f32> {
    let mut heights = f32s("droplet_input.f32");
    let grid = square(heights.len());
    let rules = TutorialRules { inertia: 0.05, erosion_rate: 0.3, deposition_rate: 0.3, digs, steepness: 1.0 };
    let starts = f64s("droplet_starts.f64");
    assert_eq!(starts.len(), 2000);
    for p in starts.chunks_exact(2) {
        simulate(grid, &mut heights, &rules, p[0], p[1], None);
    }
    heights
}

#[test]
fn a_thousand_drops_dug_where_they_left_match_the_corrected_tutorial_within_1e_5() {
    let heights = after_a_thousand_drops(Digs::WhereItLeft);
    let expected = f32s("droplet_corrected.f32");
    let input = f32s("droplet_input.f32");
    let changed = input.iter().zip(&expected).filter(|(a, b)| a != b).count();
    assert!(changed > 3000, "the tutorial's drops changed {changed} cells");
    let worst = heights.iter().zip(&expected).map(|(a, b)| (a - b).abs()).fold(0.0f32, f32::max);
    assert!(worst <= 1e-5, "worst cell differs by {worst}");
    let exact = heights.iter().zip(&expected).filter(|(a, b)| a.to_bits() == b.to_bits()).count();
    assert_eq!(exact, heights.len(), "within 1e-5, and in fact equal to the bit");
    // And the ground stays where it was: within the input's range, give or
    // take what the drops moved
    assert!(heights.iter().all(|&h| (0.1..0.9).contains(&h)), "heights stay in range");
}

#[test]
fn the_drop_as_written_matches_the_tutorial_to_the_bit_and_runs_away_as_it_does() {
    let heights = after_a_thousand_drops(Digs::WhereItArrives);
    let expected = f32s("droplet_as_written.f32");
    let differing = heights.iter().zip(&expected).filter(|(a, b)| a.to_bits() != b.to_bits()).count();
    assert_eq!(differing, 0, "{differing} cells differ");
    let highest = expected.iter().map(|h| h.abs()).fold(0.0f32, f32::max);
    assert!(highest > 1e20, "the tutorial's own drops run away, to {highest}: why the sketch digs where a drop left");
}

#[test]
fn flow_accumulation_equals_the_tutorials_exactly() {
    let heights = f32s("flow_input.f32");
    let grid = square(heights.len());
    let flow = flow_accumulation(grid, &heights).water;
    let expected = f32s("flow_output.f32");
    let biggest = expected.iter().cloned().fold(0.0, f32::max);
    assert!(biggest > 500.0, "rivers form in the fixture: the largest carries {biggest}");
    assert_eq!(flow, expected);
}

#[test]
fn fbm_and_warped_height_add_up_as_the_tutorials_with_the_noise_fixed() {
    let points = f64s("fbm_points.f64");
    let values = f64s("fbm_values.f64");
    let n = points.len() / 2;
    let tutorial = Octaves::TUTORIAL;
    let options = [
        (tutorial, 0.01),
        (Octaves { count: 3, ..tutorial }, 0.02),
        (Octaves { count: 8, lacunarity: 2.5, persistence: 0.35 }, 0.004),
    ];
    for (j, (octaves, scale)) in options.into_iter().enumerate() {
        for (i, p) in points.chunks_exact(2).enumerate() {
            assert_eq!(fbm(&fixed_noise, p[0], p[1], octaves, scale), values[j * n + i], "fbm option {j} at {p:?}");
        }
    }
    let warped_values = f64s("warped_values.f64");
    for (p, &expected) in points.chunks_exact(2).zip(&warped_values) {
        assert_eq!(warped(&fixed_noise, p[0], p[1], tutorial, 0.01), expected, "warpedHeight at {p:?}");
    }
}
