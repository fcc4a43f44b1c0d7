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
//! sale back, all of it or `amount_cents` of it (a sale refunded in full reads `refunded: true`, stage
//! `reversed`). `GET /v2/sales` lists sales with Gumroad's filters; `GET /v2/products`,
//! `/v2/products/{id}` and the product's `offer_codes` describe what customers opened. API calls need
//! an `access_token` (parameter or Bearer; any but `sim-invalid`); every answer is JSON with `success`,
//! unknown paths a 404 with `success: false` and a `message`.
//!
//! As at Gumroad, each visit to the product link is a checkout of its own: two tabs, or Back and buy
//! again, make two sales, each pinged, both naming the link's parameters (our `reference`) and each
//! with its own `sale_id`. A sale stays paid until the seller refunds it; Gumroad has no verify step
//! and gives nothing back on its own, however long nobody looks the sale up.

use std::sync::Arc;

use base64::Engine as _;
use poem::http::StatusCode;
use poem::web::Data;
use poem::{Body, Request, Response, Route, get, handler, post};
use serde_json::{Value, json};

use crate::exchange::{self, Call, Received, Reply, endpoint};
use crate::payment::callback::{self, Callback, Via};
use crate::payment::hosted::PageSpec;
use crate::payment::page::{self, HostedPage, Lang};
use crate::payment::wire::{self, Fields};
use crate::payment::{self, Deadlines, INVALID_REQUEST, PageAction, PageOutcome, Payment, Refund, Stage, Unit};
use crate::scenario::{Gateway, PaymentScenario};
use crate::state::SimState;
use crate::test_values;

const GATEWAY: Gateway = Gateway::Gumroad;
/// Gumroad publishes no checkout lifetime; ours matches the Iranian gateways'. The verify window never applies:
/// a paid sale is not given back on its own (`Payment::returned_unverified`).
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
        .at("/v2/products", get(endpoint(GATEWAY, list_products)))
        .at("/v2/products/:id", get(endpoint(GATEWAY, show_product)))
        .at("/v2/products/:id/offer_codes", get(endpoint(GATEWAY, list_offer_codes)))
        .at("/v2/products/:id/offer_codes/:code", get(endpoint(GATEWAY, show_offer_code)))
        .at("/v2/sales", get(endpoint(GATEWAY, list_sales)))
        .at("/v2/sales/:id", get(endpoint(GATEWAY, sale)))
        .at("/v2/sales/:id/refund", poem::put(endpoint(GATEWAY, refund)))
        .at("/v2/resource_subscriptions", get(endpoint(GATEWAY, list_subscriptions)).put(endpoint(GATEWAY, subscribe)))
        .at("/v2/resource_subscriptions/:id", poem::delete(endpoint(GATEWAY, unsubscribe)))
        // Gumroad answers JSON for every request, errors included.
        .at("/*rest", endpoint(GATEWAY, |_| failure(StatusCode::NOT_FOUND, "Not found.")))
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
        description: "",
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

/// A sale as the sales API shows it: paid, or refunded in full or in part. A checkout nobody paid is no sale.
fn is_sale(p: &Payment) -> bool {
    matches!(p.stage, Stage::Paid { .. } | Stage::Reversed)
}

fn sale(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    let id = call.path_param("id");
    let found = call.state.with_payment(GATEWAY, |p| p.token == id && is_sale(p), |p| sale_json(p));
    match found {
        Some(sale) => Reply::json(StatusCode::OK, "success", &json!({"success": true, "sale": sale})),
        None => failure(StatusCode::NOT_FOUND, "The sale was not found."),
    }
}

/// `PUT /v2/sales/{id}/refund`, optionally with `amount_cents`: that much of the sale back to the buyer, else all
/// that is still refundable. Several partial refunds may follow one another until the sale is refunded in full; it
/// then reads `refunded: true`. Refused with 402 and `success: false`, and nothing refunded: a sale already refunded
/// ("Purchase is already refunded.", Gumroad's words) and an amount above what is still refundable. Gumroad's
/// table of statuses gives 402 to "the parameters were valid but the request failed"; its own code sends these
/// refusals with 200, so a client should read `success` and not the status alone.
fn refund(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    let asked = match Fields::of(call).text("amount_cents").map(|raw| raw.parse::<i64>()) {
        None => None,
        Some(Ok(cents)) if cents > 0 => Some(cents),
        Some(_) => return failure(StatusCode::BAD_REQUEST, "amount_cents must be a whole number of cents above 0."),
    };
    let id = call.path_param("id");
    let answered = call.state.with_payment(
        GATEWAY,
        |p| p.token == id && is_sale(p),
        |p| {
            if p.stage == Stage::Reversed {
                return failure(StatusCode::PAYMENT_REQUIRED, "Purchase is already refunded.");
            }
            let amount = asked.unwrap_or_else(|| p.refundable());
            if amount > p.refundable() {
                return failure(
                    StatusCode::PAYMENT_REQUIRED,
                    "Refund amount cannot be greater than the refundable amount.",
                );
            }
            p.refunds.push(Refund { request_id: String::new(), amount, tracking: String::new() });
            if p.refundable() == 0 {
                p.stage = Stage::Reversed;
            }
            Reply::json(StatusCode::OK, p.scenario.name(), &json!({"success": true, "sale": sale_json(p)}))
        },
    );
    answered.unwrap_or_else(|| failure(StatusCode::NOT_FOUND, "The sale was not found."))
}

/// The sale object of API v2 (the fields of Gumroad's `Purchase#as_json` that a seller's integration reads). It
/// carries no `url_params`: only the ping names the link's parameters, and so our reference.
fn sale_json(p: &Payment) -> Value {
    let permalink = p.extra("permalink");
    let price = p.taken;
    let dollars = page::format_amount(Lang::En, price, Unit::UsCents);
    let refunded = p.stage == Stage::Reversed;
    let refundable = if refunded { 0 } else { p.refundable() };
    json!({
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
        "amount_refundable_in_currency": format!("{}.{:02}", refundable / 100, refundable % 100),
        "order_id": p.reference,
        "paid": true,
        "refunded": refunded,
        "partially_refunded": !refunded && !p.refunds.is_empty(),
        "chargedback": false,
        "disputed": false,
        "dispute_won": false,
        "quantity": 1,
        "is_gift_receiver_purchase": false,
        "card": {"visual": "**** **** **** 4242", "type": "visa"},
    })
}

/// Sales per page of `GET /v2/sales`, as Gumroad pages them.
const SALES_PER_PAGE: usize = 10;

/// `GET /v2/sales`: the seller's sales, newest first, ten a page. Filters as Gumroad's: `product_id`, `email`,
/// `order_id`, `after` and `before` (`YYYY-MM-DD`, on or after / before that day, UTC), `page_key` (the
/// `next_page_key` of the page before). Malformed filters are refused with 400 rather than widening the list.
fn list_sales(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    let query = Fields::query(call.received);
    let day = |name: &str| match query.text(name) {
        None => Ok(None),
        Some(raw) => day_start_ms(&raw).map(Some).ok_or_else(|| {
            let why =
                format!("Invalid date format provided in field '{name}'. Dates must be in the format YYYY-MM-DD.");
            failure(StatusCode::BAD_REQUEST, &why)
        }),
    };
    let (after, before) = match (day("after"), day("before")) {
        (Ok(after), Ok(before)) => (after, before),
        (Err(refused), _) | (_, Err(refused)) => return refused,
    };
    let product = match query.text("product_id").map(|id| permalink_of_product_id(&id)) {
        None => None,
        Some(Some(permalink)) => Some(permalink),
        Some(None) => return failure(StatusCode::BAD_REQUEST, "Invalid product ID."),
    };
    let order = match query.text("order_id").map(|id| id.parse::<u64>()) {
        None => None,
        Some(Ok(order)) => Some(order),
        Some(Err(_)) => return failure(StatusCode::BAD_REQUEST, "Invalid order ID."),
    };
    let below = match query.text("page_key").map(|key| page_key_order(&key)) {
        None => None,
        Some(Some(order)) => Some(order),
        Some(None) => return failure(StatusCode::BAD_REQUEST, "Invalid page_key."),
    };
    let email = query.text("email");
    let mut sales: Vec<(u64, u64, Value)> = call
        .state
        .payments(Some(GATEWAY), |p| {
            let wanted = is_sale(p)
                && after.is_none_or(|t| p.paid_ms >= t)
                && before.is_none_or(|t| p.paid_ms < t)
                && product.as_deref().is_none_or(|permalink| p.extra("permalink") == permalink)
                && email.as_deref().is_none_or(|e| p.extra("email") == e)
                && order.is_none_or(|o| p.reference == o)
                && below.is_none_or(|b| p.reference < b);
            wanted.then(|| (p.reference, p.paid_ms, sale_json(p)))
        })
        .into_iter()
        .flatten()
        .collect();
    sales.sort_by_key(|(order, _, _)| std::cmp::Reverse(*order));
    let more = sales.len() > SALES_PER_PAGE;
    sales.truncate(SALES_PER_PAGE);
    let mut body = json!({"success": true, "sales": sales.iter().map(|(_, _, sale)| sale).collect::<Vec<_>>()});
    if let Some((order, paid_ms, _)) = sales.last().filter(|_| more) {
        let key = format!("{paid_ms}-{order}");
        let mut rest: Vec<(String, String)> = serde_urlencoded::from_str(&call.received.query).unwrap_or_default();
        rest.retain(|(k, _)| !matches!(k.as_str(), "access_token" | "page" | "page_key"));
        rest.push(("page_key".to_owned(), key.clone()));
        let next = format!("{}?{}", call.received.path, serde_urlencoded::to_string(&rest).unwrap_or_default());
        body["next_page_key"] = json!(key);
        body["next_page_url"] = json!(next);
    }
    Reply::json(StatusCode::OK, "success", &body)
}

/// A page key is `{sale time in ms}-{order_id}` of the last sale on the page before; the list goes on below it.
fn page_key_order(key: &str) -> Option<u64> {
    let (_, order) = key.rsplit_once('-')?;
    order.parse().ok().filter(|o| *o > 0)
}

/// Midnight UTC of `YYYY-MM-DD`, in Unix milliseconds (Howard Hinnant's days-from-civil).
fn day_start_ms(raw: &str) -> Option<u64> {
    let mut parts = raw.trim().splitn(3, '-');
    let (year, month, day) = (parts.next()?, parts.next()?, parts.next()?);
    if year.len() != 4 || month.len() != 2 || day.len() != 2 {
        return None;
    }
    let (year, month, day): (i64, i64, i64) = (year.parse().ok()?, month.parse().ok()?, day.parse().ok()?);
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return None;
    }
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    u64::try_from(days).ok().map(|d| d * 86_400_000)
}

/// Products are the permalinks customers have opened, in the order first opened: the simulator keeps no catalogue
/// of its own, and any permalink is a product (`GET /v2/products/{permalink}` answers for one nobody opened yet).
fn list_products(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    let mut permalinks: Vec<String> = Vec::new();
    for permalink in call.state.payments(Some(GATEWAY), |p| p.extra("permalink").to_owned()) {
        if !permalinks.contains(&permalink) {
            permalinks.push(permalink);
        }
    }
    let products: Vec<Value> = permalinks.iter().map(|permalink| product_json(call, permalink)).collect();
    Reply::json(StatusCode::OK, "success", &json!({"success": true, "products": products}))
}

/// By product id or by permalink, as Gumroad finds a seller's product.
fn show_product(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    match product_named(call.path_param("id")) {
        Some(permalink) => {
            Reply::json(StatusCode::OK, "success", &json!({"success": true, "product": product_json(call, &permalink)}))
        }
        None => failure(StatusCode::NOT_FOUND, "The product was not found."),
    }
}

/// The simulated seller has no offer codes on any product.
fn list_offer_codes(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    if product_named(call.path_param("id")).is_none() {
        return failure(StatusCode::NOT_FOUND, "The product was not found.");
    }
    Reply::json(StatusCode::OK, "success", &json!({"success": true, "offer_codes": []}))
}

fn show_offer_code(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    if product_named(call.path_param("id")).is_none() {
        return failure(StatusCode::NOT_FOUND, "The product was not found.");
    }
    failure(StatusCode::NOT_FOUND, "The offer_code was not found.")
}

/// The permalink a product id or a permalink names.
fn product_named(id: &str) -> Option<String> {
    let id = id.trim();
    permalink_of_product_id(id).or_else(|| (!id.is_empty()).then(|| id.to_owned()))
}

fn permalink_of_product_id(id: &str) -> Option<String> {
    let decoded = base64::engine::general_purpose::URL_SAFE.decode(id.trim()).ok()?;
    let text = String::from_utf8(decoded).ok()?;
    text.strip_prefix("sim-product:").filter(|p| !p.is_empty()).map(str::to_owned)
}

/// Gumroad's product object, with its sales so far.
fn product_json(call: &Call<'_>, permalink: &str) -> Value {
    let price = test_values::GUMROAD_PRICE_CENTS;
    let kept: Vec<i64> = call
        .state
        .payments(Some(GATEWAY), |p| (is_sale(p) && p.extra("permalink") == permalink).then(|| p.refundable()))
        .into_iter()
        .flatten()
        .collect();
    let url = format!("{}/gumroad/l/{permalink}", call.origin());
    json!({
        "id": product_id(permalink),
        "name": permalink,
        "description": "",
        "custom_permalink": permalink,
        "short_url": url,
        "url": null,
        "price": price,
        "currency": "usd",
        "formatted_price": page::format_amount(Lang::En, price, Unit::UsCents),
        "customizable_price": false,
        "require_shipping": false,
        "published": true,
        "deleted": false,
        "shown_on_profile": true,
        "is_tiered_membership": false,
        "recurrences": null,
        "subscription_duration": null,
        "max_purchase_count": null,
        "custom_receipt": null,
        "custom_summary": "",
        "custom_fields": [],
        "tags": [],
        "variants": [],
        "file_info": {},
        "preview_url": null,
        "thumbnail_url": null,
        "sales_count": kept.len(),
        "sales_usd_cents": kept.iter().sum::<i64>(),
    })
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
