//! What a link says of a ground brought from a file. The ground itself
//! cannot travel in a link: the link names the file (`he-ground`) and how
//! it was fitted (`he-ground-fit`: the map's cells, the fitted heights'
//! fingerprint, the sea level its shore was put at, if the reader picked
//! one the encoding its colours were read in, and an elevation model's
//! steepness, as `3.2x`, where it is not 1). Whoever opens the
//! link gives the file again; the fingerprint says whether it is the same
//! ground, to the bit.
//!
//! ```
//! use hydraulic_erosion::raster::grid::Grid;
//! use hydraulic_erosion::share::elevation::Encoding;
//! use hydraulic_erosion::share::ground_link::GroundLink;
//! let ground = GroundLink {
//!     name: "N46E007.hgt".into(),
//!     grid: Grid::new(2048, 2048),
//!     fingerprint: 0x4ab0_ce9f_5159_d823,
//!     shore: 0.25,
//!     encoding: Encoding::Auto,
//!     steepness: 2.5,
//! };
//! assert_eq!(ground.fit(), "2048x2048~4ab0ce9f5159d823~0.25~2.5x");
//! assert_eq!(GroundLink::read("N46E007.hgt", &ground.fit()), Some(ground));
//! ```

use super::decimal;
use super::elevation::{self, Budget, Encoding, ReadError};
use crate::ground::imported::{self, Fitting, LARGEST};
use crate::ground::steepness;
use crate::raster::fingerprint::fingerprint;
use crate::raster::grid::Grid;

/// The longest file name a link keeps (longer ones are cut).
pub const MAX_NAME: usize = 100;

/// A ground from a file, as a link names it.
#[derive(Clone, Debug, PartialEq)]
pub struct GroundLink {
    /// The file's name, as the reader's system gave it.
    pub name: String,
    /// The map's cells once fitted.
    pub grid: Grid,
    /// The fitted heights' fingerprint ([`crate::raster::fingerprint`]).
    pub fingerprint: u64,
    /// The sea level an elevation model's shore was put at.
    pub shore: f64,
    /// How a PNG's colours were read.
    pub encoding: Encoding,
    /// How steep the drops find the ground
    /// ([`crate::ground::imported::ImportedGround::steepness`]).
    pub steepness: f64,
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
        if self.steepness != 1.0 {
            fit += &format!("~{}x", decimal::write(self.steepness));
        }
        fit
    }

    /// The ground a link names `name` with the fitting `fit`, if that is
    /// one (a grid the budget takes, a fingerprint of 16 hex digits, a sea
    /// level from 0 to 1, a known encoding, a steepness a model is given).
    pub fn read(name: &str, fit: &str) -> Option<GroundLink> {
        let parts: Vec<&str> = fit.split('~').collect();
        let (cells, fingerprint, shore) = (parts.first()?, parts.get(1)?, parts.get(2)?);
        // Then the encoding, the steepness, both (in that order) or neither
        let mut rest = parts.iter().skip(3).peekable();
        let encoding = match rest.peek().and_then(|key| Encoding::from_key(key)) {
            Some(encoding) => {
                rest.next();
                encoding
            }
            None => Encoding::Auto,
        };
        let steepness = match rest.next() {
            Some(times) => {
                decimal::read(times.strip_suffix('x')?).filter(|s| (steepness::LEAST..=steepness::MOST).contains(s))?
            }
            None => 1.0,
        };
        let (cols, rows) = cells.split_once('x')?;
        let (cols, rows): (usize, usize) = (cols.parse().ok()?, rows.parse().ok()?);
        // (a ground is fitted within the largest map)
        let fits =
            (Budget::LEAST_SIDE..=LARGEST.cols).contains(&cols) && (Budget::LEAST_SIDE..=LARGEST.rows).contains(&rows);
        let fingerprint = u64::from_str_radix(fingerprint, 16).ok().filter(|_| fingerprint.len() == 16)?;
        let shore = decimal::read(shore).filter(|s| (0.0..=1.0).contains(s))?;
        (fits && rest.next().is_none() && !name.is_empty()).then(|| GroundLink {
            name: GroundLink::kept_name(name),
            grid: Grid::new(cols, rows),
            fingerprint,
            shore,
            encoding,
            steepness,
        })
    }
}

/// A ground's file opened: the link that names it, its fitted heights, and
/// what was read and done, in words (the map's note).
#[derive(Clone, Debug, PartialEq)]
pub struct OpenedGround {
    pub link: GroundLink,
    pub heights: Vec<f32>,
    pub said: String,
    /// What fitting did to the file (its metres, its size).
    pub fitting: Fitting,
}

/// Opens the ground in a file called `name` (its `bytes`) as the page does:
/// read ([`elevation::read`]), a PNG's colours as `encoding` says, and
/// fitted with an elevation model's shore at `shore`
/// ([`imported::fit`]); named by its link. Why a file is not a ground is
/// said in the page's words.
pub fn open(bytes: &[u8], name: &str, encoding: Encoding, shore: f64) -> Result<OpenedGround, ReadError> {
    open_within(bytes, name, encoding, shore, (&Budget::PAGE, LARGEST))
}

/// [`open`] within a file's `budget`, averaged down to within `largest`
/// (the command's, past the page's: the link then names a ground the page
/// would fit otherwise).
pub fn open_within(
    bytes: &[u8],
    name: &str,
    encoding: Encoding,
    shore: f64,
    (budget, largest): (&Budget, Grid),
) -> Result<OpenedGround, ReadError> {
    let opened = elevation::read_within(bytes, name, encoding, budget)?;
    let (ground, fitting) = imported::fit_within(opened.elevation, shore, largest);
    let said = format!("{}: {} {}", name, opened.format, fitting.describe(ground.grid));
    let link = GroundLink {
        name: GroundLink::kept_name(name),
        grid: ground.grid,
        fingerprint: fingerprint(ground.grid, &ground.heights),
        shore,
        encoding,
        steepness: ground.steepness,
    };
    Ok(OpenedGround { link, heights: ground.heights, said, fitting })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_opens_to_the_link_that_names_its_fitted_heights() {
        let grid = Grid::new(40, 30);
        let ramp: Vec<f32> = (0..grid.cells()).map(|i| (i % 40) as f32 / 39.0).collect();
        let png = crate::share::heightmap::encode(grid, &ramp);
        let long = format!("{}.png", "a".repeat(MAX_NAME + 20));
        let opened = open(&png, &long, Encoding::Auto, 0.25).expect("a heightmap opens");
        assert_eq!((opened.link.grid, opened.link.shore, opened.link.encoding), (grid, 0.25, Encoding::Auto));
        assert_eq!(opened.link.fingerprint, fingerprint(grid, &opened.heights));
        assert_eq!(opened.link.name.chars().count(), MAX_NAME, "the name a link keeps");
        assert!(opened.said.starts_with(&format!("{long}: 16-bit greyscale PNG")), "{}", opened.said);
        assert_eq!(open(b"not a heightmap", "notes.txt", Encoding::Auto, 0.25), Err(ReadError::NotAHeightmap));
    }

    #[test]
    fn a_fitting_reads_back_and_a_malformed_one_is_none() {
        let ground = GroundLink {
            name: "my valley.tif".into(),
            grid: Grid::new(1201, 1201),
            fingerprint: 7,
            shore: 0.3,
            encoding: Encoding::Terrarium,
            steepness: 1.0,
        };
        assert_eq!(ground.fit(), "1201x1201~0000000000000007~0.3~terrarium");
        assert_eq!(GroundLink::read("my valley.tif", &ground.fit()), Some(ground.clone()));
        let steep = GroundLink { steepness: 0.63, ..ground.clone() };
        assert_eq!(steep.fit(), "1201x1201~0000000000000007~0.3~terrarium~0.63x");
        assert_eq!(GroundLink::read("my valley.tif", &steep.fit()), Some(steep));
        let model = GroundLink { encoding: Encoding::Auto, steepness: 16.0, ..ground };
        assert_eq!(GroundLink::read("my valley.tif", "1201x1201~0000000000000007~0.3~16x"), Some(model));
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
            "99x99~0000000000000007~0.3~2x~grey",
            "99x99~0000000000000007~0.3~2",
            "99x99~0000000000000007~0.3~17x",
            "99x99~0000000000000007~0.3~0.1x",
            "99x99~0000000000000007~0.3~grey~2x~3x",
        ] {
            assert_eq!(GroundLink::read("a.png", bad), None, "{bad}");
        }
        assert_eq!(GroundLink::read("", "99x99~0000000000000007~0.3"), None);
        assert_eq!(GroundLink::kept_name(&"é".repeat(150)).chars().count(), MAX_NAME);
    }
}
