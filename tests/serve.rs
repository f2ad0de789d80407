//! `hydraulic-erosion serve`, run as a small host runs it and asked as a
//! crawler asks: a shared link's page carries its own card, whose picture
//! is the link's map as `render` draws it, drawn once; a page without a map
//! gets the site's card; hostile requests get no 5xx but a 503, nothing of
//! theirs is reflected, nothing outside the build is read; and a crowd of
//! previews is answered 200 or 503 with Retry-After, the server serving on.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// A folder of this test's own, emptied.
fn folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder for the test");
    dir
}

/// A server of a small build (a page, the site's headers, a script) with
/// `jobs` drawings at once, and its address.
struct Server {
    child: Child,
    address: String,
    root: PathBuf,
}

impl Server {
    fn start(name: &str, jobs: &str) -> Server {
        let root = folder(name);
        let dist = root.join("dist");
        std::fs::create_dir_all(&dist).unwrap();
        let page = "<!doctype html><html><head><title>Hydraulic Erosion</title></head><body><div id=sketch-holder></div></body></html>";
        std::fs::write(dist.join("index.html"), page).unwrap();
        std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("www/_headers"), dist.join("_headers")).unwrap();
        std::fs::write(dist.join("start.js"), "console.log('start')").unwrap();
        std::fs::write(root.join("secret.txt"), "outside the build").unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_hydraulic-erosion"))
            .args(["serve", dist.to_str().unwrap(), "--port", "0", "--jobs", jobs])
            .args(["--cache", root.join("cache").to_str().unwrap()])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts");
        let mut said = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut said).unwrap();
        let address = said.split("http://").nth(1).expect("the address said").trim().trim_end_matches('/').to_string();
        Server { child, address, root }
    }

    /// The status, headers (lower-case names) and body of `GET target`.
    fn get(&self, target: &str) -> (u16, Vec<(String, String)>, Vec<u8>) {
        let mut stream = TcpStream::connect(&self.address).expect("the server answers");
        write!(stream, "GET {target} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", self.address).unwrap();
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).unwrap();
        let split = answer.windows(4).position(|w| w == b"\r\n\r\n").expect("a head");
        let head = String::from_utf8_lossy(&answer[..split]).into_owned();
        let mut lines = head.lines();
        let status = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
        let headers =
            lines.filter_map(|l| l.split_once(": ")).map(|(n, v)| (n.to_ascii_lowercase(), v.to_string())).collect();
        (status, headers, answer[split + 4..].to_vec())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
}

/// The content of the meta tag `property` in `page`.
fn meta(page: &str, property: &str) -> Option<String> {
    let at = page.find(&format!("=\"{property}\" content=\""))? + property.len() + 13;
    Some(page[at..].split('"').next()?.replace("&amp;", "&"))
}

#[test]
fn a_shared_links_page_carries_its_card_and_its_picture_is_the_maps_drawn_once() {
    let server = Server::start("card", "2");
    let (status, headers, body) = server.get("/?utm_source=x&he-seed=5&he-drops=3000");
    assert_eq!(status, 200);
    assert!(header(&headers, "content-security-policy").is_some_and(|p| p.contains("default-src 'self'")));
    let page = String::from_utf8(body).unwrap();
    assert_eq!(meta(&page, "og:title").as_deref(), Some("Hydraulic Erosion: seed 5, 3,000 drops"));
    let image = meta(&page, "og:image").expect("og:image");
    let keys = "he-v=3&he-seed=5&he-drops=3000";
    assert_eq!(image, format!("http://{}/preview.png?{keys}", server.address), "absolute, the link's keys alone");
    assert_eq!(
        (meta(&page, "og:image:width"), meta(&page, "og:image:height")),
        (Some("1200".into()), Some("630".into()))
    );
    assert!(page.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"));
    // The picture: `render`'s of the same link at 1200 × 630, byte for
    // byte; asked again, from the cache
    let (status, headers, picture) = server.get(&format!("/preview.png?{keys}"));
    assert_eq!(
        (status, header(&headers, "content-type"), header(&headers, "x-preview")),
        (200, Some("image/png"), Some("drawn"))
    );
    let rendered = server.root.join("rendered.png");
    let output = Command::new(env!("CARGO_BIN_EXE_hydraulic-erosion"))
        .args(["render", keys, "-o", rendered.to_str().unwrap(), "--size", "1200x630", "-q"])
        .output()
        .unwrap();
    assert!(output.status.success());
    assert!(picture == std::fs::read(&rendered).unwrap(), "the preview is render's picture");
    let (_, headers, again) = server.get("/preview.png?he-drops=3000&he-seed=5&utm_campaign=y");
    assert_eq!(header(&headers, "x-preview"), Some("cache"));
    assert!(again == picture);
    // No map: the site's card
    let (_, _, body) = server.get("/");
    let page = String::from_utf8(body).unwrap();
    assert_eq!(meta(&page, "og:title").as_deref(), Some("Hydraulic Erosion"));
    assert!(meta(&page, "og:image").unwrap().ends_with("/preview.png?he-seed=1&he-drops=300000"));
    // The build's own files, as they are
    let (status, headers, body) = server.get("/start.js");
    assert_eq!(
        (status, header(&headers, "content-type"), &body[..]),
        (200, Some("text/javascript"), &b"console.log('start')"[..])
    );
}

#[test]
fn hostile_requests_get_no_5xx_reflect_nothing_and_read_nothing_outside_the_build() {
    let server = Server::start("hostile", "1");
    let long = format!("/?he-seed=1&he-x={}", "a".repeat(20 * 1024));
    let stroke = format!("/?he-seed=2&he-hand={}", "2000r4-50-5740_".repeat(600));
    let cases: Vec<(String, u16)> = vec![
        ("/../secret.txt".into(), 404),
        ("/%2e%2e/secret.txt".into(), 404),
        ("/..%2fsecret.txt".into(), 404),
        (long, 414),
        ("/?he-seed=%3Cscript%3Ealert(1)%3C/script%3E&he-drops=10".into(), 200),
        ("/?he-drops=999999999999&he-map-size=99999x99999".into(), 200),
        ("/preview.png?he-seed=1&he-ground=mine.png&he-ground-fit=320x180~0123456789abcdef~0.25".into(), 400),
        (stroke, 200),
    ];
    for (target, expected) in &cases {
        let (status, _, body) = server.get(target);
        assert_eq!(status, *expected, "{}", &target[..target.len().min(60)]);
        let body = String::from_utf8_lossy(&body);
        assert!(!body.contains("<script") && !body.contains("alert(") && !body.contains("outside the build"));
        assert!(!body.contains("99999x99999") && !body.contains("999999999999"));
    }
    // Drops past any cap are the most a link replays
    let (_, _, body) = server.get("/?he-seed=3&he-drops=999999999999");
    assert_eq!(
        meta(&String::from_utf8(body).unwrap(), "og:title").as_deref(),
        Some("Hydraulic Erosion: seed 3, 5,000,000 drops")
    );
    // And it serves on
    assert_eq!(server.get("/").0, 200);
}

#[test]
fn a_crowd_of_previews_is_answered_200_or_503_with_retry_after_and_served_on() {
    let server = Server::start("crowd", "1");
    // One drawing at once, two waiting: of eight at once, some are told to
    // come back
    let answers: Vec<(u16, Option<String>)> = std::thread::scope(|scope| {
        let asked: Vec<_> = (0..8)
            .map(|k| {
                let server = &server;
                scope.spawn(move || {
                    let (status, headers, _) = server.get(&format!("/preview.png?he-seed={}&he-drops=150000", 10 + k));
                    (status, header(&headers, "retry-after").map(str::to_string))
                })
            })
            .collect();
        asked.into_iter().map(|a| a.join().unwrap()).collect()
    });
    assert!(answers.iter().all(|(s, _)| *s == 200 || *s == 503), "{answers:?}");
    let busy: Vec<_> = answers.iter().filter(|(s, _)| *s == 503).collect();
    assert!(!busy.is_empty() && busy.iter().all(|(_, after)| after.is_some()), "{answers:?}");
    assert!(answers.iter().filter(|(s, _)| *s == 200).count() >= 3, "the drawing and those waiting: {answers:?}");
    assert_eq!(server.get("/preview.png?he-seed=10&he-drops=150000").0, 200, "served on");
}
