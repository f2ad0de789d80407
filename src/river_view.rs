//! The rivers as drawn: which cells carry one, how wide, how faded, and the
//! curves that trace them, eased from one routing to the next.
//!
//! Water can only move between neighbouring cells, so a river traced through
//! cell centres is a staircase of 45° steps. Each piece instead curves from
//! the middle of one step to the middle of the next, bending at the cell
//! between them. While it rains, each new routing eases in: the water drawn
//! creeps towards the new amounts, so the ends of rivers grow a cell at a
//! time, and a piece that changes course fades out along its old line as it
//! fades in along the new one.

use crate::flow_routing::Drainage;
use crate::grid::{CELLS, COLS};

/// A cell is drawn as river once the water of this many cells passes through.
pub const RIVER_START: f32 = 250.0;
/// While it rains the rivers are worked out again every this many frames.
pub const RIVER_EVERY: u32 = 15;
/// Every frame the drawn rivers move this much of the way to the latest.
pub const RIVER_EASE: f32 = 0.15;
/// Width classes; each carries twice the water of the one before.
pub const RIVER_WIDTHS: usize = 6;
/// Steps of transparency, for fading pieces in and out.
pub const FADES: usize = 8;
/// A piece fading out is dropped once it is this faint.
const GHOST_GONE: f32 = 0.02;

/// The pieces of one width and one step of transparency, in grid coordinates
/// (x, y of cell centres): straight `lines` as x0 y0 x1 y1, and quadratic
/// `curves` as from-x from-y control-x control-y to-x to-y.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stroke {
    pub lines: Vec<f32>,
    pub curves: Vec<f32>,
}

/// The width class of a piece carrying `water`: `min(5, floor(log2(water /
/// RIVER_START)))`, worked out by doubling so it is exact at the boundaries.
pub fn width_class(water: f32) -> usize {
    let mut size = 0;
    let mut limit = RIVER_START * 2.0;
    while size + 1 < RIVER_WIDTHS && water >= limit {
        size += 1;
        limit *= 2.0;
    }
    size
}

/// The line width in pixels of a width class, at `scale` pixels per cell.
pub fn line_width(size: usize, scale: f64) -> f64 {
    (0.7 + size as f64 * 0.5) * (scale / 2.5).max(1.0)
}

/// The drawn state of the rivers.
#[derive(Clone, Debug)]
pub struct RiverView {
    water: Vec<f32>,
    downstream: Vec<i32>,
    previous_downstream: Vec<i32>,
    shown: Vec<f32>,
    fade_in: Vec<f32>,
    ghost_to: Vec<i32>,
    ghost_after: Vec<i32>,
    ghost_water: Vec<f32>,
    ghost_fade: Vec<f32>,
    fed: Vec<bool>,
    strokes: Vec<Stroke>,
}

impl Default for RiverView {
    fn default() -> Self {
        RiverView {
            water: vec![0.0; CELLS],
            downstream: vec![-1; CELLS],
            previous_downstream: vec![-1; CELLS],
            shown: vec![0.0; CELLS],
            fade_in: vec![1.0; CELLS],
            ghost_to: vec![-1; CELLS],
            ghost_after: vec![-1; CELLS],
            ghost_water: vec![0.0; CELLS],
            ghost_fade: vec![0.0; CELLS],
            fed: vec![false; CELLS],
            strokes: vec![Stroke::default(); RIVER_WIDTHS * FADES],
        }
    }
}

impl RiverView {
    /// Takes a new routing. With `ease`, pieces whose course changed (either
    /// their own step or the next one, which bends their curve) start to fade
    /// out along the old line and in along the new.
    pub fn take(&mut self, drainage: &Drainage, ease: bool) {
        std::mem::swap(&mut self.previous_downstream, &mut self.downstream);
        self.downstream.copy_from_slice(&drainage.downstream);
        self.water.copy_from_slice(&drainage.water);
        if !ease {
            return;
        }
        let after = |d: &[i32], j: i32| if j >= 0 { d[j as usize] } else { -1 };
        for i in 0..CELLS {
            let was = self.previous_downstream[i];
            let was_after = after(&self.previous_downstream, was);
            let now = self.downstream[i];
            let now_after = after(&self.downstream, now);
            if (was == now && was_after == now_after) || self.shown[i] < RIVER_START {
                continue;
            }
            if was >= 0 {
                self.ghost_to[i] = was;
                self.ghost_after[i] = was_after;
                self.ghost_water[i] = self.shown[i];
                self.ghost_fade[i] = self.fade_in[i];
            }
            self.fade_in[i] = 0.0;
        }
    }

    /// Moves one frame on: with `ease` a step of the way to the latest
    /// routing, otherwise straight there.
    pub fn advance(&mut self, ease: bool) {
        if ease {
            for i in 0..CELLS {
                self.shown[i] += (self.water[i] - self.shown[i]) * RIVER_EASE;
                self.fade_in[i] += (1.0 - self.fade_in[i]) * RIVER_EASE;
                self.ghost_fade[i] *= 1.0 - RIVER_EASE;
            }
        } else {
            self.shown.copy_from_slice(&self.water);
            self.fade_in.fill(1.0);
            self.ghost_fade.fill(0.0);
        }
    }

    /// The water drawn through each cell now.
    pub fn shown(&self) -> &[f32] {
        &self.shown
    }

    /// The pieces to draw now, one [`Stroke`] per width class and step of
    /// transparency: stroke `size * FADES + level` has width class `size` and
    /// opacity `(level + 1) / FADES`.
    pub fn strokes(&mut self) -> &[Stroke] {
        for s in &mut self.strokes {
            s.lines.clear();
            s.curves.clear();
        }
        // A cell is a source when no river runs into it
        self.fed.fill(false);
        for i in 0..CELLS {
            let j = self.downstream[i];
            if j >= 0 && self.shown[i] >= RIVER_START {
                self.fed[j as usize] = true;
            }
        }
        for i in 0..CELLS {
            let j = self.downstream[i];
            if j >= 0 && self.shown[i] >= RIVER_START {
                let k = self.downstream[j as usize];
                let piece =
                    Piece { from: i, through: j as usize, to: k, water: self.shown[i], opacity: self.fade_in[i] };
                piece.add_to(&mut self.strokes, !self.fed[i]);
            }
            if self.ghost_fade[i] > GHOST_GONE && self.ghost_to[i] >= 0 {
                let piece = Piece {
                    from: i,
                    through: self.ghost_to[i] as usize,
                    to: self.ghost_after[i],
                    water: self.ghost_water[i],
                    opacity: self.ghost_fade[i],
                };
                piece.add_to(&mut self.strokes, false);
            }
        }
        &self.strokes
    }
}

/// One piece of river: from a cell, through the next, towards the one after.
struct Piece {
    from: usize,
    through: usize,
    to: i32,
    water: f32,
    opacity: f32,
}

fn centre(i: usize) -> [f32; 2] {
    [(i % COLS) as f32, (i / COLS) as f32]
}

fn middle(a: [f32; 2], b: [f32; 2]) -> [f32; 2] {
    [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0]
}

impl Piece {
    /// Adds this piece to the stroke of its width and transparency. A river's
    /// last stretch, until it carries twice RIVER_START, also fades in, so new
    /// ends appear gently. A `source` also gets the stub from its own centre.
    fn add_to(&self, strokes: &mut [Stroke], source: bool) {
        let fade = self.opacity * (self.water / RIVER_START - 1.0).min(1.0);
        let level = (fade * FADES as f32).ceil() as i32 - 1;
        if level < 0 {
            return;
        }
        let stroke = &mut strokes[width_class(self.water) * FADES + (level as usize).min(FADES - 1)];
        let here = centre(self.from);
        let next = centre(self.through);
        let from = middle(here, next);
        if source {
            stroke.lines.extend_from_slice(&[here[0], here[1], from[0], from[1]]);
        }
        let to = if self.to >= 0 { middle(next, centre(self.to as usize)) } else { next };
        stroke.curves.extend_from_slice(&[from[0], from[1], next[0], next[1], to[0], to[1]]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn width_classes_double_from_river_start() {
        assert_eq!(width_class(250.0), 0);
        assert_eq!(width_class(499.0), 0);
        assert_eq!(width_class(500.0), 1);
        assert_eq!(width_class(1000.0), 2);
        assert_eq!(width_class(7999.0), 4);
        assert_eq!(width_class(8000.0), 5);
        assert_eq!(width_class(1e9), 5);
        assert!((line_width(0, 1.0) - 0.7).abs() < 1e-12);
        assert!((line_width(5, 5.0) - 6.4).abs() < 1e-12);
    }

    /// A straight river along row 10: cells 0..=4 drain east, carrying
    /// 300, 600, 1200, 2400 and 4800, and cell 5 keeps its water.
    fn straight() -> Drainage {
        let mut d = Drainage::default();
        let row = 10 * COLS;
        for (k, w) in [300.0, 600.0, 1200.0, 2400.0, 4800.0].into_iter().enumerate() {
            d.water[row + k] = w;
            d.downstream[row + k] = (row + k + 1) as i32;
        }
        d
    }

    #[test]
    fn pieces_curve_between_middles_with_a_stub_at_the_source() {
        let mut view = RiverView::default();
        view.take(&straight(), false);
        view.advance(false);
        let strokes = view.strokes();
        let total: usize = strokes.iter().map(|s| s.curves.len() / 6).sum();
        assert_eq!(total, 5);
        // The source (300: width 0, fading in at 0.2 → level 1)
        let source = &strokes[1];
        assert_eq!(source.lines, vec![0.0, 10.0, 0.5, 10.0]);
        assert_eq!(source.curves, vec![0.5, 10.0, 1.0, 10.0, 1.5, 10.0]);
        // Full strength from 500 on: 600 is width 1, opaque
        assert_eq!(strokes[FADES + FADES - 1].curves, vec![1.5, 10.0, 2.0, 10.0, 2.5, 10.0]);
        // The last piece ends at the centre of the cell that keeps its water
        assert_eq!(strokes[4 * FADES + FADES - 1].curves, vec![4.5, 10.0, 5.0, 10.0, 5.0, 10.0]);
        assert!(strokes.iter().map(|s| s.lines.len()).sum::<usize>() == 4, "one source only");
    }

    #[test]
    fn a_change_of_course_fades_out_the_old_line_while_the_new_fades_in() {
        let mut view = RiverView::default();
        let first = straight();
        view.take(&first, false);
        view.advance(false);
        let mut second = first.clone();
        let bend = 10 * COLS + 2;
        second.downstream[bend] = (bend + COLS + 1) as i32;
        view.take(&second, true);
        view.advance(true);
        // One frame on, the old piece from (2,10) through (3,10) is still
        // strong (0.85) and the new one through (3,11) faint (0.15)
        let level_of = |view: &mut RiverView, piece: [f32; 4]| {
            view.strokes().iter().position(|s| s.curves.chunks(6).any(|c| c[0..4] == piece)).map(|k| k % FADES)
        };
        assert_eq!(level_of(&mut view, [2.5, 10.0, 3.0, 10.0]), Some(6));
        assert_eq!(level_of(&mut view, [2.5, 10.5, 3.0, 11.0]), Some(1));
        for _ in 0..40 {
            view.advance(true);
        }
        let curves: Vec<Vec<f32>> =
            view.strokes().iter().flat_map(|s| s.curves.chunks(6).map(|c| c.to_vec())).collect();
        assert!(curves.iter().any(|c| c[0..4] == [2.5, 10.5, 3.0, 11.0]), "new piece faded in");
        assert!(!curves.iter().any(|c| c[0..4] == [2.5, 10.0, 3.0, 10.0]), "ghost gone");
    }

    #[test]
    fn easing_creeps_towards_the_new_water() {
        let mut view = RiverView::default();
        view.take(&straight(), false);
        view.advance(false);
        let mut more = straight();
        more.water[10 * COLS] = 1300.0;
        view.take(&more, true);
        view.advance(true);
        assert!((view.shown()[10 * COLS] - (300.0 + 1000.0 * RIVER_EASE)).abs() < 1e-3);
    }
}
