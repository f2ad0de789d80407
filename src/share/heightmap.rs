//! The terrain as a heightmap file: a 16-bit greyscale PNG at grid
//! resolution (320 × 180 for the article's map), which game engines and GIS tools open. Height 0
//! is black and height 1 white; the few cells that deposits have raised above
//! 1 are white too.
//!
//! The page reaches it through a module of its own
//! (`src/bin/heightmap_encoder.rs`), fetched only when a reader saves a
//! heightmap: the `png` crate would otherwise be most of the page's download.

use crate::raster::grid::Grid;

/// The largest 16-bit level: height 1.
const WHITE: f64 = u16::MAX as f64;

/// A height as a 16-bit level, rounded to the nearest.
pub fn level(height: f32) -> u16 {
    let h = if height.is_nan() { 0.0 } else { (height as f64).clamp(0.0, 1.0) };
    (h * WHITE).round() as u16
}

/// The PNG file for `heights` on `grid` (one per cell, row by row).
///
/// ```
/// use hydraulic_erosion::{share::heightmap, terrain::Terrain};
/// let t = Terrain::new(1);
/// let png = heightmap::encode(t.grid(), t.heights());
/// assert_eq!(&png[1..4], b"PNG");
/// ```
pub fn encode(grid: Grid, heights: &[f32]) -> Vec<u8> {
    assert_eq!(heights.len(), grid.cells());
    // PNG keeps 16-bit samples most significant byte first
    let samples: Vec<u8> = heights.iter().flat_map(|&h| level(h).to_be_bytes()).collect();
    let mut file = Vec::new();
    let mut encoder = png::Encoder::new(&mut file, grid.cols as u32, grid.rows as u32);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Sixteen);
    encoder.set_compression(png::Compression::Fast);
    // Writing to memory cannot fail, and the size and the samples agree
    let mut writer = encoder.write_header().expect("a header always writes to memory");
    writer.write_image_data(&samples).expect("a grid's samples of 16 bits fill the image exactly");
    drop(writer);
    file
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terrain::Terrain;

    #[test]
    fn the_file_decodes_to_the_heights_at_sixteen_bits() {
        let mut t = Terrain::new(9);
        t.rain(2_000);
        let file = encode(t.grid(), t.heights());
        let decoder = png::Decoder::new(std::io::Cursor::new(&file));
        let mut reader = decoder.read_info().unwrap();
        let mut buffer = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buffer).unwrap();
        assert_eq!((info.width, info.height), (320, 180));
        assert_eq!((info.color_type, info.bit_depth), (png::ColorType::Grayscale, png::BitDepth::Sixteen));
        let levels: Vec<u16> =
            buffer[..info.buffer_size()].chunks(2).map(|b| u16::from_be_bytes([b[0], b[1]])).collect();
        assert_eq!(levels.len(), t.grid().cells());
        for (&l, &h) in levels.iter().zip(t.heights()) {
            assert_eq!(l, level(h));
            assert!((l as f64 / WHITE - (h as f64).clamp(0.0, 1.0)).abs() <= 0.5 / WHITE);
        }
    }

    #[test]
    fn levels_span_black_to_white() {
        assert_eq!(
            [level(0.0), level(1.0), level(0.5), level(-0.1), level(1.3), level(f32::NAN)],
            [0, 65535, 32768, 0, 65535, 0]
        );
    }
}
