//! How the ground is lit and coloured, written once for both views: the
//! relief's light and the 3D view's, rock on steep slopes, water on rivers,
//! the slope a normal is made from. Each formula is a Rust function here
//! and, from the very same text, a GLSL function in the 3D view's shaders
//! ([`GLSL`]); each constant is a Rust one, and the shaders get it
//! formatted in ([`glsl_constants`]). So the map, the mesh files and the
//! GPU cannot drift apart.
//!
//! ```
//! use hydraulic_erosion::draw::shading::{rock_share, shade, GLSL, GRASS_UP, ROCK_UP};
//! assert_eq!((rock_share(GRASS_UP), rock_share(ROCK_UP)), (0.0, 1.0));
//! assert!(shade(-1.0) < shade(0.5));
//! assert!(GLSL.contains("float rock_share(float up)"));
//! ```
//!
//! [`GLSL`]: crate::draw::shading::GLSL
//! [`glsl_constants`]: crate::draw::shading::glsl_constants

use crate::hydrology::rivers;
use crate::raster::float_min_max::{greater, lesser};

/// The light not from any direction, so slopes facing away aren't black.
pub const AMBIENT: f64 = 0.45;
/// How much brighter than its colour ground facing the light squarely is
/// drawn, so the relief's lit slopes glow a little.
pub const LIGHT_GAIN: f64 = 1.25;
/// Where the ground turns to rock: fully grass where the normal's up
/// component is at least `GRASS_UP`, fully rock at `ROCK_UP` and below
/// (slopes of about 35° and 50°).
pub const GRASS_UP: f64 = 0.82;
pub const ROCK_UP: f64 = 0.64;
/// Bare rock, whatever the scheme: a warm grey (0 to 255 a channel).
pub const ROCK: [f64; 3] = [118.0, 110.0, 100.0];
/// Where a river starts ([`rivers::RIVER_START`]), as the formulas' numbers.
pub const RIVER_START: f64 = rivers::RIVER_START as f64;
/// How opaque river water on the 3D ground is where a river starts, and how
/// much more each doubling of its water makes it.
pub const RIVER_OPACITY: f64 = 0.6;
pub const RIVER_OPACITY_PER_DOUBLING: f64 = 0.1;

// The few calls a shared formula may make, under their GLSL names and with
// GLSL's meaning
fn clamp(x: f64, low: f64, high: f64) -> f64 {
    lesser(greater(x, low), high)
}

fn max(a: f64, b: f64) -> f64 {
    greater(a, b)
}

fn step(edge: f64, x: f64) -> f64 {
    if x < edge {
        0.0
    } else {
        1.0
    }
}

fn log2(x: f64) -> f64 {
    x.log2()
}

/// Each function as Rust, and its text as GLSL (`float`s in, a `float`
/// out), in [`GLSL`].
macro_rules! shared_functions {
    ($($(#[$doc:meta])* fn $name:ident($first:ident $(, $arg:ident)*) = $body:expr;)+) => {
        $(
            $(#[$doc])*
            #[inline(always)]
            pub fn $name($first: f64 $(, $arg: f64)*) -> f64 {
                $body
            }
        )+

        /// The functions above as GLSL, for the 3D view's shaders.
        pub const GLSL: &str = concat!($(
            "float ", stringify!($name), "(float ", stringify!($first), $(", float ", stringify!($arg),)* ") { return ",
            stringify!($body), "; }\n",
        )+);
    };
}

shared_functions! {
    /// A smooth step from 0 to 1 as `t` goes from 0 to 1.
    fn ease(t) = t * t * (3.0 - 2.0 * t);

    /// How much of the ground is rock where its normal's up component is
    /// `up`: 0 on gentle slopes, 1 on steep ones, blended smoothly between.
    fn rock_share(up) = ease(clamp((GRASS_UP - up) / (GRASS_UP - ROCK_UP), 0.0, 1.0));

    /// How brightly ground is lit that faces the light by `facing` (the
    /// cosine between its normal and the light): never below the ambient.
    fn shade(facing) = AMBIENT + (1.0 - AMBIENT) * max(facing, 0.0) * LIGHT_GAIN;

    /// The slope between a `high` and a `low` height `steps` cells apart, on
    /// a mesh `vertical` units tall at height 1 and `cell` units a cell: a
    /// normal is `(−slope east, 1, −slope south)`, normalised.
    fn slope(high, low, steps, vertical, cell) = (high * vertical - low * vertical) / (steps * cell);

    /// How opaque river water is on ground `water` runs through: none short
    /// of a river, then more with each doubling.
    fn river_opacity(water) = step(RIVER_START, water)
        * clamp(RIVER_OPACITY + RIVER_OPACITY_PER_DOUBLING * log2(max(water, RIVER_START) / RIVER_START), 0.0, 1.0);
}

/// Writes a number's shortest decimal text: JavaScript's `String(n)` in the
/// page (which keeps float formatting, a large part of any module that has
/// it, out of the page's wasm), Rust's `{:?}` natively ([`rust_numbers`]).
pub type NumberText<'a> = &'a dyn Fn(f64) -> String;

/// Rust's own shortest decimal text of a number.
pub fn rust_numbers(value: f64) -> String {
    format!("{value:?}")
}

/// The constants the shared functions use, as GLSL declarations.
pub fn glsl_constants(text: NumberText) -> String {
    let floats = [
        ("AMBIENT", AMBIENT),
        ("LIGHT_GAIN", LIGHT_GAIN),
        ("GRASS_UP", GRASS_UP),
        ("ROCK_UP", ROCK_UP),
        ("RIVER_START", RIVER_START),
        ("RIVER_OPACITY", RIVER_OPACITY),
        ("RIVER_OPACITY_PER_DOUBLING", RIVER_OPACITY_PER_DOUBLING),
    ];
    floats.iter().map(|(name, value)| format!("const float {name} = {};\n", glsl_float(*value, text))).collect()
}

/// A number as a GLSL float literal: always with a decimal point or an
/// exponent (GLSL ES turns no integer into a float by itself).
pub fn glsl_float(value: f64, text: NumberText) -> String {
    let text = text(value);
    if text.contains(['.', 'e']) {
        text
    } else {
        format!("{text}.0")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rock_is_blended_smoothly_between_the_two_slopes() {
        assert_eq!(rock_share(1.0), 0.0);
        assert_eq!(rock_share(GRASS_UP), 0.0);
        assert_eq!(rock_share(ROCK_UP), 1.0);
        assert_eq!(rock_share(0.2), 1.0);
        let middle = rock_share((GRASS_UP + ROCK_UP) / 2.0);
        assert!((middle - 0.5).abs() < 1e-12);
    }

    #[test]
    fn the_light_never_falls_below_the_ambient_and_glows_where_it_is_square() {
        assert_eq!(shade(-0.7), AMBIENT);
        assert_eq!(shade(0.0), AMBIENT);
        assert_eq!(shade(1.0), AMBIENT + (1.0 - AMBIENT) * LIGHT_GAIN);
        assert!(shade(1.0) > 1.0);
    }

    #[test]
    fn river_water_shows_from_the_start_of_a_river_and_thickens_with_each_doubling() {
        assert_eq!(river_opacity(0.0), 0.0);
        assert_eq!(river_opacity(RIVER_START * 0.99), 0.0);
        assert_eq!(river_opacity(RIVER_START), RIVER_OPACITY);
        assert!((river_opacity(RIVER_START * 4.0) - (RIVER_OPACITY + 2.0 * RIVER_OPACITY_PER_DOUBLING)).abs() < 1e-12);
        assert_eq!(river_opacity(RIVER_START * 1e9), 1.0);
    }

    #[test]
    fn a_slope_is_the_rise_over_the_run() {
        assert_eq!(slope(0.5, 0.25, 2.0, 0.1, 0.01), (0.05 - 0.025) / 0.02);
    }

    #[test]
    fn the_glsl_is_the_same_text_with_every_constant_declared() {
        // Each function, with float arguments, returning its Rust body
        let expected = [
            "float ease(float t) { return t * t * (3.0 - 2.0 * t); }",
            "float shade(float facing) { return AMBIENT + (1.0 - AMBIENT) * max(facing, 0.0) * LIGHT_GAIN; }",
            "float slope(float high, float low, float steps, float vertical, float cell) {",
        ];
        for line in expected {
            assert!(GLSL.contains(line), "{line}\n{GLSL}");
        }
        assert_eq!(GLSL.matches(") { return ").count(), 5);
        // Every upper-case name the functions use is declared, with the
        // Rust value
        let constants = glsl_constants(&rust_numbers);
        let mut used: Vec<&str> = GLSL
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| w.len() > 1 && w.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
            .collect();
        used.sort();
        used.dedup();
        for name in used {
            assert!(constants.contains(&format!("const float {name} = ")), "{name} is not declared");
        }
        assert!(constants.contains("const float GRASS_UP = 0.82;\n"), "{constants}");
        assert!(constants.contains("const float RIVER_START = 250.0;\n"), "{constants}");
        // No Rust-only syntax slipped into a body
        for rust in [" as ", "::", ".max(", ".min(", ".clamp(", "let "] {
            assert!(!GLSL.contains(rust), "{rust}");
        }
    }

    #[test]
    fn glsl_floats_always_have_a_point() {
        assert_eq!(glsl_float(250.0, &rust_numbers), "250.0");
        assert_eq!(glsl_float(0.45, &rust_numbers), "0.45");
        assert_eq!(glsl_float(1e-7, &rust_numbers), "1e-7");
        // As JavaScript writes whole numbers
        assert_eq!(glsl_float(250.0, &|_| "250".to_string()), "250.0");
    }
}
