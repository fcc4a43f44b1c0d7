//! Visit sessions (utm data, meta, user) and analytics events.
pub mod dto;
pub mod error;

use poem::{Request, web::Data};
use poem_openapi::{OpenApi, param::Path, payload::Json};

use self::{
    dto::{AnalyticsEvent, IdReply, SessionBody},
    error::TrackingFailure,
};
use super::{ApiTags, error::AreaFailure, security::admit};
use crate::{
    limits::{self, MAX_META_BYTES, TooLarge},
    messages,
    state::AppState,
    store::{analytics, sessions},
    throttle::Kind,
};

type TrackingResult = Result<Json<IdReply>, TrackingFailure>;

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

async fn store_session(state: &AppState, req: &Request, id: String, body: &SessionBody) -> TrackingResult {
    admit(req, state, Kind::Telemetry).map_err(TrackingFailure::throttled)?;
    let meta = session_meta(body)?;
    let utm = serde_json::to_string(body).unwrap_or_else(|_| "{}".into());
    sessions::upsert(&state.db, &id, &utm, &meta, body.user_id.as_deref()).await?;
    Ok(Json(IdReply { id }))
}

pub struct TrackingApi;

#[OpenApi(prefix_path = "/lemonade/api", tag = "ApiTags::Tracking")]
impl TrackingApi {
    /// Start a visit session; keep the returned id in session storage (`sessId`).
    #[oai(path = "/sessions", method = "post", operation_id = "createSession")]
    async fn create_session(&self, state: Data<&AppState>, req: &Request, body: Json<SessionBody>) -> TrackingResult {
        store_session(&state, req, uuid::Uuid::new_v4().to_string(), &body).await
    }

    /// Replace a session's utm data and meta; `userId` is kept once set.
    #[oai(path = "/sessions/:id", method = "patch", operation_id = "patchSession")]
    async fn patch_session(
        &self,
        state: Data<&AppState>,
        req: &Request,
        id: Path<String>,
        body: Json<SessionBody>,
    ) -> TrackingResult {
        if !sessions::exists(&state.db, &id).await? {
            return Err(TrackingFailure::status(404, messages::NOT_FOUND, format!("no session {}", id.0)));
        }
        store_session(&state, req, id.0, &body).await
    }

    /// Record an analytics event (views, clicks, errors).
    #[oai(path = "/analytics", method = "post", operation_id = "recordEvent")]
    async fn record_event(&self, state: Data<&AppState>, req: &Request, body: Json<AnalyticsEvent>) -> TrackingResult {
        admit(req, &state, Kind::Telemetry).map_err(TrackingFailure::throttled)?;
        if body.action.trim().is_empty() || body.category.trim().is_empty() {
            return Err(TrackingFailure::bad_request(messages::BAD_REQUEST, "action and category are required"));
        }
        let meta = event_meta(&body)?;
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
        analytics::insert(&state.db, event).await?;
        Ok(Json(IdReply { id }))
    }
}
