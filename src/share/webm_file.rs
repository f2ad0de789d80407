//! A video as a WebM file: the frames a VP8 or VP9 encoder made (WebCodecs'
//! `VideoEncoder` in the browser), one video track, in the Matroska
//! container as WebM profiles it. The EBML is written by the
//! `webm-iterable` crate; this module only says what goes where.
//!
//! The file is the EBML header, then one segment: its info (a millisecond
//! timestamp scale and the duration), the track, and the frames in
//! clusters, a new cluster at each key frame (a player seeks to those),
//! each frame a SimpleBlock with its time from the cluster's start.
//!
//! ```
//! use hydraulic_erosion::share::webm_file::{write, Codec, EncodedFrame, Video};
//! let frames = [EncodedFrame { micros: 0, key: true, data: vec![1, 2, 3] }];
//! let file = write(&Video { codec: Codec::Vp8, width: 320, height: 180, frame_micros: 33_333 }, &frames).unwrap();
//! assert_eq!(&file[..4], &[0x1a, 0x45, 0xdf, 0xa3], "the EBML signature");
//! ```

use webm_iterable::matroska_spec::{Master, MatroskaSpec, SimpleBlock};
use webm_iterable::WebmWriter;

/// Matroska times count in these nanoseconds: milliseconds, as WebM's
/// writers use.
const TIMESTAMP_SCALE_NS: u64 = 1_000_000;
/// A frame's time is a signed 16-bit count of milliseconds from its
/// cluster's: a cluster holds at most this long of video.
const MAX_CLUSTER_MS: u64 = i16::MAX as u64;
/// Matroska's track type for video.
const VIDEO_TRACK: u64 = 1;
/// The one track's number and identifier.
const TRACK: u64 = 1;

/// The codecs a WebM file holds video in, as the browser encodes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Codec {
    Vp8,
    Vp9,
}

impl Codec {
    /// The codec's ID in Matroska.
    pub fn matroska_id(self) -> &'static str {
        match self {
            Codec::Vp8 => "V_VP8",
            Codec::Vp9 => "V_VP9",
        }
    }

    /// The codec string WebCodecs' `VideoEncoder` is configured with.
    pub fn webcodecs_name(self) -> &'static str {
        match self {
            Codec::Vp8 => "vp8",
            // Profile 0, level 4.1, 8 bits
            Codec::Vp9 => "vp09.00.41.08",
        }
    }
}

/// What the frames are: their codec, size in pixels, and how long each
/// shows (microseconds).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Video {
    pub codec: Codec,
    pub width: u32,
    pub height: u32,
    pub frame_micros: u64,
}

/// One encoded frame: its time (microseconds from the first), whether it
/// is a key frame (decodable by itself), and its bytes.
#[derive(Clone, Debug, PartialEq)]
pub struct EncodedFrame {
    pub micros: u64,
    pub key: bool,
    pub data: Vec<u8>,
}

/// Why no file could be written.
#[derive(Debug, PartialEq)]
pub enum Problem {
    NoFrames,
    /// The first frame is not a key frame: nothing before it to decode from.
    FirstNotKey,
    /// The frames' times go backwards.
    OutOfOrder,
    /// The writer failed (its message).
    Writer(String),
}

/// The WebM file of `frames` (in order of time, the first a key frame).
pub fn write(video: &Video, frames: &[EncodedFrame]) -> Result<Vec<u8>, Problem> {
    let first = frames.first().ok_or(Problem::NoFrames)?;
    if !first.key {
        return Err(Problem::FirstNotKey);
    }
    if frames.windows(2).any(|w| w[1].micros < w[0].micros) {
        return Err(Problem::OutOfOrder);
    }
    let last = frames.last().expect("there is a first");
    let duration_ms = (last.micros + video.frame_micros) as f64 / 1000.0;
    let mut segment = vec![info(duration_ms), track(video)];
    segment.extend(clusters(frames));
    let mut file = Vec::new();
    let mut writer = WebmWriter::new(&mut file);
    for tag in [header(), MatroskaSpec::Segment(Master::Full(segment))] {
        writer.write(&tag).map_err(|e| Problem::Writer(e.to_string()))?;
    }
    drop(writer);
    Ok(file)
}

/// The EBML header: a WebM file of Matroska version 4, read by version 2.
fn header() -> MatroskaSpec {
    MatroskaSpec::Ebml(Master::Full(vec![
        MatroskaSpec::EbmlVersion(1),
        MatroskaSpec::EbmlReadVersion(1),
        MatroskaSpec::EbmlMaxIdLength(4),
        MatroskaSpec::EbmlMaxSizeLength(8),
        MatroskaSpec::DocType("webm".into()),
        MatroskaSpec::DocTypeVersion(4),
        MatroskaSpec::DocTypeReadVersion(2),
    ]))
}

fn info(duration_ms: f64) -> MatroskaSpec {
    let app = concat!("hydraulic-erosion ", env!("CARGO_PKG_VERSION"));
    MatroskaSpec::Info(Master::Full(vec![
        MatroskaSpec::TimestampScale(TIMESTAMP_SCALE_NS),
        MatroskaSpec::Duration(duration_ms),
        MatroskaSpec::MuxingApp(app.into()),
        MatroskaSpec::WritingApp(app.into()),
    ]))
}

fn track(video: &Video) -> MatroskaSpec {
    MatroskaSpec::Tracks(Master::Full(vec![MatroskaSpec::TrackEntry(Master::Full(vec![
        MatroskaSpec::TrackNumber(TRACK),
        MatroskaSpec::TrackUID(TRACK),
        MatroskaSpec::TrackType(VIDEO_TRACK),
        MatroskaSpec::CodecID(video.codec.matroska_id().into()),
        MatroskaSpec::DefaultDuration(video.frame_micros * 1000),
        MatroskaSpec::Video(Master::Full(vec![
            MatroskaSpec::PixelWidth(video.width as u64),
            MatroskaSpec::PixelHeight(video.height as u64),
        ])),
    ]))]))
}

/// The frames in clusters: a new one at each key frame, and wherever a
/// frame would be too long after its cluster's start to say.
fn clusters(frames: &[EncodedFrame]) -> Vec<MatroskaSpec> {
    let mut clusters = Vec::new();
    let mut open: Option<(u64, Vec<MatroskaSpec>)> = None;
    for frame in frames {
        let ms = frame.micros / 1000;
        let starts = match &open {
            None => true,
            Some((start, _)) => frame.key || ms - start > MAX_CLUSTER_MS,
        };
        if starts {
            clusters.extend(open.take().map(|(_, tags)| MatroskaSpec::Cluster(Master::Full(tags))));
            open = Some((ms, vec![MatroskaSpec::Timestamp(ms)]));
        }
        let (start, tags) = open.as_mut().expect("opened above");
        let offset = (ms - *start) as i16;
        let block = SimpleBlock::new_uncheked(&frame.data, TRACK, offset, false, None, false, frame.key);
        tags.push(block.into());
    }
    clusters.extend(open.map(|(_, tags)| MatroskaSpec::Cluster(Master::Full(tags))));
    clusters
}

#[cfg(test)]
mod tests {
    use super::*;
    use webm_iterable::WebmIterator;

    fn frames(n: u64, key_every: u64) -> Vec<EncodedFrame> {
        (0..n)
            .map(|k| EncodedFrame {
                micros: k * 33_333,
                key: k % key_every == 0,
                data: vec![k as u8; 5 + k as usize % 7],
            })
            .collect()
    }

    const VIDEO: Video = Video { codec: Codec::Vp9, width: 640, height: 360, frame_micros: 33_333 };

    #[test]
    fn the_file_reads_back_with_its_track_clusters_and_every_frame() {
        let frames = frames(100, 30);
        let file = write(&VIDEO, &frames).unwrap();
        let tags: Vec<MatroskaSpec> =
            WebmIterator::new(&file[..], &[MatroskaSpec::TrackEntry(Master::Start), MatroskaSpec::Info(Master::Start)])
                .collect::<Result<_, _>>()
                .unwrap();
        assert!(tags.contains(&MatroskaSpec::DocType("webm".into())));
        let entry = tags.iter().find_map(|t| match t {
            MatroskaSpec::TrackEntry(Master::Full(children)) => Some(children.clone()),
            _ => None,
        });
        let entry = entry.expect("a track");
        assert!(entry.contains(&MatroskaSpec::CodecID("V_VP9".into())));
        let info = tags.iter().find_map(|t| match t {
            MatroskaSpec::Info(Master::Full(children)) => Some(children.clone()),
            _ => None,
        });
        let duration = info.unwrap().iter().find_map(|t| match t {
            MatroskaSpec::Duration(d) => Some(*d),
            _ => None,
        });
        assert!((duration.unwrap() - 3333.3).abs() < 0.1, "{duration:?}");
        let clusters = tags.iter().filter(|t| matches!(t, MatroskaSpec::Cluster(Master::Start))).count();
        assert_eq!(clusters, 4, "one a key frame: 0, 30, 60, 90");
        let blocks: Vec<SimpleBlock> =
            tags.iter().filter(|t| matches!(t, MatroskaSpec::SimpleBlock(_))).map(|t| t.try_into().unwrap()).collect();
        assert_eq!(blocks.len(), 100);
        for (block, frame) in blocks.iter().zip(&frames) {
            assert_eq!(block.keyframe, frame.key);
            assert_eq!(block.read_frame_data().unwrap()[0].data, &frame.data[..]);
        }
        // 1,033 ms against the cluster's 999
        assert_eq!(blocks[31].timestamp, 34, "from its cluster's start, in milliseconds");
    }

    #[test]
    fn a_long_run_without_key_frames_is_cut_into_clusters_a_timestamp_can_reach() {
        let mut frames = frames(3, 1000);
        frames[2].micros = 70_000_000;
        let file = write(&VIDEO, &frames).unwrap();
        let clusters =
            WebmIterator::new(&file[..], &[]).filter(|t| matches!(t, Ok(MatroskaSpec::Cluster(Master::Start)))).count();
        assert_eq!(clusters, 2);
    }

    #[test]
    fn frames_a_file_cannot_hold_are_refused() {
        assert_eq!(write(&VIDEO, &[]), Err(Problem::NoFrames));
        let mut f = frames(3, 2);
        f[0].key = false;
        assert_eq!(write(&VIDEO, &f), Err(Problem::FirstNotKey));
        let mut f = frames(3, 2);
        f[2].micros = 1;
        assert_eq!(write(&VIDEO, &f), Err(Problem::OutOfOrder));
    }
}
