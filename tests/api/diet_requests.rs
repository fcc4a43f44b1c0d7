//! The detailed form's medical profile and the diet request made from it (spec 3 §3, §4 "Diet actions", §7):
//! `POST /lemonade/api/medical-profiles`, then `POST /lemonade/api/make-profile-and-request-diet`.
use limoo_bff::{domain::medical_profile::ConversationId, store::diet_requests};
use limoo_tests::{TestApp, spawn_app};
use serde_json::{Value, json};

const PROFILES: &str = "/lemonade/api/medical-profiles";
const REQUEST: &str = "/lemonade/api/make-profile-and-request-diet";
const CONVERSATION: &str = "5b0e3a8c-2f4d-4c1e-9a7b-1d2e3f4a5b6c";

/// A whole profile that fits the diet-request form.
fn profile(conversation: &str) -> Value {
    limoo_tests::example_profile_request(conversation)
}

async fn status_of(app: &TestApp, token: &str) -> Value {
    let (status, body) = app.get_as(token, "/app/diets/active").await;
    assert_eq!(status, 200, "{body}");
    body["msg"]["activeDiet"].clone()
}

async fn diet_count(app: &TestApp) -> i64 {
    let (n,): (i64,) = match app.db() {
        limoo_bff::store::Db::Sqlite(pool) => sqlx::query_as("SELECT COUNT(*) FROM diet").fetch_one(pool).await,
        limoo_bff::store::Db::Postgres(pool) => sqlx::query_as("SELECT COUNT(*) FROM diet").fetch_one(pool).await,
    }
    .unwrap();
    n
}

#[tokio::test]
async fn the_profile_is_stored_with_the_fixed_location_and_the_paid_diet_goes_to_issuing_once() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order_id = app.paid_order(&token, &[101]).await;
    assert_eq!(status_of(&app, &token).await["status"], "ANSWERING_QUESTIONS");

    let (status, saved) = app.post_as(&token, PROFILES, &profile(CONVERSATION)).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["conversationId"], CONVERSATION);
    let conversation = ConversationId::parse(CONVERSATION).unwrap();
    let stored = diet_requests::find_profile(app.db(), &conversation).await.unwrap().expect("stored profile");
    assert_eq!((stored.country_code.as_str(), stored.state, stored.city), ("TR", 2170, 107851));
    assert_eq!(stored.profile["body"]["weight"], 72);
    assert_eq!(stored.profile["special"]["discomforts"], json!(["FATIGUE"]));

    let (status, requested) = app.post_as(&token, REQUEST, &json!({ "conversationId": CONVERSATION })).await;
    assert_eq!(status, 200, "{requested}");
    assert_eq!(requested["status"], "ISSUING");
    assert_eq!(requested["dietNumber"], format!("D-{order_id}"));
    let diet = status_of(&app, &token).await;
    assert_eq!(diet["status"], "ISSUING");
    assert_eq!(diet["isReady"], false);

    let (status, again) = app.post_as(&token, REQUEST, &json!({ "conversationId": CONVERSATION })).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again, requested, "a repeated request answers the same diet");
    assert_eq!(diet_count(&app).await, 1, "the diet is issued once");
}

#[tokio::test]
async fn concurrent_requests_of_one_conversation_issue_one_diet() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    app.paid_order(&token, &[101]).await;
    assert_eq!(app.post_as(&token, PROFILES, &profile(CONVERSATION)).await.0, 200);
    let body = json!({ "conversationId": CONVERSATION });
    let (first, second) = tokio::join!(app.post_as(&token, REQUEST, &body), app.post_as(&token, REQUEST, &body));
    assert_eq!((first.0, second.0), (200, 200), "{} {}", first.1, second.1);
    assert_eq!(first.1["dietNumber"], second.1["dietNumber"]);
    assert_eq!(diet_count(&app).await, 1);
}

#[tokio::test]
async fn without_a_paid_diet_waiting_for_answers_the_request_is_refused_in_persian() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    app.create_order(&token, &[101]).await;
    assert_eq!(app.post_as(&token, PROFILES, &profile(CONVERSATION)).await.0, 200);
    let (status, body) = app.post_as(&token, REQUEST, &json!({ "conversationId": CONVERSATION })).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["err"]["code"], "NO_DIET_AWAITING_ANSWERS");
    assert_eq!(
        body["err"]["message"],
        "رژیم پرداخت‌شده‌ای که در انتظار پاسخ به سوالات باشد ندارید؛ لطفا ابتدا رژیم خود را خریداری کنید."
    );
    assert_eq!(status_of(&app, &token).await["status"], "TRANSACTION_WATING");
    assert_eq!(diet_count(&app).await, 0);
}

#[tokio::test]
async fn a_diet_is_requested_only_after_the_conversations_profile() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    app.paid_order(&token, &[101]).await;
    let (status, body) = app.post_as(&token, REQUEST, &json!({ "conversationId": CONVERSATION })).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["err"]["code"], "PROFILE_NOT_FOUND");
    assert_eq!(status_of(&app, &token).await["status"], "ANSWERING_QUESTIONS");
}

#[tokio::test]
async fn a_profile_is_checked_by_the_form_rules_and_the_fixed_location() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let mut body = profile(CONVERSATION);
    body["body"]["stature"] = json!(300);
    body["general"]["weight"] = json!(70);
    body["state"] = json!(1);
    let (status, reply) = app.post_as(&token, PROFILES, &body).await;
    assert_eq!(status, 400, "{reply}");
    assert_eq!(reply["err"]["code"], "INVALID_PROFILE");
    let details: Vec<&str> =
        reply["err"]["details"]["messages"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert!(details.contains(&"stature: قد باید بین 90 تا 240 سانتی‌متر باشد"), "{details:?}");
    assert!(details.contains(&"general.weight: belongs to body"), "{details:?}");
    assert!(details.iter().any(|d| d.starts_with("countryCode, state, city")), "{details:?}");

    let (status, reply) = app.post_as(&token, PROFILES, &profile("f10")).await;
    assert_eq!((status, reply["err"]["code"].as_str()), (400, Some("INVALID_PROFILE")), "{reply}");
}

/// A profile built from part of the form (a tab whose stored answers were lost) would spend the order's one diet
/// request on answers the specialists cannot write from: it is refused, naming each question left out.
#[tokio::test]
async fn a_profile_missing_a_question_is_refused_and_spends_no_request() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    app.paid_order(&token, &[101]).await;
    let mut body = profile(CONVERSATION);
    body["body"].as_object_mut().unwrap().remove("weight");
    body["special"] = json!({});
    let (status, reply) = app.post_as(&token, PROFILES, &body).await;
    assert_eq!((status, reply["err"]["code"].as_str()), (400, Some("INVALID_PROFILE")), "{reply}");
    let details: Vec<&str> =
        reply["err"]["details"]["messages"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert!(details.contains(&"weight: پر کردن این فیلد الزامی است"), "{details:?}");
    assert!(details.contains(&"thyroid: لطفا یک گزینه را انتخاب کنید"), "{details:?}");
    let (status, reply) = app.post_as(&token, REQUEST, &json!({ "conversationId": CONVERSATION })).await;
    assert_eq!((status, reply["err"]["code"].as_str()), (400, Some("PROFILE_NOT_FOUND")), "{reply}");
    assert_eq!(status_of(&app, &token).await["status"], "ANSWERING_QUESTIONS");
}

/// The specialists write the diet from the profile the request used: sending the conversation's profile again (the
/// web's retry after a lost answer does) answers the same id and leaves it as it was.
#[tokio::test]
async fn the_profile_a_request_used_stays_as_it_was() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    app.paid_order(&token, &[101]).await;
    let (_, first) = app.post_as(&token, PROFILES, &profile(CONVERSATION)).await;
    assert_eq!(app.post_as(&token, REQUEST, &json!({ "conversationId": CONVERSATION })).await.0, 200);
    let mut changed = profile(CONVERSATION);
    changed["body"]["weight"] = json!(95);
    let (status, again) = app.post_as(&token, PROFILES, &changed).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["id"], first["id"]);
    let conversation = ConversationId::parse(CONVERSATION).unwrap();
    let stored = diet_requests::find_profile(app.db(), &conversation).await.unwrap().expect("stored profile");
    assert_eq!(stored.profile["body"]["weight"], 72, "the profile the request used");
    let other = app.existing_customer("09127654321").await;
    let (status, reply) = app.post_as(&other, PROFILES, &changed).await;
    assert_eq!((status, reply["err"]["code"].as_str()), (409, Some("CONVERSATION_TAKEN")), "{reply}");
}

#[tokio::test]
async fn a_profile_over_64_kib_is_refused_before_its_fields_are_checked() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let mut body = profile(CONVERSATION);
    body["general"]["job"] = json!("x".repeat(65 * 1024));
    let (status, reply) = app.post_as(&token, PROFILES, &body).await;
    assert_eq!((status, reply["err"]["code"].as_str()), (400, Some("PROFILE_TOO_LARGE")), "{reply}");
    assert_eq!(reply["err"]["details"]["messages"], json!(["profile is larger than 64 KiB"]));
    let conversation = ConversationId::parse(CONVERSATION).unwrap();
    assert!(diet_requests::find_profile(app.db(), &conversation).await.unwrap().is_none(), "nothing stored");
}

#[tokio::test]
async fn a_conversation_belongs_to_its_customer_and_both_calls_need_a_token() {
    let app = spawn_app().await;
    let first = app.existing_customer("09121234567").await;
    let other = app.existing_customer("09127654321").await;
    assert_eq!(app.post_as(&first, PROFILES, &profile(CONVERSATION)).await.0, 200);
    let (status, reply) = app.post_as(&other, PROFILES, &profile(CONVERSATION)).await;
    assert_eq!((status, reply["err"]["code"].as_str()), (409, Some("CONVERSATION_TAKEN")), "{reply}");

    for path in [PROFILES, REQUEST] {
        let response = app.post_json(path, &profile(CONVERSATION)).await;
        assert_eq!(response.status().as_u16(), 401, "{path}");
    }
}

/// A form opened again and again starts a new conversation each time: the customer keeps the newest 20 profiles no
/// request used, and every profile a request used, so a script cannot fill the database 64 KiB at a time.
#[tokio::test]
async fn a_customer_keeps_the_newest_unused_profiles_and_every_used_one() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    app.paid_order(&token, &[101]).await;
    assert_eq!(app.post_as(&token, PROFILES, &profile(CONVERSATION)).await.0, 200);
    assert_eq!(app.post_as(&token, REQUEST, &json!({ "conversationId": CONVERSATION })).await.0, 200);
    let conversations: Vec<String> = (0..25).map(|n| format!("5b0e3a8c-2f4d-4c1e-9a7b-{n:012}")).collect();
    for conversation in &conversations {
        let (status, saved) = app.post_as(&token, PROFILES, &profile(conversation)).await;
        assert_eq!(status, 200, "{saved}");
    }
    let kept = |conversation: &str| {
        let conversation = ConversationId::parse(conversation).expect("a conversation id");
        let app = &app;
        async move { diet_requests::find_profile(app.db(), &conversation).await.unwrap().is_some() }
    };
    assert!(kept(CONVERSATION).await, "the profile a request used");
    let mut unused = 0;
    for conversation in &conversations {
        unused += usize::from(kept(conversation).await);
    }
    assert_eq!(unused, 20);
    // Saves within one millisecond may go either way at the edge; the first and the last cannot.
    assert!(!kept(&conversations[0]).await, "the oldest went");
    assert!(kept(&conversations[24]).await, "the newest stays");
}
