//! The 3D view through WebGL2: it turns a [`Scene`] into GL calls. The
//! ground is one draw of indexed triangles whose vertices need no buffer:
//! each finds its cell from `gl_VertexID`, its height and its neighbours'
//! (for the normal, as [`crate::draw::mesh::Layout::normal`] works it out) in a
//! float texture of the heights, which is all that changes while it rains:
//! one `texSubImage2D` a frame, no new buffers. Colours come from the
//! scheme's ramp by height ([`view_3d::color_ramp`]), rock on steep slopes,
//! river water from a second texture; then the sea, a translucent surface at
//! its level. The shaders are [`shaders`]'s; their uniforms are looked up once
//! a program. A lost context is waited for and everything made again.

use std::cell::Cell;
use std::rc::Rc;

use js_sys::{Float32Array, Uint32Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    WebGl2RenderingContext as Gl, WebGlBuffer, WebGlProgram, WebGlShader, WebGlTexture, WebGlUniformLocation,
};

use crate::draw::color_schemes::{hex_rgb, rgba_rgb, ColorScheme};
use crate::draw::mesh::{detail_step, lattice, triangles, Layout};
use crate::draw::shaders::{self, place_of, GROUND_UNIFORMS, ON_THE_MAP_UNIFORMS, SEA_UNIFORMS, TREE_UNIFORMS};
use crate::draw::view_3d::{self, tree_instances, Drawn, Scene, RAMP_STEPS, TREE_SIDES};
use crate::raster::grid::Grid;

use super::dom::{number_text, warn};
use super::surface::Surface;

/// A linked program and its uniforms' locations, looked up once, in the
/// order its list in [`shaders`] names them.
struct Program {
    program: WebGlProgram,
    at: Vec<Option<WebGlUniformLocation>>,
}

impl Program {
    fn new(gl: &Gl, [vertex, fragment]: [String; 2], uniforms: &[&str]) -> Result<Program, JsValue> {
        let program = program(gl, &vertex, &fragment)?;
        let at = uniforms.iter().map(|name| gl.get_uniform_location(&program, name)).collect();
        Ok(Program { program, at })
    }
}

// Where each uniform's location is kept: its place in its program's list
// (those that stand things on the map first, alike in the ground's and the
// trees' lists)
const MAP_HEIGHTS: usize = place_of(&ON_THE_MAP_UNIFORMS, "u_heights");
const MAP_MATRIX: usize = place_of(&ON_THE_MAP_UNIFORMS, "u_matrix");
const MAP_GRID: usize = place_of(&ON_THE_MAP_UNIFORMS, "u_grid");
const MAP_CELL: usize = place_of(&ON_THE_MAP_UNIFORMS, "u_cell");
const MAP_VERTICAL: usize = place_of(&ON_THE_MAP_UNIFORMS, "u_vertical");
const MAP_HALF: usize = place_of(&ON_THE_MAP_UNIFORMS, "u_half");
const U_WATER: usize = place_of(GROUND_UNIFORMS, "u_water");
const U_RAMP: usize = place_of(GROUND_UNIFORMS, "u_ramp");
const U_RIVER: usize = place_of(GROUND_UNIFORMS, "u_river");
const U_SEA_LEVEL: usize = place_of(GROUND_UNIFORMS, "u_sea_level");
const U_LATTICE: usize = place_of(GROUND_UNIFORMS, "u_lattice");
const U_STEP: usize = place_of(GROUND_UNIFORMS, "u_step");
const U_LAYER: usize = place_of(GROUND_UNIFORMS, "u_layer");
const U_LAYERED: usize = place_of(GROUND_UNIFORMS, "u_layered");
const U_BRUSH: usize = place_of(GROUND_UNIFORMS, "u_brush");
const SEA_MATRIX: usize = place_of(SEA_UNIFORMS, "u_matrix");
const SEA_HALF: usize = place_of(SEA_UNIFORMS, "u_half");
const SEA_LEVEL: usize = place_of(SEA_UNIFORMS, "u_level");
const SEA_COLOR: usize = place_of(SEA_UNIFORMS, "u_color");
const TREE_COLOR: usize = place_of(TREE_UNIFORMS, "u_color");

/// Colour channels 0..1 of a scheme's `#rrggbb`.
fn rgb(hex: &str) -> [f32; 3] {
    hex_rgb(hex).map(|c| (c / 255.0) as f32)
}

/// What the GPU holds for a map, made again after a lost context.
struct Resources {
    ground: Program,
    sea: Program,
    trees: Program,
    /// The trees' instances (x, y, size), where the trees program reads
    /// them, and as sent.
    tree_buffer: Option<WebGlBuffer>,
    tree_attribute: u32,
    trees_sent: Vec<f32>,
    heights: WebGlTexture,
    water: WebGlTexture,
    ramp: WebGlTexture,
    /// The layer draped over the ground (RGBA a cell), and as sent.
    layer: WebGlTexture,
    layer_sent: Vec<u8>,
    /// The grid the textures are for, the lattice (and its step) the index
    /// buffer is for, the heights' edition, the ramp's scheme and sea
    /// level, and the water, as sent.
    grid: Option<Grid>,
    lattice: Option<(Grid, usize)>,
    index_buffer: Option<WebGlBuffer>,
    indices: i32,
    edition: Option<u64>,
    ramp_for: Option<(&'static str, f64)>,
    water_sent: Vec<f32>,
}

pub struct GlView {
    surface: Surface,
    gl: Gl,
    /// What the GPU holds, and how many times the context had been lost
    /// when it was made: everything made before a loss is gone.
    resources: Option<(Resources, u32)>,
    /// Set by the canvas's events: whether the context is lost now, and
    /// how many times it was.
    lost: Rc<Cell<bool>>,
    losses: Rc<Cell<u32>>,
    /// Whether the browser draws WebGL in software (no GPU, or one it
    /// blocks): then no antialiasing, and a coarser mesh.
    software: bool,
}

impl GlView {
    /// The 3D view on `surface`; an error where the browser has no WebGL2.
    /// `redraw` asks for a frame: when a lost context comes back, the view
    /// is drawn again even if nothing else moves.
    pub fn new(surface: Surface, redraw: Rc<dyn Fn()>) -> Result<GlView, JsValue> {
        // Antialiased where a GPU draws; in software every sample costs
        let software = draws_in_software();
        let options = js_sys::Object::new();
        js_sys::Reflect::set(&options, &"antialias".into(), &(!software).into())?;
        let context = surface.context_with_options("webgl2", &options)?;
        let gl: Gl = context.ok_or("no WebGL2")?.dyn_into()?;
        let (lost, losses) = (Rc::new(Cell::new(false)), Rc::new(Cell::new(0)));
        let target = surface.target();
        // Without preventDefault a lost context never comes back
        let on_lost = {
            let (lost, losses) = (lost.clone(), losses.clone());
            Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
                e.prevent_default();
                lost.set(true);
                losses.set(losses.get() + 1);
            })
        };
        let on_restored = {
            let lost = lost.clone();
            Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
                lost.set(false);
                redraw();
            })
        };
        target.add_event_listener_with_callback("webglcontextlost", on_lost.as_ref().unchecked_ref())?;
        target.add_event_listener_with_callback("webglcontextrestored", on_restored.as_ref().unchecked_ref())?;
        on_lost.forget();
        on_restored.forget();
        Ok(GlView { surface, gl, resources: None, lost, losses, software })
    }

    /// Draws `scene`, or says why not this frame.
    pub fn draw(&mut self, scene: &Scene) -> Drawn {
        if self.lost.get() || self.gl.is_context_lost() {
            return Drawn::NotYet;
        }
        // Made again after a loss
        if self.resources.as_ref().is_some_and(|(_, losses)| *losses != self.losses.get()) {
            self.resources = None;
        }
        if self.resources.is_none() {
            match self.make_resources() {
                Ok(r) => self.resources = Some((r, self.losses.get())),
                Err(e) => {
                    warn(&format!("the 3D view could not be set up: {}", e.as_string().unwrap_or_default()));
                    return Drawn::Unavailable;
                }
            }
        }
        let (width, height) = scene.size.backing();
        self.surface.set_size(width, height);
        self.gl.viewport(0, 0, width as i32, height as i32);
        let step = detail_step(scene.grid, width, self.software);
        self.update(scene, step);
        self.render(scene, step, width as f64 / height as f64);
        Drawn::Drawn
    }

    fn make_resources(&self) -> Result<Resources, JsValue> {
        let gl = &self.gl;
        let texture = || -> Result<WebGlTexture, JsValue> {
            let t = gl.create_texture().ok_or("no texture")?;
            gl.bind_texture(Gl::TEXTURE_2D, Some(&t));
            for (name, value) in [(Gl::TEXTURE_MIN_FILTER, Gl::NEAREST), (Gl::TEXTURE_MAG_FILTER, Gl::NEAREST)] {
                gl.tex_parameteri(Gl::TEXTURE_2D, name, value as i32);
            }
            for name in [Gl::TEXTURE_WRAP_S, Gl::TEXTURE_WRAP_T] {
                gl.tex_parameteri(Gl::TEXTURE_2D, name, Gl::CLAMP_TO_EDGE as i32);
            }
            Ok(t)
        };
        let ramp = texture()?;
        gl.tex_parameteri(Gl::TEXTURE_2D, Gl::TEXTURE_MIN_FILTER, Gl::LINEAR as i32);
        gl.tex_parameteri(Gl::TEXTURE_2D, Gl::TEXTURE_MAG_FILTER, Gl::LINEAR as i32);
        let ground = Program::new(gl, shaders::ground(&number_text), GROUND_UNIFORMS)?;
        // Each texture has its unit for good
        gl.use_program(Some(&ground.program));
        for (unit, at) in [(0, MAP_HEIGHTS), (1, U_WATER), (2, U_RAMP), (3, U_LAYER)] {
            gl.uniform1i(ground.at[at].as_ref(), unit);
        }
        let trees = Program::new(gl, shaders::trees(&number_text), TREE_UNIFORMS)?;
        gl.use_program(Some(&trees.program));
        gl.uniform1i(trees.at[MAP_HEIGHTS].as_ref(), 0);
        let tree_attribute =
            u32::try_from(gl.get_attrib_location(&trees.program, "a_tree")).map_err(|_| "no a_tree")?;
        Ok(Resources {
            ground,
            sea: Program::new(gl, shaders::sea(&number_text), SEA_UNIFORMS)?,
            trees,
            tree_buffer: gl.create_buffer(),
            tree_attribute,
            trees_sent: Vec::new(),
            heights: texture()?,
            water: texture()?,
            layer: texture()?,
            layer_sent: Vec::new(),
            ramp,
            grid: None,
            lattice: None,
            index_buffer: None,
            indices: 0,
            edition: None,
            ramp_for: None,
            water_sent: Vec::new(),
        })
    }

    /// Sends the GPU what changed: the triangles of a new lattice (a new
    /// grid, or another level of detail), the heights, the ramp, the water.
    fn update(&mut self, scene: &Scene, step: usize) {
        let gl = &self.gl;
        let Some((r, _)) = self.resources.as_mut() else { return };
        let grid = scene.grid;
        let (cols, rows) = (grid.cols as i32, grid.rows as i32);
        if r.lattice != Some((grid, step)) {
            let indices = triangles(lattice(grid, step));
            // The last lattice's triangles go
            if let Some(old) = r.index_buffer.take() {
                gl.delete_buffer(Some(&old));
            }
            r.index_buffer = gl.create_buffer();
            gl.bind_buffer(Gl::ELEMENT_ARRAY_BUFFER, r.index_buffer.as_ref());
            // SAFETY: the view is read at once, with no allocation between
            let view = unsafe { Uint32Array::view(&indices) };
            gl.buffer_data_with_array_buffer_view(Gl::ELEMENT_ARRAY_BUFFER, &view, Gl::STATIC_DRAW);
            r.indices = indices.len() as i32;
            r.lattice = Some((grid, step));
        }
        if r.grid != Some(grid) {
            for texture in [&r.heights, &r.water] {
                gl.bind_texture(Gl::TEXTURE_2D, Some(texture));
                let zeros = Float32Array::new_with_length(grid.cells() as u32);
                let _ = gl.tex_image_2d_with_i32_and_i32_and_i32_and_format_and_type_and_opt_array_buffer_view(
                    Gl::TEXTURE_2D,
                    0,
                    Gl::R32F as i32,
                    cols,
                    rows,
                    0,
                    Gl::RED,
                    Gl::FLOAT,
                    Some(&zeros),
                );
            }
            r.grid = Some(grid);
            r.edition = None;
            r.water_sent = vec![0.0; grid.cells()];
        }
        if r.edition != Some(scene.edition) {
            send_floats(gl, &r.heights, grid, scene.heights);
            r.edition = Some(scene.edition);
        }
        let water: &[f32] = if scene.water.len() == grid.cells() { scene.water } else { &[] };
        let changed = if water.is_empty() { r.water_sent.iter().any(|&w| w != 0.0) } else { r.water_sent != water };
        if changed {
            r.water_sent = if water.is_empty() { vec![0.0; grid.cells()] } else { water.to_vec() };
            send_floats(gl, &r.water, grid, &r.water_sent);
        }
        if !scene.layer.is_empty() && scene.layer != r.layer_sent {
            gl.bind_texture(Gl::TEXTURE_2D, Some(&r.layer));
            let _ = gl.tex_image_2d_with_i32_and_i32_and_i32_and_format_and_type_and_opt_u8_array(
                Gl::TEXTURE_2D,
                0,
                Gl::RGBA8 as i32,
                cols,
                rows,
                0,
                Gl::RGBA,
                Gl::UNSIGNED_BYTE,
                Some(scene.layer),
            );
            r.layer_sent = scene.layer.to_vec();
        }
        let trees = tree_instances(scene.trees);
        if trees != r.trees_sent {
            gl.bind_buffer(Gl::ARRAY_BUFFER, r.tree_buffer.as_ref());
            // SAFETY: the view is read at once, with no allocation between
            let view = unsafe { Float32Array::view(&trees) };
            gl.buffer_data_with_array_buffer_view(Gl::ARRAY_BUFFER, &view, Gl::DYNAMIC_DRAW);
            r.trees_sent = trees;
        }
        let ramp_for = (scene.scheme.key, scene.sea_level);
        if r.ramp_for != Some(ramp_for) {
            let ramp = view_3d::color_ramp(scene.scheme, scene.sea_level);
            gl.bind_texture(Gl::TEXTURE_2D, Some(&r.ramp));
            let _ = gl.tex_image_2d_with_i32_and_i32_and_i32_and_format_and_type_and_opt_u8_array(
                Gl::TEXTURE_2D,
                0,
                Gl::RGBA8 as i32,
                RAMP_STEPS as i32,
                1,
                0,
                Gl::RGBA,
                Gl::UNSIGNED_BYTE,
                Some(&ramp),
            );
            r.ramp_for = Some(ramp_for);
        }
    }

    fn render(&self, scene: &Scene, step: usize, aspect: f64) {
        let gl = &self.gl;
        let Some((r, _)) = self.resources.as_ref() else { return };
        let layout = Layout::new(scene.grid, scene.height_scale);
        // The camera looks at the middle of the map, at the sea's level
        let level = (scene.sea_level * layout.vertical) as f32;
        let matrix = scene.camera.view_projection(aspect, level as f64);
        let background = rgb(scene.scheme.sea[1]);
        gl.clear_color(background[0], background[1], background[2], 1.0);
        gl.clear(Gl::COLOR_BUFFER_BIT | Gl::DEPTH_BUFFER_BIT);
        gl.enable(Gl::DEPTH_TEST);

        let ground = &r.ground;
        gl.use_program(Some(&ground.program));
        for (unit, texture) in [&r.heights, &r.water, &r.ramp, &r.layer].into_iter().enumerate() {
            gl.active_texture(Gl::TEXTURE0 + unit as u32);
            gl.bind_texture(Gl::TEXTURE_2D, Some(texture));
        }
        self.stand_on_the_map(ground, scene, &layout, &matrix);
        let at = |k: usize| ground.at[k].as_ref();
        let river = rgb(scene.scheme.river);
        gl.uniform3f(at(U_RIVER), river[0], river[1], river[2]);
        gl.uniform1f(at(U_SEA_LEVEL), scene.sea_level as f32);
        let drawn = lattice(scene.grid, step);
        gl.uniform2i(at(U_LATTICE), drawn.cols as i32, drawn.rows as i32);
        gl.uniform1i(at(U_STEP), step as i32);
        gl.uniform1i(at(U_LAYERED), (scene.layer.len() == scene.grid.cells() * 4) as i32);
        let brush = scene.brush.unwrap_or_default().map(|v| v as f32);
        gl.uniform3f(at(U_BRUSH), brush[0], brush[1], brush[2]);
        gl.draw_elements_with_i32(Gl::TRIANGLES, r.indices, Gl::UNSIGNED_INT, 0);
        self.render_trees(r, scene, &layout, &matrix);

        // The sea over the ground below its level, seen through
        let sea = &r.sea;
        let half = layout.half_extent().map(|v| v as f32);
        gl.use_program(Some(&sea.program));
        let at = |k: usize| sea.at[k].as_ref();
        gl.uniform_matrix4fv_with_f32_array(at(SEA_MATRIX), false, &matrix);
        gl.uniform2f(at(SEA_HALF), half[0], half[1]);
        gl.uniform1f(at(SEA_LEVEL), level);
        let color = sea_color(scene.scheme);
        gl.uniform3f(at(SEA_COLOR), color[0], color[1], color[2]);
        gl.enable(Gl::BLEND);
        gl.blend_func(Gl::SRC_ALPHA, Gl::ONE_MINUS_SRC_ALPHA);
        gl.depth_mask(false);
        gl.draw_arrays(Gl::TRIANGLE_STRIP, 0, 4);
        gl.depth_mask(true);
        gl.disable(Gl::BLEND);
    }

    /// The trees, each a cone standing at its spot: one instanced draw.
    fn render_trees(&self, r: &Resources, scene: &Scene, layout: &Layout, matrix: &[f32]) {
        let count = r.trees_sent.len() / 3;
        if count == 0 {
            return;
        }
        let gl = &self.gl;
        let trees = &r.trees;
        gl.use_program(Some(&trees.program));
        self.stand_on_the_map(trees, scene, layout, matrix);
        let color = rgba_rgb(scene.scheme.tree).map(|c| (c / 255.0) as f32);
        gl.uniform3f(trees.at[TREE_COLOR].as_ref(), color[0], color[1], color[2]);
        gl.bind_buffer(Gl::ARRAY_BUFFER, r.tree_buffer.as_ref());
        gl.enable_vertex_attrib_array(r.tree_attribute);
        gl.vertex_attrib_pointer_with_i32(r.tree_attribute, 3, Gl::FLOAT, false, 0, 0);
        gl.vertex_attrib_divisor(r.tree_attribute, 1);
        gl.draw_arrays_instanced(Gl::TRIANGLES, 0, 3 * TREE_SIDES as i32, count as i32);
        gl.vertex_attrib_divisor(r.tree_attribute, 0);
        gl.disable_vertex_attrib_array(r.tree_attribute);
    }

    /// Sets the uniforms that stand a program's drawing on the map
    /// (`shaders::ON_THE_MAP`): the ground's and the trees' alike.
    fn stand_on_the_map(&self, program: &Program, scene: &Scene, layout: &Layout, matrix: &[f32]) {
        let gl = &self.gl;
        let at = |k: usize| program.at[k].as_ref();
        let half = layout.half_extent().map(|v| v as f32);
        gl.uniform_matrix4fv_with_f32_array(at(MAP_MATRIX), false, matrix);
        gl.uniform2i(at(MAP_GRID), scene.grid.cols as i32, scene.grid.rows as i32);
        gl.uniform1f(at(MAP_CELL), layout.cell as f32);
        gl.uniform1f(at(MAP_VERTICAL), layout.vertical as f32);
        gl.uniform2f(at(MAP_HALF), half[0], half[1]);
    }
}

/// `UNMASKED_RENDERER_WEBGL`, of the `WEBGL_debug_renderer_info` extension.
const UNMASKED_RENDERER: u32 = 0x9246;

/// Whether this browser draws WebGL in software (SwiftShader, llvmpipe and
/// the like: no GPU, or one it blocks), as a throwaway context's renderer
/// says. Where it cannot tell, a GPU is assumed.
fn draws_in_software() -> bool {
    let Some(gl) = web_sys::OffscreenCanvas::new(1, 1)
        .ok()
        .and_then(|c| c.get_context("webgl2").ok().flatten())
        .and_then(|c| c.dyn_into::<Gl>().ok())
    else {
        return false;
    };
    let renderer = match gl.get_extension("WEBGL_debug_renderer_info") {
        Ok(Some(_)) => gl.get_parameter(UNMASKED_RENDERER),
        _ => gl.get_parameter(Gl::RENDERER),
    };
    let name = renderer.ok().and_then(|r| r.as_string()).unwrap_or_default().to_lowercase();
    if let Ok(Some(lose)) = gl.get_extension("WEBGL_lose_context") {
        let _ = js_sys::Reflect::get(&lose, &"loseContext".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            .map(|f| f.call0(&lose));
    }
    ["swiftshader", "llvmpipe", "softpipe", "software"].iter().any(|s| name.contains(s))
}

/// The sea surface's colour: the scheme's shallow sea.
fn sea_color(scheme: &ColorScheme) -> [f32; 3] {
    rgb(scheme.sea[0])
}

/// Replaces a float texture's values with `values`, one a cell.
fn send_floats(gl: &Gl, texture: &WebGlTexture, grid: Grid, values: &[f32]) {
    gl.bind_texture(Gl::TEXTURE_2D, Some(texture));
    // SAFETY: the view is read at once, with no allocation between
    let view = unsafe { Float32Array::view(values) };
    let _ = gl.tex_sub_image_2d_with_i32_and_i32_and_u32_and_type_and_opt_array_buffer_view(
        Gl::TEXTURE_2D,
        0,
        0,
        0,
        grid.cols as i32,
        grid.rows as i32,
        Gl::RED,
        Gl::FLOAT,
        Some(&view),
    );
}

fn shader(gl: &Gl, kind: u32, source: &str) -> Result<WebGlShader, JsValue> {
    let shader = gl.create_shader(kind).ok_or("no shader")?;
    gl.shader_source(&shader, source);
    gl.compile_shader(&shader);
    if gl.get_shader_parameter(&shader, Gl::COMPILE_STATUS).as_bool() == Some(true) {
        Ok(shader)
    } else {
        Err(gl.get_shader_info_log(&shader).unwrap_or_default().into())
    }
}

fn program(gl: &Gl, vertex: &str, fragment: &str) -> Result<WebGlProgram, JsValue> {
    let program = gl.create_program().ok_or("no program")?;
    gl.attach_shader(&program, &shader(gl, Gl::VERTEX_SHADER, vertex)?);
    gl.attach_shader(&program, &shader(gl, Gl::FRAGMENT_SHADER, fragment)?);
    gl.link_program(&program);
    if gl.get_program_parameter(&program, Gl::LINK_STATUS).as_bool() == Some(true) {
        Ok(program)
    } else {
        Err(gl.get_program_info_log(&program).unwrap_or_default().into())
    }
}
