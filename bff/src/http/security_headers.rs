//! Headers every reply carries so a browser does not turn the shop against its customers: no framing of the
//! sign-in or payment screens by another site (clickjacking), no guessing a reply's type (a JSON reply run as
//! a script), no full address of a page leaking to the gateways and chat widget it links to, and, when the shop
//! is served over HTTPS, HTTPS only from then on.
use poem::{
    Endpoint, IntoResponse, Middleware, Request, Response, Result,
    http::{HeaderName, HeaderValue, header},
};

/// Only what restricts embedding and plugins: the app loads a third-party chat widget and analytics, so a
/// script policy would need to track their hosts and belongs to the deployment, not the code.
const CONTENT_SECURITY_POLICY: &str = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'";
const HSTS: &str = "max-age=31536000";

pub struct SecurityHeaders {
    https: bool,
}

impl SecurityHeaders {
    /// `https`: the shop's public address is HTTPS, so browsers may be told to keep to it.
    pub fn new(https: bool) -> Self {
        SecurityHeaders { https }
    }
}

impl<E: Endpoint> Middleware<E> for SecurityHeaders {
    type Output = SecurityHeadersEndpoint<E>;

    fn transform(&self, inner: E) -> Self::Output {
        SecurityHeadersEndpoint { inner, https: self.https }
    }
}

pub struct SecurityHeadersEndpoint<E> {
    inner: E,
    https: bool,
}

impl<E: Endpoint> Endpoint for SecurityHeadersEndpoint<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> Result<Response> {
        let mut response = match self.inner.call(req).await {
            Ok(output) => output.into_response(),
            Err(error) => error.into_response(),
        };
        let headers = response.headers_mut();
        let mut set = |name: HeaderName, value: &'static str| {
            headers.entry(name).or_insert(HeaderValue::from_static(value));
        };
        set(header::X_CONTENT_TYPE_OPTIONS, "nosniff");
        set(header::X_FRAME_OPTIONS, "DENY");
        set(header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY);
        set(header::REFERRER_POLICY, "strict-origin-when-cross-origin");
        if self.https {
            set(header::STRICT_TRANSPORT_SECURITY, HSTS);
        }
        Ok(response)
    }
}

#[cfg(test)]
mod tests {
    use poem::{
        Endpoint, EndpointExt, Request,
        endpoint::make_sync,
        http::{StatusCode, header},
    };

    use super::SecurityHeaders;

    #[tokio::test]
    async fn every_reply_forbids_framing_and_sniffing_and_https_is_kept_only_when_served_so() {
        for https in [false, true] {
            let service = make_sync(|_| "ok").with(SecurityHeaders::new(https));
            let response = service.call(Request::default()).await.expect("reply");
            let headers = response.headers();
            assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
            assert_eq!(headers[header::X_FRAME_OPTIONS], "DENY");
            assert!(headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap().contains("frame-ancestors 'none'"));
            assert_eq!(headers[header::REFERRER_POLICY], "strict-origin-when-cross-origin");
            assert_eq!(headers.contains_key(header::STRICT_TRANSPORT_SECURITY), https);
        }
    }

    #[tokio::test]
    async fn an_error_reply_carries_them_too() {
        let service = make_sync(|_| -> poem::Result<&'static str> { Err(poem::error::NotFoundError.into()) })
            .with(SecurityHeaders::new(false));
        let response = service.call(Request::default()).await.expect("reply");
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        assert_eq!(response.headers()[header::X_FRAME_OPTIONS], "DENY");
    }
}
