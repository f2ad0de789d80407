//! Trees, the landscape preset and the 3D view.

use super::*;

#[test]
fn trees_stand_between_the_contours_and_the_rivers_follow_the_ground_and_come_back_from_a_link() {
    let mut a = fresh(5);
    let mut painter = Recorder::default();
    a.input(Input::Toggle(Toggle::Trees, true), 0.0);
    frames(&mut a, &mut painter, 1);
    assert_eq!(painter.calls, ["begin", "relief", "contours", "trees", "rivers"]);
    // The spots are sampled a few thousand candidates a frame: the forest
    // spreads out over frames rather than holding one up
    let mut counts = vec![painter.trees.len()];
    while a.status().trees_growing {
        frames(&mut a, &mut painter, 1);
        counts.push(painter.trees.len());
    }
    assert!(
        (4..30).contains(&counts.len()) && counts[0] * 3 < counts[counts.len() - 1],
        "trees frame by frame: {counts:?}"
    );
    let first = painter.trees.clone();
    assert!(first.len() > 300, "{} trees on a fresh island", first.len());
    assert_eq!(a.status().trees, first.len());
    // The sea rises over the lowland trees' ground
    a.input(Input::Set(Setting::SeaLevel, 0.45), 0.0);
    frames(&mut a, &mut painter, 1);
    assert!(painter.trees.len() < first.len(), "{} trees after the sea rose", painter.trees.len());
    let sea = a.terrain().settings().sea_level() as f32;
    let grid = a.terrain().grid();
    let heights = a.terrain().heights();
    assert!(painter.trees.iter().all(|t| heights[t.y as usize * grid.cols + t.x as usize] >= sea));
    frames(&mut a, &mut painter, 30);
    let query = link::write(&a.link());
    assert!(query.contains("he-trees=1"), "{query}");
    let mut b = Sketch::new(Start { link: link::read(&query).link, ..Start::fresh(0, SIZE) });
    let mut other = Recorder::default();
    while b.wants_frames() {
        b.frame(&mut ticking(), &mut other);
    }
    assert_eq!(b.terrain().heights_hash(), a.terrain().heights_hash());
    a.input(Input::PlayPause, 0.0);
    frames(&mut a, &mut painter, 1);
    assert_eq!(other.trees, painter.trees, "the same trees on the same ground");
}

#[test]
fn traced_rivers_are_a_style_of_drawing_that_keeps_the_rain_going() {
    let mut sketch = fresh(4);
    let mut painter = Recorder::default();
    frames(&mut sketch, &mut painter, 3);
    let drainage_strokes = painter.strokes;
    sketch.input(Input::Choose(Choice::RiverStyle, 1), 60.0);
    assert_eq!(sketch.terrain().drops(), 600, "the rain goes on");
    frames(&mut sketch, &mut painter, 1);
    assert_eq!(painter.calls, ["begin", "relief", "contours", "rivers"]);
    assert_eq!(painter.strokes, 1, "six traced rivers in one stroke (the drainage drew {drainage_strokes})");
    assert!(link::write(&sketch.link()).contains("he-river-style=traced"));
}

#[test]
fn the_landscape_preset_is_the_articles_landscape_and_the_rain_falls_on_it() {
    let mut sketch = fresh(6);
    let mut painter = Recorder::default();
    sketch.input(Input::Choose(Choice::Preset, 2), 0.0);
    let shows = sketch.take_shows();
    for show in [
        Show::Choice(Choice::Terrain, 3),
        Show::Choice(Choice::MapSize, 3),
        Show::Choice(Choice::RiverStyle, 1),
        Show::Setting(Setting::SeaLevel, 0.36),
        Show::Scheme("landscape"),
        Show::Toggle(Toggle::Trees, true),
    ] {
        assert!(shows.contains(&show), "{show:?} not in {shows:?}");
    }
    frames(&mut sketch, &mut painter, 2);
    assert_eq!(sketch.terrain().grid(), Grid::new(257, 257));
    assert_eq!(painter.calls, ["begin", "relief", "contours", "trees", "rivers"]);
    assert_eq!(painter.schemes.last(), Some(&"landscape"));
    assert_eq!(painter.strokes, 1, "the traced rivers");
    assert_eq!(sketch.terrain().drops(), 400, "the article's rain falls on it");
    while sketch.status().trees_growing {
        frames(&mut sketch, &mut painter, 1);
    }
    assert!(painter.trees.len() > 100, "{} trees", painter.trees.len());
    let query = link::write(&sketch.link());
    for part in [
        "he-terrain=diamond-square",
        "he-map-size=257x257",
        "he-preset=landscape",
        "he-river-style=traced",
        "he-scheme=landscape",
        "he-trees=1",
    ] {
        assert!(query.contains(part), "{part} not in {query}");
    }
    // And back to the article: no trees, the drainage's rivers
    sketch.input(Input::Choose(Choice::Preset, 0), 0.0);
    assert!(sketch.take_shows().contains(&Show::Toggle(Toggle::Trees, false)));
    assert_eq!(sketch.terrain().choices(), &hydraulic_erosion::settings::choices::Choices::default());
}

#[test]
fn trees_large_on_screen_show_the_branches_space_colonisation_grew() {
    let mut sketch = fresh(8);
    let mut painter = Recorder::default();
    sketch.input(Input::Toggle(Toggle::Trees, true), 0.0);
    frames(&mut sketch, &mut painter, 1);
    assert!(!painter.trees.is_empty() && painter.trees.iter().all(|t| t.skeleton.is_none()), "glyphs at 2 px a cell");
    // Fullscreen on a large display: 12 pixels a cell, crowns 9 to 24 px
    sketch.input(Input::Resize(Size::new(3840.0, 2160.0, 1.0)), 0.0);
    sketch.input(Input::PlayPause, 0.0);
    frames(&mut sketch, &mut painter, 1);
    let first = painter.trees.iter().filter(|t| t.skeleton.is_some()).count();
    assert_eq!(first, hydraulic_erosion::sketch::SKELETONS_PER_FRAME, "a few a frame");
    assert!(sketch.wants_frames(), "paused, it still wants frames while branches wait");
    let mut n = 0;
    while sketch.wants_frames() {
        frames(&mut sketch, &mut painter, 1);
        n += 1;
    }
    assert!(n > 1, "{n} more frames");
    let (large, small): (Vec<&Tree>, Vec<&Tree>) = painter.trees.iter().partition(|t| t.skeleton.is_some());
    assert!(!large.is_empty() && !small.is_empty(), "{} with branches, {} as glyphs", large.len(), small.len());
    let view = Viewport::fit(sketch.terrain().grid(), 3840.0, 2160.0);
    assert!(large.iter().all(|t| t.size as f64 * view.scale >= hydraulic_erosion::sketch::SKELETON_PIXELS));
    assert!(small.iter().all(|t| (t.size as f64 * view.scale) < hydraulic_erosion::sketch::SKELETON_PIXELS));
}

#[test]
fn the_3d_view_draws_in_place_of_the_map_turns_and_comes_back_from_a_link() {
    let mut a = fresh(6);
    let mut painter = Recorder::default();
    frames(&mut a, &mut painter, 2);
    a.input(Input::Toggle(Toggle::View, true), 0.0);
    frames(&mut a, &mut painter, 3);
    assert_eq!(painter.calls, ["view_3d"], "the 3D view alone");
    let (first, last) = (painter.scenes[0], painter.scenes[2]);
    assert!(last.0 > first.0, "the heights' edition moves on while it rains");
    assert_eq!(first.1, Camera::START);
    assert!(last.2 > 100, "the rivers lie on the ground: {} wet cells", last.2);
    // A drag turns it; the camera is in the status and the link
    a.input(Input::Orbit { dx: 120.0, dy: -40.0 }, 10.0);
    a.input(Input::Zoom(0.8), 10.0);
    frames(&mut a, &mut painter, 1);
    let turned = a.status().camera;
    assert!(turned.yaw < 0.0 && turned.pitch < Camera::START.pitch && turned.distance < Camera::START.distance);
    assert_eq!(painter.scenes.last().unwrap().1, turned);
    let query = link::write(&a.link());
    assert!(
        query.contains("he-view=1") && query.contains(&format!("he-camera={}", link::write_camera(&turned))),
        "{query}"
    );
    let b = Sketch::new(Start { link: link::read(&query).link, ..Start::fresh(0, SIZE) });
    assert_eq!((b.status().camera, b.status().toggles.get(Toggle::View)), (turned, true));
    // Back to the map, as it was drawn
    a.input(Input::ResetCamera, 20.0);
    a.input(Input::Toggle(Toggle::View, false), 20.0);
    frames(&mut a, &mut painter, 1);
    assert_eq!(painter.calls, ["begin", "relief", "contours", "rivers"]);
    assert_eq!(a.status().camera, Camera::START);
    assert!(!link::write(&a.link()).contains("he-camera"), "the starting view is not written");
}

#[test]
fn trees_stand_in_the_3d_view_on_the_land_where_the_map_has_them() {
    let mut s = fresh(4);
    let mut painter = Recorder::default();
    s.input(Input::Toggle(Toggle::Trees, true), 0.0);
    frames(&mut s, &mut painter, 30);
    let on_the_map = s.status().trees;
    s.input(Input::Toggle(Toggle::View, true), 0.0);
    frames(&mut s, &mut painter, 1);
    let standing = painter.trees_3d.last().unwrap();
    assert!(standing.len() > 100, "a forest stands: {} trees", standing.len());
    assert!((standing.len() as i64 - on_the_map as i64).abs() < 50, "about the map's {on_the_map}: {}", standing.len());
    let sea = s.status().settings.get(Setting::SeaLevel) as f32;
    assert!(standing.iter().all(|(_, ground)| *ground >= sea - 0.01), "none in the sea");
    s.input(Input::Toggle(Toggle::Trees, false), 0.0);
    frames(&mut s, &mut painter, 1);
    assert!(painter.trees_3d.last().unwrap().is_empty(), "none once they are off");
}

#[test]
fn a_drag_let_go_spins_on_and_stops_unless_the_reader_asks_for_less_motion() {
    let spin_frames = |reduced: bool, frames_held_still: u32| {
        let mut s = fresh(2);
        let mut painter = Recorder::default();
        s.input(Input::PlayPause, 0.0);
        s.input(Input::ReducedMotion(reduced), 0.0);
        s.input(Input::Toggle(Toggle::View, true), 0.0);
        s.input(Input::Orbit { dx: 30.0, dy: 0.0 }, 100.0);
        frames(&mut s, &mut painter, frames_held_still);
        s.input(Input::OrbitEnd, 200.0);
        let after_drag = s.status().camera;
        let mut n = 0;
        while s.wants_frames() && n < 1000 {
            frames(&mut s, &mut painter, 1);
            n += 1;
        }
        (n, after_drag.yaw - s.status().camera.yaw)
    };
    let (n, turned) = spin_frames(false, 1);
    assert!((20..200).contains(&n), "{n} frames of spin");
    // A geometric series: 30 px × (1 + 0.9 + 0.81 + ...) ≈ 300 px
    assert!((turned / hydraulic_erosion::draw::camera::RADIANS_PER_PIXEL - 300.0).abs() < 10.0, "{turned} rad");
    assert_eq!(spin_frames(true, 1), (0, 0.0), "reduced motion: still at once");
    assert_eq!(spin_frames(false, 2), (0, 0.0), "a drag that stopped before letting go: still");
}

#[test]
fn the_3d_view_waits_for_its_canvas_and_where_there_is_no_webgl2_the_map_stays() {
    let mut s = fresh(3);
    let mut painter = Recorder { answer_3d: Some(Drawn::NotYet), ..Recorder::default() };
    s.input(Input::PlayPause, 0.0);
    s.input(Input::Toggle(Toggle::View, true), 0.0);
    frames(&mut s, &mut painter, 1);
    assert!(s.wants_frames(), "paused, it tries again next frame");
    painter.answer_3d = Some(Drawn::Drawn);
    frames(&mut s, &mut painter, 1);
    assert!(!s.wants_frames());
    s.take_shows();
    painter.answer_3d = Some(Drawn::Unavailable);
    frames(&mut s, &mut painter, 1);
    assert_eq!(painter.calls, ["begin", "relief", "contours", "rivers"], "the map in the same frame");
    let shows = s.take_shows();
    assert!(shows.contains(&Show::No3d) && shows.contains(&Show::Toggle(Toggle::View, false)), "{shows:?}");
    assert!(!s.status().toggles.get(Toggle::View));
}

#[test]
fn turning_the_3d_view_leaves_a_replay_going() {
    let mut a = fresh(9);
    let mut painter = Recorder::default();
    frames(&mut a, &mut painter, 5);
    let query = link::write(&a.link()) + "&he-view=1";
    let mut b = Sketch::new(Start { link: link::read(&query).link, ..Start::fresh(0, SIZE) });
    assert!(b.status().replaying);
    b.input(Input::Orbit { dx: 5.0, dy: 5.0 }, 0.0);
    b.input(Input::Zoom(1.1), 0.0);
    b.input(Input::OrbitEnd, 0.0);
    assert!(b.status().replaying, "looking is not changing the map");
    while b.wants_frames() {
        b.frame(&mut ticking(), &mut painter);
    }
    assert_eq!(b.terrain().heights_hash(), a.terrain().heights_hash());
}

#[test]
fn the_3d_view_grows_its_trees_over_frames_and_rests_when_paused_once_they_stand() {
    let mut s = fresh(4);
    let mut painter = Recorder::default();
    s.input(Input::PlayPause, 0.0);
    s.input(Input::Toggle(Toggle::View, true), 0.0);
    s.input(Input::Toggle(Toggle::Trees, true), 0.0);
    frames(&mut s, &mut painter, 1);
    assert!(s.status().trees_growing && s.wants_frames(), "the forest spreads over frames");
    let mut n = 1;
    while s.wants_frames() && n < 200 {
        frames(&mut s, &mut painter, 1);
        n += 1;
    }
    assert!(!s.wants_frames(), "paused, it rests once the forest stands ({n} frames)");
    assert!(s.status().trees > 100 && !s.status().trees_growing);
    assert_eq!(painter.trees_3d.last().unwrap().len(), s.status().trees);
}
