//! Visit sessions (utm data, meta, user) and analytics events.
use poem::web::Data;
use poem_openapi::{ApiResponse, Object, OpenApi, param::Path, payload::Json};
use serde_json::Value;

use super::{ApiTags, error::ErrorEnvelope};
use crate::{
    messages,
    startup::AppState,
    store::{analytics, sessions},
};

/// Meta objects larger than this are refused rather than stored.
const MAX_META_BYTES: usize = 8 * 1024;

/// The session body: camelCased utm parameters, free-form meta and the user once known.
#[derive(Object, Debug, serde::Serialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct SessionBody {
    pub utm_source: Option<String>,
    pub utm_medium: Option<String>,
    pub utm_campaign: Option<String>,
    pub utm_term: Option<String>,
    pub utm_content: Option<String>,
    #[serde(skip)]
    pub meta: Option<Value>,
    #[serde(skip)]
    pub user_id: Option<String>,
}

#[derive(Object, Debug)]
pub struct IdReply {
    pub id: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct AnalyticsEvent {
    /// e.g. `page_view`, `get_otp`, `create_session`.
    pub action: String,
    /// e.g. `view`, `click`, `error`.
    pub category: String,
    pub label: Option<String>,
    pub user_id: Option<String>,
    pub service: Option<String>,
    pub meta: Option<Value>,
    pub session_id: Option<String>,
}

#[derive(ApiResponse)]
#[oai(bad_request_handler = "tracking_bad_request")]
pub enum TrackingResponse {
    #[oai(status = 200)]
    Ok(Json<IdReply>),
    /// A required field is empty or `meta` is too large.
    #[oai(status = 400)]
    BadRequest(Json<ErrorEnvelope>),
    /// No session with this id.
    #[oai(status = 404)]
    NotFound(Json<ErrorEnvelope>),
    #[oai(status = 500)]
    Internal(Json<ErrorEnvelope>),
}

fn tracking_bad_request(error: poem::Error) -> TrackingResponse {
    TrackingResponse::BadRequest(Json(ErrorEnvelope::new("400", messages::BAD_REQUEST, vec![error.to_string()])))
}

fn bad_request(detail: &str) -> TrackingResponse {
    TrackingResponse::BadRequest(Json(ErrorEnvelope::new("400", messages::BAD_REQUEST, vec![detail.to_owned()])))
}

fn internal(error: anyhow::Error) -> TrackingResponse {
    TrackingResponse::Internal(Json(ErrorEnvelope::internal(&error)))
}

fn meta_text(meta: &Option<Value>) -> Result<String, TrackingResponse> {
    let text = meta.as_ref().map_or_else(|| "{}".to_owned(), Value::to_string);
    if text.len() > MAX_META_BYTES {
        return Err(bad_request("meta is larger than 8 KiB"));
    }
    Ok(text)
}

async fn store_session(state: &AppState, id: String, body: &SessionBody) -> TrackingResponse {
    let meta = match meta_text(&body.meta) {
        Ok(meta) => meta,
        Err(refused) => return refused,
    };
    let utm = serde_json::to_string(body).unwrap_or_else(|_| "{}".into());
    match sessions::upsert(&state.db, &id, &utm, &meta, body.user_id.as_deref()).await {
        Ok(()) => TrackingResponse::Ok(Json(IdReply { id })),
        Err(e) => internal(e),
    }
}

pub struct TrackingApi;

#[OpenApi(prefix_path = "/lemonade/api", tag = "ApiTags::Tracking")]
impl TrackingApi {
    /// Start a visit session; keep the returned id in session storage (`sessId`).
    #[oai(path = "/sessions", method = "post", operation_id = "createSession")]
    async fn create_session(&self, state: Data<&AppState>, body: Json<SessionBody>) -> TrackingResponse {
        store_session(&state, uuid::Uuid::new_v4().to_string(), &body).await
    }

    /// Replace a session's utm data and meta; `userId` is kept once set.
    #[oai(path = "/sessions/:id", method = "patch", operation_id = "patchSession")]
    async fn patch_session(
        &self,
        state: Data<&AppState>,
        id: Path<String>,
        body: Json<SessionBody>,
    ) -> TrackingResponse {
        match sessions::exists(&state.db, &id).await {
            Ok(true) => store_session(&state, id.0, &body).await,
            Ok(false) => TrackingResponse::NotFound(Json(ErrorEnvelope::new(
                "404",
                messages::NOT_FOUND,
                vec![format!("no session {}", id.0)],
            ))),
            Err(e) => internal(e),
        }
    }

    /// Record an analytics event (views, clicks, errors).
    #[oai(path = "/analytics", method = "post", operation_id = "recordEvent")]
    async fn record_event(&self, state: Data<&AppState>, body: Json<AnalyticsEvent>) -> TrackingResponse {
        if body.action.trim().is_empty() || body.category.trim().is_empty() {
            return bad_request("action and category are required");
        }
        let meta = match meta_text(&body.meta) {
            Ok(meta) => meta,
            Err(refused) => return refused,
        };
        let id = uuid::Uuid::new_v4().to_string();
        let event = analytics::NewEvent {
            id: &id,
            action: &body.action,
            category: &body.category,
            label: body.label.as_deref(),
            user_id: body.user_id.as_deref(),
            service: body.service.as_deref(),
            meta: &meta,
            session_id: body.session_id.as_deref(),
        };
        match analytics::insert(&state.db, event).await {
            Ok(()) => TrackingResponse::Ok(Json(IdReply { id })),
            Err(e) => internal(e),
        }
    }
}
