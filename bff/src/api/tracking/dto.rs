//! The tracking calls' bodies and replies.
use poem_openapi::Object;
use serde_json::Value;

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

/// The created session: keep both (`sessId` and its edit token) to change it later with PATCH.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct SessionCreated {
    pub id: String,
    /// Send it as `X-Edit-Token` on every PATCH of this session: only its holder (and the customer the session is
    /// linked to) may change it. Answered only here; the BFF keeps just a hash of it.
    pub edit_token: String,
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
