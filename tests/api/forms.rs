//! Questionnaire answer records and the perfect-body landing over HTTP: create, update and link, every refusal
//! with its exact message, and the perfect-body arithmetic.
use limoo_bff::store::{Db, form_answers, perfect_body};
use limoo_tests::{TestApp, multipart::post_multipart, spawn_app};
use reqwest::Method;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

const RECORDS: &str = "/lemonade/api/formAnswers";
const INVALID: &str = "پاسخ‌های ارسال شده معتبر نیست.";
const WEIGHT_RANGE: &str = "وزن باید بین 15 تا 250 کیلوگرم باشد";
const HEIGHT_RANGE: &str = "قد باید بین 90 تا 250 سانتی‌متر باشد";

/// A betterme body as the web app sends it: one-entry answers, then the step, then the campaign.
fn betterme(answers: Value, step: &str) -> Value {
    let mut entries: Vec<Value> =
        answers.as_object().expect("an object").iter().map(|(id, value)| json!({ id: value })).collect();
    entries.push(json!({ "step": step }));
    entries.push(json!({ "utm_campaign": "yalda" }));
    json!({ "answers": entries, "formId": "1", "formType": "betterme2", "userId": "" })
}

/// Sends a record call, with a bearer token when given; answers the status and the body.
async fn send(app: &TestApp, method: Method, path: &str, token: Option<&str>, body: &Value) -> (u16, Value) {
    match token {
        Some(token) => app.call_as(method, token, path, Some(body)).await,
        None => {
            let response = app.client.request(method, app.url(path)).json(body).send().await.expect("request failed");
            let status = response.status().as_u16();
            (status, response.json().await.unwrap_or(Value::Null))
        }
    }
}

/// A created record: its id and the edit token the create call answered.
struct Created {
    id: i64,
    edit_token: String,
}

async fn create_record(app: &TestApp, token: Option<&str>, body: &Value) -> Created {
    let (status, reply) = send(app, Method::POST, RECORDS, token, body).await;
    assert_eq!(status, 200, "{reply}");
    let id = reply["id"].as_i64().expect("a numeric id");
    let edit_token = reply["editToken"].as_str().expect("an edit token").to_owned();
    Created { id, edit_token }
}

async fn create(app: &TestApp, token: Option<&str>, body: &Value) -> i64 {
    create_record(app, token, body).await.id
}

/// A PATCH as the record's creator would send it: with its edit token, and a bearer token when given.
async fn patch(app: &TestApp, record: &Created, token: Option<&str>, body: &Value) -> (u16, Value) {
    app.update_form_answers(record.id, token, Some(&record.edit_token), body).await
}

/// A refusal that does not tell "not yours" from "no such record".
fn assert_not_found((status, reply): (u16, Value)) {
    assert_eq!((status, reply["err"]["code"].as_str()), (404, Some("404")), "{reply}");
    assert_eq!(reply["err"]["message"], "پاسخ‌نامه مورد نظر پیدا نشد.", "{reply}");
}

async fn record(app: &TestApp, id: i64) -> form_answers::FormAnswerRecord {
    form_answers::find(app.db(), id).await.expect("record read").expect("record stored")
}

async fn customer_of(app: &TestApp, token: &str) -> i64 {
    app.tokens().verify(token).ok().and_then(|claims| claims.customer_id()).expect("customer id")
}

/// A refused call: 400, code "400", the general message and exactly these details.
fn assert_refused((status, reply): (u16, Value), details: &[&str]) {
    assert_eq!((status, reply["err"]["code"].as_str()), (400, Some("400")), "{reply}");
    assert_eq!(reply["err"]["message"], INVALID, "{reply}");
    assert_eq!(reply["err"]["details"]["messages"], json!(details), "{reply}");
}

#[tokio::test]
async fn the_first_send_creates_the_record_and_later_sends_replace_its_answers() {
    let app = spawn_app().await;
    let created = create_record(&app, None, &betterme(json!({ "bm2_1": "FEMALE" }), "1")).await;
    let id = created.id;
    let stored = record(&app, id).await;
    assert_eq!((stored.form_type.as_str(), stored.form_id.as_str()), ("betterme2", "1"));
    assert_eq!(stored.answers, r#"[{"bm2_1":"FEMALE"}]"#);
    assert_eq!((stored.step.as_deref(), stored.utm_campaign.as_deref()), (Some("1"), Some("yalda")));
    assert_eq!(stored.customer_id, None, "anonymous");

    let (status, reply) =
        patch(&app, &created, None, &betterme(json!({ "bm2_1": "FEMALE", "bm2_2": "REDUCE" }), "2")).await;
    assert_eq!((status, &reply), (200, &json!({ "id": id })));
    let updated = record(&app, id).await;
    assert_eq!(updated.answers, r#"[{"bm2_1":"FEMALE"},{"bm2_2":"REDUCE"}]"#);
    assert_eq!(updated.step.as_deref(), Some("2"));
    assert!(updated.updated_at >= stored.updated_at);
}

#[tokio::test]
async fn a_signed_in_send_links_the_record_to_the_customer_not_to_the_body_user_id() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let mut body = betterme(json!({ "bm2_1": "MALE" }), "1");
    body["userId"] = json!("09350000000");
    let id = create(&app, Some(&token), &body).await;
    let stored = record(&app, id).await;
    assert_eq!(stored.customer_id, Some(customer_of(&app, &token).await));
    assert_eq!(stored.claimed_user_id, None, "the token decides; the body's userId is not kept");
}

#[tokio::test]
async fn an_anonymous_record_is_linked_by_a_send_with_its_edit_token_after_sign_in() {
    let app = spawn_app().await;
    let mut body = betterme(json!({ "bm2_1": "FEMALE" }), "1");
    body["userId"] = json!("09121234567");
    let created = create_record(&app, None, &body).await;
    assert_eq!(record(&app, created.id).await.claimed_user_id.as_deref(), Some("09121234567"));

    let token = app.existing_customer("09121234567").await;
    let (status, _) = patch(&app, &created, Some(&token), &betterme(json!({ "bm2_1": "FEMALE" }), "1")).await;
    assert_eq!(status, 200);
    let customer = customer_of(&app, &token).await;
    assert_eq!(record(&app, created.id).await.customer_id, Some(customer));

    let (status, _) =
        patch(&app, &created, Some(&token), &betterme(json!({ "bm2_1": "FEMALE", "bm2_2": "FITNESS" }), "2")).await;
    assert_eq!(status, 200, "the owner's token alone keeps changing a linked record");
    let (status, _) =
        app.update_form_answers(created.id, Some(&token), None, &betterme(json!({ "bm2_1": "FEMALE" }), "1")).await;
    assert_eq!(status, 200, "a linked record needs no edit token");
    assert_eq!(record(&app, created.id).await.customer_id, Some(customer), "stays linked");
}

#[tokio::test]
async fn an_anonymous_record_changes_only_with_its_edit_token() {
    let app = spawn_app().await;
    let created = create_record(&app, None, &betterme(json!({ "bm2_1": "FEMALE" }), "1")).await;
    assert_eq!(created.edit_token.len(), 64, "32 random bytes, hex");
    let overwrite = betterme(json!({ "bm2_1": "MALE" }), "1");
    let stranger = app.existing_customer("09127654321").await;
    for (bearer, edit_token, why) in [
        (None, None, "no edit token"),
        (None, Some("0".repeat(64)), "a wrong edit token"),
        (None, Some(String::new()), "an empty edit token"),
        (Some(stranger.as_str()), None, "a bearer token alone cannot claim someone else's record"),
        (Some(stranger.as_str()), Some("0".repeat(64)), "a bearer token with a wrong edit token"),
    ] {
        assert_not_found(app.update_form_answers(created.id, bearer, edit_token.as_deref(), &overwrite).await);
        let kept = record(&app, created.id).await;
        assert_eq!((kept.answers.as_str(), kept.customer_id), (r#"[{"bm2_1":"FEMALE"}]"#, None), "{why}");
    }
    let (status, _) = patch(&app, &created, None, &overwrite).await;
    assert_eq!(status, 200, "the creator's edit token");
    assert_eq!(record(&app, created.id).await.answers, r#"[{"bm2_1":"MALE"}]"#);
}

#[tokio::test]
async fn a_linked_record_changes_only_with_its_customers_token() {
    let app = spawn_app().await;
    let owner = app.existing_customer("09121234567").await;
    let created = create_record(&app, Some(&owner), &betterme(json!({ "bm2_1": "FEMALE" }), "1")).await;
    let overwrite = betterme(json!({ "bm2_1": "MALE" }), "1");
    let other = app.existing_customer("09127654321").await;
    for (bearer, why) in
        [(None, "no token"), (Some("not.a.token"), "an invalid token"), (Some(other.as_str()), "another customer")]
    {
        // Even with the record's edit token: once linked, the customer's token is what authorises.
        assert_not_found(patch(&app, &created, bearer, &overwrite).await);
        assert_eq!(record(&app, created.id).await.answers, r#"[{"bm2_1":"FEMALE"}]"#, "{why}");
    }
    let (status, _) = app.update_form_answers(created.id, Some(&owner), None, &overwrite).await;
    assert_eq!(status, 200, "the owner");
    assert_eq!(record(&app, created.id).await.answers, r#"[{"bm2_1":"MALE"}]"#);
}

#[tokio::test]
async fn the_edit_token_is_stored_only_as_its_hash() {
    let app = spawn_app().await;
    let created = create_record(&app, None, &betterme(json!({ "bm2_1": "FEMALE" }), "1")).await;
    const HASH: &str = "SELECT edit_token_hash FROM form_answer WHERE form_answer_id = $1";
    let stored: Option<String> = match app.db() {
        Db::Sqlite(pool) => sqlx::query_scalar(HASH).bind(created.id).fetch_one(pool).await,
        Db::Postgres(pool) => sqlx::query_scalar(HASH).bind(created.id).fetch_one(pool).await,
    }
    .expect("hash read");
    let stored = stored.expect("a hash is stored");
    assert_ne!(stored, created.edit_token);
    assert_eq!(stored, hex::encode(Sha256::digest(created.edit_token.as_bytes())));
}

#[tokio::test]
async fn a_token_that_does_not_verify_counts_as_anonymous() {
    let app = spawn_app().await;
    let id = create(&app, Some("not.a.token"), &betterme(json!({ "bm2_1": "FEMALE" }), "1")).await;
    assert_eq!(record(&app, id).await.customer_id, None);
}

#[tokio::test]
async fn unknown_forms_questions_options_and_steps_are_named() {
    let app = spawn_app().await;
    let mut unknown_form = betterme(json!({ "bm2_1": "FEMALE" }), "1");
    unknown_form["formType"] = json!("betterme9");
    assert_refused(send(&app, Method::POST, RECORDS, None, &unknown_form).await, &["formType: unknown form betterme9"]);

    let body = betterme(json!({ "bm2_1": "FEMALE", "bm2_2": "SLEEP", "bm2_99": "X" }), "1");
    assert_refused(
        send(&app, Method::POST, RECORDS, None, &body).await,
        &["bm2_2: unknown option SLEEP", "bm2_99: unknown question"],
    );
    let body = betterme(json!({ "bm2_1": "FEMALE" }), "16");
    assert_refused(send(&app, Method::POST, RECORDS, None, &body).await, &["step: unknown step 16"]);
    let mut body = betterme(json!({ "bm2_1": "FEMALE" }), "1");
    body["answers"][1] = json!({ "step": ["1"] });
    assert_refused(send(&app, Method::POST, RECORDS, None, &body).await, &["step: expected text"]);
    let body =
        json!({ "answers": [{ "bm2_1": "FEMALE" }, { "bm2_1": "MALE" }], "formId": "1", "formType": "betterme2" });
    assert_refused(send(&app, Method::POST, RECORDS, None, &body).await, &["bm2_1: answered twice"]);
}

#[tokio::test]
async fn rules_answer_with_the_exact_persian_messages() {
    let app = spawn_app().await;
    let cases = [
        (json!({ "bm2_12": 250 }), "12", format!("bm2_12: {WEIGHT_RANGE}")),
        (json!({ "bm2_13": "14.99" }), "13", format!("bm2_13: {WEIGHT_RANGE}")),
        (json!({ "bm2_12": null }), "12", "bm2_12: لطفا فیلد مربوطه را پر نمایید".to_owned()),
        (json!({}), "1", "bm2_1: لطفا یکی از گزینه های مد نظر را انتخاب کنید".to_owned()),
        (json!({ "bm2_1": "FEMALE" }), "2", "bm2_2: لطفا یک گزینه را انتخاب کنید".to_owned()),
        (json!({ "bm2_6": [] }), "6", "bm2_6: لطفا یک یا چند گزینه را انتخاب کنید".to_owned()),
        (
            json!({ "bm2_1": "MALE", "bm2_7": ["PREGNANCY"] }),
            "7",
            "bm2_7: لطفا یک یا چند گزینه را انتخاب کنید".to_owned(),
        ),
        (json!({ "bm2_6": ["NOTHING", "STRESS"] }), "6", "bm2_6: لطفا یک یا چند گزینه را انتخاب کنید".to_owned()),
        (json!({ "bm2_6": "STRESS" }), "6", "bm2_6: expected a list of option values".to_owned()),
    ];
    for (answers, step, message) in cases {
        let body = betterme(answers.clone(), step);
        assert_refused(send(&app, Method::POST, RECORDS, None, &body).await, &[message.as_str()]);
    }
    let accepted = betterme(json!({ "bm2_1": "FEMALE", "bm2_7": ["PREGNANCY"], "bm2_12": "۲۴۹٫۹۹" }), "12");
    create(&app, None, &accepted).await;
}

/// A good-looking body: the answers given, with the step they end on.
fn good_looking(answers: Value, step: &str) -> Value {
    let mut body = betterme(answers, step);
    body["formType"] = json!("good-looking");
    body
}

#[tokio::test]
async fn good_looking_height_weights_and_tags_follow_spec_3_section_5() {
    let app = spawn_app().await;
    for height in [json!(89.99), json!(250)] {
        let body = good_looking(json!({ "bm_f14": height }), "bm_f14");
        assert_refused(send(&app, Method::POST, RECORDS, None, &body).await, &[&format!("bm_f14: {HEIGHT_RANGE}")]);
    }
    let body = good_looking(json!({ "bm_f16": 14.99 }), "bm_f16");
    assert_refused(send(&app, Method::POST, RECORDS, None, &body).await, &[&format!("bm_f16: {WEIGHT_RANGE}")]);
    let four = good_looking(json!({ "bm_f12": ["Carbohydrate", "Protein", "Dairy", "Lactose"] }), "bm_f12");
    assert_refused(
        send(&app, Method::POST, RECORDS, None, &four).await,
        &["bm_f12: لطفا یک یا چند گزینه را انتخاب کنید"],
    );
    let ok = good_looking(
        json!({ "bm_f14": 90, "bm_f15": 249.99, "bm_f12": ["Carbohydrate", "Protein", "Dairy"] }),
        "bm_f12",
    );
    create(&app, None, &ok).await;
}

#[tokio::test]
async fn konkur_hides_the_food_question_and_accepts_a_landing_form_type() {
    let app = spawn_app().await;
    let mut body = betterme(json!({ "kn_10": "NO", "kn_10_foods": null }), "kn_10");
    body["formType"] = json!("konkur-1403");
    let id = create(&app, None, &body).await;
    assert_eq!(record(&app, id).await.form_type, "konkur-1403");
    let mut asks = betterme(json!({ "kn_10": "YES" }), "kn_10");
    asks["formType"] = json!("konkur");
    assert_refused(
        send(&app, Method::POST, RECORDS, None, &asks).await,
        &["kn_10_foods: لطفا فیلد مربوطه را پر نمایید"],
    );
    let mut both = betterme(json!({ "kn_1": "MALE", "kn_6": ["NOTHING", "ASTHMA"] }), "kn_6");
    both["formType"] = json!("konkur");
    assert_refused(
        send(&app, Method::POST, RECORDS, None, &both).await,
        &["kn_6: لطفا یک یا چند گزینه را انتخاب کنید"],
    );
}

#[tokio::test]
async fn the_extend_diet_form_sends_a_map_of_values_and_its_final_submit_needs_every_answer() {
    let app = spawn_app().await;
    let body = |answers: Value| json!({ "answers": answers, "formId": "f1", "formType": "extend-diet", "userId": "09121234567" });
    let complete = body(json!({
        "size": { "value": "size_loss" }, "weight": { "value": "weight_not_changed" },
        "mobile": { "value": "09121234567" }, "step": { "value": 100 }
    }));
    let id = create(&app, None, &complete).await;
    let stored = record(&app, id).await;
    assert_eq!(stored.step.as_deref(), Some("100"));
    assert_eq!(stored.answers, r#"[{"mobile":"09121234567"},{"size":"size_loss"},{"weight":"weight_not_changed"}]"#);

    let partial = body(json!({ "mobile": { "value": "9121234567" }, "step": { "value": "100" } }));
    assert_refused(
        send(&app, Method::POST, RECORDS, None, &partial).await,
        &["size: لطفا تغییر سایز خود را انتخاب کنید", "weight: لطفا تغییر وزن خود را انتخاب کنید"],
    );
    let short = body(json!({ "mobile": { "value": "912123" } }));
    assert_refused(send(&app, Method::POST, RECORDS, None, &short).await, &["mobile: شماره وارد شده صحیح نیست"]);
    let empty = body(json!({ "mobile": { "value": "" }, "step": { "value": 100 } }));
    let (_, reply) = send(&app, Method::POST, RECORDS, None, &empty).await;
    assert_eq!(reply["err"]["details"]["messages"][0], "mobile: لطفا شماره موبایل خود را وارد کنید");
}

#[tokio::test]
async fn updates_keep_the_form_type_and_need_a_known_record() {
    let app = spawn_app().await;
    let created = create_record(&app, None, &betterme(json!({ "bm2_1": "FEMALE" }), "1")).await;
    let id = created.id;
    let other_type = good_looking(json!({ "bm_f1": "FEMALE" }), "bm_f1");
    assert_refused(
        patch(&app, &created, None, &other_type).await,
        &[&format!("formType: record {id} holds betterme2 answers")],
    );
    // Without the edit token the form type is not named: a stranger learns nothing about the record.
    assert_not_found(app.update_form_answers(id, None, None, &other_type).await);
    let unknown = Created { id: id + 1, edit_token: created.edit_token.clone() };
    assert_not_found(patch(&app, &unknown, None, &betterme(json!({ "bm2_1": "FEMALE" }), "1")).await);
    let (status, reply) = send(&app, Method::PATCH, &format!("{RECORDS}/abc"), None, &betterme(json!({}), "1")).await;
    assert_eq!((status, reply["err"]["code"].as_str()), (400, Some("400")), "{reply}");
}

#[tokio::test]
async fn a_malformed_body_gets_the_error_envelope() {
    let app = spawn_app().await;
    for body in [json!({ "answers": "x", "formId": "1", "formType": "betterme2" }), json!({ "answers": [] })] {
        let (status, reply) = send(&app, Method::POST, RECORDS, None, &body).await;
        assert_eq!((status, reply["err"]["code"].as_str()), (400, Some("400")), "{reply}");
        assert_eq!(reply["err"]["message"], "درخواست ارسال شده معتبر نیست.");
    }
}

/// Sends a body of raw text, as a client that builds its own JSON might.
async fn send_text(app: &TestApp, body: String) -> (u16, String) {
    let response = app.client.post(app.url(RECORDS)).header("Content-Type", "application/json").body(body).send();
    let response = response.await.expect("request failed");
    (response.status().as_u16(), response.text().await.expect("reply"))
}

#[tokio::test]
async fn an_oversized_answer_set_is_refused_with_a_short_reply_and_stores_nothing() {
    let app = spawn_app().await;
    // The penetration test's 11 MB anonymous send: cut off at the body limit.
    let huge =
        json!({ "answers": [{ "gender": "x".repeat(11 * 1024 * 1024) }], "formId": "1", "formType": "betterme2" });
    let (status, reply) = send_text(&app, huge.to_string()).await;
    assert_eq!(status, 413, "{reply}");
    assert!(reply.len() < 1024, "{} bytes", reply.len());

    // Within the body limit but over the answers cap: refused before it is checked.
    let big = betterme(json!({ "gender": "x".repeat(100 * 1024) }), "1");
    let (status, reply) = send(&app, Method::POST, RECORDS, None, &big).await;
    assert_eq!((status, reply["err"]["message"].as_str()), (400, Some("حجم اطلاعات ارسال شده بیش از حد مجاز است.")));
    assert_eq!(reply["err"]["details"]["messages"], json!(["answers is larger than 64 KiB"]));
    // A konkur landing's own form type is stored as sent, so it is a capped text.
    let long_type = json!({ "answers": [], "formId": "1", "formType": format!("konkur{}", "x".repeat(2048)) });
    let (status, reply) = send(&app, Method::POST, RECORDS, None, &long_type).await;
    assert_eq!(status, 400, "{reply}");
    assert_eq!(reply["err"]["details"]["messages"], json!(["formType is larger than 1 KiB"]));
    assert_eq!(form_answers::count(app.db()).await.unwrap(), 0);
}

#[tokio::test]
async fn refusals_never_repeat_a_long_input_in_full() {
    let app = spawn_app().await;
    // 400 unknown questions with 120-character ids, within the answers cap.
    let unknown: serde_json::Map<String, Value> =
        (0..400).map(|i| (format!("{i:03}{}", "q".repeat(117)), json!("x"))).collect();
    let (status, reply) = send_text(&app, betterme(Value::Object(unknown), "1").to_string()).await;
    assert_eq!(status, 400, "{reply}");
    assert!(reply.len() < 4 * 1024, "{} bytes", reply.len());
    let reply: Value = serde_json::from_str(&reply).expect("json");
    let lines = reply["err"]["details"]["messages"].as_array().expect("lines").clone();
    assert_eq!(lines.len(), 20, "{reply}");
    assert_eq!(lines[0], format!("000{}…: unknown question", "q".repeat(61)));
    // 400 unknown questions and step 1's unanswered ones: 19 shown, the rest counted.
    let last = lines[19].as_str().expect("text");
    assert!(last.starts_with("… and 38") && last.ends_with(" more"), "{last}");

    // A wrongly typed body: poem's parse error quotes the value; the envelope clips it.
    let wrong = json!({ "answers": "x".repeat(200 * 1024), "formId": "1", "formType": "betterme2" });
    let (status, reply) = send_text(&app, wrong.to_string()).await;
    assert_eq!(status, 400, "{reply}");
    assert!(reply.len() < 2 * 1024, "{} bytes", reply.len());

    let unknown_form = json!({ "answers": [], "formId": "1", "formType": "f".repeat(500) });
    let (status, reply) = send(&app, Method::POST, RECORDS, None, &unknown_form).await;
    assert_eq!(status, 400, "{reply}");
    assert_eq!(reply["err"]["details"]["messages"], json!([format!("formType: unknown form {}…", "f".repeat(64))]));
}

const REGISTRATION: &str = "/landing/perfectbody/registrationt2";
const RESULT: &str = "/landing/perfectbody/resultt2";

fn registration<'a>(year: &'a str, weight: &'a str, height: &'a str) -> Vec<(&'static str, &'a str)> {
    vec![("gender", "FEMALE"), ("day", "1"), ("month", "1"), ("year", year), ("weight", weight), ("height", height)]
}

async fn register(app: &TestApp, fields: &[(&str, &str)]) -> String {
    let (status, reply) = post_multipart(app, REGISTRATION, fields).await;
    assert_eq!(status, 200, "{reply}");
    reply["referral"].as_str().expect("a referral").to_owned()
}

#[tokio::test]
async fn the_perfect_body_result_follows_from_the_registration() {
    let app = spawn_app().await;
    let referral = register(&app, &registration("30Year", "80", "165")).await;
    let stored = perfect_body::find(app.db(), &referral).await.expect("read").expect("stored");
    assert_eq!(stored.birth_year, 1366, "30Year is 1401 − 35");
    let (status, reply) = post_multipart(&app, RESULT, &[("referral", &referral)]).await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!(
        reply,
        json!({
            "referral": referral, "gender": "FEMALE", "bmi": 29.4, "bmiClass": "OVERWEIGHT", "bodyShape": "PEAT",
            "overWeight": 11.9, "timeToMonth": 4, "numberOfPeriod": 4
        }),
        "80 − 25 × 1.65² = 11.9 kg, 119 days"
    );
}

#[tokio::test]
async fn the_perfect_body_year_accepts_each_age_band_and_persian_digits() {
    let app = spawn_app().await;
    for (band, year) in [("20Year", 1379), ("30Year", 1366), ("40Year", 1356), ("50Year", 1346), ("۱۳۷۰", 1370)] {
        let referral = register(&app, &registration(band, "۷۰٫۵", "180")).await;
        let stored = perfect_body::find(app.db(), &referral).await.expect("read").expect("stored");
        assert_eq!((stored.birth_year, stored.weight_kg), (year, 70.5), "{band}");
    }
    let referral = register(
        &app,
        &[("gender", "MALE"), ("day", "31"), ("month", "6"), ("year", "1370"), ("weight", "100"), ("height", "160")],
    )
    .await;
    let (_, reply) = post_multipart(&app, RESULT, &[("referral", &referral)]).await;
    assert_eq!((reply["bmiClass"].as_str(), reply["bodyShape"].as_str()), (Some("OBESE"), Some("ENDOMORPH")));
    assert_eq!(
        (reply["overWeight"].as_f64(), reply["timeToMonth"].as_i64()),
        (Some(36.0), Some(12)),
        "100 − 25 × 1.6²"
    );
}

#[tokio::test]
async fn perfect_body_refusals_carry_jsp_error_and_the_field_message() {
    let app = spawn_app().await;
    let cases: [(Vec<(&str, &str)>, &str); 6] = [
        (registration("1370", "250", "170"), WEIGHT_RANGE),
        (registration("1370", "14.99", "170"), WEIGHT_RANGE),
        (registration("1370", "70", "89.99"), HEIGHT_RANGE),
        (registration("60Year", "70", "170"), "تاریخ تولد وارد شده معتبر نیست."),
        (
            vec![("gender", "X"), ("day", "1"), ("month", "1"), ("year", "1370"), ("weight", "70"), ("height", "170")],
            "لطفا یکی از گزینه های مد نظر را انتخاب کنید",
        ),
        (
            vec![
                ("gender", "MALE"),
                ("day", "31"),
                ("month", "7"),
                ("year", "1370"),
                ("weight", "70"),
                ("height", "170"),
            ],
            "تاریخ تولد وارد شده معتبر نیست.",
        ),
    ];
    for (fields, message) in cases {
        let (status, reply) = post_multipart(&app, REGISTRATION, &fields).await;
        assert_eq!((status, reply["err"]["code"].as_str()), (400, Some("JSP_ERROR")), "{fields:?}: {reply}");
        assert_eq!(reply["err"]["message"], message, "{fields:?}");
    }
    let (status, reply) = post_multipart(&app, REGISTRATION, &[("gender", "MALE")]).await;
    assert_eq!((status, reply["err"]["code"].as_str()), (400, Some("JSP_ERROR")), "missing fields: {reply}");
    assert_eq!(reply["err"]["message"], "تاریخ تولد وارد شده معتبر نیست.", "the first missing field is the month");
    let (status, reply) = post_multipart(&app, RESULT, &[("referral", "nope")]).await;
    assert_eq!((status, reply["err"]["code"].as_str()), (404, Some("JSP_ERROR")), "{reply}");
    assert_eq!(reply["err"]["message"], "اطلاعات ثبت‌نام برای این کد پیدا نشد.");
}
