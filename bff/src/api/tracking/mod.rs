//! Visit sessions (utm data, meta, user) and analytics events.
pub mod dto;
pub mod error;

use poem::{Request, web::Data};
use poem_openapi::{
    OpenApi,
    param::{Header, Path},
    payload::Json,
};

use self::{
    dto::{AnalyticsEvent, IdReply, SessionBody, SessionCreated},
    error::TrackingFailure,
};
use super::{
    ApiTags,
    error::AreaFailure,
    security::{MaybeCustomer, admit},
};
use crate::{
    limits::{self, MAX_META_BYTES, TooLarge},
    messages,
    state::AppState,
    store::{
        analytics,
        sessions::{self, SessionWrite},
    },
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

/// The session's texts within their caps, and the meta and utm data as stored.
fn checked(body: &SessionBody) -> Result<(String, String), TrackingFailure> {
    let meta = session_meta(body)?;
    let utm = serde_json::to_string(body).unwrap_or_else(|_| "{}".into());
    Ok((utm, meta))
}

pub struct TrackingApi;

#[OpenApi(prefix_path = "/lemonade/api", tag = "ApiTags::Tracking")]
impl TrackingApi {
    /// Start a visit session; keep the returned id in session storage (`sessId`) and its edit token beside it.
    ///
    /// A valid bearer token links the session to that customer. Only the edit token's holder and the linked
    /// customer may change the session later.
    #[oai(path = "/sessions", method = "post", operation_id = "createSession")]
    async fn create_session(
        &self,
        state: Data<&AppState>,
        req: &Request,
        caller: MaybeCustomer,
        body: Json<SessionBody>,
    ) -> Result<Json<SessionCreated>, TrackingFailure> {
        admit(req, &state, Kind::Telemetry).map_err(TrackingFailure::throttled)?;
        let (utm, meta) = checked(&body)?;
        let id = uuid::Uuid::new_v4().to_string();
        let write = SessionWrite {
            utm: &utm,
            meta: &meta,
            user_id: body.user_id.as_deref(),
            customer_id: caller.customer_id(),
        };
        let edit_token = sessions::insert(&state.db, &id, write).await?;
        Ok(Json(SessionCreated { id, edit_token }))
    }

    /// Replace a session's utm data and meta; `userId` is kept once set.
    ///
    /// Only its creator, with the edit token the create call answered (`X-Edit-Token`), or the customer it is
    /// linked to, with their bearer token, may change it; with both, a session without a customer is linked to
    /// that one. Anything else (no token, a wrong edit token, another customer's bearer token) gets the 404 of an
    /// unknown session.
    #[oai(path = "/sessions/:id", method = "patch", operation_id = "patchSession")]
    async fn patch_session(
        &self,
        state: Data<&AppState>,
        req: &Request,
        caller: MaybeCustomer,
        id: Path<String>,
        /// The edit token answered by the create call.
        #[oai(name = "X-Edit-Token")]
        edit_token: Header<Option<String>>,
        body: Json<SessionBody>,
    ) -> TrackingResult {
        admit(req, &state, Kind::Telemetry).map_err(TrackingFailure::throttled)?;
        let (utm, meta) = checked(&body)?;
        let write = SessionWrite {
            utm: &utm,
            meta: &meta,
            user_id: body.user_id.as_deref(),
            customer_id: caller.customer_id(),
        };
        if !sessions::update(&state.db, &id, edit_token.0.as_deref(), write).await? {
            return Err(TrackingFailure::status(404, messages::NOT_FOUND, format!("no session {}", limits::echo(&id))));
        }
        Ok(Json(IdReply { id: id.0 }))
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
