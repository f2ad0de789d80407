//! Layers, measures, and the picture a frame gives.

use super::*;

#[test]
fn a_layer_shows_what_the_rain_did_without_stopping_it_and_travels_in_links() {
    let mut sketch = fresh(2);
    let mut painter = Recorder::default();
    frames(&mut sketch, &mut painter, 30);
    let relief = painter.pixels.clone();
    assert_eq!(sketch.status().layer_top, 0.0, "the relief has no scale");
    let mut tops = Vec::new();
    for layer in [Layer::Erosion, Layer::Deposition, Layer::Flow] {
        let drops = sketch.terrain().drops();
        sketch.input(Input::Choose(Choice::Layer, layer as usize), 0.0);
        frames(&mut sketch, &mut painter, 1);
        assert_eq!(sketch.terrain().drops(), drops + 200, "{layer:?}: the rain goes on");
        assert_ne!(painter.pixels, relief, "{layer:?} changes the picture");
        let top = sketch.status().layer_top;
        assert!(top > 0.0, "{layer:?}: its legend has a scale");
        tops.push(top);
        let query = link::write(&sketch.link());
        let back = link::read(&query).link;
        assert_eq!(back.choices.layer(), layer, "{query}");
    }
    assert!(tops[0] < 0.2 && tops[1] < 0.2, "erosion and deposition are heights: {tops:?}");
    assert!(tops[2] > 250.0, "a river gathers hundreds of cells: {tops:?}");
    assert!(link::write(&sketch.link()).contains("he-layer=flow"));
    // A preset keeps the layer the reader looks at
    sketch.input(Input::Choose(Choice::Preset, Preset::Landscape as usize), 0.0);
    assert_eq!(sketch.terrain().choices().layer(), Layer::Flow);
}

#[test]
fn the_measures_are_taken_as_the_rain_falls_and_where_it_stops() {
    let mut sketch = fresh(5);
    let mut painter = Recorder::default();
    sketch.input(Input::Toggle(Toggle::Measures, true), 0.0);
    frames(&mut sketch, &mut painter, 150);
    assert!(painter.calls.contains(&"measures"));
    let drops = sketch.terrain().drops();
    assert_eq!(drops, 30_000);
    let at: Vec<u64> = sketch.measures().iter().map(|s| s.0).collect();
    // One sample a MEASURE_EVERY drops, at most a rivers' rebuild late
    assert_eq!(at.len() as u64, drops / MEASURE_EVERY + 1, "{at:?}");
    assert!(at.windows(2).all(|w| w[1] / MEASURE_EVERY == w[0] / MEASURE_EVERY + 1), "{at:?}");
    let latest = sketch.status().measures;
    assert!(latest.values().iter().all(|v| v.is_finite()), "{latest:?}");
    assert_eq!(painter.measures.len(), at.len() - 1, "the panel drew the samples before the last frame's");
    // Paused, the map is measured where it stands
    sketch.input(Input::PlayPause, 0.0);
    frames(&mut sketch, &mut painter, 1);
    assert_eq!(sketch.status().measured_at, sketch.terrain().drops());
    // A restart starts the series again
    sketch.input(Input::Restart, 0.0);
    frames(&mut sketch, &mut painter, 1);
    assert_eq!(sketch.measures().len(), 1);
    assert_eq!(sketch.measures()[0].0, 0);
}

#[test]
fn the_measures_are_taken_whatever_rivers_are_drawn() {
    // Traced rivers (no routing drawn), no rivers, and the rivers of the
    // ground before the rain: the measures route the ground now themselves
    let inputs = [
        Input::Choose(Choice::RiverStyle, 1),
        Input::Toggle(Toggle::Rivers, false),
        Input::Toggle(Toggle::Original, true),
    ];
    for input in inputs {
        let mut sketch = fresh(6);
        let mut painter = Recorder::default();
        // (after some rain with the drainage drawn)
        frames(&mut sketch, &mut painter, 20);
        sketch.input(input.clone(), 0.0);
        frames(&mut sketch, &mut painter, 80);
        let at: Vec<u64> = sketch.measures().iter().map(|s| s.0).collect();
        assert_eq!(at, [200, 5_000, 10_000, 15_000, 20_000], "{input:?}");
    }
}

#[test]
fn the_3d_view_drapes_the_layer_over_the_ground_and_keeps_its_legend() {
    let mut sketch = fresh(2);
    let mut painter = Recorder::default();
    frames(&mut sketch, &mut painter, 30);
    sketch.input(Input::Toggle(Toggle::View, true), 0.0);
    frames(&mut sketch, &mut painter, 1);
    assert!(painter.drape.is_empty(), "the relief drapes nothing: the scheme's colours");
    sketch.input(Input::Choose(Choice::Layer, Layer::Erosion as usize), 0.0);
    frames(&mut sketch, &mut painter, 1);
    assert_eq!(painter.calls, ["view_3d"]);
    assert_eq!(painter.drape.len(), Grid::ARTICLE.cells() * 4, "a colour a cell");
    let first = painter.drape.clone();
    let top = sketch.status().layer_top;
    assert!(top > 0.0, "the legend's scale in 3D too");
    sketch.input(Input::Choose(Choice::Layer, Layer::Flow as usize), 0.0);
    frames(&mut sketch, &mut painter, 1);
    assert_ne!(painter.drape, first, "another layer, other colours");
    assert!(sketch.status().layer_top > 250.0, "flow counts cells");
    // Back to 2D, the map shows the same layer
    sketch.input(Input::Toggle(Toggle::View, false), 0.0);
    frames(&mut sketch, &mut painter, 1);
    assert!(painter.calls.contains(&"relief"));
}

#[test]
fn a_picture_frame_is_the_first_frame_without_its_measures_or_link() {
    let (mut framed, mut pictured) = (fresh(3), fresh(3));
    let (mut drawn, mut pictures) = (Recorder::default(), Recorder::default());
    framed.take_shows();
    pictured.take_shows();
    framed.frame(&mut ticking(), &mut drawn);
    pictured.picture_frame(&mut ticking(), &mut pictures);
    // The same rain and the same drawing
    assert_eq!(pictured.terrain().drops(), 200);
    assert_eq!(pictured.terrain().heights_hash(), framed.terrain().heights_hash());
    assert_eq!(pictures.calls, ["begin", "relief", "contours", "rivers"]);
    assert_eq!((pictures.calls.clone(), pictures.strokes), (drawn.calls.clone(), drawn.strokes));
    assert!(pictures.pixels == drawn.pixels);
    // What the frame does after drawing, the picture leaves to the page
    let offers_link = |shows: Vec<Show>| shows.iter().any(|show| matches!(show, Show::Link(_)));
    assert_eq!((framed.measures().len(), pictured.measures().len()), (1, 0));
    assert_eq!((offers_link(framed.take_shows()), offers_link(pictured.take_shows())), (true, false));
}
