//! Undo, redo and rewinding the rain, played natively frame by frame: each
//! goes back to the very heights, settings and look the map had, and the
//! rain carries on from there.
#![cfg(not(target_arch = "wasm32"))]

use hydraulic_erosion::draw::painter::NoPainter;
use hydraulic_erosion::draw::viewport::Size;
use hydraulic_erosion::settings::choices::Choice;
use hydraulic_erosion::settings::sliders::Setting;
use hydraulic_erosion::settings::toggles::Toggle;
use hydraulic_erosion::share::keyframes::{KEYFRAME_BYTES, KEYFRAME_EVERY};
use hydraulic_erosion::share::link;
use hydraulic_erosion::sketch::{Input, Show, Sketch, Start};
use hydraulic_erosion::terrain::Terrain;

const SIZE: Size = Size { width: 320.0, height: 180.0, ratio: 1.0 };

/// A clock that moves a millisecond each time it is read.
fn ticking() -> impl FnMut() -> f64 {
    let mut t = 0.0;
    move || {
        t += 1.0;
        t
    }
}

fn frames(sketch: &mut Sketch, n: u32) {
    let mut clock = ticking();
    for _ in 0..n {
        sketch.frame(&mut clock, &mut NoPainter);
    }
}

/// Frames until the replay under way (if any) is done; how many it took.
fn settle(sketch: &mut Sketch) -> u32 {
    let mut clock = ticking();
    let mut n = 0;
    while sketch.status().replaying {
        sketch.frame(&mut clock, &mut NoPainter);
        n += 1;
        assert!(n < 10_000, "the replay ends");
    }
    n
}

/// What undo must give back: the heights, every setting and choice, the
/// toggles, the scheme, the seed and the drops.
fn state(sketch: &Sketch) -> (u64, u64, String) {
    let s = sketch.status();
    let look = format!("{:?} {:?} {:?} {} {}", s.settings, s.choices, s.toggles, s.scheme, s.seed);
    (sketch.terrain().heights_hash(), sketch.terrain().drops(), look)
}

fn paused(seed: u32) -> Sketch {
    let mut sketch = Sketch::new(Start::fresh(seed, SIZE));
    sketch.input(Input::PlayPause, 0.0);
    sketch
}

#[test]
fn undo_gives_back_the_map_before_a_change_and_redo_brings_it_back() {
    let mut sketch = Sketch::new(Start::fresh(11, SIZE));
    frames(&mut sketch, 30);
    let before = state(&sketch);
    sketch.input(Input::Set(Setting::Erosion, 0.8), 0.0);
    sketch.input(Input::LetGo, 0.0);
    frames(&mut sketch, 20);
    sketch.input(Input::PlayPause, 0.0);
    let after = state(&sketch);
    assert_eq!(sketch.status().undo, 1);

    sketch.take_shows();
    sketch.input(Input::Undo, 0.0);
    settle(&mut sketch);
    assert_eq!(state(&sketch), before, "the heights, drops and settings just before the change");
    assert_eq!(sketch.terrain().settings().erosion(), 0.3);
    let shows = sketch.take_shows();
    assert!(shows.contains(&Show::Setting(Setting::Erosion, 0.3)), "the slider shows the value then");
    assert!(shows.contains(&Show::Seed(11)));
    assert_eq!((sketch.status().undo, sketch.status().redo), (0, 1));

    sketch.input(Input::Redo, 0.0);
    settle(&mut sketch);
    assert_eq!(state(&sketch), after);
    assert_eq!((sketch.status().undo, sketch.status().redo), (1, 0));
}

#[test]
fn after_undo_the_rain_carries_on_from_the_change_as_if_it_had_never_been_made() {
    let mut sketch = Sketch::new(Start::fresh(5, SIZE));
    let mut never_changed = Sketch::new(Start::fresh(5, SIZE));
    frames(&mut sketch, 10);
    frames(&mut never_changed, 10);
    sketch.input(Input::Set(Setting::Inertia, 0.6), 0.0);
    frames(&mut sketch, 15);
    sketch.input(Input::Undo, 0.0);
    assert!(sketch.status().looping, "still raining");
    assert_eq!(sketch.terrain().drops(), never_changed.terrain().drops(), "back at the change's drops");
    frames(&mut sketch, 7);
    frames(&mut never_changed, 7);
    assert_eq!(sketch.terrain().heights_hash(), never_changed.terrain().heights_hash());
    assert_eq!(link::write(&sketch.link()), link::write(&never_changed.link()));
}

#[test]
fn a_drag_is_one_change_and_a_change_of_nothing_is_none() {
    let mut sketch = paused(3);
    frames(&mut sketch, 2);
    for value in [0.4, 0.5, 0.6, 0.7] {
        sketch.input(Input::Set(Setting::Deposition, value), 0.0);
    }
    sketch.input(Input::LetGo, 0.0);
    sketch.input(Input::Set(Setting::Deposition, 0.2), 0.0);
    sketch.input(Input::LetGo, 0.0);
    sketch.input(Input::Toggle(Toggle::Rivers, sketch.status().toggles.get(Toggle::Rivers)), 0.0);
    sketch.input(Input::Choose(Choice::Layer, 0), 0.0);
    let steps: Vec<Input> = sketch.history().steps().iter().map(|s| s.change.clone()).collect();
    assert_eq!(steps, [Input::Set(Setting::Deposition, 0.7), Input::Set(Setting::Deposition, 0.2)]);
    sketch.input(Input::Undo, 0.0);
    assert_eq!(sketch.terrain().settings().get(Setting::Deposition), 0.7);
    sketch.input(Input::Undo, 0.0);
    assert_eq!(sketch.terrain().settings().get(Setting::Deposition), 0.3, "the drag undone at once");
}

#[test]
fn a_new_map_a_restart_and_a_choice_are_undone_to_the_map_before_them() {
    let mut sketch = Sketch::new(Start::fresh(21, SIZE));
    frames(&mut sketch, 12);
    let rained = state(&sketch);
    sketch.input(Input::NewMap { seed: 99 }, 0.0);
    frames(&mut sketch, 3);
    let new_map = state(&sketch);
    sketch.input(Input::Choose(Choice::MapSize, 1), 0.0);
    frames(&mut sketch, 3);
    let bigger = state(&sketch);
    sketch.input(Input::Restart, 0.0);
    frames(&mut sketch, 2);
    sketch.input(Input::PlayPause, 0.0);
    let restarted = state(&sketch);
    for expected in [&bigger, &new_map, &rained] {
        sketch.input(Input::Undo, 0.0);
        settle(&mut sketch);
        assert_eq!(&state(&sketch), expected);
    }
    for expected in [&new_map, &bigger, &restarted] {
        sketch.input(Input::Redo, 0.0);
        settle(&mut sketch);
        assert_eq!(&state(&sketch), expected);
    }
}

#[test]
fn the_look_is_undone_too_and_the_scheme_goes_back_to_the_sites() {
    let mut sketch = paused(8);
    sketch.input(Input::SiteTheme { dark: true }, 0.0);
    let site = sketch.status().scheme;
    sketch.input(Input::PickScheme("blueprint".into()), 0.0);
    sketch.input(Input::Toggle(Toggle::Debug, true), 0.0);
    sketch.input(Input::Undo, 0.0);
    assert!(!sketch.status().toggles.get(Toggle::Debug));
    sketch.input(Input::Undo, 0.0);
    assert_eq!(sketch.status().scheme, site);
    sketch.input(Input::SiteTheme { dark: false }, 0.0);
    assert_ne!(sketch.status().scheme, site, "the site's theme picks the scheme again");
}

#[test]
fn rewinding_shows_the_map_as_it_was_and_leaves_it_there_paused() {
    let mut sketch = Sketch::new(Start::fresh(4, SIZE));
    frames(&mut sketch, 10);
    sketch.input(Input::Set(Setting::Erosion, 0.7), 0.0);
    sketch.input(Input::LetGo, 0.0);
    frames(&mut sketch, 10);
    let end = state(&sketch);
    let reach = sketch.terrain().drops();
    assert_eq!(sketch.status().reach, reach);

    for to in [300, 3_100, 900] {
        sketch.input(Input::Rewind(to), 0.0);
        settle(&mut sketch);
        assert_eq!(sketch.status().reach, reach, "the range spans the drops of the drag's start");
        let mut fresh = Sketch::new(Start { link: sketch.link(), ..Start::fresh(0, SIZE) });
        settle(&mut fresh);
        assert_eq!(sketch.terrain().drops(), to);
        assert_eq!(sketch.terrain().heights_hash(), fresh.terrain().heights_hash(), "as its link replays it");
        assert_eq!(sketch.terrain().settings(), fresh.terrain().settings());
    }
    sketch.input(Input::Rewind(reach * 2), 0.0);
    settle(&mut sketch);
    assert_eq!(state(&sketch), end, "no further than the drops fallen");
    sketch.input(Input::Rewind(900), 0.0);
    sketch.input(Input::LetGo, 0.0);
    settle(&mut sketch);
    assert!(!sketch.status().looping, "paused");
    assert_eq!(sketch.status().reach, 900);
    assert_eq!(sketch.link().drops, 900, "a link made now says the drops");
    sketch.input(Input::Undo, 0.0);
    settle(&mut sketch);
    assert_eq!(state(&sketch), end, "the rewind is one change, undone");
}

#[test]
fn heights_are_kept_as_it_rains_so_undo_after_the_whole_rain_is_at_once() {
    let mut sketch = paused(1);
    sketch.input(Input::PlayPause, 0.0);
    // The article's 300,000 drops: 200 a frame
    frames(&mut sketch, 1500);
    assert_eq!(sketch.terrain().drops(), 300_000);
    let kept = sketch.keyframes().kept().len() as u64;
    assert_eq!(kept, 300_000 / KEYFRAME_EVERY);
    assert!(sketch.keyframes().bytes() <= KEYFRAME_BYTES);
    let rained = state(&sketch);
    sketch.input(Input::Set(Setting::SeaLevel, 0.3), 0.0);
    sketch.input(Input::Undo, 0.0);
    assert!(!sketch.status().replaying, "the heights before the change were kept");
    assert_eq!(state(&sketch), rained);
    sketch.input(Input::Rewind(155_000), 0.0);
    let frames_taken = settle(&mut sketch);
    assert!(frames_taken <= 1, "5,000 drops from the heights kept at 150,000, not 155,000 from the start");
    let mut replayed = Terrain::new(1);
    replayed.rain(155_000);
    assert_eq!(sketch.terrain().heights_hash(), replayed.heights_hash());
}

#[test]
fn undo_during_a_shared_maps_replay_goes_back_from_where_it_was_going() {
    let mut made = Sketch::new(Start::fresh(6, SIZE));
    frames(&mut made, 200);
    made.input(Input::PlayPause, 0.0);
    let query = link::write(&made.link());
    let mut sketch = Sketch::new(Start { link: link::read(&query).link, ..Start::fresh(0, SIZE) });
    frames(&mut sketch, 1);
    assert!(sketch.status().replaying);
    let partway = state(&sketch);
    sketch.input(Input::Toggle(Toggle::Rivers, false), 0.0);
    sketch.input(Input::Undo, 0.0);
    settle(&mut sketch);
    assert_eq!(state(&sketch), partway, "the toggle stopped the replay where it was");
    sketch.input(Input::Rewind(5_000), 0.0);
    sketch.input(Input::LetGo, 0.0);
    sketch.input(Input::Undo, 0.0);
    settle(&mut sketch);
    assert_eq!(state(&sketch), partway);
}
