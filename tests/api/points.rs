//! Points over HTTP: the balance, holding and releasing, the RESERVED lock, expiry, the 409 of an
//! invoice whose points went elsewhere, and fifty concurrent holds on two orders.
use limoo_tests::{TestApp, spawn_app};
use serde_json::{Value, json};

const HELD_ELSEWHERE: &str = "امتیاز شما برای سفارش دیگری رزرو شده است. لطفا سی دقیقه دیگر دوباره تلاش کنید.";
const RESERVED: &str = "امتیاز شما برای این سفارش رزرو شده است. لطفا سی دقیقه دیگر دوباره تلاش کنید.";
const MAX_USAGE: &str =
    "متاسفانه امکان تخفیف بیشتر برایمان مقدور نیست و حداکثر میزان تخفیف در این محصول برای شما لحاظ شده است.";
const ALREADY_USED: &str = "شما قبلا امتیاز خود را برای پرداخت سفارش دیگری استفاده کرده اید. در صورت عدم پرداخت سفارش قبلی تا یک ساعت استفاده از امتیاز مجددا برای شما فعال خواهد شد.";

async fn points_call(app: &TestApp, token: &str, call: &str, order_id: i64) -> (u16, Value) {
    app.post_as(token, &format!("/lemonade/api/userPoints/{call}"), &json!({ "orderId": order_id })).await
}

async fn cancel(app: &TestApp, token: &str, path: &str, order_id: i64) -> (u16, Value) {
    app.call_as(reqwest::Method::POST, token, &format!("{path}?orderId={order_id}"), None).await
}

async fn total(app: &TestApp, token: &str) -> Value {
    let (status, reply) = app.get_as(token, "/lemonade/api/userPoints/totalPoints?_=1700000000000").await;
    assert_eq!(status, 200, "{reply}");
    reply
}

/// A hold's 30 minutes pass on the shop's clock; the customer signs in again, their 15-minute token having expired.
async fn hold_lapses(app: &TestApp) -> String {
    app.advance_clock(31 * 60).await;
    app.token_for("09121234567", 1).await
}

fn assert_refused(reply: &(u16, Value), message: &str) {
    assert_eq!((reply.0, reply.1["err"]["code"].as_str()), (400, Some("400")), "{}", reply.1);
    assert_eq!(reply.1["err"]["message"], message);
}

#[tokio::test]
async fn total_points_shows_the_balance_and_is_never_cached() {
    let app = spawn_app().await;
    let token = app.customer_with_points("09121234567", 250).await;
    let response = app
        .client
        .get(app.url("/lemonade/api/userPoints/totalPoints?_=1700000000000"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["cache-control"], "no-store");
    let reply: Value = response.json().await.unwrap();
    assert_eq!(
        reply,
        json!({
            "unUsedPoints": { "count": 250, "monetaryValue": 250_000 },
            "reservedPoints": { "count": 0, "monetaryValue": 0 },
            "defaultPointValue": 1000,
            "currency": "تومان",
            "userPoints": []
        })
    );
    let anonymous = app.client.get(app.url("/lemonade/api/userPoints/totalPoints")).send().await.unwrap();
    assert_eq!(anonymous.status(), 401);
}

#[tokio::test]
async fn switching_points_on_spreads_them_over_the_lines_down_to_each_minimum() {
    let app = spawn_app().await;
    let token = app.customer_with_points("09121234567", 250).await;
    let order = app.create_order(&token, &[101, 151]).await;
    let (status, reply) = points_call(&app, &token, "set", order).await;
    assert_eq!(status, 200, "{reply}");
    let hold = &reply["userPoint"];
    assert_eq!((hold["status"].as_str(), hold["count"].as_i64()), (Some("ADDED_TO_ORDER"), Some(250)));
    assert_eq!((hold["orderId"].as_i64(), hold["monetaryValue"].as_i64()), (Some(order), Some(250_000)));
    let invoice = &reply["invoice"];
    assert_eq!(invoice["basketItems"][0]["userPointDeduction"], 140_000, "101 keeps its 250,000 minimum");
    assert_eq!(invoice["basketItems"][1]["userPointDeduction"], 110_000, "the rest goes to the mentor");
    assert_eq!(invoice["basketItems"][0]["finalPrice"], 390_000, "finalPrice is before points");
    assert_eq!(invoice["userPointDeduction"], 250_000);
    assert_eq!(invoice["totalFinalPrice"], 580_000);
    assert_eq!(invoice["totalPrice"], 330_000);
    assert_eq!(invoice["userPointStatus"], "ADDED_TO_ORDER");
    let (_, again) = points_call(&app, &token, "set", order).await;
    assert_eq!(again["userPoint"]["id"], hold["id"], "setting again answers the same hold");
    let balance = total(&app, &token).await;
    assert_eq!(balance["unUsedPoints"], json!({ "count": 0, "monetaryValue": 0 }));
    assert_eq!(balance["reservedPoints"], json!({ "count": 250, "monetaryValue": 250_000 }));
    assert_eq!(balance["userPoints"][0]["orderId"], order);
    assert!(balance["userPoints"][0]["expiresAt"].as_i64().unwrap() > 0);
}

#[tokio::test]
async fn switching_points_off_releases_them() {
    let app = spawn_app().await;
    let token = app.customer_with_points("09121234567", 250).await;
    let order = app.create_order(&token, &[101]).await;
    assert_refused(&points_call(&app, &token, "unset", order).await, "امتیازی روی این سفارش ثبت نشده است.");
    points_call(&app, &token, "set", order).await;
    let (status, reply) = points_call(&app, &token, "unset", order).await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!(reply["userPoint"]["status"], "CANCELED");
    assert_eq!(reply["invoice"]["userPointDeduction"], 0);
    assert_eq!(reply["invoice"]["totalPrice"], 390_000);
    assert!(reply["invoice"].get("userPointStatus").is_none());
    assert_eq!(points_call(&app, &token, "unset", order).await.1["userPoint"]["status"], "CANCELED", "idempotent");
    assert_eq!(total(&app, &token).await["unUsedPoints"]["count"], 250);
    let other = app.create_order(&token, &[111]).await;
    let (status, reply) = points_call(&app, &token, "set", other).await;
    assert_eq!((status, reply["invoice"]["totalPrice"].as_i64()), (200, Some(540_000)), "free for another order");
}

/// Switching points on and off in a loop, by the switch or by the older package page's `hasPoints`, keeps one hold
/// row per order: switching on takes the order's released (or lapsed) hold back, with fresh amounts and expiry.
#[tokio::test]
async fn switching_points_on_and_off_in_a_loop_keeps_one_hold_per_order() {
    let app = spawn_app().await;
    let token = app.customer_with_points("09121234567", 250).await;
    let order = app.create_order(&token, &[101, 151]).await;
    let rows = |order: i64| app.query_i64(format!("SELECT COUNT(*) FROM point_hold WHERE customer_order_id = {order}"));
    let mut holds = Vec::new();
    for _ in 0..5 {
        let (status, reply) = points_call(&app, &token, "set", order).await;
        assert_eq!(status, 200, "{reply}");
        let hold = &reply["userPoint"];
        assert_eq!((hold["status"].as_str(), hold["count"].as_i64()), (Some("ADDED_TO_ORDER"), Some(250)), "{hold}");
        assert_eq!(reply["invoice"]["totalPrice"], 330_000);
        holds.push(hold["id"].clone());
        let (status, reply) = points_call(&app, &token, "unset", order).await;
        assert_eq!((status, reply["invoice"]["totalPrice"].as_i64()), (200, Some(580_000)), "{reply}");
    }
    holds.dedup();
    assert_eq!(holds.len(), 1, "one hold, taken back each time: {holds:?}");
    assert_eq!(rows(order).await, 1);
    assert_eq!(total(&app, &token).await["unUsedPoints"]["count"], 250);

    // A lapsed hold is taken back too.
    points_call(&app, &token, "set", order).await;
    let token = hold_lapses(&app).await;
    let (status, reply) = points_call(&app, &token, "set", order).await;
    assert_eq!((status, reply["userPoint"]["count"].as_i64()), (200, Some(250)), "{reply}");
    assert_eq!(rows(order).await, 1);

    points_call(&app, &token, "unset", order).await;
    let mut selected = None;
    for has_points in [true, false, true, false, true] {
        let body = json!({ "dietCount": 1, "hasPoints": has_points });
        let (status, reply) = app.post_as(&token, "/diet/select-package", &body).await;
        assert_eq!(status, 200, "{reply}");
        selected = reply["orderId"].as_i64();
    }
    let selected = selected.expect("an order id");
    assert_eq!(rows(selected).await, 1, "hasPoints switched on and off");
    let held = total(&app, &token).await["reservedPoints"]["count"].as_i64();
    assert!(held.is_some_and(|points| points > 0), "held on the package's order: {held:?}");
}

#[tokio::test]
async fn points_held_on_one_order_cannot_be_used_on_another() {
    let app = spawn_app().await;
    let token = app.customer_with_points("09121234567", 250).await;
    let first = app.create_order(&token, &[101]).await;
    let second = app.create_order(&token, &[111]).await;
    points_call(&app, &token, "set", first).await;
    assert_refused(&points_call(&app, &token, "set", second).await, HELD_ELSEWHERE);
    assert_refused(&points_call(&app, &token, "reserve", second).await, HELD_ELSEWHERE);
    let (_, bill) = app.invoice(&token, second).await;
    assert_eq!(bill["userPointDeduction"], 0);
}

#[tokio::test]
async fn reserved_points_are_locked_until_they_expire() {
    let app = spawn_app().await;
    let token = app.customer_with_points("09121234567", 250).await;
    let order = app.create_order(&token, &[101]).await;
    points_call(&app, &token, "set", order).await;
    let (status, reply) = points_call(&app, &token, "reserve", order).await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!(reply["userPoints"][0]["status"], "RESERVED", "reserve locks the switched-on hold");
    assert_eq!(reply["invoice"]["userPointStatus"], "RESERVED");
    assert_eq!(reply["invoice"]["totalFinalPrice"], 390_000);
    assert_eq!(reply["invoice"]["totalPrice"], 250_000);
    assert_refused(&points_call(&app, &token, "unset", order).await, RESERVED);
    assert_refused(&cancel(&app, &token, "/lemonade/api/userPoints/cancel/", order).await, RESERVED);
    assert_eq!(points_call(&app, &token, "set", order).await.1["userPoint"]["status"], "RESERVED");
    let token = hold_lapses(&app).await;
    let (status, reply) = cancel(&app, &token, "/lemonade/api/userPoints/cancel/", order).await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!(reply["orderInvoice"]["userPointDeduction"], 0);
}

#[tokio::test]
async fn the_older_reserve_and_cancel_calls_work_with_and_without_the_trailing_slash() {
    let app = spawn_app().await;
    let token = app.customer_with_points("09121234567", 100).await;
    let order = app.create_order(&token, &[111]).await;
    for path in ["/lemonade/api/userPoints/cancel/", "/lemonade/api/userPoints/cancel"] {
        points_call(&app, &token, "set", order).await;
        let (status, reply) = cancel(&app, &token, path, order).await;
        assert_eq!(status, 200, "{path}: {reply}");
        assert_eq!(reply["orderInvoice"]["totalPrice"], 790_000, "{path}");
    }
    let (status, reply) = points_call(&app, &token, "reserve", order).await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!(reply["userPoints"][0]["count"], 100);
    assert_eq!(reply["invoice"]["totalPrice"], 690_000);
}

#[tokio::test]
async fn no_points_or_nothing_left_to_take_is_the_max_usage_message() {
    let app = spawn_app().await;
    let none = app.existing_customer("09127654321").await;
    let order = app.create_order(&none, &[111]).await;
    assert_refused(&points_call(&app, &none, "set", order).await, MAX_USAGE);
    let token = app.customer_with_points("09121234567", 250).await;
    let free = app.create_order(&token, &[101]).await;
    app.post_as(&token, "/lemonade/api/usedDiscounts", &json!({ "code": "FREE100", "orderId": free })).await;
    assert_refused(&points_call(&app, &token, "set", free).await, MAX_USAGE);
}

#[tokio::test]
async fn expired_points_are_free_again_and_the_old_order_says_they_went_elsewhere() {
    let app = spawn_app().await;
    let token = app.customer_with_points("09121234567", 250).await;
    let first = app.create_order(&token, &[101]).await;
    let second = app.create_order(&token, &[111]).await;
    points_call(&app, &token, "set", first).await;
    let token = hold_lapses(&app).await;
    let (status, bill) = app.invoice(&token, first).await;
    assert_eq!(status, 200, "{bill}");
    assert_eq!(bill["userPointDeduction"], 0, "an expired hold takes nothing");
    assert!(bill.get("userPointStatus").is_none());
    assert_eq!(total(&app, &token).await["unUsedPoints"]["count"], 250);
    let (status, reply) = points_call(&app, &token, "set", second).await;
    assert_eq!(status, 200, "{reply}");
    let (status, conflict) = app.invoice(&token, first).await;
    assert_eq!((status, conflict["err"]["code"].as_str()), (409, Some("409")), "{conflict}");
    assert_eq!(conflict["err"]["message"], ALREADY_USED);
    points_call(&app, &token, "unset", second).await;
    let (status, _) = app.invoice(&token, first).await;
    assert_eq!(status, 200, "released again: the first order may take them back");
}

#[tokio::test]
async fn points_calls_on_another_customers_order_are_404() {
    let app = spawn_app().await;
    let owner = app.customer_with_points("09121234567", 250).await;
    let other = app.customer_with_points("09127654321", 250).await;
    let order = app.create_order(&owner, &[101]).await;
    for call in ["set", "unset", "reserve"] {
        let (status, reply) = points_call(&app, &other, call, order).await;
        assert_eq!((status, reply["err"]["message"].as_str()), (404, Some("سفارش مورد نظر پیدا نشد")), "{call}");
    }
    let (status, _) = cancel(&app, &other, "/lemonade/api/userPoints/cancel/", order).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn the_demo_customers_have_their_points() {
    let app = spawn_app().await;
    app.load_demo_customers().await;
    for (mobile, country, points) in [("09120000001", 1, 250), ("09120000002", 1, 0), ("+905321234567", 220, 100)] {
        let token = app.token_for(mobile, country).await;
        assert_eq!(total(&app, &token).await["unUsedPoints"]["count"], points, "{mobile}");
    }
    let check = app.post_json("/auth/check-mobile", &json!({ "mobileNumber": "5321234567", "countryId": 220 })).await;
    let check: Value = check.json().await.unwrap();
    assert_eq!(check, json!({ "isRegistered": true, "authenticationType": "email" }));
    app.load_demo_customers().await;
    let token = app.token_for("09120000001", 1).await;
    assert_eq!(total(&app, &token).await["unUsedPoints"]["count"], 250, "points are granted once");
}

#[tokio::test]
async fn fifty_concurrent_holds_on_two_orders_leave_exactly_one_order_holding_the_points() {
    let app = spawn_app().await;
    let token = app.customer_with_points("09121234567", 250).await;
    let orders = [app.create_order(&token, &[101, 151]).await, app.create_order(&token, &[112]).await];
    let attempts =
        (0..50).map(|n| points_call(&app, &token, if n % 2 == 0 { "set" } else { "reserve" }, orders[n % 4 / 2]));
    let results = futures::future::join_all(attempts).await;
    let mut holders: Vec<i64> = Vec::new();
    for (status, reply) in &results {
        match status {
            200 => {
                let hold = if reply["userPoint"].is_object() { &reply["userPoint"] } else { &reply["userPoints"][0] };
                holders.push(hold["orderId"].as_i64().unwrap());
            }
            400 => assert_eq!(reply["err"]["message"], HELD_ELSEWHERE),
            // Fifty at once queue for the database's connections; on a loaded machine a call may wait past the
            // pool's bound, and the service then says to try again and holds nothing.
            503 => assert_eq!(reply["err"]["code"], "503", "{reply}"),
            _ => panic!("unexpected answer {status}: {reply}"),
        }
    }
    holders.sort();
    holders.dedup();
    assert_eq!(holders.len(), 1, "one order holds the points: {holders:?}");
    let balance = total(&app, &token).await;
    assert_eq!(balance["reservedPoints"]["count"], 250);
    assert_eq!(balance["unUsedPoints"]["count"], 0);
    assert_eq!(balance["userPoints"].as_array().unwrap().len(), 1);
    let mut deducted = Vec::new();
    for order in orders {
        deducted.push(app.invoice(&token, order).await.1["userPointDeduction"].as_i64().unwrap());
    }
    deducted.sort();
    assert_eq!(deducted, vec![0, 250_000], "the balance is spent once");
}

#[tokio::test]
async fn the_team_gives_points_with_a_reason_and_the_customer_can_use_them() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let grant = |points: i64, reason: &str| json!({ "mobileNumber": "۰۹۱۲۱۲۳۴۵۶۷", "points": points, "reason": reason, "by": "پشتیبانی" });
    let (status, given) = app.staff_api().staff_grant_points(&grant(150, "جبران تاخیر")).await;
    assert_eq!(status, 200, "{given}");
    assert_eq!((given["points"].as_i64(), given["freePoints"].as_i64()), (Some(150), Some(150)), "{given}");
    assert_eq!(given["customerId"].as_i64(), Some(app.customer_of(&token)));
    let (status, again) = app.staff_api().staff_grant_points(&grant(100, "هدیه")).await;
    assert_eq!((status, again["freePoints"].as_i64()), (200, Some(250)), "{again}");
    assert_eq!(total(&app, &token).await["unUsedPoints"]["count"], 250);
    let (_, summary) = app.get_as(&token, "/app/points/summary").await;
    assert!(summary.to_string().contains("پشتیبانی: جبران تاخیر"), "the history says who and why: {summary}");
}

#[tokio::test]
async fn a_points_grant_is_refused_without_the_staff_token_for_a_stranger_or_out_of_bounds() {
    let app = spawn_app().await;
    app.existing_customer("09121234567").await;
    let body = |mobile: &str, points: i64, reason: &str| json!({ "mobileNumber": mobile, "points": points, "reason": reason, "by": "QA" });
    let refused = |reply: (u16, Value), status: u16, message: &str| {
        assert_eq!(
            (reply.0, reply.1["err"]["code"].as_str()),
            (status, Some(status.to_string().as_str())),
            "{}",
            reply.1
        );
        assert_eq!(reply.1["err"]["message"], message, "{}", reply.1);
    };
    let customer = app.existing_customer("09121234567").await;
    let (status, _) = app.api(&customer).staff_grant_points(&body("09121234567", 100, "x")).await;
    assert_eq!(status, 401, "a customer's token is not the team's");
    let team = app.staff_api();
    refused(
        team.staff_grant_points(&body("09121234567", 0, "x")).await,
        400,
        limoo_bff::messages::STAFF_POINTS_OUT_OF_RANGE,
    );
    refused(
        team.staff_grant_points(&body("09121234567", 1_000_001, "x")).await,
        400,
        limoo_bff::messages::STAFF_POINTS_OUT_OF_RANGE,
    );
    refused(
        team.staff_grant_points(&body("09121234567", 5, "  ")).await,
        400,
        limoo_bff::messages::STAFF_POINTS_REASON,
    );
    refused(
        team.staff_grant_points(&body("09129999999", 5, "x")).await,
        404,
        limoo_bff::messages::STAFF_CUSTOMER_NOT_FOUND,
    );
    refused(team.staff_grant_points(&body("12", 5, "x")).await, 400, limoo_bff::messages::MOBILE_INVALID);
    assert_eq!(total(&app, &customer).await["unUsedPoints"]["count"], 0, "nothing refused was given");
}
