//! The files a map is written as, by the extension of the path asked for:
//! each the very file the page's "Save" button of that kind makes, by the
//! same code (`share`'s writers).

use std::path::Path;

use hydraulic_erosion::draw::color_schemes::{scheme, LIGHT};
use hydraulic_erosion::draw::level_of_detail::{at_most, MESH_CELLS};
use hydraulic_erosion::settings::sliders::Setting;
use hydraulic_erosion::share::link::MapLink;
use hydraulic_erosion::share::{glb, heightmap, map_archive, stl_solid};
use hydraulic_erosion::terrain::Terrain;

use crate::command::Failure;

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
}

/// The extensions, for the message that lists them.
const KNOWN: &str = ".png, .zip, .stl or .glb";

impl MapFile {
    /// The file `path`'s extension asks for.
    pub fn for_path(path: &Path) -> Result<MapFile, Failure> {
        let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
        match extension.as_deref() {
            Some("png") => Ok(MapFile::Heightmap),
            Some("zip") => Ok(MapFile::Maps),
            Some("stl") => Ok(MapFile::Stl),
            Some("glb") => Ok(MapFile::Gltf),
            Some(other) => Err(Failure::usage(format!("no output of type .{other}: OUT ends {KNOWN}"))),
            None => Err(Failure::usage(format!("{} has no extension to say what to write: {KNOWN}", path.display()))),
        }
    }

    /// The file of the map `link` describes (its query `query`), made on
    /// `terrain`.
    pub fn bytes(self, terrain: &Terrain, link: &MapLink, query: &str) -> Vec<u8> {
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
        }
    }
}
