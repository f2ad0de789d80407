//! The page's files: a ground opened from a file (or dropped on the page
//! before the sketch ran), and the downloads made of the map (heightmap,
//! maps, meshes, the time-lapse video), named by what they show.

use std::rc::Rc;

use js_sys::Float32Array;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::settings::sliders::Setting;
use crate::share::link::{self};
use crate::share::map_words;
use crate::sketch::numbers::Message;
use crate::sketch::status::{GroundState, Status};
use crate::sketch::Input;

use crate::web::controls::Action;
use crate::web::dom::listen;
use crate::web::ground_file::{self, Fit};
use crate::web::lazy_download::Made;
use crate::web::sharing::Poster;
use crate::web::time_lapse::{Recorded, FRAME_MICROS};

use super::{heights_in, numbers_of, Host};

impl Host {
    /// Opens `file` as the map's ground: fitted as the link waiting for it
    /// names, or with the encoding picked and the sea level now.
    pub fn open_ground(self: &Rc<Self>, file: web_sys::File) {
        let waits = self.waits_for_a_ground();
        let fit = match link::read(&self.link.borrow()).link.ground.filter(|_| waits) {
            Some(named) => Fit { encoding: named.encoding, shore: named.shore },
            None => Fit {
                encoding: self.controls.import_encoding(),
                shore: self.status().map_or(Setting::SeaLevel.slider().default, |s| s.settings.sea_level()),
            },
        };
        let host = self.clone();
        ground_file::open(file, fit, self.element.borrow().note().clone(), move |link, heights| {
            host.send(Message::ShelveGround(link.clone(), heights));
            host.send(Message::Input(Input::OpenGround(link)));
            // Where a link waits, the map says whether this was its file
            !waits
        });
    }

    /// A ground's file could not be had (a figure's `ground` attribute names
    /// one the network did not give): the map says so.
    pub fn ground_not_had(&self, why: &str) {
        self.element.borrow().note().say(&ground_file::not_had(why));
    }

    /// A file dropped on the map opens as its ground, where the page offers
    /// to open one (or the map waits for its file); elsewhere a drop is
    /// the browser's.
    pub(super) fn take_dropped_grounds(self: &Rc<Self>) {
        let holder = self.element.borrow().holder().clone();
        let host = self.clone();
        listen(&holder, "dragover", move |event| {
            if host.controls.takes_grounds() || host.waits_for_a_ground() {
                event.prevent_default();
            }
        });
        let host = self.clone();
        listen(&holder, "drop", move |event| {
            if !(host.controls.takes_grounds() || host.waits_for_a_ground()) {
                return;
            }
            event.prevent_default();
            let dropped = event.dyn_ref::<web_sys::DragEvent>().and_then(|d| d.data_transfer());
            if let Some(file) = dropped.and_then(|t| t.files()).and_then(|files| files.get(0)) {
                host.open_ground(file);
            }
        });
    }

    /// Whether the map waits for the file of the ground its link names.
    fn waits_for_a_ground(&self) -> bool {
        self.status.borrow().as_ref().is_some_and(|s| s.ground.waits())
    }

    /// The map's note asks for the ground's file while its link waits for
    /// it, and the terrain and map size show no option on a ground from a
    /// file.
    pub(super) fn show_ground(&self, status: &Status) {
        let name = link::read(&self.link.borrow()).link.ground.map(|g| g.name).unwrap_or_default();
        self.controls.show_ground((status.ground != GroundState::Made).then_some(&name));
        let note = self.element.borrow().note().clone();
        if status.ground.waits() {
            note.say(&ground_file::asking_for(&name, status.ground == GroundState::NotTheOne));
        } else {
            note.take_back(ground_file::is_asking);
        }
    }

    /// The file a download asks for, made from the ground the map shows
    /// (its heights, and for the maps' erosion, the ground without the
    /// rain's work where the hand moved it).
    pub(super) fn file(&self, action: Action, ground: Float32Array, status: &Status) -> Made {
        let cols = status.grid().cols as u32;
        let heights = heights_in(&ground, status);
        let (sea_level, height_scale) =
            (status.settings.get(Setting::SeaLevel), status.settings.get(Setting::HeightScale));
        let (heights, cols) = (JsValue::from(heights), JsValue::from(cols));
        let (sea_level, height_scale) = (JsValue::from(sea_level), JsValue::from(height_scale));
        let (module, function, args, mime, name, what) = match action {
            Action::SaveStl => (
                "mesh-exporter",
                "stl",
                js_sys::Array::of4(&heights, &cols, &sea_level, &height_scale),
                "model/stl",
                self.file_name("solid", "stl"),
                "STL file",
            ),
            Action::SaveGltf => (
                "mesh-exporter",
                "glb",
                js_sys::Array::of5(&heights, &cols, &sea_level, &status.scheme.into(), &height_scale),
                "model/gltf-binary",
                self.file_name(status.scheme, "glb"),
                "glTF file",
            ),
            Action::SaveMaps => (
                "heightmap-encoder",
                "maps",
                js_sys::Array::of3(
                    &ground,
                    &self.link.borrow().as_str().into(),
                    &js_sys::Float64Array::from(&numbers_of(&status.settings)[..]),
                ),
                "application/zip",
                self.file_name("maps", "zip"),
                "maps",
            ),
            _ => (
                "heightmap-encoder",
                "encode",
                js_sys::Array::of2(&heights, &cols),
                "image/png",
                self.file_name("heightmap", "png"),
                "heightmap",
            ),
        };
        Made { module, function, args, mime, name, what }
    }

    /// The WebM file of the encoded time-lapse, muxed by the heightmap
    /// encoder's module, named as Save PNG names its pictures.
    pub(super) fn video_file(&self, video: Recorded) -> Made {
        let frames: Vec<f64> =
            video.frames.iter().flat_map(|&(t, key, len)| [t as f64, key as u8 as f64, len as f64]).collect();
        let args = js_sys::Array::of5(
            &js_sys::Uint8Array::from(&video.data[..]),
            &js_sys::Float64Array::from(&frames[..]),
            &video.width.into(),
            &video.height.into(),
            &video.codec.matroska_id().into(),
        );
        args.push(&(FRAME_MICROS as f64).into());
        let scheme = self.status().map_or("map", |s| s.scheme);
        Made {
            module: "heightmap-encoder",
            function: "webm",
            args,
            mime: "video/webm",
            name: self.file_name(scheme, "webm"),
            what: "video",
        }
    }

    /// The figure's poster as "Copy embed code" names it: the map as it is
    /// drawn now, its file named by the seed and drops (no time: the code
    /// names it before it is saved), with its words.
    pub(super) fn poster(&self) -> Poster {
        let status = self.status();
        let (seed, drops, size) = status.map_or((0, 0, (1, 1)), |s| (s.seed, s.drops, s.canvas));
        let map = link::read(&self.link.borrow()).link;
        Poster {
            file: format!("hydraulic_erosion_seed{seed}_{drops}drops_poster.png"),
            alt: map_words::alt(&map),
            size,
        }
    }

    /// The name of a saved file, as the original names its pictures: what
    /// it shows (the colour scheme, "heightmap", "solid"), the seed, the
    /// drops, the time.
    pub(super) fn file_name(&self, shows: &str, extension: &str) -> String {
        let now = (js_sys::Date::now() / 1000.0).floor() as u64;
        let (seed, drops) = self.status().map_or((0, 0), |s| (s.seed, s.drops));
        format!("hydraulic_erosion_{shows}_seed{seed}_{drops}drops_{now}.{extension}")
    }
}
