//! A path drawn no finer than the screen. The rivers' strokes bend at every
//! cell: on the article's map a cell is three pixels across, but a 2048 ×
//! 2048 map on a canvas 562 pixels high has a cell a quarter of a pixel
//! across, and the canvas would stroke four curves for every pixel of a
//! river, twice (its bank and its water): 24,000 curves a frame, and
//! Chromium's software rasteriser strokes a line wider than a pixel at a
//! cost by the vertex. Drawn from points at least two pixels apart, joined
//! by straight lines, a river looks the same: its bank is three pixels
//! wide, and bends finer than that do not show.
//!
//! The rule: a run (from a move to the next) keeps its first point and its
//! last; between them, a point is kept if it lies at least `step` (two
//! pixels, in cells) from the last one kept, and is reached by a straight
//! line. Paths on a map of [more than 0.7 pixels a cell](crate::draw::level_of_detail::factor)
//! are drawn as they are.
//!
//! ```
//! use hydraulic_erosion::draw::path_detail::no_finer_than;
//! use hydraulic_erosion::draw::river_view::PathOp::{self, LineTo, MoveTo, QuadTo};
//! // A run of quarter-cell steps, drawn at a pixel every two cells
//! let mut ops = vec![MoveTo([0.0, 0.0])];
//! ops.extend((1..=10).map(|k| QuadTo { control: [k as f32 * 0.25, 1.0], to: [k as f32 * 0.25, 0.0] }));
//! let mut coarse = Vec::new();
//! no_finer_than(&ops, 2.0, &mut coarse);
//! assert_eq!(coarse, [MoveTo([0.0, 0.0]), LineTo([2.0, 0.0]), LineTo([2.5, 0.0])]);
//! ```

use std::borrow::Cow;

use crate::draw::level_of_detail;
use crate::draw::river_view::{PathOp, Stroke};

/// `ops` with the points of each run closer than `step` to the last one
/// kept left out, and curves drawn as straight lines, into `out`.
pub fn no_finer_than(ops: &[PathOp], step: f32, out: &mut Vec<PathOp>) {
    let (mut last, mut left_out) = ([0.0f32; 2], None);
    for op in ops {
        let to = match *op {
            PathOp::MoveTo(at) => {
                // The run before ends where it ended
                if let Some(end) = left_out.take() {
                    out.push(PathOp::LineTo(end));
                }
                out.push(PathOp::MoveTo(at));
                last = at;
                continue;
            }
            PathOp::LineTo(to) | PathOp::QuadTo { to, .. } => to,
        };
        if (to[0] - last[0]).hypot(to[1] - last[1]) >= step {
            out.push(PathOp::LineTo(to));
            (last, left_out) = (to, None);
        } else {
            left_out = Some(to);
        }
    }
    if let Some(end) = left_out {
        out.push(PathOp::LineTo(end));
    }
}

/// The strokes to draw at `pixels_per_cell` device pixels a cell: as they
/// are where a cell is drawn no smaller than the relief's, otherwise each
/// path [`no_finer_than`] two pixels.
pub fn strokes_at(strokes: &[Stroke], pixels_per_cell: f64) -> Cow<'_, [Stroke]> {
    if level_of_detail::factor(pixels_per_cell) == 1 {
        return Cow::Borrowed(strokes);
    }
    let step = (2.0 / pixels_per_cell) as f32;
    Cow::Owned(
        strokes
            .iter()
            .map(|stroke| {
                let mut ops = Vec::new();
                no_finer_than(&stroke.ops, step, &mut ops);
                Stroke { ops }
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::river_view::PathOp::{LineTo, MoveTo, QuadTo};

    /// The points a path passes through, run by run.
    fn runs(ops: &[PathOp]) -> Vec<Vec<[f32; 2]>> {
        let mut runs: Vec<Vec<[f32; 2]>> = Vec::new();
        for op in ops {
            match *op {
                MoveTo(at) => runs.push(vec![at]),
                LineTo(to) | QuadTo { to, .. } => runs.last_mut().expect("a run begins with a move").push(to),
            }
        }
        runs
    }

    #[test]
    fn each_run_keeps_its_ends_and_points_a_step_apart() {
        // Two runs: a wandering river of 200 half-cell steps, and one
        // shorter than a step
        let mut ops = vec![MoveTo([10.0, 10.0])];
        let mut at = [10.0f32, 10.0];
        for k in 0..200 {
            at = [at[0] + 0.5, at[1] + if k % 7 < 3 { 0.5 } else { -0.25 }];
            ops.push(QuadTo { control: [at[0] - 0.25, at[1]], to: at });
        }
        ops.extend([MoveTo([0.0, 0.0]), LineTo([0.5, 0.0]), LineTo([1.0, 0.25])]);
        let mut coarse = Vec::new();
        no_finer_than(&ops, 4.0, &mut coarse);
        let (before, after) = (runs(&ops), runs(&coarse));
        assert_eq!(after.len(), 2);
        for (b, a) in before.iter().zip(&after) {
            assert_eq!((a[0], a[a.len() - 1]), (b[0], b[b.len() - 1]));
            // Every kept point is one of the path's, at least a step from
            // the one before (the last aside)
            assert!(a.iter().all(|p| b.contains(p)));
            for w in a[..a.len() - 1].windows(2) {
                assert!((w[1][0] - w[0][0]).hypot(w[1][1] - w[0][1]) >= 4.0, "{w:?}");
            }
        }
        // Each step moves half a cell across: one point in eight kept (a
        // hundred cells across, 4 apart, and the start), and no curves
        assert_eq!(after[0].len(), 26, "{:?}", after[0]);
        assert_eq!(after[1], [[0.0, 0.0], [1.0, 0.25]]);
        assert!(coarse.iter().all(|op| !matches!(op, QuadTo { .. })));
    }

    #[test]
    fn strokes_are_left_as_they_are_at_more_than_seven_tenths_of_a_pixel_a_cell() {
        let strokes = vec![Stroke { ops: vec![MoveTo([0.0, 0.0]), QuadTo { control: [0.5, 0.0], to: [0.5, 0.5] }] }];
        for pixels_per_cell in [0.75, 1.0, 3.0] {
            assert!(matches!(strokes_at(&strokes, pixels_per_cell), Cow::Borrowed(_)));
        }
        let coarse = strokes_at(&strokes, 0.25);
        assert_eq!(coarse[0].ops, [MoveTo([0.0, 0.0]), LineTo([0.5, 0.5])]);
    }
}
