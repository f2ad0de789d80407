//! A ground from a file for a link: opened and fitted as the page's "Open a
//! ground" does, and as the link names its ground where it names one (its
//! encoding and shore; a file with other heights is refused), else with the
//! encoding asked for and the shore at the link's sea level. The link then
//! names the file as the page names it.

use std::fs;
use std::path::Path;

use hydraulic_erosion::ground::imported::LARGEST;
use hydraulic_erosion::raster::grid::Grid;
use hydraulic_erosion::share::elevation::geotiff::{self, Georeference};
use hydraulic_erosion::share::elevation::{Budget, Encoding};
use hydraulic_erosion::share::ground_link::{self, OpenedGround};
use hydraulic_erosion::share::link::MapLink;
use hydraulic_erosion::sketch::grounds;

use crate::command::Failure;

/// A ground's file opened: its fitted heights and their link, and where on
/// the Earth it lies if it is a GeoTIFF that says.
pub struct GroundFile {
    pub opened: OpenedGround,
    pub place: Option<Georeference>,
}

/// The most cells a ground is eroded at when asked to keep its own, past
/// the page's [`LARGEST`].
pub const FULL_SIZE: Grid = Grid::new(8192, 8192);

/// The ground in `path` for `link`, which names it once opened: fitted as
/// the page fits it, or with `full_size` its own cells kept up to
/// [`FULL_SIZE`] (a file within the command's budget).
pub fn open_for(
    link: &mut MapLink,
    path: &Path,
    encoding: Option<Encoding>,
    full_size: bool,
) -> Result<GroundFile, Failure> {
    let named = link.ground.take();
    let encoding = encoding.or(named.as_ref().map(|g| g.encoding)).unwrap_or(Encoding::Auto);
    let shore = named.as_ref().map_or(link.settings.sea_level(), |g| g.shore);
    let bytes = fs::read(path).map_err(|why| Failure::input(format!("{}: {}", path.display(), why)))?;
    let within = if full_size { (&Budget::COMMAND, FULL_SIZE) } else { (&Budget::PAGE, LARGEST) };
    let opened = ground_link::open_within(&bytes, &file_name(path), encoding, shore, within)
        .map_err(|why| Failure::input(format!("{}: {why}", path.display())))?;
    if let Some(named) = named.filter(|named| !grounds::same(named, &opened.link)) {
        return Err(Failure::input(format!(
            "{} is not the ground this link was made on: its heights differ from {}'s",
            path.display(),
            named.name
        )));
    }
    link.ground = Some(opened.link.clone());
    Ok(GroundFile { opened, place: geotiff::georeference(&bytes) })
}

/// The file's name, as the page's file picker gives it (a path's last
/// part).
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(|| path.display().to_string(), |name| name.to_string_lossy().into_owned())
}
