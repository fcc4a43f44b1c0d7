//! Every gateway client against wiremock: the exact requests it sends, and what it makes of 5xx
//! answers, refusals, timeouts and malformed bodies (whole flows run against the simulators in tests/api).
use std::time::Duration;

use limoo_bff::{
    config::{PaymentSettings, Settings},
    domain::payment::GatewayVerdict,
    gateways::payments::{
        GiveBack, GiveBackRequest, PaymentStart, StartError, VerifyRequest,
        digipay::DigipayClient,
        gumroad::GumroadClient,
        payping::PayPingClient,
        saman::SamanClient,
        snapppay::{SnappPayClient, transaction_id},
        tara::TaraClient,
        vandar::VandarClient,
    },
};
use serde_json::json;
use wiremock::{
    Mock, MockServer, ResponseTemplate,
    matchers::{body_json, body_string_contains, header, header_exists, method, path, query_param},
};

fn settings(server: &MockServer) -> PaymentSettings {
    let mut settings = Settings::for_database("unused").payments;
    settings.snapp_pay_base_url = server.uri();
    settings.saman_base_url = server.uri();
    settings.saman_terminal_id = "134".to_owned();
    settings.digipay_base_url = server.uri();
    settings.vandar_base_url = server.uri();
    settings.payping_base_url = server.uri();
    settings.tara_base_url = server.uri();
    settings.gumroad_base_url = server.uri();
    settings.gumroad_api_base_url = server.uri();
    settings
}

fn http() -> reqwest::Client {
    reqwest::Client::builder().timeout(Duration::from_millis(500)).build().unwrap()
}

fn start(mobile: &str) -> PaymentStart {
    PaymentStart {
        amount: 3_900_000,
        callback_url: "https://shop.test/lemonade/api/payments/x/callback".to_owned(),
        mobile: Some(mobile.to_owned()),
        reference: "916132831".to_owned(),
        order_id: 7,
        description: "LIMOO_SHOP order 7".to_owned(),
        payer_ip: None,
        product_permalink: None,
    }
}

fn verify<'a>(authority: &'a str, ref_id: Option<&'a str>) -> VerifyRequest<'a> {
    VerifyRequest {
        payment_id: 916_132_831,
        authority,
        ref_id,
        amount: 3_900_000,
        product_permalink: None,
        ref_held_elsewhere: false,
    }
}

async fn snapp_login(server: &MockServer) {
    Mock::given(method("POST"))
        .and(path("/api/online/v1/oauth/token"))
        .and(header_exists("authorization"))
        .and(body_string_contains("grant_type=password"))
        .and(body_string_contains("scope=online-merchant"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "access_token": "t1", "token_type": "bearer", "expires_in": 3600
        })))
        .expect(1)
        .mount(server)
        .await;
}

fn snapp_ok(response: serde_json::Value) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(json!({ "successful": true, "response": response }))
}

#[tokio::test]
async fn snapp_pay_logs_in_once_checks_eligibility_and_asks_for_a_token_with_a_balanced_cart() {
    let server = MockServer::start().await;
    snapp_login(&server).await;
    Mock::given(method("GET"))
        .and(path("/api/online/offer/v1/eligible"))
        .and(query_param("amount", "3900000"))
        .and(query_param("mobile", "+989121234567"))
        .and(header("authorization", "Bearer t1"))
        .respond_with(snapp_ok(json!({ "eligible": true, "title_message": "۴ قسط", "description": "بدون کارمزد" })))
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/api/online/payment/v1/token"))
        .and(header("authorization", "Bearer t1"))
        .and(body_json(json!({
            "amount": 3_900_000,
            "discountAmount": 0,
            "externalSourceAmount": 0,
            "mobile": "+989121234567",
            "returnURL": "https://shop.test/lemonade/api/payments/x/callback",
            "transactionId": transaction_id(916_132_831),
            "paymentMethodTypeDto": "INSTALLMENT",
            "cartList": [{
                "cartId": 1, "isShipmentIncluded": true, "isTaxIncluded": true,
                "shippingAmount": 0, "taxAmount": 0, "totalAmount": 3_900_000,
                "cartItems": [{
                    "id": 1, "name": "LIMOO_SHOP order 7", "category": "diet",
                    "count": 1, "amount": 3_900_000, "commissionType": 100,
                }],
            }],
        })))
        .respond_with(snapp_ok(json!({ "paymentToken": "pt", "paymentPageUrl": "https://snapp.test/pay?t=pt" })))
        .expect(1)
        .mount(&server)
        .await;

    let client = SnappPayClient::new(http(), &settings(&server));
    let started = client.start(&start("+989121234567")).await.expect("started");
    assert_eq!(started.authority, "pt");
    assert_eq!(started.link, "https://snapp.test/pay?t=pt");
}

#[tokio::test]
async fn snapp_pay_verifies_then_settles_and_compares_the_amount_from_status() {
    let server = MockServer::start().await;
    snapp_login(&server).await;
    Mock::given(method("GET"))
        .and(path("/api/online/payment/v1/status"))
        .and(query_param("paymentToken", "pt"))
        .respond_with(snapp_ok(json!({ "transactionId": "x", "status": "PENDING", "amount": 3_900_000 })))
        .mount(&server)
        .await;
    for step in ["verify", "settle"] {
        Mock::given(method("POST"))
            .and(path(format!("/api/online/payment/v1/{step}")))
            .and(body_json(json!({ "paymentToken": "pt" })))
            .respond_with(snapp_ok(json!({ "transactionId": "x" })))
            .expect(1)
            .mount(&server)
            .await;
    }
    let client = SnappPayClient::new(http(), &settings(&server));
    assert_eq!(
        client.verify(&verify("pt", None)).await,
        GatewayVerdict::Paid { amount: 3_900_000, ref_id: "pt".to_owned() }
    );
}

#[tokio::test]
async fn snapp_pay_never_verifies_a_different_amount() {
    let server = MockServer::start().await;
    snapp_login(&server).await;
    Mock::given(method("GET"))
        .and(path("/api/online/payment/v1/status"))
        .respond_with(snapp_ok(json!({ "transactionId": "x", "status": "PENDING", "amount": 3_900_010 })))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/api/online/payment/v1/verify"))
        .respond_with(snapp_ok(json!({})))
        .expect(0)
        .mount(&server)
        .await;
    let client = SnappPayClient::new(http(), &settings(&server));
    let verdict = client.verify(&verify("pt", None)).await;
    // Never verified, so Snapp returns it by itself: not paid, and nothing to give back.
    assert!(matches!(verdict, GatewayVerdict::NotPaid { .. }), "{verdict:?}");
}

#[tokio::test]
async fn snapp_pay_5xx_timeouts_and_malformed_bodies_are_unavailable_or_unknown() {
    let server = MockServer::start().await;
    snapp_login(&server).await;
    Mock::given(method("GET"))
        .and(path("/api/online/offer/v1/eligible"))
        .respond_with(ResponseTemplate::new(500).set_body_json(json!({
            "successful": false, "errorData": { "errorCode": 1000, "message": "down" }
        })))
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/api/online/payment/v1/status"))
        .and(query_param("paymentToken", "slow"))
        .respond_with(snapp_ok(json!({})).set_delay(Duration::from_secs(2)))
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/api/online/payment/v1/status"))
        .and(query_param("paymentToken", "garbled"))
        .respond_with(ResponseTemplate::new(200).set_body_string("{\"successful\": tr"))
        .mount(&server)
        .await;
    let client = SnappPayClient::new(http(), &settings(&server));
    assert!(matches!(client.eligibility(3_900_000, None).await, Err(StartError::ServerError(500))));
    assert_eq!(client.verify(&verify("slow", None)).await, GatewayVerdict::Unknown);
    assert_eq!(client.verify(&verify("garbled", None)).await, GatewayVerdict::Unknown);
}

#[tokio::test]
async fn snapp_pay_logs_in_again_once_when_its_token_is_refused() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/api/online/v1/oauth/token"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "access_token": "t1", "expires_in": 3600 })))
        .expect(2)
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/api/online/offer/v1/eligible"))
        .respond_with(ResponseTemplate::new(401))
        .up_to_n_times(1)
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/api/online/offer/v1/eligible"))
        .respond_with(snapp_ok(json!({ "eligible": false, "description": "نه" })))
        .mount(&server)
        .await;
    let client = SnappPayClient::new(http(), &settings(&server));
    let offer = client.eligibility(100_000, None).await.expect("an answer after logging in again");
    assert!(!offer.eligible);
}

#[tokio::test]
async fn saman_asks_for_a_token_with_its_terminal_and_sends_the_browser_to_send_token() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/onlinepg/onlinepg"))
        .and(body_json(json!({
            "action": "token",
            "TerminalId": "134",
            "Amount": 3_900_000,
            "ResNum": "916132831",
            "ResNum1": "LIMOO_SHOP order 7",
            "RedirectUrl": "https://shop.test/lemonade/api/payments/x/callback",
            "CellNumber": "+989121234567",
        })))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "status": 1, "token": "tk" })))
        .expect(1)
        .mount(&server)
        .await;
    let client = SamanClient::new(http(), &settings(&server));
    let started = client.start(&start("+989121234567")).await.expect("started");
    assert_eq!(started.authority, "tk");
    assert_eq!(started.link, format!("{}/OnlinePG/SendToken?token=tk", server.uri()));
}

#[tokio::test]
async fn saman_refusals_5xx_and_malformed_token_answers_are_errors() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/onlinepg/onlinepg"))
        .and(body_string_contains("\"Amount\":1"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "status": -1, "errorCode": 5, "errorDesc": "InvalidParameters"
        })))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/onlinepg/onlinepg"))
        .and(body_string_contains("\"Amount\":500"))
        .respond_with(ResponseTemplate::new(502).set_body_string("<html>bad gateway</html>"))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/onlinepg/onlinepg"))
        .and(body_string_contains("\"Amount\":7"))
        .respond_with(ResponseTemplate::new(200).set_body_string("<html>"))
        .mount(&server)
        .await;
    let client = SamanClient::new(http(), &settings(&server));
    let with_amount = |amount| PaymentStart { amount, ..start("+989121234567") };
    let refused = client.start(&with_amount(1)).await;
    assert!(
        matches!(&refused, Err(StartError::Refused(m)) if m.contains(&"InvalidParameters".to_owned())),
        "{refused:?}"
    );
    assert!(matches!(client.start(&with_amount(500)).await, Err(StartError::ServerError(502))));
    assert!(matches!(client.start(&with_amount(7)).await, Err(StartError::Malformed(200))));
}

/// SEP's detail of the transaction `ref_num`.
fn sep_detail(ref_num: &str, amount: i64) -> serde_json::Value {
    json!({ "RRN": "000000000001", "RefNum": ref_num, "TerminalNumber": 134, "OrginalAmount": amount, "AffectiveAmount": amount })
}

#[tokio::test]
async fn saman_verifies_by_ref_num_and_counts_a_repeat_as_verified() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/verifyTxnRandomSessionkey/ipg/VerifyTransaction"))
        .and(body_json(json!({ "RefNum": "ref", "TerminalNumber": "134" })))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "Success": false, "ResultCode": 2, "ResultDescription": "تکراری", "TransactionDetail": sep_detail("ref", 3_900_000)
        })))
        .expect(1)
        .mount(&server)
        .await;
    let client = SamanClient::new(http(), &settings(&server));
    assert_eq!(
        client.verify(&verify("tk", Some("ref"))).await,
        GatewayVerdict::Paid { amount: 3_900_000, ref_id: "ref".to_owned() }
    );
    assert_eq!(client.verify(&verify("tk", None)).await, GatewayVerdict::Unknown, "no RefNum, nothing to verify");
}

#[tokio::test]
async fn saman_reverses_a_different_amount_and_treats_only_explicit_codes_as_unpaid() {
    let server = MockServer::start().await;
    let verify_path = "/verifyTxnRandomSessionkey/ipg/VerifyTransaction";
    Mock::given(method("POST"))
        .and(path(verify_path))
        .and(body_string_contains("wrong"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "Success": true, "ResultCode": 0, "TransactionDetail": sep_detail("wrong", 3_900_010)
        })))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path(verify_path))
        .and(body_string_contains("another"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "Success": true, "ResultCode": 2, "TransactionDetail": sep_detail("ref", 3_900_000)
        })))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/verifyTxnRandomSessionkey/ipg/ReverseTransaction"))
        .and(body_json(json!({ "RefNum": "wrong", "TerminalNumber": "134" })))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "Success": true, "ResultCode": 0 })))
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path(verify_path))
        .and(body_string_contains("late"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "Success": false, "ResultCode": -6 })))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path(verify_path))
        .and(body_string_contains("down"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path(verify_path))
        .and(body_string_contains("slow"))
        .respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(2)))
        .mount(&server)
        .await;
    let client = SamanClient::new(http(), &settings(&server));
    let other = client.verify(&verify("tk", Some("another"))).await;
    assert!(matches!(other, GatewayVerdict::NotPaid { .. }), "a detail of another RefNum proves nothing: {other:?}");
    let mismatch = client.verify(&verify("tk", Some("wrong"))).await;
    assert!(matches!(mismatch, GatewayVerdict::Paid { amount: 3_900_010, .. }), "{mismatch:?}");
    // The amount is judged by the caller, which gives the money back with a reverse.
    let back = GiveBackRequest { payment_id: 916_132_831, authority: "tk", ref_id: Some("wrong"), amount: 3_900_000 };
    assert_eq!(client.reverse(&back).await, GiveBack::Returned);
    assert!(matches!(client.verify(&verify("tk", Some("late"))).await, GatewayVerdict::NotPaid { .. }));
    assert_eq!(client.verify(&verify("tk", Some("down"))).await, GatewayVerdict::Unanswered);
    assert_eq!(client.verify(&verify("tk", Some("slow"))).await, GatewayVerdict::Unanswered);
}

async fn digipay_login(server: &MockServer) {
    Mock::given(method("POST"))
        .and(path("/oauth/token"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "access_token": "d1", "token_type": "bearer", "expires_in": 3599, "refresh_token": "r1"
        })))
        .mount(server)
        .await;
}

/// A verify answered 9012 (wrong purchase state): what Digipay says to a second verify of a purchase
/// whose first verify answer never arrived.
async fn digipay_verified_before(server: &MockServer, ticket_type: &str) {
    Mock::given(method("POST"))
        .and(path("/purchases/verify"))
        .and(query_param("type", ticket_type))
        .and(body_json(json!({ "trackingCode": "777", "providerId": "916132831" })))
        .respond_with(ResponseTemplate::new(422).set_body_json(json!({ "result": { "status": 9012 } })))
        .expect(1)
        .mount(server)
        .await;
}

fn digipay_ok() -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(json!({ "result": { "status": 0, "title": "SUCCESS" } }))
}

#[tokio::test]
async fn digipay_reverses_an_ipg_purchase_whose_verify_went_unanswered_so_the_money_goes_back() {
    let server = MockServer::start().await;
    digipay_login(&server).await;
    digipay_verified_before(&server, "0").await;
    Mock::given(method("POST"))
        .and(path("/reverse"))
        .and(query_param("type", "0"))
        .and(body_json(json!({ "trackingCode": "777", "providerId": "916132831" })))
        .respond_with(digipay_ok())
        .expect(1)
        .mount(&server)
        .await;
    let client = DigipayClient::new(http(), &settings(&server));

    let verdict = client.verify(&verify("ticket", Some("0:777"))).await;
    assert!(matches!(verdict, GatewayVerdict::GivenBack { ref ref_id, .. } if ref_id == "0:777"), "{verdict:?}");
}

#[tokio::test]
async fn digipay_delivers_a_credit_purchase_whose_verify_went_unanswered_and_counts_it_paid() {
    let server = MockServer::start().await;
    digipay_login(&server).await;
    digipay_verified_before(&server, "5").await;
    Mock::given(method("POST"))
        .and(path("/purchases/deliver"))
        .and(query_param("type", "5"))
        .and(body_string_contains("\"trackingCode\":\"777\""))
        .respond_with(digipay_ok())
        .expect(1)
        .mount(&server)
        .await;
    let client = DigipayClient::new(http(), &settings(&server));

    assert_eq!(
        client.verify(&verify("ticket", Some("5:777"))).await,
        GatewayVerdict::Paid { amount: 3_900_000, ref_id: "5:777".to_owned() }
    );
}

/// A first verify that Digipay accepts, for a purchase of `ticket_type`.
async fn digipay_verifies(server: &MockServer, ticket_type: &str) {
    Mock::given(method("POST"))
        .and(path("/purchases/verify"))
        .and(query_param("type", ticket_type))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "result": { "status": 0 }, "trackingCode": "777", "providerId": "916132831", "amount": 3_900_000
        })))
        .expect(1)
        .mount(server)
        .await;
}

/// Digipay's answer to a delivery of the credit purchase 777, expected `times` times.
async fn digipay_delivery(server: &MockServer, answer: ResponseTemplate, times: u64) {
    Mock::given(method("POST"))
        .and(path("/purchases/deliver"))
        .and(body_string_contains("\"trackingCode\":\"777\""))
        .respond_with(answer)
        .expect(times)
        .mount(server)
        .await;
}

#[tokio::test]
async fn digipay_delivers_a_verified_credit_purchase_so_the_merchant_is_settled() {
    let server = MockServer::start().await;
    digipay_login(&server).await;
    digipay_verifies(&server, "13").await;
    digipay_delivery(&server, digipay_ok(), 1).await;
    let client = DigipayClient::new(http(), &settings(&server));

    assert_eq!(
        client.verify(&verify("ticket", Some("13:777"))).await,
        GatewayVerdict::Paid { amount: 3_900_000, ref_id: "13:777".to_owned() }
    );
}

#[tokio::test]
async fn digipay_a_refused_delivery_does_not_undo_the_customers_verified_payment() {
    let server = MockServer::start().await;
    digipay_login(&server).await;
    digipay_verifies(&server, "5").await;
    let refused = ResponseTemplate::new(422).set_body_json(json!({ "result": { "status": 9012 } }));
    digipay_delivery(&server, refused, 1).await;
    let client = DigipayClient::new(http(), &settings(&server));

    assert!(matches!(client.verify(&verify("ticket", Some("5:777"))).await, GatewayVerdict::Paid { .. }));
}

#[tokio::test]
async fn digipay_delivers_nothing_for_an_ipg_purchase() {
    let server = MockServer::start().await;
    digipay_login(&server).await;
    digipay_verifies(&server, "0").await;
    digipay_delivery(&server, digipay_ok(), 0).await;
    let client = DigipayClient::new(http(), &settings(&server));

    assert!(matches!(client.verify(&verify("ticket", Some("0:777"))).await, GatewayVerdict::Paid { .. }));
}

#[tokio::test]
async fn digipay_asks_again_later_when_neither_reverse_nor_delivery_is_accepted() {
    let server = MockServer::start().await;
    digipay_login(&server).await;
    digipay_verified_before(&server, "0").await;
    Mock::given(method("POST"))
        .and(path("/reverse"))
        .respond_with(ResponseTemplate::new(422).set_body_json(json!({ "result": { "status": 9012 } })))
        .mount(&server)
        .await;
    let client = DigipayClient::new(http(), &settings(&server));

    // Verified before, so the money may be taken: nothing replaces the payment until Digipay answers.
    assert_eq!(client.verify(&verify("ticket", Some("0:777"))).await, GatewayVerdict::Unanswered);
}

#[tokio::test]
async fn vandar_sends_the_documented_send_body_and_links_to_its_v3_page() {
    let server = MockServer::start().await;
    let settings = settings(&server);
    Mock::given(method("POST"))
        .and(path("/api/v3/send"))
        .and(body_json(json!({
            "api_key": settings.vandar_api_key.expose(),
            "amount": 3_900_000,
            "callback_url": "https://shop.test/lemonade/api/payments/x/callback",
            "mobile_number": "09121234567",
            "factorNumber": "916132831",
            "description": "LIMOO_SHOP order 7",
        })))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "status": 1, "token": "tk" })))
        .expect(1)
        .mount(&server)
        .await;
    let client = VandarClient::new(http(), &settings);

    let started = client.start(&start("09121234567")).await.expect("started");
    assert_eq!((started.authority.as_str(), started.link), ("tk", format!("{}/v3/tk", server.uri())));
}

#[tokio::test]
async fn vandar_5xx_refusals_and_unreadable_answers_are_distinct_start_errors() {
    let server = MockServer::start().await;
    let client = VandarClient::new(http(), &settings(&server));
    let answer = |template: ResponseTemplate| Mock::given(method("POST")).respond_with(template).up_to_n_times(1);
    answer(ResponseTemplate::new(503)).mount(&server).await;
    assert!(matches!(client.start(&start("09121234567")).await, Err(StartError::ServerError(503))));
    answer(ResponseTemplate::new(200).set_body_string("<html>")).mount(&server).await;
    assert!(matches!(client.start(&start("09121234567")).await, Err(StartError::Malformed(200))));
    let refused = json!({ "status": 0, "errors": ["مبلغ نامعتبر است"] });
    answer(ResponseTemplate::new(422).set_body_json(refused)).mount(&server).await;
    let refusal = client.start(&start("09121234567")).await;
    assert!(matches!(&refusal, Err(StartError::Refused(messages)) if messages == &["مبلغ نامعتبر است"]), "{refusal:?}");
}

#[tokio::test]
async fn vandar_asks_the_transaction_first_and_verifies_only_a_paid_unverified_one() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/api/v3/transaction"))
        .and(body_string_contains("\"token\":\"done\""))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({ "code": 2, "amount": 3_900_000, "transId": 55 })),
        )
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/api/v3/transaction"))
        .and(body_string_contains("\"token\":\"paid\""))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "code": 1, "amount": 3_900_000 })))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/api/v3/verify"))
        .and(body_string_contains("\"token\":\"paid\""))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({ "status": 1, "amount": 3_900_000, "transId": 56 })),
        )
        .expect(1)
        .mount(&server)
        .await;
    let client = VandarClient::new(http(), &settings(&server));

    // Verified already (a repeated callback, a crash): no second verify.
    assert_eq!(
        client.verify(&verify("done", None)).await,
        GatewayVerdict::Paid { amount: 3_900_000, ref_id: "55".to_owned() }
    );
    assert_eq!(
        client.verify(&verify("paid", None)).await,
        GatewayVerdict::Paid { amount: 3_900_000, ref_id: "56".to_owned() }
    );
}

#[tokio::test]
async fn vandar_verify_5xx_timeouts_and_unreadable_answers_leave_the_payment_unknown() {
    let server = MockServer::start().await;
    let info = |token: &str, template: ResponseTemplate| {
        Mock::given(method("POST"))
            .and(path("/api/v3/transaction"))
            .and(body_string_contains(format!("\"{token}\"")))
            .respond_with(template)
    };
    info("down", ResponseTemplate::new(502)).mount(&server).await;
    info("slow", ResponseTemplate::new(200).set_delay(Duration::from_secs(2))).mount(&server).await;
    info("garbled", ResponseTemplate::new(200).set_body_string("{")).mount(&server).await;
    info("refused", ResponseTemplate::new(200).set_body_json(json!({ "code": 1 }))).mount(&server).await;
    Mock::given(method("POST"))
        .and(path("/api/v3/verify"))
        .respond_with(ResponseTemplate::new(422).set_body_json(json!({ "status": 0, "errors": ["تراکنش ناموفق است"] })))
        .mount(&server)
        .await;
    let client = VandarClient::new(http(), &settings(&server));

    for token in ["down", "slow", "garbled"] {
        assert_eq!(client.verify(&verify(token, None)).await, GatewayVerdict::Unknown, "{token}: nothing verified");
    }
    assert!(matches!(client.verify(&verify("refused", None)).await, GatewayVerdict::NotPaid { .. }));
}

#[tokio::test]
async fn vandar_verify_whose_answer_is_lost_may_have_taken_the_money() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/api/v3/transaction"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "code": 1, "amount": 3_900_000 })))
        .mount(&server)
        .await;
    let verify_answers = |token: &str, template: ResponseTemplate| {
        Mock::given(method("POST"))
            .and(path("/api/v3/verify"))
            .and(body_string_contains(format!("\"{token}\"")))
            .respond_with(template)
    };
    verify_answers("down", ResponseTemplate::new(502)).mount(&server).await;
    verify_answers("slow", ResponseTemplate::new(200).set_delay(Duration::from_secs(2))).mount(&server).await;
    verify_answers("cut", ResponseTemplate::new(200).set_body_string("{\"status\": 1, \"amo")).mount(&server).await;
    let client = VandarClient::new(http(), &settings(&server));

    for token in ["down", "slow", "cut"] {
        assert_eq!(client.verify(&verify(token, None)).await, GatewayVerdict::Unanswered, "{token}");
    }
}

#[tokio::test]
async fn payping_pays_with_its_bearer_token_and_verifies_with_the_reference_and_database_amount() {
    let server = MockServer::start().await;
    let settings = settings(&server);
    Mock::given(method("POST"))
        .and(path("/v3/pay"))
        .and(header("authorization", format!("Bearer {}", settings.payping_token.expose()).as_str()))
        .and(body_json(json!({
            "amount": 3_900_000,
            "returnUrl": "https://shop.test/lemonade/api/payments/x/callback",
            "payerIdentity": "09121234567",
            "description": "LIMOO_SHOP order 7",
            "clientRefId": "916132831",
            "isReversible": true,
        })))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({ "paymentCode": "pc", "url": "https://pay.test/pc" })),
        )
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/v3/pay/verify"))
        .and(body_json(json!({ "paymentRefId": 4321, "paymentCode": "pc", "amount": 3_900_000 })))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({ "amount": 3_900_000, "cardNumber": "6037****1234" })),
        )
        .expect(1)
        .mount(&server)
        .await;
    let client = PayPingClient::new(http(), &settings);

    let started = client.start(&start("09121234567")).await.expect("started");
    assert_eq!((started.authority.as_str(), started.link.as_str()), ("pc", "https://pay.test/pc"));
    assert_eq!(
        client.verify(&verify("pc", Some("4321"))).await,
        GatewayVerdict::Paid { amount: 3_900_000, ref_id: "4321".to_owned() }
    );
}

#[tokio::test]
async fn payping_reads_an_already_verified_payment_from_its_409_and_never_verifies_without_a_reference() {
    let server = MockServer::start().await;
    let original = json!({ "Amount": 3_900_000, "CardNumber": "6037****1234" }).to_string();
    let verified_before = json!({ "metaData": { "code": 110, "message": original } });
    let verified = |reference: &str, template: ResponseTemplate| {
        Mock::given(method("POST"))
            .and(path("/v3/pay/verify"))
            .and(body_string_contains(reference.to_owned()))
            .respond_with(template)
    };
    verified("\"paymentRefId\":1", ResponseTemplate::new(409).set_body_json(verified_before)).mount(&server).await;
    verified(
        "\"paymentRefId\":2",
        ResponseTemplate::new(400).set_body_json(json!({ "metaData": { "errors": [{ "message": "پرداخت ناموفق" }] } })),
    )
    .mount(&server)
    .await;
    verified("\"paymentRefId\":3", ResponseTemplate::new(500)).mount(&server).await;
    let client = PayPingClient::new(http(), &settings(&server));

    assert_eq!(
        client.verify(&verify("pc", Some("1"))).await,
        GatewayVerdict::Paid { amount: 3_900_000, ref_id: "1".to_owned() }
    );
    assert!(matches!(client.verify(&verify("pc", Some("2"))).await, GatewayVerdict::NotPaid { .. }));
    assert_eq!(client.verify(&verify("pc", Some("3"))).await, GatewayVerdict::Unanswered, "a verify went out");
    assert_eq!(client.verify(&verify("pc", None)).await, GatewayVerdict::Unknown);
    assert_eq!(server.received_requests().await.map_or(0, |r| r.len()), 3, "no call without a reference");
}

async fn tara_login(server: &MockServer) {
    Mock::given(method("POST"))
        .and(path("/api/v2/authenticate"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "accessToken": "ta1" })))
        .expect(1)
        .mount(server)
        .await;
}

#[tokio::test]
async fn tara_logs_in_asks_for_a_token_with_one_invoice_line_and_hands_the_browser_a_form() {
    let server = MockServer::start().await;
    let settings = settings(&server);
    tara_login(&server).await;
    Mock::given(method("POST"))
        .and(path("/api/getToken"))
        .and(header("authorization", "Bearer ta1"))
        .and(body_string_contains("\"amount\":\"3900000\""))
        .and(body_string_contains("\"mobile\":\"+989121234567\""))
        .and(body_string_contains("\"orderId\":\"916132831\""))
        .and(body_string_contains("\"taraInvoiceItemList\":[{"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "result": 0, "token": "tt" })))
        .expect(1)
        .mount(&server)
        .await;
    let client = TaraClient::new(http(), &settings);

    let started = client.start(&start("+989121234567")).await.expect("started");
    let form = client.browser_form(&started.authority);
    assert_eq!(started.link, format!("{}/api/ipgPurchase", server.uri()));
    assert_eq!(form.action, started.link);
    assert_eq!(
        form.fields,
        [("token".to_owned(), "tt".to_owned()), ("username".to_owned(), settings.tara_username.clone())]
    );
}

#[tokio::test]
async fn tara_refusals_5xx_and_answers_without_result_are_distinct_start_errors() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/api/v2/authenticate"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "accessToken": "ta1" })))
        .mount(&server)
        .await;
    let token = |template: ResponseTemplate| {
        Mock::given(method("POST")).and(path("/api/getToken")).respond_with(template).up_to_n_times(1)
    };
    let client = TaraClient::new(http(), &settings(&server));
    token(ResponseTemplate::new(500)).mount(&server).await;
    assert!(matches!(client.start(&start("+989121234567")).await, Err(StartError::ServerError(500))));
    token(ResponseTemplate::new(200).set_body_json(json!({ "token": "tt" }))).mount(&server).await;
    assert!(matches!(client.start(&start("+989121234567")).await, Err(StartError::Malformed(200))));
    let above_limit = json!({ "result": 13, "description": "سقف اعتبار کافی نیست" });
    token(ResponseTemplate::new(200).set_body_json(above_limit)).mount(&server).await;
    let refusal = client.start(&start("+989121234567")).await;
    assert!(matches!(&refusal, Err(StartError::Refused(m)) if m[0] == "سقف اعتبار کافی نیست"), "{refusal:?}");
}

#[tokio::test]
async fn tara_verify_pays_with_rrn_and_amount_and_leaves_timeouts_unanswered() {
    let server = MockServer::start().await;
    tara_login(&server).await;
    let verified = |token: &str, template: ResponseTemplate| {
        Mock::given(method("POST"))
            .and(path("/api/purchaseVerify"))
            .and(body_string_contains(format!("\"token\":\"{token}\"")))
            .respond_with(template)
    };
    verified("ok", ResponseTemplate::new(200).set_body_json(json!({ "result": 0, "rrn": "r1", "amount": "3900000" })))
        .mount(&server)
        .await;
    verified("slow", ResponseTemplate::new(200).set_delay(Duration::from_secs(2))).mount(&server).await;
    verified("down", ResponseTemplate::new(503)).mount(&server).await;
    let client = TaraClient::new(http(), &settings(&server));

    assert_eq!(
        client.verify(&verify("ok", None)).await,
        GatewayVerdict::Paid { amount: 3_900_000, ref_id: "r1".to_owned() }
    );
    assert_eq!(client.verify(&verify("slow", None)).await, GatewayVerdict::Unanswered);
    assert_eq!(client.verify(&verify("down", None)).await, GatewayVerdict::Unanswered);
}

#[tokio::test]
async fn gumroad_subscribes_its_callback_once_and_links_to_the_permalink_with_the_reference() {
    let server = MockServer::start().await;
    let settings = settings(&server);
    let bearer = format!("Bearer {}", settings.gumroad_access_token.expose());
    Mock::given(method("GET"))
        .and(path("/v2/resource_subscriptions"))
        .and(query_param("resource_name", "sale"))
        .and(header("authorization", bearer.as_str()))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({ "success": true, "resource_subscriptions": [] })),
        )
        .up_to_n_times(1)
        .mount(&server)
        .await;
    Mock::given(method("PUT"))
        .and(path("/v2/resource_subscriptions"))
        .and(body_string_contains("resource_name=sale"))
        .and(body_string_contains("post_url=https%3A%2F%2Fshop.test%2Flemonade%2Fapi%2Fpayments%2Fx%2Fcallback"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "success": true })))
        .expect(1)
        .mount(&server)
        .await;
    let subscribed = json!({ "success": true, "resource_subscriptions": [
        { "post_url": "https://shop.test/lemonade/api/payments/x/callback" }
    ] });
    Mock::given(method("GET"))
        .and(path("/v2/resource_subscriptions"))
        .respond_with(ResponseTemplate::new(200).set_body_json(subscribed))
        .mount(&server)
        .await;
    let client = GumroadClient::new(http(), &settings);
    let mut order = start("+989121234567");
    order.product_permalink = Some("limoo-diet".to_owned());

    for _ in 0..2 {
        let started = client.start(&order).await.expect("started");
        assert_eq!(started.link, format!("{}/l/limoo-diet?reference=916132831&mobile=%2B989121234567", server.uri()));
    }
    order.product_permalink = None;
    assert!(matches!(client.start(&order).await, Err(StartError::Refused(_))), "a permalink is required");
}

#[tokio::test]
async fn gumroad_confirms_the_pinged_sale_and_refuses_a_refunded_or_unknown_one() {
    let server = MockServer::start().await;
    let sale = |id: &str, status: u16, body: serde_json::Value| {
        Mock::given(method("GET"))
            .and(path(format!("/v2/sales/{id}")))
            .respond_with(ResponseTemplate::new(status).set_body_json(body))
    };
    sale("s1", 200, json!({ "success": true, "sale": { "paid": true, "refunded": false } })).mount(&server).await;
    sale("s2", 200, json!({ "success": true, "sale": { "paid": true, "refunded": true } })).mount(&server).await;
    sale("s3", 404, json!({ "success": false, "message": "not found" })).mount(&server).await;
    sale("s4", 502, json!({})).mount(&server).await;
    let client = GumroadClient::new(http(), &settings(&server));

    assert_eq!(
        client.verify(&verify("916132831", Some("s1"))).await,
        GatewayVerdict::Paid { amount: 3_900_000, ref_id: "s1".to_owned() }
    );
    assert!(matches!(client.verify(&verify("916132831", Some("s2"))).await, GatewayVerdict::NotPaid { .. }));
    assert!(matches!(client.verify(&verify("916132831", Some("s3"))).await, GatewayVerdict::NotPaid { .. }));
    assert_eq!(client.verify(&verify("916132831", Some("s4"))).await, GatewayVerdict::Unanswered, "a pinged sale");
    assert_eq!(client.verify(&verify("916132831", None)).await, GatewayVerdict::Unknown, "only a ping names the sale");
}

#[tokio::test]
async fn digipay_asks_for_a_type_11_ticket_with_its_headers_and_a_one_item_basket() {
    let server = MockServer::start().await;
    digipay_login(&server).await;
    Mock::given(method("POST"))
        .and(path("/tickets/business"))
        .and(query_param("type", "11"))
        .and(header("authorization", "Bearer d1"))
        .and(header("agent", "WEB"))
        .and(header("digipay-version", "2022-02-02"))
        .and(body_string_contains("\"cellNumber\":\"09121234567\""))
        .and(body_string_contains("\"amount\":3900000"))
        .and(body_string_contains("\"providerId\":\"916132831\""))
        .and(body_string_contains("\"basketId\":\"7\""))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "result": { "status": 0 }, "ticket": "v2:t", "redirectUrl": "https://pay.test/web-pay/tgs/v2:t"
        })))
        .expect(1)
        .mount(&server)
        .await;
    let client = DigipayClient::new(http(), &settings(&server));

    let started = client.start(&start("09121234567")).await.expect("started");
    assert_eq!((started.authority.as_str(), started.link.as_str()), ("v2:t", "https://pay.test/web-pay/tgs/v2:t"));
}

#[tokio::test]
async fn digipay_business_refusals_5xx_and_tickets_without_a_link_are_distinct_start_errors() {
    let server = MockServer::start().await;
    digipay_login(&server).await;
    let ticket = |template: ResponseTemplate| {
        Mock::given(method("POST")).and(path("/tickets/business")).respond_with(template).up_to_n_times(1)
    };
    let client = DigipayClient::new(http(), &settings(&server));
    let not_issuable = json!({ "result": { "status": 9031, "message": "امکان صدور تیکت برای این کاربر وجود ندارد" } });
    ticket(ResponseTemplate::new(422).set_body_json(not_issuable)).mount(&server).await;
    let refusal = client.start(&start("09121230000")).await;
    assert!(
        matches!(&refusal, Err(StartError::Refused(m)) if m.contains(&"digipay status 9031".to_owned())),
        "{refusal:?}"
    );
    ticket(ResponseTemplate::new(500)).mount(&server).await;
    assert!(matches!(client.start(&start("09121234567")).await, Err(StartError::ServerError(500))));
    ticket(ResponseTemplate::new(200).set_body_json(json!({ "result": { "status": 0 } }))).mount(&server).await;
    assert!(matches!(client.start(&start("09121234567")).await, Err(StartError::Malformed(200))));
}
