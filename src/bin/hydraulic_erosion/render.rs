//! `render`: the picture the page shows for a link. The page's own sketch
//! is started from the link as a page opened on it would be (its ground
//! from a file given as the page is given it), brought back to the link's
//! map and left to settle (the rivers routed, the trees grown), then one
//! frame is drawn through the page's drawing code on a picture in memory
//! ([`PixmapPainter`]), the layer's legend over its corner, and written as
//! a PNG. Less motion, as a reader may ask of the page: rivers are drawn
//! where they are, not eased in.

use std::path::PathBuf;
use std::time::Instant;

use hydraulic_erosion::draw::layers::Legend;
use hydraulic_erosion::draw::painter::NoPainter;
use hydraulic_erosion::draw::viewport::Size;
use hydraulic_erosion::settings::toggles::Toggle;
use hydraulic_erosion::share::elevation::Encoding;
use hydraulic_erosion::share::link;
use hydraulic_erosion::sketch::{Input, Sketch, Start};

use crate::command::{Failure, Made};
use crate::letters::Letters;
use crate::map_files::write_whole;
use crate::painter::PixmapPainter;
use crate::progress::Progress;
use crate::{ground_file, legend, link_argument};

/// The frames a sketch is given to settle: far more than a link's longest
/// replay takes (5,000,000 drops in slices of a frame's time).
const MOST_FRAMES: u64 = 1_000_000;

/// How much slower the sketch's clock runs than the real one: a frame's
/// slice of the replay, a display frame's time on the page, is then half a
/// second of work, and the frames between (the page's drawing, which a
/// picture needs only once) cost next to nothing. Only the replay's pace
/// reads the clock; its drops and their order are the link's.
const SLOWER: f64 = 50.0;

/// What `render` is asked to draw.
pub struct Job {
    /// The link, as given (a query or a whole address).
    pub link: String,
    /// The ground from a file the link's map is on, if it is.
    pub ground: Option<PathBuf>,
    pub encoding: Option<Encoding>,
    /// The picture's size in CSS pixels, and the pixels a CSS pixel is.
    pub size: Size,
    /// The site's theme: the scheme of a link that picks none, and the
    /// legend's colours.
    pub dark: bool,
    pub output: PathBuf,
    pub quiet: bool,
    /// When to give the drawing up, if ever.
    pub deadline: Option<Instant>,
}

/// Draws the map `job.link` makes and writes it to `job.output` as a PNG;
/// nothing is written unless the whole picture is.
pub fn run(job: &Job) -> Result<Made, Failure> {
    let (mut link, capped) = link_argument::map_link(&job.link, &[], None, job.quiet)?;
    let opened = match (&job.ground, &link.ground) {
        (Some(path), _) => Some(ground_file::open_for(&mut link, path, job.encoding, false)?.opened),
        (None, Some(named)) => {
            return Err(Failure::usage(format!(
                "this link's map is on a ground from a file, {}: give the file with --ground FILE",
                named.name
            )))
        }
        (None, None) => None,
    };
    // The 3D view is not drawn here: the map is, in 2D, and the link said
    // to show the view still (as it was given)
    let view_3d = link.toggles.get(Toggle::View);
    if view_3d && !job.quiet {
        eprintln!(
            "hydraulic-erosion: warning: the link shows the 3D view, which the command does not draw: drawn in 2D"
        );
    }
    link.toggles.set(Toggle::View, false);
    let drops = link.drops;
    let start = Start { link, capped, site_dark: job.dark, reduced_motion: true, paused: true, size: job.size };
    let mut sketch = Sketch::new(start);
    if let Some(opened) = opened {
        sketch.shelve(opened.link.clone(), opened.heights);
        sketch.input(Input::OpenGround(opened.link), 0.0);
    }
    let began = Instant::now();
    let clock = &mut || began.elapsed().as_secs_f64() * 1000.0 / SLOWER;
    let progress = Progress::of_drops(drops, job.quiet);
    let mut frames = 0;
    while sketch.wants_frames() && frames < MOST_FRAMES {
        if job.deadline.is_some_and(|deadline| Instant::now() > deadline) {
            return Err(Failure::input("the map took too long to draw"));
        }
        sketch.frame(clock, &mut NoPainter);
        progress.at(sketch.terrain().drops());
        frames += 1;
    }
    progress.done();
    let mut painter = PixmapPainter::new(Letters::new());
    sketch.frame(clock, &mut painter);
    let status = sketch.status();
    legend::draw(&mut painter, Legend { layer: status.choices.layer(), top: status.layer_top }, job.dark);
    write_whole(&job.output, &png(&painter))?;
    let (cols, rows) = status.grid;
    let mut made = sketch.link();
    made.toggles.set(Toggle::View, view_3d);
    Ok(Made {
        link: link::write(&made),
        heights_hash: status.heights_hash.0,
        drops: status.drops,
        cols: cols as usize,
        rows: rows as usize,
    })
}

/// The picture as an 8-bit RGB PNG (it is opaque: the sea is drawn first).
fn png(painter: &PixmapPainter) -> Vec<u8> {
    let pixmap = painter.pixmap();
    let rgb: Vec<u8> = pixmap.data().chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
    let mut file = Vec::new();
    let mut encoder = png::Encoder::new(&mut file, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("a header in memory");
    writer.write_image_data(&rgb).expect("a picture in memory");
    writer.finish().expect("a picture in memory");
    file
}
