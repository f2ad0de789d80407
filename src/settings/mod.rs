//! The tables the page's controls, the links, the JavaScript API and the
//! defaults all read: each control is described in exactly one row.
//!
//! A table's rows are named by an enum declared with `rows!`, which also
//! lists them as `ALL`: the enum is the one place a table's length is
//! stated, and every table, list and array sized by it follows.

/// An enum of a table's rows, in order, and `ALL`, every row in that order,
/// as an array as long as the enum is.
macro_rules! rows {
    ($(#[$meta:meta])* $vis:vis enum $name:ident { $($(#[$row_meta:meta])* $row:ident),+ $(,)? }) => {
        $(#[$meta])*
        $vis enum $name {
            $($(#[$row_meta])* $row),+
        }

        impl $name {
            /// Every row, in table order.
            pub const ALL: [$name; [$(stringify!($row)),+].len()] = [$($name::$row),+];
        }
    };
}

/// The choices made from a list: terrain shape, map size, preset, river style.
pub mod choices;
/// What the article's, the tutorial's and the landscape's presets set.
pub mod presets;
/// The sliders: names, labels, ranges, steps and defaults.
pub mod sliders;
/// The checkboxes: rivers, original terrain, debug, trees, 3D view.
pub mod toggles;
