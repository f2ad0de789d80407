//! What the page and a running sketch say to each other, as numbers: how a
//! message crosses to the sketch's worker and how what the sketch must show
//! comes back, in a `Float64Array` (a tag, then the fields) and, where one
//! is needed, a text (a link's query). Numbers and places in the tables
//! keep both ends short. The status has its own table
//! ([`crate::sketch::status`]); the page's layer only wraps these numbers
//! in JavaScript arrays.
//!
//! ```
//! use hydraulic_erosion::sketch::numbers::{message_from_numbers, message_to_numbers, Message};
//! use hydraulic_erosion::sketch::Input;
//! let message = Message::Input(Input::Zoom(0.9));
//! assert_eq!(message_from_numbers(&message_to_numbers(&message)), Some(message));
//! ```

use crate::draw::color_schemes::SCHEMES;
use crate::draw::viewport::Size;
use crate::raster::grid::Grid;
use crate::settings::choices::Choice;
use crate::settings::sliders::Setting;
use crate::settings::toggles::Toggle;
use crate::share::elevation::Encoding;
use crate::share::ground_link::GroundLink;
use crate::share::keyframes::Keyframes;
use crate::share::link;
use crate::sketch::history::{Brief, History, Step};
use crate::sketch::status::{Field, HeightsHash};
use crate::sketch::{Carried, Input, Pointing, Show, Start};

/// From the page to the sketch.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    Input(Input),
    /// Whether the reader can see the sketch (in view, document shown).
    Seen(bool),
    /// The picture as a PNG, please.
    SavePicture,
    /// The time-lapse video, please ([`crate::sketch::time_lapse`])...
    SaveVideo,
    /// ... or no more of it.
    CancelVideo,
    /// Hand yourself over to the full build, please ([`crate::sketch::Sketch::handover`]),
    /// and stop.
    HandOver,
    /// The heights as they are now, please: they cross only when asked for
    /// (a download, `pageHeights()`), never with every frame.
    SendHeights,
    /// Keep the ground of these heights, which this link names
    /// ([`crate::sketch::Sketch::shelve`]). Its numbers carry the link; the
    /// heights cross beside them, as an array of their own, and are empty
    /// here.
    ShelveGround(GroundLink, Vec<f32>),
}

// The tags that open each message's numbers
const SET: f64 = 0.0;
const TOGGLE: f64 = 1.0;
const PICK_SCHEME: f64 = 2.0;
const SITE_THEME: f64 = 3.0;
const PLAY_PAUSE: f64 = 4.0;
const RESTART: f64 = 5.0;
const NEW_MAP: f64 = 6.0;
const RESIZE: f64 = 7.0;
const REDUCED_MOTION: f64 = 8.0;
const SHARE: f64 = 9.0;
const RESTING: f64 = 10.0;
const SEEN: f64 = 11.0;
const SAVE_PICTURE: f64 = 12.0;
const CHOOSE: f64 = 13.0;
const ORBIT: f64 = 14.0;
const ORBIT_END: f64 = 15.0;
const ZOOM: f64 = 16.0;
const RESET_CAMERA: f64 = 17.0;
const HAND_OVER: f64 = 18.0;
const UNDO: f64 = 19.0;
const REDO: f64 = 20.0;
const REWIND: f64 = 21.0;
const LET_GO: f64 = 22.0;
const SAVE_VIDEO: f64 = 23.0;
const CANCEL_VIDEO: f64 = 24.0;
const SEND_HEIGHTS: f64 = 25.0;
const RAIN: f64 = 26.0;
const PEN_DOWN: f64 = 27.0;
const PEN_MOVE: f64 = 28.0;
const PEN_UP: f64 = 29.0;
const STROKE: f64 = 30.0;
const AIM: f64 = 31.0;
const OPEN_GROUND: f64 = 32.0;
const SHELVE_GROUND: f64 = 33.0;
// ... where a pointer is: a kind, then two numbers
const ON_MAP: f64 = 0.0;
const ON_VIEW: f64 = 1.0;
// ... and each show's, three numbers a show
const PLAY_STATE: f64 = 0.0;
const SETTING: f64 = 1.0;
const SCHEME: f64 = 2.0;
const BUSY: f64 = 3.0;
const LINK: f64 = 4.0;
const SHARED: f64 = 5.0;
const CHOICE: f64 = 6.0;
const TOGGLED: f64 = 7.0;
const NO_3D: f64 = 8.0;
const SEED: f64 = 9.0;

/// Numbers a show takes.
const SHOW_NUMBERS: usize = 3;

/// The place of `item` in `table`, or −1.
fn place<T: PartialEq>(table: impl IntoIterator<Item = T>, item: T) -> f64 {
    table.into_iter().position(|x| x == item).map_or(-1.0, |k| k as f64)
}

/// The row at place `n` of `table`, if `n` is one.
fn row<T: Copy>(table: &[T], n: f64) -> Option<T> {
    (n >= 0.0 && n.fract() == 0.0).then(|| table.get(n as usize).copied()).flatten()
}

fn scheme_key(n: f64) -> Option<&'static str> {
    row(SCHEMES, n).map(|s| s.key)
}

fn scheme_place(key: &str) -> f64 {
    place(SCHEMES.iter().map(|s| s.key), key)
}

/// A 32-bit seed, a whole number carried as a number (read as the status
/// reads its own).
fn seed(n: f64) -> Option<u32> {
    u32::read(&mut std::iter::once(n))
}

fn flag(on: bool) -> f64 {
    on as u8 as f64
}

/// Where a pointer is, as three numbers.
fn pointing(at: &Pointing) -> Vec<f64> {
    match *at {
        Pointing::Cell { x, y } => vec![ON_MAP, x, y],
        Pointing::View { across, down } => vec![ON_VIEW, across, down],
    }
}

fn pointing_from(n: &[f64]) -> Option<Pointing> {
    let (a, b) = (*n.get(1)?, *n.get(2)?);
    match *n.first()? {
        ON_MAP => Some(Pointing::Cell { x: a, y: b }),
        ON_VIEW => Some(Pointing::View { across: a, down: b }),
        _ => None,
    }
}

pub fn message_to_numbers(message: &Message) -> Vec<f64> {
    match message {
        Message::Input(input) => match input {
            Input::Set(s, value) => vec![SET, place(Setting::ALL, *s), *value],
            Input::Toggle(t, on) => vec![TOGGLE, place(Toggle::ALL, *t), flag(*on)],
            Input::Choose(c, option) => vec![CHOOSE, place(Choice::ALL, *c), *option as f64],
            Input::PickScheme(key) => vec![PICK_SCHEME, scheme_place(key)],
            Input::SiteTheme { dark } => vec![SITE_THEME, flag(*dark)],
            Input::PlayPause => vec![PLAY_PAUSE],
            Input::Rain(on) => vec![RAIN, flag(*on)],
            Input::PenDown { at, pressure } => [vec![PEN_DOWN], pointing(at), vec![*pressure]].concat(),
            Input::PenMove { at, pressure } => [vec![PEN_MOVE], pointing(at), vec![*pressure]].concat(),
            Input::Aim(at) => [vec![AIM], at.as_ref().map(pointing).unwrap_or_default()].concat(),
            Input::PenUp => vec![PEN_UP],
            Input::Stroke(points) => std::iter::once(STROKE).chain(points.iter().flatten().copied()).collect(),
            Input::Restart => vec![RESTART],
            Input::NewMap { seed } => vec![NEW_MAP, *seed as f64],
            Input::Resize(size) => vec![RESIZE, size.width, size.height, size.ratio],
            Input::ReducedMotion(reduce) => vec![REDUCED_MOTION, flag(*reduce)],
            Input::Share => vec![SHARE],
            Input::Resting => vec![RESTING],
            Input::Orbit { dx, dy } => vec![ORBIT, *dx, *dy],
            Input::OrbitEnd => vec![ORBIT_END],
            Input::Zoom(factor) => vec![ZOOM, *factor],
            Input::ResetCamera => vec![RESET_CAMERA],
            Input::Undo => vec![UNDO],
            Input::Redo => vec![REDO],
            Input::Rewind(drops) => vec![REWIND, *drops as f64],
            Input::LetGo => vec![LET_GO],
            Input::OpenGround(link) => [vec![OPEN_GROUND], ground_link(link)].concat(),
        },
        Message::Seen(seen) => vec![SEEN, flag(*seen)],
        Message::SavePicture => vec![SAVE_PICTURE],
        Message::HandOver => vec![HAND_OVER],
        Message::SaveVideo => vec![SAVE_VIDEO],
        Message::CancelVideo => vec![CANCEL_VIDEO],
        Message::SendHeights => vec![SEND_HEIGHTS],
        Message::ShelveGround(link, _) => [vec![SHELVE_GROUND], ground_link(link)].concat(),
    }
}

/// A ground's link as numbers: its cells, its fingerprint's two halves, its
/// shore, its encoding's place, its steepness, then its name's UTF-16 code
/// units.
fn ground_link(link: &GroundLink) -> Vec<f64> {
    let fingerprint = HeightsHash(link.fingerprint);
    let mut out = vec![link.grid.cols as f64, link.grid.rows as f64];
    fingerprint.write(&mut out);
    out.extend([link.shore, place(Encoding::ALL, link.encoding), link.steepness]);
    out.extend(link.name.encode_utf16().map(f64::from));
    out
}

/// A ground's link from [`ground_link`]'s numbers, if they are one's.
fn ground_link_from(n: &[f64]) -> Option<GroundLink> {
    let mut n = n.iter().copied();
    let (cols, rows) = (usize::read(&mut n)?, usize::read(&mut n)?);
    let fingerprint = HeightsHash::read(&mut n)?.0;
    let (shore, encoding, steepness) = (n.next()?, row(&Encoding::ALL, n.next()?)?, n.next()?);
    let units: Vec<u16> = n.map(|u| u16::read(&mut std::iter::once(u))).collect::<Option<_>>()?;
    let name = String::from_utf16(&units).ok()?;
    let fits = cols >= 2 && rows >= 2 && (0.0..=1.0).contains(&shore) && steepness > 0.0 && !name.is_empty();
    fits.then(|| GroundLink { name, grid: Grid::new(cols, rows), fingerprint, shore, encoding, steepness })
}

/// The message these numbers carry, or `None` if they carry none of ours.
pub fn message_from_numbers(n: &[f64]) -> Option<Message> {
    let at = |k: usize| n.get(k).copied();
    let input = match *n.first()? {
        SET => Input::Set(row(&Setting::ALL, at(1)?)?, at(2)?),
        TOGGLE => Input::Toggle(row(&Toggle::ALL, at(1)?)?, at(2)? != 0.0),
        CHOOSE => Input::Choose(row(&Choice::ALL, at(1)?)?, at(2)? as usize),
        PICK_SCHEME => Input::PickScheme(scheme_key(at(1)?).unwrap_or_default().to_string()),
        SITE_THEME => Input::SiteTheme { dark: at(1)? != 0.0 },
        PLAY_PAUSE => Input::PlayPause,
        RAIN => Input::Rain(at(1)? != 0.0),
        PEN_DOWN => Input::PenDown { at: pointing_from(&n[1..])?, pressure: at(4)? },
        PEN_MOVE => Input::PenMove { at: pointing_from(&n[1..])?, pressure: at(4)? },
        AIM if n.len() == 1 => Input::Aim(None),
        AIM => Input::Aim(Some(pointing_from(&n[1..])?)),
        PEN_UP => Input::PenUp,
        STROKE if n.len() % 2 == 1 => Input::Stroke(n[1..].chunks(2).map(|p| [p[0], p[1]]).collect()),
        RESTART => Input::Restart,
        NEW_MAP => Input::NewMap { seed: seed(at(1)?)? },
        RESIZE => Input::Resize(Size::new(at(1)?, at(2)?, at(3)?)),
        REDUCED_MOTION => Input::ReducedMotion(at(1)? != 0.0),
        SHARE => Input::Share,
        RESTING => Input::Resting,
        ORBIT => Input::Orbit { dx: at(1)?, dy: at(2)? },
        ORBIT_END => Input::OrbitEnd,
        ZOOM => Input::Zoom(at(1)?),
        RESET_CAMERA => Input::ResetCamera,
        UNDO => Input::Undo,
        REDO => Input::Redo,
        REWIND => Input::Rewind(u64::read(&mut std::iter::once(at(1)?))?),
        LET_GO => Input::LetGo,
        OPEN_GROUND => Input::OpenGround(ground_link_from(&n[1..])?),
        SHELVE_GROUND => return Some(Message::ShelveGround(ground_link_from(&n[1..])?, Vec::new())),
        SEEN => return Some(Message::Seen(at(1)? != 0.0)),
        SAVE_PICTURE => return Some(Message::SavePicture),
        HAND_OVER => return Some(Message::HandOver),
        SAVE_VIDEO => return Some(Message::SaveVideo),
        CANCEL_VIDEO => return Some(Message::CancelVideo),
        SEND_HEIGHTS => return Some(Message::SendHeights),
        _ => return None,
    };
    Some(Message::Input(input))
}

/// Shows as numbers, three a show, and the text of the last link among
/// them (a later link in the same report supersedes an earlier one).
pub fn shows_to_numbers(shows: &[Show]) -> (Vec<f64>, Option<&str>) {
    let mut numbers = Vec::with_capacity(shows.len() * SHOW_NUMBERS);
    let mut query = None;
    for show in shows {
        numbers.extend(match show {
            Show::PlayState { looping } => [PLAY_STATE, flag(*looping), 0.0],
            Show::Setting(s, value) => [SETTING, place(Setting::ALL, *s), *value],
            Show::Choice(c, option) => [CHOICE, place(Choice::ALL, *c), *option as f64],
            Show::Toggle(t, on) => [TOGGLED, place(Toggle::ALL, *t), flag(*on)],
            Show::Scheme(key) => [SCHEME, scheme_place(key), 0.0],
            Show::Busy(busy) => [BUSY, flag(*busy), 0.0],
            Show::Link(q) => {
                query = Some(q.as_str());
                [LINK, 0.0, 0.0]
            }
            Show::Shared { exact } => [SHARED, flag(*exact), 0.0],
            Show::No3d => [NO_3D, 0.0, 0.0],
            Show::Seed(seed) => [SEED, *seed as f64, 0.0],
        });
    }
    (numbers, query)
}

/// The shows these numbers carry (a show of no kind of ours is left out).
pub fn shows_from_numbers(numbers: &[f64], query: Option<&str>) -> Vec<Show> {
    let show = |s: &[f64]| {
        Some(match s[0] {
            PLAY_STATE => Show::PlayState { looping: s[1] != 0.0 },
            SETTING => Show::Setting(row(&Setting::ALL, s[1])?, s[2]),
            CHOICE => Show::Choice(row(&Choice::ALL, s[1])?, s[2] as usize),
            TOGGLED => Show::Toggle(row(&Toggle::ALL, s[1])?, s[2] != 0.0),
            SCHEME => Show::Scheme(scheme_key(s[1])?),
            BUSY => Show::Busy(s[1] != 0.0),
            LINK => Show::Link(query?.to_string()),
            SHARED => Show::Shared { exact: s[1] != 0.0 },
            NO_3D => Show::No3d,
            SEED => Show::Seed(seed(s[1])?),
            _ => return None,
        })
    };
    numbers.chunks_exact(SHOW_NUMBERS).filter_map(show).collect()
}

/// The history in brief ([`Brief`]) as numbers: how many are done, then
/// for each change its drops and its input's numbers (their count first).
pub fn brief_to_numbers(brief: &Brief) -> Vec<f64> {
    let mut out = vec![brief.done as f64];
    for (drops, change) in &brief.changes {
        let numbers = message_to_numbers(&Message::Input(change.clone()));
        out.extend([*drops as f64, numbers.len() as f64]);
        out.extend(numbers);
    }
    out
}

pub fn brief_from_numbers(numbers: &[f64]) -> Option<Brief> {
    let mut n = numbers.iter().copied();
    let done = Field::read(&mut n)?;
    let mut changes = Vec::new();
    while let Some(drops) = n.next() {
        let drops = u64::read(&mut std::iter::once(drops))?;
        let len: usize = Field::read(&mut n)?;
        let numbers: Vec<f64> = n.by_ref().take(len).collect();
        let Some(Message::Input(change)) = message_from_numbers(&numbers) else { return None };
        changes.push((drops, change));
    }
    (done <= changes.len()).then_some(Brief { changes, done })
}

/// How a sketch starts, as the page sends it to a worker: the link as a
/// query (with its seed), and the rest as numbers.
pub fn start_to_numbers(start: &Start) -> (Vec<f64>, String) {
    let s = start.size;
    let numbers = vec![
        flag(start.capped),
        flag(start.site_dark),
        flag(start.reduced_motion),
        flag(start.paused),
        s.width,
        s.height,
        s.ratio,
    ];
    (numbers, link::write(&start.link))
}

pub fn start_from_numbers(numbers: &[f64], query: &str) -> Option<Start> {
    let [capped, dark, reduced, paused, width, height, ratio] = numbers.try_into().ok()?;
    Some(Start {
        link: link::read(query).link,
        capped: capped != 0.0,
        site_dark: dark != 0.0,
        reduced_motion: reduced != 0.0,
        paused: paused != 0.0,
        size: Size::new(width, height, ratio),
    })
}

/// What a sketch carries to another build of itself ([`Carried`]), in
/// three parts: numbers, field after field; a text, a line for each link
/// of its history and of its heights kept; and all the heights, its own
/// then those kept, each followed by its ground without the rain where the
/// hand had moved it, one after another (they travel as they are).
pub fn carried_to_parts(carried: &Carried) -> (Vec<f64>, String, Vec<f32>) {
    let mut out = Vec::new();
    carried.drops.write(&mut out);
    carried.steps.write(&mut out);
    carried.frames.write(&mut out);
    carried.looping.write(&mut out);
    carried.exact.write(&mut out);
    carried.capped.write(&mut out);
    carried.settings.write(&mut out);
    carried.measures.write(&mut out);
    let mut lines = Vec::new();
    let history = &carried.history;
    history.done().write(&mut out);
    history.steps().len().write(&mut out);
    for step in history.steps() {
        let change = message_to_numbers(&Message::Input(step.change.clone()));
        change.len().write(&mut out);
        out.extend(change);
        lines.push(link::write(&step.before));
        lines.push(step.after.as_ref().map(link::write).unwrap_or_default());
    }
    let without_rain = carried.without_rain.as_deref();
    let kept = carried.keyframes.kept();
    // Sized once: grown keyframe by keyframe, megabytes were copied anew
    let cells = |h: &[f32], w: Option<&[f32]>| h.len() + w.map_or(0, <[f32]>::len);
    let all = cells(&carried.heights, without_rain)
        + kept.iter().map(|k| cells(k.heights(), k.without_rain())).sum::<usize>();
    let mut heights = Vec::with_capacity(all);
    heights.extend_from_slice(&carried.heights);
    without_rain.is_some().write(&mut out);
    heights.extend_from_slice(without_rain.unwrap_or_default());
    kept.len().write(&mut out);
    for k in kept {
        k.steps().write(&mut out);
        k.is_exact().write(&mut out);
        k.heights().len().write(&mut out);
        k.without_rain().is_some().write(&mut out);
        lines.push(link::write(k.link()));
        heights.extend_from_slice(k.heights());
        heights.extend_from_slice(k.without_rain().unwrap_or_default());
    }
    (out, lines.join("\n"), heights)
}

/// The two fields of a [`Carried`] the page reads on its way from one
/// build to another, from its numbers ([`carried_to_parts`]): its frames
/// drawn and whether its replay was capped.
pub fn carried_frames_and_capped(numbers: &[f64]) -> Option<(u64, bool)> {
    let mut n = numbers.iter().copied();
    let (_drops, _steps): (u64, u64) = (Field::read(&mut n)?, Field::read(&mut n)?);
    let frames = Field::read(&mut n)?;
    let (_looping, _exact): (bool, bool) = (Field::read(&mut n)?, Field::read(&mut n)?);
    Some((frames, Field::read(&mut n)?))
}

/// [`Carried`] back from its parts ([`carried_to_parts`]); `None` for
/// parts that are not one's.
pub fn carried_from_parts(numbers: &[f64], text: &str, mut heights: Vec<f32>) -> Option<Carried> {
    let mut n = numbers.iter().copied();
    let (drops, steps, frames) = (Field::read(&mut n)?, Field::read(&mut n)?, Field::read(&mut n)?);
    let (looping, exact, capped) = (Field::read(&mut n)?, Field::read(&mut n)?, Field::read(&mut n)?);
    let (settings, measures) = (Field::read(&mut n)?, Field::read(&mut n)?);
    let mut lines = text.split('\n');
    let mut next_link = || lines.next().filter(|l| !l.is_empty()).map(|l| link::read(l).link);
    let done: usize = Field::read(&mut n)?;
    let count: usize = Field::read(&mut n)?;
    let mut history_steps = Vec::new();
    for _ in 0..count {
        let len: usize = Field::read(&mut n)?;
        let change: Vec<f64> = n.by_ref().take(len).collect();
        let Some(Message::Input(change)) = message_from_numbers(&change) else { return None };
        let before = next_link()?;
        let after = next_link();
        history_steps.push(Step { change, before, after });
    }
    let history = History::from_steps(history_steps, done)?;
    let own_without_rain: bool = Field::read(&mut n)?;
    let kept: usize = Field::read(&mut n)?;
    let mut sizes = Vec::new();
    for _ in 0..kept {
        let (k_steps, k_exact, cells, k_without_rain): (u64, bool, usize, bool) =
            (Field::read(&mut n)?, Field::read(&mut n)?, Field::read(&mut n)?, Field::read(&mut n)?);
        sizes.push((next_link()?, k_steps, k_exact, cells, k_without_rain));
    }
    if n.next().is_some() {
        return None;
    }
    // Each set of heights, then its ground without the rain if it has one
    let kept_cells: usize = sizes.iter().map(|s| s.3 * (1 + s.4 as usize)).sum();
    let own = heights.len().checked_sub(kept_cells)? / (1 + own_without_rain as usize);
    let mut keyframes = Keyframes::default();
    let mut at = own * (1 + own_without_rain as usize);
    for (k_link, k_steps, k_exact, cells, k_without_rain) in sizes {
        let ground = heights.get(at..at + cells)?;
        let without_rain = if k_without_rain { Some(heights.get(at + cells..at + 2 * cells)?) } else { None };
        keyframes.keep_heights(&k_link, k_exact, k_steps, ground, without_rain);
        at += cells * (1 + k_without_rain as usize);
    }
    let without_rain = own_without_rain.then(|| heights[own..2 * own].to_vec());
    heights.truncate(own);
    Some(Carried {
        drops,
        steps,
        frames,
        looping,
        exact,
        capped,
        settings,
        measures,
        heights,
        without_rain,
        history,
        keyframes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One of every input, every field away from its zero.
    fn every_input() -> Vec<Input> {
        vec![
            Input::Set(Setting::BrushRadius, 4.0),
            Input::Toggle(Toggle::Debug, true),
            Input::Choose(Choice::MapSize, 2),
            Input::PickScheme("blueprint".into()),
            Input::SiteTheme { dark: true },
            Input::PlayPause,
            Input::Rain(true),
            Input::PenDown { at: Pointing::Cell { x: 10.5, y: 3.25 }, pressure: 1.0 },
            Input::PenMove { at: Pointing::View { across: 0.25, down: 0.75 }, pressure: 0.4 },
            Input::Aim(Some(Pointing::View { across: 0.5, down: 0.125 })),
            Input::PenUp,
            Input::Stroke(vec![[1.0, 2.0], [3.5, 4.0]]),
            Input::Restart,
            Input::NewMap { seed: u32::MAX },
            Input::Resize(Size::new(640.5, 360.0, 1.5)),
            Input::ReducedMotion(true),
            Input::Share,
            Input::Resting,
            Input::Orbit { dx: -12.5, dy: 3.0 },
            Input::OrbitEnd,
            Input::Zoom(0.9),
            Input::ResetCamera,
            Input::Undo,
            Input::Redo,
            Input::Rewind(123_456),
            Input::LetGo,
            Input::OpenGround(a_ground()),
        ]
    }

    /// A ground's link with every field moved, and a name of more than ASCII.
    fn a_ground() -> GroundLink {
        GroundLink {
            name: "Vallée d'Aoste ⛰.tif".into(),
            grid: Grid::new(2048, 1365),
            fingerprint: u64::MAX - 5,
            shore: 0.31,
            encoding: Encoding::TerrainRgb,
            steepness: 2.37,
        }
    }

    #[test]
    fn every_message_crosses_and_comes_back_unchanged() {
        let inputs = every_input().into_iter().map(Message::Input);
        let messages: Vec<Message> = inputs
            .chain([
                Message::Seen(false),
                Message::Seen(true),
                Message::SavePicture,
                Message::HandOver,
                Message::SaveVideo,
                Message::CancelVideo,
                Message::SendHeights,
                // (its heights cross beside the numbers)
                Message::ShelveGround(a_ground(), Vec::new()),
            ])
            .collect();
        let mut tags: Vec<u64> = Vec::new();
        for message in messages {
            let numbers = message_to_numbers(&message);
            tags.push(numbers[0] as u64);
            assert_eq!(message_from_numbers(&numbers), Some(message));
        }
        let count = tags.len();
        tags.sort();
        tags.dedup();
        assert_eq!(tags.len(), count - 1, "a tag a kind of message (Seen twice)");
        // The other ways to aim
        for aim in [Input::Aim(Some(Pointing::Cell { x: 7.0, y: 9.5 })), Input::Aim(None)] {
            let message = Message::Input(aim);
            assert_eq!(message_from_numbers(&message_to_numbers(&message)), Some(message));
        }
    }

    #[test]
    fn numbers_that_are_no_message_give_none() {
        assert_eq!(message_from_numbers(&[]), None);
        assert_eq!(message_from_numbers(&[NEW_MAP, 1.5]), None, "seeds are whole numbers");
        assert_eq!(message_from_numbers(&[SET, 99.0, 1.0]), None, "no such setting");
        assert_eq!(message_from_numbers(&[SET, 0.5, 1.0]), None, "no row between rows");
        assert_eq!(message_from_numbers(&[SET, 1.0]), None, "a setting needs its value");
        assert_eq!(message_from_numbers(&[77.0]), None, "no such message");
        assert_eq!(message_from_numbers(&[REWIND, -1.0]), None, "drops are counted");
    }

    #[test]
    fn every_show_crosses_and_comes_back_unchanged() {
        let shows = vec![
            Show::PlayState { looping: false },
            Show::Setting(Setting::SeaLevel, 0.31),
            Show::Choice(Choice::Terrain, 1),
            Show::Toggle(Toggle::Trees, true),
            Show::Scheme("site_dark"),
            Show::Busy(true),
            Show::Link("he-v=3&he-seed=3".into()),
            Show::Shared { exact: true },
            Show::No3d,
            Show::Seed(4_000_000_000),
        ];
        let (numbers, query) = shows_to_numbers(&shows);
        assert_eq!(numbers.len(), shows.len() * SHOW_NUMBERS);
        assert_eq!(shows_from_numbers(&numbers, query), shows);
        let links = [Show::Link("he-seed=1".into()), Show::Link("he-seed=2".into())];
        let (numbers, query) = shows_to_numbers(&links);
        assert_eq!(query, Some("he-seed=2"), "the latest link is the one that counts");
        assert_eq!(shows_from_numbers(&numbers, None), [], "a link without its text is no link");
        assert_eq!(shows_from_numbers(&[99.0, 0.0, 0.0, BUSY, 1.0, 0.0], None), [Show::Busy(true)]);
    }

    #[test]
    fn what_a_sketch_carries_crosses_and_comes_back_unchanged() {
        use crate::morphometry::measures::{MeasureSeries, Measures};
        use crate::share::link::MapLink;
        let mut settings = crate::settings::sliders::Settings::default();
        settings.set(Setting::Inertia, 0.35);
        let at = |drops| MapLink { seed: Some(9), drops, ..MapLink::default() };
        let mut history = History::default();
        history.record(Input::Set(Setting::Erosion, 0.5), at(100));
        history.record(Input::NewMap { seed: 12 }, at(300));
        history.record(Input::Rewind(40), at(0));
        history.undo(at(40));
        let mut keyframes = Keyframes::default();
        keyframes.keep_heights(&at(100), true, 4_000, &[0.5, 0.25, 0.75], None);
        keyframes.keep_heights(&at(300), false, 9_000, &[0.1, 0.2, 0.3], Some(&[0.1, 0.25, 0.3]));
        let mut carried = Carried {
            settings,
            heights: vec![0.5, 0.25, 1.0],
            without_rain: None,
            drops: 123_456,
            steps: 5_987_654,
            frames: 611,
            looping: true,
            exact: false,
            capped: true,
            measures: MeasureSeries::from_samples(
                vec![
                    (0, Measures::from_values([0.5, f64::NAN, 0.1, 0.0])),
                    (5_000, Measures::from_values([0.45, 0.52, 0.3, 0.02])),
                ],
                true,
            ),
            history,
            keyframes,
        };
        let (numbers, text, heights) = carried_to_parts(&carried);
        assert_eq!(carried_frames_and_capped(&numbers), Some((611, true)));
        assert_eq!(carried_frames_and_capped(&numbers[..5]), None);
        assert_eq!(heights.len(), 12, "its own heights, then those kept (the second with its ground without rain)");
        assert_eq!(carried_from_parts(&numbers, &text, heights.clone()), Some(carried.clone()));
        // With its own ground without the rain too
        carried.without_rain = Some(vec![0.5, 0.2, 1.0]);
        let (n, t, h) = carried_to_parts(&carried);
        assert_eq!(h.len(), 15);
        assert_eq!(carried_from_parts(&n, &t, h), Some(carried.clone()));
        assert_eq!(carried_from_parts(&numbers[1..], &text, heights.clone()), None);
        assert_eq!(carried_from_parts(&numbers, &text, heights[..2].to_vec()), None, "too few heights");
        let mut whole = numbers.clone();
        whole[0] = 0.5;
        assert_eq!(carried_from_parts(&whole, &text, heights), None, "drops are whole");
    }

    #[test]
    fn the_history_in_brief_crosses_and_comes_back_unchanged() {
        let brief = Brief {
            changes: vec![(0, Input::Set(Setting::Erosion, 0.55)), (12_000, Input::Rewind(400)), (400, Input::Restart)],
            done: 2,
        };
        assert_eq!(brief_from_numbers(&brief_to_numbers(&brief)), Some(brief.clone()));
        let numbers = brief_to_numbers(&brief);
        assert_eq!(brief_from_numbers(&numbers[..numbers.len() - 1]), None, "a change cut short");
        assert_eq!(brief_from_numbers(&[4.0]), None, "more done than there are");
        assert_eq!(brief_from_numbers(&[0.0]), Some(Brief::default()));
    }

    #[test]
    fn a_start_crosses_and_comes_back_unchanged() {
        let mut start = Start::fresh(42, Size::new(300.0, 200.0, 2.0));
        start.link =
            link::read("he-seed=42&he-drops=900&he-t=300e.5t.01&he-debug=1&he-terrain=ridged&he-preset=tutorial").link;
        start.capped = true;
        start.site_dark = true;
        let (numbers, query) = start_to_numbers(&start);
        assert_eq!(start_from_numbers(&numbers, &query), Some(start));
        assert_eq!(start_from_numbers(&numbers[1..], &query), None);
    }
}
