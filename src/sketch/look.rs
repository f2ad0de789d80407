//! The colour scheme the map is drawn in: the one the reader (or a link,
//! or a preset) picked, else the one that matches the site's theme, which
//! it then follows.
//!
//! Its invariant: once a scheme is picked, the site's theme no longer
//! changes it; until then the scheme is the site's.
//!
//! ```
//! use hydraulic_erosion::draw::color_schemes::{DARK, LIGHT};
//! use hydraulic_erosion::sketch::look::Look;
//! let mut look = Look::new(None, false);
//! assert_eq!(look.scheme().key, LIGHT);
//! assert_eq!(look.site_theme(true), Some(DARK), "it follows the site");
//! assert!(look.pick("topographic"));
//! assert_eq!(look.site_theme(false), None, "a picked scheme stays");
//! assert_eq!(look.picked(), Some("topographic"));
//! ```

use crate::draw::color_schemes::{scheme, ColorScheme, DARK, LIGHT};

/// The scheme drawn, whether the reader picked it, and the site's theme.
#[derive(Clone, Copy, Debug)]
pub struct Look {
    scheme: &'static ColorScheme,
    picked: bool,
    site_dark: bool,
}

/// The scheme that matches the site's theme.
pub fn site_scheme(dark: bool) -> &'static ColorScheme {
    scheme(if dark { DARK } else { LIGHT }).expect("both site schemes exist")
}

impl Look {
    /// The scheme of key `picked` if there is one, else the site's.
    pub fn new(picked: Option<&str>, site_dark: bool) -> Look {
        let mut look = Look { scheme: site_scheme(site_dark), picked: false, site_dark };
        look.pick_or_follow(picked);
        look
    }

    pub fn scheme(&self) -> &'static ColorScheme {
        self.scheme
    }

    /// The key of the scheme picked, if one was (what a link holds).
    pub fn picked(&self) -> Option<&'static str> {
        self.picked.then_some(self.scheme.key)
    }

    pub fn site_dark(&self) -> bool {
        self.site_dark
    }

    /// The reader picks the scheme of `key`; false if there is none.
    pub fn pick(&mut self, key: &str) -> bool {
        let Some(s) = scheme(key) else { return false };
        (self.scheme, self.picked) = (s, true);
        true
    }

    /// The scheme of key `picked` if there is one, else the site's, which
    /// it follows from now (a link's look, gone to).
    pub fn pick_or_follow(&mut self, picked: Option<&str>) {
        let picked = picked.and_then(scheme);
        self.picked = picked.is_some();
        self.scheme = picked.unwrap_or_else(|| site_scheme(self.site_dark));
    }

    /// The site's theme changed: the key of the scheme now drawn, if it
    /// followed.
    pub fn site_theme(&mut self, dark: bool) -> Option<&'static str> {
        self.site_dark = dark;
        let wanted = site_scheme(dark);
        if self.picked || self.scheme.key == wanted.key {
            return None;
        }
        self.scheme = wanted;
        Some(wanted.key)
    }
}
