//! Grounds brought from files: any map's heights come back from the 16-bit
//! heightmap the sketch saves, to the file's precision (and exactly where
//! the 16 bits hold them); and no bytes whatever make a reader panic, only
//! say why they are not a ground. Raise `PROPTEST_CASES` to fuzz longer
//! (the closing notes quote runs of a few minutes each).
#![cfg(not(target_arch = "wasm32"))]

use std::io::Cursor;

use hydraulic_erosion::grid::Grid;
use hydraulic_erosion::ground::imported;
use hydraulic_erosion::share::elevation::{self, Encoding, Format, ReadError, Unit};
use hydraulic_erosion::share::heightmap;
use proptest::prelude::*;

/// A grid the budget takes, and finite heights for it (with some outside
/// 0 to 1, as deposits and hollows make them).
fn grid_and_heights() -> impl Strategy<Value = (Grid, Vec<f32>)> {
    (16usize..48, 16usize..48).prop_flat_map(|(cols, rows)| {
        (Just(Grid::new(cols, rows)), prop::collection::vec(-0.1f32..1.1, cols * rows))
    })
}

/// Small files of each kind the readers take, as valid as a file can be.
fn sample_files() -> Vec<(&'static str, Vec<u8>)> {
    let grid = Grid::new(16, 16);
    let heights: Vec<f32> = (0..256).map(|i| i as f32 / 255.0).collect();
    let mut tiff = Cursor::new(Vec::new());
    let metres: Vec<f32> = (0..256).map(|i| i as f32 * 3.0 - 40.0).collect();
    tiff::encoder::TiffEncoder::new(&mut tiff)
        .unwrap()
        .write_image::<tiff::encoder::colortype::Gray32Float>(16, 16, &metres)
        .unwrap();
    let mut rgb = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut rgb, 16, 16);
        encoder.set_color(png::ColorType::Rgb);
        let pixels: Vec<u8> = (0..256u32).flat_map(|i| [128, i as u8, 0]).collect();
        encoder.write_header().unwrap().write_image_data(&pixels).unwrap();
    }
    vec![("ours.png", heightmap::encode(grid, &heights)), ("model.tif", tiff.into_inner()), ("tile.png", rgb)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Save heightmap, then open it: every height comes back within half a
    /// 16-bit level (clamped to 0 to 1, as the file holds it), on a map of
    /// the same cells, and saving that gives the same file again.
    #[test]
    fn any_ground_round_trips_through_the_sixteen_bit_heightmap((grid, heights) in grid_and_heights()) {
        let file = heightmap::encode(grid, &heights);
        let read = elevation::read(&file, "map.png", Encoding::Auto);
        let levels: Vec<u16> = heights.iter().map(|&h| heightmap::level(h)).collect();
        prop_assume!(levels.iter().any(|&l| l != levels[0]));
        let read = read.unwrap();
        prop_assert_eq!((read.format, read.unit), (Format::GreyPng(16), Unit::Levels));
        let ground = imported::fit(&read, 0.25);
        prop_assert_eq!(ground.grid, grid);
        for (&was, &now) in heights.iter().zip(&ground.heights) {
            prop_assert!((was.clamp(0.0, 1.0) - now).abs() <= 0.5 / 65_535.0 + 1e-7, "{} became {}", was, now);
        }
        prop_assert_eq!(heightmap::encode(ground.grid, &ground.heights), file);
    }

    /// Heights that are 16-bit levels already come back to the bit.
    #[test]
    fn heights_the_sixteen_bits_hold_come_back_exactly(levels in prop::collection::vec(any::<u16>(), 16 * 20)) {
        prop_assume!(levels.iter().any(|&l| l != levels[0]));
        let heights: Vec<f32> = levels.iter().map(|&l| (l as f64 / 65_535.0) as f32).collect();
        let file = heightmap::encode(Grid::new(16, 20), &heights);
        let ground = imported::fit(&elevation::read(&file, "map.png", Encoding::Auto).unwrap(), 0.25);
        prop_assert_eq!(ground.heights, heights);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::default())]

    /// Damaged files, each a valid one with bytes changed and its end cut
    /// anywhere: read or refused, never a panic, and a ground read is one
    /// the budget takes with a value a cell.
    #[test]
    fn the_readers_never_panic_on_damaged_files(
        which in 0usize..3,
        changes in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..12),
        keep in any::<prop::sample::Index>(),
        encoding in prop::sample::select(Encoding::ALL.to_vec()),
    ) {
        let (name, mut file) = sample_files().swap_remove(which);
        for (at, byte) in changes {
            let i = at.index(file.len());
            file[i] = byte;
        }
        file.truncate(keep.index(file.len()) + 1);
        if let Ok(ground) = elevation::read(&file, name, encoding) {
            prop_assert!(ground.cols * ground.rows == ground.values.len());
            prop_assert!(ground.cols.min(ground.rows) >= 16);
        }
    }

    /// Any bytes at all, after each kind's first bytes or none.
    #[test]
    fn the_readers_never_panic_on_any_bytes(
        start in prop::sample::select(vec![&b""[..], b"\x89PNG\r\n\x1a\n", b"II*\0", b"MM\0*", b"II+\0"]),
        rest in prop::collection::vec(any::<u8>(), 0..600),
    ) {
        let file = [start, &rest[..]].concat();
        let _ = elevation::read(&file, "any.hgt", Encoding::Auto);
    }
}

#[test]
fn a_tile_of_the_web_fits_with_its_sea_and_the_file_kinds_are_told_by_their_bytes() {
    let files = sample_files();
    let tile = elevation::read(&files[2].1, "tile.png", Encoding::Auto).unwrap();
    // Red 128 is Terrarium's 0 m: a ramp from 0 m to 255 m, whose western edge is the sea's
    assert_eq!((tile.format, tile.values[0], tile.values[255]), (Format::Terrarium, 0.0, 255.0));
    let ground = imported::fit(&tile, 0.3);
    assert!(ground.heights[0] < 0.3 && ground.heights[1] > 0.3 && ground.heights[255] == 1.0);
    let model = elevation::read(&files[1].1, "whatever.dat", Encoding::Grey).unwrap();
    assert_eq!((model.format, model.values[0]), (Format::GeoTiff, -40.0));
    // A file called .hgt that is a PNG is read as the PNG it is
    assert_eq!(elevation::read(&files[0].1, "N46E007.hgt", Encoding::Auto).unwrap().format, Format::GreyPng(16));
    assert_eq!(elevation::read(&[7; 40], "x.hgt", Encoding::Auto), Err(ReadError::HgtLength { bytes: 40 }));
}
