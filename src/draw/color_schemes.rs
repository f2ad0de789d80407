//! The colour schemes: the original's five, with its exact colours, and the
//! procedural generation article's Landscape.
//!
//! `land` runs from the coast to the highest peaks; any number of stops,
//! blended evenly. The two "site" schemes use the blog's own palette.
//! Colours are kept as the CSS strings the original wrote, so the canvas can
//! take them as they are; [`hex_rgb`] reads the ones the relief image mixes.
//!
//! [`hex_rgb`]: crate::draw::color_schemes::hex_rgb

/// One colour scheme.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ColorScheme {
    /// The key the original used, also used in file names and links.
    pub key: &'static str,
    /// What the picker shows.
    pub label: &'static str,
    /// From the coast to the peaks, `#rrggbb`.
    pub land: &'static [&'static str],
    /// Shallow, then deep, `#rrggbb`. The deep colour is also the background.
    pub sea: [&'static str; 2],
    pub river: &'static str,
    pub bank: &'static str,
    /// Regular contour lines.
    pub line: &'static str,
    /// Every fifth contour and the coastline.
    pub index_line: &'static str,
    /// Trees' outlines (the procedural generation article draws them dark
    /// green, a little transparent, on its green land).
    pub tree: &'static str,
    /// For a scheme coloured by elevation itself rather than from the coast
    /// up (the Landscape), its bands; empty for the others.
    pub elevation_bands: &'static [ElevationBand],
}

/// A band of a scheme coloured by elevation: from the band below's top up to
/// `top`, blended from one colour to the other.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ElevationBand {
    pub top: f64,
    pub from: &'static str,
    pub to: &'static str,
}

/// The procedural generation article's five bands (its `drawHeightmap`):
/// deep to shallow water, sand, grass, rock, snow.
pub const LANDSCAPE_BANDS: &[ElevationBand] = &[
    ElevationBand { top: 0.35, from: "#1a3a6b", to: "#2a5fa5" },
    ElevationBand { top: 0.42, from: "#d4b483", to: "#c9a96e" },
    ElevationBand { top: 0.70, from: "#4a7c4e", to: "#2d5a32" },
    ElevationBand { top: 0.85, from: "#8c8c8c", to: "#707070" },
    ElevationBand { top: 1.0, from: "#e8e8e8", to: "#ffffff" },
];

/// The original sketch's schemes: the first rows of [`SCHEMES`].
pub const ORIGINAL_SCHEMES: usize = 5;

pub const SCHEMES: &[ColorScheme] = &[
    ColorScheme {
        key: "site_dark",
        label: "Site Dark",
        land: &["#241b15", "#3d2412", "#7a3c12", "#b07c55"],
        sea: ["#0a0a0a", "#000000"],
        river: "#ff6600",
        bank: "#0a0a0a",
        line: "rgba(255, 255, 255, 0.22)",
        index_line: "rgba(255, 255, 255, 0.6)",
        tree: "rgba(150, 200, 110, 0.7)",
        elevation_bands: &[],
    },
    ColorScheme {
        key: "site_light",
        label: "Site Light",
        land: &["#fbf6f0", "#ffe6d4", "#ffc49c", "#e8a070"],
        sea: ["#ffffff", "#f2f2f2"],
        river: "#ff6600",
        bank: "#ffffff",
        line: "rgba(0, 0, 0, 0.22)",
        index_line: "#b84900",
        tree: "rgba(40, 100, 40, 0.65)",
        elevation_bands: &[],
    },
    ColorScheme {
        key: "topographic",
        label: "Topographic",
        land: &["#b5d3a0", "#e4dca4", "#d2a97c", "#b98a6a", "#f4f1ea"],
        sea: ["#9cc3d5", "#4a7fa8"],
        river: "#4a90d9",
        bank: "#1d4f8a",
        line: "rgba(110, 80, 50, 0.45)",
        index_line: "#6e4a2a",
        tree: "rgba(20, 80, 20, 0.55)",
        elevation_bands: &[],
    },
    ColorScheme {
        key: "blueprint",
        label: "Blueprint",
        land: &["#1d57b8", "#3a78d8", "#6a9ae6"],
        sea: ["#0b3d91", "#082d6b"],
        river: "#ffffff",
        bank: "#0b3d91",
        line: "rgba(255, 255, 255, 0.35)",
        index_line: "#ffffff",
        tree: "rgba(255, 255, 255, 0.75)",
        elevation_bands: &[],
    },
    ColorScheme {
        key: "bw",
        label: "Black / White",
        land: &["#3a3a3a", "#e0e0e0"],
        sea: ["#111111", "#000000"],
        river: "#ffffff",
        bank: "#000000",
        line: "rgba(255, 255, 255, 0.3)",
        index_line: "#ffffff",
        tree: "rgba(255, 255, 255, 0.6)",
        elevation_bands: &[],
    },
    ColorScheme {
        key: "landscape",
        label: "Landscape",
        land: &["#d4b483", "#4a7c4e", "#8c8c8c", "#e8e8e8"],
        sea: ["#2a5fa5", "#1a3a6b"],
        // The article's rivers: stroke(40, 120, 200)
        river: "#2878c8",
        bank: "#1a3a6b",
        line: "rgba(0, 0, 0, 0.18)",
        index_line: "rgba(0, 0, 0, 0.45)",
        tree: "rgba(20, 80, 20, 0.55)",
        elevation_bands: LANDSCAPE_BANDS,
    },
];

/// The scheme the page starts on when the site is read in its dark theme.
pub const DARK: &str = "site_dark";
/// ... and in its light theme.
pub const LIGHT: &str = "site_light";

/// The scheme with this key.
pub fn scheme(key: &str) -> Option<&'static ColorScheme> {
    SCHEMES.iter().find(|s| s.key == key)
}

/// Red, green and blue, 0..255, of a `#rrggbb` colour.
///
/// ```
/// assert_eq!(hydraulic_erosion::draw::color_schemes::hex_rgb("#ff6600"), [255.0, 102.0, 0.0]);
/// ```
pub fn hex_rgb(hex: &str) -> [f64; 3] {
    let channel = |k: usize| {
        let digits = hex.get(1 + 2 * k..3 + 2 * k).unwrap_or("00");
        u8::from_str_radix(digits, 16).unwrap_or(0) as f64
    };
    [channel(0), channel(1), channel(2)]
}

/// The red, green and blue channels (0..255) of a CSS `rgba(r, g, b, a)`
/// colour, as the schemes give their trees; black for anything else.
///
/// ```
/// use hydraulic_erosion::draw::color_schemes::rgba_rgb;
/// assert_eq!(rgba_rgb("rgba(40, 100, 40, 0.65)"), [40.0, 100.0, 40.0]);
/// ```
pub fn rgba_rgb(css: &str) -> [f64; 3] {
    let inside = css.strip_prefix("rgba(").and_then(|s| s.strip_suffix(')')).unwrap_or("");
    let mut channels = inside.split(',').map(|c| c.trim().parse::<u8>().map_or(0.0, f64::from));
    [(); 3].map(|_| channels.next().unwrap_or(0.0))
}

/// A colour as the schemes and the panels write it for the canvas
/// (`#rrggbb`, `rgb(r, g, b)` or `rgba(r, g, b, a)`): its channels and its
/// opacity, for a painter that is not a browser; `None` for anything else.
///
/// ```
/// use hydraulic_erosion::draw::color_schemes::css_color;
/// assert_eq!(css_color("#ff6600"), Some(([255, 102, 0], 1.0)));
/// assert_eq!(css_color("rgba(0, 0, 0, 0.22)"), Some(([0, 0, 0], 0.22)));
/// assert_eq!(css_color("teal"), None);
/// ```
pub fn css_color(css: &str) -> Option<([u8; 3], f32)> {
    if let Some(hex) = css.strip_prefix('#') {
        let channel = |k: usize| u8::from_str_radix(hex.get(2 * k..2 * k + 2)?, 16).ok();
        return (hex.len() == 6).then(|| Some(([channel(0)?, channel(1)?, channel(2)?], 1.0))).flatten();
    }
    let inside = css.strip_prefix("rgba(").or_else(|| css.strip_prefix("rgb("))?.strip_suffix(')')?;
    let parts: Vec<&str> = inside.split(',').map(str::trim).collect();
    let channel = |k: usize| parts.get(k)?.parse::<u8>().ok();
    let alpha = match parts.get(3) {
        Some(a) => a.parse::<f32>().ok().filter(|a| (0.0..=1.0).contains(a))?,
        None => 1.0,
    };
    (parts.len() <= 4).then(|| Some(([channel(0)?, channel(1)?, channel(2)?], alpha))).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_colour_a_scheme_strokes_reads_as_css() {
        for s in SCHEMES {
            for css in s.land.iter().chain(&s.sea).chain(&[s.river, s.bank, s.line, s.index_line, s.tree]) {
                assert!(css_color(css).is_some(), "{}: {css}", s.key);
            }
        }
        assert_eq!(css_color("rgb(255, 0, 128)"), Some(([255, 0, 128], 1.0)));
        assert_eq!(css_color("rgba(1, 2, 3, 1.5)"), None);
        assert_eq!(css_color("#12345"), None);
    }

    #[test]
    fn keys_are_unique_and_found() {
        for s in SCHEMES {
            assert_eq!(scheme(s.key).map(|f| f.label), Some(s.label));
        }
        assert!(scheme("nope").is_none());
        assert!(scheme(DARK).is_some() && scheme(LIGHT).is_some());
    }

    #[test]
    fn every_mixed_colour_is_well_formed_hex() {
        for s in SCHEMES {
            assert!(s.land.len() >= 2, "{} needs two land stops to blend", s.key);
            for hex in s.land.iter().chain(&s.sea) {
                assert!(hex.len() == 7 && hex.starts_with('#'), "{hex}");
                assert!(hex[1..].chars().all(|c| c.is_ascii_hexdigit()), "{hex}");
            }
        }
        assert_eq!(hex_rgb("#3d2412"), [61.0, 36.0, 18.0]);
    }
}
