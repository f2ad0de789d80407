//! Shaded relief: the map at one pixel per cell, coloured by height and lit
//! from the north-west as on most printed maps. The page scales it up to the
//! canvas and lets the browser smooth it.

use std::ops::Range;

use crate::draw::color_schemes::{hex_rgb, ColorScheme, ElevationBand};
use crate::draw::shading::shade;
use crate::raster::float_min_max::lesser;
use crate::raster::grid::Grid;
use crate::raster::side_by_side::each_chunk;

/// How strongly slopes catch the light.
pub const RELIEF: f64 = 30.0;
/// Land colours are worked out once per scheme in this many bands.
pub const BANDS: usize = 256;

/// Where the light comes from: north-west and above, normalised, in the
/// map's terms (x east, y south, z up).
pub fn light() -> [f64; 3] {
    let (x, y, z): (f64, f64, f64) = (-1.0, -1.0, 1.2);
    let length = (x * x + y * y + z * z).sqrt();
    [x / length, y / length, z / length]
}

/// The land colours from the coast to the peaks for a scheme, as 256 steps
/// blended evenly between its stops, rather than blended again for every
/// cell, every frame.
pub fn band_colors(scheme: &ColorScheme) -> Vec<[f64; 3]> {
    let stops: Vec<[f64; 3]> = scheme.land.iter().map(|h| hex_rgb(h)).collect();
    (0..BANDS)
        .map(|i| {
            let position = i as f64 / (BANDS - 1) as f64 * (stops.len() - 1) as f64;
            let j = (position.floor() as usize).min(stops.len() - 2);
            mix(stops[j], stops[j + 1], position - j as f64)
        })
        .collect()
}

/// The colour of elevation `h` in `bands`, as Processing's `lerpColor`
/// blends it (each channel `from + (to − from) × t`, rounded, with `t`
/// kept to 0..1), so a Landscape map takes the article's colours.
pub fn elevation_color(bands: &[ElevationBand], h: f64) -> [f64; 3] {
    color_at(&read_bands(bands), h)
}

/// A band's top and its two colours, read once rather than for every cell.
type ReadBand = (f64, [f64; 3], [f64; 3]);

fn read_bands(bands: &[ElevationBand]) -> Vec<ReadBand> {
    bands.iter().map(|b| (b.top, hex_rgb(b.from), hex_rgb(b.to))).collect()
}

/// [`elevation_color`] with the bands' colours already read.
fn color_at(bands: &[ReadBand], h: f64) -> [f64; 3] {
    let mut bottom = 0.0;
    let last = bands.len() - 1;
    for (k, &(top, from, to)) in bands.iter().enumerate() {
        if h < top || k == last {
            let t = ((h - bottom) / (top - bottom)).clamp(0.0, 1.0);
            return [0, 1, 2].map(|c| (from[c] + (to[c] - from[c]) * t + 0.5).floor());
        }
        bottom = top;
    }
    [0.0; 3]
}

/// The article's water over the land below its level: fill(30, 80, 180, 80).
const WATER_TINT: ([f64; 3], f64) = ([30.0, 80.0, 180.0], 80.0 / 255.0);

fn mix(a: [f64; 3], b: [f64; 3], t: f64) -> [f64; 3] {
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

/// A channel value as a canvas stores it: clamped to 0..255 and rounded to
/// the nearest, ties to even (a `Uint8ClampedArray`). Adding and taking away
/// 2^52 rounds exactly that way, without a call into libm.
#[inline(always)]
fn channel(v: f64) -> u8 {
    const ROUND: f64 = 4_503_599_627_370_496.0;
    if v.is_nan() {
        return 0;
    }
    ((v.clamp(0.0, 255.0) + ROUND) - ROUND) as u8
}

/// A scheme's colour for the ground at a height, before light falls on it:
/// the relief shades it, the 3D view lights it, a mesh file carries it.
pub struct Palette<'a> {
    bands: &'a [[f64; 3]],
    elevation_bands: Vec<ReadBand>,
    shallow: [f64; 3],
    deep: [f64; 3],
}

/// The ground's colour, under the sea or on land (where slopes are shaded).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ground {
    Sea([f64; 3]),
    Land([f64; 3]),
}

impl Ground {
    pub fn color(self) -> [f64; 3] {
        match self {
            Ground::Sea(c) | Ground::Land(c) => c,
        }
    }
}

impl<'a> Palette<'a> {
    /// `scheme`'s palette, with its land `bands` ([`band_colors`]).
    pub fn new(scheme: &ColorScheme, bands: &'a [[f64; 3]]) -> Palette<'a> {
        assert_eq!(bands.len(), BANDS);
        let [shallow, deep] = scheme.sea.map(hex_rgb);
        Palette { bands, elevation_bands: read_bands(scheme.elevation_bands), shallow, deep }
    }

    /// The colour of ground at height `h` with the sea at `sea_level`. Sea
    /// blends the scheme's shallow to deep colour by depth; land takes the
    /// band for its height (a Landscape map: its bands, the water tinted).
    #[inline]
    pub fn ground(&self, h: f64, sea_level: f64) -> Ground {
        let by_elevation = !self.elevation_bands.is_empty();
        if by_elevation && h < sea_level {
            Ground::Sea(mix(color_at(&self.elevation_bands, h), WATER_TINT.0, WATER_TINT.1))
        } else if h < sea_level {
            let depth = if sea_level > 0.0 { (sea_level - h) / sea_level } else { 0.0 };
            Ground::Sea(mix(self.shallow, self.deep, lesser(depth * 2.0, 1.0)))
        } else if by_elevation {
            Ground::Land(color_at(&self.elevation_bands, h))
        } else {
            // h ≥ sea level here, so truncating is flooring
            Ground::Land(self.bands[(((h - sea_level) / (1.0 - sea_level) * 255.0) as usize).min(BANDS - 1)])
        }
    }
}

/// Paints the relief of `terrain` on `grid` into `pixels` (RGBA, 4 bytes per
/// cell, row by row): each cell's [`Palette::ground`] colour, land times the
/// light falling on its slope.
pub fn paint(grid: Grid, terrain: &[f32], sea_level: f64, scheme: &ColorScheme, bands: &[[f64; 3]], pixels: &mut [u8]) {
    let palette = Palette::new(scheme, bands);
    paint_part(grid, terrain, 1.0, sea_level, &palette, pixels, (0..grid.cols, 0..grid.rows));
}

/// [`paint`] for the cells in `cols` × `rows` only: where the ground
/// changed since the pixels were painted (a cell's shade reads its
/// neighbours, so the part given must take in those of the cells changed).
/// `spacing` is how many of the map's cells apart the grid's are (more than
/// 1 on the coarser grid a big map is drawn on,
/// [`crate::draw::level_of_detail`]): the slopes are the map's, whatever
/// grid they are read on.
pub fn paint_part(
    grid: Grid,
    terrain: &[f32],
    spacing: f64,
    sea_level: f64,
    palette: &Palette,
    pixels: &mut [u8],
    (cols, rows): (Range<usize>, Range<usize>),
) {
    assert_eq!(terrain.len(), grid.cells());
    assert_eq!(pixels.len(), grid.cells() * 4);
    let relief = RELIEF / spacing;
    let (first, across) = (rows.start, grid.cols * 4);
    each_chunk(&mut pixels[first * across..rows.end * across], across, |k, row| {
        let part = &mut row[cols.start * 4..cols.end * 4];
        paint_row(grid, terrain, (first + k, cols.clone()), (sea_level, relief), palette, part);
    });
}

/// Row `y` of [`paint`], the cells in `xs`: a call of its own, never
/// inlined, for the first frame's sake (see `FractalNoise::row`).
#[inline(never)]
fn paint_row(
    grid: Grid,
    terrain: &[f32],
    (y, xs): (usize, Range<usize>),
    (sea_level, relief): (f64, f64),
    palette: &Palette,
    pixels: &mut [u8],
) {
    let Grid { cols, rows } = grid;
    let light = light();
    for (x, pixel) in xs.zip(pixels.chunks_exact_mut(4)) {
        let i = y * cols + x;
        let h = terrain[i] as f64;
        let color = match palette.ground(h, sea_level) {
            Ground::Sea(color) => color,
            Ground::Land(band) => {
                // The slope from the neighbours either side, as a
                // surface normal, and how squarely it faces the light
                let left = terrain[y * cols + x.saturating_sub(1)] as f64;
                let right = terrain[y * cols + (x + 1).min(cols - 1)] as f64;
                let up = terrain[y.saturating_sub(1) * cols + x] as f64;
                let down = terrain[(y + 1).min(rows - 1) * cols + x] as f64;
                let nx = (left - right) * relief;
                let ny = (up - down) * relief;
                let facing = (nx * light[0] + ny * light[1] + light[2]) / (nx * nx + ny * ny + 1.0).sqrt();
                let shade = shade(facing);
                [band[0] * shade, band[1] * shade, band[2] * shade]
            }
        };
        pixel.copy_from_slice(&[channel(color[0]), channel(color[1]), channel(color[2]), u8::MAX]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::color_schemes::{scheme, LANDSCAPE_BANDS, SCHEMES};
    use crate::draw::shading::AMBIENT;

    const G: Grid = Grid::ARTICLE;
    const CELLS: usize = G.cols * G.rows;
    const COLS: usize = G.cols;

    #[test]
    fn channels_round_half_to_even_and_clamp() {
        assert_eq!([0.5, 1.5, 2.5, 254.5, 100.49, 100.51].map(channel), [0, 2, 2, 254, 100, 101]);
        assert_eq!([-3.0, 300.0, f64::NAN, f64::INFINITY].map(channel), [0, 255, 0, 255]);
    }

    #[test]
    fn bands_run_from_the_first_land_stop_to_the_last() {
        for s in SCHEMES {
            let bands = band_colors(s);
            assert_eq!(bands[0], hex_rgb(s.land[0]));
            assert_eq!(bands[255], hex_rgb(s.land[s.land.len() - 1]));
        }
        // Site Dark's four stops fall at bands 0, 85, 170 and 255
        let dark = band_colors(scheme("site_dark").unwrap());
        assert_eq!(dark[85], hex_rgb("#3d2412"));
    }

    #[test]
    fn known_cells_take_known_colours() {
        let topo = scheme("topographic").unwrap();
        let bands = band_colors(topo);
        let mut t = vec![0.5f32; CELLS];
        t[0] = 0.0; // deepest sea
        t[1] = 0.2; // shallow sea: depth 0.2, mixed 0.4 of the way to deep
        let mut px = vec![0u8; CELLS * 4];
        paint(G, &t, 0.25, topo, &bands, &mut px);
        assert_eq!(&px[0..4], &[0x4a, 0x7f, 0xa8, 255]);
        let (s, d) = (hex_rgb("#9cc3d5"), hex_rgb("#4a7fa8"));
        let expect = |k: usize| (s[k] + (d[k] - s[k]) * 0.4).round() as i32;
        for k in 0..3 {
            assert!((px[4 + k] as i32 - expect(k)).abs() <= 1, "channel {k}");
        }
        // Flat land faces the light at 1.2/√3.44: shade 0.45 + 0.55·0.647·1.25
        let flat = 50 * COLS + 50;
        let shade = AMBIENT + (1.0 - AMBIENT) * (1.2 / 3.44f64.sqrt()) * 1.25;
        let band = bands[((0.5 - 0.25) / 0.75 * 255.0) as usize];
        for k in 0..3 {
            assert_eq!(px[flat * 4 + k], (band[k] * shade).round_ties_even() as u8, "channel {k}");
        }
    }

    #[test]
    fn the_landscape_colours_by_elevation_and_tints_what_the_sea_covers() {
        let landscape = scheme("landscape").unwrap();
        let mut t = vec![0.56f32; CELLS];
        t[0] = 0.2;
        let mut px = vec![0u8; CELLS * 4];
        paint(G, &t, 0.36, landscape, &band_colors(landscape), &mut px);
        // Under the sea: the band's blue, with the article's water over it
        let blue = elevation_color(landscape.elevation_bands, 0.2f32 as f64);
        for k in 0..3 {
            let tinted = blue[k] + (WATER_TINT.0[k] - blue[k]) * WATER_TINT.1;
            assert!((px[k] as f64 - tinted).abs() <= 0.5, "channel {k}");
        }
        // Flat grass halfway up its band, lit as flat land is
        let flat = 50 * COLS + 50;
        let shade = AMBIENT + (1.0 - AMBIENT) * (1.2 / 3.44f64.sqrt()) * 1.25;
        let grass = elevation_color(landscape.elevation_bands, 0.56f32 as f64);
        for k in 0..3 {
            assert_eq!(px[flat * 4 + k], (grass[k] * shade).round_ties_even() as u8, "channel {k}");
        }
        assert_eq!(elevation_color(LANDSCAPE_BANDS, 0.0), hex_rgb("#1a3a6b"));
        assert_eq!(elevation_color(LANDSCAPE_BANDS, 1.0), hex_rgb("#ffffff"));
        assert_eq!(elevation_color(LANDSCAPE_BANDS, 0.42), hex_rgb("#4a7c4e"));
    }

    #[test]
    fn slopes_facing_the_light_are_brighter_than_slopes_facing_away() {
        let s = scheme("bw").unwrap();
        let bands = band_colors(s);
        // A ridge along x = 160: the west side faces north-west's light
        let t: Vec<f32> = (0..CELLS).map(|i| 0.8 - ((i % COLS) as f32 - 160.0).abs() * 0.01).collect();
        let mut px = vec![0u8; CELLS * 4];
        paint(G, &t, 0.25, s, &bands, &mut px);
        let west = (90 * COLS + 155) * 4;
        let east = (90 * COLS + 165) * 4;
        assert!(px[west] as f64 > px[east] as f64 * 1.4, "west {} vs east {}", px[west], px[east]);
    }
}
