//! The reader's changes to a map, to undo and redo. Each step is a change
//! (a slider's drag, a toggle, a choice, a scheme, a restart, a new map, a
//! rewind), the drops fallen when it was made, and the map just before it
//! as a link; once undone, also the map as it was when undone, for redo.
//! The links are the history: going to a step is replaying its link (from
//! the nearest heights kept, see [`crate::share::keyframes`]).
//!
//! ```
//! use hydraulic_erosion::settings::sliders::Setting;
//! use hydraulic_erosion::share::link::MapLink;
//! use hydraulic_erosion::sketch::history::History;
//! use hydraulic_erosion::sketch::Input;
//! let (before, after) = (MapLink { drops: 100, ..MapLink::default() }, MapLink { drops: 900, ..MapLink::default() });
//! let mut history = History::default();
//! history.record(Input::Set(Setting::Erosion, 0.5), before.clone());
//! assert_eq!(history.undo(after.clone()), Some(before));
//! assert_eq!(history.redo(), Some(after));
//! assert_eq!(history.redo(), None);
//! ```

use super::Input;
use crate::share::link::MapLink;

/// At most this many steps are kept (each a link or two, at most a few
/// kilobytes): the oldest goes first.
pub const MAX_STEPS: usize = 200;

/// A change of the reader's.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// What the reader did (a drag, its latest value).
    pub change: Input,
    /// The map just before it; its drops are those fallen when it was made.
    pub before: MapLink,
    /// The map when the step was last undone: where redo goes.
    pub after: Option<MapLink>,
}

/// The steps, and how many of them are done (the rest were undone, and can
/// be redone).
#[derive(Clone, Debug, Default)]
pub struct History {
    steps: Vec<Step>,
    done: usize,
    /// Counts every change of the history, to tell cheaply whether it needs
    /// showing again (not part of what the history is).
    revision: u64,
}

impl PartialEq for History {
    fn eq(&self, other: &History) -> bool {
        self.steps == other.steps && self.done == other.done
    }
}

impl History {
    /// Notes a new change, made on the map `before` described: what was
    /// undone is no longer to be redone.
    pub fn record(&mut self, change: Input, before: MapLink) {
        self.steps.truncate(self.done);
        self.steps.push(Step { change, before, after: None });
        if self.steps.len() > MAX_STEPS {
            self.steps.remove(0);
        }
        self.done = self.steps.len();
        self.revision += 1;
    }

    /// The latest change goes on (a drag's later moves): it is now `change`.
    pub fn amend(&mut self, change: Input) {
        if let Some(step) = self.done.checked_sub(1).and_then(|k| self.steps.get_mut(k)) {
            step.change = change;
            self.revision += 1;
        }
    }

    /// Forgets the latest change: it changed nothing.
    pub fn forget_latest(&mut self) {
        if self.done == self.steps.len() && self.done > 0 {
            self.steps.pop();
            self.done -= 1;
            self.revision += 1;
        }
    }

    /// Undoes the latest change done, whose map is now `now`: the map to go
    /// back to, if there is a change to undo.
    pub fn undo(&mut self, now: MapLink) -> Option<MapLink> {
        self.done = self.done.checked_sub(1)?;
        self.revision += 1;
        let step = &mut self.steps[self.done];
        step.after = Some(now);
        Some(step.before.clone())
    }

    /// Redoes the change undone last: the map to go to, if there is one.
    pub fn redo(&mut self) -> Option<MapLink> {
        let after = self.steps.get(self.done)?.after.clone()?;
        self.done += 1;
        self.revision += 1;
        Some(after)
    }

    pub fn can_undo(&self) -> usize {
        self.done
    }

    pub fn can_redo(&self) -> usize {
        self.steps.len() - self.done
    }

    /// Every step kept, oldest first; those from [`History::done`] on are
    /// undone.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    pub fn done(&self) -> usize {
        self.done
    }

    /// A number that changes whenever the history does.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// A history of `steps` with the first `done` done (as another build of
    /// the sketch carries it); None if `done` is more than the steps or a
    /// step to redo has no map to go to.
    pub fn from_steps(steps: Vec<Step>, done: usize) -> Option<History> {
        let redoable = steps.get(done..)?.iter().all(|s| s.after.is_some());
        redoable.then_some(History { steps, done, revision: 0 })
    }
}

/// The history in brief, as the page shows it to host pages: each change
/// and the drops it was made at, oldest first, and how many are done.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Brief {
    pub changes: Vec<(u64, Input)>,
    pub done: usize,
}

impl History {
    pub fn brief(&self) -> Brief {
        Brief { changes: self.steps.iter().map(|s| (s.before.drops, s.change.clone())).collect(), done: self.done }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::sliders::Setting;

    fn at(drops: u64) -> MapLink {
        MapLink { drops, ..MapLink::default() }
    }

    #[test]
    fn undo_goes_back_step_by_step_and_redo_comes_forward_again() {
        let mut h = History::default();
        h.record(Input::Restart, at(1));
        h.record(Input::Set(Setting::Inertia, 0.2), at(2));
        assert_eq!((h.can_undo(), h.can_redo()), (2, 0));
        assert_eq!(h.undo(at(3)), Some(at(2)));
        assert_eq!(h.undo(at(20)), Some(at(1)));
        assert_eq!(h.undo(at(10)), None, "nothing more to undo");
        assert_eq!((h.can_undo(), h.can_redo()), (0, 2));
        assert_eq!(h.redo(), Some(at(20)));
        assert_eq!(h.redo(), Some(at(3)));
        assert_eq!(h.redo(), None);
    }

    #[test]
    fn a_new_change_after_undo_forgets_what_was_undone() {
        let mut h = History::default();
        h.record(Input::Restart, at(1));
        h.record(Input::Restart, at(2));
        h.undo(at(3));
        h.record(Input::NewMap { seed: 4 }, at(5));
        assert_eq!((h.can_undo(), h.can_redo()), (2, 0));
        assert_eq!(h.steps()[1].change, Input::NewMap { seed: 4 });
    }

    #[test]
    fn a_drag_is_one_step_and_a_change_of_nothing_is_forgotten() {
        let mut h = History::default();
        h.record(Input::Set(Setting::Erosion, 0.4), at(1));
        h.amend(Input::Set(Setting::Erosion, 0.6));
        assert_eq!(h.steps().len(), 1);
        assert_eq!(h.steps()[0].change, Input::Set(Setting::Erosion, 0.6));
        h.record(Input::Restart, at(2));
        h.forget_latest();
        assert_eq!(h.steps().len(), 1);
        h.undo(at(3));
        h.forget_latest();
        assert_eq!(h.steps().len(), 1, "an undone step is not the latest change");
    }

    #[test]
    fn the_oldest_steps_go_past_the_most_kept() {
        let mut h = History::default();
        for k in 0..MAX_STEPS as u64 + 5 {
            h.record(Input::Restart, at(k));
        }
        assert_eq!(h.can_undo(), MAX_STEPS);
        assert_eq!(h.steps()[0].before, at(5));
    }

    #[test]
    fn a_carried_history_must_have_a_map_for_each_step_to_redo() {
        let step = Step { change: Input::Restart, before: at(1), after: None };
        assert!(History::from_steps(vec![step.clone()], 1).is_some());
        assert!(History::from_steps(vec![step.clone()], 0).is_none());
        assert!(History::from_steps(vec![step], 2).is_none());
    }
}
