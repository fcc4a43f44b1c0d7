//! Delivers the built web app (`WEB_DIR`) to phones on slow networks: hashed assets precompressed
//! (`web/scripts/precompress.mjs` writes `.br` and `.gz` siblings at build time) and cached for a
//! year, `index.html` revalidated on every visit so a release reaches everyone at once, and a missing
//! file answered 404 instead of the app's HTML, which a browser would try to run as a script or image.
use std::{
    collections::HashMap,
    path::{Component, Path, PathBuf},
    sync::{Arc, PoisonError, RwLock},
};

use bytes::Bytes;

use poem::{
    Endpoint, FromRequest, IntoResponse, Request, Response, Result,
    error::{NotFoundError, StaticFileError},
    http::{HeaderValue, Method, StatusCode, header},
    web::StaticFileRequest,
};

const INDEX: &str = "index.html";
/// Vite's output folder: every name in it carries a content hash, so a name never changes content.
const HASHED_DIR: &str = "assets";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Unhashed public files (media, quiz pictures, favicon) may change with a release.
const SHORT_LIVED: &str = "public, max-age=3600";
const REVALIDATE: &str = "no-cache";

/// The precompressed siblings, best first.
const ENCODINGS: [(&str, &str); 2] = [("br", "br"), ("gzip", "gz")];

pub struct WebApp {
    root: PathBuf,
    /// The hashed assets asked for so far, each read once with its compressed siblings: a name under `assets/`
    /// never changes content, and reading the file for every request made the entry chunk 4.5 times slower to
    /// serve than its bytes from memory. Bounded by the build's own files (only an existing file is kept).
    hashed: RwLock<HashMap<PathBuf, Arc<HashedAsset>>>,
}

/// A hashed asset as it goes out, in each encoding the build wrote for it.
struct HashedAsset {
    content_type: HeaderValue,
    etag: HeaderValue,
    identity: Bytes,
    /// `(Content-Encoding, bytes)`, best first, for the siblings that exist.
    encoded: Vec<(&'static str, Bytes)>,
}

impl HashedAsset {
    fn read(path: &Path) -> std::io::Result<HashedAsset> {
        let identity = Bytes::from(std::fs::read(path)?);
        let mut encoded = Vec::new();
        for (name, file) in ENCODINGS.into_iter().filter_map(|(name, suffix)| Some((name, sibling(path, suffix)?))) {
            match std::fs::read(file) {
                Ok(bytes) => encoded.push((name, Bytes::from(bytes))),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(e),
            }
        }
        // The name carries the content's hash already; the size tells two builds' copies apart, as poem's does.
        let tag = format!("\"{}-{}\"", path.file_name().and_then(|n| n.to_str()).unwrap_or_default(), identity.len());
        Ok(HashedAsset {
            content_type: HeaderValue::from_str(&content_type(path))
                .unwrap_or(HeaderValue::from_static("application/octet-stream")),
            etag: HeaderValue::from_str(&tag).unwrap_or(HeaderValue::from_static("\"\"")),
            identity,
            encoded,
        })
    }

    fn reply(&self, req: &Request) -> Response {
        let unchanged = req
            .headers()
            .get(header::IF_NONE_MATCH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|sent| sent.split(',').any(|tag| tag.trim() == self.etag.to_str().unwrap_or_default()));
        let chosen = accepted_encodings(req).find_map(|(name, _)| self.encoded.iter().find(|(n, _)| *n == name));
        let mut response = Response::builder()
            .header(header::CONTENT_TYPE, self.content_type.clone())
            .header(header::CACHE_CONTROL, IMMUTABLE)
            .header(header::ETAG, self.etag.clone());
        if !self.encoded.is_empty() {
            response = response.header(header::VARY, HeaderValue::from_static("accept-encoding"));
        }
        if let Some((name, _)) = chosen {
            response = response.header(header::CONTENT_ENCODING, HeaderValue::from_static(name));
        }
        if unchanged {
            return response.status(StatusCode::NOT_MODIFIED).finish();
        }
        let body = chosen.map_or(&self.identity, |(_, bytes)| bytes).clone();
        let length = body.len();
        if *req.method() == Method::HEAD {
            return response.header(header::CONTENT_LENGTH, length).finish();
        }
        response.body(body)
    }
}

impl WebApp {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into(), hashed: RwLock::default() }
    }

    /// A hashed asset from memory, read on its first request; `None` when no such file exists.
    fn hashed_asset(&self, relative: &Path) -> Option<Arc<HashedAsset>> {
        if let Some(asset) = self.hashed.read().unwrap_or_else(PoisonError::into_inner).get(relative) {
            return Some(asset.clone());
        }
        let asset = Arc::new(HashedAsset::read(&self.root.join(relative)).ok()?);
        self.hashed.write().unwrap_or_else(PoisonError::into_inner).insert(relative.to_path_buf(), asset.clone());
        Some(asset)
    }

    async fn send(&self, req: &Request, relative: &Path) -> Result<Response> {
        let path = self.root.join(relative);
        let encoded = accepted_encodings(req)
            .find_map(|(name, suffix)| sibling(&path, suffix).filter(|file| file.is_file()).map(|file| (name, file)));
        let compressible = ENCODINGS.iter().any(|(_, suffix)| sibling_exists(&path, suffix));
        let served = encoded.as_ref().map_or(path.as_path(), |(_, sibling)| sibling.as_path());
        let mut response = StaticFileRequest::from_request_without_body(req)
            .await?
            .create_response(served, true, false)?
            .into_response();
        let headers = response.headers_mut();
        if let Some((name, _)) = encoded {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(name));
            if let Ok(value) = HeaderValue::from_str(&content_type(&path)) {
                headers.insert(header::CONTENT_TYPE, value);
            }
        }
        if compressible {
            headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        }
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache_control(relative)));
        Ok(response)
    }
}

impl Endpoint for WebApp {
    type Output = Response;

    async fn call(&self, req: Request) -> Result<Response> {
        if !matches!(*req.method(), Method::GET | Method::HEAD) {
            return Err(StaticFileError::MethodNotAllowed(req.method().clone()).into());
        }
        let relative = relative_path(req.uri().path()).ok_or(StaticFileError::NotFound)?;
        if relative.starts_with(HASHED_DIR) {
            return self.hashed_asset(&relative).map(|asset| asset.reply(&req)).ok_or(StaticFileError::NotFound.into());
        }
        if self.root.join(&relative).is_file() {
            return self.send(&req, &relative).await;
        }
        if names_a_file(&relative) {
            return Err(StaticFileError::NotFound.into());
        }
        Ok(to_hash_address(&req))
    }
}

/// Any other path names a page of the app, which the hash router reads only from the fragment: a link written
/// without `#` (`/select-package-c?utm_campaign=x`) would open the landing page instead. It goes to the same
/// address with `#` (`/#/select-package-c?utm_campaign=x`); always on this origin.
fn to_hash_address(req: &Request) -> Response {
    let uri = req.uri();
    let query = uri.query().map(|query| format!("?{query}")).unwrap_or_default();
    Response::builder()
        .status(StatusCode::FOUND)
        .header(header::LOCATION, format!("/#{}{query}", uri.path()))
        .header(header::CACHE_CONTROL, REVALIDATE)
        .finish()
}

/// Some pages share their first segment with an API area (`/diets`, `/diet/...`): a browser opening such an
/// address that no operation answers is sent to the page, not shown the API's JSON 404. Only navigations
/// (`Accept: text/html`, which the app's own calls never send) to no operation at all; an operation's own 404
/// stays an answer.
pub async fn pages_under_api_prefixes<E: Endpoint>(api: Arc<E>, req: Request) -> Result<Response> {
    let navigation = matches!(*req.method(), Method::GET | Method::HEAD)
        && req
            .headers()
            .get(header::ACCEPT)
            .and_then(|value| value.to_str().ok())
            .is_some_and(|v| v.contains("text/html"));
    let page = navigation.then(|| to_hash_address(&req));
    match (api.call(req).await, page) {
        (Err(error), Some(page)) if error.is::<NotFoundError>() => Ok(page),
        (answer, _) => answer.map(IntoResponse::into_response),
    }
}

/// The request path as a path inside the root, or `None` when it leaves the root or is not UTF-8.
fn relative_path(uri_path: &str) -> Option<PathBuf> {
    let decoded = percent_encoding::percent_decode_str(uri_path).decode_utf8().ok()?;
    let mut relative = PathBuf::new();
    for component in Path::new(decoded.trim_start_matches('/')).components() {
        match component {
            Component::Normal(part) => relative.push(part),
            Component::CurDir => {}
            _ => return None,
        }
    }
    if relative.as_os_str().is_empty() { Some(PathBuf::from(INDEX)) } else { Some(relative) }
}

/// Paths that ask for a file rather than a page: anything under the hashed folder, or with an extension.
fn names_a_file(relative: &Path) -> bool {
    relative.starts_with(HASHED_DIR) || relative.extension().is_some()
}

fn cache_control(relative: &Path) -> &'static str {
    if relative == Path::new(INDEX) {
        REVALIDATE
    } else if relative.starts_with(HASHED_DIR) {
        IMMUTABLE
    } else {
        SHORT_LIVED
    }
}

/// The type of the file a compressed sibling stands for, text declared UTF-8 as Vite writes it.
fn content_type(path: &Path) -> String {
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    if mime.type_() == mime_guess::mime::TEXT || mime.subtype() == mime_guess::mime::JAVASCRIPT {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_string()
    }
}

/// `name.js.br` beside `name.js`: where the build writes a file's precompressed sibling.
fn sibling(path: &Path, suffix: &str) -> Option<PathBuf> {
    Some(path.with_file_name(format!("{}.{suffix}", path.file_name()?.to_str()?)))
}

fn sibling_exists(path: &Path, suffix: &str) -> bool {
    sibling(path, suffix).is_some_and(|file| file.is_file())
}

/// The encodings of `ENCODINGS` the client accepts, best first.
fn accepted_encodings(req: &Request) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
    ENCODINGS.into_iter().filter(move |(name, _)| accepts_encoding(req, name))
}

/// Whether the request's `Accept-Encoding` names `encoding` (`q=0` refuses it).
pub(crate) fn accepts_encoding(req: &Request, encoding: &str) -> bool {
    let offered = req.headers().get(header::ACCEPT_ENCODING).and_then(|value| value.to_str().ok()).unwrap_or("");
    offered.split(',').any(|entry| {
        let mut parts = entry.split(';').map(str::trim);
        parts.next().is_some_and(|token| token.eq_ignore_ascii_case(encoding))
            && parts.all(|param| !matches!(param.replace(' ', "").as_str(), "q=0" | "q=0.0" | "q=0.00" | "q=0.000"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_inside_the_root() {
        assert_eq!(relative_path("/"), Some(PathBuf::from("index.html")));
        assert_eq!(relative_path("/assets/a-1.js"), Some(PathBuf::from("assets/a-1.js")));
        assert_eq!(relative_path("/./assets//a.js"), Some(PathBuf::from("assets/a.js")));
        assert_eq!(relative_path("/../etc/passwd"), None);
        assert_eq!(relative_path("/assets/%2e%2e/%2e%2e/x"), None);
    }

    #[test]
    fn a_missing_asset_is_not_a_page() {
        assert!(names_a_file(Path::new("assets/gone-123.js")));
        assert!(names_a_file(Path::new("media/partner.png")));
        assert!(!names_a_file(Path::new("pay-card")));
    }

    #[test]
    fn hashed_assets_live_a_year_and_the_index_is_revalidated() {
        assert_eq!(cache_control(Path::new("assets/index-abc.js")), IMMUTABLE);
        assert_eq!(cache_control(Path::new("index.html")), REVALIDATE);
        assert_eq!(cache_control(Path::new("media/wizard-top.jpg")), SHORT_LIVED);
    }

    #[test]
    fn encodings_follow_the_accept_header() {
        let accepted = |value: &str| {
            let req = Request::builder().header(header::ACCEPT_ENCODING, value).finish();
            accepted_encodings(&req).map(|(name, _)| name).collect::<Vec<_>>()
        };
        assert_eq!(accepted("gzip, deflate, br, zstd"), ["br", "gzip"]);
        assert_eq!(accepted("gzip"), ["gzip"]);
        assert_eq!(accepted("br;q=0, gzip;q=0.5"), ["gzip"]);
        assert_eq!(accepted("identity"), Vec::<&str>::new());
    }
}
