//! The 3D view's GLSL: the ground, one draw of indexed triangles whose
//! vertices need no buffer (each finds its cell from `gl_VertexID` and its
//! height and its neighbours' in a float texture), and the sea, a
//! translucent surface at its level. Plain text, made here without any web
//! types; the page compiles it ([`crate::draw::view_3d`] says what a frame
//! draws). The formulas and constants come from [`crate::draw::shading`]
//! and [`crate::draw::view_3d`], formatted in, so the GPU colours and
//! lights the ground as the map and the mesh files do.
//!
//! The uniforms each program takes are listed beside it
//! ([`GROUND_UNIFORMS`], [`SEA_UNIFORMS`]), so the page can look them up
//! once per program.
//!
//! [`GROUND_UNIFORMS`]: crate::draw::shaders::GROUND_UNIFORMS
//! [`SEA_UNIFORMS`]: crate::draw::shaders::SEA_UNIFORMS

use crate::draw::shading::{self, glsl_float, NumberText, ROCK};
use crate::draw::view_3d::{light_3d, RAMP_STEPS, SEA_OPACITY, TREE_HEIGHT_PER_WIDTH, TREE_SIDES};

/// The uniforms of `ON_THE_MAP`, which the programs that stand things on
/// the map (the ground, the trees) list first, in this order, so the page
/// sets them alike for both.
pub const ON_THE_MAP_UNIFORMS: [&str; 6] = ["u_heights", "u_matrix", "u_grid", "u_cell", "u_vertical", "u_half"];

/// The ground program's uniforms, in the order the page keeps their
/// locations.
pub const GROUND_UNIFORMS: &[&str] = &[
    "u_heights",
    "u_matrix",
    "u_grid",
    "u_cell",
    "u_vertical",
    "u_half",
    "u_water",
    "u_ramp",
    "u_river",
    "u_sea_level",
    "u_lattice",
    "u_step",
    "u_layer",
    "u_layered",
    "u_brush",
];

/// The sea program's uniforms.
pub const SEA_UNIFORMS: &[&str] = &["u_matrix", "u_half", "u_level", "u_color"];

/// The trees program's uniforms, likewise.
pub const TREE_UNIFORMS: &[&str] = &["u_heights", "u_matrix", "u_grid", "u_cell", "u_vertical", "u_half", "u_color"];

/// Whether a program's list starts with [`ON_THE_MAP_UNIFORMS`], in order.
pub const fn stands_on_the_map(list: &[&str]) -> bool {
    let mut k = 0;
    while k < ON_THE_MAP_UNIFORMS.len() {
        if k >= list.len() || !same(list[k].as_bytes(), ON_THE_MAP_UNIFORMS[k].as_bytes()) {
            return false;
        }
        k += 1;
    }
    true
}
const _: () = assert!(stands_on_the_map(GROUND_UNIFORMS) && stands_on_the_map(TREE_UNIFORMS));

/// The place of uniform `name` in a program's list, worked out when the
/// page is compiled: a name the list lacks does not compile.
pub const fn place_of(list: &[&str], name: &str) -> usize {
    let mut k = 0;
    while k < list.len() {
        if same(list[k].as_bytes(), name.as_bytes()) {
            return k;
        }
        k += 1;
    }
    panic!("no uniform of that name")
}

const fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut k = 0;
    while k < a.len() {
        if a[k] != b[k] {
            return false;
        }
        k += 1;
    }
    true
}

/// What every program starts with: the version, the precision, and the
/// shared constants and formulas.
fn prelude(text: NumberText) -> String {
    let [lx, ly, lz] = light_3d().map(|c| glsl_float(c as f64, text));
    let rock = ROCK.map(|c| glsl_float(c / 255.0, text));
    format!(
        "#version 300 es\n\
         precision highp float;\n\
         precision highp int;\n\
         precision highp sampler2D;\n\
         {constants}\
         const vec3 LIGHT = vec3({lx}, {ly}, {lz});\n\
         const vec3 ROCK = vec3({r}, {g}, {b});\n\
         const float RAMP_STEPS = {steps};\n\
         const float SEA_OPACITY = {sea};\n\
         {functions}",
        constants = shading::glsl_constants(text),
        r = rock[0],
        g = rock[1],
        b = rock[2],
        steps = glsl_float(RAMP_STEPS as f64, text),
        sea = glsl_float(SEA_OPACITY, text),
        functions = shading::GLSL,
    )
}

/// The map in space, for the programs that stand things on it: its heights
/// (a float texture, a texel a cell), where a point of it stands (as
/// [`crate::draw::mesh::Layout::position`] places it), and the uniforms
/// that say so ([`ON_THE_MAP_UNIFORMS`]).
const ON_THE_MAP: &str = r#"
uniform sampler2D u_heights;
uniform mat4 u_matrix;
uniform ivec2 u_grid;
uniform float u_cell;
uniform float u_vertical;
uniform vec2 u_half;
float height(ivec2 c) { return texelFetch(u_heights, clamp(c, ivec2(0), u_grid - 1), 0).r; }
vec3 on_the_map(vec2 c, float h) { return vec3(c.x * u_cell - u_half.x, h * u_vertical, c.y * u_cell - u_half.y); }
"#;

/// Each vertex of the ground: its cell's height and normal (from the
/// neighbours either side, one side at the map's edge, as
/// [`crate::draw::mesh::Layout::normal`] works it out) and its water.
const GROUND_VERTEX_MAIN: &str = r#"
uniform ivec2 u_lattice;
uniform int u_step;
out float v_height;
out vec3 v_normal;
out vec2 v_cell;
void main() {
  // A vertex of the lattice (mesh::lattice): every u_step-th cell
  ivec2 c = min(ivec2(gl_VertexID % u_lattice.x, gl_VertexID / u_lattice.x) * u_step, u_grid - 1);
  ivec2 w = max(c - ivec2(u_step, 0), ivec2(0)), e = min(c + ivec2(u_step, 0), u_grid - 1);
  ivec2 n = max(c - ivec2(0, u_step), ivec2(0)), s = min(c + ivec2(0, u_step), u_grid - 1);
  float dx = slope(height(e), height(w), float(e.x - w.x), u_vertical, u_cell);
  float dz = slope(height(s), height(n), float(s.y - n.y), u_vertical, u_cell);
  v_normal = normalize(vec3(-dx, 1.0, -dz));
  v_height = height(c);
  v_cell = vec2(c);
  gl_Position = u_matrix * vec4(on_the_map(v_cell, v_height), 1.0);
}"#;

/// Each pixel of the ground: the scheme's colour by height (the ramp),
/// rock on steep land, or the layer draped over it (a texel a cell); river
/// water; lit.
const GROUND_FRAGMENT_MAIN: &str = r#"
uniform sampler2D u_ramp;
uniform sampler2D u_layer;
uniform bool u_layered;
uniform sampler2D u_water;
uniform ivec2 u_grid;
uniform vec3 u_river;
uniform float u_sea_level;
// The brush's ring: its centre and radius in cells (a radius of 0, none)
uniform vec3 u_brush;
in float v_height;
in vec3 v_normal;
in vec2 v_cell;
out vec4 color;
float water(ivec2 c) { return texelFetch(u_water, clamp(c, ivec2(0), u_grid - 1), 0).r; }
// The water where this pixel is, blended from the four cells around it
// (by the pixel, not the vertex: a river one cell wide stays one cell wide
// however coarse the mesh)
float water_here() {
  ivec2 c = ivec2(floor(v_cell));
  vec2 f = fract(v_cell);
  float north = mix(water(c), water(c + ivec2(1, 0)), f.x);
  float south = mix(water(c + ivec2(0, 1)), water(c + ivec2(1, 1)), f.x);
  return mix(north, south, f.y);
}
void main() {
  vec3 n = normalize(v_normal);
  float h = clamp(v_height, 0.0, 1.0);
  vec3 ground = texture(u_ramp, vec2((h * (RAMP_STEPS - 1.0) + 0.5) / RAMP_STEPS, 0.5)).rgb;
  ground = mix(ground, ROCK, v_height >= u_sea_level ? rock_share(n.y) : 0.0);
  if (u_layered) ground = texelFetch(u_layer, clamp(ivec2(floor(v_cell + 0.5)), ivec2(0), u_grid - 1), 0).rgb;
  ground = mix(ground, u_river, river_opacity(water_here()));
  color = vec4(ground * shade(dot(n, LIGHT)), 1.0);
  if (u_brush.z > 0.0) {
    // A light ring two pixels wide on the ground, with a dark edge either
    // side, as the 2D map's ring is drawn
    float d = abs(distance(v_cell, u_brush.xy) - u_brush.z);
    float pixel = max(fwidth(distance(v_cell, u_brush.xy)), 1e-4);
    float line = 1.0 - smoothstep(1.0, 1.5, d / pixel);
    float edge = 1.0 - smoothstep(2.0, 2.5, d / pixel);
    color.rgb = mix(mix(color.rgb, vec3(0.0), 0.5 * edge), vec3(1.0), 0.9 * line);
  }
}"#;

/// The sea's four corners, at its level.
const SEA_VERTEX_MAIN: &str = r#"
uniform mat4 u_matrix;
uniform vec2 u_half;
uniform float u_level;
void main() {
  vec2 corner = vec2(gl_VertexID % 2 == 0 ? -1.0 : 1.0, gl_VertexID < 2 ? -1.0 : 1.0) * u_half;
  gl_Position = u_matrix * vec4(corner.x, u_level, corner.y, 1.0);
}"#;

const SEA_FRAGMENT_MAIN: &str = r#"
uniform vec3 u_color;
out vec4 color;
void main() { color = vec4(u_color, SEA_OPACITY); }"#;

/// The ground program's vertex and fragment shaders, numbers written by
/// `text`.
pub fn ground(text: NumberText) -> [String; 2] {
    [prelude(text) + ON_THE_MAP + GROUND_VERTEX_MAIN, prelude(text) + GROUND_FRAGMENT_MAIN]
}

/// The trees: each instance (`a_tree`: x, y, size in cells) a cone of
/// TREE_SIDES triangles standing on the ground at its spot, lit as the
/// ground is, in the scheme's tree colour.
const TREE_VERTEX_MAIN: &str = r#"
in vec3 a_tree;
out vec3 v_normal;
void main() {
  int side = gl_VertexID / 3, corner = gl_VertexID % 3;
  float radius = a_tree.z * 0.5 * u_cell, tall = a_tree.z * TREE_HEIGHT_PER_WIDTH * u_cell;
  // Standing on the ground of the cell nearest its spot
  vec3 base = on_the_map(a_tree.xy, height(ivec2(floor(a_tree.xy + 0.5))));
  // The side's middle direction, for its (flat) normal
  float middle = (float(side) + 0.5) * 6.2831853 / float(TREE_SIDES);
  v_normal = normalize(vec3(cos(middle) * tall, radius, sin(middle) * tall));
  vec3 p = base + vec3(0.0, tall, 0.0);
  if (corner > 0) {
    float a = float(side + corner - 1) * 6.2831853 / float(TREE_SIDES);
    p = base + vec3(cos(a) * radius, 0.0, sin(a) * radius);
  }
  gl_Position = u_matrix * vec4(p, 1.0);
}"#;

const TREE_FRAGMENT_MAIN: &str = r#"
uniform vec3 u_color;
in vec3 v_normal;
out vec4 color;
void main() { color = vec4(u_color * shade(dot(normalize(v_normal), LIGHT)), 1.0); }"#;

/// The trees program's vertex and fragment shaders.
pub fn trees(text: NumberText) -> [String; 2] {
    let constants = format!(
        "const int TREE_SIDES = {};\nconst float TREE_HEIGHT_PER_WIDTH = {};\n",
        TREE_SIDES,
        glsl_float(TREE_HEIGHT_PER_WIDTH, text)
    );
    [prelude(text) + &constants + ON_THE_MAP + TREE_VERTEX_MAIN, prelude(text) + TREE_FRAGMENT_MAIN]
}

/// The sea program's vertex and fragment shaders.
pub fn sea(text: NumberText) -> [String; 2] {
    [prelude(text) + SEA_VERTEX_MAIN, prelude(text) + SEA_FRAGMENT_MAIN]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::shading::rust_numbers;

    /// The names a source declares as `uniform <type> <name>;`.
    fn uniforms(source: &str) -> Vec<&str> {
        source
            .lines()
            .filter_map(|l| l.strip_prefix("uniform "))
            .filter_map(|l| l.split_whitespace().nth(1))
            .map(|name| name.trim_end_matches(';'))
            .collect()
    }

    #[test]
    fn each_program_lists_exactly_the_uniforms_it_declares() {
        let programs = [
            (ground(&rust_numbers), GROUND_UNIFORMS),
            (sea(&rust_numbers), SEA_UNIFORMS),
            (trees(&rust_numbers), TREE_UNIFORMS),
        ];
        for (sources, listed) in programs {
            let mut declared: Vec<&str> = sources.iter().flat_map(|s| uniforms(s)).collect();
            declared.sort();
            declared.dedup();
            let mut listed = listed.to_vec();
            listed.sort();
            assert_eq!(declared, listed);
        }
    }

    #[test]
    fn a_uniform_is_found_by_its_name() {
        assert_eq!(place_of(GROUND_UNIFORMS, "u_heights"), 0);
        assert_eq!(place_of(GROUND_UNIFORMS, "u_brush"), GROUND_UNIFORMS.len() - 1);
        assert_eq!(place_of(SEA_UNIFORMS, "u_level"), 2);
        assert!(std::panic::catch_unwind(|| place_of(SEA_UNIFORMS, "u_heights")).is_err());
    }

    #[test]
    fn every_shader_starts_with_its_version_and_has_the_shared_formulas() {
        for source in ground(&rust_numbers).iter().chain(&sea(&rust_numbers)).chain(&trees(&rust_numbers)) {
            assert!(source.starts_with("#version 300 es\n"), "{source}");
            assert!(source.contains(shading::GLSL));
            assert_eq!(source.matches("void main()").count(), 1);
        }
        let [vertex, fragment] = ground(&rust_numbers);
        assert!(vertex.contains("slope(height(e), height(w)"), "the normal is the mesh's");
        for call in ["rock_share(n.y)", "river_opacity(water_here())", "shade(dot(n, LIGHT))"] {
            assert!(fragment.contains(call), "{call}");
        }
        assert!(vertex.contains("on_the_map(v_cell, v_height)"), "a vertex stands where the mesh's does");
        let [vertex, fragment] = trees(&rust_numbers);
        assert!(vertex.contains("const int TREE_SIDES = 6;") && vertex.contains(ON_THE_MAP));
        assert!(vertex.contains("on_the_map(a_tree.xy, height("), "a tree stands on the ground");
        assert!(fragment.contains("shade(dot(normalize(v_normal), LIGHT))"), "trees are lit as the ground");
    }

    #[test]
    fn the_constants_are_the_rust_ones() {
        let [_, fragment] = ground(&rust_numbers);
        let [x, y, z] = light_3d();
        let light = format!(
            "const vec3 LIGHT = vec3({}, {}, {});",
            glsl_float(x as f64, &rust_numbers),
            glsl_float(y as f64, &rust_numbers),
            glsl_float(z as f64, &rust_numbers)
        );
        assert!(fragment.contains(&light), "{fragment}");
        assert!(fragment.contains("const float RAMP_STEPS = 1024.0;"));
        assert!(fragment.contains(&format!("const float SEA_OPACITY = {:?};", SEA_OPACITY)));
        let rock = ROCK.map(|c| c / 255.0);
        assert!(fragment.contains(&format!("const vec3 ROCK = vec3({:?}, {:?}, {:?});", rock[0], rock[1], rock[2])));
    }
}
