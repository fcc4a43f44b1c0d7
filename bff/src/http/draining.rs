//! A stopping replica drains before it closes: every answer it gives then closes its connection
//! (`Connection: close`). A proxy keeps idle connections to each replica for its next requests; a connection the
//! replica closed while the proxy was writing a request into it loses that request (the proxy cannot tell whether
//! an order was made, so it does not send it again). Closed after an answer, the connection is one the proxy
//! knows not to use.
use poem::{
    Endpoint, IntoResponse, Middleware, Request, Response, Result,
    http::{HeaderValue, header},
};

use crate::shutdown::Stopping;

pub struct CloseWhenStopping(Stopping);

impl CloseWhenStopping {
    pub fn new(stopping: Stopping) -> Self {
        CloseWhenStopping(stopping)
    }
}

impl<E: Endpoint> Middleware<E> for CloseWhenStopping {
    type Output = CloseWhenStoppingEndpoint<E>;

    fn transform(&self, inner: E) -> Self::Output {
        CloseWhenStoppingEndpoint { inner, stopping: self.0.clone() }
    }
}

pub struct CloseWhenStoppingEndpoint<E> {
    inner: E,
    stopping: Stopping,
}

impl<E: Endpoint> Endpoint for CloseWhenStoppingEndpoint<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> Result<Response> {
        let mut response = match self.inner.call(req).await {
            Ok(output) => output.into_response(),
            Err(error) => error.into_response(),
        };
        // Asked when the answer is ready: a request that began before the stop and ends during the drain closes too.
        if self.stopping.requested() {
            response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
        Ok(response)
    }
}
