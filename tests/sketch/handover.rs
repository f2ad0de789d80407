//! A sketch handed over to another build carries on as if it never had been.

use super::*;

/// Plays `inputs` (each before its frame) on both sketches, frame by frame
/// on the same clock, and checks they stay one map.
fn play_both(a: &mut Sketch, b: &mut Sketch, inputs: &[(u32, Input)], frames: u32) {
    let (mut pa, mut pb) = (Recorder::default(), Recorder::default());
    let (mut ca, mut cb) = (ticking(), ticking());
    for frame in 0..frames {
        for (_, input) in inputs.iter().filter(|(at, _)| *at == frame) {
            a.input(input.clone(), 0.0);
            b.input(input.clone(), 0.0);
        }
        a.frame(&mut ca, &mut pa);
        b.frame(&mut cb, &mut pb);
        assert_eq!(a.terrain().heights(), b.terrain().heights(), "frame {frame}");
        assert_eq!(a.status().of_the_map(), b.status().of_the_map(), "frame {frame}");
    }
    assert_eq!(link::write(&a.link()), link::write(&b.link()));
}

/// A sketch made anew from another's handover, on the same page.
fn handed_over(sketch: &Sketch) -> Sketch {
    let (link, carried) = sketch.handover();
    let start = Start { link, ..Start::fresh(0, SIZE) };
    Sketch::resume(start, carried).expect("the heights fit")
}

#[test]
fn a_sketch_handed_over_carries_on_exactly_as_if_it_had_never_been() {
    let mut a = fresh(12);
    let mut painter = Recorder::default();
    let inputs = [(3, Input::Set(Setting::Erosion, 0.55)), (9, Input::Toggle(Toggle::Debug, true))];
    let mut clock = ticking();
    for frame in 0..20 {
        for (_, input) in inputs.iter().filter(|(at, _)| *at == frame) {
            a.input(input.clone(), 0.0);
        }
        a.frame(&mut clock, &mut painter);
    }
    let mut b = handed_over(&a);
    assert_eq!((b.terrain().drops(), b.status().frames, b.status().changes), (a.terrain().drops(), 20, 1));
    assert!(b.status().looping && !b.status().replaying);
    // The same drops fall next, with the changes a reader makes after
    let later = [(2, Input::Set(Setting::Inertia, 0.2)), (4, Input::PlayPause), (5, Input::PlayPause)];
    play_both(&mut a, &mut b, &later, 12);
}

#[test]
fn a_replay_handed_over_goes_on_from_where_it_was() {
    let query = "he-seed=4&he-drops=60000&he-t=1000e.6_30000e.5";
    let start = || Start { link: link::read(query).link, ..Start::fresh(4, SIZE) };
    let mut a = Sketch::new(start());
    // A slow clock: a slice or two of the replay a frame
    let mut slow = {
        let mut t = 0.0;
        move || {
            t += 5.0;
            t
        }
    };
    let mut painter = Recorder::default();
    a.frame(&mut slow, &mut painter);
    assert!(a.status().replaying && a.terrain().drops() < 60_000, "{}", a.terrain().drops());
    let mut b = handed_over(&a);
    assert!(b.status().replaying);
    assert_eq!(b.take_shows(), [], "still busy: nothing new to show");
    play_both(&mut a, &mut b, &[], 40);
    assert_eq!(a.terrain().drops(), 60_000);
    let mut whole = Sketch::new(start());
    frames(&mut whole, &mut painter, 40);
    assert_eq!(b.terrain().heights(), whole.terrain().heights(), "the link's own map");
}

#[test]
fn a_handover_keeps_a_timeline_too_long_for_a_link_as_inexact() {
    let mut a = fresh(2);
    let mut painter = Recorder::default();
    for k in 0..400 {
        a.input(Input::Set(Setting::Erosion, if k % 2 == 0 { 0.4 } else { 0.5 }), 0.0);
        frames(&mut a, &mut painter, 1);
    }
    assert!(!a.status().exact);
    let b = handed_over(&a);
    assert!(!b.status().exact);
    assert_eq!(b.terrain().heights(), a.terrain().heights());
}

#[test]
fn heights_of_another_map_are_not_carried_on() {
    let (link, mut carried) = fresh(3).handover();
    carried.heights.pop();
    assert!(Sketch::resume(Start { link, ..Start::fresh(0, SIZE) }, carried).is_none());
}
