//! `serve`: the built page over HTTP, with the site's headers (its strict
//! policy, read from the build's `_headers`), and link previews: a page
//! asked for with a map's `he-` keys has its card written into its head
//! ([`Card`]), whose picture `/preview.png?…` is that map drawn by `render`
//! ([`Previews`]). Only the build's own files are read (a path is resolved
//! and must lie inside it), only GET and HEAD are answered, and every
//! request is logged in one line.

use std::net::SocketAddr;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::header::{HeaderName, HeaderValue, CACHE_CONTROL, CONTENT_LENGTH, CONTENT_TYPE, HOST, RETRY_AFTER};
use axum::http::{Method, StatusCode};
use axum::response::Response;
use axum::Router;

use crate::command::Failure;
use crate::previews::{Answer, Previews};
use crate::site_card::{into_head, Card};

/// The longest address answered; past it, 414. A link's tracks at their
/// longest (the hand's 7,000 characters, the timeline's 1,500) fit.
const LONGEST_ADDRESS: usize = 12 * 1024;
/// How long a browser or a proxy may keep a preview: a link's picture
/// never changes.
const PREVIEW_CACHE: &str = "public, max-age=604800, immutable";

/// What `serve` is asked to do.
pub struct Job {
    pub dist: PathBuf,
    pub address: SocketAddr,
    /// The site's address as readers reach it (`https://maps.example`), for
    /// the cards' absolute picture links; else the request's host.
    pub origin: Option<String>,
    pub cache: PathBuf,
    pub jobs: usize,
}

/// The site served: its files, its headers, its page, its previews.
struct Site {
    dist: PathBuf,
    headers: Vec<(HeaderName, HeaderValue)>,
    page: String,
    origin: Option<String>,
    previews: Previews,
}

/// Serves `job.dist` until the process is stopped.
pub fn run(job: Job) -> Result<(), Failure> {
    let dist = job.dist.canonicalize().map_err(|why| Failure::input(format!("{}: {why}", job.dist.display())))?;
    let page = std::fs::read_to_string(dist.join("index.html"))
        .map_err(|why| Failure::input(format!("{}: no page to serve ({why})", dist.join("index.html").display())))?;
    let headers = site_headers(&dist)?;
    let previews = Previews::new(job.cache.clone(), job.jobs)
        .map_err(|why| Failure::input(format!("{}: {why}", job.cache.display())))?;
    let site = Arc::new(Site { dist, headers, page, origin: job.origin, previews });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|why| Failure::input(format!("no runtime: {why}")))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(job.address)
            .await
            .map_err(|why| Failure::input(format!("{}: {why}", job.address)))?;
        let bound = listener.local_addr().map_err(|why| Failure::input(why.to_string()))?;
        println!("hydraulic-erosion: serving {} at http://{bound}/", site.dist.display());
        let app = Router::new().fallback(answer).with_state(site);
        axum::serve(listener, app).await.map_err(|why| Failure::input(why.to_string()))
    })
}

/// The headers of the build's `_headers` for every path (`/*`), as a static
/// host sends them.
fn site_headers(dist: &Path) -> Result<Vec<(HeaderName, HeaderValue)>, Failure> {
    let file = dist.join("_headers");
    let text = std::fs::read_to_string(&file)
        .map_err(|why| Failure::input(format!("{}: the site's headers are needed ({why})", file.display())))?;
    Ok(text
        .lines()
        .filter(|line| line.starts_with(char::is_whitespace))
        .filter_map(|line| line.trim().split_once(": "))
        .filter_map(|(name, value)| Some((HeaderName::try_from(name).ok()?, HeaderValue::try_from(value).ok()?)))
        .collect())
}

/// Answers a request and logs it.
async fn answer(State(site): State<Arc<Site>>, request: Request) -> Response {
    let began = Instant::now();
    let (method, uri) = (request.method().clone(), request.uri().clone());
    let host = request.headers().get(HOST).and_then(|h| h.to_str().ok()).map(str::to_string);
    let mut response = respond(&site, &method, &uri, host.as_deref()).await;
    for (name, value) in &site.headers {
        response.headers_mut().entry(name).or_insert_with(|| value.clone());
    }
    let query = uri.query().map_or(String::new(), |q| format!("?({} bytes)", q.len()));
    eprintln!(
        "{method} {}{query} {} {:.0} ms",
        shown(uri.path()),
        response.status().as_u16(),
        began.elapsed().as_secs_f64() * 1e3
    );
    if method == Method::HEAD {
        // The length the body would have had, as HEAD promises
        let length = axum::body::HttpBody::size_hint(response.body()).exact().unwrap_or(0);
        response.headers_mut().insert(CONTENT_LENGTH, HeaderValue::from(length));
        *response.body_mut() = Body::empty();
    }
    response
}

/// A path as the log shows it: cut short, what is not plain shown as `?`.
fn shown(path: &str) -> String {
    path.chars().take(120).map(|c| if c.is_ascii_graphic() { c } else { '?' }).collect()
}

async fn respond(site: &Arc<Site>, method: &Method, uri: &axum::http::Uri, host: Option<&str>) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return plain(StatusCode::METHOD_NOT_ALLOWED, "only GET and HEAD");
    }
    if uri.to_string().len() > LONGEST_ADDRESS {
        return plain(StatusCode::URI_TOO_LONG, "the address is too long");
    }
    let query = uri.query().unwrap_or("");
    match uri.path() {
        "/" | "/index.html" => {
            let origin = site.origin.clone().unwrap_or_else(|| origin_of(host));
            let page = into_head(&site.page, &Card::of(query).tags(&origin));
            with_type(Response::new(Body::from(page)), "text/html; charset=utf-8")
        }
        "/preview.png" => match site.previews.answer(query).await {
            Answer::Picture(bytes, cached) => {
                let mut response = with_type(Response::new(Body::from(bytes)), "image/png");
                response.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static(PREVIEW_CACHE));
                let from = if cached { "cache" } else { "drawn" };
                response.headers_mut().insert("x-preview", HeaderValue::from_static(from));
                response
            }
            Answer::Busy(seconds) => {
                let mut response = plain(StatusCode::SERVICE_UNAVAILABLE, "busy drawing previews: ask again soon");
                response.headers_mut().insert(RETRY_AFTER, HeaderValue::from(seconds));
                response
            }
            Answer::Refused(why) => plain(StatusCode::BAD_REQUEST, why),
        },
        path => match site_file(&site.dist, path) {
            Some(file) => match std::fs::read(&file) {
                Ok(bytes) => with_type(Response::new(Body::from(bytes)), content_type(&file)),
                Err(_) => plain(StatusCode::NOT_FOUND, "not found"),
            },
            None => plain(StatusCode::NOT_FOUND, "not found"),
        },
    }
}

/// The site's address from the request's `Host`, where it is a plain host
/// name or address and port.
fn origin_of(host: Option<&str>) -> String {
    let plain = |h: &&str| h.len() <= 255 && h.chars().all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c));
    format!("http://{}", host.filter(plain).unwrap_or("localhost"))
}

/// The file of the build at `path` (percent-decoded), if there is one: a
/// path with a `..` or outside the build once resolved is none.
fn site_file(dist: &Path, path: &str) -> Option<PathBuf> {
    let decoded = percent_decoded(path)?;
    let relative = Path::new(decoded.trim_start_matches('/'));
    if decoded.contains('\0')
        || decoded.contains('\\')
        || !relative.components().all(|c| matches!(c, Component::Normal(_)))
    {
        return None;
    }
    let file = dist.join(relative).canonicalize().ok()?;
    let file = if file.is_dir() { file.join("index.html") } else { file };
    (file.starts_with(dist) && file.is_file()).then_some(file)
}

/// `%XX` escapes undone, if the path's bytes then make text.
fn percent_decoded(path: &str) -> Option<String> {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut k = 0;
    while k < bytes.len() {
        if bytes[k] == b'%' {
            let hex = std::str::from_utf8(bytes.get(k + 1..k + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            k += 3;
        } else {
            out.push(bytes[k]);
            k += 1;
        }
    }
    String::from_utf8(out).ok()
}

fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript",
        "wasm" => "application/wasm",
        "css" => "text/css",
        "json" => "application/json",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "svg" => "image/svg+xml",
        "ts" | "md" | "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

fn with_type(mut response: Response, content_type: &'static str) -> Response {
    response.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}

/// A short plain-text answer with `status`.
fn plain(status: StatusCode, text: &'static str) -> Response {
    let mut response = with_type(Response::new(Body::from(format!("{text}\n"))), "text/plain; charset=utf-8");
    *response.status_mut() = status;
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_builds_own_files_are_found() {
        let dist = std::env::temp_dir().join(format!("serve-dist-{}", std::process::id()));
        std::fs::create_dir_all(dist.join("sub")).unwrap();
        std::fs::write(dist.join("sub/a.js"), "x").unwrap();
        let dist = dist.canonicalize().unwrap();
        assert_eq!(site_file(&dist, "/sub/a.js"), Some(dist.join("sub/a.js")));
        assert_eq!(site_file(&dist, "/sub/%61.js"), Some(dist.join("sub/a.js")));
        for hostile in
            ["/../Cargo.toml", "/%2e%2e/%2e%2e/etc/passwd", "/sub/..%2f..%2fetc", "/%00", "/%zz", "/sub/b.js"]
        {
            assert_eq!(site_file(&dist, hostile), None, "{hostile}");
        }
        std::fs::remove_dir_all(dist).unwrap();
        assert_eq!(origin_of(Some("maps.example:8080")), "http://maps.example:8080");
        assert_eq!(origin_of(Some("evil.example/\"><script>")), "http://localhost");
    }
}
