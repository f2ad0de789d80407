//! Shared by the native and the wasm tests.

use hydraulic_erosion::terrain::Terrain;

/// The fingerprint (`Terrain::heights_hash`) of seed 1's heights after
/// 10,000 drops at the default settings. The native tests and the wasm tests
/// in headless Chromium both check it: the simulation is bit-identical on
/// both.
pub const SEED_1_AFTER_10K: u64 = 0x7fa1_2faf_6acc_8e80;

/// The fingerprint of seed 1's heights after 10,000 drops, worked out by
/// whichever build runs the test: to compare with [`SEED_1_AFTER_10K`].
pub fn seed_1_after_10k() -> u64 {
    let mut t = Terrain::new(1);
    t.rain(10_000);
    t.heights_hash()
}
