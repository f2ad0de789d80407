//! The drops fallen so far, on a bar with their rate, where someone
//! watches: on a terminal, unless asked to be quiet. Elsewhere (a script, a
//! pipe) nothing is drawn.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar of drops to `target`, or none.
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A bar for `target` drops, drawn on standard error if it is a
    /// terminal and not `quiet`.
    pub fn of_drops(target: u64, quiet: bool) -> Progress {
        if quiet || !std::io::stderr().is_terminal() || target == 0 {
            return Progress { bar: None };
        }
        let bar = ProgressBar::with_draw_target(Some(target), ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template("{bar:40} {human_pos}/{human_len} drops, {per_sec} ({eta} left)")
            .expect("the template is well formed");
        bar.set_style(style);
        Progress { bar: Some(bar) }
    }

    /// `drops` have fallen.
    pub fn at(&self, drops: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(drops);
        }
    }

    /// Done: the bar goes.
    pub fn done(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}
