//! Conformance with the original sketch: the fixtures under
//! `tests/fixtures/original/` were made by running the original `sketch.js`
//! in Node on a fixed heightmap with fixed drop positions
//! (`tests/fixtures/make_original_fixtures.mjs`). Each test runs our port on
//! the same input and compares.

use hydraulic_erosion::draw::color_schemes::{ORIGINAL_SCHEMES, SCHEMES};
use hydraulic_erosion::erosion::brush::Brush;
use hydraulic_erosion::erosion::droplet::{fall, DropRules};
use hydraulic_erosion::raster::grid::Grid;

const G: Grid = Grid::ARTICLE;
const CELLS: usize = G.cols * G.rows;
use hydraulic_erosion::draw::marching_squares::Contours;
use hydraulic_erosion::draw::relief;
use hydraulic_erosion::hydrology::rivers::Rivers;

const SEA_LEVEL: f64 = 0.25;

mod fixture_files;

fn fixture(name: &str) -> Vec<u8> {
    fixture_files::read("original", name, u8::from_le_bytes)
}

fn f32s(name: &str) -> Vec<f32> {
    fixture_files::read("original", name, f32::from_le_bytes)
}

fn f64s(name: &str) -> Vec<f64> {
    fixture_files::read("original", name, f64::from_le_bytes)
}

fn i32s(name: &str) -> Vec<i32> {
    fixture_files::read("original", name, i32::from_le_bytes)
}

#[test]
fn heights_after_a_thousand_drops_match_the_original_within_1e_5() {
    let mut heights = f32s("input_heights.f32");
    assert_eq!(heights.len(), CELLS);
    let input = heights.clone();
    let starts = f64s("drop_starts.f64");
    assert_eq!(starts.len(), 2000);
    let rules = DropRules { erosion: 0.3, deposition: 0.3, inertia: 0.05, sea_level: SEA_LEVEL, steepness: 1.0 };
    let brush = Brush::new(2, G);
    for p in starts.chunks_exact(2) {
        fall(&mut heights, &brush, &rules, p[0], p[1], None);
    }
    let expected = f32s("heights_after_drops.f32");
    let changed = input.iter().zip(&expected).filter(|(a, b)| a != b).count();
    assert!(changed > 5000, "the original's drops changed {changed} cells: the fixture exercises erosion");
    let worst = heights.iter().zip(&expected).map(|(a, b)| (a - b).abs()).fold(0.0, f32::max);
    assert!(worst <= 1e-5, "largest difference {worst}");
}

#[test]
fn rivers_match_the_original_exactly() {
    let input = f32s("input_heights.f32");
    let no_ripple = vec![0f32; CELLS];
    let mut rivers = Rivers::default();
    let drainage = rivers.build(G, &input, &no_ripple, SEA_LEVEL);
    let downstream = i32s("downstream.i32");
    let water = f32s("water.f32");
    let ours = drainage.downstream_indices();
    let mismatched = (0..CELLS).filter(|&i| ours[i] != downstream[i]).count();
    assert_eq!(mismatched, 0, "cells draining elsewhere than in the original");
    let wet = (0..CELLS).filter(|&i| drainage.water[i] != water[i]).count();
    assert_eq!(wet, 0, "cells carrying other water than in the original");
    let river_cells = water.iter().filter(|&&w| w >= 250.0).count();
    assert!(river_cells > 1000, "the fixture has real rivers: {river_cells} cells carry 250 or more");
}

#[test]
fn contours_match_the_original_within_1e_6() {
    let input = f32s("input_heights.f32");
    let mut contours = Contours::default();
    contours.trace(G, &input, SEA_LEVEL, 10);
    for (ours, name) in [(&contours.regular, "contours_regular.f64"), (&contours.index, "contours_index.f64")] {
        let theirs = f64s(name);
        assert_eq!(ours.len(), theirs.len(), "{name}: segment count");
        let worst = ours.iter().zip(&theirs).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
        assert!(worst <= 1e-6, "{name}: largest difference {worst}");
    }
}

#[test]
fn relief_matches_the_original_within_one_level_in_every_scheme() {
    let input = f32s("input_heights.f32");
    let mut pixels = vec![0u8; CELLS * 4];
    for scheme in &SCHEMES[..ORIGINAL_SCHEMES] {
        relief::paint(G, &input, SEA_LEVEL, scheme, &relief::band_colors(scheme), &mut pixels);
        let theirs = fixture(&format!("relief_{}.rgba", scheme.key));
        let worst = pixels.iter().zip(&theirs).map(|(&a, &b)| (a as i32 - b as i32).abs()).max().unwrap();
        let exact = pixels.iter().zip(&theirs).filter(|(a, b)| a == b).count();
        assert!(worst <= 1, "{}: a channel is {worst} away", scheme.key);
        assert!(exact as f64 > 0.99 * pixels.len() as f64, "{}: only {exact} channels exact", scheme.key);
    }
}
