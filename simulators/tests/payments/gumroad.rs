//! Gumroad: a product permalink's checkout page, the sale ping to subscribed URLs (with the
//! link's URL parameters), the legacy redirect answer, and the sale API.

use limoo_simulators::browser::{self, Navigation};
use limoo_simulators::{Gateway, PageAction, PaymentScenario, SimHandle};
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
