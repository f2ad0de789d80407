//! The sketch's state in brief: what `pageState()` reports to tests and
//! host pages, and what a worker sends the page after every frame. Each
//! field is declared once, in the table below, with its name in
//! `pageState()`; the struct, its numbers for the worker's messages and its
//! named values for the page are all made from that table, so a new field
//! cannot be left out of any of them.
//!
//! ```
//! use hydraulic_erosion::sketch::status::{Status, Value};
//! let status = Status::default();
//! assert_eq!(Status::from_numbers(&status.to_numbers()), Some(status.clone()));
//! assert!(status.values().contains(&("view", Value::Text("2d"))));
//! ```

use crate::draw::camera::Camera;
use crate::draw::color_schemes::{LIGHT, SCHEMES};
use crate::morphometry::measures::{MeasureSeries, Measures, MEASURES};
use crate::raster::grid::Grid;
use crate::settings::choices::{Choice, Choices};
use crate::settings::sliders::{Setting, Settings};
use crate::settings::toggles::{Toggle, Toggles};

/// A field's value as the page shows it (`pageState()` turns each into its
/// JavaScript counterpart).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Number(f64),
    Flag(bool),
    Text(&'static str),
    /// Two numbers, as `[a, b]`.
    Pair(f64, f64),
    /// Named values, as an object.
    Record(Vec<(&'static str, Value)>),
    /// A fingerprint, as 16 hex digits.
    Hex(u64),
}

/// A type a status field can have: written as numbers, read back from
/// them, and shown as a [`Value`].
pub trait Field: Sized {
    fn write(&self, out: &mut Vec<f64>);
    /// The field from the next numbers, or `None` where they are missing or
    /// not one of its values.
    fn read(numbers: &mut dyn Iterator<Item = f64>) -> Option<Self>;
    fn value(&self) -> Value;
}

/// A whole number from 0 to `max`.
fn whole(n: f64, max: f64) -> Option<f64> {
    (n.fract() == 0.0 && (0.0..=max).contains(&n)).then_some(n)
}

/// Whole numbers: a seed, and counts (drops, frames), which stay far below
/// 2⁵³, so a number carries them exactly.
macro_rules! whole_number_fields {
    ($($type:ty),+) => {$(
        impl Field for $type {
            fn write(&self, out: &mut Vec<f64>) {
                out.push(*self as f64);
            }
            fn read(numbers: &mut dyn Iterator<Item = f64>) -> Option<Self> {
                whole(numbers.next()?, <$type>::MAX as f64).map(|n| n as $type)
            }
            fn value(&self) -> Value {
                Value::Number(*self as f64)
            }
        }
    )+};
}

whole_number_fields!(u16, u32, u64, usize);

impl Field for f64 {
    fn write(&self, out: &mut Vec<f64>) {
        out.push(*self);
    }
    fn read(numbers: &mut dyn Iterator<Item = f64>) -> Option<Self> {
        numbers.next()
    }
    fn value(&self) -> Value {
        Value::Number(*self)
    }
}

impl Field for bool {
    fn write(&self, out: &mut Vec<f64>) {
        out.push(*self as u8 as f64);
    }
    fn read(numbers: &mut dyn Iterator<Item = f64>) -> Option<Self> {
        Some(numbers.next()? != 0.0)
    }
    fn value(&self) -> Value {
        Value::Flag(*self)
    }
}

/// A size in pixels, as `[width, height]`.
impl Field for (u32, u32) {
    fn write(&self, out: &mut Vec<f64>) {
        self.0.write(out);
        self.1.write(out);
    }
    fn read(numbers: &mut dyn Iterator<Item = f64>) -> Option<Self> {
        Some((u32::read(numbers)?, u32::read(numbers)?))
    }
    fn value(&self) -> Value {
        Value::Pair(self.0 as f64, self.1 as f64)
    }
}

/// A fingerprint of the heights ([`crate::raster::fingerprint`]). It
/// crosses as its two 32-bit halves, since a number holds 53 bits exactly,
/// not 64, and is shown as 16 hex digits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HeightsHash(pub u64);

impl Field for HeightsHash {
    fn write(&self, out: &mut Vec<f64>) {
        out.extend([(self.0 >> 32) as f64, (self.0 & 0xffff_ffff) as f64]);
    }
    fn read(numbers: &mut dyn Iterator<Item = f64>) -> Option<Self> {
        let (high, low) = (u32::read(numbers)?, u32::read(numbers)?);
        Some(HeightsHash((high as u64) << 32 | low as u64))
    }
    fn value(&self) -> Value {
        Value::Hex(self.0)
    }
}

/// What ground the map is on: one the sketch makes, or one from a file,
/// or the one a link names, whose file it waits for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GroundState {
    /// A ground the sketch makes (the island, simplex, diamond-square).
    #[default]
    Made,
    /// A ground from a file.
    FromFile,
    /// The link's map waits for its file...
    Wanted,
    /// ... and the file given last was another ground.
    NotTheOne,
}

impl GroundState {
    const ALL: [GroundState; 4] =
        [GroundState::Made, GroundState::FromFile, GroundState::Wanted, GroundState::NotTheOne];
    /// The states as `pageState().ground` names them.
    const NAMES: [&'static str; 4] = ["made", "file", "wanted", "not-the-one"];

    /// Whether the map waits for its file.
    pub fn waits(self) -> bool {
        matches!(self, GroundState::Wanted | GroundState::NotTheOne)
    }
}

impl Field for GroundState {
    fn write(&self, out: &mut Vec<f64>) {
        out.push(*self as u8 as f64);
    }
    fn read(numbers: &mut dyn Iterator<Item = f64>) -> Option<Self> {
        Some(GroundState::ALL[whole(numbers.next()?, 3.0)? as usize])
    }
    fn value(&self) -> Value {
        Value::Text(GroundState::NAMES[*self as usize])
    }
}

/// A colour scheme, by its key; as a number, its place in [`SCHEMES`].
impl Field for &'static str {
    fn write(&self, out: &mut Vec<f64>) {
        let place = SCHEMES.iter().position(|s| s.key == *self);
        out.push(place.map_or(-1.0, |k| k as f64));
    }
    fn read(numbers: &mut dyn Iterator<Item = f64>) -> Option<Self> {
        let place = whole(numbers.next()?, SCHEMES.len() as f64 - 1.0)?;
        Some(SCHEMES[place as usize].key)
    }
    fn value(&self) -> Value {
        Value::Text(self)
    }
}

impl Field for Settings {
    fn write(&self, out: &mut Vec<f64>) {
        out.extend(Setting::ALL.map(|s| self.get(s)));
    }
    fn read(numbers: &mut dyn Iterator<Item = f64>) -> Option<Self> {
        let mut settings = Settings::default();
        for s in Setting::ALL {
            settings.set(s, numbers.next()?);
        }
        Some(settings)
    }
    fn value(&self) -> Value {
        Value::Record(Setting::ALL.map(|s| (s.slider().name, Value::Number(self.get(s)))).to_vec())
    }
}

impl Field for Toggles {
    fn write(&self, out: &mut Vec<f64>) {
        for t in Toggle::ALL {
            self.get(t).write(out);
        }
    }
    fn read(numbers: &mut dyn Iterator<Item = f64>) -> Option<Self> {
        let mut toggles = Toggles::default();
        for t in Toggle::ALL {
            toggles.set(t, bool::read(numbers)?);
        }
        Some(toggles)
    }
    fn value(&self) -> Value {
        Value::Record(Toggle::ALL.map(|t| (t.row().name, Value::Flag(self.get(t)))).to_vec())
    }
}

/// The options picked, by their place in each list; shown by their keys.
impl Field for Choices {
    fn write(&self, out: &mut Vec<f64>) {
        for c in Choice::ALL {
            self.get(c).write(out);
        }
    }
    fn read(numbers: &mut dyn Iterator<Item = f64>) -> Option<Self> {
        let mut choices = Choices::default();
        for c in Choice::ALL {
            let option = usize::read(numbers)?;
            (option < c.row().options.len()).then(|| choices.set(c, option))?;
        }
        Some(choices)
    }
    fn value(&self) -> Value {
        Value::Record(Choice::ALL.map(|c| (c.row().name, Value::Text(self.key(c)))).to_vec())
    }
}

/// Yaw and pitch in radians, distance in map units.
impl Field for Camera {
    fn write(&self, out: &mut Vec<f64>) {
        out.extend([self.yaw, self.pitch, self.distance]);
    }
    fn read(numbers: &mut dyn Iterator<Item = f64>) -> Option<Self> {
        Camera::new(numbers.next()?, numbers.next()?, numbers.next()?)
    }
    fn value(&self) -> Value {
        let named = [("yaw", self.yaw), ("pitch", self.pitch), ("distance", self.distance)];
        Value::Record(named.map(|(name, v)| (name, Value::Number(v))).to_vec())
    }
}

/// The four measures, by their names in `measures()` (NaN where not
/// measured).
impl Field for Measures {
    fn write(&self, out: &mut Vec<f64>) {
        out.extend(self.values());
    }
    fn read(numbers: &mut dyn Iterator<Item = f64>) -> Option<Self> {
        Some(Measures::from_values([numbers.next()?, numbers.next()?, numbers.next()?, numbers.next()?]))
    }
    fn value(&self) -> Value {
        Value::Record(MEASURES.iter().zip(self.values()).map(|(row, v)| (row.name, Value::Number(v))).collect())
    }
}

/// A series of measures (what a sketch carries to another build): how
/// many, each sample's drops and measures, and whether the last was taken
/// where the rain stopped.
impl Field for MeasureSeries {
    fn write(&self, out: &mut Vec<f64>) {
        self.samples().len().write(out);
        for (drops, measures) in self.samples() {
            drops.write(out);
            measures.write(out);
        }
        self.last_where_it_stopped().write(out);
    }
    fn read(numbers: &mut dyn Iterator<Item = f64>) -> Option<Self> {
        let count = usize::read(numbers)?;
        let samples =
            (0..count).map(|_| Some((u64::read(numbers)?, Measures::read(numbers)?))).collect::<Option<_>>()?;
        Some(MeasureSeries::from_samples(samples, bool::read(numbers)?))
    }
    fn value(&self) -> Value {
        Value::Number(self.samples().len() as f64)
    }
}

/// The status struct and its codecs, from one table of fields: `field:
/// type => "its name in pageState()"`.
macro_rules! status {
    ($($(#[$doc:meta])* $field:ident: $type:ty => $name:literal,)+) => {
        /// The sketch's state in brief, as `pageState()` reports it.
        #[derive(Clone, Debug, PartialEq)]
        pub struct Status {
            $($(#[$doc])* pub $field: $type,)+
        }

        impl Status {
            /// The fields' names in `pageState()`, in table order.
            pub const NAMES: &'static [&'static str] = &[$($name),+];

            /// The status as numbers, field after field, as it crosses to
            /// the page from a worker.
            pub fn to_numbers(&self) -> Vec<f64> {
                let mut out = Vec::new();
                $(Field::write(&self.$field, &mut out);)+
                out
            }

            /// The status back from [`Status::to_numbers`]; `None` for
            /// numbers that are not a status's (too few or too many, or a
            /// value out of range).
            pub fn from_numbers(numbers: &[f64]) -> Option<Status> {
                let mut numbers = numbers.iter().copied();
                let status = Status { $($field: Field::read(&mut numbers)?,)+ };
                numbers.next().is_none().then_some(status)
            }

            /// Each stored field by its name in `pageState()`.
            fn stored_values(&self) -> Vec<(&'static str, Value)> {
                vec![$(($name, Field::value(&self.$field)),)+]
            }
        }
    };
}

status! {
    /// The map's seed.
    seed: u32 => "seed",
    /// Drops fallen since the map started.
    drops: u64 => "drops",
    /// A fingerprint of the heights now: the one thing of them that
    /// crosses every frame (the heights themselves cross when asked for).
    heights_hash: HeightsHash => "heightsHash",
    /// Frames drawn so far.
    frames: u64 => "frames",
    /// Whether it is raining.
    looping: bool => "looping",
    /// Whether a shared map is being brought back.
    replaying: bool => "replaying",
    /// The colour scheme's key.
    scheme: &'static str => "scheme",
    /// The sliders' values, by name.
    settings: Settings => "settings",
    /// The options picked, by the choices' names.
    choices: Choices => "choices",
    /// The map's cells, `[cols, rows]`: the map size's, or a ground from a
    /// file's.
    grid: (u32, u32) => "grid",
    /// What ground the map is on (`"made"`, `"file"`, `"wanted"` or
    /// `"not-the-one"`).
    ground: GroundState => "ground",
    /// The checkboxes, by name.
    toggles: Toggles => "toggles",
    /// The timeline's length...
    changes: usize => "changes",
    /// ... and whether a link replays it exactly.
    exact: bool => "exact",
    /// The backing store's size, `[width, height]` in device pixels.
    canvas: (u32, u32) => "canvas",
    /// Trees standing in the last frame drawn (0 when they are off)...
    trees: usize => "trees",
    /// ... and whether more are on their way (spots or branches still to
    /// come).
    trees_growing: bool => "treesGrowing",
    /// The value at the top of the layer's colour ramp (its legend's
    /// largest; 0 for the relief).
    layer_top: f64 => "layerTop",
    /// How like real land the map is (`measures()`), as last measured...
    measures: Measures => "measures",
    /// ... after this many drops.
    measured_at: u64 => "measuredAt",
    /// The reader's changes that can be undone...
    undo: usize => "undo",
    /// ... and redone.
    redo: usize => "redo",
    /// The drops the rewind spans (those fallen, or while it is dragged,
    /// those when the drag began).
    reach: u64 => "reach",
    /// The 3D view's camera: `{ yaw, pitch, distance }`.
    camera: Camera => "camera",
    /// How long the last frame's drawing took (milliseconds, on the
    /// sketch's clock): the painter's calls, not the rain.
    draw_ms: f64 => "drawMs",
    /// The drops fallen on the ground the rivers drawn were routed from:
    /// while it rains on a big map, behind `drops` by a routing's time.
    rivers_of: u64 => "riversOf",
}

impl Status {
    /// The fields worked out from others: the view shown (`"2d"` or
    /// `"3d"`, from the toggles).
    pub const DERIVED: &'static [&'static str] = &["view"];

    /// The map's grid of cells.
    pub fn grid(&self) -> Grid {
        Grid::new(self.grid.0 as usize, self.grid.1 as usize)
    }

    /// The state of the map itself, which a sketch carrying on another's
    /// shares with it: all but the drops its rivers are of (a sketch
    /// handed over routes its ground at its first frame, sooner than the
    /// other's next routing).
    pub fn of_the_map(&self) -> Status {
        Status { rivers_of: 0, ..self.clone() }
    }

    /// Every field by its name in `pageState()`: the stored ones, then the
    /// [derived](Status::DERIVED) ones.
    pub fn values(&self) -> Vec<(&'static str, Value)> {
        let mut values = self.stored_values();
        values.push(("view", Value::Text(if self.toggles.get(Toggle::View) { "3d" } else { "2d" })));
        values
    }
}

/// A fresh page's: seed 0, no drops, the defaults, in the light theme.
impl Default for Status {
    fn default() -> Status {
        Status {
            seed: 0,
            drops: 0,
            heights_hash: HeightsHash::default(),
            frames: 0,
            looping: false,
            replaying: false,
            scheme: LIGHT,
            settings: Settings::default(),
            choices: Choices::default(),
            grid: (Grid::ARTICLE.cols as u32, Grid::ARTICLE.rows as u32),
            ground: GroundState::Made,
            toggles: Toggles::default(),
            changes: 0,
            exact: true,
            canvas: (1, 1),
            trees: 0,
            trees_growing: false,
            layer_top: 0.0,
            measures: Measures::default(),
            measured_at: 0,
            undo: 0,
            redo: 0,
            reach: 0,
            camera: Camera::START,
            draw_ms: 0.0,
            rivers_of: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A status whose every field differs from a fresh page's.
    fn every_field_moved() -> Status {
        let mut settings = Settings::default();
        for s in Setting::ALL {
            let slider = s.slider();
            settings.set(s, if slider.default == slider.max { slider.min } else { slider.max });
        }
        let mut choices = Choices::default();
        for c in Choice::ALL {
            choices.set(c, c.row().options.len() - 1);
        }
        let mut toggles = Toggles::default();
        for t in Toggle::ALL {
            toggles.set(t, !t.row().default);
        }
        Status {
            seed: u32::MAX,
            drops: 300_001,
            heights_hash: HeightsHash(0xfedc_ba98_7654_3210),
            frames: 1_234,
            looping: true,
            replaying: true,
            scheme: SCHEMES[SCHEMES.len() - 1].key,
            settings,
            choices,
            grid: (2048, 1365),
            ground: GroundState::NotTheOne,
            toggles,
            changes: 17,
            exact: false,
            canvas: (1280, 721),
            trees: 321,
            trees_growing: true,
            layer_top: 0.042,
            measures: Measures::from_values([0.41, 0.55, 0.47, 0.031]),
            measured_at: 295_000,
            undo: 3,
            redo: 2,
            reach: 300_001,
            camera: Camera { yaw: -1.25, pitch: 0.4, distance: 0.9 },
            draw_ms: 3.75,
            rivers_of: 290_000,
        }
    }

    #[test]
    fn every_field_crosses_as_numbers_and_back_unchanged() {
        let (fresh, moved) = (Status::default(), every_field_moved());
        // Every value shown differs, so each field is carried by itself
        for ((name, a), (_, b)) in fresh.values().iter().zip(moved.values()) {
            assert_ne!(*a, b, "{name} is the same in both");
        }
        for status in [fresh, moved] {
            assert_eq!(Status::from_numbers(&status.to_numbers()), Some(status));
        }
    }

    #[test]
    fn numbers_that_are_not_a_status_give_none() {
        let numbers = every_field_moved().to_numbers();
        assert_eq!(Status::from_numbers(&numbers[..numbers.len() - 1]), None, "one short");
        assert_eq!(Status::from_numbers(&[&numbers[..], &[0.0]].concat()), None, "one over");
        let mut bad_seed = numbers.clone();
        bad_seed[0] = 1.5;
        assert_eq!(Status::from_numbers(&bad_seed), None, "seeds are whole numbers");
        let mut bad_hash = numbers.clone();
        bad_hash[2] = 4_294_967_296.0;
        assert_eq!(Status::from_numbers(&bad_hash), None, "a hash's halves are 32 bits each");
        let mut bad_scheme = numbers.clone();
        bad_scheme[7] = SCHEMES.len() as f64;
        assert_eq!(Status::from_numbers(&bad_scheme), None, "no such scheme");
        let mut bad_camera = numbers;
        let camera_at = bad_camera.len() - 4;
        bad_camera[camera_at] = f64::NAN;
        assert_eq!(Status::from_numbers(&bad_camera), None, "a camera is numbers");
    }

    #[test]
    fn the_page_sees_every_field_once_by_its_own_name() {
        let values = every_field_moved().values();
        let names: Vec<&str> = values.iter().map(|(name, _)| *name).collect();
        assert_eq!(names, [Status::NAMES, Status::DERIVED].concat());
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{names:?}");
        let value = |name: &str| values.iter().find(|(n, _)| *n == name).map(|(_, v)| v.clone());
        assert_eq!(value("view"), Some(Value::Text("3d")));
        assert_eq!(value("heightsHash"), Some(Value::Hex(0xfedc_ba98_7654_3210)), "all 64 bits");
        assert_eq!(value("grid"), Some(Value::Pair(2048.0, 1365.0)), "a ground from a file's, not the map size's");
        assert_eq!(value("ground"), Some(Value::Text("not-the-one")));
        assert_eq!(value("canvas"), Some(Value::Pair(1280.0, 721.0)));
        let Some(Value::Record(settings)) = value("settings") else { panic!("settings are a record") };
        assert_eq!(settings.len(), Setting::ALL.len());
        assert_eq!(settings[0], ("drops_per_frame", Value::Number(Setting::DropsPerFrame.slider().max)));
    }
}
