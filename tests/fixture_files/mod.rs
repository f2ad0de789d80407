//! Reading the conformance fixtures: raw little-endian arrays that the
//! fixture makers under `tests/fixtures/` write.

/// The values in `tests/fixtures/{set}/{name}`, each made from `N` bytes by
/// `from` (`f32::from_le_bytes`, `i32::from_le_bytes`, ...; `u8::from_le_bytes`
/// for the bytes themselves).
pub fn read<const N: usize, T>(set: &str, name: &str, from: fn([u8; N]) -> T) -> Vec<T> {
    let path = format!("{}/tests/fixtures/{set}/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    bytes.chunks_exact(N).map(|b| from(b.try_into().expect("chunks of N bytes"))).collect()
}
