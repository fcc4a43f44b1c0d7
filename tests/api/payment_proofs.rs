//! A gateway's proof pays only the payment it was made for. Two customers each start a payment; the one who paid
//! brings the proof back, and the other posts it on their own payment's callback before or after, at the same price
//! or a dearer one. Every check reads the money the simulators keep: per order it is the order's price once, or
//! nothing, and no customer's money is kept without their order paid or a refund.
use limoo_bff::shop::{payments::sweep, settling::Settling};
use std::time::Duration;

use limoo_simulators::{Gateway, Money, PageAction, PaymentScenario, browser, browser::Navigation};
use limoo_tests::{
    AppOptions, TestApp,
    app::FINANCE_TOKEN,
    browser::poll_for,
    payment::{
        borrow_proof, checkout_method, entry, follow, money_by_payment, payment_ids, payment_request, payment_states,
        result_url, texts_of_order, times_paid,
    },
    spawn_app,
};
use serde_json::{Value, json};

/// A customer with an order of `product` and a payment of it started through `gateway`: the start reply.
struct Buyer {
    token: String,
    order: i64,
    reply: Value,
}

async fn buyer(app: &TestApp, mobile: &str, product: i64, gateway: Gateway) -> Buyer {
    let token = app.existing_customer(mobile).await;
    let order = app.create_order(&token, &[product]).await;
    let mut body = payment_request(app, &token, order, checkout_method(gateway));
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

/// What the gateway keeps of the order's payments (its unit), and what it took but neither kept nor gave back.
async fn money_of(app: &TestApp, gateway: Gateway, order: i64) -> (i64, i64) {
    let money = money_by_payment(app, gateway);
    let ids = payment_ids(app, order).await;
    ids.iter().filter_map(|id| money.get(id)).fold((0, 0), |(kept, taken), m| (kept + m.0, taken + m.1))
}

/// The order's price in the gateway's unit, as its first payment asked.
async fn price_at_gateway(app: &TestApp, order: i64) -> i64 {
    let sql = "SELECT CAST(gateway_amount AS TEXT) FROM payment WHERE customer_order_id = $1 ORDER BY created_at";
    texts_of_order(app, sql, order).await[0].parse().expect("a number")
}

/// Per customer, from the simulator's ledger: the payer's money is kept once, for the payer's own order, at its
/// price; none of the forger's is kept, and nobody's is left taken without a paid order or a refund.
async fn kept_once_for_the_payer(app: &TestApp, gateway: Gateway, payer: &Buyer, forger: &Buyer, case: &str) {
    let price = price_at_gateway(app, payer.order).await;
    assert_eq!(money_of(app, gateway, payer.order).await, (price, 0), "{case}: the payer's money, kept once");
    assert_eq!(money_of(app, gateway, forger.order).await, (0, 0), "{case}: nothing kept for the forger");
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
        let went = borrow_proof(Gateway::Digipay, &forger.reply, &paid).await;
        assert_eq!(went, result_url(&app, false, forger.order), "{case}: the forger is not paid");
        if before {
            assert_eq!(follow(&paid).await, result_url(&app, true, payer.order), "{case}: the payer still is");
        }
        assert_eq!(times_paid(&app, &payer.token, payer.order).await, 1, "{case}");
        assert_eq!(times_paid(&app, &forger.token, forger.order).await, 0, "{case}");
        let forger_states = payment_states(&app, forger.order).await;
        assert!(!forger_states.iter().any(|s| s == "VERIFIED" || s.starts_with("REFUND")), "{case}: {forger_states:?}");
        kept_once_for_the_payer(&app, Gateway::Digipay, &payer, &forger, &case).await;
    }
}

/// The borrowed tracking code and the payer's own callback reach the shop at the same moment, again and again: one
/// of them verifies, the answer names the payer's purchase, and only the payer's order is paid, once.
#[tokio::test]
async fn a_digipay_tracking_code_borrowed_while_the_payer_returns_pays_the_payer_once() {
    for round in 0..4 {
        let app = spawn_app().await;
        let payer = buyer(&app, "09121234567", 101, Gateway::Digipay).await;
        let forger = buyer(&app, "09127654321", 102, Gateway::Digipay).await;
        let paid = pay_page(&payer).await;
        let (_, went) = tokio::join!(follow(&paid), borrow_proof(Gateway::Digipay, &forger.reply, &paid));
        let case = format!("round {round}");
        assert_eq!(went, result_url(&app, false, forger.order), "{case}: the forger is not paid");
        assert_eq!(times_paid(&app, &payer.token, payer.order).await, 1, "{case}");
        assert_eq!(times_paid(&app, &forger.token, forger.order).await, 0, "{case}");
        kept_once_for_the_payer(&app, Gateway::Digipay, &payer, &forger, &case).await;
    }
}

/// The payer's verify has reached Digipay (the purchase is verified there) but not answered yet when the forger
/// posts the tracking code: Digipay answers the forger's verify "wrong state". That says another payment of ours
/// verified the purchase, never that the forger's own verify answer was lost: nothing is delivered or paid under the
/// forger's payment, and once the payer's answer comes the payer's order alone is paid.
#[tokio::test]
async fn a_digipay_code_verified_for_its_payer_but_not_yet_answered_pays_nothing_else() {
    // A slow verify answers after 40 s x 0.1 = 4 s, within the BFF's time limit and its wait for other callers.
    let app = TestApp::spawn(AppOptions { sim_time_scale: 0.1, ..AppOptions::default() }).await.expect("test app");
    let payer = buyer(&app, "09121234567", 101, Gateway::Digipay).await;
    let forger = buyer(&app, "09127654321", 102, Gateway::Digipay).await;
    let paid = pay_page(&payer).await;
    app.sims().force(Gateway::Digipay, PaymentScenario::VerifySlow).expect("digipay takes verify-slow");
    let proof = paid.clone();
    let returning = tokio::spawn(async move { follow(&paid).await });
    poll_for(Duration::from_secs(10), || async {
        let verifies = app.sims().journal().iter().filter(|call| call.path.contains("/purchases/verify")).count();
        Ok((verifies > 0).then_some(()))
    })
    .await
    .expect("the payer's verify reached Digipay");
    let went = borrow_proof(Gateway::Digipay, &forger.reply, &proof).await;
    assert_eq!(went, result_url(&app, false, forger.order), "the forger is not paid");
    assert_eq!(returning.await.expect("the payer's callback"), result_url(&app, true, payer.order));
    assert_eq!(times_paid(&app, &payer.token, payer.order).await, 1);
    assert_eq!(times_paid(&app, &forger.token, forger.order).await, 0);
    kept_once_for_the_payer(&app, Gateway::Digipay, &payer, &forger, "verified, not yet answered").await;
}

/// PayPing refuses a verify of one payment's `paymentRefId` with another's `paymentCode`: the refused proof claims
/// nothing, so the payer's own callback, arriving after the forger's, still completes the payment.
#[tokio::test]
async fn a_refused_payping_verify_claims_nothing_and_the_real_callback_pays() {
    let app = spawn_app().await;
    let payer = buyer(&app, "09121234567", 101, Gateway::PayPing).await;
    let forger = buyer(&app, "09127654321", 101, Gateway::PayPing).await;
    let paid = pay_page(&payer).await;
    let went = borrow_proof(Gateway::PayPing, &forger.reply, &paid).await;
    assert_eq!(went, result_url(&app, false, forger.order), "the forger is not paid");
    assert_eq!(follow(&paid).await, result_url(&app, true, payer.order), "the payer's own callback pays");
    assert_eq!(times_paid(&app, &payer.token, payer.order).await, 1);
    assert_eq!(times_paid(&app, &forger.token, forger.order).await, 0);
    kept_once_for_the_payer(&app, Gateway::PayPing, &payer, &forger, "payping").await;
}

/// Vandar, SnappPay and Tara callbacks name their payment by the token it was started with, and the verify asks by
/// that token: the forger's own callback claiming "paid" with what the payer's callback carried (Tara's channel
/// reference) pays nothing, before or after the payer's own callback, and leaves the payer's proof to the payer.
#[tokio::test]
async fn a_token_bound_callback_claiming_paid_pays_only_what_its_own_token_paid() {
    for gateway in [Gateway::Vandar, Gateway::SnappPay, Gateway::Tara] {
        for before in [true, false] {
            let app = spawn_app().await;
            let payer = buyer(&app, "09121234567", 101, gateway).await;
            let forger = buyer(&app, "09127654321", 101, gateway).await;
            let paid = pay_page(&payer).await;
            let case = format!("{gateway:?}, borrowed before the payer returns: {before}");
            if !before {
                assert_eq!(follow(&paid).await, result_url(&app, true, payer.order), "{case}");
            }
            borrow_proof(gateway, &forger.reply, &paid).await;
            if before {
                assert_eq!(follow(&paid).await, result_url(&app, true, payer.order), "{case}: the payer still is");
            }
            assert_eq!(times_paid(&app, &payer.token, payer.order).await, 1, "{case}");
            assert_eq!(times_paid(&app, &forger.token, forger.order).await, 0, "{case}");
            let forger_states = payment_states(&app, forger.order).await;
            assert!(
                !forger_states.iter().any(|s| s == "VERIFIED" || s.starts_with("REFUND")),
                "{case}: {forger_states:?}"
            );
            kept_once_for_the_payer(&app, gateway, &payer, &forger, &case).await;
        }
    }
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
    borrow_proof(Gateway::Saman, &forger.reply, &paid).await;
    follow(&paid).await;
    let orders_paid =
        times_paid(&app, &payer.token, payer.order).await + times_paid(&app, &forger.token, forger.order).await;
    assert_eq!(orders_paid, 1, "one RefNum pays one order");
    let kept =
        money_of(&app, Gateway::Saman, payer.order).await.0 + money_of(&app, Gateway::Saman, forger.order).await.0;
    assert_eq!(kept, price_at_gateway(&app, payer.order).await, "the payer's money is kept once");
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
    borrow_proof(Gateway::Saman, &forger.reply, &paid).await;
    assert_eq!(times_paid(&app, &forger.token, forger.order).await, 0, "a cheaper proof pays no dearer order");
    let taken = app.sims().payments(Some(Gateway::Saman)).into_iter().find(|p| p.stage != "created").expect("paid");
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
    let sales = app.sims().payments(Some(Gateway::Gumroad));
    assert_eq!(sales.len(), 2, "two sales: {sales:?}");
    let money: Vec<Money> = app.sims().ledger(Some(Gateway::Gumroad), None).into_iter().map(|e| e.money).collect();
    assert_eq!(money, [Money::Kept, Money::Returned], "one sale kept, the other given back");
    let refunds = app.sims().journal().into_iter().filter(|e| e.path.ends_with("/refund")).count();
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
        |app: &TestApp| app.sims().journal().into_iter().filter(|e| e.path.ends_with("/ReverseTransaction")).count();
    for _ in 0..3 {
        sweep(Settling::from(&app.payment_sweeper(30))).await.expect("swept");
    }
    assert_eq!(reverses(&app), 1, "asked once, refused, not asked again");
    let (status, queue) = finance_get(&app, "/lemonade/api/finance/refunds").await;
    assert_eq!(status, 200, "{queue}");
    let refusal = queue["refunds"][0]["gatewayRefusal"].as_str().unwrap_or_default().to_owned();
    assert!(refusal.contains("ResultCode"), "the gateway's answer: {queue}");
}
