//! A gateway's proof pays only the payment it was made for. Two customers each start a payment; the one who paid
//! brings the proof back, and the other posts it on their own payment's callback before or after, at the same price
//! or a dearer one. Every check reads the money the simulators keep: per order it is the order's price once, or
//! nothing, and no customer's money is kept without their order paid or a refund.
use limoo_bff::shop::payments::{Settling, sweep};
use limoo_simulators::{Gateway, PageAction, SimPayment, browser, browser::Navigation};
use limoo_tests::{
    TestApp,
    app::FINANCE_TOKEN,
    payment::{entry, follow, payment_request, payment_states, result_url, texts_of_order, times_paid},
    spawn_app,
};
use serde_json::{Value, json};

fn method(gateway: Gateway) -> &'static str {
    match gateway {
        Gateway::PayPing => "PAYPING",
        Gateway::Digipay => "limoo_digipay",
        Gateway::Saman => "LIMOO_SAMAN",
        Gateway::Gumroad => "LIMOO_GUMROAD",
        other => panic!("{other:?} is not tested here"),
    }
}

/// A customer with an order of `product` and a payment of it started through `gateway`: the start reply.
struct Buyer {
    token: String,
    order: i64,
    reply: Value,
}

async fn buyer(app: &TestApp, mobile: &str, product: i64, gateway: Gateway) -> Buyer {
    let token = app.existing_customer(mobile).await;
    let order = app.create_order(&token, &[product]).await;
    let mut body = payment_request(app, &token, order, method(gateway));
    body["mobile"] = json!(mobile);
    body["productPermalink"] = json!("limoo-diet");
    let (status, reply) = app.post_as(&token, "/lemonade/api/payments", &body).await;
    assert_eq!(status, 200, "{gateway:?}: the payment started: {reply}");
    Buyer { token, order, reply }
}

/// Pays on the hosted page; the callback the browser would bring, not yet brought.
async fn pay_page(buyer: &Buyer) -> Navigation {
    browser::press(entry(&buyer.reply), PageAction::Pay).await.expect("the hosted page").expect("a callback")
}

/// `own`'s callback carrying the proof fields of `paid` (another customer's payment): what a script posts.
/// PayPing's proof sits in the `data` JSON beside the payment's own `paymentCode`.
fn borrowing(own: &Navigation, paid: &Navigation, proof: &[&str]) -> Navigation {
    let mut form = own.form.clone();
    for name in proof {
        let value = paid.field(name).unwrap_or_else(|| panic!("no {name} in the paid callback"));
        let value = if *name == "data" { with_paid_ref(own.field("data"), &value) } else { value };
        match form.iter_mut().find(|(k, _)| k == name) {
            Some(field) => field.1 = value,
            None => form.push(((*name).to_owned(), value)),
        }
    }
    Navigation { method: own.method.clone(), url: own.url.clone(), form }
}

/// PayPing's `data` of the forger's own payment with the paid payment's `paymentRefId`.
fn with_paid_ref(own: Option<String>, paid: &str) -> String {
    let mut own: Value = serde_json::from_str(&own.expect("own data")).expect("JSON data");
    let paid: Value = serde_json::from_str(paid).expect("JSON data");
    own["paymentRefId"] = paid["paymentRefId"].clone();
    own.to_string()
}

/// The hosted page's callback for a payment nobody paid: the start's own fields, as the gateway would name them.
async fn unpaid_callback(buyer: &Buyer) -> Navigation {
    // Declining on the page brings the gateway's callback for this payment with its own ids; the forger then fills
    // in the paid proof and a success.
    browser::press(entry(&buyer.reply), PageAction::Decline).await.expect("the hosted page").expect("a callback")
}

/// Money the simulators keep: verified or settled, and Gumroad sales not refunded.
fn kept(app: &TestApp, gateway: Gateway) -> Vec<SimPayment> {
    let keeps = |p: &SimPayment| {
        matches!(p.stage.as_str(), "verified" | "settled") || (p.gateway == Gateway::Gumroad && p.stage == "paid")
    };
    app.sims.payments(Some(gateway)).into_iter().filter(keeps).collect()
}

fn success(gateway: Gateway) -> Vec<(&'static str, &'static str)> {
    match gateway {
        Gateway::Digipay => vec![("result", "SUCCESS")],
        Gateway::Saman => vec![("State", "OK"), ("Status", "2")],
        Gateway::PayPing => vec![("status", "1"), ("errorCode", "")],
        _ => Vec::new(),
    }
}

/// `own`'s declined callback turned into a paid one carrying `paid`'s proof.
async fn forged(gateway: Gateway, own: &Buyer, paid: &Navigation, proof: &[&str]) -> String {
    let mut forged = borrowing(&unpaid_callback(own).await, paid, proof);
    for (name, value) in success(gateway) {
        forged.form.retain(|(k, _)| k != name);
        forged.form.push((name.to_owned(), value.to_owned()));
    }
    follow(&forged).await
}

/// Digipay's verify answer names the purchase's `providerId`: a tracking code posted on another customer's callback
/// pays the purchase it was made for, before or after its own customer's browser returns, at the same price or a
/// dearer one, and never the forger's order; nothing is refunded to the forger.
#[tokio::test]
async fn a_digipay_tracking_code_on_another_customers_callback_pays_its_own_payment_only() {
    for (forger_product, before) in [(101, true), (102, true), (101, false), (102, false)] {
        let app = spawn_app().await;
        let payer = buyer(&app, "09121234567", 101, Gateway::Digipay).await;
        let forger = buyer(&app, "09127654321", forger_product, Gateway::Digipay).await;
        let paid = pay_page(&payer).await;
        let case = format!("forger's product {forger_product}, borrowed before the payer returns: {before}");
        if !before {
            assert_eq!(follow(&paid).await, result_url(&app, true, payer.order), "{case}");
        }
        let went = forged(Gateway::Digipay, &forger, &paid, &["trackingCode", "type", "amount"]).await;
        assert_eq!(went, result_url(&app, false, forger.order), "{case}: the forger is not paid");
        if before {
            assert_eq!(follow(&paid).await, result_url(&app, true, payer.order), "{case}: the payer still is");
        }
        assert_eq!(times_paid(&app, &payer.token, payer.order).await, 1, "{case}");
        assert_eq!(times_paid(&app, &forger.token, forger.order).await, 0, "{case}");
        let forger_states = payment_states(&app, forger.order).await;
        assert!(!forger_states.iter().any(|s| s == "VERIFIED" || s.starts_with("REFUND")), "{case}: {forger_states:?}");
        let kept = kept(&app, Gateway::Digipay);
        assert_eq!(kept.len(), 1, "{case}: the payer's money is kept once: {kept:?}");
        assert_eq!(kept[0].order_ref, payer_payment(&app, payer.order).await, "{case}: for the payer's payment");
    }
}

/// The payment id of the order's verified payment, as the gateways' `order_ref` names it.
async fn payer_payment(app: &TestApp, order: i64) -> String {
    let sql = "SELECT CAST(payment_id AS TEXT) FROM payment WHERE customer_order_id = $1 AND state = 'VERIFIED'";
    texts_of_order(app, sql, order).await.pop().expect("a verified payment")
}

/// PayPing refuses a verify of one payment's `paymentRefId` with another's `paymentCode`: the refused proof claims
/// nothing, so the payer's own callback, arriving after the forger's, still completes the payment.
#[tokio::test]
async fn a_refused_payping_verify_claims_nothing_and_the_real_callback_pays() {
    let app = spawn_app().await;
    let payer = buyer(&app, "09121234567", 101, Gateway::PayPing).await;
    let forger = buyer(&app, "09127654321", 101, Gateway::PayPing).await;
    let paid = pay_page(&payer).await;
    let went = forged(Gateway::PayPing, &forger, &paid, &["data"]).await;
    assert_eq!(went, result_url(&app, false, forger.order), "the forger is not paid");
    assert_eq!(follow(&paid).await, result_url(&app, true, payer.order), "the payer's own callback pays");
    assert_eq!(times_paid(&app, &payer.token, payer.order).await, 1);
    assert_eq!(times_paid(&app, &forger.token, forger.order).await, 0);
    assert_eq!(kept(&app, Gateway::PayPing).len(), 1, "kept once");
}

/// SEP's verify answer names no ResNum: a RefNum posted by another customer before the payer's browser returns can
/// pay one payment only (the database allows one), and the payer's callback, presenting it second, is a dispute
/// in finance's queue with both customers named. A cheaper RefNum on a dearer order gives back what SEP took (the
/// cheaper amount), never the dearer one.
#[tokio::test]
async fn a_borrowed_saman_refnum_pays_at_most_one_payment_and_a_second_presenter_is_a_dispute() {
    let app = spawn_app().await;
    let payer = buyer(&app, "09121234567", 101, Gateway::Saman).await;
    let forger = buyer(&app, "09127654321", 101, Gateway::Saman).await;
    let paid = pay_page(&payer).await;
    forged(Gateway::Saman, &forger, &paid, &["RefNum", "Amount"]).await;
    follow(&paid).await;
    let orders_paid =
        times_paid(&app, &payer.token, payer.order).await + times_paid(&app, &forger.token, forger.order).await;
    assert_eq!(orders_paid, 1, "one RefNum pays one order");
    assert_eq!(kept(&app, Gateway::Saman).len(), 1);
    let (status, disputes) = finance_get(&app, "/lemonade/api/finance/disputes").await;
    assert_eq!(status, 200, "{disputes}");
    let disputes = disputes["disputes"].as_array().expect("disputes").clone();
    assert_eq!(disputes.len(), 1, "{disputes:?}");
    let orders = [&disputes[0]["presentedBy"]["orderId"], &disputes[0]["paid"]["orderId"]];
    assert!(orders.contains(&&json!(payer.order)) && orders.contains(&&json!(forger.order)), "both: {disputes:?}");
    assert!(disputes[0]["paid"]["mobile"].is_string(), "the customers are named: {disputes:?}");

    // A cheaper RefNum on a dearer order: what goes back is what SEP took.
    let app = spawn_app().await;
    let payer = buyer(&app, "09121234567", 101, Gateway::Saman).await;
    let forger = buyer(&app, "09127654321", 102, Gateway::Saman).await;
    let paid = pay_page(&payer).await;
    forged(Gateway::Saman, &forger, &paid, &["RefNum", "Amount"]).await;
    assert_eq!(times_paid(&app, &forger.token, forger.order).await, 0, "a cheaper proof pays no dearer order");
    let taken = app.sims.payments(Some(Gateway::Saman)).into_iter().find(|p| p.stage != "created").expect("paid");
    let sql = "SELECT CAST(COALESCE(taken_amount, gateway_amount) AS TEXT) FROM payment WHERE customer_order_id = $1 \
               AND state IN ('REFUND_DUE', 'REVERSED')";
    let given_back = texts_of_order(&app, sql, forger.order).await;
    assert_eq!(given_back, [taken.amount.to_string()], "what SEP took goes back, not the dearer order's price");
}

async fn finance_get(app: &TestApp, path: &str) -> (u16, Value) {
    let answer = app.client.get(app.url(path)).bearer_auth(FINANCE_TOKEN).send().await.expect("answered");
    (answer.status().as_u16(), answer.json().await.expect("JSON"))
}

/// Each visit to a Gumroad product link is a checkout of its own: the link opened twice (two tabs, Back and buy
/// again) makes two sales naming one payment. The first pays the order; the second is refunded through Gumroad and
/// shows as REVERSED in the orders history.
#[tokio::test]
async fn a_gumroad_link_opened_twice_and_bought_twice_pays_once_and_refunds_the_second_sale() {
    let app = spawn_app().await;
    let payer = buyer(&app, "09121234567", 101, Gateway::Gumroad).await;
    let first = pay_page(&payer).await;
    let second = pay_page(&payer).await;
    assert_eq!(first.url, result_url(&app, true, payer.order));
    assert_eq!(second.url, result_url(&app, true, payer.order), "the order is paid: the buyer lands on OK");
    assert_eq!(times_paid(&app, &payer.token, payer.order).await, 1);
    let sales = app.sims.payments(Some(Gateway::Gumroad));
    assert_eq!(sales.len(), 2, "two sales: {sales:?}");
    assert_eq!(kept(&app, Gateway::Gumroad).len(), 1, "one sale kept: {sales:?}");
    let refunds = app.sims.journal().into_iter().filter(|e| e.path.ends_with("/refund")).count();
    assert_eq!(refunds, 1, "the second sale was refunded once");
    let (_, orders) = app.get_as(&payer.token, "/lemonade/api/orders").await;
    let order = orders.as_array().and_then(|o| o.iter().find(|o| o["id"] == payer.order)).expect("the order").clone();
    assert_eq!(order["refunds"].as_array().map(Vec::len), Some(1), "{order}");
    assert_eq!(order["refunds"][0]["status"], "REVERSED", "{order}");
}

/// A gateway that refuses, for good, to give money back (SEP: no such transaction) is not asked again and again:
/// the refund waits for finance with the gateway's answer.
#[tokio::test]
async fn a_refund_the_gateway_refuses_for_good_is_not_asked_again_and_shows_the_answer() {
    let app = spawn_app().await;
    let payer = buyer(&app, "09121234567", 101, Gateway::Saman).await;
    let paid = pay_page(&payer).await;
    follow(&paid).await;
    app.execute_sql(format!(
        "UPDATE payment SET state = 'REFUND_DUE', ref_id = 'no-such-refnum', refund_reason = 'test' \
         WHERE customer_order_id = {}",
        payer.order
    ))
    .await;
    let reverses =
        |app: &TestApp| app.sims.journal().into_iter().filter(|e| e.path.ends_with("/ReverseTransaction")).count();
    for _ in 0..3 {
        sweep(Settling::from(&app.payment_sweeper(30))).await.expect("swept");
    }
    assert_eq!(reverses(&app), 1, "asked once, refused, not asked again");
    let (status, queue) = finance_get(&app, "/lemonade/api/finance/refunds").await;
    assert_eq!(status, 200, "{queue}");
    let refusal = queue["refunds"][0]["gatewayRefusal"].as_str().unwrap_or_default().to_owned();
    assert!(refusal.contains("ResultCode"), "the gateway's answer: {queue}");
}
