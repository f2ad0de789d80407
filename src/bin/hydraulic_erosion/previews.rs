//! Link previews: a link's map drawn at 1200 × 630 by `render`, kept on
//! disk under the link as the page writes it (so a link shared a thousand
//! times, in any order of its keys and with any tracking parameters, is
//! drawn once), and drawn a few at a time: at most `jobs` at once, a short
//! queue behind them, and beyond it "busy, try again" at once, so memory
//! stays bounded whatever the traffic. A drawing that takes too long is
//! given up.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::Semaphore;

use hydraulic_erosion::draw::viewport::Size;
use hydraulic_erosion::share::link;

use crate::link_argument::SEED;
use crate::render;
use crate::site_card::PREVIEW;

/// Requests that may wait for a drawing, for each drawn at once.
const QUEUE_PER_JOB: usize = 2;
/// The longest a preview is drawn for before it is given up.
pub const DRAW_LIMIT: Duration = Duration::from_secs(60);

/// What a preview request gets.
#[derive(Debug, PartialEq)]
pub enum Answer {
    /// The picture, and whether it came from the cache.
    Picture(Vec<u8>, bool),
    /// Too many drawings under way or waiting, or this one took too long:
    /// to be asked again after so many seconds.
    Busy(u64),
    /// No picture can be drawn of this link (why).
    Refused(&'static str),
}

/// The previews' cache and the drawings under way.
pub struct Previews {
    cache: PathBuf,
    jobs: Semaphore,
    /// Requests drawing or waiting to.
    admitted: AtomicUsize,
    most_admitted: usize,
}

/// A request counted among those admitted while it lives.
struct Admitted<'a>(&'a AtomicUsize);

impl Drop for Admitted<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Previews {
    /// Previews kept in `cache` (made if missing), `jobs` drawn at once.
    pub fn new(cache: PathBuf, jobs: usize) -> std::io::Result<Previews> {
        std::fs::create_dir_all(&cache)?;
        let jobs = jobs.max(1);
        Ok(Previews {
            cache,
            jobs: Semaphore::new(jobs),
            admitted: AtomicUsize::new(0),
            most_admitted: jobs * (1 + QUEUE_PER_JOB),
        })
    }

    /// The preview of the link in `query`.
    pub async fn answer(&self, query: &str) -> Answer {
        let mut map = link::read(query).link;
        if map.ground.is_some() {
            return Answer::Refused("a map on a reader's own ground has no preview: its file is theirs");
        }
        map.seed.get_or_insert(SEED);
        let canonical = link::write(&map);
        let file = self.cache.join(format!("{:016x}.png", fnv1a(&canonical)));
        if let Ok(bytes) = std::fs::read(&file) {
            return Answer::Picture(bytes, true);
        }
        if self.admitted.fetch_add(1, Ordering::SeqCst) >= self.most_admitted {
            self.admitted.fetch_sub(1, Ordering::SeqCst);
            return Answer::Busy(5);
        }
        let _admitted = Admitted(&self.admitted);
        let Ok(_drawing) = self.jobs.acquire().await else { return Answer::Busy(5) };
        // Drawn while this one waited?
        if let Ok(bytes) = std::fs::read(&file) {
            return Answer::Picture(bytes, true);
        }
        let (width, height) = PREVIEW;
        let job = render::Job {
            link: canonical,
            ground: None,
            encoding: None,
            size: Size::new(width as f64, height as f64, 1.0),
            dark: false,
            output: file.clone(),
            quiet: true,
            deadline: Some(Instant::now() + DRAW_LIMIT),
        };
        match tokio::task::spawn_blocking(move || render::run(&job)).await {
            Ok(Ok(_)) => std::fs::read(&file).map_or(Answer::Busy(5), |bytes| Answer::Picture(bytes, false)),
            // (too long, or the picture could not be kept)
            _ => Answer::Busy(DRAW_LIMIT.as_secs()),
        }
    }
}

/// A 64-bit FNV-1a hash of `text`: a cached picture's name.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ byte as u64).wrapping_mul(0x0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_in_any_order_of_its_keys_and_with_others_is_one_picture() {
        let dir = std::env::temp_dir().join(format!("previews-{}", std::process::id()));
        let previews = Previews::new(dir.clone(), 1).unwrap();
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let first = runtime.block_on(previews.answer("he-seed=5&he-drops=2000"));
        let Answer::Picture(bytes, false) = first else { panic!("drawn: {first:?}") };
        assert_eq!(&bytes[1..4], b"PNG");
        let again = runtime.block_on(previews.answer("utm_source=chat&he-drops=2000&he-seed=5"));
        assert_eq!(again, Answer::Picture(bytes, true), "the same picture, from the cache");
        let ground = "he-seed=1&he-ground=mine.png&he-ground-fit=320x180~0123456789abcdef~0.25";
        assert!(matches!(runtime.block_on(previews.answer(ground)), Answer::Refused(_)));
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "one picture kept");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
