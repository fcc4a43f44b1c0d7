//! The active diet package (`GET /app/diets/active`) and the can-buy-diet check that reads it: the
//! status follows the order's payment, card transfer, questions and issued diet (spec 3 §4).
use limoo_bff::store::now_ms;
use limoo_tests::{TestApp, app::DietByTeam, spawn_app};
use serde_json::Value;

const DAY_MS: i64 = 86_400_000;

async fn active(app: &TestApp, token: &str) -> Value {
    let (status, body) = app.get_as(token, "/app/diets/active").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["ok"], true);
    body["msg"]["activeDiet"].clone()
}

async fn can_buy(app: &TestApp, token: &str) -> bool {
    let (status, body) = app.get_as(token, "/lemonade/api/can-buy-diet").await;
    assert_eq!(status, 200, "{body}");
    body["canBuyDiet"].as_bool().expect("canBuyDiet is a boolean")
}

/// The medical team issues the order's 30-day diet D-1001.
async fn issue(app: &TestApp, order_id: i64, ready: bool, started_days_ago: Option<i64>) {
    let starts_at = started_days_ago.map(|days| now_ms() - days * DAY_MS);
    let diet = DietByTeam { order_id, number: "D-1001", days: 30, package_count: None, slot: 1, ready, starts_at };
    app.team_issues_diet(&diet).await;
}

#[tokio::test]
async fn a_customer_without_a_diet_order_waits_for_a_transaction_and_may_buy() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let diet = active(&app, &token).await;
    assert_eq!(diet["status"], "TRANSACTION_WATING");
    assert_eq!(diet["orderId"], Value::Null);
    assert_eq!(diet["veryFirstTimeUser"], true);
    assert!(can_buy(&app, &token).await);

    let order_id = app.create_order(&token, &[101]).await;
    let diet = active(&app, &token).await;
    assert_eq!(diet["status"], "TRANSACTION_WATING", "an unpaid order is still waiting");
    assert_eq!(diet["orderId"], order_id);
    assert!(can_buy(&app, &token).await);
}

#[tokio::test]
async fn a_paid_order_answers_questions_until_its_diet_is_issued_and_running() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order_id = app.paid_order(&token, &[101]).await;
    // A newer unpaid order does not hide the paid package.
    app.create_order(&token, &[101]).await;
    let diet = active(&app, &token).await;
    assert_eq!(diet["status"], "ANSWERING_QUESTIONS");
    assert_eq!(diet["orderId"], order_id);
    assert!(!can_buy(&app, &token).await, "a paid diet is running");

    issue(&app, order_id, false, None).await;
    assert_eq!(active(&app, &token).await["status"], "ISSUING");
}

#[tokio::test]
async fn an_issued_diet_runs_then_comes_close_to_expiry_then_expires() {
    let cases = [(Some(5), "ACTIVE", false), (Some(29), "CLOSE_TO_EXPIRE", true), (Some(31), "EXPIRED", true)];
    for (started_days_ago, status, may_buy) in cases {
        let app = spawn_app().await;
        let token = app.existing_customer("09121234567").await;
        let order_id = app.paid_order(&token, &[101]).await;
        issue(&app, order_id, true, started_days_ago).await;
        let diet = active(&app, &token).await;
        assert_eq!(diet["status"], status, "{diet}");
        assert_eq!(diet["dietNumber"], "D-1001");
        assert_eq!(diet["isReady"], true);
        assert_eq!(diet["veryFirstTimeUser"], true, "its own diet is not an earlier one");
        assert_eq!(can_buy(&app, &token).await, may_buy, "{status}");
    }
}

#[tokio::test]
async fn a_card_transfer_under_review_and_a_rejected_one_have_their_own_statuses() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    app.create_order(&token, &[101]).await;
    // The only order reports a card transfer, which finance then rejects.
    app.execute_sql(
        "INSERT INTO transfer_payment (transfer_payment_id, customer_order_id, customer_id, gateway, amount, state, \
         meta, created_at) SELECT 1, customer_order_id, customer_id, 'C2C', 1000, 'PENDING', '{}', created_at \
         FROM customer_order",
    )
    .await;
    assert_eq!(active(&app, &token).await["status"], "TRANSACTION_VERIFCATION_WATING");
    app.execute_sql("UPDATE transfer_payment SET state = 'REJECTED'").await;
    assert_eq!(active(&app, &token).await["status"], "TRANSACTION_UNVERIFIED");
    assert!(can_buy(&app, &token).await);
}

#[tokio::test]
async fn the_active_package_needs_a_signed_in_customer() {
    let app = spawn_app().await;
    let response = app.client.get(app.url("/app/diets/active")).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 401);
}

#[tokio::test]
async fn all_diets_come_most_recent_referral_first_with_the_running_one_active() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let first = app.paid_order(&token, &[101]).await;
    let starts_at = Some(now_ms() - 40 * DAY_MS);
    let over =
        DietByTeam { order_id: first, number: "D-1", days: 30, package_count: None, slot: 1, ready: true, starts_at };
    app.team_issues_diet(&over).await;
    let second = app.paid_order(&token, &[101]).await;
    let running = DietByTeam { order_id: second, number: "D-2", starts_at: Some(now_ms() - DAY_MS), ..over };
    app.team_issues_diet(&running).await;

    let (status, body) = app.get_as(&token, "/app/diets/all").await;
    assert_eq!((status, &body["ok"]), (200, &Value::Bool(true)), "{body}");
    let all = body["msg"]["allDiets"].as_array().cloned().unwrap_or_default();
    let seen: Vec<(&str, i64, bool)> = all
        .iter()
        .map(|d| {
            (d["dietNumber"].as_str().unwrap(), d["referTimes"].as_i64().unwrap(), d["isActive"].as_bool().unwrap())
        })
        .collect();
    assert_eq!(seen, [("D-2", 2, true), ("D-1", 1, false)]);
    assert_eq!((all[0]["period"].as_i64(), all[0]["remainDays"].as_i64()), (Some(30), Some(29)));
    assert!(all[0]["dietTitle"].as_str().is_some_and(|t| !t.is_empty()), "{}", all[0]);
    assert_eq!(all[1]["remainDays"].as_i64(), Some(-10));
    // `before`: when the diet before ended; the first has none.
    let first_end = all[1]["expireDietDate"].as_i64();
    assert!(first_end.is_some(), "{}", all[1]);
    assert_eq!((all[0]["before"].as_i64(), all[1].get("before")), (first_end, None));
    assert_eq!(active(&app, &token).await["before"].as_i64(), first_end, "the active diet says it too");

    let other = app.existing_customer("09351234567").await;
    let (_, nothing) = app.get_as(&other, "/app/diets/all").await;
    assert_eq!(nothing["msg"]["allDiets"], serde_json::json!([]), "only the customer's own diets");
}

/// What the diets list says of the diet's start: the customer's moves recorded, and whether another is accepted.
async fn start_moves(app: &TestApp, token: &str, id: i64) -> (i64, bool) {
    let (status, all) = app.get_as(token, "/app/diets/all").await;
    assert_eq!(status, 200, "{all}");
    let diets = all["msg"]["allDiets"].as_array().expect("allDiets");
    let diet = diets.iter().find(|d| d["id"] == id).unwrap_or_else(|| panic!("diet {id} listed: {all}"));
    (diet["startDateMoves"].as_i64().expect("startDateMoves"), diet["canMoveStartDate"].as_bool().expect("canMove"))
}

async fn move_start(app: &TestApp, token: &str, id: i64, start_date: &str) -> (u16, Value) {
    let request = app.client.post(app.url("/app/diets/startdate")).bearer_auth(token);
    let response = request.form(&[("id", id.to_string()), ("startDate", start_date.to_owned())]).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn only_the_owner_moves_a_diets_start_and_only_from_today_on() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order_id = app.paid_order(&token, &[101]).await;
    let diet =
        DietByTeam { order_id, number: "D-1", days: 30, package_count: None, slot: 1, ready: true, starts_at: None };
    let id = app.team_issues_diet(&diet).await;

    let tomorrow = now_ms() + DAY_MS;
    let (status, moved) = move_start(&app, &token, id, &tomorrow.to_string()).await;
    assert_eq!(status, 200, "{moved}");
    assert_eq!((moved["ok"].as_bool(), moved["msg"]["diet"]["startDate"].as_i64()), (Some(true), Some(tomorrow)));

    let other = app.existing_customer("09351234567").await;
    let (status, body) = move_start(&app, &other, id, &tomorrow.to_string()).await;
    assert_eq!(status, 404, "another customer's diet: {body}");
    for bad in [
        (now_ms() - 2 * DAY_MS).to_string(),
        "2026-02-31".to_owned(),
        "soon".to_owned(),
        (now_ms() + 400 * DAY_MS).to_string(),
    ] {
        let (status, body) = move_start(&app, &token, id, &bad).await;
        assert_eq!(status, 400, "{bad}: {body}");
        assert!(body["err"]["message"].as_str().is_some_and(|m| m.contains("تاریخ")), "{body}");
    }
    let (_, all) = app.get_as(&token, "/app/diets/all").await;
    assert_eq!(all["msg"]["allDiets"][0]["startDate"].as_i64(), Some(tomorrow), "refused moves change nothing");

    let anonymous = app.client.post(app.url("/app/diets/startdate")).form(&[("id", "1"), ("startDate", "1")]);
    assert_eq!(anonymous.send().await.unwrap().status().as_u16(), 401);
}

/// The week of grace counts from the diet's earliest start: moving it to today every few days would otherwise hand
/// back most of a month, a week at a time.
#[tokio::test]
async fn moving_a_start_again_and_again_does_not_add_up_to_more_than_a_week() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order_id = app.paid_order(&token, &[101]).await;
    let starts_at = Some(now_ms() - 6 * DAY_MS);
    let diet = DietByTeam { order_id, number: "D-1", days: 30, package_count: None, slot: 1, ready: true, starts_at };
    let id = app.team_issues_diet(&diet).await;
    assert_eq!(start_moves(&app, &token, id).await, (0, true), "the panel offers the editor");
    let (status, moved) = move_start(&app, &token, id, &now_ms().to_string()).await;
    assert_eq!(status, 200, "six days in, the start moves to today: {moved}");
    assert_eq!(start_moves(&app, &token, id).await, (1, true), "one move recorded, more accepted");

    // Two days pass.
    app.execute_sql(format!(
        "UPDATE diet SET starts_at = starts_at - {two}, earliest_start_at = earliest_start_at - {two} WHERE diet_id = {id}",
        two = 2 * DAY_MS
    ))
    .await;
    assert_eq!(start_moves(&app, &token, id).await, (1, false), "the panel no longer offers what is refused");
    let (status, refused) = move_start(&app, &token, id, &now_ms().to_string()).await;
    assert_eq!(status, 409, "eight days after its earliest start: {refused}");
    assert_eq!(
        refused["err"]["message"],
        "بیش از یک هفته از شروع این رژیم گذشته است؛ برای تغییر تاریخ شروع با پشتیبانی تماس بگیرید."
    );
}

#[tokio::test]
async fn the_hami_summary_says_whether_the_package_came_with_a_mentor() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let (status, body) = app.get_as(&token, "/app/hami/summary").await;
    assert_eq!((status, &body["msg"]["hami"]["hasHami"]), (200, &Value::Bool(false)), "{body}");

    let order_id = app.create_order(&token, &[101, 151]).await;
    let (_, body) = app.get_as(&token, "/app/hami/summary").await;
    assert_eq!(body["ok"], true);
    assert_eq!(
        (&body["msg"]["hami"]["hasHami"], &body["msg"]["hami"]["orderId"]),
        (&Value::Bool(true), &order_id.into())
    );
}

#[tokio::test]
async fn the_last_issued_diet_is_the_newest_one() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let (status, body) = app.get_as(&token, "/app/diet/user/last-issued").await;
    assert_eq!((status, &body["msg"]), (200, &serde_json::json!({})), "{body}");
    let order_id = app.paid_order(&token, &[101]).await;
    let diet =
        DietByTeam { order_id, number: "D-9", days: 30, package_count: Some(2), slot: 1, ready: true, starts_at: None };
    app.team_issues_diet(&diet).await;
    app.team_issues_diet(&DietByTeam { number: "D-10", slot: 2, ..diet }).await;
    let (_, body) = app.get_as(&token, "/app/diet/user/last-issued").await;
    assert_eq!(body["msg"]["diet"]["dietNumber"], "D-10", "{body}");
}

/// Moving the start again and again would hand back the days a diet has run: a customer moves it at most three
/// times, not after a week of running, and two tabs at once cannot pass the count. The medical team still can.
#[tokio::test]
async fn a_customer_cannot_win_back_the_days_a_diet_has_run() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order_id = app.paid_order(&token, &[101]).await;
    let long_running = DietByTeam {
        order_id,
        number: "D-1",
        days: 30,
        package_count: None,
        slot: 1,
        ready: true,
        starts_at: Some(now_ms() - 10 * DAY_MS),
    };
    let id = app.team_issues_diet(&long_running).await;
    let today = now_ms().to_string();
    let (status, body) = move_start(&app, &token, id, &today).await;
    assert_eq!(status, 409, "{body}");
    assert!(body["err"]["message"].as_str().is_some_and(|m| m.contains("پشتیبانی")), "{body}");
    let by_team = serde_json::json!({"startDate": today, "by": "dr-team"});
    let (status, reply) = app.staff(reqwest::Method::POST, &format!("/{id}/start"), Some(&by_team)).await;
    assert_eq!(status, 200, "the team moves it: {reply}");

    let second = app.paid_order(&token, &[101]).await;
    let fresh = DietByTeam { order_id: second, number: "D-2", starts_at: None, ..long_running };
    let id = app.team_issues_diet(&fresh).await;
    let dates: Vec<String> = (1..=8).map(|days| (now_ms() + days * DAY_MS).to_string()).collect();
    let tries = futures::future::join_all(dates.iter().map(|date| move_start(&app, &token, id, date))).await;
    let moved = tries.iter().filter(|(status, _)| *status == 200).count();
    assert_eq!(moved, 3, "{tries:?}");
    assert_eq!(start_moves(&app, &token, id).await, (3, false), "three moves recorded, no more accepted");
    assert!(tries.iter().all(|(status, _)| matches!(status, 200 | 409)), "{tries:?}");
    let audit = limoo_bff::store::diet_team::audit(app.db(), id).await.unwrap();
    let customer_moves = audit.iter().filter(|(action, actor, ..)| action == "START" && actor == "customer").count();
    assert_eq!(customer_moves, 3);
}
