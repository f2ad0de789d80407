//! What the rain has moved since the start: the ground each cell has lost
//! (its erosion) and the ground it has gained (its deposition), as the
//! difference between the ground now and before any rain. A cell dug and
//! filled again counts neither, as a survey of the ground before and after
//! would find. What the map lost in all is the erosion less the deposition:
//! the sediment drops carried into the sea or off the map.
//!
//! ```
//! use hydraulic_erosion::erosion::ground_moved::{deposition, erosion, ground_lost};
//! let (before, now) = ([0.5f32, 0.5, 0.5], [0.4f32, 0.5, 0.55]);
//! assert_eq!(erosion(&before, &now)[0], 0.5 - 0.4);
//! assert_eq!(deposition(&before, &now)[2], 0.55 - 0.5);
//! assert!((ground_lost(&before, &now) - 0.05).abs() < 1e-6);
//! ```

/// The ground each cell has lost: `before − now` where that is above 0,
/// else 0.
pub fn erosion(before: &[f32], now: &[f32]) -> Vec<f32> {
    before.iter().zip(now).map(|(&b, &n)| (b - n).max(0.0)).collect()
}

/// The ground each cell has gained: `now − before` where that is above 0,
/// else 0.
pub fn deposition(before: &[f32], now: &[f32]) -> Vec<f32> {
    before.iter().zip(now).map(|(&b, &n)| (n - b).max(0.0)).collect()
}

/// The ground the map has lost in all (in heights times cells), summed in
/// `f64`.
pub fn ground_lost(before: &[f32], now: &[f32]) -> f64 {
    before.iter().zip(now).map(|(&b, &n)| b as f64 - n as f64).sum()
}

/// The largest value of a map, 0 for an empty or all-zero one.
pub fn largest(map: &[f32]) -> f32 {
    map.iter().fold(0.0, |a, &b| a.max(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terrain::Terrain;

    #[test]
    fn nothing_has_moved_before_the_first_drop() {
        let t = Terrain::new(3);
        assert_eq!(largest(&erosion(t.original(), t.heights())), 0.0);
        assert_eq!(largest(&deposition(t.original(), t.heights())), 0.0);
    }

    #[test]
    fn erosion_less_deposition_is_what_the_map_lost() {
        let mut t = Terrain::new(3);
        t.rain(20_000);
        let (before, now) = (t.original(), t.heights());
        let (e, d) = (erosion(before, now), deposition(before, now));
        let sum = |m: &[f32]| m.iter().map(|&v| v as f64).sum::<f64>();
        // Each cell's difference is one f32 subtraction: rounded, so the
        // sums agree to a few units in the last place of each cell
        let lost = ground_lost(before, now);
        assert!((sum(&e) - sum(&d) - lost).abs() < 1e-7 * t.grid().cells() as f64, "{lost}");
        assert!(sum(&e) > 1.0 && sum(&d) > 0.1, "the rain dug and laid ground down: {} {}", sum(&e), sum(&d));
        assert!(lost > 0.0, "drops carry ground into the sea");
        assert!(e.iter().zip(&d).all(|(&e, &d)| e == 0.0 || d == 0.0), "a cell lost or gained, not both");
    }
}
