//! Lettering on a picture: the panels' words (the measures, debug's count,
//! a legend) in DejaVu Sans, the face a browser here gives `sans-serif`,
//! rasterised by `fontdue` and laid on with each pixel's coverage. The font
//! ships in the binary (`assets/fonts`, cut to Latin, Greek and
//! punctuation), so a picture is the same on any machine.

use fontdue::{Font, FontSettings};
use tiny_skia::{Pixmap, PremultipliedColorU8};

/// The font file, its licence beside it.
const FACE: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-subset.ttf");

/// The face, ready to rasterise.
pub struct Letters {
    font: Font,
}

impl Letters {
    pub fn new() -> Letters {
        let font = Font::from_bytes(FACE, FontSettings::default()).expect("the font shipped in the binary reads");
        Letters { font }
    }

    /// How wide `text` is at `px` pixels high, in pixels.
    pub fn width(&self, text: &str, px: f32) -> f32 {
        self.placed(text, px).last().map_or(0.0, |&(c, x)| x + self.font.metrics(c, px).advance_width)
    }

    /// Each character of `text` with where its pen starts, kerned.
    fn placed(&self, text: &str, px: f32) -> Vec<(char, f32)> {
        let mut pen = 0.0;
        let mut before: Option<char> = None;
        let mut placed = Vec::with_capacity(text.len());
        for c in text.chars() {
            if let Some(b) = before {
                pen += self.font.metrics(b, px).advance_width + self.font.horizontal_kern(b, c, px).unwrap_or(0.0);
            }
            placed.push((c, pen));
            before = Some(c);
        }
        placed
    }

    /// Writes `text` onto `pixmap` `px` pixels high in `rgb` at `alpha`,
    /// its baseline starting at `(x, y)` (device pixels).
    pub fn write(&self, pixmap: &mut Pixmap, text: &str, [x, y]: [f32; 2], px: f32, rgb: [u8; 3], alpha: f32) {
        let (width, height) = (pixmap.width() as i32, pixmap.height() as i32);
        let pixels = pixmap.pixels_mut();
        for (c, pen) in self.placed(text, px) {
            let (metrics, coverage) = self.font.rasterize(c, px);
            let left = (x + pen).round() as i32 + metrics.xmin;
            let top = y.round() as i32 - metrics.ymin - metrics.height as i32;
            for (k, &cover) in coverage.iter().enumerate() {
                let (gx, gy) = (left + (k % metrics.width) as i32, top + (k / metrics.width) as i32);
                if cover == 0 || gx < 0 || gy < 0 || gx >= width || gy >= height {
                    continue;
                }
                let pixel = &mut pixels[(gy * width + gx) as usize];
                *pixel = over(*pixel, rgb, alpha * cover as f32 / 255.0);
            }
        }
    }
}

/// `rgb` at opacity `a` laid over a premultiplied pixel.
fn over(under: PremultipliedColorU8, rgb: [u8; 3], a: f32) -> PremultipliedColorU8 {
    let keep = 1.0 - a;
    let mix = |top: u8, bottom: u8| (top as f32 * a + bottom as f32 * keep).round().clamp(0.0, 255.0) as u8;
    let alpha = mix(255, under.alpha());
    let [r, g, b] = [mix(rgb[0], under.red()), mix(rgb[1], under.green()), mix(rgb[2], under.blue())];
    // (premultiplied: no channel above its alpha)
    PremultipliedColorU8::from_rgba(r.min(alpha), g.min(alpha), b.min(alpha), alpha).expect("channels within alpha")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_written_where_asked_and_nowhere_else() {
        let letters = Letters::new();
        let mut pixmap = Pixmap::new(120, 30).unwrap();
        pixmap.fill(tiny_skia::Color::BLACK);
        letters.write(&mut pixmap, "Concavity θ", [4.0, 20.0], 12.0, [255, 255, 255], 1.0);
        let lit: Vec<(u32, u32)> =
            (0..30 * 120).filter(|&i| pixmap.pixels()[i as usize].red() > 128).map(|i| (i % 120, i / 120)).collect();
        assert!(lit.len() > 60, "the letters show: {} pixels", lit.len());
        let (right, top, bottom) = lit.iter().fold((0, 30, 0), |(r, t, b), &(x, y)| (r.max(x), t.min(y), b.max(y)));
        let width = letters.width("Concavity θ", 12.0);
        assert!((60.0..80.0).contains(&width), "12 px DejaVu Sans: {width}");
        assert!(right as f32 <= 4.0 + width + 1.0 && top >= 20 - 12 && bottom <= 20 + 3, "{right} {top} {bottom}");
    }
}
