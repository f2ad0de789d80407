//! The command's arguments (parsed with `clap`), what each subcommand is
//! handed, and how it ends: the result on standard output, one line of
//! error on standard error, and the exit code.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand};

use crate::erode;
use crate::map_files::MapFile;
use crate::render;
use crate::serve;
use hydraulic_erosion::draw::viewport::Size;
use hydraulic_erosion::share::elevation::Encoding;
use hydraulic_erosion::share::json;

/// The exit code of a run that failed on its input (a file that is not a
/// ground, one that cannot be read or written).
const FAILED: u8 = 1;
/// The exit code of a run asked for wrongly (an unknown flag or setting,
/// an output type there is none of): clap's own for its errors.
const USAGE: u8 = 2;

#[derive(Parser)]
#[command(
    name = "hydraulic-erosion",
    version,
    about = "Raindrops carving valleys: the Hydraulic Erosion page's maps, outside the browser.",
    long_about = "Raindrops carving valleys: the Hydraulic Erosion page's maps, outside the browser.\n\n\
                  A map is what a link of the page says (its seed, settings, timeline of changes, strokes and \
                  drops); the command makes it to the same bits as the page, and prints the link that opens it \
                  there."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Draw the picture the page shows for a link, as a PNG.
    #[command(long_about = "Draw the picture the page shows for a link, as a PNG.\n\n\
                            The link's map is made as the page makes it (its seed, settings, timeline, strokes and \
                            drops, on its ground from a file if it names one: give the file with --ground) and drawn \
                            by the page's drawing code once the map has settled: the relief in its scheme, the \
                            chosen layer with its legend, contours, rivers, trees, the measures' panel if the link \
                            shows it. Rivers are drawn where they are, as for a reader who asks for less motion. The \
                            3D view is not drawn: a link that shows it is drawn in 2D, with a warning.\n\n\
                            Example: hydraulic-erosion render 'he-seed=5&he-drops=30000' -o map.png --size 1200x630")]
    Render(RenderArgs),
    /// Erode a ground from a file as a link says, and write the map.
    #[command(long_about = "Erode a ground from a file as a link says, and write the map.\n\n\
                            The file is opened and fitted as the page's \"Open a ground\" does (a 16-bit or 8-bit \
                            greyscale PNG, a Terrarium or Terrain-RGB tile, a GeoTIFF, an SRTM .hgt), the link's \
                            drops fall on it with each change of its timeline and each stroke at its drop count, \
                            and the map is written by the extension of OUT:\n  \
                            .png  the heights as a 16-bit greyscale heightmap (the page's Save heightmap)\n  \
                            .tif  the heights as a float32 GeoTIFF: an elevation model's in its metres, at its \
                            place on the Earth if its file said (pixel scale, tie point and GeoKeys kept)\n  \
                            .zip  the maps: heightmap, erosion, deposition, flow and map.json (Save maps)\n  \
                            .stl  the ground as a solid (Save STL)\n  \
                            .glb  the ground in the map's colours, as glTF (Save glTF)\n\n\
                            Example: hydraulic-erosion erode ridge.png -o eroded.png --link 'he-seed=3&he-drops=30000' \
                            erosion=0.5 --json")]
    Erode(ErodeArgs),
    /// Serve the built page, with link previews for chats and social sites.
    #[command(long_about = "Serve the built page, with link previews for chats and social sites.\n\n\
                            DIST is the site folder (trunk build or tools/package.sh makes it; the npm \
                            package's folder is one): its files are served with the headers of its _headers \
                            file (the page's strict policy). A page asked for with a map's he- keys gets, in its \
                            head, Open Graph and Twitter tags naming the map in words and pointing at \
                            /preview.png with the same keys: that map drawn at 1200 × 630 by render, kept in \
                            --cache under the link as the page writes it, so a link shared a thousand times is \
                            drawn once. At most --jobs previews are drawn at once, a few more wait, and beyond \
                            that the answer is 503 with Retry-After; a preview that takes a minute is given up. \
                            Only GET and HEAD, only files inside DIST; one line of log a request on standard \
                            error.\n\n\
                            Behind a reverse proxy, give the address readers use: --origin https://maps.example\n\n\
                            Example: hydraulic-erosion serve dist --port 8080 --origin https://maps.example")]
    Serve(ServeArgs),
}

#[derive(Args)]
struct ServeArgs {
    /// The built site: a folder with index.html and _headers.
    dist: PathBuf,
    /// The port to listen on (0: any free one, said on standard output).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on (0.0.0.0 for every interface).
    #[arg(long, default_value = "127.0.0.1")]
    host: std::net::IpAddr,
    /// The site's address as readers reach it, for the previews' absolute links (else the request's
    /// Host).
    #[arg(long, value_name = "URL", value_parser = parse_origin)]
    origin: Option<String>,
    /// Where previews are kept (made if missing).
    #[arg(long, value_name = "DIR")]
    cache: Option<PathBuf>,
    /// Previews drawn at once (default: the cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=64))]
    jobs: Option<u16>,
}

fn parse_origin(origin: &str) -> Result<String, String> {
    let origin = origin.trim_end_matches('/');
    let host = origin.strip_prefix("https://").or_else(|| origin.strip_prefix("http://"));
    match host {
        Some(host) if !host.is_empty() && host.chars().all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c)) => {
            Ok(origin.to_string())
        }
        _ => Err("an origin is http(s)://host[:port], with no path".into()),
    }
}

#[derive(Args)]
struct RenderArgs {
    /// The map's link: its query (he-seed=5&he-drops=30000) or the page's whole address, whose other
    /// parameters are ignored.
    link: String,
    /// Where to write the picture (a PNG).
    #[arg(short, long, value_name = "FILE.png")]
    output: PathBuf,
    /// The picture's size in CSS pixels, as the page's canvas: WIDTHxHEIGHT.
    #[arg(long, value_name = "WxH", default_value = "1200x675", value_parser = parse_size)]
    size: (f64, f64),
    /// Picture pixels to a CSS pixel, as a screen's devicePixelRatio (2 for a sharp poster).
    #[arg(long, value_name = "RATIO", default_value_t = 1.0, value_parser = parse_ratio)]
    pixel_ratio: f64,
    /// The site's theme: the scheme of a link that picks none, and the legend's colours.
    #[arg(long, value_enum, default_value = "light")]
    theme: Theme,
    /// The ground's file, for a link whose map is on one (as the page asks for it), or a file to draw
    /// the link's map on.
    #[arg(long, value_name = "FILE")]
    ground: Option<PathBuf>,
    #[command(flatten)]
    encoding: Reading,
    #[command(flatten)]
    saying: Saying,
}

/// How a ground's file is read, for both subcommands.
#[derive(Args)]
struct Reading {
    /// How a ground's PNG colours are read: auto, grey, terrarium or terrain-rgb (else as the link
    /// says, else auto).
    #[arg(long = "encoding", value_name = "ENCODING", value_parser = parse_encoding)]
    read_as: Option<Encoding>,
}

/// What a run says besides its file, for both subcommands.
#[derive(Args)]
struct Saying {
    /// Print one line of JSON: {link, heightsHash, drops, cols, rows}.
    #[arg(long)]
    json: bool,
    /// No progress bar, no warnings and no summary: only the file (and --json's line).
    #[arg(short, long)]
    quiet: bool,
}

/// The site's theme.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Theme {
    Light,
    Dark,
}

/// The largest picture drawn, either way (CSS pixels times the ratio).
const MOST_PIXELS: f64 = 8_192.0;

fn parse_size(size: &str) -> Result<(f64, f64), String> {
    let (width, height) = size.split_once(['x', 'X', '×']).ok_or("write the size as WIDTHxHEIGHT, as 1200x675")?;
    let side = |n: &str| n.trim().parse::<u32>().ok().filter(|&n| n >= 1 && n as f64 <= MOST_PIXELS);
    match (side(width), side(height)) {
        (Some(w), Some(h)) => Ok((w as f64, h as f64)),
        _ => Err(format!("each side a whole number of pixels from 1 to {MOST_PIXELS}")),
    }
}

fn parse_ratio(ratio: &str) -> Result<f64, String> {
    ratio.trim().parse::<f64>().ok().filter(|r| (0.25..=8.0).contains(r)).ok_or_else(|| "a ratio from 0.25 to 8".into())
}

#[derive(Args)]
struct ErodeArgs {
    /// The ground: a PNG, GeoTIFF or SRTM .hgt file.
    ground: PathBuf,
    /// Where to write the map; its extension says what is written (png, tif, zip, stl, glb).
    #[arg(short, long, value_name = "OUT")]
    output: PathBuf,
    /// The map's link: its query (he-seed=5&he-drops=30000) or the page's whole address, whose other
    /// parameters are ignored. Without one, seed 1, the page's settings and no drops.
    #[arg(long, value_name = "LINK")]
    link: Option<String>,
    /// The drops to rain, in place of the link's.
    #[arg(long, value_name = "N")]
    drops: Option<u64>,
    #[command(flatten)]
    encoding: Reading,
    #[command(flatten)]
    saying: Saying,
    /// Erode the file at its own cells, up to 8192 × 8192, where the page averages a file down to at
    /// most 2048 × 2048 (and reads at most 4096 × 4096): the link printed then opens on the page
    /// only as the smaller map.
    #[arg(long)]
    full_size: bool,
    /// Settings in place of the link's, as a link names them: erosion=0.5, drops-per-frame=400,
    /// sea-level=0.3, seed=8.
    #[arg(value_name = "SETTING=VALUE")]
    settings: Vec<String>,
}

fn parse_encoding(key: &str) -> Result<Encoding, String> {
    Encoding::from_key(key).ok_or_else(|| "the encodings are auto, grey, terrarium and terrain-rgb".into())
}

/// The map made: the link that opens it on the page, the fingerprint of its
/// heights (the page's `heightsHash`), its drops and cells.
pub struct Made {
    pub link: String,
    pub heights_hash: u64,
    pub drops: u64,
    pub cols: usize,
    pub rows: usize,
}

/// Why a run did not make its map, and the exit code that says so.
#[derive(Debug)]
pub struct Failure {
    pub why: String,
    pub code: u8,
}

impl Failure {
    /// The input could not be used (`why`, one line).
    pub fn input(why: impl Into<String>) -> Failure {
        Failure { why: why.into(), code: FAILED }
    }

    /// The command was asked for wrongly.
    pub fn usage(why: impl Into<String>) -> Failure {
        Failure { why: why.into(), code: USAGE }
    }
}

/// Parses the arguments, runs the subcommand and says how it went.
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Help and the version are what was asked for
        Err(asked)
            if matches!(
                asked.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) =>
        {
            asked.exit()
        }
        // Else clap's first line (its usage and tips follow on --help)
        Err(wrong) => {
            let said = wrong.render().to_string();
            let first = said.lines().next().unwrap_or_default().trim_start_matches("error: ");
            eprintln!("hydraulic-erosion: error: {first}\nhydraulic-erosion: see hydraulic-erosion --help");
            return ExitCode::from(USAGE);
        }
    };
    let outcome = match cli.command {
        Command::Render(args) => run_render(args),
        Command::Erode(args) => run_erode(args),
        Command::Serve(args) => serve::run(serve::Job {
            dist: args.dist,
            address: std::net::SocketAddr::new(args.host, args.port),
            origin: args.origin,
            cache: args.cache.unwrap_or_else(|| std::env::temp_dir().join("hydraulic-erosion-previews")),
            jobs: args.jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), usize::from),
        }),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("hydraulic-erosion: error: {}", failure.why);
            ExitCode::from(failure.code)
        }
    }
}

fn run_render(args: RenderArgs) -> Result<(), Failure> {
    let (width, height) = args.size;
    if (width.max(height) * args.pixel_ratio).round() > MOST_PIXELS {
        return Err(Failure::usage(format!("at most {MOST_PIXELS} pixels a side: a smaller --size or --pixel-ratio")));
    }
    let job = render::Job {
        link: args.link,
        ground: args.ground,
        encoding: args.encoding.read_as,
        size: Size::new(width, height, args.pixel_ratio),
        dark: matches!(args.theme, Theme::Dark),
        output: args.output.clone(),
        quiet: args.saying.quiet,
        deadline: None,
    };
    let made = render::run(&job)?;
    say(&made, &args.output, &args.saying);
    Ok(())
}

/// Says what was made: `--json`'s line, or on a terminal a line for the
/// reader (a script is given the file alone).
fn say(made: &Made, output: &std::path::Path, saying: &Saying) {
    if saying.json {
        println!("{}", json_line(made));
    } else if !saying.quiet && std::io::stderr().is_terminal() {
        eprintln!(
            "wrote {} ({} × {} cells, {} drops); the same map on the page: ?{}",
            output.display(),
            made.cols,
            made.rows,
            made.drops,
            made.link
        );
    }
}

fn run_erode(args: ErodeArgs) -> Result<(), Failure> {
    let file = MapFile::for_path(&args.output)?;
    let job = erode::Job {
        ground: args.ground,
        link: args.link.unwrap_or_default(),
        drops: args.drops,
        encoding: args.encoding.read_as,
        settings: args.settings,
        file,
        output: args.output.clone(),
        quiet: args.saying.quiet,
        full_size: args.full_size,
    };
    let made = erode::run(&job)?;
    say(&made, &args.output, &args.saying);
    Ok(())
}

/// `--json`'s line: the link that opens the map on the page, and the
/// fingerprint of its heights as the page shows it (`heightsHash`).
fn json_line(made: &Made) -> String {
    format!(
        "{{\"link\":{},\"heightsHash\":{},\"drops\":{},\"cols\":{},\"rows\":{}}}",
        json::string(&made.link),
        json::string(&format!("{:016x}", made.heights_hash)),
        made.drops,
        made.cols,
        made.rows
    )
}
