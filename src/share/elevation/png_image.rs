//! PNG grounds: a greyscale heightmap (ours, or a game tool's), or one of
//! the web's colour-coded elevation tiles.
//!
//! Greyscale samples are levels from black (0) to white (1), so the
//! sketch's own 16-bit heightmap comes back to the heights it was saved
//! from. A colour image is a heightmap when its three channels agree
//! everywhere (greyscale saved as RGB, as image editors do), else an
//! elevation tile in metres. Where the reader leaves the encoding to the
//! file, the red channel tells a tile's kind: Terrain-RGB's is 0 to 3 for
//! any height from −10,000 m to +16,214 m, Terrarium's 96 to 160 for any from
//! −8,192 m to +8,447 m, and a photo's spreads wider. Transparent pixels are
//! voids.

use std::io::Cursor;

use super::{Budget, Encoding, Format, Opened, ReadError};
use crate::ground::imported::{Elevation, Unit};

/// Terrarium's offset: a height of 0 m is 32,768 in its 24 bits / 256.
const TERRARIUM_OFFSET: f64 = 32_768.0;
/// Terrain-RGB's lowest height and step, in metres.
const TERRAIN_RGB_BASE: f64 = -10_000.0;
const TERRAIN_RGB_STEP: f64 = 0.1;
/// The red channel's range in a Terrain-RGB tile of heights from −10,000 m
/// to +16,214 m ((4 × 65,536 − 1) × 0.1 − 10,000).
const TERRAIN_RGB_REDS: std::ops::RangeInclusive<u8> = 0..=3;
/// The red channel's range in a Terrarium tile of heights from −8,192 m to
/// +8,447 m: (96 − 128) × 256 to (160 − 128) × 256 + 255.
const TERRARIUM_REDS: std::ops::RangeInclusive<u8> = 96..=160;

/// The ground in a PNG file, its colours read as `encoding` says.
pub fn read(bytes: &[u8], encoding: Encoding, budget: &Budget) -> Result<Opened, ReadError> {
    // The size its header claims, checked before the decoder sees it (whose
    // own sums of a huge image's bytes overflow on a 32-bit machine)
    if let Some((cols, rows)) = header_size(bytes) {
        budget.check(cols, rows)?;
    }
    let damaged = |e: png::DecodingError| ReadError::Damaged { format: "PNG", why: e.to_string() };
    // The decoder's own allowance: the largest image the budget allows, as
    // 16-bit RGBA, and its rows' filtering
    let limits = png::Limits { bytes: budget.cells * 8 + (64 << 20) };
    let mut decoder = png::Decoder::new_with_limits(Cursor::new(bytes), limits);
    // Palettes become colours, low bit depths bytes, and transparency alpha
    decoder.set_transformations(png::Transformations::EXPAND);
    // (the header checked above is the one it reads: a PNG's first chunk)
    let mut reader = decoder.read_info().map_err(damaged)?;
    let (cols, rows) = (reader.info().width as usize, reader.info().height as usize);
    let (colour, depth) = reader.output_color_type();
    let size = reader.output_buffer_size().ok_or(ReadError::TooManyCells { cols, rows, budget: *budget })?;
    let mut buffer = vec![0; size];
    reader.next_frame(&mut buffer).map_err(damaged)?;
    let image = Image { cols, rows, samples: colour.samples(), sixteen: depth == png::BitDepth::Sixteen, buffer };
    let grey = matches!(colour, png::ColorType::Grayscale | png::ColorType::GrayscaleAlpha);
    let bits = if image.sixteen { 16 } else { 8 };
    match (grey || image.channels_agree(), encoding) {
        (true, Encoding::Auto | Encoding::Grey) => Ok(image.levels(Format::GreyPng(bits))),
        (true, tile) => Err(ReadError::NotColour { encoding: tile }),
        (false, _) if image.sixteen => {
            Err(ReadError::Colour { why: "The image is 16-bit colour, which no elevation tile is.".into() })
        }
        (false, Encoding::Grey) => Err(ReadError::Colour {
            why: "The image is in colour, not greyscale: pick terrarium or terrain-rgb if it is an elevation tile."
                .into(),
        }),
        (false, Encoding::Terrarium) => Ok(image.metres(Format::Terrarium)),
        (false, Encoding::TerrainRgb) => Ok(image.metres(Format::TerrainRgb)),
        (false, Encoding::Auto) => image.tile_kind().map(|format| image.metres(format)),
    }
}

/// The width and height a PNG's header (its first chunk, IHDR) says.
fn header_size(bytes: &[u8]) -> Option<(usize, usize)> {
    let word = |at: usize| Some(u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?) as usize);
    (bytes.get(12..16)? == b"IHDR").then_some(())?;
    Some((word(16)?, word(20)?))
}

/// A decoded image: `samples` channels a pixel, of 8 or 16 bits
/// (most significant byte first).
struct Image {
    cols: usize,
    rows: usize,
    samples: usize,
    sixteen: bool,
    buffer: Vec<u8>,
}

impl Image {
    fn pixels(&self) -> usize {
        self.cols * self.rows
    }

    /// Channel `c` of pixel `i`, as a fraction of its largest value.
    fn level(&self, i: usize, c: usize) -> f64 {
        let at = i * self.samples + c;
        if self.sixteen {
            u16::from_be_bytes([self.buffer[2 * at], self.buffer[2 * at + 1]]) as f64 / u16::MAX as f64
        } else {
            self.buffer[at] as f64 / u8::MAX as f64
        }
    }

    /// Channel `c` of pixel `i` of an 8-bit image.
    fn byte(&self, i: usize, c: usize) -> u8 {
        self.buffer[i * self.samples + c]
    }

    /// Whether pixel `i` is seen: its alpha, where it has one, is not 0.
    fn opaque(&self, i: usize) -> bool {
        self.samples % 2 == 1 || self.level(i, self.samples - 1) > 0.0
    }

    /// Whether a colour image's red, green and blue are the same everywhere
    /// (a greyscale heightmap saved as RGB).
    fn channels_agree(&self) -> bool {
        (0..self.pixels()).all(|i| self.level(i, 0) == self.level(i, 1) && self.level(i, 1) == self.level(i, 2))
    }

    /// The first channel's levels, 0 to 1, as the heights.
    fn levels(&self, format: Format) -> Opened {
        self.elevation(Unit::Levels, format, |i| self.level(i, 0) as f32)
    }

    /// The heights in metres a tile of `format` codes in its colours.
    fn metres(&self, format: Format) -> Opened {
        self.elevation(Unit::Metres, format, |i| {
            let [r, g, b] = [0, 1, 2].map(|c| self.byte(i, c) as f64);
            let metres = if format == Format::Terrarium {
                r * 256.0 + g + b / 256.0 - TERRARIUM_OFFSET
            } else {
                TERRAIN_RGB_BASE + (r * 65_536.0 + g * 256.0 + b) * TERRAIN_RGB_STEP
            };
            metres as f32
        })
    }

    /// Which tile this is, told by its seen pixels' red channel.
    fn tile_kind(&self) -> Result<Format, ReadError> {
        let mut reds = (0..self.pixels()).filter(|&i| self.opaque(i)).map(|i| self.byte(i, 0));
        // (an image with no pixel seen has no heights at all)
        let first = reds.next().ok_or(ReadError::NoValues)?;
        let (low, high) = reds.fold((first, first), |(low, high), r| (low.min(r), high.max(r)));
        if TERRAIN_RGB_REDS.contains(&low) && TERRAIN_RGB_REDS.contains(&high) {
            Ok(Format::TerrainRgb)
        } else if TERRARIUM_REDS.contains(&low) && TERRARIUM_REDS.contains(&high) {
            Ok(Format::Terrarium)
        } else {
            Err(ReadError::Colour {
                why: format!(
                    "The image is in colour and its red runs from {low} to {high}, as in a photo, not an elevation \
                     tile: if it is one, pick terrarium or terrain-rgb."
                ),
            })
        }
    }

    /// The ground of `height` a pixel, in `unit`, read as `format`: a void
    /// where the pixel is transparent.
    fn elevation(&self, unit: Unit, format: Format, height: impl Fn(usize) -> f32) -> Opened {
        let values = (0..self.pixels()).map(|i| if self.opaque(i) { height(i) } else { f32::NAN }).collect();
        Opened { elevation: Elevation { cols: self.cols, rows: self.rows, values, unit, cell_metres: None }, format }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page's reading of a PNG.
    fn read(bytes: &[u8], encoding: Encoding) -> Result<Opened, ReadError> {
        super::read(bytes, encoding, &Budget::PAGE)
    }

    /// A PNG of `cols` columns of `samples` as `colour` at `depth`.
    fn png_file(cols: u32, colour: png::ColorType, depth: png::BitDepth, samples: &[u8]) -> Vec<u8> {
        let channels = colour.samples() as u32 * if depth == png::BitDepth::Sixteen { 2 } else { 1 };
        let rows = samples.len() as u32 / channels / cols;
        let mut file = Vec::new();
        let mut encoder = png::Encoder::new(&mut file, cols, rows);
        encoder.set_color(colour);
        encoder.set_depth(depth);
        let mut writer = encoder.write_header().unwrap();
        writer.write_image_data(samples).unwrap();
        drop(writer);
        file
    }

    /// A Terrarium pixel for `metres`.
    fn terrarium(metres: f64) -> [u8; 3] {
        let v = metres + TERRARIUM_OFFSET;
        [(v / 256.0) as u8, (v % 256.0) as u8, ((v.fract()) * 256.0) as u8]
    }

    /// A Terrain-RGB pixel for `metres`.
    fn terrain_rgb(metres: f64) -> [u8; 3] {
        let v = ((metres - TERRAIN_RGB_BASE) / TERRAIN_RGB_STEP).round() as u32;
        [(v >> 16) as u8, (v >> 8) as u8, v as u8]
    }

    /// A 16 × 16 tile whose heights rise by `step` metres a cell from `low`.
    fn tile(pixel: fn(f64) -> [u8; 3], low: f64, step: f64) -> Vec<u8> {
        let samples: Vec<u8> = (0..256).flat_map(|i| pixel(low + step * i as f64)).collect();
        png_file(16, png::ColorType::Rgb, png::BitDepth::Eight, &samples)
    }

    #[test]
    fn greyscale_levels_are_heights_from_black_to_white() {
        let samples: Vec<u8> = (0..256u32).flat_map(|i| ((i * 257) as u16).to_be_bytes()).collect();
        let file = png_file(16, png::ColorType::Grayscale, png::BitDepth::Sixteen, &samples);
        let Opened { elevation: ground, format } = read(&file, Encoding::Auto).unwrap();
        assert_eq!((ground.cols, ground.rows, format), (16, 16, Format::GreyPng(16)));
        assert_eq!((ground.values[0], ground.values[255]), (0.0, 1.0));
        assert_eq!(ground.values[128], (128.0 * 257.0 / 65_535.0) as f32);
        let eight: Vec<u8> = (0..=255).collect();
        let Opened { elevation: ground, format } =
            read(&png_file(16, png::ColorType::Grayscale, png::BitDepth::Eight, &eight), Encoding::Grey).unwrap();
        assert_eq!((ground.values[51], format, ground.unit), (0.2, Format::GreyPng(8), Unit::Levels));
    }

    #[test]
    fn a_greyscale_saved_as_rgb_is_a_heightmap_and_transparent_pixels_are_voids() {
        let samples: Vec<u8> = (0..=255u8).flat_map(|v| [v, v, v, if v == 7 { 0 } else { 255 }]).collect();
        let Opened { elevation: ground, format } =
            read(&png_file(16, png::ColorType::Rgba, png::BitDepth::Eight, &samples), Encoding::Auto).unwrap();
        assert_eq!(format, Format::GreyPng(8));
        assert_eq!((ground.values[255], ground.voids()), (1.0, 1));
        assert!(ground.values[7].is_nan());
    }

    #[test]
    fn terrarium_and_terrain_rgb_tiles_are_told_apart_and_decoded_to_metres() {
        let Opened { elevation: ground, format } = read(&tile(terrarium, -120.5, 13.25), Encoding::Auto).unwrap();
        assert_eq!((format, ground.unit), (Format::Terrarium, Unit::Metres));
        assert_eq!((ground.values[0], ground.values[255]), (-120.5, -120.5 + 13.25 * 255.0));
        let Opened { elevation: ground, format } = read(&tile(terrain_rgb, -40.0, 31.5), Encoding::Auto).unwrap();
        assert_eq!(format, Format::TerrainRgb);
        assert!((ground.values[200] - (-40.0 + 31.5 * 200.0)).abs() < 0.05, "{}", ground.values[200]);
        let everest = read(&tile(terrain_rgb, 8_000.0, 3.4), Encoding::Auto).unwrap();
        assert!((everest.elevation.values[250] - 8_850.0).abs() < 0.05);
        // The reader's word wins where the file could be either
        assert_eq!(read(&tile(terrarium, 0.0, 1.0), Encoding::TerrainRgb).unwrap().format, Format::TerrainRgb);
    }

    #[test]
    fn a_photo_is_not_a_heightmap_and_a_grey_image_is_no_tile() {
        let photo: Vec<u8> = (0..256u32).flat_map(|i| [(i * 7 % 256) as u8, (i * 3 % 256) as u8, 90]).collect();
        let photo = png_file(16, png::ColorType::Rgb, png::BitDepth::Eight, &photo);
        let said = read(&photo, Encoding::Auto).unwrap_err().to_string();
        assert!(said.contains("red runs from 0 to 255, as in a photo"), "{said}");
        assert!(matches!(read(&photo, Encoding::Grey), Err(ReadError::Colour { .. })));
        let grey = png_file(16, png::ColorType::Grayscale, png::BitDepth::Eight, &[9; 256]);
        assert_eq!(read(&grey, Encoding::Terrarium), Err(ReadError::NotColour { encoding: Encoding::Terrarium }));
    }

    #[test]
    fn a_header_claiming_a_huge_image_is_refused_before_decoding() {
        let mut file = png_file(16, png::ColorType::Grayscale, png::BitDepth::Eight, &[9; 256]);
        // IHDR's width and height follow the signature, the chunk's length and its name
        file[16..20].copy_from_slice(&100_000u32.to_be_bytes());
        file[20..24].copy_from_slice(&100_000u32.to_be_bytes());
        let crc = crc32(&file[12..29]);
        file[29..33].copy_from_slice(&crc.to_be_bytes());
        assert_eq!(
            read(&file, Encoding::Auto),
            Err(ReadError::TooManyCells { cols: 100_000, rows: 100_000, budget: Budget::PAGE })
        );
        let cut = &png_file(16, png::ColorType::Grayscale, png::BitDepth::Eight, &[9; 256])[..60];
        assert!(matches!(read(cut, Encoding::Auto), Err(ReadError::Damaged { .. })));
    }

    /// PNG's CRC-32 of `bytes`.
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = u32::MAX;
        for &b in bytes {
            crc ^= b as u32;
            for _ in 0..8 {
                crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
            }
        }
        !crc
    }
}
