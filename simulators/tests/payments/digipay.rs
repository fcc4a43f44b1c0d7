//! Digipay UPG: OAuth (multipart form), ticket with the version headers, form-POST callback
//! carrying the `type` verify must use, 422 business errors with `result.status`.

use limoo_simulators::browser::Navigation;
use limoo_simulators::{Gateway, Money, PageAction, SimHandle};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{Hit, Merchant, applied, client, customer, json, simulator};

async fn login(sim: &SimHandle) -> String {
    // Digipay's document sends the password grant as multipart/form-data.
    let boundary = "limoo-boundary";
    let part = |name: &str, value: &str| {
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n")
    };
    let body = format!(
        "{}{}{}--{boundary}--\r\n",
        part("username", "shop"),
        part("password", "pw"),
        part("grant_type", "password")
    );
    let response = client()
        .post(format!("{}/oauth/token", sim.digipay_base_url()))
        .basic_auth("client", Some("secret"))
        .header("Content-Type", format!("multipart/form-data; boundary={boundary}"))
        .body(body)
        .send()
        .await
        .expect("answered");
    assert_eq!(response.status(), StatusCode::OK);
    let body = json(response).await;
    assert_eq!(body["expires_in"], 3599);
    body["access_token"].as_str().expect("token").to_owned()
}

fn order(merchant: &Merchant, amount: i64, cell: &str, provider_id: &str) -> Value {
    json!({
        "amount": amount,
        "cellNumber": cell,
        "providerId": provider_id,
        "callbackUrl": merchant.url("/digipay/back"),
        "basketDetailsDto": {"basketId": provider_id, "items": [{"sellerId": "1", "productCode": "DIET", "brand": "limoo", "productType": 4, "count": 1, "categoryId": 1}]},
        "additionalInfo": {},
    })
}

async fn ticket(sim: &SimHandle, bearer: &str, ticket_type: u8, body: &Value) -> reqwest::Response {
    client()
        .post(format!("{}/tickets/business?type={ticket_type}", sim.digipay_base_url()))
        .bearer_auth(bearer)
        .header("Agent", "WEB")
        .header("Digipay-Version", "2022-02-02")
        .json(body)
        .send()
        .await
        .expect("answered")
}

async fn through_page(
    sim: &SimHandle,
    bearer: &str,
    merchant: &Merchant,
    amount: i64,
    cell: &str,
    action: PageAction,
) -> Hit {
    let provider_id = format!("P-{}", sim.payments(None).len() + 1);
    let response = ticket(sim, bearer, 11, &order(merchant, amount, cell, &provider_id)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body = json(response).await;
    assert_eq!(body["result"]["status"], 0);
    assert!(body["ticket"].as_str().is_some_and(|t| t.starts_with("v2:")));
    let page = body["redirectUrl"].as_str().expect("redirect URL").to_owned();
    let hit = customer(Navigation::get(&page), action, merchant).await.expect("called back");
    assert_eq!(hit.field("providerId"), provider_id);
    hit
}

async fn verify(sim: &SimHandle, bearer: &str, hit: &Hit) -> reqwest::Response {
    let url = format!("{}/purchases/verify?type={}", sim.digipay_base_url(), hit.field("type"));
    let body = json!({"trackingCode": hit.field("trackingCode"), "providerId": hit.field("providerId")});
    client().post(url).bearer_auth(bearer).json(&body).send().await.expect("answered")
}

async fn assert_business(response: reqwest::Response, status: u16, code: u64) {
    assert_eq!(response.status().as_u16(), status);
    assert_eq!(json(response).await["result"]["status"], code);
}

#[tokio::test]
async fn a_credit_purchase_is_verified_once_and_delivered() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;

    let hit = through_page(&sim, &bearer, &merchant, 15_000_000, "09121234567", PageAction::Pay).await;
    assert_eq!((hit.field("result"), hit.field("type"), hit.field("isCredit")), ("SUCCESS", "5", "true"));
    assert_eq!(hit.field("amount"), "15000000");
    assert_eq!(hit.field("rrn").len(), 12);

    let verified = verify(&sim, &bearer, &hit).await;
    assert_eq!(verified.status(), StatusCode::OK);
    let body = json(verified).await;
    assert_eq!(body["result"]["status"], 0);
    assert_eq!((body["amount"].as_i64(), body["paymentGateway"].as_i64()), (Some(15_000_000), Some(4)));
    assert_eq!(body["additionalInfo"]["creditAmount"], 15_000_000);
    assert_eq!(body["trackingCode"], hit.field("trackingCode"));
    assert_business(verify(&sim, &bearer, &hit).await, 422, 9012).await;

    let deliver = json!({"deliveryDate": "2026-03-01", "invoiceNumber": "INV-1", "trackingCode": hit.field("trackingCode"), "products": ["DIET"]});
    let delivered = client()
        .post(format!("{}/purchases/deliver?type=5", sim.digipay_base_url()))
        .bearer_auth(&bearer)
        .json(&deliver);
    assert_eq!(delivered.send().await.expect("answered").status(), StatusCode::OK);

    // Older clients: tracking code in the path, no body.
    let older = through_page(&sim, &bearer, &merchant, 15_000_000, "09121234567", PageAction::Pay).await;
    let url = format!("{}/purchases/verify/{}?type=5", sim.digipay_base_url(), older.field("trackingCode"));
    assert_eq!(client().post(url).bearer_auth(&bearer).send().await.expect("answered").status(), StatusCode::OK);
}

#[tokio::test]
async fn credit_decisions_by_mobile() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;

    let refused = ticket(&sim, &bearer, 11, &order(&merchant, 2_000_000, "09120000000", "P-a")).await;
    assert_eq!(applied(&refused), "ineligible");
    assert_business(refused, 422, 9031).await;
    assert_business(ticket(&sim, &bearer, 11, &order(&merchant, 2_000_000, "09120000005", "P-b")).await, 422, 1054)
        .await;
    let hit = through_page(&sim, &bearer, &merchant, 2_000_000, "09120000001", PageAction::Pay).await;
    assert_eq!(hit.field("result"), "FAILURE");
    assert_business(verify(&sim, &bearer, &hit).await, 422, 9007).await;
}

#[tokio::test]
async fn cancel_timeout_and_expired_tickets() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;
    for (amount, action, code) in [
        (3_000_000, PageAction::Cancel, 9007),
        (3_000_000, PageAction::LetExpire, 9003),
        (3_000_104, PageAction::Pay, 9003),
    ] {
        let hit = through_page(&sim, &bearer, &merchant, amount, "09121234567", action).await;
        assert_eq!(hit.field("result"), "FAILURE", "{action:?}");
        assert_business(verify(&sim, &bearer, &hit).await, 422, code).await;
    }
}

#[tokio::test]
async fn verify_scenarios() {
    let sim = simulator(0.005).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;
    let paid = |amount: i64| {
        let (sim, bearer, merchant) = (&sim, &bearer, &merchant);
        async move { through_page(sim, bearer, merchant, amount, "09121234567", PageAction::Pay).await }
    };

    let hit = paid(4_000_201).await;
    assert_business(verify(&sim, &bearer, &hit).await, 422, 9010).await;

    let hit = paid(4_000_203).await;
    let unknown = verify(&sim, &bearer, &hit).await;
    assert_eq!(applied(&unknown), "processing");
    assert_business(unknown, 422, 9011).await;
    assert_eq!(verify(&sim, &bearer, &hit).await.status(), StatusCode::OK);

    let hit = paid(4_000_202).await;
    let started = std::time::Instant::now();
    assert_eq!(verify(&sim, &bearer, &hit).await.status(), StatusCode::OK);
    assert!(started.elapsed() >= std::time::Duration::from_millis(200));
    assert_business(verify(&sim, &bearer, &hit).await, 422, 9012).await;

    let hit = paid(4_000_204).await;
    assert_eq!(hit.field("amount"), "4000214");
    assert_eq!(json(verify(&sim, &bearer, &hit).await).await["amount"], 4_000_214);

    let hit = paid(4_000_302).await;
    let cut = verify(&sim, &bearer, &hit).await.text().await.expect("body");
    assert!(serde_json::from_str::<Value>(&cut).is_err());
}

#[tokio::test]
async fn ticket_refusals_and_reuse() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;

    let failed = ticket(&sim, &bearer, 11, &order(&merchant, 5_000_301, "09121234567", "P-1")).await;
    assert_eq!((failed.status(), applied(&failed).as_str()), (StatusCode::INTERNAL_SERVER_ERROR, "create-5xx"));

    let first = json(ticket(&sim, &bearer, 11, &order(&merchant, 5_000_000, "09121234567", "P-2")).await).await;
    let again = json(ticket(&sim, &bearer, 11, &order(&merchant, 5_000_000, "09121234567", "P-2")).await).await;
    assert_eq!(first["ticket"], again["ticket"]);
    assert_business(ticket(&sim, &bearer, 11, &order(&merchant, 6_000_000, "09121234567", "P-2")).await, 422, 9008)
        .await;

    let mut no_cell = order(&merchant, 5_000_000, "x", "P-3");
    no_cell.as_object_mut().expect("object").remove("cellNumber");
    assert_business(ticket(&sim, &bearer, 11, &no_cell).await, 422, 9030).await;
    let mut no_basket = order(&merchant, 5_000_000, "09121234567", "P-4");
    no_basket.as_object_mut().expect("object").remove("basketDetailsDto");
    assert_business(ticket(&sim, &bearer, 5, &no_basket).await, 400, 1054).await;
    assert_business(ticket(&sim, &bearer, 7, &order(&merchant, 5_000_000, "09121234567", "P-5")).await, 400, 1054)
        .await;

    let unversioned = client()
        .post(format!("{}/tickets/business?type=11", sim.digipay_base_url()))
        .bearer_auth(&bearer)
        .json(&order(&merchant, 5_000_000, "09121234567", "P-6"));
    assert_business(unversioned.send().await.expect("answered"), 400, 1054).await;
    assert_eq!(
        ticket(&sim, "made-up", 11, &order(&merchant, 5_000_000, "09121234567", "P-7")).await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn ipg_purchases_can_be_reversed_credit_ones_cannot() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;
    let reverse = |hit: &Hit| {
        let body = json!({"trackingCode": hit.field("trackingCode"), "providerId": hit.field("providerId")});
        client()
            .post(format!("{}/reverse?type={}", sim.digipay_base_url(), hit.field("type")))
            .bearer_auth(&bearer)
            .json(&body)
            .send()
    };

    let created = json(ticket(&sim, &bearer, 0, &order(&merchant, 7_000_000, "09121234567", "P-ipg")).await).await;
    let page = created["redirectUrl"].as_str().expect("page");
    let hit = customer(Navigation::get(page), PageAction::Pay, &merchant).await.expect("called back");
    assert_eq!((hit.field("type"), hit.field("isCredit")), ("0", "false"));
    assert_eq!(verify(&sim, &bearer, &hit).await.status(), StatusCode::OK);
    assert_eq!(reverse(&hit).await.expect("answered").status(), StatusCode::OK);

    let credit = through_page(&sim, &bearer, &merchant, 7_000_000, "09121234567", PageAction::Pay).await;
    assert_eq!(verify(&sim, &bearer, &credit).await.status(), StatusCode::OK);
    assert_business(reverse(&credit).await.expect("answered"), 422, 9012).await;
}

#[tokio::test]
async fn the_callback_can_come_twice() {
    let sim = simulator(0.01).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;
    through_page(&sim, &bearer, &merchant, 8_000_205, "09121234567", PageAction::Pay).await;

    let hits = merchant.wait_for(2).await;
    assert_eq!(hits[0].fields, hits[1].fields);
}

async fn refund(sim: &SimHandle, bearer: &str, hit: &Hit, refund_id: &str, amount: i64) -> reqwest::Response {
    let body = json!({"providerId": refund_id, "amount": amount, "saleTrackingCode": hit.field("trackingCode")});
    let url = format!("{}/refunds?type={}", sim.digipay_base_url(), hit.field("type"));
    client().post(url).bearer_auth(bearer).json(&body).send().await.expect("answered")
}

#[tokio::test]
async fn a_tracking_code_verified_with_another_provider_id_names_its_own_purchase() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;
    let payer = through_page(&sim, &bearer, &merchant, 9_000_000, "09121234567", PageAction::Pay).await;
    let forger = ticket(&sim, &bearer, 11, &order(&merchant, 12_000_000, "09127654321", "P-forger")).await;
    assert_eq!(forger.status(), StatusCode::OK);

    let url = format!("{}/purchases/verify?type={}", sim.digipay_base_url(), payer.field("type"));
    let borrowed = json!({"trackingCode": payer.field("trackingCode"), "providerId": "P-forger"});
    let answer = client().post(url).bearer_auth(&bearer).json(&borrowed).send().await.expect("answered");

    assert_eq!(answer.status(), StatusCode::OK);
    let body = json(answer).await;
    assert_eq!(
        (body["providerId"].as_str(), body["amount"].as_i64()),
        (Some(payer.field("providerId")), Some(9_000_000))
    );
    let ledger = sim.ledger(Some(Gateway::Digipay), None);
    let money: Vec<(&str, Money, i64)> = ledger.iter().map(|e| (e.reference.as_str(), e.money, e.kept)).collect();
    assert_eq!(money, [(payer.field("providerId"), Money::Kept, 9_000_000), ("P-forger", Money::Pending, 0)]);
}

#[tokio::test]
async fn refunds_never_give_back_more_than_was_paid() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;
    let hit = through_page(&sim, &bearer, &merchant, 10_000_000, "09121234567", PageAction::Pay).await;
    assert_business(refund(&sim, &bearer, &hit, "RF-early", 1_000).await, 422, 9012).await;
    assert_eq!(verify(&sim, &bearer, &hit).await.status(), StatusCode::OK);

    assert_business(refund(&sim, &bearer, &hit, "RF-1", 10_000_001).await, 422, 9012).await;
    let first = refund(&sim, &bearer, &hit, "RF-2", 4_000_000).await;
    assert_eq!(first.status(), StatusCode::OK);
    let first = json(first).await;
    let retried = json(refund(&sim, &bearer, &hit, "RF-2", 4_000_000).await).await;
    assert_eq!(retried["trackingCode"], first["trackingCode"], "a retry is the same refund");
    assert_business(refund(&sim, &bearer, &hit, "RF-2", 5_000_000).await, 422, 9008).await;
    assert_business(refund(&sim, &bearer, &hit, "RF-3", 6_000_001).await, 422, 9012).await;

    let entry = &sim.ledger(Some(Gateway::Digipay), Some(hit.field("providerId")))[0];
    assert_eq!((entry.money, entry.returned, entry.kept, entry.refunds.len()), (Money::Kept, 4_000_000, 6_000_000, 1));
    assert_eq!(entry.refunds[0].tracking_code.as_deref(), first["trackingCode"].as_str());

    assert_eq!(refund(&sim, &bearer, &hit, "RF-4", 6_000_000).await.status(), StatusCode::OK);
    assert_business(refund(&sim, &bearer, &hit, "RF-5", 1).await, 422, 9012).await;
    let entry = &sim.ledger(Some(Gateway::Digipay), Some(hit.field("providerId")))[0];
    assert_eq!((entry.money, entry.returned, entry.kept, entry.stage), (Money::Returned, 10_000_000, 0, "reversed"));
}

#[tokio::test]
async fn a_purchase_is_reversed_once_and_only_when_verified_and_not_refunded() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;
    let reverse = |hit: &Hit| {
        let body = json!({"trackingCode": hit.field("trackingCode"), "providerId": hit.field("providerId")});
        client()
            .post(format!("{}/reverse?type={}", sim.digipay_base_url(), hit.field("type")))
            .bearer_auth(&bearer)
            .json(&body)
            .send()
    };
    let ipg = |provider_id: &'static str| {
        let (sim, bearer, merchant) = (&sim, &bearer, &merchant);
        async move {
            let created =
                json(ticket(sim, bearer, 0, &order(merchant, 7_000_000, "09121234567", provider_id)).await).await;
            let page = created["redirectUrl"].as_str().expect("page").to_owned();
            customer(Navigation::get(&page), PageAction::Pay, merchant).await.expect("called back")
        }
    };

    let hit = ipg("P-r1").await;
    assert_business(reverse(&hit).await.expect("answered"), 422, 9012).await;
    assert_eq!(verify(&sim, &bearer, &hit).await.status(), StatusCode::OK);
    assert_eq!(reverse(&hit).await.expect("answered").status(), StatusCode::OK);
    assert_business(reverse(&hit).await.expect("answered"), 422, 9012).await;
    assert_business(refund(&sim, &bearer, &hit, "RF-after-reverse", 1_000).await, 422, 9012).await;

    let refunded = ipg("P-r2").await;
    assert_eq!(verify(&sim, &bearer, &refunded).await.status(), StatusCode::OK);
    assert_eq!(refund(&sim, &bearer, &refunded, "RF-part", 1_000_000).await.status(), StatusCode::OK);
    assert_business(reverse(&refunded).await.expect("answered"), 422, 9012).await;
}
