//! A frame's drawing, through a [`Painter`]: the 2D map in the original's
//! order (sea, relief, contours, rivers, debug) with the chosen layer,
//! trees and a replay's progress over it; or the 3D view in its place.

use rand_pcg::Pcg32;

use super::forest_growth::{Ground, SKELETON_PIXELS};
use super::input::Show;
use super::river_routing::Beat;
use super::Sketch;
use crate::draw::level_of_detail::{self, coarse_view};
use crate::draw::line_cadence::Cadence;
use crate::draw::painter::Painter;
use crate::draw::path_detail;
use crate::draw::river_view::traced_strokes;
use crate::draw::view_3d::{self, Drawn, Scene};
use crate::draw::viewport::Viewport;
use crate::flora::trees::Tree;
use crate::hydrology::traced_rivers;
use crate::raster::unit_random::unit_f32;
use crate::settings::choices::{Layer, RiverStyle};
use crate::settings::sliders::Setting;
use crate::settings::toggles::Toggle;
use crate::FULL;

/// The generator's stream for where traced rivers start.
const TRACED_RIVERS_STREAM: u64 = 0x71ace;

impl Sketch {
    /// Draws the map, in the original's order: sea, relief, contours,
    /// rivers, debug, and a replay's progress over it; or the 3D view in its
    /// place (which shows no trees).
    pub(super) fn draw(&mut self, painter: &mut dyn Painter) {
        self.orbit.set_waiting(false);
        self.forest.new_frame();
        self.frames.lines_behind = false;
        if FULL && self.toggles.get(Toggle::View) {
            match self.draw_3d(painter) {
                Drawn::Drawn => return,
                Drawn::NotYet => {
                    self.orbit.set_waiting(true);
                    return;
                }
                Drawn::Unavailable => {
                    self.toggles.set(Toggle::View, false);
                    self.shows.push(Show::Toggle(Toggle::View, false));
                    self.shows.push(Show::No3d);
                }
            }
        }
        let view = Viewport::fit(self.terrain.grid(), self.page.size.width, self.page.size.height);
        let pixels_per_cell = self.pixels_per_cell();
        let scheme = self.look.scheme();
        painter.begin(self.page.size, scheme);
        let rivers = self.toggles.get(Toggle::Rivers);
        let traced = FULL && self.terrain.choices().river_style() == RiverStyle::Traced;
        let layer = self.terrain.choices().layer();
        self.update_rivers((rivers && !traced) || layer == Layer::Flow);
        // A big map's relief and contours are drawn no finer than the
        // screen's pixels
        self.map.set_detail(level_of_detail::factor(pixels_per_cell));
        let (drawn_grid, drawn_view) = (self.map.drawn_grid(&self.terrain), coarse_view(view, self.map.detail()));
        let (pixels, legend) = self.map.layer(&self.terrain, scheme, layer, self.rivers.shown());
        self.frames.legend = legend;
        painter.relief(pixels, drawn_grid, drawn_view);
        // On a dense screen while it rains, the lines are stroked in turns
        let (frame, contours_shown) = (self.frames.count, self.terrain.settings().contour_levels() > 0);
        let lines = [contours_shown, rivers && !traced];
        let follows = self.frames.lines_drawn == Some((frame - 1, lines));
        self.frames.lines_drawn = Some((frame, lines));
        let cadence = Cadence::of(frame, self.looping, self.page.size.ratio, follows);
        self.frames.lines_behind = cadence.lines_behind();
        if contours_shown {
            let (contours, kept) = self.map.contours_drawn(&self.terrain, cadence);
            painter.contours(contours, kept, scheme, drawn_view);
        }
        if FULL && self.toggles.get(Toggle::Trees) {
            let trees = self.standing_trees(rivers && !traced, (SKELETON_PIXELS / view.scale) as f32);
            painter.trees(&trees, scheme, view);
        }
        // (a big map's rivers no finer than its relief)
        if rivers && traced {
            painter.rivers(
                &path_detail::strokes_at(&traced_strokes(&self.traced_rivers()), pixels_per_cell),
                None,
                scheme,
                view,
            );
        } else if rivers {
            // (kept between the steps of a coarse map's easing, or the
            // cadence's beats; a map drawn coarser or not is seen at another
            // size, so a picture kept by one is never taken for the other's)
            let kept = if self.map.detail() > 1 { Some(self.rivers.revision()) } else { cadence.rivers_beat() };
            painter.rivers(&path_detail::strokes_at(self.rivers.strokes(), pixels_per_cell), kept, scheme, view);
        }
        if self.toggles.get(Toggle::Debug) {
            painter.debug(self.terrain.paths(), self.terrain.drops(), view);
            if self.looping {
                self.terrain.clear_paths();
            }
        }
        if self.toggles.get(Toggle::Measures) {
            painter.measures(self.measuring.series.samples(), self.terrain.rain_target(), scheme);
        }
        if let Some(r) = &self.replaying {
            painter.progress(self.terrain.drops(), r.replay.target(), r.capped);
        }
    }

    /// The 3D view: the ground shown, its rivers and trees as the map
    /// draws them.
    fn draw_3d(&mut self, painter: &mut dyn Painter) -> Drawn {
        let traced = self.terrain.choices().river_style() == RiverStyle::Traced;
        let rivers = self.toggles.get(Toggle::Rivers);
        let layer = self.terrain.choices().layer();
        self.update_rivers((rivers && !traced) || layer == Layer::Flow);
        let water = match (rivers, traced) {
            (false, _) => Vec::new(),
            (true, true) => view_3d::water_along(self.terrain.grid(), &self.traced_rivers()),
            (true, false) => self.rivers.shown().to_vec(),
        };
        let (draped, legend) = self.map.drape(&self.terrain, self.look.scheme(), layer, self.rivers.shown());
        self.frames.legend = legend;
        // Cones, not branches: no tree is drawn large enough for them
        let trees = if self.toggles.get(Toggle::Trees) {
            self.standing_trees(rivers && !traced, f32::INFINITY)
        } else {
            Vec::new()
        };
        let settings = self.terrain.settings();
        painter.view_3d(&Scene {
            grid: self.terrain.grid(),
            heights: self.map.shown(&self.terrain),
            edition: self.map.edition(&self.terrain),
            water: &water,
            scheme: self.look.scheme(),
            sea_level: settings.sea_level(),
            height_scale: settings.get(Setting::HeightScale),
            camera: self.orbit.camera(),
            size: self.page.size,
            trees: &trees,
            layer: &draped,
            brush: self.brush_3d(),
        })
    }

    /// The article's six rivers traced from high points of the ground
    /// shown, from starts the seed picks.
    fn traced_rivers(&self) -> Vec<Vec<[usize; 2]>> {
        let t = &self.terrain;
        let sea = t.settings().sea_level();
        let mut rng = Pcg32::new(t.seed() as u64, TRACED_RIVERS_STREAM);
        let mut unit = || unit_f32(&mut rng);
        traced_rivers::trace(
            t.grid(),
            self.map.shown(t),
            traced_rivers::spring_level(sea),
            sea,
            traced_rivers::RIVERS,
            &mut unit,
        )
    }

    /// The trees on the ground shown, out of the rivers drawn (when they are
    /// the drainage's, which says where water runs), those at least
    /// `skeleton_from` cells across with their branches.
    fn standing_trees(&mut self, out_of_the_rivers: bool, skeleton_from: f32) -> Vec<Tree> {
        let t = &self.terrain;
        let water = out_of_the_rivers.then(|| self.rivers.shown());
        let ground = Ground {
            seed: t.seed(),
            grid: t.grid(),
            heights: self.map.shown(t),
            sea_level: t.settings().sea_level(),
            water,
        };
        self.forest.trees_on(ground, skeleton_from)
    }

    /// The device pixels a cell of the map is drawn across.
    pub(super) fn pixels_per_cell(&self) -> f64 {
        Viewport::fit(self.terrain.grid(), self.page.size.width, self.page.size.height).scale * self.page.size.ratio
    }

    /// The rivers for this frame ([`RiverRouting::update`]): routed where
    /// they are `drawn`, or the measures need them.
    ///
    /// [`RiverRouting::update`]: super::river_routing::RiverRouting::update
    fn update_rivers(&mut self, drawn: bool) {
        let beat = Beat {
            frame: self.frames.count,
            raining: self.looping,
            reduced_motion: self.page.reduced_motion,
            pixels_per_cell: self.pixels_per_cell(),
        };
        self.rivers.update(&mut self.map, &self.terrain, drawn, beat);
    }
}
