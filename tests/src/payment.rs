//! Paying through the simulators' hosted pages as a browser would: where the start reply sends the
//! browser, the callback it brings back to the BFF, and what the order looks like afterwards.
use limoo_simulators::{Gateway, browser::Navigation};
use serde_json::{Value, json};

use limoo_bff::store::Db;

use crate::TestApp;

/// The checkout's `POST /lemonade/api/payments` body for `order`, paid by the token's customer through
/// `gateway`, coming back to this shop's result page [PM-48, PM-49]. Callers add `mobile`, `meta` … as needed.
pub fn payment_request(app: &TestApp, token: &str, order: i64, gateway: &str) -> Value {
    let customer = app.customer_of(token).to_string();
    json!({
        "orderId": order,
        "service": app.service_name,
        "customerId": customer,
        "paymentConfig": { "gateway": gateway, "paymentResultUrl": app.url("/#/payment-result") },
    })
}

/// Where the browser goes with the start reply: the link, or the form it must POST (Tara).
pub fn entry(reply: &Value) -> Navigation {
    let link = reply["paymentLink"].as_str().expect("paymentLink");
    match reply["form"]["fields"].as_array() {
        Some(fields) => {
            assert_eq!(reply["form"]["action"], link, "the link of a form reply is its action");
            let fields: Vec<(&str, &str)> = fields
                .iter()
                .map(|f| (f["name"].as_str().expect("field name"), f["value"].as_str().expect("field value")))
                .collect();
            Navigation::post(link, &fields)
        }
        None => Navigation::get(link),
    }
}

/// Brings the gateway's callback to the BFF without following its answer; the BFF's 303 location.
pub async fn follow(callback: &Navigation) -> String {
    let browser = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("a client");
    let answer = callback.send(&browser).await.expect("the BFF answered the callback");
    assert_eq!(answer.status().as_u16(), 303, "the callback sends the browser on");
    answer.headers()["location"].to_str().expect("a text location").to_owned()
}

/// The result page address the BFF sends the browser to (the requests use `/#/payment-result`).
pub fn result_url(app: &TestApp, ok: bool, order: i64) -> String {
    format!("{}?status={}&orderId={order}", app.url("/#/payment-result"), if ok { "OK" } else { "NOK" })
}

/// How many times the order became PAYMENT_SUCCESS.
pub async fn times_paid(app: &TestApp, token: &str, order: i64) -> usize {
    let (_, paid) = app.get_as(token, "/lemonade/api/orders?status=PAYMENT_SUCCESS").await;
    let Some(found) = paid.as_array().and_then(|orders| orders.iter().find(|o| o["id"] == order)) else { return 0 };
    let statuses = found["orderStatuses"].as_array().expect("orderStatuses");
    statuses.iter().filter(|s| s.to_string().contains("PAYMENT_SUCCESS")).count()
}

/// The status of the order's latest points hold (ADDED_TO_ORDER, RESERVED, USED …), `None` without one.
pub async fn points_hold_status(app: &TestApp, order: i64) -> Option<String> {
    let sql = "SELECT status FROM point_hold WHERE customer_order_id = $1 ORDER BY created_at DESC, point_hold_id";
    texts_of_order(app, sql, order).await.into_iter().next()
}

/// The states of the order's payments, oldest first (CREATED … VERIFIED, FAILED, EXPIRED).
pub async fn payment_states(app: &TestApp, order: i64) -> Vec<String> {
    texts_of_order(app, "SELECT state FROM payment WHERE customer_order_id = $1 ORDER BY payment_id", order).await
}

/// The one text column `sql` selects for the order, on whichever backend the app runs.
pub async fn texts_of_order(app: &TestApp, sql: &'static str, order: i64) -> Vec<String> {
    let rows: Result<Vec<(String,)>, _> = match app.db() {
        Db::Sqlite(pool) => sqlx::query_as(sql).bind(order).fetch_all(pool).await,
        Db::Postgres(pool) => sqlx::query_as(sql).bind(order).fetch_all(pool).await,
    };
    rows.unwrap_or_else(|e| panic!("{sql}: {e}")).into_iter().map(|(text,)| text).collect()
}

/// Pays the order online as the checkout and a customer would: starts a payment through `gateway` (e.g.
/// `VANDAR`) with the customer's `mobile`, presses pay on the simulator's hosted page and brings its callback
/// back to the BFF. Answers the toman the gateway now holds for the order's verified payment.
pub async fn pay_online(app: &TestApp, token: &str, order: i64, mobile: &str, gateway: &str) -> i64 {
    press_pay(app, token, order, mobile, gateway).await;
    let unit = limoo_bff::domain::payment::Gateway::parse(gateway).expect("a gateway name").unit();
    let kept: Vec<i64> = app
        .sims()
        .payments(None)
        .into_iter()
        .filter(|p| p.stage == "verified" || p.stage == "settled")
        .map(|p| unit.to_toman(p.amount).expect("whole toman").get())
        .collect();
    assert_eq!(kept.len(), 1, "the gateway holds one payment: {kept:?}");
    kept[0]
}

/// Starts the order's payment through the checkout method `gateway` with the customer's `mobile`, presses pay on the
/// simulator's hosted page and brings its callback back to the BFF, whatever the simulator was forced to do.
pub async fn press_pay(app: &TestApp, token: &str, order: i64, mobile: &str, gateway: &str) {
    let mut body = payment_request(app, token, order, gateway);
    body["mobile"] = json!(mobile);
    let (status, reply) = app.post_as(token, "/lemonade/api/payments", &body).await;
    assert_eq!(status, 200, "the payment started: {reply}");
    let callback = limoo_simulators::browser::press(entry(&reply), limoo_simulators::PageAction::Pay)
        .await
        .expect("the hosted page")
        .expect("the page sends the browser back");
    follow(&callback).await;
}

/// The gateway's reference of the order's verified payment (SEP's RefNum, a Gumroad sale id …).
pub async fn verified_ref(app: &TestApp, order: i64) -> String {
    let sql = "SELECT ref_id FROM payment WHERE customer_order_id = $1 AND state = 'VERIFIED'";
    texts_of_order(app, sql, order).await.pop().expect("a verified payment with its reference")
}

/// A hostile script's own callback for the payment behind `link` (a start's `paymentLink`), claiming it was paid
/// with `proof` (SEP's RefNum, a Gumroad sale id). Only Saman and Gumroad take the proof from the callback.
pub async fn forge_paid_callback(app: &TestApp, gateway: Gateway, link: &str, proof: &str) {
    let link = reqwest::Url::parse(link).expect("an address");
    let param = |name: &str| {
        let found = link.query_pairs().find(|(k, _)| k == name).map(|(_, v)| v.into_owned());
        found.unwrap_or_else(|| panic!("no {name} in {link}"))
    };
    let form: Vec<(&str, String)> = match gateway {
        Gateway::Saman => {
            vec![("State", "OK".into()), ("Status", "2".into()), ("RefNum", proof.into()), ("Token", param("token"))]
        }
        Gateway::Gumroad => vec![("sale_id", proof.into()), ("url_params[reference]", param("reference"))],
        other => panic!("{other:?} does not take its proof from the callback"),
    };
    let url = app.url(&format!("/lemonade/api/payments/{}/callback", gateway.name()));
    let answer = app.client.post(url).form(&form).send().await.expect("answered");
    assert!(answer.status().as_u16() < 500, "{gateway:?}: {}", answer.status());
}

/// A day passes on the shop's clock since the order's payment started, and the sweeper asks `gateway` once more
/// while it is down (its address refuses every call): a payment whose verify went unanswered then expires. Answers
/// the sweeper's state, whose metrics count what it did.
pub async fn a_day_with_gateway_down(app: &TestApp, gateway: Gateway) -> limoo_bff::state::AppState {
    app.advance_clock(24 * 3600 + 60).await;
    let down = crate::app::CLOSED_PORT.to_owned();
    let outage = app.payment_sweeper_with(30, |settings| match gateway {
        Gateway::Vandar => settings.payments.vandar_base_url = down,
        Gateway::PayPing => settings.payments.payping_base_url = down,
        other => panic!("no outage set up for {other:?}"),
    });
    let clock = outage.test_clock.clone().expect("the test apps' clock is on");
    clock.run(None, limoo_bff::shop::payments::sweep((&outage).into())).await.expect("the sweep");
    outage
}

/// The fields of a paid callback that carry its proof of payment, per gateway.
fn proof_fields(gateway: Gateway) -> &'static [&'static str] {
    match gateway {
        Gateway::Digipay => &["trackingCode", "type", "amount"],
        Gateway::Saman => &["RefNum", "Amount"],
        // PayPing's proof sits in the `data` JSON beside the payment's own `paymentCode`.
        Gateway::PayPing => &["data"],
        Gateway::Tara => &["channelRefNumber"],
        // Their callbacks carry only the token (or our own reference) of the payment they name.
        Gateway::Vandar | Gateway::SnappPay => &[],
        other => panic!("{other:?} takes no proof from the browser's callback"),
    }
}

/// The fields that make a callback say "paid".
fn paid_fields(gateway: Gateway) -> &'static [(&'static str, &'static str)] {
    match gateway {
        Gateway::Digipay => &[("result", "SUCCESS")],
        Gateway::Saman => &[("State", "OK"), ("Status", "2")],
        Gateway::PayPing => &[("status", "1"), ("errorCode", "")],
        Gateway::Vandar => &[("payment_status", "OK")],
        Gateway::SnappPay => &[("state", "OK")],
        Gateway::Tara => &[("result", "0")],
        _ => &[],
    }
}

/// A hostile customer's own callback for the payment their start `reply` opened, claiming it was paid with the proof
/// another customer's `paid` callback carries (before or after that one reaches the shop). Their hosted page is
/// declined so that the gateway names their own payment; the callback then borrows the proof and says paid. Sent
/// to the shop; where the shop sent the browser.
pub async fn borrow_proof(gateway: Gateway, reply: &Value, paid: &Navigation) -> String {
    let declined = limoo_simulators::browser::press(entry(reply), limoo_simulators::PageAction::Decline)
        .await
        .expect("the hosted page")
        .expect("a callback for the declined payment");
    let mut form = declined.form.clone();
    for name in proof_fields(gateway) {
        let value = paid.field(name).unwrap_or_else(|| panic!("no {name} in the paid callback"));
        let value = if *name == "data" { with_paid_ref(declined.field("data"), &value) } else { value };
        form.retain(|(k, _)| k != name);
        form.push(((*name).to_owned(), value));
    }
    for (name, value) in paid_fields(gateway) {
        form.retain(|(k, _)| k != name);
        form.push(((*name).to_owned(), (*value).to_owned()));
    }
    follow(&Navigation { method: declined.method, url: declined.url, form }).await
}

/// PayPing's `data` of the forger's own payment with the paid payment's `paymentRefId`.
fn with_paid_ref(own: Option<String>, paid: &str) -> String {
    let mut own: Value = serde_json::from_str(&own.expect("the callback's data")).expect("JSON data");
    let paid: Value = serde_json::from_str(paid).expect("JSON data");
    own["paymentRefId"] = paid["paymentRefId"].clone();
    own.to_string()
}

/// What each of our payments left with `gateway`, by the reference it was started with (our payment id), from the
/// simulator's ledger: the money kept, in the gateway's unit, and anything still taken but not yet kept or given
/// back. A payment absent here never reached the gateway.
pub fn money_by_payment(app: &TestApp, gateway: Gateway) -> std::collections::BTreeMap<String, (i64, i64)> {
    let mut money = std::collections::BTreeMap::new();
    for entry in app.sims().ledger(Some(gateway), None) {
        let still_taken = if entry.money == limoo_simulators::Money::Taken { entry.taken } else { 0 };
        let (kept, taken) = money.entry(our_payment_id(gateway, &entry.reference)).or_insert((0, 0));
        *kept += entry.kept;
        *taken += still_taken;
    }
    money
}

/// Our payment id as the text a gateway's ledger names it by: SnappPay's `transactionId` is it in base 62.
fn our_payment_id(gateway: Gateway, reference: &str) -> String {
    match gateway {
        Gateway::SnappPay => limoo_bff::gateways::payments::snapppay::payment_id_of(reference)
            .map_or_else(|| reference.to_owned(), |id| id.to_string()),
        _ => reference.to_owned(),
    }
}

/// Our payment ids of the order, oldest first, as the gateways' ledgers name them.
pub async fn payment_ids(app: &TestApp, order: i64) -> Vec<String> {
    let sql = "SELECT CAST(payment_id AS TEXT) FROM payment WHERE customer_order_id = $1 ORDER BY created_at";
    texts_of_order(app, sql, order).await
}

/// The checkout's method value for each gateway with a hosted page, with this shop's product prefix.
pub fn checkout_method(gateway: Gateway) -> &'static str {
    match gateway {
        Gateway::Vandar => "VANDAR",
        Gateway::PayPing => "PAYPING",
        Gateway::SnappPay => "SNAPP_PAY",
        Gateway::Digipay => "limoo_digipay",
        Gateway::Tara => "LIMOO_TARA",
        Gateway::Saman => "LIMOO_SAMAN",
        Gateway::Gumroad => "LIMOO_GUMROAD",
        other => panic!("{other:?} has no hosted page"),
    }
}
