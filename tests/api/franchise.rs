//! The franchise calls over HTTP: invitations recorded from check-mobile's referral, the members' summary,
//! leaderboard and invitation list, NOT_FRANCHIZER for everyone else, and the points summary.
use limoo_tests::{TestApp, spawn_app};
use serde_json::Value;

const MEMBER: &str = "09121110001";

async fn get(app: &TestApp, token: &str, path: &str) -> Value {
    let (status, body) = app.get_as(token, path).await;
    assert_eq!(status, 200, "{path}: {body}");
    body
}

#[tokio::test]
async fn a_sign_up_with_a_members_code_becomes_their_invitation() {
    let app = spawn_app().await;
    let (member, code) = app.franchise_member(MEMBER).await;
    app.sign_up_with_referral("09351234567", &code.to_lowercase()).await;
    let summary = get(&app, &member, "/franchise/summary").await;
    assert_eq!(summary["ok"], true);
    assert_eq!(summary["msg"]["referralCode"], code.as_str());
    assert_eq!(summary["msg"]["invitationCount"], 1);
    assert_eq!(
        (summary["msg"]["franchisePoints"].as_i64(), summary["msg"]["leaderboardPoints"].as_i64()),
        (Some(0), Some(1))
    );
    let list = get(&app, &member, "/franchise/invite-lists").await;
    let invitations = list["invitations"].as_array().expect("a list");
    assert_eq!(invitations.len(), 1, "{list}");
    assert_eq!(invitations[0]["mobileNumber"], "0935*****67");
    assert_eq!(invitations[0]["dietStatus"], "TRANSACTION_WATING");
    assert!(invitations[0].get("remainDays").is_none(), "no diet, no days: {list}");
}

#[tokio::test]
async fn paid_diet_orders_of_invitees_earn_franchise_points() {
    let app = spawn_app().await;
    let (member, code) = app.franchise_member(MEMBER).await;
    let invitee = app.sign_up_with_referral("09351234567", &code).await;
    app.paid_order(&invitee.token, &[101]).await;
    let summary = get(&app, &member, "/franchise/summary").await;
    assert_eq!(
        (summary["msg"]["franchisePoints"].as_i64(), summary["msg"]["leaderboardPoints"].as_i64()),
        (Some(10), Some(11))
    );
}

#[tokio::test]
async fn unknown_codes_registered_numbers_and_self_invites_record_nothing_and_block_nothing() {
    let app = spawn_app().await;
    let (member, code) = app.franchise_member(MEMBER).await;
    // Unknown and malformed codes: the sign-up goes through.
    app.sign_up_with_referral("09351234561", "ZZZZZZ").await;
    app.sign_up_with_referral("09351234562", &"x".repeat(5000)).await;
    // A customer who already exists cannot be invited afterwards; the member cannot invite themselves.
    app.existing_customer("09351234563").await;
    let check = serde_json::json!({ "mobileNumber": "09351234563", "countryId": 1, "referral": code });
    assert_eq!(app.post_json("/auth/check-mobile", &check).await.status(), 200);
    let check = serde_json::json!({ "mobileNumber": MEMBER, "countryId": 1, "referral": code });
    assert_eq!(app.post_json("/auth/check-mobile", &check).await.status(), 200);
    let summary = get(&app, &member, "/franchise/summary").await;
    assert_eq!(summary["msg"]["invitationCount"], 0, "{summary}");
}

#[tokio::test]
async fn a_customer_is_invited_once_by_the_first_member() {
    let app = spawn_app().await;
    let (first, first_code) = app.franchise_member(MEMBER).await;
    let (second, second_code) = app.franchise_member("09121110002").await;
    app.sign_up_with_referral("09351234567", &first_code).await;
    app.forget_codes("09351234567", 1).await;
    app.sign_up_with_referral("09351234567", &second_code).await;
    assert_eq!(get(&app, &first, "/franchise/summary").await["msg"]["invitationCount"], 1);
    assert_eq!(get(&app, &second, "/franchise/summary").await["msg"]["invitationCount"], 0);
}

#[tokio::test]
async fn non_members_and_revoked_members_get_not_franchizer() {
    let app = spawn_app().await;
    let outsider = app.existing_customer("09121110009").await;
    let (member, _) = app.franchise_member(MEMBER).await;
    app.revoke_franchise(MEMBER).await;
    for token in [&outsider, &member] {
        for path in ["/franchise/summary", "/franchise/leaderboard", "/franchise/invite-lists"] {
            let (status, body) = app.get_as(token, path).await;
            assert_eq!((status, body["err"]["code"].as_str()), (403, Some("NOT_FRANCHIZER")), "{path}: {body}");
            assert_eq!(body["err"]["message"], "شما عضو طرح معرفی (فرانچایز) لیمو نیستید.");
        }
    }
    let (status, _) = app.get_as("not-a-token", "/franchise/summary").await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn the_leaderboard_ranks_members_masks_numbers_and_shows_the_callers_place() {
    let app = spawn_app().await;
    let (_, top_code) = app.franchise_member("09121110001").await;
    let (caller, caller_code) = app.franchise_member("09121110002").await;
    app.franchise_member("09121110003").await;
    for (i, code) in [&top_code, &top_code, &caller_code].into_iter().enumerate() {
        app.sign_up_with_referral(&format!("0935123456{i}"), code).await;
    }
    let board = get(&app, &caller, "/franchise/leaderboard").await;
    let entries = board["msg"]["leaderboard"].as_array().expect("a list");
    let ranks: Vec<(i64, i64)> =
        entries.iter().map(|e| (e["rank"].as_i64().unwrap(), e["leaderboardPoints"].as_i64().unwrap())).collect();
    assert_eq!(ranks, vec![(1, 2), (2, 1), (3, 0)], "{board}");
    assert_eq!(entries[0]["mobileNumber"], "0912*****01");
    assert_eq!(board["msg"]["me"]["rank"], 2);
    assert_eq!(board["msg"]["me"]["isMe"], true);
    assert_eq!(entries[1]["isMe"], true);
}

#[tokio::test]
async fn the_points_summary_shows_the_balance_and_its_history() {
    let app = spawn_app().await;
    let token = app.customer_with_points("09121234567", 250).await;
    let summary = get(&app, &token, "/app/points/summary").await;
    let msg = &summary["msg"];
    assert_eq!(summary["ok"], true);
    assert_eq!(
        (msg["points"]["count"].as_i64(), msg["earnedPoints"].as_i64(), msg["spentPoints"].as_i64()),
        (Some(250), Some(250), Some(0))
    );
    assert_eq!(msg["history"][0]["points"], 250);
    assert_eq!(msg["history"][0]["reason"], "QA: test", "the team's grant says who gave it and why");
}

#[tokio::test]
async fn only_an_active_members_code_is_kept_before_a_sign_up() {
    let app = spawn_app().await;
    let (_, code) = app.franchise_member(MEMBER).await;
    for referral in ["ZZZZZZ", code.as_str()] {
        let check = serde_json::json!({ "mobileNumber": "09351234567", "countryId": 1, "referral": referral });
        assert_eq!(app.post_json("/auth/check-mobile", &check).await.status(), 200);
    }
    let check = serde_json::json!({ "mobileNumber": "09351234568", "countryId": 1, "referral": "ZZZZZZ" });
    assert_eq!(app.post_json("/auth/check-mobile", &check).await.status(), 200);
    let kept: Vec<(String,)> = match app.db() {
        limoo_bff::store::Db::Sqlite(pool) => {
            sqlx::query_as("SELECT referral_code FROM referral_claim").fetch_all(pool).await.expect("claims read")
        }
        limoo_bff::store::Db::Postgres(pool) => {
            sqlx::query_as("SELECT referral_code FROM referral_claim").fetch_all(pool).await.expect("claims read")
        }
    };
    assert_eq!(kept, vec![(code,)]);
}

/// The franchise page learns whether the customer is a member without being refused: a member, a customer who never
/// was one and a revoked member each get a plain answer.
#[tokio::test]
async fn membership_answers_everyone_without_an_error() {
    let app = spawn_app().await;
    let (member, _) = app.franchise_member(MEMBER).await;
    let stranger = app.existing_customer("09121234567").await;
    assert_eq!(get(&app, &member, "/franchise/membership").await, serde_json::json!({ "isFranchizer": true }));
    assert_eq!(get(&app, &stranger, "/franchise/membership").await, serde_json::json!({ "isFranchizer": false }));
    app.revoke_franchise(MEMBER).await;
    assert_eq!(get(&app, &member, "/franchise/membership").await, serde_json::json!({ "isFranchizer": false }));
}
