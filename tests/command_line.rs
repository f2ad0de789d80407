//! The `hydraulic-erosion` command, run as a reader's shell runs it: `erode`
//! makes the page's map to the bit (the link it prints, opened by the
//! page's own sketch with the same file, reaches the same heights), writes
//! each kind of file the page saves, and refuses bad input in a line or
//! two, with a non-zero exit and no file written.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use hydraulic_erosion::draw::painter::NoPainter;
use hydraulic_erosion::draw::viewport::Size;
use hydraulic_erosion::settings::choices::Choice;
use hydraulic_erosion::settings::sliders::Setting;
use hydraulic_erosion::share::elevation::geotiff::{self, Georeference};
use hydraulic_erosion::share::elevation::{self, Budget, Encoding};
use hydraulic_erosion::share::{ground_link, heightmap, link};
use hydraulic_erosion::sketch::{Input, Sketch, Start};
use hydraulic_erosion::terrain::Terrain;

/// A folder of this test's own, emptied.
fn folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("command_line").join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("a folder for the test");
    dir
}

/// The command with `args`, run to its end.
fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hydraulic-erosion")).args(args).output().expect("the command runs")
}

/// `erode` of `ground` into `out`, with `more` arguments.
fn erode(ground: &Path, out: &Path, more: &[&str]) -> Output {
    let mut args = vec!["erode", ground.to_str().unwrap(), "-o", out.to_str().unwrap()];
    args.extend_from_slice(more);
    run(&args)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A 16-bit heightmap of seed 9's island, as the page saves one, in `dir`.
fn island_png(dir: &Path) -> PathBuf {
    let terrain = Terrain::new(9);
    let path = dir.join("island 9.png");
    fs::write(&path, heightmap::encode(terrain.grid(), terrain.heights())).expect("the PNG is written");
    path
}

/// `--json`'s line, read: the link and the heights' fingerprint.
fn json_of(output: &Output) -> (String, String, u64) {
    let line = text(&output.stdout);
    assert_eq!(line.lines().count(), 1, "one line: {line}");
    let field = |name: &str| {
        let at = line.find(&format!("\"{name}\":")).unwrap_or_else(|| panic!("{name} in {line}")) + name.len() + 3;
        line[at..].split([',', '}']).next().unwrap().trim_matches('"').to_string()
    };
    (field("link"), field("heightsHash"), field("drops").parse().unwrap())
}

/// The heights' fingerprint the page's sketch shows once it has brought
/// back `query` on the ground in `file`, given to it as the page gives a
/// file a link waits for (fitted as the link names it).
fn page_hash_of(query: &str, file: &Path) -> String {
    let reading = link::read(query);
    assert!(reading.warnings.is_empty(), "{:?}", reading.warnings);
    let named = reading.link.ground.clone().expect("the link names its ground");
    let start = Start { link: reading.link, ..Start::fresh(0, Size::new(640.0, 360.0, 1.0)) };
    let mut sketch = Sketch::new(start);
    let bytes = fs::read(file).unwrap();
    let name = file.file_name().unwrap().to_string_lossy();
    let opened = ground_link::open(&bytes, &name, named.encoding, named.shore).expect("the file opens");
    assert!(sketch.shelve(opened.link.clone(), opened.heights));
    sketch.input(Input::OpenGround(opened.link), 0.0);
    let mut frames = 0;
    while sketch.status().replaying || frames == 0 {
        sketch.frame(&mut || 0.0, &mut NoPainter);
        frames += 1;
        assert!(frames < 1_000, "the replay ends");
    }
    format!("{:016x}", sketch.status().heights_hash.0)
}

#[test]
fn an_eroded_file_is_the_pages_map_to_the_bit_and_its_link_opens_it_there() {
    let dir = folder("page");
    let ground = island_png(&dir);
    let out = dir.join("eroded.png");
    // A timeline's change and a setting given beside the link
    let given = "https://example.org/post/?utm=feed&he-seed=3&he-drops=12000&he-t=5000e.4#map";
    let output = erode(&ground, &out, &["--link", given, "inertia=0.3", "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stderr), "", "nothing but the result when not on a terminal");
    let (query, hash, drops) = json_of(&output);
    assert_eq!(drops, 12_000);
    assert!(query.contains("he-ground=island%209.png") || query.contains("he-ground=island+9.png"), "{query}");
    assert!(query.contains("he-inertia=0.3") && query.contains("he-t=") && !query.contains("utm"), "{query}");
    assert_eq!(page_hash_of(&query, &ground), hash, "the page's sketch reaches the command's heights");
    // The file is the heights as a 16-bit heightmap of the map's cells
    let decoder = png::Decoder::new(std::io::Cursor::new(fs::read(&out).unwrap()));
    let info = decoder.read_info().unwrap().info().clone();
    assert_eq!((info.width, info.height, info.bit_depth), (320, 180, png::BitDepth::Sixteen));
    // Not rained on, the heights are the file's as fitted: its fingerprint
    let still = dir.join("still.png");
    let output = erode(&ground, &still, &["--json", "seed=4"]);
    let (query, hash, drops) = json_of(&output);
    let fit = link::read(&query).link.ground.expect("the ground named");
    assert_eq!((drops, hash), (0, format!("{:016x}", fit.fingerprint)));
}

#[test]
fn strokes_of_the_hand_in_a_link_are_made_at_their_drops() {
    let dir = folder("hand");
    let ground = island_png(&dir);
    // A stroke made on the page over the same file, raining before and after
    let bytes = fs::read(&ground).unwrap();
    let opened = ground_link::open(&bytes, "island 9.png", Encoding::Auto, 0.25).unwrap();
    let mut sketch = Sketch::new(Start { paused: true, ..Start::fresh(5, Size::new(640.0, 360.0, 1.0)) });
    sketch.shelve(opened.link.clone(), opened.heights);
    sketch.input(Input::OpenGround(opened.link), 0.0);
    sketch.input(Input::Choose(Choice::Tool, 1), 0.0);
    sketch.input(Input::Stroke(vec![[60.0, 60.0], [140.0, 90.0]]), 0.0);
    let query = link::write(&sketch.link());
    assert!(query.contains("he-hand="), "{query}");
    let out = dir.join("stroked.png");
    let output = erode(&ground, &out, &["--link", &query, "--drops", "8000", "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let (printed, hash, _) = json_of(&output);
    assert!(printed.contains("he-hand="), "{printed}");
    assert_eq!(page_hash_of(&printed, &ground), hash);
    // Without the stroke, another map
    let plain = erode(&ground, &out, &["--drops", "8000", "--json", "seed=5"]);
    assert_ne!(json_of(&plain).1, hash, "the stroke changed the map");
}

#[test]
fn each_kind_of_file_the_page_saves_is_written_by_its_extension() {
    let dir = folder("files");
    let ground = island_png(&dir);
    let made = |name: &str| {
        let out = dir.join(name);
        let output = erode(&ground, &out, &["--drops", "2000", "-q"]);
        assert!(output.status.success(), "{name}: {}", text(&output.stderr));
        assert_eq!((text(&output.stdout), text(&output.stderr)), (String::new(), String::new()), "quiet");
        fs::read(out).unwrap()
    };
    let zip = made("maps.zip");
    assert!(zip.starts_with(b"PK\x03\x04"));
    for name in ["heightmap.png", "erosion.png", "deposition.png", "flow.png", "map.json"] {
        assert!(zip.windows(name.len()).any(|w| w == name.as_bytes()), "{name} in the maps");
    }
    let stl = made("solid.STL");
    let triangles = u32::from_le_bytes(stl[80..84].try_into().unwrap()) as usize;
    assert_eq!(stl.len(), 84 + 50 * triangles);
    assert!(triangles > 2 * 319 * 179, "{triangles} triangles: the ground's, and its sides");
    let glb = made("ground.glb");
    assert_eq!(&glb[..4], b"glTF");
    assert_eq!(u32::from_le_bytes(glb[8..12].try_into().unwrap()) as usize, glb.len());
}

#[test]
fn a_hostile_link_is_clamped_as_the_page_clamps_it_and_said_so() {
    let dir = folder("hostile");
    let ground = island_png(&dir);
    let out = dir.join("clamped.png");
    let output = erode(&ground, &out, &["--link", "he-seed=2&he-erosion=99&he-drops=1000", "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let warned = text(&output.stderr);
    assert_eq!(warned.lines().count(), 1, "{warned}");
    assert!(warned.starts_with("hydraulic-erosion: warning: ") && warned.contains("he-erosion"), "{warned}");
    let (query, ..) = json_of(&output);
    let max = Setting::Erosion.slider().max;
    assert_eq!(link::read(&query).link.settings.get(Setting::Erosion), max);
}

/// Bad input: a non-zero exit, at most two lines that begin with the
/// command's name, no panic, and no file (nor a part of one) written.
fn refused(args: &[&str], dir: &Path, code: i32, says: &str) {
    let output = run(args);
    let said = text(&output.stderr);
    assert_eq!(output.status.code(), Some(code), "{args:?}: {said}");
    assert!((1..=2).contains(&said.lines().count()), "{args:?}: {said}");
    assert!(said.lines().all(|l| l.starts_with("hydraulic-erosion: ")), "{said}");
    assert!(said.contains(says), "{args:?} says {says:?}: {said}");
    assert!(!said.contains("panicked"), "{said}");
    let left: Vec<_> = fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), 1, "only the ground is there: {left:?}");
}

#[test]
fn bad_input_is_refused_in_a_line_or_two_with_no_file_written() {
    let dir = folder("refused");
    let ground = island_png(&dir);
    let (g, out) = (ground.to_str().unwrap(), dir.join("out.png"));
    let out = out.to_str().unwrap();
    refused(&["erode", "no such file.png", "-o", out], &dir, 1, "no such file.png");
    // A truncated PNG and a broken TIFF
    let cut = std::env::temp_dir().join(format!("cut-{}.png", std::process::id()));
    fs::write(&cut, &fs::read(&ground).unwrap()[..400]).unwrap();
    refused(&["erode", cut.to_str().unwrap(), "-o", out], &dir, 1, "PNG");
    let broken = std::env::temp_dir().join(format!("broken-{}.tif", std::process::id()));
    fs::write(&broken, b"II*\0\x08\0\0\0\xff\xff").unwrap();
    refused(&["erode", broken.to_str().unwrap(), "-o", out], &dir, 1, "TIFF");
    for path in [cut, broken] {
        fs::remove_file(path).unwrap();
    }
    let bmp = dir.join("out.bmp");
    refused(&["erode", g, "-o", bmp.to_str().unwrap()], &dir, 2, "no output of type .bmp");
    refused(&["erode", g, "-o", out, "--frobnicate"], &dir, 2, "--frobnicate");
    refused(&["erode", g, "-o", out, "erosoin=0.5"], &dir, 2, "no setting \"erosoin\"");
    refused(&["erode", g, "-o", out, "--drops", "9000000"], &dir, 2, "at most 5000000 drops");
    let nowhere = dir.join("no folder").join("out.png");
    refused(&["erode", g, "-o", nowhere.to_str().unwrap()], &dir, 1, "no folder");
    // A link made on another ground
    let other = "he-seed=1&he-ground=other.png&he-ground-fit=320x180~0123456789abcdef~0.25&he-drops=10";
    refused(&["erode", g, "-o", out, "--link", other], &dir, 1, "not the ground this link was made on");
}

#[test]
fn a_geotiff_model_erodes_to_a_float_geotiff_in_its_metres_at_its_place() {
    let dir = folder("geotiff");
    // A 3000 × 2000 model of 30 m cells at 46° N, averaged down as the page
    // fits it: 2048 × 1365, each cell wider by as much
    let (cols, rows) = (3000usize, 2000usize);
    let values: Vec<f32> = (0..cols * rows)
        .map(|i| {
            let (x, y) = ((i % cols) as f32 / cols as f32, (i / cols) as f32 / rows as f32);
            2_400.0 * (1.0 - ((x - 0.5).powi(2) + (y - 0.5).powi(2)).sqrt() * 1.6) - 150.0
        })
        .collect();
    let second = 1.0 / 3600.0;
    let place = Georeference {
        pixel_scale: vec![second, second, 0.0],
        tie_points: vec![0.0, 0.0, 0.0, 7.0, 46.0, 0.0],
        geo_keys: vec![1, 1, 0, 1, 1024, 0, 1, 2],
        ..Georeference::default()
    };
    let model = dir.join("alps.tif");
    fs::write(&model, geotiff::write(cols, &values, Some(&place)).unwrap()).unwrap();
    let out = dir.join("eroded.tif");
    let output = erode(&model, &out, &["--link", "he-seed=2&he-drops=3000", "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let written = fs::read(&out).unwrap();
    let eroded = elevation::read(&written, "eroded.tif", Encoding::Auto).unwrap().elevation;
    assert_eq!((eroded.cols, eroded.rows), (2048, 1365));
    let kept = geotiff::georeference(&written).expect("its place kept");
    assert_eq!(kept.tie_points, place.tie_points);
    assert_eq!(kept.geo_keys, place.geo_keys);
    assert!((kept.pixel_scale[0] - second * 3000.0 / 2048.0).abs() < 1e-12, "{:?}", kept.pixel_scale);
    assert!((kept.pixel_scale[1] - second * 2000.0 / 1365.0).abs() < 1e-12, "{:?}", kept.pixel_scale);
    // In the model's metres: its sea's floor at -465 m in the corners and
    // its peak near 2,250 m, the rain's work a few metres here and there
    let (low, high) = eroded.values.iter().fold((f32::MAX, f32::MIN), |(l, h), &v| (l.min(v), h.max(v)));
    assert!((-466.0..-460.0).contains(&low) && (2_200.0..2_251.0).contains(&high), "{low} m to {high} m");
    let (query, hash, _) = json_of(&output);
    assert_eq!(page_hash_of(&query, &model), hash, "the page's map, written in metres");
    // At its own cells, past the page's fitting: its place as it was, and
    // a word that the page would make a smaller map of the link
    let output = erode(&model, &out, &["--link", "he-seed=2&he-drops=3000", "--full-size"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(text(&output.stderr).contains("at most 2048 × 2048 cells"), "{}", text(&output.stderr));
    let written = fs::read(&out).unwrap();
    let eroded = elevation::read_within(&written, "eroded.tif", Encoding::Auto, &Budget::COMMAND).unwrap().elevation;
    assert_eq!((eroded.cols, eroded.rows), (3000, 2000));
    assert_eq!(geotiff::georeference(&written), Some(place));
}

/// A PNG's width, height, bit depth and colour type.
fn png_header(file: &Path) -> (u32, u32, png::BitDepth, png::ColorType) {
    let decoder = png::Decoder::new(std::io::Cursor::new(fs::read(file).unwrap()));
    let info = decoder.read_info().unwrap().info().clone();
    (info.width, info.height, info.bit_depth, info.color_type)
}

#[test]
fn render_draws_a_links_map_on_its_ground_to_the_pages_bits_at_the_size_asked() {
    let dir = folder("render");
    let ground = island_png(&dir);
    // The link of a map on the file, with a layer and the measures shown
    let eroded =
        erode(&ground, &dir.join("eroded.png"), &["--link", "he-seed=3&he-drops=6000&he-layer=flow", "--json"]);
    let (query, hash, _) = json_of(&eroded);
    let out = dir.join("map.png");
    let args = ["render", &query, "-o", out.to_str().unwrap(), "--ground", ground.to_str().unwrap()];
    let output = run(&[&args[..], &["--size", "400x225", "--pixel-ratio", "2", "--json", "--theme", "dark"]].concat());
    assert!(output.status.success(), "{}", text(&output.stderr));
    let (printed, rendered, drops) = json_of(&output);
    assert_eq!((rendered, drops), (hash.clone(), 6_000), "erode's map, drawn");
    assert_eq!(page_hash_of(&printed, &ground), hash, "the page's sketch reaches the picture's heights");
    assert_eq!(png_header(&out), (800, 450, png::BitDepth::Eight, png::ColorType::Rgb), "400 × 225 at twice");
    // Without its file, the link's map cannot be made: said, nothing written
    fs::remove_file(&out).unwrap();
    let output = run(&["render", &query, "-o", out.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("give the file with --ground FILE"), "{}", text(&output.stderr));
    assert!(!out.exists());
}

#[test]
fn render_of_the_3d_view_draws_the_map_in_2d_and_says_so() {
    let dir = folder("render 3d");
    let out = dir.join("view.png");
    let output =
        run(&["render", "he-seed=4&he-drops=3000&he-view=1", "-o", out.to_str().unwrap(), "--size", "320x180"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let said = text(&output.stderr);
    assert!(said.starts_with("hydraulic-erosion: warning: ") && said.contains("3D view"), "{said}");
    assert_eq!(png_header(&out).0, 320);
    // The same map as the page's sketch makes it
    let mut sketch = Sketch::new(Start {
        link: link::read("he-seed=4&he-drops=3000").link,
        ..Start::fresh(0, Size::new(320.0, 180.0, 1.0))
    });
    while sketch.status().replaying || sketch.frames() == 0 {
        sketch.frame(&mut || 0.0, &mut NoPainter);
    }
    let output = run(&["render", "he-seed=4&he-drops=3000&he-view=1", "-o", out.to_str().unwrap(), "--json", "-q"]);
    let (printed, hash, _) = json_of(&output);
    assert_eq!(hash, format!("{:016x}", sketch.status().heights_hash.0));
    assert!(printed.contains("he-view=1"), "the link as given, its view shown: {printed}");
    for (size, says) in
        [("0x100", "from 1 to"), ("1200", "WIDTHxHEIGHT"), ("5000x5000 --pixel-ratio 2", "at most 8192 pixels a side")]
    {
        let mut args = vec!["render", "he-seed=1", "-o", "never.png", "--size"];
        args.extend(size.split(' '));
        let output = run(&args);
        assert_eq!(output.status.code(), Some(2), "{size}");
        assert!(text(&output.stderr).contains(says), "{size}: {}", text(&output.stderr));
    }
}

#[test]
fn render_gives_the_same_bytes_on_one_thread_and_on_many() {
    let dir = folder("threads");
    // A big map (its relief in rows, its contours in bands, its measures
    // side by side), with the measures' panel shown
    let link = "he-seed=6&he-map-size=1024x1024&he-drops=20000&he-measures=1&he-layer=deposition";
    let picture = |threads: &str| {
        let out = dir.join(format!("threads {threads}.png"));
        let output = Command::new(env!("CARGO_BIN_EXE_hydraulic-erosion"))
            .args(["render", link, "-o", out.to_str().unwrap(), "--size", "640x360", "--json"])
            .env("RAYON_NUM_THREADS", threads)
            .output()
            .expect("the command runs");
        assert!(output.status.success(), "{}", text(&output.stderr));
        (text(&output.stdout), fs::read(out).unwrap())
    };
    let (one, many) = (picture("1"), picture("4"));
    assert_eq!(one.0, many.0, "the same map");
    assert!(one.1 == many.1, "the same picture, byte for byte");
}
