//! What the payment-result pages read: the mentor link, the partner-discount SMS text through the
//! GraphQL gateway path, and the Snapp A/B flag the checkout keeps in the order's meta.
use limoo_bff::{messages, store::customers};
use limoo_simulators::{
    PageAction,
    browser::{self, Navigation},
};
use limoo_tests::{AppOptions, MENTOR_LINK_BASE_URL, TestApp, payment::payment_request, spawn_app};
use reqwest::Method;
use serde_json::{Value, json};

/// The demo bundle whose meta `type` is PARTNER_DISCOUNT.
const PARTNER_BUNDLE: i64 = 142;
const ONE_MONTH_DIET: i64 = 101;
const SMS_QUERY: &str =
    "query PartnerSms($orderId: Int!) { partnerDiscountSmsLogs(filter: {orderId: $orderId}) { message } }";

/// Pays the order online through the simulator's hosted page, as the browser would.
async fn pay(app: &TestApp, token: &str, order: i64) {
    let body = payment_request(app, token, order, "online");
    let (status, reply) = app.post_as(token, "/lemonade/api/payments", &body).await;
    assert_eq!(status, 200, "{reply}");
    let link = reply["paymentLink"].as_str().expect("paymentLink");
    let callback = browser::press(Navigation::get(link), PageAction::Pay).await.expect("page").expect("called back");
    let browser = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    callback.send(&browser).await.expect("the BFF answered the callback");
    assert_eq!(app.invoice(token, order).await.1["status"], "PAYMENT_SUCCESS");
}

async fn sms_logs(app: &TestApp, token: &str, order: i64) -> (u16, Value) {
    let body = json!({ "query": SMS_QUERY, "variables": { "orderId": order } });
    app.post_as(token, "/lemonade/api/gateway/graphql", &body).await
}

#[tokio::test]
async fn the_mentor_link_is_the_base_address_and_the_customers_profile_number() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let (status, reply) = app.get_as(&token, "/mentors/link-by-mobile").await;
    assert_eq!(status, 200, "{reply}");
    let link = reply["mentorLink"].as_str().expect("mentorLink");
    let id = app.tokens().verify(&token).ok().and_then(|claims| claims.customer_id()).expect("customer id");
    let customer = customers::find_by_id(app.db(), id).await.unwrap().expect("stored");
    assert!(!customer.profile_number.is_empty());
    assert_eq!(link, format!("{MENTOR_LINK_BASE_URL}{}", customer.profile_number));

    for own in ["09121234567", "9121234567", "+989121234567", "۰۹۱۲۱۲۳۴۵۶۷"] {
        let (status, reply) = app.get_as(&token, &format!("/mentors/link-by-mobile?mobile={}", urlencoding(own))).await;
        assert_eq!((status, reply["mentorLink"].as_str()), (200, Some(link)), "{own}: {reply}");
    }
}

/// `+` and non-ASCII digits as a query string carries them.
fn urlencoding(raw: &str) -> String {
    raw.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

#[tokio::test]
async fn a_deployment_without_a_mentor_service_gives_no_mentor_link() {
    let options = AppOptions { mentor_link_base_url: None, ..AppOptions::default() };
    let app = TestApp::spawn(options).await.expect("test app");
    let token = app.existing_customer("09121234567").await;
    // A normal answer with nothing to link: the success page shows no button and logs no failed call.
    let (status, reply) = app.get_as(&token, "/mentors/link-by-mobile").await;
    assert_eq!((status, &reply), (200, &serde_json::json!({})), "{reply}");
}

#[tokio::test]
async fn mentor_link_errors_name_the_case_the_success_page_acts_on() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    app.existing_customer("09351112233").await;

    let (status, reply) = app.get_as(&token, "/mentors/link-by-mobile?mobile=09351112233").await;
    assert_eq!((status, reply["err"]["code"].as_str()), (404, Some("USER_NOT_FOUND")), "another customer: {reply}");
    let (status, reply) = app.get_as(&token, "/mentors/link-by-mobile?mobile=%20").await;
    assert_eq!((status, reply["err"]["code"].as_str()), (404, Some("MOBILE_NUMBER_NOT_FOUND")), "{reply}");

    app.execute_sql("UPDATE customer SET profile_number = '' WHERE mobile = '+989121234567'").await;
    let (status, reply) = app.get_as(&token, "/mentors/link-by-mobile").await;
    assert_eq!((status, reply["err"]["code"].as_str()), (404, Some("PROFILE_NUMBER_NOT_FOUND")), "{reply}");
    assert_eq!(reply["err"]["message"], "شماره پرونده شما پیدا نشد.");

    app.execute_sql("DELETE FROM customer").await;
    let (status, reply) = app.get_as(&token, "/mentors/link-by-mobile").await;
    assert_eq!((status, reply["err"]["code"].as_str()), (404, Some("USER_NOT_FOUND")), "{reply}");

    let anonymous = app.client.get(app.url("/mentors/link-by-mobile")).send().await.unwrap();
    assert_eq!(anonymous.status().as_u16(), 401);
}

#[tokio::test]
async fn a_paid_partner_discount_order_sends_one_sms_whose_text_the_graphql_path_answers() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[PARTNER_BUNDLE]).await;
    let (status, before) = sms_logs(&app, &token, order).await;
    assert_eq!((status, &before["data"]["partnerDiscountSmsLogs"]), (200, &json!([])), "nothing before payment");

    pay(&app, &token, order).await;

    let sent: Vec<_> = app.sims().sms_outbox("09121234567").into_iter().filter(|sms| sms.template.is_none()).collect();
    assert_eq!(sent.len(), 1, "one partner-discount SMS: {sent:?}");
    let (status, reply) = sms_logs(&app, &token, order).await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!(reply["data"]["partnerDiscountSmsLogs"], json!([{ "message": sent[0].message }]));
    assert!(sent[0].message.contains(&format!("سفارش {}", messages::persian_number(order))), "{}", sent[0].message);

    let inline = format!("{{ partnerDiscountSmsLogs(filter: {{orderId: {order}}}) {{ message }} }}");
    let (_, reply) = app.post_as(&token, "/lemonade/api/gateway/graphql", &json!({ "query": inline })).await;
    assert_eq!(reply["data"]["partnerDiscountSmsLogs"][0]["message"], sent[0].message.as_str());

    let stranger = app.existing_customer("09351112233").await;
    let (status, reply) = sms_logs(&app, &stranger, order).await;
    assert_eq!((status, &reply["data"]["partnerDiscountSmsLogs"]), (200, &json!([])), "not the stranger's order");
}

#[tokio::test]
async fn an_order_without_a_partner_discount_product_sends_no_sms() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[ONE_MONTH_DIET]).await;
    pay(&app, &token, order).await;
    assert!(app.sims().sms_outbox("09121234567").iter().all(|sms| sms.template.is_some()), "no free-text SMS");
    let (_, reply) = sms_logs(&app, &token, order).await;
    assert_eq!(reply["data"]["partnerDiscountSmsLogs"], json!([]));
}

#[tokio::test]
async fn any_other_graphql_query_answers_a_graphql_errors_array() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    for query in
        ["{ orders { id } }", "{ partnerDiscountSmsLogs(filter: {orderId: 1}) { message id } }", "mutation { x }"]
    {
        let (status, reply) = app.post_as(&token, "/lemonade/api/gateway/graphql", &json!({ "query": query })).await;
        assert_eq!(status, 400, "{query}: {reply}");
        assert!(reply["errors"][0]["message"].as_str().is_some_and(|m| !m.is_empty()), "{reply}");
        assert!(reply.get("data").is_none(), "{reply}");
    }
    let (status, reply) = app.post_as(&token, "/lemonade/api/gateway/graphql", &json!({ "nope": 1 })).await;
    assert_eq!(status, 400, "{reply}");
    assert!(reply["errors"][0]["message"].is_string(), "{reply}");
}

#[tokio::test]
async fn the_snapp_ab_flag_is_merged_into_the_owners_order_meta() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let body = json!({ "productIds": [ONE_MONTH_DIET], "meta": { "SPV": "C" } });
    let (status, created) = app.post_as(&token, "/lemonade/api/orders", &body).await;
    assert_eq!(status, 200, "{created}");
    let order = created["id"].as_i64().unwrap();
    let path = format!("/lemonade/api/orders/user/{order}");

    for value in [true, false] {
        let patch = json!({ "meta": { "SNAPP_TEST_VAL": value } });
        let (status, reply) = app.call_as(Method::PATCH, &token, &path, Some(&patch)).await;
        assert_eq!(status, 200, "{reply}");
        assert_eq!(reply["meta"], json!({ "SPV": "C", "SNAPP_TEST_VAL": value }), "other keys stay");
    }

    let stranger = app.existing_customer("09351112233").await;
    let patch = json!({ "meta": { "SNAPP_TEST_VAL": true } });
    let (status, reply) = app.call_as(Method::PATCH, &stranger, &path, Some(&patch)).await;
    assert_eq!((status, reply["err"]["code"].as_str()), (404, Some("404")), "only the owner: {reply}");

    for refused in
        [json!({ "meta": { "SNAPP_TEST_VAL": "yes" } }), json!({ "meta": { "SPV": "F", "SNAPP_TEST_VAL": true } })]
    {
        let (status, reply) = app.call_as(Method::PATCH, &token, &path, Some(&refused)).await;
        assert_eq!(status, 400, "{refused}: {reply}");
    }
}
