//! Native benchmarks of the simulation: `cargo bench`.
//!
//! Times, at the default settings and seed 1: 300,000 drops (with ns per
//! step), the rivers (flood + routing + accumulation), the contour geometry
//! and the relief image, each the median of several runs. Also the share of
//! sea before and after the rain, to compare with the original's figures.
//! The same calls timed in Chromium against the original are in
//! `tests/bench/browser_bench.mjs`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use hydraulic_erosion::color_schemes::scheme;
use hydraulic_erosion::terrain::{Terrain, RAIN_TARGET};

fn median(mut runs: Vec<Duration>) -> Duration {
    runs.sort();
    runs[runs.len() / 2]
}

fn time<T>(runs: usize, mut work: impl FnMut() -> T) -> Duration {
    median(
        (0..runs)
            .map(|_| {
                let start = Instant::now();
                black_box(work());
                start.elapsed()
            })
            .collect(),
    )
}

fn sea_share(t: &Terrain) -> f64 {
    let sea = t.settings().sea_level();
    t.heights().iter().filter(|&&h| (h as f64) < sea).count() as f64 / t.heights().len() as f64 * 100.0
}

fn main() {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;

    let mut rain_runs = Vec::new();
    let mut steps = 0;
    let mut sea_before = 0.0;
    let mut sea_after = 0.0;
    let mut eroded = Terrain::new(1);
    for _ in 0..3 {
        let mut t = Terrain::new(1);
        sea_before = sea_share(&t);
        let start = Instant::now();
        t.rain(RAIN_TARGET as u32);
        rain_runs.push(start.elapsed());
        steps = t.steps();
        sea_after = sea_share(&t);
        eroded = t;
    }
    let rain = median(rain_runs);
    println!(
        "300,000 drops       {:8.1} ms  ({:.1} steps a drop, {:.1} ns a step)",
        ms(rain),
        steps as f64 / RAIN_TARGET as f64,
        rain.as_nanos() as f64 / steps as f64
    );
    println!("sea before / after  {sea_before:7.1} % / {sea_after:.1} %");

    let island = time(10, || Terrain::new(1));
    println!("new terrain         {:8.3} ms  (the island: 6 octaves of noise a cell)", ms(island));

    let rivers = time(30, || eroded.rivers().water[0]);
    let contours = time(30, || eroded.contours().regular.len());
    let relief = time(30, || eroded.relief(scheme("site_dark").unwrap())[0]);
    let frame_rain = time(30, || eroded.rain(200));
    println!("rivers              {:8.3} ms  (flood + routing + accumulation)", ms(rivers));
    println!("contours            {:8.3} ms  (11 levels, geometry only)", ms(contours));
    println!("relief              {:8.3} ms  (320 × 180 RGBA)", ms(relief));

    // A raining frame at the defaults: 200 drops, relief and contours every
    // frame, rivers one frame in 15
    let parts = [
        ("rain (200 drops)", ms(frame_rain)),
        ("relief", ms(relief)),
        ("contours", ms(contours)),
        ("rivers / 15", ms(rivers) / 15.0),
    ];
    let total: f64 = parts.iter().map(|(_, t)| t).sum();
    println!("a raining frame     {total:8.3} ms of simulation:");
    for (name, t) in parts {
        println!("  {name:18}{t:8.3} ms  {:4.0} %", t / total * 100.0);
    }
}
