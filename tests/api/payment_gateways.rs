//! Paying through SnappPay, Digipay, Tara, Saman and Gumroad via their simulators: the hosted page
//! (a link, or Tara's form post), the gateway's own callback, and the one completion path behind it.
use limoo_bff::messages;
use limoo_simulators::{Gateway, PageAction, PaymentScenario, browser};
use limoo_tests::{
    TestApp,
    payment::{
        checkout_method, entry, follow, forge_paid_callback, payment_request, payment_states, result_url,
        texts_of_order, times_paid, verified_ref,
    },
    spawn_app,
};
use serde_json::{Value, json};

/// The gateways whose pages call the shop back on cancel and decline.
const CALLING_BACK: [Gateway; 4] = [Gateway::SnappPay, Gateway::Digipay, Gateway::Tara, Gateway::Saman];

async fn start(app: &TestApp, token: &str, order: i64, gateway: Gateway) -> (u16, Value) {
    start_paying_from(app, token, order, gateway, "9121234567").await
}

async fn start_paying_from(app: &TestApp, token: &str, order: i64, gateway: Gateway, mobile: &str) -> (u16, Value) {
    let mut body = payment_request(app, token, order, checkout_method(gateway));
    body["mobile"] = json!(mobile);
    body["productPermalink"] = json!("limoo-diet");
    let response = app
        .client
        .post(app.url("/lemonade/api/payments"))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .expect("answered");
    (response.status().as_u16(), response.json().await.expect("JSON"))
}

/// Starts a payment, presses `action` on the hosted page and lets the browser bring the callback
/// back; answers where the shop sent the browser (`None`: the page kept the customer).
async fn pay(app: &TestApp, token: &str, order: i64, gateway: Gateway, action: PageAction) -> Option<String> {
    let (status, reply) = start(app, token, order, gateway).await;
    assert_eq!(status, 200, "{gateway:?}: {reply}");
    let callback = browser::press(entry(&reply), action).await.expect("the hosted page")?;
    if gateway == Gateway::Gumroad {
        // Gumroad sends the buyer where the shop's answer to its sale ping said.
        return Some(callback.url);
    }
    Some(follow(&callback).await)
}

async fn order_status(app: &TestApp, token: &str, order: i64) -> Value {
    app.invoice(token, order).await.1["status"].clone()
}

#[tokio::test]
async fn every_gateway_pays_through_its_hosted_page_and_completes_the_order_once() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    for gateway in [Gateway::SnappPay, Gateway::Digipay, Gateway::Tara, Gateway::Saman, Gateway::Gumroad] {
        let order = app.create_order(&token, &[101]).await;
        let back = pay(&app, &token, order, gateway, PageAction::Pay).await;
        assert_eq!(back, Some(result_url(&app, true, order)), "{gateway:?}");
        assert_eq!(order_status(&app, &token, order).await, "PAYMENT_SUCCESS", "{gateway:?}");
        assert_eq!(times_paid(&app, &token, order).await, 1, "{gateway:?}");
        assert_eq!(app.sims().payments(Some(gateway)).len(), 1, "{gateway:?}: one payment at the gateway");
    }
}

#[tokio::test]
async fn gateways_get_rial_and_the_mobile_in_their_own_format() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    for (gateway, mobile) in [
        (Gateway::SnappPay, "+989121234567"),
        (Gateway::Digipay, "09121234567"),
        (Gateway::Tara, "+989121234567"),
        (Gateway::Saman, "+989121234567"),
    ] {
        let order = app.create_order(&token, &[101]).await;
        let (status, reply) = start(&app, &token, order, gateway).await;
        assert_eq!(status, 200, "{gateway:?}: {reply}");
        let sent = app.sims().payments(Some(gateway));
        let sent = sent.last().expect("a payment at the gateway");
        assert_eq!(sent.amount, 3_900_000, "{gateway:?}: 390,000 toman in rial");
        let quoted = format!("\"{mobile}\"");
        let created = app.sims().journal().into_iter().rfind(|e| e.gateway == gateway && !e.outgoing);
        let created = created.expect("the create call");
        assert!(created.body.contains(&quoted), "{gateway:?} gets {mobile}: {}", created.body);
    }
}

#[tokio::test]
async fn cancel_and_decline_send_the_customer_back_unpaid_with_the_points_on_the_switch() {
    let app = spawn_app().await;
    for (n, gateway) in CALLING_BACK.into_iter().enumerate() {
        let token = app.customer_with_points(&format!("0912123450{n}"), 100).await;
        let order = app.create_order(&token, &[101]).await;
        let (_, set) = app.post_as(&token, "/lemonade/api/userPoints/set", &json!({ "orderId": order })).await;
        assert_eq!(set["userPoint"]["status"], "ADDED_TO_ORDER", "{set}");
        for action in [PageAction::Cancel, PageAction::Decline] {
            let back = pay(&app, &token, order, gateway, action).await;
            assert_eq!(back, Some(result_url(&app, false, order)), "{gateway:?} {action:?}");
            assert_eq!(order_status(&app, &token, order).await, "CREATED", "{gateway:?} {action:?}");
            let (_, total) = app.get_as(&token, "/lemonade/api/userPoints/totalPoints").await;
            assert_eq!(total["userPoints"][0]["status"], "ADDED_TO_ORDER", "{gateway:?} {action:?}: {total}");
        }
        let back = pay(&app, &token, order, gateway, PageAction::Pay).await;
        assert_eq!(back, Some(result_url(&app, true, order)), "{gateway:?}: a retry succeeds");
    }
}

#[tokio::test]
async fn a_different_amount_never_completes_the_order() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    for gateway in CALLING_BACK {
        let order = app.create_order(&token, &[101]).await;
        app.sims().force(gateway, PaymentScenario::AmountMismatch).unwrap();
        let back = pay(&app, &token, order, gateway, PageAction::Pay).await;
        assert_eq!(back, Some(result_url(&app, false, order)), "{gateway:?}");
        assert_eq!(order_status(&app, &token, order).await, "CREATED", "{gateway:?}");
    }
}

#[tokio::test]
async fn a_callback_delivered_twice_completes_the_order_once() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let mut orders = Vec::new();
    for gateway in [Gateway::SnappPay, Gateway::Digipay, Gateway::Tara, Gateway::Saman, Gateway::Gumroad] {
        let order = app.create_order(&token, &[101]).await;
        app.sims().force(gateway, PaymentScenario::DoubleCallback).unwrap();
        let back = pay(&app, &token, order, gateway, PageAction::Pay).await;
        assert_eq!(back, Some(result_url(&app, true, order)), "{gateway:?}");
        orders.push((gateway, order));
    }
    let repeated = app.repeated_callbacks(orders.len()).await;
    assert!(repeated >= orders.len(), "each simulator delivered a callback once more ({repeated} outgoing)");
    for (gateway, order) in orders {
        assert_eq!(times_paid(&app, &token, order).await, 1, "{gateway:?}");
    }
}

#[tokio::test]
async fn snapp_pay_refuses_an_ineligible_customer() {
    let app = spawn_app().await;
    let token = app.existing_customer("09120000000").await;
    let order = app.create_order(&token, &[101]).await;
    let (status, reply) = start_paying_from(&app, &token, order, Gateway::SnappPay, "09120000000").await;
    assert_eq!(status, 502, "{reply}");
    assert_eq!(reply["err"]["code"], "502");
    assert!(!reply["err"]["details"]["messages"].as_array().unwrap().is_empty(), "Snapp's text is shown: {reply}");
    assert!(app.sims().payments(Some(Gateway::SnappPay)).is_empty(), "no payment was created");
    assert_eq!(order_status(&app, &token, order).await, "CREATED");
}

async fn eligibility(app: &TestApp, token: &str, amount: i64) -> (u16, Value) {
    let body = json!({ "amount": amount, "service": app.service_name, "gateway": "SNAPP_PAY" });
    app.post_as(token, "/lemonade/api/payments/snapp-pay/eligibility", &body).await
}

#[tokio::test]
async fn the_eligibility_check_answers_snapps_offer_for_the_customer_and_amount() {
    let app = spawn_app().await;
    let eligible = app.existing_customer("09121234567").await;
    let (status, reply) = eligibility(&app, &eligible, 3_900_000).await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!(reply["response"]["eligible"], true);
    assert!(reply["response"]["description"].as_str().is_some_and(|d| !d.is_empty()), "{reply}");

    let (_, reply) = eligibility(&app, &eligible, 100_000).await;
    assert_eq!(reply["response"]["eligible"], false, "below Snapp's minimum: {reply}");

    let ineligible = app.existing_customer("09120000000").await;
    let (status, reply) = eligibility(&app, &ineligible, 3_900_000).await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!(reply["response"]["eligible"], false, "{reply}");

    let (status, reply) = app
        .post_as(
            &eligible,
            "/lemonade/api/payments/snapp-pay/eligibility",
            &json!({ "amount": 3_900_000, "service": app.service_name, "gateway": "VANDAR" }),
        )
        .await;
    assert_eq!(status, 400, "{reply}");
}

#[tokio::test]
async fn the_eligibility_check_reports_snapp_being_down_in_the_payments_envelope() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    app.sims().force(Gateway::SnappPay, PaymentScenario::InvalidMobile).unwrap();
    let (status, reply) = eligibility(&app, &token, 3_900_000).await;
    assert_eq!(status, 502, "{reply}");
    assert_eq!(reply["err"]["code"], "502", "{reply}");
}

#[tokio::test]
async fn tara_answers_a_form_to_post_and_gumroad_needs_a_permalink() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[101]).await;
    let (status, reply) = start(&app, &token, order, Gateway::Tara).await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!(reply["paymentLink"], format!("{}/api/ipgPurchase", app.sims().tara_base_url()));
    let names: Vec<&str> =
        reply["form"]["fields"].as_array().unwrap().iter().map(|f| f["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["token", "username"]);

    let body = payment_request(&app, &token, order, "LIMOO_GUMROAD");
    let (status, reply) = app.post_as(&token, "/lemonade/api/payments", &body).await;
    assert_eq!(status, 400, "{reply}");
    let other_product = payment_request(&app, &token, order, "OTHER_DIGIPAY");
    let (status, reply) = app.post_as(&token, "/lemonade/api/payments", &other_product).await;
    assert_eq!(status, 400, "another product's gateway is not ours: {reply}");
}

/// SEP does not stop a RefNum being reused (gateways.md §6): one real payment's RefNum, replayed on another order's
/// token at the same price or another, pays nothing, and the real payment's money is not reversed.
#[tokio::test]
async fn a_saman_refnum_replayed_on_another_order_pays_nothing_and_reverses_nothing() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let paid = app.create_order(&token, &[101]).await;
    assert_eq!(pay(&app, &token, paid, Gateway::Saman, PageAction::Pay).await, Some(result_url(&app, true, paid)));
    let ref_num = verified_ref(&app, paid).await;

    for products in [[101], [102]] {
        let order = app.create_order(&token, &products).await;
        let (status, reply) = start(&app, &token, order, Gateway::Saman).await;
        assert_eq!(status, 200, "{reply}");
        let link = reply["paymentLink"].as_str().expect("paymentLink");
        forge_paid_callback(&app, Gateway::Saman, link, &ref_num).await;
        assert_eq!(times_paid(&app, &token, order).await, 0, "{products:?}: paid with another payment's RefNum");
        assert!(!payment_states(&app, order).await.iter().any(|s| s == "VERIFIED" || s.starts_with("REFUND")));
    }
    assert_eq!(times_paid(&app, &token, paid).await, 1);
    assert_eq!(app.sims().payments(Some(Gateway::Saman))[0].stage, "verified", "the real payment's money stays");
    let reversals = app.sims().journal().into_iter().filter(|e| e.path.ends_with("/ReverseTransaction")).count();
    assert_eq!(reversals, 0, "nothing was reversed");
}

/// A callback's reference longer than any gateway's is not kept: a script cannot store 200 KiB on a payment.
#[tokio::test]
async fn an_oversized_reference_in_a_callback_is_not_kept() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[101]).await;
    let (status, reply) = start(&app, &token, order, Gateway::Saman).await;
    assert_eq!(status, 200, "{reply}");
    let huge = "9".repeat(200 * 1024);
    forge_paid_callback(&app, Gateway::Saman, reply["paymentLink"].as_str().expect("paymentLink"), &huge).await;
    let sql = "SELECT COALESCE(ref_id, '') FROM payment WHERE customer_order_id = $1";
    assert_eq!(texts_of_order(&app, sql, order).await, [""], "no reference kept");
    assert_eq!(times_paid(&app, &token, order).await, 0);
}

/// A Gumroad ping is unsigned: one sale, named in pings for other payments of the customer (live, or replaced
/// by another payment), pays for nothing else and is not refunded from under the order it paid.
#[tokio::test]
async fn a_gumroad_sale_pays_for_its_own_payment_only() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let paid = app.create_order(&token, &[101]).await;
    assert_eq!(pay(&app, &token, paid, Gateway::Gumroad, PageAction::Pay).await, Some(result_url(&app, true, paid)));
    let sale_id = verified_ref(&app, paid).await;

    let live = app.create_order(&token, &[101]).await;
    let replaced = app.create_order(&token, &[101]).await;
    for order in [live, replaced] {
        let (status, reply) = start(&app, &token, order, Gateway::Gumroad).await;
        assert_eq!(status, 200, "{reply}");
        let link = reply["paymentLink"].as_str().expect("paymentLink").to_owned();
        if order == replaced {
            let (status, reply) = start(&app, &token, order, Gateway::Saman).await;
            assert_eq!(status, 200, "{reply}");
        }
        forge_paid_callback(&app, Gateway::Gumroad, &link, &sale_id).await;
        assert_eq!(times_paid(&app, &token, order).await, 0, "paid with another payment's sale");
    }
    assert_eq!(times_paid(&app, &token, paid).await, 1);
    assert_eq!(app.sims().payments(Some(Gateway::Gumroad))[0].stage, "paid", "the sale was not refunded");
}

/// Gumroad charges its product's own price: the product paid for is the order's, never the caller's choice.
#[tokio::test]
async fn a_gumroad_sale_of_another_product_pays_nothing() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[101]).await;
    let mut body = payment_request(&app, &token, order, checkout_method(Gateway::Gumroad));
    body["productPermalink"] = json!("a-cheaper-product");
    let (status, reply) = app.post_as(&token, "/lemonade/api/payments", &body).await;
    assert_eq!(status, 400, "{reply}");

    let (status, reply) = start(&app, &token, order, Gateway::Gumroad).await;
    assert_eq!(status, 200, "{reply}");
    let link = reply["paymentLink"].as_str().expect("paymentLink");
    assert!(link.contains("/l/limoo-diet?"), "the order's product: {link}");
    let cheaper = link.replace("/l/limoo-diet?", "/l/a-cheaper-product?");
    browser::press(browser::Navigation::get(&cheaper), PageAction::Pay).await.expect("the hosted page");
    let sold = app.sims().payments(Some(Gateway::Gumroad));
    assert_eq!(sold.last().map(|p| p.stage.as_str()), Some("paid"), "the buyer paid for the cheaper product");
    assert_eq!(times_paid(&app, &token, order).await, 0, "a sale of another product pays nothing");
}

/// A Gumroad sale buys one product at Gumroad's price: a basket that also holds a product not sold there is not
/// paid through Gumroad, so buying the cheap item cannot pay for the whole basket.
#[tokio::test]
async fn a_basket_of_more_than_the_gumroad_product_is_not_paid_through_gumroad() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    for basket in [[101, 102], [102, 101]] {
        let order = app.create_order(&token, &basket).await;
        let (status, reply) = start(&app, &token, order, Gateway::Gumroad).await;
        assert_eq!(status, 400, "{basket:?}: {reply}");
        assert_eq!(times_paid(&app, &token, order).await, 0);
    }
    assert!(app.sims().payments(Some(Gateway::Gumroad)).is_empty(), "no sale was offered");
    let order = app.create_order(&token, &[101]).await;
    assert_eq!(start(&app, &token, order, Gateway::Gumroad).await.0, 200, "the product alone is");
}

/// A sale charges the product's own price: an order priced lower by a code or points, or holding the product twice,
/// is not sold through Gumroad (the customer would pay the full price while the code and points counted as spent).
#[tokio::test]
async fn an_order_priced_by_a_code_or_points_or_holding_two_copies_is_not_paid_through_gumroad() {
    let app = spawn_app().await;
    app.load_demo_customers().await;
    let token = app.token_for("5321234567", 220).await;
    let twice = app.create_order(&token, &[101, 101]).await;
    let with_points = app.create_order(&token, &[101]).await;
    let (status, reply) = app.post_as(&token, "/lemonade/api/userPoints/set", &json!({ "orderId": with_points })).await;
    assert_eq!(status, 200, "points held: {reply}");
    let with_code = app.create_order(&token, &[101]).await;
    let (status, reply) =
        app.post_as(&token, "/lemonade/api/usedDiscounts", &json!({ "code": "LIMOO20", "orderId": with_code })).await;
    assert_eq!(status, 200, "code applied: {reply}");
    for order in [twice, with_points, with_code] {
        let (status, reply) = start(&app, &token, order, Gateway::Gumroad).await;
        assert_eq!(status, 400, "{reply}");
        assert_eq!(reply["err"]["details"]["messages"][0], messages::PAYMENT_GUMROAD_NOT_THIS_ORDER, "{reply}");
    }
    assert!(app.sims().payments(Some(Gateway::Gumroad)).is_empty(), "no sale was offered");
}

/// A deployment offers only the gateways it configures: a client asking to pay through another one (a method the
/// checkout never listed) is refused before any gateway is asked, and the order is left as it was; `online` and
/// the gateways it may pay through stay open.
#[tokio::test]
async fn a_gateway_the_deployment_does_not_offer_is_refused_whatever_the_client_asks() {
    let options = limoo_tests::AppOptions {
        payment_methods: vec![limoo_bff::domain::payment::Gateway::Digipay],
        ..Default::default()
    };
    let app = TestApp::spawn(options).await.expect("app");
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[101]).await;
    for gateway in [Gateway::SnappPay, Gateway::Tara, Gateway::Saman, Gateway::Gumroad] {
        let (status, body) = start_paying_from(&app, &token, order, gateway, "09121234567").await;
        assert_eq!(status, 400, "{gateway:?}: {body}");
        assert_eq!(
            body["err"]["details"]["messages"][0],
            limoo_bff::messages::PAYMENT_METHOD_UNAVAILABLE,
            "{gateway:?}: {body}"
        );
    }
    assert!(payment_states(&app, order).await.is_empty(), "no payment was started");
    let (status, body) = start_paying_from(&app, &token, order, Gateway::Digipay, "09121234567").await;
    assert_eq!(status, 200, "the offered gateway: {body}");
}

/// Gumroad's price is asked for an order of the caller's own: another customer's order, an unknown one and a
/// malformed id are answered as the order not found, and nothing is asked of Gumroad for them.
#[tokio::test]
async fn the_gumroad_price_is_only_for_the_callers_own_order() {
    let app = spawn_app().await;
    let owner = app.existing_customer("09121234567").await;
    let other = app.existing_customer("09127654321").await;
    let order = app.create_order(&owner, &[101]).await;
    let (status, price) = app.api(&owner).gumroad_price(order).await;
    assert_eq!((status, price["formattedPrice"].as_str()), (200, Some("$10.00")), "{price}");
    for (caller, asked) in [(&other, order), (&owner, i64::MAX), (&owner, -1)] {
        let (status, reply) = app.api(caller).gumroad_price(asked).await;
        assert_eq!(status, 404, "order {asked}: {reply}");
    }
    let malformed = app
        .client
        .post(app.url("/lemonade/api/payments/gumroad/price"))
        .bearer_auth(&owner)
        .json(&json!({ "orderId": "101; DROP TABLE payment" }))
        .send()
        .await
        .expect("answered");
    assert_eq!(malformed.status(), 400);
    let lookups = app.sims().journal().into_iter().filter(|e| e.path.contains("/v2/products/")).count();
    assert_eq!(lookups, 1, "only the owner's question reached Gumroad");
}
