use poem_openapi::{Object, OpenApi, payload::Json};

use super::ApiTags;

pub struct SystemApi;

#[derive(Object)]
pub struct Health {
    /// Always `ok` while the service answers.
    pub status: String,
}

#[OpenApi(tag = "ApiTags::System")]
impl SystemApi {
    /// Liveness probe for load balancers.
    #[oai(path = "/healthz", method = "get")]
    async fn healthz(&self) -> Json<Health> {
        Json(Health { status: "ok".into() })
    }
}
