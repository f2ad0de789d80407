//! The link offered to the address bar: while it rains at most once every
//! [`LINK_EVERY_MS`], otherwise whenever it changed, and always when the
//! reader asks for it.
//!
//! Its invariant: a link is offered only if it differs from the last one
//! offered, or the reader asked (the page then copies it).
//!
//! ```
//! use hydraulic_erosion::sketch::link_offer::{LinkOffer, LINK_EVERY_MS};
//! let mut offer = LinkOffer::default();
//! assert!(offer.due(0.0, true, false));
//! assert_eq!(offer.offer("he-seed=1".into(), 0.0, false).as_deref(), Some("he-seed=1"));
//! assert!(!offer.due(LINK_EVERY_MS / 2.0, true, false), "raining: not yet");
//! assert_eq!(offer.offer("he-seed=1".into(), 5_000.0, false), None, "unchanged");
//! assert!(offer.offer("he-seed=1".into(), 5_000.0, true).is_some(), "asked for");
//! ```

/// While it rains, the link is offered to the address bar at most this
/// often (milliseconds).
pub const LINK_EVERY_MS: f64 = 1000.0;

/// The last link offered, and when.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkOffer {
    offered: String,
    at: f64,
}

impl Default for LinkOffer {
    fn default() -> LinkOffer {
        LinkOffer { offered: String::new(), at: f64::NEG_INFINITY }
    }
}

impl LinkOffer {
    /// Whether a link may be offered at `now` (milliseconds): not while it
    /// is `raining` within [`LINK_EVERY_MS`] of the last, unless the reader
    /// asks (`now_please`).
    pub fn due(&self, now: f64, raining: bool, now_please: bool) -> bool {
        !raining || now_please || now - self.at >= LINK_EVERY_MS
    }

    /// The `query` to put in the address bar at `now`, if it changed or
    /// the reader asked for it.
    pub fn offer(&mut self, query: String, now: f64, now_please: bool) -> Option<String> {
        self.at = now;
        if query != self.offered || now_please {
            self.offered = query.clone();
            return Some(query);
        }
        None
    }
}
