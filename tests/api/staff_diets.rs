//! The medical team's diet API (`/lemonade/api/staff/diets/…`): its own token, numbering a paid order's
//! diet once per slot, writing, starting and closing it, each change recorded with who and when.
use limoo_bff::store::now_ms;
use limoo_tests::{TestApp, spawn_app};
use reqwest::Method;
use serde_json::{Value, json};

const MOBILE: &str = "09121234567";

fn numbering(order_id: i64, number: &str) -> Value {
    json!({ "orderId": order_id, "dietNumber": number, "days": 30, "by": "Dr. Sara" })
}

async fn issue(app: &TestApp, body: &Value) -> (u16, Value) {
    app.staff(Method::POST, "/issue", Some(body)).await
}

async fn active(app: &TestApp, token: &str) -> Value {
    let (status, body) = app.get_as(token, "/app/diets/active").await;
    assert_eq!(status, 200, "{body}");
    body["msg"]["activeDiet"].clone()
}

#[tokio::test]
async fn the_staff_api_wants_the_staff_token() {
    let app = spawn_app().await;
    let customer = app.existing_customer(MOBILE).await;
    for token in ["", "wrong-token", customer.as_str(), limoo_tests::app::FINANCE_TOKEN] {
        let (status, body) = app.call_as(Method::GET, token, "/lemonade/api/staff/diets", None).await;
        assert_eq!(status, 401, "token {token:?}: {body}");
    }
}

#[tokio::test]
async fn the_team_numbers_writes_and_starts_a_diet_and_the_customer_sees_it_run() {
    let app = spawn_app().await;
    let token = app.existing_customer(MOBILE).await;
    let order_id = app.paid_order(&token, &[101]).await;

    let (status, diet) = issue(&app, &numbering(order_id, "D-77")).await;
    assert_eq!(status, 200, "{diet}");
    assert_eq!((diet["dietNumber"].as_str(), diet["isReady"].as_bool()), (Some("D-77"), Some(false)));
    assert_eq!(diet["mobile"], "+989121234567");
    let id = diet["dietId"].as_i64().unwrap();
    assert_eq!(active(&app, &token).await["status"], "ISSUING");

    let by = json!({ "by": "Dr. Sara" });
    let (status, ready) = app.staff(Method::POST, &format!("/{id}/ready"), Some(&by)).await;
    assert_eq!((status, ready["isReady"].as_bool()), (200, Some(true)), "{ready}");
    let start = json!({ "startDate": (now_ms() - 3 * 86_400_000).to_string(), "by": "Dr. Ali" });
    let (status, started) = app.staff(Method::POST, &format!("/{id}/start"), Some(&start)).await;
    assert_eq!(status, 200, "{started}");
    let running = active(&app, &token).await;
    assert_eq!((running["status"].as_str(), running["remainDays"].as_i64()), (Some("ACTIVE"), Some(27)));

    let (status, closed) = app.staff(Method::POST, &format!("/{id}/expire"), Some(&by)).await;
    assert_eq!(status, 200, "{closed}");
    assert!(closed["expiredAt"].is_i64());
    assert_eq!(active(&app, &token).await["status"], "EXPIRED", "closed early, whatever days were left");

    let (status, listed) = app.staff(Method::GET, &format!("?mobile={MOBILE}"), None).await;
    assert_eq!(status, 200, "{listed}");
    assert_eq!(listed["diets"].as_array().map(Vec::len), Some(1));
    let (_, nobody) = app.staff(Method::GET, "?mobile=09350000000", None).await;
    assert_eq!(nobody["diets"], json!([]));

    let (status, changes) = app.staff(Method::GET, &format!("/{id}/changes"), None).await;
    assert_eq!(status, 200, "{changes}");
    let recorded: Vec<(&str, &str)> = changes["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["action"].as_str().unwrap(), c["by"].as_str().unwrap()))
        .collect();
    let expected = [("ISSUE", "Dr. Sara"), ("READY", "Dr. Sara"), ("START", "Dr. Ali"), ("EXPIRE", "Dr. Sara")];
    assert_eq!(recorded, expected);
}

#[tokio::test]
async fn numbering_a_slot_again_writes_no_second_diet() {
    let app = spawn_app().await;
    let token = app.existing_customer(MOBILE).await;
    let order_id = app.paid_order(&token, &[101]).await;
    // Two team members number the same diet at once.
    let body = numbering(order_id, "D-1");
    let ((s1, first), (s2, second)) = tokio::join!(issue(&app, &body), issue(&app, &body));
    assert_eq!((s1, s2), (200, 200), "{first} {second}");
    assert_eq!(first["dietId"], second["dietId"], "the same numbering twice is one diet");

    // Not written yet: a corrected number replaces it, still one diet.
    let (status, renumbered) = issue(&app, &numbering(order_id, "D-2")).await;
    assert_eq!((status, &renumbered["dietId"]), (200, &first["dietId"]), "{renumbered}");
    let id = first["dietId"].as_i64().unwrap();
    app.staff(Method::POST, &format!("/{id}/ready"), Some(&json!({ "by": "Dr. Sara" }))).await;

    // Written: another number is refused and the diet keeps its own.
    let (status, refused) = issue(&app, &numbering(order_id, "D-3")).await;
    assert_eq!((status, refused["err"]["code"].as_str()), (409, Some("409")), "{refused}");
    let (_, listed) = app.staff(Method::GET, "", None).await;
    let numbers: Vec<&str> =
        listed["diets"].as_array().unwrap().iter().filter_map(|d| d["dietNumber"].as_str()).collect();
    assert_eq!(numbers, ["D-2"]);
    let (_, changes) = app.staff(Method::GET, &format!("/{id}/changes"), None).await;
    assert_eq!(changes["changes"].as_array().map(Vec::len), Some(3), "ISSUE, ISSUE (renumber), READY: {changes}");
}

#[tokio::test]
async fn unknown_or_unpaid_orders_and_unknown_diets_are_refused() {
    let app = spawn_app().await;
    let token = app.existing_customer(MOBILE).await;
    let unpaid = app.create_order(&token, &[101]).await;
    let (status, body) = issue(&app, &numbering(unpaid + 1, "D-1")).await;
    assert_eq!(status, 404, "{body}");
    let (status, body) = issue(&app, &numbering(unpaid, "D-1")).await;
    assert_eq!(status, 409, "an unpaid order has no diet to write: {body}");
    assert!(body["err"]["message"].as_str().is_some_and(|m| !m.is_empty()));
    for action in ["ready", "expire"] {
        let (status, body) = app.staff(Method::POST, &format!("/4242/{action}"), Some(&json!({ "by": "x" }))).await;
        assert_eq!(status, 404, "{action}: {body}");
    }
}

#[tokio::test]
async fn bad_numberings_and_start_dates_are_400_and_change_nothing() {
    let app = spawn_app().await;
    let token = app.existing_customer(MOBILE).await;
    let order_id = app.paid_order(&token, &[101]).await;
    let bad = [
        json!({ "orderId": order_id, "dietNumber": "D-1", "days": 0, "by": "Dr. Sara" }),
        json!({ "orderId": order_id, "dietNumber": " ", "days": 30, "by": "Dr. Sara" }),
        json!({ "orderId": order_id, "dietNumber": "D-1", "days": 30, "by": "  " }),
        json!({ "orderId": order_id, "dietNumber": "D-1", "days": 30, "slot": 2, "by": "Dr. Sara" }),
        json!({ "orderId": order_id, "dietNumber": "D-1", "days": 30, "packageCount": 3, "slot": 4, "by": "x" }),
    ];
    for body in bad {
        let (status, reply) = issue(&app, &body).await;
        assert_eq!(status, 400, "{body}: {reply}");
    }
    let (_, listed) = app.staff(Method::GET, "", None).await;
    assert_eq!(listed["diets"], json!([]));

    let (_, diet) = issue(&app, &numbering(order_id, "D-1")).await;
    let id = diet["dietId"].as_i64().unwrap();
    for date in ["2026-02-31", "yesterday", "1990-01-01"] {
        let body = json!({ "startDate": date, "by": "Dr. Sara" });
        let (status, reply) = app.staff(Method::POST, &format!("/{id}/start"), Some(&body)).await;
        assert_eq!(status, 400, "{date}: {reply}");
    }
}
