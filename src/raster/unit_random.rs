//! Numbers in [0, 1) from the project's seeded generator, made exactly the
//! same way on every platform, so a link gives the same map everywhere.
//!
//! ```
//! use hydraulic_erosion::raster::unit_random::{unit_f32, unit_f64};
//! use rand_core::SeedableRng;
//! let mut rng = rand_pcg::Pcg32::seed_from_u64(1);
//! let (a, b) = (unit_f64(&mut rng), unit_f32(&mut rng));
//! assert!((0.0..1.0).contains(&a) && (0.0..1.0).contains(&b));
//! ```

use rand_core::Rng;
use rand_pcg::Pcg32;

/// A number in [0, 1) from the top 53 bits of the generator's next output:
/// exact, so the same on every platform.
pub fn unit_f64(rng: &mut Pcg32) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// A float in [0, 1) from 24 random bits, as Java's `nextFloat` (and so
/// Processing's `random`) makes one.
pub fn unit_f32(rng: &mut Pcg32) -> f32 {
    (rng.next_u32() >> 8) as f32 / (1u32 << 24) as f32
}
