//! Grounds brought from files: any map's heights come back from the 16-bit
//! heightmap the sketch saves, to the file's precision (and exactly where
//! the 16 bits hold them); and no bytes whatever make a reader panic, only
//! say why they are not a ground. Raise `PROPTEST_CASES` to fuzz longer
//! (the closing notes quote runs of a few minutes each).
#![cfg(not(target_arch = "wasm32"))]

use std::io::Cursor;

use hydraulic_erosion::ground::imported::{self, Unit};
use hydraulic_erosion::raster::grid::Grid;
use hydraulic_erosion::share::elevation::{self, Encoding, Format, ReadError};
use hydraulic_erosion::share::heightmap;
use proptest::prelude::*;

/// A grid the budget takes, and finite heights for it (with some outside
/// 0 to 1, as deposits and hollows make them).
fn grid_and_heights() -> impl Strategy<Value = (Grid, Vec<f32>)> {
    (16usize..48, 16usize..48)
        .prop_flat_map(|(cols, rows)| (Just(Grid::new(cols, rows)), prop::collection::vec(-0.1f32..1.1, cols * rows)))
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
        let (read, format) = (read.elevation, read.format);
        prop_assert_eq!((format, read.unit), (Format::GreyPng(16), Unit::Levels));
        let (ground, _) = imported::fit(read, 0.25);
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
        let (ground, _) = imported::fit(elevation::read(&file, "map.png", Encoding::Auto).unwrap().elevation, 0.25);
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
        if let Ok(ground) = elevation::read(&file, name, encoding).map(|opened| opened.elevation) {
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
    let (format, tile) = (tile.format, tile.elevation);
    assert_eq!((format, tile.values[0], tile.values[255]), (Format::Terrarium, 0.0, 255.0));
    let (ground, _) = imported::fit(tile, 0.3);
    assert!(ground.heights[0] < 0.3 && ground.heights[1] > 0.3 && ground.heights[255] == 1.0);
    let model = elevation::read(&files[1].1, "whatever.dat", Encoding::Grey).unwrap();
    assert_eq!((model.format, model.elevation.values[0]), (Format::GeoTiff, -40.0));
    // A file called .hgt that is a PNG is read as the PNG it is
    assert_eq!(elevation::read(&files[0].1, "N46E007.hgt", Encoding::Auto).unwrap().format, Format::GreyPng(16));
    assert_eq!(elevation::read(&[7; 40], "x.hgt", Encoding::Auto), Err(ReadError::HgtLength { bytes: 40 }));
}

mod on_the_sketch {
    use super::*;
    use hydraulic_erosion::draw::painter::NoPainter;
    use hydraulic_erosion::draw::viewport::Size;
    use hydraulic_erosion::settings::choices::Choice;
    use hydraulic_erosion::share::ground_link::GroundLink;
    use hydraulic_erosion::share::link;
    use hydraulic_erosion::sketch::status::GroundState;
    use hydraulic_erosion::sketch::{Input, Sketch, Start};

    const SIZE: Size = Size { width: 320.0, height: 180.0, ratio: 1.0 };

    fn frames(sketch: &mut Sketch, n: u32) {
        let mut t = 0.0;
        let mut clock = move || {
            t += 1.0;
            t
        };
        for _ in 0..n {
            sketch.frame(&mut clock, &mut NoPainter);
        }
    }

    /// Frames until the replay under way is done.
    fn settle(sketch: &mut Sketch) {
        for _ in 0..10_000 {
            if !sketch.status().replaying {
                return;
            }
            frames(sketch, 1);
        }
        panic!("the replay ends");
    }

    /// A Terrarium tile's ground as the page fits it: a dome 60 × 40 cells
    /// rising from 30 m under the sea to 900 m, and its link.
    fn dome(name: &str, top: f64) -> (GroundLink, Vec<f32>) {
        let values = (0..60 * 40)
            .map(|i| {
                let (x, y) = ((i % 60) as f64 - 30.0, (i / 60) as f64 - 20.0);
                (top * (1.0 - (x * x + y * y) / 700.0) - 30.0) as f32
            })
            .collect();
        let model = imported::Elevation { cols: 60, rows: 40, values, unit: Unit::Metres, cell_metres: None };
        let (ground, _) = imported::fit(model, 0.25);
        (link_to(name, &ground, Encoding::Terrarium), ground.heights)
    }

    fn given(sketch: &mut Sketch, (link, heights): (GroundLink, Vec<f32>)) {
        assert!(sketch.shelve(link.clone(), heights));
        sketch.input(Input::OpenGround(link), 0.0);
    }

    #[test]
    fn a_ground_given_rains_and_its_link_names_the_file_and_its_fitting() {
        let mut sketch = Sketch::new(Start::fresh(3, SIZE));
        let (link, heights) = dome("dome tile.png", 900.0);
        given(&mut sketch, (link.clone(), heights.clone()));
        let status = sketch.status();
        assert_eq!((status.ground, status.grid, status.drops), (GroundState::FromFile, (60, 40), 0));
        assert_eq!(sketch.terrain().original(), &heights[..]);
        frames(&mut sketch, 20);
        assert!(sketch.terrain().drops() > 1_000);
        let query = link::write(&sketch.link());
        assert!(
            query.contains(&format!(
                "he-ground=dome+tile.png&he-ground-fit=60x40~{:016x}~0.25~terrarium",
                link.fingerprint
            )),
            "{query}"
        );
        // Heights that are not the ground the link names are not kept, and opening what was not kept does nothing
        let (other, other_heights) = dome("other.png", 500.0);
        assert!(!sketch.shelve(GroundLink { fingerprint: 1, ..other.clone() }, other_heights));
        let before = sketch.terrain().heights_hash();
        sketch.input(Input::OpenGround(other), 0.0);
        assert_eq!(sketch.terrain().heights_hash(), before);
    }

    #[test]
    fn a_link_to_a_ground_waits_for_its_file_refuses_another_and_comes_back_to_the_bit_on_its_own() {
        let mut sketch = Sketch::new(Start::fresh(8, SIZE));
        let dome_900 = dome("N46E007.png", 900.0);
        given(&mut sketch, dome_900.clone());
        frames(&mut sketch, 12);
        sketch.input(Input::Set(hydraulic_erosion::settings::sliders::Setting::Erosion, 0.5), 0.0);
        frames(&mut sketch, 8);
        sketch.input(Input::PlayPause, 0.0);
        let (shared, hash) = (sketch.link(), sketch.terrain().heights_hash());
        assert!(shared.drops > 0 && !shared.timeline.is_empty());

        let mut opened = Sketch::new(Start { link: link::read(&link::write(&shared)).link, ..Start::fresh(0, SIZE) });
        assert_eq!((opened.status().ground, opened.status().looping), (GroundState::Wanted, false));
        // Nothing rains on the empty place, and the link stays the one opened
        opened.input(Input::PlayPause, 0.0);
        frames(&mut opened, 5);
        assert_eq!((opened.terrain().drops(), link::write(&opened.link())), (0, link::write(&shared)));
        given(&mut opened, dome("N46E007.png", 880.0));
        assert_eq!(opened.status().ground, GroundState::NotTheOne);
        given(&mut opened, (GroundLink { name: "renamed.png".into(), ..dome_900.0 }, dome_900.1));
        settle(&mut opened);
        assert_eq!(opened.status().ground, GroundState::FromFile);
        assert_eq!((opened.terrain().heights_hash(), opened.terrain().drops()), (hash, shared.drops));
    }

    /// A link to a new map on a ground rains once its file comes, unless
    /// the sketch was asked to start paused (a figure's `paused`).
    #[test]
    fn a_link_that_waited_for_its_file_rains_then_unless_asked_to_start_paused() {
        let mut sketch = Sketch::new(Start::fresh(8, SIZE));
        given(&mut sketch, dome("N46E007.png", 900.0));
        sketch.input(Input::Restart, 0.0);
        let link = link::read(&link::write(&sketch.link())).link;
        assert_eq!((link.drops, link.ground.is_some()), (0, true));
        for paused in [false, true] {
            let mut opened = Sketch::new(Start { link: link.clone(), paused, ..Start::fresh(0, SIZE) });
            assert!(!opened.status().looping, "it waits, still");
            given(&mut opened, dome("N46E007.png", 900.0));
            settle(&mut opened);
            assert_eq!((opened.status().ground, opened.status().looping), (GroundState::FromFile, !paused));
        }
    }

    #[test]
    fn undo_leaves_the_ground_for_the_island_redo_brings_it_back_and_a_shape_leaves_it() {
        let mut sketch = Sketch::new(Start::fresh(4, SIZE));
        sketch.input(Input::PlayPause, 0.0);
        let island = sketch.terrain().heights_hash();
        given(&mut sketch, dome("dome.png", 700.0));
        let on_dome = sketch.terrain().heights_hash();
        sketch.input(Input::Undo, 0.0);
        settle(&mut sketch);
        assert_eq!((sketch.terrain().heights_hash(), sketch.status().ground), (island, GroundState::Made));
        sketch.input(Input::Redo, 0.0);
        settle(&mut sketch);
        assert_eq!((sketch.terrain().heights_hash(), sketch.status().grid), (on_dome, (60, 40)));
        sketch.input(Input::Choose(Choice::Terrain, 0), 0.0);
        assert_eq!((sketch.status().ground, sketch.status().grid), (GroundState::Made, (320, 180)));
        assert_eq!(sketch.terrain().heights_hash(), island);
    }
}

/// A ground given is rained on as the same ground made: the island's own
/// heights, given back with its seed, rain to the island's heights.
#[test]
fn the_islands_heights_given_back_rain_as_the_island_does() {
    use hydraulic_erosion::ground::imported::ImportedGround;
    use hydraulic_erosion::settings::{choices::Choices, sliders::Settings};
    use hydraulic_erosion::terrain::Terrain;
    use std::rc::Rc;
    let mut island = Terrain::new(1);
    let ground = ImportedGround::from_heights(island.heights().to_vec(), 320).unwrap();
    let mut given = Terrain::on_ground(1, Settings::default(), Choices::default(), Some(Rc::new(ground)));
    island.rain(10_000);
    given.rain(10_000);
    assert_eq!(given.heights_hash(), island.heights_hash());
    assert_eq!(given.heights_hash(), 0x7fa1_2faf_6acc_8e80, "the pinned fingerprint of seed 1 after 10,000 drops");
}

/// A real place (`tests/fixtures/grounds`, with its source and licence):
/// the crater of Mount St. Helens in October 2004, a float GeoTIFF in
/// metres, opens with every cell, no sea and its 10 m cells; the measures
/// of the crater before rain are a real ground's, and the rain moves them.
#[test]
fn the_crater_of_mount_st_helens_opens_whole_and_its_measures_move_with_the_rain() {
    let file =
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/grounds/mount-st-helens-2004-10-04.tif"))
            .expect("the fixture is in the repository");
    let opened = elevation::read(&file, "mount-st-helens-2004-10-04.tif", Encoding::Auto).unwrap();
    let model = &opened.elevation;
    assert_eq!((opened.format, model.cols, model.rows, model.unit), (Format::GeoTiff, 303, 442, Unit::Metres));
    assert_eq!((model.voids(), model.cell_metres), (0, Some(10.0)));
    let (ground, fitting) = imported::fit(opened.elevation, 0.25);
    assert_eq!(
        fitting.describe(ground.grid),
        "303 × 442, cells 10 m wide; 1362 m to 2538 m, no sea: its lowest point is the shore; \
         the drops find it 3.27 times as steep, as steep as the island."
    );
    // The crater's lowest point, the breach to the north, is the shore;
    // the rim to the south is its top
    let lowest = ground.heights.iter().position(|&h| h == 0.25).expect("a cell on the shore");
    let highest = ground.heights.iter().position(|&h| h == 1.0).unwrap();
    assert!(lowest / 303 < 50 && highest / 303 > 300, "shore in row {}, top in row {}", lowest / 303, highest / 303);
    // On the sketch, still, with the measures ticked: measured before rain
    let (before, after, drops) = measures_before_and_after_rain("mount-st-helens-2004-10-04.tif", ground, 100_000);
    println!("Mount St. Helens before rain {before:?}\n after {drops} drops {after:?}");
    // The crater as it stood: its mean height halfway from shore to top, and
    // Hack's h within a tenth of real basins' 0.5 to 0.6 (the fingerprint
    // of a real place the island's noise is compared with)
    assert!((0.45..0.55).contains(&before.hypsometric_integral), "{before:?}");
    assert!((0.4..0.6).contains(&before.hack_exponent), "{before:?}");
    assert!(before.drainage_density > 0.02 && before.drainage_density < 0.1, "{before:?}");
    // The rain carries ground down: less of the land stands high after it
    assert!(after.hypsometric_integral < before.hypsometric_integral, "{after:?}");
}
/// The crater at its own steepness (3.27) rains as the island does: what a
/// drop moves, in the heights it sees, is the island's within a tenth. At a
/// steepness of 1 its gentler slopes a cell would move under a third of it.
#[test]
fn at_its_steepness_a_drop_moves_as_much_of_the_crater_as_of_the_island() {
    use hydraulic_erosion::ground::imported::ImportedGround;
    use hydraulic_erosion::settings::{choices::Choices, sliders::Settings};
    use hydraulic_erosion::terrain::Terrain;
    use std::rc::Rc;
    const DROPS: u32 = 20_000;
    // The heights a drop moves, summed over every cell, as the drops see them
    let moved_a_drop = |terrain: &mut Terrain| {
        let before = terrain.heights().to_vec();
        terrain.rain(DROPS);
        let moved: f64 = terrain.heights().iter().zip(&before).map(|(a, b)| (a - b).abs() as f64).sum();
        moved * terrain.steepness() / DROPS as f64
    };
    let island = moved_a_drop(&mut Terrain::new(1));
    let file =
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/grounds/mount-st-helens-2004-10-04.tif"))
            .expect("the fixture is in the repository");
    let (crater, _) = imported::fit(elevation::read(&file, "crater.tif", Encoding::Auto).unwrap().elevation, 0.25);
    let on = |steepness: f64| {
        let ground = Rc::new(ImportedGround { steepness, ..crater.clone() });
        moved_a_drop(&mut Terrain::on_ground(1, Settings::default(), Choices::default(), Some(ground)))
    };
    let (as_fitted, flat) = (on(crater.steepness), on(1.0));
    assert_eq!(crater.steepness, 3.27);
    assert!((as_fitted / island - 1.0).abs() < 0.1, "island {island:.4}, crater {as_fitted:.4} a drop");
    assert!(flat < island / 3.0, "island {island:.4}, crater at 1 {flat:.4} a drop");
}

/// The SRTM tile of Kauaʻi (`tests/fixtures/grounds/N22W160.hgt.zip`), a
/// real island in its sea (most of it: the tile ends at 22° N): opened
/// whole, its sea below the shore where the tile is at 0 m, measured before
/// rain, and eroded by it.
#[test]
fn the_island_of_kauai_opens_with_its_sea_and_its_measures_move_with_the_rain() {
    use std::io::Read;

    let zipped = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/grounds/N22W160.hgt.zip"))
        .expect("the fixture is in the repository");
    // The zip's one file, deflated after its local header
    let at = |k: usize| u16::from_le_bytes([zipped[k], zipped[k + 1]]) as usize;
    assert_eq!(&zipped[..4], b"PK\x03\x04");
    let start = 30 + at(26) + at(28);
    let mut file = Vec::new();
    flate2::read::DeflateDecoder::new(&zipped[start..]).read_to_end(&mut file).unwrap();
    let opened = elevation::read(&file, "N22W160.hgt", Encoding::Auto).unwrap();
    let model = &opened.elevation;
    assert_eq!((opened.format, model.cols, model.rows, model.unit), (Format::SrtmHgt, 1201, 1201, Unit::Metres));
    assert_eq!(model.voids(), 4279);
    let (ground, fitting) = imported::fit(opened.elevation, 0.25);
    let said = fitting.describe(ground.grid);
    println!("Kauaʻi: {said}");
    assert_eq!(
        said,
        "1201 × 1201, cells 89 m wide; 4279 voids filled; -34 m to 1579 m, the sea at 0 m; \
         the drops find it 1.23 times as steep, as steep as the island."
    );
    // Most of the tile is sea, below the slider's shore; Kawaikini, 1,598 m
    // (1,579 m in cells 89 m wide), is the top
    let sea = ground.heights.iter().filter(|&&h| h < 0.25).count() as f64 / ground.heights.len() as f64;
    assert!((0.8..0.95).contains(&sea), "{sea} of the tile is sea");
    assert_eq!(ground.heights.iter().copied().fold(f32::MIN, f32::max), 1.0);
    let (before, after, drops) = measures_before_and_after_rain("N22W160.hgt", ground, 300_000);
    println!("Kauaʻi before rain {before:?}\n after {drops} drops {after:?}");
    // A shield volcano cut by deep valleys: little of its land stands high
    // (its hypsometric integral 0.30), and Hack's h within a tenth of real
    // basins' 0.5 to 0.6; the rain carries more of it down
    assert!((0.25..0.35).contains(&before.hypsometric_integral), "{before:?}");
    assert!((0.4..0.6).contains(&before.hack_exponent), "{before:?}");
    assert!(after.hypsometric_integral < before.hypsometric_integral, "{after:?}");
}

/// `ground`, read from the file `name` and fitted at a shore of 0.25, on a
/// still sketch of seed 1 with the measures ticked: its measures before any
/// rain (a map routed over frames is measured once it is routed) and after
/// `drops`, and the drops fallen by then.
fn measures_before_and_after_rain(
    name: &str,
    ground: imported::ImportedGround,
    drops: u64,
) -> (hydraulic_erosion::morphometry::measures::Measures, hydraulic_erosion::morphometry::measures::Measures, u64) {
    use hydraulic_erosion::draw::painter::NoPainter;
    use hydraulic_erosion::draw::viewport::Size;
    use hydraulic_erosion::settings::toggles::Toggle;
    use hydraulic_erosion::sketch::{Input, Sketch, Start};
    let link = link_to(name, &ground, Encoding::Auto);
    let mut sketch = Sketch::new(Start::fresh(1, Size { width: 320.0, height: 180.0, ratio: 1.0 }));
    sketch.input(Input::PlayPause, 0.0);
    sketch.input(Input::Toggle(Toggle::Measures, true), 0.0);
    assert!(sketch.shelve(link.clone(), ground.heights));
    sketch.input(Input::OpenGround(link), 0.0);
    let mut t = 0.0;
    let mut frame = |sketch: &mut Sketch| {
        sketch.frame(
            &mut || {
                t += 1.0;
                t
            },
            &mut NoPainter,
        )
    };
    for _ in 0..200 {
        frame(&mut sketch);
        if sketch.status().measures.hypsometric_integral.is_finite() {
            break;
        }
    }
    let before = sketch.status().measures;
    assert_eq!(sketch.status().drops, 0);
    sketch.input(Input::PlayPause, 0.0);
    while sketch.status().drops < drops {
        frame(&mut sketch);
    }
    sketch.input(Input::PlayPause, 0.0);
    frame(&mut sketch);
    (before, sketch.status().measures, sketch.status().drops)
}

/// The link to `ground`, fitted at a shore of 0.25 from the file `name`
/// read as `encoding`.
fn link_to(
    name: &str,
    ground: &imported::ImportedGround,
    encoding: Encoding,
) -> hydraulic_erosion::share::ground_link::GroundLink {
    hydraulic_erosion::share::ground_link::GroundLink {
        name: name.into(),
        grid: ground.grid,
        fingerprint: hydraulic_erosion::raster::fingerprint::fingerprint(ground.grid, &ground.heights),
        shore: 0.25,
        encoding,
        steepness: ground.steepness,
    }
}
