//! The diet request of the detailed form (spec 3 §3, §4 "Diet actions", §7): the medical profile under the form
//! run's conversation id and the request that sends the paid diet to ISSUING, over the API and from the f10 screen.
use crate::browser::Storage;
use crate::params::Mobile;
use cucumber::{gherkin::Step, given, then, when};
use limoo_bff::{
    domain::medical_profile::ConversationId,
    store::{Db, diet_requests},
};
use serde_json::{Map, Value, json};

use super::{LimooWorld, OrFail, OrFailAny, Reply, quiz::wait_for_latest_record};

impl LimooWorld {
    /// The customer sends a medical profile; its answer becomes the last reply.
    async fn sends_profile(&mut self, mobile: &str, body: &Value) -> &Reply {
        let token = self.token_of(mobile).await;
        let answer = self.app().api(&token).create_medical_profile(body).await;
        self.keep(answer)
    }

    /// The conversation of the customer's newest medical profile (the web makes a fresh uuid per form run).
    async fn newest_conversation_of(&self, mobile: &str) -> ConversationId {
        let token = self.token_of(mobile).await;
        let customer = self.app().customer_of(&token);
        const SQL: &str =
            "SELECT conversation_id FROM medical_profile WHERE customer_id = $1 ORDER BY updated_at DESC LIMIT 1";
        let row: Option<(String,)> = match self.app().db() {
            Db::Sqlite(pool) => sqlx::query_as(SQL).bind(customer).fetch_optional(pool).await,
            Db::Postgres(pool) => sqlx::query_as(SQL).bind(customer).fetch_optional(pool).await,
        }
        .or_fail_any("medical profile read");
        let (conversation,) = row.unwrap_or_else(|| panic!("customer {mobile} has no medical profile"));
        ConversationId::parse(&conversation).or_fail_any("stored conversation id")
    }

    async fn assert_profile_location(&self, conversation: &ConversationId, country: &str, state: i64, city: i64) {
        let stored = diet_requests::find_profile(self.app().db(), conversation)
            .await
            .or_fail("medical profile read")
            .unwrap_or_else(|| panic!("no medical profile for {}", conversation.as_str()));
        assert_eq!(
            (stored.country_code.as_str(), stored.state, stored.city),
            (country, state, city),
            "stored location of {stored:?}"
        );
        assert_eq!(
            (&stored.profile["countryCode"], &stored.profile["state"], &stored.profile["city"]),
            (&json!(country), &json!(state), &json!(city)),
            "the stored profile JSON"
        );
    }
}

/// Exactly the profile of the doc string, whatever the BFF answers (the next step says what it should be).
#[when(expr = "مشتری {mobile} پرونده پزشکی گفتگوی {string} را می‌فرستد و فقط این پاسخ‌ها را دارد:")]
async fn send_profile(world: &mut LimooWorld, mobile: Mobile, conversation: String, step: &Step) {
    let doc = step.docstring.as_deref().expect("the profile groups as a JSON doc string");
    let mut body: Value = serde_json::from_str(doc).or_fail_any("profile JSON");
    body["conversationId"] = json!(conversation);
    world.sends_profile(&mobile, &body).await;
}

#[then(expr = "مشتری {mobile} پرونده پزشکی ندارد")]
async fn no_profile(world: &mut LimooWorld, mobile: Mobile) {
    let token = world.token_of(&mobile).await;
    let customer = world.app().customer_of(&token);
    let sql = format!("SELECT COUNT(*) FROM medical_profile WHERE customer_id = {customer}");
    assert_eq!(world.app().query_i64(sql).await, 0, "the customer has a medical profile");
}

#[when(expr = "مشتری {mobile} پرونده پزشکی کامل گفتگوی {string} را می‌فرستد")]
async fn send_example_profile(world: &mut LimooWorld, mobile: Mobile, conversation: String) {
    let reply = world.sends_profile(&mobile, &crate::example_profile_request(&conversation)).await;
    assert_eq!(reply.status, 200, "profile refused: {}", reply.body);
}

/// The example profile with the doc string's fields over its own, group by group.
#[when(expr = "مشتری {mobile} پرونده پزشکی کامل گفتگوی {string} را با این پاسخ‌ها می‌فرستد:")]
async fn send_example_profile_with(world: &mut LimooWorld, mobile: Mobile, conversation: String, step: &Step) {
    let doc = step.docstring.as_deref().expect("the profile's fields as a JSON doc string");
    let over: Map<String, Value> = serde_json::from_str(doc).or_fail_any("profile JSON");
    let mut body = crate::example_profile_request(&conversation);
    for (group, fields) in over {
        for (field, value) in fields.as_object().cloned().unwrap_or_default() {
            body[&group][field] = value;
        }
    }
    let reply = world.sends_profile(&mobile, &body).await;
    assert_eq!(reply.status, 200, "profile refused: {}", reply.body);
}

/// The example profile with this age; the age as typed: a JSON number when it is one (`71`), else text (`۱۵`).
#[when(expr = "مشتری {mobile} پرونده پزشکی گفتگوی {string} را با سن {string} می‌فرستد")]
async fn send_profile_with_age(world: &mut LimooWorld, mobile: Mobile, conversation: String, age: String) {
    let age = serde_json::from_str::<serde_json::Number>(&age).map_or_else(|_| json!(age), Value::Number);
    let mut body = crate::example_profile_request(&conversation);
    // A birth date that agrees with the age, so only the age decides.
    if let Some(years) = limoo_bff::domain::forms::number_like(&age) {
        body["general"]["birthDate"] = json!(crate::birth_date_of_age(years.trunc() as i64));
    }
    body["general"]["age"] = age;
    world.sends_profile(&mobile, &body).await;
}

/// The example answers of every section as a tab that filled the form in holds them, with `answers` over them.
#[given(expr = "در حافظه جلسه پاسخ‌های کامل فرم درخواست رژیم با {string} است")]
async fn whole_form_in_session(world: &mut LimooWorld, answers: String) {
    let mut stored = crate::example_diet_request_answers();
    let over: Map<String, Value> = serde_json::from_str(&answers).or_fail_any("answers JSON");
    // A birth date given here brings the age that agrees with it, as a customer filling the form in would have.
    if let Some(age) = over.get("birthDate").and_then(Value::as_str).and_then(crate::age_of_birth_date) {
        stored.insert("age".to_owned(), json!(age));
    }
    stored.extend(over);
    world.ensure_app_loaded().await;
    let value = Value::Object(stored).to_string();
    world.browser().await.store(Storage::Session, "diet_request_answers", &value).await.or_fail("session storage");
}

#[then(expr = "پرونده پزشکی با کد {string} و پیام {string} رد می‌شود")]
async fn profile_refused(world: &mut LimooWorld, code: String, message: String) {
    let reply = world.reply();
    assert_eq!(reply.status, 400, "profile answered {}", reply.body);
    assert_eq!(reply.body["err"]["code"], code.as_str(), "{}", reply.body);
    let messages = reply.body["err"]["details"]["messages"].as_array().expect("details.messages");
    assert!(messages.iter().any(|m| m.as_str() == Some(message.as_str())), "{messages:?} lacks {message:?}");
}

#[then(expr = "پرونده پزشکی گفتگوی {string} با سن {int} در گروه general ذخیره شده است")]
async fn profile_age_stored(world: &mut LimooWorld, conversation: String, age: i64) {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "profile refused: {}", reply.body);
    let conversation = ConversationId::parse(&conversation).or_fail_any("conversation id");
    let stored =
        diet_requests::find_profile(world.app().db(), &conversation).await.or_fail("profile").expect("profile");
    assert_eq!(stored.profile["general"]["age"], json!(age), "general group of {}", stored.profile);
}

/// The BFF's answers record of the form as the web sent it: the step and the age among its `{id: value}` entries.
#[then(expr = "آخرین پاسخ‌نامه {string} مرحله {string} را با سن {int} دارد")]
async fn record_holds_age(world: &mut LimooWorld, form_type: String, step_id: String, age: i64) {
    let record = wait_for_latest_record(world, &form_type).await;
    let entries: Vec<Map<String, Value>> = serde_json::from_str(&record.answers).or_fail_any("answers JSON");
    let sent = entries.iter().find_map(|entry| entry.get("age"));
    assert_eq!((record.step.as_deref(), sent), (Some(step_id.as_str()), Some(&json!(age))), "{}", record.answers);
}

#[when(expr = "مشتری {mobile} رژیم گفتگوی {string} را درخواست می‌کند")]
async fn request_diet(world: &mut LimooWorld, mobile: Mobile, conversation: String) {
    let token = world.token_of(&mobile).await;
    let answer = world.app().api(&token).request_diet(&json!({ "conversationId": conversation })).await;
    world.keep(answer);
}

#[then(expr = "پرونده پزشکی گفتگوی {string} با کشور {string}، استان {int} و شهر {int} ذخیره شده است")]
async fn profile_stored(world: &mut LimooWorld, conversation: String, country: String, state: i64, city: i64) {
    let conversation = ConversationId::parse(&conversation).or_fail_any("conversation id");
    world.assert_profile_location(&conversation, &country, state, city).await;
}

#[then(expr = "پرونده پزشکی مشتری {mobile} با کشور {string}، استان {int} و شهر {int} و وزن {int} ذخیره شده است")]
async fn customer_profile_stored(
    world: &mut LimooWorld,
    mobile: Mobile,
    country: String,
    state: i64,
    city: i64,
    weight: i64,
) {
    let conversation = world.newest_conversation_of(&mobile).await;
    world.assert_profile_location(&conversation, &country, state, city).await;
    let stored =
        diet_requests::find_profile(world.app().db(), &conversation).await.or_fail("profile").expect("profile");
    assert_eq!(stored.profile["body"]["weight"], weight, "body group of {}", stored.profile);
}

#[then(expr = "رژیم با شماره‌ای در وضعیت {string} درخواست شده است")]
async fn diet_requested(world: &mut LimooWorld, status: String) {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "diet request failed: {}", reply.body);
    assert_eq!(reply.body["status"], status.as_str(), "{}", reply.body);
    assert!(reply.body["dietNumber"].as_str().is_some_and(|n| !n.is_empty()), "no diet number: {}", reply.body);
}

#[then(expr = "درخواست رژیم با کد {string} و پیام {string} رد می‌شود")]
async fn diet_request_refused(world: &mut LimooWorld, code: String, message: String) {
    let reply = world.reply();
    assert_eq!(reply.status, 400, "diet request answered {}", reply.body);
    assert_eq!(reply.body["err"]["code"], code.as_str(), "{}", reply.body);
    assert_eq!(reply.body["err"]["message"], message.as_str(), "{}", reply.body);
}

#[then(expr = "وضعیت رژیم فعال مشتری {mobile} {string} است و {int} رژیم صادر شده است")]
async fn active_diet_status(world: &mut LimooWorld, mobile: Mobile, status: String, issued: i64) {
    let token = world.token_of(&mobile).await;
    let (code, body) = world.app().api(&token).active_diet().await;
    assert_eq!(code, 200, "active diet failed: {body}");
    assert_eq!(body["msg"]["activeDiet"]["status"], status.as_str(), "active diet: {body}");
    // The customer's diets as the medical team lists them.
    let (code, listed) = world.app().staff_api().staff_list_diets(&mobile).await;
    assert_eq!(code, 200, "staff diet list failed: {listed}");
    assert_eq!(
        listed["diets"].as_array().map(Vec::len),
        Some(usize::try_from(issued).unwrap_or_default()),
        "diets issued: {listed}"
    );
}

#[then(expr = "پاسخ‌های فرم درخواست رژیم در حافظه جلسه مانده است: {string}")]
async fn answers_kept(world: &mut LimooWorld, answers: String) {
    let browser = world.browser().await;
    let stored = browser.stored(Storage::Session, "diet_request_answers").await.or_fail("answers read");
    let stored: Value = serde_json::from_str(stored.as_deref().unwrap_or("null")).or_fail_any("stored answers JSON");
    let expected: Value = serde_json::from_str(&answers).or_fail_any("expected answers JSON");
    for (id, value) in expected.as_object().expect("answers object") {
        assert_eq!(&stored[id], value, "stored answer {id} in {stored}");
    }
}
