//! The reader's hand on the map: a press with a tool picked begins a
//! stroke (one step of the history, undone whole), each move stamps the
//! tool evenly along the way, and letting go ends it. Every stamp is made
//! at once and noted in the timeline at the drops fallen, so a link gives
//! it back to the bit.
//!
//! While the hand raises, lowers or smooths, the rain holds still, so a
//! stroke's stamps are all made at one drop count and a link writes it as
//! one stroke; it rains on once the hand lets go. The rain's tool pours at
//! the pace of the drops per frame while pressed, raining or not, so its
//! stamps are made as the drops fall.

use super::{Input, Pointing, Sketch};
use crate::draw::ground_pick::pick;
use crate::draw::mesh::Layout;
use crate::sculpt::pen::Pen;
use crate::sculpt::stamp::{Stamp, Tool};
use crate::sculpt::stroke::{Hand, Touch};
use crate::settings::sliders::Setting;

/// A stroke under way: where its stamps go, and the stamp it makes there.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Pressed {
    pen: Pen,
    stamp: Stamp,
}

/// The reader's brush: a stroke under way, and where the brush is aimed
/// in the 3D view (the cell under the pointer), for its ring.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Brush {
    pub pressed: Option<Pressed>,
    pub aim: Option<[f32; 2]>,
}

impl Sketch {
    /// Whether the hand holds the rain still: a stroke of a tool that
    /// shapes the ground is under way.
    pub(super) fn hand_holds_the_rain(&self) -> bool {
        self.brush.pressed.as_ref().is_some_and(|p| p.stamp.tool != Tool::Rain)
    }

    /// Whether the rain's tool is pouring.
    pub(super) fn hand_pours(&self) -> bool {
        self.brush.pressed.as_ref().is_some_and(|p| p.stamp.tool == Tool::Rain)
    }

    /// The hand's inputs.
    pub(super) fn hand(&mut self, input: Input) {
        match input {
            Input::PenDown { at, pressure } => {
                self.brush.aim = self.cell_under(at);
                if let Some(cell) = self.brush.aim {
                    self.pen_down(cell, pressure);
                }
            }
            Input::PenMove { at, pressure } => {
                self.brush.aim = self.cell_under(at);
                if let Some(cell) = self.brush.aim {
                    self.pen_move(cell, pressure);
                }
            }
            Input::PenUp => self.pen_up(),
            Input::Stroke(points) => self.stroke(&points),
            Input::Aim(at) => self.brush.aim = at.and_then(|at| self.cell_under(at)),
            _ => {}
        }
    }

    /// The brush's ring in the 3D view, where it is aimed with a tool
    /// picked: its centre and radius, in cells.
    pub(super) fn brush_3d(&self) -> Option<[f64; 3]> {
        self.terrain.choices().tool()?;
        let [x, y] = self.brush.aim?;
        Some([x as f64, y as f64, self.terrain.settings().get(Setting::ToolSize)])
    }

    /// The cell the reader points at (not whole): on the 3D view, where the
    /// pointer's ray meets the ground shown, if it does.
    fn cell_under(&self, at: Pointing) -> Option<[f32; 2]> {
        let [x, y] = match at {
            Pointing::Cell { x, y } => [x, y],
            Pointing::View { across, down } => {
                let settings = self.terrain.settings();
                let layout = Layout::new(self.terrain.grid(), settings.get(Setting::HeightScale));
                // As the 3D view draws it: looking at the sea's level
                let ray = self.orbit.camera().ray(
                    self.page.size.width / self.page.size.height,
                    settings.sea_level() * layout.vertical,
                    [across, down],
                );
                pick(&layout, self.map.shown(&self.terrain), &ray)?
            }
        };
        Some([x as f32, y as f32])
    }

    /// The strength of a stamp pressed with `pressure`: the slider's, in
    /// whole hundredths (at least one), as a link writes it.
    fn strength_pressed(&self, tool: Tool, pressure: f64) -> f32 {
        // The rain's tool has no strength to press harder
        let pressure = if tool == Tool::Rain || !(0.0..=1.0).contains(&pressure) { 1.0 } else { pressure };
        let hundredths = (self.terrain.settings().get(Setting::ToolStrength) * pressure * 100.0).round();
        Stamp::strength_of(hundredths.clamp(1.0, 100.0) as u32)
    }

    /// A press at `at` (in cells): with a tool picked, a stroke begins with
    /// a stamp there.
    fn pen_down(&mut self, at: [f32; 2], pressure: f64) {
        self.pen_up();
        let Some(tool) = self.terrain.choices().tool() else { return };
        let radius = self.terrain.settings().get(Setting::ToolSize) as u16;
        let strength = self.strength_pressed(tool, pressure);
        let pen = Pen::down(at, radius, self.terrain.grid());
        let [x, y] = pen.first();
        let stamp = Stamp { tool, x, y, radius, strength };
        self.brush.pressed = Some(Pressed { pen, stamp });
        self.stamp_at([x, y]);
    }

    /// The pointer moved to `at` while pressed with `pressure`: the stamps
    /// due on the way.
    fn pen_move(&mut self, at: [f32; 2], pressure: f64) {
        let Some(tool) = self.brush.pressed.as_ref().map(|p| p.stamp.tool) else { return };
        let strength = self.strength_pressed(tool, pressure);
        let Some(pressed) = self.brush.pressed.as_mut() else { return };
        pressed.stamp.strength = strength;
        for cell in pressed.pen.move_to(at) {
            self.stamp_at(cell);
        }
    }

    /// The hand let go: the rain's tool stops pouring, and the rain held
    /// still goes on from now.
    pub(super) fn pen_up(&mut self) {
        let Some(pressed) = self.brush.pressed.take() else { return };
        if pressed.stamp.tool == Tool::Rain {
            self.touch(Hand::Lift);
        }
        self.rained_at = None;
    }

    /// A whole stroke at once through `points` (cells, `[x, y]`), as a host
    /// page's script draws one: what the same stroke by hand gives, the
    /// rain's tool pouring one frame's drops at each stamp.
    fn stroke(&mut self, points: &[[f64; 2]]) {
        let Some((first, rest)) = points.split_first() else { return };
        self.pen_down([first[0] as f32, first[1] as f32], 1.0);
        self.pour_a_frame();
        for p in rest {
            let Some(pressed) = self.brush.pressed.as_mut() else { break };
            for cell in pressed.pen.move_to([p[0] as f32, p[1] as f32]) {
                self.stamp_at(cell);
                self.pour_a_frame();
            }
        }
        self.pen_up();
    }

    /// For a script's stroke of the rain's tool: one frame's drops, poured.
    fn pour_a_frame(&mut self) {
        if self.hand_pours() {
            self.terrain.rain(self.terrain.settings().drops_per_frame());
        }
    }

    /// The stroke's stamp at `cell`.
    fn stamp_at(&mut self, [x, y]: [u16; 2]) {
        let Some(pressed) = &self.brush.pressed else { return };
        self.touch(Hand::Stamp(Stamp { x, y, ..pressed.stamp }));
    }

    /// Does what the hand did, and notes it in the timeline at the drops
    /// fallen.
    fn touch(&mut self, hand: Hand) {
        self.terrain.touch(hand);
        self.timeline.record_touch(Touch { drops: self.terrain.drops(), hand });
    }
}
