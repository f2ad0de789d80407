//! The tables the page's controls, the links, the JavaScript API and the
//! defaults all read: each control is described in exactly one row.

/// The choices made from a list: terrain shape, map size, preset, river style.
pub mod choices;
/// What the article's, the tutorial's and the landscape's presets set.
pub mod presets;
/// The sliders: names, labels, ranges, steps and defaults.
pub mod sliders;
/// The checkboxes: rivers, original terrain, debug, trees, 3D view.
pub mod toggles;
