//! Gumroad: a product permalink's checkout page, the sale ping to subscribed URLs (with the
//! link's URL parameters), the legacy redirect answer, and the sale API.

use limoo_simulators::browser::{self, Navigation};
use limoo_simulators::{Gateway, Money, PageAction, PaymentScenario, SimHandle};
use reqwest::StatusCode;
use serde_json::Value;

use crate::support::{Merchant, client, json, outgoing, simulator};

async fn subscribe(sim: &SimHandle, merchant: &Merchant) -> Value {
    let form =
        [("access_token", "gumroad-token"), ("resource_name", "sale"), ("post_url", &merchant.url("/gumroad/ping"))];
    let response =
        client().put(format!("{}/v2/resource_subscriptions", sim.gumroad_base_url())).form(&form).send().await;
    let response = response.expect("answered");
    assert_eq!(response.status(), StatusCode::OK);
    json(response).await
}

fn product_link(sim: &SimHandle) -> String {
    format!("{}/l/limoo-diet?order_id=42&email=sara%40example.com", sim.gumroad_base_url())
}

#[tokio::test]
async fn a_sale_is_pinged_to_subscribers_and_confirmed_by_the_api() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let subscribed = subscribe(&sim, &merchant).await;
    assert_eq!(subscribed["resource_subscription"]["resource_name"], "sale");

    let page = reqwest::get(product_link(&sim)).await.expect("page").text().await.expect("html");
    assert!(page.contains("dir=\"ltr\"") && page.contains("$10.00") && page.contains("limoo-diet"));

    let stays = browser::press(Navigation::get(&product_link(&sim)), PageAction::Pay).await.expect("checkout works");
    assert!(stays.is_none(), "without a redirect answer the buyer sees the receipt");

    let ping = merchant.wait_for(1).await.remove(0);
    assert_eq!((ping.method.as_str(), ping.path.as_str()), ("POST", "/gumroad/ping"));
    assert_eq!(ping.field("url_params[order_id]"), "42");
    assert_eq!(ping.field("email"), "sara@example.com");
    assert_eq!((ping.field("price"), ping.field("currency"), ping.field("permalink")), ("1000", "usd", "limoo-diet"));
    assert_eq!(ping.field("product_permalink"), format!("{}/l/limoo-diet", sim.gumroad_base_url()));

    let sale_id = ping.field("sale_id");
    let url = format!("{}/v2/sales/{sale_id}", sim.gumroad_base_url());
    let sale = client().get(&url).query(&[("access_token", "gumroad-token")]).send().await.expect("answered");
    assert_eq!(sale.status(), StatusCode::OK);
    let sale = json(sale).await;
    assert_eq!(sale["success"], true);
    assert_eq!((sale["sale"]["id"].as_str(), sale["sale"]["price"].as_i64()), (Some(sale_id), Some(1000)));
    assert_eq!(sale["sale"]["product_permalink"], ping.field("product_permalink"));

    let outgoing = outgoing(&sim, Gateway::Gumroad, 1).await;
    assert_eq!((outgoing.len(), outgoing[0].status), (1, 200));
}

#[tokio::test]
async fn a_url_answered_to_the_ping_sends_the_buyer_there() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::answering("http://shop.example/payment-result?status=OK").await;
    subscribe(&sim, &merchant).await;

    let next = browser::press(Navigation::get(&product_link(&sim)), PageAction::Pay).await.expect("checkout works");

    assert_eq!(next.map(|n| n.url).as_deref(), Some("http://shop.example/payment-result?status=OK"));
}

#[tokio::test]
async fn a_checkout_left_unpaid_pings_nobody() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    subscribe(&sim, &merchant).await;
    for action in [PageAction::Cancel, PageAction::Decline, PageAction::LetExpire] {
        let stays = browser::press(Navigation::get(&product_link(&sim)), action).await.expect("checkout works");
        assert!(stays.is_none());
    }
    sim.force(Gateway::Gumroad, PaymentScenario::Declined).expect("accepted");
    assert!(browser::press(Navigation::get(&product_link(&sim)), PageAction::Pay).await.expect("works").is_none());

    assert!(merchant.hits().is_empty());
    let stages: Vec<String> = sim.payments(Some(Gateway::Gumroad)).into_iter().map(|p| p.stage).collect();
    assert_eq!(stages, ["cancelled-by-customer", "declined", "page-timed-out", "declined"]);
    assert!(sim.force(Gateway::Gumroad, PaymentScenario::Create5xx).is_err());
}

#[tokio::test]
async fn a_forced_double_ping_arrives_twice() {
    let sim = simulator(0.01).await;
    let merchant = Merchant::start().await;
    subscribe(&sim, &merchant).await;
    sim.force(Gateway::Gumroad, PaymentScenario::DoubleCallback).expect("accepted");

    browser::press(Navigation::get(&product_link(&sim)), PageAction::Pay).await.expect("checkout works");

    let pings = merchant.wait_for(2).await;
    assert_eq!(pings[0].field("sale_id"), pings[1].field("sale_id"));
}

#[tokio::test]
async fn the_api_wants_a_token_and_known_resources() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let base = sim.gumroad_base_url();

    let anonymous = client().get(format!("{base}/v2/sales/abc")).send().await.expect("answered");
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(json(anonymous).await["success"], false);
    let missing = client().get(format!("{base}/v2/sales/abc")).bearer_auth("t").send().await.expect("answered");
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    let wrong = client()
        .put(format!("{base}/v2/resource_subscriptions"))
        .bearer_auth("t")
        .form(&[("resource_name", "sales"), ("post_url", "http://x.test/")]);
    assert_eq!(wrong.send().await.expect("answered").status(), StatusCode::BAD_REQUEST);

    let id = subscribe(&sim, &merchant).await["resource_subscription"]["id"].as_str().expect("id").to_owned();
    let listed =
        client().get(format!("{base}/v2/resource_subscriptions?resource_name=sale")).bearer_auth("t").send().await;
    assert_eq!(json(listed.expect("answered")).await["resource_subscriptions"].as_array().map(Vec::len), Some(1));
    let deleted = client().delete(format!("{base}/v2/resource_subscriptions/{id}")).bearer_auth("t").send().await;
    assert_eq!(deleted.expect("answered").status(), StatusCode::OK);

    browser::press(Navigation::get(&product_link(&sim)), PageAction::Pay).await.expect("checkout works");
    assert!(merchant.hits().is_empty(), "nobody subscribed any more");
}

fn link_for(sim: &SimHandle, reference: &str) -> String {
    format!("{}/l/limoo-diet?reference={reference}&email=sara%40example.com", sim.gumroad_base_url())
}

/// An API call with the seller's token: its status and JSON body.
async fn api(request: reqwest::RequestBuilder) -> (StatusCode, Value) {
    let response = request.bearer_auth("gumroad-token").send().await.expect("answered");
    (response.status(), json(response).await)
}

async fn refund(sim: &SimHandle, sale_id: &str, amount_cents: Option<i64>) -> (StatusCode, Value) {
    let url = format!("{}/v2/sales/{sale_id}/refund", sim.gumroad_base_url());
    let form: Vec<(&str, String)> = amount_cents.map(|c| ("amount_cents", c.to_string())).into_iter().collect();
    api(client().put(url).form(&form)).await
}

async fn sale(sim: &SimHandle, sale_id: &str) -> Value {
    let (status, body) = api(client().get(format!("{}/v2/sales/{sale_id}", sim.gumroad_base_url()))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["sale"].clone()
}

#[tokio::test]
async fn the_link_opened_twice_makes_two_sales_each_pinged_with_the_reference() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    subscribe(&sim, &merchant).await;
    let first_tab = Navigation::get(&link_for(&sim, "771"));
    let second_tab = Navigation::get(&link_for(&sim, "771"));

    browser::press(first_tab, PageAction::Pay).await.expect("checkout works");
    browser::press(second_tab, PageAction::Pay).await.expect("checkout works");

    let pings = merchant.wait_for(2).await;
    assert_eq!((pings[0].field("url_params[reference]"), pings[1].field("url_params[reference]")), ("771", "771"));
    assert_ne!(pings[0].field("sale_id"), pings[1].field("sale_id"));
    for ping in &pings {
        let sale = sale(&sim, ping.field("sale_id")).await;
        assert_eq!(
            (sale["paid"].as_bool(), sale["refunded"].as_bool(), sale["price"].as_i64()),
            (Some(true), Some(false), Some(1000))
        );
    }
    let ledger = sim.ledger(Some(Gateway::Gumroad), Some("771"));
    let kept: Vec<(Money, i64)> = ledger.iter().map(|e| (e.money, e.kept)).collect();
    assert_eq!(kept, [(Money::Kept, 1000), (Money::Kept, 1000)]);
    assert_eq!(ledger[1].ids["sale_id"], pings[1].field("sale_id"));
}

#[tokio::test]
async fn a_sale_stays_paid_long_after_any_window() {
    // 20 minutes × 0.001 = 1.2 s: past the window the Iranian gateways would give the money back.
    let sim = simulator(0.001).await;
    let merchant = Merchant::start().await;
    subscribe(&sim, &merchant).await;
    browser::press(Navigation::get(&link_for(&sim, "772")), PageAction::Pay).await.expect("checkout works");
    let sale_id = merchant.wait_for(1).await[0].field("sale_id").to_owned();

    tokio::time::sleep(std::time::Duration::from_millis(1_500)).await;

    let sale = sale(&sim, &sale_id).await;
    assert_eq!((sale["paid"].as_bool(), sale["refunded"].as_bool()), (Some(true), Some(false)));
    assert_eq!(sim.ledger(Some(Gateway::Gumroad), Some(&sale_id))[0].money, Money::Kept);
}

#[tokio::test]
async fn a_refunded_sale_reads_refunded_and_is_not_refunded_twice() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    subscribe(&sim, &merchant).await;
    browser::press(Navigation::get(&link_for(&sim, "773")), PageAction::Pay).await.expect("checkout works");
    let sale_id = merchant.wait_for(1).await[0].field("sale_id").to_owned();

    let (status, refunded) = refund(&sim, &sale_id, None).await;
    assert_eq!((status, refunded["success"].as_bool()), (StatusCode::OK, Some(true)));
    assert_eq!(
        (refunded["sale"]["id"].as_str(), refunded["sale"]["refunded"].as_bool()),
        (Some(sale_id.as_str()), Some(true))
    );
    let looked_up = sale(&sim, &sale_id).await;
    assert_eq!(
        (looked_up["refunded"].as_bool(), looked_up["amount_refundable_in_currency"].as_str()),
        (Some(true), Some("0.00"))
    );

    let (status, again) = refund(&sim, &sale_id, None).await;
    assert_eq!(status, StatusCode::PAYMENT_REQUIRED);
    assert_eq!(
        (again["success"].as_bool(), again["message"].as_str()),
        (Some(false), Some("Purchase is already refunded."))
    );
    let entry = &sim.ledger(Some(Gateway::Gumroad), Some("773"))[0];
    assert_eq!((entry.money, entry.returned, entry.kept), (Money::Returned, 1000, 0));

    let (status, _) = refund(&sim, "no-such-sale", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn partial_refunds_add_up_to_the_price_and_no_further() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    subscribe(&sim, &merchant).await;
    browser::press(Navigation::get(&link_for(&sim, "774")), PageAction::Pay).await.expect("checkout works");
    let sale_id = merchant.wait_for(1).await[0].field("sale_id").to_owned();

    let (status, part) = refund(&sim, &sale_id, Some(300)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (part["sale"]["partially_refunded"].as_bool(), part["sale"]["refunded"].as_bool()),
        (Some(true), Some(false))
    );
    assert_eq!(part["sale"]["amount_refundable_in_currency"], "7.00");
    let (status, over) = refund(&sim, &sale_id, Some(701)).await;
    assert_eq!((status, over["success"].as_bool()), (StatusCode::PAYMENT_REQUIRED, Some(false)));
    assert_eq!(refund(&sim, &sale_id, Some(0)).await.0, StatusCode::BAD_REQUEST);
    let entry = &sim.ledger(Some(Gateway::Gumroad), Some("774"))[0];
    assert_eq!((entry.money, entry.returned, entry.kept), (Money::Kept, 300, 700));

    let (status, rest) = refund(&sim, &sale_id, Some(700)).await;
    assert_eq!((status, rest["sale"]["refunded"].as_bool()), (StatusCode::OK, Some(true)));
}

#[tokio::test]
async fn products_offer_codes_and_the_sales_list_answer_as_gumroad_does() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    subscribe(&sim, &merchant).await;
    let base = sim.gumroad_base_url();
    for reference in ["781", "782", "783"] {
        browser::press(Navigation::get(&link_for(&sim, reference)), PageAction::Pay).await.expect("checkout works");
    }
    let other = format!("{base}/l/limoo-tea?reference=784&email=reza%40example.com");
    browser::press(Navigation::get(&other), PageAction::Pay).await.expect("checkout works");
    merchant.wait_for(4).await;

    let (status, products) = api(client().get(format!("{base}/v2/products"))).await;
    assert_eq!((status, products["success"].as_bool()), (StatusCode::OK, Some(true)));
    let names: Vec<&str> =
        products["products"].as_array().expect("list").iter().filter_map(|p| p["name"].as_str()).collect();
    assert_eq!(names, ["limoo-diet", "limoo-tea"]);
    let diet_id = products["products"][0]["id"].as_str().expect("id").to_owned();
    assert_eq!(products["products"][0]["sales_count"], 3);
    let (_, by_id) = api(client().get(format!("{base}/v2/products/{diet_id}"))).await;
    let (_, by_permalink) = api(client().get(format!("{base}/v2/products/limoo-diet"))).await;
    assert_eq!(
        (by_id["product"]["id"].as_str(), by_permalink["product"]["id"].as_str()),
        (Some(diet_id.as_str()), Some(diet_id.as_str()))
    );
    let (status, codes) = api(client().get(format!("{base}/v2/products/{diet_id}/offer_codes"))).await;
    assert_eq!((status, codes["offer_codes"].clone()), (StatusCode::OK, serde_json::json!([])));
    let (status, code) = api(client().get(format!("{base}/v2/products/{diet_id}/offer_codes/abc"))).await;
    assert_eq!((status, code["success"].as_bool()), (StatusCode::NOT_FOUND, Some(false)));

    let (status, all) = api(client().get(format!("{base}/v2/sales"))).await;
    assert_eq!((status, all["sales"].as_array().map(Vec::len)), (StatusCode::OK, Some(4)));
    assert!(all.get("next_page_key").is_none());
    let (_, diet) = api(client().get(format!("{base}/v2/sales")).query(&[("product_id", diet_id.as_str())])).await;
    assert_eq!(diet["sales"].as_array().map(Vec::len), Some(3));
    let (_, reza) = api(client().get(format!("{base}/v2/sales")).query(&[("email", "reza@example.com")])).await;
    assert_eq!(reza["sales"][0]["product_name"], "limoo-tea");
    let (_, later) = api(client().get(format!("{base}/v2/sales?after=2999-01-01"))).await;
    assert_eq!(later["sales"], serde_json::json!([]));
    let (_, earlier) = api(client().get(format!("{base}/v2/sales?before=2999-01-01&after=2000-01-01"))).await;
    assert_eq!(earlier["sales"].as_array().map(Vec::len), Some(4));
    for bad in ["after=2024-13-01", "product_id=nonsense", "order_id=x1", "page_key=zz"] {
        let (status, body) = api(client().get(format!("{base}/v2/sales?{bad}"))).await;
        assert_eq!((status, body["success"].as_bool()), (StatusCode::BAD_REQUEST, Some(false)), "{bad}");
    }

    let (status, missing) = api(client().get(format!("{base}/v2/no-such-thing"))).await;
    assert_eq!((status, missing["success"].as_bool()), (StatusCode::NOT_FOUND, Some(false)));
    assert!(missing["message"].as_str().is_some());
}

#[tokio::test]
async fn the_sales_list_pages_by_page_key_newest_first() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    subscribe(&sim, &merchant).await;
    for n in 0..12 {
        browser::press(Navigation::get(&link_for(&sim, &format!("79{n}"))), PageAction::Pay).await.expect("works");
    }
    merchant.wait_for(12).await;
    let base = sim.gumroad_base_url();

    let (_, first) = api(client().get(format!("{base}/v2/sales"))).await;
    let key = first["next_page_key"].as_str().expect("a next page").to_owned();
    assert!(first["next_page_url"].as_str().is_some_and(|u| u.ends_with(&format!("page_key={key}"))));
    let (_, second) = api(client().get(format!("{base}/v2/sales")).query(&[("page_key", key.as_str())])).await;

    let orders = |page: &Value| -> Vec<i64> {
        page["sales"].as_array().expect("list").iter().filter_map(|s| s["order_id"].as_i64()).collect()
    };
    let (first, second) = (orders(&first), orders(&second));
    assert_eq!((first.len(), second.len()), (10, 2));
    let mut all = [first, second].concat();
    assert!(all.windows(2).all(|w| w[0] > w[1]), "newest first: {all:?}");
    all.dedup();
    assert_eq!(all.len(), 12);
}
