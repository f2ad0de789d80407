//! A ground from a file: a heightmap or a real place's elevation model
//! read into one value a cell, before it is fitted to the sketch
//! ([`crate::ground::imported`]).
//!
//! Three kinds of file, told apart by their first bytes (and an `.hgt` by
//! its length): PNG ([`png_image`](crate::share::elevation::png_image): greyscale, Terrarium or
//! Terrain-RGB), GeoTIFF ([`geotiff`](crate::share::elevation::geotiff)) and SRTM `.hgt`
//! ([`srtm_hgt`](crate::share::elevation::srtm_hgt)). Every reader checks the file's size against
//! [`Budget`](crate::share::elevation::Budget) before it decodes anything, so
//! a header that claims 100,000 × 100,000 cells costs nothing; what cannot be
//! read is a [`ReadError`](crate::share::elevation::ReadError) whose words the page shows as they are.
//!
//! ```
//! use hydraulic_erosion::ground::imported::Unit;
//! use hydraulic_erosion::share::elevation::{self, Encoding};
//! use hydraulic_erosion::{share::heightmap, terrain::Terrain};
//! let t = Terrain::new(1);
//! let png = heightmap::encode(t.grid(), t.heights());
//! let ground = elevation::read(&png, "map.png", Encoding::Auto).unwrap().elevation;
//! assert_eq!((ground.cols, ground.rows, ground.unit), (320, 180, Unit::Levels));
//! assert!(elevation::read(b"hello", "notes.txt", Encoding::Auto).is_err());
//! ```

use std::fmt;

use crate::draw::words::thousands;
use crate::ground::imported::Elevation;

/// GeoTIFF: one band of integers or floats, in strips or tiles, with its
/// nodata value.
pub mod geotiff;
/// PNG: greyscale heightmaps of 8 or 16 bits, and the web's Terrarium and
/// Terrain-RGB elevation tiles.
pub mod png_image;
/// SRTM `.hgt`: 1201² or 3601² big-endian heights in metres.
pub mod srtm_hgt;

/// What a file may cost, checked before it is decoded: its bytes, its
/// cells, and its longest side (a strip of 16,384 × 2 is a map; one of a
/// million × 1 is not).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// The largest file read.
    pub file_bytes: usize,
    /// The most cells a file may hold.
    pub cells: usize,
    /// The longest side a file may have.
    pub side: usize,
}

impl Budget {
    /// The page's: 4096 × 4096 cells take 64 MiB as the decoded heights,
    /// which with the file itself and the fitted ground keeps a tab under
    /// its memory budget; a 3601² SRTM tile (13 million cells) fits. The
    /// largest file, a float64 GeoTIFF of the most cells uncompressed, is
    /// 128 MiB.
    pub const PAGE: Budget = Budget { file_bytes: 160 << 20, cells: 4096 * 4096, side: 16_384 };
    /// The command's, which erodes grounds past the page's: 8192 × 8192
    /// cells, a float64 one 512 MiB.
    pub const COMMAND: Budget = Budget { file_bytes: 600 << 20, cells: 8192 * 8192, side: 16_384 };
    /// The shortest side a ground may have: fewer cells make no valleys.
    pub const LEAST_SIDE: usize = 16;

    /// Whether a file of `cols` × `rows` cells is within the budget.
    pub fn check(&self, cols: usize, rows: usize) -> Result<(), ReadError> {
        if cols.max(rows) > self.side || cols.saturating_mul(rows) > self.cells {
            Err(ReadError::TooManyCells { cols, rows, budget: *self })
        } else if cols.min(rows) < Budget::LEAST_SIDE {
            Err(ReadError::TooFewCells { cols, rows })
        } else {
            Ok(())
        }
    }
}

/// How the reader says a PNG's samples are heights, where the file cannot
/// tell (the page's `experiment-control-import-encoding`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// Greyscale is a heightmap; a colour tile is told by its red channel
    /// (see [`png_image`]).
    Auto,
    /// A greyscale heightmap: black is 0, white is 1.
    Grey,
    /// Mapzen's Terrarium tiles: `R × 256 + G + B / 256 − 32768` metres.
    Terrarium,
    /// Mapbox's Terrain-RGB tiles: `(R × 65536 + G × 256 + B) / 10 − 10000` metres.
    TerrainRgb,
}

impl Encoding {
    /// Every encoding, in the page's order.
    pub const ALL: [Encoding; 4] = [Encoding::Auto, Encoding::Grey, Encoding::Terrarium, Encoding::TerrainRgb];
    /// The encodings' names, as the page's options and a link write them.
    pub const KEYS: [&'static str; Encoding::ALL.len()] = ["auto", "grey", "terrarium", "terrain-rgb"];
    /// ... and as the page's options show them.
    pub const LABELS: [&'static str; Encoding::ALL.len()] = ["Auto", "Greyscale", "Terrarium", "Terrain-RGB"];

    pub fn key(self) -> &'static str {
        Encoding::KEYS[self as usize]
    }

    /// The encoding called `key`.
    pub fn from_key(key: &str) -> Option<Encoding> {
        Encoding::KEYS.iter().position(|k| *k == key).map(|i| Encoding::ALL[i])
    }
}

/// Which format a file was read as, for the reader to see.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A greyscale PNG of this many bits a sample.
    GreyPng(u8),
    Terrarium,
    TerrainRgb,
    GeoTiff,
    SrtmHgt,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Format::GreyPng(bits) => write!(f, "{bits}-bit greyscale PNG"),
            Format::Terrarium => f.write_str("Terrarium PNG"),
            Format::TerrainRgb => f.write_str("Terrain-RGB PNG"),
            Format::GeoTiff => f.write_str("GeoTIFF"),
            Format::SrtmHgt => f.write_str("SRTM .hgt"),
        }
    }
}

/// A file read: its ground, and the format it was read as.
#[derive(Clone, Debug, PartialEq)]
pub struct Opened {
    pub elevation: Elevation,
    pub format: Format,
}

/// Why a file was not read, in words the page shows as they are.
#[derive(Clone, Debug, PartialEq)]
pub enum ReadError {
    Empty,
    TooBig {
        bytes: usize,
        budget: Budget,
    },
    TooManyCells {
        cols: usize,
        rows: usize,
        budget: Budget,
    },
    TooFewCells {
        cols: usize,
        rows: usize,
    },
    /// Not a PNG, TIFF or `.hgt`.
    NotAHeightmap,
    /// A file of a known kind that ends early or does not decode.
    Damaged {
        format: &'static str,
        why: String,
    },
    /// A colour image that is no elevation tile, or one read as greyscale.
    Colour {
        why: String,
    },
    /// A greyscale image read as a colour tile.
    NotColour {
        encoding: Encoding,
    },
    /// A TIFF with more than one band, or samples it does not read.
    NotOneBand {
        what: String,
    },
    /// An `.hgt` of a length no SRTM tile has.
    HgtLength {
        bytes: usize,
    },
    /// Every cell is a void.
    NoValues,
    /// Every cell has the same height.
    Flat,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ReadError::Empty => f.write_str("The file is empty."),
            ReadError::TooBig { bytes, budget } => write!(
                f,
                "The file is {} MB; a ground can be at most {} MB.",
                bytes.div_ceil(1 << 20),
                budget.file_bytes >> 20
            ),
            ReadError::TooManyCells { cols, rows, budget } => write!(
                f,
                "The file says it is {cols} × {rows} cells; a ground can have at most {} cells and {} a side.",
                thousands(budget.cells as u64),
                thousands(budget.side as u64)
            ),
            ReadError::TooFewCells { cols, rows } => write!(
                f,
                "The file is {cols} × {rows} cells; a ground needs at least {0} × {0}.",
                Budget::LEAST_SIDE
            ),
            ReadError::NotAHeightmap => f.write_str(
                "This is not a file the sketch reads: a PNG (greyscale, Terrarium or Terrain-RGB), a GeoTIFF or an SRTM .hgt.",
            ),
            ReadError::Damaged { format, why } => write!(f, "The {format} file is damaged or cut short ({why})."),
            ReadError::Colour { why } => write!(f, "{why}"),
            ReadError::NotColour { encoding } => {
                write!(f, "The image is greyscale, not a colour {} tile: pick auto or grey.", encoding.key())
            }
            ReadError::NotOneBand { what } => write!(f, "The TIFF is {what}; a ground is one band of heights."),
            ReadError::HgtLength { bytes } => write!(
                f,
                "An .hgt file holds 1201 × 1201 or 3601 × 3601 heights ({} or {} bytes); this one has {}.",
                thousands(srtm_hgt::bytes_for(1201) as u64),
                thousands(srtm_hgt::bytes_for(3601) as u64),
                thousands(*bytes as u64)
            ),
            ReadError::NoValues => f.write_str("The file has no heights: every cell is a void."),
            ReadError::Flat => f.write_str("The ground is flat: every cell has the same height."),
        }
    }
}

/// The PNG signature a PNG file starts with.
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
/// The starts of a TIFF: little- or big-endian, classic or BigTIFF.
const TIFF_STARTS: [&[u8]; 4] = [b"II*\0", b"MM\0*", b"II+\0", b"MM\0+"];

/// The ground in `bytes`, a file called `name` (an `.hgt`'s name says
/// where it lies, so how wide its cells are), reading a PNG's colours as
/// `encoding` says.
pub fn read(bytes: &[u8], name: &str, encoding: Encoding) -> Result<Opened, ReadError> {
    read_within(bytes, name, encoding, &Budget::PAGE)
}

/// [`read`] within `budget`.
pub fn read_within(bytes: &[u8], name: &str, encoding: Encoding, budget: &Budget) -> Result<Opened, ReadError> {
    if bytes.is_empty() {
        return Err(ReadError::Empty);
    }
    if bytes.len() > budget.file_bytes {
        return Err(ReadError::TooBig { bytes: bytes.len(), budget: *budget });
    }
    let opened = if bytes.starts_with(PNG_SIGNATURE) {
        png_image::read(bytes, encoding, budget)?
    } else if TIFF_STARTS.iter().any(|start| bytes.starts_with(start)) {
        geotiff::read(bytes, budget)?
    } else if name.to_ascii_lowercase().ends_with(".hgt") || srtm_hgt::side_for(bytes.len()).is_some() {
        srtm_hgt::read(bytes, name, budget)?
    } else {
        return Err(ReadError::NotAHeightmap);
    };
    check_values(&opened.elevation)?;
    Ok(opened)
}

/// A ground with at least one value and two heights.
fn check_values(elevation: &Elevation) -> Result<(), ReadError> {
    let mut values = elevation.values.iter().filter(|v| !v.is_nan());
    let first = *values.next().ok_or(ReadError::NoValues)?;
    if values.all(|&v| v == first) {
        return Err(ReadError::Flat);
    }
    Ok(())
}

/// Metres in a degree of latitude (and of longitude at the equator).
const METRES_A_DEGREE: f64 = 111_320.0;

/// How wide a cell `across` × `down` degrees is at `latitude`, in metres:
/// the mean of its width east to west (shrinking with the cosine of the
/// latitude) and its height north to south.
fn degrees_wide(across: f64, down: f64, latitude: f64) -> f64 {
    (down + across * latitude.to_radians().cos()) / 2.0 * METRES_A_DEGREE
}

/// A file's value as a height, NaN where it is none (`nodata`) or not
/// finite.
fn value_or_void(value: f64, nodata: Option<f64>) -> f32 {
    if !value.is_finite() || nodata == Some(value) {
        f32::NAN
    } else {
        value as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_refuses_a_huge_header_and_a_tiny_ground_and_says_so() {
        let page = Budget::PAGE;
        let too_many = |cols, rows| Err(ReadError::TooManyCells { cols, rows, budget: page });
        assert_eq!(page.check(100_000, 100_000), too_many(100_000, 100_000));
        assert_eq!(page.check(16_385, 16), too_many(16_385, 16));
        assert_eq!(page.check(8, 400), Err(ReadError::TooFewCells { cols: 8, rows: 400 }));
        assert_eq!(page.check(3601, 3601), Ok(()));
        assert_eq!(page.check(16_384, 1024), Ok(()));
        assert_eq!(page.check(8192, 8192), too_many(8192, 8192));
        assert_eq!(Budget::COMMAND.check(8192, 8192), Ok(()), "the command's goes further");
        let said = ReadError::TooManyCells { cols: 100_000, rows: 100_000, budget: page }.to_string();
        assert_eq!(
            said,
            "The file says it is 100000 × 100000 cells; a ground can have at most 16,777,216 cells and 16,384 a side."
        );
        assert_eq!(
            ReadError::HgtLength { bytes: 12 }.to_string(),
            "An .hgt file holds 1201 × 1201 or 3601 × 3601 heights (2,884,802 or 25,934,402 bytes); this one has 12."
        );
    }

    #[test]
    fn files_of_no_kind_it_reads_and_empty_ones_are_refused() {
        assert_eq!(read(b"", "a.png", Encoding::Auto), Err(ReadError::Empty));
        assert_eq!(read(b"GIF89a....", "a.gif", Encoding::Auto), Err(ReadError::NotAHeightmap));
        assert_eq!(read(&[0; 100], "a.hgt", Encoding::Auto), Err(ReadError::HgtLength { bytes: 100 }));
        let cut = &PNG_SIGNATURE[..6];
        assert_eq!(read(cut, "a.png", Encoding::Auto), Err(ReadError::NotAHeightmap));
        assert!(matches!(read(PNG_SIGNATURE, "a.png", Encoding::Auto), Err(ReadError::Damaged { .. })));
        assert!(matches!(read(b"II*\0\x08\0\0\0", "a.tif", Encoding::Auto), Err(ReadError::Damaged { .. })));
    }

    #[test]
    fn encodings_are_named_as_the_page_names_them() {
        for encoding in Encoding::ALL {
            assert_eq!(Encoding::from_key(encoding.key()), Some(encoding));
        }
        assert_eq!(Encoding::from_key("terrain-rgb"), Some(Encoding::TerrainRgb));
        assert_eq!(Encoding::from_key("jpeg"), None);
    }
}
