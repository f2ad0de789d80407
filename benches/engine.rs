//! Native benchmarks of the simulation: `cargo bench`.
//!
//! Times, at the default settings and seed 1: 300,000 drops (with ns per
//! step), the rivers (flood + routing + accumulation), the contour geometry
//! and the relief image, each the median of several runs. Also the share of
//! sea before and after the rain, to compare with the original's figures.
//! Then the same work per cell on each map size, and the tutorial's pipeline
//! at 512 × 512 (its preset: warped fBm, 100 × 1,000 drops each followed by a
//! thermal pass, flow accumulation). Last, the hand's tools: a move of the
//! pointer to its frame drawn (the stamps and the rivers routed again, the
//! painting aside), and how long a link's strokes get for 10, 100 and 1,000
//! strokes. And opening a 3601² SRTM tile as the map's ground: read, fitted
//! to 2048 × 2048, and the sketch's first frame on it. Then the command's
//! `render`, and an experiment: how many drops rain side by side would
//! have to run again, on 2048² and 8192² maps.
//! The same calls timed in Chromium against the original are in
//! `tests/bench/browser_bench.mjs`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use rand_pcg::Pcg32;

use hydraulic_erosion::draw::color_schemes::scheme;
use hydraulic_erosion::draw::map_view::MapView;
use hydraulic_erosion::draw::painter::NoPainter;
use hydraulic_erosion::draw::viewport::Size;
use hydraulic_erosion::erosion::brush::Brush;
use hydraulic_erosion::erosion::droplet::{self, DropRules};
use hydraulic_erosion::flora::trees::{skeleton, Forest};
use hydraulic_erosion::ground::{diamond_square, imported};
use hydraulic_erosion::morphometry::measures::Measures;
use hydraulic_erosion::raster::fingerprint::fingerprint;
use hydraulic_erosion::raster::grid::Grid;
use hydraulic_erosion::raster::unit_random::unit_f64;
use hydraulic_erosion::sculpt::stamp::{Stamp, Tool};
use hydraulic_erosion::sculpt::stroke::{Hand, Touch};
use hydraulic_erosion::settings::choices::{Choice, Choices, Preset, MAP_SIZES};
use hydraulic_erosion::settings::sliders::Setting;
use hydraulic_erosion::settings::sliders::Settings;
use hydraulic_erosion::share::elevation::{self, Encoding};
use hydraulic_erosion::share::ground_link::GroundLink;
use hydraulic_erosion::share::strokes;
use hydraulic_erosion::sketch::{Input, Pointing, Sketch, Start, SPOT_CANDIDATES_PER_FRAME};
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

    let mut map = MapView::default();
    let rivers = time(30, || map.rivers(&eroded).water[0]);
    let contours = time(30, || MapView::default().contours(&eroded).regular.len());
    // The whole relief (a fresh view each time), then as a raining frame
    // paints it: only where the frame's 200 drops changed the ground
    let site_dark = scheme("site_dark").unwrap();
    let relief = time(30, || MapView::default().relief(&eroded, site_dark)[0]);
    map.relief(&eroded, site_dark);
    let frame_rain = time(30, || eroded.rain(200));
    let relief_after_rain = time(30, || {
        eroded.rain(200);
        map.relief(&eroded, site_dark)[0]
    })
    .saturating_sub(frame_rain);
    println!("rivers              {:8.3} ms  (flood + routing + accumulation)", ms(rivers));
    let drainage = map.rivers_now(&eroded).clone();
    let measures = time(30, || Measures::of(&eroded, &drainage).concavity);
    println!(
        "measures            {:8.3} ms  (the four, given the rivers' routing; with it {:.3} ms)",
        ms(measures),
        ms(measures + rivers)
    );
    println!("contours            {:8.3} ms  (11 levels, geometry only)", ms(contours));
    println!(
        "relief              {:8.3} ms  (320 × 180 RGBA; {:.3} ms where a frame's 200 drops changed the ground)",
        ms(relief),
        ms(relief_after_rain)
    );

    // A raining frame at the defaults: 200 drops, the relief where they
    // fell and contours every frame, rivers one frame in 15
    let parts = [
        ("rain (200 drops)", ms(frame_rain)),
        ("relief", ms(relief_after_rain)),
        ("contours", ms(contours)),
        ("rivers / 15", ms(rivers) / 15.0),
    ];
    let total: f64 = parts.iter().map(|(_, t)| t).sum();
    println!("a raining frame     {total:8.3} ms of simulation:");
    for (name, t) in parts {
        println!("  {name:18}{t:8.3} ms  {:4.0} %", t / total * 100.0);
    }

    // Paused: the ground unchanged, the relief and contours are kept
    map.contours(&eroded);
    let paused = time(30, || (map.relief(&eroded, site_dark)[0], map.contours(&eroded).regular.len()));
    println!("a paused frame      {:8.3} ms  (relief and contours kept from the frame before)", ms(paused));

    println!("per cell, by map size (the island; 300,000 drops on the article's map, as many per cell on the others):");
    for (k, grid) in MAP_SIZES.iter().enumerate() {
        let mut choices = Choices::default();
        choices.set(Choice::MapSize, k);
        let cells = grid.cells() as f64;
        let drops = (RAIN_TARGET as f64 * cells / MAP_SIZES[0].cells() as f64) as u32;
        let mut t = Terrain::with_choices(1, Settings::default(), choices);
        let start = Instant::now();
        t.rain(drops);
        let rain = start.elapsed();
        let ns = |d: Duration| d.as_nanos() as f64 / cells;
        println!(
            "  {:3} × {:3}: {:5.1} ns a step; rivers {:5.1} ns, contours {:5.1} ns, relief {:5.1} ns a cell",
            grid.cols,
            grid.rows,
            rain.as_nanos() as f64 / t.steps() as f64,
            ns(time(10, || map.rivers(&t).water[0])),
            ns(time(10, || MapView::default().contours(&t).regular.len())),
            ns(time(10, || MapView::default().relief(&t, site_dark)[0])),
        );
    }

    let article = Grid::ARTICLE;
    let ds = time(10, || diamond_square::map(article, 1, 0.65));
    let spots = time(10, || Forest::new(1, article));
    // The page samples the spots a frame's share at a time: the slowest share
    let mut shares = Vec::new();
    for seed in 1..=10 {
        let mut forest = Forest::sampling(seed, article);
        let mut done = false;
        let mut slowest = Duration::ZERO;
        let mut frames = 0;
        while !done {
            let start = Instant::now();
            done = forest.sample(SPOT_CANDIDATES_PER_FRAME);
            slowest = slowest.max(start.elapsed());
            frames += 1;
        }
        shares.push((slowest, frames));
    }
    let slowest_share = median(shares.iter().map(|s| s.0).collect());
    let share_frames = shares.iter().map(|s| s.1).max().unwrap_or(0);
    let forest = Forest::new(1, article);
    let standing = time(30, || forest.standing(eroded.heights(), 0.25, None).len());
    let trees = forest.standing(eroded.heights(), 0.25, None);
    let skeletons = time(5, || trees.iter().map(|t| skeleton(1, t.spot).len()).sum::<usize>());
    println!(
        "the landscape's parts on the article's map: diamond-square {:.2} ms (a 513 × 513 grid), tree spots {:.2} ms ({} by Poisson disc sampling; as a page spreads them, {} candidates a frame, up to {} frames, the slowest frame's share {:.2} ms, median of 10 seeds), the trees standing {:.3} ms a frame, every standing tree's skeleton by space colonisation {:.1} ms ({} trees, grown once each)",
        ms(ds),
        ms(spots),
        forest.spots().len(),
        SPOT_CANDIDATES_PER_FRAME,
        share_frames,
        ms(slowest_share),
        ms(standing),
        ms(skeletons),
        trees.len()
    );

    let mut pipeline = Vec::new();
    for _ in 0..3 {
        let mut t = Terrain::new(1);
        let start = Instant::now();
        t.pick_preset(Preset::Tutorial);
        let built = start.elapsed();
        for _ in 0..100 {
            t.rain(1_000);
        }
        let rained = start.elapsed();
        black_box(MapView::default().rivers(&t).water[0]);
        pipeline.push((built, rained - built, start.elapsed() - rained, start.elapsed()));
    }
    pipeline.sort_by_key(|p| p.3);
    let (built, rained, rivers, total) = pipeline[1];
    println!(
        "the tutorial's pipeline, 512 × 512: {:.0} ms (warped fBm {:.0} ms, 100 × (1,000 drops + thermal pass) {:.0} ms, flow accumulation {:.0} ms)",
        ms(total),
        ms(built),
        ms(rained),
        ms(rivers)
    );

    hand();
    big_map();
    own_ground();
    command_line();
    rain_side_by_side();
}

/// An experiment: what rain side by side could give. Drops of a batch run
/// side by side against the same heights are the drops in order only where
/// none read a cell an earlier drop of the batch changed; those that did
/// must run again, in order. Here each drop falls in order, and its reach
/// (the brush and the corners around every point of its way, as
/// `Terrain::rain` marks the cells a drop changed) is laid on the map; a
/// drop that meets the reach of an earlier drop of its batch is one to run
/// again. The most `P` cores could give follows, were running side by side
/// and keeping the results free: 1 / (1/P + the share run again).
fn rain_side_by_side() {
    let mut choices = Choices::default();
    choices.set(Choice::MapSize, 5);
    let island = Terrain::with_choices(1, Settings::default(), choices);
    let s = Settings::default();
    let rules = DropRules {
        erosion: s.erosion(),
        deposition: s.deposition(),
        inertia: s.inertia(),
        sea_level: s.sea_level(),
        steepness: 1.0,
    };
    let reach = s.brush_radius() as i64 + 2;
    for times in [1, 4] {
        let grid = Grid::new(island.grid().cols * times, island.grid().rows * times);
        let mut heights = larger(island.grid(), island.heights(), times);
        let brush = Brush::new(s.brush_radius(), grid);
        let mut rng = Pcg32::new(7, 11);
        let mut owner = vec![0u32; grid.cells()];
        let (mut path, mut tag) = (Vec::new(), 0);
        let mut said = Vec::new();
        let start = Instant::now();
        let mut fallen = 0;
        for batch in [16usize, 64, 256] {
            let (mut again, drops) = (0, 12_800 / batch * batch);
            for _ in 0..drops / batch {
                tag += 1;
                for _ in 0..batch {
                    let (x, y) =
                        (unit_f64(&mut rng) * (grid.cols - 1) as f64, unit_f64(&mut rng) * (grid.rows - 1) as f64);
                    path.clear();
                    droplet::fall(&mut heights, &brush, &rules, x, y, Some(&mut path));
                    fallen += 1;
                    let cells = |p: &[f32; 2]| {
                        let (px, py) = (p[0] as i64, p[1] as i64);
                        let (xs, ys) = (
                            (px - reach).max(0)..(px + reach + 2).min(grid.cols as i64),
                            (py - reach).max(0)..(py + reach + 2).min(grid.rows as i64),
                        );
                        ys.flat_map(move |y| xs.clone().map(move |x| y as usize * grid.cols + x as usize))
                    };
                    if path.iter().flat_map(cells).any(|i| owner[i] == tag) {
                        again += 1;
                    }
                    for i in path.iter().flat_map(cells) {
                        owner[i] = tag;
                    }
                }
            }
            let share = again as f64 / drops as f64;
            let most = |cores: f64| 1.0 / (1.0 / cores + share);
            said.push(format!(
                "batches of {batch}: {:.1} % again (at most {:.2}× on 2 cores, {:.2}× on 8)",
                share * 100.0,
                most(2.0),
                most(8.0)
            ));
        }
        println!(
            "rain side by side, {} × {} ({:.0} drops a second in order, and the reach laid): {}",
            grid.cols,
            grid.rows,
            fallen as f64 / start.elapsed().as_secs_f64(),
            said.join("; ")
        );
    }
}

/// `heights` on a grid `times` as fine each way, blended between cells.
fn larger(grid: Grid, heights: &[f32], times: usize) -> Vec<f32> {
    let (cols, rows) = (grid.cols * times, grid.rows * times);
    let mut out = Vec::with_capacity(cols * rows);
    for y in 0..rows {
        let fy = (y as f64 / times as f64).min((grid.rows - 1) as f64);
        let (y0, v) = ((fy as usize).min(grid.rows - 2), fy - (fy as usize).min(grid.rows - 2) as f64);
        for x in 0..cols {
            let fx = (x as f64 / times as f64).min((grid.cols - 1) as f64);
            let (x0, u) = ((fx as usize).min(grid.cols - 2), fx - (fx as usize).min(grid.cols - 2) as f64);
            let at = |dx: usize, dy: usize| heights[(y0 + dy) * grid.cols + x0 + dx] as f64;
            let top = at(0, 0) * (1.0 - u) + at(1, 0) * u;
            let bottom = at(0, 1) * (1.0 - u) + at(1, 1) * u;
            out.push((top * (1.0 - v) + bottom * v) as f32);
        }
    }
    out
}

/// The `hydraulic-erosion` command as a reader runs it: `render` of the
/// article's map after 300,000 drops at the page's 1200 × 675 (the whole
/// run: the island, the replay, the rivers and the drawing), beside the
/// same link with no drops (the island and the drawing alone); and a
/// 2048 × 2048 map's picture on one core and on all of them (the relief's
/// rows and the contours' bands side by side), whose files must be the
/// same bytes.
fn command_line() {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let command = env!("CARGO_BIN_EXE_hydraulic-erosion");
    let out = std::env::temp_dir().join(format!("bench-render-{}.png", std::process::id()));
    let render = |link: &str, threads: Option<&str>| {
        let mut run = std::process::Command::new(command);
        run.args(["render", link, "-o", out.to_str().unwrap(), "-q"]);
        if let Some(threads) = threads {
            run.env("RAYON_NUM_THREADS", threads);
        }
        let start = Instant::now();
        assert!(run.status().expect("the command runs").success(), "render {link}");
        (start.elapsed(), std::fs::read(&out).expect("the picture"))
    };
    let article = median((0..3).map(|_| render("he-seed=1&he-drops=300000", None).0).collect());
    let island = median((0..3).map(|_| render("he-seed=1", None).0).collect());
    println!(
        "render, article's map after 300,000 drops: {:.0} ms ({:.0} ms with no drops: the island, its rivers and the drawing)",
        ms(article),
        ms(island)
    );
    let big = "he-seed=3&he-map-size=2048x2048&he-drops=20000";
    let (one, one_picture) = render(big, Some("1"));
    let (all, all_picture) = render(big, None);
    assert_eq!(one_picture, all_picture, "one core or all: the same picture");
    println!(
        "render, 2048 × 2048 after 20,000 drops: {:.0} ms on one core, {:.0} ms on {} (the same bytes)",
        ms(one),
        ms(all),
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    let _ = std::fs::remove_file(out);
}

/// A 3601 × 3601 SRTM `.hgt` (made here: sines of a few kilometres' relief
/// across sea and land, with voids) read, fitted to 2048 × 2048, and a
/// paused sketch's first frame on it (the painting aside).
fn own_ground() {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let side = 3601;
    let bytes: Vec<u8> = (0..side * side)
        .flat_map(|i| {
            let (x, y) = ((i % side) as f64, (i / side) as f64);
            let metres = 1500.0 * (x / 300.0).sin() * (y / 410.0).cos() + 900.0 * ((x + y) / 97.0).sin() + 300.0;
            let metres = if i % 10_007 == 0 { i16::MIN } else { metres as i16 };
            metres.to_be_bytes()
        })
        .collect();
    let start = Instant::now();
    let opened = elevation::read(&bytes, "N46E007.hgt", Encoding::Auto).expect("an SRTM tile");
    let read = start.elapsed();
    let start = Instant::now();
    let (ground, _) = imported::fit(opened.elevation, 0.25);
    let fitted = start.elapsed();
    let link = GroundLink {
        name: "N46E007.hgt".into(),
        grid: ground.grid,
        fingerprint: fingerprint(ground.grid, &ground.heights),
        shore: 0.25,
        encoding: Encoding::Auto,
        steepness: ground.steepness,
    };
    let mut sketch = Sketch::new(Start::fresh(1, Size::new(1000.0, 562.0, 1.0)));
    sketch.input(Input::PlayPause, 0.0);
    let mut clock = || 0.0;
    sketch.frame(&mut clock, &mut NoPainter);
    let start = Instant::now();
    sketch.shelve(link.clone(), ground.heights);
    sketch.input(Input::OpenGround(link), 0.0);
    sketch.frame(&mut clock, &mut NoPainter);
    println!(
        "a 3601² SRTM tile as the ground: read {:.0} ms, fitted to 2048 × 2048 {:.0} ms, kept, opened and its first frame {:.0} ms",
        ms(read),
        ms(fitted),
        ms(start.elapsed())
    );
}

/// A 2048 × 2048 map: a frame's rain, and the fingerprint of the heights
/// its status carries, worked out whole and from the tiles the rain changed.
fn big_map() {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let mut choices = Choices::default();
    choices.set(Choice::MapSize, 5);
    let mut t = Terrain::with_choices(1, Settings::default(), choices);
    assert_eq!(t.grid(), Grid::new(2048, 2048));
    t.rain(100_000);
    t.heights_hash();
    let (mut rain, mut whole, mut tiles) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..9 {
        let start = Instant::now();
        t.rain(1_000);
        rain.push(start.elapsed());
        let start = Instant::now();
        black_box(t.heights_hash());
        tiles.push(start.elapsed());
        whole.push(time(1, || fingerprint(t.grid(), t.heights())));
    }
    println!(
        "2048 × 2048, a frame of 1,000 drops: {:.1} ms; the heights' fingerprint then {:.2} ms from the tiles changed, {:.1} ms whole",
        ms(median(rain)),
        ms(median(tiles)),
        ms(median(whole))
    );
    // A raining sketch's frames at 2048 × 2048 (rivers, contours and relief,
    // painting aside) until its third measures' sample: after the first
    // (which builds the ripple the rivers wander by), the worst is a frame
    // that measures
    let mut sketch = Sketch::new(Start::fresh(3, Size::new(1000.0, 562.0, 1.0)));
    let start = Instant::now();
    let mut clock = move || start.elapsed().as_secs_f64() * 1e3;
    sketch.input(Input::Choose(Choice::MapSize, 5), 0.0);
    let mut frames = Vec::new();
    while sketch.measures().len() < 3 && frames.len() < 3_000 {
        let start = Instant::now();
        sketch.frame(&mut clock, &mut NoPainter);
        black_box(sketch.status());
        frames.push(start.elapsed());
    }
    let first_frame = frames.remove(0);
    frames.sort();
    println!(
        "2048 × 2048 raining, {} frames to the third measures: median {:.1} ms, worst after the first {:.1} ms (the first {:.0} ms)",
        frames.len(),
        ms(frames[frames.len() / 2]),
        ms(frames[frames.len() - 1]),
        ms(first_frame)
    );
}

/// The hand's tools: a pointer's move to its frame, and links' lengths.
fn hand() {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let mut sketch = Sketch::new(Start { paused: true, ..Start::fresh(1, Size::new(960.0, 540.0, 1.0)) });
    let mut clock = {
        let mut t = 0.0;
        move || {
            t += 1.0;
            t
        }
    };
    sketch.frame(&mut clock, &mut NoPainter);
    sketch.input(Input::Choose(Choice::Tool, 2), 0.0);
    sketch.input(Input::Set(Setting::ToolSize, 8.0), 0.0);
    sketch.input(Input::PenDown { at: Pointing::Cell { x: 40.0, y: 90.0 }, pressure: 1.0 }, 0.0);
    let mut x = 40.0;
    let moves = time(41, || {
        // A move of 4 cells (one stamp), then the frame that shows it
        x += 4.0;
        sketch.input(Input::PenMove { at: Pointing::Cell { x, y: 90.0 }, pressure: 1.0 }, 0.0);
        sketch.frame(&mut clock, &mut NoPainter);
    });
    sketch.input(Input::PenUp, 0.0);
    println!("a pointer's move to its frame (raise, radius 8, 320 × 180, painting aside): {:.2} ms", ms(moves));
    // Strokes of twenty stamps, 3 cells apart, a few thousand drops apart
    for n in [10, 100, 1000] {
        let touches: Vec<Touch> = (0..n as u16)
            .flat_map(|k| {
                (0..20u16).map(move |j| Touch {
                    drops: 3000 * k as u64,
                    hand: Hand::Stamp(Stamp {
                        tool: Tool::Raise,
                        x: (40 + 3 * j + k) % 320,
                        y: (100 - 2 * j + k) % 180,
                        radius: 8,
                        strength: 0.5,
                    }),
                })
            })
            .collect();
        let chars = strokes::encode(&touches).len();
        let fits = if chars <= strokes::MAX_CHARS { "kept" } else { "past the cap: the link says it is not exact" };
        println!("{n} strokes of 20 stamps: {chars} characters in he-hand ({fits})");
    }
}
