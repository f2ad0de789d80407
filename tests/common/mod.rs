//! Shared by the native and the wasm tests.

/// The fingerprint (`Terrain::heights_hash`) of seed 1's heights after
/// 10,000 drops at the default settings. The native tests and the wasm tests
/// in headless Chromium both check it: the simulation is bit-identical on
/// both.
pub const SEED_1_AFTER_10K: u64 = 0x0ab6_902c_166a_854b;
