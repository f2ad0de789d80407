//! What a link says of a ground brought from a file. The ground itself
//! cannot travel in a link: the link names the file (`he-ground`) and how
//! it was fitted (`he-ground-fit`: the map's cells, the fitted heights'
//! fingerprint, the sea level its shore was put at and, if the reader
//! picked one, the encoding its colours were read in). Whoever opens the
//! link gives the file again; the fingerprint says whether it is the same
//! ground, to the bit.
//!
//! ```
//! use hydraulic_erosion::grid::Grid;
//! use hydraulic_erosion::share::elevation::Encoding;
//! use hydraulic_erosion::share::ground_link::GroundLink;
//! let ground = GroundLink {
//!     name: "N46E007.hgt".into(),
//!     grid: Grid::new(2048, 2048),
//!     fingerprint: 0x4ab0_ce9f_5159_d823,
//!     shore: 0.25,
//!     encoding: Encoding::Auto,
//! };
//! assert_eq!(ground.fit(), "2048x2048~4ab0ce9f5159d823~0.25");
//! assert_eq!(GroundLink::read("N46E007.hgt", &ground.fit()), Some(ground));
//! ```

use super::decimal;
use super::elevation::{Budget, Encoding};
use crate::grid::Grid;
use crate::ground::imported::LARGEST;

/// The longest file name a link keeps (longer ones are cut).
pub const MAX_NAME: usize = 100;

/// A ground from a file, as a link names it.
#[derive(Clone, Debug, PartialEq)]
pub struct GroundLink {
    /// The file's name, as the reader's system gave it.
    pub name: String,
    /// The map's cells once fitted.
    pub grid: Grid,
    /// The fitted heights' fingerprint ([`crate::fingerprint`]).
    pub fingerprint: u64,
    /// The sea level an elevation model's shore was put at.
    pub shore: f64,
    /// How a PNG's colours were read.
    pub encoding: Encoding,
}

impl GroundLink {
    /// The file's name as a link keeps it: at most [`MAX_NAME`] characters.
    pub fn kept_name(name: &str) -> String {
        name.chars().take(MAX_NAME).collect()
    }

    /// The fitting, as `he-ground-fit` writes it.
    pub fn fit(&self) -> String {
        let mut fit =
            format!("{}x{}~{:016x}~{}", self.grid.cols, self.grid.rows, self.fingerprint, decimal::write(self.shore));
        if self.encoding != Encoding::Auto {
            fit += &format!("~{}", self.encoding.key());
        }
        fit
    }

    /// The ground a link names `name` with the fitting `fit`, if that is
    /// one (a grid the budget takes, a fingerprint of 16 hex digits, a sea
    /// level from 0 to 1, a known encoding).
    pub fn read(name: &str, fit: &str) -> Option<GroundLink> {
        let parts: Vec<&str> = fit.split('~').collect();
        let (cells, fingerprint, shore) = (parts.first()?, parts.get(1)?, parts.get(2)?);
        let encoding = match parts.get(3) {
            Some(key) => Encoding::from_key(key)?,
            None => Encoding::Auto,
        };
        let (cols, rows) = cells.split_once('x')?;
        let (cols, rows): (usize, usize) = (cols.parse().ok()?, rows.parse().ok()?);
        // (a ground is fitted within the largest map)
        let fits =
            (Budget::LEAST_SIDE..=LARGEST.cols).contains(&cols) && (Budget::LEAST_SIDE..=LARGEST.rows).contains(&rows);
        let fingerprint = u64::from_str_radix(fingerprint, 16).ok().filter(|_| fingerprint.len() == 16)?;
        let shore = decimal::read(shore).filter(|s| (0.0..=1.0).contains(s))?;
        (fits && parts.len() <= 4 && !name.is_empty()).then(|| GroundLink {
            name: GroundLink::kept_name(name),
            grid: Grid::new(cols, rows),
            fingerprint,
            shore,
            encoding,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fitting_reads_back_and_a_malformed_one_is_none() {
        let ground = GroundLink {
            name: "my valley.tif".into(),
            grid: Grid::new(1201, 1201),
            fingerprint: 7,
            shore: 0.3,
            encoding: Encoding::Terrarium,
        };
        assert_eq!(ground.fit(), "1201x1201~0000000000000007~0.3~terrarium");
        assert_eq!(GroundLink::read("my valley.tif", &ground.fit()), Some(ground));
        for bad in [
            "",
            "1201x1201",
            "1201x1201~7~0.3",
            "4096x16~0000000000000007~0.3",
            "8x8~0000000000000007~0.3",
            "99x99~0000000000000007~1.5",
            "99x99~000000000000000g~0.3",
            "99x99~0000000000000007~0.3~jpeg",
            "99x99~0000000000000007~0.3~grey~more",
        ] {
            assert_eq!(GroundLink::read("a.png", bad), None, "{bad}");
        }
        assert_eq!(GroundLink::read("", "99x99~0000000000000007~0.3"), None);
        assert_eq!(GroundLink::kept_name(&"é".repeat(150)).chars().count(), MAX_NAME);
    }
}
