use poem::web::Data;
use poem_openapi::{ApiResponse, Object, OpenApi, payload::Json};

use super::ApiTags;
use crate::{domain::payment::Gateway, state::AppState};

pub struct SystemApi;

#[derive(Object)]
pub struct Health {
    /// `ok`; from `/readyz` also `stopping` (the replica drains before it exits), `unavailable` (the database does
    /// not answer) or `sweeper-stale`.
    pub status: String,
}

#[derive(ApiResponse)]
pub enum Readiness {
    /// The database answers: send traffic here.
    #[oai(status = 200)]
    Ready(Json<Health>),
    /// The replica is stopping, the database does not answer, or the payment sweeper stalled: keep traffic away
    /// (until it recovers, or for good when stopping).
    #[oai(status = 503)]
    Unavailable(Json<Health>),
}

/// The chat widget the web app injects once: the script at `scriptUrl` followed by `id`.
#[derive(Object)]
#[oai(rename_all = "camelCase")]
pub struct ChatWidget {
    pub script_url: String,
    pub id: String,
}

/// What the web app needs to know about this deployment at start-up; what is not configured is left out.
#[derive(Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct AppConfig {
    /// The support site the side menu's support popup embeds (`SUPPORT_SITE_URL`).
    pub support_site_url: Option<String>,
    /// The chat widget (`CHAT_WIDGET_SCRIPT_URL` and `CHAT_WIDGET_ID`); absent when either is missing, and the app
    /// then offers the support addresses below instead.
    pub chat_widget: Option<ChatWidget>,
    /// The gateways the checkout offers besides `online` and the transfers (`PAYMENT_METHODS`), in the order
    /// configured; the web app lists and advertises no other.
    pub payment_gateways: Vec<Gateway>,
    /// The support phone number (`SUPPORT_PHONE`), as shown.
    pub support_phone: Option<String>,
    /// The support e-mail address (`SUPPORT_EMAIL`).
    pub support_email: Option<String>,
}

#[OpenApi(tag = "ApiTags::System")]
impl SystemApi {
    /// Liveness probe for load balancers: the process answers.
    #[oai(path = "/healthz", method = "get", operation_id = "healthz")]
    async fn healthz(&self) -> Json<Health> {
        Json(Health { status: "ok".into() })
    }

    /// Readiness probe: the process is not stopping, it answers, its database does too, and its payment sweeper
    /// finished a run within `SWEEPER_STALE_SECONDS` (`sweeper-stale` otherwise: payments nobody came back from
    /// would wait unsettled).
    #[oai(path = "/readyz", method = "get", operation_id = "readyz")]
    async fn readyz(&self, state: Data<&AppState>) -> Readiness {
        if state.stopping.requested() {
            return Readiness::Unavailable(Json(Health { status: "stopping".into() }));
        }
        if !state.db.ping().await {
            tracing::warn!("readiness: the database does not answer");
            return Readiness::Unavailable(Json(Health { status: "unavailable".into() }));
        }
        let stale_after = state.payment_settings.sweeper_stale_seconds;
        let silent = state.metrics.sweeper_silent_seconds();
        if stale_after > 0 && silent > i64::try_from(stale_after).unwrap_or(i64::MAX) {
            tracing::warn!(silent, "readiness: the payment sweeper has not finished a run");
            return Readiness::Unavailable(Json(Health { status: "sweeper-stale".into() }));
        }
        Readiness::Ready(Json(Health { status: "ok".into() }))
    }

    /// The deployment's support addresses and payment gateways, for the web app; public, the same for every visitor.
    #[oai(path = "/lemonade/api/app-config", method = "get", operation_id = "appConfig")]
    async fn app_config(&self, state: Data<&AppState>) -> Json<AppConfig> {
        let support = &state.support;
        let chat_widget = match (&support.chat_widget_script_url, &support.chat_widget_id) {
            (Some(script_url), Some(id)) if !id.trim().is_empty() => {
                Some(ChatWidget { script_url: script_url.to_string(), id: id.trim().to_owned() })
            }
            _ => None,
        };
        let given =
            |value: &Option<String>| value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
        Json(AppConfig {
            support_site_url: support.support_site_url.as_ref().map(ToString::to_string),
            chat_widget,
            payment_gateways: state.payment_settings.payment_methods.clone(),
            support_phone: given(&support.support_phone),
            support_email: given(&support.support_email),
        })
    }
}
