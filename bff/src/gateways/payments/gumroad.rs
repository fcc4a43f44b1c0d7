//! Gumroad, the international path: the customer buys the product on its own checkout page
//! (`{GUMROAD_BASE_URL}/l/{permalink}`), whose query parameters Gumroad hands back as `url_params`
//! in its sale ping; ours carry the payment id as `reference`. The ping (form-urlencoded, sent to
//! every URL subscribed to `sale` through API v2 `resource_subscriptions`) is unsigned, so it only
//! names the sale: `GET /v2/sales/{sale_id}` confirms it server to server.
//!
//! Gumroad charges the product's own price in US cents, which the BFF does not set: it reads it
//! (`GET /v2/products/{permalink}`) for the payment sheet to show before the customer leaves, while a
//! payment keeps the order's toman total and a confirmed, unrefunded sale pays exactly that.
use serde_json::Value;

use super::{GiveBack, GiveBackRequest, PaymentStart, StartError, Started, VerifyRequest, json_body};
use crate::{
    config::{PaymentSettings, Secret},
    domain::payment::GatewayVerdict,
};

#[derive(Debug)]
pub struct GumroadClient {
    http: reqwest::Client,
    base_url: String,
    api_base_url: String,
    access_token: Secret,
}

impl GumroadClient {
    pub fn new(http: reqwest::Client, settings: &PaymentSettings) -> Self {
        GumroadClient {
            http,
            base_url: settings.gumroad_base_url.trim_end_matches('/').to_owned(),
            api_base_url: settings.gumroad_api_base_url.trim_end_matches('/').to_owned(),
            access_token: settings.gumroad_access_token.clone(),
        }
    }

    /// Subscribes `post_url` to sale pings unless it already is.
    async fn subscribe(&self, post_url: &str) -> Result<(), StartError> {
        let url = format!("{}/v2/resource_subscriptions", self.api_base_url);
        let token = self.access_token.expose();
        let listed = self.http.get(&url).bearer_auth(token).query(&[("resource_name", "sale")]).send().await?;
        let (status, body) = answer(json_body(listed).await)?;
        let known = body["resource_subscriptions"].as_array().ok_or(StartError::Malformed(status))?;
        if known.iter().any(|s| s["post_url"].as_str() == Some(post_url)) {
            return Ok(());
        }
        let form = [("resource_name", "sale"), ("post_url", post_url)];
        let created = self.http.put(&url).bearer_auth(token).form(&form).send().await?;
        answer(json_body(created).await).map(|_| ())
    }

    pub async fn start(&self, start: &PaymentStart) -> Result<Started, StartError> {
        let Some(permalink) = start.product_permalink.as_deref().map(str::trim).filter(|p| !p.is_empty()) else {
            return Err(StartError::Refused(vec!["gumroad needs the product's permalink".to_owned()]));
        };
        self.subscribe(&start.callback_url).await?;
        let mut link = reqwest::Url::parse(&format!("{}/l/", self.base_url))
            .and_then(|base| base.join(permalink))
            .map_err(|_| StartError::Refused(vec![format!("not a Gumroad permalink: {permalink}")]))?;
        link.query_pairs_mut().append_pair("reference", &start.reference);
        if let Some(mobile) = &start.mobile {
            link.query_pairs_mut().append_pair("mobile", mobile);
        }
        Ok(Started { authority: start.reference.clone(), link: link.to_string() })
    }

    /// The product's price as Gumroad will charge it, read from `GET /v2/products/{permalink}`.
    pub async fn price(&self, permalink: &str) -> Result<GumroadPrice, StartError> {
        let url = self
            .api_url("products", &[permalink])
            .ok_or_else(|| StartError::Refused(vec!["gumroad: the API address is not a URL".to_owned()]))?;
        let response = self.http.get(url).bearer_auth(self.access_token.expose()).send().await?;
        let (status, body) = answer(json_body(response).await)?;
        let product = &body["product"];
        match (product["price"].as_i64(), product["currency"].as_str(), product["formatted_price"].as_str()) {
            (Some(cents), Some(currency), Some(formatted)) if cents >= 0 => {
                Ok(GumroadPrice { cents, currency: currency.to_ascii_uppercase(), formatted: formatted.to_owned() })
            }
            _ => Err(StartError::Malformed(status)),
        }
    }

    /// `{api}/v2/sales/{sale_id}` and more segments, the id escaped.
    fn sale_url(&self, sale_id: &str, more: &[&str]) -> Option<reqwest::Url> {
        self.api_url("sales", &[&[sale_id], more].concat())
    }

    /// `{api}/v2/{resource}/{segments…}`, each segment escaped.
    fn api_url(&self, resource: &str, segments: &[&str]) -> Option<reqwest::Url> {
        let mut url = reqwest::Url::parse(&format!("{}/v2/{resource}/", self.api_base_url)).ok()?;
        url.path_segments_mut().ok()?.pop_if_empty().extend(segments);
        Some(url)
    }

    /// `PUT /v2/sales/{id}/refund`: the whole sale back to the buyer.
    pub async fn refund(&self, request: &GiveBackRequest<'_>) -> GiveBack {
        let Some(url) = request.ref_id.filter(|s| !s.trim().is_empty()).and_then(|id| self.sale_url(id, &["refund"]))
        else {
            return GiveBack::Failed("gumroad: no sale to refund".to_owned());
        };
        match self.http.put(url).bearer_auth(self.access_token.expose()).send().await {
            Ok(response) => match json_body(response).await {
                (200, Some(body)) if body["success"].as_bool() == Some(true) => GiveBack::Returned,
                (status, body) => {
                    let message = body.as_ref().and_then(|b| b["message"].as_str()).unwrap_or_default().to_owned();
                    let why = format!("gumroad refused the refund (HTTP {status}): {message}");
                    // Gumroad says no with `success: false`, under 200 or 402 alike; a sale refunded already
                    // (an earlier answer lost) has its money back.
                    match body.map(|b| b["success"].as_bool()) {
                        _ if message.to_ascii_lowercase().contains("already refunded") => GiveBack::Returned,
                        Some(Some(false)) if status < 500 => GiveBack::Refused(why),
                        _ => GiveBack::refused(status, why),
                    }
                }
            },
            Err(error) => GiveBack::Failed(format!("gumroad unreachable: {error}")),
        }
    }

    pub async fn verify(&self, request: &VerifyRequest<'_>) -> GatewayVerdict {
        // Only the ping names the sale.
        let Some(sale_id) = request.ref_id.filter(|s| !s.trim().is_empty()) else { return GatewayVerdict::Unknown };
        let Some(url) = self.sale_url(sale_id, &[]) else { return GatewayVerdict::Unknown };
        // A ping brought the sale, and a sale is money taken: while it cannot be read, nothing replaces the payment.
        let Ok(response) = self.http.get(url).bearer_auth(self.access_token.expose()).send().await else {
            return GatewayVerdict::Unanswered;
        };
        match json_body(response).await {
            (200, Some(body)) if body["success"].as_bool() == Some(true) => {
                let sale = &body["sale"];
                let settled = |name: &str| sale[name].as_bool() == Some(true);
                // A sale of a cheaper product would otherwise pay for this one (the ping is unsigned).
                let product =
                    sale["product_permalink"].as_str().and_then(|url| url.trim_end_matches('/').rsplit('/').next());
                if request.product_permalink.is_some_and(|ours| product != Some(ours)) {
                    GatewayVerdict::NotPaid { reason: format!("gumroad: the sale is of another product ({product:?})") }
                } else if settled("paid") && !settled("refunded") && !settled("chargedback") {
                    GatewayVerdict::Paid { amount: request.amount, ref_id: sale_id.to_owned() }
                } else {
                    GatewayVerdict::NotPaid { reason: "gumroad: the sale is not paid or was refunded".to_owned() }
                }
            }
            (404, Some(_)) => GatewayVerdict::NotPaid { reason: "gumroad: no such sale".to_owned() },
            _ => GatewayVerdict::Unanswered,
        }
    }
}

/// What a Gumroad product costs there: the smallest unit of its currency (cents), the currency code, and
/// the price as Gumroad writes it (`$29`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GumroadPrice {
    pub cents: i64,
    pub currency: String,
    pub formatted: String,
}

/// A successful API answer's body; a refusal carries `message`.
fn answer((status, body): (u16, Option<Value>)) -> Result<(u16, Value), StartError> {
    if status >= 500 {
        return Err(StartError::ServerError(status));
    }
    let body = body.ok_or(StartError::Malformed(status))?;
    match body["success"].as_bool() {
        Some(true) => Ok((status, body)),
        _ => Err(StartError::Refused(body["message"].as_str().map(str::to_owned).into_iter().collect())),
    }
}

/// The fields of a sale ping the BFF reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GumroadPing {
    pub sale_id: String,
    /// Our payment id, from `url_params[reference]`.
    pub reference: String,
}

impl GumroadPing {
    /// `None` when the ping names no sale, or none of ours.
    pub fn parse(sale_id: &str, reference: Option<&str>) -> Option<Self> {
        let sale_id = sale_id.trim();
        let reference = reference.map(str::trim).filter(|r| !r.is_empty())?;
        (!sale_id.is_empty()).then(|| GumroadPing { sale_id: sale_id.to_owned(), reference: reference.to_owned() })
    }
}
