//! Going back and forth in the reader's history: undo, redo, and rewinding
//! the rain. Every one of them goes to a map a link describes: it starts
//! from the heights nearest before it (the map as it is, heights kept at a
//! change or every [`KEYFRAME_EVERY`] drops, or the original ground) and
//! replays the rest, in slices, as a shared link is brought back.
//!
//! [`KEYFRAME_EVERY`]: crate::share::keyframes::KEYFRAME_EVERY

use super::history::History;
use super::rain::Replaying;
use super::{Input, Show, Sketch};
use crate::settings::choices::Choice;
use crate::settings::sliders::Setting;
use crate::settings::toggles::Toggle;
use crate::share::keyframes::{continues, shared_until, Keyframes};
use crate::share::link::{self, MapLink};
use crate::share::replay::Replay;
use crate::share::timeline::Timeline;

/// The reader's past: the changes to undo and redo, a change still being
/// made, and heights kept to go back to at once.
#[derive(Clone, Debug, Default)]
pub(super) struct Past {
    pub history: History,
    pub open: Option<Open>,
    pub keyframes: Keyframes,
}

/// A change the reader is still making over several inputs.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Open {
    /// A slider's drag: its later moves are the same change.
    Drag(Setting),
    /// The rewind's drag, over the map as it was when the drag began.
    Rewind(Box<MapLink>),
}

impl Sketch {
    /// The reader's changes, oldest first, and how many are done.
    pub fn history(&self) -> &History {
        &self.past.history
    }

    /// The heights kept for going back.
    pub fn keyframes(&self) -> &Keyframes {
        &self.past.keyframes
    }

    /// The map as it is, or as it is to be once the replay under way is done.
    pub(super) fn moment(&self) -> MapLink {
        let mut link = self.link();
        if let Some(r) = &self.replaying {
            link.drops = r.replay.target();
        }
        link
    }

    /// What the rewind spans: the drops fallen (or to fall in the replay
    /// under way), or while it is dragged, those when the drag began.
    pub fn reach(&self) -> u64 {
        match &self.past.open {
            Some(Open::Rewind(base)) => base.drops,
            // (the drops of the moment, without writing its whole link:
            // this is read for every frame's status)
            _ => self.replaying.as_ref().map_or(self.terrain.drops(), |r| r.replay.target()),
        }
    }

    /// Keeps the heights now, to come back to them at once.
    pub(super) fn keep_heights_now(&mut self) {
        let link = self.link();
        let (exact, steps) = (self.timeline.is_exact(), self.terrain.steps());
        self.past.keyframes.keep_heights(&link, exact, steps, self.terrain.heights(), self.terrain.hand_moved());
    }

    /// Keeps the heights now on the rain's beat ([`Keyframes::keep_on_the_beat`]).
    pub(super) fn keep_heights_on_the_beat(&mut self) {
        let link = self.link();
        let (exact, steps) = (self.timeline.is_exact(), self.terrain.steps());
        self.past.keyframes.keep_on_the_beat(&link, exact, steps, self.terrain.heights(), self.terrain.hand_moved());
    }

    /// Before `input` is taken: if it begins a change of the reader's (a
    /// drag's later moves only amend it), the map as it is becomes a step
    /// of the history, and its link is returned to tell afterwards whether
    /// anything changed.
    pub(super) fn open_step(&mut self, input: &Input) -> Option<String> {
        if !input.makes_a_step() {
            return None;
        }
        if let (Input::Set(setting, _), Some(Open::Drag(dragged))) = (input, &self.past.open) {
            if setting == dragged {
                self.past.history.amend(input.clone());
                return None;
            }
        }
        self.past.open = match input {
            Input::Set(setting, _) => Some(Open::Drag(*setting)),
            _ => None,
        };
        let before = self.link();
        self.keep_heights_now();
        let query = link::write(&before);
        self.past.history.record(input.clone(), before);
        Some(query)
    }

    /// After the input a step began with: one that changed nothing a link
    /// holds is no step.
    pub(super) fn close_step(&mut self, before: Option<String>) {
        if before.is_some_and(|query| query == link::write(&self.link())) {
            self.past.history.forget_latest();
        }
    }

    /// Undo: back to the map just before the latest change, at the drops
    /// it was made at; the rain goes on from there if it was raining.
    pub(super) fn undo(&mut self) {
        self.past.open = None;
        if self.past.history.can_undo() == 0 {
            return;
        }
        self.keep_heights_now();
        if let Some(before) = self.past.history.undo(self.moment()) {
            self.go_to(before);
        }
    }

    /// Redo: forward to the map as it was when the change was undone.
    pub(super) fn redo(&mut self) {
        self.past.open = None;
        if self.past.history.can_redo() == 0 {
            return;
        }
        self.keep_heights_now();
        if let Some(after) = self.past.history.redo() {
            self.go_to(after);
        }
    }

    /// The rewind dragged to `drops` (at most the drops fallen when the
    /// drag began): the map as it was then, paused. The drag is one change,
    /// undone back to the map it began on.
    pub(super) fn rewind(&mut self, drops: u64) {
        let base = match &self.past.open {
            Some(Open::Rewind(base)) => (**base).clone(),
            _ => {
                let base = self.moment();
                self.keep_heights_now();
                self.past.history.record(Input::Rewind(drops), base.clone());
                self.past.open = Some(Open::Rewind(Box::new(base.clone())));
                base
            }
        };
        let drops = drops.min(base.drops);
        self.past.history.amend(Input::Rewind(drops));
        if self.looping {
            self.set_looping(false);
        }
        let mut target = base;
        target.drops = drops;
        target.timeline.retain(|c| c.drops <= drops);
        target.hand.retain(|t| t.drops <= drops);
        self.go_to(target);
    }

    /// A drag let go: the next move of a slider is a new change. A rewind
    /// that ends where it began changed nothing.
    pub(super) fn let_go(&mut self) {
        if let Some(Open::Rewind(base)) = self.past.open.take() {
            if link::write(&base) == link::write(&self.moment()) {
                self.past.history.forget_latest();
            }
        }
    }

    /// Goes to the map `target` describes: its ground, settings, choices,
    /// look and camera at once, its heights from the nearest ones known
    /// before it and a replay of the rest, whose progress is shown. The
    /// controls are shown as they are there.
    pub(super) fn go_to(&mut self, target: MapLink) {
        self.pen_up();
        if self.replaying.take().is_some() {
            self.shows.push(Show::Busy(false));
        }
        let here = self.link();
        let here_exact = self.timeline.is_exact();
        let seed = target.seed.unwrap_or(0);
        match shared_until(&here, &target) {
            None => {
                let ground = match &target.ground {
                    Some(named) => match self.grounds.get(named) {
                        Some(ground) => Some(ground),
                        // Its file was let go (or never given): asked for again
                        None => return self.wait_for(target),
                    },
                    None => None,
                };
                self.terrain.start_over(seed, target.settings.clone(), target.choices, ground);
                self.rivers.forget(self.terrain.grid());
                self.measuring.series.clear();
            }
            Some(shared) if here_exact => self.measuring.series.forget_after(shared),
            Some(_) => self.measuring.series.clear(),
        }
        // What does not restart the rain (the look): the ground is the
        // target's already
        for choice in Choice::ALL.into_iter().filter(|c| !c.restarts_the_rain()) {
            self.terrain.choose(choice, target.choices.get(choice));
        }
        // The start's values; the replay makes the changes since
        for setting in Setting::ALL {
            self.terrain.set(setting, target.settings.get(setting));
        }
        let from_here = here_exact && continues(&here, &target);
        let kept = self.past.keyframes.nearest(&target).filter(|k| !from_here || k.drops() > here.drops);
        let mut exact = true;
        // How many of the hand's touches the heights have taken
        let taken = match kept {
            Some(k) => {
                exact = k.is_exact();
                let (heights, drops, steps) = (k.heights().to_vec(), k.drops(), k.steps());
                let without_rain = k.without_rain().map(<[f32]>::to_vec);
                self.terrain.carry_on(&target.settings, heights, without_rain, drops, steps);
                k.link().hand.len()
            }
            None if from_here => here.hand.len(),
            None => {
                self.terrain.reset(seed);
                0
            }
        };
        self.timeline = Timeline::from_link(&target.settings, target.timeline.clone(), target.hand.clone());
        if !exact {
            self.timeline.overflow();
        }
        self.look_as(&target);
        self.rivers.route_again();
        self.rained_at = None;
        let mut replay = Replay::new(target.drops, target.timeline).with_hand(target.hand, taken);
        if !replay.advance(&mut self.terrain, 0) {
            self.replaying = Some(Replaying { replay, capped: false });
            self.shows.push(Show::Busy(true));
        }
        self.show_controls();
    }

    /// The toggles, scheme and camera of `target`.
    fn look_as(&mut self, target: &MapLink) {
        for toggle in Toggle::ALL {
            if self.toggles.get(toggle) != target.toggles.get(toggle) {
                self.toggle(toggle, target.toggles.get(toggle));
            }
        }
        self.look.pick_or_follow(target.scheme);
        self.orbit.look_from(target.camera);
    }

    /// Every control as the map now has it.
    fn show_controls(&mut self) {
        let t = &self.terrain;
        let shows = Setting::ALL.map(|s| Show::Setting(s, t.settings().get(s))).into_iter();
        let shows = shows.chain(Choice::ALL.map(|c| Show::Choice(c, t.choices().get(c))));
        let shows = shows.chain(Toggle::ALL.map(|toggle| Show::Toggle(toggle, self.toggles.get(toggle))));
        let shows: Vec<Show> = shows.chain([Show::Scheme(self.look.scheme().key), Show::Seed(t.seed())]).collect();
        self.shows.extend(shows);
    }
}
