//! The command's arguments (parsed with `clap`), what each subcommand is
//! handed, and how it ends: the result on standard output, one line of
//! error on standard error, and the exit code.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand};

use crate::erode::{self, Eroded};
use crate::map_files::MapFile;
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
    /// Erode a ground from a file as a link says, and write the map.
    #[command(long_about = "Erode a ground from a file as a link says, and write the map.\n\n\
                            The file is opened and fitted as the page's \"Open a ground\" does (a 16-bit or 8-bit \
                            greyscale PNG, a Terrarium or Terrain-RGB tile, a GeoTIFF, an SRTM .hgt), the link's \
                            drops fall on it with each change of its timeline and each stroke at its drop count, \
                            and the map is written by the extension of OUT:\n  \
                            .png  the heights as a 16-bit greyscale heightmap (the page's Save heightmap)\n  \
                            .zip  the maps: heightmap, erosion, deposition, flow and map.json (Save maps)\n  \
                            .stl  the ground as a solid (Save STL)\n  \
                            .glb  the ground in the map's colours, as glTF (Save glTF)\n\n\
                            Example: hydraulic-erosion erode ridge.png -o eroded.png --link 'he-seed=3&he-drops=30000' \
                            erosion=0.5 --json")]
    Erode(ErodeArgs),
}

#[derive(Args)]
struct ErodeArgs {
    /// The ground: a PNG, GeoTIFF or SRTM .hgt file.
    ground: PathBuf,
    /// Where to write the map; its extension says what is written (png, zip, stl, glb).
    #[arg(short, long, value_name = "OUT")]
    output: PathBuf,
    /// The map's link: its query (he-seed=5&he-drops=30000) or the page's whole address, whose other
    /// parameters are ignored. Without one, seed 1, the page's settings and no drops.
    #[arg(long, value_name = "LINK")]
    link: Option<String>,
    /// The drops to rain, in place of the link's.
    #[arg(long, value_name = "N")]
    drops: Option<u64>,
    /// How a PNG's colours are read: auto, grey, terrarium or terrain-rgb (else as the link says, else
    /// auto).
    #[arg(long, value_name = "ENCODING", value_parser = parse_encoding)]
    encoding: Option<Encoding>,
    /// Print one line of JSON: {link, heightsHash, drops, cols, rows}.
    #[arg(long)]
    json: bool,
    /// No progress bar and no summary: only the file (and --json's line).
    #[arg(short, long)]
    quiet: bool,
    /// Settings in place of the link's, as a link names them: erosion=0.5, drops-per-frame=400,
    /// sea-level=0.3, seed=8.
    #[arg(value_name = "SETTING=VALUE")]
    settings: Vec<String>,
}

fn parse_encoding(key: &str) -> Result<Encoding, String> {
    Encoding::from_key(key).ok_or_else(|| "the encodings are auto, grey, terrarium and terrain-rgb".into())
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
        Command::Erode(args) => run_erode(args),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("hydraulic-erosion: error: {}", failure.why);
            ExitCode::from(failure.code)
        }
    }
}

fn run_erode(args: ErodeArgs) -> Result<(), Failure> {
    let file = MapFile::for_path(&args.output)?;
    let job = erode::Job {
        ground: args.ground,
        link: args.link.unwrap_or_default(),
        drops: args.drops,
        encoding: args.encoding,
        settings: args.settings,
        file,
        output: args.output.clone(),
        quiet: args.quiet,
    };
    let eroded = erode::run(&job)?;
    if args.json {
        println!("{}", json_line(&eroded));
    } else if !args.quiet && std::io::stderr().is_terminal() {
        // (a script is given the file alone)
        eprintln!(
            "wrote {} ({} × {}, {} drops); the same map on the page: ?{}",
            args.output.display(),
            eroded.cols,
            eroded.rows,
            eroded.drops,
            eroded.link
        );
    }
    Ok(())
}

/// `--json`'s line: the link that opens the map on the page, and the
/// fingerprint of its heights as the page shows it (`heightsHash`).
fn json_line(eroded: &Eroded) -> String {
    format!(
        "{{\"link\":{},\"heightsHash\":{},\"drops\":{},\"cols\":{},\"rows\":{}}}",
        json::string(&eroded.link),
        json::string(&format!("{:016x}", eroded.heights_hash)),
        eroded.drops,
        eroded.cols,
        eroded.rows
    )
}
