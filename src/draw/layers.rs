//! The map's layers: what the rain did to the ground, drawn over its
//! shaded relief. The relief is taken to grey (the scheme's light and
//! shade, without its hues) and each layer's colour ramp laid over it, more
//! opaque where there is more, so the ground stays readable beneath:
//!
//! - **erosion**, the ground each cell lost since the start, and
//!   **deposition**, the ground it gained ([`crate::erosion::ground_moved`]),
//!   on a square-root scale up to the most any cell moved, since a few
//!   cells in the deepest gullies move far more than the rest;
//! - **flow**, the water gathered (cells draining through each, the
//!   routing's accumulation), on a logarithmic scale from 1 cell up.
//!
//! Each comes with a [`Legend`]: its ramp and the values along it.
//!
//! ```
//! use hydraulic_erosion::draw::layers::{ramp_position, ticks};
//! use hydraulic_erosion::settings::choices::Layer;
//! assert_eq!(ramp_position(Layer::Erosion, 0.25, 1.0), 0.5);
//! assert_eq!(ramp_position(Layer::Flow, 100.0, 10_000.0), 0.5);
//! assert_eq!(ticks(Layer::Flow, 2_000.0).iter().map(|t| t.1).collect::<Vec<_>>(), [1.0, 10.0, 100.0, 1_000.0]);
//! ```
//!
//! [`Legend`]: crate::draw::layers::Legend

use crate::draw::words::thousands;
use crate::erosion::ground_moved::largest;
use crate::settings::choices::Layer;

/// A layer's colour ramp, from least to most, and how it reads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LayerRow {
    /// What its numbers count, for the legend's title.
    pub title: &'static str,
    pub ramp: [[u8; 3]; 2],
    /// How opaque its colour is where there is least above nothing (it
    /// grows to opaque at the top): erosion and deposition show even a
    /// little ground moved; every cell gathers its own rain, so flow starts
    /// from clear, or every ridge would be speckled.
    pub least_opacity: f64,
}

/// The layers' ramps (none for the relief), in [`Layer::ALL`]'s order:
/// yellow to red for ground worn away, pale to deep green for ground laid
/// down, pale to deep blue for water; each reads on light and dark schemes.
pub const LAYERS: [Option<LayerRow>; Layer::ALL.len()] = [
    None,
    Some(LayerRow {
        title: "Ground lost, % of the map's height",
        ramp: [[254, 224, 139], [215, 48, 31]],
        least_opacity: 0.3,
    }),
    Some(LayerRow {
        title: "Ground gained, % of the map's height",
        ramp: [[217, 240, 163], [35, 132, 67]],
        least_opacity: 0.3,
    }),
    Some(LayerRow {
        title: "Water gathered, in cells' worth of rain",
        ramp: [[198, 219, 239], [33, 113, 181]],
        least_opacity: 0.0,
    }),
];

/// What a legend shows: the layer, and the value at the top of its ramp.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Legend {
    pub layer: Layer,
    pub top: f64,
}

/// Where `value` sits along a layer's ramp whose top is `top`, from 0 to
/// 1: the square root of its share for erosion and deposition, the share
/// of the logarithm for flow (from 1 cell).
pub fn ramp_position(layer: Layer, value: f64, top: f64) -> f64 {
    let t = match layer {
        Layer::Relief => 0.0,
        Layer::Erosion | Layer::Deposition => (value / top).sqrt(),
        Layer::Flow => value.max(1.0).ln() / top.ln(),
    };
    if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    }
}

/// The values a legend marks, with where each sits along the ramp: for
/// erosion and deposition 0, a quarter of the top (half way, on a square
/// root scale) and the top; for flow each power of ten up to the top.
pub fn ticks(layer: Layer, top: f64) -> Vec<(f64, f64)> {
    match layer {
        Layer::Relief => Vec::new(),
        Layer::Erosion | Layer::Deposition if top > 0.0 => {
            [0.0, top / 4.0, top].map(|v| (ramp_position(layer, v, top), v)).to_vec()
        }
        Layer::Erosion | Layer::Deposition => vec![(0.0, 0.0)],
        Layer::Flow => {
            let mut ticks = vec![(0.0, 1.0)];
            let mut v = 10.0;
            while v <= top && top > 1.0 {
                ticks.push((ramp_position(layer, v, top), v));
                v *= 10.0;
            }
            ticks
        }
    }
}

/// A legend's value as its tick says it: erosion and deposition as a
/// percentage of the map's height to two significant figures (written by
/// `significant`, as the page has the browser's `toPrecision` write it),
/// flow in whole cells.
///
/// ```
/// use hydraulic_erosion::draw::layers::tick_text;
/// use hydraulic_erosion::settings::choices::Layer;
/// let two = |v: f64, _: u8| format!("{v:.1}");
/// assert_eq!(tick_text(Layer::Erosion, 0.025, &two), "2.5 %");
/// assert_eq!(tick_text(Layer::Flow, 12_000.0, &two), "12,000");
/// assert_eq!(tick_text(Layer::Deposition, 0.0, &two), "0");
/// ```
pub fn tick_text(layer: Layer, value: f64, significant: impl Fn(f64, u8) -> String) -> String {
    match layer {
        Layer::Flow => thousands(value.round() as u64),
        _ if value == 0.0 => "0".into(),
        _ => format!("{} %", significant(value * 100.0, 2)),
    }
}

/// Lays `layer`'s colours for `values` (one a cell) over `pixels`, the
/// shaded relief (RGBA, one a cell), taken to grey first; returns the value
/// at the top of the ramp (the largest).
pub fn paint(layer: Layer, values: &[f32], pixels: &mut [u8]) -> f64 {
    let Some(row) = LAYERS[layer as usize] else { return 0.0 };
    let top = largest(values) as f64;
    for (px, &v) in pixels.chunks_exact_mut(4).zip(values) {
        let color = over_grey(layer, &row, [px[0], px[1], px[2]], v, top);
        px[..3].copy_from_slice(&color);
    }
    top
}

/// `layer`'s colours for `values` over the ground's own colours before
/// the light (RGB of each cell in `ground`), taken to grey: what the 3D
/// view drapes over the ground it lights, RGBA; and the ramp's top.
pub fn drape(layer: Layer, values: &[f32], ground: impl Iterator<Item = [u8; 3]>) -> (Vec<u8>, f64) {
    let Some(row) = LAYERS[layer as usize] else { return (Vec::new(), 0.0) };
    let top = largest(values) as f64;
    let pixels = ground.zip(values).flat_map(|(base, &v)| {
        let [r, g, b] = over_grey(layer, &row, base, v, top);
        [r, g, b, 255]
    });
    (pixels.collect(), top)
}

/// A cell's colour: `base` taken to grey (Rec. 601 luma, its light and
/// shade without its hue), and the ramp's colour for `value` over it, the
/// more opaque the more there is ([`LayerRow::least_opacity`]).
fn over_grey(layer: Layer, row: &LayerRow, base: [u8; 3], value: f32, top: f64) -> [u8; 3] {
    let grey = 0.299 * base[0] as f64 + 0.587 * base[1] as f64 + 0.114 * base[2] as f64;
    let t = ramp_position(layer, value as f64, top);
    let above = if layer == Layer::Flow { value > 1.0 } else { value > 0.0 };
    let alpha = if above { row.least_opacity + (1.0 - row.least_opacity) * t } else { 0.0 };
    let [from, to] = row.ramp.map(|c| c.map(f64::from));
    [0, 1, 2].map(|c| {
        let color = from[c] + (to[c] - from[c]) * t;
        (grey + (color - grey) * alpha).round().clamp(0.0, 255.0) as u8
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_moved_shows_the_relief_in_grey_and_a_zero_legend() {
        let mut pixels = vec![200, 100, 50, 255, 10, 20, 30, 255];
        let top = paint(Layer::Erosion, &[0.0, 0.0], &mut pixels);
        assert_eq!(top, 0.0);
        let grey = |r: f64, g: f64, b: f64| (0.299 * r + 0.587 * g + 0.114 * b).round() as u8;
        assert_eq!(
            pixels,
            [grey(200.0, 100.0, 50.0); 3]
                .into_iter()
                .chain([255])
                .chain([grey(10.0, 20.0, 30.0); 3])
                .chain([255])
                .collect::<Vec<_>>()
        );
        assert_eq!(ticks(Layer::Erosion, 0.0), [(0.0, 0.0)]);
    }

    #[test]
    fn the_most_takes_the_ramps_end_nearly_opaque() {
        let mut pixels = vec![128; 12];
        let top = paint(Layer::Deposition, &[0.0, 0.01, 0.04], &mut pixels);
        assert_eq!(top, 0.04f32 as f64);
        let end = LAYERS[Layer::Deposition as usize].unwrap().ramp[1];
        assert_eq!(&pixels[8..11], &end.map(|c| c), "the top is the ramp's end colour");
        assert_ne!(&pixels[4..7], &[128; 3], "a quarter of the top is coloured");
        assert_eq!(&pixels[0..3], &[128; 3], "nothing moved stays grey");
        assert_eq!(ticks(Layer::Deposition, 0.04), [(0.0, 0.0), (0.5, 0.01), (1.0, 0.04)]);
    }

    #[test]
    fn flow_is_on_a_logarithmic_scale() {
        let mut pixels = vec![0; 12];
        let top = paint(Layer::Flow, &[1.0, 30.0, 900.0], &mut pixels);
        assert_eq!(top, 900.0);
        assert!((ramp_position(Layer::Flow, 30.0, top) - 0.5).abs() < 1e-12);
        assert_eq!(&pixels[0..3], &[0; 3], "a cell of its own rain only is left as it was");
        let half = LAYERS[Layer::Flow as usize].unwrap().ramp.map(|c| c.map(f64::from));
        let expected: Vec<u8> =
            (0..3).map(|c| ((half[0][c] + (half[1][c] - half[0][c]) * 0.5) * 0.5).round() as u8).collect();
        assert_eq!(&pixels[4..7], &expected[..], "half way up the ramp, half opaque over black");
        assert_eq!(ticks(Layer::Flow, 900.0).len(), 3, "1, 10, 100");
        assert!(ticks(Layer::Relief, 1.0).is_empty());
    }

    #[test]
    fn the_drape_is_the_paint_over_unlit_ground_and_opaque() {
        let values = [0.0, 0.01, 0.04];
        let ground = [[200, 100, 50], [10, 20, 30], [128, 128, 128]];
        let (draped, top) = drape(Layer::Erosion, &values, ground.into_iter());
        let mut painted: Vec<u8> = ground.iter().flat_map(|&[r, g, b]| [r, g, b, 255]).collect();
        assert_eq!(paint(Layer::Erosion, &values, &mut painted), top);
        assert_eq!(draped, painted, "the same colours as the map's, over the ground's own");
        assert_eq!(drape(Layer::Relief, &values, ground.into_iter()), (Vec::new(), 0.0));
    }
}
