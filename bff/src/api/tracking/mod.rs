//! Visit sessions (utm data, meta, user) and analytics events.
use poem::web::Data;
use poem_openapi::{ApiResponse, Object, OpenApi, param::Path, payload::Json};
use serde_json::Value;

use super::{ApiTags, error::ErrorEnvelope};
use crate::{
    limits::{self, MAX_META_BYTES, TooLarge},
    messages,
    startup::AppState,
    store::{analytics, sessions},
};

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
    /// A required field is empty, `meta` is larger than 8 KiB or a text larger than 1 KiB.
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

fn too_large(refused: TooLarge) -> TrackingResponse {
    TrackingResponse::BadRequest(Json(ErrorEnvelope::new("400", messages::FIELD_TOO_LARGE, vec![refused.to_string()])))
}

/// The meta as stored, and every text of the session within its cap.
fn session_meta(body: &SessionBody) -> Result<String, TooLarge> {
    limits::short_texts([
        ("utmSource", body.utm_source.as_deref()),
        ("utmMedium", body.utm_medium.as_deref()),
        ("utmCampaign", body.utm_campaign.as_deref()),
        ("utmTerm", body.utm_term.as_deref()),
        ("utmContent", body.utm_content.as_deref()),
        ("userId", body.user_id.as_deref()),
    ])?;
    limits::json_text("meta", body.meta.as_ref(), MAX_META_BYTES)
}

/// The meta as stored, and every text of the event within its cap.
fn event_meta(event: &AnalyticsEvent) -> Result<String, TooLarge> {
    limits::short_texts([
        ("action", Some(event.action.as_str())),
        ("category", Some(event.category.as_str())),
        ("label", event.label.as_deref()),
        ("userId", event.user_id.as_deref()),
        ("service", event.service.as_deref()),
        ("sessionId", event.session_id.as_deref()),
    ])?;
    limits::json_text("meta", event.meta.as_ref(), MAX_META_BYTES)
}

async fn store_session(state: &AppState, id: String, body: &SessionBody) -> TrackingResponse {
    let meta = match session_meta(body) {
        Ok(meta) => meta,
        Err(refused) => return too_large(refused),
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
        let meta = match event_meta(&body) {
            Ok(meta) => meta,
            Err(refused) => return too_large(refused),
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
