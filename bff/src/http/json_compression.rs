//! Gzips the API's larger JSON replies for phones on slow networks (the catalogue and the panel's lists shrink
//! several-fold), and keeps the documents made once per process (`/openapi.json`, the docs page) gzipped beside
//! them. Replies only: request bodies are never inflated, since a small compressed upload could expand far past
//! `MAX_BODY_BYTES`.
use std::io::Write;

use bytes::Bytes;
use flate2::{Compression, write::GzEncoder};
use poem::{
    Endpoint, IntoResponse, Middleware, Request, Response, Result,
    http::{HeaderValue, header},
};

use crate::http::web_app::accepts_encoding;

/// Below this a reply fits in one packet anyway and gzip's header would only add to it.
const MIN_BYTES: usize = 1024;

pub struct JsonCompression;

impl<E: Endpoint> Middleware<E> for JsonCompression {
    type Output = JsonCompressionEndpoint<E>;

    fn transform(&self, inner: E) -> Self::Output {
        JsonCompressionEndpoint { inner }
    }
}

pub struct JsonCompressionEndpoint<E> {
    inner: E,
}

impl<E: Endpoint> Endpoint for JsonCompressionEndpoint<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> Result<Response> {
        let gzip = accepts_encoding(&req, "gzip");
        let mut response = self.inner.call(req).await?.into_response();
        if !is_json(&response) {
            return Ok(response);
        }
        response.headers_mut().append(header::VARY, HeaderValue::from_static("accept-encoding"));
        if !gzip || response.headers().contains_key(header::CONTENT_ENCODING) {
            return Ok(response);
        }
        let body = response.take_body().into_bytes().await?;
        let compressed = if body.len() < MIN_BYTES { None } else { gzipped(&body).ok() };
        let Some(compressed) = compressed else {
            response.set_body(body);
            return Ok(response);
        };
        response.set_body(compressed);
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        // Another encoding is another representation: a strong validator would claim byte equality.
        if let Some(strong) =
            headers.get(header::ETAG).and_then(|tag| tag.to_str().ok()).filter(|tag| tag.starts_with('"'))
            && let Ok(weak) = HeaderValue::from_str(&format!("W/{strong}"))
        {
            headers.insert(header::ETAG, weak);
        }
        Ok(response)
    }
}

fn is_json(response: &Response) -> bool {
    response.content_type().is_some_and(|kind| kind.starts_with("application/json"))
}

/// The fastest level: most of gzip's gain on JSON, at a fraction of the default level's CPU per reply.
fn gzipped(body: &[u8]) -> std::io::Result<Vec<u8>> {
    gzipped_at(body, Compression::fast())
}

fn gzipped_at(body: &[u8], level: Compression) -> std::io::Result<Vec<u8>> {
    let mut encoder = GzEncoder::new(Vec::with_capacity(body.len() / 4), level);
    encoder.write_all(body)?;
    encoder.finish()
}

/// A document that never changes while the process runs, kept with its gzip made once at the best level: the
/// OpenAPI document (about 200 KB) was compressed again on every request, and the docs page (2 MB of Swagger UI)
/// went out uncompressed.
pub struct Precompressed {
    body: Bytes,
    /// None when compressing failed: the document then goes out as it is.
    gzipped: Option<Bytes>,
    content_type: &'static str,
}

impl Precompressed {
    pub fn new(body: String, content_type: &'static str) -> Self {
        let gzipped = gzipped_at(body.as_bytes(), Compression::best()).ok().map(Bytes::from);
        Precompressed { body: Bytes::from(body), gzipped, content_type }
    }

    /// The gzip when the request accepts it, the document as it is otherwise.
    pub fn reply(&self, req: &Request) -> Response {
        let response = Response::builder()
            .content_type(self.content_type)
            .header(header::VARY, HeaderValue::from_static("accept-encoding"));
        match &self.gzipped {
            Some(gzipped) if accepts_encoding(req, "gzip") => {
                response.header(header::CONTENT_ENCODING, HeaderValue::from_static("gzip")).body(gzipped.clone())
            }
            _ => response.body(self.body.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use flate2::read::GzDecoder;
    use poem::{
        Endpoint, EndpointExt, IntoResponse, Request, Response, handler,
        http::{HeaderMap, header},
    };

    use super::{JsonCompression, Precompressed};

    fn listing() -> String {
        serde_json::json!((0..200).map(|id| serde_json::json!({"id": id, "title": "برنامه غذایی"})).collect::<Vec<_>>())
            .to_string()
    }

    #[handler]
    fn catalogue() -> Response {
        Response::builder()
            .content_type("application/json; charset=utf-8")
            .header(header::ETAG, "\"abc\"")
            .body(listing())
    }

    #[handler]
    fn small() -> Response {
        Response::builder().content_type("application/json").body("{\"ok\":true}")
    }

    #[handler]
    fn page() -> impl IntoResponse {
        "x".repeat(4096).with_content_type("text/html")
    }

    /// The reply's headers and body to `endpoint` for a request offering `offered` encodings.
    async fn fetch(endpoint: impl Endpoint, offered: Option<&str>) -> (HeaderMap, Vec<u8>) {
        let mut request = Request::builder();
        if let Some(offered) = offered {
            request = request.header(header::ACCEPT_ENCODING, offered);
        }
        let response = endpoint.with(JsonCompression).call(request.finish()).await.expect("reply");
        let headers = response.headers().clone();
        (headers, response.into_body().into_vec().await.expect("body"))
    }

    #[tokio::test]
    async fn a_large_json_reply_is_gzipped_for_a_client_that_accepts_it() {
        let (headers, compressed) = fetch(catalogue, Some("br, gzip")).await;
        assert_eq!(headers[header::CONTENT_ENCODING], "gzip");
        assert_eq!(headers[header::VARY], "accept-encoding");
        assert_eq!(headers[header::ETAG], "W/\"abc\"");
        assert!(compressed.len() * 4 < listing().len(), "{} bytes", compressed.len());
        let mut text = String::new();
        GzDecoder::new(compressed.as_slice()).read_to_string(&mut text).expect("gzip");
        assert_eq!(text, listing());
    }

    #[tokio::test]
    async fn a_client_that_refuses_gzip_gets_the_json_as_is() {
        for offered in [None, Some("gzip;q=0"), Some("br")] {
            let (headers, body) = fetch(catalogue, offered).await;
            assert!(!headers.contains_key(header::CONTENT_ENCODING), "{offered:?}");
            assert_eq!(headers[header::ETAG], "\"abc\"");
            assert_eq!(body, listing().into_bytes());
        }
    }

    #[tokio::test]
    async fn small_replies_and_other_types_are_left_alone() {
        let (headers, body) = fetch(small, Some("gzip")).await;
        assert!(!headers.contains_key(header::CONTENT_ENCODING));
        assert_eq!(body, b"{\"ok\":true}");
        let (headers, _) = fetch(page, Some("gzip")).await;
        assert!(!headers.contains_key(header::CONTENT_ENCODING));
        assert!(!headers.contains_key(header::VARY));
    }

    #[tokio::test]
    async fn a_precompressed_document_is_sent_gzipped_only_to_a_client_that_accepts_it() {
        let document = Precompressed::new(listing(), "application/json");
        let endpoint = |offered: Option<&'static str>| {
            let mut request = Request::builder();
            if let Some(offered) = offered {
                request = request.header(header::ACCEPT_ENCODING, offered);
            }
            document.reply(&request.finish())
        };
        let gzipped = endpoint(Some("gzip, br"));
        assert_eq!(gzipped.headers()[header::CONTENT_ENCODING], "gzip");
        assert_eq!(gzipped.headers()[header::VARY], "accept-encoding");
        assert_eq!(gzipped.headers()[header::CONTENT_TYPE], "application/json");
        let compressed = gzipped.into_body().into_vec().await.expect("body");
        assert!(compressed.len() * 4 < listing().len(), "{} bytes", compressed.len());
        let mut text = String::new();
        GzDecoder::new(compressed.as_slice()).read_to_string(&mut text).expect("gzip");
        assert_eq!(text, listing());
        for offered in [None, Some("gzip;q=0"), Some("br")] {
            let plain = endpoint(offered);
            assert!(!plain.headers().contains_key(header::CONTENT_ENCODING), "{offered:?}");
            assert_eq!(plain.headers()[header::VARY], "accept-encoding");
            assert_eq!(plain.into_body().into_vec().await.expect("body"), listing().into_bytes());
        }
    }
}
