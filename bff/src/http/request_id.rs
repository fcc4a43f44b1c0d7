//! A request id on every request: taken from `X-Request-Id` when a proxy or client sent a sane one,
//! made otherwise, returned on the response (errors too) and carried by every log line of the request.
use poem::{Endpoint, IntoResponse, Middleware, Request, Response, Result, http::HeaderValue};
use tracing::Instrument;

pub const HEADER: &str = "x-request-id";
/// Longer or stranger ids are replaced: they would let a client write into the logs.
const MAX_LEN: usize = 64;

pub struct RequestId;

impl<E: Endpoint> Middleware<E> for RequestId {
    type Output = RequestIdEndpoint<E>;

    fn transform(&self, next: E) -> Self::Output {
        RequestIdEndpoint { next }
    }
}

pub struct RequestIdEndpoint<E> {
    next: E,
}

impl<E: Endpoint> Endpoint for RequestIdEndpoint<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> Result<Response> {
        let id = req.header(HEADER).filter(|sent| is_sane(sent)).map_or_else(new_id, str::to_owned);
        let span = tracing::info_span!("request", request_id = %id);
        let mut response = match self.next.call(req).instrument(span).await {
            Ok(response) => response.into_response(),
            Err(error) => error.into_response(),
        };
        if let Ok(value) = HeaderValue::from_str(&id) {
            response.headers_mut().insert(HEADER, value);
        }
        Ok(response)
    }
}

fn is_sane(id: &str) -> bool {
    !id.is_empty() && id.len() <= MAX_LEN && id.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.:".contains(&b))
}

fn new_id() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_short_plain_ids_are_kept() {
        assert!(is_sane("3f2a9c1e-77b0-4c1e-9d7a-0b5c2a1f8e90"));
        assert!(is_sane("lb.1:abc_def"));
        assert!(!is_sane(""));
        assert!(!is_sane(&"a".repeat(65)));
        assert!(!is_sane("id\nfake log line"));
        assert!(!is_sane("<script>"));
    }
}
