//! SRTM `.hgt` tiles: a square of one degree, 1201 × 1201 heights (3 arc
//! seconds apart) or 3601 × 3601 (1 arc second), each a big-endian signed
//! 16-bit number of metres, −32,768 where the radar saw nothing (a void).
//! The file has no header: its length says its size, and its name
//! (`N46E007.hgt`) the latitude of its southern edge, which says how wide a
//! cell is east to west.

use super::{degrees_wide, Budget, Format, Opened, ReadError};
use crate::ground::imported::{Elevation, Unit};

/// The sides an SRTM tile has.
const SIDES: [usize; 2] = [1201, 3601];
/// The value of a void.
const VOID: i16 = i16::MIN;

/// The bytes of a tile `side` heights across.
pub const fn bytes_for(side: usize) -> usize {
    side * side * 2
}

/// The side of the tile that is `bytes` long, if one is.
pub fn side_for(bytes: usize) -> Option<usize> {
    SIDES.into_iter().find(|&side| bytes_for(side) == bytes)
}

/// The latitude of the tile's middle from its name (`N46E007.hgt` is
/// 46.5° north, `S23W044.hgt` 22.5° south), if the name says.
pub fn latitude(name: &str) -> Option<f64> {
    let base = name.rsplit(['/', '\\']).next()?.to_ascii_uppercase();
    let sign = match base.as_bytes().first()? {
        b'N' => 1.0,
        b'S' => -1.0,
        _ => return None,
    };
    let digits = base.get(1..3).filter(|d| d.bytes().all(|b| b.is_ascii_digit()))?;
    let degrees: f64 = digits.parse().ok()?;
    (degrees <= 90.0).then_some(sign * degrees + 0.5)
}

/// The ground in an `.hgt` file called `name`.
pub fn read(bytes: &[u8], name: &str, budget: &Budget) -> Result<Opened, ReadError> {
    let side = side_for(bytes.len()).ok_or(ReadError::HgtLength { bytes: bytes.len() })?;
    budget.check(side, side)?;
    let values = bytes
        .chunks_exact(2)
        .map(|pair| match i16::from_be_bytes([pair[0], pair[1]]) {
            VOID => f32::NAN,
            metres => metres as f32,
        })
        .collect();
    // Cells are (side − 1)ths of a degree apart both ways
    let degrees = 1.0 / (side - 1) as f64;
    let cell_metres = latitude(name).map(|lat| degrees_wide(degrees, degrees, lat));
    let elevation = Elevation { cols: side, rows: side, values, unit: Unit::Metres, cell_metres };
    Ok(Opened { elevation, format: Format::SrtmHgt })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page's reading of an `.hgt`.
    fn read(bytes: &[u8], name: &str) -> Result<Opened, ReadError> {
        super::read(bytes, name, &Budget::PAGE)
    }

    #[test]
    fn a_tile_is_big_endian_metres_with_voids_and_its_name_says_its_cells_width() {
        let mut bytes = vec![0u8; bytes_for(1201)];
        bytes[0..2].copy_from_slice(&(-12i16).to_be_bytes());
        bytes[2..4].copy_from_slice(&4_478i16.to_be_bytes());
        bytes[4..6].copy_from_slice(&VOID.to_be_bytes());
        let Opened { elevation: tile, format } = read(&bytes, "tiles/N45E007.hgt").unwrap();
        assert_eq!((tile.cols, tile.rows, format, tile.unit), (1201, 1201, Format::SrtmHgt, Unit::Metres));
        assert_eq!(&tile.values[..2], [-12.0, 4_478.0]);
        assert!(tile.values[2].is_nan());
        assert_eq!(tile.voids(), 1);
        // 3 arc seconds: 92.8 m north to south, 65.0 m east to west at 45.5° N
        let width = tile.cell_metres.unwrap();
        assert!((width - 78.9).abs() < 0.1, "{width}");
        assert_eq!(read(&bytes, "mystery.bin").unwrap().elevation.cell_metres, None);
    }

    #[test]
    fn names_say_the_latitude_and_lengths_the_side() {
        assert_eq!(latitude("N46E007.hgt"), Some(46.5));
        assert_eq!(latitude("s23w044.HGT"), Some(-22.5));
        assert_eq!(latitude("C:\\maps\\N00E010.hgt"), Some(0.5));
        assert_eq!((latitude("E46.hgt"), latitude("N9.hgt"), latitude("N99E000.hgt")), (None, None, None));
        assert_eq!((side_for(2_884_802), side_for(25_934_402), side_for(2_884_800)), (Some(1201), Some(3601), None));
    }
}
