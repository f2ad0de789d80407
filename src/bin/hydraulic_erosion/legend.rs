//! The layer's legend over the map's top right corner, as the page's
//! stylesheet lays out its `.legend` figure (`www/style.css`): a box 200
//! CSS pixels wide with its title, its colour ramp and the values along
//! it. On the page it is an element over the canvas; on a picture it is
//! drawn in. What it says is the sketch's ([`ticks`], [`tick_text`]).

use tiny_skia::{Color, GradientStop, LinearGradient, Paint, Path, PathBuilder, Point, Rect, SpreadMode, Transform};

use hydraulic_erosion::draw::color_schemes::css_color;
use hydraulic_erosion::draw::layers::{tick_text, ticks, Legend, LAYERS};

use crate::painter::PixmapPainter;

/// The stylesheet's `--paper`, `--ink` and `--edge`, light then dark.
const LIGHT: [&str; 3] = ["#ffffff", "#1d1d1d", "#c9c9c9"];
const DARK: [&str; 3] = ["#0a0a0a", "#ececec", "#3a3a3a"];

/// The box's content width, its inset from the corner, its padding (top,
/// sides, bottom), the text's size, its line (the page's 1.5) and where a
/// line's baseline sits in it (DejaVu Sans, centred in the line), the
/// ramp's height and margins.
const WIDTH: f32 = 200.0;
const INSET: f32 = 8.0;
const PADDING: [f32; 3] = [4.0, 8.0, 18.0];
const PX: f32 = 12.0;
const LINE: f32 = 18.0;
const BASELINE: f32 = 13.0;
const RAMP: f32 = 10.0;
/// The box's rounded corners.
const RADIUS: f32 = 4.0;
const RAMP_MARGIN: [f32; 2] = [4.0, 2.0];

/// Draws `legend` (nothing for the relief) on the picture, in the site's
/// light or `dark` colours.
pub fn draw(painter: &mut PixmapPainter, legend: Legend, dark: bool) {
    let Some(row) = LAYERS[legend.layer as usize] else { return };
    let [paper, ink, edge] = if dark { DARK } else { LIGHT };
    let size = painter.size();
    let ratio = size.ratio as f32;
    let title = wrapped(painter, row.title);
    let outer = WIDTH + 2.0 * PADDING[1] + 2.0;
    let lines = title.len() as f32 * LINE;
    let height = 1.0 + PADDING[0] + lines + RAMP_MARGIN[0] + RAMP + 2.0 + RAMP_MARGIN[1] + PADDING[2] + 1.0;
    let (left, top) = (size.width as f32 - INSET - outer, INSET);
    let fill = |painter: &mut PixmapPainter, rect: [f32; 4], round: f32, color: &str| {
        if let Some(path) = rounded(rect, round) {
            painter.fill_path(&path, color);
        }
    };
    fill(painter, [left, top, outer, height], RADIUS, edge);
    fill(painter, [left + 1.0, top + 1.0, outer - 2.0, height - 2.0], RADIUS - 1.0, paper);
    let content = left + 1.0 + PADDING[1];
    let ([r, g, b], _) = css_color(ink).unwrap_or(([0, 0, 0], 1.0));
    let write =
        |painter: &mut PixmapPainter, text: &str, x: f32, y: f32| painter.write(text, [x, y], PX, [r, g, b], 1.0);
    let title_top = top + 1.0 + PADDING[0];
    for (k, line) in title.iter().enumerate() {
        write(painter, line, content, title_top + LINE * k as f32 + BASELINE);
    }
    // The ramp, in its border
    let ramp_top = title_top + lines + RAMP_MARGIN[0];
    fill(painter, [content, ramp_top, WIDTH, RAMP + 2.0], 0.0, edge);
    let [[r0, g0, b0], [r1, g1, b1]] = row.ramp;
    let stops = vec![
        GradientStop::new(0.0, Color::from_rgba8(r0, g0, b0, 255)),
        GradientStop::new(1.0, Color::from_rgba8(r1, g1, b1, 255)),
    ];
    let (from, to) = (Point::from_xy(content + 1.0, 0.0), Point::from_xy(content + WIDTH - 1.0, 0.0));
    if let (Some(shader), Some(rect)) = (
        LinearGradient::new(from, to, stops, SpreadMode::Pad, Transform::identity()),
        Rect::from_xywh(content + 1.0, ramp_top + 1.0, WIDTH - 2.0, RAMP),
    ) {
        let paint = Paint { shader, anti_alias: true, ..Paint::default() };
        painter.pixmap_mut().fill_rect(rect, &paint, Transform::from_scale(ratio, ratio), None);
    }
    // The values: the first from its place, the last up to it, the rest
    // centred on it
    let ticks_top = ramp_top + RAMP + 2.0 + RAMP_MARGIN[1];
    let marks = ticks(legend.layer, legend.top);
    for (k, (at, value)) in marks.iter().enumerate() {
        let text = tick_text(legend.layer, *value, significant);
        let width = painter.text_width(&text, PX);
        let x = content + WIDTH * *at as f32;
        let x = match k {
            0 => x,
            k if k + 1 == marks.len() => x - width,
            _ => x - width / 2.0,
        };
        write(painter, &text, x, ticks_top + BASELINE);
    }
}

/// A rectangle `[left, top, width, height]` with corners rounded `round`.
fn rounded([x, y, w, h]: [f32; 4], round: f32) -> Option<Path> {
    let mut path = PathBuilder::new();
    path.move_to(x + round, y);
    path.line_to(x + w - round, y);
    path.quad_to(x + w, y, x + w, y + round);
    path.line_to(x + w, y + h - round);
    path.quad_to(x + w, y + h, x + w - round, y + h);
    path.line_to(x + round, y + h);
    path.quad_to(x, y + h, x, y + h - round);
    path.line_to(x, y + round);
    path.quad_to(x, y, x + round, y);
    path.close();
    path.finish()
}

/// `text` in lines no wider than the box, broken between words as the
/// page's browser breaks them.
fn wrapped(painter: &PixmapPainter, text: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if painter.text_width(&format!("{line} {word}"), PX) <= WIDTH => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// `n` to `digits` significant figures, as JavaScript's `toPrecision`
/// writes it (the page's legend's numbers).
pub fn significant(n: f64, digits: u8) -> String {
    if n == 0.0 || !n.is_finite() {
        return format!("{:.*}", digits.saturating_sub(1) as usize, n);
    }
    let digits = digits.max(1) as i32;
    // Its exponent once rounded to its figures, so 9.96 is 10, not 10.0
    let rounded = format!("{:.*e}", (digits - 1) as usize, n);
    let (mantissa, exponent) = rounded.split_once('e').expect("an exponent, as {:e} writes");
    let exponent: i32 = exponent.parse().expect("a whole exponent");
    if exponent < -6 || exponent >= digits {
        let sign = if exponent < 0 { "-" } else { "+" };
        return format!("{mantissa}e{sign}{}", exponent.abs());
    }
    format!("{:.*}", (digits - 1 - exponent).max(0) as usize, n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_as_to_precision_writes_them() {
        for (n, two) in
            [(2.5, "2.5"), (0.0123, "0.012"), (12.34, "12"), (9.96, "10"), (0.999, "1.0"), (150.0, "1.5e+2")]
        {
            assert_eq!(significant(n, 2), two, "{n}");
        }
        assert_eq!(significant(0.0, 2), "0.0");
        assert_eq!(significant(-0.5, 2), "-0.50");
    }
}
