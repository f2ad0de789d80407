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

use std::collections::BTreeMap;

use crate::hydrology::flow_routing::Drainage;
use crate::hydrology::rivers::RIVER_START;
use crate::raster::grid::Grid;

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

/// One step of a path, in grid coordinates (cell centres at whole numbers).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PathOp {
    MoveTo([f32; 2]),
    LineTo([f32; 2]),
    QuadTo { control: [f32; 2], to: [f32; 2] },
}

/// The pieces of one width and one step of transparency, as one path.
///
/// Where a river runs on through pieces of the same width and transparency,
/// they are one continuous run: each piece ends at the middle of a step where
/// the next begins, heading the same way, so the line is the same as pieces
/// drawn apart, with caps only at the ends (and far less for the canvas to
/// stroke).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stroke {
    pub ops: Vec<PathOp>,
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
///
/// Only the water drawn is kept for every cell; everything else a piece
/// is drawn from is kept for the wet cells alone, some twenty thousand of
/// four million at 2048 × 2048 (a value a cell for each was 88 MB there,
/// against 17 now).
#[derive(Clone, Debug)]
pub struct RiverView {
    grid: Grid,
    /// The water drawn through each cell now, in cells of the article's
    /// map: the latest routing's, but on the wet cells, which ease to it
    shown: Vec<f32>,
    /// The cells that may carry a piece or a fading one until the next
    /// routing is taken, in order: where the water now or drawn, or a
    /// ghost, is a river's. The water drawn eases from the one to the
    /// other, so no other cell becomes a river before then, and the
    /// strokes are worked out from these alone. Only these ease: every
    /// other cell is drawn at its water from the routing's taking on.
    wet: Vec<u32>,
    /// What each wet cell is drawn from, in the order of `wet`
    courses: Vec<Course>,
    /// The pieces fading out along their old course, by cell: a few where
    /// courses changed
    ghosts: BTreeMap<u32, Ghost>,
    strokes: Vec<Stroke>,
    /// Changes with what is drawn: with each routing taken and each frame
    /// moved on (and a view made anew does not start it again).
    revision: u64,
    /// The revision `strokes` were worked out for.
    strokes_of: Option<u64>,
}

/// A wet cell's course in the latest routing, how far its piece has faded
/// in, and the marks a frame's strokes leave on it.
#[derive(Clone, Copy, Debug)]
struct Course {
    /// The routing's water through the cell, in cells of the article's map
    water: f32,
    /// The water drawn through it now, as `RiverView::shown` has it: kept
    /// here too, so that a frame's strokes read the wet cells in order
    /// rather than a value from each of four million
    shown: f32,
    /// The cell it drains to, and the one after that (or -1)
    downstream: i32,
    after: i32,
    /// Where the cell it drains to is among the wet cells, or NOT_WET
    next: u32,
    fade_in: f32,
    /// Its piece's stroke (width and transparency), or NO_STROKE
    stroke: u16,
    /// Whether a river runs into it
    fed: bool,
    /// Whether a piece of its own stroke runs into it
    continued: bool,
    drawn: bool,
}

const NO_STROKE: u16 = u16::MAX;
const NOT_WET: u32 = u32::MAX;

/// A piece fading out along the course it had: through which cell, towards
/// which (or none), with the water it was drawn with and how faded it is.
#[derive(Clone, Copy, Debug)]
struct Ghost {
    through: u32,
    to: i32,
    water: f32,
    fade: f32,
}

/// The cell `drainage` drains `j` to, or -1 (none, or no `j`).
fn after(drainage: &Drainage, j: i32) -> i32 {
    usize::try_from(j).map_or(-1, |j| downstream_of(drainage, j))
}

/// The cell `drainage` drains cell `i` to, or -1.
fn downstream_of(drainage: &Drainage, i: usize) -> i32 {
    drainage.downstream(i).map_or(-1, |j| j as i32)
}

/// How many of the article's cells one cell of `grid` stands for: water
/// is drawn per article's cell, so a finer map draws the rivers of the
/// same ground, not four times as many (exact there: the share is 1).
fn share(grid: Grid) -> f32 {
    (grid.cells() as f64 / Grid::ARTICLE.cells() as f64) as f32
}

impl RiverView {
    /// Nothing drawn yet, on `grid`.
    pub fn new(grid: Grid) -> Self {
        RiverView {
            grid,
            shown: vec![0.0; grid.cells()],
            wet: Vec::new(),
            courses: Vec::new(),
            ghosts: BTreeMap::new(),
            strokes: vec![Stroke::default(); RIVER_WIDTHS * FADES],
            revision: 0,
            strokes_of: None,
        }
    }
}

impl RiverView {
    /// Nothing drawn any more, on `grid`. The old water is let go before
    /// the new is made: a WebAssembly memory never gives back what it grew
    /// to.
    pub fn forget(&mut self, grid: Grid) {
        let revision = self.revision + 1;
        *self = RiverView::new(Grid::new(2, 2));
        *self = RiverView::new(grid);
        self.revision = revision;
    }

    /// Names what is drawn now: the same revision, the same strokes.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Takes a new routing on `grid` (a new grid starts afresh). With `ease`,
    /// pieces whose course changed (either their own step or the next one,
    /// which bends their curve) start to fade out along the old line and in
    /// along the new.
    pub fn take(&mut self, grid: Grid, drainage: &Drainage, ease: bool) {
        if grid != self.grid {
            self.forget(grid);
        }
        self.revision += 1;
        let (wet_before, courses_before) = (std::mem::take(&mut self.wet), std::mem::take(&mut self.courses));
        let faded_out =
            if ease { self.ghost_the_changed_courses(&wet_before, &courses_before, drainage) } else { vec![] };
        let mut kept = self.staying_wet(&wet_before).into_iter().peekable();
        let mut before = wet_before.iter().zip(&courses_before).peekable();
        let share = share(grid);
        for (i, &water) in drainage.water.iter().enumerate() {
            let water = water / share;
            if !(kept.next_if_eq(&(i as u32)).is_some() || water >= RIVER_START) {
                // Neither a river now nor drawn as one: drawn at its water
                // at once, so only a river's easing shows (at 2048 × 2048
                // a step for every cell would be 32 MB read and written a
                // frame)
                self.shown[i] = water;
                continue;
            }
            while before.next_if(|&(&k, _)| (k as usize) < i).is_some() {}
            let was = before.next_if(|&(&k, _)| k as usize == i).map(|(_, was)| was);
            let downstream = downstream_of(drainage, i);
            let fade_in = match was {
                Some(_) if faded_out.binary_search(&(i as u32)).is_ok() => 0.0,
                Some(was) => was.fade_in,
                None => 1.0,
            };
            self.wet.push(i as u32);
            self.courses.push(Course {
                water,
                shown: self.shown[i],
                downstream,
                after: after(drainage, downstream),
                next: NOT_WET,
                fade_in,
                stroke: NO_STROKE,
                fed: false,
                continued: false,
                drawn: false,
            });
        }
        for k in 0..self.wet.len() {
            let downstream = usize::try_from(self.courses[k].downstream).ok();
            let next = downstream.and_then(|j| self.wet.binary_search(&(j as u32)).ok());
            self.courses[k].next = next.map_or(NOT_WET, |next| next as u32);
        }
    }

    /// The pieces drawn (on the wet cells `wet`, whose courses were
    /// `courses`) whose course changed in `drainage` start to fade out
    /// along the old line and in along the new: those cells, in order.
    fn ghost_the_changed_courses(&mut self, wet: &[u32], courses: &[Course], drainage: &Drainage) -> Vec<u32> {
        let mut changed = Vec::new();
        for (&i, was) in wet.iter().zip(courses) {
            let now = downstream_of(drainage, i as usize);
            let drawn = self.shown[i as usize] >= RIVER_START;
            if !drawn || (was.downstream == now && was.after == after(drainage, now)) {
                continue;
            }
            if was.downstream >= 0 {
                let (water, fade) = (self.shown[i as usize], was.fade_in);
                self.ghosts.insert(i, Ghost { through: was.downstream as u32, to: was.after, water, fade });
            }
            changed.push(i);
        }
        changed
    }

    /// The cells that stay wet whatever the new water: those of `wet`
    /// drawn as a river (only wet cells can be) and the ghosts', in order.
    fn staying_wet(&self, wet: &[u32]) -> Vec<u32> {
        let drawn = wet.iter().filter(|&&i| self.shown[i as usize] >= RIVER_START);
        let mut kept: Vec<u32> = drawn.copied().chain(self.ghosts_seen().map(|(&i, _)| i)).collect();
        kept.sort_unstable();
        kept.dedup();
        kept
    }

    /// The ghosts not yet faded away, by cell.
    fn ghosts_seen(&self) -> impl Iterator<Item = (&u32, &Ghost)> {
        self.ghosts.iter().filter(|(_, g)| g.fade > GHOST_GONE)
    }

    /// Moves one frame on: with `ease` a step of the way to the latest
    /// routing, otherwise straight there. (Only the wet cells are not
    /// there already.)
    pub fn advance(&mut self, ease: bool) {
        self.revision += 1;
        for (&i, course) in self.wet.iter().zip(&mut self.courses) {
            let shown = &mut self.shown[i as usize];
            if ease {
                *shown += (course.water - *shown) * RIVER_EASE;
                course.fade_in += (1.0 - course.fade_in) * RIVER_EASE;
            } else {
                (*shown, course.fade_in) = (course.water, 1.0);
            }
            course.shown = *shown;
        }
        if ease {
            for ghost in self.ghosts.values_mut() {
                ghost.fade *= 1.0 - RIVER_EASE;
            }
            self.ghosts.retain(|_, ghost| ghost.fade > GHOST_GONE);
        } else {
            self.ghosts.clear();
        }
    }

    /// The grid the rivers are drawn on.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// The water drawn through each cell now.
    pub fn shown(&self) -> &[f32] {
        &self.shown
    }

    /// Where the cell the `k`th wet cell drains to is among the wet cells,
    /// if it is one.
    fn next_wet(&self, k: usize) -> Option<usize> {
        let next = self.courses[k].next;
        (next != NOT_WET).then_some(next as usize)
    }

    /// The pieces to draw now, one [`Stroke`] per width class and step of
    /// transparency: stroke `size * FADES + level` has width class `size` and
    /// opacity `(level + 1) / FADES`. Worked out once a
    /// [revision](RiverView::revision).
    pub fn strokes(&mut self) -> &[Stroke] {
        if self.strokes_of == Some(self.revision) {
            return &self.strokes;
        }
        self.strokes_of = Some(self.revision);
        for s in &mut self.strokes {
            s.ops.clear();
        }
        // A cell is a source when no river runs into it (only wet cells
        // carry a piece, so only their marks are read)
        for k in 0..self.wet.len() {
            if let Some(piece) = self.piece(k) {
                if let Some(through) = self.next_wet(k) {
                    self.courses[through].fed = true;
                }
                if let Some(stroke) = piece.stroke() {
                    self.courses[k].stroke = stroke as u16;
                }
            }
        }
        for k in 0..self.wet.len() {
            let stroke = self.courses[k].stroke;
            if stroke == NO_STROKE {
                continue;
            }
            if let Some(next) = self.next_wet(k).filter(|&next| self.courses[next].stroke == stroke) {
                self.courses[next].continued = true;
            }
        }
        // Runs start where no piece of their stroke runs in; then whatever is
        // left (a piece below a junction that another run already took)
        for heads_only in [true, false] {
            for k in 0..self.wet.len() {
                let course = &self.courses[k];
                if course.stroke != NO_STROKE && !course.drawn && !(heads_only && course.continued) {
                    self.run_from(k);
                }
            }
        }
        for (&i, ghost) in self.ghosts.iter().filter(|(_, g)| g.fade > GHOST_GONE) {
            let ghost = Piece {
                cols: self.grid.cols,
                from: i as usize,
                through: ghost.through as usize,
                to: ghost.to,
                water: ghost.water,
                opacity: ghost.fade,
            };
            if let Some(stroke) = ghost.stroke() {
                let ops = &mut self.strokes[stroke].ops;
                ops.push(PathOp::MoveTo(ghost.start()));
                ops.push(ghost.curve());
            }
        }
        // The marks left for the next frame's strokes
        for course in &mut self.courses {
            (course.stroke, course.fed, course.continued, course.drawn) = (NO_STROKE, false, false, false);
        }
        &self.strokes
    }

    /// The piece of river from the `k`th wet cell, if it carries enough
    /// to be one.
    fn piece(&self, k: usize) -> Option<Piece> {
        let (i, course) = (self.wet[k] as usize, &self.courses[k]);
        let through = usize::try_from(course.downstream).ok()?;
        (course.shown >= RIVER_START).then_some(Piece {
            cols: self.grid.cols,
            from: i,
            through,
            to: course.after,
            water: course.shown,
            opacity: course.fade_in,
        })
    }

    /// Draws the run of pieces of one stroke from the `k`th wet cell down
    /// the river.
    fn run_from(&mut self, k: usize) {
        let stroke = self.courses[k].stroke;
        let Some(first) = self.piece(k) else { return };
        let ops = &mut self.strokes[stroke as usize].ops;
        if self.courses[k].fed {
            ops.push(PathOp::MoveTo(first.start()));
        } else {
            // A source also gets the stub from its own centre
            ops.push(PathOp::MoveTo(centre(first.from, self.grid.cols)));
            ops.push(PathOp::LineTo(first.start()));
        }
        let mut at = k;
        while let Some(piece) = self.piece(at) {
            self.strokes[stroke as usize].ops.push(piece.curve());
            self.courses[at].drawn = true;
            // A run goes on into a wet cell of its own stroke not yet drawn
            let next = self.next_wet(at).filter(|&next| self.courses[next].stroke == stroke);
            match next {
                Some(next) if !self.courses[next].drawn => at = next,
                _ => break,
            }
        }
    }
}

/// One piece of river: from a cell, through the next, towards the one after.
struct Piece {
    /// The grid's width, to place cells
    cols: usize,
    from: usize,
    through: usize,
    to: i32,
    water: f32,
    opacity: f32,
}

fn centre(i: usize, cols: usize) -> [f32; 2] {
    [(i % cols) as f32, (i / cols) as f32]
}

/// The point halfway between two.
pub fn middle(a: [f32; 2], b: [f32; 2]) -> [f32; 2] {
    [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0]
}

impl Piece {
    /// The stroke this piece is drawn in, by its width and transparency, or
    /// none when it is too faint to see. A river's last stretch, until it
    /// carries twice RIVER_START, also fades in, so new ends appear gently.
    fn stroke(&self) -> Option<usize> {
        let fade = self.opacity * (self.water / RIVER_START - 1.0).min(1.0);
        let level = (fade * FADES as f32).ceil() as i32 - 1;
        (level >= 0).then(|| width_class(self.water) * FADES + (level as usize).min(FADES - 1))
    }

    /// Where the piece starts: the middle of the step from its cell.
    fn start(&self) -> [f32; 2] {
        middle(centre(self.from, self.cols), centre(self.through, self.cols))
    }

    /// The curve from the start, bending at the next cell, to the middle of
    /// the step after it (or the next cell's centre, where the river ends).
    fn curve(&self) -> PathOp {
        let next = centre(self.through, self.cols);
        let to = if self.to >= 0 { middle(next, centre(self.to as usize, self.cols)) } else { next };
        PathOp::QuadTo { control: next, to }
    }
}

/// The width class traced rivers ([`crate::hydrology::traced_rivers`]) are
/// drawn in (the
/// article's 1.5 px lines on its 1,024 px picture), opaque.
const DRAWN_AS: usize = FADES + FADES - 1;

/// The rivers as strokes for the painter, one per width and transparency
/// as the drainage's are: each a smooth line from cell centre to cell
/// centre, bending at each cell (the article's `curveVertex`).
pub fn traced_strokes(rivers: &[Vec<[usize; 2]>]) -> Vec<Stroke> {
    let mut strokes = vec![Stroke::default(); RIVER_WIDTHS * FADES];
    let ops = &mut strokes[DRAWN_AS].ops;
    let point = |c: [usize; 2]| [c[0] as f32, c[1] as f32];
    for river in rivers.iter().filter(|r| r.len() > 1) {
        let cells: Vec<[f32; 2]> = river.iter().map(|&c| point(c)).collect();
        ops.push(PathOp::MoveTo(cells[0]));
        ops.push(PathOp::LineTo(middle(cells[0], cells[1])));
        for w in cells.windows(3) {
            ops.push(PathOp::QuadTo { control: w[1], to: middle(w[1], w[2]) });
        }
        ops.push(PathOp::LineTo(cells[cells.len() - 1]));
    }
    strokes
}

#[cfg(test)]
mod tests {
    use super::*;

    const G: Grid = Grid::ARTICLE;
    const COLS: usize = G.cols;

    impl RiverView {
        /// How far each cell's piece has faded in (all the way but on the
        /// wet cells).
        fn fades(&self) -> Vec<f32> {
            let mut fades = vec![1.0; self.grid.cells()];
            for (&i, course) in self.wet.iter().zip(&self.courses) {
                fades[i as usize] = course.fade_in;
            }
            fades
        }
    }

    /// FNV-1a (64 bits) over words.
    fn digest(words: impl Iterator<Item = u32>) -> u64 {
        words.fold(0xcbf2_9ce4_8422_2325, |h, w| (h ^ w as u64).wrapping_mul(0x0000_0100_0000_01b3))
    }

    /// Every frame's strokes and water drawn, as one number.
    fn frames_digest(view: &mut RiverView, frames: &mut u64) {
        let ops = view.strokes().iter().enumerate().flat_map(|(k, s)| {
            std::iter::once(k as u32).chain(s.ops.iter().flat_map(|op| match *op {
                PathOp::MoveTo(p) => vec![1, p[0].to_bits(), p[1].to_bits()],
                PathOp::LineTo(p) => vec![2, p[0].to_bits(), p[1].to_bits()],
                PathOp::QuadTo { control: c, to: p } => {
                    vec![3, c[0].to_bits(), c[1].to_bits(), p[0].to_bits(), p[1].to_bits()]
                }
            }))
        });
        let ops = digest(ops.collect::<Vec<_>>().into_iter());
        let water = digest(view.shown().iter().map(|w| w.to_bits()));
        *frames =
            digest([*frames as u32, (*frames >> 32) as u32, ops as u32, (ops >> 32) as u32, water as u32].into_iter());
    }

    #[test]
    fn the_drawn_rivers_of_two_rainy_maps_are_those_they_always_were() {
        // Recorded from the code that kept every value for every cell
        // (before 5 December): each frame's strokes and water drawn, over
        // routings eased and not, on two seeds and a grid of its own
        use crate::draw::map_view::MapView;
        use crate::terrain::Terrain;
        let mut digests = Vec::new();
        for seed in [4, 9] {
            let mut terrain = Terrain::new(seed);
            let (mut map, mut view) = (MapView::default(), RiverView::new(G));
            let mut frames = 0;
            for routing in 0..8 {
                terrain.rain(12_000);
                view.take(G, map.rivers(&terrain), routing % 4 != 0);
                for _ in 0..10 {
                    view.advance(routing % 4 != 0);
                    frames_digest(&mut view, &mut frames);
                }
            }
            digests.push(frames);
        }
        assert_eq!(digests, [12_929_128_652_578_351_098, 6_443_163_831_573_917_774]);
        // (and the strokes were worked out from a few of the cells)
        let mut terrain = Terrain::new(4);
        terrain.rain(40_000);
        let mut view = RiverView::new(G);
        view.take(G, MapView::default().rivers(&terrain), false);
        view.advance(false);
        assert!(view.wet.len() < G.cells() / 20, "{} wet cells", view.wet.len());
        assert!(view.strokes().iter().map(|s| s.ops.len()).sum::<usize>() > 100, "rivers are drawn");
    }

    #[test]
    fn only_the_wet_cells_ease_the_others_are_drawn_at_their_water() {
        // Routings that change the water of one cell in seven, each a
        // course of its own (so some pieces fade out and in), from below a
        // river's start to well above it
        let grid = Grid::new(101, 67);
        let mut view = RiverView::new(grid);
        let mut drainage = Drainage::new(grid);
        for routing in 0..5usize {
            for i in (routing..grid.cells()).step_by(7) {
                drainage.water[i] = ((i * 7919 + routing * 104_729) % 60) as f32 + 1.5;
                // (to one of its neighbours, which changes with the routing)
                let neighbours: Vec<usize> = grid.neighbours(i).map(|(j, _)| j).collect();
                drainage.drain(i, Some(neighbours[(i + routing) % neighbours.len()]));
            }
            let ease = routing > 0;
            let (shown_before, mut fade_in) = (view.shown.clone(), view.fades());
            view.take(grid, &drainage, ease);
            let water: Vec<f32> = drainage.water.iter().map(|w| w / share(grid)).collect();
            let taken = view.fades();
            let is_wet = |i: usize| water[i] >= RIVER_START || shown_before[i] >= RIVER_START;
            // (taking it starts the changed courses' fading in)
            let mut shown = shown_before.clone();
            for i in 0..grid.cells() {
                if is_wet(i) {
                    fade_in[i] = taken[i];
                } else {
                    (shown[i], fade_in[i]) = (water[i], 1.0);
                }
            }
            let wet = (0..grid.cells()).filter(|&i| is_wet(i)).count();
            assert!(wet > grid.cells() / 40 && wet < grid.cells() / 2, "{wet} wet cells: some of each");
            for _ in 0..30 {
                view.advance(ease);
                for i in (0..grid.cells()).filter(|&i| is_wet(i)) {
                    if ease {
                        shown[i] += (water[i] - shown[i]) * RIVER_EASE;
                        fade_in[i] += (1.0 - fade_in[i]) * RIVER_EASE;
                    } else {
                        (shown[i], fade_in[i]) = (water[i], 1.0);
                    }
                }
                let differs = |a: &[f32], b: &[f32]| (0..a.len()).find(|&i| a[i].to_bits() != b[i].to_bits());
                assert_eq!(differs(&view.shown, &shown), None, "routing {routing}");
                assert_eq!(differs(&view.fades(), &fade_in), None, "routing {routing}");
            }
        }
    }

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
        let mut d = Drainage::new(G);
        let row = 10 * COLS;
        for (k, w) in [300.0, 600.0, 1200.0, 2400.0, 4800.0].into_iter().enumerate() {
            d.water[row + k] = w;
            d.drain(row + k, Some(row + k + 1));
        }
        d
    }

    fn quad(control: [f32; 2], to: [f32; 2]) -> PathOp {
        PathOp::QuadTo { control, to }
    }

    #[test]
    fn pieces_curve_between_middles_with_a_stub_at_the_source() {
        let mut view = RiverView::new(G);
        view.take(G, &straight(), false);
        view.advance(false);
        let strokes = view.strokes();
        let curves = strokes.iter().flat_map(|s| &s.ops).filter(|op| matches!(op, PathOp::QuadTo { .. })).count();
        assert_eq!(curves, 5);
        // The source (300: width 0, fading in at 0.2 → level 1), with its stub
        use PathOp::*;
        assert_eq!(strokes[1].ops, vec![MoveTo([0.0, 10.0]), LineTo([0.5, 10.0]), quad([1.0, 10.0], [1.5, 10.0])]);
        // Full strength from 500 on: 600 is width 1, opaque
        assert_eq!(strokes[FADES + FADES - 1].ops, vec![MoveTo([1.5, 10.0]), quad([2.0, 10.0], [2.5, 10.0])]);
        // The last piece ends at the centre of the cell that keeps its water
        assert_eq!(strokes[4 * FADES + FADES - 1].ops, vec![MoveTo([4.5, 10.0]), quad([5.0, 10.0], [5.0, 10.0])]);
    }

    #[test]
    fn pieces_of_one_width_and_strength_run_on_as_one_path() {
        // Cells 0..=3 of row 20 carry 600..900 (all width 1, opaque) east,
        // then turn south-east at cell 4 (950, still the same stroke)
        let mut d = Drainage::new(G);
        let row = 20 * COLS;
        for (k, w) in [600.0, 700.0, 800.0, 900.0].into_iter().enumerate() {
            d.water[row + k] = w;
            d.drain(row + k, Some(row + k + 1));
        }
        d.water[row + 4] = 950.0;
        d.drain(row + 4, Some(row + COLS + 5));
        let mut view = RiverView::new(G);
        view.take(G, &d, false);
        view.advance(false);
        use PathOp::*;
        let expected = vec![
            MoveTo([0.0, 20.0]),
            LineTo([0.5, 20.0]),
            quad([1.0, 20.0], [1.5, 20.0]),
            quad([2.0, 20.0], [2.5, 20.0]),
            quad([3.0, 20.0], [3.5, 20.0]),
            quad([4.0, 20.0], [4.5, 20.5]),
            quad([5.0, 21.0], [5.0, 21.0]),
        ];
        assert_eq!(view.strokes()[FADES + FADES - 1].ops, expected);
    }

    #[test]
    fn a_change_of_course_fades_out_the_old_line_while_the_new_fades_in() {
        let mut view = RiverView::new(G);
        let first = straight();
        view.take(G, &first, false);
        view.advance(false);
        let mut second = first.clone();
        let bend = 10 * COLS + 2;
        second.drain(bend, Some(bend + COLS + 1));
        view.take(G, &second, true);
        view.advance(true);
        // One frame on, the old piece from (2,10) through (3,10) is still
        // strong (0.85) and the new one through (3,11) faint (0.15)
        let level_of = |view: &mut RiverView, control: [f32; 2]| {
            view.strokes()
                .iter()
                .position(|s| {
                    s.ops.windows(2).any(|w| {
                        matches!(w, [PathOp::MoveTo([2.5, y]), PathOp::QuadTo { control: c, .. }] if *c == control && (*y == 10.0 || *y == 10.5))
                    })
                })
                .map(|k| k % FADES)
        };
        assert_eq!(level_of(&mut view, [3.0, 10.0]), Some(6));
        assert_eq!(level_of(&mut view, [3.0, 11.0]), Some(1));
        for _ in 0..40 {
            view.advance(true);
        }
        assert_eq!(level_of(&mut view, [3.0, 11.0]), Some(FADES - 1), "new piece faded in");
        assert_eq!(level_of(&mut view, [3.0, 10.0]), None, "ghost gone");
    }

    #[test]
    fn easing_creeps_towards_the_new_water() {
        let mut view = RiverView::new(G);
        view.take(G, &straight(), false);
        view.advance(false);
        let mut more = straight();
        more.water[10 * COLS] = 1300.0;
        view.take(G, &more, true);
        view.advance(true);
        assert!((view.shown()[10 * COLS] - (300.0 + 1000.0 * RIVER_EASE)).abs() < 1e-3);
    }

    #[test]
    fn a_revision_names_the_strokes_drawn_and_moves_on_with_them() {
        let mut view = RiverView::new(G);
        view.take(G, &straight(), false);
        view.advance(false);
        let (first, strokes) = (view.revision(), view.strokes().to_vec());
        assert_eq!((view.revision(), view.strokes()), (first, strokes.as_slice()), "asked again: the same");
        let mut more = straight();
        more.water[10 * COLS] = 1300.0;
        view.take(G, &more, true);
        assert_eq!(view.revision(), first + 1);
        view.advance(true);
        assert_eq!(view.revision(), first + 2);
        assert_ne!(view.strokes(), strokes.as_slice(), "the source widens as it eases");
        // A view made anew on another grid names its strokes afresh
        view.take(Grid::new(64, 64), &Drainage::new(Grid::new(64, 64)), false);
        assert!(view.revision() > first + 2);
    }

    #[test]
    fn traced_rivers_are_one_smooth_line_each_in_one_stroke() {
        let rivers = [vec![[19, 19], [18, 18], [17, 18], [16, 17]], vec![[3, 3], [4, 4]], vec![[9, 9]]];
        let drawn = traced_strokes(&rivers);
        let used: Vec<usize> = (0..drawn.len()).filter(|&k| !drawn[k].ops.is_empty()).collect();
        assert_eq!(used, [DRAWN_AS]);
        let starts = drawn[DRAWN_AS].ops.iter().filter(|op| matches!(op, PathOp::MoveTo(_))).count();
        assert_eq!(starts, 2, "a river of one cell is not drawn");
    }
}
