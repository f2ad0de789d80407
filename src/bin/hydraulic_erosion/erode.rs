//! `erode`: a ground from a file, eroded as a link says, to the page's bits.
//!
//! The page brings a link's map back on a ground from a file by opening
//! the file as "Open a ground" does, starting the terrain on it with the
//! link's seed, settings and choices, and replaying the link's drops with
//! each change of its timeline and each stroke at its drop count
//! ([`Replay`]). This does the same, by the same code, and prints the link
//! with the file named as the page names it: opened there with the same
//! file, it reaches the same heights.

use std::path::PathBuf;

use hydraulic_erosion::ground::imported::LARGEST;
use hydraulic_erosion::share::elevation::Encoding;
use hydraulic_erosion::share::link;
use hydraulic_erosion::share::replay::Replay;
use hydraulic_erosion::sketch::grounds::Grounds;
use hydraulic_erosion::terrain::Terrain;

use crate::command::{Failure, Made};
use crate::ground_file;
use crate::link_argument;
use crate::map_files::{write_whole, MapFile};
use crate::progress::Progress;

/// Drops rained between two looks at the progress.
const BATCH: u32 = 5_000;

/// What `erode` is asked to do.
pub struct Job {
    pub ground: PathBuf,
    /// The link, as given (a query or a whole address).
    pub link: String,
    pub drops: Option<u64>,
    pub encoding: Option<Encoding>,
    /// Settings in place of the link's (`key=value`).
    pub settings: Vec<String>,
    pub file: MapFile,
    pub output: PathBuf,
    pub quiet: bool,
    /// Whether the file keeps its own cells past the page's fitting.
    pub full_size: bool,
}

/// Erodes `job.ground` as `job` says and writes the map to `job.output`;
/// nothing is written unless the whole map is.
pub fn run(job: &Job) -> Result<Made, Failure> {
    let (mut link, _) = link_argument::map_link(&job.link, &job.settings, job.drops, job.quiet)?;
    let seed = link.seed.unwrap_or(link_argument::SEED);
    let mut file = ground_file::open_for(&mut link, &job.ground, job.encoding, job.full_size)?;
    let grid = file.opened.link.grid;
    if (grid.cols > LARGEST.cols || grid.rows > LARGEST.rows) && !job.quiet {
        eprintln!(
            "hydraulic-erosion: warning: the page fits a ground to at most {} × {} cells: this {} × {} map's link \
             opens on the page as a smaller map, not this one",
            LARGEST.cols, LARGEST.rows, grid.cols, grid.rows
        );
    }
    let mut kept = Grounds::default();
    // (the heights go to the terrain: the file's link, fitting and place
    // are what the output still needs of it)
    kept.put(file.opened.link.clone(), std::mem::take(&mut file.opened.heights));
    let ground = kept.get(&file.opened.link).expect("the heights just read are the ones their link names");
    let mut terrain = Terrain::on_ground(seed, link.settings.clone(), link.choices, Some(ground));
    let mut replay = Replay::new(link.drops, link.timeline.clone()).with_hand(link.hand.clone(), 0);
    let progress = Progress::of_drops(link.drops, job.quiet);
    while !replay.advance(&mut terrain, BATCH) {
        progress.at(terrain.drops());
    }
    progress.done();
    let query = link::write(&link);
    write_whole(&job.output, &job.file.bytes(&terrain, &link, &query, &file))?;
    let grid = terrain.grid();
    Ok(Made {
        link: query,
        heights_hash: terrain.heights_hash(),
        drops: terrain.drops(),
        cols: grid.cols,
        rows: grid.rows,
    })
}
