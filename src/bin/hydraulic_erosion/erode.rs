//! `erode`: a ground from a file, eroded as a link says, to the page's bits.
//!
//! The page brings a link's map back on a ground from a file by opening
//! the file as "Open a ground" does, starting the terrain on it with the
//! link's seed, settings and choices, and replaying the link's drops with
//! each change of its timeline and each stroke at its drop count
//! ([`Replay`]). This does the same, by the same code, and prints the link
//! with the file named as the page names it: opened there with the same
//! file, it reaches the same heights.

use std::fs;
use std::path::{Path, PathBuf};

use hydraulic_erosion::share::elevation::Encoding;
use hydraulic_erosion::share::ground_link;
use hydraulic_erosion::share::link::{self, MAX_DROPS};
use hydraulic_erosion::share::replay::Replay;
use hydraulic_erosion::sketch::grounds::{self, Grounds};
use hydraulic_erosion::terrain::Terrain;

use crate::command::Failure;
use crate::link_argument;
use crate::map_files::MapFile;
use crate::progress::Progress;

/// The seed of a link that names none. The page draws one at random; a
/// command gives the same map every time it is run the same way.
pub const SEED: u32 = 1;

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
}

/// The map made: the link that opens it on the page, the fingerprint of its
/// heights (the page's `heightsHash`), its drops and cells.
pub struct Eroded {
    pub link: String,
    pub heights_hash: u64,
    pub drops: u64,
    pub cols: usize,
    pub rows: usize,
}

/// Erodes `job.ground` as `job` says and writes the map to `job.output`;
/// nothing is written unless the whole map is.
pub fn run(job: &Job) -> Result<Eroded, Failure> {
    let reading = link_argument::read(&job.link, &job.settings)?;
    if !job.quiet {
        for warning in &reading.warnings {
            eprintln!("hydraulic-erosion: warning: {warning}");
        }
    }
    let mut link = reading.link;
    if let Some(drops) = job.drops {
        if drops > MAX_DROPS {
            return Err(Failure::usage(format!("at most {MAX_DROPS} drops: a link replays no more")));
        }
        link.drops = drops;
    }
    let seed = *link.seed.get_or_insert(SEED);
    // Fitted as the link's ground was, if it names one; else with the
    // encoding asked for and the shore at the link's sea level
    let named = link.ground.take();
    let encoding = job.encoding.or(named.as_ref().map(|g| g.encoding)).unwrap_or(Encoding::Auto);
    let shore = named.as_ref().map_or(link.settings.sea_level(), |g| g.shore);
    let bytes = fs::read(&job.ground).map_err(|why| Failure::input(format!("{}: {}", job.ground.display(), why)))?;
    let opened = ground_link::open(&bytes, &file_name(&job.ground), encoding, shore)
        .map_err(|why| Failure::input(format!("{}: {why}", job.ground.display())))?;
    if let Some(named) = named.filter(|named| !grounds::same(named, &opened.link)) {
        return Err(Failure::input(format!(
            "{} is not the ground this link was made on: its heights differ from {}'s",
            job.ground.display(),
            named.name
        )));
    }
    let mut kept = Grounds::default();
    kept.put(opened.link.clone(), opened.heights);
    let ground = kept.get(&opened.link).expect("the heights just read are the ones their link names");
    link.ground = Some(opened.link);
    let mut terrain = Terrain::on_ground(seed, link.settings.clone(), link.choices, Some(ground));
    let mut replay = Replay::new(link.drops, link.timeline.clone()).with_hand(link.hand.clone(), 0);
    let progress = Progress::of_drops(link.drops, job.quiet);
    while !replay.advance(&mut terrain, BATCH) {
        progress.at(terrain.drops());
    }
    progress.done();
    let query = link::write(&link);
    write_whole(&job.output, &job.file.bytes(&terrain, &link, &query))?;
    let grid = terrain.grid();
    Ok(Eroded {
        link: query,
        heights_hash: terrain.heights_hash(),
        drops: terrain.drops(),
        cols: grid.cols,
        rows: grid.rows,
    })
}

/// The file's name, as the page's file picker gives it (a path's last
/// part).
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(|| path.display().to_string(), |name| name.to_string_lossy().into_owned())
}

/// Writes `bytes` to `path` whole or not at all: into a file beside it,
/// renamed into place once written.
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let mut partial = path.as_os_str().to_owned();
    partial.push(format!(".partial-{}", std::process::id()));
    let partial = PathBuf::from(partial);
    let written = fs::write(&partial, bytes).and_then(|()| fs::rename(&partial, path));
    written.map_err(|why| {
        let _ = fs::remove_file(&partial);
        Failure::input(format!("{}: {why}", path.display()))
    })
}
