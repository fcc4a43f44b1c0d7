//! The test clock over the staff API: off unless `TEST_CLOCK` turns it on, forward only, and what moving it does to
//! the rules that count time (a sign-in code, a points hold, a bearer token), on every replica of the database.
use std::time::Duration;

use limoo_bff::{config::Settings, messages};
use limoo_tests::{AppOptions, TestApp, app::STAFF_TOKEN, browser::poll_for, spawn_app};
use serde_json::{Value, json};

const MOBILE: &str = "09121234567";

async fn total_points(app: &TestApp) -> Value {
    let token = app.token_for(MOBILE, 1).await;
    let (status, reply) = app.get_as(&token, "/lemonade/api/userPoints/totalPoints").await;
    assert_eq!(status, 200, "{reply}");
    reply
}

#[tokio::test]
async fn the_clock_is_off_unless_a_setting_turns_it_on() {
    assert!(!Settings::for_database("unused").test_clock, "off by default");
    let app = TestApp::spawn(AppOptions { test_clock: false, ..AppOptions::default() }).await.expect("an app");
    let staff = app.api(STAFF_TOKEN);
    for (status, reply) in [staff.staff_read_clock().await, staff.staff_advance_clock(60).await] {
        assert_eq!((status, reply["err"]["code"].as_str()), (404, Some("404")), "{reply}");
        assert_eq!(reply["err"]["message"], messages::TEST_CLOCK_OFF);
    }
    let on = spawn_app().await;
    assert_eq!(on.visitor().staff_read_clock().await.0, 401, "the staff token is asked for");
    assert_eq!(on.api("not-the-staff-token").staff_advance_clock(60).await.0, 401);
}

#[tokio::test]
async fn the_clock_moves_only_forward_and_at_most_a_year_and_a_day_at_once() {
    let app = spawn_app().await;
    let staff = app.api(STAFF_TOKEN);
    for (seconds, message) in [
        (0, messages::TEST_CLOCK_BACKWARDS),
        (-3600, messages::TEST_CLOCK_BACKWARDS),
        (366 * 24 * 3600 + 1, messages::TEST_CLOCK_TOO_FAR),
        (i64::MAX, messages::TEST_CLOCK_TOO_FAR),
    ] {
        let (status, reply) = staff.staff_advance_clock(seconds).await;
        assert_eq!((status, reply["err"]["code"].as_str()), (400, Some("400")), "{seconds} s: {reply}");
        assert_eq!(reply["err"]["message"], message, "{seconds} s");
    }
    let (status, reply) = app.post_as(STAFF_TOKEN, "/lemonade/api/staff/clock/advance", &json!({ "minutes": 5 })).await;
    assert_eq!(status, 400, "malformed: {reply}");
    let (status, clock) = staff.staff_read_clock().await;
    assert_eq!((status, clock["offsetMs"].as_i64()), (200, Some(0)), "nothing moved: {clock}");

    let before = clock["now"].as_i64().expect("now");
    let (status, moved) = staff.staff_advance_clock(1800).await;
    assert_eq!((status, moved["offsetMs"].as_i64()), (200, Some(1_800_000)), "{moved}");
    assert!(moved["now"].as_i64().expect("now") >= before + 1_800_000, "{moved}");
    let (_, moved) = staff.staff_advance_clock(60).await;
    assert_eq!(moved["offsetMs"], 1_860_000, "moves add up: {moved}");
}

#[tokio::test]
async fn moving_the_clock_expires_a_code_a_points_hold_and_a_bearer_token() {
    let app = spawn_app().await;
    let token = app.customer_with_points(MOBILE, 250).await;
    let (status, reply) = app.visitor().send_code(MOBILE).await;
    assert_eq!(status, 200, "{reply}");
    let code = app.wait_for_sms_code(MOBILE).await.expect("a code");
    app.advance_clock(121).await;
    let (status, reply) = app.visitor().login(MOBILE, &code).await;
    assert_eq!((status, reply["err"]["reason"].as_str()), (400, Some("CODE_EXPIRED")), "{reply}");

    let order = app.create_order(&token, &[101]).await;
    let (status, reply) = app.post_as(&token, "/lemonade/api/userPoints/set", &json!({ "orderId": order })).await;
    assert_eq!(status, 200, "{reply}");
    app.advance_clock(29 * 60).await;
    let (status, reply) = app.get_as(&token, "/app/auth/currentUser").await;
    assert_eq!(status, 401, "the 15-minute bearer token has expired: {reply}");
    assert_eq!(total_points(&app).await["reservedPoints"]["count"], 140, "still held after 29 minutes");
    app.advance_clock(2 * 60).await;
    let points = total_points(&app).await;
    assert_eq!((&points["reservedPoints"]["count"], &points["unUsedPoints"]["count"]), (&json!(0), &json!(250)));
}

/// Replicas share the offset through the database: one that did not move the clock reads it within a second.
#[tokio::test]
async fn a_second_replica_agrees_on_the_moved_clock() {
    let app = spawn_app().await;
    let replica = app.start_process(&[("STAFF_API_TOKEN", STAFF_TOKEN)]).await.expect("a second replica");
    let offset_on = |url: String| {
        let client = app.client.clone();
        async move {
            let answer = client.get(url).bearer_auth(STAFF_TOKEN).send().await?;
            let clock: Value = answer.json().await?;
            Ok::<_, anyhow::Error>(clock["offsetMs"].as_i64())
        }
    };
    assert_eq!(offset_on(replica.url("/lemonade/api/staff/clock")).await.ok().flatten(), Some(0));
    app.advance_clock(600).await;
    let agreed = poll_for(Duration::from_secs(5), || async {
        Ok(offset_on(replica.url("/lemonade/api/staff/clock")).await?.filter(|offset| *offset == 600_000))
    })
    .await;
    assert!(agreed.is_ok(), "the replica's clock: {agreed:?}");

    let moved = app
        .client
        .post(replica.url("/lemonade/api/staff/clock/advance"))
        .bearer_auth(STAFF_TOKEN)
        .json(&json!({ "seconds": 60 }))
        .send()
        .await
        .expect("answered");
    assert_eq!(moved.status(), 200);
    let agreed = poll_for(Duration::from_secs(5), || async {
        Ok(offset_on(app.url("/lemonade/api/staff/clock")).await?.filter(|offset| *offset == 660_000))
    })
    .await;
    assert!(agreed.is_ok(), "this replica's clock: {agreed:?}");
}

/// One tester's customer moves on alone: their points hold lapses and their token expires on their own clock, while
/// another customer's hold, the shop's clock and its sign-in codes stay where they were.
#[tokio::test]
async fn one_customers_clock_moves_only_that_customers_time() {
    const OTHER: &str = "09127654321";
    let app = spawn_app().await;
    let staff = app.api(STAFF_TOKEN);
    let mover = app.customer_with_points(MOBILE, 250).await;
    let other = app.customer_with_points(OTHER, 250).await;
    for token in [&mover, &other] {
        let order = app.create_order(token, &[101]).await;
        let (status, reply) = app.post_as(token, "/lemonade/api/userPoints/set", &json!({ "orderId": order })).await;
        assert_eq!(status, 200, "{reply}");
    }
    let customer = app.tokens().verify(&mover).ok().and_then(|claims| claims.customer_id()).expect("a customer id");

    let (status, moved) = staff.staff_advance_customer_clock(customer, 31 * 60).await;
    assert_eq!(status, 200, "{moved}");
    assert_eq!((moved["customerId"].as_i64(), moved["offsetMs"].as_i64()), (Some(customer), Some(0)), "{moved}");
    assert_eq!(moved["customerOffsetMs"], 31 * 60 * 1000, "{moved}");
    let (_, shop) = staff.staff_read_clock().await;
    assert_eq!(shop["offsetMs"], 0, "the shop's clock stays: {shop}");
    assert!(moved["now"].as_i64() >= shop["now"].as_i64().map(|now| now + 31 * 60 * 1000 - 5_000), "{moved} {shop}");

    let (status, reply) = app.get_as(&mover, "/app/auth/currentUser").await;
    assert_eq!(status, 401, "the mover's 15-minute token expired on their clock: {reply}");
    let renewed = app.tokens().issue(customer, moved["now"].as_i64().expect("now") / 1000).expect("a token");
    let (status, points) = app.get_as(&renewed, "/lemonade/api/userPoints/totalPoints").await;
    assert_eq!(status, 200, "{points}");
    assert_eq!((&points["reservedPoints"]["count"], &points["unUsedPoints"]["count"]), (&json!(0), &json!(250)));
    let (status, points) = app.get_as(&other, "/lemonade/api/userPoints/totalPoints").await;
    assert_eq!((status, &points["reservedPoints"]["count"]), (200, &json!(140)), "the other's hold stays: {points}");

    let (_, moved) = staff.staff_advance_customer_clock(customer, 60).await;
    assert_eq!(moved["customerOffsetMs"], 32 * 60 * 1000, "moves add up: {moved}");
    let (status, read) = staff.staff_read_customer_clock(customer).await;
    assert_eq!((status, &read["customerOffsetMs"]), (200, &moved["customerOffsetMs"]), "{read}");
}

#[tokio::test]
async fn a_customers_clock_is_asked_for_a_customer_that_exists_and_moves_forward() {
    let app = spawn_app().await;
    let staff = app.api(STAFF_TOKEN);
    let token = app.existing_customer(MOBILE).await;
    let customer = app.tokens().verify(&token).ok().and_then(|claims| claims.customer_id()).expect("a customer id");
    for (status, reply) in
        [staff.staff_read_customer_clock(999_999).await, staff.staff_advance_customer_clock(999_999, 60).await]
    {
        assert_eq!((status, reply["err"]["code"].as_str()), (404, Some("404")), "{reply}");
        assert_eq!(reply["err"]["message"], messages::TEST_CLOCK_NO_CUSTOMER);
    }
    let (status, reply) = staff.staff_advance_customer_clock(customer, 0).await;
    assert_eq!((status, &reply["err"]["message"]), (400, &json!(messages::TEST_CLOCK_BACKWARDS)), "{reply}");
    assert_eq!(app.api(&token).staff_advance_customer_clock(customer, 60).await.0, 401, "a customer's own token");
    let (status, read) = staff.staff_read_customer_clock(customer).await;
    assert_eq!((status, &read["customerOffsetMs"]), (200, &json!(0)), "never moved: {read}");

    let off = TestApp::spawn(AppOptions { test_clock: false, ..AppOptions::default() }).await.expect("an app");
    let (status, reply) = off.api(STAFF_TOKEN).staff_advance_customer_clock(customer, 60).await;
    assert_eq!((status, &reply["err"]["message"]), (404, &json!(messages::TEST_CLOCK_OFF)), "{reply}");
}
