//! A reader's session: the rain's target and pace, reduced motion, links,
//! the scheme, toggles and presets, and a session brought back from its link.

use super::*;

#[test]
fn the_rain_stops_once_at_the_target_and_play_carries_on() {
    let mut sketch = fresh(2);
    let mut painter = Recorder::default();
    sketch.input(Input::Set(Setting::DropsPerFrame, 1000.0), 0.0);
    sketch.input(Input::Toggle(Toggle::Rivers, false), 0.0);
    sketch.input(Input::Set(Setting::ContourLevels, 0.0), 0.0);
    let mut n = 0;
    while sketch.wants_frames() {
        frames(&mut sketch, &mut painter, 1);
        n += 1;
        assert!(sketch.terrain().drops() <= RAIN_TARGET);
    }
    assert_eq!((n, sketch.terrain().drops()), (300, RAIN_TARGET));
    assert_eq!(painter.calls, ["begin", "relief"], "no contours or rivers when they are off");
    assert!(sketch.take_shows().contains(&Show::PlayState { looping: false }));
    sketch.input(Input::PlayPause, 0.0);
    frames(&mut sketch, &mut painter, 2);
    assert!(sketch.wants_frames(), "play carries on past the target");
    assert_eq!(sketch.terrain().drops(), RAIN_TARGET + 2000);
}

#[test]
fn reduced_motion_starts_paused_and_a_link_with_drops_is_brought_back_then_paused() {
    let mut start = Start::fresh(3, SIZE);
    start.reduced_motion = true;
    let mut sketch = Sketch::new(start);
    assert!(!sketch.wants_frames());
    let mut painter = Recorder::default();
    frames(&mut sketch, &mut painter, 1);
    assert_eq!(sketch.terrain().drops(), 0, "drawn, not raining");

    let reading = link::read("he-seed=3&he-drops=50000&he-t=20000e.6_10000b4");
    let mut sketch = Sketch::new(Start { link: reading.link, ..Start::fresh(3, SIZE) });
    assert_eq!(sketch.take_shows(), [Show::Busy(true)]);
    // A clock that moves 1 ms a read lets a slice rain about a dozen batches
    frames(&mut sketch, &mut painter, 1);
    let first = sketch.terrain().drops();
    assert!(first > 0 && first < 50_000, "a slice, not the whole replay ({first})");
    assert_eq!(painter.progress, Some((first, 50_000, false)));
    assert_eq!(painter.calls.last(), Some(&"progress"));
    let mut n = 1;
    while sketch.wants_frames() {
        frames(&mut sketch, &mut painter, 1);
        n += 1;
    }
    assert!(n > 2, "{n} frames");
    assert_eq!(sketch.terrain().drops(), 50_000);
    assert_eq!((sketch.terrain().settings().erosion(), sketch.terrain().settings().brush_radius()), (0.6, 4));
    let shows = sketch.take_shows();
    assert!(shows.contains(&Show::Setting(Setting::Erosion, 0.6)) && shows.contains(&Show::Busy(false)), "{shows:?}");
    assert!(!sketch.status().looping, "shown paused, as shared");
}

#[test]
fn a_readers_input_stops_a_replay_where_it_is_keeping_the_changes_made() {
    let reading = link::read("he-seed=4&he-drops=400000&he-t=1000e.6_390000e.9");
    let mut sketch = Sketch::new(Start { link: reading.link, ..Start::fresh(4, SIZE) });
    let mut painter = Recorder::default();
    frames(&mut sketch, &mut painter, 1);
    sketch.take_shows();
    // Not the reader's: the replay goes on
    sketch.input(Input::Resize(Size::new(300.0, 200.0, 1.0)), 0.0);
    sketch.input(Input::SiteTheme { dark: true }, 0.0);
    assert!(sketch.status().replaying);
    sketch.input(Input::Set(Setting::ContourLevels, 4.0), 0.0);
    let status = sketch.status();
    assert!(!status.replaying && !status.looping);
    assert_eq!((status.changes, status.settings.erosion()), (1, 0.6));
    assert!(sketch.take_shows().contains(&Show::Busy(false)));
    assert!(!link::write(&sketch.link()).contains("390000"));
}

#[test]
fn the_scheme_follows_the_site_until_the_reader_picks_one() {
    let mut sketch = fresh(5);
    sketch.input(Input::SiteTheme { dark: true }, 0.0);
    assert_eq!(sketch.take_shows(), [Show::Scheme("site_dark")]);
    sketch.input(Input::SiteTheme { dark: true }, 0.0);
    assert_eq!(sketch.take_shows(), []);
    sketch.input(Input::PickScheme("blueprint".into()), 0.0);
    sketch.input(Input::SiteTheme { dark: false }, 0.0);
    assert_eq!(sketch.status().scheme, "blueprint");
    sketch.input(Input::PickScheme("no such scheme".into()), 0.0);
    assert_eq!(sketch.status().scheme, "blueprint");
    let mut painter = Recorder::default();
    frames(&mut sketch, &mut painter, 1);
    assert_eq!(painter.schemes, ["blueprint"]);
}

#[test]
fn the_link_is_offered_once_a_second_while_it_rains_and_at_once_when_paused() {
    let mut sketch = fresh(6);
    let mut painter = Recorder::default();
    let links = |sketch: &mut Sketch| sketch.take_shows().into_iter().filter(|s| matches!(s, Show::Link(_))).count();
    let mut t = 0.0;
    for _ in 0..120 {
        t += 1000.0 / 60.0;
        sketch.frame(&mut || t, &mut painter);
    }
    assert_eq!(links(&mut sketch), 2, "two seconds of rain, two links");
    sketch.input(Input::PlayPause, t);
    sketch.frame(&mut || t + 5.0, &mut painter);
    assert_eq!(links(&mut sketch), 1);
    sketch.input(Input::Set(Setting::Erosion, 0.5), t + 10.0);
    sketch.frame(&mut || t + 20.0, &mut painter);
    let shows = sketch.take_shows();
    let Some(Show::Link(query)) = shows.first() else { panic!("{shows:?}") };
    assert!(sketch.status().exact);
    assert!(query.ends_with("he-drops=24000&he-t=24000e.5"), "{query}");
    sketch.frame(&mut || t + 30.0, &mut painter);
    assert_eq!(links(&mut sketch), 0, "nothing new, nothing offered");
    sketch.input(Input::Share, t + 40.0);
    let shows = sketch.take_shows();
    assert!(matches!(shows.as_slice(), [Show::Link(_), Show::Shared { exact: true }]), "{shows:?}");
    sketch.input(Input::Resting, t + 50.0);
    assert_eq!(links(&mut sketch), 1, "resting, the address bar is brought up to date");
}

#[test]
fn toggles_change_what_is_drawn_and_restart_and_new_maps_start_a_fresh_timeline() {
    let mut sketch = fresh(7);
    let mut painter = Recorder::default();
    frames(&mut sketch, &mut painter, 2);
    sketch.input(Input::Toggle(Toggle::Debug, true), 0.0);
    frames(&mut sketch, &mut painter, 1);
    assert_eq!(painter.calls, ["begin", "relief", "contours", "rivers", "debug"]);
    sketch.input(Input::Set(Setting::Inertia, 0.3), 0.0);
    assert_eq!(sketch.status().changes, 1);
    sketch.input(Input::Restart, 0.0);
    assert_eq!((sketch.terrain().drops(), sketch.status().changes), (0, 0));
    assert_eq!(sketch.link().settings.inertia(), 0.3, "a restart starts from the settings in force");
    sketch.input(Input::NewMap { seed: 99 }, 0.0);
    assert_eq!(sketch.status().seed, 99);
    sketch.take_shows();
    sketch.input(Input::Set(Setting::BrushRadius, 2.6), 0.0);
    assert_eq!(sketch.take_shows(), [Show::Setting(Setting::BrushRadius, 3.0)], "brought onto its step, and shown");
}

/// A whole reader's session, played as inputs between frames, and its link
/// opened by a second sketch: the same heights, settings and picture.
#[test]
fn a_session_played_as_inputs_comes_back_from_its_link_to_the_bit() {
    let mut a = fresh(8);
    let mut painter = Recorder::default();
    let mut t = 0.0;
    let script: [(u32, Option<Input>); 9] = [
        (5, Some(Input::Set(Setting::Erosion, 0.55))),
        (3, Some(Input::Set(Setting::DropsPerFrame, 400.0))),
        (4, Some(Input::Set(Setting::SeaLevel, 0.27))),
        (1, Some(Input::Set(Setting::SeaLevel, 0.29))),
        (1, Some(Input::Set(Setting::SeaLevel, 0.31))),
        (2, Some(Input::Toggle(Toggle::Original, true))),
        (2, Some(Input::Toggle(Toggle::Original, false))),
        (6, Some(Input::PlayPause)),
        (1, Some(Input::Set(Setting::BrushRadius, 5.0))),
    ];
    for (n, input) in script {
        for _ in 0..n {
            t += 16.0;
            a.frame(&mut || t, &mut painter);
        }
        if let Some(input) = input {
            a.input(input, t);
        }
    }
    a.frame(&mut || t, &mut painter);
    let query = link::write(&a.link());
    let reading = link::read(&query);
    assert!(reading.warnings.is_empty());
    let mut b = Sketch::new(Start { link: reading.link, ..Start::fresh(0, SIZE) });
    let mut other = Recorder::default();
    while b.wants_frames() {
        b.frame(&mut ticking(), &mut other);
    }
    assert_eq!(b.terrain().heights_hash(), a.terrain().heights_hash());
    let (sa, sb) = (a.status(), b.status());
    assert_eq!((sb.settings, sb.toggles, sb.drops, sb.changes), (sa.settings, sa.toggles, sa.drops, sa.changes));
    assert_eq!(other.calls, painter.calls);
    assert_eq!(other.strokes, painter.strokes);
}

#[test]
fn the_rain_keeps_the_display_pace_when_frames_come_late_and_picks_up_gently_after_a_stall() {
    let mut sketch = fresh(9);
    let mut painter = Recorder::default();
    let mut rain_at = |sketch: &mut Sketch, t: f64| {
        let before = sketch.terrain().drops();
        sketch.frame(&mut || t, &mut painter);
        sketch.terrain().drops() - before
    };
    assert_eq!(rain_at(&mut sketch, 1000.0), 200, "the first frame rains one frame's worth");
    assert_eq!(rain_at(&mut sketch, 1016.0), 200, "a frame on time rains the drops per frame");
    assert_eq!(rain_at(&mut sketch, 1066.0), 600, "three display frames later, three frames' worth");
    assert_eq!(rain_at(&mut sketch, 1070.0), 200, "never less than one frame's worth");
    assert_eq!(rain_at(&mut sketch, 6070.0), 800, "after a stall, at most four frames' worth");
    sketch.input(Input::PlayPause, 6100.0);
    sketch.input(Input::PlayPause, 9100.0);
    assert_eq!(rain_at(&mut sketch, 9116.0), 200, "play starts the pace afresh");
    sketch.input(Input::Resting, 9200.0);
    assert_eq!(rain_at(&mut sketch, 19200.0), 200, "so does coming back from a rest");
    assert_eq!(sketch.terrain().drops() % 200, 0);
}

#[test]
fn frames_drawn_forty_times_a_second_rain_sixty_frames_worth_a_second() {
    // As the 3D view without a GPU draws: a frame every 25 ms
    let mut sketch = fresh(11);
    let mut painter = Recorder::default();
    let mut t = 0.0;
    sketch.frame(&mut || t, &mut painter);
    let before = sketch.terrain().drops();
    for _ in 0..40 {
        t += 25.0;
        sketch.frame(&mut || t, &mut painter);
    }
    assert_eq!(sketch.terrain().drops() - before, 60 * 200, "a second's rain at 40 frames a second");
}

#[test]
fn late_frames_still_stop_exactly_at_the_target() {
    let mut sketch = fresh(10);
    let mut painter = Recorder::default();
    sketch.input(Input::Set(Setting::DropsPerFrame, 770.0), 0.0);
    sketch.input(Input::Toggle(Toggle::Rivers, false), 0.0);
    sketch.input(Input::Set(Setting::ContourLevels, 0.0), 0.0);
    let mut t = 0.0;
    while sketch.wants_frames() {
        t += 50.0;
        sketch.frame(&mut || t, &mut painter);
    }
    assert_eq!(sketch.terrain().drops(), RAIN_TARGET);
}

#[test]
fn a_preset_moves_its_controls_and_a_tutorial_session_comes_back_from_its_link() {
    let mut a = fresh(12);
    let mut painter = Recorder::default();
    frames(&mut a, &mut painter, 2);
    a.take_shows();
    a.input(Input::Choose(Choice::Preset, 1), 40.0);
    let shows = a.take_shows();
    for show in [
        Show::Choice(Choice::Terrain, 1),
        Show::Choice(Choice::MapSize, 2),
        Show::Choice(Choice::Preset, 1),
        Show::Setting(Setting::Talus, 0.008),
        Show::Setting(Setting::SeaLevel, 0.0),
    ] {
        assert!(shows.contains(&show), "{show:?} not in {shows:?}");
    }
    assert_eq!((a.terrain().drops(), a.terrain().grid()), (0, Grid::new(512, 512)));
    assert_eq!(a.terrain().choices().preset(), Preset::Tutorial);
    // Rain, steepen the talus mid-rain, then a ridged map of four octaves
    let mut t = 100.0;
    let mut run = |sketch: &mut Sketch, n: u32, painter: &mut Recorder| {
        for _ in 0..n {
            t += 16.0;
            sketch.frame(&mut || t, painter);
        }
        t
    };
    let now = run(&mut a, 4, &mut painter);
    a.input(Input::Set(Setting::Talus, 0.02), now);
    let now = run(&mut a, 3, &mut painter);
    a.input(Input::Choose(Choice::Terrain, 2), now);
    a.input(Input::Set(Setting::Octaves, 4.0), now);
    let now = run(&mut a, 6, &mut painter);
    a.input(Input::Set(Setting::Talus, 0.004), now);
    run(&mut a, 5, &mut painter);
    assert_eq!(a.terrain().drops(), 2_200);
    assert_eq!(a.status().changes, 1, "the talus change after the new map is in the timeline");
    let query = link::write(&a.link());
    assert!(query.contains("he-terrain=ridged&he-map-size=512x512&he-preset=tutorial"), "{query}");
    let reading = link::read(&query);
    assert!(reading.warnings.is_empty(), "{:?}", reading.warnings);
    let mut b = Sketch::new(Start { link: reading.link, ..Start::fresh(0, SIZE) });
    while b.wants_frames() {
        b.frame(&mut ticking(), &mut Recorder::default());
    }
    assert_eq!(b.terrain().heights_hash(), a.terrain().heights_hash());
    assert_eq!((b.status().settings, b.status().choices), (a.status().settings, a.status().choices));
}

#[test]
fn the_tutorials_rain_stops_at_its_hundred_batches() {
    let mut sketch = fresh(3);
    sketch.input(Input::Choose(Choice::Preset, 1), 0.0);
    sketch.input(Input::Set(Setting::DropsPerFrame, 1000.0), 0.0);
    sketch.input(Input::Toggle(Toggle::Rivers, false), 0.0);
    sketch.input(Input::Set(Setting::ContourLevels, 0.0), 0.0);
    let mut painter = Recorder::default();
    let mut n = 0;
    while sketch.wants_frames() {
        frames(&mut sketch, &mut painter, 1);
        n += 1;
    }
    assert_eq!((n, sketch.terrain().drops()), (100, 100_000));
}
