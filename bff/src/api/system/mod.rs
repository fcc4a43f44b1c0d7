use poem::web::Data;
use poem_openapi::{ApiResponse, Object, OpenApi, payload::Json};

use super::ApiTags;
use crate::startup::AppState;

pub struct SystemApi;

#[derive(Object)]
pub struct Health {
    /// `ok`, or `unavailable` when a readiness check fails.
    pub status: String,
}

#[derive(ApiResponse)]
pub enum Readiness {
    /// The database answers: send traffic here.
    #[oai(status = 200)]
    Ready(Json<Health>),
    /// The database does not answer: keep traffic away until it does.
    #[oai(status = 503)]
    Unavailable(Json<Health>),
}

#[OpenApi(tag = "ApiTags::System")]
impl SystemApi {
    /// Liveness probe for load balancers: the process answers.
    #[oai(path = "/healthz", method = "get", operation_id = "healthz")]
    async fn healthz(&self) -> Json<Health> {
        Json(Health { status: "ok".into() })
    }

    /// Readiness probe: the process answers and its database does too.
    #[oai(path = "/readyz", method = "get", operation_id = "readyz")]
    async fn readyz(&self, state: Data<&AppState>) -> Readiness {
        if state.db.ping().await {
            Readiness::Ready(Json(Health { status: "ok".into() }))
        } else {
            tracing::warn!("readiness: the database does not answer");
            Readiness::Unavailable(Json(Health { status: "unavailable".into() }))
        }
    }
}
