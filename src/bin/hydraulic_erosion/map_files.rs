//! The files a map is written as, by the extension of the path asked for:
//! each the very file the page's "Save" button of that kind makes, by the
//! same code (`share`'s writers).

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use hydraulic_erosion::draw::color_schemes::{scheme, LIGHT};
use hydraulic_erosion::draw::level_of_detail::{at_most, MESH_CELLS};
use hydraulic_erosion::ground::imported;
use hydraulic_erosion::settings::sliders::Setting;
use hydraulic_erosion::share::elevation::geotiff;
use hydraulic_erosion::share::link::MapLink;
use hydraulic_erosion::share::{glb, heightmap, map_archive, stl_solid};
use hydraulic_erosion::terrain::Terrain;

use crate::command::Failure;
use crate::ground_file::GroundFile;

/// What a map is written as.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MapFile {
    /// The heights as a 16-bit greyscale PNG (Save heightmap).
    Heightmap,
    /// The maps' zip: heightmap, erosion, deposition, flow, `map.json`
    /// (Save maps).
    Maps,
    /// A binary STL solid (Save STL).
    Stl,
    /// A glTF binary in the map's colours (Save glTF).
    Gltf,
    /// The heights as a float32 GeoTIFF: in the metres of an elevation
    /// model, at its place on the Earth if its file said (a heightmap's in
    /// its levels, 0 to 1).
    GeoTiff,
}

/// The extensions, for the message that lists them.
const KNOWN: &str = ".png, .tif, .zip, .stl or .glb";

impl MapFile {
    /// The file `path`'s extension asks for.
    pub fn for_path(path: &Path) -> Result<MapFile, Failure> {
        let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
        match extension.as_deref() {
            Some("png") => Ok(MapFile::Heightmap),
            Some("zip") => Ok(MapFile::Maps),
            Some("stl") => Ok(MapFile::Stl),
            Some("glb") => Ok(MapFile::Gltf),
            Some("tif" | "tiff") => Ok(MapFile::GeoTiff),
            Some(other) => Err(Failure::usage(format!("no output of type .{other}: OUT ends {KNOWN}"))),
            None => Err(Failure::usage(format!("{} has no extension to say what to write: {KNOWN}", path.display()))),
        }
    }

    /// The file of the map `link` describes (its query `query`), made on
    /// `terrain` from the ground in `file`.
    pub fn bytes(self, terrain: &Terrain, link: &MapLink, query: &str, file: &GroundFile) -> Vec<u8> {
        let (grid, heights, settings) = (terrain.grid(), terrain.heights(), terrain.settings());
        let (sea_level, height_scale) = (settings.sea_level(), settings.get(Setting::HeightScale));
        match self {
            MapFile::Heightmap => heightmap::encode(grid, heights),
            MapFile::Maps => {
                // As the page hands them over: the heights, then the
                // ground without the rain where a link cannot make it again
                let mut ground = heights.to_vec();
                ground.extend_from_slice(terrain.without_rain_to_keep().unwrap_or(&[]));
                map_archive::archive(&ground, link, query, settings).expect("the terrain's own heights fit its link")
            }
            MapFile::Stl => {
                let (grid, heights) = at_most(grid, heights, MESH_CELLS);
                stl_solid::stl(grid, &heights, sea_level, height_scale)
            }
            MapFile::Gltf => {
                let colors = link.scheme.and_then(scheme).or_else(|| scheme(LIGHT)).expect("the site's scheme exists");
                let (grid, heights) = at_most(grid, heights, MESH_CELLS);
                glb::glb(grid, &heights, sea_level, colors, height_scale)
            }
            MapFile::GeoTiff => {
                let fitting = &file.opened.fitting;
                let values =
                    imported::metres(heights, fitting, file.opened.link.shore).unwrap_or_else(|| heights.to_vec());
                let place = file
                    .place
                    .as_ref()
                    .map(|p| p.fitted((fitting.file_cols, fitting.file_rows), (grid.cols, grid.rows)));
                geotiff::write(grid.cols, &values, place.as_ref()).expect("a TIFF in memory")
            }
        }
    }
}

/// Writes `bytes` to `path` whole or not at all: into a file beside it of
/// its own (this process's, this write's), renamed into place once written.
pub fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let mut partial = path.as_os_str().to_owned();
    partial.push(format!(".partial-{}-{}", std::process::id(), WRITES.fetch_add(1, Ordering::Relaxed)));
    let partial = PathBuf::from(partial);
    let written = fs::write(&partial, bytes).and_then(|()| fs::rename(&partial, path));
    written.map_err(|why| {
        let _ = fs::remove_file(&partial);
        Failure::input(format!("{}: {why}", path.display()))
    })
}
