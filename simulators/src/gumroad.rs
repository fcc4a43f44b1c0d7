//! A small Gumroad, under `/gumroad` in place of both `https://gumroad.com` (product pages) and
//! `https://api.gumroad.com` (API v2). Prices in **US cents**; every product costs
//! [`test_values::GUMROAD_PRICE_CENTS`].
//!
//! The customer opens `/l/{permalink}` (any permalink is a product; every query parameter is
//! passed on as `url_params`, as Gumroad does), presses pay, and Gumroad POSTs its sale ping
//! (form-urlencoded, the fields of gumroad.com/ping) to every URL subscribed to `sale` through
//! `PUT /v2/resource_subscriptions`. When a ping is answered 200 with an http(s) URL as plain
//! text, the customer is sent there (Gumroad's legacy webhook redirect); otherwise a receipt is
//! shown. `GET /v2/sales/{id}` confirms a sale server to server; `PUT /v2/sales/{id}/refund` gives the
//! whole sale back (the sale then reads `refunded: true`, stage `reversed`). API calls need an
//! `access_token` (parameter or Bearer; any but `sim-invalid`).

use std::sync::Arc;

use base64::Engine as _;
use poem::http::StatusCode;
use poem::web::Data;
use poem::{Body, Request, Response, Route, get, handler, post};
use serde_json::json;

use crate::exchange::{self, Call, Received, Reply, endpoint};
use crate::payment::callback::{self, Callback, Via};
use crate::payment::hosted::PageSpec;
use crate::payment::page::{self, HostedPage, Lang};
use crate::payment::wire::{self, Fields};
use crate::payment::{self, Deadlines, INVALID_REQUEST, PageAction, PageOutcome, Payment, Stage, Unit};
use crate::scenario::{Gateway, PaymentScenario};
use crate::state::SimState;
use crate::test_values;

const GATEWAY: Gateway = Gateway::Gumroad;
/// Gumroad publishes no checkout lifetime; ours matches the Iranian gateways'.
const DEADLINES: Deadlines =
    Deadlines { page: std::time::Duration::from_secs(20 * 60), verify: std::time::Duration::from_secs(20 * 60) };
const RESOURCES: [&str; 8] = [
    "sale",
    "refund",
    "dispute",
    "dispute_won",
    "cancellation",
    "subscription_updated",
    "subscription_ended",
    "subscription_restarted",
];
const SELLER_ID: &str = "sim-seller";

/// A `post_url` subscribed to one resource.
#[derive(Clone, Debug)]
pub(crate) struct Subscription {
    pub id: String,
    pub resource_name: String,
    pub post_url: String,
}

pub(crate) fn routes() -> Route {
    Route::new()
        .at("/l/:permalink", get(endpoint(GATEWAY, product)))
        .at(PageSpec::ACTION_ROUTE, post(checkout))
        .at("/v2/sales/:id", get(endpoint(GATEWAY, sale)))
        .at("/v2/sales/:id/refund", poem::put(endpoint(GATEWAY, refund)))
        .at("/v2/resource_subscriptions", get(endpoint(GATEWAY, list_subscriptions)).put(endpoint(GATEWAY, subscribe)))
        .at("/v2/resource_subscriptions/:id", poem::delete(endpoint(GATEWAY, unsubscribe)))
}

/// Opening a product page starts a checkout; its scenario is decided here (forced, else success).
fn product(call: &Call<'_>) -> Reply {
    let permalink = call.path_param("permalink").to_owned();
    let price = test_values::GUMROAD_PRICE_CENTS;
    let scenario = match payment::create_scenario(call, GATEWAY, price, None) {
        Ok(scenario) => scenario,
        Err(refused) => return refused,
    };
    let mut session = Payment::new(call, GATEWAY, scenario, DEADLINES);
    // Sale ids look like Gumroad's: URL-safe base64 with its padding.
    session.token = base64::engine::general_purpose::URL_SAFE.encode(uuid::Uuid::new_v4().as_bytes());
    session.amount = price;
    session.order_ref = call.received.query.clone();
    session.extra.insert("permalink".to_owned(), permalink.clone());
    session.extra.insert("origin".to_owned(), call.origin());
    let email = Fields::query(call.received).text("email").unwrap_or_else(|| "customer@example.com".to_owned());
    session.extra.insert("email".to_owned(), email);
    let html = HostedPage {
        lang: Lang::En,
        title: &format!("Gumroad — {permalink}"),
        amount: price,
        unit: Unit::UsCents,
        order_ref: &permalink,
        action_url: &format!("/gumroad/sim-page/{}", session.token),
        expired: false,
        rows: Vec::new(),
    }
    .render();
    call.state.insert_payment(session);
    Reply::html(StatusCode::OK, scenario.name(), html)
}

/// A button on the checkout. A sale is pinged to every `sale` subscriber before the browser
/// gets its answer, since a legacy-webhook answer decides where the browser goes.
#[handler]
async fn checkout(req: &Request, body: Body, Data(state): Data<&Arc<SimState>>) -> Response {
    let received = Received::read(req, body).await;
    let reply = checkout_reply(state, req, &received).await;
    exchange::respond(state, GATEWAY, received, reply).await
}

async fn checkout_reply(state: &Arc<SimState>, req: &Request, received: &Received) -> Reply {
    let call = Call { state, req, received };
    let token = call.path_param("token").to_owned();
    let action = Fields::of(&call).text("action").and_then(|a| PageAction::parse(&a)).unwrap_or(PageAction::Pay);
    let acted = state.with_payment(
        GATEWAY,
        |p| p.token == token,
        |p| {
            let first = p.stage == Stage::Created;
            let outcome = p.act(action);
            (outcome, p.scenario, first, ping_fields(p), p.extra("permalink").to_owned())
        },
    );
    let Some((outcome, scenario, first, fields, permalink)) = acted else {
        let html = page::notice(Lang::En, "Gumroad", "This checkout was not found.");
        return Reply::html(StatusCode::NOT_FOUND, INVALID_REQUEST, html);
    };
    let applied = scenario.name();
    let message = match outcome {
        PageOutcome::Paid => None,
        PageOutcome::Cancelled => Some("You left the checkout. Nothing was charged."),
        PageOutcome::Declined => Some("Your card was declined."),
        PageOutcome::TimedOut | PageOutcome::TokenExpired => Some("This checkout has expired."),
    };
    if let Some(message) = message {
        return Reply::html(StatusCode::OK, applied, page::notice(Lang::En, &permalink, message));
    }
    let mut redirect = None;
    if first {
        for subscription in state.subscriptions("sale") {
            let answer = callback::send(state, GATEWAY, applied, &subscription.post_url, Some(&fields)).await;
            redirect = redirect.or_else(|| answer.and_then(|(status, body)| legacy_redirect(status, &body)));
            if scenario == PaymentScenario::DoubleCallback {
                Callback { url: subscription.post_url, via: Via::FormPost, fields: fields.clone() }
                    .repeat_later(state, GATEWAY, applied);
            }
        }
    }
    match redirect {
        Some(url) => Reply::see_other(applied, url),
        None => {
            let receipt = format!("Thanks! Your purchase of {permalink} is complete.");
            Reply::html(StatusCode::OK, applied, page::notice(Lang::En, "Gumroad", &receipt))
        }
    }
}

/// A 200 whose body is just an http(s) URL sends the buyer there.
fn legacy_redirect(status: u16, body: &str) -> Option<String> {
    let url = body.trim();
    (status == 200 && wire::is_web_url(url)).then(|| url.to_owned())
}

/// The sale ping: gumroad.com/ping's fields, nested values as bracketed keys.
fn ping_fields(p: &Payment) -> Vec<(String, String)> {
    let permalink = p.extra("permalink");
    let mut fields: Vec<(String, String)> = [
        ("seller_id", SELLER_ID.to_owned()),
        ("product_id", product_id(permalink)),
        ("product_name", permalink.to_owned()),
        ("permalink", permalink.to_owned()),
        ("product_permalink", format!("{}/gumroad/l/{permalink}", p.extra("origin"))),
        ("short_product_id", permalink.to_owned()),
        ("email", p.extra("email").to_owned()),
        ("price", p.charged().to_string()),
        ("gumroad_fee", fee(p.charged()).to_string()),
        ("currency", "usd".to_owned()),
        ("quantity", "1".to_owned()),
        ("discover_fee_charged", "false".to_owned()),
        ("can_contact", "true".to_owned()),
        ("referrer", "direct".to_owned()),
        ("card[visual]", "**** **** **** 4242".to_owned()),
        ("card[type]", "visa".to_owned()),
        ("order_number", p.reference.to_string()),
        ("sale_id", p.token.clone()),
        ("sale_timestamp", wire::iso_utc(p.paid_ms)),
        ("ip_country", "Germany".to_owned()),
        ("is_gift_receiver_purchase", "false".to_owned()),
        ("refunded", "false".to_owned()),
        ("disputed", "false".to_owned()),
        ("dispute_won", "false".to_owned()),
        ("test", "false".to_owned()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect();
    let params: Vec<(String, String)> = serde_urlencoded::from_str(&p.order_ref).unwrap_or_default();
    fields.extend(params.into_iter().map(|(k, v)| (format!("url_params[{k}]"), v)));
    fields
}

/// 10 % + 50 cents, Gumroad's flat fee.
fn fee(cents: i64) -> i64 {
    cents / 10 + 50
}

fn product_id(permalink: &str) -> String {
    base64::engine::general_purpose::URL_SAFE.encode(format!("sim-product:{permalink}"))
}

fn sale(call: &Call<'_>) -> Reply {
    sale_answer(call, false)
}

/// `PUT /v2/sales/{id}/refund`: the whole sale back to the buyer; a refunded sale answers as it is.
fn refund(call: &Call<'_>) -> Reply {
    sale_answer(call, true)
}

fn sale_answer(call: &Call<'_>, refund: bool) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    let id = call.path_param("id").to_owned();
    let sold = |p: &Payment| p.token == id && matches!(p.stage, Stage::Paid { .. } | Stage::Reversed);
    let found = call.state.with_payment(GATEWAY, sold, |p| {
        if refund {
            p.stage = Stage::Reversed;
        }
        let permalink = p.extra("permalink");
        let price = p.charged();
        let dollars = page::format_amount(Lang::En, price, Unit::UsCents);
        let refunded = p.stage == Stage::Reversed;
        json!({
            "success": true,
            "sale": {
                "id": p.token,
                "email": p.extra("email"),
                "purchase_email": p.extra("email"),
                "seller_id": SELLER_ID,
                "timestamp": wire::iso_utc(p.paid_ms),
                "created_at": wire::iso_utc(p.paid_ms),
                "product_id": product_id(permalink),
                "product_name": permalink,
                "product_permalink": format!("{}/gumroad/l/{permalink}", p.extra("origin")),
                "product_has_variants": false,
                "price": price,
                "gumroad_fee": fee(price),
                "currency_symbol": "$",
                "formatted_display_price": dollars,
                "formatted_total_price": dollars,
                "amount_refundable_in_currency": if refunded { "0.00".to_owned() } else { format!("{}.{:02}", price / 100, price % 100) },
                "order_id": p.reference,
                "paid": true,
                "refunded": refunded,
                "partially_refunded": false,
                "chargedback": false,
                "is_gift_receiver_purchase": false,
            }
        })
    });
    match found {
        Some(body) => Reply::json(StatusCode::OK, "success", &body),
        None => failure(StatusCode::NOT_FOUND, "The sale was not found."),
    }
}

fn subscribe(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    let fields = Fields::of(call);
    let resource = fields.text("resource_name").filter(|r| RESOURCES.contains(&r.as_str()));
    let post_url = fields.text("post_url").filter(|u| wire::is_web_url(u));
    let (Some(resource_name), Some(post_url)) = (resource, post_url) else {
        return failure(StatusCode::BAD_REQUEST, "Invalid resource_name or post_url.");
    };
    let id = base64::engine::general_purpose::URL_SAFE.encode(uuid::Uuid::new_v4().as_bytes());
    let subscription = call.state.subscribe(Subscription { id, resource_name, post_url });
    let body = json!({"success": true, "resource_subscription": view(&subscription)});
    Reply::json(StatusCode::OK, "success", &body)
}

fn list_subscriptions(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    let Some(resource) = Fields::query(call.received).text("resource_name").filter(|r| RESOURCES.contains(&r.as_str()))
    else {
        return failure(StatusCode::BAD_REQUEST, "Invalid resource_name.");
    };
    let list: Vec<_> = call.state.subscriptions(&resource).iter().map(view).collect();
    Reply::json(StatusCode::OK, "success", &json!({"success": true, "resource_subscriptions": list}))
}

fn unsubscribe(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    if call.state.unsubscribe(call.path_param("id")) {
        let body = json!({"success": true, "message": "The resource_subscription was deleted successfully."});
        Reply::json(StatusCode::OK, "success", &body)
    } else {
        failure(StatusCode::NOT_FOUND, "The resource_subscription was not found.")
    }
}

fn view(s: &Subscription) -> serde_json::Value {
    json!({"id": s.id, "resource_name": s.resource_name, "post_url": s.post_url})
}

fn authorise(call: &Call<'_>) -> Result<(), Reply> {
    let token = Fields::of(call).text("access_token").or_else(|| wire::bearer(call));
    if wire::accepted(token.as_deref()) {
        Ok(())
    } else {
        Err(failure(StatusCode::UNAUTHORIZED, "The access token is invalid."))
    }
}

fn failure(status: StatusCode, message: &str) -> Reply {
    Reply::json(status, INVALID_REQUEST, &json!({"success": false, "message": message}))
}
