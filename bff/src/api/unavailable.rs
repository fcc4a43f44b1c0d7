//! A call that failed because the database does not answer (restarting, unreachable, its pool exhausted past
//! its wait) is answered 503 with `Retry-After`, not 500: nothing was wrong with the request, and the proxy, the
//! web app and the operator's alerts can tell "try again in a moment" from a bug.
use poem::{Endpoint, IntoResponse, Middleware, Request, Response, http::StatusCode, web::Json};

use super::error::{ErrorEnvelope, noting_unavailability};
use crate::messages;

/// Turns an unexpected failure (500) into 503 when its cause was the database not answering.
pub struct DatabaseUnavailable;

impl<E: Endpoint> Middleware<E> for DatabaseUnavailable {
    type Output = DatabaseUnavailableEndpoint<E>;

    fn transform(&self, inner: E) -> Self::Output {
        DatabaseUnavailableEndpoint(inner)
    }
}

pub struct DatabaseUnavailableEndpoint<E>(E);

/// Seconds a client is asked to wait: a database restart takes a few.
const RETRY_AFTER_SECONDS: u32 = 2;

impl<E: Endpoint> Endpoint for DatabaseUnavailableEndpoint<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> poem::Result<Response> {
        let (answered, unavailable) =
            noting_unavailability(async { self.0.call(req).await.map(IntoResponse::into_response) }).await;
        match answered {
            Ok(response) if unavailable && response.status() == StatusCode::INTERNAL_SERVER_ERROR => {
                let body = ErrorEnvelope::new("503", messages::UNAVAILABLE, Vec::new());
                Ok((StatusCode::SERVICE_UNAVAILABLE, Json(body))
                    .with_header("Retry-After", RETRY_AFTER_SECONDS)
                    .into_response())
            }
            other => other,
        }
    }
}
