//! Opening a ground from a file the reader picks (`experiment-control-import`)
//! or drops on the map: the file is read, decoded and fitted by the
//! heightmap encoder's module in a worker of its own (`readGround` in
//! [`super::snippet`]: what reading takes goes when it ends), and handed to
//! the sketch with the link that names it. What goes wrong is said on the
//! map and changes nothing.

use js_sys::{Float32Array, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use super::canvas::MapNote;
use super::snippet::read_ground;
use crate::raster::grid::Grid;
use crate::share::elevation::{Budget, Encoding, ReadError};
use crate::share::ground_link::GroundLink;

/// How the map's note begins when a file was not opened...
const NOT_OPENED: &str = "Not opened: ";
/// ... and while one is being read.
const OPENING: &str = "Opening ";

/// How a file is to be fitted: its colours read as `encoding` says, an
/// elevation model's shore at `shore` (the sea level now, or the one a
/// waiting link names).
pub struct Fit {
    pub encoding: Encoding,
    pub shore: f64,
}

/// Opens `file` as `fit` says; once it is a ground, `hand` gets its link and
/// heights, and says whether what was read is to be said on `note` (not
/// where the map says something else of it at once); a file that is none is
/// said there.
pub fn open(file: web_sys::File, fit: Fit, note: MapNote, hand: impl FnOnce(GroundLink, Vec<f32>) -> bool + 'static) {
    note.say(&format!("{OPENING}{}…", file.name()));
    wasm_bindgen_futures::spawn_local(async move {
        match read_and_fit(&file, &fit).await {
            // Handed first: the page may say it is loading the rest of the
            // sketch, which what was read then follows
            Ok((link, heights, said)) => {
                if hand(link, heights) {
                    note.say(&said);
                }
            }
            // The reader's file, not the page, is at fault: said on the
            // map, not in the console
            Err(why) => note.say(&not_had(&why)),
        }
    });
}

async fn read_and_fit(file: &web_sys::File, fit: &Fit) -> Result<(GroundLink, Vec<f32>, String), String> {
    // A file past the budget is refused before a byte of it is read
    let size = file.size() as usize;
    if size > Budget::PAGE.file_bytes {
        return Err(ReadError::TooBig { bytes: size, budget: Budget::PAGE }.to_string());
    }
    let buffer = JsFuture::from(file.array_buffer()).await.map_err(|_| "the file could not be read".to_string())?;
    let bytes = Uint8Array::new(&buffer);
    let reading = read_ground(&bytes, &file.name(), fit.encoding.key(), fit.shore);
    let ground = JsFuture::from(reading).await.map_err(|thrown| {
        // The reader's words where the file is at fault; else the module
        // that reads could not be had
        let field = |key: &str| Reflect::get(&thrown, &key.into()).unwrap_or(JsValue::UNDEFINED);
        if field("said").is_truthy() {
            field("message").as_string().unwrap_or_else(|| "the file could not be read".into())
        } else {
            "the module that reads grounds could not be loaded; try again".into()
        }
    })?;
    let field = |key: &str| Reflect::get(&ground, &key.into()).unwrap_or(JsValue::UNDEFINED);
    let cells = |key: &str| field(key).as_f64().map(|n| n as usize).filter(|&n| n >= 2);
    let (cols, rows) = (cells("cols").ok_or("no columns")?, cells("rows").ok_or("no rows")?);
    let heights: Float32Array = field("heights").dyn_into().map_err(|_| "no heights")?;
    let fingerprint = field("fingerprint").as_string().and_then(|hex| u64::from_str_radix(&hex, 16).ok());
    let link = GroundLink {
        name: GroundLink::kept_name(&file.name()),
        grid: Grid::new(cols, rows),
        fingerprint: fingerprint.ok_or("no fingerprint")?,
        shore: fit.shore,
        encoding: fit.encoding,
        steepness: field("steepness").as_f64().filter(|s| *s > 0.0).ok_or("no steepness")?,
    };
    Ok((link, heights.to_vec(), field("said").as_string().unwrap_or_default()))
}

/// What the map says when a ground's file could not be had: `why`.
pub fn not_had(why: &str) -> String {
    format!("{NOT_OPENED}{why}")
}

/// What the map says while its link waits for its ground's file, named
/// `name`: `another` when the file given last was another ground.
pub fn asking_for(name: &str, another: bool) -> String {
    if another {
        format!(
            "That file is not the ground this link was made on: its heights differ from {name}'s. Drop {name} here, or \
             pick it with Open a ground."
        )
    } else {
        format!(
            "This map was made on {name}, a file a link cannot carry. Drop the file here, or pick it with Open a \
             ground, and the map comes back."
        )
    }
}

/// Whether the note says what [`asking_for`] says, or that a file is being
/// read (what a link waiting for its file says instead once it is).
pub fn is_asking(said: &str) -> bool {
    said.starts_with("This map was made on ")
        || said.starts_with("That file is not the ground")
        || said.starts_with(OPENING)
}
