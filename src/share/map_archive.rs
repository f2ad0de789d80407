//! "Save maps": one zip of everything a game engine or GIS tool needs to
//! texture the ground as the rain left it, each map a 16-bit greyscale PNG
//! at the grid's size, and `map.json` saying how to read them:
//!
//! | file | what it is | 0 (black) to 65,535 (white) |
//! | --- | --- | --- |
//! | `heightmap.png` | the ground (as "Save heightmap") | height 0 to 1 |
//! | `erosion.png` | the ground each cell lost since the start | 0 to the most any lost |
//! | `deposition.png` | the ground each cell gained | 0 to the most any gained |
//! | `flow.png` | the water gathered: cells draining through each | 0 to the most, in cells |
//! | `map.json` | seed, settings, choices, drops, the link, each map's range | |
//!
//! Everything is made again from what the page holds, the heights and the
//! link: the ground before the rain from the link's seed and starting
//! settings, and the drainage from the heights, as the map routes it. The
//! page reaches it through the heightmap encoder's module, fetched when a
//! reader first saves one, so neither `zip` nor the JSON's number
//! formatting is part of the first download.

use super::json::{number, string};
use std::io::{Cursor, Write};
use std::rc::Rc;

use zip::write::SimpleFileOptions;
use zip::CompressionMethod;

use crate::draw::map_view::MapView;
use crate::erosion::ground_moved::{deposition, erosion, largest};
use crate::ground::imported::ImportedGround;
use crate::raster::grid::Grid;
use crate::settings::choices::Choice;
use crate::settings::sliders::{Setting, Settings};
use crate::share::heightmap;
use crate::share::link::MapLink;
use crate::terrain::Terrain;

/// The maps in the archive: file, what it holds, and its unit.
pub const MAPS: [(&str, &str, &str); 4] = [
    ("heightmap.png", "the ground's height", "height (the map's range is 0 to 1)"),
    ("erosion.png", "the ground each cell lost since the first drop", "height"),
    ("deposition.png", "the ground each cell gained since the first drop", "height"),
    ("flow.png", "the water gathered: cells whose rain drains through each, its own counted", "cells"),
];

/// Why an archive could not be made.
#[derive(Debug, PartialEq)]
pub enum Problem {
    /// The heights do not fit the link's map.
    WrongSize { heights: usize, cells: usize },
}

/// The archive for a map `link` describes, whose ground is now `ground`
/// with `settings` in force: its heights, followed, where the hand moved
/// it, by the ground without the rain's work
/// ([`Terrain::without_rain`]), which the erosion and deposition maps
/// count the rain's work against.
pub fn archive(ground: &[f32], link: &MapLink, query: &str, settings: &Settings) -> Result<Vec<u8>, Problem> {
    let seed = link.seed.unwrap_or(0);
    // A ground from a file is not the link's to make: its cells are, and
    // the ground before the rain comes after the heights
    let from_file = link.ground.as_ref().map(|g| Rc::new(ImportedGround::empty(g.grid)));
    let mut terrain = Terrain::on_ground(seed, link.settings.clone(), link.choices, from_file);
    let cells = terrain.grid().cells();
    let (heights, without_rain) = match ground.len() {
        n if n == 2 * cells => (&ground[..cells], Some(ground[cells..].to_vec())),
        _ => (ground, None),
    };
    if !terrain.carry_on(settings, heights.to_vec(), without_rain, link.drops, 0) {
        return Err(Problem::WrongSize { heights: ground.len(), cells });
    }
    let grid = terrain.grid();
    let flow = MapView::default().rivers_now(&terrain).water.clone();
    let before = terrain.without_rain();
    let maps = [heights.to_vec(), erosion(before, heights), deposition(before, heights), flow];
    let mut ranges = Vec::new();
    let mut files: Vec<(&str, Vec<u8>)> = Vec::new();
    for ((name, ..), values) in MAPS.iter().zip(&maps) {
        // The heightmap keeps heights as they are (0 to 1); the others are
        // stretched from 0 to their largest, written down
        let top = if *name == "heightmap.png" { 1.0 } else { largest(values) };
        let scaled: Vec<f32> = values.iter().map(|&v| if top > 0.0 { v / top } else { 0.0 }).collect();
        ranges.push((0.0, top as f64));
        files.push((name, heightmap::encode(grid, &scaled)));
    }
    files.push(("map.json", json(&terrain, query, &ranges).into_bytes()));
    Ok(zip_of(&files))
}

/// The files stored (not compressed again: the PNGs are compressed).
fn zip_of(files: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
    for (name, bytes) in files {
        // Writing to memory cannot fail
        zip.start_file(*name, options).expect("a file starts in memory");
        zip.write_all(bytes).expect("memory takes the bytes");
    }
    zip.finish().expect("the archive closes in memory").into_inner()
}

/// `map.json`: the map (seed, drops, grid, settings in force, choices,
/// its link) and, for each map, what it holds and how to read its levels.
fn json(terrain: &Terrain, query: &str, ranges: &[(f64, f64)]) -> String {
    let Grid { cols, rows } = terrain.grid();
    let settings: Vec<String> = Setting::ALL
        .iter()
        .map(|&s| format!("{}: {}", string(s.slider().name), number(terrain.settings().get(s))))
        .collect();
    let choices: Vec<String> = Choice::ALL
        .iter()
        .map(|&c| format!("{}: {}", string(c.row().name), string(terrain.choices().key(c))))
        .collect();
    let maps: Vec<String> = MAPS
        .iter()
        .zip(ranges)
        .map(|((file, what, unit), (min, max))| {
            format!(
                "    {{ \"file\": {}, \"holds\": {}, \"unit\": {}, \"min\": {}, \"max\": {}, \"bits\": 16, \
                 \"read\": \"value = min + (max - min) * level / 65535\" }}",
                string(file),
                string(what),
                string(unit),
                number(*min),
                number(*max)
            )
        })
        .collect();
    format!(
        "{{\n  \"seed\": {seed},\n  \"drops\": {drops},\n  \"grid\": [{cols}, {rows}],\n  \
         \"link\": {link},\n  \"settings\": {{ {settings} }},\n  \"choices\": {{ {choices} }},\n  \
         \"maps\": [\n{maps}\n  ]\n}}\n",
        seed = terrain.seed(),
        drops = terrain.drops(),
        link = string(query),
        settings = settings.join(", "),
        choices = choices.join(", "),
        maps = maps.join(",\n"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::link;

    #[test]
    fn every_map_is_in_the_zip_and_the_json_says_its_range() {
        let mut terrain = Terrain::new(4);
        terrain.rain(5_000);
        let map = MapLink { seed: Some(4), drops: 5_000, ..MapLink::default() };
        let query = link::write(&map);
        let bytes = archive(terrain.heights(), &map, &query, terrain.settings()).unwrap();
        assert_eq!(&bytes[..4], b"PK\x03\x04");
        let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
        let names: Vec<String> = zip.file_names().map(String::from).collect();
        assert_eq!(names, ["heightmap.png", "erosion.png", "deposition.png", "flow.png", "map.json"]);
        let mut read = |name: &str| {
            let mut out = Vec::new();
            std::io::Read::read_to_end(&mut zip.by_name(name).unwrap(), &mut out).unwrap();
            out
        };
        assert_eq!(read("heightmap.png"), heightmap::encode(terrain.grid(), terrain.heights()));
        assert_eq!(&read("flow.png")[1..4], b"PNG");
        let json = String::from_utf8(read("map.json")).unwrap();
        assert!(json.contains("\"seed\": 4,") && json.contains("\"drops\": 5000,"), "{json}");
        assert!(json.contains(&format!("\"link\": \"{query}\"")), "{json}");
        assert!(json.contains("\"map-size\": \"320x180\""), "{json}");
        let most_lost = largest(&erosion(terrain.original(), terrain.heights())) as f64;
        assert!(most_lost > 0.0 && json.contains(&format!("\"max\": {most_lost}")), "{json}");
    }

    #[test]
    fn heights_of_another_map_are_refused() {
        let map = MapLink { seed: Some(4), ..MapLink::default() };
        assert_eq!(
            archive(&[0.5; 12], &map, "", &Settings::default()),
            Err(Problem::WrongSize { heights: 12, cells: Grid::ARTICLE.cells() })
        );
    }
}
